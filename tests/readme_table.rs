//! Every row of the README's algebra table, checked.

use cutlet::prelude::*;

#[test]
fn readme_algebra_table() {
    let m = 3;
    let rows: Vec<(String, &str)> = vec![
        (coalesce(layout!((2,(3,1)):(1,(2,6)))).to_string(), "_6:_1"),
        (
            coalesce_by(layout!(((1,4),6):((1,1),4)), shape!((1, 1))).to_string(),
            "(_4,_6):(_1,_4)",
        ),
        (filter(layout!((6,2,4):(1,0,6))).to_string(), "_24:_1"),
        (
            flatten(layout!(((2,3),4):((1,2),6))).to_string(),
            "(_2,_3,_4):(_1,_2,_6)",
        ),
        (
            composition(layout!((4,8):(13,1)), layout!(8:2)).to_string(),
            "(_2,_4):(_26,_1)",
        ),
        (
            composition(layout!((12,32):(32,1)), shape!((3, 8))).to_string(),
            "(_3,_8):(_32,_1)",
        ),
        (
            composition(layout!((12,32):(32,1)), (layout!(3:4), layout!(8:2))).to_string(),
            "(_3,_8):(_128,_2)",
        ),
        (complement(layout!((2,2):(1,6))).to_string(), "_3:_2"),
        (
            complement_to(layout!(4:2), shape!(24)).to_string(),
            "(_2,_3):(_1,_8)",
        ),
        (
            right_inverse(layout!((4,2):(2,1))).to_string(),
            "(_2,_4):(_4,_1)",
        ),
        (
            left_inverse(layout!((3,8):(8,1))).to_string(),
            "(_8,_3):(_3,_1)",
        ),
        (
            max_common_vector(layout!((4,8):(1,4)), layout!((4,8):(1,4))).to_string(),
            "_32",
        ),
        (
            max_common_layout(layout!((4,8):(1,4)), layout!((4,8):(1,8))).to_string(),
            "_4:_1",
        ),
        (
            logical_divide(layout!((4,2,3):(2,1,8)), layout!(4:2)).to_string(),
            "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))",
        ),
        (
            zipped_divide(layout!((8,24):(1,8)), shape!((4, 8))).to_string(),
            "((_4,_8),(_2,_3)):((_1,_8),(_4,_64))",
        ),
        (
            tiled_divide(layout!((8,24):(1,8)), shape!((4, 8))).to_string(),
            "((_4,_8),_2,_3):((_1,_8),_4,_64)",
        ),
        (
            flat_divide(layout!((8,24):(1,8)), shape!((4, 8))).to_string(),
            "(_4,_8,_2,_3):(_1,_8,_4,_64)",
        ),
        (
            make_layout_fragment_like(layout!(((2,2),4,8):((1,64),8,256))).to_string(),
            "((_2,_2),_4,_8):((_1,_2),_4,_16)",
        ),
        (
            logical_product(layout!((2,2):(1,2)), layout!(3:1)).to_string(),
            "((_2,_2),_3):((_1,_2),_4)",
        ),
        (
            zipped_product(layout!((8,2):(1,0)), layout!(4:1)).to_string(),
            "((_8,_2),_4):((_1,_0),_8)",
        ),
        (
            tiled_product(layout!((1,4):(0,1)), layout!((2,8):(1,2))).to_string(),
            "((_1,_4),_2,_8):((_0,_1),_4,_8)",
        ),
        (
            flat_product(layout!((16):(1)), layout!((1,16):(1,1))).to_string(),
            "((_16),_1,_16):((_1),_16,_16)",
        ),
        (
            blocked_product(layout!((2,2):(1,2)), layout!((2,3):(1,2))).to_string(),
            "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))",
        ),
        (
            raked_product(layout!((2,2):(1,2)), layout!((2,3):(1,2))).to_string(),
            "((_2,_2),(_3,_2)):((_4,_1),(_8,_2))",
        ),
        (
            make_identity_layout(shape!((4, (2, m)))).to_string(),
            "(_4,(_2,3)):(_1@0,(_1@0@1,_1@1@1))",
        ),
        (
            Swizzle::<3, 4, 3>::new()
                .apply_leaf(Int::<128>::new())
                .to_string(),
            "_144",
        ),
        (
            composition(Swizzle::<3, 3, 3>::new(), layout!((8,64):(64,1))).to_string(),
            "Sw<3,3,3> o _0 o (_8,_64):(_64,_1)",
        ),
        (
            make_composed_layout(Swizzle::<0, 4, 3>::new(), Int::<0>::new(), layout!(8:1))
                .to_string(),
            "Sw<0,4,3> o _0 o _8:_1",
        ),
        (
            composition(Swizzle::<3, 3, 3>::new(), layout!((64,8):(1,64)))
                .call(coord!((54, 6)))
                .to_string(),
            "_390",
        ),
        (
            tile_to_shape(Sm80_SmemAtom_K_SW128::default(), shape!((128, 64))).to_string(),
            "Sw<3,3,3> o _0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))",
        ),
        (
            tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4, 4)), shape!((1, 0))).to_string(),
            "((_2,_2),(_2,_2)):((_1,_8),(_2,_4))",
        ),
        (
            upcast::<2, _>(layout!(((2,4),2,4):((1,2),8,16))).to_string(),
            "((_1,_4),_2,_4):((_1,_1),_4,_8)",
        ),
        (
            downcast::<8, _>(Swizzle::<3, 2, 3>::new()).to_string(),
            "Sw<3,5,3>",
        ),
        (
            recast_layout::<half::f16, u128, _>(Layout_K_SW128_Atom::<half::f16>::default())
                .to_string(),
            "Sw<3,4,3> o smem_ptr[128b](unset) o (_8,_8):(_8,_1)",
        ),
        (
            nullspace(layout!((4,(2,2),(3,1)):(1,(0,0),(0,7)))).to_string(),
            "(_2,_2,_3):(_4,_8,_16)",
        ),
        (
            domain_distribute(shape!((6, (4, 2, 3))), Int::<16>::new()).to_string(),
            "(_2,_8):(_1,_6)",
        ),
        (
            Layout_K_SW128_Atom::<half::f16>::default().to_string(),
            "Sw<3,4,3> o smem_ptr[16b](unset) o (_8,_64):(_64,_1)",
        ),
    ];
    for (got, want) in rows {
        assert_eq!(got, want);
    }
}
