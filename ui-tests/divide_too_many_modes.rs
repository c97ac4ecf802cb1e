use cutlet::prelude::*;

fn main() {
    let _r = logical_divide(layout!((8,8):(1,8)), shape!((2, 2, 2)));
}
