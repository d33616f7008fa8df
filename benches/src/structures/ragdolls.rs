//! A pile of ragdolls (capsules on ball and hinge joints) dropped into an open box, ours
//! and rapier's; accuracy: the deepest penetration and the largest joint gap, both measured
//! from the bodies' poses by the same routines for both engines.
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

use std::time::Instant;

use rapier3d_f64::prelude as rp;
use solver::cwlist::Growable;
use solver::world::{RigidBody, World};
use solver::xform::{Quaternion, UnitQuaternion, Vector};

use super::{Draws, OpenBox, Spread, ours_world, rapier_capsule, segment_distance};
use crate::measure::Ratio;
use crate::table::Table;

/// Density of every part (water), so that the torso is 19 times a forearm.
const DENSITY: f64 = 1000.0;

/// One capsule of a ragdoll, in the ragdoll's frame (origin near the waist, y up, the
/// capsule's axis along y).
struct Part {
    centre: [f64; 3],
    radius: f64,
    half_height: f64,
}

const fn part(centre: [f64; 3], radius: f64, half_height: f64) -> Part {
    Part {
        centre,
        radius,
        half_height,
    }
}

/// Torso, head, upper and lower arms, thighs and shins (about 94 kg in all).
const PARTS: [Part; 10] = [
    part([0.0, 0.1, 0.0], 0.15, 0.25),
    part([0.0, 0.75, 0.0], 0.12, 0.05),
    part([-0.32, 0.22, 0.0], 0.06, 0.13),
    part([0.32, 0.22, 0.0], 0.06, 0.13),
    part([-0.32, -0.2, 0.0], 0.05, 0.13),
    part([0.32, -0.2, 0.0], 0.05, 0.13),
    part([-0.1, -0.55, 0.0], 0.07, 0.14),
    part([0.1, -0.55, 0.0], 0.07, 0.14),
    part([-0.1, -1.0, 0.0], 0.06, 0.14),
    part([0.1, -1.0, 0.0], 0.06, 0.14),
];

/// A joint between parts `a` and `b` at `point` (ragdoll frame): a hinge about the
/// ragdoll's x axis (elbows, knees) or a ball joint (neck, shoulders, hips).
struct Link {
    a: usize,
    b: usize,
    point: [f64; 3],
    hinge: bool,
}

const fn link(a: usize, b: usize, point: [f64; 3], hinge: bool) -> Link {
    Link { a, b, point, hinge }
}

const LINKS: [Link; 9] = [
    link(0, 1, [0.0, 0.54, 0.0], false),
    link(0, 2, [-0.32, 0.44, 0.0], false),
    link(0, 3, [0.32, 0.44, 0.0], false),
    link(2, 4, [-0.32, 0.005, 0.0], true),
    link(3, 5, [0.32, 0.005, 0.0], true),
    link(0, 6, [-0.1, -0.32, 0.0], false),
    link(0, 7, [0.1, -0.32, 0.0], false),
    link(6, 8, [-0.1, -0.78, 0.0], true),
    link(7, 9, [0.1, -0.78, 0.0], true),
];

/// Solid capsule volume.
fn volume(p: &Part) -> f64 {
    std::f64::consts::PI * p.radius * p.radius * (2.0 * p.half_height + 4.0 / 3.0 * p.radius)
}

fn add(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// A body's pose read back from either engine: centre and orientation.
type Frame = ([f64; 3], Quaternion<f64>);

fn rotate(q: &Quaternion<f64>, v: [f64; 3]) -> [f64; 3] {
    q.rotate(&Vector(v)).0
}

/// The ragdolls' starting poses on a lattice above an open box (each turned about its own
/// random axis), and the box.
struct RagdollPile {
    width: f64,
    /// Origin and turn (axis, angle) of each ragdoll.
    start: Vec<([f64; 3], [f64; 3], f64)>,
}

impl RagdollPile {
    /// `n` ragdolls, 3 × 3 to a layer, 2.6 m apart (more than a turned ragdoll's reach),
    /// their turns drawn from `seed`.
    fn new(n: usize, seed: u64) -> Self {
        let (side, pitch) = (3usize, 2.6);
        let mut draws = Draws(seed);
        let mut unit = || draws.unit();
        let start = (0..n)
            .map(|i| {
                let (x, z, y) = (i % side, (i / side) % side, i / (side * side));
                let origin = [
                    (x as f64 + 0.5) * pitch,
                    1.4 + y as f64 * pitch,
                    (z as f64 + 0.5) * pitch,
                ];
                let axis = [unit() - 0.5, unit() - 0.5, unit() - 0.5];
                (origin, axis, 3.0 * unit())
            })
            .collect();
        Self {
            width: side as f64 * pitch,
            start,
        }
    }

    /// The open box the pile falls into.
    fn walls(&self) -> OpenBox {
        OpenBox {
            width: self.width,
            height: 40.0,
        }
    }

    /// Ragdoll `r`'s turn as a quaternion.
    fn turn(&self, r: usize) -> UnitQuaternion<f64> {
        let (_, axis, angle) = self.start[r];
        UnitQuaternion::try_from_axis_angle(&Vector(axis).normalize(), angle).expect("axis")
    }

    /// Ragdoll `r`'s point `p` (ragdoll frame) in the world.
    fn world(&self, r: usize, p: [f64; 3]) -> [f64; 3] {
        add(self.start[r].0, self.turn(r).rotate(&Vector(p)).0)
    }

    /// Deepest penetration between parts not joined to each other and into the box (m),
    /// and the largest distance between the two anchors of a joint (m), from the poses of
    /// every body (ragdoll by ragdoll, parts in the order of `PARTS`).
    fn measure(&self, frames: &[Frame]) -> (f64, f64) {
        let ends = |k: usize| {
            let (c, q) = frames[k];
            let p = &PARTS[k % PARTS.len()];
            let axis = rotate(&q, [0.0, p.half_height, 0.0]);
            (sub(c, axis), add(c, axis), p.radius)
        };
        let joined = |i: usize, j: usize| {
            i / PARTS.len() == j / PARTS.len()
                && LINKS.iter().any(|l| {
                    let (a, b) = (i % PARTS.len(), j % PARTS.len());
                    (l.a, l.b) == (a, b) || (l.a, l.b) == (b, a)
                })
        };
        let mut deepest = 0.0f64;
        for i in 0..frames.len() {
            let (p1, q1, r1) = ends(i);
            for (n, d) in self.walls().planes() {
                for p in [p1, q1] {
                    let gap = n[0] * p[0] + n[1] * p[1] + n[2] * p[2] - d - r1;
                    deepest = deepest.max(-gap);
                }
            }
            for j in i + 1..frames.len() {
                let (p2, q2, r2) = ends(j);
                let reach = 1.0;
                if (0..3).any(|k| (frames[i].0[k] - frames[j].0[k]).abs() > reach) || joined(i, j) {
                    continue;
                }
                deepest = deepest.max(r1 + r2 - segment_distance(p1, q1, p2, q2));
            }
        }
        let mut gap = 0.0f64;
        for r in 0..self.start.len() {
            for l in &LINKS {
                let anchor = |k: usize| {
                    let (c, q) = frames[r * PARTS.len() + k];
                    add(c, rotate(&q, sub(l.point, PARTS[k].centre)))
                };
                let d = sub(anchor(l.a), anchor(l.b));
                gap = gap.max((d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt());
            }
        }
        (deepest, gap)
    }

    /// Runs ours for `steps` at `dt`.
    fn ours(&self, steps: usize, dt: f64) -> Run {
        let (mut w, material) = ours_world(dt);
        self.walls().add_to_ours(&mut w, material);
        for r in 0..self.start.len() {
            let turn = self.turn(r);
            let handles: Vec<_> = PARTS
                .iter()
                .map(|p| {
                    let body = RigidBody::capsule(DENSITY * volume(p), p.radius, p.half_height)
                        .expect("capsule")
                        .with_material(material)
                        .with_position(Vector(self.world(r, p.centre)))
                        .with_orientation(turn);
                    w.add_body(body).expect("room")
                })
                .collect();
            let x = turn.rotate(&Vector([1.0, 0.0, 0.0]));
            for l in &LINKS {
                let (a, b, at) = (handles[l.a], Some(handles[l.b]), self.world(r, l.point));
                if l.hinge {
                    w.add_hinge_joint(a, b, Vector(at), x).expect("hinge");
                } else {
                    w.add_ball_joint(a, b, Vector(at)).expect("ball");
                }
            }
        }
        self.run(
            steps,
            dt,
            |w: &mut World<f64, Growable>| {
                w.step().expect("step");
                w.bodies()
                    .iter()
                    .map(|b| (b.position().0, b.orientation().quaternion()))
                    .collect()
            },
            w,
        )
    }

    /// The same pile in rapier with its default 4 substeps: spherical and revolute impulse
    /// joints with contacts between the joined parts off (as ours), fixed cuboid walls.
    fn rapier(&self, steps: usize, dt: f64) -> Run {
        let mut w = rp::PhysicsWorld::default();
        w.gravity = rp::Vector::new(0.0, -9.81, 0.0);
        w.integration_parameters.dt = dt;
        self.walls().add_to_rapier(&mut w);
        let mut handles = Vec::new();
        for r in 0..self.start.len() {
            let (_, axis, angle) = self.start[r];
            let first = handles.len();
            for p in &PARTS {
                let start = (self.world(r, p.centre), axis, angle);
                let size = (p.half_height, p.radius);
                handles.push(rapier_capsule(&mut w, start, size, DENSITY));
            }
            for l in &LINKS {
                let local = |k: usize| {
                    let d = sub(l.point, PARTS[k].centre);
                    rp::Vector::new(d[0], d[1], d[2])
                };
                let (a, b) = (handles[first + l.a], handles[first + l.b]);
                if l.hinge {
                    let joint = rp::RevoluteJointBuilder::new(rp::Vector::X)
                        .local_anchor1(local(l.a))
                        .local_anchor2(local(l.b))
                        .contacts_enabled(false);
                    w.impulse_joints.insert(a, b, joint, true);
                } else {
                    let joint = rp::SphericalJointBuilder::new()
                        .local_anchor1(local(l.a))
                        .local_anchor2(local(l.b))
                        .contacts_enabled(false);
                    w.impulse_joints.insert(a, b, joint, true);
                }
            }
        }
        self.run(
            steps,
            dt,
            |w: &mut rp::PhysicsWorld| {
                w.step();
                handles
                    .iter()
                    .map(|h| {
                        let b = &w.bodies[*h];
                        let (p, q) = (b.translation(), *b.rotation());
                        let q = Quaternion {
                            w: q.w,
                            x: q.x,
                            y: q.y,
                            z: q.z,
                        };
                        ([p.x, p.y, p.z], q)
                    })
                    .collect()
            },
            w,
        )
    }

    /// Steps `world` by `step` (which returns the frames after the step) `steps` times.
    fn run<W>(
        &self,
        steps: usize,
        dt: f64,
        mut step: impl FnMut(&mut W) -> Vec<Frame>,
        mut world: W,
    ) -> Run {
        let per_second = (1.0 / dt).round() as usize;
        let (mut windows, mut deepest, mut gap) = (Vec::new(), 0.0f64, 0.0f64);
        let mut resting = 0.0;
        for k in 0..steps {
            let start = Instant::now();
            let frames = step(&mut world);
            if k.is_multiple_of(per_second) {
                windows.push(0.0);
            }
            *windows.last_mut().expect("a window") += start.elapsed().as_secs_f64();
            let (deep, g) = self.measure(&frames);
            gap = gap.max(g);
            if k >= steps / 2 {
                deepest = deepest.max(deep);
                resting += deep / (steps - steps / 2) as f64;
            }
        }
        Run {
            windows,
            deepest,
            resting,
            gap,
        }
    }
}

/// What a run measured: wall time per simulated second; over the second half the deepest
/// penetration of any step and its mean over the steps; the largest joint gap of the run
/// (m).
struct Run {
    windows: Vec<f64>,
    deepest: f64,
    resting: f64,
    gap: f64,
}

/// The seeds of the ragdolls' random turns: one pile each.
const SEEDS: [u64; 3] = [
    0x2545_f491_4f6c_dd1d,
    0x5851_f42d_4c95_7f2d,
    0x1405_7b7e_f767_814f,
];

/// Every pile's run of one engine: the windows one after another, and each pile's deepest
/// penetration, mean penetration and largest joint gap.
fn over_piles(count: usize, run: impl Fn(&RagdollPile) -> Run) -> (Vec<f64>, [Spread; 3]) {
    let runs: Vec<Run> = SEEDS
        .iter()
        .map(|&seed| run(&RagdollPile::new(count, seed)))
        .collect();
    let windows = runs
        .iter()
        .flat_map(|r| r.windows.iter().copied())
        .collect();
    let spread = |f: fn(&Run) -> f64| Spread::of(runs.iter().map(f));
    (
        windows,
        [
            spread(|r| r.deepest),
            spread(|r| r.resting),
            spread(|r| r.gap),
        ],
    )
}

/// The ragdoll pile's table.
pub(super) fn section() -> String {
    let count = 36;
    let mut md = format!(
        "\n**Ragdoll pile.** {count} ragdolls of 10 capsules (torso, head, upper and lower arms, thighs, shins; water density, about 94 kg each, the torso 19 times a forearm) on 9 joints (ball joints at the neck, shoulders and hips, hinges at the elbows and knees), each ragdoll turned about a random axis, dropped 3 × 3 to a layer into an open 7.8 m box, 6 s at 60 Hz, one thread, sleeping off, μ = 0.5, e = 0. Ours with default settings; rapier with its default 4 substeps (spherical and revolute impulse joints, contacts between joined parts off as in ours, fixed cuboid walls). Accuracy: the deepest penetration between parts not joined to each other or into the box over the last 3 s and its mean over those steps, and the largest distance between the two anchors of any joint over the run, both computed from the poses by the same routine for both engines. Both are chaotic, so every engine runs {} piles of different random turns, and the table gives the median with the range over them (the verdicts compare medians). Jolt is not in this table: its C API as `joltc-sys` 0.3.1 wraps it has no constraints. A time ratio is the mean over every pile's run, with the smallest and largest ratio of one simulated second in parentheses.\n\n",
        SEEDS.len()
    );
    let dt = 1.0 / 60.0;
    let steps = 360;
    let (ours, [ours_deep, ours_mean, ours_gap]) = over_piles(count, |p| p.ours(steps, dt));
    let (r4, [r4_deep, r4_mean, r4_gap]) = over_piles(count, |p| p.rapier(steps, dt));
    let time = Ratio::of_windows(&ours, &r4);
    let (ratio, lo, hi) = (time.value, time.min, time.max);
    let mean = |w: &[f64]| w.iter().sum::<f64>() / (steps * SEEDS.len()) as f64;
    let mut t = Table::new(vec![
        "structure",
        "ours: deepest; mean",
        "rapier (4): deepest; mean",
        "ours: largest joint gap",
        "rapier (4): largest joint gap",
        "ours: step",
        "rapier (4): step",
        "ours / rapier (4)",
        "targets (ours)",
    ]);
    let verdict = |ours: Spread, theirs: Spread| {
        if ours.median <= theirs.median {
            "met"
        } else {
            "NOT met"
        }
    };
    let mm = |deep: Spread, resting: Spread| {
        format!(
            "{}; mean {}",
            deep.show(1e3, 1, " mm"),
            resting.show(1e3, 1, " mm")
        )
    };
    t.row(vec![
        format!(
            "{count} ragdolls ({} capsules, {} joints) in a box",
            count * PARTS.len(),
            count * LINKS.len()
        ),
        mm(ours_deep, ours_mean),
        mm(r4_deep, r4_mean),
        ours_gap.show(1e3, 2, " mm"),
        r4_gap.show(1e3, 2, " mm"),
        format!("{:.3} ms", mean(&ours) * 1e3),
        format!("{:.3} ms", mean(&r4) * 1e3),
        format!("{ratio:.2}x ({lo:.2}–{hi:.2})"),
        format!(
            "time ≤ 1.0x rapier (4): {}; deepest penetration ≤ rapier (4)'s: {}; joint gap ≤ rapier (4)'s: {}",
            time.at_most(1.0).marked(),
            verdict(ours_deep, r4_deep),
            verdict(ours_gap, r4_gap),
        ),
    ]);
    md.push_str(&t.to_markdown());
    md
}
