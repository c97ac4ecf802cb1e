// The README's atom example and eleven rows of its algebra table as a user's program,
// one result a line (the C++ twin is readme.cpp; scripts/compile_pairs.py builds both).
use cutlet::atom::*;
use cutlet::prelude::*;
use half::f16;

fn main() {
    let edit: isize = 0; // the line the measurement changes
    // TiledMMA mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN{}, Layout<Shape<_2,_2,_1>,Stride<_1,_2,_0>>{}, Tile<_32,_32,_16>{});
    let mma = make_tiled_mma_permuted(
        SM80_16x8x16_F32F16F16F32_TN,
        layout!((2,2,1):(1,2,0)),
        (_32::new(), _32::new(), _16::new()),
    );
    let smem = vec![f16::ZERO; 128 * 64];
    let sa = make_tensor(&smem[..], layout!((128, 64):(64, 1)));
    let thr_mma = mma.get_slice(5);
    println!("{}", thr_mma.partition_a(sa).layout());
    let tcra = thr_mma.partition_fragment_a(sa.layout());
    println!("{}", tcra.layout());
    let tcrc = thr_mma.partition_fragment_c(layout!((128, 128)));
    println!("{}", core::mem::size_of_val(&tcrc));
    let g2s = make_tiled_copy(
        Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL<u128>, f16>::new(),
        layout!((16,8):(8,1)),
        layout!((1,8)),
    );
    println!("{}", g2s.get_slice(5).partition_d(sa).layout());
    let s2r = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, f16>::new(), &mma);
    println!("{}", s2r.get_slice(5).partition_s(sa).layout());
    println!("{}", s2r.get_slice(5).retile_d(tcra.view()).layout());
    // The algebra table.
    println!("{}", coalesce(layout!((2,(3,1)):(1,(2,6)))));
    println!("{}", coalesce_by(layout!(((1,4),6):((1,1),4)), shape!((1,1))));
    println!("{}", filter(layout!((6,2,4):(1,0,6))));
    println!("{}", flatten(layout!(((2,3),4):((1,2),6))));
    println!("{}", composition(layout!((4,8):(13,1)), layout!(8:2)));
    println!("{}", composition(layout!((12,32):(32,1)), (layout!(3:4), layout!(8:2))));
    println!("{}", complement(layout!((2,2):(1,6))));
    println!("{}", right_inverse(layout!((4,2):(2,1))));
    println!("{}", logical_divide(layout!((4,2,3):(2,1,8)), layout!(4:2)));
    println!("{}", zipped_divide(layout!((8,24):(1,8)), shape!((4,8))));
    println!("{}", blocked_product(layout!((2,2):(1,2)), layout!((2,3):(1,2))));
}
