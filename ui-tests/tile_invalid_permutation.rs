use cutlet_core::shape;
use cutlet::tile as ct;

fn main() {
    let x = ct::iota::<i32, _>(shape!((2, 2, 2)));
    let _ = x.permute(shape!((2, 0, 0)));
}
