use cutlet_core::shape;
use cutlet::tile as ct;

fn main() {
    let a = ct::ones::<f32, _>(shape!((4, 8)));
    let b = ct::ones::<f32, _>(shape!((6, 2)));
    let _ = ct::matmul(a, b);
}
