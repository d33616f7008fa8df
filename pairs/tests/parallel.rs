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

#[test]
fn rayon_splits_hold_equal_numbers_of_pairs() {
    // Rayon splits at len / 2; the halves must hold equal pair counts, not equal rows.
    let v: Vec<u32> = (0..1000).collect();
    let all = distinct_pairs(&v);
    let total = all.len();
    let (left, right) = all.split_at(total / 2);
    assert_eq!(left.len(), total / 2);
    assert_eq!(right.len(), total - total / 2);
    // Row-wise halving would give the first 500 rows 3/4 of the pairs.
    let rows_left: usize = (0..500).map(|i| 999 - i).sum();
    assert!(rows_left > left.len() * 14 / 10);
    // Every piece rayon makes covers a contiguous range of ranks with its exact length.
    let lens: Vec<usize> = par_distinct_pairs(&v)
        .with_max_len(total / 8)
        .fold(|| 0usize, |c, _| c + 1)
        .collect();
    assert_eq!(lens.iter().sum::<usize>(), total);
    assert!(lens.len() >= 8, "{lens:?}");
    let smallest = *lens.iter().min().unwrap_or(&0);
    let largest = *lens.iter().max().unwrap_or(&0);
    assert!(largest <= smallest + 1, "uneven pieces {lens:?}");
}
