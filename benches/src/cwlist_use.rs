//! cwlist against `Vec`, `VecDeque` and `std::collections::LinkedList` on the operations that
//! decide which container to use, and what `linearize()` buys: the measured basis of the
//! "When to use it" table in `cwlist/README.md`.
use core::hint::black_box;
use std::collections::{LinkedList, VecDeque};
use std::time::Instant;

use cwlist::{List, Pos};

use crate::cwlist::{Order, Rng, Val, accumulate_cw, accumulate_std, build_cw, build_std};
use crate::table::{Table, ratio};

/// Fastest of `runs` calls of `f` (each builds its own input), in ns.
fn fastest_ns<R>(runs: usize, mut f: impl FnMut() -> R) -> f64 {
    (0..runs)
        .map(|_| {
            let s = Instant::now();
            black_box(f());
            s.elapsed().as_secs_f64() * 1e9
        })
        .fold(f64::INFINITY, f64::min)
}

/// `n` indices, each uniform in `0..=k` for the `k`-th draw (random insertion points into a
/// growing sequence) — the same draws for every container.
fn insertion_points(n: usize) -> Vec<usize> {
    let mut rng = Rng::new(0x1157_0f5e);
    (0..n)
        .map(|k| ((u128::from(rng.next_u64()) * (k as u128 + 1)) >> 64) as usize)
        .collect()
}

/// `n` draws, the `k`-th uniform in `0..len - k` (random removals from a shrinking sequence).
fn removal_points(len: usize, n: usize) -> Vec<usize> {
    let mut rng = Rng::new(0x0e1e_7e5e);
    (0..n)
        .map(|k| ((u128::from(rng.next_u64()) * ((len - k) as u128)) >> 64) as usize)
        .collect()
}

/// The four containers on one workload: ns per element, in the order Vec, VecDeque,
/// LinkedList, cwlist.
type Row = (&'static str, [f64; 4]);

fn sum<'a>(it: impl Iterator<Item = &'a u64>) -> u64 {
    it.fold(0, |a, &b| a.wrapping_add(b))
}

/// `List` built by inserting each value at the position of a random earlier element (after
/// it), so its storage order is scrambled; also returns the positions by slot.
fn cw_random_inserts(points: &[usize]) -> (List<u64, u32>, Vec<Pos>) {
    let mut list: List<u64, u32> = List::with_capacity(points.len());
    let mut held: Vec<Pos> = Vec::with_capacity(points.len());
    for (k, &i) in points.iter().enumerate() {
        let after = if k == 0 {
            None
        } else {
            Some(held[i.min(k - 1)])
        };
        held.push(list.insert_after(after, k as u64));
    }
    (list, held)
}

/// The "when to use it" table at `n` elements of 8 bytes.
fn use_table(n: usize, runs: usize) -> (String, Vec<Row>) {
    let ins = insertion_points(n);
    let rem = removal_points(n, n / 2);
    let per = |ns: f64| ns / n as f64;
    let mut rows: Vec<Row> = Vec::new();

    rows.push((
        "push_back n, then sum",
        [
            fastest_ns(runs, || sum((0..n as u64).collect::<Vec<_>>().iter())),
            fastest_ns(runs, || sum((0..n as u64).collect::<VecDeque<_>>().iter())),
            fastest_ns(runs, || {
                sum((0..n as u64).collect::<LinkedList<_>>().iter())
            }),
            fastest_ns(runs, || {
                sum((0..n as u64).collect::<List<u64, u32>>().iter())
            }),
        ]
        .map(per),
    ));
    rows.push((
        "push_front n, then sum",
        [
            fastest_ns(runs, || {
                let mut v = Vec::with_capacity(n);
                (0..n as u64).for_each(|x| v.insert(0, x));
                sum(v.iter())
            }),
            fastest_ns(runs, || {
                let mut v = VecDeque::with_capacity(n);
                (0..n as u64).for_each(|x| v.push_front(x));
                sum(v.iter())
            }),
            fastest_ns(runs, || {
                let mut v = LinkedList::new();
                (0..n as u64).for_each(|x| v.push_front(x));
                sum(v.iter())
            }),
            fastest_ns(runs, || {
                let mut v: List<u64, u32> = List::with_capacity(n);
                (0..n as u64).for_each(|x| v.push_front(x));
                sum(v.iter())
            }),
        ]
        .map(per),
    ));
    // Insert at random places: by index for the sequences (Vec and VecDeque shift, LinkedList
    // walks there: stable std has no cursor insert), after a held position for cwlist (O(1)).
    rows.push((
        "insert n at random places",
        [
            fastest_ns(runs, || {
                let mut v = Vec::with_capacity(n);
                for (k, &i) in ins.iter().enumerate() {
                    v.insert(i, k as u64);
                }
                v
            }),
            fastest_ns(runs, || {
                let mut v = VecDeque::with_capacity(n);
                for (k, &i) in ins.iter().enumerate() {
                    v.insert(i, k as u64);
                }
                v
            }),
            fastest_ns(runs.min(2), || {
                let mut v = LinkedList::new();
                for (k, &i) in ins.iter().enumerate() {
                    let mut tail = v.split_off(i);
                    v.push_back(k as u64);
                    v.append(&mut tail);
                }
                v
            }),
            fastest_ns(runs, || cw_random_inserts(&ins)),
        ]
        .map(per),
    ));
    // Sum after the random inserts: storage order scrambled for the lists.
    let v: Vec<u64> = {
        let mut v = Vec::with_capacity(n);
        for (k, &i) in ins.iter().enumerate() {
            v.insert(i, k as u64);
        }
        v
    };
    let d: VecDeque<u64> = v.iter().copied().collect();
    let mut l: LinkedList<u64> = LinkedList::new();
    // Same allocation order as the inserts (node k allocated k-th), list order as `v`.
    {
        let mut nodes: Vec<LinkedList<u64>> = (0..n as u64)
            .map(|k| {
                let mut one = LinkedList::new();
                one.push_back(k);
                one
            })
            .collect();
        for &k in &v {
            l.append(&mut nodes[k as usize]);
        }
    }
    let (c, held) = cw_random_inserts(&ins);
    // The same values; cwlist's order is its own random one (after random held elements).
    assert!(
        l.iter().eq(v.iter()) && sum(c.iter()) == sum(v.iter()),
        "contents differ"
    );
    let mut c_lin = c.clone();
    c_lin.linearize();
    rows.push((
        "sum after the random inserts",
        [
            fastest_ns(runs * 4, || sum(v.iter())),
            fastest_ns(runs * 4, || sum(d.iter())),
            fastest_ns(runs * 4, || sum(l.iter())),
            fastest_ns(runs * 4, || sum(c.iter())),
        ]
        .map(per),
    ));
    rows.push((
        "the same after `linearize()` (cwlist only)",
        [
            f64::NAN,
            f64::NAN,
            f64::NAN,
            fastest_ns(runs * 4, || sum(c_lin.iter())),
        ]
        .map(per),
    ));
    // Remove n/2 random elements: by index for the sequences, by held position for cwlist.
    rows.push((
        "remove n/2 at random places",
        [
            fastest_ns(runs, || {
                let mut v = v.clone();
                for &i in &rem {
                    v.remove(i);
                }
                v
            }),
            fastest_ns(runs, || {
                let mut d = d.clone();
                for &i in &rem {
                    d.remove(i);
                }
                d
            }),
            fastest_ns(runs.min(2), || {
                let mut l = l.clone();
                for &i in &rem {
                    let mut tail = l.split_off(i);
                    tail.pop_front();
                    l.append(&mut tail);
                }
                l
            }),
            fastest_ns(runs, || {
                // A copy of the built list, as the others copy theirs.
                let (mut c, mut held) = (c.clone(), held.clone());
                for &i in &rem {
                    // Erasing slot i moves the last slot's element into slot i: `held[i]`
                    // then names it, and the last held position is gone.
                    c.erase(held[i]);
                    held.pop();
                }
                c
            }),
        ]
        .map(|ns| ns / (n / 2) as f64),
    ));
    let mut table = Table::new([
        "operation (ns per element)",
        "Vec",
        "VecDeque",
        "LinkedList",
        "cwlist",
        "LinkedList / cwlist",
        "best other / cwlist (> 1: cwlist faster)",
    ]);
    let cell = |x: f64| {
        if x.is_nan() {
            "-".to_string()
        } else {
            format!("{x:.2}")
        }
    };
    for (name, t) in &rows {
        let best_other = t[..3]
            .iter()
            .copied()
            .filter(|x| !x.is_nan())
            .fold(f64::INFINITY, f64::min);
        table.row([
            name.to_string(),
            cell(t[0]),
            cell(t[1]),
            cell(t[2]),
            cell(t[3]),
            if t[2].is_nan() {
                "-".into()
            } else {
                ratio(t[2] / t[3])
            },
            if best_other.is_finite() {
                ratio(best_other / t[3])
            } else {
                "-".into()
            },
        ]);
    }
    (table.to_markdown(), rows)
}

/// What `linearize()` costs and buys on a list linked through a random permutation of its
/// storage (8-byte values): one row per size.
fn relink_table(sizes: &[usize], runs: usize) -> String {
    let mut table = Table::new([
        "n",
        "LinkedList sum",
        "cwlist sum, random order",
        "`linearize()`",
        "cwlist sum after",
        "LinkedList / cwlist before → after",
        "sums that pay for it",
    ]);
    for &n in sizes {
        let std: LinkedList<Val<8>> = build_std(n, Order::Random);
        let cw: List<Val<8>, u32> = build_cw(n, Order::Random);
        let mut lin = cw.clone();
        // Only `linearize()` is timed, not the clone it works on.
        let relink = (0..runs)
            .map(|_| {
                let mut c = cw.clone();
                let s = Instant::now();
                c.linearize();
                let t = s.elapsed().as_secs_f64() * 1e9;
                black_box(&c);
                t
            })
            .fold(f64::INFINITY, f64::min);
        lin.linearize();
        assert!(lin.is_linear() && accumulate_cw(&lin) == accumulate_cw(&cw));
        let reps = runs * 4;
        let t_std = fastest_ns(reps, || accumulate_std(&std));
        let t_before = fastest_ns(reps, || accumulate_cw(&cw));
        let t_after = fastest_ns(reps, || accumulate_cw(&lin));
        let gain = t_before - t_after;
        table.row([
            n.to_string(),
            crate::table::ns(t_std),
            crate::table::ns(t_before),
            crate::table::ns(relink),
            crate::table::ns(t_after),
            format!("{} → {}", ratio(t_std / t_before), ratio(t_std / t_after)),
            if gain > 0.0 {
                format!("{:.1}", relink / gain)
            } else {
                "never".into()
            },
        ]);
    }
    table.to_markdown()
}

/// The section's markdown.
pub fn report(mode: &crate::Mode) -> String {
    let (n, runs) = if mode.full { (100_000, 5) } else { (20_000, 3) };
    let sizes: &[usize] = if mode.full {
        &[1_000, 100_000, 1_000_000, 3_000_000]
    } else {
        &[1_000, 100_000, 1_000_000]
    };
    let (uses, _) = use_table(n, runs);
    format!(
        "When to use which container: {n} elements of 8 bytes (`u64`), fastest of {runs} runs \
         per cell (4x more for the sums), ns per element (per removed element for removals; each \
         removal run starts from a copy of the built container, copy included). \
         Random places are the same draws for every container: an index for `Vec`, `VecDeque` \
         and `LinkedList` (which must walk there: stable std has no cursor insert); for \
         cwlist, after a uniformly random element held by position (O(1)). The sums after random inserts read the lists in a \
         scrambled storage order.\n\n{uses}\n\
         What `linearize()` buys: a list linked through a uniformly random permutation of its \
         slots (8-byte values, u32 index), summed before and after one `linearize()` (O(n), in \
         place); \"sums that pay for it\" = linearize time / time saved per sum.\n\n{}",
        relink_table(sizes, runs)
    )
}
