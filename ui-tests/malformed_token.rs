use cutlet::prelude::*;

fn main() {
    let _l = layout!((4;8):(1,4));
}
