//! The two backing storages: growable (`Vec`, feature `alloc`) and fixed-capacity
//! (`heapless::Vec`, no allocation). A list holds two buffers of the same kind: one of
//! nodes (links only) and one of values.

mod sealed {
    pub trait Sealed {}
}

/// Selects the buffer type of a list (sealed: [`Fixed`] and, with `alloc`, `Growable`).
///
/// # Example
/// ```
/// use cwlist::{Fixed, Growable, Storage};
/// assert_eq!(<Fixed<16> as Storage>::CAPACITY, 16);
/// assert_eq!(<Growable as Storage>::CAPACITY, usize::MAX);
/// ```
pub trait Storage: sealed::Sealed {
    /// A contiguous buffer of `E`.
    type Buf<E>: Buffer<E>;
    /// The most elements a buffer can hold, known at compile time (`usize::MAX`: limited by
    /// memory only).
    const CAPACITY: usize;
}

/// The contiguous-array operations a list needs from its storage (sealed through [`Storage`]).
///
/// # Example
/// ```
/// use cwlist::{Buffer, Fixed, Storage};
/// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
/// b.try_push(1).unwrap();
/// assert_eq!(b.as_slice(), [1]);
/// ```
pub trait Buffer<E> {
    /// An empty buffer.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// assert!(b.as_slice().is_empty());
    /// ```
    fn new() -> Self;
    /// The largest number of elements the buffer can ever hold.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// assert_eq!(<<Fixed<8> as Storage>::Buf<u8> as Buffer<u8>>::max_capacity(), 8);
    /// ```
    fn max_capacity() -> usize;
    /// Elements it holds without reallocating.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// assert_eq!(b.capacity(), 2);
    /// ```
    fn capacity(&self) -> usize;
    /// The elements.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// b.try_push(1).unwrap();
    /// assert_eq!(b.as_slice(), [1]);
    /// ```
    fn as_slice(&self) -> &[E];
    /// The elements, mutably.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// b.try_push(1).unwrap();
    /// b.as_mut_slice()[0] = 5;
    /// assert_eq!(b.as_slice(), [5]);
    /// ```
    fn as_mut_slice(&mut self) -> &mut [E];
    /// Appends, or hands the element back when full.
    ///
    /// # Errors
    /// Returns the element when the buffer is at its maximum capacity.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// assert_eq!((b.try_push(1), b.try_push(2), b.try_push(3)), (Ok(()), Ok(()), Err(3)));
    /// ```
    fn try_push(&mut self, e: E) -> Result<(), E>;
    /// Removes the last element.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// b.try_push(1).unwrap();
    /// assert_eq!((b.pop(), b.pop()), (Some(1), None));
    /// ```
    fn pop(&mut self) -> Option<E>;
    /// Removes element `i`, moving the last one into its place.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// b.try_push(1).unwrap();
    /// b.try_push(2).unwrap();
    /// assert_eq!(b.swap_remove(0), 1);
    /// assert_eq!(b.as_slice(), [2]);
    /// ```
    fn swap_remove(&mut self, i: usize) -> E;
    /// Removes everything.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// b.try_push(1).unwrap();
    /// b.clear();
    /// assert!(b.as_slice().is_empty());
    /// ```
    fn clear(&mut self);
    /// Makes room for `additional` more elements.
    ///
    /// # Errors
    /// `false` if the allocator refused (growable) or the capacity is too small (fixed).
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// assert!(b.try_reserve(2) && !b.try_reserve(3));
    /// ```
    fn try_reserve(&mut self, additional: usize) -> bool;
    /// Releases unused capacity (growable only).
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Growable, Storage};
    /// let mut b = <Growable as Storage>::Buf::<i32>::new();
    /// assert!(Buffer::try_reserve(&mut b, 100));
    /// Buffer::shrink_to_fit(&mut b);
    /// assert_eq!(Buffer::capacity(&b), 0);
    /// ```
    fn shrink_to_fit(&mut self);
    /// A copy of the buffer.
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut b = <Fixed<2> as Storage>::Buf::<i32>::new();
    /// b.try_push(7).unwrap();
    /// assert_eq!(b.clone_buf().as_slice(), [7]);
    /// ```
    fn clone_buf(&self) -> Self
    where
        E: Clone;
    /// Exchanges the contents of two buffers. Growable storage trades its allocations
    /// (O(1)); fixed storage moves the elements in use, where `core::mem::swap` would move
    /// the whole capacity three times (a double buffer of a few bodies in a large fixed
    /// array costs its size, not its capacity).
    ///
    /// # Example
    /// ```
    /// use cwlist::{Buffer, Fixed, Storage};
    /// let mut a = <Fixed<4> as Storage>::Buf::<i32>::new();
    /// let mut b = <Fixed<4> as Storage>::Buf::<i32>::new();
    /// a.try_push(1).unwrap();
    /// b.try_push(2).unwrap();
    /// b.try_push(3).unwrap();
    /// a.swap_contents(&mut b);
    /// assert_eq!((a.as_slice(), b.as_slice()), (&[2, 3][..], &[1][..]));
    /// ```
    fn swap_contents(&mut self, other: &mut Self)
    where
        Self: Sized,
    {
        core::mem::swap(self, other);
    }
}

/// Fixed capacity of `N` elements in place, no allocation (backed by `heapless::Vec`).
///
/// # Example
/// ```
/// let mut l = cwlist::List::<u8, u8, cwlist::Fixed<2>>::new();
/// l.push_back(1);
/// l.push_back(2);
/// assert_eq!(l.try_push_back(3), Err(3)); // room for two, no allocation
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Fixed<const N: usize>;

impl<const N: usize> sealed::Sealed for Fixed<N> {}
impl<const N: usize> Storage for Fixed<N> {
    type Buf<E> = heapless::Vec<E, N>;
    const CAPACITY: usize = N;
}

impl<E, const N: usize> Buffer<E> for heapless::Vec<E, N> {
    #[inline]
    fn new() -> Self {
        heapless::Vec::new()
    }
    #[inline]
    fn max_capacity() -> usize {
        N
    }
    #[inline]
    fn capacity(&self) -> usize {
        N
    }
    #[inline(always)]
    fn as_slice(&self) -> &[E] {
        self
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [E] {
        self
    }
    #[inline]
    fn try_push(&mut self, e: E) -> Result<(), E> {
        self.push(e)
    }
    #[inline]
    fn pop(&mut self) -> Option<E> {
        heapless::Vec::pop(self)
    }
    #[inline]
    fn swap_remove(&mut self, i: usize) -> E {
        heapless::Vec::swap_remove(self, i)
    }
    #[inline]
    fn clear(&mut self) {
        heapless::Vec::clear(self);
    }
    #[inline]
    fn try_reserve(&mut self, additional: usize) -> bool {
        additional <= N - self.len()
    }
    #[inline]
    fn shrink_to_fit(&mut self) {}
    fn clone_buf(&self) -> Self
    where
        E: Clone,
    {
        self.clone()
    }
    fn swap_contents(&mut self, other: &mut Self) {
        let common = self.len().min(other.len());
        self[..common].swap_with_slice(&mut other[..common]);
        // The longer one's tail moves over, in order (both hold at most N).
        let (long, short) = if self.len() > common {
            (self, other)
        } else {
            (other, self)
        };
        for e in long.drain(common..) {
            if short.push(e).is_err() {
                unreachable!("cwlist: a buffer of capacity N holds what another one held");
            }
        }
    }
}

/// Growable storage on the heap (backed by `alloc::vec::Vec`), with reserve, with_capacity
/// and shrink_to_fit.
///
/// # Example
/// ```
/// let mut l = cwlist::List::<u8, u32, cwlist::Growable>::new();
/// l.extend(0..100);
/// assert_eq!(l.len(), 100);
/// ```
#[cfg(feature = "alloc")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Growable;

#[cfg(feature = "alloc")]
impl sealed::Sealed for Growable {}
#[cfg(feature = "alloc")]
impl Storage for Growable {
    type Buf<E> = alloc::vec::Vec<E>;
    const CAPACITY: usize = usize::MAX;
}

#[cfg(feature = "alloc")]
impl<E> Buffer<E> for alloc::vec::Vec<E> {
    #[inline]
    fn new() -> Self {
        alloc::vec::Vec::new()
    }
    #[inline]
    fn max_capacity() -> usize {
        usize::MAX
    }
    #[inline]
    fn capacity(&self) -> usize {
        alloc::vec::Vec::capacity(self)
    }
    #[inline(always)]
    fn as_slice(&self) -> &[E] {
        self
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [E] {
        self
    }
    #[inline]
    fn try_push(&mut self, e: E) -> Result<(), E> {
        self.push(e);
        Ok(())
    }
    #[inline]
    fn pop(&mut self) -> Option<E> {
        alloc::vec::Vec::pop(self)
    }
    #[inline]
    fn swap_remove(&mut self, i: usize) -> E {
        alloc::vec::Vec::swap_remove(self, i)
    }
    #[inline]
    fn clear(&mut self) {
        alloc::vec::Vec::clear(self);
    }
    #[inline]
    fn try_reserve(&mut self, additional: usize) -> bool {
        alloc::vec::Vec::try_reserve(self, additional).is_ok()
    }
    #[inline]
    fn shrink_to_fit(&mut self) {
        alloc::vec::Vec::shrink_to_fit(self);
    }
    fn clone_buf(&self) -> Self
    where
        E: Clone,
    {
        self.clone()
    }
}
