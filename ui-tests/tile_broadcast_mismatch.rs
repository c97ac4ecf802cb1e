use cutlet_core::shape;
use cutlet::tile as ct;

fn main() {
    let x = ct::iota::<i32, _>(shape!((3)));
    let y = ct::iota::<i32, _>(shape!((4)));
    let _ = x + y;
}
