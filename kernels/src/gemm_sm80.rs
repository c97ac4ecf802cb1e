//! Tensor-core GEMM in CuTe's SM80 style, every index from cutlet's layouts:
//! `C = alpha A Bᵀ + beta C` with A `(m, k)` and B `(n, k)` in f16 or bf16, each K-major
//! or MN-major, C `(m, n)` column-major in f32 or the input type, accumulation in f32.
//!
//! The kernel is one generic function, [`gemm_sm80::<C>`](gemm_sm80), over a
//! configuration type `C:` [`Sm80Config`] (element and output types, MMA atom, majors,
//! CTA tile, stages, warp layout); everything else is computed from it, so register
//! fragments are sized at compile time and a 256-thread CTA is one more configuration.
//! The steps, with CuTe's names:
//!
//! - the CTA tile `(BM, BK)` of A, `(BN, BK)` of B and `(BM, BN)` of C by `local_tile`;
//! - shared memory: `tile_to_shape` of CuTe's SM80 128-byte swizzle atom (K-major
//!   `Sw<3,3,3> o (_8,_64):(_64,_1)`, MN-major `Sw<3,3,3> o (_64,_8):(_1,_64)`) to
//!   `(BM, BK, stages)`, so `ldmatrix` is free of bank conflicts without padding;
//! - global → shared: a `TiledCopy` of `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>`
//!   (8 values along the contiguous mode), one predicate per 16-byte vector from the
//!   identity tensor (zero fill outside), in a `stages`-deep `cp.async` pipeline; an
//!   operand whose rows are not 16-byte vectors (odd `k`, leading dimension or
//!   pointer) takes an element-by-element path through the same partition;
//! - the TiledMMA: `SM80_16x8x16_F32{F16F16,BF16BF16}F32_TN` over `(WM, WN, 1)` warps,
//!   M and N permutations that give each warp one `(BM/WM, BN/WN)` block;
//! - shared → registers: `make_tiled_copy_A/B` of `SM75_U32x4_LDSM_N` (K-major) or
//!   `SM75_U16x8_LDSM_T` (MN-major) and `retile_D` of the MMA's fragments;
//! - `gemm_with(tiled_mma, tCrA(_,_,k), tCrB(_,_,k), tCrC)` (CuTe's `gemm(tiled_mma, ..)`) per k block;
//! - epilogue through shared memory: the accumulators by `partition_C` into a padded
//!   f32 tile, then 16-byte vectors per thread, `alpha acc + beta C` converted once to
//!   the output type and stored 4 elements at a time; a tile that crosses the matrix
//!   edge (or a C that is not vector-aligned) is stored element by element, predicated
//!   on the identity tensor.
//!
//! The code reads in layers, each generic over what the previous one built, so the
//! type checker never expands the layout algebra over the configuration's leaves
//! (results/compile-time-log.md): [`gemm_sm80`] makes the atoms, copies and shared-memory
//! tensors from `C`; `mainloop` partitions and pipelines over `M: TiledMma`; the
//! epilogue stores over `R: TiledCopier`.
//!
//! The configurations built ([`crate::registry::sm80`]): every pair of majors (TN, TT,
//! NT, NN) for each pair of element types (bf16 or f16 into f32 or the same type), so
//! `cutlet_gemm::gemm` takes any majors.

use crate::gemm::{GemmArgs, GemmConfig, GemmOutput, KMajor, Major, MnMajor, TileSchedule, val};
use cutlet_core::algebra::recast::SizeofBits;
use cutlet_core::atom::{
    Copy_Atom, CopyTraits, MmaCall, MmaTraits, SM75_U16x8_LDSM_T, SM75_U32x4_LDSM_N,
    SM80_CP_ASYNC_CACHEGLOBAL_ZFILL, TiledCopier, TiledMma, UniversalCopy, make_tiled_copy,
    make_tiled_copy_a, make_tiled_copy_b, make_tiled_mma_permuted,
};
use cutlet_core::cuda::cp_async::{cp_async_fence, cp_async_wait_n};
use cutlet_core::cuda::{
    DevicePod, Gmem, GmemPtr, PtrEngine, Smem, SmemBuffer, U128, block_idx, make_gmem_tensor,
    make_smem_tensor, syncthreads, thread_idx,
};
use cutlet_core::int::types::{Add, Div, Mul};
use cutlet_core::prelude::*;
use cutlet_core::tensor::CoordEngine;
use typenum::U2;

/// Dynamic shared memory of a configuration: the A and B stages, or the f32 C tile of
/// the epilogue (which reuses them), whichever is larger.
///
/// ```
/// assert_eq!(cutlet_kernels::gemm_sm80::gemm_smem(128, 128, 64, 3), 3 * 2 * 128 * 64 * 2);
/// ```
pub const fn gemm_smem(bm: usize, bn: usize, bk: usize, stages: usize) -> usize {
    let ab = stages * (bm + bn) * bk * 2;
    let c = (bm + 4) * bn * 4;
    if ab > c { ab } else { c }
}

/// Whether an operand's rows are 16-byte vectors: the contiguous extent and the leading
/// dimension are multiples of 8 elements and the pointer is 16-byte aligned.
///
/// ```
/// use cutlet_core::cuda::GmemPtr;
/// let v = [0u16; 64];
/// let p = GmemPtr::from_slice(&v);
/// assert!(!cutlet_kernels::gemm_sm80::vectorizable(8, 12, p));
/// ```
#[inline(always)]
pub fn vectorizable<T>(contiguous: usize, ld: usize, p: GmemPtr<T>) -> bool {
    contiguous.is_multiple_of(8) && ld.is_multiple_of(8) && (p.as_ptr() as usize).is_multiple_of(16)
}

/// The global → shared copy atom: 16 bytes per `cp.async`, zero fill where predicated off.
pub type G2sAtom<T> = Copy_Atom<SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, T>;

/// What CuTe's SM80 collective chooses per operand major (the shared-memory swizzle
/// atom, the `cp.async` thread arrangement and the `ldmatrix` flavour), on top of the
/// shared [`Major`].
///
/// ```
/// use cutlet_kernels::gemm::{KMajor, MnMajor};
/// use cutlet_kernels::gemm_sm80::Sm80Major;
/// assert_eq!(KMajor::g2s_values().to_string(), "(_1,_8):(_0,_1)");
/// assert_eq!(MnMajor::g2s_values().to_string(), "(_8,_1):(_1,_0)");
/// ```
pub trait Sm80Major: Major {
    /// The `ldmatrix` operation that reads this major's shared tiles into MMA fragments.
    type Ldsm: CopyTraits;
    /// `(rows, k, stages)` shared tiles: CuTe's SM80 128-byte swizzle atom for 16-bit
    /// elements tiled to the shape (the swizzle `Sw<3,3,3>` is the engine's).
    fn smem<R: Leaf, K: Leaf, S: Leaf>() -> impl Layout;
    /// The global → shared copy's `NT` threads over the `(rows, k)` tile (CuTe's
    /// `thr_layout` of `make_tiled_copy`).
    fn g2s_threads<NT: Leaf>() -> impl Layout;
    /// The copy's values per thread: 8 elements along the contiguous mode, one 16-byte
    /// `cp.async` (CuTe's `val_layout`).
    fn g2s_values() -> impl Layout;
}

impl Sm80Major for KMajor {
    type Ldsm = SM75_U32x4_LDSM_N;
    #[inline(always)]
    fn smem<R: Leaf, K: Leaf, S: Leaf>() -> impl Layout {
        tile_to(
            layout!((8, 64):(64, 1)),
            (R::conjure(), K::conjure(), S::conjure()),
        )
    }
    #[inline(always)]
    fn g2s_threads<NT: Leaf>() -> impl Layout {
        // (NT/8, 8) threads, 8 vectors of 8 along k per row: a warp reads 4 rows of 128 bytes.
        StridedLayout::new((st::<Div<NT, _8>>(), _8::new()), (_8::new(), _1::new()))
    }
    #[inline(always)]
    fn g2s_values() -> impl Layout {
        layout!((1, 8))
    }
}
impl Sm80Major for MnMajor {
    type Ldsm = SM75_U16x8_LDSM_T;
    #[inline(always)]
    fn smem<R: Leaf, K: Leaf, S: Leaf>() -> impl Layout {
        tile_to(
            layout!((64, 8):(1, 64)),
            (R::conjure(), K::conjure(), S::conjure()),
        )
    }
    #[inline(always)]
    fn g2s_threads<NT: Leaf>() -> impl Layout {
        // (16, NT/16) threads, 8 elements along the rows each: 128 rows per k column.
        StridedLayout::new((_16::new(), st::<Div<NT, _16>>()), (_1::new(), _16::new()))
    }
    #[inline(always)]
    fn g2s_values() -> impl Layout {
        layout!((8, 1))
    }
}

/// A configuration of [`gemm_sm80`]. The extents are static integers (`_128`, ...):
/// `BM` a multiple of `16 WM` and of 64 (128 for an MN-major A), `BN` of `8 WN` and 64
/// (128 for an MN-major B), `BK` of 64, `STAGES >= 2`, and the `(BM, BK)` tile a whole
/// number of the copy's `32 WM WN` vectors; [`gemm_config`] checks them at build time.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_kernels::gemm::KMajor;
/// use cutlet_kernels::gemm_sm80::*;
/// /// TN bf16 with a 64-deep k tile and 4 stages.
/// struct Mine;
/// impl Sm80Config for Mine {
///     const NAME: &'static str = "mine";
///     type Elem = half::bf16;
///     type Out = f32;
///     type Atom = cutlet_core::atom::SM80_16x8x16_F32BF16BF16F32_TN;
///     type A = KMajor;
///     type B = KMajor;
///     type Bm = _128;
///     type Bn = _128;
///     type Bk = _64;
///     type Stages = _4;
///     type WarpsM = _2;
///     type WarpsN = _2;
///     type SmemSwizzle = Swizzle<3, 3, 3>;
/// }
/// assert_eq!(gemm_config::<Mine>().smem, 4 * 256 * 64 * 2);
/// ```
pub trait Sm80Config: 'static {
    /// The kernel's name (the PTX entry is `cutlet_` and this).
    const NAME: &'static str;
    /// A and B elements.
    type Elem: DevicePod + Default + SizeofBits;
    /// C's elements.
    type Out: GemmOutput;
    /// The MMA atom: `Elem x Elem -> f32`.
    type Atom: MmaCall
        + MmaTraits<ValTypeA = Self::Elem, ValTypeB = Self::Elem, ValTypeC = f32>
        + Default;
    /// A's major mode.
    type A: Sm80Major;
    /// B's major mode.
    type B: Sm80Major;
    /// CTA tile rows.
    type Bm: Leaf;
    /// CTA tile columns.
    type Bn: Leaf;
    /// The k tile.
    type Bk: Leaf;
    /// Pipeline depth.
    type Stages: Leaf;
    /// Warps along M.
    type WarpsM: Leaf;
    /// Warps along N.
    type WarpsN: Leaf;
    /// The shared tiles' swizzle: CuTe's SM80 choice for 16-bit elements is
    /// `Swizzle<3, 3, 3>`, which makes the `ldmatrix` reads free of bank conflicts;
    /// `NoSwizzle` shows the conflicts it removes (`kernels/tests/counters.rs`).
    type SmemSwizzle: SwizzleFn;
}

/// Configuration `C` with its shared tiles unswizzled (`NoSwizzle`), everything else
/// `C`'s: the bank conflicts CuTe's swizzle removes, shown on the same kernel (its
/// K-major stage rows of 64 16-bit elements are 128 bytes, so the 8 rows each `ldmatrix`
/// matrix fetches share their 4 banks). Not in the registry: `gemm()` never runs it; its
/// entry `cutlet_gemm_tn_bf16_unswizzled` is [`sm80::TnBf16`](crate::registry::sm80::TnBf16)'s,
/// for `ncu` to count beside the swizzled one.
///
/// ```
/// use cutlet_kernels::gemm_sm80::{Unswizzled, gemm_config};
/// use cutlet_kernels::registry::sm80::TnBf16;
/// assert_eq!(gemm_config::<Unswizzled<TnBf16>>().smem, gemm_config::<TnBf16>().smem);
/// ```
pub struct Unswizzled<C>(core::marker::PhantomData<C>);

impl<C: Sm80Config> Sm80Config for Unswizzled<C> {
    const NAME: &'static str = "gemm_unswizzled";
    type Elem = C::Elem;
    type Out = C::Out;
    type Atom = C::Atom;
    type A = C::A;
    type B = C::B;
    type Bm = C::Bm;
    type Bn = C::Bn;
    type Bk = C::Bk;
    type Stages = C::Stages;
    type WarpsM = C::WarpsM;
    type WarpsN = C::WarpsN;
    type SmemSwizzle = NoSwizzle;
}

/// The [`GemmConfig`] of a configuration, checked: an ill-formed one stops the build.
///
/// ```
/// use cutlet_kernels::{gemm_sm80::gemm_config, registry::sm80::TnBf16W2x4};
/// assert_eq!(gemm_config::<TnBf16W2x4>().tile, (128, 256, 64));
/// ```
pub const fn gemm_config<C: Sm80Config>() -> GemmConfig {
    let (bm, bn, bk) = (val::<C::Bm>(), val::<C::Bn>(), val::<C::Bk>());
    let (stages, wm, wn) = (val::<C::Stages>(), val::<C::WarpsM>(), val::<C::WarpsN>());
    let threads = val::<Threads<C>>();
    let (rows_a, rows_b) = (
        if C::A::K_MAJOR { 64 } else { 128 },
        if C::B::K_MAJOR { 64 } else { 128 },
    );
    assert!(
        bm > 0 && bn > 0 && bk > 0 && wm > 0 && wn > 0,
        "Sm80Config: the tile and warp extents must be static and positive"
    );
    assert!(stages >= 2, "Sm80Config: STAGES must be at least 2");
    assert!(
        bk.is_multiple_of(64),
        "Sm80Config: BK must be a multiple of 64"
    );
    assert!(
        bm.is_multiple_of(16 * wm) && bn.is_multiple_of(8 * wn),
        "Sm80Config: BM must be a multiple of 16 WM and BN of 8 WN"
    );
    assert!(
        bm.is_multiple_of(rows_a) && bn.is_multiple_of(rows_b),
        "Sm80Config: BM and BN must be multiples of 64 (K-major) or 128 (MN-major)"
    );
    assert!(
        (bm * bk / 8).is_multiple_of(threads)
            && (bn * bk / 8).is_multiple_of(threads)
            && (threads * 4).is_multiple_of(bm),
        "Sm80Config: the tiles must be whole numbers of the copies' 16-byte vectors per thread"
    );
    GemmConfig {
        name: C::NAME,
        a_kmajor: C::A::K_MAJOR,
        b_kmajor: C::B::K_MAJOR,
        tile: (bm, bn, bk),
        stages,
        threads,
        smem: gemm_smem(bm, bn, bk, stages),
        cluster_m: 1,
        fast_accum: false,
        block_scaled: false,
        schedule: TileSchedule::PerTile,
    }
}

/// A static leaf's only value.
#[inline(always)]
fn st<L: Leaf>() -> L {
    L::conjure()
}
/// Hides a layout's type behind the `Layout` bound, so the algebra applied to it later
/// sees one rigid type instead of expanding over the configuration's leaves.
#[inline(always)]
fn opaque<L: Layout>(l: L) -> impl Layout {
    l
}
/// `tile_to_shape` behind the same bound.
#[inline(always)]
fn tile_to<A: Layout, S: IntTuple>(atom: A, shape: S) -> impl Layout {
    tile_to_shape(atom, shape)
}

type Threads<C> = Mul<_32, Mul<<C as Sm80Config>::WarpsM, <C as Sm80Config>::WarpsN>>;
/// The epilogue's thread columns: `BM/4` threads down a column of 4-vectors, so
/// `4 NT / BM` columns at a time.
type EpiCols<C> = Div<Mul<Threads<C>, _4>, <C as Sm80Config>::Bm>;

/// The epilogue's f32 `(BM, BN)` tile in shared memory: column-major, each column padded
/// by one 4-vector.
#[inline(always)]
fn c_tile<C: Sm80Config>() -> impl Layout {
    opaque(StridedLayout::new(
        (st::<C::Bm>(), st::<C::Bn>()),
        (_1::new(), st::<Add<C::Bm, _4>>()),
    ))
}

/// The tensor-core GEMM for configuration `C`. Launch [`gemm_config::<C>()`]'s
/// `grid(m, n)` blocks of its `threads` with its `smem()` bytes of dynamic shared memory.
///
/// ```
/// use cutlet_core::cuda::{emu::{self, DeviceVec}, Dim3};
/// use cutlet_kernels::gemm::GemmArgs;
/// use cutlet_kernels::gemm_sm80::*;
/// use cutlet_kernels::registry::sm80::TnBf16;
/// use half::bf16;
/// let (m, n, k) = (20, 10, 16);
/// let a = DeviceVec::from_slice(&vec![bf16::from_f32(1.0); m * k]);
/// let b = DeviceVec::from_slice(&vec![bf16::from_f32(0.5); n * k]);
/// let c = DeviceVec::<f32>::zeroed(m * n);
/// let p = GemmArgs { m, n, k, lda: k, ldb: k, ldc: m, alpha: 1.0, beta: 0.0, c_row_major: false, l: 1, stride_l: [0; 3] };
/// let (pa, pb, pc) = (a.ptr(), b.ptr(), c.ptr());
/// let cfg = gemm_config::<TnBf16>();
/// emu::launch_config(cfg.launch(m, n, 0), || gemm_sm80::<TnBf16>(p, pa, pb, pc)).unwrap();
/// assert_eq!(c.as_slice(), vec![8.0; m * n]);
/// ```
#[inline(always)]
pub fn gemm_sm80<C: Sm80Config>(
    p: GemmArgs,
    a: GmemPtr<C::Elem>,
    b: GmemPtr<C::Elem>,
    c: GmemPtr<C::Out>,
) {
    let cfg = const { gemm_config::<C>() };
    let GemmArgs {
        m, n, k, lda, ldb, ..
    } = p;
    // Batch entry `blockIdx.z` (CuTe's `mA_mkl(_, _, l)`).
    let (a, b, c) = p.entry(block_idx().z, (a, b, c));
    // SAFETY: A holds its (m, k) elements at the strides the major mode gives with
    // `lda`, B its (n, k) with `ldb` (the caller's contract); every global access is
    // predicated on its identity coordinate lying inside (m, k) or (n, k).
    let (ga, gb) = unsafe {
        (
            make_gmem_tensor(a, C::A::gmem(m, k, lda)),
            make_gmem_tensor(b, C::B::gmem(n, k, ldb)),
        )
    };
    let vec = (
        vectorizable(C::A::contiguous(m, k), lda, a),
        vectorizable(C::B::contiguous(n, k), ldb, b),
    );

    // Shared memory: `stages` swizzled (BM, BK) tiles of A and (BN, BK) of B.
    let mut smem = SmemBuffer::dynamic();
    // SAFETY: written only through cp.async (or, element by element, by the thread that
    // owns the element) and read (ldmatrix) after the wait and the barrier that cover the
    // stage; a stage is refilled only after the barrier that ends its last read.
    let (sa, sb) = unsafe {
        (
            smem.alloc_swizzled::<C::Elem, _, _>(
                C::SmemSwizzle::default(),
                C::A::smem::<C::Bm, C::Bk, C::Stages>(),
            ),
            smem.alloc_swizzled::<C::Elem, _, _>(
                C::SmemSwizzle::default(),
                C::B::smem::<C::Bn, C::Bk, C::Stages>(),
            ),
        )
    };

    // The TiledMMA: WM x WN warps; the permutations give warp (wm, wn) the block of rows
    // wm BM/WM .. and columns wn BN/WN ..: M = (16, WM, BM/(16 WM)):(1, BM/WM, 16).
    let (wm, wn) = (st::<C::WarpsM>(), st::<C::WarpsN>());
    let perm_m = StridedLayout::new(
        (_16::new(), wm, st::<Div<C::Bm, Mul<_16, C::WarpsM>>>()),
        (_1::new(), st::<Div<C::Bm, C::WarpsM>>(), _16::new()),
    );
    let perm_n = StridedLayout::new(
        (_8::new(), wn, st::<Div<C::Bn, Mul<_8, C::WarpsN>>>()),
        (_1::new(), st::<Div<C::Bn, C::WarpsN>>(), _8::new()),
    );
    let warps = StridedLayout::new((wm, wn, _1::new()), (_1::new(), wm, _0::new()));
    let mma = make_tiled_mma_permuted(C::Atom::default(), warps, (perm_m, perm_n, _16::new()));
    mainloop::<C, _, _, _, _, _, _, _>(
        p,
        cfg.stages,
        c,
        mma,
        (ga, gb),
        vec,
        (sa, sb),
        (
            C::A::g2s_threads::<Threads<C>>(),
            C::B::g2s_threads::<Threads<C>>(),
        ),
    );
}

type Gmem2<T, L> = Tensor<PtrEngine<T, Gmem>, L>;
type Smem2<T, Sw, L> = Tensor<PtrEngine<T, Smem, Sw>, L>;
/// A configuration's shared stages of one operand, laid out `L`.
type Stages<C, L> = Smem2<<C as Sm80Config>::Elem, <C as Sm80Config>::SmemSwizzle, L>;

/// The main loop and the epilogue, over the built MMA `M`, the operands' global layouts
/// `La`/`Lb`, their shared layouts `Sa`/`Sb` and their copies' thread layouts `Ta`/`Tb`.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn mainloop<C, M, La, Lb, Sa, Sb, Ta, Tb>(
    p: GemmArgs,
    stages: usize,
    c: GmemPtr<C::Out>,
    mma: M,
    (ga, gb): (Gmem2<C::Elem, La>, Gmem2<C::Elem, Lb>),
    (vec_a, vec_b): (bool, bool),
    (sa, sb): (Stages<C, Sa>, Stages<C, Sb>),
    (thr_a, thr_b): (Ta, Tb),
) where
    C: Sm80Config,
    M: TiledMma<Atom = C::Atom>,
    La: Layout,
    Lb: Layout,
    Sa: Layout,
    Sb: Layout,
    Ta: Layout,
    Tb: Layout,
{
    let GemmArgs { m, n, k, alpha, .. } = p;
    // Built here, over the thread layouts' type parameters: where their leaves are
    // `C`'s projections the copies' types cost the checker seconds each (see
    // `store_vec4`).
    let g2s_a = make_tiled_copy(G2sAtom::<C::Elem>::new(), thr_a, C::A::g2s_values());
    let g2s_b = make_tiled_copy(G2sAtom::<C::Elem>::new(), thr_b, C::B::g2s_values());
    let (bm, bn) = (block_idx().x, block_idx().y);
    let tid = thread_idx().x;
    let (ia, ib) = (
        make_identity_tensor(shape!((m, k))),
        make_identity_tensor(shape!((n, k))),
    );
    let (tile_a, tile_b) = (
        (st::<C::Bm>(), st::<C::Bk>()),
        (st::<C::Bn>(), st::<C::Bk>()),
    );
    let load = |kt: usize, stage: usize| {
        load_tile(
            g2s_a,
            ga,
            ia,
            sa,
            tile_a.as_tiler(),
            (bm, kt),
            stage,
            (m, k),
            vec_a,
        );
        load_tile(
            g2s_b,
            gb,
            ib,
            sb,
            tile_b.as_tiler(),
            (bn, kt),
            stage,
            (n, k),
            vec_b,
        );
    };

    let thr_mma = mma.get_slice(tid);
    let mut acc = thr_mma.partition_fragment_c(make_layout((st::<C::Bm>(), st::<C::Bn>()))); // (MMA,MMA_M,MMA_N)
    // Registers for one k tile, filled by ldmatrix through the MMA's copies.
    let mut af = thr_mma.partition_fragment_a(make_layout(tile_a)); // (MMA,MMA_M,MMA_K)
    let mut bf = thr_mma.partition_fragment_b(make_layout(tile_b)); // (MMA,MMA_N,MMA_K)
    let s2r_a = make_tiled_copy_a(Copy_Atom::<<C::A as Sm80Major>::Ldsm, C::Elem>::new(), &mma);
    let s2r_b = make_tiled_copy_b(Copy_Atom::<<C::B as Sm80Major>::Ldsm, C::Elem>::new(), &mma);
    let (thr_s2r_a, thr_s2r_b) = (s2r_a.get_slice(tid), s2r_b.get_slice(tid));
    let tsa = thr_s2r_a.partition_s(sa); // (CPY,CPY_M,CPY_K,PIPE)
    let tsb = thr_s2r_b.partition_s(sb); // (CPY,CPY_N,CPY_K,PIPE)

    let k_tiles = k.div_ceil(val::<C::Bk>());
    // Iteration `it` loads k tile `it` and computes k tile `it - (stages - 1)`:
    // stages - 1 tiles stay in flight. (One loop, one load site, so `load` inlines.)
    for it in 0..k_tiles + stages - 1 {
        if it >= stages - 1 {
            // The tile computed below has landed (at most the newest stages - 2 groups
            // are pending), and every warp is done with the stage the load below
            // refills (read at the previous iteration).
            cp_async_wait_n(stages - 2);
            syncthreads();
        }
        if it < k_tiles {
            load(it, it % stages);
        }
        cp_async_fence();
        if it < stages - 1 {
            continue;
        }
        let stage = (it - (stages - 1)) % stages;
        size(get::<2, _>(af.layout())).for_each_index(
            #[inline(always)]
            |kb| {
                s2r_a.copy(
                    &tsa.slice((X, X, kb, stage)),
                    &mut thr_s2r_a.retile_d(af.view_mut()).slice((X, X, kb)),
                );
                s2r_b.copy(
                    &tsb.slice((X, X, kb, stage)),
                    &mut thr_s2r_b.retile_d(bf.view_mut()).slice((X, X, kb)),
                );
                gemm_with(
                    mma,
                    &af.view().slice((X, X, kb)),
                    &bf.view().slice((X, X, kb)),
                    &mut acc,
                );
            },
        );
    }
    cp_async_wait_n(0);
    syncthreads();

    // Epilogue, through shared memory (the A and B stages are free now): the
    // accumulators into an f32 (BM, BN) tile padded by one vector per column.
    let mut smem = SmemBuffer::dynamic();
    // SAFETY: every thread has passed the barrier after its last read of the stages;
    // each element of the tile is written by one thread, and read (by any thread) only
    // after the barrier below.
    let sc = unsafe { smem.alloc::<f32, _>(c_tile::<C>()) };
    let mut tcsc = thr_mma.partition_c(sc);
    acc.size().for_each_index(
        #[inline(always)]
        |v| tcsc.set(v, alpha * acc.get(v)),
    );
    syncthreads();
    epilogue::<C>(p, c, sc.engine().as_ptr(), (bm, bn), tid);
}

/// Loads k tile `kt` of one operand into pipeline stage `stage`: 16-byte `cp.async`
/// copies predicated per vector (zero fill outside), or element by element when the
/// operand is not vectorizable.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn load_tile<T, G, Lg, Li, Sw, Ls, Tl>(
    copy: G,
    g: Gmem2<T, Lg>,
    id: Tensor<CoordEngine<U2>, Li>,
    s: Smem2<T, Sw, Ls>,
    tile: Tl,
    (blk, kt): (usize, usize),
    stage: usize,
    (rows, k): (usize, usize),
    vec: bool,
) where
    T: Copy + Default + SizeofBits + 'static,
    G: TiledCopier<Atom = G2sAtom<T>>,
    Lg: Layout,
    Li: Layout,
    Sw: SwizzleFn,
    Ls: Layout,
    Tl: Tiler,
{
    let thr = copy.get_slice(thread_idx().x);
    let tg = thr.partition_s(local_tile(g, tile, (blk, kt))); // (CPY,CPY_R,CPY_K)
    let tc = thr.partition_s(local_tile(id, tile, (blk, kt))); // (CPY,CPY_R,CPY_K)
    let ts = thr.partition_d(s); // (CPY,CPY_R,CPY_K,PIPE)
    let (rows, k) = (rows as isize, k as isize);
    if vec {
        let shape = tg.layout().shape();
        size(shape.e1()).for_each_index(
            #[inline(always)]
            |i| {
                size(shape.e2()).for_each_index(
                    #[inline(always)]
                    |j| {
                        let (r, c) = tc.get((0usize, i, j));
                        let mut dst = ts.slice((X, i, j, stage));
                        copy.atom()
                            .with(r < rows && c < k)
                            .copy(&tg.slice((X, i, j)), &mut dst);
                    },
                )
            },
        );
    } else {
        let mut ts = ts.slice((X, X, X, stage));
        for v in 0..tg.size().value() as usize {
            let (r, c) = tc.get(v);
            ts.set(
                v,
                if r < rows && c < k {
                    tg.get(v)
                } else {
                    T::default()
                },
            );
        }
    }
}

/// Stores the block's `alpha A Bᵀ` tile (f32 in shared memory at `sc`, `(BM, BN)`
/// column-major with leading dimension `BM + 4`) as `C = tile + beta C`.
#[inline(always)]
fn epilogue<C: Sm80Config>(
    p: GemmArgs,
    c: GmemPtr<C::Out>,
    sc: *mut f32,
    (bm, bn): (usize, usize),
    tid: usize,
) {
    let GemmArgs {
        m, n, ldc, beta, ..
    } = p;
    let full = (bm + 1) * val::<C::Bm>() <= m && (bn + 1) * val::<C::Bn>() <= n;
    let vec4 = core::mem::size_of::<<C::Out as GemmOutput>::Vec4>();
    // Threads (BM/4, NT 4/BM) over the tile: a column of 4-vectors per group of BM/4.
    let q = st::<Div<C::Bm, _4>>();
    let thr = opaque(StridedLayout::new((q, st::<EpiCols<C>>()), (_1::new(), q)));
    if full && ldc.is_multiple_of(4) && (c.as_ptr() as usize).is_multiple_of(vec4) {
        // SAFETY: the same bytes as the f32 tile, read only after the barrier that
        // follows its writes.
        let sc4 = unsafe {
            make_smem_tensor(
                sc as *mut U128,
                NoSwizzle,
                opaque(StridedLayout::new(
                    (q, st::<C::Bn>()),
                    (_1::new(), st::<Div<Add<C::Bm, _4>, _4>>()),
                )),
            )
        };
        // SAFETY: C holds (m, n) column-major with `ldc` (the caller's contract); this
        // block's tile lies inside it, ldc and the pointer are multiples of the vector,
        // and each vector belongs to one thread.
        let (m4, ldc4) = (m / 4, ldc / 4);
        let gc4 = unsafe {
            make_gmem_tensor(
                c.cast::<<C::Out as GemmOutput>::Vec4>(),
                layout!((m4, n):(1, ldc4)),
            )
        };
        store_vec4::<C::Out, _, _, _, _>(
            thr,
            tid,
            sc4,
            gc4,
            (q, st::<C::Bn>()).as_tiler(),
            (bm, bn),
            beta,
        );
    } else {
        // SAFETY: the tile written before the barrier.
        let sc = unsafe { make_smem_tensor(sc, NoSwizzle, c_tile::<C>()) };
        // SAFETY: as for the vector path; every store is predicated on (m, n).
        let gc = unsafe { make_gmem_tensor(c, layout!((m, n):(1, ldc))) };
        let cc = make_identity_tensor(shape!((m, n)));
        let thr4 = opaque(StridedLayout::new(
            (q, st::<EpiCols<C>>()),
            (_4::new(), st::<C::Bm>()),
        ));
        store_elems::<C::Out, _, _, _, _, _>(
            thr4,
            tid,
            sc,
            gc,
            cc,
            (st::<C::Bm>(), st::<C::Bn>()).as_tiler(),
            (bm, bn),
            (m, n),
            beta,
        );
    }
}

/// The epilogue's vector path: whole tiles, 4 elements per access, one 16-byte vector
/// per thread of `thr` at a time.
///
/// The tiled copy is built here, over the thread layout's type parameter: built in
/// [`epilogue`], where that layout's leaves are `C`'s projections, its type costs the
/// checker about 20 s per call (`results/compile-time-log.md`, "Tiled copies built where
/// their layouts are concrete").
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn store_vec4<O: GemmOutput, Thr: Layout, Ls: Layout, Lg: Layout, Tl: Tiler>(
    thr: Thr,
    tid: usize,
    sc4: Tensor<PtrEngine<U128, Smem>, Ls>,
    gc4: Gmem2<O::Vec4, Lg>,
    tile: Tl,
    blk: (usize, usize),
    beta: f32,
) {
    let r2g = make_tiled_copy(
        Copy_Atom::<UniversalCopy<u128>, U128>::new(),
        thr,
        layout!((1, 1)),
    );
    let thr = r2g.get_slice(tid);
    let tsc = thr.partition_s(sc4); // (CPY,CPY_M,CPY_N) of 4-vectors
    let mut tgc = thr.partition_d(local_tile(gc4, tile, blk));
    tsc.size().for_each_index(
        #[inline(always)]
        |v| {
            let x = f32::unpack4(tsc.get(v));
            let y = if beta != 0.0 {
                let old = O::unpack4(tgc.get(v));
                [
                    x[0] + beta * old[0],
                    x[1] + beta * old[1],
                    x[2] + beta * old[2],
                    x[3] + beta * old[3],
                ]
            } else {
                x
            };
            tgc.set(v, O::pack4(y));
        },
    );
}

/// The epilogue's element path: tiles across the matrix edge, or an unaligned C; 4
/// elements down a column per thread of `thr` (the copy is built here, as in
/// [`store_vec4`]).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn store_elems<O: GemmOutput, Thr: Layout, Ls: Layout, Lg: Layout, Lc: Layout, Tl: Tiler>(
    thr: Thr,
    tid: usize,
    sc: Tensor<PtrEngine<f32, Smem>, Ls>,
    gc: Gmem2<O, Lg>,
    cc: Tensor<CoordEngine<U2>, Lc>,
    tile: Tl,
    blk: (usize, usize),
    (m, n): (usize, usize),
    beta: f32,
) {
    let r2g = make_tiled_copy(
        Copy_Atom::<UniversalCopy<u32>, f32>::new(),
        thr,
        layout!((4, 1)),
    );
    let thr = r2g.get_slice(tid);
    let tsc = thr.partition_s(sc);
    let tcc = thr.partition_s(local_tile(cc, tile, blk));
    let mut tgc = thr.partition_d(local_tile(gc, tile, blk));
    let (mi, ni) = (m as isize, n as isize);
    tsc.size().for_each_index(
        #[inline(always)]
        |v| {
            let (i, j) = tcc.get(v);
            if i < mi && j < ni {
                let old = if beta == 0.0 {
                    0.0
                } else {
                    tgc.get(v).to_f32()
                };
                tgc.set(v, O::from_f32(tsc.get(v) + beta * old));
            }
        },
    );
}
