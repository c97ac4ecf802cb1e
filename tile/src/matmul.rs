//! Matrix products of tiles: `matmul(a, b)` (`a @ b`) and `mma(a, b, acc)`
//! (`a @ b + acc`), 2-D `(M, K) @ (K, N)` and batched 3-D `(B, M, K) @ (B, K, N)`. The
//! inner extents are checked by the type checker; products accumulate in the
//! accumulator's type (`f32` for `f16`, `bf16` and `f32` operands).

use super::element::Cast;
use super::expr::TileExpr;
use super::num::{MmaOperand, Num};
use super::shape::{MatmulShapes, TileShape};
use super::tile::Tile;

/// The product's shape.
type Out<SA, SB> = <SA as MatmulShapes<SB>>::Output;

/// `acc + a @ b`, looping `i, k, j` so that the innermost loop runs along contiguous
/// rows of `b` and `acc` (the compiler vectorizes it).
#[inline(always)]
fn product<T, C, SA, SB>(a: &Tile<T, SA>, b: &Tile<T, SB>, acc: &mut Tile<C, Out<SA, SB>>)
where
    T: MmaOperand + Cast<C>,
    C: Num,
    SA: MatmulShapes<SB>,
    SB: TileShape,
{
    let batched = SA::RANK == 3;
    let (m, k) = (SA::DIMS[SA::RANK - 2], SA::DIMS[SA::RANK - 1]);
    let n = SB::DIMS[SB::RANK - 1];
    let batches = if batched { SA::DIMS[0] } else { 1 };
    for bt in 0..batches {
        let (ab, bb, cb) = (bt * m * k, bt * k * n, bt * m * n);
        for i in 0..m {
            for p in 0..k {
                let x: C = a.data[ab + i * k + p].cast();
                let brow = &b.data[bb + p * n..bb + (p + 1) * n];
                let crow = &mut acc.data[cb + i * n..cb + (i + 1) * n];
                for (c, &y) in crow.iter_mut().zip(brow) {
                    *c = x.mul_add(y.cast(), *c);
                }
            }
        }
    }
}

/// `a @ b` in the operands' accumulator type (`f32` for `f16`/`bf16`/`f32`, `i32` for
/// small integers, ...); cast the result with `astype` to store it narrower.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let a = ct::iota::<half::f16, _>(shape!((2, 3)));
/// let b = ct::ones::<half::f16, _>(shape!((3, 2)));
/// let c: ct::Tile<f32, _> = ct::matmul(a, b);
/// assert_eq!(c.to_string(), "[[3, 3], [12, 12]]");
/// ```
#[inline(always)]
pub fn matmul<T, SA, SB, A, B>(a: A, b: B) -> Tile<T::Acc, Out<SA, SB>>
where
    T: MmaOperand + Cast<T::Acc>,
    SA: MatmulShapes<SB>,
    SB: TileShape,
    A: TileExpr<Elem = T, Shape = SA>,
    B: TileExpr<Elem = T, Shape = SB>,
{
    let mut acc = Tile::full(<T::Acc as Num>::ZERO);
    product(&a.eval(), &b.eval(), &mut acc);
    acc
}

/// `a @ b + acc`: the accumulator carries partial products from one K-tile to the next.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let a = ct::full(shape!((2, 2, 4)), 1.0f32);           // batched: 2 x (2, 4)
/// let b = ct::full(shape!((2, 4, 3)), 0.5f32);
/// let acc = ct::full(shape!((2, 2, 3)), 1.0f32);
/// assert_eq!(ct::mma(a, b, acc).as_slice(), [3.0; 12]);
/// ```
#[inline(always)]
pub fn mma<T, C, SA, SB, A, B>(a: A, b: B, acc: Tile<C, Out<SA, SB>>) -> Tile<C, Out<SA, SB>>
where
    T: MmaOperand + Cast<C>,
    C: Num,
    SA: MatmulShapes<SB>,
    SB: TileShape,
    A: TileExpr<Elem = T, Shape = SA>,
    B: TileExpr<Elem = T, Shape = SB>,
{
    let mut acc = acc;
    product(&a.eval(), &b.eval(), &mut acc);
    acc
}
