//! Capacity limits: the index type at its maximum and a full fixed-capacity list refuse
//! further elements (handing them back) and never wrap around.
// The tests use the growable storage; `--no-default-features` builds them empty.
#![cfg(feature = "alloc")]
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only tests"
)]
use cwlist::{Error, FixedList, Growable, List};

#[test]
fn u8_index_holds_exactly_255() {
    let mut list: List<u32, u8> = List::new();
    assert_eq!(list.max_len(), 255);
    for i in 0..255 {
        assert_eq!(list.try_push_back(i), Ok(()));
    }
    assert_eq!(list.try_push_back(255), Err(255));
    assert_eq!(list.try_push_front(256), Err(256));
    assert_eq!(list.try_insert_before(list.front_pos(), 257), Err(257));
    assert_eq!(list.try_reserve(1), Err(Error::IndexSpaceExhausted));
    let mut cur = list.cursor_front_mut();
    assert_eq!(cur.try_insert_after(258), Err(258));
    assert_eq!(list.len(), 255);
    assert_eq!(list.check_invariants(), Ok(()));
    assert!(list.iter().copied().eq(0..255));
    // The last element sits in slot 254, the largest usable index (255 is NIL).
    assert_eq!(list.back_pos().map(|p| p.slot()), Some(254));
    // Scrambling and erasing at the limit keeps the links consistent.
    list.reverse();
    list.sort();
    let p = list.positions().nth(100).unwrap_or_else(|| unreachable!());
    assert_eq!(list.erase(p).0, 100);
    assert_eq!(list.try_push_back(1000), Ok(()));
    assert_eq!(list.try_push_back(1001), Err(1001));
    assert_eq!(list.check_invariants(), Ok(()));
}

#[test]
#[should_panic(expected = "full")]
fn u8_push_past_the_limit_panics() {
    let mut list: List<u8, u8> = (0..255).collect();
    list.push_back(0);
}

#[test]
fn bulk_operations_refuse_without_changing_anything() {
    let mut list: List<u16, u8> = (0..250).collect();
    let mut other: List<u16, u32> = (0..6).collect();
    assert_eq!(list.try_append(&mut other), Err(Error::IndexSpaceExhausted));
    assert_eq!(list.try_merge(&mut other), Err(Error::IndexSpaceExhausted));
    assert_eq!(
        list.try_splice_before(list.front_pos(), &mut other),
        Err(Error::IndexSpaceExhausted)
    );
    assert_eq!(list.len(), 250);
    assert_eq!(other.len(), 6);
    let _ = other.pop_back();
    assert_eq!(list.try_append(&mut other), Ok(()));
    assert_eq!(list.len(), 255);
    assert_eq!(list.check_invariants(), Ok(()));
}

#[test]
fn try_from_vec_hands_the_vec_back() {
    let v: Vec<u32> = (0..300).collect();
    let (back, e) = List::<u32, u8, Growable>::try_from_vec(v)
        .err()
        .unwrap_or_else(|| unreachable!());
    assert_eq!(e, Error::IndexSpaceExhausted);
    assert_eq!(back.len(), 300);
    let list = List::<u32, u16, Growable>::try_from(back).unwrap_or_else(|_| unreachable!());
    assert!(list.iter().copied().eq(0..300));
    assert!(list.is_linear());
}

#[test]
fn full_fixed_list_refuses_and_recovers() {
    let mut list: FixedList<[u8; 3], 4, u16> = FixedList::new();
    assert_eq!(list.max_len(), 4);
    assert_eq!(list.capacity(), 4);
    for i in 0..4 {
        list.push_front([i; 3]);
    }
    assert_eq!(list.try_push_back([9; 3]), Err([9; 3]));
    assert_eq!(list.try_reserve(1), Err(Error::StorageFull));
    let mut other: FixedList<[u8; 3], 2, u8> = FixedList::from([[7; 3]]);
    assert_eq!(list.try_append(&mut other), Err(Error::StorageFull));
    assert_eq!(other.len(), 1);
    assert_eq!(list.pop_back(), Some([0; 3]));
    list.append(&mut other);
    assert_eq!(list.iter().map(|v| v[0]).collect::<Vec<_>>(), [3, 2, 1, 7]);
    assert_eq!(list.check_invariants(), Ok(()));
}

/// The largest fixed capacity a u8 index addresses holds all of it and refuses one more
/// (a larger capacity does not compile: see the `compile_fail` example of `List::new`).
#[test]
fn fixed_capacity_at_the_index_space_holds_every_element() {
    let mut list: FixedList<u8, 255, u8> = FixedList::new();
    assert_eq!(list.max_len(), 255);
    for i in 0..255u32 {
        list.push_back(i as u8);
    }
    assert_eq!(list.try_push_back(0), Err(0));
    assert!(list.try_reserve(1).is_err());
}

#[cfg(feature = "serde")]
#[test]
fn serde_refuses_an_overlong_sequence() {
    let json = serde_json::to_string(&(0..5).collect::<Vec<u8>>()).unwrap_or_default();
    let r: Result<FixedList<u8, 4, u8>, _> = serde_json::from_str(&json);
    assert!(r.is_err());
    let ok: Result<FixedList<u8, 5, u8>, _> = serde_json::from_str(&json);
    assert!(ok.map(|l| l.iter().copied().eq(0..5)).unwrap_or(false));
}

#[test]
fn error_messages_say_what_happened() {
    assert!(Error::StorageFull.to_string().contains("full"));
    assert!(Error::IndexSpaceExhausted.to_string().contains("index"));
    let e: &dyn core::error::Error = &Error::AllocationFailed;
    assert!(e.to_string().contains("allocator"));
}

mod swap_contents {
    use cwlist::{Buffer, Fixed, Growable, Storage};
    use proptest::prelude::*;

    fn filled<S: Storage>(v: &[u16]) -> S::Buf<u16> {
        let mut b = <S::Buf<u16> as Buffer<u16>>::new();
        for &x in v {
            assert!(b.try_push(x).is_ok());
        }
        b
    }

    /// Both storages against `core::mem::swap` of two `Vec`s, for any two lengths up to the
    /// fixed capacity (either longer, equal, empty, full).
    fn check<S: Storage>(a: &[u16], b: &[u16]) {
        let (mut x, mut y) = (filled::<S>(a), filled::<S>(b));
        x.swap_contents(&mut y);
        assert_eq!((x.as_slice(), y.as_slice()), (b, a));
        x.swap_contents(&mut y);
        assert_eq!((x.as_slice(), y.as_slice()), (a, b));
    }

    proptest! {
        #[test]
        fn exchanges_the_elements_in_order(
            a in proptest::collection::vec(any::<u16>(), 0..=8),
            b in proptest::collection::vec(any::<u16>(), 0..=8),
        ) {
            check::<Fixed<8>>(&a, &b);
            check::<Growable>(&a, &b);
        }
    }

    #[test]
    fn full_and_empty() {
        let full: Vec<u16> = (0..8).collect();
        check::<Fixed<8>>(&full, &[]);
        check::<Fixed<8>>(&[], &full);
        check::<Fixed<8>>(&full, &full);
    }
}
