//! Tensor-core GEMM in CuTe's SM80 style, every index from cutlet's layouts:
//! `C = alpha A Bᵀ + beta C` with A `(m, k)` and B `(n, k)` in f16 or bf16, each K-major
//! or MN-major, C `(m, n)` column-major in f32 or the input type, accumulation in f32.
//!
//! A configuration is one line of [`sm80_gemm!`](crate::sm80_gemm) (element type, MMA
//! atom, majors, output type, CTA tile, stages); everything below is a type computed from
//! it, so register fragments are sized at compile time. The kernel, step by step with
//! CuTe's names:
//!
//! - the CTA tile `(BM, BK)` of A, `(BN, BK)` of B and `(BM, BN)` of C by `local_tile`;
//! - shared memory: `tile_to_shape` of CuTe's SM80 128-byte swizzle atom (K-major
//!   `Sw<3,3,3> o (_8,_64):(_64,_1)`, MN-major `Sw<3,3,3> o (_64,_8):(_1,_64)`) to
//!   `(BM, BK, stages)`, so `ldmatrix` is free of bank conflicts without padding;
//! - global → shared: a `TiledCopy` of `SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<uint128_t>`
//!   (threads `(16,8)`, 8 values along the contiguous mode), one predicate per 16-byte
//!   vector from the identity tensor (zero fill outside), in a `stages`-deep `cp.async`
//!   pipeline; an operand whose rows are not 16-byte vectors (odd `k`, leading dimension
//!   or pointer) takes an element-by-element path through the same partition;
//! - the TiledMMA: `SM80_16x8x16_F32{F16F16,BF16BF16}F32_TN`, atom layout `(2,2,1)`,
//!   M and N permutations that give each warp one `(BM/2, BN/2)` block;
//! - shared → registers: `make_tiled_copy_A/B` of `SM75_U32x4_LDSM_N` (K-major) or
//!   `SM75_U16x8_LDSM_T` (MN-major) and `retile_D` of the MMA's fragments;
//! - `gemm(tiled_mma, tCrA(_,_,k), tCrB(_,_,k), tCrC)` per k block;
//! - epilogue through shared memory: the accumulators by `partition_C` into a padded
//!   f32 tile, then 16-byte vectors per thread (a TiledCopy of `uint128_t` over threads
//!   `(BM/4, 512/BM)`), `alpha acc + beta C` converted once to the output type and stored
//!   4 elements at a time; a tile that crosses the matrix edge (or a C that is not
//!   vector-aligned) is stored element by element, predicated on the identity tensor.
//!
//! The configurations built here: [`gemm_tn_bf16`], [`gemm_tn_f16`] (the timed ones),
//! [`gemm_nt_bf16_out_bf16`], [`gemm_nn_f16_out_f16`] and [`gemm_tt_bf16`].

use cutlet::cuda::{DevicePod, U64, U128};

/// Threads per block: four warps.
pub const GEMM_THREADS: usize = 128;

/// The problem; element pointers are passed separately.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct GemmArgs {
    /// Rows of A and C.
    pub m: usize,
    /// Rows of B, columns of C.
    pub n: usize,
    /// The reduction extent.
    pub k: usize,
    /// Leading dimension of A (the stride of its non-contiguous mode).
    pub lda: usize,
    /// Leading dimension of B.
    pub ldb: usize,
    /// Leading dimension of C (column-major, `>= m`).
    pub ldc: usize,
    /// Scales `A Bᵀ`.
    pub alpha: f32,
    /// Scales C.
    pub beta: f32,
}

/// The grid for an `m x n` product with a `bm x bn` CTA tile.
///
/// ```
/// assert_eq!(cutlet_kernels::gemm_sm80::gemm_grid(129, 128, 128, 128).volume(), 2);
/// ```
pub fn gemm_grid(m: usize, n: usize, bm: usize, bn: usize) -> cutlet::cuda::Dim3 {
    cutlet::cuda::Dim3::xy(m.div_ceil(bm).max(1), n.div_ceil(bn).max(1))
}

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

/// What launching and checking a configuration needs, as the [`sm80_gemm!`](crate::sm80_gemm)
/// line that built it says: its name, the operands' majors, the CTA tile and the stages.
///
/// ```
/// use cutlet_kernels::gemm_sm80::*;
/// assert_eq!(GEMM_TN_BF16.smem(), gemm_smem(128, 128, 64, 3));
/// assert_eq!(GEMM_TT_BF16.name, "gemm_tt_bf16");
/// assert!(GEMM_TT_BF16.a_kmajor && !GEMM_TT_BF16.b_kmajor);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GemmConfig {
    /// The kernel function's name.
    pub name: &'static str,
    /// A is K-major (else M-major).
    pub a_kmajor: bool,
    /// B is K-major (else N-major).
    pub b_kmajor: bool,
    /// `(BM, BN, BK)`.
    pub tile: (usize, usize, usize),
    /// Pipeline depth.
    pub stages: usize,
}
impl GemmConfig {
    /// [`gemm_smem`] of this configuration.
    ///
    /// ```
    /// assert_eq!(cutlet_kernels::gemm_sm80::GEMM_NN_F16_OUT_F16.smem(), 4 * 256 * 64 * 2);
    /// ```
    pub const fn smem(&self) -> usize {
        gemm_smem(self.tile.0, self.tile.1, self.tile.2, self.stages)
    }
    /// [`gemm_grid`] of this configuration for an `m x n` product.
    ///
    /// ```
    /// assert_eq!(cutlet_kernels::gemm_sm80::GEMM_TN_F16.grid(129, 1).volume(), 2);
    /// ```
    pub fn grid(&self, m: usize, n: usize) -> cutlet::cuda::Dim3 {
        gemm_grid(m, n, self.tile.0, self.tile.1)
    }
}

/// Output elements: f32, or the 16-bit input type. Four of them are one vector store.
pub trait GemmOutput: DevicePod {
    /// Four elements as one vector (`uint128_t` or `uint64_t`).
    type Vec4: DevicePod;
    /// Rounds an f32.
    fn from_f32(x: f32) -> Self;
    /// Widens to f32.
    fn to_f32(self) -> f32;
    /// Four elements' bits, the first in the lowest bits.
    fn pack4(v: [f32; 4]) -> Self::Vec4;
    /// The inverse of [`pack4`](Self::pack4).
    fn unpack4(v: Self::Vec4) -> [f32; 4];
}
impl GemmOutput for f32 {
    type Vec4 = U128;
    #[inline(always)]
    fn from_f32(x: f32) -> Self {
        x
    }
    #[inline(always)]
    fn to_f32(self) -> f32 {
        self
    }
    #[inline(always)]
    fn pack4(v: [f32; 4]) -> U128 {
        U128(v.map(f32::to_bits))
    }
    #[inline(always)]
    fn unpack4(v: U128) -> [f32; 4] {
        v.0.map(f32::from_bits)
    }
}
macro_rules! half_output {
    ($($t:ty),*) => {$(
        impl GemmOutput for $t {
            type Vec4 = U64;
            #[inline(always)]
            fn from_f32(x: f32) -> Self {
                <$t>::from_f32(x)
            }
            #[inline(always)]
            fn to_f32(self) -> f32 {
                <$t>::to_f32(self)
            }
            #[inline(always)]
            fn pack4(v: [f32; 4]) -> U64 {
                let b = v.map(|x| u32::from(<$t>::from_f32(x).to_bits()));
                U64([b[0] | (b[1] << 16), b[2] | (b[3] << 16)])
            }
            #[inline(always)]
            fn unpack4(v: U64) -> [f32; 4] {
                let h = |w: u32, s: u32| <$t>::from_bits((w >> s) as u16).to_f32();
                [h(v.0[0], 0), h(v.0[0], 16), h(v.0[1], 0), h(v.0[1], 16)]
            }
        }
    )*};
}
half_output!(half::f16, half::bf16);

/// Whether an operand's rows are 16-byte vectors: the contiguous extent and the leading
/// dimension are multiples of 8 elements and the pointer is 16-byte aligned.
#[inline(always)]
pub fn vectorizable<T>(contiguous: usize, ld: usize, p: cutlet::cuda::GmemPtr<T>) -> bool {
    contiguous.is_multiple_of(8) && ld.is_multiple_of(8) && (p.as_ptr() as usize).is_multiple_of(16)
}

/// The pieces of one operand's path that depend on its major mode (CuTe's per-layout
/// choices in the SM80 collective).
#[doc(hidden)]
#[macro_export]
macro_rules! sm80_operand {
    // (rows, k) in global memory.
    (gmem K, $ptr:expr, $rows:expr, $k:expr, $ld:expr) => {
        ::cutlet::cuda::make_gmem_tensor($ptr, ::cutlet::layout!(($rows, $k):($ld, 1)))
    };
    (gmem MN, $ptr:expr, $rows:expr, $k:expr, $ld:expr) => {
        ::cutlet::cuda::make_gmem_tensor($ptr, ::cutlet::layout!(($rows, $k):(1, $ld)))
    };
    (kmajor K) => {
        true
    };
    (kmajor MN) => {
        false
    };
    // The extent along which rows are contiguous.
    (contiguous K, $rows:expr, $k:expr) => {
        $k
    };
    (contiguous MN, $rows:expr, $k:expr) => {
        $rows
    };
    // CuTe's SM80 swizzle atoms for 16-bit elements.
    (smem_atom K) => {
        ::cutlet::prelude::Sm80_SmemAtom_K_SW128::default()
    };
    (smem_atom MN) => {
        ::cutlet::prelude::Sm80_SmemAtom_MN_SW128::default()
    };
    // 128 threads, 8 elements (16 bytes) each along the contiguous mode.
    (g2s K, $t:ty) => {
        ::cutlet::atom::make_tiled_copy(
            ::cutlet::atom::Copy_Atom::<::cutlet::atom::SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, $t>::new(),
            ::cutlet::layout!((16, 8):(8, 1)),
            ::cutlet::layout!((1, 8)),
        )
    };
    (g2s MN, $t:ty) => {
        ::cutlet::atom::make_tiled_copy(
            ::cutlet::atom::Copy_Atom::<::cutlet::atom::SM80_CP_ASYNC_CACHEGLOBAL_ZFILL<u128>, $t>::new(),
            ::cutlet::layout!((16, 8):(1, 16)),
            ::cutlet::layout!((8, 1)),
        )
    };
    // ldmatrix: plain for K-major tiles, transposing for MN-major ones.
    (s2r K) => {
        ::cutlet::atom::SM75_U32x4_LDSM_N
    };
    (s2r MN) => {
        ::cutlet::atom::SM75_U16x8_LDSM_T
    };
}

/// Loads k tile `kt` of one operand into pipeline stage `stage`: 16-byte `cp.async`
/// copies predicated per vector (zero fill outside), or element by element when the
/// operand is not vectorizable.
#[doc(hidden)]
#[macro_export]
macro_rules! sm80_load_tile {
    ($copy:expr, $g:expr, $id:expr, $s:expr, $tile:expr, $blk:expr, $kt:expr, $stage:expr, $rows:expr, $k:expr, $vec:expr, $t:ty) => {{
        use ::cutlet::int::ForEachIndex as _;
        let thr = $copy.get_slice(::cutlet::cuda::thread_idx().x);
        let tg = thr.partition_s(::cutlet::prelude::local_tile($g, $tile, ($blk, $kt))); // (CPY,CPY_R,CPY_K)
        let tc = thr.partition_s(::cutlet::prelude::local_tile($id, $tile, ($blk, $kt))); // (CPY,CPY_R,CPY_K)
        let ts = thr.partition_d($s); // (CPY,CPY_R,CPY_K,PIPE)
        let (rows, kk) = ($rows as isize, $k as isize);
        if $vec {
            let shape = tg.shape();
            ::cutlet::prelude::size(::cutlet::prelude::get::<1, _>(shape)).for_each_index(
                #[inline(always)]
                |i| {
                    ::cutlet::prelude::size(::cutlet::prelude::get::<2, _>(shape)).for_each_index(
                        #[inline(always)]
                        |j| {
                            let (r, c) = tc.get((0usize, i, j));
                            let mut dst = ts.slice((::cutlet::prelude::X, i, j, $stage));
                            $copy
                                .with(r < rows && c < kk)
                                .copy(&tg.slice((::cutlet::prelude::X, i, j)), &mut dst);
                        },
                    )
                },
            );
        } else {
            let mut ts = ts.slice((::cutlet::prelude::X, ::cutlet::prelude::X, ::cutlet::prelude::X, $stage));
            for v in 0..::cutlet::prelude::size(&tg).value() as usize {
                let (r, c) = tc.get(v);
                ts[v] = if r < rows && c < kk { tg.get(v) } else { <$t as ::cutlet::tensor::Numeric>::ZERO };
            }
        }
    }};
}

/// One configuration of the tensor-core GEMM as a kernel function:
///
/// ```text
/// sm80_gemm!(pub fn NAME<ELEMENT, OUTPUT>(MMA_ATOM, A: K|MN, B: K|MN, (BM, BN, BK), STAGES) => CONFIG);
/// ```
///
/// `BM` and `BN` are multiples of 128, `BK` of 64, `STAGES >= 2`; `CONFIG` names the
/// [`GemmConfig`] constant it also defines. Launch `CONFIG.grid(m, n)` blocks of
/// [`GEMM_THREADS`] threads with `CONFIG.smem()` bytes of dynamic shared memory.
#[macro_export]
macro_rules! sm80_gemm {
    ($(#[$doc:meta])* $vis:vis fn $name:ident<$t:ty, $ct:ty>($op:ty, A: $am:ident, B: $bmaj:ident, ($bm:literal, $bn:literal, $bk:literal), $stages:literal) => $cfg:ident) => {
        #[doc = concat!("The configuration of [`", stringify!($name), "`].")]
        $vis const $cfg: $crate::gemm_sm80::GemmConfig = $crate::gemm_sm80::GemmConfig {
            name: stringify!($name),
            a_kmajor: $crate::sm80_operand!(kmajor $am),
            b_kmajor: $crate::sm80_operand!(kmajor $bmaj),
            tile: ($bm, $bn, $bk),
            stages: $stages,
        };
        $(#[$doc])*
        #[inline(always)]
        $vis fn $name(
            p: $crate::gemm_sm80::GemmArgs,
            a: ::cutlet::cuda::GmemPtr<$t>,
            b: ::cutlet::cuda::GmemPtr<$t>,
            c: ::cutlet::cuda::GmemPtr<$ct>,
        ) {
            use ::cutlet::atom::*;
            use ::cutlet::cuda::{cp_async::{cp_async_fence, cp_async_wait}, SmemBuffer, block_idx, syncthreads, thread_idx};
            use ::cutlet::int::{ForEachIndex as _, Int};
            use ::cutlet::prelude::*;
            #[allow(unused_imports)] // f32 needs it, the 16-bit types have inherent twins
            use $crate::gemm_sm80::GemmOutput as _;
            let $crate::gemm_sm80::GemmArgs { m, n, k, lda, ldb, ldc, alpha, beta } = p;
            // SAFETY: A holds its (m, k) elements at the strides the major mode gives with
            // `lda`, B its (n, k) with `ldb`, C (m, n) column-major with `ldc` (the
            // caller's contract); every global access below is predicated on its identity
            // coordinate lying inside (m, k), (n, k) or (m, n), and C's elements each
            // belong to one thread.
            let (ga, gb) = unsafe {
                (
                    $crate::sm80_operand!(gmem $am, a, m, k, lda),
                    $crate::sm80_operand!(gmem $bmaj, b, n, k, ldb),
                )
            };
            let (ia, ib) = (make_identity_tensor(shape!((m, k))), make_identity_tensor(shape!((n, k))));
            let (vec_a, vec_b) = (
                $crate::gemm_sm80::vectorizable($crate::sm80_operand!(contiguous $am, m, k), lda, a),
                $crate::gemm_sm80::vectorizable($crate::sm80_operand!(contiguous $bmaj, n, k), ldb, b),
            );
            let (bm, bn) = (block_idx().x, block_idx().y);
            let tid = thread_idx().x;

            // Shared memory: `stages` swizzled (BM, BK) tiles of A and (BN, BK) of B.
            let mut smem = SmemBuffer::dynamic();
            // SAFETY: written only through cp.async (or, element by element, by the thread
            // that owns the element) and read (ldmatrix) after the wait and the barrier
            // that cover the stage; a stage is refilled only after the barrier that ends
            // its last read.
            let (sa, sb) = unsafe {
                (
                    smem.alloc::<$t, _>(tile_to_shape($crate::sm80_operand!(smem_atom $am), shape!(($bm, $bk, $stages)))),
                    smem.alloc::<$t, _>(tile_to_shape($crate::sm80_operand!(smem_atom $bmaj), shape!(($bn, $bk, $stages)))),
                )
            };
            let g2s_a = $crate::sm80_operand!(g2s $am, $t);
            let g2s_b = $crate::sm80_operand!(g2s $bmaj, $t);
            let load = |kt: usize, stage: usize| {
                $crate::sm80_load_tile!(g2s_a, ga, ia, sa, shape!(($bm, $bk)), bm, kt, stage, m, k, vec_a, $t);
                $crate::sm80_load_tile!(g2s_b, gb, ib, sb, shape!(($bn, $bk)), bn, kt, stage, n, k, vec_b, $t);
            };

            // The TiledMMA: 2x2 warps, the permutations give warp (wm, wn) the block of
            // rows wm BM/2 .. and columns wn BN/2 ...
            let mma = make_tiled_mma_permuted(
                <$op>::default(),
                layout!((2, 2, 1):(1, 2, 0)),
                (
                    Layout::<(_16, _2, Int<{ $bm / 32 }>), (_1, Int<{ $bm / 2 }>, _16)>::default(),
                    Layout::<(_8, _2, Int<{ $bn / 16 }>), (_1, Int<{ $bn / 2 }>, _8)>::default(),
                    _16::new(),
                ),
            );
            let thr_mma = mma.get_slice(tid);
            let mut acc = thr_mma.partition_fragment_c(shape!(($bm, $bn))); // (MMA,MMA_M,MMA_N)
            size(&acc).for_each_index(#[inline(always)] |v| acc[v] = 0.0);
            // Registers for one k tile, filled by ldmatrix through the MMA's copies.
            let mut af = thr_mma.partition_fragment_a(shape!(($bm, $bk))); // (MMA,MMA_M,MMA_K)
            let mut bf = thr_mma.partition_fragment_b(shape!(($bn, $bk))); // (MMA,MMA_N,MMA_K)
            let s2r_a = make_tiled_copy_a(Copy_Atom::<$crate::sm80_operand!(s2r $am), $t>::new(), &mma);
            let s2r_b = make_tiled_copy_b(Copy_Atom::<$crate::sm80_operand!(s2r $bmaj), $t>::new(), &mma);
            let (thr_s2r_a, thr_s2r_b) = (s2r_a.get_slice(tid), s2r_b.get_slice(tid));
            let tsa = thr_s2r_a.partition_s(sa); // (CPY,CPY_M,CPY_K,PIPE)
            let tsb = thr_s2r_b.partition_s(sb); // (CPY,CPY_N,CPY_K,PIPE)

            const STAGES: usize = $stages;
            let k_tiles = k.div_ceil($bk);
            // Iteration `it` loads k tile `it` and computes k tile `it - (STAGES - 1)`:
            // STAGES - 1 tiles stay in flight. (One loop, one load site, so `load` inlines.)
            for it in 0..k_tiles + STAGES - 1 {
                if it >= STAGES - 1 {
                    // The tile computed below has landed (at most the newest STAGES - 2
                    // groups are pending), and every warp is done with the stage the load
                    // below refills (read at the previous iteration).
                    cp_async_wait::<{ $stages - 2 }>();
                    syncthreads();
                }
                if it < k_tiles {
                    load(it, it % STAGES);
                }
                cp_async_fence();
                if it < STAGES - 1 {
                    continue;
                }
                let stage = (it - (STAGES - 1)) % STAGES;
                size(get::<2, _>(af.layout())).for_each_index(
                    #[inline(always)]
                    |kb| {
                        s2r_a.copy(&tsa.slice((X, X, kb, stage)), &mut thr_s2r_a.retile_d(af.view_mut()).slice((X, X, kb)));
                        s2r_b.copy(&tsb.slice((X, X, kb, stage)), &mut thr_s2r_b.retile_d(bf.view_mut()).slice((X, X, kb)));
                        gemm_with(&mma, &af.view().slice((X, X, kb)), &bf.view().slice((X, X, kb)), &mut acc);
                    },
                );
            }
            cp_async_wait::<0>();
            syncthreads();

            // Epilogue, through shared memory (the A and B stages are free now): the
            // accumulators into an f32 (BM, BN) tile padded by one vector per column.
            let mut smem = SmemBuffer::dynamic();
            // SAFETY: every thread has passed the barrier after its last read of the
            // stages; each element of the tile is written by one thread, and read (by
            // any thread) only after the barrier below.
            let sc = unsafe { smem.alloc::<f32, _>(Layout::<(Int<$bm>, Int<$bn>), (_1, Int<{ $bm + 4 }>)>::default()) };
            let mut tcsc = thr_mma.partition_c(sc);
            size(&acc).for_each_index(#[inline(always)] |v| tcsc[v] = alpha * acc[v]);
            syncthreads();

            // Vectors of 4: threads (BM/4, 512/BM) over the tile, one uint128_t of f32
            // each from shared memory, one Vec4 of the output type to global memory.
            // SAFETY: the same bytes as `sc`, read only after the barrier above.
            let sc4 = unsafe {
                ::cutlet::cuda::make_smem_tensor(
                    sc.engine().as_ptr() as *mut ::cutlet::cuda::U128,
                    Layout::<(Int<{ $bm / 4 }>, Int<$bn>), (_1, Int<{ ($bm + 4) / 4 }>)>::default(),
                )
            };
            let r2g = make_tiled_copy(
                Copy_Atom::<UniversalCopy<u128>, ::cutlet::cuda::U128>::new(),
                Layout::<(Int<{ $bm / 4 }>, Int<{ 512 / $bm }>), (_1, Int<{ $bm / 4 }>)>::default(),
                layout!((1, 1)),
            );
            let thr_r2g = r2g.get_slice(tid);
            let tsc = thr_r2g.partition_s(sc4); // (CPY,CPY_M,CPY_N) of 4-vectors
            let cc = local_tile(make_identity_tensor(shape!((m, n))), shape!(($bm, $bn)), (bm, bn));
            let full = (bm + 1) * $bm <= m && (bn + 1) * $bn <= n;
            if full && ldc.is_multiple_of(4) && (c.as_ptr() as usize).is_multiple_of(core::mem::size_of::<<$ct as $crate::gemm_sm80::GemmOutput>::Vec4>()) {
                // SAFETY: as for C above: this block's tile lies inside C, ldc and the
                // pointer are multiples of the vector, each vector belongs to one thread.
                let gc4 = unsafe {
                    ::cutlet::cuda::make_gmem_tensor(c.cast::<<$ct as $crate::gemm_sm80::GemmOutput>::Vec4>(), layout!(({ m / 4 }, n):(1, { ldc / 4 })))
                };
                let mut tgc = thr_r2g.partition_d(local_tile(gc4, (Int::<{ $bm / 4 }>::new(), Int::<$bn>::new()), (bm, bn)));
                size(&tsc).for_each_index(#[inline(always)] |v| {
                    let mut x = <f32 as $crate::gemm_sm80::GemmOutput>::unpack4(tsc.get(v));
                    if beta != 0.0 {
                        let old = <$ct as $crate::gemm_sm80::GemmOutput>::unpack4(tgc.get(v));
                        for e in 0..4 {
                            x[e] += beta * old[e];
                        }
                    }
                    tgc[v] = <$ct as $crate::gemm_sm80::GemmOutput>::pack4(x);
                });
            } else {
                // SAFETY: as for C above.
                let gc = unsafe { ::cutlet::cuda::make_gmem_tensor(c, layout!((m, n):(1, ldc))) };
                let mut gct = local_tile(gc, shape!(($bm, $bn)), (bm, bn));
                let thr_c = make_tiled_copy(
                    Copy_Atom::<UniversalCopy<u32>, f32>::new(),
                    Layout::<(Int<{ $bm / 4 }>, Int<{ 512 / $bm }>), (_4, Int<{ $bm }>)>::default(),
                    layout!((4, 1)),
                )
                .get_slice(tid);
                let (tsc, tcc) = (thr_c.partition_s(sc), thr_c.partition_s(cc));
                let mut tgc = thr_c.partition_d(gct.view_mut());
                let (mi, ni) = (m as isize, n as isize);
                size(&tsc).for_each_index(#[inline(always)] |v| {
                    let (i, j) = tcc.get(v);
                    if i < mi && j < ni {
                        let old = if beta == 0.0 { 0.0 } else { tgc.get(v).to_f32() };
                        tgc[v] = <$ct>::from_f32(tsc.get(v) + beta * old);
                    }
                });
            }
        }
    };
}

sm80_gemm!(
    /// TN (A and B K-major) bf16 → f32 C, 128x128x64, 3 stages: the timed configuration.
    ///
    /// ```
    /// use cutlet::cuda::{emu::{self, DeviceVec}, Dim3};
    /// use cutlet_kernels::gemm_sm80::*;
    /// use half::bf16;
    /// let (m, n, k) = (20, 10, 16);
    /// let a = DeviceVec::from_slice(&vec![bf16::from_f32(1.0); m * k]);
    /// let b = DeviceVec::from_slice(&vec![bf16::from_f32(0.5); n * k]);
    /// let c = DeviceVec::<f32>::zeroed(m * n);
    /// let p = GemmArgs { m, n, k, lda: k, ldb: k, ldc: m, alpha: 1.0, beta: 0.0 };
    /// let (pa, pb, pc) = (a.ptr(), b.ptr(), c.ptr());
    /// emu::launch(GEMM_TN_BF16.grid(m, n), Dim3::x(GEMM_THREADS), GEMM_TN_BF16.smem(), || gemm_tn_bf16(p, pa, pb, pc)).unwrap();
    /// assert_eq!(c.as_slice(), vec![8.0; m * n]);
    /// ```
    pub fn gemm_tn_bf16<half::bf16, f32>(::cutlet::atom::SM80_16x8x16_F32BF16BF16F32_TN, A: K, B: K, (128, 128, 64), 3) => GEMM_TN_BF16
);
sm80_gemm!(
    /// TN f16 → f32 C, 128x128x64, 3 stages.
    pub fn gemm_tn_f16<half::f16, f32>(::cutlet::atom::SM80_16x8x16_F32F16F16F32_TN, A: K, B: K, (128, 128, 64), 3) => GEMM_TN_F16
);
sm80_gemm!(
    /// NT (A M-major, B N-major) bf16 → bf16 C, 128x128x64, 3 stages.
    pub fn gemm_nt_bf16_out_bf16<half::bf16, half::bf16>(::cutlet::atom::SM80_16x8x16_F32BF16BF16F32_TN, A: MN, B: MN, (128, 128, 64), 3) => GEMM_NT_BF16_OUT_BF16
);
sm80_gemm!(
    /// NN (A M-major, B K-major) f16 → f16 C, 128x128x64, 4 stages.
    pub fn gemm_nn_f16_out_f16<half::f16, half::f16>(::cutlet::atom::SM80_16x8x16_F32F16F16F32_TN, A: MN, B: K, (128, 128, 64), 4) => GEMM_NN_F16_OUT_F16
);
sm80_gemm!(
    /// TT (A K-major, B N-major) bf16 → f32 C, 128x128x64, 2 stages.
    pub fn gemm_tt_bf16<half::bf16, f32>(::cutlet::atom::SM80_16x8x16_F32BF16BF16F32_TN, A: K, B: MN, (128, 128, 64), 2) => GEMM_TT_BF16
);
