//! cutlet's compile-fail cases: each `*.rs` beside this crate's `Cargo.toml` must fail
//! to build with the first error line of its `*.stderr`, and `pass/*.rs` must build
//! and run (`tests/ui.rs`). The crate has no items of its own.
