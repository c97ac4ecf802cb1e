//! Run-time dispatch: which instruction set's kernel runs, detected once per process.
//!
//! This module holds the crate's only `unsafe`: calling a function compiled with
//! `#[target_feature]` (the AVX-512 and AVX2 instantiations of the blocked GEMM) is
//! `unsafe` because executing it on a CPU without those features is undefined
//! behaviour. [`call`] checks the features at run time first. The crate is
//! `#![deny(unsafe_code)]` and [`call`] alone carries `#[allow(unsafe_code)]`.

use super::kernel::GmemMatMut;
use super::pack::GmemMat;
use super::sgemm::{Element, Workspace};
use std::sync::OnceLock;

/// An instruction set the GEMM kernels are compiled for, widest first. Public for tests
/// and benchmarks that select a kernel (`sgemm_with_isa`); not a stable API.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Isa {
    /// AVX-512F (with AVX2 and FMA): 32 zmm registers of 512 bits.
    Avx512,
    /// AVX2 and FMA: 16 ymm registers of 256 bits.
    Avx2,
    /// The build's baseline target (SSE2 on x86-64, without FMA unless the build enables it).
    Base,
}

impl Isa {
    /// Every instruction set, widest first.
    pub const ALL: [Isa; 3] = [Isa::Avx512, Isa::Avx2, Isa::Base];

    /// Whether this CPU can run the set's kernel.
    pub fn is_supported(self) -> bool {
        #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
        {
            use std::is_x86_feature_detected as has;
            match self {
                Isa::Avx512 => has!("avx512f") && has!("avx2") && has!("fma"),
                Isa::Avx2 => has!("avx2") && has!("fma"),
                Isa::Base => true,
            }
        }
        #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
        {
            self == Isa::Base
        }
    }

    /// The widest supported set, detected on the first call and cached.
    pub fn detected() -> Isa {
        static DETECTED: OnceLock<Isa> = OnceLock::new();
        *DETECTED.get_or_init(|| {
            Isa::ALL
                .into_iter()
                .find(|i| i.is_supported())
                .unwrap_or(Isa::Base)
        })
    }
}

/// The entry point of one instantiation of the blocked GEMM (`blocked::*::run`). Those
/// compiled with target features are `unsafe` to call, so all are held as `unsafe fn`.
pub(crate) type Entry<T> = unsafe fn(
    T,
    GmemMat<'_, T, (isize, isize)>,
    GmemMat<'_, T, (isize, isize)>,
    T,
    GmemMatMut<'_, T, (isize, isize)>,
    &mut Workspace<T>,
);

/// Run the blocked GEMM of `isa` (`A: (M, K)`, `B: (N, K)`, `C: (M, N)`, `K > 0`).
/// Panics if this CPU does not support `isa`.
#[allow(unsafe_code)]
pub(crate) fn call<T: Element>(
    isa: Isa,
    alpha: T,
    a: GmemMat<'_, T, (isize, isize)>,
    b: GmemMat<'_, T, (isize, isize)>,
    beta: T,
    c: GmemMatMut<'_, T, (isize, isize)>,
    ws: &mut Workspace<T>,
) {
    assert!(isa.is_supported(), "this CPU does not support {isa:?}");
    let entry: Entry<T> = T::entry(isa);
    // `T::entry(isa)` is the instantiation compiled with exactly the target features
    // that `Isa::is_supported` checks for `isa` (`avx512f,avx2,fma` for `Avx512`,
    // `avx2,fma` for `Avx2`, none for `Base`); its other requirements are those of a
    // safe function (its arguments are checked, safe tensors).
    // SAFETY: the assertion above confirmed this CPU has those features.
    unsafe { entry(alpha, a, b, beta, c, ws) }
}
