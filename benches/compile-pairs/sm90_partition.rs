// The Hopper GEMM's TMA and GMMA partitioning (kernels/src/gemm_sm90.rs, the TN bf16
// configuration: 128x256x64 tiles, 4 stages, two consumer warpgroups) for one consumer
// thread, printed a line a result. The C++ twin is sm90_partition.cpp;
// scripts/compile_pairs.py builds both.
use cutlet::atom::*;
use cutlet::cuda::TmaBox;
use cutlet::prelude::*;
use half::bf16;

fn tma(what: &str, b: &TmaBox) {
    println!(
        "tma {what}: dims {:?} strides {:?} box {:?} swizzle {:?}",
        &b.global_dim[..b.rank],
        &b.global_stride[..b.rank - 1],
        &b.box_dim[..b.rank],
        b.swizzle
    );
}

fn main() {
    let edit: isize = 0; // the line the measurement changes
    let (m, n, k) = (1000isize, 777isize, 4096isize);
    // Shared memory: GMMA's 128-byte K-major swizzle atom tiled to the stages.
    let sa = tile_to_shape(Layout_K_SW128_Atom::<bf16>::default(), shape!((128, 64, 4)));
    let sb = tile_to_shape(Layout_K_SW128_Atom::<bf16>::default(), shape!((256, 64, 4)));
    println!("{}", sa.layout_b());
    println!("{}", sb.layout_b());
    // TMA: one box per stage of A and of B, from the same layouts.
    let sw = Swizzle::<3, 3, 3>::new();
    let ta = make_tma_box::<bf16, _>(layout!((m, k):(k, 1)), slice(coord!((_, _, 0)), sa.layout_b()), sw).unwrap();
    let tb = make_tma_box::<bf16, _>(layout!((n, k):(k, 1)), slice(coord!((_, _, 0)), sb.layout_b()), sw).unwrap();
    tma("A", &ta);
    tma("B", &tb);
    // The warpgroup MMA: two consumer warpgroups along M.
    let mma = make_tiled_mma(
        SM90_64x256x16_F32BF16BF16_SS::<gmma::K, gmma::K>::default(),
        layout!((2, 1, 1):(1, 0, 0)),
    );
    println!("{}", Cute(mma.tile_size_mnk()));
    let thr = mma.get_slice(130);
    let smem_a = vec![bf16::ZERO; 128 * 64 * 4];
    let smem_b = vec![bf16::ZERO; 256 * 64 * 4];
    println!("{}", thr.partition_a(make_tensor(&smem_a[..], sa)).layout().layout_b());
    println!("{}", thr.partition_b(make_tensor(&smem_b[..], sb)).layout().layout_b());
    // The accumulators and their place in the (clipped) C tile.
    println!("{}", thr.partition_fragment_c(layout!((128, 256))).layout());
    let id = make_identity_tensor(shape!((m, n)));
    println!("{}", thr.partition_c(local_tile(id, shape!((128, 256)), (2usize, 1usize))).layout());
}
