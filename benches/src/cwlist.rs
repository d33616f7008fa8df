//! cwlist: the seed's three experiments (article "Implementing Linked Lists with Contiguous
//! Arrays") against `std::collections::LinkedList` and `Vec`:
//!
//! 1. pure traversal (follow the links, never read a value),
//! 2. accumulate (walk the links and read every value),
//! 3. sorted insertion of random values, the position found by a binary search that moves
//!    through the list by pure traversal (`std::lower_bound` with `std::advance`).
//!
//! Value sizes 1..1024 bytes; creation orders Back (linear), Mid and Random (nonlinear);
//! the index type is the smallest that fits the list size, as in the article.
use core::hint::black_box;
use std::collections::LinkedList;
use std::time::{Duration, Instant};

use cwlist::{Index, List, Pos};

use crate::measure::budget;

use crate::plot::{Chart, Scale, Series, line_chart};
use crate::table::{Table, ratio};

/// A value of `N` bytes; its first (up to 8) bytes hold a little-endian key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Val<const N: usize>(pub [u8; N]);

impl<const N: usize> Val<N> {
    /// A value whose key is `key` truncated to `min(N, 8)` bytes.
    #[inline]
    pub fn new(key: u64) -> Self {
        let mut a = [0u8; N];
        let k = N.min(8);
        a[..k].copy_from_slice(&key.to_le_bytes()[..k]);
        Self(a)
    }
    /// The key (the first `min(N, 8)` bytes).
    #[inline]
    pub fn key(&self) -> u64 {
        let mut b = [0u8; 8];
        let k = N.min(8);
        b[..k].copy_from_slice(&self.0[..k]);
        u64::from_le_bytes(b)
    }
}

/// How a list is built, as in the article.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// Every value pushed at the back: list order = allocation order (linear traversal).
    /// cwlist knows its list is linear and iterates without reading links.
    Back,
    /// As `Back`, but with cwlist's linear fast path dropped (one no-op relink), so its
    /// iterators walk the links over a linear layout, as in the article.
    BackLinks,
    /// Every value inserted at the midpoint.
    Mid,
    /// Every value pushed at the front or the back with equal probability: long runs of
    /// neighbours stay neighbours in memory (not a random order).
    CoinFlip,
    /// The list order is a uniformly random permutation of the allocation order (value `i`
    /// is the `i`-th node allocated in both lists; Fisher-Yates with a fixed seed).
    Random,
}

impl Order {
    /// All of them, in table order.
    pub const ALL: [Order; 5] = [
        Order::Back,
        Order::BackLinks,
        Order::Mid,
        Order::CoinFlip,
        Order::Random,
    ];
    fn name(self) -> &'static str {
        match self {
            Order::Back => "Back",
            Order::BackLinks => "Back (links)",
            Order::Mid => "Mid",
            Order::CoinFlip => "Front/back coin flip",
            Order::Random => "Random permutation",
        }
    }
}

/// A uniformly random permutation of `0..n` (Fisher-Yates, fixed seed): the list order of
/// [`Order::Random`].
#[must_use]
pub fn random_permutation(n: usize) -> Vec<usize> {
    let mut rng = Rng::new(SEED ^ 0x9e37_79b9);
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        // Multiply-shift: an unbiased enough index in 0..=i for a benchmark's order.
        let j = ((u128::from(rng.next_u64()) * (i as u128 + 1)) >> 64) as usize;
        p.swap(i, j);
    }
    p
}

/// xorshift64*: the same pseudo-random sequence for every implementation.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator from a non-zero seed.
    pub fn new(seed: u64) -> Self {
        Self(seed | 1)
    }
    /// The next pseudo-random number.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

const SEED: u64 = 0x5eed_c0de;

/// Builds a cwlist of `n` values (value `i` has key `i`) in the given order.
pub fn build_cw<Ix: Index, const N: usize>(n: usize, order: Order) -> List<Val<N>, Ix> {
    let mut list = List::with_capacity(n);
    let mut rng = Rng::new(SEED);
    // For Mid: the first element of the run of even values, i.e. where the midpoint is
    // after an odd number of insertions (see `mid_order_matches_midpoint_insertion`).
    let mut split: Option<Pos> = None;
    for i in 0..n {
        let v = Val::new(i as u64);
        match order {
            Order::Back | Order::BackLinks | Order::Random => list.push_back(v),
            Order::CoinFlip => {
                if rng.next_u64() >> 63 == 0 {
                    list.push_front(v)
                } else {
                    list.push_back(v)
                }
            }
            Order::Mid => {
                let p = list.insert_before(split, v);
                if i % 2 == 0 {
                    split = Some(p);
                }
            }
        }
    }
    if order == Order::Random {
        // Slot i holds value i; relink the slots in the permutation's order (O(1) each).
        let slots: Vec<Pos> = list.positions().collect();
        for k in random_permutation(n) {
            list.move_before(slots[k], None);
        }
    }
    if order == Order::BackLinks
        && let Some(p) = list.back_pos()
    {
        // Unlinks the back and links it at the back again: same order, same slots, but the
        // list no longer claims to be linear, so iteration follows the links.
        list.move_before(p, None);
        debug_assert!(list.is_linear());
    }
    list
}

/// Builds a `LinkedList` of the same values in the same order, allocating nodes in the same
/// sequence (Mid: odd values run forwards, even values backwards, joined by `append`; stable
/// Rust has no `LinkedList` cursor to insert at the middle in O(1)).
pub fn build_std<const N: usize>(n: usize, order: Order) -> LinkedList<Val<N>> {
    let mut list = LinkedList::new();
    let mut rng = Rng::new(SEED);
    let mut evens = LinkedList::new();
    let mut singles = Vec::new();
    for i in 0..n {
        let v = Val::new(i as u64);
        match order {
            Order::Back | Order::BackLinks => list.push_back(v),
            Order::Random => singles.push(LinkedList::from([v])),
            Order::CoinFlip => {
                if rng.next_u64() >> 63 == 0 {
                    list.push_front(v)
                } else {
                    list.push_back(v)
                }
            }
            Order::Mid => {
                if i % 2 == 1 {
                    list.push_back(v)
                } else {
                    evens.push_front(v)
                }
            }
        }
    }
    list.append(&mut evens);
    // Node i was allocated i-th; link the nodes in the permutation's order.
    for k in random_permutation(singles.len()) {
        list.append(&mut singles[k]);
    }
    list
}

/// Pure traversal of a cwlist: follows the links, never reads a value.
#[inline(never)]
pub fn traverse_cw<Ix: Index, const N: usize>(list: &List<Val<N>, Ix>) {
    for v in list.iter() {
        black_box(v as *const Val<N>);
    }
}

/// Pure traversal of a `LinkedList`.
#[inline(never)]
pub fn traverse_std<const N: usize>(list: &LinkedList<Val<N>>) {
    for v in list.iter() {
        black_box(v as *const Val<N>);
    }
}

/// Accumulate over a cwlist walking the links (not the value-array fast path).
#[inline(never)]
pub fn accumulate_cw<Ix: Index, const N: usize>(list: &List<Val<N>, Ix>) -> u64 {
    list.iter()
        .fold(0u64, |a, v| a.wrapping_add(u64::from(v.0[0])))
}

/// Accumulate over a `LinkedList`.
#[inline(never)]
pub fn accumulate_std<const N: usize>(list: &LinkedList<Val<N>>) -> u64 {
    list.iter()
        .fold(0u64, |a, v| a.wrapping_add(u64::from(v.0[0])))
}

/// The random keys of the sorted-insertion experiment.
pub fn random_keys(n: usize) -> Vec<u64> {
    let mut rng = Rng::new(SEED ^ 0xabc);
    (0..n).map(|_| rng.next_u64()).collect()
}

/// `std::lower_bound` over a cwlist: O(log n) comparisons, moving by pure traversal.
#[inline]
fn lower_bound_cw<Ix: Index, const N: usize>(list: &List<Val<N>, Ix>, key: u64) -> Option<Pos> {
    let mut first = list.positions();
    let mut count = list.len();
    while count > 0 {
        let step = count / 2;
        let mut it = first.clone();
        match it.nth(step) {
            Some(p) if list[p].key() < key => {
                first = it;
                count -= step + 1;
            }
            _ => count = step,
        }
    }
    first.next()
}

/// Sorted insertion into a cwlist (binary search by traversal, O(1) insert).
#[inline(never)]
pub fn sorted_insert_cw<Ix: Index, const N: usize>(keys: &[u64]) -> List<Val<N>, Ix> {
    let mut list = List::with_capacity(keys.len());
    for &k in keys {
        let v = Val::<N>::new(k);
        let at = lower_bound_cw(&list, v.key());
        list.insert_before(at, v);
    }
    list
}

/// Sorted insertion into a `LinkedList`: the same binary search with `Iter` clones; the
/// insertion itself is `split_off` + `push_back` + `append`, because stable Rust has no
/// `LinkedList` cursor (it walks min(k, n - k) links more than C++ `insert`).
#[inline(never)]
pub fn sorted_insert_std<const N: usize>(keys: &[u64]) -> LinkedList<Val<N>> {
    let mut list: LinkedList<Val<N>> = LinkedList::new();
    for &k in keys {
        let v = Val::<N>::new(k);
        let key = v.key();
        let mut first = list.iter();
        let (mut count, mut at) = (list.len(), 0usize);
        while count > 0 {
            let step = count / 2;
            let mut it = first.clone();
            match it.nth(step) {
                Some(x) if x.key() < key => {
                    first = it;
                    at += step + 1;
                    count -= step + 1;
                }
                _ => count = step,
            }
        }
        let mut tail = list.split_off(at);
        list.push_back(v);
        list.append(&mut tail);
    }
    list
}

/// Sorted insertion into a `Vec` (binary search by indexing, shifting insert).
#[inline(never)]
pub fn sorted_insert_vec<const N: usize>(keys: &[u64]) -> Vec<Val<N>> {
    let mut vec = Vec::new();
    for &k in keys {
        let v = Val::<N>::new(k);
        let key = v.key();
        let at = vec.partition_point(|x: &Val<N>| x.key() < key);
        vec.insert(at, v);
    }
    vec
}

/// The article's improvement factors at large sizes, (linear, nonlinear), per value size.
fn article_targets(size: usize, accumulate: bool) -> Option<(f64, f64)> {
    let t = match (accumulate, size) {
        (false, 1..=8) => (1.6, 3.2),
        (false, 16) => (2.3, 4.5),
        (false, 32) => (3.2, 7.5),
        (false, 64) => (4.75, 14.0),
        (false, 128) => (15.0, 20.0),
        (false, 1024) => (25.0, 40.0),
        (true, 1..=8) => (1.2, 1.8),
        (true, 16) => (1.8, 2.25),
        (true, 32) => (1.7, 2.15),
        (true, 64) => (1.45, 2.8),
        (true, 128) => (1.9, 3.9),
        (true, 1024) => (3.6, 6.2),
        _ => return None,
    };
    Some(t)
}

/// The value sizes of the article (plus 256).
pub const VALUE_SIZES: [usize; 8] = [1, 8, 16, 32, 64, 128, 256, 1024];

/// One measured point: LinkedList ns, cwlist ns for traversal and accumulate.
#[derive(Clone, Copy, Debug)]
struct Point {
    size: usize,
    order: Order,
    n: usize,
    trav: (f64, f64),
    acc: (f64, f64),
}

/// Times `a` and `c` in alternating batches (3 to 15 each, about `b` in total, at least
/// three calls of each) and returns the fastest batch of each, in ns per call.
///
/// The report machine is shared (two cores, many processes): interference only ever adds
/// time, so the minimum over batches taken in alternation is the robust estimate of a
/// ratio; `ns_per_call`'s median of back-to-back blocks drifted by 2-5x between the two
/// sides under load.
fn paired_ns<A, C>(b: Duration, mut a: impl FnMut() -> A, mut c: impl FnMut() -> C) -> (f64, f64) {
    let probe = Duration::from_millis(2).min(b / 10);
    // Calls until `probe` has passed (at least one): calibrates the batch size without
    // `ns_per_call`'s fifteen samples, which cost seconds on million-node lists.
    let probe_ns = |f: &mut dyn FnMut()| {
        let (s, mut calls) = (Instant::now(), 0u32);
        while calls == 0 || s.elapsed() < probe {
            f();
            calls += 1;
        }
        s.elapsed().as_secs_f64() * 1e9 / f64::from(calls)
    };
    let per_call = probe_ns(&mut || {
        black_box(a());
    })
    .max(probe_ns(&mut || {
        black_box(c());
    }));
    let batch = ((b.as_secs_f64() * 1e9 / 30.0 / per_call.max(1.0)) as u64).max(1);
    // Lists of a million nodes take 10-100 ms per call: three rounds then, not fifteen, so
    // the quick report stays quick.
    let rounds = ((b.as_secs_f64() * 1e9 / (2.0 * per_call.max(1.0))) as usize).clamp(3, 15);
    let time = |f: &mut dyn FnMut()| {
        let s = Instant::now();
        for _ in 0..batch {
            f();
        }
        s.elapsed().as_secs_f64() * 1e9 / batch as f64
    };
    let (mut ta, mut tc) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..rounds {
        ta = ta.min(time(&mut || {
            black_box(a());
        }));
        tc = tc.min(time(&mut || {
            black_box(c());
        }));
    }
    (ta, tc)
}

fn measure_one<Ix: Index, const N: usize>(n: usize, order: Order, b: Duration) -> Point {
    let cw = build_cw::<Ix, N>(n, order);
    let st = build_std::<N>(n, order);
    debug_assert!(cw.iter().eq(st.iter()));
    let (trav_std, trav_cw) = paired_ns(
        b,
        || traverse_std(black_box(&st)),
        || traverse_cw(black_box(&cw)),
    );
    let (acc_std, acc_cw) = paired_ns(
        b,
        || accumulate_std(black_box(&st)),
        || accumulate_cw(black_box(&cw)),
    );
    assert_eq!(accumulate_cw(&cw), accumulate_std(&st), "same values");
    Point {
        size: N,
        order,
        n,
        trav: (trav_std, trav_cw),
        acc: (acc_std, acc_cw),
    }
}

fn measure_sized<const N: usize>(sizes: &[usize], b: Duration, out: &mut Vec<Point>) {
    for &n in sizes {
        for order in Order::ALL {
            let p = if n <= u8::MAX_LEN {
                measure_one::<u8, N>(n, order, b)
            } else if n <= u16::MAX_LEN {
                measure_one::<u16, N>(n, order, b)
            } else {
                measure_one::<u32, N>(n, order, b)
            };
            out.push(p);
        }
    }
}

/// Wall time of one call of `f`, in ns (for workloads too long to batch).
fn once_ns<R>(f: impl FnOnce() -> R) -> f64 {
    let s = Instant::now();
    black_box(f());
    s.elapsed().as_secs_f64() * 1e9
}

/// (value size, n, LinkedList ns, cwlist ns, Vec ns)
type SortedPoint = (usize, usize, f64, f64, f64);

fn sorted_sized<const N: usize>(sizes: &[usize], runs: usize, out: &mut Vec<SortedPoint>) {
    for &n in sizes {
        let keys = random_keys(n);
        // Alternate the three builds run by run; keep each one's fastest run.
        let (mut st, mut cw, mut v) = (f64::INFINITY, f64::INFINITY, f64::INFINITY);
        for _ in 0..runs {
            st = st.min(once_ns(|| sorted_insert_std::<N>(black_box(&keys))));
            cw = cw.min(if n <= u8::MAX_LEN {
                once_ns(|| sorted_insert_cw::<u8, N>(black_box(&keys)))
            } else if n <= u16::MAX_LEN {
                once_ns(|| sorted_insert_cw::<u16, N>(black_box(&keys)))
            } else {
                once_ns(|| sorted_insert_cw::<u32, N>(black_box(&keys)))
            });
            v = v.min(once_ns(|| sorted_insert_vec::<N>(black_box(&keys))));
        }
        out.push((N, n, st, cw, v));
    }
}

macro_rules! for_each_size {
    ($f:ident, $($arg:expr),*) => {
        $f::<1>($($arg),*);
        $f::<8>($($arg),*);
        $f::<16>($($arg),*);
        $f::<32>($($arg),*);
        $f::<64>($($arg),*);
        $f::<128>($($arg),*);
        $f::<256>($($arg),*);
        $f::<1024>($($arg),*);
    };
}

/// List sizes for a value size: the common ladder capped so one list stays under `cap` bytes.
fn sizes_for(size: usize, ladder: &[usize], cap_bytes: usize) -> Vec<usize> {
    let max = (cap_bytes / (size + 24)).min(*ladder.last().unwrap_or(&1));
    let mut v: Vec<usize> = ladder.iter().copied().filter(|&n| n < max).collect();
    let rounded = if max >= 10_000 {
        max / 10_000 * 10_000
    } else {
        max
    };
    if v.last() != Some(&rounded) {
        v.push(rounded);
    }
    v
}

fn cell(std_ns: f64, cw_ns: f64) -> f64 {
    std_ns / cw_ns
}

/// The report section: tables of LinkedList-time / cwlist-time in the article's format, the
/// sorted-insertion comparison with `Vec`, and SVG plots of ratio vs list size.
pub fn report(mode: &crate::Mode) -> String {
    let b = budget(mode.full) / 4;
    let (ladder, cap): (&[usize], usize) = if mode.full {
        (
            &[100, 1_000, 10_000, 100_000, 300_000, 1_000_000, 3_000_000],
            512 << 20,
        )
    } else {
        (&[100, 3_000, 300_000, 1_000_000], 100 << 20)
    };
    let mut points = Vec::new();
    macro_rules! run_traversal {
        ($($n:literal),*) => {$(
            measure_sized::<$n>(&sizes_for($n, ladder, cap), b, &mut points);
        )*};
    }
    run_traversal!(1, 8, 16, 32, 64, 128, 256, 1024);

    let (sorted_sizes, runs): (&[usize], usize) = if mode.full {
        (&[250, 1_000, 4_000, 16_000], 5)
    } else {
        (&[250, 1_000, 4_000], 3)
    };
    let mut sorted = Vec::new();
    for_each_size!(sorted_sized, sorted_sizes, runs, &mut sorted);

    let mut md = String::new();
    md.push_str(
        "Ratios are LinkedList time / cwlist time (> 1: cwlist faster), measured in one run. \
         cwlist uses the smallest index type that fits (u8 up to 255 elements, u16 up to \
         65 535, else u32). Back = linear order, which cwlist knows (it then iterates without \
         reading links); \"Back (links)\" = the same layout with that fast path dropped, so \
         cwlist walks the links as in the article; Mid and Random = nonlinear. A target is \
         met when Back reaches the article's linear factor and both Mid and Random reach its \
         nonlinear factor at the largest size measured.\n\n",
    );
    for (title, acc) in [
        ("Pure traversal", false),
        ("Accumulate (walking the links)", true),
    ] {
        md.push_str(&format!("#### {title}\n\n"));
        md.push_str(&experiment_tables(&points, acc));
        plots(mode, &points, acc);
        let what = if acc { "accumulate" } else { "traversal" };
        let links: Vec<String> = VALUE_SIZES
            .iter()
            .map(|s| format!("[{s} B](docs/plots/cwlist_{what}_{s}b.svg)"))
            .collect();
        md.push_str(&format!(
            "Plots of ratio vs list size: {}.\n\n",
            links.join(", ")
        ));
    }
    md.push_str(&sorted_tables(&sorted));
    sorted_plots(mode, &sorted);
    md.push_str(
        "Plots: [vs LinkedList](docs/plots/cwlist_sorted_insert_vs_linkedlist.svg), \
         [vs Vec](docs/plots/cwlist_sorted_insert_vs_vec.svg).\n",
    );
    md
}

fn experiment_tables(points: &[Point], acc: bool) -> String {
    let pick = |p: &Point| {
        if acc {
            cell(p.acc.0, p.acc.1)
        } else {
            cell(p.trav.0, p.trav.1)
        }
    };
    let mut summary = Table::new([
        "Value size (bytes)",
        "List size",
        "linear (Back)",
        "linear, links walked",
        "nonlinear (Mid)",
        "nonlinear (Random)",
        "article (linear / nonlinear)",
        "target met",
        "smallest size: min ratio (target ≥ 1.0, issue 21)",
    ]);
    for size in VALUE_SIZES {
        let ps: Vec<&Point> = points.iter().filter(|p| p.size == size).collect();
        let (Some(nmax), Some(nmin)) = (ps.iter().map(|p| p.n).max(), ps.iter().map(|p| p.n).min())
        else {
            continue;
        };
        let at = |n: usize, o: Order| {
            ps.iter()
                .find(|p| p.n == n && p.order == o)
                .map_or(f64::NAN, |p| pick(p))
        };
        let (back, back_links, mid, rnd) = (
            at(nmax, Order::Back),
            at(nmax, Order::BackLinks),
            at(nmax, Order::Mid),
            at(nmax, Order::Random),
        );
        let small = Order::ALL
            .iter()
            .map(|&o| at(nmin, o))
            .fold(f64::INFINITY, f64::min);
        let (target, met) = match article_targets(size, acc) {
            Some((l, nl)) => (
                format!("{l} / {nl}"),
                if back >= l && mid >= nl && rnd >= nl {
                    "yes".to_string()
                } else {
                    format!(
                        "no ({})",
                        [(back >= l, "linear"), (mid >= nl && rnd >= nl, "nonlinear")]
                            .iter()
                            .filter(|(ok, _)| !ok)
                            .map(|(_, w)| *w)
                            .collect::<Vec<_>>()
                            .join(", ")
                    )
                },
            ),
            None => ("-".to_string(), "-".to_string()),
        };
        summary.row([
            size.to_string(),
            nmax.to_string(),
            ratio(back),
            ratio(back_links),
            ratio(mid),
            ratio(rnd),
            target,
            met,
            format!(
                "{} (n = {nmin}){}",
                ratio(small),
                if small >= 1.0 { " met" } else { " NOT met" }
            ),
        ]);
    }
    let mut ns: Vec<usize> = points.iter().map(|p| p.n).collect();
    ns.sort_unstable();
    ns.dedup();
    let mut header = vec!["Value size".to_string(), "Order".to_string()];
    header.extend(ns.iter().map(|n| format!("n = {n}")));
    let mut detail = Table::new(header);
    for size in VALUE_SIZES {
        for order in Order::ALL {
            let mut row = vec![size.to_string(), order.name().to_string()];
            row.extend(ns.iter().map(|&n| {
                points
                    .iter()
                    .find(|p| p.size == size && p.order == order && p.n == n)
                    .map_or("-".to_string(), |p| ratio(pick(p)))
            }));
            detail.row(row);
        }
    }
    format!(
        "{}\nAll sizes (LinkedList / cwlist):\n\n{}\n",
        summary.to_markdown(),
        detail.to_markdown()
    )
}

fn sorted_tables(sorted: &[SortedPoint]) -> String {
    let mut ns: Vec<usize> = sorted.iter().map(|p| p.1).collect();
    ns.sort_unstable();
    ns.dedup();
    let mut header = vec!["Value size (bytes)".to_string()];
    for n in &ns {
        header.push(format!("LinkedList / cwlist, n = {n}"));
    }
    for n in &ns {
        header.push(format!("Vec / cwlist, n = {n}"));
    }
    let mut t = Table::new(header);
    for size in VALUE_SIZES {
        let find = |n: usize| sorted.iter().find(|p| p.0 == size && p.1 == n);
        let mut row = vec![size.to_string()];
        row.extend(
            ns.iter()
                .map(|&n| find(n).map_or("-".into(), |p| ratio(p.2 / p.3))),
        );
        row.extend(
            ns.iter()
                .map(|&n| find(n).map_or("-".into(), |p| ratio(p.4 / p.3))),
        );
        t.row(row);
    }
    let largest = ns.last().copied().unwrap_or(0);
    let faster_than_vec: Vec<String> = VALUE_SIZES
        .iter()
        .filter(|&&s| {
            sorted
                .iter()
                .any(|p| p.0 == s && p.1 == largest && p.4 > p.3)
        })
        .map(|s| s.to_string())
        .collect();
    format!(
        "#### Sorted insertion of random values (binary search by pure traversal)\n\n\
         Time to build the whole sorted list/vector of n elements. Both lists make O(n) \
         link steps per insertion (Θ(n²) in total, see the crate's corrections to the seed); \
         LinkedList inserts with `split_off` + `append` (no stable cursor), which walks \
         min(k, n - k) more links than C++ `insert`.\n\n{}\n\
         cwlist beats Vec at n = {largest} for value sizes: {} (target: from 128 bytes up).\n\n",
        t.to_markdown(),
        if faster_than_vec.is_empty() {
            "none".to_string()
        } else {
            faster_than_vec.join(", ")
        }
    )
}

fn plots(mode: &crate::Mode, points: &[Point], acc: bool) {
    let what = if acc { "accumulate" } else { "traversal" };
    for size in VALUE_SIZES {
        let series: Vec<Series> = Order::ALL
            .iter()
            .map(|&o| Series {
                label: o.name().to_string(),
                points: points
                    .iter()
                    .filter(|p| p.size == size && p.order == o)
                    .map(|p| {
                        let r = if acc {
                            cell(p.acc.0, p.acc.1)
                        } else {
                            cell(p.trav.0, p.trav.1)
                        };
                        (p.n as f64, r)
                    })
                    .collect(),
            })
            .collect();
        let title = format!("cwlist {what}, {size}-byte values: LinkedList time / cwlist time");
        let path = mode.plot_dir.join(format!("cwlist_{what}_{size}b.svg"));
        let chart = Chart {
            title: &title,
            x_label: "list size",
            y_label: "ratio",
            x_scale: Scale::Log,
            y_scale: Scale::Log,
            targets: &[(1.0, "equal speed (ratio 1)")],
        };
        if let Err(e) = line_chart(&path, &chart, &series) {
            eprintln!("cwlist plot: {e}");
        }
    }
}

fn sorted_plots(mode: &crate::Mode, sorted: &[SortedPoint]) {
    for (name, idx) in [("linkedlist", 2usize), ("vec", 4)] {
        let series: Vec<Series> = VALUE_SIZES
            .iter()
            .map(|&s| Series {
                label: format!("{s} B"),
                points: sorted
                    .iter()
                    .filter(|p| p.0 == s)
                    .map(|p| {
                        let other = if idx == 2 { p.2 } else { p.4 };
                        (p.1 as f64, other / p.3)
                    })
                    .collect(),
            })
            .collect();
        let peer = if idx == 2 { "LinkedList" } else { "Vec" };
        let title = format!("cwlist sorted insertion: {peer} time / cwlist time");
        let chart = Chart {
            title: &title,
            x_label: "list size",
            y_label: "ratio",
            x_scale: Scale::Log,
            y_scale: Scale::Log,
            targets: &[(1.0, "equal speed (ratio 1)")],
        };
        let path = mode
            .plot_dir
            .join(format!("cwlist_sorted_insert_vs_{name}.svg"));
        if let Err(e) = line_chart(&path, &chart, &series) {
            eprintln!("cwlist plot: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::VecDeque;

    #[test]
    fn mid_order_matches_midpoint_insertion() {
        for n in [0, 1, 2, 3, 10, 257] {
            let mut model = VecDeque::new();
            for i in 0..n as u64 {
                model.insert(model.len() / 2, i);
            }
            let cw = build_cw::<u32, 8>(n, Order::Mid);
            let st = build_std::<8>(n, Order::Mid);
            assert!(cw.iter().map(Val::key).eq(model.iter().copied()));
            assert!(st.iter().map(Val::key).eq(model.iter().copied()));
        }
    }

    /// The random order is a permutation of the allocation order with no memory locality
    /// left: about as many list neighbours are slot neighbours as chance gives (2 of n−1 on
    /// average), where the coin flip keeps long runs.
    #[test]
    fn the_random_order_is_a_random_permutation() {
        let n = 10_000;
        let keys: Vec<u64> = build_cw::<u32, 8>(n, Order::Random)
            .iter()
            .map(Val::key)
            .collect();
        let mut sorted = keys.clone();
        sorted.sort_unstable();
        assert!(sorted.iter().copied().eq(0..n as u64));
        let adjacent = |k: &[u64]| k.windows(2).filter(|w| w[0].abs_diff(w[1]) == 1).count();
        assert!(adjacent(&keys) < 20, "{} neighbours", adjacent(&keys));
        let coin: Vec<u64> = build_cw::<u32, 8>(n, Order::CoinFlip)
            .iter()
            .map(Val::key)
            .collect();
        assert!(adjacent(&coin) > n / 10);
    }

    #[test]
    fn orders_and_sorted_insertion_agree() {
        for order in Order::ALL {
            let cw = build_cw::<u16, 16>(1000, order);
            let st = build_std::<16>(1000, order);
            assert!(cw.iter().eq(st.iter()));
            assert_eq!(accumulate_cw(&cw), accumulate_std(&st));
        }
        let keys = random_keys(500);
        let cw = sorted_insert_cw::<u16, 32>(&keys);
        let st = sorted_insert_std::<32>(&keys);
        let v = sorted_insert_vec::<32>(&keys);
        assert!(cw.iter().map(Val::key).is_sorted());
        assert!(cw.iter().eq(st.iter()));
        assert!(cw.iter().eq(v.iter()));
    }
}
