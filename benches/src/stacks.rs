//! Box stacks, ours, rapier3d-f64's and (feature `jolt`) Jolt's side by side in one run: a
//! 20-box tower, pyramids of 20 rows (210 boxes) and 30 rows (465 boxes), a wall pyramid
//! of 100 rows (5 050 boxes) and 96 pyramids of 20 rows (20 160 boxes in 96 islands) of
//! 1 m, 1 kg boxes with μ = 0.5 standing on the ground for 10 s at 60 Hz (the 96 pyramids
//! for 2 s), built from the same numbers. The figure is the
//! largest distance of any box from where it started, over the whole run, as a fraction of
//! the box size (the scenes' target is ≤ 1 %), with the time per step.
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

use std::time::Instant;

use rapier3d_f64::prelude as rp;
use solver::cwlist::Growable;
use solver::world::{ContactSolver, Material, RigidBody, World, WorldSettings};
use solver::xform::Vector;

use crate::Mode;
use crate::measure::Ratio;
use crate::table::Table;

const HALF: f64 = 0.5;
const SECONDS: f64 = 10.0;
/// The many pyramids stand for less (their row takes the report about 2 minutes as it is).
const MANY_SECONDS: f64 = 2.0;
const DT: f64 = 1.0 / 60.0;
const MU: f64 = 0.5;

/// Steps per timing window (one simulated second).
const WINDOW: usize = 60;

/// What one stack run measured.
#[derive(Debug, Clone)]
pub struct Stand {
    /// Largest displacement of a box from its start over the run / box size.
    pub drift: f64,
    /// Mean wall time per step (s).
    pub step: f64,
    /// Wall time of each window of 60 steps, one simulated second (s): the spread of a
    /// time ratio.
    pub windows: Vec<f64>,
    /// Steps whose velocity solve did not converge (ours only).
    pub unconverged: usize,
}

impl Stand {
    fn new() -> Self {
        Self {
            drift: 0.0,
            step: 0.0,
            windows: Vec::new(),
            unconverged: 0,
        }
    }

    fn timed(&mut self, k: usize, seconds: f64) {
        if k.is_multiple_of(WINDOW) {
            self.windows.push(0.0);
        }
        if let Some(w) = self.windows.last_mut() {
            *w += seconds;
        }
        self.step += seconds;
    }

    /// This run's time per step over `other`'s, with the smallest and largest ratio of one
    /// window (the same simulated second in both runs) as its spread.
    #[must_use]
    pub fn ratio(&self, other: &Self) -> Ratio {
        Ratio::of_windows(&self.windows, &other.windows)
    }
}

/// Centres of a tower of `n` boxes.
#[must_use]
pub fn tower(n: usize) -> Vec<[f64; 3]> {
    (0..n)
        .map(|k| [0.0, HALF + 2.0 * HALF * k as f64, 0.0])
        .collect()
}

/// Centres of a pyramid with `rows` rows (the bottom row has `rows` boxes).
#[must_use]
pub fn pyramid(rows: usize) -> Vec<[f64; 3]> {
    (0..rows)
        .flat_map(|row| {
            let n = rows - row;
            (0..n).map(move |i| {
                [
                    (i as f64 - (n - 1) as f64 / 2.0) * 2.0 * HALF,
                    HALF + 2.0 * HALF * row as f64,
                    0.0,
                ]
            })
        })
        .collect()
}

/// Centres of `count` pyramids of `rows` rows, 8 side by side along x (22 m apart) and
/// the rest behind each other along z (2 m apart), within rapier's and Jolt's 200 m ground.
#[must_use]
pub fn many_pyramids(count: usize, rows: usize) -> Vec<[f64; 3]> {
    let one = pyramid(rows);
    let across = 8usize;
    let deep = count.div_ceil(across);
    (0..count)
        .flat_map(|k| {
            let x = ((k % across) as f64 - (across - 1) as f64 / 2.0) * 22.0;
            let z = ((k / across) as f64 - (deep - 1) as f64 / 2.0) * 2.0;
            one.iter().map(move |c| [c[0] + x, c[1], c[2] + z])
        })
        .collect()
}

fn drift(now: impl Iterator<Item = [f64; 3]>, centres: &[[f64; 3]]) -> f64 {
    now.zip(centres)
        .map(|(p, c)| {
            let d = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
            (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
        })
        .fold(0.0, f64::max)
        / (2.0 * HALF)
}

/// The stack in our world with default settings (sleeping off) but `contact_solver`, for
/// `seconds`.
///
/// # Panics
/// If the world refuses the scene (it does not: the numbers are valid).
#[must_use]
pub fn stand_ours(centres: &[[f64; 3]], contact_solver: ContactSolver, seconds: f64) -> Stand {
    let mut s = WorldSettings::default();
    s.sleep = None;
    s.contact_solver = contact_solver;
    let mut w = World::<f64, Growable>::new(s).expect("settings");
    let material = Material {
        friction: MU,
        restitution: 0.0,
    };
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, material)
        .expect("ground");
    for c in centres {
        let b = RigidBody::cuboid(1.0, Vector([HALF; 3]))
            .expect("box")
            .with_material(material)
            .with_position(Vector(*c));
        w.add_body(b).expect("room");
    }
    let steps = (seconds / DT).round() as usize;
    let mut run = Stand::new();
    for k in 0..steps {
        let start = Instant::now();
        let report = w.step().expect("step");
        run.timed(k, start.elapsed().as_secs_f64());
        run.unconverged += usize::from(!report.certificate.converged);
        let now = drift(w.bodies().iter().map(|b| b.position().0), centres);
        run.drift = run.drift.max(now);
    }
    run.step /= steps as f64;
    run
}

/// The same stack in rapier (cuboid colliders of density 1, friction μ, restitution 0, a
/// fixed ground cuboid), `iterations` = `num_solver_iterations` (substeps), for `seconds`.
#[must_use]
pub fn stand_rapier(centres: &[[f64; 3]], iterations: usize, seconds: f64) -> Stand {
    let mut w = rp::PhysicsWorld::default();
    w.gravity = rp::Vector::new(0.0, -9.81, 0.0);
    w.integration_parameters.dt = DT;
    w.integration_parameters.num_solver_iterations = iterations;
    let ground = w.bodies.insert(
        rp::RigidBodyBuilder::fixed()
            .translation(rp::Vector::new(0.0, -1.0, 0.0))
            .build(),
    );
    let floor = rp::ColliderBuilder::cuboid(100.0, 1.0, 100.0)
        .friction(MU)
        .restitution(0.0)
        .build();
    w.colliders.insert_with_parent(floor, ground, &mut w.bodies);
    let handles: Vec<_> = centres
        .iter()
        .map(|c| {
            let h = w.bodies.insert(
                rp::RigidBodyBuilder::dynamic()
                    .translation(rp::Vector::new(c[0], c[1], c[2]))
                    .can_sleep(false)
                    .build(),
            );
            let collider = rp::ColliderBuilder::cuboid(HALF, HALF, HALF)
                .density(1.0)
                .friction(MU)
                .restitution(0.0)
                .build();
            w.colliders.insert_with_parent(collider, h, &mut w.bodies);
            h
        })
        .collect();
    let steps = (seconds / DT).round() as usize;
    let mut run = Stand::new();
    for k in 0..steps {
        let start = Instant::now();
        w.step();
        run.timed(k, start.elapsed().as_secs_f64());
        let now = handles.iter().map(|h| {
            let p = w.bodies[*h].translation();
            [p.x, p.y, p.z]
        });
        run.drift = run.drift.max(drift(now, centres));
    }
    run.step /= steps as f64;
    run
}

/// The same stack in Jolt (boxes of mass 1, friction μ, restitution 0, a static ground box),
/// with Jolt's defaults but no damping (the module [`crate::jolt`] turns it off, as the
/// other engines have none), for `seconds`.
///
/// # Panics
/// If Jolt's update reports an error (a cache full).
#[cfg(feature = "jolt")]
#[must_use]
pub fn stand_jolt(centres: &[[f64; 3]], seconds: f64) -> Stand {
    use crate::jolt::{JoltBody, JoltShape, JoltWorld};
    let mut w = JoltWorld::new(u32::try_from(centres.len() + 1).expect("a few boxes"));
    w.add_ground(MU);
    let boxes: Vec<usize> = centres
        .iter()
        .map(|c| {
            let mut b = JoltBody::new(JoltShape::Cuboid([HALF; 3]), 1.0, *c);
            b.friction = MU;
            w.add(&b)
        })
        .collect();
    let steps = (seconds / DT).round() as usize;
    let mut run = Stand::new();
    for k in 0..steps {
        let start = Instant::now();
        w.step(DT).expect("Jolt's step");
        run.timed(k, start.elapsed().as_secs_f64());
        let now = boxes.iter().map(|&b| w.pose(b).0);
        run.drift = run.drift.max(drift(now, centres));
    }
    run.step /= steps as f64;
    run
}

/// The report section.
#[must_use]
pub fn report(_mode: &Mode) -> String {
    let mut md = String::from(
        "Boxes of 1 m and 1 kg, μ = 0.5, e = 0, standing on the ground for 10 s at 60 Hz (the 96 pyramids, 20 160 boxes in 96 islands 2 m apart, for 2 s), one thread, sleeping off, built from the same numbers in every engine. Ours with default settings (a pyramid's island, whose contacts close loops, in substeps of one pushing and one relaxing sweep, one per two rows and at least 8 (`ContactSolver::BY_DEPTH`: 10 for 20 rows, 15 for 30, 50 for 100); a tower by 20 sweeps with the coarse correction) and, beside it, with 8 substeps whatever the depth (`ContactSolver::Substeps { count: 8 }`, the default before; sweeps alone, the default before that, drift 6.5 % on 20 rows and collapse on 30); rapier with its default 4 substeps and with 10; Jolt 5.0.0 (f32, through its C API) with its defaults (10 velocity and 2 position iterations, 2 cm penetration slop, box edges rounded by 5 cm) but no damping, as in the other engines. The figure is the largest distance of any box from its start over the run, as a fraction of the box size (it includes the settling of the contacts' slop: about 1 mm per contact in ours and rapier, up to 2 cm in Jolt); targets: drift ≤ 1 % (scenes), ≤ 0.5 % for pyramids (issue 28); time ≤ 1.0x rapier (4). A time ratio is the mean over the run, with the smallest and largest ratio of one simulated second in parentheses.\n\n",
    );
    let mut columns = vec![
        "stack",
        "ours: drift",
        "ours, 8 substeps: drift",
        "rapier (4): drift",
        "rapier (10): drift",
        "ours: step",
        "ours, 8 substeps: step",
        "rapier (4): step",
        "ours / rapier (4)",
        "ours: unconverged steps",
        "targets (ours)",
    ];
    if cfg!(feature = "jolt") {
        columns.extend(["Jolt: drift", "Jolt: step", "ours / Jolt"]);
    }
    let mut t = Table::new(columns);
    for (name, centres, pyramid_target, seconds) in [
        ("20-box tower", tower(20), false, SECONDS),
        ("20-row pyramid (210 boxes)", pyramid(20), true, SECONDS),
        ("30-row pyramid (465 boxes)", pyramid(30), true, SECONDS),
        (
            "100-row wall pyramid (5 050 boxes)",
            pyramid(100),
            true,
            SECONDS,
        ),
        (
            "96 20-row pyramids (20 160 boxes), 2 s",
            many_pyramids(96, 20),
            true,
            MANY_SECONDS,
        ),
    ] {
        let o = stand_ours(&centres, ContactSolver::default(), seconds);
        let eight = stand_ours(&centres, ContactSolver::Substeps { count: 8 }, seconds);
        let r4 = stand_rapier(&centres, 4, seconds);
        let r10 = stand_rapier(&centres, 10, seconds);
        let time = o.ratio(&r4);
        let (ratio, lo, hi) = (time.value, time.min, time.max);
        let limit = if pyramid_target { 0.005 } else { 0.01 };
        let drift_verdict = if o.drift <= limit { "met" } else { "NOT met" };
        let time_verdict = time.at_most(1.0).marked();
        #[allow(unused_mut, reason = "Jolt's columns join with feature `jolt`")]
        let mut row = vec![
            name.to_string(),
            format!("{:.2} %", o.drift * 100.0),
            format!("{:.2} %", eight.drift * 100.0),
            format!("{:.2} %", r4.drift * 100.0),
            format!("{:.2} %", r10.drift * 100.0),
            format!("{:.3} ms", o.step * 1e3),
            format!("{:.3} ms", eight.step * 1e3),
            format!("{:.3} ms", r4.step * 1e3),
            format!("{ratio:.2}x ({lo:.2}–{hi:.2})"),
            format!("{} of {}", o.unconverged, (seconds / DT).round()),
            format!(
                "drift ≤ {} %: {drift_verdict}; time ≤ 1.0x: {time_verdict}",
                limit * 100.0
            ),
        ];
        #[cfg(feature = "jolt")]
        {
            let jolt = stand_jolt(&centres, seconds);
            let jolt_time = o.ratio(&jolt);
            let (ratio, lo, hi) = (jolt_time.value, jolt_time.min, jolt_time.max);
            row.extend([
                format!("{:.2} %", jolt.drift * 100.0),
                format!("{:.3} ms", jolt.step * 1e3),
                format!("{ratio:.2}x ({lo:.2}–{hi:.2})"),
            ]);
        }
        t.row(row);
    }
    md.push_str(&t.to_markdown());
    if !cfg!(feature = "jolt") {
        md.push_str(crate::JOLT_MISSING);
    }
    md
}
