//! What a launch needs besides the kernel's arguments: grid, block, dynamic shared
//! memory and cluster shape. A kernel crate derives it from its configuration (so the
//! host and the emulator launch the same way); the emulator runs it with
//! `emu::launch_config` and the host library hands it to the driver.

use super::Dim3;

/// Grid and block dimensions, dynamic shared memory bytes and the cluster shape (CUDA's
/// `cudaLaunchConfig_t` with its cluster attribute; a cluster of one block is a plain
/// launch).
///
/// ```
/// use cutlet_core::cuda::{Dim3, LaunchConfig};
/// let c = LaunchConfig::new(Dim3::x(132), Dim3::x(384)).smem(227 * 1024).cluster(Dim3::x(2));
/// assert_eq!((c.grid.x, c.block.x, c.smem, c.cluster.x), (132, 384, 232448, 2));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LaunchConfig {
    /// Blocks in the grid.
    pub grid: Dim3,
    /// Threads in a block.
    pub block: Dim3,
    /// Dynamic shared memory per block, bytes.
    pub smem: usize,
    /// Blocks in a cluster (`Dim3::x(1)`: no clusters).
    pub cluster: Dim3,
    /// Programmatic dependent launch (CUDA's programmatic stream serialization): the
    /// kernel may start before the previous kernel of its stream has finished, and
    /// waits for it with [`griddepcontrol_wait`](super::griddepcontrol_wait) before it
    /// touches what that kernel may write.
    pub dependent: bool,
}

impl LaunchConfig {
    /// `grid` blocks of `block` threads, no dynamic shared memory, clusters of one.
    ///
    /// ```
    /// use cutlet_core::cuda::{Dim3, LaunchConfig};
    /// let c = LaunchConfig::new(Dim3::xy(4, 2), Dim3::x(128));
    /// assert_eq!((c.grid.volume(), c.smem, c.cluster), (8, 0, Dim3::x(1)));
    /// ```
    pub const fn new(grid: Dim3, block: Dim3) -> Self {
        LaunchConfig {
            grid,
            block,
            smem: 0,
            cluster: Dim3::x(1),
            dependent: false,
        }
    }

    /// The same launch with `bytes` of dynamic shared memory per block.
    ///
    /// ```
    /// use cutlet_core::cuda::{Dim3, LaunchConfig};
    /// assert_eq!(LaunchConfig::new(Dim3::x(1), Dim3::x(32)).smem(4096).smem, 4096);
    /// ```
    pub const fn smem(self, bytes: usize) -> Self {
        LaunchConfig {
            smem: bytes,
            ..self
        }
    }

    /// The same launch in clusters of `cluster` blocks.
    ///
    /// ```
    /// use cutlet_core::cuda::{Dim3, LaunchConfig};
    /// assert_eq!(LaunchConfig::new(Dim3::x(4), Dim3::x(32)).cluster(Dim3::x(2)).cluster.x, 2);
    /// ```
    pub const fn cluster(self, cluster: Dim3) -> Self {
        LaunchConfig { cluster, ..self }
    }
    /// The same launch as a programmatic dependent launch ([`dependent`](Self::dependent)).
    ///
    /// ```
    /// use cutlet_core::cuda::{Dim3, LaunchConfig};
    /// assert!(LaunchConfig::new(Dim3::x(4), Dim3::x(32)).dependent().dependent);
    /// ```
    pub const fn dependent(self) -> Self {
        LaunchConfig {
            dependent: true,
            ..self
        }
    }
}
