//! Builds `kernels/` to PTX (the archs of its `[package.metadata.cutlet]`) into
//! `$OUT_DIR/softmax_kernels.sm_80.ptx`. `CUTLET_PTX=off` builds without PTX.
fn main() {
    cutlet_build::PtxBuilder::new("kernels").emit();
}
