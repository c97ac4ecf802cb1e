use cutlet::prelude::*;

fn main() {
    let _r = complement(layout!((2,2):(1,1)));
}
