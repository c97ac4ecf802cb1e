// zipped_divide(tensor, tiler) with a tiler of more modes than the tensor's layout.
use cutlet::prelude::*;

fn main() {
    let data = [0f32; 64];
    let t = make_tensor(&data[..], layout!((8,8):(1,8)));
    let _r = zipped_divide(t, shape!((2, 2, 2)));
}
