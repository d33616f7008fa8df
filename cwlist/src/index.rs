//! The index type that links the nodes: a small unsigned integer instead of a pointer.
//!
//! The smaller the index, the more links fit in a cache line, which is the whole point of the
//! layout. The largest value of the type is reserved as the "no node" marker, so a list indexed
//! by `u8` holds at most 255 elements.
use core::fmt::Debug;
use core::hash::Hash;

mod sealed {
    pub trait Sealed {}
    impl Sealed for u8 {}
    impl Sealed for u16 {}
    impl Sealed for u32 {}
    impl Sealed for usize {}
}

/// An unsigned integer usable as a node index: implemented for `u8`, `u16`, `u32` and `usize`
/// only (sealed).
///
/// # Example
/// ```
/// use cwlist::Index;
/// assert_eq!((<u8 as Index>::NIL, <u8 as Index>::MAX_LEN), (255, 255));
/// ```
pub trait Index: Copy + Eq + Ord + Hash + Debug + Default + sealed::Sealed + 'static {
    /// The reserved "no node" value (the type's maximum).
    const NIL: Self;
    /// How many elements the type can address: every value except [`Index::NIL`].
    const MAX_LEN: usize;
    /// Converts a slot number below [`Index::MAX_LEN`] (callers guarantee the bound).
    ///
    /// # Example
    /// ```
    /// use cwlist::Index;
    /// assert_eq!(<u8 as Index>::from_usize(7), 7u8);
    /// ```
    fn from_usize(i: usize) -> Self;
    /// The slot number as `usize`.
    ///
    /// # Example
    /// ```
    /// use cwlist::Index;
    /// assert_eq!(Index::to_usize(300u16), 300);
    /// ```
    fn to_usize(self) -> usize;
}

macro_rules! impl_index {
    ($($t:ty),*) => {$(
        impl Index for $t {
            const NIL: Self = <$t>::MAX;
            // Saturates where the type is wider than usize (u32 on a 16-bit target).
            const MAX_LEN: usize = if (<$t>::MAX as u128) < (usize::MAX as u128) {
                <$t>::MAX as usize
            } else {
                usize::MAX
            };
            #[inline(always)]
            fn from_usize(i: usize) -> Self {
                debug_assert!(i < Self::MAX_LEN);
                i as $t
            }
            #[inline(always)]
            fn to_usize(self) -> usize {
                self as usize
            }
        }
    )*};
}
impl_index!(u8, u16, u32, usize);
