//! Behaviour beyond the model test: seed corrections, position invalidation, complexity of
//! sort and merge (comparison counts), conversions, serde, and float accumulation order.
// The tests use the growable storage; `--no-default-features` builds them empty.
#![cfg(feature = "alloc")]
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only tests"
)]
use core::cell::Cell;

use cwlist::{FixedList, List};
use proptest::prelude::*;

/// Seed correction: `unique` is about list adjacency, so it cannot run on the value array.
#[test]
fn unique_walks_the_links_not_the_slots() {
    let mut list: List<u8, u8> = List::new();
    list.push_back(2);
    list.push_front(1);
    list.push_back(1);
    assert_eq!(list.unordered(), [2, 1, 1]); // slot-adjacent duplicates...
    assert_eq!(list.iter().copied().collect::<Vec<_>>(), [1, 2, 1]);
    assert_eq!(list.unique(), 0); // ...but no list-adjacent ones.
    let mut slots = list.unordered().to_vec();
    slots.dedup();
    assert_eq!(slots.len(), 2, "a value-array dedup would have removed one");
}

#[test]
fn erase_moves_the_last_slot_into_the_hole() {
    let mut list: List<char> = "abcde".chars().collect();
    let last = list.back_pos().unwrap_or_else(|| unreachable!());
    let b = list.positions().nth(1).unwrap_or_else(|| unreachable!());
    let (v, next) = list.erase(b);
    assert_eq!(v, 'b');
    assert_eq!(next.map(|p| list[p]), Some('c'));
    // 'e' (was in the last slot) now lives where 'b' was; the old last slot is gone.
    assert_eq!(list[b], 'e');
    assert_eq!(list.get(last), None);
    // Erasing the element before the last slot's element: `next` is corrected to the hole.
    // Now a, c, d, e in slots 0, 2, 3, 1: erasing 'c' (slot 2) moves 'd' (last slot 3,
    // and c's successor) into slot 2, so the returned `next` is the hole itself.
    let c = list.positions().nth(1).unwrap_or_else(|| unreachable!());
    assert_eq!((list[c], c.slot()), ('c', 2));
    let (_, next) = list.erase(c);
    assert_eq!(next.map(|p| list[p]), Some('d'));
    assert_eq!(next, Some(c));
    assert_eq!(list.iter().collect::<String>(), "ade");
}

#[test]
fn relinking_operations_keep_positions() {
    let mut list: List<u32, u16> = [5, 3, 9, 1, 7].into();
    let pos: Vec<_> = list.positions().collect();
    let vals: Vec<_> = pos.iter().map(|&p| list[p]).collect();
    list.sort();
    list.reverse();
    list.move_before(pos[0], None);
    let mut other: List<u32, u8> = [2, 4].into();
    list.append(&mut other);
    let _ = list.insert_after(Some(pos[2]), 11);
    for (p, v) in pos.iter().zip(&vals) {
        assert_eq!(list[*p], *v);
    }
}

#[test]
fn cursor_follows_its_element_when_an_erase_moves_it() {
    // Slot order 0..5, cursor on the element in the last slot; pop the front: the last
    // slot's element moves into slot 0, and the cursor must follow it.
    let mut list: List<u8, u8> = (0..5).collect();
    let mut cur = list.cursor_back_mut();
    assert_eq!(cur.pop_front(), Some(0));
    assert_eq!(cur.current().copied(), Some(4));
    assert_eq!(cur.index(), Some(3));
    assert_eq!(cur.position().map(|p| p.slot()), Some(0));
}

/// Counts comparisons to check the O(n log n) sort and the O(n + m) merge.
fn counting(count: &Cell<usize>) -> impl FnMut(&u32, &u32) -> core::cmp::Ordering + '_ {
    move |a, b| {
        count.set(count.get() + 1);
        a.cmp(b)
    }
}

fn scrambled(n: u32, seed: u32) -> Vec<u32> {
    (0..n)
        .map(|i| i.wrapping_mul(2_654_435_761).wrapping_add(seed) % 1000)
        .collect()
}

#[test]
fn sort_is_n_log_n_and_merge_is_linear() {
    for n in [1u32, 2, 3, 100, 1000, 4097] {
        let mut list: List<u32> = List::new();
        for (i, v) in scrambled(n, 7).into_iter().enumerate() {
            if i % 2 == 0 {
                list.push_front(v)
            } else {
                list.push_back(v)
            }
        }
        let count = Cell::new(0);
        list.sort_by(counting(&count));
        let bound = (n as f64) * (n as f64).log2().ceil().max(1.0);
        assert!(
            count.get() as f64 <= bound,
            "n={n}: {} comparisons",
            count.get()
        );
        assert!(list.iter().is_sorted());

        let mut other: List<u32, u16> = scrambled(n / 2, 3).into_iter().collect();
        other.sort();
        let m = other.len();
        let count = Cell::new(0);
        list.merge_by(&mut other, counting(&count));
        assert!(
            count.get() < n as usize + m,
            "merge used {} comparisons",
            count.get()
        );
        assert!(list.iter().is_sorted());
        assert_eq!(list.len(), n as usize + m);
        assert_eq!(list.check_invariants(), Ok(()));
    }
}

#[test]
fn vec_round_trip_and_linearize() {
    let mut list: List<String> = List::new();
    for i in 0..50 {
        if i % 3 == 0 {
            list.push_front(i.to_string())
        } else {
            list.push_back(i.to_string())
        }
    }
    let in_order: Vec<String> = list.iter().cloned().collect();
    assert_eq!(list.to_vec(), in_order);
    assert!(!list.is_linear());
    let v: Vec<String> = list.into();
    assert_eq!(v, in_order);
    let back: List<String, u8> = List::try_from(v).unwrap_or_else(|_| unreachable!());
    assert!(back.iter().eq(in_order.iter()));
}

#[test]
fn split_off_and_into_iter_both_ends() {
    let mut list: FixedList<u8, 10, u8> = (0..10).collect();
    let tail = list.split_off(6);
    assert!(tail.iter().copied().eq(6..10));
    let mut it = list.into_iter();
    assert_eq!(it.len(), 6);
    assert_eq!((it.next(), it.next_back()), (Some(0), Some(5)));
    assert!(it.eq(1..5));
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip_in_list_order() {
    let mut list: List<u32, u16> = List::new();
    for i in 0..20 {
        list.push_front(i);
    }
    let json = serde_json::to_string(&list).unwrap_or_default();
    let want: Vec<u32> = (0..20).rev().collect();
    assert_eq!(json, serde_json::to_string(&want).unwrap_or_default());
    let back: FixedList<u32, 32, u8> = serde_json::from_str(&json).unwrap_or_default();
    assert!(back == list);
}

#[test]
fn unordered_fast_paths_agree_with_list_order() {
    let mut list: List<i64, u16> = List::new();
    for i in 0..100 {
        if i % 2 == 0 {
            list.push_front(i % 7)
        } else {
            list.push_back(i % 7)
        }
    }
    let sum: i64 = list.unordered().iter().sum();
    assert_eq!(sum, list.iter().sum::<i64>());
    assert_eq!(list.count_of(&3), list.iter().filter(|&&v| v == 3).count());
    assert_eq!(list.replace(&3, &30), 14);
    assert!(!list.contains(&3) && list.contains(&30));
    assert_eq!(list.remove_value(&30), 14);
    list.fill(1);
    assert!(list.iter().all(|&v| v == 1));
}

/// The seed calls accumulate order-independent; for floats the summation order changes the
/// rounding. The unordered sum agrees with the list-order sum only to `n * eps * sum|x|`.
macro_rules! float_accumulate_tests {
    ($name:ident, $t:ty) => {
        mod $name {
            use super::*;
            use approx::relative_eq;

            const VALUES: core::ops::Range<$t> = -1.0e3..1.0e3;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(200))]
                #[test]
                fn unordered_sum_matches_list_sum_to_rounding(
                    xs in prop::collection::vec(VALUES, 1..200),
                    fronts in prop::collection::vec(any::<bool>(), 200),
                ) {
                    let mut list: List<$t, u8> = List::new();
                    for (x, f) in xs.iter().zip(&fronts) {
                        if *f { list.push_front(*x) } else { list.push_back(*x) }
                    }
                    let ordered: $t = list.iter().sum();
                    let unordered: $t = list.unordered().iter().sum();
                    // Independent reference: exact-ish sum in f64 over the model order.
                    let reference: f64 = xs.iter().map(|&x| f64::from(x)).sum();
                    let scale: $t = xs.iter().map(|x| x.abs()).sum::<$t>() + 1.0;
                    let tol = xs.len() as $t * <$t>::EPSILON * scale;
                    prop_assert!(relative_eq!(ordered, unordered, epsilon = tol));
                    prop_assert!(relative_eq!(f64::from(unordered), reference, epsilon = f64::from(tol)));
                }
            }
        }
    };
}
float_accumulate_tests!(accumulate_f64, f64);
float_accumulate_tests!(accumulate_f32, f32);

/// A list whose slot order is its list order is iterated without reading links; every
/// relinking operation must drop that fast path (and `check_invariants` verifies it).
#[test]
fn linear_fast_path_is_kept_and_dropped_correctly() {
    let mut list: List<u32, u16> = (0..10).collect();
    assert!(list.is_linear());
    list.push_back(10);
    assert_eq!(list.pop_back(), Some(10));
    assert!(list.iter().copied().eq(0..10));
    assert!(list.iter().rev().copied().eq((0..10).rev()));
    let mut it = list.iter();
    assert_eq!((it.nth(3), it.nth_back(2)), (Some(&3), Some(&7)));
    assert!(it.copied().eq(4..7));
    assert_eq!(list.pop_front(), Some(0)); // slot 9 moves into slot 0
    assert!(!list.is_linear());
    assert!(list.iter().copied().eq(1..10));
    list.linearize();
    assert!(list.is_linear());
    assert!(list.iter().copied().eq(1..10));
    list.reverse();
    assert!(list.iter().copied().eq((1..10).rev()));
    assert_eq!(list.check_invariants(), Ok(()));
}
