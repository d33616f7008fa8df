//! Pairs of pairs against brute force over the collected inner pairs, the seed's printed
//! example, and the behaviour of counts beyond `usize::MAX`.
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only tests"
)]
use pairs::{distinct_pairs, pairs, try_distinct_pairs, try_pairs};
use proptest::prelude::*;
use std::fmt::Write;

/// Source lengths: pairs of pairs grow as n^4, so keep them small.
const LEN: std::ops::Range<usize> = 0..9;
const VALUE: std::ops::Range<u8> = 0..5;

/// Brute force: the nested loops over an explicit vector.
fn brute_ordered<T: Clone>(v: &[T]) -> Vec<(T, T)> {
    let mut out = Vec::new();
    for a in v {
        for b in v {
            out.push((a.clone(), b.clone()));
        }
    }
    out
}

fn brute_distinct<T: Clone>(v: &[T]) -> Vec<(T, T)> {
    let mut out = Vec::new();
    for (i, a) in v.iter().enumerate() {
        for b in &v[i + 1..] {
            out.push((a.clone(), b.clone()));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn pairs_of_pairs_match_brute_force(v in prop::collection::vec(VALUE, LEN), k in 0usize..2000) {
        let d = brute_distinct(&v);
        let o = brute_ordered(&v);
        let dd = brute_distinct(&d);
        let oo = brute_ordered(&o);
        let od = brute_ordered(&d);
        let do_ = brute_distinct(&o);
        prop_assert_eq!(distinct_pairs(distinct_pairs(v.iter().copied())).collect::<Vec<_>>(), dd.clone());
        prop_assert_eq!(pairs(pairs(v.iter().copied())).collect::<Vec<_>>(), oo.clone());
        prop_assert_eq!(pairs(distinct_pairs(v.iter().copied())).collect::<Vec<_>>(), od);
        prop_assert_eq!(distinct_pairs(pairs(v.iter().copied())).collect::<Vec<_>>(), do_);
        // Lengths, O(1) nth and reverse order of the composition.
        let nested = distinct_pairs(distinct_pairs(v.iter().copied()));
        prop_assert_eq!(nested.len(), dd.len());
        prop_assert_eq!(nested.clone().nth(k), dd.get(k).copied());
        let mut rev = dd.clone();
        rev.reverse();
        prop_assert_eq!(nested.clone().rev().collect::<Vec<_>>(), rev);
        prop_assert_eq!(pairs(pairs(v.iter().copied())).nth_back(k), oo.len().checked_sub(k + 1).map(|r| oo[r]));
        // Three levels.
        let ddd = brute_distinct(&dd);
        prop_assert_eq!(distinct_pairs(nested).fold(0usize, |c, _| c + 1), ddd.len());
    }
}

#[test]
fn distinct_pairs_of_distinct_pairs_print_the_seed_lines() {
    let v = vec![1, 2, 3, 4];
    let mut out = String::new();
    for p in distinct_pairs(distinct_pairs(&v)) {
        writeln!(
            out,
            "( ( {}, {} ), ( {}, {} ) )",
            p.0.0, p.0.1, p.1.0, p.1.1
        )
        .unwrap();
    }
    let seed = "\
( ( 1, 2 ), ( 1, 3 ) )
( ( 1, 2 ), ( 1, 4 ) )
( ( 1, 2 ), ( 2, 3 ) )
( ( 1, 2 ), ( 2, 4 ) )
( ( 1, 2 ), ( 3, 4 ) )
( ( 1, 3 ), ( 1, 4 ) )
( ( 1, 3 ), ( 2, 3 ) )
( ( 1, 3 ), ( 2, 4 ) )
( ( 1, 3 ), ( 3, 4 ) )
( ( 1, 4 ), ( 2, 3 ) )
( ( 1, 4 ), ( 2, 4 ) )
( ( 1, 4 ), ( 3, 4 ) )
( ( 2, 3 ), ( 2, 4 ) )
( ( 2, 3 ), ( 3, 4 ) )
( ( 2, 4 ), ( 3, 4 ) )
";
    assert_eq!(out, seed);
}

#[test]
fn the_seed_count_on_a_smaller_range() {
    // Same formula as the seed's 2^17 example (run in release by examples/even_sums.rs):
    // even sums pair two odds or two evens, 2 * C(n/2, 2).
    for bits in 1..=10u32 {
        let n = 1u64 << bits;
        let count = distinct_pairs(1..=n)
            .filter(|(a, b)| (a + b) % 2 == 0)
            .count() as u64;
        let half = n / 2;
        assert_eq!(count, half * (half - 1), "n = {n}");
    }
}

#[cfg(target_pointer_width = "64")]
#[test]
fn counts_beyond_usize_are_exact_in_u128_and_refused_by_try() {
    // 2^16 values -> 2^32 ordered pairs -> 2^64 ordered pairs of pairs: one more than usize::MAX.
    let v = 0..1u32 << 16;
    let mut big = pairs(pairs(v.clone()));
    assert_eq!(big.len_u128(), 1u128 << 64);
    assert_eq!(big.checked_len(), None);
    assert_eq!(big.size_hint(), (usize::MAX, None));
    let max = (1 << 16) - 1;
    // Iteration still works: the first pair, the pair of rank usize::MAX (the last one).
    assert_eq!(big.clone().next(), Some(((0, 0), (0, 0))));
    assert_eq!(big.clone().nth(usize::MAX), Some(((max, max), (max, max))));
    assert_eq!(
        big.clone().nth(usize::MAX / 2),
        // rank 2^63 - 1 = i * 2^32 + j with i = 2^31 - 1, j = 2^32 - 1.
        Some((((1 << 15) - 1, max), (max, max)))
    );
    assert_eq!(big.next_back(), Some(((max, max), (max, max))));
    assert_eq!(
        try_pairs(pairs(v.clone())).map(|p| p.len_u128()).err(),
        Some(pairs::Error::TooManyPairs { elements: 1 << 32 })
    );
    // Distinct pairs of those 2^32 elements: 2^31 (2^32 - 1) < 2^64 fits.
    assert_eq!(
        try_distinct_pairs(pairs(v)).map(|p| p.len() as u128),
        Ok((1u128 << 31) * ((1 << 32) - 1))
    );
}

#[cfg(target_pointer_width = "64")]
#[test]
#[should_panic(expected = "more than usize::MAX pairs")]
fn count_beyond_usize_panics_with_a_message() {
    let _ = pairs(pairs(0..1u32 << 16)).count();
}

#[test]
fn error_displays_the_element_count() {
    let e = pairs::Error::TooManyPairs { elements: 5 };
    assert!(e.to_string().contains("5 elements"), "{e}");
}
