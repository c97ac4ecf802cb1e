//! The offset of a composed layout ([`Offset`]): an integer, CuTe's shared-memory
//! pointer flag (`smem_ptr_flag_bits`) or a recast's static offset.

use super::*;

mod sealed {
    pub trait SealedOffset {}
    impl<L: super::Leaf> SealedOffset for L {}
    impl<N> SealedOffset for super::SmemPtrFlagBits<N> {}
    impl<N, Ok> SealedOffset for super::RecastOffset<N, Ok> {}
}

/// The offset `O` of a composed layout: a static or dynamic integer, CuTe's shared-memory
/// pointer flag ([`SmemPtrFlag`]), or the static offset of a recast.
pub trait Offset:
    Copy + Conjure + CuteDisplay + fmt::Debug + 'static + sealed::SealedOffset
{
    /// `B1` when static.
    type IsStatic: Bit;
    /// `B1` when ill-formed.
    type HasErr: Bit;
    /// Why it is ill-formed.
    const ERR: &'static str;
    /// `B1` for exactly CuTe's `Int<0>` (where `composition(Sw<0,..>, O, L)` is `L`
    /// and the inverses of swizzle_layout.hpp apply).
    type IsIntZero: Bit;
    /// `B1` when it equals zero (CuTe's `offset == Int<0>{}`; the pointer flag does).
    type IsZero: Bit;
    /// `self + x`: what `A` sees.
    type Plus<X: Leaf>: Offset + Leaf;
    /// `-self`: CuTe's `right_inverse(offset)`.
    type Neg: Offset;
    /// The offset of `upcast<N>` of the composed layout.
    type Up<N: Nat>: Offset;
    /// The offset of `downcast<N>` of the composed layout.
    type Down<N: Nat>: Offset;
    /// `A` after `upcast<N>` of the composed layout (the pointer flag keeps it).
    type UpA<A: LayoutFn, N: Nat>: LayoutFn;
    /// `A` after `downcast<N>`.
    type DownA<A: LayoutFn, N: Nat>: LayoutFn;
    /// The value of `Plus`.
    fn plus<X: Leaf>(self, x: X) -> Self::Plus<X>;
    /// The value of `Neg`.
    fn neg(self) -> Self::Neg;
    /// The value of `UpA`.
    fn up_a<A: LayoutFn, N: Nat>(a: A) -> Self::UpA<A, N>;
    /// The value of `DownA`.
    fn down_a<A: LayoutFn, N: Nat>(a: A) -> Self::DownA<A, N>;
}

pub(super) type V<X> = <X as Leaf>::Val;
type NatS<N> = sint::Make<B0, N>;
/// The recast of a static offset `X` by `N`: `X / N` (well-formed for a static
/// multiple of `N`) or `X * N`.
type UpOf<L, N> = RecastOffset<
    sint::Div<V<L>, NatS<N>>,
    <<L as IntTuple>::IsStatic as Bit>::And<
        <sint::IsZero<sint::Rem<V<L>, NatS<N>>> as Bit>::And<<<N as Nat>::IsZero as Bit>::Not>,
    >,
>;
type DownOf<L, N> = RecastOffset<sint::Mul<V<L>, NatS<N>>, <L as IntTuple>::IsStatic>;

impl<L: Leaf> Offset for L {
    type IsStatic = <L as IntTuple>::IsStatic;
    type HasErr = <L as IntTuple>::HasErr;
    const ERR: &'static str = <L as IntTuple>::ERR;
    type IsIntZero = <<L as IntTuple>::IsStatic as Bit>::And<sint::IsZero<V<L>>>;
    type IsZero = Self::IsIntZero;
    type Plus<X: Leaf> = Add<L, X>;
    type Neg = Neg<L>;
    type Up<N: Nat> = UpOf<L, N>;
    type Down<N: Nat> = DownOf<L, N>;
    type UpA<A: LayoutFn, N: Nat> = A::Upcast<N>;
    type DownA<A: LayoutFn, N: Nat> = A::Downcast<N>;
    #[inline]
    fn plus<X: Leaf>(self, x: X) -> Self::Plus<X> {
        crate::int::add(self, x)
    }
    #[inline]
    fn neg(self) -> Self::Neg {
        crate::int::neg(self)
    }
    #[inline]
    fn up_a<A: LayoutFn, N: Nat>(a: A) -> Self::UpA<A, N> {
        a.upcast_fn::<N>()
    }
    #[inline]
    fn down_a<A: LayoutFn, N: Nat>(a: A) -> Self::DownA<A, N> {
        a.downcast_fn::<N>()
    }
}

/// CuTe's `smem_ptr_flag_bits<N>`: the offset of the GMMA shared-memory layout atoms, a
/// static zero that records the element width (in bits) the swizzle was written for,
/// printed `smem_ptr[Nb](unset)`. A recast scales the width and keeps the swizzle.
///
/// ```
/// use cutlet_core::prelude::*;
/// assert_eq!(Cute(SmemPtrFlag::<16>::new()).to_string(), "smem_ptr[16b](unset)");
/// let atom = make_composed_layout(Swizzle::<3, 4, 3>::new(), SmemPtrFlag::<16>::new(), layout!((8,64):(64,1)));
/// assert_eq!(upcast::<2, _>(atom).to_string(), "Sw<3,4,3> o smem_ptr[32b](unset) o (_8,_32):(_32,_1)");
/// ```
pub type SmemPtrFlag<const N: usize> = SmemPtrFlagBits<typenum::U<N>>;

/// The type behind [`SmemPtrFlag`], with the width as a type.
pub struct SmemPtrFlagBits<N>(PhantomData<N>);
impl<N> SmemPtrFlagBits<N> {
    /// The flag.
    ///
    /// ```
    /// use cutlet_core::prelude::*;
    /// assert_eq!(core::mem::size_of_val(&SmemPtrFlag::<32>::new()), 0);
    /// ```
    #[inline]
    pub const fn new() -> Self {
        SmemPtrFlagBits(PhantomData)
    }
}

/// The static offset of a recast composed layout (CuTe's `C<O / N>` of unsigned type):
/// prints as `_N` but is not CuTe's `Int<N>`, so a later composition keeps a swizzle of
/// no bits. `Ok` is `B0` where CuTe finds no recast (a dynamic offset, or one that is not
/// a multiple of `N`).
pub struct RecastOffset<N, Ok>(PhantomData<(N, Ok)>);

macro_rules! zst_value {
    ($($t:ident<$($p:ident),*>),*) => {$(
        impl<$($p),*> Clone for $t<$($p),*> {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<$($p),*> Copy for $t<$($p),*> {}
        impl<$($p),*> Default for $t<$($p),*> {
            #[inline]
            fn default() -> Self {
                $t(PhantomData)
            }
        }
        impl<$($p),*> PartialEq for $t<$($p),*> {
            #[inline]
            fn eq(&self, _: &Self) -> bool {
                true
            }
        }
        impl<$($p),*> Conjure for $t<$($p),*> {
            #[inline]
            fn conjure() -> Self {
                $t(PhantomData)
            }
        }
        impl<$($p),*> fmt::Debug for $t<$($p),*> where Self: CuteDisplay {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                self.fmt_cute(f)
            }
        }
    )*};
}
zst_value!(SmemPtrFlagBits<N>, RecastOffset<N, Ok>);

impl<N: Nat> CuteDisplay for SmemPtrFlagBits<N> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "smem_ptr[{}b](unset)", N::USIZE)
    }
}
impl<N: SInt, Ok> CuteDisplay for RecastOffset<N, Ok> {
    fn fmt_cute(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "_{}", N::ISIZE)
    }
}

crate::err_msgs!(EFlagInverse => "CuTe finds no inverse of a composed layout at an smem pointer flag");

impl<Bits: Nat> Offset for SmemPtrFlagBits<Bits> {
    type IsStatic = B1;
    type HasErr = B0;
    const ERR: &'static str = "";
    type IsIntZero = B0;
    type IsZero = B1;
    type Plus<X: Leaf> = X;
    type Neg = ErrLeaf<EFlagInverse>;
    type Up<N: Nat> = SmemPtrFlagBits<Bits::Mul<N>>;
    type Down<N: Nat> = SmemPtrFlagBits<Bits::Div<N>>;
    type UpA<A: LayoutFn, N: Nat> = A;
    type DownA<A: LayoutFn, N: Nat> = A;
    #[inline]
    fn plus<X: Leaf>(self, x: X) -> X {
        x
    }
    #[inline]
    fn neg(self) -> Self::Neg {
        Default::default()
    }
    #[inline]
    fn up_a<A: LayoutFn, N: Nat>(a: A) -> A {
        a
    }
    #[inline]
    fn down_a<A: LayoutFn, N: Nat>(a: A) -> A {
        a
    }
}

impl<K: SInt, Ok: Bit> Offset for RecastOffset<K, Ok> {
    type IsStatic = B1;
    type HasErr = Ok::Not;
    const ERR: &'static str = ERecastOffset::MSG;
    type IsIntZero = B0;
    type IsZero = <Ok as Bit>::And<sint::IsZero<K>>;
    type Plus<X: Leaf> = Add<C<K>, X>;
    type Neg = Neg<C<K>>;
    type Up<N: Nat> = RecastOffset<
        sint::Div<K, NatS<N>>,
        <Ok as Bit>::And<
            <sint::IsZero<sint::Rem<K, NatS<N>>> as Bit>::And<<N::IsZero as Bit>::Not>,
        >,
    >;
    type Down<N: Nat> = RecastOffset<sint::Mul<K, NatS<N>>, Ok>;
    type UpA<A: LayoutFn, N: Nat> = A::Upcast<N>;
    type DownA<A: LayoutFn, N: Nat> = A::Downcast<N>;
    #[inline]
    fn plus<X: Leaf>(self, x: X) -> Self::Plus<X> {
        crate::int::add(C::<K>::new(), x)
    }
    #[inline]
    fn neg(self) -> Self::Neg {
        crate::int::neg(C::<K>::new())
    }
    #[inline]
    fn up_a<A: LayoutFn, N: Nat>(a: A) -> Self::UpA<A, N> {
        a.upcast_fn::<N>()
    }
    #[inline]
    fn down_a<A: LayoutFn, N: Nat>(a: A) -> Self::DownA<A, N> {
        a.downcast_fn::<N>()
    }
}
