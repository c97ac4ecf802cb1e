use cutlet::prelude::*;

fn main() {
    let _l = Layout::new(shape!((2, (2, 2))), shape!((4, 2)));
}
