//! The typed swizzle and composed-layout API against CuTe's answers (hand-picked cases;
//! the generated sample is `tests/typed_kernel_oracle.rs`).
use cutlet::prelude::*;

#[test]
fn smoke() {
    let c = composition(Sw::<3, 3, 3>::new(), layout!((8,64):(64,1)));
    assert_eq!(c.to_string(), "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)");
    assert_eq!(core::mem::size_of_val(&c), 0);
    let t = tile_to_shape(c, shape!((128, 64)));
    assert_eq!(t.to_string(), "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
    let u = upcast::<8, _>(composition(Sw::<2, 4, 3>::new(), layout!((64,8):(1,64))));
    assert_eq!(u.to_string(), "Sw<2,1,3> o _0 o (_8,_8):(_1,_8)");
    assert_eq!(nullspace(layout!((4,(2,2),(3,1)):(1,(0,0),(0,7)))).to_string(), "(_2,_2,_3):(_4,_8,_16)");
    assert_eq!(domain_distribute(shape!((3, 8, 2)), Int::<16>::new()).to_string(), "_16:_3");
    let e = composition(Sw::<3, 3, 3>::new(), layout!((64,8):(1,64))).call(coord!((54, 6)));
    assert_eq!(e.to_string(), "_390");
    let z = composition(Sw::<0, 3, 3>::new(), layout!(((4,4,4)):((16,0,1))));
    assert_eq!(z.to_string(), "((_4,_4,_4)):((_16,_0,_1))");
    let r = recast_layout::<u32, u16, _>(make_composed_layout(Sw::<0, 4, 3>::new(), SmemPtrFlag::<16>::new(), layout!((8,8):(1,8))));
    assert_eq!(r.to_string(), "Sw<0,4,3> o smem_ptr[8b](unset) o (_16,_8):(_1,_16)");
    let ld = logical_divide(composition(Sw::<3, 3, 3>::new(), layout!((8,64):(64,1))), (layout!(2:4),));
    assert_eq!(ld.to_string(), "Sw<3,3,3> o _0 o ((_2,_4),_64):((_256,_64),_1)");
    let co = coalesce(tile_to_shape(composition(Sw::<1, 3, 3>::new(), layout!((8,16):(16,1))), shape!((16, 32))));
    assert_eq!(co.to_string(), "Sw<1,3,3> o _0 o (_16,_16,_2):(_16,_1,_256)");
}
