//! Builds the attention entries of cutlet's kernels crate (only those: the module the
//! driver compiles at load time stays small) to PTX into `$OUT_DIR`, where
//! `cutlet_attention` includes the sm_90a module. `CUTLET_PTX=off` builds without it
//! (`Attention::new` then says so).
include!("src/entries.rs");

fn main() {
    println!("cargo::rerun-if-changed=src/entries.rs");
    cutlet_build::PtxBuilder::new("../kernels")
        .entries(ENTRIES)
        .emit();
}
