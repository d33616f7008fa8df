//! Every iterator's `size_hint` after partial consumption from either end, against the same
//! iterator of `std`'s `LinkedList` (and `Vec` for `extract_if`) fed the same steps: exact
//! wherever std's is, the same bounds where std's is not.
#![cfg(feature = "alloc")]
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only tests"
)]
use std::collections::LinkedList;

use cwlist::{Fixed, List};
use proptest::prelude::*;

/// Takes one element from the front (`true`) or back of both iterators at each step and
/// checks that both report the same `size_hint` before every step and after the last.
fn same_hints<A, B>(mut ours: A, mut theirs: B, steps: &[bool])
where
    A: DoubleEndedIterator,
    B: DoubleEndedIterator,
    A::Item: core::fmt::Debug,
    B::Item: core::fmt::Debug,
{
    for (k, &front) in steps.iter().enumerate() {
        assert_eq!(ours.size_hint(), theirs.size_hint(), "before step {k}");
        let (a, b) = if front {
            (ours.next(), theirs.next())
        } else {
            (ours.next_back(), theirs.next_back())
        };
        assert_eq!(a.is_some(), b.is_some(), "step {k}");
    }
    assert_eq!(
        ours.size_hint(),
        theirs.size_hint(),
        "after {} steps",
        steps.len()
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    #[test]
    fn iterators_of_the_list_hint_as_std_does(
        values in prop::collection::vec(any::<u16>(), 0..40),
        steps in prop::collection::vec(any::<bool>(), 0..50),
    ) {
        let mut ours: List<u16> = values.iter().copied().collect();
        let mut theirs: LinkedList<u16> = values.iter().copied().collect();
        same_hints(ours.iter(), theirs.iter(), &steps);
        // Positions walk the same order as `iter`.
        same_hints(ours.positions(), theirs.iter(), &steps);
        same_hints(ours.iter_mut(), theirs.iter_mut(), &steps);
        same_hints(ours.clone().into_iter(), theirs.clone().into_iter(), &steps);
        // A fixed-capacity list's iterators are the same types over other storage.
        let fixed: List<u16, u8, Fixed<64>> = values.iter().copied().collect();
        same_hints(fixed.into_iter(), theirs.into_iter(), &steps);
    }

    #[test]
    fn extract_if_hints_at_most_the_unvisited_elements(
        values in prop::collection::vec(0u16..8, 0..40),
        modulus in 1u16..5,
        take in 0usize..45,
    ) {
        let mut ours: List<u16> = values.iter().copied().collect();
        let mut theirs: LinkedList<u16> = values.iter().copied().collect();
        let mut vec = values.clone();
        let keep = |v: &mut u16| v.is_multiple_of(modulus);
        let mut a = ours.extract_if(keep);
        let mut b = theirs.extract_if(keep);
        let mut c = vec.extract_if(.., keep);
        for k in 0..take {
            prop_assert_eq!(a.size_hint(), b.size_hint(), "LinkedList, before step {}", k);
            prop_assert_eq!(a.size_hint(), c.size_hint(), "Vec, before step {}", k);
            let (x, y, z) = (a.next(), b.next(), c.next());
            prop_assert_eq!(x, y);
            prop_assert_eq!(x, z);
        }
        prop_assert_eq!(a.size_hint(), b.size_hint(), "LinkedList, after {} steps", take);
        prop_assert_eq!(a.size_hint(), c.size_hint(), "Vec, after {} steps", take);
    }
}

/// The case the issue found: a filter that rejects everything leaves nothing unvisited.
#[test]
fn extract_if_that_rejected_everything_hints_zero() {
    let mut l: List<u32> = (0..10).collect();
    let mut it = l.extract_if(|_| false);
    assert_eq!(it.next(), None);
    assert_eq!(it.size_hint(), (0, Some(0)));
}
