// C's N extent (2) is not B's (4).
use cutlet::atom::{UniversalFMA, make_tiled_mma};
use cutlet::prelude::*;

fn main() {
    let mma = make_tiled_mma(UniversalFMA::<f32, f32, f32, f32>::default(), layout!((1,1)));
    let a = make_owned_tensor::<f32>(layout!((1,4,3)));
    let b = make_owned_tensor::<f32>(layout!((1,4,3)));
    let mut c = make_owned_tensor::<f32>(layout!((1,4,2)));
    gemm_with(mma, &a, &b, &mut c);
}
