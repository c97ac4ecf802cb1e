//! The typed copy layer (atom::copy, atom::tiled_copy): traits against the table of
//! CuTe's Copy_Traits, partitions covering the tile once, copies thread by thread.
#![allow(clippy::all)]
use cutlet::atom::*;
use cutlet::atom_traits::copy_traits;
use cutlet::prelude::*;

fn check<Op: CopyTraits>(name: &str)
where
    Op::ThrID: core::fmt::Display,
    Op::SrcLayout: core::fmt::Display,
    Op::DstLayout: core::fmt::Display,
    Op::RefLayout: core::fmt::Display,
{
    let t = copy_traits(name).unwrap();
    assert_eq!(Op::ThrID::default().to_string(), t.thr_id, "{name}");
    assert_eq!(Op::SrcLayout::default().to_string(), t.src_layout, "{name}");
    assert_eq!(Op::DstLayout::default().to_string(), t.dst_layout, "{name}");
    assert_eq!(Op::RefLayout::default().to_string(), t.ref_layout, "{name}");
}

#[test]
fn traits_match_cute() {
    check::<cutlet::atom::UniversalCopy<u32>>("UniversalCopy<uint32_t>");
    check::<cutlet::atom::UniversalCopy<u64>>("UniversalCopy<uint64_t>");
    check::<cutlet::atom::UniversalCopy<u128>>("UniversalCopy<uint128_t>");
    check::<DefaultCopy>("DefaultCopy");
    check::<SM75_U32x1_LDSM_N>("SM75_U32x1_LDSM_N");
    check::<SM75_U32x2_LDSM_N>("SM75_U32x2_LDSM_N");
    check::<SM75_U32x4_LDSM_N>("SM75_U32x4_LDSM_N");
    check::<SM75_U16x2_LDSM_T>("SM75_U16x2_LDSM_T");
    check::<SM75_U16x4_LDSM_T>("SM75_U16x4_LDSM_T");
    check::<SM75_U16x8_LDSM_T>("SM75_U16x8_LDSM_T");
    check::<SM80_CP_ASYNC_CACHEALWAYS<u32>>("SM80_CP_ASYNC_CACHEALWAYS<uint32_t>");
    check::<SM80_CP_ASYNC_CACHEALWAYS<u64>>("SM80_CP_ASYNC_CACHEALWAYS<uint64_t>");
    check::<SM80_CP_ASYNC_CACHEALWAYS<u128>>("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>");
    check::<SM80_CP_ASYNC_CACHEGLOBAL<u128>>("SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>");
}

#[test]
fn atoms() {
    let a = Copy_Atom::<SM75_U32x4_LDSM_N, half::f16>::new();
    assert_eq!(
        a.val_layout_dst().to_string(),
        "(_32,(_2,_4)):(_2,(_1,_64))"
    );
    assert_eq!(core::mem::size_of_val(&a), 0);
    let b = Copy_Atom::<cutlet::atom::UniversalCopy<u32>, f64>::new();
    assert_eq!(b.val_layout_src().to_string(), "(_1,_1):(_0,_1)");
}

#[test]
fn partition_dynamic() {
    let data: Vec<f32> = (0..64 * 8).map(|x| x as f32).collect();
    let c = make_tiled_copy(
        Copy_Atom::<DefaultCopy, f32>::new(),
        layout!((16,8):(8,1)),
        layout!((4,1):(1,0)),
    );
    let (m, ld) = (64isize, 10isize);
    let p = c
        .get_slice(17)
        .partition_s(make_tensor(&data[..], layout!((m, 8):(ld, 1))));
    assert_eq!(p.layout().to_string(), "((_1,_4),1,_1):((_0,10),640,_0)");
}

fn nthr<TC: TiledCopyLayouts>(_: &TC) -> isize {
    TC::TiledNumThr::default().value()
}

#[test]
fn copy_covers_tile_once() {
    // (thr layout, val layout, element): threads write their source values; count hits.
    macro_rules! run {
        ($op:ty, $t:ty, $thr:expr, $val:expr, $m:literal, $n:literal, $col:expr, $row:expr) => {{
            let c = make_tiled_copy(Copy_Atom::<$op, $t>::new(), $thr, $val);
            let src: Vec<u32> = (0..$m * $n).map(|x| x as u32).collect();
            let mut hits = make_owned_tensor::<u32, _>($col);
            let mut dst = make_owned_tensor::<u32, _>($col);
            for thr in 0..nthr(&c) {
                let t = c.get_slice(thr);
                let s = t.partition_s(make_tensor(&src[..], $row));
                let mut d = t.partition_d(dst.view_mut());
                c.copy(&s, &mut d);
                let mut h = t.partition_d(hits.view_mut());
                for i in 0..Walkable::<isize>::walk_size(h.layout()) {
                    let v = h.get(i);
                    h.set(i, v + 1);
                }
            }
            for i in 0..$m {
                for j in 0..$n {
                    assert_eq!(hits.get((i, j)), 1, "({i},{j}) of {}", stringify!($op));
                    assert_eq!(dst.get((i, j)), (i * $n + j) as u32);
                }
            }
        }};
    }
    run!(
        DefaultCopy,
        u32,
        layout!((4,8):(8,1)),
        layout!(1:0),
        4,
        8,
        layout!((4,8):(1,4)),
        layout!((4,8):(8,1))
    );
    run!(
        DefaultCopy,
        u32,
        layout!((16,8):(1,16)),
        layout!((2,2):(1,2)),
        32,
        16,
        layout!((32,16):(1,32)),
        layout!((32,16):(16,1))
    );
    run!(
        cutlet::atom::UniversalCopy<u64>,
        u32,
        layout!((8,8):(8,1)),
        layout!((1,2):(0,1)),
        8,
        16,
        layout!((8,16):(1,8)),
        layout!((8,16):(16,1))
    );
    run!(
        cutlet::atom::UniversalCopy<u128>,
        u32,
        layout!((32,4):(4,1)),
        layout!((1,4):(0,1)),
        32,
        16,
        layout!((32,16):(1,32)),
        layout!((32,16):(16,1))
    );
    run!(
        cutlet::atom::UniversalCopy<u32>,
        u32,
        layout!((8,4):(1,8)),
        layout!((2,2):(2,1)),
        16,
        8,
        layout!((16,8):(1,16)),
        layout!((16,8):(8,1))
    );
}
