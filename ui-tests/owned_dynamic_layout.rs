use cutlet::prelude::*;

fn main() {
    let m = 4;
    let _t = make_owned_tensor::<f32, _>(layout!((m,8)));
}
