//! The SM80 copy atoms executed through the typed TiledCopy in the emulator: `cp.async`
//! (ZFILL, predicated from the identity tensor) from global into swizzled shared memory,
//! then `ldmatrix` through `make_tiled_copy_A/B` and `retile_D` into the MMA's register
//! fragments. Every value must be the one `partition_A/B` of the same shared tile names,
//! for K-major (`ldmatrix`) and MN-major (`ldmatrix.trans`) tiles.

use cutlet::atom::*;
use cutlet::cuda::{Dim3, SmemBuffer, cp_async, emu, make_gmem_tensor, syncthreads, thread_idx};
use cutlet::prelude::*;
use half::f16;
use std::sync::atomic::{AtomicUsize, Ordering};

/// An (mn, k) operand in global memory (`$major` lays it out), copied by 128 threads
/// into the 128x64 smem tile `$smem` with `$g2s`, predicated on `(mn, k)`; then every
/// thread's A (or B) fragment by `$s2r` equals `partition_$part` of the tile.
macro_rules! g2s_then_s2r {
    ($gl:expr, $mn:expr, $k:expr, $smem:expr, $g2s:expr, $s2r:ident, $ldsm:ty, $part:ident, $frag:ident) => {{
        let (mn, k): (usize, usize) = ($mn, $k);
        let data: Vec<f16> = (0..mn * k).map(|i| f16::from_f32((i % 251) as f32)).collect();
        let src = emu::DeviceVec::from_slice(&data);
        let ptr = src.ptr();
        let mma = make_tiled_mma_permuted(
            SM80_16x8x16_F32F16F16F32_TN,
            layout!((2,2,1):(1,2,0)),
            (_32::new(), _32::new(), _16::new()),
        );
        let checked = AtomicUsize::new(0);
        emu::launch(Dim3::x(1), Dim3::x(128), 128 * 64 * 2, || {
            let tid = thread_idx().x;
            // SAFETY: the buffer holds mn*k elements; only in-bounds elements are read.
            let g = unsafe { make_gmem_tensor(ptr, $gl(mn, k)) };
            let id = make_identity_tensor(shape!((mn, k)));
            let mut smem = SmemBuffer::dynamic();
            // SAFETY: written by cp.async, read after the wait and the barrier.
            let s = unsafe { smem.alloc::<f16, _>($smem) };
            let g2s = $g2s;
            let thr = g2s.get_slice(tid);
            let gt = thr.partition_s(local_tile(g, shape!((128, 64)), (0usize, 0usize)));
            let ct = thr.partition_s(local_tile(id, shape!((128, 64)), (0usize, 0usize)));
            let st = thr.partition_d(s);
            let (n1, n2) = (size(get::<1, _>(gt.shape())).value(), size(get::<2, _>(gt.shape())).value());
            for j in 0..n2 as usize {
                for i in 0..n1 as usize {
                    let (r, c) = ct.get((0usize, i, j));
                    let ok = r < mn as isize && c < k as isize;
                    let (gi, mut si) = (gt.slice((X, i, j)), st.slice((X, i, j)));
                    g2s.with(ok).copy(&gi, &mut si);
                }
            }
            cp_async::cp_async_fence();
            cp_async::cp_async_wait::<0>();
            syncthreads();
            // every element of the tile: the operand or zero
            if tid == 0 {
                for j in 0..64usize {
                    for i in 0..128usize {
                        let want = if i < mn && j < k { g.get((i, j)) } else { f16::ZERO };
                        assert_eq!(s.get((i, j)), want, "smem({i},{j})");
                    }
                }
            }
            let t = mma.get_slice(tid);
            let mut frag = t.$frag(s.layout());
            let s2r = $s2r(Copy_Atom::<$ldsm, f16>::new(), &mma);
            let st = s2r.get_slice(tid);
            s2r.copy(&st.partition_s(s), &mut st.retile_d(frag.view_mut()));
            let want = t.$part(s);
            for v in 0..size(&frag).value() {
                assert_eq!(frag.get(v), want.get(v), "thread {tid} value {v}");
            }
            checked.fetch_add(1, Ordering::Relaxed);
        })
        .unwrap();
        assert_eq!(checked.into_inner(), 128);
    }};
}

#[test]
fn k_major_cp_async_zfill_then_ldmatrix() {
    let smem = tile_to_shape(Sm80_SmemAtom_K_SW128::default(), shape!((128, 64)));
    let g2s = || {
        make_tiled_copy(
            Copy_Atom::<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, f16>::new(),
            layout!((16,8):(8,1)),
            layout!((1, 8)),
        )
    };
    let gl = |mn: usize, k: usize| layout!((mn, k):(k, 1));
    for (mn, k) in [(128, 64), (100, 40), (1, 8), (77, 64)] {
        g2s_then_s2r!(
            gl,
            mn,
            k,
            smem,
            g2s(),
            make_tiled_copy_a,
            SM75_U32x4_LDSM_N,
            partition_a,
            partition_fragment_a
        );
        g2s_then_s2r!(
            gl,
            mn,
            k,
            smem,
            g2s(),
            make_tiled_copy_b,
            SM75_U32x4_LDSM_N,
            partition_b,
            partition_fragment_b
        );
    }
}

#[test]
fn mn_major_cp_async_zfill_then_ldmatrix_trans() {
    let smem = tile_to_shape(Sm80_SmemAtom_MN_SW128::default(), shape!((128, 64)));
    let g2s = || {
        make_tiled_copy(
            Copy_Atom::<SM80_CP_ASYNC_CACHEALWAYS_ZFILL<u128>, f16>::new(),
            layout!((16,8):(1,16)),
            layout!((8, 1)),
        )
    };
    let gl = |mn: usize, k: usize| layout!((mn, k):(1, mn));
    for (mn, k) in [(128, 64), (96, 33), (8, 1)] {
        g2s_then_s2r!(
            gl,
            mn,
            k,
            smem,
            g2s(),
            make_tiled_copy_a,
            SM75_U16x8_LDSM_T,
            partition_a,
            partition_fragment_a
        );
        g2s_then_s2r!(
            gl,
            mn,
            k,
            smem,
            g2s(),
            make_tiled_copy_b,
            SM75_U16x8_LDSM_T,
            partition_b,
            partition_fragment_b
        );
    }
}
