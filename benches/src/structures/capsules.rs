//! A pile of 400 capsules dropped into an open box, in every engine; accuracy: the deepest
//! penetration, measured by one segment-distance routine for all of them.
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

use std::time::Instant;

use rapier3d_f64::prelude as rp;
use solver::world::RigidBody;
use solver::xform::{UnitQuaternion, Vector};

use crate::table::Table;

use super::{Draws, OpenBox, Pose, Spread, ours_world, rapier_capsule, segment_distance};
#[cfg(feature = "jolt")]
use super::{FRICTION, jolt_quaternion};
use crate::measure::Ratio;

/// The capsule pile: radius, half height, box width, the bodies' starting poses.
struct CapsulePile {
    radius: f64,
    half_height: f64,
    width: f64,
    start: Vec<([f64; 3], [f64; 3], f64)>,
}

impl CapsulePile {
    /// `n` capsules on a lattice above an open box, each turned about its own random axis
    /// (drawn from `seed`).
    fn new(n: usize, seed: u64) -> Self {
        let (radius, half_height) = (0.1, 0.2);
        let side = 8usize;
        let pitch = 0.5;
        let width = side as f64 * pitch;
        let mut draws = Draws(seed);
        let mut unit = || draws.unit();
        let start = (0..n)
            .map(|i| {
                let (x, z, y) = (i % side, (i / side) % side, i / (side * side));
                let centre = [
                    (x as f64 + 0.5) * pitch,
                    0.5 + y as f64 * 0.7,
                    (z as f64 + 0.5) * pitch,
                ];
                let axis = [unit() - 0.5, unit() - 0.5, unit() - 0.5];
                (centre, axis, 3.0 * unit())
            })
            .collect();
        Self {
            radius,
            half_height,
            width,
            start,
        }
    }

    /// The open box the pile falls into.
    fn walls(&self) -> OpenBox {
        OpenBox {
            width: self.width,
            height: 20.0,
        }
    }

    /// Deepest penetration between the capsules and into the box (m), from their poses.
    fn deepest(&self, poses: &[Pose]) -> f64 {
        let ends = |(c, y): Pose| {
            let h = self.half_height;
            (
                [c[0] - y[0] * h, c[1] - y[1] * h, c[2] - y[2] * h],
                [c[0] + y[0] * h, c[1] + y[1] * h, c[2] + y[2] * h],
            )
        };
        let mut deepest = 0.0f64;
        for (i, &a) in poses.iter().enumerate() {
            let (p1, q1) = ends(a);
            for (n, d) in self.walls().planes() {
                for p in [p1, q1] {
                    let gap = n[0] * p[0] + n[1] * p[1] + n[2] * p[2] - d - self.radius;
                    deepest = deepest.max(-gap);
                }
            }
            for &b in &poses[i + 1..] {
                let reach = 2.0 * (self.radius + self.half_height);
                let apart = (0..3).any(|k| (a.0[k] - b.0[k]).abs() > reach);
                if apart {
                    continue;
                }
                let (p2, q2) = ends(b);
                deepest = deepest.max(2.0 * self.radius - segment_distance(p1, q1, p2, q2));
            }
        }
        deepest
    }

    /// Runs ours for `steps` at `dt`: wall time per simulated second and the deepest
    /// penetration over the second half.
    fn ours(&self, steps: usize, dt: f64) -> (Vec<f64>, f64) {
        let (mut w, material) = ours_world(dt);
        self.walls().add_to_ours(&mut w, material);
        for &(c, axis, angle) in &self.start {
            let q = UnitQuaternion::try_from_axis_angle(&Vector(axis).normalize(), angle)
                .expect("axis");
            let body = RigidBody::capsule(1.0, self.radius, self.half_height)
                .expect("capsule")
                .with_material(material)
                .with_position(Vector(c))
                .with_orientation(q);
            w.add_body(body).expect("room");
        }
        let per_second = (1.0 / dt).round() as usize;
        let (mut windows, mut deepest) = (Vec::new(), 0.0f64);
        for k in 0..steps {
            let start = Instant::now();
            w.step().expect("step");
            if k.is_multiple_of(per_second) {
                windows.push(0.0);
            }
            *windows.last_mut().expect("a window") += start.elapsed().as_secs_f64();
            if k >= steps / 2 && k.is_multiple_of(10) {
                let poses: Vec<Pose> = w
                    .bodies()
                    .iter()
                    .map(|b| {
                        let y = b.orientation().rotate(&Vector([0.0, 1.0, 0.0]));
                        (b.position().0, y.0)
                    })
                    .collect();
                deepest = deepest.max(self.deepest(&poses));
            }
        }
        (windows, deepest)
    }
    /// The same pile in rapier with `iterations` substeps (fixed cuboid walls).
    fn rapier(&self, steps: usize, dt: f64, iterations: usize) -> (Vec<f64>, f64) {
        let mut w = rp::PhysicsWorld::default();
        w.gravity = rp::Vector::new(0.0, -9.81, 0.0);
        w.integration_parameters.dt = dt;
        w.integration_parameters.num_solver_iterations = iterations;
        self.walls().add_to_rapier(&mut w);
        let volume = std::f64::consts::PI
            * self.radius
            * self.radius
            * (2.0 * self.half_height + 4.0 / 3.0 * self.radius);
        let handles: Vec<_> = self
            .start
            .iter()
            .map(|&start| {
                rapier_capsule(&mut w, start, (self.half_height, self.radius), 1.0 / volume)
            })
            .collect();
        let per_second = (1.0 / dt).round() as usize;
        let (mut windows, mut deepest) = (Vec::new(), 0.0f64);
        for k in 0..steps {
            let start = Instant::now();
            w.step();
            if k.is_multiple_of(per_second) {
                windows.push(0.0);
            }
            *windows.last_mut().expect("a window") += start.elapsed().as_secs_f64();
            if k >= steps / 2 && k.is_multiple_of(10) {
                let poses: Vec<Pose> = handles
                    .iter()
                    .map(|h| {
                        let b = &w.bodies[*h];
                        let (p, y) = (b.translation(), *b.rotation() * rp::Vector::Y);
                        ([p.x, p.y, p.z], [y.x, y.y, y.z])
                    })
                    .collect();
                deepest = deepest.max(self.deepest(&poses));
            }
        }
        (windows, deepest)
    }

    /// The same pile in Jolt with its defaults (static cuboid walls).
    #[cfg(feature = "jolt")]
    fn jolt(&self, steps: usize, dt: f64) -> (Vec<f64>, f64) {
        use crate::jolt::{JoltBody, JoltShape, JoltWorld};
        let mut w = JoltWorld::new(u32::try_from(self.start.len() + 5).expect("a few bodies"));
        for (c, h) in self.walls().cuboids() {
            let mut wall = JoltBody::new(JoltShape::Cuboid(h), 0.0, c);
            wall.friction = FRICTION;
            w.add(&wall);
        }
        let shape = JoltShape::Capsule {
            radius: self.radius,
            half_height: self.half_height,
        };
        let capsules: Vec<usize> = self
            .start
            .iter()
            .map(|&(c, axis, angle)| {
                let q = UnitQuaternion::try_from_axis_angle(&Vector(axis).normalize(), angle)
                    .expect("axis")
                    .quaternion();
                let mut body = JoltBody::new(shape, 1.0, c);
                body.rotation = [q.x, q.y, q.z, q.w];
                body.friction = FRICTION;
                w.add(&body)
            })
            .collect();
        let per_second = (1.0 / dt).round() as usize;
        let (mut windows, mut deepest) = (Vec::new(), 0.0f64);
        for k in 0..steps {
            let start = Instant::now();
            w.step(dt).expect("Jolt's step");
            if k.is_multiple_of(per_second) {
                windows.push(0.0);
            }
            *windows.last_mut().expect("a window") += start.elapsed().as_secs_f64();
            if k >= steps / 2 && k.is_multiple_of(10) {
                let poses: Vec<Pose> = capsules
                    .iter()
                    .map(|&b| {
                        let (p, q) = w.pose(b);
                        let y = jolt_quaternion(q).rotate(&Vector([0.0, 1.0, 0.0]));
                        (p, y.0)
                    })
                    .collect();
                deepest = deepest.max(self.deepest(&poses));
            }
        }
        (windows, deepest)
    }
}

/// The seeds of the capsules' random turns: one pile each.
const SEEDS: [u64; 3] = [
    0x9e37_79b9_7f4a_7c15,
    0x5851_f42d_4c95_7f2d,
    0x1405_7b7e_f767_814f,
];

/// Every pile's windows (wall time per simulated second, one after another) and deepest
/// penetrations, of one engine.
fn over_piles(run: impl Fn(&CapsulePile) -> (Vec<f64>, f64)) -> (Vec<f64>, Vec<f64>) {
    let (mut windows, mut deepest) = (Vec::new(), Vec::new());
    for &seed in &SEEDS {
        let (w, d) = run(&CapsulePile::new(400, seed));
        windows.extend(w);
        deepest.push(d);
    }
    (windows, deepest)
}

/// The capsule pile's table.
pub(super) fn section() -> String {
    let mut md = format!(
        "**Capsule pile.** 400 capsules (r = 0.1 m, half height 0.2 m, 1 kg, μ = 0.5, e = 0) on a lattice with random turns, dropped into an open 4 m box, 4 s at 60 Hz, one thread, sleeping off. Ours with default settings; rapier with its default 4 substeps and with 10 (fixed cuboid walls); Jolt 5.0.0 with its defaults but no damping (static cuboid walls). Accuracy: the deepest penetration between capsules or into the box over the last 2 s, measured by one segment-distance routine for every engine; it is chaotic, so every engine runs {} piles of different random turns, and the table gives the median with the range over them (the verdict compares medians). A time ratio is the mean over every pile's run, with the smallest and largest ratio of one simulated second in parentheses.\n\n",
        SEEDS.len()
    );
    let dt = 1.0 / 60.0;
    let steps = 240;
    let (ours, ours_deep) = over_piles(|pile| pile.ours(steps, dt));
    let (r4, r4_deep) = over_piles(|pile| pile.rapier(steps, dt, 4));
    let (_, r10_deep) = over_piles(|pile| pile.rapier(steps, dt, 10));
    let (ours_deep, r4_deep, r10_deep) = (
        Spread::of(ours_deep),
        Spread::of(r4_deep),
        Spread::of(r10_deep),
    );
    let time = Ratio::of_windows(&ours, &r4);
    let (ratio, lo, hi) = (time.value, time.min, time.max);
    let mean = |w: &[f64]| w.iter().sum::<f64>() / (steps * SEEDS.len()) as f64;
    let mut columns = vec![
        "structure",
        "ours: deepest",
        "rapier (4): deepest",
        "rapier (10): deepest",
        "ours: step",
        "rapier (4): step",
        "ours / rapier (4)",
        "targets (ours)",
    ];
    if cfg!(feature = "jolt") {
        columns.extend(["Jolt: deepest", "Jolt: step", "ours / Jolt"]);
    }
    let mut t = Table::new(columns);
    let time_verdict = time.at_most(1.0).marked();
    let deep_verdict = if ours_deep.median <= r4_deep.median {
        "met"
    } else {
        "NOT met"
    };
    #[allow(unused_mut, reason = "Jolt's columns join with feature `jolt`")]
    let mut row = vec![
        "400 capsules in a box".to_string(),
        ours_deep.show(1e3, 1, " mm"),
        r4_deep.show(1e3, 1, " mm"),
        r10_deep.show(1e3, 1, " mm"),
        format!("{:.3} ms", mean(&ours) * 1e3),
        format!("{:.3} ms", mean(&r4) * 1e3),
        format!("{ratio:.2}x ({lo:.2}–{hi:.2})"),
        format!(
            "time ≤ 1.0x rapier (4): {time_verdict}; penetration ≤ rapier (4)'s: {deep_verdict}"
        ),
    ];
    #[cfg(feature = "jolt")]
    {
        let (jolt, jolt_deep) = over_piles(|pile| pile.jolt(steps, dt));
        let jolt_time = Ratio::of_windows(&ours, &jolt);
        let (ratio, lo, hi) = (jolt_time.value, jolt_time.min, jolt_time.max);
        row.extend([
            Spread::of(jolt_deep).show(1e3, 1, " mm"),
            format!("{:.3} ms", mean(&jolt) * 1e3),
            format!("{ratio:.2}x ({lo:.2}–{hi:.2})"),
        ]);
    }
    t.row(row);
    md.push_str(&t.to_markdown());
    if !cfg!(feature = "jolt") {
        md.push_str(crate::JOLT_MISSING);
    }
    md
}
