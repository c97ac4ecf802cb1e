//! Owned storage sized by a type-level number: nested arrays, so a register fragment's
//! length is exact at compile time and no `unsafe` is needed.
//!
//! [`Nat::Array<T>`](super::nat::Nat::Array) of `2n` is `[A; 2]` with `A` holding `n`,
//! of `2n + 1` is [`OddArray`]`<[A; 2], T>`; elements are in order (the first half in
//! `[0]`), and constant indices fold to a field access.
//!
//! An access picks the half by index (`self[(i >= half) as usize]`), not by branching
//! into both halves: the call chain before constant folding is one call per level, not a
//! tree of `LEN` leaves (which, inlined at every fragment access of a GPU kernel, was
//! most of the IR LLVM's first SROA had to walk; docs/compile-time.md).

/// Fixed-length storage of `T`s.
pub trait Storage<T>: Copy {
    /// The number of elements.
    const LEN: usize;
    /// Storage with every element `v`.
    fn filled(v: T) -> Self;
    /// Element `i` (`i < LEN`).
    fn at(&self, i: usize) -> &T;
    /// Element `i`, mutably.
    fn at_mut(&mut self, i: usize) -> &mut T;
}

impl<T: Copy> Storage<T> for [T; 0] {
    const LEN: usize = 0;
    #[inline]
    fn filled(_: T) -> Self {
        []
    }
    #[inline]
    #[track_caller]
    fn at(&self, i: usize) -> &T {
        crate::cold::index_out_of_range(i, 0)
    }
    #[inline]
    #[track_caller]
    fn at_mut(&mut self, i: usize) -> &mut T {
        crate::cold::index_out_of_range(i, 0)
    }
}

impl<T: Copy, A: Storage<T>> Storage<T> for [A; 2] {
    const LEN: usize = 2 * A::LEN;
    #[inline]
    fn filled(v: T) -> Self {
        [A::filled(v); 2]
    }
    #[inline]
    #[track_caller]
    fn at(&self, i: usize) -> &T {
        let h = usize::from(i >= A::LEN);
        self[h].at(i - h * A::LEN)
    }
    #[inline]
    #[track_caller]
    fn at_mut(&mut self, i: usize) -> &mut T {
        let h = usize::from(i >= A::LEN);
        self[h].at_mut(i - h * A::LEN)
    }
}

/// Storage of an odd number of elements: an even part, then one more.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct OddArray<A, T> {
    even: A,
    last: T,
}
impl<T: Copy, A: Storage<T>> Storage<T> for OddArray<A, T> {
    const LEN: usize = A::LEN + 1;
    #[inline]
    fn filled(v: T) -> Self {
        OddArray {
            even: A::filled(v),
            last: v,
        }
    }
    #[inline]
    #[track_caller]
    fn at(&self, i: usize) -> &T {
        if i < A::LEN {
            self.even.at(i)
        } else {
            if i != A::LEN {
                crate::cold::index_out_of_range(i, A::LEN + 1)
            }
            &self.last
        }
    }
    #[inline]
    #[track_caller]
    fn at_mut(&mut self, i: usize) -> &mut T {
        if i < A::LEN {
            self.even.at_mut(i)
        } else {
            if i != A::LEN {
                crate::cold::index_out_of_range(i, A::LEN + 1)
            }
            &mut self.last
        }
    }
}
