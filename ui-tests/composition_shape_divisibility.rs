use cutlet::prelude::*;

// CuTe: ILL-FORMED (composition(((_2,_4)):((_4,_1)), _3:_1)).
fn main() {
    let _r = composition(layout!(((2,4)):((4,1))), layout!(3:1));
}
