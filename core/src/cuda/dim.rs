//! `dim3`: grid and block extents and indices.

/// Three extents or indices, CUDA's `dim3`/`uint3`, as `usize`.
///
/// ```
/// use cutlet_core::cuda::Dim3;
/// let d = Dim3::new(4, 2, 1);
/// assert_eq!(d.volume(), 8);
/// assert_eq!(Dim3::x(32), Dim3::new(32, 1, 1));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dim3 {
    /// Fastest-varying.
    pub x: usize,
    /// Middle.
    pub y: usize,
    /// Slowest-varying.
    pub z: usize,
}

impl Dim3 {
    /// `(x, y, z)`.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::Dim3::new(1, 2, 3).z, 3);
    /// ```
    pub const fn new(x: usize, y: usize, z: usize) -> Self {
        Dim3 { x, y, z }
    }
    /// `(x, 1, 1)`.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::Dim3::x(5).volume(), 5);
    /// ```
    pub const fn x(x: usize) -> Self {
        Dim3 { x, y: 1, z: 1 }
    }
    /// `(x, y, 1)`.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::Dim3::xy(5, 2).volume(), 10);
    /// ```
    pub const fn xy(x: usize, y: usize) -> Self {
        Dim3 { x, y, z: 1 }
    }
    /// `x * y * z`.
    ///
    /// ```
    /// assert_eq!(cutlet_core::cuda::Dim3::new(2, 3, 4).volume(), 24);
    /// ```
    pub const fn volume(self) -> usize {
        self.x * self.y * self.z
    }
    /// The linear rank of index `self` inside extents `dim` (x fastest).
    ///
    /// ```
    /// use cutlet_core::cuda::Dim3;
    /// assert_eq!(Dim3::new(1, 1, 0).linear(Dim3::new(4, 2, 1)), 5);
    /// ```
    pub const fn linear(self, dim: Dim3) -> usize {
        self.x + dim.x * (self.y + dim.y * self.z)
    }
    /// The index of linear rank `i` inside extents `dim` (x fastest).
    ///
    /// ```
    /// use cutlet_core::cuda::Dim3;
    /// assert_eq!(Dim3::delinear(5, Dim3::new(4, 2, 1)), Dim3::new(1, 1, 0));
    /// ```
    pub const fn delinear(i: usize, dim: Dim3) -> Self {
        Dim3 {
            x: i % dim.x,
            y: (i / dim.x) % dim.y,
            z: i / (dim.x * dim.y),
        }
    }
}

impl core::fmt::Display for Dim3 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "({},{},{})", self.x, self.y, self.z)
    }
}
