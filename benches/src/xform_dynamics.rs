//! xform dynamics: the global dynamics of a 100k-node hierarchy in one pass
//! (`Hierarchy::try_to_global` over `DynamicTransform<f32, 3>`), the reverse walk, and the
//! static walk over the same tree (`Transform<f32, 3>` only) in the same run, so the cost
//! of carrying velocities and accelerations is a measured ratio.
//!
//! Two tree shapes: parents a few nodes back (a scene stored breadth-first, parents hot in
//! cache) and parents anywhere earlier (a scene in arbitrary order, a cache miss per node).
use core::hint::black_box;
use std::time::Instant;

use xform::hierarchy::Hierarchy;
use xform::{DynamicTransform, Quaternion, Rotation, Skew, Transform, Vector};

use crate::table::{Table, ns, ratio};

/// Nodes in the measured hierarchy.
pub const NODES: usize = 100_000;
/// Parents are chosen among the previous `NEAR_WINDOW` nodes in the "near" shape.
pub const NEAR_WINDOW: usize = 64;
/// Nodes of the small tree that stays in cache (arithmetic cost only).
pub const IN_CACHE: usize = 1_000;
/// Target of issue 5: the dynamic walk costs at most this many static walks.
pub const TARGET_RATIO: f64 = 3.0;

/// A tree shape.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// Each parent among the previous `NEAR_WINDOW` nodes.
    Near,
    /// Each parent anywhere before the node.
    Anywhere,
}

impl Shape {
    /// A short name for tables.
    pub fn name(self) -> &'static str {
        match self {
            Self::Near => "parents near",
            Self::Anywhere => "parents anywhere",
        }
    }
}

/// A deterministic hierarchy with random local dynamics and the same local transforms.
#[derive(Debug, Clone)]
pub struct Workload {
    /// Parent indices (1% roots), topological order.
    pub parents: Vec<Option<usize>>,
    /// Local dynamics.
    pub dynamic: Vec<DynamicTransform<f32, 3>>,
    /// The same local transforms without dynamics.
    pub fixed: Vec<Transform<f32, 3>>,
}

/// A small deterministic generator (xorshift).
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

fn uniform(state: &mut u64) -> f32 {
    ((next(state) >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
}

fn vec3(s: &mut u64, r: f32) -> Vector<f32, 3> {
    Vector([uniform(s) * r, uniform(s) * r, uniform(s) * r])
}

impl Workload {
    /// `nodes` nodes in the given shape.
    pub fn new(nodes: usize, shape: Shape) -> Self {
        let mut s = 0x2545_F491_4F6C_DD1Du64;
        let mut parents = Vec::with_capacity(nodes);
        let mut dynamic = Vec::with_capacity(nodes);
        for i in 0..nodes {
            let root = i == 0 || next(&mut s).is_multiple_of(100);
            parents.push(if root {
                None
            } else {
                let span = match shape {
                    Shape::Near => i.min(NEAR_WINDOW),
                    Shape::Anywhere => i,
                };
                Some(i - 1 - (next(&mut s) as usize % span))
            });
            let q =
                Quaternion::new(uniform(&mut s), uniform(&mut s), uniform(&mut s), 1.0).normalize();
            let t = Transform::new(
                vec3(&mut s, 2.0),
                Rotation::from_quaternion(&q),
                1.0 + 0.1 * uniform(&mut s),
            );
            dynamic.push(DynamicTransform::new(
                t,
                vec3(&mut s, 1.0),
                vec3(&mut s, 1.0),
                Skew::from_vector(vec3(&mut s, 0.5)),
                Skew::from_vector(vec3(&mut s, 0.5)),
            ));
        }
        let fixed = dynamic.iter().map(|d| d.transform).collect();
        Self {
            parents,
            dynamic,
            fixed,
        }
    }

    /// The validated tree.
    pub fn tree(&self) -> Hierarchy<'_> {
        Hierarchy::try_new(&self.parents).expect("topological by construction")
    }
}

/// The static walk: global transforms only (`tree` is `w.tree()`, validated once outside
/// the timed code).
pub fn static_walk(tree: &Hierarchy<'_>, w: &Workload, out: &mut [Transform<f32, 3>]) {
    tree.try_to_global(&w.fixed, out).expect("lengths match");
}

/// The dynamic walk: global transforms, velocities and accelerations.
pub fn dynamic_walk(tree: &Hierarchy<'_>, w: &Workload, out: &mut [DynamicTransform<f32, 3>]) {
    tree.try_to_global(&w.dynamic, out).expect("lengths match");
}

/// The reverse walk: local dynamics from global dynamics.
pub fn reverse_walk(
    tree: &Hierarchy<'_>,
    global: &[DynamicTransform<f32, 3>],
    out: &mut [DynamicTransform<f32, 3>],
) {
    tree.try_to_local(global, out)
        .expect("invertible by construction");
}

/// Nodes and timings of one shape.
struct Row {
    nodes: usize,
    shape: Shape,
    fixed_ns: f64,
    dynamic_ns: f64,
    reverse_ns: f64,
}

/// Rounds of alternating static and dynamic measurements (quick mode; `--full` runs five
/// times as many). Each round times one batch of each walk, and the fastest batch of each
/// is kept: on a machine shared with other processes the fastest batch is the one least
/// disturbed by them, and the alternation exposes both walks to the same conditions.
const ROUNDS: usize = 60;

/// Walks per timed batch: enough for about a millisecond per batch.
fn calls_per_batch(nodes: usize) -> usize {
    (100_000 / nodes).max(1)
}

/// The fastest of `rounds` alternated batches of `calls` calls of `a` and of `b`, in
/// nanoseconds per call.
fn best_alternated(
    rounds: usize,
    calls: usize,
    mut a: impl FnMut(),
    mut b: impl FnMut(),
) -> (f64, f64) {
    let time = |f: &mut dyn FnMut()| {
        let start = Instant::now();
        for _ in 0..calls {
            f();
        }
        start.elapsed().as_secs_f64() * 1e9 / calls as f64
    };
    let (mut best_a, mut best_b) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..rounds {
        best_a = best_a.min(time(&mut a));
        best_b = best_b.min(time(&mut b));
    }
    (best_a, best_b)
}

fn measure(mode: &crate::Mode, nodes: usize, shape: Shape) -> (Row, f32) {
    let w = Workload::new(nodes, shape);
    let mut fixed_out = w.fixed.clone();
    let mut dyn_out = w.dynamic.clone();
    let budget = crate::measure::budget(mode.full);
    let rounds = if mode.full { 5 * ROUNDS } else { ROUNDS };
    let tree = w.tree();
    let (fixed_ns, dynamic_ns) = best_alternated(
        rounds,
        calls_per_batch(nodes),
        || static_walk(&tree, black_box(&w), black_box(&mut fixed_out)),
        || dynamic_walk(&tree, black_box(&w), black_box(&mut dyn_out)),
    );
    let global = dyn_out.clone();
    let mut back = w.dynamic.clone();
    let reverse_ns = crate::measure::ns_per_call(budget, || {
        reverse_walk(&tree, black_box(&global), &mut back)
    });
    // Sanity: both walks produce the same transforms, and the reverse walk the input.
    let mut worst = 0.0f32;
    for ((f, d), (b, l)) in fixed_out
        .iter()
        .zip(&dyn_out)
        .zip(back.iter().zip(&w.dynamic))
    {
        worst = worst
            .max((f.translation - d.transform.translation).amax() / (1.0 + f.translation.amax()));
        worst = worst.max((b.velocity - l.velocity).amax() / (1.0 + l.velocity.amax()));
    }
    (
        Row {
            nodes,
            shape,
            fixed_ns,
            dynamic_ns,
            reverse_ns,
        },
        worst,
    )
}

/// The report section: nodes per second of each walk and the dynamic/static ratio.
pub fn report(mode: &crate::Mode) -> String {
    let mut t = Table::new([
        "tree (3D f32)",
        "static walk",
        "dynamic walk",
        "dynamic / static",
        "dynamic nodes/s",
        "reverse walk (global→local)",
    ]);
    let mut notes = String::new();
    let mut ratios = Vec::new();
    for (nodes, shape) in [
        (IN_CACHE, Shape::Near),
        (NODES, Shape::Near),
        (NODES, Shape::Anywhere),
    ] {
        let (r, worst) = measure(mode, nodes, shape);
        let q = r.dynamic_ns / r.fixed_ns;
        let name = format!("{}k nodes, {}", r.nodes / 1000, r.shape.name());
        if r.nodes == NODES {
            ratios.push((name.clone(), q));
        }
        let per = |x: f64| format!("{} ({}/node)", ns(x), ns(x / r.nodes as f64));
        t.row([
            name.clone(),
            per(r.fixed_ns),
            per(r.dynamic_ns),
            ratio(q),
            format!("{:.1} M", r.nodes as f64 / r.dynamic_ns * 1e3),
            per(r.reverse_ns),
        ]);
        notes.push_str(&format!(
            "- {name}: largest relative static/dynamic transform disagreement and reverse-walk error {worst:.1e}.\n"
        ));
    }
    let verdict: Vec<String> = ratios
        .iter()
        .map(|(n, q)| {
            format!(
                "{n}: {} ({})",
                ratio(*q),
                if *q <= TARGET_RATIO { "met" } else { "NOT met" }
            )
        })
        .collect();
    format!(
        "Global dynamics of a {NODES}-node hierarchy in one pass (`Hierarchy::try_to_global` over \
         `DynamicTransform<f32, 3>`, 148 bytes per node) against the static walk over the same \
         tree (`Transform<f32, 3>`, 52 bytes per node), alternated in the same run (fastest of \
         {ROUNDS} alternated batches each, 5x more with `--full`). A {IN_CACHE}-node tree that fits in L1/L2 shows the arithmetic \
         ratio alone. Target dynamic / static ≤ {TARGET_RATIO}x at 100k nodes: {}.\n\n{}\n{notes}",
        verdict.join("; "),
        t.to_markdown()
    )
}
