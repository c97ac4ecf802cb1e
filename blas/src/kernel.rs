//! The register level: the micro-kernel that accumulates an `(MR, NR)` register tile
//! over one packed panel pair, and the epilogue that writes it into C.
//!
//! The micro-kernel is CuTe's main loop on one thread: per `k`, copy a column of the A
//! panel into a register fragment of vectors, then `gemm` its outer product with the B
//! panel's column into the accumulator (the `(M) x (N) => (M,N)` pattern). The
//! accumulator is the vector MMA atom of [`simd`](super::simd) tiled `(MR / LANES, NR)`
//! (`AccumVec`), so it is vector registers by construction, and every offset is a
//! constant: per `k`, `MR / LANES` vector loads of A, `NR` broadcasts of B and
//! `MR * NR / LANES` FMAs (AVX2 f32: two loads, six broadcasts, 12 ymm FMAs; AVX-512
//! f32: two, twelve, 24 zmm FMAs). An edge tile runs the same loop over its valid
//! part: the narrowest of the set's widths (`NrEdge`) that holds its columns, and one
//! vector of rows where they fit in one, so the FMAs of elements that are never stored
//! are not issued.
//!
//! The body is written once ([`micro_kernel!`]) and instantiated per instruction set, in
//! a function compiled with that set's target features and vector atom.

use cutlet_core::prelude::*;
use cutlet_core::tensor::ViewMut;

/// C in global memory, `(M, N)`, with stride type `D`.
pub(crate) type GmemMatMut<'a, T, D> = Tensor<ViewMut<'a, [T]>, StridedLayout<(isize, isize), D>>;

/// The build target's multiply-add: fused where the whole build targets FMA, else a
/// multiply, then an add (without the instruction, `mul_add` is a call into libm).
#[inline(always)]
pub(crate) fn unfused<T: super::sgemm::Element>(a: T, b: T, c: T) -> T {
    if cfg!(target_feature = "fma") {
        a.mul_add(b, c)
    } else {
        a * b + c
    }
}

/// CuTe's `gemm(A(M), B(N), C(M,N))` on one thread: the outer product, `C(m, n) =
/// fma(A(m), B(n), C(m, n))`, column by column so that each value of B is broadcast
/// once. Static extents unroll, so every index is a constant.
#[inline(always)]
pub(crate) fn gemm_outer<EA, LA, EB, LB, EC, LC>(
    fma: impl Fn(EA::Elem, EB::Elem, EC::Elem) -> EC::Elem,
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) where
    EA: Engine,
    LA: Layout,
    EB: Engine,
    LB: Layout,
    EC: EngineMut,
    LC: Layout,
{
    let (m, n) = (a.size(), b.size());
    let rows = m.value() as usize;
    debug_assert_eq!(
        c.size().value(),
        m.value() * n.value(),
        "gemm: C is not (M, N)"
    );
    n.for_each_index(
        #[inline(always)]
        |j| {
            let bj = b.get(j);
            m.for_each_index(
                #[inline(always)]
                |i| {
                    let at = i + rows * j;
                    c.set(at, fma(a.get(i), bj, c.get(at)));
                },
            );
        },
    );
}

/// `step(k)` for `k` in `0..kv`, two steps per iteration when `unroll`.
#[inline(always)]
pub(crate) fn for_each_k(kv: isize, unroll: bool, mut step: impl FnMut(isize)) {
    if unroll {
        // Pairs `(k, k + 1)` with `k < kv - 1`: the steps' reads of runs of `kv` values
        // are proven in bounds. (A `k + 2 <= kv` test left a check per step; pairs
        // `(2p, 2p + 1)` for `p < kv / 2` left two of the in-place B panel's twelve.)
        for k in (0..kv - 1).step_by(2) {
            step(k);
            step(k + 1);
        }
        if kv % 2 != 0 {
            step(kv - 1);
        }
    } else {
        for k in 0..kv {
            step(k);
        }
    }
}

/// The micro-kernel and epilogue of one instruction set, compiled with its target
/// features (`$attr`), inside a module whose `T`, `Mr`, `Mv`, `Nr`, `Kc`, `KC`, `PanelA`,
/// `PanelB`, `Accum`, `AccumVec` and `vector` (its [`simd`](super::simd) atom) are that
/// set's.
macro_rules! micro_kernel {
    ($(#[$attr:meta])*) => {
        /// The register tile of C.
        pub(crate) type AccumTensor<'a> = Tensor<View<'a, [T]>, Accum>;
        /// The register tile of C in vector registers.
        pub(crate) type AccumVecTensor = cutlet_core::tensor::OwnedTensor<vector::V, AccumVec>;

        /// A register panel of A read in place from an operand whose columns are
        /// contiguous (rows `i..i + MR` of column `k` are one run).
        pub(crate) type DirectA = StridedLayout<(Mr, Kc), (_1, isize)>;

        /// The layouts a register panel of A is read through: packed (`PanelA`) or in
        /// place (`DirectA`).
        pub(crate) trait APanel: Layout {
            /// The elements of the panel's storage that `kv` steps read: the panel is
            /// cut to them, so that the compiler proves the reads in bounds.
            fn span(self, kv: isize) -> usize;
            /// The offset of element `(i, k)` (rows `i..` of a column are contiguous).
            fn offset(self, i: isize, k: isize) -> isize;
            /// Whether the main loop takes two steps per iteration.
            const UNROLL: bool;
        }
        impl APanel for PanelA {
            const UNROLL: bool = true;
            #[inline(always)]
            fn span(self, _: isize) -> usize {
                // Static: the whole panel (`kv <= KC`).
                cosize(self).value() as usize
            }
            #[inline(always)]
            fn offset(self, i: isize, k: isize) -> isize {
                self.call((i, k)).value()
            }
        }
        impl APanel for DirectA {
            const UNROLL: bool = false;
            #[inline(always)]
            fn span(self, kv: isize) -> usize {
                self.call((MR - 1, (kv - 1).max(0))).value() as usize + 1
            }
            #[inline(always)]
            fn offset(self, i: isize, k: isize) -> isize {
                // The unit row stride: `i + k * lda` (no overflow: the panel is in a slice).
                i + k * self.stride().1
            }
        }

        /// A register panel of B read in place from an operand whose K stride is 1: row
        /// `j` (the values of B that column `j` of the register tile multiplies) is one
        /// run along K.
        pub(crate) type DirectB<'a> = [View<'a, [T]>; NR as usize];

        /// The kinds of register panel of B: packed [`NMajor`] (`PanelB`) or [`KMajor`]
        /// (`PanelBK`, K contiguous), or [`InPlaceK`] (`DirectB`); the micro-kernel is
        /// instantiated for each.
        pub(crate) trait BPanel {
            /// The panel (or the run of panels) a run of tiles is given.
            type Source<'a>;
            /// The panel as the main loop reads it.
            type Cut<'b>;
            /// The panel `offset` elements on, its storage cut to what `kv` steps read,
            /// so that the main loop's reads are proven in bounds.
            fn cut<'b>(b: &'b Self::Source<'_>, offset: isize, kv: isize) -> Self::Cut<'b>;
            /// Column `k` of the panel: the `NR` values of B at step `k`.
            fn column<'s, 'b>(b: &'s Self::Cut<'b>, k: isize) -> Tensor<impl Engine<Elem = T>, impl Layout>;
        }
        /// B panels laid out `PanelB`.
        pub(crate) struct NMajor;
        /// B panels laid out `PanelBK`.
        pub(crate) struct KMajor;
        /// B panels read in place (`DirectB`).
        pub(crate) struct InPlaceK;
        $crate::kernel::b_panel!(NMajor => PanelB, KMajor => PanelBK);
        impl BPanel for InPlaceK {
            type Source<'a> = DirectB<'a>;
            type Cut<'b> = [&'b [T]; NR as usize];
            #[inline(always)]
            fn cut<'b>(b: &'b DirectB<'_>, offset: isize, kv: isize) -> Self::Cut<'b> {
                // Read in place only by runs down a column of tiles, which share one panel.
                debug_assert_eq!(offset, 0, "an in-place B panel has no successor to step to");
                // Each row cut to `kv` here, where the main loop's bound is, so that its
                // reads are proven in bounds; filled by a static loop (`array::from_fn`,
                // left out of line, hid the lengths from the main loop).
                let mut rows: Self::Cut<'b> = [&[]; NR as usize];
                Nr::new().for_each_index(#[inline(always)] |j| rows[j] = b[j].run(0, kv as usize));
                rows
            }
            #[inline(always)]
            fn column<'s, 'b>(b: &'s Self::Cut<'b>, k: isize) -> Tensor<impl Engine<Elem = T>, impl Layout> {
                let mut col = make_owned_tensor::<T>(make_layout(Nr::new()));
                Nr::new().for_each_index(#[inline(always)] |j| col.set(j, b[j][k as usize]));
                col
            }
        }

        /// The stride types of C the micro-kernel is instantiated for (a unit row stride
        /// is the static `_1`, so the epilogue moves whole columns of the register tile).
        pub(crate) trait OutputStride: IntTuple {
            /// The storage offset of the `(MR, NR)` tile of C at tile coordinate `tile`
            /// and C's column stride, when C's columns are contiguous (each column of the
            /// tile is then one run of `MR`); `None` for strided C.
            fn column_origin(c: &GmemMatMut<'_, T, Self>, tile: (isize, isize)) -> Option<(isize, isize)>;
            /// `C_tile = alpha * acc + beta * C_tile` for the `(MR, NR)` tile of C at tile
            /// coordinate `tile`, over its valid `(mv, nv)` corner (edge tiles are
            /// partial). Called for strided C only: tiles of contiguous columns take the
            /// vector epilogue (`MR` whole rows) or `store_rows` (fewer).
            fn store(acc: AccumTensor<'_>, alpha: T, beta: T, c: &mut GmemMatMut<'_, T, Self>, tile: (isize, isize), mv: isize, nv: isize);
        }
        $crate::kernel::output_stride!((_1, isize) => true, (isize, isize) => false);

        /// Run `f(r, run)` for every vector `r` of the first `nv` columns of an `(MR, NR)`
        /// tile of C whose columns are contiguous, at `(at, ldc)` (`column_origin`), with
        /// `run` its `LANES` elements of C.
        #[inline(always)]
        fn store_columns<D: OutputStride>(c: &mut GmemMatMut<'_, T, D>, (at, ldc): (isize, isize), nv: isize, mut f: impl FnMut(usize, &mut [T; vector::LANES])) {
            Nr::new().for_each_index(#[inline(always)] |j| {
                if j as isize >= nv {
                    return;
                }
                let col: &mut [T; MR as usize] = c.engine_mut().run_mut(at + j as isize * ldc, MR as usize).try_into().unwrap();
                Mv::new().for_each_index(#[inline(always)] |v| {
                    let run = (&mut col[v * vector::LANES..(v + 1) * vector::LANES]).try_into().unwrap();
                    f(v + Mv::VALUE as usize * j, run);
                });
            });
        }

        /// `C = alpha * out + beta * C` over the valid `(mv, nv)` corner of a tile of
        /// fewer than `MR` rows whose columns are contiguous from `(at, ldc)`
        /// (`column_origin`): each column is one run of `mv` (one bounds check, `beta`
        /// tested once per column). Out of line, so that it takes no registers from
        /// the main loop of `mma_tiles`.
        $(#[$attr])*
        #[inline(never)]
        fn store_rows<D: OutputStride>(out: &[T; (MR * NR) as usize], alpha: T, beta: T, c: &mut GmemMatMut<'_, T, D>, (at, ldc): (isize, isize), (mv, nv): (isize, isize)) {
            for (j, part) in out.chunks_exact(MR as usize).take(nv as usize).enumerate() {
                let run = c.engine_mut().run_mut(at + j as isize * ldc, mv as usize);
                if beta == 0.0 {
                    run.iter_mut().zip(part).for_each(|(y, &x)| *y = alpha * x);
                } else {
                    run.iter_mut().zip(part).for_each(|(y, &x)| *y = alpha * x + beta * *y);
                }
            }
        }

        /// The vector atom's load and multiply-add as closures of the function compiled
        /// with the set's target features (a generic helper cannot carry them and
        /// be `#[inline(always)]`).
        #[derive(Clone, Copy)]
        struct VectorOps<L, F> {
            load: L,
            fma: F,
        }
        impl<L, F> VectorOps<L, F> {
            #[inline(always)]
            fn new(load: L, fma: F) -> Self {
                VectorOps { load, fma }
            }
        }

        /// The main loop, CuTe's on one thread, over the `(V, W)` corner of the register
        /// tile: `V` vectors of each column, `W` columns. Per `k`, column `k` of the A
        /// panel goes into vector registers (a fragment of `V` vectors: the panel
        /// layouts' unit row stride makes rows `v * LANES ..` one run) and `gemm` adds
        /// its outer product with the first `W` values of the B panel's column into the
        /// corner, one broadcast of B per column.
        #[inline(always)]
        fn main_loop<LB: BPanel, LA: APanel, V: Leaf + Tiler, W: Leaf + Tiler>(kv: isize, la: LA, a: &[T], b: &LB::Cut<'_>, acc: &mut AccumVecTensor, (v, w): (V, W), ops: VectorOps<impl Fn(&[T; vector::LANES]) -> vector::V, impl Fn(vector::V, T, vector::V) -> vector::V>) {
            let mut part = acc.view_mut().compose((v, w));
            // Two steps per iteration from packed A (128^3: 1.5% faster); in place,
            // where each column of A is a load `lda` away, that spilled an
            // accumulator (16 x 2048 x 2048: 30% slower). The smaller loops of edge
            // tiles take one (a sliver of the time, and of the build's: unrolled, the
            // narrower widths alone cost 7% of the release build).
            let unroll = LA::UNROLL && v.value() == Mv::VALUE && w.value() == NR;
            $crate::kernel::for_each_k(kv, unroll, #[inline(always)] |k| {
                // Column `k`: `MR` contiguous values (both panel layouts have the
                // unit row stride), one bounds check, then `V` vector loads.
                let at = la.offset(0, k) as usize;
                let col: &[T; MR as usize] = a[at..at + MR as usize].try_into().unwrap();
                let mut ra = make_owned_tensor::<vector::V>(make_layout(v));
                v.for_each_index(#[inline(always)] |i| {
                    let run: &[T; vector::LANES] = col[i * vector::LANES..(i + 1) * vector::LANES].try_into().unwrap();
                    ra.set(i, (ops.load)(run));
                });
                $crate::kernel::gemm_outer(
                    &ops.fma,
                    &ra,
                    &LB::column(b, k).compose(w),
                    &mut part,
                );
            });
        }

        /// A run of register tiles through one block of C: `count` tiles from tile
        /// `first`, each `step` tiles after the one before and reading the A and B
        /// panels `a_step` and `b_step` elements further on. `extent` is C's extent
        /// from `first`'s corner (a tile past it is partial).
        pub(crate) struct TileRun {
            pub(crate) first: (isize, isize),
            pub(crate) step: (isize, isize),
            pub(crate) count: isize,
            pub(crate) a_step: isize,
            pub(crate) b_step: isize,
            pub(crate) extent: (isize, isize),
        }
        impl TileRun {
            /// The valid `(mv, nv)` corner of tile `t` of the run.
            #[inline(always)]
            fn valid(&self, t: isize) -> (isize, isize) {
                (MR.min(self.extent.0 - t * self.step.0 * MR), NR.min(self.extent.1 - t * self.step.1 * NR))
            }
        }

        /// A run of register tiles (BLIS's macro-kernel loop): for each, `acc =
        /// A_panel(:, 0..kv) * B_panel(:, 0..kv)^T`, then `C_tile = alpha * acc + beta *
        /// C_tile`, in one function so that the epilogue reads the accumulator from
        /// registers and the run's set-up is paid once. The accumulation is
        /// [`main_loop`]'s.
        #[allow(clippy::too_many_arguments)]
        $(#[$attr])*
        #[inline(never)]
        fn mma_tiles<D: OutputStride, LB: BPanel, LA: APanel>(
            kv: isize,
            a: Panel<'_, LA>,
            b: LB::Source<'_>,
            alpha: T,
            beta: T,
            c: &mut GmemMatMut<'_, T, D>,
            run: TileRun,
        ) {
            let kv = kv.clamp(0, KC);
            let la = a.layout();
            for t in 0..run.count {
                let (mv, nv) = run.valid(t);
                let mut acc = AccumVecTensor::new(AccumVec::default());
                // Cut each panel's storage to its static cosize: with `kv <= KC` the
                // compiler then proves every column access in bounds and the loop
                // carries no checks.
                let a = a.engine().run(t * run.a_step, la.span(kv));
                let b = LB::cut(&b, t * run.b_step, kv);
                // The main loop of an edge tile covers its valid part only: the narrowest
                // of the set's widths that holds its columns (on AVX2, 64 = 10 x 6 + 4
                // columns were computed as 66; faer's gemm has a kernel per width), and
                // one vector of rows where they fit in one (on AVX-512, a 16-row
                // product computed 32). The other accumulators stay zero.
                let ops = VectorOps::new(
                    #[inline(always)] |x: &[T; vector::LANES]| vector::load(x),
                    #[inline(always)] |x, y, z| vector::fma(x, y, z),
                );
                // (One vector of rows runs at the full width only: each loop costs build
                // time, and short tiles in both directions are small products' alone.)
                let (e1, e2) = NrEdge::default();
                let v = Mv::new();
                if mv as usize <= vector::LANES {
                    main_loop::<LB, LA, _, _>(kv, la, a, &b, &mut acc, (_1::new(), Nr::new()), ops);
                } else if nv <= e2.value() {
                    main_loop::<LB, LA, _, _>(kv, la, a, &b, &mut acc, (v, e2), ops);
                } else if nv <= e1.value() {
                    main_loop::<LB, LA, _, _>(kv, la, a, &b, &mut acc, (v, e1), ops);
                } else {
                    main_loop::<LB, LA, _, _>(kv, la, a, &b, &mut acc, (v, Nr::new()), ops);
                }
                // Read per tile: hoisted out of the run's loop, the epilogue's broadcasts
                // of alpha and beta held two vector registers through the main loop, and
                // an accumulator went to the stack.
                let (alpha, beta) = core::hint::black_box((alpha, beta));
                // The corner again, from an opaque `t`: the corner that chose the main
                // loop, kept live through it, sent a B row pointer and the loop's bound to
                // the stack (two more memory operands per iteration).
                let t = core::hint::black_box(t);
                let (mv, nv) = run.valid(t);
                let tile = (run.first.0 + t * run.step.0, run.first.1 + t * run.step.1);
                if mv == MR && let Some(origin) = D::column_origin(c, tile) {
                    // CuTe's epilogue, `C_tile = alpha * acc + beta * C_tile`, column by
                    // column in vector registers: each of the `nv` valid columns of C is
                    // one run of `MR` (one bounds check), moved as `MR / LANES` whole
                    // vectors. C is not read when `beta == 0`.
                    if beta == 0.0 && alpha == 1.0 {
                        store_columns(c, origin, nv, #[inline(always)] |r, run| vector::store(acc.get(r), run));
                    } else if beta == 0.0 {
                        store_columns(c, origin, nv, #[inline(always)] |r, run| vector::store(vector::mul(acc.get(r), alpha), run));
                    } else {
                        store_columns(c, origin, nv, #[inline(always)] |r, run| {
                            vector::store(vector::add(vector::mul(acc.get(r), alpha), vector::mul(vector::load(run), beta)), run)
                        });
                    }
                    continue;
                }
                // The element tile the epilogue reads: vector `r` holds elements
                // `r * LANES ..` of the column-major tile (whole vector stores).
                // Unrolled: a constant `r` keeps the accumulator in registers (a dynamic
                // index would give it an address, and the main loop would store it).
                let mut out = [T::default(); (MR * NR) as usize];
                size(AccumVec::default()).for_each_index(#[inline(always)] |r| {
                    out[r * vector::LANES..(r + 1) * vector::LANES].copy_from_slice(&vector::lanes(acc.get(r)));
                });
                if let Some(origin) = D::column_origin(c, tile) {
                    store_rows(&out, alpha, beta, c, origin, (mv, nv));
                    continue;
                }
                let out = make_tensor(&out[..], Accum::default());
                D::store(out, alpha, beta, c, tile, mv, nv)
            }
        }
    };
}
pub(crate) use micro_kernel;

/// `BPanel` for the given packed panel layouts of B.
macro_rules! b_panel {
    ($($m:ty => $l:ty),*) => {$(
        impl BPanel for $m {
            type Source<'a> = Panel<'a, $l>;
            type Cut<'b> = Panel<'b, $l>;
            #[inline(always)]
            fn cut<'b>(b: &'b Panel<'_, $l>, offset: isize, _: isize) -> Panel<'b, $l> {
                // Static: the whole panel (`kv <= KC`).
                make_tensor(b.engine().run(offset, cosize(b.layout()).value() as usize), b.layout())
            }
            #[inline(always)]
            fn column<'s, 'b>(b: &'s Self::Cut<'b>, k: isize) -> Tensor<impl Engine<Elem = T>, impl Layout> {
                b.slice(coord!((_, k)))
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
            fn column_origin(c: &GmemMatMut<'_, T, Self>, tile: (isize, isize)) -> Option<(isize, isize)> {
                // C(tile.0 * MR, tile.1 * NR): the tile's first element.
                $contiguous.then(|| (c.layout().call((tile.0 * MR, tile.1 * NR)).value(), c.layout().stride().1.value()))
            }
            #[inline(always)]
            fn store(acc: AccumTensor<'_>, alpha: T, beta: T, c: &mut GmemMatMut<'_, T, Self>, tile: (isize, isize), mv: isize, nv: isize) {
                let mut tc = local_tile(c.view_mut(), (Mr::new(), Nr::new()), tile);
                if mv == MR && nv == NR {
                    axpby(alpha, &acc, beta, &mut tc);
                } else {
                    // A copy: the full-tile path's accumulator must not escape into
                    // this path's calls, or the compiler assumes C may alias it.
                    let part = acc;
                    // Column by column: a constant `j` reads the register tile statically,
                    // through a plain array (a dynamic row index into owned storage walks
                    // its halves).
                    Nr::new().for_each_index(#[inline(always)] |j| {
                        let j = j as isize;
                        if j < nv {
                            let mut col = [T::default(); MR as usize];
                            copy(&part.view().slice(coord!((_, j))), &mut make_tensor(&mut col[..], make_layout(Mr::new())));
                            let col = make_tensor(&col[..], make_layout(Mr::new()));
                            axpby(alpha, &col.compose(mv), beta, &mut tc.view_mut().slice(coord!((_, j))).compose(mv));
                        }
                    });
                }
            }
        }
    )*};
}
pub(crate) use output_stride;
