//! The iteration engine shared by [`Pairs`](crate::Pairs) and
//! [`DistinctPairs`](crate::DistinctPairs): the remaining pairs, counted, that end at a back
//! position in the row-major order of a [`Shape`], and lazily built cursors over the source
//! at both ends.
//!
//! The cursors are clones of the source iterator, exactly as in the article's C++
//! `pairs_iterator` (a pair of container iterators): the front cursor holds the current first
//! element, an `inner` clone that yields the second elements of the row and an `outer` clone
//! that yields the next rows' first elements. `next` runs the front cursor as a flattening
//! iterator and only counts down the remaining pairs, so a `for` loop over it costs what one
//! over a hand-written flattening costs (the count replaces the window's front position,
//! which follows from the ranks when asked). Jumps (`nth`, `nth_back`, splits) only change
//! the count and the back; the cursor at that end is rebuilt on the next step with the
//! source's own `nth`, so a jump costs O(1) whenever the source's `nth` does (slices, ranges,
//! these adapters).
use crate::shape::{Pos, Shape};
use core::marker::PhantomData;
use core::ops::ControlFlow;

/// Advances `it` by `k` elements through its `nth`.
#[inline]
fn skip<I: Iterator>(it: &mut I, k: usize) {
    if k > 0 {
        it.nth(k - 1);
    }
}

/// Drops `k` elements from the back of `it` through its `nth_back`.
#[inline]
fn skip_back<I: DoubleEndedIterator>(it: &mut I, k: usize) {
    if k > 0 {
        it.nth_back(k - 1);
    }
}

/// The cursor at the front: the pairs it yields next, row by row, are the remaining ones.
/// Always present, so that its state can stay in registers in a loop over `next`; built
/// (and `first` is `Some`) on demand.
#[derive(Clone)]
struct Front<I: Iterator> {
    /// The current first element, element `row`; `None` while the cursor is not built.
    first: Option<I::Item>,
    /// Yields the row's second elements not taken yet; empty at the end of the row.
    inner: I,
    /// Yields elements `row + 1, .., n - 1`: the first elements of the following rows.
    outer: I,
    /// Index of `first`.
    row: usize,
}

/// The cursor at the back position `(i, j)`.
#[derive(Clone)]
struct Back<I: Iterator> {
    /// Element `i`.
    first: I::Item,
    /// `next_back` yields elements `j, j - 1, .., row_start(i)`.
    inner: I,
}

/// Pairs of a [`Shape`] over a cloneable source.
///
/// The remaining pairs are the `left + beyond` pairs that end at position `back`; the front
/// position follows from the ranks. `next` yields from the front cursor while `left > 0`,
/// with no other bookkeeping than counting down: the same work as a flattening iterator,
/// which is what lets a `for` loop over it run at a nested loop's speed. `left` is refilled
/// from `beyond` (counts may exceed `usize`), and is 0 whenever the front cursor is absent.
pub(crate) struct Grid<I: Iterator, S> {
    /// The whole source, never advanced: cursors are cloned from it.
    source: I,
    /// Number of elements of the source.
    n: usize,
    /// Last remaining position (meaningless once nothing remains).
    back: Pos,
    /// Remaining pairs that `next` may take from the front cursor without a check.
    left: usize,
    /// The other remaining pairs.
    beyond: u128,
    /// Cursor at the front.
    front: Front<I>,
    /// Cursor at `back`, built on demand.
    back_cursor: Option<Back<I>>,
    shape: PhantomData<S>,
}

impl<I, S> Clone for Grid<I, S>
where
    I: Iterator + Clone,
    I::Item: Clone,
{
    fn clone(&self) -> Self {
        Self {
            source: self.source.clone(),
            n: self.n,
            back: self.back,
            left: self.left,
            beyond: self.beyond,
            front: self.front.clone(),
            back_cursor: self.back_cursor.clone(),
            shape: PhantomData,
        }
    }
}

/// Shows the source length and the remaining window, not the elements (which need not be
/// `Debug`).
impl<I: Iterator, S: Shape> core::fmt::Debug for Grid<I, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Pairs")
            .field("source_len", &self.n)
            .field("window", &self.window())
            .finish_non_exhaustive()
    }
}

impl<I: Iterator, S: Shape> Grid<I, S> {
    /// Number of remaining pairs, exactly (never overflows).
    #[inline]
    pub(crate) fn remaining(&self) -> u128 {
        self.left as u128 + self.beyond
    }

    /// First and last remaining positions (inclusive); `None` once exhausted.
    #[inline]
    fn window(&self) -> Option<(Pos, Pos)> {
        let remaining = self.remaining();
        (remaining > 0).then(|| {
            let front = S::rank(self.back, self.n) + 1 - remaining;
            (S::unrank(front, self.n), self.back)
        })
    }

    /// Sets the remaining positions to `window`, dropping both cursors.
    #[inline]
    fn set_window(&mut self, window: Option<(Pos, Pos)>) {
        self.front.first = None;
        self.back_cursor = None;
        self.left = 0;
        match window {
            Some((f, b)) => {
                self.back = b;
                self.beyond = S::rank(b, self.n) - S::rank(f, self.n) + 1;
            }
            None => self.beyond = 0,
        }
    }

    #[inline]
    fn exhaust(&mut self) {
        self.set_window(None);
    }

    /// Takes `k ≤ remaining` pairs off the count, from `beyond` first (the back's share).
    #[inline]
    fn uncount(&mut self, k: u128) {
        let from_beyond = k.min(self.beyond);
        self.beyond -= from_beyond;
        // The rest is at most `left`, so it fits in usize.
        self.left -= (k - from_beyond) as usize;
        if self.remaining() == 0 {
            self.exhaust();
        }
    }
}

impl<I, S> Grid<I, S>
where
    I: Iterator + Clone,
    I::Item: Clone,
    S: Shape,
{
    /// All pairs of the `n` elements of `source`.
    pub(crate) fn new(source: I, n: usize) -> Self {
        let count = S::count(n);
        Self {
            n,
            back: if count > 0 {
                S::unrank(count - 1, n)
            } else {
                (0, 0)
            },
            left: 0,
            beyond: count,
            front: Front {
                first: None,
                inner: source.clone(),
                outer: source.clone(),
                row: 0,
            },
            source,
            back_cursor: None,
            shape: PhantomData,
        }
    }

    /// Number of elements of the source.
    pub(crate) fn source_len(&self) -> usize {
        self.n
    }

    /// Rank (in the full iteration) of the next pair from the front, if any.
    pub(crate) fn front_rank(&self) -> Option<u128> {
        let remaining = self.remaining();
        (remaining > 0).then(|| S::rank(self.back, self.n) + 1 - remaining)
    }

    /// The standard `size_hint`: exact when it fits in `usize`, else `(usize::MAX, None)`.
    pub(crate) fn size_hint(&self) -> (usize, Option<usize>) {
        match usize::try_from(self.remaining()) {
            Ok(len) => (len, Some(len)),
            Err(_) => (usize::MAX, None),
        }
    }

    /// Builds the front cursor of `source` at `pos`; `None` if the source is shorter.
    fn front_at(source: &I, (i, j): Pos) -> Option<Front<I>> {
        let mut outer = source.clone();
        let first = outer.nth(i)?;
        let mut inner = Self::row_inner(source, &outer);
        skip(&mut inner, j - S::row_start(i));
        Some(Front {
            first: Some(first),
            inner,
            outer,
            row: i,
        })
    }

    /// The iterator over row `i`'s second elements, from `row_start(i)` on, given `outer`
    /// just after element `i`.
    #[inline]
    fn row_inner(source: &I, outer: &I) -> I {
        if S::SECOND_FROM_START {
            source.clone()
        } else {
            outer.clone()
        }
    }

    /// Moves `cur` to the start of the next row; false if the source has no more elements.
    #[inline]
    fn next_row(source: &I, cur: &mut Front<I>) -> bool {
        match cur.outer.next() {
            Some(first) => {
                cur.first = Some(first);
                cur.inner = Self::row_inner(source, &cur.outer);
                cur.row += 1;
                true
            }
            None => false,
        }
    }

    /// The remaining window with the front cursor built and in the front position's row (not
    /// at the end of the row before it); `None` (and exhausted) if nothing remains or the
    /// source is short.
    fn aligned_front(&mut self) -> Option<(Pos, Pos)> {
        let window = self.window()?;
        let ((fi, _), _) = window;
        let built = self.front.first.is_some();
        if built && self.front.row + 1 == fi && !Self::next_row(&self.source, &mut self.front) {
            self.exhaust();
            return None;
        }
        if !built || self.front.row != fi {
            let Some(cur) = Self::front_at(&self.source, window.0) else {
                self.exhaust();
                return None;
            };
            self.front = cur;
        }
        Some(window)
    }

    #[inline]
    pub(crate) fn next(&mut self) -> Option<(I::Item, I::Item)> {
        if self.left == 0 {
            // Refill the count from `beyond`, building the cursor first if there is none.
            if self.beyond == 0 {
                return None;
            }
            if self.front.first.is_none() {
                match Self::front_of(self.source.clone(), self.n, self.back, self.remaining()) {
                    Some(cur) => self.front = cur,
                    None => {
                        // The source is shorter than it was counted.
                        self.exhaust();
                        return None;
                    }
                }
            }
            let take = usize::try_from(self.beyond).unwrap_or(usize::MAX);
            self.left = take;
            self.beyond -= take as u128;
        }
        // As a flattening iterator: the count says a pair remains, so a row that ends is
        // followed by another.
        loop {
            if let Some(second) = self.front.inner.next() {
                self.left -= 1;
                // `first` is `Some` while `left > 0`.
                let first = self.front.first.clone()?;
                return Some((first, second));
            }
            if !Self::next_row(&self.source, &mut self.front) {
                self.exhaust();
                return None;
            }
        }
    }

    /// The front cursor for `remaining > 0` pairs that end at `back`. Out of line, with
    /// everything passed by value: a reference into `self` would pin the iterator to memory
    /// in the caller's loop, where its state should stay in registers.
    #[inline(never)]
    fn front_of(source: I, n: usize, back: Pos, remaining: u128) -> Option<Front<I>> {
        Self::front_at(&source, S::unrank(S::rank(back, n) + 1 - remaining, n))
    }

    /// Skips `k` pairs from the front in O(1) and yields the next one.
    pub(crate) fn nth(&mut self, k: usize) -> Option<(I::Item, I::Item)> {
        if k == 0 {
            return self.next();
        }
        if k as u128 >= self.remaining() {
            self.exhaust();
            return None;
        }
        // Drop the cursor and take the skipped pairs off the count; the cursor is rebuilt at
        // the new front position.
        self.beyond = self.remaining() - k as u128;
        self.left = 0;
        self.front.first = None;
        self.next()
    }

    /// The last remaining pair, in O(1) source `nth` calls.
    pub(crate) fn last(mut self) -> Option<(I::Item, I::Item)> {
        if self.remaining() == 0 {
            return None;
        }
        self.left = 0;
        self.beyond = 1;
        self.front.first = None;
        self.next()
    }

    /// Visits every remaining pair in order as nested loops over the source's own `fold`.
    #[inline]
    pub(crate) fn fold<B, F>(self, init: B, f: F) -> B
    where
        F: FnMut(B, (I::Item, I::Item)) -> B,
    {
        self.fold_rows_until(init, f, |_| false)
    }

    /// [`fold`](Self::fold) that checks `stop` after each row (a cheap, coarse early exit).
    #[inline]
    pub(crate) fn fold_rows_until<B, F, P>(mut self, init: B, mut f: F, mut stop: P) -> B
    where
        F: FnMut(B, (I::Item, I::Item)) -> B,
        P: FnMut(&B) -> bool,
    {
        let Some(((mut i, mut j), (bi, bj))) = self.aligned_front() else {
            return init;
        };
        let Front {
            first: Some(mut first),
            mut inner,
            mut outer,
            ..
        } = self.front
        else {
            return init;
        };
        let mut acc = init;
        loop {
            if i == bi {
                // Last row: up to column bj only.
                return if bj + 1 == self.n {
                    inner.fold(acc, |acc, second| f(acc, (first.clone(), second)))
                } else {
                    inner
                        .take(bj + 1 - j)
                        .fold(acc, |acc, second| f(acc, (first.clone(), second)))
                };
            }
            acc = inner.fold(acc, |acc, second| f(acc, (first.clone(), second)));
            if stop(&acc) {
                return acc;
            }
            i += 1;
            j = S::row_start(i);
            first = match outer.next() {
                Some(x) => x,
                None => return acc,
            };
            inner = Self::row_inner(&self.source, &outer);
        }
    }

    /// Like `Iterator::try_fold` with `ControlFlow`: stops at the first `Break`, and the
    /// iterator then resumes after the pair that broke. Nested loops: `next` for the first
    /// pair of each row (it builds the cursor, refills the count and changes rows), then a
    /// tight loop over the rest of the row.
    #[inline]
    pub(crate) fn try_fold_flow<B, C, F>(&mut self, init: B, mut f: F) -> ControlFlow<C, B>
    where
        F: FnMut(B, (I::Item, I::Item)) -> ControlFlow<C, B>,
    {
        let mut acc = init;
        while let Some(item) = self.next() {
            acc = f(acc, item)?;
            let Some(first) = self.front.first.clone() else {
                continue;
            };
            while self.left > 0 {
                let Some(second) = self.front.inner.next() else {
                    break;
                };
                self.left -= 1;
                acc = f(acc, (first.clone(), second))?;
            }
        }
        ControlFlow::Continue(acc)
    }

    /// The same source with the remaining positions `window` and no cursors yet.
    fn with_window(&self, window: Option<(Pos, Pos)>) -> Self {
        let mut grid = Self {
            source: self.source.clone(),
            n: self.n,
            back: (0, 0),
            left: 0,
            beyond: 0,
            front: Front {
                first: None,
                inner: self.source.clone(),
                outer: self.source.clone(),
                row: 0,
            },
            back_cursor: None,
            shape: PhantomData,
        };
        grid.set_window(window);
        grid
    }

    /// Splits the remaining pairs after `k` of them: `(first k, the rest)`.
    pub(crate) fn split_at(&self, k: usize) -> (Self, Self) {
        let Some((f, b)) = self.window() else {
            return (self.with_window(None), self.with_window(None));
        };
        let (start, end) = (S::rank(f, self.n), S::rank(b, self.n) + 1);
        let mid = (start + k as u128).min(end);
        let left = (mid > start).then(|| (f, S::unrank(mid - 1, self.n)));
        let right = (mid < end).then(|| (S::unrank(mid, self.n), b));
        (self.with_window(left), self.with_window(right))
    }
}

impl<I, S> Grid<I, S>
where
    I: DoubleEndedIterator + Clone,
    I::Item: Clone,
    S: Shape,
{
    /// Builds the back cursor at `pos`; `None` if the source yields fewer than `n` elements.
    fn back_at(&self, (i, j): Pos) -> Option<Back<I>> {
        let mut outer = self.source.clone();
        let first = outer.nth(i)?;
        let mut inner = Self::row_inner(&self.source, &outer);
        skip_back(&mut inner, self.n - 1 - j);
        Some(Back { first, inner })
    }

    #[inline]
    pub(crate) fn next_back(&mut self) -> Option<(I::Item, I::Item)> {
        if self.remaining() == 0 {
            return None;
        }
        if self.back_cursor.is_none() {
            self.back_cursor = self.back_at(self.back);
        }
        let Some(cur) = self.back_cursor.as_mut() else {
            self.exhaust();
            return None;
        };
        let Some(second) = cur.inner.next_back() else {
            self.exhaust();
            return None;
        };
        let item = (cur.first.clone(), second);
        let (i, j) = self.back;
        if j > S::row_start(i) {
            self.back = (i, j - 1);
        } else if i > 0 {
            // Row i is done; the back cursor of row i - 1 is built on the next call.
            self.back = (i - 1, self.n - 1);
            self.back_cursor = None;
        }
        self.uncount(1);
        Some(item)
    }

    /// Skips `k` pairs from the back in O(1) and yields the one before them.
    pub(crate) fn nth_back(&mut self, k: usize) -> Option<(I::Item, I::Item)> {
        if k == 0 {
            return self.next_back();
        }
        if k as u128 >= self.remaining() {
            self.exhaust();
            return None;
        }
        self.back = S::unrank(S::rank(self.back, self.n) - k as u128, self.n);
        self.back_cursor = None;
        self.uncount(k as u128);
        self.next_back()
    }

    /// Visits every remaining pair in reverse order, row by row with the source's `rfold`.
    pub(crate) fn rfold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, (I::Item, I::Item)) -> B,
    {
        let mut acc = init;
        while let Some(((fi, _), (bi, bj))) = self.window() {
            if bi == fi {
                break;
            }
            // Finish the back row (strictly after the front row) with the source's rfold.
            let cursor = match self.back_cursor.take() {
                Some(c) => Some(c),
                None => self.back_at((bi, bj)),
            };
            let Some(Back { first, inner }) = cursor else {
                self.exhaust();
                return acc;
            };
            acc = inner.rfold(acc, |acc, second| f(acc, (first.clone(), second)));
            let row_pairs = (bj + 1 - S::row_start(bi)) as u128;
            self.back = (bi - 1, self.n - 1);
            self.uncount(row_pairs);
        }
        // The rest lies in one row: step through it.
        while let Some(item) = self.next_back() {
            acc = f(acc, item);
        }
        acc
    }
}
