//! FlashAttention's forward pass for Hopper (SM90a), in FA3's structure, every index
//! from cutlet's layouts and atoms: `O = softmax(scale Q Kᵀ) V` per (batch, head), Q
//! `(seqlen_q, d)`, K and V `(seqlen_k, d)` of the head's key-value head (grouped-query
//! attention), each laid out `(batch, seqlen, head, d)` with any strides and `d`
//! contiguous, and the log-sum-exp of each row.
//!
//! - **Roles.** 384 threads: warpgroup 0 is the producer (one elected thread issues the
//!   TMA loads; the warpgroup gives registers back with `setmaxnreg.dec`), warpgroups 1
//!   and 2 are consumers (`setmaxnreg.inc`), each computing 64 rows of the CTA's
//!   `(128, d)` tile of Q.
//! - **Shared memory.** Q's `(128, d)` tile, `stages` stages of K's `(Bn, d)` blocks
//!   and then V's (one buffer), and in a persistent CTA O's `(128, d)` tile, each the
//!   GMMA 128-byte swizzle atom `(8, 64):(64, 1)` tiled over the tile (d contiguous, as
//!   in global memory); TMA fills them, one box per 64 columns of d.
//!   K and V have a pipeline each (FA3's `pipeline_k`, `pipeline_v`), so `S = Q Kᵀ` of a
//!   block starts before its V lands.
//! - **S = Q Kᵀ** by the `64 x Bn x 16` shared-memory `wgmma` (A = Q, B = K, both
//!   K-major: their rows are d), `d / 16` steps.
//! - **Online softmax** on the accumulator fragment: each thread holds two rows of S
//!   (CuTe's `CLayout_64xN`: value `(v0, v1, j)` at row `+ 8 v1`), reduced over the four
//!   lanes of a quad (`shfl_xor_sync`); `2^(scale log2(e) s - max)` (`exp2`), the running
//!   max and sum per row, O rescaled by `2^(old max - new max)`. Masked elements (keys
//!   past `seqlen_k`, and in causal attention keys past the diagonal, FA's bottom-right
//!   alignment `j <= i + seqlen_k - seqlen_q`) are `-inf`.
//! - **P to registers**: the accumulator fragment of S read as the A fragment of the next
//!   `wgmma` (FlashAttention's `convert_layout_acc_Aregs`, [`aregs_of_acc`]: a
//!   composition of the accumulator's value layout), rounded to the input type, two
//!   values a register.
//! - **O += P V** by the `64 x d x 16` register-A `wgmma` (`_RS`): A = P, B = V read
//!   N-major (`(d, Bn)`, d contiguous: the V block's stage viewed transposed).
//! - **Epilogue** (FA3's). O times each row's reciprocal sum, rounded, written to
//!   shared memory in Q's layout (a buffer of its own in a persistent CTA, else Q's
//!   tile) and stored by TMA, one `(64, 64)` box per warpgroup and 64 columns of d,
//!   which drops the rows past `seqlen_q`. With variable lengths (a box would reach the
//!   next sequence's rows) or an O that TMA cannot address ([`FlashArgs::o_tma`]), the
//!   warpgroup copies the buffer to the rows below `seqlen_q` instead. The log-sum-exp
//!   of each row (`+inf` for a row that sees no key, whose O is 0: FA's convention).
//!
//! - **Overlap.** FA3's intra-warpgroup overlap (the next block's `Q Kᵀ` in flight
//!   with this block's `P V` and softmax) and, up to d = 128, FA3's ping-pong of the two
//!   consumer warpgroups ([`FlashLaunch::pingpong`]).
//!
//! - **Persistent** up to d = 128 ([`FlashLaunch::persistent`]). One CTA per SM walks the
//!   tiles ([`FlashTiles`]: 128 query rows of a head of a sequence, causal ones longest
//!   first); the producer loads the next tile's Q once both consumer warpgroups'
//!   `Q Kᵀ`s of the last are done, under their last `P V` and epilogue, and K's and V's
//!   pipelines run on across tiles.

use crate::gemm::{GemmOutput, val};
use cutlet_core::algebra::recast::SizeofBits;
use cutlet_core::atom::{MmaTraits, gmma, make_gmma_desc};
use cutlet_core::cuda::wgmma::{
    Accumulators, WgmmaRs, WgmmaSs, warpgroup_arrive, warpgroup_commit_batch,
    warpgroup_fence_operand, warpgroup_fence_regs, warpgroup_wait,
};
use cutlet_core::cuda::{
    DevicePod, Float16, GmemPtr, Mbarrier, PipelineState, PipelineTmaAsync, SmemBuffer, TmaBox,
    TmaDescriptor, TmaError, WARPGROUP_SIZE, elect_one_sync, exp2, launder, make_gmem_tensor,
    named_barrier_arrive, named_barrier_sync, prefetch_tma_descriptor, shfl_xor_sync, syncthreads,
    thread_idx, tma_load, tma_store, tma_store_arrive, tma_store_fence, tma_store_wait,
    warp_group_idx, warp_id, warpgroup_reg_alloc, warpgroup_reg_dealloc,
};
use cutlet_core::int::LeafOps;
use cutlet_core::prelude::*;

/// Q rows per CTA: two consumer warpgroups of 64.
pub const BM: usize = 128;
/// Threads per CTA: a producer warpgroup and two consumer warpgroups.
pub const THREADS: usize = 3 * WARPGROUP_SIZE;

/// An attention problem: extents, the softmax scale and the output's strides.
///
/// ```
/// use cutlet_kernels::flash_sm90::FlashArgs;
/// let a = FlashArgs::new((2, 8, 2), (100, 300), 64, false);
/// assert_eq!(a.scale_log2, (1.0 / 8.0) * std::f32::consts::LOG2_E);
/// assert_eq!(a.o_stride, [100 * 8 * 64, 8 * 64, 64]);
/// ```
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct FlashArgs {
    /// Batches.
    pub batch: usize,
    /// Query heads.
    pub heads: usize,
    /// Key-value heads (dividing `heads`: query head `h` reads key-value head
    /// `h / (heads / kv_heads)`).
    pub kv_heads: usize,
    /// Query rows.
    pub seqlen_q: usize,
    /// Key rows.
    pub seqlen_k: usize,
    /// The softmax scale times `log2(e)`: S is exponentiated as `2^(scale_log2 s - max)`.
    pub scale_log2: f32,
    /// Nonzero: each query row sees the keys up to its diagonal,
    /// `j <= i + seqlen_k - seqlen_q`.
    pub causal: u32,
    /// O's strides in elements: batch, sequence, head (d contiguous).
    pub o_stride: [usize; 3],
    /// Nonzero: variable-length batches (FA's `varlen`): the tensors hold every sequence
    /// packed in one batch, the kernel's `cu_seqlens` the `batch + 1` cumulative lengths
    /// of Q and then of K, and `seqlen_q`, `seqlen_k` are the longest.
    pub varlen: u32,
    /// Rows of Q, O and the log-sum-exp per (batch, head) in memory: `seqlen_q`, or with
    /// variable lengths the total.
    pub rows_q: usize,
    /// Nonzero: the kernel's fourth descriptor is O's ([`qkv_box`]'s 64-row box), and O
    /// goes through shared memory and a TMA store; zero: each thread stores its values
    /// (variable lengths, where a box would run into the next sequence's rows, or O's
    /// strides or address not TMA's 16-byte multiples).
    pub o_tma: u32,
}

impl FlashArgs {
    /// The problem of `(batch, heads, kv_heads)` and `(seqlen_q, seqlen_k)` with head
    /// dimension `d`, the softmax scale `1 / sqrt(d)`, O `(batch, seqlen_q, heads, d)`
    /// contiguous.
    pub fn new(
        (batch, heads, kv_heads): (usize, usize, usize),
        (seqlen_q, seqlen_k): (usize, usize),
        d: usize,
        causal: bool,
    ) -> Self {
        FlashArgs {
            batch,
            heads,
            kv_heads,
            seqlen_q,
            seqlen_k,
            scale_log2: rsqrt(d as f64) as f32 * core::f32::consts::LOG2_E,
            causal: u32::from(causal),
            o_stride: [seqlen_q * heads * d, heads * d, d],
            varlen: 0,
            rows_q: seqlen_q,
            o_tma: 0,
        }
    }

    /// The key blocks of `bn` keys that query rows `m0 .. m0 + BM` see: all of them, or
    /// in causal attention those up to the last row's diagonal (none for rows that see
    /// no key).
    ///
    /// ```
    /// use cutlet_kernels::flash_sm90::FlashArgs;
    /// let a = FlashArgs::new((1, 1, 1), (256, 256), 64, true);
    /// assert_eq!((a.key_blocks(0, 128), a.key_blocks(128, 128)), (1, 2));
    /// // seqlen_q > seqlen_k: the first rows (0 to 199) see no key.
    /// let b = FlashArgs::new((1, 1, 1), (300, 100), 64, true);
    /// assert_eq!((b.key_blocks(0, 128), b.key_blocks(128, 128), b.key_blocks(256, 128)), (0, 1, 1));
    /// assert_eq!(FlashArgs::new((1, 1, 1), (300, 10), 64, true).key_blocks(0, 128), 0);
    /// ```
    #[inline(always)]
    pub const fn key_blocks(&self, m0: usize, bn: usize) -> usize {
        let keys = if self.causal != 0 {
            // Keys `j <= i + seqlen_k - seqlen_q` for the block's last row `i`.
            let last = m0 + BM + self.seqlen_k;
            let seen = last.saturating_sub(self.seqlen_q);
            if seen < self.seqlen_k {
                seen
            } else {
                self.seqlen_k
            }
        } else {
            self.seqlen_k
        };
        keys.div_ceil(bn)
    }
}

/// `1 / sqrt(x)` for `x > 0`, to f64 precision (`core` has no square root): the classic
/// bit-level first guess, refined by Newton's steps, each doubling the correct bits.
const fn rsqrt(x: f64) -> f64 {
    let mut y = f64::from_bits(0x5fe6_eb50_c7b5_37a9 - (x.to_bits() >> 1));
    let mut i = 0;
    while i < 5 {
        y *= 1.5 - 0.5 * x * y * y;
        i += 1;
    }
    y
}

/// A configuration of [`flash_sm90`]: the element type, the head dimension, the key
/// block and the pipeline depth, with the two warpgroup MMAs they imply.
/// [`flash_config`] checks it at build time.
pub trait FlashConfig: 'static {
    /// The kernel's name (the PTX entry is `cutlet_` and this).
    const NAME: &'static str;
    /// Q, K, V and O elements (16-bit floats).
    type Elem: DevicePod + Default + SizeofBits + Float16 + GemmOutput;
    /// The head dimension d (64, 128 or 256).
    type HeadDim: Leaf;
    /// Keys per block.
    type Bn: Leaf;
    /// Pipeline depth of K and of V.
    type Stages: Leaf;
    /// `S = Q Kᵀ`: the `64 x Bn x 16` shared-memory MMA, both operands K-major.
    type AtomQk: WgmmaSs<A = gmma::K, B = gmma::K>
        + MmaTraits<ValTypeA = Self::Elem, ValTypeB = Self::Elem, ValTypeC = f32>;
    /// `O += P V`: the `64 x d x 16` register-A MMA, V N-major.
    type AtomPv: WgmmaRs<B = gmma::MN>
        + MmaTraits<ValTypeA = Self::Elem, ValTypeB = Self::Elem, ValTypeC = f32>;
}

/// What launching a [`FlashConfig`] needs: its name, tile, stages, threads and shared
/// memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FlashLaunch {
    /// The kernel's name.
    pub name: &'static str,
    /// The head dimension.
    pub head_dim: usize,
    /// `(BM, Bn)`: query rows per CTA, keys per block.
    pub tile: (usize, usize),
    /// Pipeline depth.
    pub stages: usize,
    /// Threads per CTA.
    pub threads: usize,
    /// Dynamic shared memory, bytes.
    pub smem: usize,
    /// The consumer warpgroups take turns issuing their MMAs (FA3's scheduler barrier),
    /// so that one's softmax runs under the other's MMAs. FA3's choice for 16-bit
    /// inputs: on up to d = 128 (at d = 256 it cost an H100 480 → 425 TFLOP/s,
    /// `results/gpu/run30-attention-peers-h100.txt`).
    pub pingpong: bool,
    /// O is rescaled by the last block's correction right after the next `Q Kᵀ` is
    /// issued, under that MMA, rather than once `P V` lands (FA3's
    /// `RescaleOBeforeGemm`): for d above 128, where O's rescaling is longest.
    pub rescale_o_first: bool,
    /// One CTA per SM walks the tiles ([`FlashTiles`]); otherwise each CTA takes one
    /// tile. Up to d = 128: at d = 256 the walk's state and what the compiler hoists
    /// out of it exceed the consumers' registers (ptxas spills), and O's own buffer
    /// would not fit beside Q, K and V. A persistent CTA stores O through a `(128, d)`
    /// buffer of its own, since the next tile's Q loads while O is stored; one tile's
    /// CTA stores it through Q's, which its last `Q Kᵀ` is done with (FA3 lays O over
    /// V's stages instead, which costs the producer a wait).
    pub persistent: bool,
}

impl FlashLaunch {
    /// The launch of problem `a`: a [`persistent`](Self::persistent) configuration on
    /// `ctas` CTAs at most (the GPU's SMs: one CTA fills an SM's shared memory), each
    /// walking the [`FlashTiles`] from its index by the grid's size; another on a CTA
    /// per tile.
    ///
    /// ```
    /// use cutlet_kernels::{flash_sm90::*, registry::flash::*};
    /// let a = FlashArgs::new((2, 8, 8), (300, 300), 64, false);
    /// let c = flash_config::<FlashD64Bf16>().launch(&a, 132);
    /// assert_eq!((c.grid.x, c.grid.y, c.grid.z, c.block.x), (3 * 8 * 2, 1, 1, 384));
    /// assert_eq!(flash_config::<FlashD64Bf16>().launch(&a, 20).grid.x, 20);
    /// assert_eq!(flash_config::<FlashD256Bf16>().launch(&a, 20).grid.x, 3 * 8 * 2);
    /// ```
    pub const fn launch(&self, a: &FlashArgs, ctas: usize) -> cutlet_core::cuda::LaunchConfig {
        let tiles = FlashTiles::new(a).count() as usize;
        let n = if self.persistent && ctas < tiles {
            ctas
        } else {
            tiles
        };
        cutlet_core::cuda::LaunchConfig::new(
            cutlet_core::cuda::Dim3::x(if n == 0 { 1 } else { n }),
            cutlet_core::cuda::Dim3::x(self.threads),
        )
        .smem(self.smem)
    }
}

/// The launch description of a configuration, checked: an ill-formed one stops the build.
///
/// ```
/// use cutlet_kernels::{flash_sm90::flash_config, registry::flash::*};
/// let c = flash_config::<FlashD128Bf16>();
/// assert_eq!((c.head_dim, c.tile, c.stages, c.persistent), (128, (128, 128), 2, true));
/// // Q, K's and V's stages, and O's buffer (a persistent CTA's own).
/// assert_eq!(c.smem, 1024 + (128 + 2 * 2 * 128 + 128) * 128 * 2);
/// // One tile's CTA stores O through Q's buffer.
/// assert_eq!(flash_config::<FlashD256Bf16>().smem, 1024 + (128 + 2 * 2 * 64) * 256 * 2);
/// ```
pub const fn flash_config<C: FlashConfig>() -> FlashLaunch {
    let (d, bn, stages) = (val::<C::HeadDim>(), val::<C::Bn>(), val::<C::Stages>());
    assert!(
        d == 64 || d == 128 || d == 256,
        "FlashConfig: the head dimension must be 64, 128 or 256"
    );
    assert!(
        <C::AtomQk as WgmmaSs>::N == bn && <C::AtomPv as WgmmaRs>::N == d,
        "FlashConfig: the S atom's N must be Bn and the O atom's N the head dimension"
    );
    assert!(
        bn % 16 == 0 && bn <= 128 && core::mem::size_of::<C::Elem>() == 2 && stages >= 2,
        "FlashConfig: Bn a multiple of 16 up to 128, 16-bit elements, two stages or more"
    );
    let persistent = d <= 128;
    // O's buffer: its own where the CTA is persistent, else Q's.
    let o_rows = if persistent { BM } else { 0 };
    let smem = 1024 + (BM + 2 * stages * bn + o_rows) * d * 2;
    assert!(
        smem <= 227 * 1024,
        "FlashConfig: Q, K and V's stages and O need more than the 227 KiB of shared memory a block may have"
    );
    FlashLaunch {
        name: C::NAME,
        head_dim: d,
        tile: (BM, bn),
        stages,
        threads: THREADS,
        smem,
        pingpong: d <= 128,
        persistent,
        rescale_o_first: d > 128,
    }
}

/// `(Rows, D)` tiles, `S` of them: the GMMA K-major 128-byte swizzle atom
/// (`GMMA::Layout_K_SW128_Atom<T>`: `Sw<3,4,3>` on bytes, `(8, 64):(64, 1)` in 16-bit
/// elements) tiled over each, d contiguous as in global memory.
#[inline(always)]
fn tiles<Rows: Leaf, D: Leaf, S: Leaf>() -> impl Layout {
    tile_to_shape(
        layout!((8, 64):(64, 1)),
        (Rows::conjure(), D::conjure(), S::conjure()),
    )
}

/// The TMA boxes of Q, K, V and O: the `(rows, 64)` boxes (one 128-byte swizzle column
/// of d) of a `(rows, d)` tile of `tiles`, over a tensor `(batch, seqlen, heads, d)` with
/// element strides `stride` (`[batch, seqlen, head]`, d contiguous): TMA's dimensions
/// `(d, seqlen, head, batch)`. `rows` is 128 for Q, `Bn` for K and V, and 64 for O (a
/// consumer warpgroup's rows).
///
/// ```
/// use cutlet_kernels::{flash_sm90::*, registry::flash::FlashD128Bf16};
/// // K (2, 300, 4, 128) contiguous.
/// let b = qkv_box::<FlashD128Bf16>((2, 300, 4), [300 * 4 * 128, 4 * 128, 128], 128).unwrap();
/// assert_eq!((b.rank, b.global_dim[..4].to_vec(), b.box_dim[..2].to_vec()), (4, vec![128, 300, 4, 2], vec![64, 128]));
/// assert_eq!(b.global_stride[..3].to_vec(), vec![4 * 128 * 2, 128 * 2, 300 * 4 * 128 * 2]);
/// ```
pub fn qkv_box<C: FlashConfig>(
    (batch, seqlen, heads): (usize, usize, usize),
    stride: [usize; 3],
    rows: usize,
) -> Result<TmaBox, TmaError> {
    let sw = Swizzle::<3, 3, 3>::new();
    let d = val::<C::HeadDim>();
    let gmem = layout!((seqlen, d):({stride[1]}, 1));
    let tile = if rows == BM {
        make_tma_box::<C::Elem, _>(gmem, tiles::<_128, C::HeadDim, _1>(), sw)
    } else if rows == 64 {
        make_tma_box::<C::Elem, _>(gmem, tiles::<_64, C::HeadDim, _1>(), sw)
    } else {
        make_tma_box::<C::Elem, _>(gmem, tiles::<C::Bn, C::HeadDim, _1>(), sw)
    };
    let mut b = tile?;
    let e = core::mem::size_of::<C::Elem>() as u64;
    b.rank = 4;
    b.global_dim[2] = heads as u64;
    b.global_dim[3] = batch as u64;
    b.global_stride[1] = stride[2] as u64 * e;
    b.global_stride[2] = stride[0] as u64 * e;
    b.box_dim[2] = 1;
    b.box_dim[3] = 1;
    b.check()?;
    Ok(b)
}

use cutlet_core::atom::make_tma_box;

/// FlashAttention's `convert_layout_acc_Aregs` for a 16-bit register-A MMA after a
/// `64 x N` MMA: value `(v0, v1, v2)` of k step `kk` of the A fragment is accumulator
/// value `(v0, v1, 2 kk + v2)` of CuTe's `CLayout_64xN` value mode `(2, 2, N / 8)` (a
/// column pair, the row pair, two 8-column blocks per 16-wide k step): the composition
/// of the accumulator fragment's layout with `((2,2,2), N/16):((1,2,4), 8)`.
///
/// ```
/// use cutlet_core::prelude::*;
/// use cutlet_kernels::flash_sm90::aregs_of_acc;
/// let p = aregs_of_acc::<_64>();
/// assert_eq!(p.to_string(), "((_2,_2,_2),_4):((_1,_2,_4),_8)");
/// assert_eq!(p.call((5isize, 2isize)).size().value(), 1 + 4 + 16); // (1, 0, 1) of step 2
/// ```
#[inline(always)]
pub fn aregs_of_acc<N: Leaf>() -> impl Layout {
    // The accumulator fragment's value mode, `(2, 2, N / 8)` in register order.
    let acc = make_layout((_2::new(), _2::new(), <N as LeafOps>::Div::<_8>::conjure()));
    let steps = <N as LeafOps>::Div::<_16>::conjure();
    composition(
        acc,
        StridedLayout::new(
            ((_2::new(), _2::new(), _2::new()), steps),
            ((_1::new(), _2::new(), _4::new()), _8::new()),
        ),
    )
}

/// Where thread `lane`'s accumulator values of a one-warpgroup MMA of atom `A` lie in its
/// `(64, N)` tile: value `v`'s `(row, column)`. With one atom per warpgroup (CuTe's
/// `AtomLayoutMNK = 1x1x1`) `partition_C` of the identity tensor is the atom's
/// `CLayout`, `(thread, value) -> m + 64 n`, read here directly.
#[inline(always)]
fn positions<A: MmaTraits>(lane: usize) -> impl Fn(usize) -> (usize, usize) + Copy {
    let c = A::CLayout::conjure();
    move |v| {
        let mn = c.call((lane as isize, v as isize)).size().value() as usize;
        (mn % 64, mn / 64)
    }
}

/// `x` reduced by `op` over the four lanes of a quad (the lanes that hold one row of
/// an accumulator fragment): two butterfly shuffles.
#[inline(always)]
fn quad(x: f32, op: impl Fn(f32, f32) -> f32) -> f32 {
    let x = op(x, f32::from_bits(shfl_xor_sync(x.to_bits(), 1)));
    op(x, f32::from_bits(shfl_xor_sync(x.to_bits(), 2)))
}

/// The closure itself: a closure given as an argument can carry `#[inline(always)]`
/// (one bound to a name cannot), which the consumer's steps need to stay in registers.
#[inline(always)]
fn inlined<F>(f: F) -> F {
    f
}

/// Q's tile, K's and then V's stages, and O's tile (laid out as Q's) in shared memory.
type QkvoTiles<T, Lq, Lkv> = (SmemTile<T, Lq>, SmemTile<T, Lkv>, SmemTile<T, Lq>);

type SmemTile<T, L> =
    Tensor<cutlet_core::cuda::PtrEngine<T, cutlet_core::cuda::Smem, Swizzle<3, 3, 3>>, L>;

/// The TMA loads of a `(rows, d)` tile from row `row0` of head `head` of batch `batch`:
/// one box per 64 columns of d, each landing at its first element in the tile.
///
/// # Safety
/// `tma_load`'s: `desc` is a live descriptor of [`qkv_box`]'s box for this tensor, and the
/// tile is not read until `bar` completes the phase that counts its bytes.
#[inline(always)]
unsafe fn load_rows<T: Copy, L: Layout>(
    desc: *const TmaDescriptor,
    bar: Mbarrier,
    t: &SmemTile<T, L>,
    (row0, head, batch): (usize, usize, usize),
) {
    let d = size(get::<1, _>(t.layout())).value() as usize;
    for c in 0..d / 64 {
        let box0 = t.view().slice((0usize, 64 * c));
        let dst = box0
            .engine()
            .as_ptr()
            .wrapping_offset(box0.engine().origin());
        let at = [(64 * c) as i32, row0 as i32, head as i32, batch as i32];
        // SAFETY: the caller's contract; `dst` is the box's first element in the tile.
        unsafe { tma_load(desc, bar, dst, at) };
    }
}

/// The attention forward of configuration `C`, persistent: each CTA walks the
/// [`FlashTiles`] from its index by the grid's size. Launch
/// [`flash_config::<C>()`](flash_config)'s `launch(&a, ctas)`; `tma[0..3]` point to
/// descriptors of [`qkv_box`]'s boxes over Q, K and V, and with `a.o_tma` `tma[3]` to
/// O's (64 rows); `o` is O (`a.o_stride`), `lse` the
/// `(batch, heads, rows_q)` log-sum-exp (null: not written); with `a.varlen`,
/// `cu_seqlens` holds the cumulative lengths of Q and of K (`2 (batch + 1)` of them).
#[inline(always)]
pub fn flash_sm90<C: FlashConfig>(
    a: FlashArgs,
    tma: GmemPtr<TmaDescriptor>,
    (o, lse): (GmemPtr<C::Elem>, GmemPtr<f32>),
    cu_seqlens: GmemPtr<u32>,
) {
    let cfg = const { flash_config::<C>() };
    let (bn, stages, d) = (cfg.tile.1, cfg.stages, cfg.head_dim);
    let (first, step) = (
        cutlet_core::cuda::block_idx().x as u32,
        cutlet_core::cuda::grid_dim().x as u32,
    );
    let tma_q = tma.as_ptr();
    let (tma_k, tma_v) = (tma_q.wrapping_add(1), tma_q.wrapping_add(2));
    let tma_o = tma_q.wrapping_add(3);

    let mut smem = SmemBuffer::dynamic();
    let k_pipe = PipelineTmaAsync::new(&mut smem, stages);
    let v_pipe = PipelineTmaAsync::new(&mut smem, stages);
    // SAFETY: two barrier words, used only through their `Mbarrier`s.
    let (q_full, q_empty) = unsafe {
        let w = smem.alloc::<u64, _>(layout!(2));
        let p = w.engine().as_ptr();
        (Mbarrier::at(p), Mbarrier::at(p.wrapping_add(1)))
    };
    // SAFETY: Q is written only by its TMA loads, each after `q_empty` says the
    // consumers' wgmmas of the tile before are done with it, and read only by the
    // wgmmas after `q_full` completes; K's and V's stages as their pipelines order them.
    // K's stages and then V's are one buffer: one base address for both in the key
    // loop (two take a register it needs; ptxas spilled V's at d = 128).
    let (sq, skv) = unsafe {
        (
            smem.alloc_aligned::<C::Elem, _, _>(
                1024,
                Swizzle::<3, 3, 3>::new(),
                tiles::<_128, C::HeadDim, _1>(),
            ),
            smem.alloc_aligned::<C::Elem, _, _>(
                1024,
                Swizzle::<3, 3, 3>::new(),
                tiles::<C::Bn, C::HeadDim, <C::Stages as LeafOps>::Mul<_2>>(),
            ),
        )
    };
    // SAFETY: each consumer warpgroup writes its 64 rows of O's buffer once its TMA
    // store of the tile before has read them, and its store reads them after the
    // warpgroup's barrier. Q's buffer, in a CTA of one tile, once the warpgroup's wgmmas
    // are done with its rows of Q (nothing loads Q again).
    let so = if cfg.persistent {
        unsafe {
            smem.alloc_aligned::<C::Elem, _, _>(
                1024,
                Swizzle::<3, 3, 3>::new(),
                tiles::<_128, C::HeadDim, _1>(),
            )
        }
    } else {
        sq
    };
    let kv_bytes = (bn * d * core::mem::size_of::<C::Elem>()) as u32;

    let tid = thread_idx().x;
    if tid == 0 {
        // SAFETY: the host passes descriptors in global memory for the kernel's duration.
        unsafe {
            prefetch_tma_descriptor(tma_q);
            prefetch_tma_descriptor(tma_k);
            prefetch_tma_descriptor(tma_v);
        }
        // Each consumer warpgroup's release frees a stage, and Q.
        k_pipe.init(1, 2);
        v_pipe.init(1, 2);
        q_full.init(1);
        q_empty.init(2);
    }
    syncthreads();

    // Both roles walk the same tiles and skip the same ones (rows past their sequence's
    // `seqlen_q`), so the `j`-th tile each works on is the same: phase `j % 2` of Q's
    // barriers.
    if warp_group_idx() == 0 {
        // Producer: one thread issues every load.
        warpgroup_reg_dealloc::<40>();
        if warp_id() == 0 && elect_one_sync() {
            let mut st = PipelineState::producer_start(stages);
            // Computed once: the producer has no key loop to free registers for (with
            // `fresh` per tile, its 40 registers spilled at d = 64).
            let work = FlashTiles::new(&a);
            let (mut t, mut j) = (first, 0u32);
            while t < work.count() {
                let (m_block, head, seq) = work.at(t);
                t = work.next(t, step, cfg.persistent);
                let (a, (q0, k0, batch)) = sequence(a, seq, cu_seqlens);
                let m0 = m_block * BM;
                if m0 >= a.seqlen_q {
                    continue;
                }
                if j > 0 {
                    // The consumers' wgmmas of the last tile are done with Q.
                    q_empty.wait((j - 1) % 2);
                }
                j += 1;
                q_full.arrive_and_expect_tx((BM * d * core::mem::size_of::<C::Elem>()) as u32);
                // SAFETY: Q's tile is free (above) and read only after `q_full`
                // completes; the descriptors are live.
                unsafe {
                    load_rows(
                        tma_q,
                        q_full,
                        &sq.view().slice((X, X, 0usize)),
                        (q0 + m0, head, batch),
                    )
                };
                let kv_head = head / (a.heads / a.kv_heads);
                for nb in 0..a.key_blocks(m0, bn) {
                    let at = (k0 + nb * bn, kv_head, batch);
                    k_pipe.producer_acquire(st, kv_bytes);
                    // SAFETY: the stage is empty (its consumers released it); its loads
                    // complete on its full barrier, armed with their bytes.
                    unsafe {
                        load_rows(
                            tma_k,
                            k_pipe.producer_barrier(st),
                            &skv.view().slice((X, X, st.index())),
                            at,
                        )
                    };
                    v_pipe.producer_acquire(st, kv_bytes);
                    // SAFETY: as for K.
                    unsafe {
                        load_rows(
                            tma_v,
                            v_pipe.producer_barrier(st),
                            &skv.view().slice((X, X, stages + st.index())),
                            at,
                        )
                    };
                    st.advance();
                }
            }
            k_pipe.producer_tail(st);
            v_pipe.producer_tail(st);
        }
    } else {
        warpgroup_reg_alloc::<232>();
        let mut st = PipelineState::consumer_start(stages);
        let (mut t, mut j) = (first, 0u32);
        loop {
            let work = FlashTiles::new(&fresh(a, cfg.persistent));
            if t >= work.count() {
                break;
            }
            let (m_block, head, seq) = work.at(t);
            t = work.next(t, step, cfg.persistent);
            let m0 = m_block * BM;
            if m0 >= sequence(a, seq, cu_seqlens).0.seqlen_q {
                continue;
            }
            consumer::<C, _, _>(
                (a, seq, cu_seqlens),
                (o, tma_o, lse),
                (&k_pipe, &v_pipe, (q_full, q_empty, j % 2)),
                (sq, skv, so),
                (m0, head),
                &mut st,
            );
            j += 1;
        }
    }
}

/// `a`, in a `persistent` kernel with its extents and strides laundered ([`launder`]):
/// what a tile derives from them is computed where the tile needs it, not once before
/// the walk and held in registers through its key loops.
#[inline(always)]
fn fresh(a: FlashArgs, persistent: bool) -> FlashArgs {
    if !persistent {
        return a;
    }
    FlashArgs {
        batch: launder(a.batch),
        heads: launder(a.heads),
        rows_q: launder(a.rows_q),
        seqlen_q: launder(a.seqlen_q),
        o_stride: a.o_stride.map(launder),
        ..a
    }
}

/// The persistent kernel's work: one tile per 128 query rows (`m block`) of each head of
/// each sequence, index `t` at `(m block, head, sequence)` with the m blocks fastest (a
/// head's tiles share its K and V in L2) and, in causal attention, the longest first
/// (FA3's order: the last rows see the most keys).
///
/// ```
/// use cutlet_kernels::flash_sm90::{FlashArgs, FlashTiles};
/// let t = FlashTiles::new(&FlashArgs::new((2, 3, 3), (300, 300), 64, true));
/// assert_eq!(t.count(), 3 * 3 * 2);
/// assert_eq!((t.at(0), t.at(2), t.at(3), t.at(17)), ((2, 0, 0), (0, 0, 0), (2, 1, 0), (0, 2, 1)));
/// ```
#[derive(Clone, Copy, Debug)]
pub struct FlashTiles {
    m_blocks: u32,
    heads: u32,
    batch: u32,
    reversed: bool,
}

impl FlashTiles {
    /// The tiles of problem `a` (with variable lengths, `seqlen_q` is the longest
    /// sequence's: the shorter ones' last tiles are empty).
    #[inline(always)]
    pub const fn new(a: &FlashArgs) -> Self {
        FlashTiles {
            m_blocks: a.seqlen_q.div_ceil(BM) as u32,
            heads: a.heads as u32,
            batch: a.batch as u32,
            reversed: a.causal != 0,
        }
    }

    /// How many tiles there are (the host keeps it below 2³¹: tile indices are 32-bit,
    /// which spares the persistent walk's registers).
    #[inline(always)]
    pub const fn count(&self) -> u32 {
        self.m_blocks * self.heads * self.batch
    }

    /// The tile after `t` of a CTA that walks the tiles by `step`; past the last
    /// (`u32::MAX`, which no count reaches, so the compiler drops the loop) if the
    /// kernel is not `persistent`.
    #[inline(always)]
    pub const fn next(&self, t: u32, step: u32, persistent: bool) -> u32 {
        if persistent { t + step } else { u32::MAX }
    }

    /// Tile `t`'s `(m block, head, sequence)`.
    #[inline(always)]
    pub const fn at(&self, t: u32) -> (usize, usize, usize) {
        let (m, rest) = (t % self.m_blocks, t / self.m_blocks);
        let m = if self.reversed {
            self.m_blocks - 1 - m
        } else {
            m
        };
        (
            m as usize,
            (rest % self.heads) as usize,
            (rest / self.heads) as usize,
        )
    }
}

/// Sequence `seq` of the launch: `a` with its lengths, and `(q0, k0, batch)`, its first
/// row in Q (and O) and in K (and V) and its batch coordinate. Fixed lengths: `a`
/// itself, `(0, 0, seq)`; variable lengths: `cu_seqlens[seq..=seq + 1]` of Q's and of
/// K's cumulative lengths, in batch 0.
#[inline(always)]
fn sequence(
    a: FlashArgs,
    seq: usize,
    cu_seqlens: GmemPtr<u32>,
) -> (FlashArgs, (usize, usize, usize)) {
    if a.varlen == 0 {
        return (a, (0, 0, seq));
    }
    // SAFETY: with variable lengths `cu_seqlens` holds `2 (batch + 1)` lengths (the
    // kernel's contract).
    let cu = unsafe { make_gmem_tensor(cu_seqlens, layout!({ 2 * (a.batch + 1) })) };
    let at = |i: usize| cu.get(i) as usize;
    let (q0, q1) = (at(seq), at(seq + 1));
    let (k0, k1) = (at(a.batch + 1 + seq), at(a.batch + 2 + seq));
    let a = FlashArgs {
        seqlen_q: q1 - q0,
        seqlen_k: k1 - k0,
        ..a
    };
    (a, (q0, k0, 0))
}

/// A consumer warpgroup on one tile: its 64 rows of the Q tile (phase `q_phase` of Q's
/// barriers) against every key block from pipeline state `st` on (left past the
/// last), the online softmax, and the epilogue.
#[inline(always)]
fn consumer<C: FlashConfig, Lq: Layout, Lkv: Layout>(
    (params, seq, cu_seqlens): (FlashArgs, usize, GmemPtr<u32>),
    (o, tma_o, lse): (GmemPtr<C::Elem>, *const TmaDescriptor, GmemPtr<f32>),
    (k_pipe, v_pipe, (q_full, q_empty, q_phase)): (
        &PipelineTmaAsync,
        &PipelineTmaAsync,
        (Mbarrier, Mbarrier, u32),
    ),
    (sq, skv, so): QkvoTiles<C::Elem, Lq, Lkv>,
    (m0, head): (usize, usize),
    pipe_st: &mut PipelineState,
) {
    // The sequence's lengths for the main loop; its place in O is read again for the
    // epilogue (from the kernel's parameters), so that nothing of it stays in a
    // register through the loop.
    let (a, _) = sequence(params, seq, cu_seqlens);
    let cfg = const { flash_config::<C>() };
    let (bn, d) = (cfg.tile.1, cfg.head_dim);
    let n_blocks = a.key_blocks(m0, bn);
    let wg = warp_group_idx() - 1;
    let lane = thread_idx().x % WARPGROUP_SIZE;
    let rows0 = m0 + 64 * wg;
    // Where this thread's values of S and O lie in their `(64, Bn)` and `(64, d)` tiles
    // (`partition_C` of the identity tensor).
    let s_pos = positions::<C::AtomQk>(lane);
    let o_pos = positions::<C::AtomPv>(lane);
    // A value's row among the thread's two: mode 1 of `CLayout_64xN`'s value mode
    // `(2, 2, N / 8)`.
    let row_of = |v: usize| (v / 2) % 2;
    let p_of = aregs_of_acc::<C::Bn>();
    // This thread's values of S and of O, and the k steps of `P V`: static counts.
    let s_vals = <C::Bn as LeafOps>::Div::<_2>::conjure();
    let o_vals = <C::HeadDim as LeafOps>::Div::<_2>::conjure();
    let steps = <C::Bn as LeafOps>::Div::<_16>::conjure();
    let d_steps = <C::HeadDim as LeafOps>::Div::<_16>::conjure();
    let (atom_qk, atom_pv) = (C::AtomQk::default(), C::AtomPv::default());
    let q_tile = (_64::new(), _16::new());
    let k_tile = (C::Bn::conjure(), _16::new());
    let v_tile = (C::HeadDim::conjure(), _16::new());
    let sq = sq.slice((X, X, 0usize));

    let mut o_acc = <C::AtomPv as WgmmaRs>::Accum::zeroed();
    let mut s_acc = <C::AtomQk as WgmmaSs>::Accum::zeroed();
    let (mut row_max, mut row_sum) = ([f32::NEG_INFINITY; 2], [0f32; 2]);
    // P's registers: k step `kk`'s four A registers of `O += P V`.
    let mut p_regs = [[0u32; 4]; 8];
    // Keys `j <= i + diag` for row `i` in causal attention.
    let diag = a.seqlen_k as isize - a.seqlen_q as isize;

    // Issues `S = Q Kᵀ` over d on stage `st` of K (one commit group).
    let issue_qk = inlined(
        #[inline(always)]
        |st: PipelineState, s_acc: &mut <C::AtomQk as WgmmaSs>::Accum| {
            k_pipe.consumer_wait(st);
            let k = skv.slice((X, X, st.index()));
            warpgroup_fence_operand(s_acc);
            warpgroup_arrive();
            let step = inlined(
                #[inline(always)]
                |kb: usize| {
                    let da = make_gmma_desc::<gmma::K, _, _, _>(&local_tile(
                        sq,
                        q_tile.as_tiler(),
                        (wg, kb),
                    ));
                    let db = make_gmma_desc::<gmma::K, _, _, _>(&local_tile(
                        k,
                        k_tile.as_tiler(),
                        (0usize, kb),
                    ));
                    atom_qk.mma_async(da, db, s_acc, kb > 0);
                },
            );
            // Up to d = 128 the steps unroll (a static count): rolled, ptxas guards the
            // `wgmma`s on one accumulator with `warpgroup.arrive`s of its own (C7519).
            // d = 256's sixteen steps unrolled hold more descriptors than the consumers'
            // registers (ptxas spills), so they stay a loop.
            if d <= 128 {
                d_steps.for_each_index(step);
            } else {
                (0..d / 16).for_each(step);
            }
            warpgroup_commit_batch();
        },
    );
    // Issues `O += P V` over stage `st` of V (one commit group): A = P from registers,
    // B = the stage viewed `(d, Bn)`, N-major.
    let issue_pv = inlined(
        #[inline(always)]
        |st: PipelineState,
         p_regs: &mut [[u32; 4]; 8],
         o_acc: &mut <C::AtomPv as WgmmaRs>::Accum| {
            v_pipe.consumer_wait(st);
            let v = skv.slice((X, X, cfg.stages + st.index()));
            let vt = Tensor::from_parts(*v.engine(), select(v.layout(), shape!((1, 0))));
            warpgroup_fence_operand(o_acc);
            steps.for_each_index(
                #[inline(always)]
                |kk| warpgroup_fence_regs(&mut p_regs[kk]),
            );
            warpgroup_arrive();
            steps.for_each_index(
                #[inline(always)]
                |kk| {
                    let db = make_gmma_desc::<gmma::MN, _, _, _>(&local_tile(
                        vt,
                        v_tile.as_tiler(),
                        (0usize, kk),
                    ));
                    atom_pv.mma_async(p_regs[kk], db, o_acc, true);
                },
            );
            warpgroup_commit_batch();
        },
    );
    // The online softmax of key block `nb`, in place on S's registers: scaled and masked
    // scores, the rows' new maxima over the quad, the probabilities and their sums.
    // Returns each row's correction of what came before, `2^(old max - new max)`.
    // (Static counts: the loops unroll, so every register index is a constant.)
    let softmax = inlined(
        #[inline(always)]
        |nb: usize,
         s_acc: &mut <C::AtomQk as WgmmaSs>::Accum,
         row_max: &mut [f32; 2],
         row_sum: &mut [f32; 2]| {
            let key0 = (nb * bn) as isize;
            let mut block_max = [f32::NEG_INFINITY; 2];
            // Only the blocks past `seqlen_k` or crossing the warpgroup's first row's
            // diagonal mask (a warp-uniform test).
            let last_key = key0 + bn as isize - 1;
            if last_key >= a.seqlen_k as isize
                || (a.causal != 0 && last_key > rows0 as isize + diag)
            {
                s_vals.for_each_index(
                    #[inline(always)]
                    |v| {
                        let (r, c) = s_pos(v);
                        let (i, j) = ((rows0 + r) as isize, key0 + c as isize);
                        let masked = j >= a.seqlen_k as isize || (a.causal != 0 && j > i + diag);
                        let x = if masked {
                            f32::NEG_INFINITY
                        } else {
                            a.scale_log2 * s_acc.get(v)
                        };
                        s_acc.set(v, x);
                        block_max[row_of(v)] = block_max[row_of(v)].max(x);
                    },
                );
            } else {
                s_vals.for_each_index(
                    #[inline(always)]
                    |v| {
                        let x = a.scale_log2 * s_acc.get(v);
                        s_acc.set(v, x);
                        block_max[row_of(v)] = block_max[row_of(v)].max(x);
                    },
                );
            }
            let mut base = [0f32; 2];
            let mut corr = [0f32; 2];
            for r in 0..2 {
                let m = quad(block_max[r], f32::max);
                let new = row_max[r].max(m);
                // A row that has seen only masked keys keeps base 0 (its scores are -inf:
                // their probabilities 0, not NaN).
                base[r] = if new == f32::NEG_INFINITY { 0.0 } else { new };
                corr[r] = if row_max[r] == f32::NEG_INFINITY {
                    0.0
                } else {
                    exp2(row_max[r] - base[r])
                };
                row_max[r] = new;
                row_sum[r] *= corr[r];
            }
            s_vals.for_each_index(
                #[inline(always)]
                |v| {
                    let p = exp2(s_acc.get(v) - base[row_of(v)]);
                    s_acc.set(v, p);
                    row_sum[row_of(v)] += p;
                },
            );
            corr
        },
    );
    // P, rounded to the input type, as the A registers of `O += P V`: register `r` of
    // k step `kk` holds values `(2 r, 2 r + 1)` of the A fragment, S's values
    // `p_of(2 r + h, kk)`.
    let convert = inlined(
        #[inline(always)]
        |s_acc: &<C::AtomQk as WgmmaSs>::Accum, p_regs: &mut [[u32; 4]; 8]| {
            steps.for_each_index(
                #[inline(always)]
                |kk| {
                    _4::new().for_each_index(
                        #[inline(always)]
                        |r| {
                            let at = |h: usize| p_of.call((2 * r + h, kk)).size().value() as usize;
                            p_regs[kk][r] = C::Elem::pack2_rn(s_acc.get(at(0)), s_acc.get(at(1)));
                        },
                    )
                },
            );
        },
    );

    // FA3's intra-warpgroup overlap: block `nb`'s `Q Kᵀ` and block `nb - 1`'s `P V` are
    // in flight together, and the softmax of block `nb` runs while `P V` does; O is
    // rescaled once `P V` has landed, or (`rescale_o_first`) under the next `Q Kᵀ`. One
    // thread a warpgroup releases a stage (the pipelines count warpgroups) once the
    // warpgroup's MMAs that read it are done.
    //
    // FA3's ping-pong between the two consumer warpgroups (`pingpong`): each issues its
    // MMAs only in its turn (named barrier `1 + wg` of both warpgroups' 256 threads: its
    // own sync and the other's arrival) and passes the turn on once they are issued, so
    // that one's softmax runs under the other's MMAs. Warpgroup 0 starts with its own
    // arrival and, after its last block, takes one more turn (before its last `P V`),
    // which the other warpgroup's last pass completes: every generation of both barriers
    // completes.
    let turn = || {
        if cfg.pingpong {
            named_barrier_sync(1 + wg as u32, 2 * WARPGROUP_SIZE as u32)
        }
    };
    let pass = || {
        if cfg.pingpong {
            named_barrier_arrive(2 - wg as u32, 2 * WARPGROUP_SIZE as u32)
        }
    };
    let rescale = inlined(
        #[inline(always)]
        |o_acc: &mut <C::AtomPv as WgmmaRs>::Accum, corr: [f32; 2]| {
            o_vals.for_each_index(
                #[inline(always)]
                |v| o_acc.set(v, o_acc.get(v) * corr[row_of(v)]),
            )
        },
    );
    // One thread a warpgroup tells the producer that Q is free once every `Q Kᵀ` of the
    // tile is done.
    let free_q = || {
        if lane == 0 {
            q_empty.arrive();
        }
    };
    q_full.wait(q_phase);
    let mut st = *pipe_st;
    if n_blocks == 0 {
        free_q();
    } else {
        if cfg.pingpong && wg == 0 {
            named_barrier_arrive(1, 2 * WARPGROUP_SIZE as u32);
        }
        turn();
        issue_qk(st, &mut s_acc);
        pass();
        warpgroup_wait::<0>();
        warpgroup_fence_operand(&mut s_acc);
        if lane == 0 {
            k_pipe.consumer_release(st);
        }
        // O is zero: its first correction is moot (whenever it is applied).
        let mut corr = softmax(0, &mut s_acc, &mut row_max, &mut row_sum);
        convert(&s_acc, &mut p_regs);
        let mut prev = st;
        st.advance();
        for nb in 1..n_blocks {
            turn();
            issue_qk(st, &mut s_acc);
            if cfg.rescale_o_first {
                // O holds the blocks before `nb - 1`: scaled to block `nb - 1`'s maxima
                // before its `P V` adds to it.
                rescale(&mut o_acc, corr);
            }
            issue_pv(prev, &mut p_regs, &mut o_acc);
            pass();
            // `Q Kᵀ` is the older group.
            warpgroup_wait::<1>();
            warpgroup_fence_operand(&mut s_acc);
            if lane == 0 {
                k_pipe.consumer_release(st);
            }
            corr = softmax(nb, &mut s_acc, &mut row_max, &mut row_sum);
            warpgroup_wait::<0>();
            warpgroup_fence_operand(&mut o_acc);
            if lane == 0 {
                v_pipe.consumer_release(prev);
            }
            if !cfg.rescale_o_first {
                rescale(&mut o_acc, corr);
            }
            convert(&s_acc, &mut p_regs);
            prev = st;
            st.advance();
        }
        free_q();
        if cfg.pingpong && wg == 0 {
            turn();
        }
        if cfg.rescale_o_first {
            rescale(&mut o_acc, corr);
        }
        issue_pv(prev, &mut p_regs, &mut o_acc);
        warpgroup_wait::<0>();
        warpgroup_fence_operand(&mut o_acc);
        if lane == 0 {
            v_pipe.consumer_release(prev);
        }
    }
    *pipe_st = st;

    // The rows' sums over the quad, O's normalisation and the stores.
    let row_sum = row_sum.map(|x| quad(x, |a, b| a + b));
    let (a, (q0, _, batch)) = sequence(fresh(params, cfg.persistent), seq, cu_seqlens);
    // O's and the log-sum-exp's batches: one of the packed sequences with variable
    // lengths.
    let batches = if a.varlen != 0 { 1 } else { a.batch };
    // Value `v` of O: times its row's reciprocal sum (one division a row), rounded.
    let inv = row_sum.map(|sum| if sum == 0.0 { 0.0 } else { 1.0 / sum });
    let o_of = |v: usize| C::Elem::from_f32(o_acc.get(v) * inv[row_of(v)]);
    // The warpgroup's 64 rows of O's buffer, written at the values' places, then
    // stored: by one TMA box per 64 columns of d, which drops the rows past `seqlen_q`,
    // or (`o_tma` zero) copied by the warpgroup's threads, consecutive threads on
    // consecutive elements of a row, to the rows below `seqlen_q`. Either way the
    // registers are free by then. Named barrier `3 + wg` of the warpgroup's threads
    // (ping-pong has 1 and 2).
    let mut so = local_tile(
        so.slice((X, X, 0usize)),
        (_64::new(), C::HeadDim::conjure()).as_tiler(),
        (wg, 0usize),
    );
    let bar = 3 + wg as u32;
    // The tile before's store or copy has read the buffer (a TMA store's thread waits
    // for that right after issuing it).
    named_barrier_sync(bar, WARPGROUP_SIZE as u32);
    // The lane, laundered: the values' swizzled addresses derive from it, and computed
    // once outside the tile walk they would hold a register each.
    let at = positions::<C::AtomPv>(launder(lane));
    o_vals.for_each_index(
        #[inline(always)]
        |v| so.set(at(v), o_of(v)),
    );
    if a.o_tma != 0 {
        tma_store_fence();
        named_barrier_sync(bar, WARPGROUP_SIZE as u32);
        if lane == 0 {
            for c in 0..d / 64 {
                let b = so.view().slice((0usize, 64 * c));
                let src = b.engine().as_ptr().wrapping_offset(b.engine().origin());
                let at = [
                    (64 * c) as i32,
                    (q0 + rows0) as i32,
                    head as i32,
                    batch as i32,
                ];
                // SAFETY: `o_tma` says the descriptor is O's box, live for the kernel;
                // the box is written (the barrier above) and not written again before
                // this thread has waited for the store to read it (below).
                unsafe { tma_store(tma_o, src, at) };
            }
            tma_store_arrive();
            // FA3's order: the next tile's writes, and the CTA's exit, wait for this.
            tma_store_wait::<0>();
        }
    } else {
        named_barrier_sync(bar, WARPGROUP_SIZE as u32);
        let [os_b, os_s, os_h] = a.o_stride;
        // O's cosize: the elements its layout reaches.
        let o_len = (batches - 1) * os_b + (a.rows_q - 1) * os_s + (a.heads - 1) * os_h + d;
        // SAFETY: O holds (batch, rows_q, heads, d) at `o_stride` (the caller's contract);
        // every store below is to a row of this sequence below its `seqlen_q`.
        let mut go = unsafe { make_gmem_tensor(o, layout!({ o_len })) };
        let base_o = batch * os_b + head * os_h + (q0 + rows0) * os_s;
        for k in 0..64 * d / WARPGROUP_SIZE {
            let (r, c) = (
                (k * WARPGROUP_SIZE + lane) / d,
                (k * WARPGROUP_SIZE + lane) % d,
            );
            if rows0 + r < a.seqlen_q {
                go.set((base_o + r * os_s + c) as isize, so.get((r, c)));
            }
        }
    }
    if !lse.as_ptr().is_null() && lane.is_multiple_of(4) {
        // SAFETY: the log-sum-exp holds (batches, heads, rows_q) when given.
        let mut gl = unsafe { make_gmem_tensor(lse, layout!({ batches * a.heads * a.rows_q })) };
        for r in 0..2 {
            let (ri, _) = o_pos(2 * r);
            let i = rows0 + ri;
            if i < a.seqlen_q {
                let sum = row_sum[r];
                let l = if sum == 0.0 || sum.is_nan() {
                    f32::INFINITY
                } else {
                    (row_max[r] + cutlet_core::cuda::log2(sum)) * core::f32::consts::LN_2
                };
                gl.set(((batch * a.heads + head) * a.rows_q + q0 + i) as isize, l);
            }
        }
    }
}
