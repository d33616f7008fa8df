//! Box stacks, ours and rapier3d-f64's side by side in one run: a 20-box tower and a 20-row
//! pyramid (210 boxes) of 1 m, 1 kg boxes with μ = 0.5 standing on the ground for 10 s at
//! 60 Hz, built from the same numbers. The figure is the largest distance of any box from
//! where it started, over the whole run, as a fraction of the box size (the scenes' target
//! is ≤ 1 %), with the time per step.
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

use std::time::Instant;

use rapier3d_f64::prelude as rp;
use solver::cwlist::Growable;
use solver::world::{Material, RigidBody, World, WorldSettings};
use solver::xform::Vector;

use crate::Mode;
use crate::table::Table;

const HALF: f64 = 0.5;
const SECONDS: f64 = 10.0;
const DT: f64 = 1.0 / 60.0;
const MU: f64 = 0.5;

/// What one stack run measured.
#[derive(Debug, Clone, Copy)]
pub struct Stand {
    /// Largest displacement of a box from its start over the run / box size.
    pub drift: f64,
    /// Mean wall time per step (s).
    pub step: f64,
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

fn drift(now: impl Iterator<Item = [f64; 3]>, centres: &[[f64; 3]]) -> f64 {
    now.zip(centres)
        .map(|(p, c)| {
            let d = [p[0] - c[0], p[1] - c[1], p[2] - c[2]];
            (d[0] * d[0] + d[1] * d[1] + d[2] * d[2]).sqrt()
        })
        .fold(0.0, f64::max)
        / (2.0 * HALF)
}

/// The stack in our world with default settings (sleeping off).
///
/// # Panics
/// If the world refuses the scene (it does not: the numbers are valid).
#[must_use]
pub fn stand_ours(centres: &[[f64; 3]]) -> Stand {
    let mut s = WorldSettings::default();
    s.sleep = None;
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
    let steps = (SECONDS / DT).round() as usize;
    let mut worst: f64 = 0.0;
    let mut time = 0.0;
    for _ in 0..steps {
        let start = Instant::now();
        w.step().expect("step");
        time += start.elapsed().as_secs_f64();
        worst = worst.max(drift(w.bodies().iter().map(|b| b.position().0), centres));
    }
    Stand {
        drift: worst,
        step: time / steps as f64,
    }
}

/// The same stack in rapier (cuboid colliders of density 1, friction μ, restitution 0, a
/// fixed ground cuboid), `iterations` = `num_solver_iterations` (substeps).
#[must_use]
pub fn stand_rapier(centres: &[[f64; 3]], iterations: usize) -> Stand {
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
    let steps = (SECONDS / DT).round() as usize;
    let mut worst: f64 = 0.0;
    let mut time = 0.0;
    for _ in 0..steps {
        let start = Instant::now();
        w.step();
        time += start.elapsed().as_secs_f64();
        let now = handles.iter().map(|h| {
            let p = w.bodies[*h].translation();
            [p.x, p.y, p.z]
        });
        worst = worst.max(drift(now, centres));
    }
    Stand {
        drift: worst,
        step: time / steps as f64,
    }
}

/// The report section.
#[must_use]
pub fn report(_mode: &Mode) -> String {
    let mut md = String::from(
        "Boxes of 1 m and 1 kg, μ = 0.5, e = 0, standing on the ground for 10 s at 60 Hz, one thread, sleeping off, built from the same numbers in both engines. Ours with default settings (20 sweeps); rapier with its default 4 substeps and with 10. The figure is the largest distance of any box from its start over the run, as a fraction of the box size (it includes the settling of the contacts' slop, about 1 mm per contact in both engines); target ≤ 1 %.\n\n",
    );
    let mut t = Table::new([
        "stack",
        "ours: drift",
        "rapier (4): drift",
        "rapier (10): drift",
        "ours: step",
        "rapier (4): step",
        "ours / rapier (4)",
        "target (ours): drift ≤ 1 %",
    ]);
    for (name, centres) in [
        ("20-box tower", tower(20)),
        ("20-row pyramid (210 boxes)", pyramid(20)),
    ] {
        let o = stand_ours(&centres);
        let r4 = stand_rapier(&centres, 4);
        let r10 = stand_rapier(&centres, 10);
        t.row([
            name.to_string(),
            format!("{:.2} %", o.drift * 100.0),
            format!("{:.2} %", r4.drift * 100.0),
            format!("{:.2} %", r10.drift * 100.0),
            format!("{:.3} ms", o.step * 1e3),
            format!("{:.3} ms", r4.step * 1e3),
            format!("{:.2}x", o.step / r4.step),
            if o.drift <= 0.01 { "met" } else { "NOT met" }.to_string(),
        ]);
    }
    md.push_str(&t.to_markdown());
    md
}
