//! pairs: external iteration (`for`, `zip`, `take`, `find`) against hand-written nested index
//! loops over loop bodies of several shapes, at a small and a large N. The seed's even-sum
//! count is one shape among five; the others were written for this table, not tuned on.
//!
//! A nested index loop whose body LLVM can vectorize (the even-sum count, a minimum, a
//! floating-point comparison) runs several pairs per instruction; no loop driven by `next()`
//! is vectorized (itertools' `tuple_combinations` neither), so there the fair comparison is
//! with the peer's `next()`. Bodies that do not vectorize (a hash chain, a data-dependent
//! branch, a search) show the cost of `next()` itself.
use core::hint::black_box;

use itertools::Itertools;
use pairs::distinct_pairs;

use crate::table::{Table, ratio};

/// One body shape in every iteration form: `(nested, for, zip, take, itertools for)`.
macro_rules! forms {
    (|$c:ident, $a:ident, $b:ident| $body:expr, $init:expr) => {{
        fn nested(v: &[u32]) -> u64 {
            let mut $c: u64 = $init;
            for i in 0..v.len() {
                for j in i + 1..v.len() {
                    let ($a, $b) = (v[i], v[j]);
                    $c = $body;
                }
            }
            $c
        }
        fn for_loop(v: &[u32]) -> u64 {
            let mut $c: u64 = $init;
            for (a, b) in distinct_pairs(v) {
                let ($a, $b) = (*a, *b);
                $c = $body;
            }
            $c
        }
        fn zip(v: &[u32]) -> u64 {
            let mut $c: u64 = $init;
            for ((a, b), w) in distinct_pairs(v).zip(core::iter::repeat(1u32)) {
                let ($a, $b) = (*a * w, *b);
                $c = $body;
            }
            $c
        }
        fn take(v: &[u32]) -> u64 {
            let mut $c: u64 = $init;
            let k = black_box(v.len() * v.len().saturating_sub(1) / 2);
            for (a, b) in distinct_pairs(v).take(k) {
                let ($a, $b) = (*a, *b);
                $c = $body;
            }
            $c
        }
        fn itertools_for(v: &[u32]) -> u64 {
            let mut $c: u64 = $init;
            for (a, b) in v.iter().tuple_combinations::<(_, _)>() {
                let ($a, $b) = (*a, *b);
                $c = $body;
            }
            $c
        }
        [
            nested as fn(&[u32]) -> u64,
            for_loop,
            zip,
            take,
            itertools_for,
        ]
    }};
}

/// The first pair whose product is `t` modulo 65 521, as its flat index (0 if none).
fn nested_search(v: &[u32], t: u32) -> u64 {
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            if v[i].wrapping_mul(v[j]) % 65_521 == t {
                return (i * v.len() + j) as u64;
            }
        }
    }
    0
}

/// Flat index of a pair of `1..=n` values.
fn index(n: usize, (a, b): (&u32, &u32)) -> u64 {
    ((*a as usize - 1) * n + *b as usize - 1) as u64
}

#[allow(clippy::filter_next, reason = "the form under test")]
fn filter_next_search(v: &[u32], t: u32) -> u64 {
    distinct_pairs(v)
        .filter(|(a, b)| a.wrapping_mul(**b) % 65_521 == t)
        .next()
        .map_or(0, |p| index(v.len(), p))
}

fn find_search(v: &[u32], t: u32) -> u64 {
    distinct_pairs(v)
        .find(|(a, b)| a.wrapping_mul(**b) % 65_521 == t)
        .map_or(0, |p| index(v.len(), p))
}

fn itertools_find_search(v: &[u32], t: u32) -> u64 {
    v.iter()
        .tuple_combinations::<(_, _)>()
        .find(|(a, b)| a.wrapping_mul(**b) % 65_521 == t)
        .map_or(0, |p| index(v.len(), p))
}

/// One body shape: name, whether the nested loop vectorizes, and its forms.
type Shape = (&'static str, bool, [fn(&[u32]) -> u64; 5]);

/// The body shapes.
fn shapes() -> Vec<Shape> {
    vec![
        (
            "even-sum count (the seed)",
            true,
            forms!(|c, a, b| c + u64::from((a + b) % 2 == 0), 0),
        ),
        (
            "hash chain",
            false,
            forms!(|c, a, b| c.rotate_left(5) ^ u64::from(a.wrapping_mul(b)), 0),
        ),
        (
            "data-dependent branch",
            false,
            forms!(
                |c, a, b| if a.abs_diff(b) % 7 == 3 {
                    c + u64::from(a ^ b)
                } else {
                    c
                },
                0
            ),
        ),
        (
            "minimum of a mix",
            true,
            forms!(
                |c, a, b| c.min(u64::from(
                    a.wrapping_mul(2_654_435_761) ^ b.wrapping_mul(40_503)
                )),
                u64::MAX
            ),
        ),
        (
            "f64 distance test",
            true,
            forms!(
                |c, a, b| {
                    let d = f64::from(a) - f64::from(b) * 0.37;
                    if d * d < 1e4 { c + 1 } else { c }
                },
                0
            ),
        ),
    ]
}

/// The table: for every shape and N, each `next()`-driven form against the nested loop and
/// against itertools' `for`; then the searches. Returns the markdown and the worst ratio of
/// the non-vectorized shapes (the verdict's figure).
pub fn table(budget: core::time::Duration) -> (String, f64) {
    let mut t = Table::new([
        "body",
        "N",
        "nested loop",
        "`for`",
        "`zip`",
        "`take`",
        "itertools `for`",
        "`for` vs itertools `for`",
    ]);
    let mut worst_scalar = 0.0f64;
    for n in [64u32, 2048] {
        let v = super::pairs::values(n);
        let reps = if n == 64 { 1000 } else { 1 };
        for (name, vectorized, forms) in shapes() {
            let want = forms[0](&v);
            for f in &forms[1..] {
                assert_eq!(f(&v), want, "{name}: a form computes differently");
            }
            let data = &v;
            let mut closures: Vec<Box<dyn FnMut() -> u64 + '_>> = forms
                .iter()
                .map(|&f| {
                    Box::new(move || (0..reps).fold(0, |s, _| s ^ f(black_box(data))))
                        as Box<dyn FnMut() -> u64 + '_>
                })
                .collect();
            let ts = super::pairs::fastest_interleaved(budget, &mut closures);
            if !vectorized {
                worst_scalar = ts[1..4]
                    .iter()
                    .map(|x| x / ts[0])
                    .fold(worst_scalar, f64::max);
            }
            t.row([
                format!("{name}{}", if vectorized { " (vectorized)" } else { "" }),
                n.to_string(),
                crate::table::ns(ts[0] / f64::from(reps)),
                ratio(ts[1] / ts[0]),
                ratio(ts[2] / ts[0]),
                ratio(ts[3] / ts[0]),
                ratio(ts[4] / ts[0]),
                ratio(ts[1] / ts[4]),
            ]);
        }
        // The search: a product that first occurs late.
        let target = 65_520;
        let want = nested_search(&v, target);
        let searches: [fn(&[u32], u32) -> u64; 4] = [
            nested_search,
            filter_next_search,
            find_search,
            itertools_find_search,
        ];
        for f in &searches[1..] {
            assert_eq!(f(&v, target), want, "a search finds a different pair");
        }
        let data = &v;
        let mut closures: Vec<Box<dyn FnMut() -> u64 + '_>> = searches
            .iter()
            .map(|&f| {
                Box::new(move || (0..reps).fold(0, |s, _| s ^ f(black_box(data), target)))
                    as Box<dyn FnMut() -> u64 + '_>
            })
            .collect();
        let ts = super::pairs::fastest_interleaved(budget, &mut closures);
        worst_scalar = ts[1..3]
            .iter()
            .map(|x| x / ts[0])
            .fold(worst_scalar, f64::max);
        t.row([
            "search (columns: `filter().next()`, `find`, itertools `find`)".to_string(),
            n.to_string(),
            crate::table::ns(ts[0] / f64::from(reps)),
            ratio(ts[1] / ts[0]),
            ratio(ts[2] / ts[0]),
            "-".to_string(),
            ratio(ts[3] / ts[0]),
            ratio(ts[2] / ts[3]),
        ]);
        // (The last column compares `find` with itertools' `find` in this row.)
    }
    (t.to_markdown(), worst_scalar)
}
