use cutlet::prelude::*;

fn main() {
    let a = make_owned_tensor::<f32, _>(layout!((4,3)));
    let b = make_owned_tensor::<f32, _>(layout!((4,5)));
    let mut c = make_owned_tensor::<f32, _>(layout!((4,4)));
    gemm(&a, &b, &mut c);
}
