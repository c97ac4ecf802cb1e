// The well-formed neighbours of the compile-fail cases build and run. Its presence also
// makes trybuild build (not only check) every case, which is where the type layer's
// `const` checks of ill-formed static results fire, as a C++ `static_assert` does at
// instantiation.
use cutlet::prelude::*;

fn main() {
    let r = composition(layout!(((2,4),2):((4,1),16)), layout!((2,2):(2,1)));
    assert_eq!(r.to_string(), "(_2,_2):(_1,_4)");
    assert_eq!(complement(layout!((2,2):(1,2))).to_string(), "_1:_0");
}
