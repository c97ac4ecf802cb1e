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
    ];
    for (got, want) in rows {
        assert_eq!(got, want);
    }
}
