//! Every GEMM configuration, listed once. Each row of the list below is one
//! configuration: from its name the registry derives the configuration type (the row's
//! name in UpperCamelCase, in [`sm80`], [`sm90`] or [`simt`]), the kernel's name
//! (`gemm_`, `gemm_sm90_` or `sgemm_` and the row's name), its PTX entry point (`cutlet_`
//! and the kernel's name, re-exported by [`crate::entry`]) and, on the host, one call of
//! [`for_each_gemm`]'s visitor, from which `cutlet-gemm` loads its kernel handles and
//! the benchmark builds its tables. A new configuration is one new row.
//!
//! ```
//! use cutlet_core::cuda::Kernel;
//! use cutlet_kernels::gemm::GemmArgs;
//! use cutlet_kernels::gemm_sm80::{Sm80Config, gemm_config};
//! use cutlet_kernels::registry::{GemmVisitor, for_each_gemm, sm80};
//! # use cutlet_kernels::{gemm_sm90::Sm90Config, sgemm::SimtConfig, registry::{Sm90Params, TiledParams}};
//! // The SM80 configurations' names, in the registry's order.
//! struct Names(Vec<&'static str>);
//! impl GemmVisitor for Names {
//!     fn sm80<C: Sm80Config>(&mut self, entry: Kernel<TiledParams<C::Elem, C::Out>>) {
//!         assert_eq!(entry.name(), format!("cutlet_{}", C::NAME));
//!         self.0.push(C::NAME);
//!     }
//! #   fn sm90<C: Sm90Config>(&mut self, _: Kernel<Sm90Params<C::Out>>) {}
//! #   fn simt<C: SimtConfig>(&mut self, _: Kernel<TiledParams<f32, f32>>) {}
//! }
//! let mut v = Names(Vec::new());
//! for_each_gemm(&mut v);
//! assert_eq!(v.0[0], "gemm_tn_bf16");
//! assert_eq!(gemm_config::<sm80::TnBf16>().name, "gemm_tn_bf16");
//! ```

#![cfg_attr(not(target_arch = "nvptx64"), allow(unused_imports))]

use crate::gemm::{GemmArgs, KMajor, MnMajor};
use crate::gemm_sm80::Sm80Config;
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_gemm_sm90"))]
use crate::gemm_sm90::{BlockScales, KSplit, ScaleStrides};
use cutlet_core::atom::{SM80_16x8x16_F32BF16BF16F32_TN, SM80_16x8x16_F32F16F16F32_TN};
use cutlet_core::cuda::{GmemPtr, Kernel, TmaDescriptor};
use cutlet_core::float8::e4m3;
use cutlet_core::kernel;
use cutlet_core::prelude::*;
use cutlet_core::tfloat32::tf32;
use half::{bf16, f16};

/// The parameters of a per-tile GEMM entry (SM80, SIMT): `(args, a, b, c)`.
pub type TiledParams<E, O> = (GemmArgs, *const E, *const E, *mut O);
/// The parameters of a Hopper GEMM entry: `(args, tensor maps of A, B and C, c, the
/// reduction's split, its partial tiles, its counters, A's and B's block-wise scales and
/// their strides)` ([`crate::gemm_sm90::KSplit`], [`crate::gemm_sm90::BlockScales`]).
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_gemm_sm90"))]
pub type Sm90Params<O> = (
    GemmArgs,
    *const TmaDescriptor,
    *mut O,
    KSplit,
    *mut f32,
    *mut u32,
    *const f32,
    *const f32,
    ScaleStrides,
);

/// What visits the registry: one call per configuration, with its type and entry.
pub trait GemmVisitor {
    /// An [`Sm80Config`] and its entry.
    fn sm80<C: Sm80Config>(&mut self, entry: Kernel<TiledParams<C::Elem, C::Out>>);
    /// A Hopper configuration and its entry.
    #[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_gemm_sm90"))]
    fn sm90<C: crate::gemm_sm90::Sm90Config>(&mut self, entry: Kernel<Sm90Params<C::Out>>);
    /// A SIMT configuration and its entry.
    #[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_sgemm"))]
    fn simt<C: crate::sgemm::SimtConfig>(&mut self, entry: Kernel<TiledParams<f32, f32>>);
}

/// Declares the configurations of the three families: the types, the entries and
/// [`for_each_gemm`]. Entries are thin wrappers that turn raw parameters into the device
/// layer's types and call the family's one generic kernel.
macro_rules! registry {
    (
        sm80 { $($(#[$m8:meta])* $n8:ident: $e8:ty => $o8:ty, $atom8:ty, $a8:ty, $b8:ty,
            ($bm8:ty, $bn8:ty, $bk8:ty), $st8:ty, ($wm8:ty, $wn8:ty);)* }
        sm90 { $($(#[$m9:meta])* $n9:ident: $e9:ty => $o9:ty, $atom9:ty, ($bm9:ty, $bn9:ty),
            $st9:ty, $cl9:ty, $sc9:ty;)* }
        simt { $($(#[$ms:meta])* $ns:ident: $as:ty, $bs:ty;)* }
    ) => { paste::paste! {
        /// The SM80 configurations ([`crate::gemm_sm80::Sm80Config`]).
        pub mod sm80 {
            use super::*;
            $(
                $(#[$m8])*
                #[derive(Clone, Copy, Debug, Default)]
                pub struct [<$n8:camel>];
                impl Sm80Config for [<$n8:camel>] {
                    const NAME: &'static str = concat!("gemm_", stringify!($n8));
                    type Elem = $e8;
                    type Out = $o8;
                    type Atom = $atom8;
                    type A = $a8;
                    type B = $b8;
                    type Bm = $bm8;
                    type Bn = $bn8;
                    type Bk = $bk8;
                    type Stages = $st8;
                    type WarpsM = $wm8;
                    type WarpsN = $wn8;
                    type SmemSwizzle = cutlet_core::layout::Swizzle<3, 3, 3>;
                }
            )*
        }

        /// The Hopper configurations ([`crate::gemm_sm90::Sm90Config`]).
        #[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_gemm_sm90"))]
        pub mod sm90 {
            use super::*;
            use crate::gemm_sm90::{
                KernelTmaWarpSpecializedCooperative, KernelTmaWarpSpecializedCooperativeFP8BlockScaledAccum,
                KernelTmaWarpSpecializedCooperativeFP8FastAccum, KernelTmaWarpSpecializedPingpong,
                KernelTmaWarpSpecializedPingpongFP8FastAccum, Sm90Config,
            };
            use cutlet_core::atom::*;
            $(
                $(#[$m9])*
                #[derive(Clone, Copy, Debug, Default)]
                pub struct [<$n9:camel>];
                impl Sm90Config for [<$n9:camel>] {
                    const NAME: &'static str = concat!("gemm_sm90_", stringify!($n9));
                    type Elem = $e9;
                    type Out = $o9;
                    type Atom = $atom9;
                    type Bm = $bm9;
                    type Bn = $bn9;
                    type Stages = $st9;
                    type ClusterM = $cl9;
                    type Schedule = [<KernelTmaWarpSpecialized $sc9>];
                }
            )*
        }

        /// The SIMT configurations ([`crate::sgemm::SimtConfig`]).
        #[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_sgemm"))]
        pub mod simt {
            use super::*;
            $(
                $(#[$ms])*
                #[derive(Clone, Copy, Debug, Default)]
                pub struct [<Sgemm $ns:camel>];
                impl crate::sgemm::SimtConfig for [<Sgemm $ns:camel>] {
                    const NAME: &'static str = concat!("sgemm_", stringify!($ns));
                    type A = $as;
                    type B = $bs;
                }
            )*
        }

        /// The PTX entry points (re-exported by [`crate::entry`]).
        pub mod entries {
        use super::*;
        // Each entry is in a module of its own, so rustc gives each GEMM its own codegen
        // unit and LLVM optimises them in parallel.
        $(
            #[doc(hidden)]
            pub mod [<cutlet_gemm_ $n8>] {
                use super::*;
                type E = <sm80::[<$n8:camel>] as Sm80Config>::Elem;
                type O = <sm80::[<$n8:camel>] as Sm80Config>::Out;
                #[doc = "[`crate::gemm_sm80::gemm_sm80`] for [`sm80::" [<$n8:camel>] "`]."]
                ///
                /// # Safety
                /// A and B hold their `(m, k)` and `(n, k)` elements at the strides the
                /// configuration's majors give with `lda` and `ldb`, C holds `ldc * n` elements.
                #[kernel(crate = cutlet_core)]
                pub unsafe extern "ptx-kernel" fn [<cutlet_gemm_ $n8>](args: GemmArgs, a: *const E, b: *const E, c: *mut O) {
                    // SAFETY: the caller's contract above is the kernel's.
                    let (a, b, c) = unsafe { (GmemPtr::new(a.cast_mut()), GmemPtr::new(b.cast_mut()), GmemPtr::new(c)) };
                    crate::gemm_sm80::gemm_sm80::<sm80::[<$n8:camel>]>(args, a, b, c)
                }
            }
            // The host's `Kernel` constant; on nvptx the entry is its exported symbol (and
            // may be left out by an entry filter).
            #[cfg(not(target_arch = "nvptx64"))]
            pub use [<cutlet_gemm_ $n8>]::[<cutlet_gemm_ $n8>];
        )*
        $(
            #[doc(hidden)]
            #[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_gemm_sm90"))]
            pub mod [<cutlet_gemm_sm90_ $n9>] {
                use super::*;
                type O = <sm90::[<$n9:camel>] as crate::gemm_sm90::Sm90Config>::Out;
                #[doc = "[`crate::gemm_sm90::gemm_sm90`] for [`sm90::" [<$n9:camel>] "`] (sm_90a only)."]
                ///
                /// # Safety
                /// `tma` points to three descriptors (in global memory) of
                /// `crate::gemm_sm90::tma_boxes`'s boxes over A, B and C; C holds `ldc * n` elements;
                /// `partials` and `counters` hold `split.workspace(..)`'s elements, the counters zero;
                /// a block-scaled configuration's `sfa` and `sfb` hold A's `(m, ⌈k/128⌉)` and B's
                /// `(⌈n/128⌉, ⌈k/128⌉)` scales at `sf`'s strides (others never read them).
                #[kernel(crate = cutlet_core)]
                #[allow(clippy::too_many_arguments)]
                pub unsafe extern "ptx-kernel" fn [<cutlet_gemm_sm90_ $n9>](
                    args: GemmArgs,
                    tma: *const TmaDescriptor,
                    c: *mut O,
                    split: KSplit,
                    partials: *mut f32,
                    counters: *mut u32,
                    sfa: *const f32,
                    sfb: *const f32,
                    sf: ScaleStrides,
                ) {
                    // SAFETY: the caller's contract above is the kernel's.
                    let (tma, c, ws, scales) = unsafe {
                        (
                            GmemPtr::new(tma.cast_mut()),
                            GmemPtr::new(c),
                            (GmemPtr::new(partials), GmemPtr::new(counters)),
                            BlockScales { sfa: GmemPtr::new(sfa.cast_mut()), sfb: GmemPtr::new(sfb.cast_mut()), strides: sf },
                        )
                    };
                    crate::gemm_sm90::gemm_sm90::<sm90::[<$n9:camel>]>(args, tma, c, (split, ws.0, ws.1), scales)
                }
            }
            #[cfg(not(target_arch = "nvptx64"))]
            pub use [<cutlet_gemm_sm90_ $n9>]::[<cutlet_gemm_sm90_ $n9>];
        )*
        $(
            #[doc = "[`crate::sgemm::sgemm`] for [`simt::Sgemm" [<$ns:camel>] "`]."]
            ///
            /// # Safety
            /// A and B hold their `(m, k)` and `(n, k)` `f32` at the strides their majors give
            /// with `lda` and `ldb`, C holds `ldc * n`; C does not overlap A or B.
            #[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_sgemm"))]
            #[kernel(crate = cutlet_core)]
            pub unsafe extern "ptx-kernel" fn [<cutlet_sgemm_ $ns>](args: GemmArgs, a: *const f32, b: *const f32, c: *mut f32) {
                // SAFETY: the caller's contract above is the kernel's.
                let (a, b, c) = unsafe { (GmemPtr::new(a.cast_mut()), GmemPtr::new(b.cast_mut()), GmemPtr::new(c)) };
                crate::sgemm::sgemm::<$as, $bs>(args, a, b, c)
            }
        )*
        }

        /// Calls `v` once per configuration, in the list's order: SM80, Hopper, SIMT.
        #[cfg(not(target_arch = "nvptx64"))]
        pub fn for_each_gemm(v: &mut impl GemmVisitor) {
            $(v.sm80::<sm80::[<$n8:camel>]>(entries::[<cutlet_gemm_ $n8>]);)*
            $(v.sm90::<sm90::[<$n9:camel>]>(entries::[<cutlet_gemm_sm90_ $n9>]);)*
            $(v.simt::<simt::[<Sgemm $ns:camel>]>(entries::[<cutlet_sgemm_ $ns>]);)*
        }
    } };
}

type Bf16Atom = SM80_16x8x16_F32BF16BF16F32_TN;
type F16Atom = SM80_16x8x16_F32F16F16F32_TN;

registry! {
    // name: A, B elements => C element, MMA atom, A major, B major, (BM, BN, BK), stages,
    // (warps along M, N). TN is A and B K-major, NN A M-major, TT B N-major, NT both MN.
    sm80 {
        /// TN bf16 → f32 C, 128x128x64, 3 stages, 2x2 warps: the timed one.
        tn_bf16: bf16 => f32, Bf16Atom, KMajor, KMajor, (_128, _128, _64), _3, (_2, _2);
        /// TN f16 → f32 C, 128x128x64, 3 stages.
        tn_f16: f16 => f32, F16Atom, KMajor, KMajor, (_128, _128, _64), _3, (_2, _2);
        /// NT bf16 → bf16 C, 128x128x64, 3 stages.
        nt_bf16_out_bf16: bf16 => bf16, Bf16Atom, MnMajor, MnMajor, (_128, _128, _64), _3, (_2, _2);
        /// NN f16 → f16 C, 128x128x64, 4 stages.
        nn_f16_out_f16: f16 => f16, F16Atom, MnMajor, KMajor, (_128, _128, _64), _4, (_2, _2);
        /// TT bf16 → f32 C, 128x128x64, 2 stages.
        tt_bf16: bf16 => f32, Bf16Atom, KMajor, MnMajor, (_128, _128, _64), _2, (_2, _2);
        /// TN bf16 → f32 C on 256 threads: 2x4 warps over a 128x256x64 tile, 3 stages.
        tn_bf16_w2x4: bf16 => f32, Bf16Atom, KMajor, KMajor, (_128, _256, _64), _3, (_2, _4);
        /// NT bf16 → f32 C, 128x128x64, 3 stages.
        nt_bf16: bf16 => f32, Bf16Atom, MnMajor, MnMajor, (_128, _128, _64), _3, (_2, _2);
        /// NN bf16 → f32 C, 128x128x64, 3 stages.
        nn_bf16: bf16 => f32, Bf16Atom, MnMajor, KMajor, (_128, _128, _64), _3, (_2, _2);
        /// TT f16 → f32 C, 128x128x64, 3 stages.
        tt_f16: f16 => f32, F16Atom, KMajor, MnMajor, (_128, _128, _64), _3, (_2, _2);
        /// NT f16 → f32 C, 128x128x64, 3 stages.
        nt_f16: f16 => f32, F16Atom, MnMajor, MnMajor, (_128, _128, _64), _3, (_2, _2);
        /// NN f16 → f32 C, 128x128x64, 3 stages.
        nn_f16: f16 => f32, F16Atom, MnMajor, KMajor, (_128, _128, _64), _3, (_2, _2);
        /// TN bf16 → bf16 C, 128x128x64, 3 stages.
        tn_bf16_out_bf16: bf16 => bf16, Bf16Atom, KMajor, KMajor, (_128, _128, _64), _3, (_2, _2);
        /// TT bf16 → bf16 C, 128x128x64, 3 stages.
        tt_bf16_out_bf16: bf16 => bf16, Bf16Atom, KMajor, MnMajor, (_128, _128, _64), _3, (_2, _2);
        /// NN bf16 → bf16 C, 128x128x64, 3 stages.
        nn_bf16_out_bf16: bf16 => bf16, Bf16Atom, MnMajor, KMajor, (_128, _128, _64), _3, (_2, _2);
        /// TN f16 → f16 C, 128x128x64, 3 stages.
        tn_f16_out_f16: f16 => f16, F16Atom, KMajor, KMajor, (_128, _128, _64), _3, (_2, _2);
        /// TT f16 → f16 C, 128x128x64, 3 stages.
        tt_f16_out_f16: f16 => f16, F16Atom, KMajor, MnMajor, (_128, _128, _64), _3, (_2, _2);
        /// NT f16 → f16 C, 128x128x64, 3 stages.
        nt_f16_out_f16: f16 => f16, F16Atom, MnMajor, MnMajor, (_128, _128, _64), _3, (_2, _2);
    }
    // name: elements => C element, the warpgroup MMA atom (its majors are the operands'),
    // (BM, BN), stages, CTAs per cluster along M, schedule.
    sm90 {
        // Every pair of majors and every type pair, each in CUTLASS's cooperative tile
        // for large problems (128 x 256; 128 x 192 below, for ragged waves) and its
        // ping-pong tiles for problems of few tiles or short K (128 x 128, and 128 x 64
        // for fewer); `gemm()` picks by shape (cutlet-gemm's `select`).
        /// A and B K-major, bf16 in, f32 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        tn_bf16: bf16 => f32, SM90_64x256x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _256), _4, _1, Cooperative;
        /// A and B K-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        tn_bf16_pingpong: bf16 => f32, SM90_64x128x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _128), _6, _1, Pingpong;
        /// A and B K-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        tn_bf16_pingpong_n64: bf16 => f32, SM90_64x64x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _64), _8, _1, Pingpong;
        /// [`TnBf16`] in clusters of 2 along M, B multicast (CUTLASS's 2x1x1 cluster).
        tn_bf16_cluster2: bf16 => f32, SM90_64x256x16_F32BF16BF16_SS, (_128, _256), _4, _2, Cooperative;
        /// A and B K-major, bf16 in, bf16 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        tn_bf16_out_bf16: bf16 => bf16, SM90_64x256x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _256), _4, _1, Cooperative;
        /// A and B K-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        tn_bf16_out_bf16_pingpong: bf16 => bf16, SM90_64x128x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _128), _6, _1, Pingpong;
        /// A and B K-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        tn_bf16_out_bf16_pingpong_n64: bf16 => bf16, SM90_64x64x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _64), _8, _1, Pingpong;
        /// A and B K-major, f16 in, f32 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        tn_f16: f16 => f32, SM90_64x256x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _256), _4, _1, Cooperative;
        /// A and B K-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        tn_f16_pingpong: f16 => f32, SM90_64x128x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _128), _6, _1, Pingpong;
        /// A and B K-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        tn_f16_pingpong_n64: f16 => f32, SM90_64x64x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _64), _8, _1, Pingpong;
        /// A and B K-major, f16 in, f16 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        tn_f16_out_f16: f16 => f16, SM90_64x256x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _256), _4, _1, Cooperative;
        /// A and B K-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        tn_f16_out_f16_pingpong: f16 => f16, SM90_64x128x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _128), _6, _1, Pingpong;
        /// A and B K-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        tn_f16_out_f16_pingpong_n64: f16 => f16, SM90_64x64x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _64), _8, _1, Pingpong;
        /// A M-major, B K-major, bf16 in, f32 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        nn_bf16: bf16 => f32, SM90_64x256x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _256), _4, _1, Cooperative;
        /// A M-major, B K-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        nn_bf16_pingpong: bf16 => f32, SM90_64x128x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _128), _6, _1, Pingpong;
        /// A M-major, B K-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        nn_bf16_pingpong_n64: bf16 => f32, SM90_64x64x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _64), _8, _1, Pingpong;
        /// A M-major, B K-major, bf16 in, bf16 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        nn_bf16_out_bf16: bf16 => bf16, SM90_64x256x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _256), _4, _1, Cooperative;
        /// A M-major, B K-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        nn_bf16_out_bf16_pingpong: bf16 => bf16, SM90_64x128x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _128), _6, _1, Pingpong;
        /// A M-major, B K-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        nn_bf16_out_bf16_pingpong_n64: bf16 => bf16, SM90_64x64x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _64), _8, _1, Pingpong;
        /// A M-major, B K-major, f16 in, f32 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        nn_f16: f16 => f32, SM90_64x256x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _256), _4, _1, Cooperative;
        /// A M-major, B K-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        nn_f16_pingpong: f16 => f32, SM90_64x128x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _128), _6, _1, Pingpong;
        /// A M-major, B K-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        nn_f16_pingpong_n64: f16 => f32, SM90_64x64x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _64), _8, _1, Pingpong;
        /// A M-major, B K-major, f16 in, f16 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        nn_f16_out_f16: f16 => f16, SM90_64x256x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _256), _4, _1, Cooperative;
        /// A M-major, B K-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        nn_f16_out_f16_pingpong: f16 => f16, SM90_64x128x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _128), _6, _1, Pingpong;
        /// A M-major, B K-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        nn_f16_out_f16_pingpong_n64: f16 => f16, SM90_64x64x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _64), _8, _1, Pingpong;
        /// A K-major, B N-major, bf16 in, f32 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        tt_bf16: bf16 => f32, SM90_64x256x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_128, _256), _4, _1, Cooperative;
        /// A K-major, B N-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        tt_bf16_pingpong: bf16 => f32, SM90_64x128x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_128, _128), _6, _1, Pingpong;
        /// A K-major, B N-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        tt_bf16_pingpong_n64: bf16 => f32, SM90_64x64x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_128, _64), _8, _1, Pingpong;
        /// A K-major, B N-major, bf16 in, bf16 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        tt_bf16_out_bf16: bf16 => bf16, SM90_64x256x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_128, _256), _4, _1, Cooperative;
        /// A K-major, B N-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        tt_bf16_out_bf16_pingpong: bf16 => bf16, SM90_64x128x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_128, _128), _6, _1, Pingpong;
        /// A K-major, B N-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        tt_bf16_out_bf16_pingpong_n64: bf16 => bf16, SM90_64x64x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_128, _64), _8, _1, Pingpong;
        /// A K-major, B N-major, f16 in, f32 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        tt_f16: f16 => f32, SM90_64x256x16_F32F16F16_SS<gmma::K, gmma::MN>, (_128, _256), _4, _1, Cooperative;
        /// A K-major, B N-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        tt_f16_pingpong: f16 => f32, SM90_64x128x16_F32F16F16_SS<gmma::K, gmma::MN>, (_128, _128), _6, _1, Pingpong;
        /// A K-major, B N-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        tt_f16_pingpong_n64: f16 => f32, SM90_64x64x16_F32F16F16_SS<gmma::K, gmma::MN>, (_128, _64), _8, _1, Pingpong;
        /// A K-major, B N-major, f16 in, f16 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        tt_f16_out_f16: f16 => f16, SM90_64x256x16_F32F16F16_SS<gmma::K, gmma::MN>, (_128, _256), _4, _1, Cooperative;
        /// A K-major, B N-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        tt_f16_out_f16_pingpong: f16 => f16, SM90_64x128x16_F32F16F16_SS<gmma::K, gmma::MN>, (_128, _128), _6, _1, Pingpong;
        /// A K-major, B N-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        tt_f16_out_f16_pingpong_n64: f16 => f16, SM90_64x64x16_F32F16F16_SS<gmma::K, gmma::MN>, (_128, _64), _8, _1, Pingpong;
        /// A M-major, B N-major, bf16 in, f32 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        nt_bf16: bf16 => f32, SM90_64x256x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_128, _256), _4, _1, Cooperative;
        /// A M-major, B N-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        nt_bf16_pingpong: bf16 => f32, SM90_64x128x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_128, _128), _6, _1, Pingpong;
        /// A M-major, B N-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        nt_bf16_pingpong_n64: bf16 => f32, SM90_64x64x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_128, _64), _8, _1, Pingpong;
        /// A M-major, B N-major, bf16 in, bf16 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        nt_bf16_out_bf16: bf16 => bf16, SM90_64x256x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_128, _256), _4, _1, Cooperative;
        /// A M-major, B N-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        nt_bf16_out_bf16_pingpong: bf16 => bf16, SM90_64x128x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_128, _128), _6, _1, Pingpong;
        /// A M-major, B N-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        nt_bf16_out_bf16_pingpong_n64: bf16 => bf16, SM90_64x64x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_128, _64), _8, _1, Pingpong;
        /// A M-major, B N-major, f16 in, f32 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        nt_f16: f16 => f32, SM90_64x256x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_128, _256), _4, _1, Cooperative;
        /// A M-major, B N-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        nt_f16_pingpong: f16 => f32, SM90_64x128x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_128, _128), _6, _1, Pingpong;
        /// A M-major, B N-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        nt_f16_pingpong_n64: f16 => f32, SM90_64x64x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_128, _64), _8, _1, Pingpong;
        /// A M-major, B N-major, f16 in, f16 out: 128 x 256 x 64 tiles, 4 stages, cooperative.
        nt_f16_out_f16: f16 => f16, SM90_64x256x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_128, _256), _4, _1, Cooperative;
        /// A M-major, B N-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 128 x 128 x 64 tile, 6 stages.
        nt_f16_out_f16_pingpong: f16 => f16, SM90_64x128x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_128, _128), _6, _1, Pingpong;
        /// A M-major, B N-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 128 x 64 x 64 tile, 8 stages (twice the tiles, for problems of few).
        nt_f16_out_f16_pingpong_n64: f16 => f16, SM90_64x64x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_128, _64), _8, _1, Pingpong;
        // 64 x 64 ping-pong tiles for every pair of majors and type pair: for problems of
        // few rows (cutlet-gemm's `select`), whose 128-row stages would carry mostly
        // zero-filled rows of A: twice the tiles of 128 x 64 and half the bytes a stage
        // (12 stages, 13 with 16-bit C).
        /// A and B K-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 12 stages.
        tn_bf16_pingpong_m64_n64: bf16 => f32, SM90_64x64x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_64, _64), _12, _1, Pingpong;
        /// A and B K-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 13 stages.
        tn_bf16_out_bf16_pingpong_m64_n64: bf16 => bf16, SM90_64x64x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_64, _64), _13, _1, Pingpong;
        /// A and B K-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 12 stages.
        tn_f16_pingpong_m64_n64: f16 => f32, SM90_64x64x16_F32F16F16_SS<gmma::K, gmma::K>, (_64, _64), _12, _1, Pingpong;
        /// A and B K-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 13 stages.
        tn_f16_out_f16_pingpong_m64_n64: f16 => f16, SM90_64x64x16_F32F16F16_SS<gmma::K, gmma::K>, (_64, _64), _13, _1, Pingpong;
        /// A M-major, B K-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 12 stages.
        nn_bf16_pingpong_m64_n64: bf16 => f32, SM90_64x64x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_64, _64), _12, _1, Pingpong;
        /// A M-major, B K-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 13 stages.
        nn_bf16_out_bf16_pingpong_m64_n64: bf16 => bf16, SM90_64x64x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_64, _64), _13, _1, Pingpong;
        /// A M-major, B K-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 12 stages.
        nn_f16_pingpong_m64_n64: f16 => f32, SM90_64x64x16_F32F16F16_SS<gmma::MN, gmma::K>, (_64, _64), _12, _1, Pingpong;
        /// A M-major, B K-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 13 stages.
        nn_f16_out_f16_pingpong_m64_n64: f16 => f16, SM90_64x64x16_F32F16F16_SS<gmma::MN, gmma::K>, (_64, _64), _13, _1, Pingpong;
        /// A K-major, B N-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 12 stages.
        tt_bf16_pingpong_m64_n64: bf16 => f32, SM90_64x64x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_64, _64), _12, _1, Pingpong;
        /// A K-major, B N-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 13 stages.
        tt_bf16_out_bf16_pingpong_m64_n64: bf16 => bf16, SM90_64x64x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_64, _64), _13, _1, Pingpong;
        /// A K-major, B N-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 12 stages.
        tt_f16_pingpong_m64_n64: f16 => f32, SM90_64x64x16_F32F16F16_SS<gmma::K, gmma::MN>, (_64, _64), _12, _1, Pingpong;
        /// A K-major, B N-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 13 stages.
        tt_f16_out_f16_pingpong_m64_n64: f16 => f16, SM90_64x64x16_F32F16F16_SS<gmma::K, gmma::MN>, (_64, _64), _13, _1, Pingpong;
        /// A M-major, B N-major, bf16 in, f32 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 12 stages.
        nt_bf16_pingpong_m64_n64: bf16 => f32, SM90_64x64x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_64, _64), _12, _1, Pingpong;
        /// A M-major, B N-major, bf16 in, bf16 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 13 stages.
        nt_bf16_out_bf16_pingpong_m64_n64: bf16 => bf16, SM90_64x64x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_64, _64), _13, _1, Pingpong;
        /// A M-major, B N-major, f16 in, f32 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 12 stages.
        nt_f16_pingpong_m64_n64: f16 => f32, SM90_64x64x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_64, _64), _12, _1, Pingpong;
        /// A M-major, B N-major, f16 in, f16 out, ping-pong: each consumer warpgroup a 64 x 64 x 64 tile, 13 stages.
        nt_f16_out_f16_pingpong_m64_n64: f16 => f16, SM90_64x64x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_64, _64), _13, _1, Pingpong;
        // 128 x 32 tiles with K-major B, for products of few columns: `gemm()` computes a
        // product of few rows (M at most 32) transposed, `Cᵀ = B Aᵀ` (C row-major, stored
        // from registers), so that its few rows are the MMA's N and each stage carries 128
        // rows of the large operand and 32 of the small one (cuBLAS's swap-AB kernels at
        // few rows). B N-major would need a 64-byte swizzle atom for 32 columns.
        /// A and B K-major, bf16 in, f32 out: 128 x 32 x 64 tiles, 9 stages, cooperative.
        tn_bf16_n32: bf16 => f32, SM90_64x32x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _32), _9, _1, Cooperative;
        /// A and B K-major, bf16 in, bf16 out: 128 x 32 x 64 tiles, 10 stages, cooperative.
        tn_bf16_out_bf16_n32: bf16 => bf16, SM90_64x32x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _32), _10, _1, Cooperative;
        /// A and B K-major, f16 in, f32 out: 128 x 32 x 64 tiles, 9 stages, cooperative.
        tn_f16_n32: f16 => f32, SM90_64x32x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _32), _9, _1, Cooperative;
        /// A and B K-major, f16 in, f16 out: 128 x 32 x 64 tiles, 10 stages, cooperative.
        tn_f16_out_f16_n32: f16 => f16, SM90_64x32x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _32), _10, _1, Cooperative;
        /// A M-major, B K-major, bf16 in, f32 out: 128 x 32 x 64 tiles, 9 stages, cooperative.
        nn_bf16_n32: bf16 => f32, SM90_64x32x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _32), _9, _1, Cooperative;
        /// A M-major, B K-major, bf16 in, bf16 out: 128 x 32 x 64 tiles, 10 stages, cooperative.
        nn_bf16_out_bf16_n32: bf16 => bf16, SM90_64x32x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _32), _10, _1, Cooperative;
        /// A M-major, B K-major, f16 in, f32 out: 128 x 32 x 64 tiles, 9 stages, cooperative.
        nn_f16_n32: f16 => f32, SM90_64x32x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _32), _9, _1, Cooperative;
        /// A M-major, B K-major, f16 in, f16 out: 128 x 32 x 64 tiles, 10 stages, cooperative.
        nn_f16_out_f16_n32: f16 => f16, SM90_64x32x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _32), _10, _1, Cooperative;
        // FP8 (e4m3; `wgmma` takes K-major FP8 only): k tiles of 128 (one 128-byte
        // swizzle row of 8-bit elements, so the stages hold as many bytes as the 16-bit
        // ones). CUTLASS's schedule names: the plain ones promote the tensor cores'
        // accumulator into f32 registers every k tile (two sets of accumulators: 128 x 128
        // cooperative or 128 x 64 ping-pong tiles), the `FP8FastAccum` ones keep it
        // (PyTorch's `use_fast_accum`), so they take the 16-bit kernels' tiles. Promoted
        // f32 out has the 128 x 64 ping-pong tile only (the 128 x 128 cooperative one
        // spills: two accumulator sets and f32's epilogue).
        /// A and B K-major, e4m3 in, bf16 out, promoted: 128 x 128 x 128 tiles, 6 stages, cooperative.
        tn_e4m3_out_bf16: e4m3 => bf16, SM90_64x128x32_F32E4M3E4M3_SS_TN, (_128, _128), _6, _1, Cooperative;
        /// [`TnE4m3OutBf16`] in clusters of 2 along M, B multicast.
        tn_e4m3_out_bf16_cluster2: e4m3 => bf16, SM90_64x128x32_F32E4M3E4M3_SS_TN, (_128, _128), _6, _2, Cooperative;
        /// A and B K-major, e4m3 in, bf16 out, promoted, ping-pong: each consumer warpgroup a 128 x 64 x 128 tile, 8 stages.
        tn_e4m3_out_bf16_pingpong_n64: e4m3 => bf16, SM90_64x64x32_F32E4M3E4M3_SS_TN, (_128, _64), _8, _1, Pingpong;
        /// A and B K-major, e4m3 in, bf16 out, fast accumulation: 128 x 256 x 128 tiles, 4 stages, cooperative.
        tn_e4m3_out_bf16_fast_accum: e4m3 => bf16, SM90_64x256x32_F32E4M3E4M3_SS_TN, (_128, _256), _4, _1, CooperativeFP8FastAccum;
        /// [`TnE4m3OutBf16FastAccum`] in clusters of 2 along M, B multicast.
        tn_e4m3_out_bf16_fast_accum_cluster2: e4m3 => bf16, SM90_64x256x32_F32E4M3E4M3_SS_TN, (_128, _256), _4, _2, CooperativeFP8FastAccum;
        /// A and B K-major, e4m3 in, bf16 out, fast accumulation, ping-pong: each consumer warpgroup a 128 x 128 x 128 tile, 6 stages.
        tn_e4m3_out_bf16_fast_accum_pingpong: e4m3 => bf16, SM90_64x128x32_F32E4M3E4M3_SS_TN, (_128, _128), _6, _1, PingpongFP8FastAccum;
        /// A and B K-major, e4m3 in, bf16 out, fast accumulation, ping-pong: each consumer warpgroup a 128 x 64 x 128 tile, 8 stages.
        tn_e4m3_out_bf16_fast_accum_pingpong_n64: e4m3 => bf16, SM90_64x64x32_F32E4M3E4M3_SS_TN, (_128, _64), _8, _1, PingpongFP8FastAccum;
        /// A and B K-major, e4m3 in, f32 out, promoted, ping-pong: each consumer warpgroup a 128 x 64 x 128 tile, 8 stages.
        tn_e4m3_pingpong_n64: e4m3 => f32, SM90_64x64x32_F32E4M3E4M3_SS_TN, (_128, _64), _8, _1, Pingpong;
        /// A and B K-major, e4m3 in, f32 out, fast accumulation: 128 x 256 x 128 tiles, 4 stages, cooperative.
        tn_e4m3_fast_accum: e4m3 => f32, SM90_64x256x32_F32E4M3E4M3_SS_TN, (_128, _256), _4, _1, CooperativeFP8FastAccum;
        /// A and B K-major, e4m3 in, f32 out, fast accumulation, ping-pong: each consumer warpgroup a 128 x 128 x 128 tile, 6 stages.
        tn_e4m3_fast_accum_pingpong: e4m3 => f32, SM90_64x128x32_F32E4M3E4M3_SS_TN, (_128, _128), _6, _1, PingpongFP8FastAccum;
        // Block-scaled FP8 (DeepGEMM's scales: A's of each row and 128-element k block,
        // B's of each 128 x 128 block): promoted, each k tile's sums multiplied by their
        // scales as they are added. 128 x 128 cooperative tiles, and 128 x 64 ones for
        // problems of few tiles and for f32 out (whose 128 x 128 tile spills, as the
        // promoted one does).
        /// A and B K-major, e4m3 in, bf16 out, block-scaled: 128 x 128 x 128 tiles, 6 stages, cooperative.
        tn_e4m3_out_bf16_block_scaled: e4m3 => bf16, SM90_64x128x32_F32E4M3E4M3_SS_TN, (_128, _128), _6, _1, CooperativeFP8BlockScaledAccum;
        /// [`TnE4m3OutBf16BlockScaled`] in clusters of 2 along M, B multicast.
        tn_e4m3_out_bf16_block_scaled_cluster2: e4m3 => bf16, SM90_64x128x32_F32E4M3E4M3_SS_TN, (_128, _128), _6, _2, CooperativeFP8BlockScaledAccum;
        /// A and B K-major, e4m3 in, bf16 out, block-scaled: 128 x 64 x 128 tiles, 8 stages, cooperative.
        tn_e4m3_out_bf16_block_scaled_n64: e4m3 => bf16, SM90_64x64x32_F32E4M3E4M3_SS_TN, (_128, _64), _8, _1, CooperativeFP8BlockScaledAccum;
        /// A and B K-major, e4m3 in, f32 out, block-scaled: 128 x 64 x 128 tiles, 7 stages, cooperative.
        tn_e4m3_block_scaled: e4m3 => f32, SM90_64x64x32_F32E4M3E4M3_SS_TN, (_128, _64), _7, _1, CooperativeFP8BlockScaledAccum;
        // 128 x 192 tiles for every pair of majors and type pair: a third more tiles than
        // 128 x 256, for shapes whose 128 x 256 tiles leave much of the last wave empty
        // (cutlet-gemm's `select`), in 2x1 clusters as cuBLAS runs them (H100,
        // 2000x3000x4000 TN bf16: 623 TFLOP/s against 565 in clusters of one,
        // `results/gpu/run52-configs-2000x3000x4000-h100.txt`).
        /// A and B K-major, bf16 in, f32 out: 128 x 192 x 64 tiles, 4 stages, cooperative, in clusters of 2 along M (B multicast).
        tn_bf16_n192_cluster2: bf16 => f32, SM90_64x192x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _192), _4, _2, Cooperative;
        /// A and B K-major, bf16 in, bf16 out: 128 x 192 x 64 tiles, 5 stages, cooperative, in clusters of 2 along M (B multicast).
        tn_bf16_out_bf16_n192_cluster2: bf16 => bf16, SM90_64x192x16_F32BF16BF16_SS<gmma::K, gmma::K>, (_128, _192), _5, _2, Cooperative;
        /// A and B K-major, f16 in, f32 out: 128 x 192 x 64 tiles, 4 stages, cooperative, in clusters of 2 along M (B multicast).
        tn_f16_n192_cluster2: f16 => f32, SM90_64x192x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _192), _4, _2, Cooperative;
        /// A and B K-major, f16 in, f16 out: 128 x 192 x 64 tiles, 5 stages, cooperative, in clusters of 2 along M (B multicast).
        tn_f16_out_f16_n192_cluster2: f16 => f16, SM90_64x192x16_F32F16F16_SS<gmma::K, gmma::K>, (_128, _192), _5, _2, Cooperative;
        /// A M-major, B K-major, bf16 in, f32 out: 128 x 192 x 64 tiles, 4 stages, cooperative, in clusters of 2 along M (B multicast).
        nn_bf16_n192_cluster2: bf16 => f32, SM90_64x192x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _192), _4, _2, Cooperative;
        /// A M-major, B K-major, bf16 in, bf16 out: 128 x 192 x 64 tiles, 5 stages, cooperative, in clusters of 2 along M (B multicast).
        nn_bf16_out_bf16_n192_cluster2: bf16 => bf16, SM90_64x192x16_F32BF16BF16_SS<gmma::MN, gmma::K>, (_128, _192), _5, _2, Cooperative;
        /// A M-major, B K-major, f16 in, f32 out: 128 x 192 x 64 tiles, 4 stages, cooperative, in clusters of 2 along M (B multicast).
        nn_f16_n192_cluster2: f16 => f32, SM90_64x192x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _192), _4, _2, Cooperative;
        /// A M-major, B K-major, f16 in, f16 out: 128 x 192 x 64 tiles, 5 stages, cooperative, in clusters of 2 along M (B multicast).
        nn_f16_out_f16_n192_cluster2: f16 => f16, SM90_64x192x16_F32F16F16_SS<gmma::MN, gmma::K>, (_128, _192), _5, _2, Cooperative;
        /// A K-major, B N-major, bf16 in, f32 out: 128 x 192 x 64 tiles, 4 stages, cooperative, in clusters of 2 along M (B multicast).
        tt_bf16_n192_cluster2: bf16 => f32, SM90_64x192x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_128, _192), _4, _2, Cooperative;
        /// A K-major, B N-major, bf16 in, bf16 out: 128 x 192 x 64 tiles, 5 stages, cooperative, in clusters of 2 along M (B multicast).
        tt_bf16_out_bf16_n192_cluster2: bf16 => bf16, SM90_64x192x16_F32BF16BF16_SS<gmma::K, gmma::MN>, (_128, _192), _5, _2, Cooperative;
        /// A K-major, B N-major, f16 in, f32 out: 128 x 192 x 64 tiles, 4 stages, cooperative, in clusters of 2 along M (B multicast).
        tt_f16_n192_cluster2: f16 => f32, SM90_64x192x16_F32F16F16_SS<gmma::K, gmma::MN>, (_128, _192), _4, _2, Cooperative;
        /// A K-major, B N-major, f16 in, f16 out: 128 x 192 x 64 tiles, 5 stages, cooperative, in clusters of 2 along M (B multicast).
        tt_f16_out_f16_n192_cluster2: f16 => f16, SM90_64x192x16_F32F16F16_SS<gmma::K, gmma::MN>, (_128, _192), _5, _2, Cooperative;
        /// A M-major, B N-major, bf16 in, f32 out: 128 x 192 x 64 tiles, 4 stages, cooperative, in clusters of 2 along M (B multicast).
        nt_bf16_n192_cluster2: bf16 => f32, SM90_64x192x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_128, _192), _4, _2, Cooperative;
        /// A M-major, B N-major, bf16 in, bf16 out: 128 x 192 x 64 tiles, 5 stages, cooperative, in clusters of 2 along M (B multicast).
        nt_bf16_out_bf16_n192_cluster2: bf16 => bf16, SM90_64x192x16_F32BF16BF16_SS<gmma::MN, gmma::MN>, (_128, _192), _5, _2, Cooperative;
        /// A M-major, B N-major, f16 in, f32 out: 128 x 192 x 64 tiles, 4 stages, cooperative, in clusters of 2 along M (B multicast).
        nt_f16_n192_cluster2: f16 => f32, SM90_64x192x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_128, _192), _4, _2, Cooperative;
        /// A M-major, B N-major, f16 in, f16 out: 128 x 192 x 64 tiles, 5 stages, cooperative, in clusters of 2 along M (B multicast).
        nt_f16_out_f16_n192_cluster2: f16 => f16, SM90_64x192x16_F32F16F16_SS<gmma::MN, gmma::MN>, (_128, _192), _5, _2, Cooperative;
        // TF32 (an f32 the tensor cores read to 10 mantissa bits; `wgmma` takes K-major
        // TF32 only): k tiles of 32, one 128-byte swizzle row of 4-byte elements, so the
        // 16-bit kernels' tiles and stages hold the same bytes.
        /// A and B K-major, tf32 in, f32 out: 128 x 256 x 32 tiles, 4 stages, cooperative.
        tn_tf32: tf32 => f32, SM90_64x256x8_F32TF32TF32_SS_TN, (_128, _256), _4, _1, Cooperative;
        /// A and B K-major, tf32 in, f32 out, ping-pong: each consumer warpgroup a 128 x 128 x 32 tile, 6 stages.
        tn_tf32_pingpong: tf32 => f32, SM90_64x128x8_F32TF32TF32_SS_TN, (_128, _128), _6, _1, Pingpong;
        /// A and B K-major, tf32 in, f32 out, ping-pong: each consumer warpgroup a 128 x 64 x 32 tile, 8 stages (twice the tiles, for problems of few).
        tn_tf32_pingpong_n64: tf32 => f32, SM90_64x64x8_F32TF32TF32_SS_TN, (_128, _64), _8, _1, Pingpong;
    }
    // name: A major, B major.
    simt {
        /// A M-major, B N-major.
        nt: MnMajor, MnMajor;
        /// A and B K-major.
        tn: KMajor, KMajor;
        /// A M-major, B K-major.
        nn: MnMajor, KMajor;
        /// A K-major, B N-major.
        tt: KMajor, MnMajor;
    }
}

/// The parameters of an attention entry: `(args, tensor maps of Q, K and V, o, lse,
/// cumulative sequence lengths)`.
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_flash_sm90"))]
pub type FlashParams<E> = (
    crate::flash_sm90::FlashArgs,
    *const TmaDescriptor,
    *mut E,
    *mut f32,
    *const u32,
);

/// What visits the attention configurations: one call per configuration, with its type
/// and entry.
#[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_flash_sm90"))]
pub trait FlashVisitor {
    /// A [`FlashConfig`](crate::flash_sm90::FlashConfig) and its entry.
    fn flash<C: crate::flash_sm90::FlashConfig>(&mut self, entry: Kernel<FlashParams<C::Elem>>);
}

/// Declares the attention configurations: the types, the entries and [`for_each_flash`].
macro_rules! flash_registry {
    ($($(#[$m:meta])* $n:ident: $e:ty, $d:ty, $bn:ty, $st:ty, $qk:ty, $pv:ty;)*) => { paste::paste! {
        /// The attention configurations ([`crate::flash_sm90::FlashConfig`]).
        #[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_flash_sm90"))]
        pub mod flash {
            use super::*;
            use cutlet_core::atom::*;
            $(
                $(#[$m])*
                #[derive(Clone, Copy, Debug, Default)]
                pub struct [<Flash $n:camel>];
                impl crate::flash_sm90::FlashConfig for [<Flash $n:camel>] {
                    const NAME: &'static str = concat!("flash_sm90_", stringify!($n));
                    type Elem = $e;
                    type HeadDim = $d;
                    type Bn = $bn;
                    type Stages = $st;
                    type AtomQk = $qk;
                    type AtomPv = $pv;
                }
            )*
        }

        /// The attention PTX entry points (re-exported by [`crate::entry`]).
        #[cfg(any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_flash_sm90"))]
        pub mod flash_entries {
            use super::*;
            use crate::flash_sm90::FlashArgs;
            $(
                #[doc(hidden)]
                pub mod [<cutlet_flash_sm90_ $n>] {
                    use super::*;
                    type E = <flash::[<Flash $n:camel>] as crate::flash_sm90::FlashConfig>::Elem;
                    #[doc = "[`crate::flash_sm90::flash_sm90`] for [`flash::Flash" [<$n:camel>] "`] (sm_90a only)."]
                    ///
                    /// # Safety
                    /// `tma` points to three descriptors (in global memory) of
                    /// `crate::flash_sm90::qkv_box`'s boxes over Q, K and V, and a
                    /// fourth, O's 64-row box, with `args.o_tma`; O holds
                    /// `(batch, rows_q, heads, d)` at `args.o_stride`, `lse` the
                    /// `(batch, heads, rows_q)` log-sum-exp or is null; with
                    /// `args.varlen`, `cu_seqlens` holds `2 (batch + 1)` cumulative
                    /// lengths (else it may be null).
                    #[kernel(crate = cutlet_core)]
                    pub unsafe extern "ptx-kernel" fn [<cutlet_flash_sm90_ $n>](
                        args: FlashArgs,
                        tma: *const TmaDescriptor,
                        o: *mut E,
                        lse: *mut f32,
                        cu_seqlens: *const u32,
                    ) {
                        // SAFETY: the caller's contract above is the kernel's.
                        let (tma, o, lse, cu) = unsafe {
                            (
                                GmemPtr::new(tma.cast_mut()),
                                GmemPtr::new(o),
                                GmemPtr::new(lse),
                                GmemPtr::new(cu_seqlens.cast_mut()),
                            )
                        };
                        crate::flash_sm90::flash_sm90::<flash::[<Flash $n:camel>]>(args, tma, (o, lse), cu)
                    }
                }
                #[cfg(not(target_arch = "nvptx64"))]
                pub use [<cutlet_flash_sm90_ $n>]::[<cutlet_flash_sm90_ $n>];
            )*
        }

        /// Calls `v` once per attention configuration, in the list's order.
        #[cfg(all(not(target_arch = "nvptx64"), any(not(cutlet_entries), cutlet_entry_prefix = "cutlet_flash_sm90")))]
        pub fn for_each_flash(v: &mut impl FlashVisitor) {
            $(v.flash::<flash::[<Flash $n:camel>]>(flash_entries::[<cutlet_flash_sm90_ $n>]);)*
        }
    } };
}

flash_registry! {
    // name: elements, head dimension, keys per block, stages, the S = Q Kᵀ atom (64 x
    // keys), the O += P V atom (64 x head dimension, V N-major).
    /// Head dimension 64, bf16: 128 keys per block, 2 stages.
    d64_bf16: bf16, _64, _128, _2, SM90_64x128x16_F32BF16BF16_SS, SM90_64x64x16_F32BF16BF16_RS<gmma::K, gmma::MN>;
    /// Head dimension 64, f16.
    d64_f16: f16, _64, _128, _2, SM90_64x128x16_F32F16F16_SS, SM90_64x64x16_F32F16F16_RS<gmma::K, gmma::MN>;
    /// Head dimension 128, bf16: 128 keys per block, 2 stages.
    d128_bf16: bf16, _128, _128, _2, SM90_64x128x16_F32BF16BF16_SS, SM90_64x128x16_F32BF16BF16_RS<gmma::K, gmma::MN>;
    /// Head dimension 128, f16.
    d128_f16: f16, _128, _128, _2, SM90_64x128x16_F32F16F16_SS, SM90_64x128x16_F32F16F16_RS<gmma::K, gmma::MN>;
    /// Head dimension 256, bf16: 64 keys per block (O's 128 accumulators a thread), 2 stages.
    d256_bf16: bf16, _256, _64, _2, SM90_64x64x16_F32BF16BF16_SS, SM90_64x256x16_F32BF16BF16_RS<gmma::K, gmma::MN>;
    /// Head dimension 256, f16.
    d256_f16: f16, _256, _64, _2, SM90_64x64x16_F32F16F16_SS, SM90_64x256x16_F32F16F16_RS<gmma::K, gmma::MN>;
}
