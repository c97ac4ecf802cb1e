//! Compile-fail cases: each must fail with a first error line that names the problem in
//! layout terms (see `ui-tests/*.stderr`). With a `pass` case present trybuild builds
//! rather than checks, so the type layer's `const` checks (which fire at
//! monomorphization) are exercised too.

#[test]
fn compile_fail() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/*.rs");
    t.pass("ui-tests/pass/*.rs");
}
