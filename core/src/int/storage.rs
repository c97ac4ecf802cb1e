//! Owned storage sized by a type-level number: nested arrays, so a register fragment's
//! length is exact at compile time and no `unsafe` is needed.
//!
//! [`Nat::Array<T>`](super::nat::Nat::Array) of `N = m 2^k` (`m` odd) is `m` blocks of
//! `2^k` elements, each block `[[..[[T; 1]; 2]..]; 2]`: [`Nat::ArrayOf`]`<T, E>` of `2n`
//! is `n` blocks of `[E; 2]`, of `2n + 1` is [`OddArray`]`<[A; 2], E>` with `A` holding
//! `n` blocks. Elements are in order (the first half in `[0]`), constant indices fold
//! to a field access, and a power-of-two run (a column of a register tile) lies inside
//! one block, which LLVM keeps as one vector.
//!
//! [`Nat::ArrayOf`]: super::nat::Nat::ArrayOf
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

impl<T: Copy> Storage<T> for [T; 1] {
    const LEN: usize = 1;
    #[inline]
    fn filled(v: T) -> Self {
        [v]
    }
    #[inline]
    #[track_caller]
    fn at(&self, i: usize) -> &T {
        if i != 0 {
            crate::cold::index_out_of_range(i, 1)
        }
        &self[0]
    }
    #[inline]
    #[track_caller]
    fn at_mut(&mut self, i: usize) -> &mut T {
        if i != 0 {
            crate::cold::index_out_of_range(i, 1)
        }
        &mut self[0]
    }
}

impl<T: Copy, A: Storage<T>> Storage<T> for [A; 0] {
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

/// Storage of an odd number of blocks: an even number of them, then one more.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct OddArray<A, E> {
    even: A,
    last: E,
}
impl<T: Copy, A: Storage<T>, E: Storage<T>> Storage<T> for OddArray<A, E> {
    const LEN: usize = A::LEN + E::LEN;
    #[inline]
    fn filled(v: T) -> Self {
        OddArray {
            even: A::filled(v),
            last: E::filled(v),
        }
    }
    #[inline]
    #[track_caller]
    fn at(&self, i: usize) -> &T {
        if i < A::LEN {
            self.even.at(i)
        } else {
            if i >= A::LEN + E::LEN {
                crate::cold::index_out_of_range(i, A::LEN + E::LEN)
            }
            self.last.at(i - A::LEN)
        }
    }
    #[inline]
    #[track_caller]
    fn at_mut(&mut self, i: usize) -> &mut T {
        if i < A::LEN {
            self.even.at_mut(i)
        } else {
            if i >= A::LEN + E::LEN {
                crate::cold::index_out_of_range(i, A::LEN + E::LEN)
            }
            self.last.at_mut(i - A::LEN)
        }
    }
}
