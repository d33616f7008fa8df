//! A row of 30 dominoes toppled by a push on the first, in every engine; accuracy: every
//! domino falls, and the fall front's speed against the same row at 1 ms steps.
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

use std::time::Instant;

use rapier3d_f64::prelude as rp;
use solver::world::RigidBody;
use solver::xform::Vector;

use crate::table::Table;

#[cfg(feature = "jolt")]
use super::jolt_quaternion;
use super::{FRICTION, ours_world};

/// Fall time of each domino (`None`: still up) and the mean wall time per step.
type Toppled = (Vec<Option<f64>>, f64);

/// A domino run of one engine: `(count, Δt, seconds)` to what toppled.
type DominoRun = fn(usize, f64, f64) -> Toppled;

/// A row of dominoes (1 m tall, 0.1 m thick, 0.5 m wide, 0.5 m apart) on the ground, the
/// first pushed over. Returns the time each domino's tilt passed 45° (`None`: still up).
fn dominoes_ours(count: usize, dt: f64, seconds: f64) -> Toppled {
    let (mut w, material) = ours_world(dt);
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, material)
        .expect("ground");
    for k in 0..count {
        let mut body = RigidBody::cuboid(1.0, Vector([0.05, 0.5, 0.25]))
            .expect("domino")
            .with_material(material)
            .with_position(Vector([k as f64 * 0.5, 0.5, 0.0]));
        if k == 0 {
            body = body.with_angular_velocity(Vector([0.0, 0.0, -2.0]));
        }
        w.add_body(body).expect("room");
    }
    let steps = (seconds / dt).round() as usize;
    let mut fell = vec![None; count];
    let start = Instant::now();
    for k in 0..steps {
        w.step().expect("step");
        for (i, b) in w.bodies().iter().enumerate() {
            let up = b.orientation().rotate(&Vector([0.0, 1.0, 0.0]))[1];
            if fell[i].is_none() && up < core::f64::consts::FRAC_1_SQRT_2 {
                fell[i] = Some((k + 1) as f64 * dt);
            }
        }
    }
    (fell, start.elapsed().as_secs_f64() / steps as f64)
}

/// The same row in rapier with its default 4 substeps.
fn dominoes_rapier(count: usize, dt: f64, seconds: f64) -> Toppled {
    let mut w = rp::PhysicsWorld::default();
    w.gravity = rp::Vector::new(0.0, -9.81, 0.0);
    w.integration_parameters.dt = dt;
    let ground = rp::ColliderBuilder::cuboid(100.0, 1.0, 100.0)
        .translation(rp::Vector::new(0.0, -1.0, 0.0))
        .friction(FRICTION)
        .restitution(0.0)
        .build();
    w.colliders.insert(ground);
    let handles: Vec<_> = (0..count)
        .map(|k| {
            let mut body = rp::RigidBodyBuilder::dynamic()
                .translation(rp::Vector::new(k as f64 * 0.5, 0.5, 0.0))
                .can_sleep(false);
            if k == 0 {
                body = body.angvel(rp::Vector::new(0.0, 0.0, -2.0));
            }
            let h = w.bodies.insert(body.build());
            let collider = rp::ColliderBuilder::cuboid(0.05, 0.5, 0.25)
                .density(1.0 / (0.1 * 1.0 * 0.5))
                .friction(FRICTION)
                .restitution(0.0)
                .build();
            w.colliders.insert_with_parent(collider, h, &mut w.bodies);
            h
        })
        .collect();
    let steps = (seconds / dt).round() as usize;
    let mut fell = vec![None; count];
    let start = Instant::now();
    for k in 0..steps {
        w.step();
        for (i, h) in handles.iter().enumerate() {
            let up = (*w.bodies[*h].rotation() * rp::Vector::Y).y;
            if fell[i].is_none() && up < core::f64::consts::FRAC_1_SQRT_2 {
                fell[i] = Some((k + 1) as f64 * dt);
            }
        }
    }
    (fell, start.elapsed().as_secs_f64() / steps as f64)
}

/// The same row in Jolt with its defaults.
#[cfg(feature = "jolt")]
fn dominoes_jolt(count: usize, dt: f64, seconds: f64) -> Toppled {
    use crate::jolt::{JoltBody, JoltShape, JoltWorld};
    let mut w = JoltWorld::new(u32::try_from(count + 1).expect("a few dominoes"));
    w.add_ground(FRICTION);
    let dominoes: Vec<usize> = (0..count)
        .map(|k| {
            let mut body = JoltBody::new(
                JoltShape::Cuboid([0.05, 0.5, 0.25]),
                1.0,
                [k as f64 * 0.5, 0.5, 0.0],
            );
            body.friction = FRICTION;
            if k == 0 {
                body.angular_velocity = [0.0, 0.0, -2.0];
            }
            w.add(&body)
        })
        .collect();
    let steps = (seconds / dt).round() as usize;
    let mut fell = vec![None; count];
    let start = Instant::now();
    for k in 0..steps {
        w.step(dt).expect("Jolt's step");
        for (i, &b) in dominoes.iter().enumerate() {
            let up = jolt_quaternion(w.pose(b).1).rotate(&Vector([0.0, 1.0, 0.0]))[1];
            if fell[i].is_none() && up < core::f64::consts::FRAC_1_SQRT_2 {
                fell[i] = Some((k + 1) as f64 * dt);
            }
        }
    }
    (fell, start.elapsed().as_secs_f64() / steps as f64)
}

/// The fall front's speed (m/s): least-squares slope of position against fall time over
/// the dominoes from the fifth to the fifth from last (past the push, before the end);
/// `None` unless all of those fell.
fn front_speed(fell: &[Option<f64>]) -> Option<f64> {
    let points: Option<Vec<(f64, f64)>> = fell[4..fell.len() - 4]
        .iter()
        .enumerate()
        .map(|(i, t)| t.map(|t| (t, (i + 4) as f64 * 0.5)))
        .collect();
    let points = points?;
    let n = points.len() as f64;
    let (st, sx) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), p| (a + p.0, b + p.1));
    let (mt, mx) = (st / n, sx / n);
    let (num, den) = points.iter().fold((0.0, 0.0), |(a, b), p| {
        (a + (p.0 - mt) * (p.1 - mx), b + (p.0 - mt) * (p.0 - mt))
    });
    Some(num / den)
}

/// The dominoes' table.
pub(super) fn section() -> String {
    let mut md = String::new();
    let dt = 1.0 / 60.0;
    md.push_str(
        "\n**Dominoes.** A row of 30 dominoes (1 kg, 1 m tall, 0.1 m thick, 0.5 m wide, 0.5 m apart, μ = 0.5, e = 0) on the ground, the first given −2 rad/s about z, 10 s; a domino has fallen when its tilt passes 45°. The fall front's speed is the least-squares slope of position against fall time over dominoes 5 to 26, compared with the same engine at 1 ms steps. Ours with default settings, rapier with its default 4 substeps, Jolt with its defaults but no damping (when built with feature `jolt`). Targets (issue 28): every domino falls; front speed within 5 % of the 1 ms row's.\n\n",
    );
    let count = 30;
    let mut t = Table::new([
        "engine",
        "fell at 60 Hz",
        "front speed at 60 Hz",
        "front speed at 1 ms",
        "60 Hz / 1 ms",
        "step at 60 Hz",
        "targets",
    ]);
    #[allow(unused_mut, reason = "Jolt's run joins with feature `jolt`")]
    let mut runs: Vec<(&str, DominoRun)> =
        vec![("ours", dominoes_ours), ("rapier (4)", dominoes_rapier)];
    #[cfg(feature = "jolt")]
    runs.push(("Jolt", dominoes_jolt));
    let mut steps_60 = Vec::new();
    for (name, run) in runs {
        let (fell, step) = run(count, dt, 10.0);
        let (fine, _) = run(count, 1e-3, 10.0);
        steps_60.push(step);
        let fallen = fell.iter().filter(|t| t.is_some()).count();
        let (coarse_speed, fine_speed) = (front_speed(&fell), front_speed(&fine));
        let speed = |v: Option<f64>| v.map_or("-".to_string(), |v| format!("{v:.3} m/s"));
        let rel = coarse_speed.zip(fine_speed).map(|(a, b)| a / b);
        let verdict = match (fallen == count, rel) {
            (true, Some(r)) if (r - 1.0).abs() <= 0.05 => "met".to_string(),
            (all, r) => format!(
                "NOT met ({}{})",
                if all { "" } else { "not every domino fell; " },
                r.map_or("no front speed".to_string(), |r| format!(
                    "front {:+.1} %",
                    (r - 1.0) * 100.0
                ))
            ),
        };
        t.row([
            name.to_string(),
            format!("{fallen} of {count}"),
            speed(coarse_speed),
            speed(fine_speed),
            rel.map_or("-".to_string(), |r| format!("{r:.3}")),
            format!("{:.3} ms", step * 1e3),
            verdict,
        ]);
    }
    md.push_str(&t.to_markdown());
    md.push_str(&format!(
        "\nDominoes' step time ours / rapier (4) at 60 Hz: {:.2}x{} (one run each).\n",
        steps_60[0] / steps_60[1],
        steps_60.get(2).map_or(String::new(), |jolt| format!(
            ", ours / Jolt: {:.2}x",
            steps_60[0] / jolt
        ))
    ));
    if !cfg!(feature = "jolt") {
        md.push_str(crate::JOLT_MISSING);
    }
    md
}
