//! Property tests of the memory-access analysis (`cutlet::analysis`, the run-time
//! layer's `cutlet::dynamic::analysis` and the CLI's `bank_conflicts`): closed forms of
//! strided accesses, invariances of the bank model, and the typed and run-time layers
//! agreeing on generated layouts.

use cutlet::analysis::{global_access, global_cost, smem_access, smem_cost, tma_cost};
use cutlet::cuda::{TmaBox, TmaSwizzle};
use cutlet::dynamic::{Value, analysis, eval};
use cutlet::prelude::*;
use proptest::prelude::*;

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

proptest! {
    /// 32 threads a row of `(32, v):(s, 1)` apart, accesses of `w` bits: threads `s`
    /// elements apart meet in a bank `gcd(s, lanes a phase)` ways (lanes a phase: 32 for
    /// 32 bits, 16 for 64, 8 for 128), through both layers and the CLI.
    #[test]
    fn strided_rows_conflict_by_the_gcd(s in 1usize..=96, w in prop::sample::select(vec![32u32, 64, 128])) {
        let per = (w / 32) as usize;
        let s = s.next_multiple_of(per);
        let nv = 4 * per;
        let lanes = 32 * 32 / u64::from(w);
        let expect = gcd((s / per) as u64, lanes) as u32;
        let typed = smem_cost(&layout!((32, nv):(s, 1)), 32, w).unwrap();
        prop_assert_eq!(typed.ways, expect);
        prop_assert_eq!(typed.instructions as usize, nv / per);
        let text = format!("(_32,{nv}):({s},1)");
        let dynamic = analysis::smem_cost(&text.parse::<Value>().unwrap(), 32, w).unwrap();
        prop_assert_eq!(dynamic, typed);
        if w == 32 {
            prop_assert_eq!(eval(&format!("bank_conflicts({text}, _32)")).unwrap(), expect.to_string());
        }
    }

    /// The bank model: wavefronts lie between the phases and the words touched, and do
    /// not change when every address moves by whole words or lanes trade places within a
    /// phase.
    #[test]
    fn bank_model_invariances(
        words in prop::collection::vec(0u64..256, 32),
        active in any::<u32>(),
        log_bytes in 0u32..=4,
        shift in 0u64..64,
        seed in any::<u64>(),
    ) {
        let bytes = 1u32 << log_bytes;
        let addrs: Vec<Option<u64>> = words
            .iter()
            .enumerate()
            .map(|(i, &w)| (active >> i & 1 == 1).then_some(w * u64::from(bytes)))
            .collect();
        let c = smem_access(&addrs, bytes);
        let touched: u32 = addrs.iter().flatten().count() as u32 * bytes.div_ceil(4);
        prop_assert!(c.ideal <= c.wavefronts && c.wavefronts <= touched.max(c.ideal));
        prop_assert_eq!(c.ways == 0, active == 0);
        let moved: Vec<_> = addrs.iter().map(|a| a.map(|a| a + 4 * shift * u64::from(bytes))).collect();
        prop_assert_eq!(smem_access(&moved, bytes).wavefronts, c.wavefronts);
        // Lanes trade places inside their phase.
        let per = if bytes <= 4 { 32 } else { 128 / bytes as usize };
        let mut shuffled = addrs.clone();
        for chunk in shuffled.chunks_mut(per) {
            let k = (seed % chunk.len() as u64) as usize;
            chunk.rotate_left(k);
        }
        prop_assert_eq!(smem_access(&shuffled, bytes).wavefronts, c.wavefronts);
    }

    /// Global sectors of lanes `s` f32 apart: the distinct 32-byte sectors, 4 at stride 1
    /// (100 % efficient) up to one a lane.
    #[test]
    fn global_sectors_of_strides(s in 1usize..=40) {
        let g = global_cost(&layout!((32, 1):(s, 1)), 32, 32).unwrap();
        let expect = (0..32u64).map(|t| t * s as u64 * 4 / 32).collect::<std::collections::BTreeSet<_>>().len();
        prop_assert_eq!(g.sectors as usize, expect);
        prop_assert_eq!(g.efficiency(), 128 * 100 / (32 * expect as u64));
    }

    /// A TMA box's sectors are those of its rows, each one contiguous access at its
    /// byte offset (every index of the outer dimensions), counted one by one.
    #[test]
    fn tma_box_sectors_are_its_rows(
        elem_log in 0u32..=3,
        inner in 1u32..=16,
        outer in prop::collection::vec((1u32..=9, 1u64..=40), 0..=3),
    ) {
        let elem = 1usize << elem_log;
        // Inner extents of whole 16 bytes, strides of whole 16 bytes.
        let inner = (inner * 16 / elem as u32).max(1);
        let dims: Vec<u64> = std::iter::once(u64::from(inner) * 4).chain(outer.iter().map(|o| u64::from(o.0) + 3)).collect();
        let strides: Vec<u64> = outer.iter().map(|o| o.1 * 16).collect();
        let boxes: Vec<u32> = std::iter::once(inner).chain(outer.iter().map(|o| o.0)).collect();
        let b = TmaBox::new(elem, &dims, &strides, &boxes, TmaSwizzle::None);
        let g = tma_cost(&b).unwrap();
        let row_bytes = inner * elem as u32;
        let mut starts = vec![0u64];
        for (n, s) in outer.iter().map(|o| (o.0, o.1 * 16)) {
            starts = starts.iter().flat_map(|&a| (0..u64::from(n)).map(move |i| a + i * s)).collect();
        }
        let sectors: u64 = starts.iter().map(|&a| u64::from(global_access(&[Some(a)], row_bytes).sectors)).sum();
        prop_assert_eq!(g.sectors, sectors);
        prop_assert_eq!(g.requested, starts.len() as u64 * u64::from(row_bytes));
        prop_assert_eq!(g.requests, 1);
    }
}

/// The 128-byte swizzle's 8x64 bf16 atom read a 16-byte chunk a row (`ldmatrix`'s rows,
/// CuTe's `SM75_U32x4_LDSM_N` on a K-major GEMM tile): conflict free at every chunk, and
/// 8-way without the swizzle.
#[test]
fn swizzled_gemm_tile_rows_are_conflict_free() {
    for sw in ["Sw<3,3,3> o _0 o ", ""] {
        // Threads 8 rows of 128 bytes x 4 matrices of chunks; values the 8 bf16 of a chunk.
        let tv = format!("{sw}((_8,_4),_8):((_64,_8),_1)");
        let c = analysis::smem_cost(&tv.parse::<Value>().unwrap(), 16, 128).unwrap();
        assert_eq!(c.ways, if sw.is_empty() { 8 } else { 1 }, "{tv}");
    }
}

/// Bad input is an error naming it, never a panic.
#[test]
fn bad_widths_and_vectors_are_errors() {
    let e = analysis::smem_cost(&"(_32,_3):(_3,_1)".parse::<Value>().unwrap(), 32, 64).unwrap_err();
    assert!(e.to_string().contains("3 values a thread"), "{e}");
    let e =
        analysis::smem_cost(&"(_32,_2):(_1,_32)".parse::<Value>().unwrap(), 32, 64).unwrap_err();
    assert!(e.to_string().contains("not at consecutive offsets"), "{e}");
    let e = analysis::smem_cost(&"(_32,_2):(_3,_1)".parse::<Value>().unwrap(), 32, 64).unwrap_err();
    assert!(
        e.to_string().contains("not a multiple of the access width"),
        "{e}"
    );
    assert!(eval("bank_conflicts((_32,_32):(_32,_1), _24)").is_err());
    assert!(eval("bank_conflicts(_4, _32)").is_err());
}
