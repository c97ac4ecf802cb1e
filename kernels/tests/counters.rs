//! The memory counters of the repository's kernels, by `ncu`'s metric names, two ways:
//! predicted from the kernels' own layouts by `cutlet_core::analysis`, and counted by the
//! emulator's perfcheck on the running kernels (`cutlet_core::cuda::emu::perfcheck`):
//! shared-memory instructions, wavefronts and bank conflicts, global requests and
//! sectors, per launch. (The transposes' launches are those of `cutlet-gpu-bench
//! --kernels`, the GEMM's that of `--profile --size 256x256x256`, for `ncu` to measure.)

use cutlet_core::analysis::{global_cost_of, smem_cost};
use cutlet_core::cuda::{Dim3, emu};
use cutlet_core::prelude::*;
use cutlet_kernels::gemm_sm80::{Sm80Config, Unswizzled};
use cutlet_kernels::registry::sm80;
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

/// One launch of the SM80 tensor-core GEMM of configuration `C` (A and B K-major bf16,
/// C f32 column-major): what the emulator's perfcheck counts. `cutlet-gpu-bench
/// --profile --size 256x256x256` runs [`sm80::TnBf16`]'s.
fn emulated_sm80_gemm<C: Sm80Config<Elem = half::bf16, Out = f32>>(
    (m, n, k): (usize, usize, usize),
) -> Counters {
    use cutlet_kernels::gemm::GemmArgs;
    use cutlet_kernels::gemm_sm80::{gemm_config, gemm_sm80};
    let a = emu::DeviceVec::<half::bf16>::zeroed(m * k);
    let b = emu::DeviceVec::<half::bf16>::zeroed(n * k);
    let c = emu::DeviceVec::<f32>::zeroed(m * n);
    let (pa, pb, pc) = (a.ptr(), b.ptr(), c.ptr());
    let p = GemmArgs::new(m, n, k);
    let cfg = gemm_config::<C>();
    let ((), perf) = emu::perfcheck(|| {
        emu::launch_config(cfg.launch(m, n, 0), || gemm_sm80::<C>(p, pa, pb, pc)).unwrap()
    });
    by_metric(&perf[0])
}

#[test]
fn sm80_gemm_accesses_are_conflict_free_and_coalesced() {
    let got = emulated_sm80_gemm::<sm80::TnBf16>((256, 256, 256));
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

#[test]
fn unswizzled_sm80_gemm_tiles_conflict_eight_ways_in_ldmatrix() {
    let size = (128, 128, 128);
    let swizzled = emulated_sm80_gemm::<sm80::TnBf16>(size);
    let plain = emulated_sm80_gemm::<Unswizzled<sm80::TnBf16>>(size);
    let [inst, wavefronts, conflicts] = [
        "smsp__inst_executed_op_ldsm.sum",
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ldsm.sum",
        "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum",
    ];
    assert_eq!(plain[inst], swizzled[inst]);
    // Swizzled: one wavefront per 8x8 matrix (4 an `ldmatrix.x4`). Unswizzled: its 8
    // rows, 128 bytes apart, meet in the same 4 banks: 8 wavefronts, 7 of them conflicts.
    assert_eq!(swizzled[wavefronts], 4 * swizzled[inst]);
    assert_eq!(swizzled[conflicts], 0);
    assert_eq!(plain[wavefronts], 8 * swizzled[wavefronts]);
    assert_eq!(plain[conflicts], 7 * swizzled[wavefronts]);
    // The swizzle moves nothing else: global traffic and the epilogue are the same.
    for (metric, count) in &swizzled {
        if !metric.contains("ldsm") {
            assert_eq!(plain[metric], *count, "{metric}");
        }
    }
}

/// One launch of the Hopper GEMM of configuration `C` on `m x n x k` (A and B at the
/// configuration's majors, C column-major, `beta = 1` so the epilogue reads C too):
/// what the emulator's perfcheck counts. TMA loads and stores and the `wgmma` operand
/// reads are not LSU traffic: what remains is the epilogue's.
fn emulated_sm90_gemm<C>((m, n, k): (usize, usize, usize)) -> Counters
where
    C: cutlet_kernels::gemm_sm90::Sm90Config<Elem = half::bf16>,
{
    use cutlet_core::cuda::{GmemPtr, TmaDescriptor};
    use cutlet_kernels::gemm::GemmArgs;
    use cutlet_kernels::gemm_sm90::{KSplit, gemm_sm90, sm90_config, tma_boxes};
    let cfg = sm90_config::<C>();
    let (lda, ldb) = (
        if cfg.a_kmajor {
            k
        } else {
            m.next_multiple_of(8)
        },
        if cfg.b_kmajor {
            k
        } else {
            n.next_multiple_of(8)
        },
    );
    let span = |kmajor: bool, ld: usize, rows: usize| if kmajor { ld * rows } else { ld * k };
    let a = emu::DeviceVec::<half::bf16>::zeroed(span(cfg.a_kmajor, lda, m));
    let b = emu::DeviceVec::<half::bf16>::zeroed(span(cfg.b_kmajor, ldb, n));
    let ldc = m.next_multiple_of(8);
    let c = emu::DeviceVec::<C::Out>::zeroed(ldc * n);
    let p = GemmArgs {
        lda,
        ldb,
        ldc,
        beta: 1.0,
        ..GemmArgs::new(m, n, k)
    };
    let (box_a, box_b, box_c) = tma_boxes::<C>(&p).unwrap();
    let descs = [
        TmaDescriptor::emulated(a.ptr().as_ptr(), &box_a).unwrap(),
        TmaDescriptor::emulated(b.ptr().as_ptr(), &box_b).unwrap(),
        TmaDescriptor::emulated(c.ptr().as_ptr(), &box_c.unwrap()).unwrap(),
    ];
    let (tma, pc) = (GmemPtr::from_slice(&descs), c.ptr());
    let none = (
        KSplit::NONE,
        GmemPtr::from_slice(&[0f32; 0]),
        GmemPtr::from_slice(&[0u32; 0]),
    );
    let ((), perf) = emu::perfcheck(|| {
        emu::launch_config(KSplit::NONE.launch(&cfg, &p, 2), || {
            gemm_sm90::<C>(
                p,
                tma,
                pc,
                none,
                cutlet_kernels::gemm_sm90::BlockScales::NONE,
            )
        })
        .unwrap()
    });
    by_metric(&perf[0])
}

#[test]
fn hopper_epilogue_stores_are_conflict_free() {
    use cutlet_kernels::registry::sm90::{NtBf16OutBf16, TnBf16, TnBf16OutBf16Pingpong};
    // Whole tiles, and 130 rows: f32 rows past 128 are not whole 16-byte units of C's
    // TMA box, so the warpgroup holding them stores from its registers.
    for size in [(128, 256, 64), (130, 64, 64)] {
        for (name, got) in [
            ("TnBf16", emulated_sm90_gemm::<TnBf16>(size)),
            (
                "TnBf16OutBf16Pingpong",
                emulated_sm90_gemm::<TnBf16OutBf16Pingpong>(size),
            ),
            ("NtBf16OutBf16", emulated_sm90_gemm::<NtBf16OutBf16>(size)),
        ] {
            // The accumulators go to the `(64, 32)` subtiles through the GMMA 128-byte
            // swizzle atom of C's type: no bank conflict.
            for op in ["st", "ld"] {
                let conflicts =
                    format!("l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{op}.sum");
                assert_eq!(got[&conflicts], 0, "{name} {size:?}: {conflicts}");
            }
            assert!(
                got["smsp__inst_executed_op_shared_st.sum"] > 0,
                "{name}: no stores"
            );
        }
    }
}

/// `ncu --csv`'s launches in a results file, in order: each launch's kernel name and its
/// metrics (values without thousands separators; `n/a` left out).
fn ncu_launches(file: &str) -> Vec<(String, Counters)> {
    let path = format!("{}/../results/gpu/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut launches: Vec<(u64, String, Counters)> = Vec::new();
    for line in text
        .lines()
        .filter(|l| l.starts_with("\"") && !l.starts_with("\"ID\""))
    {
        let f: Vec<&str> = line.trim_matches('"').split("\",\"").collect();
        let id: u64 = f[0].parse().unwrap();
        if launches.last().map(|l| l.0) != Some(id) {
            launches.push((id, f[4].to_string(), Counters::new()));
        }
        if let Ok(v) = f[14].replace(',', "").parse() {
            launches.last_mut().unwrap().2.insert(f[12].to_string(), v);
        }
    }
    launches.into_iter().map(|(_, k, c)| (k, c)).collect()
}

/// `ncu` on an H100 (`results/gpu/run35-ncu-transposes-h100.txt`: `cutlet-gpu-bench
/// --kernels`' check launches, both transposes at each of [`SIZES`]) against the
/// emulator's perfcheck of the same launches, where one CTA or a few run (at the two
/// largest sizes the hardware's counters also count what many resident CTAs contend
/// for: 102 and 37213 extra wavefronts in the padded transpose's loads, which no
/// layout has). Equal to the count: the shared stores (instructions, wavefronts,
/// conflicts) and the global requests and sectors, and the padded tile's loads are
/// conflict free on both. The hardware executes fewer of the tile's loads than the
/// source has (1x1: 24 instructions of 32; unpadded, 744 conflicts of the emulator's
/// 992) and never more: ptxas predicates part of them on the store's condition, which
/// the source does not. (Reading them under that condition in the source gives 1 at
/// 1x1, not 24: ptxas's predicate is not the source's.)
#[test]
fn ncu_counts_the_transposes_as_the_emulator() {
    let launches = ncu_launches("run35-ncu-transposes-h100.txt");
    assert_eq!(launches.len(), 2 * SIZES.len());
    let ld_inst = "smsp__inst_executed_op_shared_ld.sum";
    for (padded, first) in [(true, 0), (false, SIZES.len())] {
        for (i, &size) in SIZES[..4].iter().enumerate() {
            let (name, hw) = &launches[first + i];
            assert_eq!(name.ends_with("unpadded"), !padded);
            let emu = emulated(padded, size);
            for (metric, count) in hw {
                if metric.ends_with("op_ld.sum") && metric.contains("shared") || metric == ld_inst {
                    assert!(*count <= emu[metric], "{name} {size:?}: {metric}");
                    if padded && metric.contains("conflicts") {
                        assert_eq!(*count, 0, "{name} {size:?}: {metric}");
                    }
                } else {
                    assert_eq!(emu[metric], *count, "{name} {size:?}: {metric}");
                }
            }
        }
    }
}

/// `ncu` on an H100 (`results/gpu/run35-ncu-sm80-h100.txt`, `cutlet-gpu-bench --profile
/// --size 256x256x256`: the SM80 GEMM, then the same with its tiles unswizzled) against
/// the emulator. sm_90 counts `ldmatrix`'s wavefronts and conflicts with the shared
/// loads (its `_op_ldsm` metrics are `n/a`), so the unswizzled kernel's extra
/// conflicts there are the emulator's `ldmatrix` conflicts, to the count (7 of every 8
/// of its wavefronts), and the global traffic is the same.
#[test]
fn ncu_counts_the_unswizzled_gemm_conflicts_as_the_emulator() {
    let launches = ncu_launches("run35-ncu-sm80-h100.txt");
    let [(sw_name, sw), (plain_name, plain)] = &launches[..] else {
        panic!("two launches expected, got {}", launches.len())
    };
    assert_eq!(
        (sw_name.as_str(), plain_name.as_str()),
        ("cutlet_gemm_tn_bf16", "cutlet_gemm_tn_bf16_unswizzled")
    );
    let size = (256, 256, 256);
    let (emu_sw, emu_plain) = (
        emulated_sm80_gemm::<sm80::TnBf16>(size),
        emulated_sm80_gemm::<Unswizzled<sm80::TnBf16>>(size),
    );
    let ld_conflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum";
    let ldsm_conflicts = "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ldsm.sum";
    assert_eq!(
        sw[ld_conflicts],
        emu_sw[ld_conflicts] + emu_sw[ldsm_conflicts]
    );
    assert_eq!(
        plain[ld_conflicts],
        emu_plain[ld_conflicts] + emu_plain[ldsm_conflicts]
    );
    assert_eq!(plain[ld_conflicts], 57344);
    for metric in [
        "smsp__inst_executed_op_ldsm.sum",
        "smsp__inst_executed_op_shared_st.sum",
        "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
        "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
        "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
        "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    ] {
        for (hw, emu) in [(sw, &emu_sw), (plain, &emu_plain)] {
            assert_eq!(hw[metric], emu[metric], "{metric}");
        }
    }
    // sm_90 counts `cp.async`'s global reads with the plain loads.
    let ldgsts = "l1tex__t_sectors_pipe_lsu_mem_global_op_ldgsts.sum";
    assert_eq!(
        sw["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"],
        emu_sw[ldgsts]
    );
}

/// `ncu` on an H100 (`results/gpu/run35-ncu-sm90-h100.txt`, `cutlet-gpu-bench
/// --profile-hopper --size 256x256x64`: every Hopper configuration once) against the
/// emulator for the f32-out epilogues: the same 2048 shared stores, conflict free, and
/// no shared loads. The emulator counts one store more per CTA, the prologue's write of
/// the workspace pointers (`gemm_sm90`'s `workspace.set`), which `ncu` does not count
/// among the shared stores. (The 16-bit-out cooperative epilogues show 16 to 48 in
/// `l1tex__data_bank_conflicts_*_op_st` there, but ncu's per-instruction counters of
/// the same launch, `results/gpu/run36-ncu-epilogue-source-h100.txt`, give each of
/// their 128 `STS.U16` sites 16 wavefronts of an ideal 16: 2048 of 2048, no excess.
/// The aggregate counts stalls from the kernel's other shared-memory traffic, not the
/// stores' addresses, which are conflict free as the layouts and the emulator say.)
#[test]
fn ncu_counts_the_hopper_epilogue_stores_as_the_emulator() {
    use cutlet_kernels::registry::sm90::{TnBf16, TnBf16Pingpong, TnBf16PingpongN64};
    let launches = ncu_launches("run35-ncu-sm90-h100.txt");
    let hw = |name: &str| &launches.iter().find(|l| l.0 == name).unwrap().1;
    let size = (256, 256, 64);
    for (name, emu) in [
        (
            "cutlet_gemm_sm90_tn_bf16",
            emulated_sm90_gemm::<TnBf16>(size),
        ),
        (
            "cutlet_gemm_sm90_tn_bf16_pingpong",
            emulated_sm90_gemm::<TnBf16Pingpong>(size),
        ),
        (
            "cutlet_gemm_sm90_tn_bf16_pingpong_n64",
            emulated_sm90_gemm::<TnBf16PingpongN64>(size),
        ),
    ] {
        let st = "smsp__inst_executed_op_shared_st.sum";
        let ctas = 2;
        assert_eq!((hw(name)[st], emu[st] - ctas), (2048, 2048), "{name}");
        for metric in [
            "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
            "smsp__inst_executed_op_shared_ld.sum",
        ] {
            assert_eq!(hw(name)[metric], emu[metric], "{name}: {metric}");
        }
    }
}

/// `ncu` on an H100 (`results/gpu/run37-ncu-copy-h100.txt`, the copy's check launches
/// of `cutlet-gpu-bench --kernels`) against the emulator's perfcheck of the same
/// launches: the 16-byte vectors' and the scalar tail's global requests and sectors, to
/// the count (4099 elements: 32 warps of 512 contiguous bytes and the tail's one).
#[test]
fn ncu_counts_the_copy_as_the_emulator() {
    use cutlet_kernels::copy::{COPY_THREADS, copy, copy_blocks};
    let launches = ncu_launches("run37-ncu-copy-h100.txt");
    for (n, (name, hw)) in [1usize, 3, 5, 4099].into_iter().zip(&launches) {
        assert_eq!(name, "cutlet_copy");
        let src = emu::DeviceVec::from_slice(&vec![1f32; n]);
        let dst = emu::DeviceVec::<f32>::zeroed(n + 1);
        let (s, d) = (src.ptr(), dst.ptr());
        let ((), perf) = emu::perfcheck(|| {
            let (grid, block) = (Dim3::x(copy_blocks(n)), Dim3::x(COPY_THREADS));
            emu::launch(grid, block, 0, || copy(s, d, n)).unwrap()
        });
        let emu = by_metric(&perf[0]);
        for (metric, count) in hw {
            assert_eq!(emu[metric], *count, "copy of {n}: {metric}");
        }
    }
}
