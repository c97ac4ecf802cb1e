use cutlet::atom::*;
use cutlet::prelude::*;

fn main() {
    // ldmatrix reads shared memory: a host slice is not a source it can copy from
    let data = vec![half::f16::ZERO; 16 * 16];
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((1,1,1):(0,0,0)));
    let s2r = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new(), &mma);
    let thr = s2r.get_slice(0);
    let mut frag = mma.get_slice(0).partition_fragment_a(shape!((16, 16)));
    s2r.copy(&thr.partition_s(make_tensor(&data[..], layout!((16, 16):(16, 1)))), &mut thr.retile_d(frag.view_mut()));
}
