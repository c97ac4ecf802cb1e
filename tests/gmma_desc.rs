//! `make_gmma_desc` against CuTe 4.2's own descriptors (`tests/data/gmma_desc_cases.txt`,
//! made by `tests/data/gen_gmma_desc_cases.py` with g++): every GMMA shared-memory atom,
//! both tiling orders for the MN-major ones, A-style `(64, 16)` and B-style `(256, 16)`
//! operand slices: the raw 64-bit descriptor and each field. (What the descriptors mean,
//! as addresses the tensor cores read, is checked end to end by the Hopper GEMM's
//! emulator tests in `kernels/tests/emulator.rs`.)

use cutlet::atom::{gmma, make_gmma_desc};
use cutlet::cuda::{Dim3, GmmaDescriptor, PtrEngine, Smem, SmemBuffer, emu};
use cutlet::layout::SwizzleFn;
use cutlet::prelude::*;
use cutlet::tensor::Tensor;
use half::f16;

/// One CuTe line: (atom, order, tile, slice, start, lbo, sbo, base, layout type, raw).
fn cases() -> Vec<Vec<String>> {
    include_str!("data/gmma_desc_cases.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

/// The descriptors of the slices CuTe lists for `(atom, order, tile)`, over the shared
/// tensor `t` (at shared address 0).
fn descs<Mj: gmma::Major, Sw: SwizzleFn, L: Layout>(
    t: &Tensor<PtrEngine<f16, Smem, Sw>, L>,
    slices: &[(usize, usize, usize)],
) -> Vec<GmmaDescriptor> {
    slices
        .iter()
        .map(|&(rows, mb, kb)| match rows {
            64 => make_gmma_desc::<Mj, _, _, _>(&local_tile(*t, shape!((64, 16)), (mb, kb))),
            _ => make_gmma_desc::<Mj, _, _, _>(&local_tile(*t, shape!((256, 16)), (mb, kb))),
        })
        .collect()
}

macro_rules! group {
    ($smem:ident, $major:ty, $sw:expr, $atom:expr, $tile:expr, $order:expr, $slices:expr) => {{
        // SAFETY: nothing is accessed; only addresses are taken.
        let t = unsafe {
            $smem.alloc_aligned::<f16, _, _>(1024, $sw, tile_to_shape_ordered($atom, $tile, $order))
        };
        descs::<$major, _, _>(&t, $slices)
    }};
}

#[test]
fn make_gmma_desc_matches_cute() {
    let cases = cases();
    assert_eq!(cases.len(), 60);
    let mut checked = 0;
    for c in &cases {
        assert!(!c[4].starts_with("rejected"), "CuTe rejected {c:?}");
    }
    // Group the lines by (atom, order, tile) and run each group in one launch.
    let mut groups: Vec<(String, String, String, Vec<&Vec<String>>)> = vec![];
    for c in &cases {
        match groups
            .iter_mut()
            .find(|g| (&g.0, &g.1, &g.2) == (&c[0], &c[1], &c[2]))
        {
            Some(g) => g.3.push(c),
            None => groups.push((c[0].clone(), c[1].clone(), c[2].clone(), vec![c])),
        }
    }
    for (atom, order, tile, lines) in &groups {
        let slices: Vec<(usize, usize, usize)> = lines
            .iter()
            .map(|l| {
                let (shape, at) = l[3].split_once('@').unwrap();
                let rows = shape.split('x').next().unwrap().parse().unwrap();
                let (mb, kb) = at.split_once(',').unwrap();
                (rows, mb.parse().unwrap(), kb.parse().unwrap())
            })
            .collect();
        let got = std::sync::Mutex::new(vec![]);
        let big = tile == "256x64";
        let k_first = order == "k_first";
        emu::launch(Dim3::x(1), Dim3::x(1), 64 * 1024, || {
            let mut smem = SmemBuffer::dynamic();
            let s = &slices[..];
            // CuTe's Step<_2,_1> tiles K first: order (1, 0).
            macro_rules! both {
                ($major:ty, $sw:expr, $atom:expr) => {
                    match (big, k_first) {
                        (false, false) => group!(
                            smem,
                            $major,
                            $sw,
                            $atom,
                            shape!((128, 64)),
                            shape!((0, 1)),
                            s
                        ),
                        (false, true) => group!(
                            smem,
                            $major,
                            $sw,
                            $atom,
                            shape!((128, 64)),
                            shape!((1, 0)),
                            s
                        ),
                        (true, false) => group!(
                            smem,
                            $major,
                            $sw,
                            $atom,
                            shape!((256, 64)),
                            shape!((0, 1)),
                            s
                        ),
                        (true, true) => group!(
                            smem,
                            $major,
                            $sw,
                            $atom,
                            shape!((256, 64)),
                            shape!((1, 0)),
                            s
                        ),
                    }
                };
            }
            // The atoms in 16-bit units: Sw<B,4,3> on bytes is Sw<B,3,3> on elements.
            let d = match atom.as_str() {
                "Layout_K_INTER_Atom" => both!(gmma::K, NoSwizzle, layout!((8, 8):(8, 1))),
                "Layout_K_SW32_Atom" => {
                    both!(gmma::K, Swizzle::<1, 3, 3>::new(), layout!((8, 16):(16, 1)))
                }
                "Layout_K_SW64_Atom" => {
                    both!(gmma::K, Swizzle::<2, 3, 3>::new(), layout!((8, 32):(32, 1)))
                }
                "Layout_K_SW128_Atom" => {
                    both!(gmma::K, Swizzle::<3, 3, 3>::new(), layout!((8, 64):(64, 1)))
                }
                "Layout_MN_INTER_Atom" => both!(gmma::MN, NoSwizzle, layout!((8, 8):(1, 8))),
                "Layout_MN_SW32_Atom" => both!(
                    gmma::MN,
                    Swizzle::<1, 3, 3>::new(),
                    layout!((16, 8):(1, 16))
                ),
                "Layout_MN_SW64_Atom" => both!(
                    gmma::MN,
                    Swizzle::<2, 3, 3>::new(),
                    layout!((32, 8):(1, 32))
                ),
                "Layout_MN_SW128_Atom" => both!(
                    gmma::MN,
                    Swizzle::<3, 3, 3>::new(),
                    layout!((64, 8):(1, 64))
                ),
                other => panic!("unknown atom {other}"),
            };
            *got.lock().unwrap() = d;
        })
        .unwrap();
        for (l, d) in lines.iter().zip(got.into_inner().unwrap()) {
            let want: Vec<u64> = l[4..9].iter().map(|x| x.parse().unwrap()).collect();
            let have = [
                u64::from(d.start_address() >> 4),
                u64::from(d.leading_byte_offset() >> 4),
                u64::from(d.stride_byte_offset() >> 4),
                u64::from(d.base_offset()),
                u64::from(d.layout_type()),
            ];
            assert_eq!(have.to_vec(), want, "{l:?}");
            assert_eq!(format!("{:#018x}", d.0), l[9], "{l:?}");
            checked += 1;
        }
    }
    assert_eq!(checked, 60);
}
