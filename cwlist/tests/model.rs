//! Model-based property tests: random sequences of every operation (cursor ops included)
//! applied to a `List` and to a `VecDeque` model, comparing contents, order, length and the
//! internal invariants after every step, for several index types and both storages.
// The tests use the growable storage; `--no-default-features` builds them empty.
#![cfg(feature = "alloc")]
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only tests"
)]
use std::collections::VecDeque;

use cwlist::{Fixed, Growable, List, Pos};
use proptest::prelude::*;

/// (sort key with many duplicates, unique id) so stability and `unique` are observable.
type V = (u8, u16);

const KEYS: core::ops::Range<u8> = 0..6;

#[derive(Debug, Clone)]
enum CursorOp {
    MoveNext,
    MovePrev,
    InsertBefore(V),
    InsertAfter(V),
    RemoveCurrent,
    PushFront(V),
    PushBack(V),
    PopFront,
    PopBack,
    SpliceBefore(Vec<V>),
    SpliceAfter(Vec<V>),
    SetCurrent(V),
    SetFront(V),
    SetBack(V),
    SplitAfter,
    SplitBefore,
    RemoveCurrentAsList,
    /// The panicking forms, only when there is room.
    PushFrontOrPanic(V),
    PushBackOrPanic(V),
}

#[derive(Debug, Clone)]
enum Op {
    PushFront(V),
    PushBack(V),
    PopFront,
    PopBack,
    InsertBefore(usize, V),
    InsertAfter(usize, V),
    Erase(usize),
    MoveBefore(usize, usize),
    MoveAfter(usize, usize),
    SortByKey,
    Sort,
    Reverse,
    Unique,
    RemoveValueKey(u8),
    RemoveIfKey(u8),
    RetainKey(u8),
    Linearize,
    Append(Vec<V>),
    SpliceBefore(usize, Vec<V>),
    MergeSorted(Vec<V>),
    SplitOff(usize),
    Fill(V),
    ReplaceKey(u8, V),
    IterMutBump,
    ForEachMutBump,
    Cursor(bool, Vec<CursorOp>),
    CloneEq,
    Clear,
    SetAt(usize, V),
    SetFrontBack(V, V),
    ContainsCount(V),
    Resize(usize, V),
    IntoIterEnds(usize),
    MergeOrd(Vec<V>),
    UnorderedMutBump,
    /// `remove(index)`.
    RemoveAt(usize),
    /// `extract_if` on a key, taking at most this many (the rest stay), bumping the rejected.
    ExtractIfKey(u8, usize),
}

fn value() -> impl Strategy<Value = V> {
    (KEYS, any::<u16>())
}

fn values() -> impl Strategy<Value = Vec<V>> {
    prop::collection::vec(value(), 0..6)
}

fn cursor_op() -> impl Strategy<Value = CursorOp> {
    prop_oneof![
        3 => Just(CursorOp::MoveNext),
        2 => Just(CursorOp::MovePrev),
        1 => value().prop_map(CursorOp::InsertBefore),
        1 => value().prop_map(CursorOp::InsertAfter),
        2 => Just(CursorOp::RemoveCurrent),
        1 => value().prop_map(CursorOp::PushFront),
        1 => value().prop_map(CursorOp::PushBack),
        1 => Just(CursorOp::PopFront),
        1 => Just(CursorOp::PopBack),
        1 => values().prop_map(CursorOp::SpliceBefore),
        1 => values().prop_map(CursorOp::SpliceAfter),
        1 => value().prop_map(CursorOp::SetCurrent),
        1 => value().prop_map(CursorOp::SetFront),
        1 => value().prop_map(CursorOp::SetBack),
        1 => Just(CursorOp::SplitAfter),
        1 => Just(CursorOp::SplitBefore),
        1 => Just(CursorOp::RemoveCurrentAsList),
        1 => value().prop_map(CursorOp::PushFrontOrPanic),
        1 => value().prop_map(CursorOp::PushBackOrPanic),
    ]
}

fn op() -> impl Strategy<Value = Op> {
    let idx = 0usize..64;
    prop_oneof![
        4 => value().prop_map(Op::PushFront),
        4 => value().prop_map(Op::PushBack),
        2 => Just(Op::PopFront),
        2 => Just(Op::PopBack),
        3 => (idx.clone(), value()).prop_map(|(k, v)| Op::InsertBefore(k, v)),
        3 => (idx.clone(), value()).prop_map(|(k, v)| Op::InsertAfter(k, v)),
        3 => idx.clone().prop_map(Op::Erase),
        1 => (idx.clone(), idx.clone()).prop_map(|(a, b)| Op::MoveBefore(a, b)),
        1 => (idx.clone(), idx.clone()).prop_map(|(a, b)| Op::MoveAfter(a, b)),
        1 => Just(Op::SortByKey),
        1 => Just(Op::Sort),
        1 => Just(Op::Reverse),
        1 => Just(Op::Unique),
        1 => KEYS.prop_map(Op::RemoveValueKey),
        1 => KEYS.prop_map(Op::RemoveIfKey),
        1 => KEYS.prop_map(Op::RetainKey),
        1 => Just(Op::Linearize),
        1 => values().prop_map(Op::Append),
        1 => (idx.clone(), values()).prop_map(|(k, v)| Op::SpliceBefore(k, v)),
        1 => values().prop_map(Op::MergeSorted),
        1 => idx.prop_map(Op::SplitOff),
        1 => value().prop_map(Op::Fill),
        1 => (KEYS, value()).prop_map(|(k, v)| Op::ReplaceKey(k, v)),
        1 => Just(Op::IterMutBump),
        1 => Just(Op::ForEachMutBump),
        4 => (any::<bool>(), prop::collection::vec(cursor_op(), 0..12))
            .prop_map(|(f, ops)| Op::Cursor(f, ops)),
        1 => Just(Op::CloneEq),
        1 => Just(Op::Clear),
        1 => (0usize..64, value()).prop_map(|(k, v)| Op::SetAt(k, v)),
        1 => (value(), value()).prop_map(|(a, b)| Op::SetFrontBack(a, b)),
        1 => value().prop_map(Op::ContainsCount),
        1 => (0usize..40, value()).prop_map(|(k, v)| Op::Resize(k, v)),
        1 => (0usize..8).prop_map(Op::IntoIterEnds),
        1 => values().prop_map(Op::MergeOrd),
        1 => Just(Op::UnorderedMutBump),
        2 => (0usize..64).prop_map(Op::RemoveAt),
        2 => (KEYS, 0usize..8).prop_map(|(k, n)| Op::ExtractIfKey(k, n)),
    ]
}

fn bump(v: &mut V) {
    v.1 = v.1.wrapping_add(1);
}

/// Compares the list with the model and checks the invariants.
fn check<Ix: cwlist::Index, S: cwlist::Storage>(
    list: &List<V, Ix, S>,
    model: &VecDeque<V>,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(list.check_invariants(), Ok(()));
    prop_assert_eq!(list.len(), model.len());
    prop_assert_eq!(list.is_empty(), model.is_empty());
    prop_assert_eq!(list.iter().len(), model.len());
    prop_assert!(list.iter().eq(model.iter()));
    prop_assert!(list.iter().rev().eq(model.iter().rev()));
    prop_assert_eq!(list.front(), model.front());
    prop_assert_eq!(list.back(), model.back());
    prop_assert_eq!(list.positions().len(), model.len());
    // C++-style position walks both ways.
    let mut p = list.front_pos();
    for v in model {
        let q = p.ok_or(TestCaseError::fail("walk ended early"))?;
        prop_assert_eq!(&list[q], v);
        p = list.next_pos(q);
    }
    prop_assert_eq!(p, None);
    let mut p = list.back_pos();
    for v in model.iter().rev() {
        let q = p.ok_or(TestCaseError::fail("walk ended early"))?;
        prop_assert_eq!(list.get(q), Some(v));
        p = list.prev_pos(q);
    }
    prop_assert_eq!(p, None);
    // The read-only cursor walks backwards from the back, through the ghost, to the back.
    let mut cur = list.cursor_back();
    for (k, v) in model.iter().enumerate().rev() {
        prop_assert_eq!(cur.index(), Some(k));
        prop_assert_eq!(cur.current(), Some(v));
        prop_assert_eq!(cur.position().map(|p| list[p]), Some(*v));
        cur.move_prev();
    }
    prop_assert_eq!(cur.index(), None);
    prop_assert_eq!(cur.peek_prev(), model.back());
    prop_assert_eq!(cur.peek_next(), model.front());
    cur.move_prev();
    prop_assert_eq!(cur.current(), model.back());
    Ok(())
}

fn pos_at<Ix: cwlist::Index, S: cwlist::Storage>(list: &List<V, Ix, S>, k: usize) -> Option<Pos> {
    list.positions().nth(k)
}

fn to_list<Ix: cwlist::Index>(v: &[V]) -> List<V, Ix, Growable> {
    v.iter().copied().collect()
}

/// Applies one cursor op to both the list cursor and the model cursor (index, ghost = len).
fn cursor_step<Ix: cwlist::Index, S: cwlist::Storage>(
    cur: &mut cwlist::CursorMut<'_, V, Ix, S>,
    model: &mut VecDeque<V>,
    at: &mut usize,
    max: usize,
    op: &CursorOp,
) -> Result<(), TestCaseError> {
    let len = model.len();
    match op {
        CursorOp::MoveNext => {
            cur.move_next();
            *at = if *at == len { 0 } else { *at + 1 };
        }
        CursorOp::MovePrev => {
            cur.move_prev();
            *at = if *at == 0 { len } else { *at - 1 };
        }
        CursorOp::InsertBefore(v) => {
            let r = cur.try_insert_before(*v);
            if len < max {
                prop_assert_eq!(r, Ok(()));
                model.insert(*at, *v);
                *at += 1;
            } else {
                prop_assert_eq!(r, Err(*v));
            }
        }
        CursorOp::InsertAfter(v) => {
            let r = cur.try_insert_after(*v);
            if len < max {
                prop_assert_eq!(r, Ok(()));
                if *at == len {
                    model.push_front(*v);
                    *at += 1;
                } else {
                    model.insert(*at + 1, *v);
                }
            } else {
                prop_assert_eq!(r, Err(*v));
            }
        }
        CursorOp::RemoveCurrent => {
            let got = cur.remove_current();
            let want = if *at < len { model.remove(*at) } else { None };
            prop_assert_eq!(got, want);
        }
        CursorOp::PushFront(v) => {
            let r = cur.try_push_front(*v);
            if len < max {
                prop_assert_eq!(r, Ok(()));
                model.push_front(*v);
                *at += 1;
            } else {
                prop_assert_eq!(r, Err(*v));
            }
        }
        CursorOp::PushBack(v) => {
            let r = cur.try_push_back(*v);
            if len < max {
                prop_assert_eq!(r, Ok(()));
                model.push_back(*v);
                if *at == len {
                    *at += 1;
                }
            } else {
                prop_assert_eq!(r, Err(*v));
            }
        }
        CursorOp::PushFrontOrPanic(v) => {
            if len < max {
                cur.push_front(*v);
                model.push_front(*v);
                *at += 1;
            }
        }
        CursorOp::PushBackOrPanic(v) => {
            if len < max {
                cur.push_back(*v);
                model.push_back(*v);
                if *at == len {
                    *at += 1;
                }
            }
        }
        CursorOp::PopFront => {
            let got = cur.pop_front();
            prop_assert_eq!(got, model.pop_front());
            if len > 0 && *at > 0 {
                *at -= 1;
            }
        }
        CursorOp::PopBack => {
            let got = cur.pop_back();
            prop_assert_eq!(got, model.pop_back());
            if len > 0 && *at >= len - 1 {
                *at = len - 1;
            }
        }
        CursorOp::SpliceBefore(vs) | CursorOp::SpliceAfter(vs) => {
            let mut other: List<V, u16, Growable> = vs.iter().copied().collect();
            let before = matches!(op, CursorOp::SpliceBefore(_));
            let r = if before {
                cur.try_splice_before(&mut other)
            } else {
                cur.try_splice_after(&mut other)
            };
            if len + vs.len() <= max {
                prop_assert_eq!(r, Ok(()));
                prop_assert!(other.is_empty());
                let insert_at = match (before, *at == len) {
                    (true, _) => *at,
                    (false, true) => 0,
                    (false, false) => *at + 1,
                };
                for (k, v) in vs.iter().enumerate() {
                    model.insert(insert_at + k, *v);
                }
                if before || *at == len {
                    *at += vs.len();
                }
            } else {
                prop_assert!(r.is_err());
                prop_assert_eq!(other.len(), vs.len());
            }
        }
        CursorOp::SetCurrent(v) => {
            if let Some(c) = cur.current() {
                *c = *v;
                model[*at] = *v;
            } else {
                prop_assert_eq!(*at, len);
            }
        }
        CursorOp::SetFront(v) | CursorOp::SetBack(v) => {
            let front = matches!(op, CursorOp::SetFront(_));
            let (got, want) = if front {
                (cur.front_mut(), model.front_mut())
            } else {
                (cur.back_mut(), model.back_mut())
            };
            prop_assert_eq!(got.is_some(), want.is_some());
            if let (Some(g), Some(w)) = (got, want) {
                *g = *v;
                *w = *v;
            }
            prop_assert_eq!(cur.front(), model.front());
            prop_assert_eq!(cur.back(), model.back());
        }
        CursorOp::SplitAfter => {
            let cut = if *at == len { 0 } else { *at + 1 };
            let want = model.split_off(cut);
            let got = cur.split_after();
            prop_assert_eq!(got.check_invariants(), Ok(()));
            prop_assert!(got.iter().eq(want.iter()));
            if *at == len {
                *at = 0;
            }
        }
        CursorOp::SplitBefore => {
            let cut = (*at).min(len);
            let want: Vec<V> = model.drain(..cut).collect();
            let got = cur.split_before();
            prop_assert_eq!(got.check_invariants(), Ok(()));
            prop_assert!(got.iter().eq(want.iter()));
            *at = if *at == len { model.len() } else { 0 };
        }
        CursorOp::RemoveCurrentAsList => {
            let got = cur.remove_current_as_list();
            let want = if *at < len { model.remove(*at) } else { None };
            prop_assert_eq!(got.as_ref().map(List::len), want.map(|_| 1));
            prop_assert_eq!(got.and_then(|l| l.front().copied()), want);
        }
    }
    // The whole list (contents, order, invariants) after every cursor step.
    check(cur.as_cursor().as_list(), model)?;
    // Cursor state matches the model after every cursor step.
    let len = model.len();
    prop_assert_eq!(cur.index(), (*at < len).then_some(*at));
    let cur_value = cur.current().copied();
    prop_assert_eq!(cur_value, model.get(*at).copied());
    let (next, prev) = (cur.peek_next().copied(), cur.peek_prev().copied());
    let model_next = if *at == len {
        model.front()
    } else {
        model.get(*at + 1)
    };
    let model_prev = if *at == 0 || *at == len {
        if *at == len { model.back() } else { None }
    } else {
        model.get(*at - 1)
    };
    prop_assert_eq!(next, model_next.copied());
    prop_assert_eq!(prev, model_prev.copied());
    Ok(())
}

fn run<Ix: cwlist::Index, S: cwlist::Storage>(ops: &[Op]) -> Result<(), TestCaseError> {
    let mut list: List<V, Ix, S> = List::new();
    let max = list.max_len();
    let mut model: VecDeque<V> = VecDeque::new();
    for op in ops {
        let len = model.len();
        match op {
            Op::PushFront(v) => {
                let r = list.try_push_front(*v);
                if len < max {
                    prop_assert_eq!(r, Ok(()));
                    model.push_front(*v);
                } else {
                    prop_assert_eq!(r, Err(*v));
                }
            }
            Op::PushBack(v) => {
                let r = list.try_push_back(*v);
                if len < max {
                    prop_assert_eq!(r, Ok(()));
                    model.push_back(*v);
                } else {
                    prop_assert_eq!(r, Err(*v));
                }
            }
            Op::PopFront => prop_assert_eq!(list.pop_front(), model.pop_front()),
            Op::PopBack => prop_assert_eq!(list.pop_back(), model.pop_back()),
            Op::InsertBefore(k, v) | Op::InsertAfter(k, v) => {
                let k = k % (len + 1);
                let p = pos_at(&list, k);
                let before = matches!(op, Op::InsertBefore(..));
                let r = if before {
                    list.try_insert_before(p, *v)
                } else {
                    list.try_insert_after(p, *v)
                };
                if len < max {
                    let at = match (before, k == len) {
                        (true, _) => k,
                        (false, true) => 0,
                        (false, false) => k + 1,
                    };
                    model.insert(at, *v);
                    let p = r.map_err(|_| TestCaseError::fail("insert refused"))?;
                    prop_assert_eq!(list.get(p), Some(v));
                    // No position was invalidated by the insertion.
                    prop_assert_eq!(pos_at(&list, at), Some(p));
                } else {
                    prop_assert_eq!(r, Err(*v));
                }
            }
            Op::Erase(k) => {
                if len > 0 {
                    let k = k % len;
                    let p = pos_at(&list, k).ok_or(TestCaseError::fail("no position"))?;
                    let (v, next) = list.erase(p);
                    prop_assert_eq!(Some(v), model.remove(k));
                    prop_assert_eq!(next.and_then(|n| list.get(n)), model.get(k));
                }
            }
            Op::MoveBefore(a, b) | Op::MoveAfter(a, b) => {
                if len > 0 {
                    let a = a % len;
                    let b = b % (len + 1);
                    let (pa, pb) = (
                        pos_at(&list, a).ok_or(TestCaseError::fail("pos"))?,
                        pos_at(&list, b),
                    );
                    let slots = list.unordered().to_vec();
                    let before = matches!(op, Op::MoveBefore(..));
                    if before {
                        list.move_before(pa, pb);
                    } else {
                        list.move_after(pa, pb);
                    }
                    // Model: remove a, then insert relative to b's element (or the end).
                    if pb != Some(pa) {
                        let v = model.remove(a).ok_or(TestCaseError::fail("model"))?;
                        let tb = pb.map(|_| if b > a { b - 1 } else { b });
                        match (before, tb) {
                            (true, Some(t)) => model.insert(t, v),
                            (true, None) => model.push_back(v),
                            (false, Some(t)) => model.insert(t + 1, v),
                            (false, None) => model.push_front(v),
                        }
                    }
                    prop_assert_eq!(list.unordered(), &slots[..], "relinking moved values");
                }
            }
            Op::SortByKey | Op::Sort => {
                let slots = list.unordered().to_vec();
                if matches!(op, Op::Sort) {
                    list.sort();
                    model.make_contiguous().sort();
                } else {
                    list.sort_by_key(|v| v.0);
                    model.make_contiguous().sort_by_key(|v| v.0);
                }
                prop_assert_eq!(list.unordered(), &slots[..], "sort moved values");
            }
            Op::Reverse => {
                let slots = list.unordered().to_vec();
                list.reverse();
                model.make_contiguous().reverse();
                prop_assert_eq!(list.unordered(), &slots[..], "reverse moved values");
            }
            Op::Unique => {
                let before = model.len();
                let removed = list.unique_by(|a, b| a.0 == b.0);
                let mut v: Vec<V> = model.drain(..).collect();
                v.dedup_by_key(|x| x.0);
                model.extend(v);
                prop_assert_eq!(removed, before - model.len());
            }
            Op::RemoveValueKey(k) => {
                if let Some(x) = model.iter().find(|v| v.0 == *k).copied() {
                    let before = model.len();
                    let removed = list.remove_value(&x);
                    model.retain(|v| *v != x);
                    prop_assert_eq!(removed, before - model.len());
                }
            }
            Op::RemoveIfKey(k) => {
                let before = model.len();
                let removed = list.remove_if(|v| v.0 == *k);
                model.retain(|v| v.0 != *k);
                prop_assert_eq!(removed, before - model.len());
            }
            Op::RemoveAt(k) => {
                if len > 0 {
                    let k = k % len;
                    prop_assert_eq!(Some(list.remove(k)), model.remove(k));
                }
            }
            Op::ExtractIfKey(k, n) => {
                // Visit in list order; take the first `n` matches, bump the others visited.
                let mut visited = Vec::new();
                let taken: Vec<V> = list
                    .extract_if(|v| {
                        visited.push(*v);
                        if v.0 == *k {
                            true
                        } else {
                            bump(v);
                            false
                        }
                    })
                    .take(*n)
                    .collect();
                prop_assert!(visited.iter().eq(model.iter().take(visited.len())));
                let mut want = Vec::new();
                let mut kept = VecDeque::new();
                for (i, v) in model.iter().enumerate() {
                    if i < visited.len() && v.0 == *k && want.len() < *n {
                        want.push(*v);
                    } else if i < visited.len() {
                        let mut v = *v;
                        bump(&mut v);
                        kept.push_back(v);
                    } else {
                        kept.push_back(*v);
                    }
                }
                prop_assert_eq!(taken, want);
                model = kept;
            }
            Op::RetainKey(k) => {
                let mut seen = Vec::new();
                list.retain(|v| {
                    seen.push(*v);
                    v.0 != *k
                });
                prop_assert!(
                    seen.iter().eq(model.iter()),
                    "retain must visit in list order"
                );
                model.retain(|v| v.0 != *k);
            }
            Op::Linearize => {
                list.linearize();
                prop_assert!(list.is_linear());
                prop_assert!(list.unordered().iter().eq(model.iter()));
            }
            Op::Append(vs) | Op::SpliceBefore(_, vs) => {
                let mut other: List<V, u8, Fixed<8>> = vs.iter().copied().collect();
                let (k, r) = match op {
                    Op::SpliceBefore(k, _) => {
                        let k = k % (len + 1);
                        (k, list.try_splice_before(pos_at(&list, k), &mut other))
                    }
                    _ => (len, list.try_append(&mut other)),
                };
                if len + vs.len() <= max {
                    prop_assert_eq!(r, Ok(()));
                    prop_assert!(other.is_empty());
                    for (i, v) in vs.iter().enumerate() {
                        model.insert(k + i, *v);
                    }
                } else {
                    prop_assert!(r.is_err());
                    prop_assert_eq!(other.len(), vs.len());
                }
            }
            Op::MergeSorted(vs) => {
                list.sort();
                model.make_contiguous().sort();
                let mut vs = vs.clone();
                vs.sort();
                let mut other: List<V, usize, Growable> = vs.iter().copied().collect();
                let r = list.try_merge_by(&mut other, |a, b| a.0.cmp(&b.0));
                if len + vs.len() <= max {
                    prop_assert_eq!(r, Ok(()));
                    // Stable merge by key: ties take this list's elements first.
                    let mut merged = Vec::new();
                    let (mut a, mut b) = (model.iter().peekable(), vs.iter().peekable());
                    while let (Some(x), Some(y)) = (a.peek(), b.peek()) {
                        if x.0 <= y.0 {
                            merged.push(*a.next().ok_or(TestCaseError::fail("a"))?);
                        } else {
                            merged.push(*b.next().ok_or(TestCaseError::fail("b"))?);
                        }
                    }
                    merged.extend(a.copied());
                    merged.extend(b.copied());
                    model = merged.into();
                } else {
                    prop_assert!(r.is_err());
                }
            }
            Op::SplitOff(k) => {
                let k = k % (len + 1);
                let tail = list.split_off(k);
                let model_tail = model.split_off(k);
                prop_assert_eq!(tail.check_invariants(), Ok(()));
                prop_assert!(tail.iter().eq(model_tail.iter()));
                // Put half of it back through `Extend` to keep lists long.
                let half: Vec<V> = tail.into_iter().take(model_tail.len() / 2).collect();
                list.extend(half.iter().copied());
                model.extend(half);
            }
            Op::Fill(v) => {
                if len > 0 {
                    list.fill(*v);
                    model.iter_mut().for_each(|x| *x = *v);
                }
            }
            Op::ReplaceKey(k, new) => {
                let n = list.replace_if(|v| v.0 == *k, new);
                let mut m = 0;
                for x in model.iter_mut().filter(|x| x.0 == *k) {
                    *x = *new;
                    m += 1;
                }
                prop_assert_eq!(n, m);
            }
            Op::IterMutBump => {
                for v in list.iter_mut().rev().step_by(2) {
                    bump(v);
                }
                for v in model.iter_mut().rev().step_by(2) {
                    bump(v);
                }
            }
            Op::ForEachMutBump => {
                list.for_each_mut(bump);
                model.iter_mut().for_each(bump);
            }
            Op::Cursor(front, cops) => {
                let (mut cur, mut at) = if *front {
                    (list.cursor_front_mut(), 0)
                } else {
                    (list.cursor_back_mut(), len.saturating_sub(1))
                };
                for cop in cops {
                    cursor_step(&mut cur, &mut model, &mut at, max, cop)?;
                }
            }
            Op::CloneEq => {
                let c = list.clone();
                prop_assert_eq!(c.unordered(), list.unordered());
                prop_assert!(c == list);
                let other: List<V, usize, Growable> = model.iter().copied().collect();
                prop_assert!(other == list);
                prop_assert_eq!(hash_of(&other), hash_of(&list));
                prop_assert_eq!(
                    format!("{list:?}"),
                    format!("{:?}", Vec::from(model.clone()))
                );
                let v = to_list::<u32>(&model.iter().copied().collect::<Vec<_>>()).into_vec();
                prop_assert!(v.iter().eq(model.iter()));
            }
            Op::Clear => {
                if len > 40 {
                    list.clear();
                    model.clear();
                }
            }
            Op::SetAt(k, v) => {
                if len > 0 {
                    let k = k % len;
                    let p = pos_at(&list, k).ok_or(TestCaseError::fail("pos"))?;
                    if k.is_multiple_of(2) {
                        list[p] = *v;
                    } else if let Some(x) = list.get_mut(p) {
                        *x = *v;
                    }
                    model[k] = *v;
                }
            }
            Op::SetFrontBack(a, b) => {
                if let (Some(x), Some(y)) = (list.front_mut(), model.front_mut()) {
                    *x = *a;
                    *y = *a;
                }
                if let (Some(x), Some(y)) = (list.back_mut(), model.back_mut()) {
                    *x = *b;
                    *y = *b;
                }
            }
            Op::ContainsCount(v) => {
                let x = model
                    .get(usize::from(v.1) % (len + 1))
                    .copied()
                    .unwrap_or(*v);
                prop_assert_eq!(list.contains(&x), model.contains(&x));
                prop_assert_eq!(list.count_of(&x), model.iter().filter(|y| **y == x).count());
                let key_sum: u64 = list.unordered().iter().map(|y| u64::from(y.0)).sum();
                prop_assert_eq!(key_sum, model.iter().map(|y| u64::from(y.0)).sum::<u64>());
            }
            Op::Resize(k, v) => {
                let r = list.try_resize_with(*k, || *v);
                if *k <= max {
                    prop_assert_eq!(r, Ok(()));
                    model.resize(*k, *v);
                } else {
                    prop_assert!(r.is_err());
                }
            }
            Op::IntoIterEnds(k) => {
                let mut it = core::mem::take(&mut list).into_iter();
                for i in 0..*k {
                    prop_assert_eq!(it.len(), model.len());
                    if i % 2 == 0 {
                        prop_assert_eq!(it.next(), model.pop_front());
                    } else {
                        prop_assert_eq!(it.next_back(), model.pop_back());
                    }
                }
                list = it.collect();
            }
            Op::MergeOrd(vs) => {
                list.sort();
                model.make_contiguous().sort();
                let mut other: List<V, u16, Fixed<8>> = vs.iter().copied().collect();
                other.sort();
                let r = list.try_merge(&mut other);
                if len + vs.len() <= max {
                    prop_assert_eq!(r, Ok(()));
                    model.extend(vs.iter().copied());
                    model.make_contiguous().sort();
                } else {
                    prop_assert!(r.is_err());
                    prop_assert_eq!(other.len(), vs.len());
                }
            }
            Op::UnorderedMutBump => {
                list.unordered_mut().iter_mut().for_each(bump);
                model.iter_mut().for_each(bump);
            }
        }
        check(&list, &model)?;
    }
    Ok(())
}

fn hash_of<T: std::hash::Hash>(t: &T) -> u64 {
    use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher};
    BuildHasherDefault::<DefaultHasher>::default().hash_one(t)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn growable_u32_matches_model(ops in prop::collection::vec(op(), 0..160)) {
        run::<u32, Growable>(&ops)?;
    }

    #[test]
    fn growable_u8_matches_model(ops in prop::collection::vec(op(), 0..160)) {
        run::<u8, Growable>(&ops)?;
    }

    #[test]
    fn fixed_u16_matches_model(ops in prop::collection::vec(op(), 0..160)) {
        run::<u16, Fixed<24>>(&ops)?;
    }

    #[test]
    fn fixed_usize_matches_model(ops in prop::collection::vec(op(), 0..160)) {
        run::<usize, Fixed<7>>(&ops)?;
    }
}
