//! Generic numeric code over cutlet-core layouts, one bound per layout argument.
//!
//! Each function below is written once and called with static, dynamic and mixed
//! layouts. The bound count is stated on each: `L: Layout` brings every operation of
//! the algebra (divides, products, composition, slicing, `call`) with it.
//!
//! The tensor functions at the end take one bound per type parameter (`E: Engine`,
//! `L: Layout`): the engine says where the elements are, the layout brings the rest.
//!
//! The last two take a tiling: `M: TiledMma` or `T: TiledCopier` (1 bound each) brings
//! every partition and fragment of the tiling, for any tensor layout.
//!
//! Run: `cargo run -p cutlet-core --example one_bound`

use cutlet_core::atom::*;
use cutlet_core::prelude::*;

/// `y[i] = a * x[l(i)] + b * y[i]` over the domain of `l` (1 bound).
fn axpby_gather<L: Layout>(l: L, a: f32, x: &[f32], b: f32, y: &mut [f32]) {
    for (i, yi) in y.iter_mut().enumerate().take(size(l).value() as usize) {
        let off = product(l.call(i as isize)).value() as usize;
        *yi = a * x[off] + b * *yi;
    }
}

/// The sum of each `tile`-shaped block of `data` viewed through `l` (2 bounds: the
/// layout and the tiler).
fn tile_sums<L: Layout, T: Tiler>(l: L, tile: T, data: &[f32]) -> Vec<f32> {
    // CuTe: zipped_divide(l, tile) is ((tile modes), (rest modes)).
    let tiled = zipped_divide(l, tile);
    let (inner, outer) = (
        size(get::<0, _>(tiled)).value(),
        size(get::<1, _>(tiled)).value(),
    );
    (0..outer)
        .map(|j| {
            (0..inner)
                .map(|i| data[product(tiled.call((i, j))).value() as usize])
                .sum()
        })
        .collect()
}

/// `dst[d(c)] = src[s(c)]` for every coordinate `c` of the common domain (2 bounds): a
/// transpose when the two layouts order the same shape differently.
fn copy_by_layout<S: Layout, D: Layout>(s: S, src: &[f32], d: D, dst: &mut [f32]) {
    assert_eq!(
        size(s).value(),
        size(d).value(),
        "layouts of different sizes"
    );
    for i in 0..size(s).value() {
        dst[product(d.call(i)).value() as usize] = src[product(s.call(i)).value() as usize];
    }
}

/// The sum of a tensor's elements (2 bounds: engine, layout).
fn sum<E: Engine<Elem = f32>, L: Layout>(t: &Tensor<E, L>) -> f32 {
    t.iter().sum()
}

/// A tiled transpose: each 4x4 tile of `src` copied into the same tile of `dst`
/// (whose layout orders the modes the other way), a tile at a time through a register
/// fragment, as a kernel's block would (2 bounds: the two layouts).
fn tiled_transpose<S: Layout, D: Layout>(s: S, src: &[f32], d: D, dst: &mut [f32]) {
    // The grid of tiles: mode 1 of the zipped divide.
    let grid = get::<1, _>(zipped_divide(s, shape!((4, 4)))).shape();
    let rows = grid.head().size().value();
    for k in 0..size(grid).value() {
        let (i, j) = (k % rows, k / rows);
        let tile = local_tile(make_tensor(src, s), shape!((4, 4)), (i, j));
        let mut frag = make_fragment_like(&tile);
        copy(&tile, &mut frag);
        let mut out = local_tile(make_tensor(&mut *dst, d), shape!((4, 4)), (i, j));
        copy(&frag, &mut out);
    }
}

/// `C += A Bᵀ` (A `(m, k)`, B `(n, k)`, C `(m, n)`, column-major) with each thread of
/// the tiling computing its share from its partitions, the threads run one after
/// another (1 bound: the tiling; the tensors' layouts are built inside).
fn mma_gemm<M: TiledMma<Atom = UniversalFMA<f32, f32, f32, f32>>>(
    mma: M,
    (m, n, k): (isize, isize, isize),
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
) {
    for t in 0..mma.num_threads() {
        let thr = mma.get_slice(t);
        let ta = thr.partition_a(make_tensor(a, layout!((m, k))));
        let tb = thr.partition_b(make_tensor(b, layout!((n, k))));
        let mut tc = thr.partition_c(make_tensor(&mut *c, layout!((m, n))));
        gemm_with(mma, &ta, &tb, &mut tc);
    }
}

/// `dst = src` for two `(m, n)` matrices in any layouts, each thread of the tiled copy
/// moving its share of one tile at a time through a register fragment, as a kernel's
/// block would (3 bounds: the tiled copy and the two layouts).
fn tiled_copy_matrix<T: TiledCopier, S: Layout, D: Layout>(
    copy: T,
    s: S,
    src: &[f32],
    d: D,
    dst: &mut [f32],
) {
    for t in 0..copy.num_threads() {
        let thr = copy.get_slice(t);
        let ts = thr.partition_s(make_tensor(src, s)); // (CPY, CPY_M, CPY_N)
        let mut td = thr.partition_d(make_tensor(&mut *dst, d));
        for j in 0..size(get::<2, _>(ts.layout())).value() {
            for i in 0..size(get::<1, _>(ts.layout())).value() {
                let tile = ts.slice((X, i, j));
                let mut frag = make_fragment_like(&tile); // registers: static size
                copy.copy(&tile, &mut frag);
                copy.copy(&frag.view(), &mut td.view_mut().slice((X, i, j)));
            }
        }
    }
}

fn main() {
    let x: Vec<f32> = (0..32).map(|v| v as f32).collect();

    // Static: every shape and stride is a type, the layout is zero-sized.
    let st = layout!((4, 8):(8, 1));
    // Dynamic: run-time extents and row stride.
    let (m, n) = (4, 8);
    let dy = layout!((m, n):(n, 1));
    // Mixed: a static tile height, a run-time width.
    let mx = layout!((4, n):(n, 1));
    println!("static  {st}  ({} bytes)", core::mem::size_of_val(&st));
    println!("dynamic {dy}  ({} bytes)", core::mem::size_of_val(&dy));
    println!("mixed   {mx}  ({} bytes)", core::mem::size_of_val(&mx));

    let mut y = vec![1.0f32; 32];
    axpby_gather(st, 2.0, &x, 1.0, &mut y);
    let mut y2 = vec![1.0f32; 32];
    axpby_gather(dy, 2.0, &x, 1.0, &mut y2);
    assert_eq!(y, y2);
    println!("axpby_gather: y[0..4] = {:?}", &y[..4]);

    let sums = tile_sums(st, shape!((2, 2)), &x);
    assert_eq!(sums, tile_sums(mx, shape!((2, 2)), &x));
    println!("tile_sums over (2,2) tiles: {sums:?}");

    let mut t = vec![0.0f32; 32];
    copy_by_layout(st, &x, layout!((4, 8):(1, 4)), &mut t);
    let mut t2 = vec![0.0f32; 32];
    copy_by_layout(mx, &x, layout!((4, n):(1, 4)), &mut t2);
    assert_eq!(t, t2);
    println!("transpose: t[0..8] = {:?}", &t[..8]);

    // Tensors: the same generic functions over static, dynamic and mixed layouts.
    let total = sum(&make_tensor(&x[..], st));
    assert_eq!(total, sum(&make_tensor(&x[..], dy)));
    assert_eq!(total, sum(&make_tensor(&x[..], mx)));
    println!("sum: {total}");
    let mut u = vec![0.0f32; 32];
    tiled_transpose(st, &x, layout!((4, 8):(1, 4)), &mut u);
    assert_eq!(u, t);
    let mut u2 = vec![0.0f32; 32];
    tiled_transpose(mx, &x, layout!((4, n):(1, 4)), &mut u2);
    assert_eq!(u2, t);
    println!("tiled_transpose agrees with copy_by_layout");

    // A 4x8 grid of SIMT threads, then the same grid permuted to cover 16 rows.
    let (m, n, k) = (16, 16, 4);
    let (a, b): (Vec<f32>, Vec<f32>) = ((0..m * k).map(|v| v as f32).collect(), vec![1.0; 16 * 4]);
    let simt = UniversalFMA::<f32, f32, f32, f32>::default();
    let mut c1 = vec![0.0f32; 256];
    mma_gemm(
        make_tiled_mma(simt, layout!((4, 8):(8, 1))),
        (m, n, k),
        &a,
        &b,
        &mut c1,
    );
    let mut c2 = vec![0.0f32; 256];
    let permuted = make_tiled_mma_permuted(simt, layout!((4, 8)), (_16::new(), X, X));
    mma_gemm(permuted, (m, n, k), &a, &b, &mut c2);
    assert_eq!(c1, c2);
    assert_eq!(c1[0], (0..k).map(|l| (m * l) as f32).sum::<f32>());
    println!("mma_gemm: C[0..4] = {:?}", &c1[..4]);

    // 32 threads, 2 values each along n (one 64-bit copy); the matrix row-major to
    // column-major, static and with run-time extents.
    let copy = make_tiled_copy(
        Copy_Atom::<UniversalCopy<u64>, f32>::new(),
        layout!((4, 8):(8, 1)),
        layout!((1, 2)),
    );
    let y: Vec<f32> = (0..64 * 16).map(|v| v as f32).collect();
    let mut z1 = vec![0.0f32; 64 * 16];
    tiled_copy_matrix(
        copy,
        layout!((64, 16):(16, 1)),
        &y,
        layout!((64, 16)),
        &mut z1,
    );
    let (rows, cols) = (64, 16);
    let mut z2 = vec![0.0f32; 64 * 16];
    tiled_copy_matrix(
        copy,
        layout!((rows, cols):(cols, 1)),
        &y,
        layout!((rows, cols)),
        &mut z2,
    );
    assert_eq!(z1, z2);
    assert_eq!(z1[1], y[16]); // (1, 0)
    println!(
        "tiled_copy_matrix: row-major to column-major, z[0..4] = {:?}",
        &z1[..4]
    );
}
