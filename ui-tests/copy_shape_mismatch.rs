use cutlet::prelude::*;

fn main() {
    let src = make_owned_tensor::<f32, _>(layout!((4,8)));
    let mut dst = make_owned_tensor::<f32, _>(layout!((8,4)));
    copy(&src, &mut dst);
}
