//! The blocked GEMM of one instruction set: the loop nest over cache blocks and register
//! tiles (BLIS's five loops, written with CuTe's `local_tile` and slices of the packed
//! layouts), instantiated by [`isa_gemm!`] once per instruction set and element type
//! with that set's [`tiles`](super::tiles), target features and multiply-add. Every function
//! of an instantiation is compiled with the same target features, so the packers and
//! the micro-kernel are vectorized for the set and call each other without `unsafe`.

/// Re-type a unit stride of an operand as the static `_1` (so that the packing copies
/// move contiguous runs), then run `$body` with the operand bound to `$x`.
macro_rules! with_unit_stride {
    ($t:expr, |$x:ident| $body:expr) => {{
        let t = $t;
        let (shape, (rs, cs)) = t.layout().pair();
        if rs == 1 {
            let $x = t.with_layout(StridedLayout::new(shape, (_1::new(), cs)));
            $body
        } else if cs == 1 {
            let $x = t.with_layout(StridedLayout::new(shape, (rs, _1::new())));
            $body
        } else {
            let $x = t;
            $body
        }
    }};
}
pub(crate) use with_unit_stride;

/// One instruction set's GEMM: module `$name` with the tiles of `tiles::$tiles`, the
/// vector atom of `simd::$tiles` and target features `$attr`; its entry point is `run`.
macro_rules! isa_gemm {
    ($(#[$doc:meta])* $name:ident, $tiles:ident, $(#[$attr:meta])*) => {
        $(#[$doc])*
        pub(crate) mod $name {
            #![allow(clippy::too_many_arguments)]
            use super::super::kernel::GmemMatMut;
            use super::super::pack::{GmemMat, KTile, Packed, transpose8};
            use super::super::sgemm::Workspace;
            use super::super::tiles::$tiles::{
                Accum, AccumVec, A_PANEL, B_PANEL, KC, Kc, MC, MR, Mr, Mv, NC, NR, Nr, NrEdge, PackedA, PackedB, PackedBK, PanelA, PanelB, PanelBK, T,
            };
            use super::super::simd::$tiles as vector;
            use super::super::tiles::{balanced, ceil_div};
            use cutlet_core::prelude::*;
            use cutlet_core::tensor::{Contiguous, ContiguousMut, View, ViewMut};

            /// A register panel of A or B: in the packing buffer, or A in place.
            pub(crate) type Panel<'a, L> = Tensor<View<'a, [T]>, L>;

            /// The most register panels of B an A panel is read in place for.
            const DIRECT_MAX_REUSE: isize = 4;

            $crate::pack::packers!($(#[$attr])*);
            $crate::kernel::micro_kernel!($(#[$attr])*);

            /// `C = alpha * A * B^T + beta * C` for `A: (M, K)`, `B: (N, K)`,
            /// `C: (M, N)` (CuTe's operand convention) with `K > 0`.
            $(#[$attr])*
            fn gemm_blocked<DA: OperandStride, DB: OperandStride, DC: OutputStride>(
                alpha: T,
                a: GmemMat<'_, T, DA>,
                b: GmemMat<'_, T, DB>,
                beta: T,
                mut c: GmemMatMut<'_, T, DC>,
                ws: &mut Workspace<T>,
            ) {
                let ((m, k), n) = (a.layout().shape(), b.layout().shape().0);
                let (buf_a, buf_b) = ws.buffers();
                // Blocks of equal size (in whole register panels), at most MC x NC: with
                // MC = 192, 256 rows are two blocks of 128, not 192 and a 64-row remainder.
                let (mc, nc) = (balanced(m, MC, MR), balanced(n, NC, NR));
                for jc in 0..ceil_div(n, nc) {
                    let (nv, q0) = (nc.min(n - jc * nc), jc * (nc / NR));
                    for pc in 0..ceil_div(k, KC) {
                        let kv = KC.min(k - pc * KC);
                        // An A panel used by few B panels is read in place when A's
                        // columns are contiguous (and do not alias in L1): packing it
                        // would cost as much as its products. Otherwise a B panel whose
                        // K is contiguous is (faer's gemm does the same): its rows stay
                        // in L1 through the whole run of A panels.
                        // (A needs a whole panel: a partial one is packed anyway.)
                        let a_in_place = m >= MR && ceil_div(nv, NR) <= DIRECT_MAX_REUSE && DA::direct_a(a, 0, pc).is_some();
                        let b_in_place = !a_in_place && DB::direct_b(b, q0, pc, nv).is_some();
                        if !b_in_place {
                            pack_b(b, q0, pc, nv, kv, buf_b);
                        }
                        // Later K blocks accumulate onto what the first one wrote.
                        let beta = if pc == 0 { beta } else { 1.0 };
                        for ic in 0..ceil_div(m, mc) {
                            let (mv, p0) = (mc.min(m - ic * mc), ic * (mc / MR));
                            // The whole panels of A go in place, a partial last one is
                            // packed.
                            let direct = if a_in_place { mv / MR } else { 0 };
                            let mut sa = Tensor::from_parts(ViewMut::new(&mut buf_a[..], 0), PackedA::default());
                            if direct * MR < mv {
                                pack_a(a, p0 + direct, pc, mv - direct * MR, kv, &mut sa);
                            }
                            let sa = sa.view();
                            let (tiles_m, tiles_n) = (ceil_div(mv, MR), ceil_div(nv, NR));
                            if direct > 0 {
                                // An A panel read in place serves its few B panels while
                                // it is in L1: one run along each row of tiles.
                                for ir in 0..tiles_m {
                                    let run = TileRun { first: (p0 + ir, q0), step: (0, 1), count: tiles_n, a_step: 0, b_step: B_PANEL, extent: (mv - ir * MR, nv) };
                                    let tb = DB::panel_b(buf_b, 0);
                                    if ir < direct && let Some(ta) = DA::direct_a(a, p0 + ir, pc) {
                                        mma_tiles::<DC, DB::PanelB, DirectA>(kv, ta, tb, alpha, beta, &mut c, run);
                                    } else {
                                        let ta = sa.slice(coord!(((_, {ir - direct}), _)));
                                        mma_tiles::<DC, DB::PanelB, PanelA>(kv, ta, tb, alpha, beta, &mut c, run);
                                    }
                                }
                            } else {
                                // A B panel stays in L1 while the packed A block streams
                                // from L2: one run down each column of tiles.
                                for jr in 0..tiles_n {
                                    let run = TileRun { first: (p0, q0 + jr), step: (1, 0), count: tiles_m, a_step: A_PANEL, b_step: 0, extent: (mv, nv - jr * NR) };
                                    let ta = sa.slice(coord!(((_, 0), _)));
                                    if b_in_place && let Some(tb) = DB::direct_b(b, q0 + jr, pc, nv - jr * NR) {
                                        mma_tiles::<DC, InPlaceK, PanelA>(kv, ta, tb, alpha, beta, &mut c, run);
                                    } else {
                                        mma_tiles::<DC, DB::PanelB, PanelA>(kv, ta, DB::panel_b(buf_b, jr), alpha, beta, &mut c, run);
                                    }
                                }
                            }
                        }
                    }
                }
            }

            /// Reserve `ws` for the product, give unit strides their static type, then run
            /// the blocked product (`A: (M, K)`, `B: (N, K)`, `C: (M, N)`, `K > 0`).
            $(#[$attr])*
            pub(crate) fn run(
                alpha: T,
                a: GmemMat<'_, T, (isize, isize)>,
                b: GmemMat<'_, T, (isize, isize)>,
                beta: T,
                c: GmemMatMut<'_, T, (isize, isize)>,
                ws: &mut Workspace<T>,
            ) {
                let len = |x: isize, block: isize, r: isize, panel: isize| (ceil_div(x.min(block), r) * panel) as usize;
                ws.reserve(len(a.shape().0, MC, MR, A_PANEL), len(b.shape().0, NC, NR, B_PANEL));
                let (crs, ccs) = c.layout().stride();
                $crate::blocked::with_unit_stride!(a, |a| $crate::blocked::with_unit_stride!(b, |b| {
                    if crs == 1 {
                        let shape = c.shape();
                        let c = c.with_layout(StridedLayout::new(shape, (_1::new(), ccs)));
                        gemm_blocked(alpha, a, b, beta, c, ws)
                    } else {
                        gemm_blocked(alpha, a, b, beta, c, ws)
                    }
                }))
            }
        }
    };
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
isa_gemm!(
    /// f32, AVX-512F.
    f32_avx512, f32_avx512,
    #[target_feature(enable = "avx512f,avx2,fma")]
);
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
isa_gemm!(
    /// f32, AVX2 and FMA.
    f32_avx2, f32_avx2,
    #[target_feature(enable = "avx2,fma")]
);
isa_gemm!(
    /// f32, the build's baseline target.
    f32_base, f32_base,
);
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
isa_gemm!(
    /// f64, AVX-512F.
    f64_avx512, f64_avx512,
    #[target_feature(enable = "avx512f,avx2,fma")]
);
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
isa_gemm!(
    /// f64, AVX2 and FMA.
    f64_avx2, f64_avx2,
    #[target_feature(enable = "avx2,fma")]
);
isa_gemm!(
    /// f64, the build's baseline target.
    f64_base, f64_base,
);
