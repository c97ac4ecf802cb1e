use cutlet::prelude::*;

// CuTe: ILL-FORMED (composition(((_2,_4),_2):((_4,_1),_16), (_3,_3):(_3,_1))).
fn main() {
    let _r = composition(layout!(((2,4),2):((4,1),16)), layout!((3,3):(3,1)));
}
