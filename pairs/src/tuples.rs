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
    /// Indices of the next tuple from the front.
    front: [usize; K],
    /// Indices of the next tuple from the back.
    back: [usize; K],
    /// Tuples left (front to back, inclusive); the constructor checked that the total fits.
    remaining: usize,
    /// Rank of `front` in the full order (for `nth`).
    front_rank: usize,
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
pub fn try_distinct_tuples<const K: usize, T>(
    items: &[T],
) -> Result<DistinctTuples<'_, T, K>, Error> {
    let n = items.len();
    let too_many = Error::TooManyTuples { elements: n, k: K };
    let count = binomial(n, K)
        .and_then(|c| usize::try_from(c).ok())
        .ok_or(too_many)?;
    let mut front = [0; K];
    let mut back = [0; K];
    for (j, (f, b)) in front.iter_mut().zip(&mut back).enumerate() {
        *f = j;
        *b = (n + j).saturating_sub(K);
    }
    Ok(DistinctTuples {
        items,
        front,
        back,
        remaining: count,
        front_rank: 0,
    })
}

impl<'a, T, const K: usize> DistinctTuples<'a, T, K> {
    fn tuple(&self, indices: &[usize; K]) -> [&'a T; K] {
        let items = self.items;
        indices.map(|i| &items[i])
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

    #[inline]
    fn next(&mut self) -> Option<[&'a T; K]> {
        if self.remaining == 0 {
            return None;
        }
        let out = self.tuple(&self.front);
        self.remaining -= 1;
        self.front_rank += 1;
        if self.remaining > 0 {
            let n = self.items.len();
            // Inside a run of the last index: one increment.
            match self.front.last_mut() {
                Some(last) if *last + 1 < n => *last += 1,
                _ => Self::advance(&mut self.front, n),
            }
        }
        Some(out)
    }

    /// Internal iteration as nested loops: the last index runs through a slice in a tight
    /// loop (no per-tuple bookkeeping), the prefix advances once per run.
    fn fold<B, F>(mut self, init: B, mut f: F) -> B
    where
        F: FnMut(B, [&'a T; K]) -> B,
    {
        let n = self.items.len();
        let mut acc = init;
        if K == 0 {
            if self.remaining > 0 {
                acc = f(acc, self.tuple(&self.front));
            }
            return acc;
        }
        while self.remaining > 0 {
            let first = self.front[K - 1];
            let run = self.remaining.min(n - first);
            let mut t = self.tuple(&self.front);
            for item in &self.items[first..first + run] {
                t[K - 1] = item;
                acc = f(acc, t);
            }
            self.remaining -= run;
            self.front_rank += run;
            if self.remaining == 0 {
                break;
            }
            self.front[K - 1] = first + run - 1;
            Self::advance(&mut self.front, n);
        }
        acc
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.remaining, Some(self.remaining))
    }

    fn nth(&mut self, skip: usize) -> Option<[&'a T; K]> {
        if skip >= self.remaining {
            self.remaining = 0;
            return None;
        }
        if skip > 0 {
            self.front_rank += skip;
            self.remaining -= skip;
            self.front = Self::unrank(self.front_rank, self.items.len());
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
        if self.remaining == 0 {
            return None;
        }
        let out = self.tuple(&self.back);
        self.remaining -= 1;
        if self.remaining > 0 {
            Self::retreat(&mut self.back, self.items.len());
        }
        Some(out)
    }
}

impl<T, const K: usize> ExactSizeIterator for DistinctTuples<'_, T, K> {}

impl<T, const K: usize> FusedIterator for DistinctTuples<'_, T, K> {}
