//! cwlist on the target: the fixed-capacity (heapless) storage, no allocator.
use crate::check::{Check, Failure, close, ensure};
use cwlist::{Fixed, FixedList, List};

pub(crate) const CHECKS: &[Check] = &[
    (
        "push, pop and erase (last slot moves into the hole)",
        erase_moves_last,
    ),
    ("stable sort and O(n+m) merge by relinking", sort_and_merge),
    ("cursor insert, remove and splice", cursor_edits),
    (
        "u8 index and fixed capacity refuse, never wrap",
        capacity_limits,
    ),
    ("f32 accumulate: list order vs value array", accumulate_f32),
    (
        "cursor split and the linear iteration fast path",
        split_and_linear,
    ),
];

/// Folds the list order into one number, so host and target can be compared bit for bit.
fn order_hash(values: impl Iterator<Item = u32>) -> u64 {
    values.fold(0xcbf2_9ce4_8422_2325, |h, v| {
        (h ^ u64::from(v)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn erase_moves_last() -> Result<(), Failure> {
    let mut list: FixedList<u32, 8, u8> = FixedList::new();
    for v in [10, 20, 30, 40, 50] {
        list.push_back(v);
    }
    let Some(second) = list.positions().nth(1) else {
        return ensure(false, "no second element");
    };
    let (v, next) = list.erase(second);
    ensure(v == 20, "erased value")?;
    ensure(next.map(|p| list[p]) == Some(30), "next after erase")?;
    ensure(list[second] == 50, "last element moved into the hole")?;
    ensure(
        list.pop_front() == Some(10) && list.pop_back() == Some(50),
        "pops",
    )?;
    ensure(list.iter().copied().eq([30, 40]), "order after erasures")?;
    ensure(list.check_invariants().is_ok(), "invariants")
}

fn sort_and_merge() -> Result<(), Failure> {
    // (key, id): ids reveal stability.
    let mut list: List<(u8, u8), u8, Fixed<16>> = List::new();
    for (i, k) in [3u8, 1, 2, 1, 3, 0].iter().enumerate() {
        if i % 2 == 0 {
            list.push_front((*k, i as u8));
        } else {
            list.push_back((*k, i as u8));
        }
    }
    let mut slots_before = [(0u8, 0u8); 6];
    slots_before.copy_from_slice(list.unordered());
    list.sort_by_key(|v| v.0);
    ensure(list.unordered() == &slots_before[..], "sort moved no value")?;
    // Built order: (3,4) (2,2) (3,0) (1,1) (1,3) (0,5); stable by key:
    let want = [(0, 5), (1, 1), (1, 3), (2, 2), (3, 4), (3, 0)];
    ensure(list.iter().copied().eq(want), "stable sorted order")?;
    let mut other: FixedList<(u8, u8), 4, u16> = FixedList::from([(1, 9), (4, 8)]);
    list.merge_by(&mut other, |a, b| a.0.cmp(&b.0));
    let want = [
        (0, 5),
        (1, 1),
        (1, 3),
        (1, 9),
        (2, 2),
        (3, 4),
        (3, 0),
        (4, 8),
    ];
    ensure(list.iter().copied().eq(want), "stable merge")?;
    ensure(other.is_empty(), "merged list emptied")?;
    list.reverse();
    ensure(list.front() == Some(&(4, 8)), "reverse")?;
    crate::out::value(
        "cwlist.merge_order",
        order_hash(list.iter().map(|&(k, i)| u32::from(k) << 8 | u32::from(i))),
    );
    ensure(list.check_invariants().is_ok(), "invariants")
}

fn cursor_edits() -> Result<(), Failure> {
    let mut list: FixedList<u32, 12, u16> = FixedList::from([1, 2, 3]);
    let mut cur = list.cursor_front_mut();
    cur.move_next(); // at 2
    cur.insert_before(10);
    cur.insert_after(20);
    ensure(cur.index() == Some(2), "index after inserts")?;
    ensure(cur.remove_current() == Some(2), "remove current")?;
    ensure(cur.current().copied() == Some(20), "cursor moved to next")?;
    cur.splice_after(FixedList::<u32, 3, u8>::from([7, 8]));
    cur.move_prev();
    cur.move_prev();
    cur.move_prev(); // ghost
    ensure(cur.index().is_none(), "ghost")?;
    cur.insert_after(0); // at the front
    ensure(
        list.iter().copied().eq([0, 1, 10, 20, 7, 8, 3]),
        "cursor result order",
    )?;
    ensure(list.check_invariants().is_ok(), "invariants")
}

fn capacity_limits() -> Result<(), Failure> {
    let mut list: FixedList<u8, 255, u8> = FixedList::new();
    for i in 0..=254u8 {
        ensure(list.try_push_front(i).is_ok(), "push below the limit")?;
    }
    ensure(list.try_push_back(0) == Err(0), "u8 index full at 255")?;
    ensure(list.check_invariants().is_ok(), "invariants at the limit")?;
    list.sort();
    ensure(list.iter().copied().eq(0..=254), "sorted at the limit")?;
    let mut small: FixedList<u8, 3, u32> = FixedList::from([1, 2, 3]);
    ensure(small.try_push_back(4) == Err(4), "fixed storage full")?;
    let mut extra: FixedList<u8, 1, u8> = FixedList::from([9]);
    ensure(
        small.try_append(&mut extra).is_err() && extra.len() == 1,
        "append refused intact",
    )
}

fn accumulate_f32() -> Result<(), Failure> {
    let mut list: FixedList<f32, 128, u8> = FixedList::new();
    for i in 1..=100u8 {
        let v = core::hint::black_box(f32::from(i));
        if i % 3 == 0 {
            list.push_front(v);
        } else {
            list.push_back(v);
        }
    }
    let ordered: f32 = list.iter().sum();
    let unordered: f32 = list.unordered().iter().sum();
    crate::out::value("cwlist.sum_list_order", u64::from(ordered.to_bits()));
    crate::out::value("cwlist.sum_value_array", u64::from(unordered.to_bits()));
    // Integers up to 5050 are exact in f32, whatever the order.
    close(f64::from(ordered), 5050.0, 0.0, "sum in list order")?;
    close(
        f64::from(unordered),
        5050.0,
        0.0,
        "sum over the value array",
    )
}

fn split_and_linear() -> Result<(), Failure> {
    // Built at the back: linear, iterated without reading links.
    let mut list: FixedList<u16, 16, u8> = (0..10).collect();
    ensure(list.is_linear(), "built at the back is linear")?;
    ensure(
        list.iter().rev().copied().eq((0..10).rev()),
        "reverse iteration",
    )?;
    let mut cur = list.cursor_front_mut();
    cur.move_next();
    cur.move_next(); // at 2
    let tail = cur.split_after();
    ensure(tail.iter().copied().eq(3..10), "split_after moved 3..10")?;
    let head = cur.split_before();
    ensure(head.iter().copied().eq(0..2), "split_before moved 0..2")?;
    ensure(
        cur.current().copied() == Some(2) && cur.index() == Some(0),
        "cursor kept",
    )?;
    ensure(list.iter().copied().eq([2]), "one element left")?;
    // A relinked list drops the fast path; linearize restores it.
    let mut other: FixedList<u16, 16, u8> = FixedList::new();
    for i in 0..8 {
        if i % 2 == 0 {
            other.push_front(i);
        } else {
            other.push_back(i);
        }
    }
    ensure(!other.is_linear(), "front pushes are not linear")?;
    other.linearize();
    ensure(
        other.is_linear() && other.unordered() == [6, 4, 2, 0, 1, 3, 5, 7],
        "linearize puts slots in list order",
    )?;
    ensure(
        tail.check_invariants().is_ok() && head.check_invariants().is_ok(),
        "invariants of the split parts",
    )?;
    ensure(other.check_invariants().is_ok(), "invariants")
}
