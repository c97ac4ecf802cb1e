//! The register level: the micro-kernel that accumulates an `(MR, NR)` register tile
//! over one packed panel pair, and the epilogue that writes it into C.
//!
//! The micro-kernel is CuTe's main loop on one thread: per `k`, copy a column of the A
//! panel and of the B panel into register fragments, then `gemm` their outer product
//! into the accumulator (the `(M) x (N) => (M,N)` pattern). All three tensors have static
//! layouts, so every offset is a constant and the compiler keeps the accumulator in
//! vector registers: per `k`, two vector loads of A, six broadcasts of B, twelve FMAs.

use super::tiles::{Accum, Mr, Nr, PanelA, PanelB};
use crate::int::{_1, Integral};
use crate::prelude::*;

/// A packed panel of A or B, in the packing buffer.
pub(crate) type Panel<'a, L> = Tensor<ViewEngine<'a, f32, Smem>, L>;
/// The register tile of C.
pub(crate) type AccumTensor =
    OwnedTensor<f32, <Accum as LayoutParts>::Shape, <Accum as LayoutParts>::Stride>;
/// C in global memory, `(M, N)`, with stride type `D`.
pub(crate) type GmemMatMut<'a, D> = Tensor<ViewMutEngine<'a, f32, Gmem>, Layout<(isize, isize), D>>;

/// `acc = A_panel(:, 0..kv) * B_panel(:, 0..kv)^T`.
#[inline(always)]
fn mma_panels(kv: isize, a: Panel<'_, PanelA>, b: Panel<'_, PanelB>) -> AccumTensor {
    let mut acc = make_owned_tensor::<f32, _>(Accum::default());
    // Cut each panel's storage to its static cosize: with `kv <= KC` the compiler then
    // proves every column access in bounds and the loop carries no checks.
    let kv = kv.clamp(0, super::tiles::KC);
    let a = Tensor::from_parts(
        a.engine().narrow(cosize(a.layout()).value() as usize),
        a.layout(),
    );
    let b = Tensor::from_parts(
        b.engine().narrow(cosize(b.layout()).value() as usize),
        b.layout(),
    );
    for k in 0..kv {
        let mut ra = make_owned_tensor::<f32, _>(Mr::default());
        let mut rb = make_owned_tensor::<f32, _>(Nr::default());
        copy(&a.slice(coord!((_, k))), &mut ra);
        copy(&b.slice(coord!((_, k))), &mut rb);
        gemm(&ra, &rb, &mut acc);
    }
    acc
}

/// The stride types of C the micro-kernel is instantiated for (a unit row stride is
/// the static `_1`, so the epilogue moves whole columns of the register tile).
pub(crate) trait OutputStride: Copy {
    /// One register tile: accumulate `A_panel * B_panel^T` over `kv` and write
    /// `C_tile = alpha * acc + beta * C_tile` for the `(MR, NR)` tile of C at tile
    /// coordinate `tile`, over its valid `(mv, nv)` corner (edge tiles are partial).
    /// The accumulator never leaves registers: the epilogue is part of the kernel.
    #[allow(clippy::too_many_arguments)]
    fn mma_tile(
        kv: isize,
        a: Panel<'_, PanelA>,
        b: Panel<'_, PanelB>,
        alpha: f32,
        beta: f32,
        c: &mut GmemMatMut<'_, Self>,
        tile: (isize, isize),
        mv: isize,
        nv: isize,
    );
}

macro_rules! output_stride {
    ($($d:ty),*) => {$(
        impl OutputStride for $d {
            #[inline(never)]
            fn mma_tile(
                kv: isize,
                a: Panel<'_, PanelA>,
                b: Panel<'_, PanelB>,
                alpha: f32,
                beta: f32,
                c: &mut GmemMatMut<'_, Self>,
                tile: (isize, isize),
                mv: isize,
                nv: isize,
            ) {
                let acc = mma_panels(kv, a, b);
                let tc = local_tile(c.view_mut(), (Mr::default(), Nr::default()), tile);
                if mv == Mr::default().value() && nv == Nr::default().value() {
                    axpby(alpha, &acc, beta, &mut { tc });
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
output_stride!((_1, isize), (isize, isize));
