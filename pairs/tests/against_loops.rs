//! The adapters against hand-written nested loops: same pairs, same order, same count, from
//! both ends, with O(1) jumps, folds and early exits, over several kinds of source.
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only tests"
)]
use pairs::{distinct_pairs, pairs};
use proptest::prelude::*;
use std::collections::VecDeque;
use std::ops::ControlFlow;

/// Source lengths: empty, one element, and enough for several rows.
const LEN: std::ops::Range<usize> = 0..24;
/// Element values: small, so that equal elements at different positions occur.
const VALUE: std::ops::Range<u16> = 0..8;

/// What `for i in 0..n { for j in 0..n {..} }` visits.
fn nested_ordered(v: &[u16]) -> Vec<(u16, u16)> {
    let mut out = Vec::new();
    for i in 0..v.len() {
        for j in 0..v.len() {
            out.push((v[i], v[j]));
        }
    }
    out
}

/// What `for i in 0..n { for j in i+1..n {..} }` visits.
fn nested_distinct(v: &[u16]) -> Vec<(u16, u16)> {
    let mut out = Vec::new();
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            out.push((v[i], v[j]));
        }
    }
    out
}

/// One step of a random walk over the iterator from both ends.
#[derive(Debug, Clone)]
enum Op {
    Next,
    NextBack,
    Nth(usize),
    NthBack(usize),
    /// `find` of the pair `k` places ahead: an early exit through `try_fold`, resumed by the
    /// next step.
    Find(usize),
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        Just(Op::Next),
        Just(Op::NextBack),
        (0usize..40).prop_map(Op::Nth),
        (0usize..40).prop_map(Op::NthBack),
        (0usize..40).prop_map(Op::Find),
    ]
}

/// The same checks for each kind of source: `$source(&v)` builds the source from a slice.
macro_rules! source_tests {
    ($module:ident, $source:expr) => {
        mod $module {
            use super::*;

            fn ordered(v: &[u16]) -> impl DoubleEndedIterator<Item = (u16, u16)> + ExactSizeIterator + Clone + '_ {
                pairs($source(v))
            }

            fn distinct(v: &[u16]) -> impl DoubleEndedIterator<Item = (u16, u16)> + ExactSizeIterator + Clone + '_ {
                distinct_pairs($source(v))
            }

            /// Runs `ops` on `it` and on a deque of the expected pairs, comparing every result
            /// and the length after each step, then the rest by `fold` and by `rfold`.
            fn walk<It>(mut it: It, expected: Vec<(u16, u16)>, ops: &[Op]) -> Result<(), TestCaseError>
            where
                It: DoubleEndedIterator<Item = (u16, u16)> + ExactSizeIterator + Clone,
            {
                let mut model: VecDeque<(u16, u16)> = expected.into();
                prop_assert_eq!(it.len(), model.len());
                for op in ops {
                    let (got, want) = match *op {
                        Op::Next => (it.next(), model.pop_front()),
                        Op::NextBack => (it.next_back(), model.pop_back()),
                        Op::Nth(k) => {
                            let want = if k < model.len() {
                                model.drain(..k);
                                model.pop_front()
                            } else {
                                model.clear();
                                None
                            };
                            (it.nth(k), want)
                        }
                        Op::NthBack(k) => {
                            let want = if k < model.len() {
                                model.truncate(model.len() - k);
                                model.pop_back()
                            } else {
                                model.clear();
                                None
                            };
                            (it.nth_back(k), want)
                        }
                        Op::Find(k) => {
                            let mut seen = 0;
                            let got = it.find(|_| {
                                seen += 1;
                                seen > k
                            });
                            (got, model.drain(..(k + 1).min(model.len())).last().filter(|_| k < seen))
                        }
                    };
                    prop_assert_eq!(got, want, "after {:?}", op);
                    prop_assert_eq!(it.len(), model.len(), "len after {:?}", op);
                    prop_assert_eq!(it.size_hint(), (model.len(), Some(model.len())));
                }
                let forward = it.clone().fold(Vec::new(), |mut acc, p| {
                    acc.push(p);
                    acc
                });
                prop_assert_eq!(&forward, &Vec::from(model.clone()));
                let backward = it.clone().rfold(Vec::new(), |mut acc, p| {
                    acc.push(p);
                    acc
                });
                let mut reversed = Vec::from(model.clone());
                reversed.reverse();
                prop_assert_eq!(&backward, &reversed);
                prop_assert_eq!(it.clone().count(), model.len());
                prop_assert_eq!(it.clone().last(), model.back().copied());
                // After exhaustion the iterator stays exhausted (fused).
                let mut rest = it;
                for _ in 0..model.len() {
                    rest.next();
                }
                prop_assert_eq!(rest.next(), None);
                prop_assert_eq!(rest.next_back(), None);
                Ok(())
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(192))]

                #[test]
                fn same_pairs_order_and_count_as_nested_loops(v in prop::collection::vec(VALUE, LEN)) {
                    let want_o = nested_ordered(&v);
                    let want_d = nested_distinct(&v);
                    prop_assert_eq!(ordered(&v).len(), v.len() * v.len());
                    prop_assert_eq!(distinct(&v).len(), v.len() * v.len().saturating_sub(1) / 2);
                    // External iteration (next) and internal iteration (fold via collect/for_each).
                    let mut by_next = Vec::new();
                    let mut it = distinct(&v);
                    while let Some(p) = it.next() {
                        by_next.push(p);
                    }
                    prop_assert_eq!(&by_next, &want_d);
                    let mut by_for_each = Vec::new();
                    distinct(&v).for_each(|p| by_for_each.push(p));
                    prop_assert_eq!(&by_for_each, &want_d);
                    prop_assert_eq!(ordered(&v).collect::<Vec<_>>(), want_o.clone());
                    // Reverse order.
                    let mut rev_o = want_o.clone();
                    rev_o.reverse();
                    prop_assert_eq!(ordered(&v).rev().collect::<Vec<_>>(), rev_o);
                    let mut rev_d = want_d.clone();
                    rev_d.reverse();
                    prop_assert_eq!(distinct(&v).rev().collect::<Vec<_>>(), rev_d);
                }

                #[test]
                fn nth_and_nth_back_agree_with_indexing(v in prop::collection::vec(VALUE, LEN), k in 0usize..600) {
                    for (it, want) in [(distinct(&v).collect::<Vec<_>>(), nested_distinct(&v)), (ordered(&v).collect(), nested_ordered(&v))] {
                        prop_assert_eq!(&it, &want);
                    }
                    let want = nested_distinct(&v);
                    // skip(k) is nth(k - 1) then the rest, so O(1) too.
                    let tail = want.get(k..).unwrap_or(&[]).to_vec();
                    prop_assert_eq!(distinct(&v).skip(k).collect::<Vec<_>>(), tail.clone());
                    prop_assert_eq!(distinct(&v).skip(k).fold(0usize, |c, _| c + 1), tail.len());
                    prop_assert_eq!(distinct(&v).skip(k).len(), tail.len());
                    let mut it = distinct(&v);
                    prop_assert_eq!(it.nth(k), want.get(k).copied());
                    prop_assert_eq!(it.collect::<Vec<_>>(), want.get(k + 1..).unwrap_or(&[]).to_vec());
                    let mut it = distinct(&v);
                    let back = want.len().checked_sub(k + 1).map(|r| want[r]);
                    prop_assert_eq!(it.nth_back(k), back);
                    prop_assert_eq!(it.len(), want.len().saturating_sub(k + 1));
                    let want = nested_ordered(&v);
                    let mut it = ordered(&v);
                    prop_assert_eq!(it.nth(k), want.get(k).copied());
                    prop_assert_eq!(it.len(), want.len().saturating_sub(k + 1));
                    let mut it = ordered(&v);
                    let back = want.len().checked_sub(k + 1).map(|r| want[r]);
                    prop_assert_eq!(it.nth_back(k), back);
                }

                #[test]
                fn random_walks_from_both_ends_match_a_deque(
                    v in prop::collection::vec(VALUE, LEN),
                    ops in prop::collection::vec(op(), 0..12),
                ) {
                    walk(distinct(&v), nested_distinct(&v), &ops)?;
                    walk(ordered(&v), nested_ordered(&v), &ops)?;
                }
            }
        }
    };
}

/// Slices: `slice::Iter`, exact size and O(1) nth.
fn slice_source(v: &[u16]) -> std::iter::Copied<std::slice::Iter<'_, u16>> {
    v.iter().copied()
}

/// A filter: no exact size hint, so the length is counted once; nth walks.
fn filter_source(v: &[u16]) -> impl DoubleEndedIterator<Item = u16> + Clone + '_ {
    v.iter().copied().filter(|_| true)
}

/// A range mapped onto the values: another exact-size source that owns its data.
fn range_source(v: &[u16]) -> impl DoubleEndedIterator<Item = u16> + ExactSizeIterator + Clone {
    let v = v.to_vec();
    (0..v.len()).map(move |i| v[i])
}

source_tests!(over_slices, slice_source);
source_tests!(over_filters, filter_source);
source_tests!(over_ranges, range_source);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(192))]

    /// `try_fold_flow` stops at the pair that breaks and resumes after it; `any`, `all`,
    /// `find`, `find_map` and `position` (built on it) agree with the nested loops.
    #[test]
    fn early_exits_agree_with_nested_loops(
        v in prop::collection::vec(VALUE, LEN),
        target in 0u16..16,
        skip in 0usize..30,
    ) {
        let want = nested_distinct(&v);
        let hits = |p: &(u16, u16)| p.0 + p.1 == target;
        let mut it = distinct_pairs(v.iter().copied());
        let _ = it.nth(skip);
        let rest = want.get(skip + 1..).unwrap_or(&[]).to_vec();
        let at = rest.iter().position(hits);
        let flow = it.try_fold_flow(0usize, |k, p| {
            if hits(&p) { ControlFlow::Break((k, p)) } else { ControlFlow::Continue(k + 1) }
        });
        match at {
            Some(a) => {
                prop_assert_eq!(flow, ControlFlow::Break((a, rest[a])));
                // Resumes right after the pair that broke.
                prop_assert_eq!(it.clone().collect::<Vec<_>>(), rest[a + 1..].to_vec());
                prop_assert_eq!(it.len(), rest.len() - a - 1);
            }
            None => {
                prop_assert_eq!(flow, ControlFlow::Continue(rest.len()));
                prop_assert_eq!(it.next(), None);
            }
        }
        let all = || distinct_pairs(v.iter().copied());
        prop_assert_eq!(all().any(|p| hits(&p)), want.iter().any(hits));
        prop_assert_eq!(all().all(|p| !hits(&p)), !want.iter().any(hits));
        prop_assert_eq!(all().find(hits), want.iter().copied().find(hits));
        prop_assert_eq!(all().position(|p| hits(&p)), want.iter().position(hits));
        prop_assert_eq!(
            all().find_map(|p| hits(&p).then_some(p.1)),
            want.iter().find(|p| hits(p)).map(|p| p.1)
        );
        // try_fold_flow with a back end set by next_back stays inside the window.
        let mut it = all();
        let last = it.next_back();
        prop_assert_eq!(last, want.last().copied());
        let seen = it.try_fold_flow(Vec::new(), |mut acc, p| { acc.push(p); ControlFlow::<(), _>::Continue(acc) });
        prop_assert_eq!(seen, ControlFlow::Continue(want[..want.len().saturating_sub(1)].to_vec()));
    }

    /// `split_at(k)` cuts by number of pairs: the halves hold `k` and `len - k` pairs and
    /// concatenate to the whole.
    #[test]
    fn split_at_cuts_by_rank(v in prop::collection::vec(VALUE, LEN), k in 0usize..300, front in 0usize..5) {
        let mut it = distinct_pairs(v.iter().copied());
        let _ = it.nth(front);
        let whole: Vec<_> = it.clone().collect();
        let (left, right) = it.split_at(k);
        prop_assert_eq!(left.len(), k.min(whole.len()));
        prop_assert_eq!(right.len(), whole.len() - k.min(whole.len()));
        let mut joined: Vec<_> = left.collect();
        joined.extend(right);
        prop_assert_eq!(joined, whole);
    }
}

#[test]
fn empty_and_one_element_inputs() {
    let empty: [u8; 0] = [];
    assert_eq!(pairs(&empty).len(), 0);
    assert_eq!(pairs(&empty).next(), None);
    assert_eq!(pairs(&empty).next_back(), None);
    assert_eq!(distinct_pairs(&empty).len(), 0);
    assert_eq!(distinct_pairs(&empty).nth(3), None);
    assert_eq!(distinct_pairs(&empty).fold(0, |c, _| c + 1), 0);
    let one = [7u8];
    assert_eq!(pairs(&one).collect::<Vec<_>>(), [(&7, &7)]);
    assert_eq!(pairs(&one).rev().collect::<Vec<_>>(), [(&7, &7)]);
    assert_eq!(distinct_pairs(&one).len(), 0);
    assert_eq!(distinct_pairs(&one).next(), None);
    assert_eq!(distinct_pairs(&one).next_back(), None);
    assert_eq!(distinct_pairs(&one).last(), None);
    let two = [1u8, 2];
    assert_eq!(distinct_pairs(&two).collect::<Vec<_>>(), [(&1, &2)]);
}

#[test]
fn iterators_that_lie_about_their_length_end_early_without_panicking() {
    // A source whose clones are shorter than its size hint claims (a broken but safe
    // iterator): the adapter must stop, not panic or loop.
    #[derive(Clone)]
    struct Liar(u8);
    impl Iterator for Liar {
        type Item = u8;
        fn next(&mut self) -> Option<u8> {
            (self.0 < 3).then(|| {
                self.0 += 1;
                self.0
            })
        }
        fn size_hint(&self) -> (usize, Option<usize>) {
            (10, Some(10))
        }
    }
    let truth = [(1, 2), (1, 3), (2, 3)];
    let got: Vec<_> = distinct_pairs(Liar(0)).collect();
    assert!(truth.starts_with(&got), "{got:?}");
    let folded = distinct_pairs(Liar(0)).fold(Vec::new(), |mut v, p| {
        v.push(p);
        v
    });
    assert!(truth.starts_with(&folded), "{folded:?}");
    let ordered: Vec<_> = pairs(Liar(0)).collect();
    assert!(ordered.len() <= 9, "{ordered:?}");
    assert_eq!(distinct_pairs(Liar(0)).nth(20), None);
}
