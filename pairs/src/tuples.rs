//! K-element subsets of a slice: [`distinct_tuples`] yields `[&T; K]` for every strictly
//! increasing index tuple `i₀ < i₁ < … < i_{K−1}`, in lexicographic order (nested-loop order),
//! without allocating.
use crate::error::Error;
use core::iter::FusedIterator;

/// `C(m, k)`, or `None` if it does not fit in `u128`. Computed by the multiplicative formula
/// over `min(k, m − k)` factors, each step exact (`C(m, i)·(m − i)` is divisible by `i + 1`).
fn binomial(m: usize, k: usize) -> Option<u128> {
    if k > m {
        return Some(0);
    }
    let k = k.min(m - k);
    let mut c: u128 = 1;
    for i in 0..k {
        c = c.checked_mul((m - i) as u128)? / (i as u128 + 1);
    }
    Some(c)
}

/// The K-element subsets of a slice, as `[&T; K]` with increasing indices, in lexicographic
/// order of the indices: for `K = 3` the order of
/// `for i in 0..n { for j in i+1..n { for k in j+1..n { … } } }`.
///
/// Exact size, double-ended, fused; [`Iterator::nth`] jumps by unranking in
/// `O(K² log n)`, not by stepping. `K = 0` yields one empty array (there is one empty subset),
/// and `K > n` yields nothing.
///
/// `next` costs what a nested loop's innermost step costs: the front is a *run*, the tuples
/// that differ only in their last index, held as the fixed prefix and the slice of last
/// elements still to come; the prefix advances once per run.
///
/// # Example
/// ```
/// use pairs::distinct_tuples;
/// let v = [1, 2, 3, 4];
/// let all: Vec<[&i32; 3]> = distinct_tuples::<3, _>(&v).collect();
/// assert_eq!(all, [[&1, &2, &3], [&1, &2, &4], [&1, &3, &4], [&2, &3, &4]]);
/// let mut t = distinct_tuples::<2, _>(&v);
/// assert_eq!(t.len(), 6);
/// assert_eq!(t.nth(4), Some([&2, &4]));
/// assert_eq!(distinct_tuples::<2, _>(&v).next_back(), Some([&3, &4]));
/// ```
#[derive(Debug)]
pub struct DistinctTuples<'a, T, const K: usize> {
    items: &'a [T],
    /// Indices of the current run's first tuple (for `K = 0`, nothing).
    run_start: [usize; K],
    /// The current run's tuple with its last element still to be set; `None` for `K > 0`
    /// once nothing remains (the slice may then have no element to point to).
    prefix: Option<[&'a T; K]>,
    /// The last elements of the run's tuples not yielded yet, clipped to the remaining ones.
    run: &'a [T],
    /// Remaining tuples after the run.
    beyond: usize,
    /// Indices of the last remaining tuple.
    back: [usize; K],
    /// Rank of `back` in the full order (`nth` finds the front's rank from it).
    back_rank: usize,
}

impl<T, const K: usize> Clone for DistinctTuples<'_, T, K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T, const K: usize> Copy for DistinctTuples<'_, T, K> {}

/// The K-element subsets of `items` ([`DistinctTuples`]).
///
/// # Panics
/// If their number exceeds `usize::MAX` (then `len()` could not report it); use
/// [`try_distinct_tuples`] to get an error instead.
///
/// # Example
/// ```
/// // The triangles of 5 points: C(5, 3) = 10.
/// let points = [0, 1, 2, 3, 4];
/// assert_eq!(pairs::distinct_tuples::<3, _>(&points).len(), 10);
/// ```
#[must_use]
#[inline]
pub fn distinct_tuples<const K: usize, T>(items: &[T]) -> DistinctTuples<'_, T, K> {
    match try_distinct_tuples(items) {
        Ok(t) => t,
        Err(e) => panic!("pairs::distinct_tuples: {e}"),
    }
}

/// [`distinct_tuples`], refusing a slice whose K-subsets number more than `usize::MAX`.
///
/// # Errors
/// [`Error::TooManyTuples`] naming the slice's length and `K`.
///
/// # Example
/// ```
/// let few = [1u8; 10];
/// assert_eq!(pairs::try_distinct_tuples::<4, _>(&few).unwrap().len(), 210);
/// ```
#[inline]
pub fn try_distinct_tuples<const K: usize, T>(
    items: &[T],
) -> Result<DistinctTuples<'_, T, K>, Error> {
    let n = items.len();
    let too_many = Error::TooManyTuples { elements: n, k: K };
    let count = binomial(n, K)
        .and_then(|c| usize::try_from(c).ok())
        .ok_or(too_many)?;
    let mut first = [0; K];
    let mut back = [0; K];
    for (j, (f, b)) in first.iter_mut().zip(&mut back).enumerate() {
        *f = j;
        *b = (n + j).saturating_sub(K);
    }
    let mut tuples = DistinctTuples {
        items,
        run_start: first,
        prefix: None,
        run: &[],
        beyond: 0,
        back,
        back_rank: count.saturating_sub(1),
    };
    tuples.start_run(first, count);
    Ok(tuples)
}

impl<'a, T, const K: usize> DistinctTuples<'a, T, K> {
    fn tuple(&self, indices: &[usize; K]) -> [&'a T; K] {
        let items = self.items;
        indices.map(|i| &items[i])
    }

    /// Makes `remaining` tuples, the first of them `first`, the remaining ones from the
    /// front: the run of `first` (clipped to `remaining`) and the count beyond it.
    #[inline]
    fn start_run(&mut self, first: [usize; K], remaining: usize) {
        self.run_start = first;
        self.run = &[];
        self.beyond = remaining;
        if remaining == 0 || K == 0 {
            // K = 0: the one empty tuple is counted in `beyond` and has no run.
            self.prefix = (K == 0).then(|| self.tuple(&first));
            return;
        }
        let last = first[K - 1];
        let len = remaining.min(self.items.len() - last);
        self.prefix = Some(self.tuple(&first));
        self.run = &self.items[last..last + len];
        self.beyond = remaining - len;
    }

    /// Moves `c` from the first tuple of a run that ended at the last element to the first of
    /// the next run, in the common case where only the second-to-last index steps (the last
    /// follows it); returns that index, or `None`, leaving `c` as it was, for the other case
    /// ([`Self::first_of_next_run`]).
    #[inline(always)]
    fn step_second_to_last(c: &mut [usize; K], n: usize) -> Option<usize> {
        if K < 2 || c[K - 2] + 2 >= n {
            return None;
        }
        let second = c[K - 2] + 1;
        (c[K - 2], c[K - 1]) = (second, second + 1);
        Some(second)
    }

    /// Moves `c` from the first tuple of a run that ended at the last element to the first of
    /// the next run, and returns that tuple.
    #[inline]
    fn first_of_next_run(items: &'a [T], c: &mut [usize; K]) -> [&'a T; K] {
        let n = items.len();
        c[K - 1] = n - 1;
        Self::advance(c, n);
        c.map(|i| &items[i])
    }

    /// The run after the one that just ended at the last element, as its prefix and its last
    /// elements, taking its tuples off `beyond` (which is not 0). Out of line and given only
    /// the fields it changes, so that a loop over `next` keeps the run and the prefix in
    /// registers (their addresses never leave `next`).
    #[inline(never)]
    fn next_run(
        items: &'a [T],
        run_start: &mut [usize; K],
        beyond: &mut usize,
    ) -> ([&'a T; K], &'a [T]) {
        let prefix = Self::first_of_next_run(items, run_start);
        let first = run_start[K - 1];
        let len = (*beyond).min(items.len() - first);
        *beyond -= len;
        (prefix, &items[first..first + len])
    }

    /// The run's next tuple, if the run has one.
    #[inline(always)]
    fn step_in_run(&mut self) -> Option<[&'a T; K]> {
        let ((last, rest), mut t) = (self.run.split_first()?, self.prefix?);
        self.run = rest;
        t[K - 1] = last;
        Some(t)
    }

    /// The next combination after `c` in lexicographic order (`c` is not the last).
    fn advance(c: &mut [usize; K], n: usize) {
        let mut j = K;
        while j > 0 {
            j -= 1;
            if c[j] < n - K + j {
                c[j] += 1;
                for l in j + 1..K {
                    c[l] = c[l - 1] + 1;
                }
                return;
            }
        }
    }

    /// The combination before `c` in lexicographic order (`c` is not the first).
    fn retreat(c: &mut [usize; K], n: usize) {
        let mut j = K;
        while j > 0 {
            j -= 1;
            let floor = if j == 0 { 0 } else { c[j - 1] + 1 };
            if c[j] > floor {
                c[j] -= 1;
                for (l, cl) in c.iter_mut().enumerate().skip(j + 1) {
                    *cl = n - K + l;
                }
                return;
            }
        }
    }

    /// The combination of rank `r` (lexicographic, `r < C(n, K)`): position by position, the
    /// smallest index whose block of combinations contains `r`, found by binary search on
    /// the hockey-stick count `C(n − start, K − j) − C(n − v, K − j)` of those before `v`.
    fn unrank(r: usize, n: usize) -> [usize; K] {
        let mut r = r as u128;
        let mut c = [0; K];
        let mut start = 0;
        for (j, cj) in c.iter_mut().enumerate() {
            let left = K - j;
            let total = binomial(n - start, left).unwrap_or(u128::MAX);
            // before(v): combinations whose position j holds an index below v.
            let before = |v: usize| total - binomial(n - v, left).unwrap_or(u128::MAX);
            let (mut lo, mut hi) = (start, n - left);
            while lo < hi {
                let mid = lo + (hi - lo).div_ceil(2);
                if before(mid) <= r {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            r -= before(lo);
            *cj = lo;
            start = lo + 1;
        }
        c
    }
}

impl<'a, T, const K: usize> Iterator for DistinctTuples<'a, T, K> {
    type Item = [&'a T; K];

    #[inline(always)]
    fn next(&mut self) -> Option<[&'a T; K]> {
        if let Some(t) = self.step_in_run() {
            return Some(t);
        }
        if K == 0 {
            // The one empty tuple, counted in `beyond`.
            let left = core::mem::take(&mut self.beyond);
            return self.prefix.filter(|_| left > 0);
        }
        if self.beyond == 0 {
            return None;
        }
        let n = self.items.len();
        if let Some(second) = Self::step_second_to_last(&mut self.run_start, n) {
            // Most runs: only the second-to-last index steps.
            let first = second + 1;
            let len = self.beyond.min(n - first);
            self.beyond -= len;
            if let Some(prefix) = &mut self.prefix {
                prefix[K - 2] = &self.items[second];
            }
            self.run = &self.items[first..first + len];
            return self.step_in_run();
        }
        let (prefix, run) = Self::next_run(self.items, &mut self.run_start, &mut self.beyond);
        (self.prefix, self.run) = (Some(prefix), run);
        self.step_in_run()
    }

    /// Internal iteration as nested loops: the last index runs through a slice in a tight
    /// loop, the prefix advances once per run.
    fn fold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, [&'a T; K]) -> B,
    {
        let mut acc = init;
        if K == 0 {
            return match self.next() {
                Some(t) => f(acc, t),
                None => acc,
            };
        }
        let Some(mut t) = self.prefix else {
            return acc;
        };
        for last in self.run {
            t[K - 1] = last;
            acc = f(acc, t);
        }
        // The following runs, as nested loops.
        let (items, n) = (self.items, self.items.len());
        let mut c = self.run_start;
        let mut beyond = self.beyond;
        while beyond > 0 {
            match Self::step_second_to_last(&mut c, n) {
                Some(second) => t[K - 2] = &items[second],
                None => t = Self::first_of_next_run(items, &mut c),
            }
            let first = c[K - 1];
            let len = beyond.min(n - first);
            for last in &items[first..first + len] {
                t[K - 1] = last;
                acc = f(acc, t);
            }
            beyond -= len;
        }
        acc
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let len = self.run.len() + self.beyond;
        (len, Some(len))
    }

    fn nth(&mut self, skip: usize) -> Option<[&'a T; K]> {
        let len = self.len();
        if skip >= len {
            self.start_run(self.run_start, 0);
            return None;
        }
        if skip < self.run.len() {
            self.run = &self.run[skip..];
        } else if skip > 0 {
            let rank = self.back_rank + 1 - len + skip;
            self.start_run(Self::unrank(rank, self.items.len()), len - skip);
        }
        self.next()
    }

    fn count(self) -> usize {
        self.len()
    }

    fn last(mut self) -> Option<[&'a T; K]> {
        self.next_back()
    }
}

impl<'a, T, const K: usize> DoubleEndedIterator for DistinctTuples<'a, T, K> {
    #[inline]
    fn next_back(&mut self) -> Option<[&'a T; K]> {
        if self.len() == 0 {
            return None;
        }
        let out = self.tuple(&self.back);
        // The back tuple is beyond the run, or else the run's last.
        if self.beyond > 0 {
            self.beyond -= 1;
        } else {
            self.run = &self.run[..self.run.len() - 1];
        }
        if self.len() > 0 {
            self.back_rank -= 1;
            Self::retreat(&mut self.back, self.items.len());
        }
        Some(out)
    }
}

impl<T, const K: usize> ExactSizeIterator for DistinctTuples<'_, T, K> {}

impl<T, const K: usize> FusedIterator for DistinctTuples<'_, T, K> {}
