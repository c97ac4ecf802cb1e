// The attention entries this crate builds (`build.rs` includes this file): one per
// configuration of cutlet-kernels' registry (`flash_registry!`), which a test checks.
const ENTRIES: &[&str] = &[
    "cutlet_flash_sm90_d64_bf16",
    "cutlet_flash_sm90_d64_f16",
    "cutlet_flash_sm90_d128_bf16",
    "cutlet_flash_sm90_d128_f16",
    "cutlet_flash_sm90_d256_bf16",
    "cutlet_flash_sm90_d256_f16",
];
