//! Thread block clusters (SM90): where a block sits in its cluster and the cluster-wide
//! barrier (CuTe's `cute/arch/cluster_sm90.hpp`). The blocks of a cluster run at once on
//! neighbouring SMs and reach each other's shared memory and mbarriers
//! ([`Mbarrier::arrive_cluster`](super::Mbarrier::arrive_cluster),
//! [`tma_load_multicast`](super::tma_load_multicast)). A launch without clusters is one
//! block per cluster.

use super::Dim3;

/// Reads three special registers `%{name}.x/y/z` (GPU) as a [`Dim3`].
#[cfg(target_arch = "nvptx64")]
macro_rules! sreg3 {
    ($x:literal, $y:literal, $z:literal) => {{
        let (x, y, z): (u32, u32, u32);
        // SAFETY: reading special registers has no preconditions inside a kernel.
        unsafe {
            core::arch::asm!(
                concat!("mov.u32 {x}, ", $x, ";"),
                concat!("mov.u32 {y}, ", $y, ";"),
                concat!("mov.u32 {z}, ", $z, ";"),
                x = out(reg32) x, y = out(reg32) y, z = out(reg32) z,
                options(pure, nomem, nostack, preserves_flags)
            )
        };
        Dim3::new(x as usize, y as usize, z as usize)
    }};
}

/// The cluster's extents in blocks (`%cluster_nctaid`; CuTe's `cluster_shape`).
///
/// ```
/// use cutlet_core::cuda::{cluster_shape, emu, Dim3};
/// emu::launch_cluster(Dim3::xy(2, 2), Dim3::x(2), Dim3::x(1), 0, || assert_eq!(cluster_shape(), Dim3::x(2))).unwrap();
/// emu::launch(Dim3::x(2), Dim3::x(1), 0, || assert_eq!(cluster_shape(), Dim3::x(1))).unwrap();
/// ```
#[inline(always)]
pub fn cluster_shape() -> Dim3 {
    #[cfg(target_arch = "nvptx64")]
    return sreg3!(
        "%cluster_nctaid.x",
        "%cluster_nctaid.y",
        "%cluster_nctaid.z"
    );
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::with_thread(|t| t.cluster_dim)
}

/// This block's coordinates in its cluster (`%cluster_ctaid`; CuTe's
/// `block_id_in_cluster`).
///
/// ```
/// use cutlet_core::cuda::{block_id_in_cluster, block_idx, emu, Dim3};
/// emu::launch_cluster(Dim3::x(4), Dim3::x(2), Dim3::x(1), 0, || assert_eq!(block_id_in_cluster().x, block_idx().x % 2)).unwrap();
/// ```
#[inline(always)]
pub fn block_id_in_cluster() -> Dim3 {
    #[cfg(target_arch = "nvptx64")]
    return sreg3!("%cluster_ctaid.x", "%cluster_ctaid.y", "%cluster_ctaid.z");
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::with_thread(|t| Dim3::delinear(t.rank, t.cluster_dim))
}

/// The cluster's coordinates in the grid of clusters (`%clusterid`; CuTe's
/// `cluster_id_in_grid`).
///
/// ```
/// use cutlet_core::cuda::{block_idx, cluster_id_in_grid, emu, Dim3};
/// emu::launch_cluster(Dim3::x(4), Dim3::x(2), Dim3::x(1), 0, || assert_eq!(cluster_id_in_grid().x, block_idx().x / 2)).unwrap();
/// ```
#[inline(always)]
pub fn cluster_id_in_grid() -> Dim3 {
    #[cfg(target_arch = "nvptx64")]
    return sreg3!("%clusterid.x", "%clusterid.y", "%clusterid.z");
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::with_thread(|t| {
        let (b, c) = (t.block, t.cluster_dim);
        Dim3::new(b.x / c.x, b.y / c.y, b.z / c.z)
    })
}

/// This block's rank in its cluster, x fastest (`%cluster_ctarank`; CuTe's
/// `block_rank_in_cluster`): the index [`Mbarrier::arrive_cluster`](super::Mbarrier::arrive_cluster)
/// and multicast masks use.
///
/// ```
/// use cutlet_core::cuda::{block_rank_in_cluster, emu, Dim3};
/// emu::launch_cluster(Dim3::xy(2, 2), Dim3::xy(2, 2), Dim3::x(1), 0, || assert!(block_rank_in_cluster() < 4)).unwrap();
/// ```
#[inline(always)]
pub fn block_rank_in_cluster() -> usize {
    #[cfg(target_arch = "nvptx64")]
    {
        let r: u32;
        // SAFETY: reading a special register has no preconditions inside a kernel.
        unsafe {
            core::arch::asm!("mov.u32 {r}, %cluster_ctarank;", r = out(reg32) r,
                options(pure, nomem, nostack, preserves_flags))
        };
        r as usize
    }
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::with_thread(|t| t.rank)
}

/// Waits until every thread of every block of the cluster is here; their shared-memory
/// writes and mbarrier initialisations before it are visible cluster-wide after it
/// (`barrier.cluster.arrive` + `barrier.cluster.wait`; CuTe's `cluster_sync`). A kernel
/// calls it after initialising the barriers its peers arrive on, before any peer may.
/// In the emulator one that cannot complete fails the launch.
///
/// ```
/// use cutlet_core::cuda::{block_rank_in_cluster, cluster_sync, emu, Dim3};
/// let r = emu::launch_cluster(Dim3::x(2), Dim3::x(2), Dim3::x(32), 0, || {
///     if block_rank_in_cluster() == 0 {
///         cluster_sync(); // CTA 1 never arrives
///     }
/// });
/// assert!(r.unwrap_err().to_string().contains("barrier.cluster"));
/// ```
#[inline(always)]
#[track_caller]
pub fn cluster_sync() {
    #[cfg(target_arch = "nvptx64")]
    // SAFETY: a barrier; no memory-safety preconditions.
    unsafe {
        core::arch::asm!(
            "barrier.cluster.arrive.aligned;",
            "barrier.cluster.wait.aligned;",
            options(nostack)
        )
    };
    #[cfg(not(target_arch = "nvptx64"))]
    super::emu::cluster_barrier(core::panic::Location::caller());
}
