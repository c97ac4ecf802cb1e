//! The smallest static-layout kernel: a gather through a fully static layout, whose
//! index arithmetic folds to a few integer instructions (no calls, no loads of layout
//! data: the layout is a zero-sized type). `scripts/check-ptx.py` checks its PTX.

use cutlet_core::cuda::{GmemPtr, make_gmem_tensor, thread_idx};
use cutlet_core::prelude::*;

/// `y[i] = x[L(i)]` for the 32 threads `i` of one block, with `L = (4,8):(8,1)`
/// (row-major 4x8): `y` is `x` transposed as a 4x8 matrix.
///
/// ```
/// use cutlet_core::cuda::{emu::{self, DeviceVec}, Dim3};
/// let x = DeviceVec::from_slice(&(0..32).map(|i| i as f32).collect::<Vec<_>>());
/// let y = DeviceVec::<f32>::zeroed(32);
/// let (px, py) = (x.ptr(), y.ptr());
/// emu::launch(Dim3::x(1), Dim3::x(32), 0, || cutlet_kernels::static_layout::gather(px, py)).unwrap();
/// assert_eq!(y.as_slice()[1], 8.0);
/// ```
#[inline(always)]
pub fn gather(x: GmemPtr<f32>, y: GmemPtr<f32>) {
    let i = thread_idx().x % 32;
    let l = layout!((4, 8):(8, 1));
    // SAFETY: both buffers hold 32 elements (the layout's cosize); only `y[i]` is
    // written, by thread `i`.
    let (x, mut y) = unsafe { (make_gmem_tensor(x, l), make_gmem_tensor(y, layout!(32))) };
    y[i] = x.get(i);
}
