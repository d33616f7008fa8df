//! Mutable access to pairs of a slice, without `unsafe`.
//!
//! # Why not an `Iterator` of `(&mut T, &mut T)`
//!
//! An [`Iterator`]'s items may all be alive at once (`collect` keeps them), so an iterator of
//! mutable pairs would hand out element `i` mutably once per pair it belongs to: `N - 1`
//! coexisting `&mut` to the same element, which Rust forbids (and which the C++ original
//! allows, at the price of aliasing bugs). The borrow of a pair must therefore end before the
//! next pair is produced. This module offers the two ways to express that:
//!
//! * callbacks ([`for_each_distinct_pair_mut`], [`try_for_each_distinct_pair_mut`],
//!   [`for_each_pair_mut`]): each `(&mut a, &mut b)` lives for one call. Built on
//!   [`split_first_mut`](slice::split_first_mut), they compile to the hand-written
//!   `split_at_mut` nested loop;
//! * a lending iterator ([`DistinctPairsMut`]): `next(&mut self)` returns a pair borrowed from
//!   the iterator itself, so it must be dropped before the next call (a `while let` loop).
//!
//! Ordered pairs include the diagonal `(x, x)`, where both halves are the same element: two
//! `&mut` to one value are never allowed, whatever the iteration scheme. So ordered pairs
//! come as a [`PairMut`]: either two different elements or one element on its own.
use crate::shape::{Distinct, Shape};
use core::ops::ControlFlow;

/// Calls `f(&mut x[i], &mut x[j])` for every `i < j`, in nested-loop order.
///
/// ```
/// // Every element gains one per partner: x[i] += N - 1 in total.
/// let mut v = [0u32; 5];
/// pairs::for_each_distinct_pair_mut(&mut v, |a, b| {
///     *a += 1;
///     *b += 1;
/// });
/// assert_eq!(v, [4; 5]);
/// ```
#[inline]
pub fn for_each_distinct_pair_mut<T, F>(x: &mut [T], mut f: F)
where
    F: FnMut(&mut T, &mut T),
{
    let mut rest = x;
    while let Some((first, tail)) = rest.split_first_mut() {
        for second in tail.iter_mut() {
            f(first, second);
        }
        rest = tail;
    }
}

/// Like [`for_each_distinct_pair_mut`], stopping at the first [`ControlFlow::Break`], which
/// it returns.
///
/// ```
/// use core::ops::ControlFlow;
/// let mut v = [1, 5, 3, 5];
/// let hit = pairs::try_for_each_distinct_pair_mut(&mut v, |a, b| {
///     if a == b { ControlFlow::Break((*a, *b)) } else { ControlFlow::Continue(()) }
/// });
/// assert_eq!(hit, ControlFlow::Break((5, 5)));
/// ```
#[inline]
pub fn try_for_each_distinct_pair_mut<T, C, F>(x: &mut [T], mut f: F) -> ControlFlow<C>
where
    F: FnMut(&mut T, &mut T) -> ControlFlow<C>,
{
    let mut rest = x;
    while let Some((first, tail)) = rest.split_first_mut() {
        for second in tail.iter_mut() {
            f(first, second)?;
        }
        rest = tail;
    }
    ControlFlow::Continue(())
}

/// One ordered pair `(x[i], x[j])` with mutable access: two different elements, or the same
/// element on the diagonal `i == j`, which cannot be borrowed mutably twice.
///
/// # Example
/// ```
/// use pairs::PairMut;
/// let mut v = [1, 2];
/// let mut diagonal = 0;
/// pairs::for_each_pair_mut(&mut v, |p| {
///     if let PairMut::Same(a) = p {
///         diagonal += *a;
///     }
/// });
/// assert_eq!(diagonal, 3);
/// ```
#[derive(Debug)]
pub enum PairMut<'a, T> {
    /// `i != j`: `(&mut x[i], &mut x[j])`.
    Two(&'a mut T, &'a mut T),
    /// `i == j`: the single element `x[i]`.
    Same(&'a mut T),
}

/// Calls `f` on every ordered pair of `x` in row-major order, as a [`PairMut`].
///
/// ```
/// use pairs::PairMut;
/// let mut v = [1, 2];
/// let mut seen = Vec::new();
/// pairs::for_each_pair_mut(&mut v, |p| match p {
///     PairMut::Two(a, b) => seen.push((*a, *b)),
///     PairMut::Same(a) => seen.push((*a, *a)),
/// });
/// assert_eq!(seen, [(1, 1), (1, 2), (2, 1), (2, 2)]);
/// ```
pub fn for_each_pair_mut<T, F>(x: &mut [T], mut f: F)
where
    F: FnMut(PairMut<'_, T>),
{
    for i in 0..x.len() {
        let (before, from_i) = x.split_at_mut(i);
        let Some((at_i, after)) = from_i.split_first_mut() else {
            return;
        };
        for second in before.iter_mut() {
            f(PairMut::Two(at_i, second));
        }
        f(PairMut::Same(at_i));
        for second in after.iter_mut() {
            f(PairMut::Two(at_i, second));
        }
    }
}

/// A lending iterator over the distinct pairs of a slice as `(&mut x[i], &mut x[j])`,
/// `i < j`, in nested-loop order. Built by [`distinct_pairs_mut`].
///
/// Each pair borrows the iterator, so it must be dropped before the next call: use it with
/// `while let Some((a, b)) = it.next() { .. }`.
///
/// ```
/// let mut v = [1, 2, 3];
/// let mut it = pairs::distinct_pairs_mut(&mut v);
/// while let Some((a, b)) = it.next() {
///     core::mem::swap(a, b);
/// }
/// // (0,1), (0,2), (1,2): [2,1,3] -> [3,1,2] -> [3,2,1]
/// assert_eq!(v, [3, 2, 1]);
/// ```
///
/// # Example
/// ```
/// let mut v = [1, 2, 3];
/// let mut it = pairs::distinct_pairs_mut(&mut v);
/// assert_eq!(it.len_u128(), 3);
/// while let Some((a, b)) = it.next() {
///     *a += *b;
/// }
/// assert_eq!(v, [6, 5, 3]);
/// ```
#[derive(Debug)]
pub struct DistinctPairsMut<'a, T> {
    /// Element `i` of the current row, `None` once exhausted.
    first: Option<&'a mut T>,
    /// Elements `i + 1, .., n - 1`: the row's second elements and the following rows.
    rest: &'a mut [T],
    /// Index into `rest` of the next second element (`j - i - 1`).
    k: usize,
}

/// The lending iterator over the distinct pairs of `x`, with mutable access.
///
/// # Example
/// ```
/// let mut v = [1, 10, 100];
/// pairs::distinct_pairs_mut(&mut v).for_each(|a, b| *b += *a);
/// assert_eq!(v, [1, 11, 112]); // (0,1), (0,2), then (1,2) adds the new 11
/// ```
pub fn distinct_pairs_mut<T>(x: &mut [T]) -> DistinctPairsMut<'_, T> {
    let (first, rest) = match x.split_first_mut() {
        Some((first, rest)) => (Some(first), rest),
        None => (None, &mut [][..]),
    };
    DistinctPairsMut { first, rest, k: 0 }
}

impl<'a, T> DistinctPairsMut<'a, T> {
    /// Moves to the row whose first element is `rest[skip]`, or ends the iteration.
    fn next_row(&mut self, skip: usize) {
        let rest = core::mem::take(&mut self.rest);
        match rest.get_mut(skip..).and_then(<[T]>::split_first_mut) {
            Some((first, tail)) if !tail.is_empty() => {
                self.first = Some(first);
                self.rest = tail;
            }
            _ => self.first = None,
        }
        self.k = 0;
    }

    /// The next pair, borrowed from the iterator.
    ///
    /// # Example
    /// ```
    /// let mut v = [1, 2];
    /// let mut it = pairs::distinct_pairs_mut(&mut v);
    /// let (a, b) = it.next().unwrap();
    /// core::mem::swap(a, b);
    /// assert!(it.next().is_none());
    /// assert_eq!(v, [2, 1]);
    /// ```
    #[allow(
        clippy::should_implement_trait,
        reason = "a lending next cannot implement Iterator::next"
    )]
    #[inline]
    pub fn next(&mut self) -> Option<(&mut T, &mut T)> {
        if self.k >= self.rest.len() {
            self.next_row(0);
        }
        let first = self.first.as_deref_mut()?;
        let second = self.rest.get_mut(self.k)?;
        self.k += 1;
        Some((first, second))
    }

    /// Skips `k` pairs in O(1) and returns the next one.
    ///
    /// # Example
    /// ```
    /// let mut v = [1, 2, 3, 4];
    /// let mut it = pairs::distinct_pairs_mut(&mut v);
    /// // (0,1) (0,2) (0,3) (1,2): the fourth pair.
    /// let (a, b) = it.nth(3).unwrap();
    /// assert_eq!((*a, *b), (2, 3));
    /// ```
    pub fn nth(&mut self, k: usize) -> Option<(&mut T, &mut T)> {
        self.first.as_ref()?;
        let row_left = self.rest.len().saturating_sub(self.k);
        if k < row_left {
            self.k += k;
            return self.next();
        }
        // The target lies in a later row: rank it within the triangle of the rows after this
        // one, which are the distinct pairs of `rest`.
        let ahead = (k - row_left) as u128;
        let m = self.rest.len();
        if ahead >= Distinct::count(m) {
            self.first = None;
            self.rest = &mut [];
            return None;
        }
        let (i, j) = Distinct::unrank(ahead, m);
        self.next_row(i);
        self.k = j - i - 1;
        self.next()
    }

    /// Number of remaining pairs.
    ///
    /// # Example
    /// ```
    /// let mut v = [0u8; 5];
    /// let mut it = pairs::distinct_pairs_mut(&mut v);
    /// assert_eq!(it.len_u128(), 10);
    /// it.next();
    /// assert_eq!(it.len_u128(), 9);
    /// ```
    pub fn len_u128(&self) -> u128 {
        if self.first.is_none() {
            return 0;
        }
        let in_row = self.rest.len().saturating_sub(self.k) as u128;
        in_row + Distinct::count(self.rest.len())
    }

    /// Whether no pair remains.
    ///
    /// # Example
    /// ```
    /// let mut one = [7];
    /// assert!(pairs::distinct_pairs_mut(&mut one).is_empty());
    /// let mut two = [7, 8];
    /// assert!(!pairs::distinct_pairs_mut(&mut two).is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len_u128() == 0
    }

    /// Calls `f` on every remaining pair, as fast as [`for_each_distinct_pair_mut`].
    ///
    /// # Example
    /// ```
    /// let mut v = [3, 1, 2];
    /// // Order the pairs: after it, v is sorted (a selection-sort pass over all i < j).
    /// pairs::distinct_pairs_mut(&mut v).for_each(|a, b| if a > b { core::mem::swap(a, b) });
    /// assert_eq!(v, [1, 2, 3]);
    /// ```
    pub fn for_each<F>(self, mut f: F)
    where
        F: FnMut(&mut T, &mut T),
    {
        let Some(first) = self.first else {
            return;
        };
        if let Some(tail) = self.rest.get_mut(self.k..) {
            for second in tail {
                f(first, second);
            }
        }
        for_each_distinct_pair_mut(self.rest, f);
    }
}
