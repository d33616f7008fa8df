//! The iteration engine shared by [`Pairs`](crate::Pairs) and
//! [`DistinctPairs`](crate::DistinctPairs): a window `[front, back]` of positions in the
//! row-major order of a [`Shape`], and lazily built cursors over the source at both ends.
//!
//! The cursors are clones of the source iterator, exactly as in the article's C++
//! `pairs_iterator` (a pair of container iterators): the front cursor holds the current first
//! element, an `inner` clone that yields the second elements of the row and an `outer` clone
//! that yields the next rows' first elements. Jumps (`nth`, `nth_back`, splits) only move the
//! window; the cursor at that end is rebuilt on the next step with the source's own `nth`, so
//! a jump costs O(1) whenever the source's `nth` does (slices, ranges, these adapters).
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

/// The cursor at the front position `(i, j)`.
#[derive(Clone)]
struct Front<I: Iterator> {
    /// Element `i`.
    first: I::Item,
    /// Yields elements `j, j + 1, .., n - 1`.
    inner: I,
    /// Yields elements `i + 1, .., n - 1`: the first elements of the following rows.
    outer: I,
    /// `next` may take its fast path while `j < stop`: `stop` is the back column in the
    /// back's row, else the row's last column (kept by `sync_stop`).
    stop: usize,
}

/// The cursor at the back position `(i, j)`.
#[derive(Clone)]
struct Back<I: Iterator> {
    /// Element `i`.
    first: I::Item,
    /// `next_back` yields elements `j, j - 1, .., row_start(i)`.
    inner: I,
}

/// Pairs of a [`Shape`] over a cloneable source: the remaining positions are `[front, back]`.
pub(crate) struct Grid<I: Iterator, S> {
    /// The whole source, never advanced: cursors are cloned from it.
    source: I,
    /// Number of elements of the source.
    n: usize,
    /// First and last remaining positions (inclusive); `None` once exhausted.
    window: Option<(Pos, Pos)>,
    /// Cursor at `window.0`, built on demand.
    front: Option<Front<I>>,
    /// Cursor at `window.1`, built on demand.
    back: Option<Back<I>>,
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
            window: self.window,
            front: self.front.clone(),
            back: self.back.clone(),
            shape: PhantomData,
        }
    }
}

/// Shows the source length and the remaining window, not the elements (which need not be
/// `Debug`).
impl<I: Iterator, S> core::fmt::Debug for Grid<I, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Pairs")
            .field("source_len", &self.n)
            .field("window", &self.window)
            .finish_non_exhaustive()
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
        let window = (S::count(n) > 0).then(|| (S::unrank(0, n), S::unrank(S::count(n) - 1, n)));
        Self {
            source,
            n,
            window,
            front: None,
            back: None,
            shape: PhantomData,
        }
    }

    /// Number of elements of the source.
    pub(crate) fn source_len(&self) -> usize {
        self.n
    }

    /// Number of remaining pairs, exactly (never overflows).
    pub(crate) fn remaining(&self) -> u128 {
        match self.window {
            None => 0,
            Some((f, b)) => S::rank(b, self.n) - S::rank(f, self.n) + 1,
        }
    }

    /// Rank (in the full iteration) of the next pair from the front, if any.
    pub(crate) fn front_rank(&self) -> Option<u128> {
        self.window.map(|(f, _)| S::rank(f, self.n))
    }

    /// The standard `size_hint`: exact when it fits in `usize`, else `(usize::MAX, None)`.
    pub(crate) fn size_hint(&self) -> (usize, Option<usize>) {
        match usize::try_from(self.remaining()) {
            Ok(len) => (len, Some(len)),
            Err(_) => (usize::MAX, None),
        }
    }

    fn exhaust(&mut self) {
        self.window = None;
        self.front = None;
        self.back = None;
    }

    /// Builds the front cursor at `pos`; `None` if the source yields fewer than `n` elements.
    fn front_at(&self, (i, j): Pos) -> Option<Front<I>> {
        let mut outer = self.source.clone();
        let first = outer.nth(i)?;
        let mut inner = Self::row_inner(&self.source, &outer);
        skip(&mut inner, j - S::row_start(i));
        Some(Front {
            first,
            inner,
            outer,
            stop: 0,
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

    /// Recomputes the front cursor's fast-path limit after the window changed.
    #[inline]
    fn sync_stop(&mut self) {
        if let (Some(((fi, _), (bi, bj))), Some(cur)) = (self.window, self.front.as_mut()) {
            cur.stop = if fi == bi { bj } else { self.n - 1 };
        }
    }

    /// Makes sure the front cursor exists; `None` (and exhausted) if the source is short.
    #[inline]
    fn front_cursor(&mut self) -> Option<(Pos, Pos)> {
        let window = self.window?;
        if self.front.is_none() {
            match self.front_at(window.0) {
                Some(c) => {
                    self.front = Some(c);
                    self.sync_stop();
                }
                None => {
                    self.exhaust();
                    return None;
                }
            }
        }
        Some(window)
    }

    #[inline]
    pub(crate) fn next(&mut self) -> Option<(I::Item, I::Item)> {
        // Fast path: inside a row, not at the last pair.
        if let (Some(((_, j), _)), Some(cur)) = (&mut self.window, &mut self.front)
            && *j < cur.stop
            && let Some(second) = cur.inner.next()
        {
            *j += 1;
            return Some((cur.first.clone(), second));
        }
        self.next_in_general()
    }

    /// `next` at a row end, at the last pair, or before the front cursor is built. Inlined
    /// too: out of line, its `&mut self` would pin the iterator's state to memory in the
    /// caller's loop (a load and a store per field and pair); inlined, the state stays in
    /// registers, which made a `for` loop over the distinct pairs of a slice 25% faster.
    #[inline]
    fn next_in_general(&mut self) -> Option<(I::Item, I::Item)> {
        let (f, b) = self.front_cursor()?;
        let cur = self.front.as_mut()?;
        let Some(second) = cur.inner.next() else {
            self.exhaust();
            return None;
        };
        let item = (cur.first.clone(), second);
        if f == b {
            self.exhaust();
            return Some(item);
        }
        let (i, j) = f;
        if j + 1 < self.n {
            self.window = Some(((i, j + 1), b));
        } else {
            // Row i is done and a pair remains, so row i + 1 is not empty.
            match cur.outer.next() {
                Some(first) => {
                    cur.first = first;
                    cur.inner = Self::row_inner(&self.source, &cur.outer);
                    self.window = Some(((i + 1, S::row_start(i + 1)), b));
                    self.sync_stop();
                }
                None => self.exhaust(),
            }
        }
        Some(item)
    }

    /// Skips `k` pairs from the front in O(1) and yields the next one.
    pub(crate) fn nth(&mut self, k: usize) -> Option<(I::Item, I::Item)> {
        if k == 0 {
            return self.next();
        }
        let (f, b) = self.window?;
        if k as u128 >= self.remaining() {
            self.exhaust();
            return None;
        }
        let to = S::unrank(S::rank(f, self.n) + k as u128, self.n);
        self.window = Some((to, b));
        self.front = None;
        self.next()
    }

    /// The last remaining pair, in O(1) source `nth` calls.
    pub(crate) fn last(mut self) -> Option<(I::Item, I::Item)> {
        let (_, b) = self.window?;
        self.window = Some((b, b));
        self.front = None;
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
        let Some(((mut i, mut j), (bi, bj))) = self.front_cursor() else {
            return init;
        };
        let Some(Front {
            mut first,
            mut inner,
            mut outer,
            ..
        }) = self.front.take()
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
    /// iterator then resumes after the pair that broke.
    pub(crate) fn try_fold_flow<B, C, F>(&mut self, init: B, mut f: F) -> ControlFlow<C, B>
    where
        F: FnMut(B, (I::Item, I::Item)) -> ControlFlow<C, B>,
    {
        let Some(((mut i, mut j), (bi, bj))) = self.front_cursor() else {
            return ControlFlow::Continue(init);
        };
        let mut acc = init;
        loop {
            let Some(cur) = self.front.as_mut() else {
                return ControlFlow::Continue(acc);
            };
            let end = if i == bi { bj + 1 } else { self.n };
            let mut taken = 0usize;
            let first = &cur.first;
            let flow = (&mut cur.inner).take(end - j).try_fold(acc, |acc, second| {
                taken += 1;
                f(acc, (first.clone(), second))
            });
            let done_row = j + taken == end;
            match flow {
                ControlFlow::Break(c) => {
                    if i == bi && done_row {
                        self.exhaust();
                    } else if done_row {
                        self.advance_front_row(i, (bi, bj));
                    } else {
                        self.window = Some(((i, j + taken), (bi, bj)));
                    }
                    return ControlFlow::Break(c);
                }
                ControlFlow::Continue(a) => acc = a,
            }
            if i == bi || !done_row {
                self.exhaust();
                return ControlFlow::Continue(acc);
            }
            if !self.advance_front_row(i, (bi, bj)) {
                return ControlFlow::Continue(acc);
            }
            i += 1;
            j = S::row_start(i);
        }
    }

    /// Moves the front cursor from the finished row `i` to row `i + 1`; false if exhausted.
    fn advance_front_row(&mut self, i: usize, back: Pos) -> bool {
        let Some(cur) = self.front.as_mut() else {
            return false;
        };
        match cur.outer.next() {
            Some(first) => {
                cur.first = first;
                cur.inner = Self::row_inner(&self.source, &cur.outer);
                self.window = Some(((i + 1, S::row_start(i + 1)), back));
                self.sync_stop();
                true
            }
            None => {
                self.exhaust();
                false
            }
        }
    }

    /// The same source with the remaining positions `window` and no cursors yet.
    fn with_window(&self, window: Option<(Pos, Pos)>) -> Self {
        Self {
            source: self.source.clone(),
            n: self.n,
            window,
            front: None,
            back: None,
            shape: PhantomData,
        }
    }

    /// Splits the remaining pairs after `k` of them: `(first k, the rest)`.
    pub(crate) fn split_at(&self, k: usize) -> (Self, Self) {
        let Some((f, b)) = self.window else {
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
        let (f, b) = self.window?;
        if self.back.is_none() {
            self.back = self.back_at(b);
        }
        let Some(cur) = self.back.as_mut() else {
            self.exhaust();
            return None;
        };
        let Some(second) = cur.inner.next_back() else {
            self.exhaust();
            return None;
        };
        let item = (cur.first.clone(), second);
        if f == b {
            self.exhaust();
            return Some(item);
        }
        let (i, j) = b;
        if j > S::row_start(i) {
            self.window = Some((f, (i, j - 1)));
        } else {
            // Row i is done and a pair remains before it, so i > 0 and row i - 1 is not
            // empty; its cursor is rebuilt on the next call.
            self.window = Some((f, (i - 1, self.n - 1)));
            self.back = None;
        }
        self.sync_stop();
        Some(item)
    }

    /// Skips `k` pairs from the back in O(1) and yields the one before them.
    pub(crate) fn nth_back(&mut self, k: usize) -> Option<(I::Item, I::Item)> {
        if k == 0 {
            return self.next_back();
        }
        let (f, b) = self.window?;
        if k as u128 >= self.remaining() {
            self.exhaust();
            return None;
        }
        let to = S::unrank(S::rank(b, self.n) - k as u128, self.n);
        self.window = Some((f, to));
        self.back = None;
        self.sync_stop();
        self.next_back()
    }

    /// Visits every remaining pair in reverse order, row by row with the source's `rfold`.
    pub(crate) fn rfold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, (I::Item, I::Item)) -> B,
    {
        let mut acc = init;
        while let Some((front, (bi, bj))) = self.window {
            if bi == front.0 {
                break;
            }
            // Finish the back row (strictly after the front row) with the source's rfold.
            let cursor = match self.back.take() {
                Some(c) => Some(c),
                None => self.back_at((bi, bj)),
            };
            let Some(Back { first, inner }) = cursor else {
                self.exhaust();
                return acc;
            };
            acc = inner.rfold(acc, |acc, second| f(acc, (first.clone(), second)));
            self.window = Some((front, (bi - 1, self.n - 1)));
        }
        // The rest lies in one row: step through it.
        while let Some(item) = self.next_back() {
            acc = f(acc, item);
        }
        acc
    }
}
