use cutlet::prelude::*;

// CuTe: ILL-FORMED (left_inverse((4,_6,_8):(144,0,1))).
fn main() {
    let (a, b, c, d, e) = (4, 144, 0, 1, 8);
    let _r = left_inverse(layout!((a,6,e):(b,c,d)));
}
