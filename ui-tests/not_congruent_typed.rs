use cutlet::prelude::*;

fn main() {
    let _l = StridedLayout::new(shape!((2, (2, 2))), shape!((4, 2)));
}
