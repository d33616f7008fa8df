//! Which index pairs `(i, j)` of an `n`-element sequence are visited, and the bijection
//! between a pair and its rank (its 0-based position in iteration order).
//!
//! Ranks are `u128`: with `n <= usize::MAX <= 2^64` every count `n^2` fits, so rank arithmetic
//! never overflows, even where the count does not fit in `usize`.

/// A position `(i, j)`: index of the first and of the second element.
pub(crate) type Pos = (usize, usize);

/// The set of index pairs an adapter visits, row-major (`i` outer, `j` inner).
pub(crate) trait Shape {
    /// Whether every row's second elements start at element 0 (else at `i + 1`).
    const SECOND_FROM_START: bool;
    /// The first `j` of row `i`.
    fn row_start(i: usize) -> usize;
    /// Number of pairs for `n` elements.
    fn count(n: usize) -> u128;
    /// Rank of `(i, j)` among the pairs of `n` elements.
    fn rank(pos: Pos, n: usize) -> u128;
    /// The pair of rank `r < count(n)`.
    fn unrank(r: u128, n: usize) -> Pos;
}

/// All `n^2` ordered pairs, `(x, x)` included.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ordered;

/// The `n(n-1)/2` pairs with `i < j`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Distinct;

impl Shape for Ordered {
    const SECOND_FROM_START: bool = true;
    #[inline]
    fn row_start(_i: usize) -> usize {
        0
    }
    #[inline]
    fn count(n: usize) -> u128 {
        n as u128 * n as u128
    }
    #[inline]
    fn rank((i, j): Pos, n: usize) -> u128 {
        i as u128 * n as u128 + j as u128
    }
    #[inline]
    fn unrank(r: u128, n: usize) -> Pos {
        let n = n as u128;
        // Both quotient and remainder are < n <= usize::MAX.
        ((r / n) as usize, (r % n) as usize)
    }
}

/// `k (k + 1) / 2`, the number of pairs in the last `k` rows of the distinct triangle.
#[inline]
fn triangle(k: u128) -> u128 {
    k * (k + 1) / 2
}

impl Shape for Distinct {
    const SECOND_FROM_START: bool = false;
    #[inline]
    fn row_start(i: usize) -> usize {
        i + 1
    }
    #[inline]
    fn count(n: usize) -> u128 {
        let n = n as u128;
        n * n.saturating_sub(1) / 2
    }
    #[inline]
    fn rank((i, j): Pos, n: usize) -> u128 {
        // Rows 0..i hold (n-1) + (n-2) + ... + (n-i) = i(2n-i-1)/2 pairs.
        let (i, j, n) = (i as u128, j as u128, n as u128);
        i * (2 * n - i - 1) / 2 + (j - i - 1)
    }
    #[inline]
    fn unrank(r: u128, n: usize) -> Pos {
        // Count from the end: the last k rows hold triangle(k) pairs, so the pair that is m-th
        // from the end lies in the row k from the end with triangle(k) <= m < triangle(k+1).
        // s = isqrt(2m) is k or k + 1 (s^2 <= 2m < (s+1)^2); no step can overflow u128.
        let m = Self::count(n) - 1 - r;
        let s = (2 * m).isqrt();
        let k = if triangle(s) <= m { s } else { s - 1 };
        let i = n - 2 - k as usize;
        let j = n - 1 - (m - triangle(k)) as usize;
        (i, j)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_bijection<S: Shape>(n: usize) {
        let mut r = 0u128;
        for i in 0..n {
            for j in S::row_start(i)..n {
                assert_eq!(S::rank((i, j), n), r, "rank of ({i}, {j}) for n = {n}");
                assert_eq!(S::unrank(r, n), (i, j), "unrank of {r} for n = {n}");
                r += 1;
            }
        }
        assert_eq!(S::count(n), r, "count for n = {n}");
    }

    #[test]
    fn rank_and_unrank_enumerate_the_nested_loop() {
        for n in 0..40 {
            check_bijection::<Ordered>(n);
            check_bijection::<Distinct>(n);
        }
    }

    #[test]
    fn unrank_is_exact_at_the_largest_sizes() {
        // Near n = usize::MAX the counts need the full u128 range.
        for n in [usize::MAX, usize::MAX - 1, 1 << 40, (1 << 32) + 7] {
            let last = Distinct::count(n) - 1;
            for r in [
                0,
                1,
                (n - 2) as u128,
                (n - 1) as u128,
                last / 2,
                last - 1,
                last,
            ] {
                let pos = Distinct::unrank(r, n);
                assert!(
                    pos.0 < pos.1 && pos.1 < n,
                    "{pos:?} out of range for n = {n}"
                );
                assert_eq!(Distinct::rank(pos, n), r, "round trip of {r} for n = {n}");
            }
            let last = Ordered::count(n) - 1;
            for r in [0, last / 3, last] {
                assert_eq!(Ordered::rank(Ordered::unrank(r, n), n), r);
            }
        }
        assert_eq!(Distinct::unrank(0, usize::MAX), (0, 1));
        assert_eq!(
            Distinct::unrank(Distinct::count(usize::MAX) - 1, usize::MAX),
            (usize::MAX - 2, usize::MAX - 1)
        );
    }
}
