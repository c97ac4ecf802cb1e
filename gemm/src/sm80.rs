//! The SM80 module's GEMMs on the device: one entry per pair of operand majors for each
//! pair of element types, and SIMT SGEMM likewise.

use crate::Result;
use cutlet_cuda::{Function, Module};
use cutlet_kernels::entry;
use cutlet_kernels::gemm_sm80::{GemmArgs, GemmConfig, Sm80Config, gemm_config};
use cutlet_kernels::sgemm::SgemmArgs;
use half::{bf16, f16};

/// An SM80 entry `(args, a, b, c)`.
pub type Sm80Fn<E, O> = Function<(GemmArgs, *const E, *const E, *mut O)>;

/// An SM80 configuration on the device: its entry and its shape.
pub struct Sm80Gemm<E, O> {
    pub f: Sm80Fn<E, O>,
    pub cfg: GemmConfig,
}

impl<E, O> Sm80Gemm<E, O> {
    /// Configuration `C`'s entry `k` of module `m`.
    fn load<C: Sm80Config<Elem = E, Out = O>>(
        m: &Module,
        k: cutlet_core::cuda::Kernel<(GemmArgs, *const E, *const E, *mut O)>,
    ) -> Result<Self> {
        debug_assert_eq!(k.name().strip_prefix("cutlet_"), Some(C::NAME));
        Ok(Sm80Gemm {
            f: m.function(k)?,
            cfg: gemm_config::<C>(),
        })
    }
}

/// One kernel per pair of operand majors, in BLAS's letters for a column-major C: A
/// K-major is `T`, M-major `N`; B K-major is `N`, N-major `T`.
pub struct ByMajors<T> {
    tn: T,
    tt: T,
    nt: T,
    nn: T,
}

impl<T> ByMajors<T> {
    /// The kernel for A and B K-major or not.
    pub fn get(&self, a_kmajor: bool, b_kmajor: bool) -> &T {
        match (a_kmajor, b_kmajor) {
            (true, true) => &self.tn,
            (true, false) => &self.tt,
            (false, false) => &self.nt,
            (false, true) => &self.nn,
        }
    }
}

/// The SM80 module's GEMMs: every pair of majors for each pair of element types.
pub struct Sm80 {
    pub bf16_f32: ByMajors<Sm80Gemm<bf16, f32>>,
    pub f16_f32: ByMajors<Sm80Gemm<f16, f32>>,
    pub bf16_bf16: ByMajors<Sm80Gemm<bf16, bf16>>,
    pub f16_f16: ByMajors<Sm80Gemm<f16, f16>>,
    pub sgemm: ByMajors<Function<(SgemmArgs, *const f32, *const f32, *mut f32)>>,
}

impl Sm80 {
    /// The SM80 module `m`'s GEMM entries.
    pub fn load(m: &Module) -> Result<Sm80> {
        use cutlet_kernels::gemm_sm80 as c;
        Ok(Sm80 {
            bf16_f32: ByMajors {
                tn: Sm80Gemm::load::<c::TnBf16>(m, entry::cutlet_gemm_tn_bf16)?,
                tt: Sm80Gemm::load::<c::TtBf16>(m, entry::cutlet_gemm_tt_bf16)?,
                nt: Sm80Gemm::load::<c::NtBf16>(m, entry::cutlet_gemm_nt_bf16)?,
                nn: Sm80Gemm::load::<c::NnBf16>(m, entry::cutlet_gemm_nn_bf16)?,
            },
            f16_f32: ByMajors {
                tn: Sm80Gemm::load::<c::TnF16>(m, entry::cutlet_gemm_tn_f16)?,
                tt: Sm80Gemm::load::<c::TtF16>(m, entry::cutlet_gemm_tt_f16)?,
                nt: Sm80Gemm::load::<c::NtF16>(m, entry::cutlet_gemm_nt_f16)?,
                nn: Sm80Gemm::load::<c::NnF16>(m, entry::cutlet_gemm_nn_f16)?,
            },
            bf16_bf16: ByMajors {
                tn: Sm80Gemm::load::<c::TnBf16OutBf16>(m, entry::cutlet_gemm_tn_bf16_out_bf16)?,
                tt: Sm80Gemm::load::<c::TtBf16OutBf16>(m, entry::cutlet_gemm_tt_bf16_out_bf16)?,
                nt: Sm80Gemm::load::<c::NtBf16OutBf16>(m, entry::cutlet_gemm_nt_bf16_out_bf16)?,
                nn: Sm80Gemm::load::<c::NnBf16OutBf16>(m, entry::cutlet_gemm_nn_bf16_out_bf16)?,
            },
            f16_f16: ByMajors {
                tn: Sm80Gemm::load::<c::TnF16OutF16>(m, entry::cutlet_gemm_tn_f16_out_f16)?,
                tt: Sm80Gemm::load::<c::TtF16OutF16>(m, entry::cutlet_gemm_tt_f16_out_f16)?,
                nt: Sm80Gemm::load::<c::NtF16OutF16>(m, entry::cutlet_gemm_nt_f16_out_f16)?,
                nn: Sm80Gemm::load::<c::NnF16OutF16>(m, entry::cutlet_gemm_nn_f16_out_f16)?,
            },
            sgemm: ByMajors {
                tn: m.function(entry::cutlet_sgemm_tn)?,
                tt: m.function(entry::cutlet_sgemm_tt)?,
                nt: m.function(entry::cutlet_sgemm)?,
                nn: m.function(entry::cutlet_sgemm_nn)?,
            },
        })
    }
}
