//! The lazy tile `load` returns: a view of the part of a tensor a tile covers, with
//! the padding past the tensor's edge. Nothing is copied when it is made; elements are
//! read where the expression is consumed.
//!
//! The view keeps the longest prefix of the tile (in row-major order) that is one
//! contiguous run inside the tensor: the whole tile for an interior tile of a contiguous
//! tensor, the valid part of the row for a row tile at the right edge (a `(1, 1024)`
//! tile over 1000 columns). Consumers run their hot loop over that prefix with plain
//! indexing (`fast_len`/`at_fast`), and only the rest goes through the edge tests.

use super::element::Element;
use super::expr::{LANES, TileExpr};
use super::memory::{Footprint, copy_run};
use super::shape::{MAX_RANK, TileShape};
use super::tile::Tile;
use core::marker::PhantomData;
use cutlet_core::tensor::Contiguous;

/// A tile of shape `S` read lazily from a tensor (see [`load`](super::load)).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// use ct::TileExpr;
/// let data = [1.0f32, 2.0, 3.0];
/// let a = make_tensor(&data[..], layout!(3));
/// let v = ct::load(&a, 0, shape!((4)), ct::Padding::Value(-1.0));
/// assert_eq!((v.fast_len(), v.at(1), v.at(3)), (3, 2.0, -1.0));
/// ```
#[derive(Debug)]
pub struct View<'a, T, S> {
    /// The contiguous prefix: tile element `i < run.len()` is `run[i]`.
    run: &'a [T],
    /// The tensor elements the tile covers (empty when it covers none).
    span: &'a [T],
    /// The span position of the tile's element `(0, 0, ...)` (it may lie outside).
    base: isize,
    /// Per dimension, the tile coordinates `lo..hi` that lie inside the tensor.
    lo: [usize; MAX_RANK],
    hi: [usize; MAX_RANK],
    /// The tensor's strides.
    stride: [isize; MAX_RANK],
    pad: T,
    shape: PhantomData<S>,
}
impl<T: Copy, S> Clone for View<'_, T, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T: Copy, S> Copy for View<'_, T, S> {}

impl<'a, T: Element, S: TileShape> View<'a, T, S> {
    /// The view of the tile at footprint `fp` of a tensor over `e`.
    #[track_caller]
    #[inline(always)]
    pub(crate) fn new<E: Contiguous<Elem = T>>(e: &'a E, fp: &Footprint, pad: T) -> Self {
        if let Some(off) = fp.contiguous::<S>() {
            // An interior tile of a contiguous run (every block of a vector add but the
            // last): the whole tile is the run, and the edge bounds are the tile's.
            // Checked first, it spares the per-dimension clamps below (a 2^20-element
            // vector add on tiles of 1024 spends a few percent in each block's set-up).
            let run = e.run(off, S::SIZE);
            return View {
                run,
                span: run,
                base: 0,
                lo: [0; MAX_RANK],
                hi: S::DIMS,
                stride: fp.stride,
                pad,
                shape: PhantomData,
            };
        }
        let (mut lo, mut hi) = ([0usize; MAX_RANK], [0usize; MAX_RANK]);
        let (mut min, mut max, mut origin) = (0isize, 0isize, 0isize);
        let mut empty = false;
        for k in 0..S::RANK {
            let (o, d) = (fp.origin[k], S::DIMS[k] as isize);
            let (l, h) = ((-o).clamp(0, d), (fp.ext[k] - o).clamp(0, d));
            empty |= l >= h;
            (lo[k], hi[k]) = (l as usize, h as usize);
            let (a, b) = ((o + l) * fp.stride[k], (o + h - 1) * fp.stride[k]);
            min += a.min(b);
            max += a.max(b);
            origin += o * fp.stride[k];
        }
        if empty {
            return View {
                run: &[],
                span: &[],
                base: 0,
                lo,
                hi: [0; MAX_RANK],
                stride: fp.stride,
                pad,
                shape: PhantomData,
            };
        }
        let span = e.run(min, (max - min + 1) as usize);
        let base = origin - min;
        let run_len = if S::RANK > 0
            && Self::first_row_inside(&lo)
            && (fp.stride[S::RANK - 1] == 1 || hi[S::RANK - 1] == 1)
        {
            // The tile's first row starts inside the tensor: its valid part is a run.
            hi[S::RANK - 1]
        } else {
            0
        };
        let run = if run_len == 0 {
            &[]
        } else {
            &span[base as usize..base as usize + run_len]
        };
        View {
            run,
            span,
            base,
            lo,
            hi,
            stride: fp.stride,
            pad,
            shape: PhantomData,
        }
    }

    /// Whether the element `(0, 0, ...)` lies inside the tensor.
    #[inline(always)]
    fn first_row_inside(lo: &[usize; MAX_RANK]) -> bool {
        lo[..S::RANK].iter().all(|&l| l == 0)
    }

    /// Position `i` by way of its multi-index: the tensor element or the padding.
    #[inline(always)]
    fn at_edge(&self, i: usize) -> T {
        let (mut rem, mut off) = (i, self.base);
        let mut k = S::RANK;
        while k > 0 {
            k -= 1;
            let t = rem % S::DIMS[k];
            rem /= S::DIMS[k];
            if t < self.lo[k] || t >= self.hi[k] {
                return self.pad;
            }
            off += t as isize * self.stride[k];
        }
        self.span[off as usize]
    }
}

impl<'a, T: Element, S: TileShape> TileExpr for View<'a, T, S> {
    type Elem = T;
    type Shape = S;
    #[inline(always)]
    fn at(&self, i: usize) -> T {
        match self.run.get(i) {
            Some(&v) => v,
            None => self.at_edge(i),
        }
    }
    #[inline(always)]
    fn fast_len(&self) -> usize {
        self.run.len()
    }
    #[inline(always)]
    fn at_fast(&self, i: usize) -> T {
        self.run[i]
    }
    #[inline(always)]
    fn lanes_fast(&self, i: usize) -> [T; LANES] {
        let mut out = [self.pad; LANES];
        out.copy_from_slice(&self.run[i..i + LANES]);
        out
    }
    /// The padding from the end of the contiguous run on, when the tile's elements
    /// inside the tensor are exactly that run (a row tile reaching past the last column,
    /// a tile wholly outside).
    #[inline(always)]
    fn tail(&self) -> Option<(usize, T)> {
        if self.span.is_empty() {
            return Some((0, self.pad));
        }
        let inside: usize = (0..S::RANK).map(|k| self.hi[k] - self.lo[k]).product();
        (Self::first_row_inside(&self.lo) && inside == self.run.len())
            .then_some((self.run.len(), self.pad))
    }
    type Clipped<'b>
        = View<'a, T, S>
    where
        Self: 'b;
    #[inline(always)]
    fn clip(&self, end: usize) -> View<'a, T, S> {
        View {
            run: &self.run[..end],
            ..*self
        }
    }
    /// Row by row: each row's valid part is one copy (or one strided loop), as a tile
    /// that feeds `mma` needs.
    #[inline(always)]
    fn eval(self) -> Tile<T, S> {
        if S::RANK == 0 {
            return Tile::full(self.at(0));
        }
        let last = S::RANK - 1;
        let row_len = S::DIMS[last];
        let mut out = Tile::<T, S>::full(self.pad);
        if self.span.is_empty() {
            return out;
        }
        let (l, h, step) = (self.lo[last], self.hi[last], self.stride[last]);
        for (r, row) in out.data.chunks_exact_mut(row_len).enumerate() {
            // The row's tile coordinates, right to left over the leading dimensions.
            let (mut rem, mut off, mut inside) = (r, self.base, true);
            let mut k = last;
            while k > 0 {
                k -= 1;
                let t = rem % S::DIMS[k];
                rem /= S::DIMS[k];
                inside &= t >= self.lo[k] && t < self.hi[k];
                off += t as isize * self.stride[k];
            }
            if !inside {
                continue;
            }
            let first = off + l as isize * step;
            let dst = &mut row[l..h];
            if step == 1 {
                copy_run(dst, &self.span[first as usize..first as usize + (h - l)]);
            } else {
                for (j, d) in dst.iter_mut().enumerate() {
                    *d = self.span[(first + j as isize * step) as usize];
                }
            }
        }
        out
    }
}
