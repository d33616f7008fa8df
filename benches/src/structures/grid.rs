//! A grid of spheres on ball joints hanging from two corners, ours and rapier's; accuracy:
//! the largest joint gap.
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

use std::time::Instant;

use rapier3d_f64::prelude as rp;
use solver::cwlist::Growable;
use solver::world::{RigidBody, World, WorldSettings};
use solver::xform::Vector;

use super::Spread;
use crate::table::Table;

/// A `n × n` grid of 1 kg spheres (r = 5 cm) 0.25 m apart in a horizontal plane, each
/// joined to its neighbours by ball joints at the midpoints, two corners pinned to the
/// world ([`Pins`]), released to hang.
const GRID_SPACING: f64 = 0.25;

/// Which two corners of the grid are pinned.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pins {
    /// The two ends of one edge: that edge is as long as the pins are apart, so it cannot
    /// sag without stretching, and it carries the whole grid.
    Edge,
    /// Two opposite corners: `√2` of a side apart, while the grid between them can shear to
    /// twice a side, so it can sag without stretching (as issue 28 asks).
    Opposite,
}

impl Pins {
    /// The grid indices `(i, j)` of the pinned spheres.
    fn corners(self, n: usize) -> [(usize, usize); 2] {
        match self {
            Self::Edge => [(0, 0), (0, n - 1)],
            Self::Opposite => [(0, 0), (n - 1, n - 1)],
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Self::Edge => "pinned at the ends of one edge",
            Self::Opposite => "pinned at opposite corners",
        }
    }
}

fn grid_at(i: usize, j: usize) -> [f64; 3] {
    [i as f64 * GRID_SPACING, 5.0, j as f64 * GRID_SPACING]
}

/// Where sphere `(i, j)` starts: its place in the grid, sphere `(1, 1)` moved by `jitter`
/// (m) along x. A hanging grid whips, and its largest gap is chaotic ([`Spread`]), so each
/// grid runs from a few such starts.
fn grid_start(i: usize, j: usize, jitter: f64) -> [f64; 3] {
    let mut p = grid_at(i, j);
    if (i, j) == (1, 1) {
        p[0] += jitter;
    }
    p
}

/// The starts every grid runs from: `jitter` of [`grid_start`] (m).
const JITTERS: [f64; 3] = [0.0, 1e-12, 1e-11];

/// Neighbour pairs of the grid and the midpoint joining them.
fn grid_links(n: usize) -> Vec<(usize, usize, [f64; 3])> {
    let mut links = Vec::new();
    for i in 0..n {
        for j in 0..n {
            let (a, p) = (i * n + j, grid_at(i, j));
            for (di, dj) in [(1, 0), (0, 1)] {
                if i + di < n && j + dj < n {
                    let q = grid_at(i + di, j + dj);
                    let mid = [(p[0] + q[0]) / 2.0, p[1], (p[2] + q[2]) / 2.0];
                    links.push((a, (i + di) * n + j + dj, mid));
                }
            }
        }
    }
    links
}

/// Ours: the largest joint gap over the run (fraction of the spacing) and the step time.
fn grid_ours(n: usize, steps: usize, pins: Pins, jitter: f64) -> (f64, f64) {
    let mut s = WorldSettings::default();
    s.sleep = None;
    let mut w = World::<f64, Growable>::new(s).expect("settings");
    for i in 0..n {
        for j in 0..n {
            let ball = RigidBody::sphere(1.0, 0.05)
                .expect("sphere")
                .with_position(Vector(grid_start(i, j, jitter)));
            w.add_body(ball).expect("room");
        }
    }
    let body = |w: &World<f64, Growable>, i| w.body_handle(i).expect("added");
    for (a, b, mid) in grid_links(n) {
        w.add_ball_joint(body(&w, a), Some(body(&w, b)), Vector(mid))
            .expect("joint");
    }
    for (i, j) in pins.corners(n) {
        w.add_ball_joint(body(&w, i * n + j), None, Vector(grid_at(i, j)))
            .expect("pin");
    }
    let (mut worst, start) = (0.0f64, Instant::now());
    for _ in 0..steps {
        w.step().expect("step");
        worst = worst.max(w.max_joint_error());
    }
    (
        worst / GRID_SPACING,
        start.elapsed().as_secs_f64() / steps as f64,
    )
}

/// The same grid in rapier (spherical impulse joints, fixed pins), default 4 substeps.
fn grid_rapier(n: usize, steps: usize, pins: Pins, jitter: f64) -> (f64, f64) {
    let mut w = rp::PhysicsWorld::default();
    w.gravity = rp::Vector::new(0.0, -9.81, 0.0);
    w.integration_parameters.dt = 1.0 / 60.0;
    let fixed = w.bodies.insert(rp::RigidBodyBuilder::fixed().build());
    let mut handles = Vec::new();
    for i in 0..n {
        for j in 0..n {
            let c = grid_start(i, j, jitter);
            let h = w.bodies.insert(
                rp::RigidBodyBuilder::dynamic()
                    .translation(rp::Vector::new(c[0], c[1], c[2]))
                    .can_sleep(false)
                    .build(),
            );
            let ball = rp::ColliderBuilder::ball(0.05)
                .density(1.0 / (4.0 / 3.0 * std::f64::consts::PI * 0.05f64.powi(3)))
                .collision_groups(rp::InteractionGroups::none())
                .build();
            w.colliders.insert_with_parent(ball, h, &mut w.bodies);
            handles.push(h);
        }
    }
    let at = |k: usize| {
        let c = grid_start(k / n, k % n, jitter);
        rp::Vector::new(c[0], c[1], c[2])
    };
    let mut anchors = Vec::new();
    for (a, b, mid) in grid_links(n) {
        let m = rp::Vector::new(mid[0], mid[1], mid[2]);
        let joint = rp::SphericalJointBuilder::new()
            .local_anchor1(m - at(a))
            .local_anchor2(m - at(b));
        w.impulse_joints.insert(handles[a], handles[b], joint, true);
        anchors.push((Some(a), b, m - at(a), m - at(b)));
    }
    for (i, j) in pins.corners(n) {
        let j = i * n + j;
        let joint = rp::SphericalJointBuilder::new()
            .local_anchor1(at(j))
            .local_anchor2(rp::Vector::new(0.0, 0.0, 0.0));
        w.impulse_joints.insert(fixed, handles[j], joint, true);
        anchors.push((None, j, at(j), rp::Vector::new(0.0, 0.0, 0.0)));
    }
    let (mut worst, start) = (0.0f64, Instant::now());
    for _ in 0..steps {
        w.step();
        for &(a, b, la, lb) in &anchors {
            let world_of = |h: Option<usize>, l: rp::Vector| match h {
                None => l,
                Some(k) => {
                    let body = &w.bodies[handles[k]];
                    body.translation() + *body.rotation() * l
                }
            };
            let gap = (world_of(a, la) - world_of(Some(b), lb)).length();
            worst = worst.max(gap);
        }
    }
    (
        worst / GRID_SPACING,
        start.elapsed().as_secs_f64() / steps as f64,
    )
}

/// The joint grid's table.
pub(super) fn section() -> String {
    let mut md = String::new();
    let steps = 300;
    md.push_str(&format!(
        "\n**Joint grid.** n × n spheres (1 kg, r = 5 cm, no collisions) 0.25 m apart, ball joints between neighbours at the midpoints, released horizontally to hang from two corners pinned to the world, {steps} steps at 60 Hz, for n = 8, 12 and 20. Pinned at the ends of one edge, that edge is exactly as long as the pins are apart: it cannot sag without stretching and carries the whole grid, so no equilibrium with finite joint forces exists once the grid hangs. Pinned at opposite corners (√2 sides apart, while the grid can shear to two sides between them), the grid can sag without stretching, as issue 28 asks. Ours with default settings: the velocity solve factors every joint, loops included (sparse `LDLᵀ` of `J M⁻¹ Jᵀ`), the position and velocity projections sweep the loop-closing joints next to the joint tree; rapier with spherical impulse joints and its default 4 substeps. The figure is the largest distance between the two anchors of any joint over the run, as a fraction of the spacing; it is chaotic (the grid whips), so each grid runs from {} starts, one sphere moved by 0, 10⁻¹² or 10⁻¹¹ m, and the table gives the median with the range over them, and the median of the per-start time ratios with their range. Target (issue 28): ≤ 1 % (over every start). Jolt is not in this table: its C API as `joltc-sys` 0.3.1 wraps it has no constraints.\n\n",
        JITTERS.len()
    ));
    let mut t = Table::new([
        "structure",
        "ours: largest gap",
        "rapier (4): largest gap",
        "ours: step",
        "rapier (4): step",
        "ours / rapier (4)",
        "target (ours)",
    ]);
    for (pins, n) in [Pins::Edge, Pins::Opposite]
        .into_iter()
        .flat_map(|pins| [8, 12, 20].map(|n| (pins, n)))
    {
        let runs: Vec<_> = JITTERS
            .iter()
            .map(|&jitter| {
                (
                    grid_ours(n, steps, pins, jitter),
                    grid_rapier(n, steps, pins, jitter),
                )
            })
            .collect();
        let ours_gap = Spread::of(runs.iter().map(|r| r.0.0));
        let rapier_gap = Spread::of(runs.iter().map(|r| r.1.0));
        let ours_step = Spread::of(runs.iter().map(|r| r.0.1));
        let rapier_step = Spread::of(runs.iter().map(|r| r.1.1));
        let ratio = Spread::of(runs.iter().map(|r| r.0.1 / r.1.1));
        t.row([
            format!("{n} × {n} ball-joint grid, {}", pins.describe()),
            ours_gap.show(100.0, 1, " %"),
            rapier_gap.show(100.0, 1, " %"),
            format!("{:.3} ms", ours_step.median * 1e3),
            format!("{:.3} ms", rapier_step.median * 1e3),
            ratio.show(1.0, 2, "x"),
            if ours_gap.max <= 0.01 {
                "gap ≤ 1 %: met".to_string()
            } else {
                "gap ≤ 1 %: NOT met".to_string()
            },
        ]);
    }
    md.push_str(&t.to_markdown());
    md
}
