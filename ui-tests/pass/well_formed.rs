// The well-formed neighbours of the compile-fail cases build and run. Its presence also
// makes trybuild build (not only check) every case, which is where the type layer's
// `const` checks of ill-formed static results fire, as a C++ `static_assert` does at
// instantiation.
use cutlet::prelude::*;

fn main() {
    let r = composition(layout!(((2,4),2):((4,1),16)), layout!((2,2):(2,1)));
    assert_eq!(r.to_string(), "(_2,_2):(_1,_4)");
    assert_eq!(complement(layout!((2,2):(1,2))).to_string(), "_1:_0");
    // CuTe's three-tensor gemm, its algebra on tensors, and usize coordinates.
    let (a, b) = ([1.0f32; 12], [2.0f32; 8]);
    let mut c = make_owned_tensor::<f32>(layout!((3,2)));
    gemm(&make_tensor(&a[..], layout!((3,4))), &make_tensor(&b[..], layout!((2,4))), &mut c);
    assert_eq!(c.get(0usize), 8.0);
    let t = make_tensor(&a[..], layout!((3,4)));
    assert_eq!(zipped_divide(t, shape!((3, 2))).layout().to_string(), "((_3,_2),(_1,_2)):((_1,_3),(_0,_6))");
    assert_eq!(coalesce(t).layout().to_string(), "_12:_1");
    let l = layout!((4,8):(8,1));
    assert_eq!((0..4usize).map(|i| l.call(i).value()).sum::<isize>(), 48);
}
