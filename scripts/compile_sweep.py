#!/usr/bin/env python3
"""Compile-time sweep of cutlet's typed API, one operation at a time, as a user writes it.

For each operation below, a small program calls it with every argument's type inferred
(no turbofish but the compile-time arguments CuTe writes in angle brackets) and prints
the result. Each program is built in one probe crate that depends on `cutlet` as a
user's crate does (its own target directory, the dev profile, incremental builds). The
figure of an operation is what a user pays when they edit a line next to it: the
program is built once, then a line inside `main` is changed and the rebuild timed,
`--reps` times (median). The same is measured for an empty program, and the table shows
each operation's rebuild above it, slowest first.

    python3 scripts/compile_sweep.py [--reps N] [--only REGEX] [--out FILE]

Writes the table (markdown) to --out (default results/compile-sweep.md) and prints it.
A case that does not compile is an error of the sweep (exit 1).
"""

import argparse
import os
import pathlib
import re
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
PROBE = ROOT / "target" / "compile-sweep" / "probe"

HEADER = """#![allow(unused_variables, unused_imports, unused_mut)]
use cutlet::atom::*;
use cutlet::cuda::{Dim3, SmemBuffer, emu};
use cutlet::prelude::*;
use half::{bf16, f16};

fn main() {
    let edit: isize = EDIT; // the line the sweep changes
"""

# (group, name, body). The body is Rust statements inside `main`; `m`, `n` are
# dynamic extents where a case declares them.
CASES = [
    # --- the algebra on static layouts (the README's table) -----------------------
    ("static", "coalesce", 'println!("{}", coalesce(layout!((2,(3,1)):(1,(2,6)))));'),
    ("static", "coalesce_by", 'println!("{}", coalesce_by(layout!(((1,4),6):((1,1),4)), shape!((1,1))));'),
    ("static", "filter", 'println!("{}", filter(layout!((6,2,4):(1,0,6))));'),
    ("static", "filter_zeros", 'println!("{}", filter_zeros(layout!((4,3):(1,0))));'),
    ("static", "flatten", 'println!("{}", flatten(layout!(((2,3),4):((1,2),6))));'),
    ("static", "composition(layout, layout)", 'println!("{}", composition(layout!((4,8):(13,1)), layout!(8:2)));'),
    ("static", "composition(layout, shape)", 'println!("{}", composition(layout!((12,32):(32,1)), shape!((3,8))));'),
    ("static", "composition(layout, tile)", 'println!("{}", composition(layout!((12,32):(32,1)), (layout!(3:4), layout!(8:2))));'),
    ("static", "complement", 'println!("{}", complement(layout!((2,2):(1,6))));'),
    ("static", "complement_to", 'println!("{}", complement_to(layout!(4:2), shape!(24)));'),
    ("static", "right_inverse", 'println!("{}", right_inverse(layout!((4,2):(2,1))));'),
    ("static", "left_inverse", 'println!("{}", left_inverse(layout!((3,8):(8,1))));'),
    ("static", "max_common_vector", 'println!("{}", Cute(max_common_vector(layout!((4,8):(1,4)), layout!((4,8):(1,4)))));'),
    ("static", "max_common_layout", 'println!("{}", max_common_layout(layout!((4,8):(1,4)), layout!((4,8):(1,8))));'),
    ("static", "logical_divide", 'println!("{}", logical_divide(layout!((4,2,3):(2,1,8)), layout!(4:2)));'),
    ("static", "zipped_divide", 'println!("{}", zipped_divide(layout!((8,24):(1,8)), shape!((4,8))));'),
    ("static", "tiled_divide", 'println!("{}", tiled_divide(layout!((8,24):(1,8)), shape!((4,8))));'),
    ("static", "flat_divide", 'println!("{}", flat_divide(layout!((8,24):(1,8)), shape!((4,8))));'),
    ("static", "logical_product", 'println!("{}", logical_product(layout!((2,2):(1,2)), layout!(3:1)));'),
    ("static", "zipped_product", 'println!("{}", zipped_product(layout!((8,2):(1,0)), layout!(4:1)));'),
    ("static", "tiled_product", 'println!("{}", tiled_product(layout!((1,4):(0,1)), layout!((2,8):(1,2))));'),
    ("static", "flat_product", 'println!("{}", flat_product(layout!((16):(1)), layout!((1,16):(1,1))));'),
    ("static", "blocked_product", 'println!("{}", blocked_product(layout!((2,2):(1,2)), layout!((2,3):(1,2))));'),
    ("static", "raked_product", 'println!("{}", raked_product(layout!((2,2):(1,2)), layout!((2,3):(1,2))));'),
    ("static", "make_identity_layout", 'println!("{}", make_identity_layout(shape!((4,(2,3)))));'),
    ("static", "make_layout_fragment_like", 'println!("{}", make_layout_fragment_like(layout!(((2,2),4,8):((1,64),8,256))));'),
    ("static", "make_layout_like", 'println!("{}", make_layout_like(layout!((4,(2,3)):(6,(3,1)))));'),
    ("static", "tile_to_shape", 'println!("{}", tile_to_shape(layout!((2,2):(1,2)), shape!((4,6))));'),
    ("static", "tile_to_shape_ordered", 'println!("{}", tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,4)), shape!((1,0))));'),
    ("static", "upcast", 'println!("{}", upcast::<2, _>(layout!(((2,4),2,4):((1,2),8,16))));'),
    ("static", "downcast", 'println!("{}", downcast::<2, _>(layout!((4,8):(8,1))));'),
    ("static", "nullspace", 'println!("{}", nullspace(layout!((4,(2,2),(3,1)):(1,(0,0),(0,7)))));'),
    ("static", "domain_distribute", 'println!("{}", domain_distribute(shape!((6,(4,2,3))), Int::<16>::new()));'),
    ("static", "get", 'println!("{}", get::<1, _>(layout!((2,(3,4)):(12,(1,3)))));'),
    ("static", "take", 'println!("{}", take::<1, 3, _>(layout!((2,3,4):(1,2,6))));'),
    ("static", "select", 'println!("{}", select(layout!((2,3,4):(1,2,6)), shape!((2, 0))));'),
    ("static", "group", 'println!("{}", group::<1, 3, _>(layout!((2,3,4,5):(1,2,6,24))));'),
    ("static", "slice", 'println!("{}", slice(coord!((_, 3)), layout!((4,8):(1,4))));'),
    ("static", "slice_and_offset", 'let (s, o) = slice_and_offset(coord!((2, _)), layout!((4,8):(1,4))); println!("{} {}", s, Cute(o));'),
    ("static", "dice", 'println!("{}", dice(coord!((2, _)), layout!((4,8):(1,4))));'),
    ("static", "size, cosize, rank, depth, coshape", 'let l = layout!(((2,4),(3,5)):((3,6),(1,24))); println!("{} {} {} {} {}", size(l), cosize(l), rank(l), depth(l), Cute(coshape(l)));'),
    ("static", "call(coord)", 'println!("{}", Cute(layout!((4,8):(1,4)).call(coord!((2, 3)))));'),
    ("static", "call(usize)", 'let l = layout!((4,8):(8,1)); let s: isize = (0..32usize).map(|i| l.call(i).value()).sum(); println!("{s}");'),
    ("static", "make_ordered_layout", 'println!("{}", make_ordered_layout(shape!((2,3,4)), shape!((1,2,0))));'),
    ("static", "make_layout_major", 'println!("{}", make_layout_major(shape!((4,8)), LayoutRight));'),
    ("static", "coord arithmetic (idx2crd, crd2idx)", 'println!("{} {}", Cute(idx2crd(7isize, shape!((2,4)))), Cute(crd2idx(coord!((1, 3)), shape!((2,4)), shape!((4,1)))));'),
    # --- mixed static and dynamic leaves ---------------------------------------------
    ("mixed", "coalesce", 'let m = 8isize; println!("{}", coalesce(layout!((4,m):(1,4))));'),
    ("mixed", "composition", 'let m = 12isize; println!("{}", composition(layout!((m,32):(32,1)), shape!((3,8))));'),
    ("mixed", "complement_to", 'let m = 24isize; println!("{}", complement_to(layout!(4:2), shape!(m)));'),
    ("mixed", "logical_divide", 'let (m, n) = (8isize, 24isize); println!("{}", logical_divide(layout!((m,n):(1,m)), shape!((4,8))));'),
    ("mixed", "zipped_divide", 'let (m, n) = (8isize, 24isize); println!("{}", zipped_divide(layout!((m,n):(1,m)), shape!((4,8))));'),
    ("mixed", "tiled_divide", 'let (m, n) = (8isize, 24isize); println!("{}", tiled_divide(layout!((m,n):(1,m)), shape!((4,8))));'),
    ("mixed", "flat_divide", 'let (m, n) = (8isize, 24isize); println!("{}", flat_divide(layout!((m,n):(1,m)), shape!((4,8))));'),
    ("mixed", "logical_product", 'let m = 3isize; println!("{}", logical_product(layout!((2,2):(1,2)), layout!(m:1)));'),
    ("mixed", "blocked_product", 'let m = 3isize; println!("{}", blocked_product(layout!((2,2):(1,2)), layout!((2,m):(1,2))));'),
    ("mixed", "raked_product", 'let m = 3isize; println!("{}", raked_product(layout!((2,2):(1,2)), layout!((2,m):(1,2))));'),
    ("mixed", "make_identity_layout", 'let m = 3isize; println!("{}", make_identity_layout(shape!((4,(2,m)))));'),
    ("mixed", "slice", 'let m = 8isize; println!("{}", slice(coord!((2, _)), layout!((4,m):(1,4))));'),
    ("mixed", "call", 'let m = 8isize; println!("{}", Cute(layout!((4,m):(1,4)).call((2usize, 3usize))));'),
    ("mixed", "get, flatten", 'let m = 3isize; let l = layout!((2,(m,4)):(12,(1,3))); println!("{} {}", get::<1, _>(l), flatten(l));'),
    ("mixed", "make_layout", 'let (m, n) = (4isize, 6isize); println!("{}", make_layout(shape!((m, (n, 2)))));'),
    # --- composed layouts and swizzles -----------------------------------------------
    ("composed", "composition(swizzle, layout)", 'println!("{}", composition(Swizzle::<3,3,3>::new(), layout!((8,64):(64,1))));'),
    ("composed", "make_composed_layout", 'println!("{}", make_composed_layout(Swizzle::<0,4,3>::new(), Int::<0>::new(), layout!(8:1)));'),
    ("composed", "composed call", 'println!("{}", Cute(composition(Swizzle::<3,3,3>::new(), layout!((64,8):(1,64))).call(coord!((54,6)))));'),
    ("composed", "swizzle apply", 'println!("{}", Swizzle::<3,4,3>::new().apply_leaf(Int::<128>::new()));'),
    ("composed", "tile_to_shape(Sm80 atom)", 'println!("{}", tile_to_shape(Sm80_SmemAtom_K_SW128::default(), shape!((128,64))));'),
    ("composed", "tile_to_shape_ordered(GMMA atom, stages)", 'println!("{}", tile_to_shape_ordered(Layout_MN_SW128_Atom::<bf16>::default(), shape!((128,64,4)), shape!((1,0,2))));'),
    ("composed", "right_inverse(composed)", 'println!("{}", right_inverse(composition(Swizzle::<2,3,3>::new(), layout!((8,32):(32,1)))));'),
    ("composed", "left_inverse(composed)", 'println!("{}", left_inverse(composition(Swizzle::<2,3,3>::new(), layout!((8,32):(32,1)))));'),
    ("composed", "downcast(swizzle)", 'println!("{}", downcast::<8, _>(Swizzle::<3,2,3>::new()));'),
    ("composed", "upcast(composed)", 'println!("{}", upcast::<2, _>(composition(Swizzle::<3,3,3>::new(), layout!((8,64):(64,1)))));'),
    ("composed", "recast_layout", 'println!("{}", recast_layout::<f16, u128, _>(Layout_K_SW128_Atom::<f16>::default()));'),
    ("composed", "Layout_K_SW128_Atom", 'println!("{}", Layout_K_SW128_Atom::<f16>::default());'),
    ("composed", "GMMA atoms, every kind", 'println!("{} {} {} {} {} {} {} {}", Layout_K_INTER_Atom::<bf16>::default(), Layout_K_SW32_Atom::<bf16>::default(), Layout_K_SW64_Atom::<bf16>::default(), Layout_K_SW128_Atom::<bf16>::default(), Layout_MN_INTER_Atom::<bf16>::default(), Layout_MN_SW32_Atom::<bf16>::default(), Layout_MN_SW64_Atom::<bf16>::default(), Layout_MN_SW128_Atom::<bf16>::default());'),
    ("composed", "zipped_divide(composed)", 'println!("{}", zipped_divide(tile_to_shape(Sm80_SmemAtom_K_SW128::default(), shape!((128,64))), shape!((64,16))));'),
    ("composed", "logical_divide(composed)", 'println!("{}", logical_divide(composition(Swizzle::<3,3,3>::new(), layout!((8,64):(64,1))), shape!((4,8))));'),
    ("composed", "coalesce(composed)", 'println!("{}", coalesce(composition(Swizzle::<3,3,3>::new(), layout!((8,(8,8)):(64,(1,8))))));'),
    # --- tensors and their slicing --------------------------------------------------
    ("tensor", "make_tensor, get", 'let d: Vec<f32> = (0..32).map(|x| x as f32).collect(); let t = make_tensor(&d[..], layout!((4,8):(8,1))); println!("{} {}", t.get((1usize, 2usize)), t[9usize]);'),
    ("tensor", "make_owned_tensor, set", 'let mut t = make_owned_tensor::<f32>(layout!((4,8))); t.set((1usize, 2usize), 3.0); println!("{:?} {}", t, t.get(9usize));'),
    ("tensor", "make_tensor_like, make_fragment_like", 'let d = [0f32; 64]; let t = make_tensor(&d[..], layout!((8,8):(8,1))); println!("{:?} {:?}", make_tensor_like(&t), make_fragment_like(&t));'),
    ("tensor", "make_identity_tensor", 'let (m, n) = (1000isize, 777isize); let id = make_identity_tensor(shape!((m, n))); println!("{:?}", local_tile(id, shape!((32, 32)), (31usize, 0usize)).get(8usize));'),
    ("tensor", "slice", 'let d: Vec<i32> = (0..32).collect(); let t = make_tensor(&d[..], layout!((4,8):(8,1))); println!("{:?}", t.slice(coord!((2, _))).iter().collect::<Vec<_>>());'),
    ("tensor", "local_tile", 'let d = [0f32; 192]; let (m, n) = (8isize, 24isize); let a = make_tensor(&d[..], make_layout(shape!((m, n)))); println!("{:?}", local_tile(a, shape!((4, 8)), (1usize, 2usize)));'),
    ("tensor", "local_partition", 'let d = [0f32; 192]; let (m, n) = (8isize, 24isize); let a = make_tensor(&d[..], make_layout(shape!((m, n)))); println!("{:?}", local_partition(a, layout!((2,4)), 5));'),
    ("tensor", "inner_partition, outer_partition", 'let d: Vec<i32> = (0..64).collect(); let a = make_tensor(&d[..], layout!((8,8))); println!("{:?} {:?}", inner_partition(a, shape!((2, 4)), (1usize, 1usize)), outer_partition(a, shape!((2, 4)), (1usize, 1usize)));'),
    ("tensor", "zipped_divide(tensor)", 'let d = [0f32; 192]; let (m, n) = (8isize, 24isize); let a = make_tensor(&d[..], layout!((m, n))); println!("{:?}", zipped_divide(a, shape!((4, 8))));'),
    ("tensor", "the other divides of a tensor", 'let d = [0f32; 192]; let a = make_tensor(&d[..], layout!((8, 24))); println!("{:?} {:?} {:?}", logical_divide(a, shape!((4, 8))), tiled_divide(a, shape!((4, 8))), flat_divide(a, shape!((4, 8))));'),
    ("tensor", "composition(tensor)", 'let d: Vec<i32> = (0..32).collect(); let t = make_tensor(&d[..], layout!((4,8):(8,1))); println!("{:?}", composition(&t, (layout!(1:0), layout!(4:2))).iter().collect::<Vec<_>>());'),
    ("tensor", "coalesce, flatten, group_modes (tensor)", 'let d = [0u8; 24]; let t = make_tensor(&d[..], layout!((2,(3,4)))); println!("{:?} {:?} {:?}", coalesce(t), flatten(&t), group_modes::<0, 2, _>(flatten(t)));'),
    ("tensor", "take, filter (tensor)", 'let d = [0u8; 24]; let t = make_tensor(&d[..], layout!((2,3,4))); println!("{:?} {:?}", take::<1, 3, _>(t), filter(t));'),
    ("tensor", "swizzled smem tensor, partition", 'let d = vec![f16::ZERO; 128 * 64]; let s = make_tensor(&d[..], tile_to_shape(Sm80_SmemAtom_K_SW128::default(), shape!((128,64)))); println!("{:?}", local_partition(s, layout!((16,8):(8,1)), 5));'),
    ("tensor", "copy", 'let d: Vec<f32> = (0..64).map(|x| x as f32).collect(); let a = make_tensor(&d[..], layout!((8,8))); let thr = local_partition(a, layout!((2,4):(4,1)), 5); let mut f = make_fragment_like(&thr); copy(&thr, &mut f); println!("{}", f.iter().sum::<f32>());'),
    ("tensor", "copy_if", 'let d: Vec<f32> = (0..32).map(|x| x as f32).collect(); let a = make_tensor(&d[..], layout!((4,8))); let mut p = make_owned_tensor::<bool>(layout!((4,8))); let mut f = make_owned_tensor::<f32>(layout!((4,8))); for i in 0..32usize { p[i] = i % 2 == 0; } copy_if(&p, &a, &mut f); println!("{}", f.iter().sum::<f32>());'),
    ("tensor", "gemm(A, B, C)", 'let a: Vec<f32> = (0..24).map(|x| x as f32).collect(); let b = [1.0f32; 16]; let mut c = make_owned_tensor::<f32>(layout!((6, 4))); gemm(&make_tensor(&a[..], layout!((6, 4))), &make_tensor(&b[..], layout!((4, 4))), &mut c); println!("{}", c.iter().sum::<f32>());'),
    ("tensor", "gemm(A, B, C), outer product", 'let (x, y) = ([1, 2], [10, 20, 30]); let mut o = make_owned_tensor::<i32>(layout!((2, 3))); gemm(&make_tensor(&x[..], layout!(2)), &make_tensor(&y[..], layout!(3)), &mut o); println!("{}", o.get(5usize));'),
    ("tensor", "gemm_with(mma, A, B, C)", 'let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((1,1))); let a = make_owned_tensor::<f32>(layout!((1,8,8))); let b = make_owned_tensor::<f32>(layout!((1,8,8))); let mut c = make_owned_tensor::<f32>(layout!((1,8,8))); gemm_with(mma, &a, &b, &mut c); println!("{}", c.get(0usize));'),
    ("tensor", "axpby, fill, clear, transform", 'let x = make_owned_tensor::<f32>(layout!((4,8))); let mut y = make_owned_tensor::<f32>(layout!((4,8))); fill(&mut y, 2.0); axpby(2.0, &x, 3.0, &mut y); let mut z = make_owned_tensor::<f32>(layout!((4,8))); transform(&y, &mut z, |v| v + 1.0); clear(&mut y); println!("{} {}", y.get(0usize), z.get(0usize));'),
    # --- MMA atoms: each tiled 2x2x1 and its C layout ---------------------------------
    ("mma atom", "UniversalFMA", 'println!("{}", make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((2,2,1))).get_layout_c_tv());'),
] + [
    ("mma atom", op, f'println!("{{}}", make_tiled_mma({op}, layout!((2,2,1))).get_layout_c_tv());')
    for op in [
        "SM80_16x8x16_F32F16F16F32_TN",
        "SM80_16x8x16_F32BF16BF16F32_TN",
        "SM80_16x8x16_F16F16F16F16_TN",
        "SM80_16x8x8_F32F16F16F32_TN",
        "SM80_16x8x8_F32TF32TF32F32_TN",
        "SM80_8x8x4_F64F64F64F64_TN",
        "SM80_16x8x32_S32S8S8S32_TN",
    ]
] + [
    ("mma atom", f"{op}<{a},{b}>", f'println!("{{}}", make_tiled_mma({op}::<gmma::{a}, gmma::{b}>::default(), layout!((2,1,1):(1,0,0))).get_layout_c_tv());')
    for op in [
        "SM90_64x64x16_F32F16F16_SS",
        "SM90_64x64x16_F32BF16BF16_SS",
        "SM90_64x128x16_F32F16F16_SS",
        "SM90_64x128x16_F32BF16BF16_SS",
        "SM90_64x256x16_F32F16F16_SS",
        "SM90_64x256x16_F32BF16BF16_SS",
    ]
    for (a, b) in [("K", "K"), ("MN", "MN")]
] + [
    # --- TiledMMA: layouts, partitions, fragments (the SM80 mainloop) ---------------
    ("tiled mma", "make_tiled_mma_permuted", 'let mma = make_tiled_mma_permuted(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), (_32::new(), _32::new(), _16::new())); println!("{}", Cute(mma.tile_size_mnk()));'),
    ("tiled mma", "get_layoutA_TV, get_layoutB_TV", 'let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1))); println!("{} {}", mma.get_layout_a_tv(), mma.get_layout_b_tv());'),
    ("tiled mma", "thrfrg_C", 'let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1))); println!("{}", mma.thrfrg_c(layout!((128, 128))));'),
    ("tiled mma", "partition_A, partition_B", 'let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1))); let d = vec![f16::ZERO; 128 * 64]; let s = make_tensor(&d[..], layout!((128, 64):(64, 1))); let thr = mma.get_slice(5); println!("{:?} {:?}", thr.partition_a(s), thr.partition_b(s));'),
    ("tiled mma", "partition_C", 'let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1))); let d = vec![0f32; 128 * 128]; let c = make_tensor(&d[..], layout!((128, 128))); println!("{:?}", mma.get_slice(5).partition_c(c));'),
    ("tiled mma", "partition_fragment_A, _B", 'let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1))); let thr = mma.get_slice(5); println!("{:?} {:?}", thr.partition_fragment_a(layout!((128, 64):(64, 1))), thr.partition_fragment_b(layout!((128, 64):(64, 1))));'),
    ("tiled mma", "partition_fragment_C", 'let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1))); println!("{:?}", mma.get_slice(5).partition_fragment_c(layout!((128, 128))));'),
    # --- copy atoms: each tiled over a warp -----------------------------------------
    ("copy atom", "UniversalCopy<u128>", 'println!("{}", make_tiled_copy(Copy_Atom::<UniversalCopy<u128>, f16>::new(), layout!((16,8):(8,1)), layout!((1,8))).get_layout_s_tv());'),
    ("copy atom", "UniversalCopy<u32>", 'println!("{}", make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((32,4)), layout!((1,1))).get_layout_s_tv());'),
    ("copy atom", "DefaultCopy", 'println!("{}", make_tiled_copy(Copy_Atom::<DefaultCopy, f32>::new(), layout!((32,4)), layout!((1,1))).get_layout_d_tv());'),
    ("copy atom", "SM80_CP_ASYNC_CACHEGLOBAL<u128>", 'println!("{}", make_tiled_copy(Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL<u128>, f16>::new(), layout!((16,8):(8,1)), layout!((1,8))).get_layout_s_tv());'),
    ("copy atom", "SM80_CP_ASYNC_CACHEALWAYS<u64>", 'println!("{}", make_tiled_copy(Copy_Atom::<SM80_CP_ASYNC_CACHEALWAYS<u64>, f16>::new(), layout!((32,4):(4,1)), layout!((1,4))).get_layout_s_tv());'),
    ("copy atom", "SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>", 'println!("{}", make_tiled_copy(Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, bf16>::new(), layout!((16,8):(1,16)), layout!((8,1))).get_layout_s_tv());'),
] + [
    ("copy atom", op, f'let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1))); println!("{{}}", make_tiled_copy_a(Copy_Atom::<{op}, f16>::new(), &mma).get_layout_s_tv());')
    for op in [
        "SM75_U32x1_LDSM_N",
        "SM75_U32x2_LDSM_N",
        "SM75_U32x4_LDSM_N",
        "SM75_U16x2_LDSM_T",
        "SM75_U16x4_LDSM_T",
        "SM75_U16x8_LDSM_T",
    ]
] + [
    # --- TiledCopy: layouts, partitions, retile ------------------------------------
    ("tiled copy", "make_tiled_copy, partition_S/D", 'let g2s = make_tiled_copy(Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL<u128>, f16>::new(), layout!((16,8):(8,1)), layout!((1,8))); let d = vec![f16::ZERO; 128 * 64]; let s = make_tensor(&d[..], layout!((128, 64):(64, 1))); let thr = g2s.get_slice(5); println!("{:?} {:?}", thr.partition_s(s), thr.partition_d(s));'),
    ("tiled copy", "make_tiled_copy_A, partition_S", 'let mma = make_tiled_mma_permuted(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), (_32::new(), _32::new(), _16::new())); let d = vec![f16::ZERO; 128 * 64]; let s = make_tensor(&d[..], layout!((128, 64):(64, 1))); let s2r = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, f16>::new(), &mma); println!("{:?}", s2r.get_slice(5).partition_s(s));'),
    ("tiled copy", "make_tiled_copy_B, retile_D", 'let mma = make_tiled_mma_permuted(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), (_32::new(), _32::new(), _16::new())); let s2r = make_tiled_copy_b(Copy_Atom::<SM75_U32x4_LDSM_N, f16>::new(), &mma); let f = mma.get_slice(5).partition_fragment_b(layout!((128, 64):(64, 1))); println!("{:?}", s2r.get_slice(5).retile_d(f.view()));'),
    ("tiled copy", "make_tiled_copy_C, retile_S", 'let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1))); let r2s = make_tiled_copy_c(Copy_Atom::<UniversalCopy<u32>, f32>::new(), &mma); let f = mma.get_slice(5).partition_fragment_c(layout!((128, 128))); println!("{:?}", r2s.get_slice(5).retile_s(f.view()));'),
    ("tiled copy", "get_layoutS_TV, get_layoutD_TV, tiler", 'let t = make_tiled_copy(Copy_Atom::<UniversalCopy<u128>, f16>::new(), layout!((16,8):(8,1)), layout!((1,8))); println!("{} {} {}", t.get_layout_s_tv(), t.get_layout_d_tv(), Cute(t.tiler_mn()));'),
    ("tiled copy", "tiled copy .copy", 'let t = make_tiled_copy(Copy_Atom::<UniversalCopy<u32>, f32>::new(), layout!((4,8)), layout!((1,1))); let d: Vec<f32> = (0..64).map(|x| x as f32).collect(); let a = make_tensor(&d[..], layout!((8,8))); let thr = t.get_slice(5); let src = thr.partition_s(a); let mut f = make_fragment_like(&src); t.copy(&src, &mut f); println!("{}", f.iter().sum::<f32>());'),
    # --- the Hopper GEMM's TMA and GMMA partitioning --------------------------------
    ("hopper", "make_tma_box (K-major A)", 'let tile = tile_to_shape(layout!((8, 64):(64, 1)), shape!((128, 64))); let b = make_tma_box::<bf16, _>(layout!((300, 1000):(1024, 1)), tile, Swizzle::<3, 3, 3>::new()).unwrap(); println!("{:?}", b.box_dim);'),
    ("hopper", "make_tma_box (MN-major A, stages)", 'let mn = tile_to_shape_ordered(layout!((64, 8):(1, 64)), shape!((128, 64)), shape!((1, 0))); let b = make_tma_box::<bf16, _>(layout!((300, 1000):(1, 304)), mn, Swizzle::<3, 3, 3>::new()).unwrap(); println!("{:?}", b.box_dim);'),
    ("hopper", "make_gmma_desc of a stage's tile", 'emu::launch(Dim3::x(1), Dim3::x(1), 32768, || { let mut smem = SmemBuffer::dynamic(); let sa = unsafe { smem.alloc_aligned::<bf16, _, _>(1024, Swizzle::<3, 3, 3>::new(), tile_to_shape(layout!((8, 64):(64, 1)), shape!((128, 64)))) }; let d = make_gmma_desc::<gmma::K, _, _, _>(&local_tile(sa, shape!((64, 16)), (1usize, 2usize))); println!("{}", d.stride_byte_offset()); }).unwrap();'),
    ("hopper", "SM90 partition_fragment_C (consumer)", 'let mma = make_tiled_mma(SM90_64x256x16_F32BF16BF16_SS::<gmma::K, gmma::K>::default(), layout!((2,1,1):(1,0,0))); println!("{:?}", mma.get_slice(130).partition_fragment_c(layout!((128, 256))));'),
    ("hopper", "SM90 partition_C of the epilogue tile", 'let mma = make_tiled_mma(SM90_64x128x16_F32BF16BF16_SS::<gmma::K, gmma::K>::default(), layout!((2,1,1):(1,0,0))); let (m, n) = (1000isize, 777isize); let id = make_identity_tensor(shape!((m, n))); println!("{:?}", mma.get_slice(130).partition_c(local_tile(id, shape!((128, 128)), (2usize, 3usize))));'),
    ("hopper", "SM90 partition_A, partition_B (smem)", 'let mma = make_tiled_mma(SM90_64x128x16_F32BF16BF16_SS::<gmma::K, gmma::K>::default(), layout!((2,1,1):(1,0,0))); let d = vec![bf16::ZERO; 128 * 64]; let s = make_tensor(&d[..], tile_to_shape(Layout_K_SW128_Atom::<bf16>::default(), shape!((128, 64)))); let thr = mma.get_slice(130); println!("{:?} {:?}", thr.partition_a(s), thr.partition_b(s));'),
]


def program(body: str, edit: int) -> str:
    return HEADER.replace("EDIT", str(edit)) + "    " + body + "\n}\n"


def cargo_build() -> tuple[float, str]:
    t0 = time.monotonic()
    r = subprocess.run(["cargo", "build", "-q"], cwd=PROBE, capture_output=True, text=True)
    dt = time.monotonic() - t0
    if r.returncode != 0:
        return -1.0, r.stderr
    return dt, ""


def measure(body: str, reps: int) -> tuple[float, list[float], str]:
    main = PROBE / "src" / "main.rs"
    main.write_text(program(body, 0))
    dt, err = cargo_build()  # the program's first build (incremental caches written)
    if dt < 0:
        return -1.0, [], err
    times = []
    for r in range(1, reps + 1):
        main.write_text(program(body, r))  # the user's edit: one line inside `main`
        dt, err = cargo_build()
        if dt < 0:
            return -1.0, [], err
        times.append(dt)
    return statistics.median(times), times, ""


def setup() -> None:
    (PROBE / "src").mkdir(parents=True, exist_ok=True)
    (PROBE / "Cargo.toml").write_text(
        "[package]\nname = \"probe\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n"
        f"[dependencies]\ncutlet = {{ path = \"{ROOT}\" }}\nhalf = \"2.4\"\n\n[workspace]\n"
    )
    (PROBE / "src" / "main.rs").write_text(program('println!("{edit}");', 0))
    print("building the probe crate's dependencies (cutlet, as a user's crate)...", file=sys.stderr)
    dt, err = cargo_build()
    if dt < 0:
        sys.exit(f"error: the probe crate does not build:\n{err}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--only", default="")
    ap.add_argument("--out", default=str(ROOT / "results" / "compile-sweep.md"))
    ap.add_argument("--check", action="store_true", help="build every case once, in one program")
    args = ap.parse_args()
    cases = [c for c in CASES if re.search(args.only, f"{c[0]} {c[1]}")]
    setup()
    if args.check:
        body = "\n    ".join("{ " + c[2] + " }" for c in cases)
        (PROBE / "src" / "main.rs").write_text(program(body, 0))
        dt, err = cargo_build()
        if dt < 0:
            print(err, file=sys.stderr)
            return 1
        out = subprocess.run([str(PROBE / "target" / "debug" / "probe")], capture_output=True, text=True)
        print(out.stdout + out.stderr)
        print(f"{len(cases)} cases build ({dt:.1f} s) and run (exit {out.returncode})")
        return out.returncode
    base, base_times, _ = measure('println!("{edit}");', args.reps)
    print(f"empty program: {base:.2f} s ({', '.join(f'{t:.2f}' for t in base_times)})", file=sys.stderr)
    rows, failed = [], []
    for i, (group, name, body) in enumerate(cases):
        med, times, err = measure(body, args.reps)
        if med < 0:
            failed.append((group, name, err))
            print(f"[{i + 1}/{len(cases)}] {group}: {name}: does not compile", file=sys.stderr)
            continue
        rows.append((med - base, med, times, group, name))
        print(f"[{i + 1}/{len(cases)}] {group}: {name}: {med - base:+.2f} s", file=sys.stderr)
    rows.sort(key=lambda r: -r[0])
    machine = subprocess.run(["sh", "-c", "lscpu | sed -n 's/^Model name: *//p'"], capture_output=True, text=True).stdout.strip()
    rustc = subprocess.run(["rustc", "--version"], capture_output=True, text=True).stdout.strip()
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True).stdout.strip()
    if subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT, capture_output=True, text=True).stdout.strip():
        commit += " with uncommitted changes"
    lines = [
        "# Compile-time sweep of the typed API",
        "",
        f"`python3 scripts/compile_sweep.py --reps {args.reps}` at {commit} on {os.cpu_count()} cores"
        f" ({machine}), {rustc}, {time.strftime('%Y-%m-%d')}.",
        "Each operation is a program of its own in a user's crate (debug, incremental, cutlet"
        " built); the figure is the rebuild after a one-line edit inside `main`, the median of"
        f" {args.reps}, minus the same for an empty program ({base:.2f} s).",
        "",
        f"{len(rows)} operations; above 1 s: {sum(r[0] > 1 for r in rows)}; above 5 s:"
        f" {sum(r[0] > 5 for r in rows)}; the slowest {rows[0][0]:.2f} s ({rows[0][3]}: {rows[0][4]})."
        if rows else "no operations",
        "",
        "| # | group | operation | above empty (s) | rebuild (s), median | runs (s) |",
        "|---|---|---|---|---|---|",
    ]
    for k, (above, med, times, group, name) in enumerate(rows):
        lines.append(
            f"| {k + 1} | {group} | `{name}` | {above:.2f} | {med:.2f} | {' '.join(f'{t:.2f}' for t in times)} |"
        )
    text = "\n".join(lines) + "\n"
    pathlib.Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    if not args.only:
        pathlib.Path(args.out).write_text(text)
    print(text)
    for group, name, err in failed:
        print(f"error: {group}: {name} does not compile:\n{err}", file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
