// The SM80 GEMM's partitioning (kernels/src/gemm_sm80.rs, the TN bf16 configuration:
// 128x128x64 tiles, 3 stages, 2x2 warps) for one thread of one CTA, printed a layout a
// line. The C++ twin is sm80_mainloop.cpp; scripts/compile_pairs.py builds both.
use cutlet::atom::*;
use cutlet::prelude::*;
use half::bf16;

fn main() {
    let edit: isize = 0; // the line the measurement changes
    let (m, n, k) = (1000isize, 777isize, 4096isize);
    let (bm, bn, tid) = (1usize, 2usize, 5usize);
    let a = vec![bf16::ZERO; (m * k) as usize];
    let b = vec![bf16::ZERO; (n * k) as usize];
    let c = vec![0f32; (m * n) as usize];
    // Global tensors, K-major A and B, column-major C, and their CTA tiles.
    let ga = make_tensor(&a[..], layout!((m, k):(k, 1)));
    let gb = make_tensor(&b[..], layout!((n, k):(k, 1)));
    let gc = make_tensor(&c[..], layout!((m, n)));
    let cta_a = local_tile(ga, shape!((128, 64)), (bm, X)); // (BM, BK, k tiles)
    let cta_b = local_tile(gb, shape!((128, 64)), (bn, X));
    let cta_c = local_tile(gc, shape!((128, 128)), (bm, bn));
    // Shared memory: the 128-byte swizzle atom's layout tiled to (BM, BK, stages).
    let smem = vec![bf16::ZERO; 128 * 64 * 3];
    let sa = make_tensor(&smem[..], tile_to_shape(layout!((8, 64):(64, 1)), shape!((128, 64, 3))));
    println!("{}", sa.layout());
    // Global -> shared: cp.async of 16 bytes, 128 threads as 16 rows of 8.
    let g2s = make_tiled_copy(
        Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, bf16>::new(),
        layout!((16, 8):(8, 1)),
        layout!((1, 8)),
    );
    let thr_g2s = g2s.get_slice(tid);
    println!("{}", thr_g2s.partition_s(cta_a).layout());
    println!("{}", thr_g2s.partition_d(sa).layout());
    // The predicate: the identity tensor's partition.
    let id = make_identity_tensor(shape!((m, k)));
    println!("{}", thr_g2s.partition_s(local_tile(id, shape!((128, 64)), (bm, X))).layout());
    // The TiledMMA: 2x2 warps of 16x8x16, each warp a 64x64 block.
    let mma = make_tiled_mma_permuted(
        SM80_16x8x16_F32BF16BF16F32_TN,
        layout!((2, 2, 1):(1, 2, 0)),
        (layout!((16, 2, 4):(1, 64, 16)), layout!((8, 2, 8):(1, 64, 8)), _16::new()),
    );
    println!("{}", Cute(mma.tile_size_mnk()));
    let thr_mma = mma.get_slice(tid);
    let tcra = thr_mma.partition_fragment_a(sa.view().slice(coord!((_, _, 0))));
    let tcrb = thr_mma.partition_fragment_b(cta_b.slice(coord!((_, _, 0))));
    let acc = thr_mma.partition_fragment_c(cta_c);
    println!("{}", tcra.layout());
    println!("{}", tcrb.layout());
    println!("{}", acc.layout());
    // Shared -> registers: ldmatrix x4 tiled as the MMA's A and B.
    let s2r_a = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, bf16>::new(), &mma);
    let s2r_b = make_tiled_copy_b(Copy_Atom::<SM75_U32x4_LDSM_N, bf16>::new(), &mma);
    println!("{}", s2r_a.get_slice(tid).partition_s(sa).layout());
    println!("{}", s2r_a.get_slice(tid).retile_d(tcra.view()).layout());
    println!("{}", s2r_b.get_slice(tid).retile_d(tcrb.view()).layout());
    // The epilogue: the accumulators' place in C's tile.
    println!("{}", thr_mma.partition_c(cta_c).layout());
}
