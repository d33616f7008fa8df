//! `fold` and `rfold` of the list order's iterators (walked from both ends at once past a
//! few dozen elements) against a `VecDeque` model, after partial consumption from either
//! end, on lists laid out out of order, for `u8` and `u16` links.
#![cfg(feature = "alloc")]
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only tests"
)]
use std::collections::VecDeque;

use cwlist::{Index, List};
use proptest::prelude::*;

/// A list of `n` values built by pushes at either end (`fronts`), so that slot order is not
/// list order, with its model.
fn built<Ix: Index>(n: usize, fronts: &[bool]) -> (List<u32, Ix>, VecDeque<u32>) {
    let (mut list, mut model) = (List::new(), VecDeque::new());
    for (k, front) in fronts.iter().cycle().take(n).enumerate() {
        let v = k as u32;
        if *front {
            list.push_front(v);
            model.push_front(v);
        } else {
            list.push_back(v);
            model.push_back(v);
        }
    }
    (list, model)
}

/// `it` after `skip` steps from the front and `skip_back` from the back.
fn skipped<I: DoubleEndedIterator>(mut it: I, skip: usize, skip_back: usize) -> I {
    for _ in 0..skip {
        it.next();
    }
    for _ in 0..skip_back {
        it.next_back();
    }
    it
}

/// Takes `skip` elements from the front and `skip_back` from the back of every iterator,
/// then checks `fold` and `rfold` of the rest against the model.
fn folds_agree<Ix: Index>(n: usize, fronts: &[bool], skip: usize, skip_back: usize) {
    let (list, model) = built::<Ix>(n, fronts);
    let (skip, skip_back) = (skip.min(n), skip_back.min(n - skip.min(n)));
    let expected: Vec<u32> = model
        .iter()
        .copied()
        .skip(skip)
        .take(n - skip - skip_back)
        .collect();
    let reversed: Vec<u32> = expected.iter().rev().copied().collect();
    let push = |mut v: Vec<u32>, x: &u32| {
        v.push(*x);
        v
    };
    assert_eq!(
        skipped(list.iter(), skip, skip_back).fold(Vec::new(), push),
        expected,
        "fold"
    );
    assert_eq!(
        skipped(list.iter(), skip, skip_back).rfold(Vec::new(), push),
        reversed,
        "rfold"
    );
    let value = |mut v: Vec<u32>, p| {
        v.push(*list.get(p).expect("a position of the list"));
        v
    };
    assert_eq!(
        skipped(list.positions(), skip, skip_back).fold(Vec::new(), value),
        expected,
        "positions fold"
    );
    assert_eq!(
        skipped(list.positions(), skip, skip_back).rfold(Vec::new(), value),
        reversed,
        "positions rfold"
    );
}

proptest! {
    #[test]
    fn folds_follow_the_list_order_u8(
        n in 0usize..=254,
        fronts in prop::collection::vec(any::<bool>(), 1..9),
        skip in 0usize..80,
        skip_back in 0usize..80,
    ) {
        folds_agree::<u8>(n, &fronts, skip, skip_back);
    }

    #[test]
    fn folds_follow_the_list_order_u16(
        n in 0usize..600,
        fronts in prop::collection::vec(any::<bool>(), 1..9),
        skip in 0usize..200,
        skip_back in 0usize..200,
    ) {
        folds_agree::<u16>(n, &fronts, skip, skip_back);
    }
}

/// The sizes around both thresholds of the walk (one chain up to 32 slots, at most 64 slots
/// waiting from the far end), every one of them.
#[test]
fn folds_follow_the_list_order_at_every_size_to_200() {
    for n in 0..200 {
        folds_agree::<u8>(n, &[true, false, false], 0, 0);
        folds_agree::<u8>(n, &[false, true], 3, 5);
    }
}
