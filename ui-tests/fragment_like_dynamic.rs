// A register fragment needs a static shape: its storage size is a compile-time constant.
use cutlet::prelude::*;

fn main() {
    let data = [0f32; 64];
    let m = 8;
    let src = make_tensor(&data[..], make_layout(shape!((m, 8))));
    let _frag = make_fragment_like(&src);
}
