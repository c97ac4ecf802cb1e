// Static tensors of different sizes: CuTe's copy static_asserts equal sizes (tensors of
// one size and different shapes copy index by index, as in CuTe).
use cutlet::prelude::*;

fn main() {
    let src = make_owned_tensor::<f32>(layout!((4,8)));
    let mut dst = make_owned_tensor::<f32>(layout!((4,4)));
    copy(&src, &mut dst);
}
