//! The public adapters [`Pairs`] and [`DistinctPairs`] and their constructors.
use crate::error::Error;
use crate::grid::Grid;
use crate::shape::{Distinct, Ordered, Shape};
use core::iter::FusedIterator;
use core::ops::ControlFlow;

/// Number of elements of `source`: its size hint when exact, else a counting pass over a clone.
fn element_count<I: Iterator + Clone>(source: &I) -> usize {
    match source.size_hint() {
        (lo, Some(hi)) if lo == hi => lo,
        _ => source.clone().count(),
    }
}

/// A grid over the elements of `x`, or `TooManyPairs` if its count exceeds `usize::MAX`.
fn checked<I, S>(source: I) -> Result<Grid<I, S>, Error>
where
    I: Iterator + Clone,
    I::Item: Clone,
    S: Shape,
{
    let n = element_count(&source);
    if usize::try_from(S::count(n)).is_err() {
        return Err(Error::TooManyPairs { elements: n });
    }
    Ok(Grid::new(source, n))
}

/// Implements the iterator traits and the shared inherent methods of an adapter that wraps a
/// `Grid` in its field `grid`.
macro_rules! grid_adapter {
    ($name:ident, $ctor:literal) => {
        impl<I> $name<I>
        where
            I: Iterator + Clone,
            I::Item: Clone,
        {
            /// Number of elements of the source sequence.
            ///
            /// # Example
            /// ```
            #[doc = concat!("let p = pairs::", $ctor, "(1..=4u32);")]
            /// assert_eq!(p.source_len(), 4);
            /// ```
            pub fn source_len(&self) -> usize {
                self.grid.source_len()
            }

            /// Number of remaining pairs, exact even where it exceeds `usize::MAX`.
            ///
            /// # Example
            /// ```
            #[doc = concat!("let p = pairs::", $ctor, "(1..=4u32);")]
            /// assert_eq!(p.len_u128(), p.len() as u128);
            /// assert!(p.len_u128() == 16 || p.len_u128() == 6); // all pairs, or i < j
            /// ```
            pub fn len_u128(&self) -> u128 {
                self.grid.remaining()
            }

            /// Number of remaining pairs, or `None` where it exceeds `usize::MAX`.
            ///
            /// # Example
            /// ```
            #[doc = concat!("let p = pairs::", $ctor, "(1..=4u32);")]
            /// assert_eq!(p.checked_len(), Some(p.len()));
            /// ```
            pub fn checked_len(&self) -> Option<usize> {
                usize::try_from(self.grid.remaining()).ok()
            }

            /// Rank (0-based position in the full iteration order) of the next pair from the
            /// front, or `None` when exhausted.
            ///
            /// # Example
            /// ```
            #[doc = concat!("let p = pairs::", $ctor, "(1..=4u32);")]
            /// let mut p = p;
            /// assert_eq!(p.next_rank(), Some(0));
            /// p.nth(2);
            /// assert_eq!(p.next_rank(), Some(3));
            /// p.by_ref().for_each(drop);
            /// assert_eq!(p.next_rank(), None);
            /// ```
            pub fn next_rank(&self) -> Option<u128> {
                self.grid.front_rank()
            }

            /// `Iterator::try_fold` for [`ControlFlow`], as nested loops over the source's
            /// `try_fold`. (The trait's `try_fold` is generic over the unstable `Try` trait,
            /// so stable Rust cannot specialise it; `any`, `all`, `find`, `find_map` and
            /// `position` are specialised through this method.)
            ///
            /// After a `Break` the iterator resumes with the pair after the one that broke.
            ///
            /// # Example
            /// ```
            /// use core::ops::ControlFlow;
            #[doc = concat!("let p = pairs::", $ctor, "(1..=4u32);")]
            /// let mut p = p;
            /// let first = p.clone().find(|(a, b)| a + b > 4);
            /// let flow = p.try_fold_flow((), |(), (a, b)| {
            ///     if a + b > 4 { ControlFlow::Break((a, b)) } else { ControlFlow::Continue(()) }
            /// });
            /// assert_eq!(flow, ControlFlow::Break(first.unwrap()));
            /// ```
            pub fn try_fold_flow<B, C, F>(&mut self, init: B, f: F) -> ControlFlow<C, B>
            where
                F: FnMut(B, (I::Item, I::Item)) -> ControlFlow<C, B>,
            {
                self.grid.try_fold_flow(init, f)
            }

            /// `fold` that calls `stop` after each row of pairs and ends early when it says
            /// so: an early exit at the cost of one check per row, for consumers such as
            /// rayon's folders that may become full.
            ///
            /// # Example
            /// ```
            #[doc = concat!("let p = pairs::", $ctor, "(1..=4u32);")]
            /// let n = p.len();
            /// // Count everything (never stop), then stop after the first row.
            /// assert_eq!(p.clone().fold_rows_until(0, |c, _| c + 1, |_| false), n);
            /// let first_row = p.fold_rows_until(0, |c, _| c + 1, |c| *c > 0);
            /// assert!(first_row > 0 && first_row < n);
            /// ```
            pub fn fold_rows_until<B, F, P>(self, init: B, f: F, stop: P) -> B
            where
                F: FnMut(B, (I::Item, I::Item)) -> B,
                P: FnMut(&B) -> bool,
            {
                self.grid.fold_rows_until(init, f, stop)
            }

            /// Splits the remaining pairs into the first `k` and the rest, in O(1): both halves
            /// hold a number of pairs, not of rows (`k` is clamped to the length).
            ///
            /// # Example
            /// ```
            #[doc = concat!("let p = pairs::", $ctor, "(1..=4u32);")]
            /// let all: Vec<_> = p.clone().collect();
            /// let (a, b) = p.split_at(5);
            /// assert_eq!(a.len(), 5);
            /// assert!(a.chain(b).eq(all));
            /// ```
            pub fn split_at(self, k: usize) -> (Self, Self) {
                let (left, right) = self.grid.split_at(k);
                (Self { grid: left }, Self { grid: right })
            }
        }

        impl<I> Clone for $name<I>
        where
            I: Iterator + Clone,
            I::Item: Clone,
        {
            fn clone(&self) -> Self {
                Self {
                    grid: self.grid.clone(),
                }
            }
        }

        impl<I> Iterator for $name<I>
        where
            I: Iterator + Clone,
            I::Item: Clone,
        {
            type Item = (I::Item, I::Item);

            #[inline]
            fn next(&mut self) -> Option<Self::Item> {
                self.grid.next()
            }

            /// Exact while the count fits in `usize`; `(usize::MAX, None)` beyond.
            #[inline]
            fn size_hint(&self) -> (usize, Option<usize>) {
                self.grid.size_hint()
            }

            /// O(1): computes the target `(i, j)` from its rank.
            #[inline]
            fn nth(&mut self, k: usize) -> Option<Self::Item> {
                self.grid.nth(k)
            }

            /// O(1). Panics if the count exceeds `usize::MAX` (see [`Self::len_u128`]).
            #[inline]
            fn count(self) -> usize {
                match self.checked_len() {
                    Some(len) => len,
                    None => panic!("more than usize::MAX pairs; use len_u128"),
                }
            }

            /// O(1): jumps to the last pair.
            #[inline]
            fn last(self) -> Option<Self::Item> {
                self.grid.last()
            }

            /// Nested loops over the source's own `fold`.
            #[inline]
            fn fold<B, F>(self, init: B, f: F) -> B
            where
                F: FnMut(B, Self::Item) -> B,
            {
                self.grid.fold(init, f)
            }

            #[inline]
            fn any<F>(&mut self, mut f: F) -> bool
            where
                F: FnMut(Self::Item) -> bool,
            {
                self.try_fold_flow((), |(), p| {
                    if f(p) {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(())
                    }
                })
                .is_break()
            }

            #[inline]
            fn all<F>(&mut self, mut f: F) -> bool
            where
                F: FnMut(Self::Item) -> bool,
            {
                self.try_fold_flow((), |(), p| {
                    if f(p) {
                        ControlFlow::Continue(())
                    } else {
                        ControlFlow::Break(())
                    }
                })
                .is_continue()
            }

            #[inline]
            fn find<P>(&mut self, mut predicate: P) -> Option<Self::Item>
            where
                P: FnMut(&Self::Item) -> bool,
            {
                match self.try_fold_flow((), |(), p| {
                    if predicate(&p) {
                        ControlFlow::Break(p)
                    } else {
                        ControlFlow::Continue(())
                    }
                }) {
                    ControlFlow::Break(p) => Some(p),
                    ControlFlow::Continue(()) => None,
                }
            }

            #[inline]
            fn find_map<B, F>(&mut self, mut f: F) -> Option<B>
            where
                F: FnMut(Self::Item) -> Option<B>,
            {
                match self.try_fold_flow((), |(), p| match f(p) {
                    Some(b) => ControlFlow::Break(b),
                    None => ControlFlow::Continue(()),
                }) {
                    ControlFlow::Break(b) => Some(b),
                    ControlFlow::Continue(()) => None,
                }
            }

            #[inline]
            fn position<P>(&mut self, mut predicate: P) -> Option<usize>
            where
                P: FnMut(Self::Item) -> bool,
            {
                match self.try_fold_flow(0usize, |k, p| {
                    if predicate(p) {
                        ControlFlow::Break(k)
                    } else {
                        ControlFlow::Continue(k + 1)
                    }
                }) {
                    ControlFlow::Break(k) => Some(k),
                    ControlFlow::Continue(_) => None,
                }
            }
        }

        impl<I> DoubleEndedIterator for $name<I>
        where
            I: DoubleEndedIterator + Clone,
            I::Item: Clone,
        {
            #[inline]
            fn next_back(&mut self) -> Option<Self::Item> {
                self.grid.next_back()
            }

            /// O(1): computes the target `(i, j)` from its rank.
            #[inline]
            fn nth_back(&mut self, k: usize) -> Option<Self::Item> {
                self.grid.nth_back(k)
            }

            /// Nested loops over the source's own `rfold`.
            #[inline]
            fn rfold<B, F>(self, init: B, f: F) -> B
            where
                F: FnMut(B, Self::Item) -> B,
            {
                self.grid.rfold(init, f)
            }
        }

        /// `len()` is exact. If more than `usize::MAX` pairs remain (possible for pairs of
        /// pairs, or on 32-bit targets), `size_hint` is `(usize::MAX, None)` and `len()`
        /// panics like every `ExactSizeIterator` whose hint is not exact; use
        /// [`checked_len`](Self::checked_len) or [`len_u128`](Self::len_u128), or build with
        /// the `try_` constructor, which refuses such inputs.
        impl<I> ExactSizeIterator for $name<I>
        where
            I: Iterator + Clone,
            I::Item: Clone,
        {
        }

        impl<I> FusedIterator for $name<I>
        where
            I: Iterator + Clone,
            I::Item: Clone,
        {
        }
    };
}

/// All `N^2` ordered pairs `(x, y)` of a sequence, `(x, x)` included, in row-major order:
/// the order of `for x in X { for y in X { .. } }`. Built by [`pairs`].
///
/// It holds the source iterator and clones of it as cursors, never the pairs: no allocation.
///
/// # Example
/// ```
/// let all: Vec<(u8, u8)> = pairs::pairs([1u8, 2]).collect();
/// assert_eq!(all, [(1, 1), (1, 2), (2, 1), (2, 2)]);
/// ```
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Pairs<I: Iterator> {
    grid: Grid<I, Ordered>,
}

/// The `N(N-1)/2` distinct pairs `(X[i], X[j])`, `i < j`, of a sequence, in the order of
/// `for i in 0..N { for j in i+1..N { .. } }`. Built by [`distinct_pairs`].
///
/// "Distinct" refers to positions: two equal elements at different positions still form a
/// pair. It holds the source iterator and clones of it as cursors: no allocation.
///
/// # Example
/// ```
/// let all: Vec<(u8, u8)> = pairs::distinct_pairs([1u8, 1, 2]).collect();
/// assert_eq!(all, [(1, 1), (1, 2), (1, 2)]); // positions, not values
/// ```
#[derive(Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct DistinctPairs<I: Iterator> {
    grid: Grid<I, Distinct>,
}

grid_adapter!(Pairs, "pairs");
grid_adapter!(DistinctPairs, "distinct_pairs");

/// All `N^2` ordered pairs of `x`, `(x, x)` included, row-major.
///
/// `x` is anything iterable whose iterator is `Clone` and whose items are `Clone`: a slice
/// (`&v`, items `&T`), a range, an iterator adapter, or another [`Pairs`] /
/// [`DistinctPairs`] (pairs of pairs).
///
/// Construction reads the source's length from an exact `size_hint`, or else counts a clone
/// of it once.
///
/// ```
/// let v = [1, 2];
/// let all: Vec<_> = pairs::pairs(&v).map(|(a, b)| (*a, *b)).collect();
/// assert_eq!(all, [(1, 1), (1, 2), (2, 1), (2, 2)]);
/// ```
///
/// # Panics
///
/// Only if the source has more than `usize::MAX` elements (when counting it overflows).
pub fn pairs<X>(x: X) -> Pairs<X::IntoIter>
where
    X: IntoIterator,
    X::IntoIter: Clone,
    X::Item: Clone,
{
    let source = x.into_iter();
    let n = element_count(&source);
    Pairs {
        grid: Grid::new(source, n),
    }
}

/// Like [`pairs`], but refuses a source with more than `usize::MAX` ordered pairs, so that
/// `len()` can never panic.
///
/// # Errors
///
/// [`Error::TooManyPairs`] if `N^2 > usize::MAX`.
///
/// # Example
/// ```
/// let p = pairs::try_pairs(0..10u32).unwrap();
/// assert_eq!(p.len(), 100);
/// ```
pub fn try_pairs<X>(x: X) -> Result<Pairs<X::IntoIter>, Error>
where
    X: IntoIterator,
    X::IntoIter: Clone,
    X::Item: Clone,
{
    checked(x.into_iter()).map(|grid| Pairs { grid })
}

/// The distinct pairs `(X[i], X[j])`, `i < j`, of `x`, in nested-loop order.
///
/// `x` is anything iterable whose iterator is `Clone` and whose items are `Clone`: a slice
/// (`&v`, items `&T`), a range, an iterator adapter, or another [`Pairs`] /
/// [`DistinctPairs`] (distinct pairs of distinct pairs).
///
/// ```
/// let v = [1, 2, 3];
/// let d: Vec<_> = pairs::distinct_pairs(&v).map(|(a, b)| (*a, *b)).collect();
/// assert_eq!(d, [(1, 2), (1, 3), (2, 3)]);
/// ```
///
/// # Panics
///
/// Only if the source has more than `usize::MAX` elements (when counting it overflows).
pub fn distinct_pairs<X>(x: X) -> DistinctPairs<X::IntoIter>
where
    X: IntoIterator,
    X::IntoIter: Clone,
    X::Item: Clone,
{
    let source = x.into_iter();
    let n = element_count(&source);
    DistinctPairs {
        grid: Grid::new(source, n),
    }
}

/// Like [`distinct_pairs`], but refuses a source with more than `usize::MAX` distinct pairs,
/// so that `len()` can never panic.
///
/// # Errors
///
/// [`Error::TooManyPairs`] if `N(N-1)/2 > usize::MAX`.
///
/// # Example
/// ```
/// let p = pairs::try_distinct_pairs(0..10u32).unwrap();
/// assert_eq!(p.len(), 45);
/// // u64::MAX elements have more distinct pairs than usize::MAX:
/// assert!(pairs::try_distinct_pairs(0..u64::MAX).is_err());
/// ```
pub fn try_distinct_pairs<X>(x: X) -> Result<DistinctPairs<X::IntoIter>, Error>
where
    X: IntoIterator,
    X::IntoIter: Clone,
    X::Item: Clone,
{
    checked(x.into_iter()).map(|grid| DistinctPairs { grid })
}
