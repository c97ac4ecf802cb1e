use cutlet::prelude::*;

fn main() {
    let _l = layout!((4,2.5):(1,4));
}
