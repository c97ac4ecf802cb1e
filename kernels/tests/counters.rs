//! The memory counters of the repository's kernels, by `ncu`'s metric names, two ways:
//! predicted from the kernels' own layouts by `cutlet_core::analysis`, and counted by the
//! emulator's perfcheck on the running kernels (`cutlet_core::cuda::emu::perfcheck`):
//! shared-memory instructions, wavefronts and bank conflicts, global requests and
//! sectors, per launch. (The transposes' launches are those of `cutlet-gpu-bench
//! --kernels`, the GEMM's that of `--profile --size 256x256x256`, for `ncu` to measure.)

use cutlet_core::analysis::{global_cost_of, smem_cost};
use cutlet_core::cuda::{Dim3, emu};
use cutlet_core::prelude::*;
use cutlet_kernels::transpose::{
    TRANSPOSE_SMEM, TRANSPOSE_THREADS, phases_tv, smem_tile, smem_tile_unpadded, transpose,
    transpose_grid, transpose_unpadded,
};
use std::collections::BTreeMap;

/// The check launches of `cutlet-gpu-bench --kernels`, in order, for each transpose.
const SIZES: [(usize, usize); 6] = [
    (1, 1),
    (37, 1),
    (31, 33),
    (67, 45),
    (1000, 777),
    (4096, 4097),
];

/// One launch's counters, by `ncu`'s metric names.
type Counters = BTreeMap<String, u64>;

/// What the layouts say of the transpose of an `m x n` matrix through `tile`.
fn predict(tile: impl Layout, (m, n): (usize, usize)) -> Counters {
    let (st_tv, ld_tv) = phases_tv();
    let tiles = (m.div_ceil(32) * n.div_ceil(32)) as u64;
    // Every tile stores and reads back the whole 32x32 tile, unpredicated.
    let st = smem_cost(&composition(tile, st_tv.as_tiler()), 32, 32).unwrap();
    let ld = smem_cost(&composition(tile, ld_tv.as_tiler()), 32, 32).unwrap();
    // Global: the read of A (column-major) and the write of B (row-major) along the same
    // thread-value maps, predicated on the element lying inside (m, n).
    let (mut gld, mut gst) = ((0, 0), (0, 0));
    for bx in 0..m.div_ceil(32) {
        for by in 0..n.div_ceil(32) {
            // The global element of `tv`'s (thread, value), where inside (m, n), at
            // `stride` (A column-major, B row-major).
            let at = |tv: &dyn Fn(usize) -> isize, stride: (usize, usize), t: usize, v: usize| {
                let e = tv(t + 256 * v) as usize;
                let (x, y) = (32 * bx + e % 32, 32 * by + e / 32);
                (x < m && y < n).then_some((x * stride.0 + y * stride.1) as i64)
            };
            let st_e = |i: usize| st_tv.call(i).size().value();
            let ld_e = |i: usize| ld_tv.call(i).size().value();
            let a = global_cost_of(256, 4, &|t, v| at(&st_e, (1, m), t, v), 32, 32).unwrap();
            let b = global_cost_of(256, 4, &|t, v| at(&ld_e, (n, 1), t, v), 32, 32).unwrap();
            gld = (gld.0 + a.requests as u64, gld.1 + a.sectors);
            gst = (gst.0 + b.requests as u64, gst.1 + b.sectors);
        }
    }
    [
        (
            "smsp__inst_executed_op_shared_st.sum",
            tiles * st.instructions as u64,
        ),
        (
            "smsp__inst_executed_op_shared_ld.sum",
            tiles * ld.instructions as u64,
        ),
        (
            "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
            tiles * st.wavefronts,
        ),
        (
            "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
            tiles * ld.wavefronts,
        ),
        (
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
            tiles * (st.wavefronts - st.ideal),
        ),
        (
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
            tiles * (ld.wavefronts - ld.ideal),
        ),
        ("l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", gld.0),
        ("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", gld.1),
        ("l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", gst.0),
        ("l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", gst.1),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v))
    .collect()
}

/// A launch's perfcheck totals under `ncu`'s metric names.
fn by_metric(perf: &emu::Perf) -> Counters {
    let t = |instr: &str| perf.total(instr);
    let (st, ld, ldsm) = (t("st.shared"), t("ld.shared"), t("ldmatrix"));
    let (gld, gst, cp) = (t("ld.global"), t("st.global"), t("cp.async (ld.global)"));
    // (instruction metric, memory metric): `shared_st` and `shared_op_st`, ...
    let shared = |(inst, op): (&str, &str), s: emu::SiteCost| {
        [
            (format!("smsp__inst_executed_op_{inst}.sum"), s.instructions),
            (
                format!("l1tex__data_pipe_lsu_wavefronts_mem_{op}.sum"),
                s.wavefronts,
            ),
            (
                format!("l1tex__data_bank_conflicts_pipe_lsu_mem_{op}.sum"),
                s.wavefronts - s.ideal,
            ),
        ]
    };
    let global = |op: &str, g: emu::SiteCost| {
        [
            (
                format!("l1tex__t_requests_pipe_lsu_mem_global_op_{op}.sum"),
                g.instructions,
            ),
            (
                format!("l1tex__t_sectors_pipe_lsu_mem_global_op_{op}.sum"),
                g.sectors,
            ),
        ]
    };
    let mut c: Counters = [
        shared(("shared_st", "shared_op_st"), st),
        shared(("shared_ld", "shared_op_ld"), ld),
        shared(("ldsm", "shared_op_ldsm"), ldsm),
    ]
    .into_iter()
    .flatten()
    .chain(
        [global("ld", gld), global("st", gst), global("ldgsts", cp)]
            .into_iter()
            .flatten(),
    )
    .collect();
    c.insert("smsp__inst_executed_op_ldgsts.sum".into(), cp.instructions);
    c
}

/// What the emulator's perfcheck counts for one launch of the transpose of an `m x n`
/// matrix (`padded`: through [`smem_tile`]).
fn emulated(padded: bool, (m, n): (usize, usize)) -> Counters {
    let a = emu::DeviceVec::from_slice(&(0..m * n).map(|i| i as f32).collect::<Vec<_>>());
    let b = emu::DeviceVec::<f32>::zeroed(m * n);
    let (pa, pb) = (a.ptr(), b.ptr());
    let grid = transpose_grid(m, n);
    let ((), perf) = emu::perfcheck(|| {
        let block = Dim3::x(TRANSPOSE_THREADS);
        if padded {
            emu::launch(grid, block, TRANSPOSE_SMEM, || transpose(pa, pb, m, n))
        } else {
            emu::launch(grid, block, TRANSPOSE_SMEM, || {
                transpose_unpadded(pa, pb, m, n)
            })
        }
        .unwrap()
    });
    by_metric(&perf[0])
}

#[test]
fn perfcheck_counts_what_the_layouts_predict() {
    // The launches the emulator runs in a few seconds.
    for size in &SIZES[..4] {
        for (padded, want) in [
            (true, predict(smem_tile(), *size)),
            (false, predict(smem_tile_unpadded(), *size)),
        ] {
            let got = emulated(padded, *size);
            for (metric, w) in &want {
                assert_eq!(got[metric], *w, "padded {padded} {size:?}: {metric}");
            }
        }
    }
}

/// The SM80 tensor-core GEMM `cutlet-gpu-bench --profile --size 256x256x256` runs (bf16
/// TN into f32, [`sm80::TnBf16`]), one launch: what the emulator's perfcheck counts.
fn emulated_sm80_gemm((m, n, k): (usize, usize, usize)) -> Counters {
    use cutlet_kernels::gemm::GemmArgs;
    use cutlet_kernels::gemm_sm80::{gemm_config, gemm_sm80};
    use cutlet_kernels::registry::sm80;
    let a = emu::DeviceVec::<half::bf16>::zeroed(m * k);
    let b = emu::DeviceVec::<half::bf16>::zeroed(n * k);
    let c = emu::DeviceVec::<f32>::zeroed(m * n);
    let (pa, pb, pc) = (a.ptr(), b.ptr(), c.ptr());
    let p = GemmArgs {
        m,
        n,
        k,
        lda: k,
        ldb: k,
        ldc: m,
        alpha: 1.0,
        beta: 0.0,
    };
    let cfg = gemm_config::<sm80::TnBf16>();
    let ((), perf) = emu::perfcheck(|| {
        emu::launch_config(cfg.launch(m, n, 0), || {
            gemm_sm80::<sm80::TnBf16>(p, pa, pb, pc)
        })
        .unwrap()
    });
    by_metric(&perf[0])
}

#[test]
fn sm80_gemm_accesses_are_conflict_free_and_coalesced() {
    let got = emulated_sm80_gemm((256, 256, 256));
    // The swizzled stages: cp.async stores and ldmatrix reads without a bank conflict;
    // the epilogue's staging tile too.
    for metric in ["ldsm", "st", "ld"] {
        let conflicts = format!("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{metric}.sum");
        assert_eq!(got[&conflicts], 0, "{conflicts}");
    }
    // Each of the 4 CTAs (128x128 tiles) reads its 128 rows of A and of B over all of K
    // in 16-byte vectors: whole sectors, each once.
    assert_eq!(
        got["l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum"],
        4 * (128 + 128) * 256 * 2 / 32
    );
    // C: 256x256 f32 once, whole sectors.
    assert_eq!(
        got["l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum"],
        256 * 256 * 4 / 32
    );
}
