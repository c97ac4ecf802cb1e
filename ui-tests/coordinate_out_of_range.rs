use cutlet::prelude::*;

fn main() {
    let l = layout!((4,8):(1,4));
    let _i = l.call(coord!((4, 0)));
}
