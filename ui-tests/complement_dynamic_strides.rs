use cutlet::prelude::*;

// CuTe: ILL-FORMED (zipped_product((1,_4,_4,_2):(1,0,_0,4), (8):(1))).
fn main() {
    let (a, b, c) = (1, 0, 4);
    let _r = zipped_product(layout!((a,4,4,2):(a,b,0,c)), layout!(({8}):({1})));
}
