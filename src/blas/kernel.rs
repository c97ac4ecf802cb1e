//! The register level: the micro-kernel that accumulates an `(MR, NR)` register tile
//! over one packed panel pair, and the epilogue that writes it into C.
//!
//! The micro-kernel is CuTe's main loop on one thread: per `k`, copy a column of the A
//! panel and of the B panel into register fragments, then `gemm` their outer product
//! into the accumulator (the `(M) x (N) => (M,N)` pattern). All three tensors have static
//! layouts, so every offset is a constant and the compiler keeps the accumulator in
//! vector registers: per `k`, `MR / lanes` vector loads of A, `NR` broadcasts of B and
//! `MR * NR / lanes` FMAs (on AVX-512 f32: two loads, twelve broadcasts, 24 zmm FMAs).
//!
//! The body is written once ([`micro_kernel!`]) and instantiated per instruction set, in
//! a function compiled with that set's target features: the same layout-built code then
//! vectorizes to xmm, ymm or zmm registers.

use crate::algorithm::{Mat, MatMut, MmaKernel};
use crate::prelude::*;
use crate::tensor::Numeric;

/// C in global memory, `(M, N)`, with stride type `D`.
pub(crate) type GmemMatMut<'a, T, D> =
    Tensor<ViewMutEngine<'a, T, Gmem>, Layout<(isize, isize), D>>;

/// CuTe's `UniversalFMA` with the hardware's fused multiply-add whatever the crate's
/// build target: inside a function compiled with the `fma` (or `avx512f`) target feature,
/// `f32::mul_add` is one `vfmadd` instruction, while [`Numeric::mul_add`] is fused only
/// where the whole build targets FMA. (The element type is resolved at compile time:
/// the `Any` casts fold away.)
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Fused;
impl MmaKernel for Fused {
    #[inline(always)]
    fn mma<A: Mat, B: Mat<T = A::T>, C: MatMut<T = A::T>>(&self, a: &A, b: &B, c: &mut C) {
        for n in 0..c.cols() {
            for m in 0..c.rows() {
                let mut acc = c.at(m, n);
                for k in 0..a.cols() {
                    acc = fused(a.at(m, k), b.at(n, k), acc);
                }
                c.set(m, n, acc);
            }
        }
    }
}

/// `a * b + c`, fused for `f32` and `f64`.
#[inline(always)]
fn fused<T: Numeric>(a: T, b: T, c: T) -> T {
    use core::any::Any;
    let mut r = (a, b, c);
    let any: &mut dyn Any = &mut r;
    if let Some((a, b, c)) = any.downcast_mut::<(f32, f32, f32)>() {
        *c = a.mul_add(*b, *c);
    } else if let Some((a, b, c)) = any.downcast_mut::<(f64, f64, f64)>() {
        *c = a.mul_add(*b, *c);
    } else {
        r.2 = a.mul_add(b, c);
    }
    r.2
}

/// The micro-kernel and epilogue of one instruction set, compiled with its target
/// features (`$attr`) and MMA atom (`$atom`), inside a module whose `T`, `Mr`, `Nr`,
/// `Kc`, `KC`, `PanelA`, `PanelB` and `Accum` are that set's.
macro_rules! micro_kernel {
    ($atom:path, $(#[$attr:meta])*) => {
        /// The MMA atom.
        const ATOM: $atom = $atom;
        /// The register tile of C.
        pub(crate) type AccumTensor =
            OwnedTensor<T, <Accum as LayoutParts>::Shape, <Accum as LayoutParts>::Stride>;

        /// The layouts of a register panel of packed B: [`NMajor`] (`PanelB`) or
        /// [`KMajor`] (`PanelBK`, K contiguous); the micro-kernel is instantiated for each.
        pub(crate) trait BPanel {
            /// The panel's layout.
            type Layout: Copy;
            /// `acc = A_panel(:, 0..kv) * B_panel(:, 0..kv)^T`.
            fn mma_panels(kv: isize, a: Panel<'_, PanelA>, b: Panel<'_, Self::Layout>) -> AccumTensor;
        }
        /// B panels laid out `PanelB`.
        pub(crate) struct NMajor;
        /// B panels laid out `PanelBK`.
        pub(crate) struct KMajor;
        $crate::blas::kernel::b_panel!(NMajor => PanelB, KMajor => PanelBK);

        /// The stride types of C the micro-kernel is instantiated for (a unit row stride
        /// is the static `_1`, so the epilogue moves whole columns of the register tile).
        pub(crate) trait OutputStride: Copy {
            /// `C_tile = alpha * acc + beta * C_tile` for the `(MR, NR)` tile of C at tile
            /// coordinate `tile`, over its valid `(mv, nv)` corner (edge tiles are partial).
            fn store(acc: AccumTensor, alpha: T, beta: T, c: &mut GmemMatMut<'_, T, Self>, tile: (isize, isize), mv: isize, nv: isize);
        }
        $crate::blas::kernel::output_stride!((_1, isize) => true, (isize, isize) => false);

        /// One register tile: accumulate `A_panel * B_panel^T` over `kv` and write
        /// `C_tile = alpha * acc + beta * C_tile` (see `OutputStride::store`). The
        /// accumulator never leaves registers: the epilogue is part of the kernel.
        #[allow(clippy::too_many_arguments)]
        $(#[$attr])*
        #[inline(never)]
        fn mma_tile<D: OutputStride, LB: BPanel>(
            kv: isize,
            a: Panel<'_, PanelA>,
            b: Panel<'_, LB::Layout>,
            alpha: T,
            beta: T,
            c: &mut GmemMatMut<'_, T, D>,
            tile: (isize, isize),
            mv: isize,
            nv: isize,
        ) {
            D::store(LB::mma_panels(kv, a, b), alpha, beta, c, tile, mv, nv)
        }
    };
}
pub(crate) use micro_kernel;

/// `BPanel` for the given panel layouts of B.
macro_rules! b_panel {
    ($($m:ty => $l:ty),*) => {$(
        impl BPanel for $m {
            type Layout = $l;
            #[inline(always)]
            fn mma_panels(kv: isize, a: Panel<'_, PanelA>, b: Panel<'_, $l>) -> AccumTensor {
                let mut acc = make_owned_tensor::<T, _>(Accum::default());
                // Cut each panel's storage to its static cosize: with `kv <= KC` the
                // compiler then proves every column access in bounds and the loop
                // carries no checks.
                let kv = kv.clamp(0, KC);
                let a = Tensor::from_parts(
                    a.engine().narrow(cosize(a.layout()).value() as usize),
                    a.layout(),
                );
                let b = Tensor::from_parts(
                    b.engine().narrow(cosize(b.layout()).value() as usize),
                    b.layout(),
                );
                for k in 0..kv {
                    let mut ra = make_owned_tensor::<T, _>(Mr::default());
                    copy(&a.slice(coord!((_, k))), &mut ra);
                    // B's values are broadcast one by one, straight from the panel.
                    gemm_using(ATOM, &ra, &b.slice(coord!((_, k))), &mut acc);
                }
                acc
            }
        }
    )*};
}
pub(crate) use b_panel;

/// `OutputStride` for the given stride types of C (`true`: C's columns are contiguous).
macro_rules! output_stride {
    ($($d:ty => $contiguous:expr),*) => {$(
        impl OutputStride for $d {
            #[inline(always)]
            fn store(acc: AccumTensor, alpha: T, beta: T, c: &mut GmemMatMut<'_, T, Self>, tile: (isize, isize), mv: isize, nv: isize) {
                let mut tc = local_tile(c.view_mut(), (Mr::default(), Nr::default()), tile);
                if mv == Mr::default().value() && nv == Nr::default().value() {
                    if $contiguous {
                        // Column by column, as CuTe's epilogue: C's column (its storage
                        // cut to the static extent, one bounds check) into a register
                        // fragment, `axpby` there, and back. Every access is then
                        // proven in bounds and free of aliasing: whole vector moves.
                        for j in 0..Nr::default().value() {
                            let mut col = tc.view_mut().slice(coord!((_, j)));
                            let layout = col.layout();
                            let run = col.engine.run_mut(0, cosize(layout).value() as usize);
                            let mut col = Tensor::from_parts(ViewMutEngine::<'_, T, Gmem>::new(run, 0), layout);
                            let mut frag = make_owned_tensor::<T, _>(Mr::default());
                            if beta != 0.0 {
                                copy(&col, &mut frag);
                            }
                            axpby(alpha, &acc.view().slice(coord!((_, j))), beta, &mut frag);
                            copy(&frag, &mut col);
                        }
                    } else {
                        axpby(alpha, &acc, beta, &mut tc);
                    }
                } else {
                    // A copy: the full-tile path's accumulator must not escape into
                    // this path's calls, or the compiler assumes C may alias it.
                    let part = acc;
                    let residue = shape!((mv, nv));
                    axpby(alpha, &part.view().composition(residue), beta, &mut tc.composition(residue));
                }
            }
        }
    )*};
}
pub(crate) use output_stride;
