//! The emulator's sanitizer on deliberately broken kernels, each bug written the way real
//! ones look: a tensor-core tile GEMM (cp.async pipeline into swizzled shared memory,
//! ldmatrix, mma.sync, a predicated epilogue) with one line wrong, and small kernels
//! that misuse barriers. Each must be reported with its kind and its place in the
//! kernel's terms; the correct kernel must run clean and right.

use cutlet_core::atom::*;
use cutlet_core::cuda::cp_async::{cp_async_fence, cp_async_wait_n};
use cutlet_core::cuda::emu::{DeviceVec, launch};
use cutlet_core::cuda::{
    Dim3, GmemPtr, Mbarrier, SmemBuffer, make_gmem_tensor, make_smem_tensor, named_barrier_sync,
    syncthreads, thread_idx,
};
use cutlet_core::prelude::*;
use cutlet_kernels::gemm::{KMajor, Major};
use cutlet_kernels::gemm_sm80::{G2sAtom, Sm80Major};
use half::bf16;

/// The one wrong line of [`tile_gemm`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Bug {
    None,
    /// No barrier between the wait for the stage's copies and the ldmatrix reading it.
    MissingBarrier,
    /// The next k tile is loaded into the stage being read (one iteration early).
    EarlyReuse,
    /// The epilogue's row predicate is `<=` M.
    OffByOne,
    /// The epilogue writes every row of the leading dimension, padding included.
    PaddedRow,
    /// The ldmatrix reads the tile through the layout without the swizzle the copy used.
    SwizzleOneSide,
}

const THREADS: usize = 128;
const SMEM: usize = 2 * 64 * 64 * 2 * 2;

/// `C(m, n) = A(m, k) B(n, k)ᵀ` for one 64x64 tile, bf16 operands K-major, f32 C with
/// leading dimension `ldc`: 2 stages of 64-deep k tiles, 2x2 warps of
/// `SM80_16x8x16_F32BF16BF16F32_TN`, and `bug` in one place.
fn tile_gemm(
    bug: Bug,
    (m, n, k, ldc): (usize, usize, usize, usize),
    a: GmemPtr<bf16>,
    b: GmemPtr<bf16>,
    c: GmemPtr<f32>,
) {
    let tid = thread_idx().x;
    // SAFETY: A is (m, k) and B (n, k) K-major with leading dimension k, C (m, n) with
    // leading dimension ldc; accesses are predicated on the identity tensors (the bugs
    // below break exactly that, which is what the sanitizer must see).
    let (ga, gb, gc) = unsafe {
        (
            make_gmem_tensor(a, KMajor::gmem(m, k, k)),
            make_gmem_tensor(b, KMajor::gmem(n, k, k)),
            make_gmem_tensor(c, layout!((m, n):(1, ldc))),
        )
    };
    let mut smem = SmemBuffer::dynamic();
    let sw = Swizzle::<3, 3, 3>::new();
    // SAFETY: written by cp.async, read by ldmatrix after the wait and the barrier.
    let (sa, sb) = unsafe {
        (
            smem.alloc_swizzled::<bf16, _, _>(sw, KMajor::smem::<_64, _64, _2>()),
            smem.alloc_swizzled::<bf16, _, _>(sw, KMajor::smem::<_64, _64, _2>()),
        )
    };
    // KMajor's g2s copy for 128 threads: (NT/8, 8) threads, 8 values along k each.
    let g2s = make_tiled_copy(
        G2sAtom::<bf16>::new(),
        layout!((16, 8):(8, 1)),
        layout!((1, 8)),
    );
    let thr_g2s = g2s.get_slice(tid);
    let (ia, ib) = (
        make_identity_tensor(shape!((m, k))),
        make_identity_tensor(shape!((n, k))),
    );
    let load = |kt: usize, stage: usize| {
        for (g, id, s, rows) in [(ga, ia, sa, m), (gb, ib, sb, n)] {
            let tg = thr_g2s.partition_s(local_tile(g, shape!((64, 64)), (0usize, kt)));
            let tc = thr_g2s.partition_s(local_tile(id, shape!((64, 64)), (0usize, kt)));
            let ts = thr_g2s.partition_d(s);
            let shape = tg.layout().shape();
            for i in 0..size(shape.e1()).value() as usize {
                for j in 0..size(shape.e2()).value() as usize {
                    let (r, col) = tc.get((0usize, i, j));
                    g2s.atom()
                        .with(r < rows as isize && col < k as isize)
                        .copy(&tg.slice((X, i, j)), &mut ts.slice((X, i, j, stage)));
                }
            }
        }
    };

    let mma = make_tiled_mma_permuted(
        SM80_16x8x16_F32BF16BF16F32_TN,
        layout!((2, 2, 1):(1, 2, 0)),
        (_32::new(), _32::new(), _16::new()),
    );
    let thr_mma = mma.get_slice(tid);
    let mut acc = thr_mma.partition_fragment_c(layout!((64, 64)));
    let mut af = thr_mma.partition_fragment_a(layout!((64, 64)));
    let mut bf = thr_mma.partition_fragment_b(layout!((64, 64)));
    let s2r_a = make_tiled_copy_a(Copy_Atom::<SM75_U32x4_LDSM_N, bf16>::new(), &mma);
    let s2r_b = make_tiled_copy_b(Copy_Atom::<SM75_U32x4_LDSM_N, bf16>::new(), &mma);
    let (thr_a, thr_b) = (s2r_a.get_slice(tid), s2r_b.get_slice(tid));
    // SAFETY: the same buffer and layout as `sa`, without its swizzle (the bug).
    let plain_a = unsafe { make_smem_tensor(sa.engine().as_ptr(), NoSwizzle, sa.layout()) };
    let (tsa, tsb) = (thr_a.partition_s(sa), thr_b.partition_s(sb));
    let tsa_plain = thr_a.partition_s(plain_a);

    let k_tiles = k.div_ceil(64);
    load(0, 0);
    cp_async_fence();
    for kt in 0..k_tiles {
        let stage = kt % 2;
        if kt + 1 < k_tiles {
            let next = if bug == Bug::EarlyReuse {
                stage
            } else {
                1 - stage
            };
            load(kt + 1, next);
        }
        cp_async_fence();
        cp_async_wait_n(1);
        if bug != Bug::MissingBarrier {
            syncthreads();
        }
        for kb in 0..4usize {
            if bug == Bug::SwizzleOneSide {
                s2r_a.copy(
                    &tsa_plain.slice((X, X, kb, stage)),
                    &mut thr_a.retile_d(af.view_mut()).slice((X, X, kb)),
                );
            } else {
                s2r_a.copy(
                    &tsa.slice((X, X, kb, stage)),
                    &mut thr_a.retile_d(af.view_mut()).slice((X, X, kb)),
                );
            }
            s2r_b.copy(
                &tsb.slice((X, X, kb, stage)),
                &mut thr_b.retile_d(bf.view_mut()).slice((X, X, kb)),
            );
            gemm_with(
                mma,
                &af.view().slice((X, X, kb)),
                &bf.view().slice((X, X, kb)),
                &mut acc,
            );
        }
        // Every warp is done with the stage before the next iteration refills it.
        syncthreads();
    }

    // Epilogue: each accumulator to C where its coordinate is inside.
    let mut tcgc = thr_mma.partition_c(local_tile(gc, shape!((64, 64)), (0usize, 0usize)));
    let tccc = thr_mma.partition_c(make_identity_tensor(shape!((64, 64))));
    let rows = match bug {
        Bug::OffByOne => m + 1,
        Bug::PaddedRow => ldc,
        _ => m,
    };
    for v in 0..acc.size().value() as usize {
        let (i, j) = tccc.get(v);
        if (i as usize) < rows && (j as usize) < n {
            tcgc.set(v, acc.get(v));
        }
    }
}

/// Runs [`tile_gemm`] with `bug` on `(m, n, k)` with C's leading dimension `ldc`;
/// checks C against an f64 reference when the launch succeeds.
fn run(bug: Bug, (m, n, k, ldc): (usize, usize, usize, usize)) -> Result<(), String> {
    let val = |i: usize, s: usize| bf16::from_f32(((i * 7 + s) % 13) as f32 / 4.0 - 1.5);
    let ha: Vec<bf16> = (0..m * k).map(|i| val(i, 1)).collect();
    let hb: Vec<bf16> = (0..n * k).map(|i| val(i, 2)).collect();
    let (a, b, c) = (
        DeviceVec::from_slice(&ha),
        DeviceVec::from_slice(&hb),
        DeviceVec::<f32>::zeroed(ldc * n),
    );
    let (pa, pb, pc) = (a.ptr(), b.ptr(), c.ptr());
    launch(Dim3::x(1), Dim3::x(THREADS), SMEM, || {
        tile_gemm(bug, (m, n, k, ldc), pa, pb, pc)
    })
    .map_err(|e| e.to_string())?;
    for j in 0..n {
        for i in 0..m {
            let r: f64 = (0..k)
                .map(|l| f64::from(ha[i * k + l].to_f32()) * f64::from(hb[j * k + l].to_f32()))
                .sum();
            let got = f64::from(c.as_slice()[i + j * ldc]);
            assert!(
                (got - r).abs() <= 1e-3 * (1.0 + r.abs()),
                "C({i},{j}) = {got}, want {r}"
            );
        }
    }
    Ok(())
}

/// Checks that a launch that must fail names `parts`, and prints its report.
#[track_caller]
fn report(r: Result<(), String>, parts: &[&str]) {
    let e = r.expect_err("the sanitizer must report the bug");
    for p in parts {
        assert!(e.contains(p), "the report lacks {p:?}:\n{e}");
    }
    println!("{e}");
}

#[test]
fn the_correct_kernel_runs_clean() {
    // k is a multiple of 8: the kernel copies 16-byte vectors unconditionally (the
    // sanitizer reports the over-read at k = 1, below).
    for shape in [
        (64, 64, 128, 64),
        (50, 37, 200, 53),
        (1, 1, 8, 1),
        (64, 64, 64, 70),
    ] {
        run(Bug::None, shape).unwrap();
    }
}

#[test]
fn a_vector_copy_past_a_ragged_k_edge_is_out_of_bounds() {
    // The tile kernel's own limit: 16-byte cp.async per 8 elements, predicated on the
    // first, so k = 1 reads 14 bytes past A's single element.
    report(
        run(Bug::None, (1, 1, 1, 1)),
        &[
            "[memcheck] Invalid __global__ read of 16 bytes (cp.async)",
            "outside the 2-byte allocation",
            "coordinate (0,0) (element offset 0) of the global tensor (1,1):(1,_1)",
        ],
    );
}

#[test]
fn a_missing_barrier_before_ldmatrix_is_a_race() {
    report(
        run(Bug::MissingBarrier, (64, 64, 128, 64)),
        &[
            "[racecheck] Read-after-write",
            "ldmatrix read",
            "earlier cp.async write",
            "coordinate (",
            "of the shared tensor",
            "tile_gemm",
            "kernels/tests/sanitizer.rs",
        ],
    );
}

#[test]
fn a_stage_reused_one_iteration_early_is_reported() {
    report(
        run(Bug::EarlyReuse, (64, 64, 256, 64)),
        &["[racecheck]", "cp.async", "tile_gemm"],
    );
}

#[test]
fn an_off_by_one_predicate_at_the_m_edge_is_out_of_bounds() {
    // C has no padding: row m of the last column is past the allocation.
    report(
        run(Bug::OffByOne, (50, 37, 64, 50)),
        &[
            "[memcheck] Invalid __global__ write of 4 bytes (st.global)",
            "coordinate (0,37), outside the shape",
            "past the 7400 bytes it spans, of the global tensor (50,37):(_1,50)",
            "tile_gemm",
        ],
    );
}

#[test]
fn an_epilogue_that_writes_padded_rows_is_reported() {
    report(
        run(Bug::PaddedRow, (50, 37, 64, 56)),
        &[
            "[memcheck] st.global write of 4 bytes",
            "no element of its tensor",
            "outside the shape (element offset",
            "of the global tensor (50,37):(_1,56)",
            "tile_gemm",
        ],
    );
}

#[test]
fn a_swizzle_on_one_side_only_is_a_layout_mismatch() {
    report(
        run(Bug::SwizzleOneSide, (64, 64, 64, 64)),
        &[
            "[layoutcheck] ldmatrix read",
            "but those bytes were written as coordinate",
            "tile_gemm",
        ],
    );
}

#[test]
fn reading_shared_memory_nothing_wrote_is_reported() {
    // A block reduction over 4 warps' partial sums that reads 8 slots.
    let e = launch(Dim3::x(1), Dim3::x(128), 1024, || {
        let mut smem = SmemBuffer::dynamic();
        // SAFETY: lane 0 of each warp writes its slot; thread 0 reads after the barrier.
        let mut partial = unsafe { smem.alloc::<f32, _>(layout!(8)) };
        let (warp, lane) = (thread_idx().x / 32, thread_idx().x % 32);
        if lane == 0 {
            partial.set(warp, 1.0);
        }
        syncthreads();
        if thread_idx().x == 0 {
            let _total: f32 = (0..8usize).map(|w| partial.get(w)).sum();
        }
    })
    .unwrap_err()
    .to_string();
    for p in [
        "[initcheck] Uninitialized __shared__ read",
        "coordinate 4 ",
        "of the shared tensor _8:_1",
    ] {
        assert!(e.contains(p), "{p:?} missing:\n{e}");
    }
}

#[test]
fn a_named_barrier_with_the_wrong_thread_count_is_reported() {
    // Warpgroup 0 syncs its 128 threads with a count of 256; the other warpgroup exits.
    let e = launch(Dim3::x(1), Dim3::x(256), 0, || {
        if thread_idx().x < 128 {
            named_barrier_sync(1, 256);
        }
    })
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("named barrier") && e.contains("can never complete"),
        "{e}"
    );
}

#[test]
fn a_syncthreads_not_every_thread_reaches_is_reported() {
    let e = launch(Dim3::x(1), Dim3::x(64), 0, || {
        if thread_idx().x < 32 {
            syncthreads();
        }
    })
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("syncthreads") && e.contains("can never complete"),
        "{e}"
    );
}

#[test]
fn a_deadlocked_mbarrier_wait_is_reported() {
    // The producer waits for the consumer's release of phase 0, which never comes.
    let e = launch(Dim3::x(1), Dim3::x(64), 1024, || {
        let mut smem = SmemBuffer::dynamic();
        // SAFETY: the barrier's word is only touched through the mbarrier instructions.
        let bar = unsafe { Mbarrier::at(smem.alloc::<u64, _>(layout!(1)).engine().as_ptr()) };
        if thread_idx().x == 0 {
            bar.init(1);
        }
        syncthreads();
        bar.wait(0);
    })
    .unwrap_err()
    .to_string();
    assert!(e.contains("mbarrier wait can never complete"), "{e}");
}

#[test]
fn a_race_between_two_warps_on_a_shared_word_is_reported() {
    // Each warp's lane 0 accumulates into one counter with no barrier or atomic.
    let e = launch(Dim3::x(1), Dim3::x(64), 128, || {
        let mut smem = SmemBuffer::dynamic();
        // SAFETY: one element, touched by two threads (the bug).
        let mut s = unsafe { smem.alloc::<u32, _>(layout!(1)) };
        if thread_idx().x == 0 {
            s.set(0usize, 0);
        }
        syncthreads();
        if thread_idx().x.is_multiple_of(32) {
            let v = s.get(0usize);
            s.set(0usize, v + 1);
        }
    })
    .unwrap_err()
    .to_string();
    assert!(
        e.contains("[racecheck]") && e.contains("hazard on __shared__ memory"),
        "{e}"
    );
}

/// A global tensor whose layout reaches past the buffer it was made over: reads that
/// fall on the tensor's elements but outside the allocation are reported with the
/// allocation's size, the coordinate and the thread.
#[test]
fn a_read_past_the_allocation_on_the_tensors_elements_is_reported() {
    let v = DeviceVec::<f32>::zeroed(64);
    let p = v.ptr();
    let r = launch(Dim3::x(1), Dim3::x(32), 0, || {
        // SAFETY: deliberately wrong: the layout claims 200 elements of a 64-element
        // buffer (the bug under test; the emulator stops the read before it is made).
        let t = unsafe { make_gmem_tensor(p, layout!(200)) };
        let _ = t.get(2 * thread_idx().x as isize + 102);
    })
    .map_err(|e| e.to_string());
    report(
        r,
        &[
            "[memcheck] Invalid __global__ read of 4 bytes (ld.global) by thread",
            "outside the 256-byte allocation",
            // The first thread to read reports; each reads coordinate 2 tid + 102.
            "of the global tensor _200:_1",
            "(31 more like it)",
        ],
    );
}

/// Two CTAs store one output tile (a tile index computed from the wrong grid
/// coordinate): a write-after-write race on global memory, reported with both blocks.
#[test]
fn two_ctas_writing_one_output_tile_is_a_race() {
    let c = DeviceVec::<f32>::zeroed(64);
    let pc = c.ptr();
    let r = launch(Dim3::x(2), Dim3::x(32), 0, || {
        // SAFETY: C holds 64 elements; every store is inside. The tile index reads the
        // grid's y coordinate, 0 in this one-dimensional grid (the bug under test).
        let mut t = unsafe { make_gmem_tensor(pc, layout!(64)) };
        let tile = cutlet_core::cuda::block_idx().y;
        t.set((tile * 32 + thread_idx().x) as isize, 1.0);
    })
    .map_err(|e| e.to_string());
    report(
        r,
        &[
            "[racecheck] Write-after-write hazard on __global__ memory: st.global write of 4 bytes by thread",
            "of block (1,0,0), and an earlier st.global write by thread",
            "of block (0,0,0), with no barrier or release and acquire",
            "of the global tensor _64:_1",
            "(31 more like it)",
        ],
    );
}

/// A split-K fix-up: each of 4 CTAs writes its partial sums, and one adds them up. With
/// the semaphore (an acquire-release counter; the last CTA to arrive adds) it runs clean
/// and right; without it (block 3 adds, whenever the others wrote) the reads of the
/// other CTAs' partials are races.
#[test]
fn a_split_k_fixup_without_its_semaphore_is_a_race() {
    let run = |semaphore: bool| {
        let partials = DeviceVec::<f32>::zeroed(4 * 32);
        let out = DeviceVec::<f32>::zeroed(32);
        let counter = DeviceVec::<u32>::zeroed(1);
        let (pp, po, pn) = (partials.ptr(), out.ptr(), counter.ptr());
        let r = launch(Dim3::x(4), Dim3::x(32), 1024, || {
            let (part, lane) = (cutlet_core::cuda::block_idx().x, thread_idx().x);
            // SAFETY: 4 parts of 32 partials, 32 outputs and one counter, each index
            // inside; the counter is reached only through atomics.
            let (mut ws, mut o) = unsafe {
                (
                    make_gmem_tensor(pp, layout!(128)),
                    make_gmem_tensor(po, layout!(32)),
                )
            };
            ws.set((part * 32 + lane) as isize, (part + 1) as f32);
            syncthreads();
            let last = if semaphore {
                let mut smem = SmemBuffer::dynamic();
                // SAFETY: one word of the block's shared memory, written by thread 0
                // between the two barriers and read after the second.
                let mut f = unsafe { smem.alloc::<u32, _>(layout!(1)) };
                if lane == 0 {
                    // SAFETY: the counter is one aligned word, only reached atomically.
                    let old =
                        unsafe { cutlet_core::cuda::atomic_add_acq_rel(pn.as_ptr().cast_mut(), 1) };
                    f.set(0, old);
                }
                syncthreads();
                f.get(0) == 3
            } else {
                part == 3
            };
            if last {
                let sum: f32 = (0..4).map(|p| ws.get((p * 32 + lane) as isize)).sum();
                o.set(lane as isize, sum);
            }
        })
        .map_err(|e| e.to_string());
        (r, out.as_slice().to_vec())
    };
    let (clean, sums) = run(true);
    assert_eq!(clean, Ok(()));
    assert_eq!(sums, vec![10.0; 32]);
    report(
        run(false).0,
        &[
            "[racecheck] Read-after-write hazard on __global__ memory: ld.global read of 4 bytes by thread",
            "of block (3,0,0), and an earlier st.global write by thread",
            "with no barrier or release and acquire (a GPU-scope atomic) ordering them",
            "of the global tensor _128:_1",
        ],
    );
}

/// Threads of one CTA that add to one global word with no barrier between them: a race
/// on global memory within the block.
#[test]
fn threads_of_one_cta_updating_one_global_word_race() {
    let c = DeviceVec::<f32>::zeroed(1);
    let pc = c.ptr();
    let r = launch(Dim3::x(1), Dim3::x(64), 0, || {
        // SAFETY: one element; every access is to it (unordered: the bug under test).
        let mut t = unsafe { make_gmem_tensor(pc, layout!(1)) };
        let v = t.get(0usize);
        t.set(0usize, v + 1.0);
    })
    .map_err(|e| e.to_string());
    let e = r.unwrap_err();
    assert!(
        e.contains("[racecheck]") && e.contains("hazard on __global__ memory"),
        "{e}"
    );
}
