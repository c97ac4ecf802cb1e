// A layout evaluated at a float: not a coordinate.
use cutlet::prelude::*;

fn main() {
    let _o = layout!((4,8):(8,1)).call(1.5f32);
}
