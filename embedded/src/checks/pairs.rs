//! Checks of `pairs`: counts against closed forms, order and jumps against nested loops,
//! composition, mutable pairs, and counts beyond `u32::MAX` on the 32-bit target (where
//! `len()` cannot hold them but `len_u128` and `nth` must still be exact).
use crate::check::{Check, Failure, ensure};
use pairs::{distinct_pairs, for_each_distinct_pair_mut, pairs, try_distinct_pairs};

pub(crate) const CHECKS: &[Check] = &[
    ("the seed's even-sum count on 1..=512", even_sum_count),
    (
        "order, nth and nth_back against nested loops",
        order_and_jumps,
    ),
    (
        "distinct pairs of distinct pairs of [1, 2, 3, 4]",
        composition,
    ),
    ("mutable distinct pairs", mutable_pairs),
    ("counts beyond u32::MAX stay exact", wide_counts),
];

fn even_sum_count() -> Result<(), Failure> {
    // Even sums pair two odds or two evens: 2 * C(256, 2) = 256 * 255 = 65280.
    let n = core::hint::black_box(512u32);
    let count = distinct_pairs(1..=n)
        .filter(|(a, b)| (a + b) % 2 == 0)
        .count();
    crate::out::value("pairs_even_sum_512", count as u64);
    ensure(count == 65280, "even-sum count = 65280")
}

fn order_and_jumps() -> Result<(), Failure> {
    let v: [u16; 20] = core::array::from_fn(|i| (i * 7 % 20) as u16);
    let mut rank = 0usize;
    let mut hash = 0u64;
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            let want = Some((&v[i], &v[j]));
            ensure(
                distinct_pairs(&v).nth(rank) == want,
                "nth(k) = k-th nested pair",
            )?;
            ensure(
                distinct_pairs(&v).nth_back(189 - rank) == want,
                "nth_back(len - 1 - k) = k-th nested pair",
            )?;
            hash = hash
                .wrapping_mul(1_000_003)
                .wrapping_add((v[i] * 32 + v[j]) as u64);
            rank += 1;
        }
    }
    ensure(
        rank == 190 && distinct_pairs(&v).len() == 190,
        "len = 20 * 19 / 2",
    )?;
    let folded = distinct_pairs(&v).fold(0u64, |h, (a, b)| {
        h.wrapping_mul(1_000_003).wrapping_add((a * 32 + b) as u64)
    });
    ensure(folded == hash, "fold visits the nested-loop order")?;
    ensure(pairs(&v).len() == 400, "len = 20^2")?;
    ensure(
        pairs(&v).rev().nth(21) == Some((&v[18], &v[18])),
        "pairs(v).rev().nth(21) = (v[18], v[18])",
    )?;
    crate::out::value("pairs_order_hash", hash);
    Ok(())
}

fn composition() -> Result<(), Failure> {
    let v = [1u8, 2, 3, 4];
    let mut pp = distinct_pairs(distinct_pairs(&v));
    ensure(pp.len() == 15, "15 pairs of pairs")?;
    ensure(pp.next() == Some(((&1, &2), (&1, &3))), "first line")?;
    ensure(pp.nth(8) == Some(((&1, &4), (&2, &3))), "tenth line")?;
    ensure(pp.next_back() == Some(((&2, &4), (&3, &4))), "last line")?;
    ensure(pp.len() == 4, "4 lines left between")
}

fn mutable_pairs() -> Result<(), Failure> {
    let mut v = [0u32; 9];
    for_each_distinct_pair_mut(&mut v, |a, b| {
        *a += 1;
        *b += 10;
    });
    // Element i is first in 8 - i pairs and second in i pairs.
    for (i, x) in v.iter().enumerate() {
        ensure(
            *x == (8 - i as u32) + 10 * i as u32,
            "x[i] = (n-1-i) + 10 i",
        )?;
    }
    Ok(())
}

fn wide_counts() -> Result<(), Failure> {
    // 100000 values: 4999950000 distinct pairs, more than u32::MAX.
    let n = core::hint::black_box(100_000u32);
    let mut it = distinct_pairs(0..n);
    ensure(it.len_u128() == 4_999_950_000, "len_u128 = n(n-1)/2")?;
    // (40000, 40001) has rank i(2n-i-1)/2 + (j-i-1) = 20000 * 159999 = 3199980000.
    ensure(
        distinct_pairs(0..n).nth(3_199_980_000) == Some((40000, 40001)),
        "nth(3199980000) = (40000, 40001)",
    )?;
    // Two jumps reach rank 4900000001, beyond u32::MAX: exact on the 32-bit target too.
    let _ = it.nth(core::hint::black_box(4_000_000_000));
    let Some((i, j)) = it.nth(core::hint::black_box(900_000_000)) else {
        return ensure(false, "rank 4900000001 exists");
    };
    crate::out::value("pairs_rank_4900000001_i", u64::from(i));
    crate::out::value("pairs_rank_4900000001_j", u64::from(j));
    // Independent check of the unranking: the forward formula gives the rank back.
    let (i, j, n) = (u128::from(i), u128::from(j), u128::from(n));
    let rank = i * (2 * n - i - 1) / 2 + (j - i - 1);
    ensure(
        rank == 4_900_000_001 && i < j,
        "rank of the pair reached is 4900000001",
    )?;
    ensure(
        it.len_u128() == 4_999_950_000 - 4_900_000_002,
        "len_u128 after the jumps",
    )?;
    ensure(
        distinct_pairs(0..100_000u32).last() == Some((99_998, 99_999)),
        "last = (n-2, n-1)",
    )?;
    // The documented overflow behaviour: where the count exceeds usize (on the 32-bit
    // target), size_hint is (usize::MAX, None), checked_len is None and try_ refuses.
    let wide = distinct_pairs(0..n);
    #[cfg(target_pointer_width = "32")]
    {
        ensure(
            wide.size_hint() == (usize::MAX, None),
            "size_hint = (usize::MAX, None) beyond usize",
        )?;
        ensure(
            wide.checked_len().is_none(),
            "checked_len = None beyond usize",
        )?;
        ensure(
            try_distinct_pairs(0..n).err()
                == Some(pairs::Error::TooManyPairs { elements: 100_000 }),
            "try_distinct_pairs refuses more than usize::MAX pairs",
        )
    }
    #[cfg(not(target_pointer_width = "32"))]
    {
        ensure(
            wide.checked_len().map(|l| l as u128) == Some(4_999_950_000),
            "checked_len exact where it fits",
        )?;
        ensure(
            try_distinct_pairs(0..n).is_ok(),
            "try_ accepts a count that fits",
        )
    }
}
