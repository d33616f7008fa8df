//! Mutable pairs against the hand-written `split_at_mut` loops.
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only tests"
)]
use pairs::{
    PairMut, distinct_pairs_mut, for_each_distinct_pair_mut, for_each_pair_mut,
    try_for_each_distinct_pair_mut,
};
use proptest::prelude::*;
use std::ops::ControlFlow;

const LEN: std::ops::Range<usize> = 0..20;
const VALUE: std::ops::Range<u32> = 0..1000;

/// An order-sensitive update: the result depends on which pairs are visited and in what order.
fn update(a: &mut u32, b: &mut u32) {
    *a = a.wrapping_mul(31).wrapping_add(*b);
    *b ^= *a >> 3;
}

/// The hand-written form: index loops with `split_at_mut`.
fn by_index(v: &mut [u32], from: usize) {
    let n = v.len();
    let mut r = 0;
    for i in 0..n {
        for j in i + 1..n {
            if r >= from {
                let (head, tail) = v.split_at_mut(j);
                update(&mut head[i], &mut tail[0]);
            }
            r += 1;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    #[test]
    fn distinct_mutable_forms_match_the_index_loop(v in prop::collection::vec(VALUE, LEN), k in 0usize..200) {
        let mut want = v.clone();
        by_index(&mut want, 0);

        let mut got = v.clone();
        for_each_distinct_pair_mut(&mut got, update);
        prop_assert_eq!(&got, &want);

        let mut got = v.clone();
        let mut it = distinct_pairs_mut(&mut got);
        prop_assert_eq!(it.len_u128(), (v.len() * v.len().saturating_sub(1) / 2) as u128);
        while let Some((a, b)) = it.next() {
            update(a, b);
        }
        prop_assert!(it.is_empty());
        prop_assert_eq!(&got, &want);

        let mut got = v.clone();
        prop_assert_eq!(try_for_each_distinct_pair_mut(&mut got, |a, b| { update(a, b); ControlFlow::<()>::Continue(()) }), ControlFlow::Continue(()));
        prop_assert_eq!(&got, &want);

        // nth skips k pairs without touching them, then for_each finishes the rest.
        let mut skipped = v.clone();
        by_index(&mut skipped, k);
        let mut got = v.clone();
        let total = v.len() * v.len().saturating_sub(1) / 2;
        let mut it = distinct_pairs_mut(&mut got);
        if let Some((a, b)) = it.nth(k) {
            update(a, b);
        }
        prop_assert_eq!(it.len_u128(), total.saturating_sub(k + 1) as u128);
        it.for_each(update);
        prop_assert_eq!(&got, &skipped);
    }

    #[test]
    fn try_for_each_stops_at_the_first_break(v in prop::collection::vec(VALUE, LEN), limit in 0u32..100) {
        // Count pairs until the stop condition holds, against the nested loop.
        let mut want = None;
        let mut seen = 0u32;
        'outer: for i in 0..v.len() {
            for j in i + 1..v.len() {
                seen += 1;
                if v[i] + v[j] < limit * 10 {
                    want = Some((seen, i, j));
                    break 'outer;
                }
            }
        }
        let mut got = v.clone();
        let mut count = 0u32;
        let flow = try_for_each_distinct_pair_mut(&mut got, |a, b| {
            count += 1;
            if *a + *b < limit * 10 { ControlFlow::Break((count, *a, *b)) } else { ControlFlow::Continue(()) }
        });
        match want {
            Some((s, i, j)) => prop_assert_eq!(flow, ControlFlow::Break((s, v[i], v[j]))),
            None => prop_assert_eq!(flow, ControlFlow::Continue(())),
        }
    }

    #[test]
    fn ordered_mutable_pairs_match_the_index_loop(v in prop::collection::vec(VALUE, LEN)) {
        let mut want = v.clone();
        let n = want.len();
        for i in 0..n {
            for j in 0..n {
                if i == j {
                    want[i] = want[i].wrapping_mul(3).wrapping_add(1);
                } else if i < j {
                    let (head, tail) = want.split_at_mut(j);
                    update(&mut head[i], &mut tail[0]);
                } else {
                    let (head, tail) = want.split_at_mut(i);
                    update(&mut tail[0], &mut head[j]);
                }
            }
        }
        let mut got = v.clone();
        for_each_pair_mut(&mut got, |p| match p {
            PairMut::Two(a, b) => update(a, b),
            PairMut::Same(a) => *a = a.wrapping_mul(3).wrapping_add(1),
        });
        prop_assert_eq!(got, want);
    }
}

#[test]
fn lending_iterator_edges() {
    let mut empty: [u8; 0] = [];
    assert!(distinct_pairs_mut(&mut empty).next().is_none());
    let mut one = [1u8];
    let mut it = distinct_pairs_mut(&mut one);
    assert_eq!(it.len_u128(), 0);
    assert!(it.next().is_none());
    let mut v = [1u8, 2, 3, 4];
    let mut it = distinct_pairs_mut(&mut v);
    assert!(it.nth(usize::MAX).is_none());
    assert!(it.is_empty());
    assert!(it.nth(usize::MAX).is_none());
    assert!(it.next().is_none());
    let mut it = distinct_pairs_mut(&mut v);
    assert_eq!(it.nth(5).map(|(a, b)| (*a, *b)), Some((3, 4)));
    assert!(it.next().is_none());
}
