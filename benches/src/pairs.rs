//! pairs: the seed's workload (count the distinct pairs of `1..=N` whose sum is even) as the
//! `pairs` adapter, a hand-written nested index loop, itertools' `tuple_combinations` and
//! `combinations(2)`, and the rayon form; and a mutable pass over distinct pairs against a
//! hand-written `split_at_mut` loop.
use std::hint::black_box;
use std::time::{Duration, Instant};

use itertools::Itertools;
use pairs::{distinct_pairs, distinct_pairs_mut, for_each_distinct_pair_mut, par_distinct_pairs};
use rayon::prelude::*;

use crate::measure::{budget, ns_per_call};
use crate::table::{Table, ns, ratio};

/// The seed's data: `1..=n`.
pub fn values(n: u32) -> Vec<u32> {
    (1..=n).collect()
}

/// The seed's predicate: the sum is even.
#[inline]
fn even_sum(a: u32, b: u32) -> bool {
    (a + b) & 1 == 0
}

/// A counting form of the seed's example.
pub type CountFn = fn(&[u32]) -> u64;
/// A mutable pass over the distinct pairs.
pub type MutFn = fn(&mut [u32]);

/// Hand-written baseline: the nested index loop of the seed.
pub fn nested_loop_count(v: &[u32]) -> u64 {
    let mut count = 0u64;
    for i in 0..v.len() {
        for j in i + 1..v.len() {
            count += u64::from(even_sum(v[i], v[j]));
        }
    }
    count
}

/// `distinct_pairs(v).filter(..).count()`: the seed's `count_if`, driven by `fold`.
pub fn pairs_count(v: &[u32]) -> u64 {
    distinct_pairs(v)
        .filter(|(a, b)| even_sum(**a, **b))
        .count() as u64
}

/// `for (a, b) in distinct_pairs(v)`: external iteration through `next()`.
pub fn pairs_for_loop_count(v: &[u32]) -> u64 {
    let mut count = 0u64;
    for (a, b) in distinct_pairs(v) {
        count += u64::from(even_sum(*a, *b));
    }
    count
}

/// itertools' `tuple_combinations::<(_, _)>()`.
pub fn tuple_combinations_count(v: &[u32]) -> u64 {
    v.iter()
        .tuple_combinations()
        .filter(|(a, b)| even_sum(**a, **b))
        .count() as u64
}

/// itertools' `combinations(2)` (one `Vec` per pair).
pub fn combinations_count(v: &[u32]) -> u64 {
    v.iter()
        .combinations(2)
        .filter(|c| even_sum(*c[0], *c[1]))
        .count() as u64
}

/// The rayon form, split evenly by rank.
pub fn par_pairs_count(v: &[u32]) -> u64 {
    par_distinct_pairs(v)
        .filter(|(a, b)| even_sum(**a, **b))
        .count() as u64
}

/// The mutable kernel: an exchange between two elements that depends on both.
#[inline]
pub fn exchange(a: &mut u32, b: &mut u32) {
    let d = (*a ^ *b) & 1;
    *a = a.wrapping_add(d);
    *b = b.wrapping_sub(d);
}

/// Hand-written baseline: `split_at_mut` in an index loop.
pub fn split_at_mut_loop(v: &mut [u32]) {
    for i in 0..v.len() {
        let (head, tail) = v.split_at_mut(i + 1);
        let a = &mut head[i];
        for b in tail {
            exchange(a, b);
        }
    }
}

/// `for_each_distinct_pair_mut`.
pub fn pairs_mut_for_each(v: &mut [u32]) {
    for_each_distinct_pair_mut(v, exchange);
}

/// The lending iterator `distinct_pairs_mut` in a `while let` loop.
pub fn pairs_mut_lending(v: &mut [u32]) {
    let mut it = distinct_pairs_mut(v);
    while let Some((a, b)) = it.next() {
        exchange(a, b);
    }
}

/// The 1-minute load average, to say under which load the numbers were taken.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "unknown".to_string())
}

/// Rounds of interleaved measurements: the minimum over rounds of each form's median is
/// robust to the load of other processes, which comes and goes between rounds.
const ROUNDS: usize = 3;

/// Times every closure `ROUNDS` times, interleaved, and keeps each one's fastest median.
fn interleaved(budget: Duration, forms: &mut [Box<dyn FnMut() -> u64 + '_>]) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; forms.len()];
    for _ in 0..ROUNDS {
        for (f, b) in forms.iter_mut().zip(best.iter_mut()) {
            *b = b.min(ns_per_call(budget / ROUNDS as u32, &mut **f));
        }
    }
    best
}

/// Times `f` once (for runs of seconds) and returns (result, ns).
fn once<R>(f: impl FnOnce() -> R) -> (R, f64) {
    let start = Instant::now();
    let r = black_box(f());
    (r, start.elapsed().as_secs_f64() * 1e9)
}

/// The "pairs" report section: the count and mutable tables, and the seed's 2^17 example.
pub fn report(mode: &crate::Mode) -> String {
    let budget = budget(mode.full);
    let load_before = load_average();
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());

    // The comparison at a size where combinations(2) finishes in a reasonable time.
    let bits = if mode.full { 13 } else { 11 };
    let v = values(1 << bits);
    let pairs_n = (v.len() * (v.len() - 1) / 2) as f64;
    let expected = nested_loop_count(&v);
    let forms: [(&str, CountFn); 6] = [
        ("hand-written nested index loop", nested_loop_count),
        ("`distinct_pairs(v).filter(..).count()`", pairs_count),
        (
            "`for (a, b) in distinct_pairs(v)` (next)",
            pairs_for_loop_count,
        ),
        ("itertools `tuple_combinations()`", tuple_combinations_count),
        ("itertools `combinations(2)`", combinations_count),
        ("rayon `par_distinct_pairs(v)`", par_pairs_count),
    ];
    for (name, f) in forms {
        assert_eq!(f(&v), expected, "{name} counts differently");
    }
    let data = &v;
    let mut closures: Vec<Box<dyn FnMut() -> u64 + '_>> = forms
        .iter()
        .map(|&(_, f)| Box::new(move || f(black_box(data))) as Box<dyn FnMut() -> u64 + '_>)
        .collect();
    let times = interleaved(budget, &mut closures);
    let mut table = Table::new(["form", "time", "per pair", "vs nested loop", "vs pairs"]);
    for ((name, _), t) in forms.iter().zip(&times) {
        table.row([
            name.to_string(),
            ns(*t),
            format!("{:.3} ns", t / pairs_n),
            ratio(t / times[0]),
            ratio(t / times[1]),
        ]);
    }

    // Mutable pass.
    let base: Vec<u32> = (0..1u32 << bits)
        .map(|i| i.wrapping_mul(2_654_435_761))
        .collect();
    let mut check_a = base.clone();
    let mut check_b = base.clone();
    let mut check_c = base.clone();
    split_at_mut_loop(&mut check_a);
    pairs_mut_for_each(&mut check_b);
    pairs_mut_lending(&mut check_c);
    assert!(
        check_a == check_b && check_a == check_c,
        "mutable forms disagree"
    );
    let muts: [(&str, MutFn); 3] = [
        ("hand-written `split_at_mut` loop", split_at_mut_loop),
        ("`for_each_distinct_pair_mut`", pairs_mut_for_each),
        (
            "lending `distinct_pairs_mut` (while let)",
            pairs_mut_lending,
        ),
    ];
    let mut closures: Vec<Box<dyn FnMut() -> u64 + '_>> = muts
        .iter()
        .map(|&(_, f)| {
            let mut work = base.clone();
            Box::new(move || {
                f(black_box(&mut work));
                u64::from(work[0])
            }) as Box<dyn FnMut() -> u64 + '_>
        })
        .collect();
    let mut_times = interleaved(budget, &mut closures);
    let mut mtable = Table::new(["mutable form", "time", "per pair", "vs split_at_mut loop"]);
    for ((name, _), t) in muts.iter().zip(&mut_times) {
        mtable.row([
            name.to_string(),
            ns(*t),
            format!("{:.3} ns", t / pairs_n),
            ratio(t / mut_times[0]),
        ]);
    }

    // The seed's full example, 2^17 values: one run per form and round, interleaved, fastest
    // run kept (runs take seconds, so no batching).
    let big = values(1 << 17);
    let big_forms: [(&str, CountFn); 4] = [
        ("hand-written nested index loop", nested_loop_count),
        ("`distinct_pairs(v).filter(..).count()`", pairs_count),
        ("itertools `tuple_combinations()`", tuple_combinations_count),
        ("rayon `par_distinct_pairs(v)`", par_pairs_count),
    ];
    let rounds = if mode.full { ROUNDS } else { 1 };
    let mut big_runs = [(0u64, f64::INFINITY); 4];
    for _ in 0..rounds {
        for ((_, f), run) in big_forms.iter().zip(big_runs.iter_mut()) {
            let (c, t) = once(|| f(&big));
            *run = (c, run.1.min(t));
        }
    }
    let load_after = load_average();
    for ((name, _), (c, _)) in big_forms.iter().zip(&big_runs) {
        assert_eq!(*c, 4_294_901_760, "{name}: the seed's output");
    }
    let t_nested = big_runs[0].1;
    let mut btable = Table::new([
        "form (2^17 values, 8589869056 pairs)",
        "count",
        "time",
        "vs nested loop",
    ]);
    for ((name, _), (c, t)) in big_forms.iter().zip(&big_runs) {
        btable.row([name.to_string(), c.to_string(), ns(*t), ratio(t / t_nested)]);
    }

    format!(
        "The seed's count (distinct pairs of `1..=N` with an even sum) at N = 2^{bits} \
         ({} pairs), all forms in the same run, fastest of {ROUNDS} interleaved medians:\n\n{}\n\
         Mutable pass over the same number of distinct pairs (`exchange(&mut a, &mut b)`):\n\n{}\n\
         The seed's full example at N = 2^17, fastest of {rounds} interleaved run(s) per form \
         (the seed's output is \
         4294901760; `combinations(2)` is left out here, it allocates a `Vec` per pair):\n\n{}\n\
         Rayon speedup over the sequential `distinct_pairs` count: {:.2}x at N = 2^{bits}, \
         {:.2}x at N = 2^17. {cores} logical CPUs; 1-minute load average {load_before} before and {load_after} \
         after this section (other processes share the CPUs, which limits the rayon speedup).\n",
        pairs_n as u64,
        table.to_markdown(),
        mtable.to_markdown(),
        btable.to_markdown(),
        times[1] / times[5],
        big_runs[1].1 / big_runs[3].1,
    )
}
