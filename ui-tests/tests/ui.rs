//! Compile-fail cases: each must fail with a first error line that names the problem in
//! layout terms (`ui-tests/*.stderr`). With a `pass` case present trybuild builds rather
//! than checks, so the type layer's `const` checks (which fire at monomorphization) are
//! exercised too. Paths are relative to this crate's folder, `ui-tests/`.

use std::process::Command;

/// Set in the re-run of this test that runs trybuild.
const INNER: &str = "CUTLET_UI_INNER";

/// trybuild's rustflags: its own (`--cfg trybuild --verbose -A dead_code`) and the
/// `--diagnostic-width=140` it adds when it builds the cases, joined by `0x1f` as
/// `CARGO_ENCODED_RUSTFLAGS` wants.
const RUSTFLAGS: &str =
    "--cfg\x1ftrybuild\x1f--verbose\x1f-A\x1fdead_code\x1f--diagnostic-width=140";

#[test]
fn compile_fail() {
    if std::env::var_os(INNER).is_none() {
        // trybuild builds the cases' dependencies (cutlet, cutlet-core, ...) first
        // without `--diagnostic-width`, then with it, and cargo keeps the two builds
        // apart: everything was built twice. `CARGO_ENCODED_RUSTFLAGS` overrides the
        // flags trybuild passes with `--config`, so the test runs again with one set
        // of flags for both builds (the environment is only set on a child process).
        let status = Command::new(std::env::current_exe().expect("the test binary's path"))
            .args(["--exact", "compile_fail", "--nocapture"])
            .env(INNER, "1")
            .env("CARGO_ENCODED_RUSTFLAGS", RUSTFLAGS)
            .status()
            .expect("re-running the ui test");
        assert!(status.success(), "compile-fail cases failed: {status}");
        return;
    }
    let t = trybuild::TestCases::new();
    t.compile_fail("*.rs");
    t.pass("pass/*.rs");
}
