//! Owned storage sized by a type-level number: arrays of exactly that length, so a
//! register fragment's length is exact at compile time and no `unsafe` is needed.
//!
//! [`Nat::Array<T>`](super::nat::Nat::Array) of `N = m 2^k` (`m` odd) is `m` blocks of
//! `2^k` elements, each block a flat `[T; 2^k]` ([`Block`] doubles it, up to
//! [`MAX_FLAT`] elements; past that a [`Pair`] of halves). Powers of two, the sizes of
//! almost every fragment, are one flat array. Elements are in order, constant indices
//! fold to a field access, and a run-time index into a block is one address
//! computation, as into a C array.
//!
//! The odd part `m` is a binary tree of blocks ([`OddArray`]). An access picks the half
//! by index (`halves[(i >= half) as usize]`), not by branching into both halves: the
//! call chain before constant folding is one call per level, not a tree of `m` leaves
//! (which, inlined at every fragment access of a GPU kernel, was most of the IR LLVM's
//! first SROA had to walk; results/compile-time-log.md).

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

impl<T: Copy, const K: usize> Storage<T> for [T; K] {
    const LEN: usize = K;
    #[inline]
    fn filled(v: T) -> Self {
        [v; K]
    }
    #[inline]
    #[track_caller]
    fn at(&self, i: usize) -> &T {
        if i >= K {
            crate::cold::index_out_of_range(i, K)
        }
        &self[i]
    }
    #[inline]
    #[track_caller]
    fn at_mut(&mut self, i: usize) -> &mut T {
        if i >= K {
            crate::cold::index_out_of_range(i, K)
        }
        &mut self[i]
    }
}

/// The largest block kept as one flat array (`2^12` elements).
pub const MAX_FLAT: usize = 1 << 12;

/// A block of `2^j` elements and the block of twice as many.
///
/// ```
/// use cutlet_core::int::{Block, Storage};
/// type B = <<[f32; 2] as Block<f32>>::Twice as Block<f32>>::Twice;
/// assert_eq!(<B as Storage<f32>>::LEN, 8);
/// assert_eq!(core::mem::size_of::<B>(), 32);
/// ```
pub trait Block<T>: Storage<T> {
    /// Twice the block.
    type Twice: Block<T>;
}
macro_rules! flat_blocks {
    ($($k:literal)*) => {$(
        impl<T: Copy> Block<T> for [T; $k] {
            type Twice = [T; 2 * $k];
        }
    )*};
}
flat_blocks!(1 2 4 8 16 32 64 128 256 512 1024 2048);
impl<T: Copy> Block<T> for [T; MAX_FLAT] {
    type Twice = Pair<Self>;
}
impl<T: Copy, A: Block<T>> Block<T> for Pair<A> {
    type Twice = Pair<Self>;
}

/// Element `i` of two equal halves, picked by index (one call per level).
#[inline]
#[track_caller]
fn half<T: Copy, A: Storage<T>>(halves: &[A; 2], i: usize) -> &T {
    let h = usize::from(i >= A::LEN);
    halves[h].at(i - h * A::LEN)
}
#[inline]
#[track_caller]
fn half_mut<T: Copy, A: Storage<T>>(halves: &mut [A; 2], i: usize) -> &mut T {
    let h = usize::from(i >= A::LEN);
    halves[h].at_mut(i - h * A::LEN)
}

/// A block past [`MAX_FLAT`] elements: two halves.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Pair<A> {
    halves: [A; 2],
}
impl<T: Copy, A: Storage<T>> Storage<T> for Pair<A> {
    const LEN: usize = 2 * A::LEN;
    #[inline]
    fn filled(v: T) -> Self {
        Pair {
            halves: [A::filled(v); 2],
        }
    }
    #[inline]
    #[track_caller]
    fn at(&self, i: usize) -> &T {
        if i >= 2 * A::LEN {
            crate::cold::index_out_of_range(i, 2 * A::LEN)
        }
        half(&self.halves, i)
    }
    #[inline]
    #[track_caller]
    fn at_mut(&mut self, i: usize) -> &mut T {
        if i >= 2 * A::LEN {
            crate::cold::index_out_of_range(i, 2 * A::LEN)
        }
        half_mut(&mut self.halves, i)
    }
}

/// Storage of an odd number of blocks: an even number of them, then one more.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct OddArray<A, E> {
    even: [A; 2],
    last: E,
}
impl<T: Copy, A: Storage<T>, E: Storage<T>> Storage<T> for OddArray<A, E> {
    const LEN: usize = 2 * A::LEN + E::LEN;
    #[inline]
    fn filled(v: T) -> Self {
        OddArray {
            even: [A::filled(v); 2],
            last: E::filled(v),
        }
    }
    #[inline]
    #[track_caller]
    fn at(&self, i: usize) -> &T {
        if i < 2 * A::LEN {
            half(&self.even, i)
        } else {
            if i >= Self::LEN {
                crate::cold::index_out_of_range(i, Self::LEN)
            }
            self.last.at(i - 2 * A::LEN)
        }
    }
    #[inline]
    #[track_caller]
    fn at_mut(&mut self, i: usize) -> &mut T {
        if i < 2 * A::LEN {
            half_mut(&mut self.even, i)
        } else {
            if i >= Self::LEN {
                crate::cold::index_out_of_range(i, Self::LEN)
            }
            self.last.at_mut(i - 2 * A::LEN)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_FLAT, OddArray, Pair, Storage};
    use crate::int::Nat;
    use typenum::{U0, U1, U3, U12, U96, U255, U256, U4096, U8192, Unsigned};

    /// Every index reaches its own element, the storage has no padding, and a
    /// power of two up to `MAX_FLAT` is one flat array.
    fn holds<N: Nat + Unsigned>() {
        let n = <N::Array<u32> as Storage<u32>>::LEN;
        assert_eq!(n, N::USIZE);
        assert_eq!(core::mem::size_of::<N::Array<u32>>(), 4 * n);
        let mut s = <N::Array<u32> as Storage<u32>>::filled(7);
        assert!((0..n).all(|i| *s.at(i) == 7));
        for i in 0..n {
            *s.at_mut(i) = i as u32;
        }
        assert!((0..n).all(|i| *s.at(i) == i as u32), "N = {n}");
    }

    #[test]
    fn every_length_holds_its_elements() {
        holds::<U0>();
        holds::<U1>();
        holds::<U3>();
        holds::<U12>();
        holds::<U96>();
        holds::<U255>();
        holds::<U256>();
        holds::<U4096>();
        holds::<U8192>();
        // 3 blocks of `MAX_FLAT`.
        holds::<typenum::Prod<U3, U4096>>();
    }

    #[test]
    fn powers_of_two_are_flat_up_to_max_flat() {
        fn same<A: 'static, B: 'static>() -> bool {
            core::any::TypeId::of::<A>() == core::any::TypeId::of::<B>()
        }
        assert!(same::<<U256 as Nat>::Array<f32>, [f32; 256]>());
        assert!(same::<<U4096 as Nat>::Array<f32>, [f32; MAX_FLAT]>());
        assert!(same::<<U12 as Nat>::Array<f32>, OddArray<[f32; 4], [f32; 4]>>());
        assert!(same::<<U8192 as Nat>::Array<f32>, Pair<[f32; MAX_FLAT]>>());
    }

    #[test]
    #[should_panic(expected = "index 12 is out of range for a fragment of 12")]
    fn an_index_past_the_end_names_both() {
        let s = <U12 as Nat>::Array::<u8>::filled(0);
        let _ = s.at(12);
    }
}
