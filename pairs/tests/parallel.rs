//! The rayon forms against the sequential adapters.
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only tests"
)]
#![cfg(feature = "rayon")]
use pairs::{distinct_pairs, pairs, par_distinct_pairs, par_pairs};
use proptest::prelude::*;
use rayon::prelude::*;

const LEN: std::ops::Range<usize> = 0..200;
const VALUE: std::ops::Range<u32> = 0..1000;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn parallel_forms_yield_the_sequential_pairs_in_order(v in prop::collection::vec(VALUE, LEN)) {
        let seq: Vec<_> = distinct_pairs(&v).collect();
        let par: Vec<_> = par_distinct_pairs(&v).collect();
        prop_assert_eq!(&par, &seq);
        prop_assert_eq!(par_distinct_pairs(&v).len(), seq.len());
        let even = seq.iter().filter(|(a, b)| (*a + *b) % 2 == 0).count();
        prop_assert_eq!(par_distinct_pairs(&v).filter(|(a, b)| (*a + *b) % 2 == 0).count(), even);
        let seq: Vec<_> = pairs(&v).collect();
        prop_assert_eq!(par_pairs(&v).collect::<Vec<_>>(), seq);
        // Via IntoParallelIterator on the sequential adapter, with a short-circuiting search.
        let first_big = distinct_pairs(&v).position(|(a, b)| a + b > 1900);
        let found = distinct_pairs(&v).into_par_iter().position_first(|(a, b)| a + b > 1900);
        prop_assert_eq!(found, first_big);
    }
}

/// Whether `pieces` (lengths of consecutive pieces, in order) can come from halving `total`
/// recursively the way rayon's bridge does: a range of `len` pairs is either one piece or
/// split into `len / 2` and `len - len / 2` pairs, each of which is again split or not.
fn is_halving_tree(pieces: &[usize], total: usize) -> bool {
    if pieces == [total] {
        return true;
    }
    if total < 2 || pieces.len() < 2 {
        return false;
    }
    let half = total / 2;
    let mut sum = 0;
    for (k, piece) in pieces.iter().enumerate() {
        sum += piece;
        if sum == half {
            return is_halving_tree(&pieces[..=k], half)
                && is_halving_tree(&pieces[k + 1..], total - half);
        }
        if sum > half {
            return false;
        }
    }
    false
}

#[test]
fn halving_tree_recognises_rank_splits_only() {
    assert!(is_halving_tree(&[7], 7));
    assert!(is_halving_tree(&[3, 4], 7));
    assert!(is_halving_tree(&[3, 2, 2], 7));
    assert!(is_halving_tree(&[1, 2, 2, 2], 7));
    assert!(!is_halving_tree(&[4, 3], 7));
    assert!(!is_halving_tree(&[2, 2, 3], 7));
    assert!(!is_halving_tree(&[3, 3], 7));
}

#[test]
fn rayon_splits_hold_equal_numbers_of_pairs() {
    // Rayon splits a range of `len` items at `len / 2`; both halves must then hold that many
    // pairs, not that many rows.
    let v: Vec<u32> = (0..1000).collect();
    let all = distinct_pairs(&v);
    let total = all.len();
    let (left, right) = all.clone().split_at(total / 2);
    assert_eq!(left.len(), total / 2);
    assert_eq!(right.len(), total - total / 2);
    // The halves are the first and second half of the sequence.
    let seq: Vec<_> = all.collect();
    assert_eq!(left.clone().collect::<Vec<_>>(), seq[..total / 2]);
    assert_eq!(right.collect::<Vec<_>>(), seq[total / 2..]);
    // Row-wise halving would give the first 500 rows about 3/4 of the pairs.
    let rows_left: usize = (0..500).map(|i| 999 - i).sum();
    assert!(rows_left > left.len() * 14 / 10);

    // What rayon makes of it: with_max_len forces at least 8 pieces, and rayon's adaptive
    // splitter splits stolen pieces further, so piece sizes are total / 2^d for various
    // depths d (an earlier version of this test wrongly required all pieces to be equal and
    // failed whenever a piece was stolen). The pieces, in order, must be exactly the leaves
    // of a halving tree over the ranks, and each must have visited the right pairs.
    for threads in [1, 2, 4] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .expect("thread pool");
        let pieces: Vec<(usize, Option<(u32, u32)>)> = pool.install(|| {
            par_distinct_pairs(&v)
                .with_max_len(total / 8)
                .fold(
                    || (0usize, None),
                    |(c, first), (a, b)| (c + 1, first.or(Some((*a, *b)))),
                )
                .collect()
        });
        let lens: Vec<usize> = pieces.iter().map(|p| p.0).collect();
        assert_eq!(lens.iter().sum::<usize>(), total);
        assert!(lens.len() >= 8, "{lens:?}");
        assert!(lens.iter().all(|&l| l <= total / 8 + 1), "{lens:?}");
        assert!(is_halving_tree(&lens, total), "not split by rank: {lens:?}");
        let mut rank = 0;
        for (len, first) in &pieces {
            let want = seq.get(rank).map(|(a, b)| (**a, **b));
            assert_eq!(*first, want, "piece starting at rank {rank}");
            rank += len;
        }
    }
}
