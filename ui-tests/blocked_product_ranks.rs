use cutlet::prelude::*;

// CuTe: ILL-FORMED (blocked_product(((_2,_1)):((_1,_1)), _3:_1)).
fn main() {
    let _r = blocked_product(layout!(((2,1)):((1,1))), layout!(3:1));
}
