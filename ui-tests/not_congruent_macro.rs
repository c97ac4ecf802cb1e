use cutlet::prelude::*;

fn main() {
    let _l = layout!((2,(2,2)):(4,2));
}
