//! `distinct_tuples::<K>` against brute-force nested loops: the same tuples in the same
//! (lexicographic) order, exact `len` at every step, `next_back` mirroring, `nth` landing
//! where stepping lands, and `K = 0` / `K > n` edge cases.
use pairs::{Error, distinct_tuples, try_distinct_tuples};
use proptest::prelude::*;

/// Every strictly increasing K-index tuple of `0..n`, in lexicographic order.
fn brute<const K: usize>(n: usize) -> Vec<[usize; K]> {
    let mut out = Vec::new();
    let mut c = [0usize; K];
    fn rec<const K: usize>(
        j: usize,
        from: usize,
        n: usize,
        c: &mut [usize; K],
        out: &mut Vec<[usize; K]>,
    ) {
        if j == K {
            out.push(*c);
            return;
        }
        for i in from..n {
            c[j] = i;
            rec(j + 1, i + 1, n, c, out);
        }
    }
    rec(0, 0, n, &mut c, &mut out);
    out
}

fn check<const K: usize>(
    n: usize,
    skips: &[usize],
    from_back: &[bool],
) -> Result<(), TestCaseError> {
    let items: Vec<usize> = (0..n).collect();
    let want = brute::<K>(n);
    let got: Vec<[usize; K]> = distinct_tuples::<K, _>(&items)
        .map(|t| t.map(|x| *x))
        .collect();
    prop_assert_eq!(&got, &want);
    let back: Vec<[usize; K]> = distinct_tuples::<K, _>(&items)
        .rev()
        .map(|t| t.map(|x| *x))
        .collect();
    prop_assert!(back.iter().eq(want.iter().rev()));
    // Mixed front/back stepping with nth jumps, against indices into `want`.
    let mut it = distinct_tuples::<K, _>(&items);
    let (mut lo, mut hi) = (0usize, want.len());
    for (&s, &b) in skips.iter().zip(from_back) {
        prop_assert_eq!(it.len(), hi - lo);
        if b {
            let got = it.next_back().map(|t| t.map(|x| *x));
            let exp = (hi > lo).then(|| want[hi - 1]);
            prop_assert_eq!(got, exp);
            hi = hi.saturating_sub(1).max(lo);
        } else {
            let got = it.nth(s).map(|t| t.map(|x| *x));
            let exp = (lo + s < hi).then(|| want[lo + s]);
            prop_assert_eq!(got, exp);
            lo = (lo + s + 1).min(hi);
        }
    }
    // What is left, by internal iteration (`fold`, the nested-loop path).
    let rest = it.fold(Vec::new(), |mut acc, t| {
        acc.push(t.map(|x| *x));
        acc
    });
    prop_assert_eq!(&rest[..], &want[lo..hi]);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn tuples_match_nested_loops(
        n in 0usize..12,
        skips in prop::collection::vec(0usize..40, 0..20),
        from_back in prop::collection::vec(any::<bool>(), 20),
    ) {
        check::<0>(n, &skips, &from_back)?;
        check::<1>(n, &skips, &from_back)?;
        check::<2>(n, &skips, &from_back)?;
        check::<3>(n, &skips, &from_back)?;
        check::<4>(n, &skips, &from_back)?;
        check::<5>(n, &skips, &from_back)?;
    }

    /// nth on a large slice lands on the tuple of that rank, computed independently by
    /// stepping through the counts of each prefix.
    #[test]
    fn nth_unranks_on_large_slices(n in 20usize..400, rank in any::<u64>()) {
        let items: Vec<usize> = (0..n).collect();
        let total = distinct_tuples::<3, _>(&items).len() as u64;
        let r = rank % total;
        let got = distinct_tuples::<3, _>(&items).nth(r as usize).map(|t| t.map(|x| *x));
        // Independent: walk i, then j, counting the tuples each first index accounts for.
        let mut left = r;
        let mut want = None;
        'outer: for i in 0..n {
            let block = ((n - i - 1) * (n - i - 2) / 2) as u64;
            if left >= block {
                left -= block;
                continue;
            }
            for j in i + 1..n {
                let row = (n - j - 1) as u64;
                if left >= row {
                    left -= row;
                    continue;
                }
                want = Some([i, j, j + 1 + left as usize]);
                break 'outer;
            }
        }
        prop_assert_eq!(got, want);
    }
}

#[test]
fn empty_subset_and_too_long_tuples() {
    let v = [1, 2, 3];
    let empty: [&i32; 0] = [];
    assert_eq!(distinct_tuples::<0, _>(&v).collect::<Vec<_>>(), [empty]);
    assert_eq!(distinct_tuples::<4, _>(&v).len(), 0);
    assert_eq!(distinct_tuples::<4, _>(&v).next(), None);
    assert_eq!(
        distinct_tuples::<3, _>(&v).collect::<Vec<_>>(),
        [[&1, &2, &3]]
    );
}

#[test]
fn too_many_tuples_is_an_error_naming_the_input() {
    // C(2^20, 8) is about 2.4e43: more than u128 holds even.
    let big = vec![0u8; 1 << 20];
    let e = try_distinct_tuples::<8, _>(&big).unwrap_err();
    assert_eq!(
        e,
        Error::TooManyTuples {
            elements: 1 << 20,
            k: 8
        }
    );
    assert!(
        e.to_string()
            .contains("8-element subsets of 1048576 elements")
    );
    // C(2^20, 4) ≈ 5e22 > usize::MAX on 64-bit: still refused.
    assert!(try_distinct_tuples::<4, _>(&big).is_err());
    assert_eq!(
        try_distinct_tuples::<3, _>(&big).unwrap().len(),
        (1 << 20) * ((1 << 20) - 1) / 2 * ((1 << 20) - 2) / 3
    );
}
