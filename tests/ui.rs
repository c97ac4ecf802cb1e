//! Compile-fail cases: each must fail with a first error line that names the problem in
//! layout terms (see `ui-tests/*.stderr`).

#[test]
fn compile_fail() {
    let t = trybuild::TestCases::new();
    t.compile_fail("ui-tests/*.rs");
}
