//! Builds cutlet's kernels crate to PTX (sm_80, sm_90, sm_90a) into `$OUT_DIR`, where
//! `cutlet_gemm` includes it. `CUTLET_PTX=off` builds without it (`Gemm::new` then says so).
fn main() {
    cutlet_build::PtxBuilder::new("../kernels").emit();
}
