//! Running a tile kernel over a CPU grid: every block of a 1-D to 3-D grid runs the
//! kernel body, in parallel on rayon's threads (or one after another in `serial` mode,
//! for debugging).
//!
//! Inputs are borrowed shared (the kernel is `Fn + Sync`). An output tensor handed to
//! [`launch_with`] is split into disjoint pieces of memory before the blocks run, one
//! per row of tiles along its outermost dimension; each block receives its own tile of
//! the output to `store` into, so the borrow checker, not a convention, rules out races.

use super::element::Element;
use super::expr::TileExpr;
use super::memory::{FlatModes, Padding, TileIndex, load, store_ref};
use super::shape::{MAX_RANK, TileShape};
use super::tile::Tile;
use alloc::vec::Vec;
use cutlet_core::tensor::{Tensor, ViewMut};
use rayon::prelude::*;

/// A 1-D to 3-D grid of blocks (`(8,)`, `(4, 4)`, `(2, 2, 2)`, or a bare count).
///
/// ```
/// use cutlet_tile::Grid;
/// let g = Grid::from((4, 3)).serial();
/// assert_eq!(g.blocks(), 12);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Grid {
    dims: [usize; 3],
    serial: bool,
}
impl Grid {
    /// Run the blocks one after another on the calling thread.
    pub fn serial(self) -> Self {
        Grid {
            serial: true,
            ..self
        }
    }
    /// The number of blocks.
    pub fn blocks(&self) -> usize {
        self.dims.iter().product()
    }
    /// `f` on every block in order, x fastest: nested loops, not [`Grid::block`]'s
    /// three divisions per block (a 2^20-element vector add on tiles of 1024 ran 1-9%
    /// faster in paired runs).
    fn for_each_block(&self, mut f: impl FnMut(BlockId)) {
        let [x, y, z] = self.dims;
        for k in 0..z {
            for j in 0..y {
                for i in 0..x {
                    f(BlockId([i, j, k]));
                }
            }
        }
    }
    /// The block at linear position `i` (x fastest).
    fn block(&self, i: usize) -> BlockId {
        let [x, y, _] = self.dims;
        BlockId([i % x, i / x % y, i / (x * y)])
    }
    /// The grid of the blocks whose coordinate along `axis` is fixed (to be set by
    /// the caller): that axis shrinks to one block.
    fn fixing(mut self, axis: usize) -> Self {
        self.dims[axis] = 1;
        self
    }
}
impl From<usize> for Grid {
    fn from(x: usize) -> Grid {
        Grid {
            dims: [x, 1, 1],
            serial: false,
        }
    }
}
impl From<(usize,)> for Grid {
    fn from((x,): (usize,)) -> Grid {
        Grid::from(x)
    }
}
impl From<(usize, usize)> for Grid {
    fn from((x, y): (usize, usize)) -> Grid {
        Grid {
            dims: [x, y, 1],
            serial: false,
        }
    }
}
impl From<(usize, usize, usize)> for Grid {
    fn from((x, y, z): (usize, usize, usize)) -> Grid {
        Grid {
            dims: [x, y, z],
            serial: false,
        }
    }
}

/// A block's position in the grid (cuTile's `bid(0)`, `bid(1)`, `bid(2)`).
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// ct::launch(ct::Grid::from((2, 3)).serial(), |b| {
///     assert!(b.bid(0) < 2 && b.bid(1) < 3 && b.bid(2) == 0);
/// });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BlockId(pub [usize; 3]);
impl BlockId {
    /// The coordinate along grid axis `axis` (0, 1 or 2).
    pub fn bid(&self, axis: usize) -> usize {
        self.0[axis]
    }
}

/// Run `kernel` once per block of `grid` (in parallel unless the grid is `serial`).
/// The kernel only borrows shared data; see [`launch_with`] for kernels that write an
/// output tensor.
///
/// ```
/// use cutlet_tile as ct;
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let count = AtomicUsize::new(0);
/// ct::launch((4, 2), |b| { count.fetch_add(b.bid(0) + 1, Ordering::Relaxed); });
/// assert_eq!(count.into_inner(), 2 * (1 + 2 + 3 + 4));
/// ```
pub fn launch(grid: impl Into<Grid>, kernel: impl Fn(BlockId) + Sync) {
    let grid = grid.into();
    if grid.serial {
        grid.for_each_block(kernel);
    } else {
        (0..grid.blocks())
            .into_par_iter()
            .for_each(|i| kernel(grid.block(i)));
    }
}

/// A block's share of the output of [`launch_with`]: the tile of the output at the
/// block's coordinates.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let mut data = vec![0i32; 6];
/// let n = 6;
/// ct::launch_with(3, &mut make_tensor(&mut data[..], layout!(n)), shape!((2)), |b, out| {
///     let i = out.index()[0] as i32;
///     let old = out.load(ct::Padding::Zero);
///     out.store(old + ct::full(shape!((2)), i));
/// });
/// assert_eq!(data, [0, 0, 1, 1, 2, 2]);
/// ```
pub struct BlockOut<'a, T, L, S> {
    tensor: Tensor<ViewMut<'a, [T]>, L>,
    index: [isize; MAX_RANK],
    shape: S,
}

impl<T, L, S> BlockOut<'_, T, L, S>
where
    T: Element,
    L: FlatModes,
    S: TileShape,
{
    /// The tile coordinate this block owns.
    pub fn index(&self) -> &[isize] {
        &self.index[..S::RANK]
    }
    /// Store this block's tile: a tile or any tile expression, evaluated straight into
    /// the output (elements past the tensor's edge are dropped).
    #[track_caller]
    #[inline(always)]
    pub fn store<X: TileExpr<Elem = T, Shape = S>>(&mut self, tile: X) {
        let idx = Index(self.index, S::RANK);
        store_ref(&mut self.tensor, idx, &tile);
    }
    /// Read this block's tile of the output (for read-modify-write epilogues), as a
    /// tile: the output is written while the value is in use.
    #[track_caller]
    #[inline(always)]
    pub fn load(&self, padding: Padding<T>) -> Tile<T, S> {
        load(
            &self.tensor,
            Index(self.index, S::RANK),
            self.shape,
            padding,
        )
        .eval()
    }
}

/// One block of [`launch_with`], compiled on its own: the kernel body then optimizes
/// the same way whatever loop runs the blocks (measured: inlined into the block loop,
/// the tiled-GEMM kernel ran up to 2.5x slower).
#[inline(never)]
fn run_block<B, F: Fn(BlockId, &mut B)>(kernel: &F, b: BlockId, block: &mut B) {
    kernel(b, block)
}

/// A tile coordinate as stored in a [`BlockOut`], with its rank.
#[derive(Clone, Copy)]
struct Index([isize; MAX_RANK], usize);
impl TileIndex for Index {
    fn coords(self) -> ([isize; MAX_RANK], usize) {
        (self.0, self.1)
    }
}

/// Run `kernel` once per block of `grid`, handing block `(x, y, z)` the tile of shape
/// `tile` at tile coordinate `(x, y, z)` of `out` (as many coordinates as `out` has
/// dimensions; blocks beyond that share a tile and run one after another). The output
/// is split along its outermost dimension into disjoint pieces of memory, one per row
/// of tiles, which run in parallel; an output whose pieces would overlap runs serially.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_tile as ct;
/// let (a, b): (Vec<f32>, Vec<f32>) = ((0..100).map(|x| x as f32).collect(), vec![1.0; 100]);
/// let mut c = vec![0f32; 100];
/// let n = 100;
/// let (ta, tb) = (make_tensor(&a[..], layout!(n)), make_tensor(&b[..], layout!(n)));
/// ct::launch_with((n as usize).div_ceil(16), &mut make_tensor(&mut c[..], layout!(n)), shape!((16)), |bid, out| {
///     let i = bid.bid(0);
///     out.store(ct::load(&ta, i, shape!((16)), ct::Padding::Zero) + ct::load(&tb, i, shape!((16)), ct::Padding::Zero));
/// });
/// assert_eq!(c[99], 100.0);
/// ```
#[track_caller]
pub fn launch_with<T, L, S, F>(
    grid: impl Into<Grid>,
    out: &mut Tensor<ViewMut<'_, [T]>, L>,
    tile: S,
    kernel: F,
) where
    T: Element,
    L: FlatModes + Send + Sync,
    S: TileShape,
    F: Fn(BlockId, &mut BlockOut<'_, T, L, S>) + Sync,
{
    let grid = grid.into();
    let layout = out.layout();
    let (ext, stride) = layout.modes();
    let rank = L::FLAT_RANK;
    // Blocks are grouped by their tile coordinate along the output's outermost
    // dimension (the largest stride): each group owns the rows of tiles it covers.
    let axis = (0..rank.min(3))
        .max_by_key(|&k| stride[k].unsigned_abs())
        .unwrap_or(0);
    let step = if rank == 0 { 1 } else { S::DIMS[axis] as isize };
    let groups = if rank == 0 { 1 } else { grid.dims[axis] };
    let engine = core::mem::replace(out.engine_mut(), ViewMut::new(&mut [][..], 0));
    let (data, origin) = engine.into_parts();
    let run_group = |piece: &mut [T], base: isize, g: Option<usize>| {
        let sub = if g.is_some() { grid.fixing(axis) } else { grid };
        sub.for_each_block(|mut b| {
            if let Some(g) = g {
                b.0[axis] = g;
            }
            let mut index = [0isize; MAX_RANK];
            for (k, x) in index.iter_mut().enumerate().take(rank.min(3)) {
                *x = b.0[k] as isize;
            }
            let mut block = BlockOut {
                tensor: Tensor::from_parts(ViewMut::new(&mut *piece, base), layout),
                index,
                shape: tile,
            };
            run_block(&kernel, b, &mut block);
        });
    };
    if grid.serial {
        // One thread runs every block: no need to split the output.
        run_group(&mut *data, origin, None);
        *out.engine_mut() = ViewMut::new(data, origin);
        return;
    }
    // The slice range a group's rows cover, over the whole extent of the other modes.
    let span = |g: usize| -> (isize, isize) {
        let (mut lo, mut hi) = (origin, origin);
        for k in 0..rank {
            let (first, last) = if k == axis {
                let first = (g as isize * step).min(ext[k]);
                (first, ((g as isize + 1) * step).min(ext[k]) - 1)
            } else {
                (0, ext[k] - 1)
            };
            if last < first {
                return (0, 0);
            }
            let (a, b) = (first * stride[k], last * stride[k]);
            lo += a.min(b);
            hi += a.max(b);
        }
        (lo, hi + 1)
    };
    // Groups whose tiles lie wholly outside the output own no memory.
    let (mut pieces, empty): (Vec<_>, Vec<_>) = (0..groups)
        .map(|g| {
            let (lo, hi) = span(g);
            (lo, hi, g)
        })
        .partition(|p| p.1 > p.0);
    pieces.sort_unstable();
    let disjoint = pieces.windows(2).all(|w| w[1].0 >= w[0].1);
    if !disjoint || pieces.len() < 2 {
        run_group(&mut *data, origin, None);
    } else {
        // Cut the slice at the pieces' boundaries: disjoint `&mut` borrows, one per group.
        let mut rest = &mut *data;
        let mut at = 0isize;
        let mut parts: Vec<(&mut [T], isize, usize)> = Vec::with_capacity(groups);
        for (lo, hi, g) in pieces {
            let (_, tail) = core::mem::take(&mut rest).split_at_mut((lo - at) as usize);
            let (mine, tail) = tail.split_at_mut((hi - lo) as usize);
            (rest, at) = (tail, hi);
            parts.push((mine, origin - lo, g));
        }
        parts.extend(empty.into_iter().map(|(_, _, g)| (&mut [][..], 0, g)));
        parts
            .into_par_iter()
            .for_each(|(piece, base, g)| run_group(piece, base, Some(g)));
    }
    *out.engine_mut() = ViewMut::new(data, origin);
}
