use cutlet_core::shape;
use cutlet::tile as ct;

fn main() {
    let x = ct::full(shape!((8)), 3i32);
    let _ = x + 2; // fine: an int scalar with an int tile
    let _ = x + 2.5;
}
