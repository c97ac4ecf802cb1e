use cutlet::prelude::*;

fn main() {
    let m = 4;
    let _t = make_owned_tensor::<f32>(layout!((m,8)));
}
