//! Dynamic layout arithmetic never wraps: overflow and zero divisors panic with the
//! operation and its values, in debug and release builds alike (the checks are
//! explicit, not `debug_assertions`).

use cutlet::prelude::*;
use std::panic::{AssertUnwindSafe, catch_unwind};

fn panic_message(f: impl FnOnce()) -> String {
    let err = catch_unwind(AssertUnwindSafe(f)).expect_err("expected a panic");
    match err.downcast::<String>() {
        Ok(s) => *s,
        Err(e) => e.downcast::<&str>().map(|s| s.to_string()).unwrap(),
    }
}

#[test]
fn size_overflow_names_the_values() {
    let m = 1isize << 32;
    let msg = panic_message(|| {
        size(layout!((m, m)));
    });
    assert_eq!(
        msg,
        "layout arithmetic overflows isize: 4294967296 * 4294967296"
    );
    // A static extent times a dynamic one is checked too.
    let big = isize::MAX / 2 + 1;
    let msg = panic_message(|| {
        size(layout!((4, big)));
    });
    assert!(msg.contains("overflows isize"), "{msg}");
}

#[test]
fn zero_divisor_names_the_values() {
    let t = 0isize;
    let msg = panic_message(|| {
        zipped_divide(layout!((8, 8)), shape!((t, 4)));
    });
    assert!(
        msg.starts_with("layout arithmetic divides by zero: "),
        "{msg}"
    );
}

#[test]
fn evaluation_overflow_is_reported() {
    let s = isize::MAX;
    let l = layout!((2, 2):(1, s));
    let msg = panic_message(|| {
        l.call(3isize);
    });
    assert!(msg.contains("overflows isize"), "{msg}");
    // In range, the same layout evaluates normally.
    assert_eq!(l.call(1isize), 1);
}

#[test]
fn static_results_are_unaffected() {
    // Fully static arithmetic is still done by the type checker.
    let l = layout!((4, 8):(8, 1));
    assert_eq!(size(l).to_string(), "_32");
    assert_eq!(core::mem::size_of_val(&coalesce(l)), 0);
}
