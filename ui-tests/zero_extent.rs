use cutlet::prelude::*;

fn main() {
    let _l = layout!((4,0):(1,4));
}
