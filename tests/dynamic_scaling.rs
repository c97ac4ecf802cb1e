//! The runtime algebra scales to layouts with many modes: `make_ordered_layout` and
//! `make_fragment_like` are O(n log n) in the number of modes. Each test runs on 50,000
//! modes in a debug build, which takes well under a second; the former quadratic
//! versions took minutes. There is no timing assert: a quadratic regression shows up
//! as a test that does not finish.

use cutlet::dynamic::{
    DynLayout, IntTuple, coalesce, complement, make_fragment_like, make_ordered_layout,
};

const N: usize = 50_000;

fn tuple(v: impl IntoIterator<Item = IntTuple>) -> IntTuple {
    IntTuple::Tuple(v.into_iter().collect())
}

/// A permutation of 0..n that is far from sorted (a multiplicative walk).
/// Extents `_1` with 40 `_2` spread out, so that sizes stay far from overflow.
fn extents() -> IntTuple {
    tuple((0..N).map(|i| IntTuple::stat(if i % (N / 40) == 0 { 2 } else { 1 })))
}

fn scrambled(n: usize) -> Vec<usize> {
    let step = 7919; // prime, coprime with N
    (0..n).map(|i| (i * step) % n).collect()
}

#[test]
fn make_ordered_layout_many_modes() {
    let shape = extents();
    let perm = scrambled(N);
    let order = tuple(perm.iter().map(|&p| IntTuple::stat(p as i64)));
    let l = make_ordered_layout(&shape, &order).unwrap();
    assert_eq!(l.rank(), N);
    // The mode with the smallest order gets stride 1 (or _0 for an extent _1).
    let first = perm.iter().position(|&p| p == 0).unwrap();
    let d = l.stride().get(first).unwrap().to_string();
    assert!(d == "_1" || d == "_0", "{d}");
    // Dynamic orders count after every static one, left to right.
    let dyn_order = tuple((0..N).map(|i| {
        if i % 3 == 0 {
            IntTuple::Int(cutlet::dynamic::DInt::dynamic(0))
        } else {
            IntTuple::stat(i as i64)
        }
    }));
    assert_eq!(make_ordered_layout(&shape, &dyn_order).unwrap().rank(), N);
}

#[test]
fn make_fragment_like_many_modes() {
    let shape = extents();
    let perm = scrambled(N);
    let stride = tuple(perm.iter().map(|&p| IntTuple::stat(2 * p as i64 + 1)));
    let l = DynLayout::new(shape, stride).unwrap();
    let f = make_fragment_like(&l).unwrap();
    assert_eq!(f.size().unwrap(), l.size().unwrap());
    assert_eq!(f.rank(), N);
}

#[test]
fn coalesce_and_complement_many_modes() {
    // Odd strides after even products: no two modes merge.: every mode survives coalesce.
    let shape = tuple((0..N).map(|_| IntTuple::stat(2)));
    let stride = tuple((0..N).map(|i| IntTuple::stat(2 * i as i64 + 3)));
    let l = DynLayout::new(shape, stride).unwrap();
    assert_eq!(coalesce(&l).unwrap().rank(), N);
    let small = DynLayout::new(
        tuple((0..N).map(|_| IntTuple::stat(1))),
        tuple(
            scrambled(N)
                .into_iter()
                .map(|p| IntTuple::stat(p as i64 + 1)),
        ),
    )
    .unwrap();
    assert!(complement(&small).is_ok());
}
