//! The GEMM vocabulary the kernel families share: the problem ([`GemmArgs`]), the output
//! element ([`GemmOutput`]), the operands' majors ([`Major`]) and what launching a
//! configuration needs ([`GemmConfig`]). The families ([`crate::sgemm`],
//! [`crate::gemm_sm80`], [`crate::gemm_sm90`]) build on it; [`crate::registry`] lists
//! their configurations.

use cutlet_core::cuda::{DevicePod, Dim3, Float16, GmemPtr, LaunchConfig, U64, U128};
use cutlet_core::prelude::*;
use typenum::Integer;

/// The problem `C = alpha A Bᵀ + beta C`, A `(m, k)` and B `(n, k)` at their majors'
/// strides, C `(m, n)` column-major (row-major where `c_row_major`, which only some Hopper
/// kernels take), for each of `l` batch entries (CuTe's L mode, cuBLAS's
/// `GemmStridedBatched`: entry `z` of an operand starts `z * stride_l` elements after
/// entry 0); element pointers are passed separately.
///
/// ```
/// use cutlet_kernels::gemm::GemmArgs;
/// let p = GemmArgs::new(300, 200, 64);
/// assert_eq!((p.lda, p.ldb, p.ldc, p.l, p.alpha), (64, 64, 300, 1, 1.0));
/// ```
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
    /// Leading dimension of C (column-major, `>= m`; row-major, `>= n`).
    pub ldc: usize,
    /// Scales `A Bᵀ`.
    pub alpha: f32,
    /// Scales C.
    pub beta: f32,
    /// C is `(m, n):(ldc, 1)`, row-major, for the kernels that take it
    /// ([`GemmConfig::stores_rows`]: they store it from registers; `cutlet-gemm` computes
    /// a column-major C of few rows transposed, `Cᵀ = B Aᵀ`, on them).
    pub c_row_major: bool,
    /// Batch entries (1: one product).
    pub l: usize,
    /// Element strides between batch entries of A, B and C (CuTe's `stride<2>` of each
    /// `(rows, cols, l)` operand).
    pub stride_l: [usize; 3],
}

impl GemmArgs {
    /// One `m x n x k` product: A and B K-major and packed, C column-major and packed,
    /// `alpha = 1`, `beta = 0` (the fields are public: set the others with struct update).
    pub const fn new(m: usize, n: usize, k: usize) -> GemmArgs {
        GemmArgs {
            m,
            n,
            k,
            lda: k,
            ldb: k,
            ldc: m,
            alpha: 1.0,
            beta: 0.0,
            c_row_major: false,
            l: 1,
            stride_l: [0; 3],
        }
    }

    /// Batch entry `z`'s A, B and C: each pointer advanced by `z` times its L stride.
    #[inline(always)]
    pub fn entry<A, B, C>(
        &self,
        z: usize,
        (a, b, c): (GmemPtr<A>, GmemPtr<B>, GmemPtr<C>),
    ) -> (GmemPtr<A>, GmemPtr<B>, GmemPtr<C>) {
        let [sa, sb, sc] = self.stride_l;
        (
            a.wrapping_add(z * sa),
            b.wrapping_add(z * sb),
            c.wrapping_add(z * sc),
        )
    }
}

/// How a kernel's CTAs cover the output tiles (CUTLASS's kernel schedules).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TileSchedule {
    /// One CTA per output tile (the SM80 and SIMT kernels).
    PerTile,
    /// Persistent CTAs, both consumer warpgroups on each tile
    /// (`KernelTmaWarpSpecializedCooperative`).
    Cooperative,
    /// Persistent CTAs, the consumer warpgroups on alternate tiles
    /// (`KernelTmaWarpSpecializedPingpong`).
    Pingpong,
}

/// What launching and checking a configuration needs, whatever its family: its name,
/// the operands' majors, the CTA tile, the stages, the threads, the shared memory and
/// the schedule (each family's `*_config` reads them from its configuration type).
///
/// ```
/// use cutlet_kernels::gemm_sm80::{gemm_config, gemm_smem};
/// use cutlet_kernels::registry::sm80::*;
/// let c = gemm_config::<TtBf16>();
/// assert_eq!((c.name, c.a_kmajor, c.b_kmajor), ("gemm_tt_bf16", true, false));
/// assert_eq!(gemm_config::<TnBf16>().smem, gemm_smem(128, 128, 64, 3));
/// assert_eq!(gemm_config::<TnBf16W2x4>().threads, 256);
/// ```
#[derive(Clone, Copy, Debug)]
pub struct GemmConfig {
    /// The kernel's name (its PTX entry is `cutlet_` and this).
    pub name: &'static str,
    /// A is K-major (else M-major).
    pub a_kmajor: bool,
    /// B is K-major (else N-major).
    pub b_kmajor: bool,
    /// `(BM, BN, BK)`.
    pub tile: (usize, usize, usize),
    /// Pipeline depth.
    pub stages: usize,
    /// Threads per block.
    pub threads: usize,
    /// Dynamic shared memory per block, bytes.
    pub smem: usize,
    /// CTAs per cluster, along M (1: no clusters).
    pub cluster_m: usize,
    /// FP8: the tensor cores' accumulator throughout the reduction (PyTorch's
    /// `use_fast_accum`), not promoted into f32 registers every k tile. False for other
    /// types.
    pub fast_accum: bool,
    /// FP8: each k tile's sums are scaled block-wise (A's `1 x 128`, B's `128 x 128`
    /// scales, DeepGEMM's) as they are promoted; the launch passes the scales.
    pub block_scaled: bool,
    /// How the CTAs cover the output tiles.
    pub schedule: TileSchedule,
}

impl GemmConfig {
    /// Whether the kernel takes a row-major C ([`GemmArgs::c_row_major`]): the Hopper
    /// tiles of few columns (BN 32), which `cutlet-gemm` runs transposed for products of
    /// few rows.
    ///
    /// ```
    /// use cutlet_kernels::{gemm_sm90::sm90_config, registry::sm90::*};
    /// assert!(sm90_config::<TnBf16N32>().stores_rows());
    /// assert!(!sm90_config::<TnBf16>().stores_rows());
    /// ```
    pub const fn stores_rows(&self) -> bool {
        !matches!(self.schedule, TileSchedule::PerTile) && self.tile.1 == 32
    }

    /// Output tiles of an `m x n` product, counted in cluster tiles (`cluster_m`
    /// vertically adjacent tiles).
    ///
    /// ```
    /// let c = cutlet_kernels::gemm_sm90::sm90_config::<cutlet_kernels::registry::sm90::TnF16>();
    /// assert_eq!(c.tiles(129, 1), 2);
    /// ```
    pub const fn tiles(&self, m: usize, n: usize) -> usize {
        m.div_ceil(self.tile.0 * self.cluster_m) * n.div_ceil(self.tile.1)
    }

    /// The grid of an `m x n` product: one CTA per output tile, or, for a persistent
    /// schedule, one per SM as whole clusters, at most one cluster per cluster tile (at
    /// least one). `ctas` is how many CTAs run at once (the SMs, or the driver's
    /// `cuOccupancyMaxActiveClusters` times `cluster_m`); a per-tile grid ignores it.
    ///
    /// ```
    /// use cutlet_kernels::{gemm_sm80::gemm_config, gemm_sm90::sm90_config, registry::*};
    /// assert_eq!(gemm_config::<sm80::TnF16>().grid(129, 1, 0).volume(), 2);
    /// assert_eq!(sm90_config::<sm90::TnBf16>().grid(1000, 1000, 132).volume(), 32); // 8 x 4 tiles
    /// // Clusters of 2 along M: 4 x 4 tile pairs, at most 3 pairs on 7 SMs.
    /// assert_eq!(sm90_config::<sm90::TnBf16Cluster2>().grid(1000, 1000, 132).volume(), 32);
    /// assert_eq!(sm90_config::<sm90::TnBf16Cluster2>().grid(1000, 1000, 7).volume(), 6);
    /// ```
    pub const fn grid(&self, m: usize, n: usize, ctas: usize) -> Dim3 {
        if let TileSchedule::PerTile = self.schedule {
            let (bm, bn) = (self.tile.0, self.tile.1);
            let (gm, gn) = (m.div_ceil(bm), n.div_ceil(bn));
            return Dim3::xy(if gm == 0 { 1 } else { gm }, if gn == 0 { 1 } else { gn });
        }
        self.persistent_grid(self.tiles(m, n), ctas)
    }

    /// A persistent grid over `units` work units (cluster tiles, or their parts where the
    /// reduction is split): one cluster per unit, at most as many as run at once, at
    /// least one.
    ///
    /// ```
    /// use cutlet_kernels::{gemm_sm90::sm90_config, registry::*};
    /// let c = sm90_config::<sm90::TnBf16Cluster2>();
    /// assert_eq!(c.persistent_grid(40, 132).x, 80);
    /// assert_eq!(c.persistent_grid(400, 132).x, 132);
    /// ```
    pub const fn persistent_grid(&self, units: usize, ctas: usize) -> Dim3 {
        let c = ctas / self.cluster_m;
        let g = if units < c { units } else { c };
        Dim3::x(self.cluster_m * if g == 0 { 1 } else { g })
    }

    /// The launch of an `m x n` product on `ctas` co-resident CTAs: the
    /// [`grid`](Self::grid) of `threads`-thread blocks with `smem` bytes, in clusters of
    /// `cluster_m`, dependent on the previous kernel for the persistent schedules (the
    /// emulator and the host launch it alike).
    ///
    /// ```
    /// use cutlet_kernels::{gemm_sm80::gemm_config, gemm_sm90::sm90_config, registry::*};
    /// let c = gemm_config::<sm80::TnBf16>().launch(300, 100, 0);
    /// assert_eq!((c.grid.volume(), c.block.x, c.smem), (3, 128, 3 * 2 * 128 * 64 * 2));
    /// let c = sm90_config::<sm90::TnBf16Cluster2>().launch(8192, 8192, 132);
    /// assert_eq!((c.grid.x, c.block.x, c.cluster.x, c.dependent), (132, 384, 2, true));
    /// ```
    pub const fn launch(&self, m: usize, n: usize, ctas: usize) -> LaunchConfig {
        self.launch_grid(self.grid(m, n, ctas))
    }

    /// The per-tile launch of problem `p`: [`launch`](Self::launch)'s grid over its
    /// `m x n` tiles, `blockIdx.z` its batch entry (the persistent kernels' launch is
    /// [`KSplit::launch`](crate::gemm_sm90::KSplit::launch)).
    ///
    /// ```
    /// use cutlet_kernels::{gemm::GemmArgs, gemm_sm80::gemm_config, registry::*};
    /// let p = GemmArgs { l: 5, ..GemmArgs::new(300, 100, 64) };
    /// let c = gemm_config::<sm80::TnBf16>().launch_tiles(&p);
    /// assert_eq!((c.grid.x, c.grid.y, c.grid.z), (3, 1, 5));
    /// ```
    pub const fn launch_tiles(&self, p: &GemmArgs) -> LaunchConfig {
        let mut c = self.launch(p.m, p.n, 0);
        c.grid.z = p.l;
        c
    }

    /// The launch of `grid` blocks of this configuration (as [`launch`](Self::launch)
    /// describes), for a grid sized otherwise (a split reduction's work units).
    ///
    /// ```
    /// use cutlet_core::cuda::Dim3;
    /// use cutlet_kernels::{gemm_sm90::sm90_config, registry::*};
    /// let c = sm90_config::<sm90::TnBf16>().launch_grid(Dim3::x(7));
    /// assert_eq!((c.grid.x, c.block.x, c.dependent), (7, 384, true));
    /// ```
    pub const fn launch_grid(&self, grid: Dim3) -> LaunchConfig {
        let c = LaunchConfig::new(grid, Dim3::x(self.threads))
            .smem(self.smem)
            .cluster(Dim3::x(self.cluster_m));
        // The persistent kernels wait for the previous kernel of the stream themselves
        // (`griddepcontrol.wait`), so they launch dependent: their launch and prologue
        // overlap that kernel's tail.
        match self.schedule {
            TileSchedule::PerTile => c,
            _ => c.dependent(),
        }
    }
}

/// An operand's major mode, in global memory: [`KMajor`] (`(rows, k):(ld, 1)`) or
/// [`MnMajor`] (`(rows, k):(1, ld)`). Each family adds what it chooses per major.
///
/// ```
/// use cutlet_kernels::gemm::{KMajor, Major, MnMajor};
/// assert!(KMajor::K_MAJOR && !MnMajor::K_MAJOR);
/// assert_eq!(KMajor::contiguous(100, 24), 24);
/// assert_eq!(MnMajor::gmem(4, 2, 6).to_string(), "(4,2):(_1,6)");
/// ```
pub trait Major: Copy + Default + core::fmt::Debug + 'static {
    /// Whether the reduction mode is the contiguous one.
    const K_MAJOR: bool;
    /// The operand `(rows, k)` in global memory with leading dimension `ld`.
    fn gmem(rows: usize, k: usize, ld: usize) -> impl Layout;
    /// The extent along which the operand's rows are contiguous.
    fn contiguous(rows: usize, k: usize) -> usize;
}

/// A K-major operand (`(rows, k):(ld, 1)`).
#[derive(Clone, Copy, Debug, Default)]
pub struct KMajor;
/// An M- or N-major operand (`(rows, k):(1, ld)`).
#[derive(Clone, Copy, Debug, Default)]
pub struct MnMajor;

impl Major for KMajor {
    const K_MAJOR: bool = true;
    #[inline(always)]
    fn gmem(rows: usize, k: usize, ld: usize) -> impl Layout {
        layout!((rows, k):(ld, 1))
    }
    #[inline(always)]
    fn contiguous(_rows: usize, k: usize) -> usize {
        k
    }
}
impl Major for MnMajor {
    const K_MAJOR: bool = false;
    #[inline(always)]
    fn gmem(rows: usize, k: usize, ld: usize) -> impl Layout {
        layout!((rows, k):(1, ld))
    }
    #[inline(always)]
    fn contiguous(rows: usize, _k: usize) -> usize {
        rows
    }
}

/// A static leaf's value, in the configurations' `const fn`s.
pub(crate) const fn val<L: Leaf>() -> usize {
    <L::Val as Integer>::ISIZE as usize
}

/// Output elements: f32, or the 16-bit input type. Four of them are one vector store.
pub trait GemmOutput: DevicePod + Default {
    /// Four elements as one vector (`uint128_t` or `uint64_t`).
    type Vec4: DevicePod + Default;
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
        U128([
            v[0].to_bits(),
            v[1].to_bits(),
            v[2].to_bits(),
            v[3].to_bits(),
        ])
    }
    #[inline(always)]
    fn unpack4(v: U128) -> [f32; 4] {
        let [a, b, c, d] = v.0;
        [
            f32::from_bits(a),
            f32::from_bits(b),
            f32::from_bits(c),
            f32::from_bits(d),
        ]
    }
}
macro_rules! half_output {
    ($($t:ty),*) => {$(
        impl GemmOutput for $t {
            type Vec4 = U64;
            #[inline(always)]
            fn from_f32(x: f32) -> Self {
                <$t as Float16>::from_f32_rn(x)
            }
            #[inline(always)]
            fn to_f32(self) -> f32 {
                self.to_f32_widened()
            }
            #[inline(always)]
            fn pack4(v: [f32; 4]) -> U64 {
                let b = |x: f32| u32::from(<$t as Float16>::from_f32_rn(x).to_bits());
                U64([b(v[0]) | (b(v[1]) << 16), b(v[2]) | (b(v[3]) << 16)])
            }
            #[inline(always)]
            fn unpack4(v: U64) -> [f32; 4] {
                let h = |w: u32, s: u32| <$t>::from_bits((w >> s) as u16).to_f32_widened();
                [h(v.0[0], 0), h(v.0[0], 16), h(v.0[1], 0), h(v.0[1], 16)]
            }
        }
    )*};
}
half_output!(half::f16, half::bf16);
