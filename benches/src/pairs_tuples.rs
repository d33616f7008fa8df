//! pairs' K-element subsets (`distinct_tuples::<K>`) against hand-written nested loops and
//! itertools' `tuple_combinations`, on two loop bodies: an even-sum count, which a nested
//! loop vectorizes, and a hash chain, which nothing vectorizes (so it shows the cost of
//! `next()` itself).
use std::time::Duration;

use itertools::Itertools;

use crate::pairs::{CountFn, time_counts, values};
use crate::table::{Table, ns, ratio};

/// Triples of `v` with an even sum, hand-written nested loops.
pub fn nested_triples(v: &[u32]) -> u64 {
    let mut count = 0u64;
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            for k in j + 1..v.len() {
                count += u64::from((v[i] + v[j] + v[k]) & 1 == 0);
            }
        }
    }
    count
}

/// Quadruples of `v` with an even sum, hand-written nested loops.
pub fn nested_quadruples(v: &[u32]) -> u64 {
    let mut count = 0u64;
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            for k in j + 1..v.len() {
                for l in k + 1..v.len() {
                    count += u64::from((v[i] + v[j] + v[k] + v[l]) & 1 == 0);
                }
            }
        }
    }
    count
}

/// `distinct_tuples::<3>(v).filter(..).count()`.
pub fn tuples3_count(v: &[u32]) -> u64 {
    pairs::distinct_tuples::<3, _>(v)
        .filter(|t| (t[0] + t[1] + t[2]) & 1 == 0)
        .count() as u64
}

/// `for t in distinct_tuples::<3>(v)`.
pub fn tuples3_for(v: &[u32]) -> u64 {
    let mut count = 0u64;
    for t in pairs::distinct_tuples::<3, _>(v) {
        count += u64::from((t[0] + t[1] + t[2]) & 1 == 0);
    }
    count
}

/// itertools' `tuple_combinations::<(_, _, _)>()`.
pub fn itertools_triples(v: &[u32]) -> u64 {
    v.iter()
        .tuple_combinations::<(_, _, _)>()
        .filter(|(a, b, c)| (**a + **b + **c) & 1 == 0)
        .count() as u64
}

/// itertools' `tuple_combinations::<(_, _, _)>()` in a `for` loop (through `next()`).
pub fn itertools_triples_for(v: &[u32]) -> u64 {
    let mut count = 0u64;
    for (a, b, c) in v.iter().tuple_combinations::<(_, _, _)>() {
        count += u64::from((a + b + c) & 1 == 0);
    }
    count
}

/// One step of a hash chain over a triple: each step depends on the last, so no loop over
/// triples vectorizes (the body of a search, a reduction in order, a simulation step).
#[inline]
fn chain<const K: usize>(h: u64, t: [u32; K]) -> u64 {
    let mix = (0..K).fold(0, |m, i| m ^ t[i].rotate_left(7 * i as u32));
    h.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(mix)
}

/// The hash chain over all triples, hand-written nested loops.
pub fn nested_triples_chain(v: &[u32]) -> u64 {
    let mut h = 1u64;
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            for k in j + 1..v.len() {
                h = chain(h, [v[i], v[j], v[k]]);
            }
        }
    }
    h
}

/// The hash chain in a `for t in distinct_tuples::<3>(v)` loop.
pub fn tuples3_for_chain(v: &[u32]) -> u64 {
    let mut h = 1u64;
    for [a, b, c] in pairs::distinct_tuples::<3, _>(v) {
        h = chain(h, [*a, *b, *c]);
    }
    h
}

/// The hash chain by `distinct_tuples::<3>(v).fold(..)`.
pub fn tuples3_fold_chain(v: &[u32]) -> u64 {
    pairs::distinct_tuples::<3, _>(v).fold(1u64, |h, t| chain(h, t.map(|x| *x)))
}

/// The hash chain in a `for` loop over itertools' `tuple_combinations::<(_, _, _)>()`.
pub fn itertools_triples_for_chain(v: &[u32]) -> u64 {
    let mut h = 1u64;
    for (a, b, c) in v.iter().tuple_combinations::<(_, _, _)>() {
        h = chain(h, [*a, *b, *c]);
    }
    h
}

/// The hash chain over all quadruples, hand-written nested loops.
pub fn nested_quadruples_chain(v: &[u32]) -> u64 {
    let mut h = 1u64;
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            for k in j + 1..v.len() {
                for l in k + 1..v.len() {
                    h = chain(h, [v[i], v[j], v[k], v[l]]);
                }
            }
        }
    }
    h
}

/// The hash chain in a `for t in distinct_tuples::<4>(v)` loop.
pub fn tuples4_for_chain(v: &[u32]) -> u64 {
    let mut h = 1u64;
    for t in pairs::distinct_tuples::<4, _>(v) {
        h = chain(h, t.map(|x| *x));
    }
    h
}

/// The hash chain by `distinct_tuples::<4>(v).fold(..)`.
pub fn tuples4_fold_chain(v: &[u32]) -> u64 {
    pairs::distinct_tuples::<4, _>(v).fold(1u64, |h, t| chain(h, t.map(|x| *x)))
}

/// itertools' allocating `combinations(3)`.
pub fn itertools_combinations3(v: &[u32]) -> u64 {
    v.iter()
        .combinations(3)
        .filter(|t| (t[0] + t[1] + t[2]) & 1 == 0)
        .count() as u64
}

/// `distinct_tuples::<4>(v).filter(..).count()`.
pub fn tuples4_count(v: &[u32]) -> u64 {
    pairs::distinct_tuples::<4, _>(v)
        .filter(|t| (t[0] + t[1] + t[2] + t[3]) & 1 == 0)
        .count() as u64
}

/// `for t in distinct_tuples::<4>(v)`.
pub fn tuples4_for(v: &[u32]) -> u64 {
    let mut count = 0u64;
    for t in pairs::distinct_tuples::<4, _>(v) {
        count += u64::from((t[0] + t[1] + t[2] + t[3]) & 1 == 0);
    }
    count
}

/// itertools' `tuple_combinations::<(_, _, _, _)>()` in a `for` loop (through `next()`).
pub fn itertools_quadruples_for(v: &[u32]) -> u64 {
    let mut count = 0u64;
    for (a, b, c, d) in v.iter().tuple_combinations::<(_, _, _, _)>() {
        count += u64::from((a + b + c + d) & 1 == 0);
    }
    count
}

/// itertools' `tuple_combinations::<(_, _, _, _)>()`.
pub fn itertools_quadruples(v: &[u32]) -> u64 {
    v.iter()
        .tuple_combinations::<(_, _, _, _)>()
        .filter(|(a, b, c, d)| (**a + **b + **c + **d) & 1 == 0)
        .count() as u64
}

/// K, N, the loop body, whether a nested loop over it vectorizes, and the named forms of one
/// block of the k-subset table (the first form is the nested loops).
type Group<'a> = (usize, u32, &'a str, bool, Vec<(&'a str, CountFn)>);

/// The k-subset table: each block's forms interleaved, fastest call of each, against the
/// nested loops; the verdict on `for` loops, separately for bodies that vectorize.
pub fn table(budget: Duration) -> String {
    let mut table = Table::new([
        "K",
        "N",
        "body",
        "form",
        "time",
        "per tuple",
        "vs nested loops",
    ]);
    let even = "even-sum count (vectorizes)";
    let groups: [Group<'_>; 4] = [
        (
            3,
            256,
            even,
            true,
            vec![
                ("hand-written nested loops", nested_triples as CountFn),
                (
                    "`distinct_tuples::<3>(v).filter(..).count()`",
                    tuples3_count,
                ),
                ("`for t in distinct_tuples::<3>(v)`", tuples3_for),
                (
                    "itertools `tuple_combinations::<(_, _, _)>()`",
                    itertools_triples,
                ),
                (
                    "`for` over itertools `tuple_combinations::<(_, _, _)>()`",
                    itertools_triples_for,
                ),
                (
                    "itertools `combinations(3)` (allocates)",
                    itertools_combinations3,
                ),
            ],
        ),
        (
            3,
            256,
            "hash chain (does not vectorize)",
            false,
            vec![
                ("hand-written nested loops", nested_triples_chain as CountFn),
                ("`distinct_tuples::<3>(v).fold(..)`", tuples3_fold_chain),
                ("`for t in distinct_tuples::<3>(v)`", tuples3_for_chain),
                (
                    "`for` over itertools `tuple_combinations::<(_, _, _)>()`",
                    itertools_triples_for_chain,
                ),
            ],
        ),
        (
            4,
            96,
            even,
            true,
            vec![
                ("hand-written nested loops", nested_quadruples as CountFn),
                (
                    "`distinct_tuples::<4>(v).filter(..).count()`",
                    tuples4_count,
                ),
                ("`for t in distinct_tuples::<4>(v)`", tuples4_for),
                (
                    "itertools `tuple_combinations::<(_, _, _, _)>()`",
                    itertools_quadruples,
                ),
                (
                    "`for` over itertools `tuple_combinations::<(_, _, _, _)>()`",
                    itertools_quadruples_for,
                ),
            ],
        ),
        (
            4,
            96,
            "hash chain (does not vectorize)",
            false,
            vec![
                (
                    "hand-written nested loops",
                    nested_quadruples_chain as CountFn,
                ),
                ("`distinct_tuples::<4>(v).fold(..)`", tuples4_fold_chain),
                ("`for t in distinct_tuples::<4>(v)`", tuples4_for_chain),
            ],
        ),
    ];
    let (mut scalar, mut vectorized) = (Vec::new(), Vec::new());
    let (mut worst_scalar, mut worst_internal) = (0.0f64, 0.0f64);
    for (k, n, body, vectorizes, forms) in &groups {
        let v = values(*n);
        // C(N, K).
        let tuples = (0..*k).fold(1.0, |c, i| c * f64::from(n - i as u32) / (i + 1) as f64);
        let times = time_counts(budget, forms, &v);
        for ((name, _), t) in forms.iter().zip(&times) {
            let r = t / times[0];
            if name.starts_with("`for t in distinct") {
                let line = format!("K = {k} {body} {}", ratio(r));
                if *vectorizes {
                    vectorized.push(line);
                } else {
                    worst_scalar = worst_scalar.max(r);
                    scalar.push(line);
                }
            } else if name.starts_with("`distinct") {
                worst_internal = worst_internal.max(r);
            }
            table.row([
                k.to_string(),
                n.to_string(),
                body.to_string(),
                name.to_string(),
                ns(*t),
                format!("{:.3} ns", t / tuples),
                ratio(r),
            ]);
        }
    }
    let verdict = |met: bool| if met { "met" } else { "NOT met" };
    format!(
        "{}
Target (issue 31): a `for` loop over `distinct_tuples::<K>` within 1.5x of the \
         nested loops: {} on bodies that do not vectorize ({}); where the nested loops \
         vectorize, no loop driven by `next()` keeps up (see itertools' `for`): {}. Internal \
         iteration (`fold`, `count`) within 1.1x: {} (worst {}).\n",
        table.to_markdown(),
        verdict(worst_scalar <= 1.5),
        scalar.join(", "),
        vectorized.join(", "),
        verdict(worst_internal <= 1.1),
        ratio(worst_internal),
    )
}
