use cutlet_core::shape;
use cutlet::tile as ct;

fn main() {
    let x = ct::iota::<i32, _>(shape!((2, 4)));
    let _ = x.reshape(shape!((3, 3)));
}
