//! Scene 2: Newton's cradle, 5 spheres with restitution 1 on strings (distance joints).
use std::path::Path;

use solver::world::{Material, RigidBody, WorldSettings};
use solver::xform::Vector;

use crate::common::{Converged, Metric, SceneWorld, chart, print_table, residual_trace, series};
use crate::plot::Scale;

const BALLS: usize = 5;
const RADIUS: f64 = 0.05;
const GAP: f64 = 1e-4;
const STRING: f64 = 1.0;
const RELEASE_DEG: f64 = 30.0;
const COLLISIONS: usize = 10;

pub(crate) fn run(dir: &Path) -> Vec<Metric> {
    let mut s = WorldSettings::default();
    s.dt = 1e-3;
    s.solver.max_iterations = 20;
    s.margin = 0.0;
    s.post_stabilization = 0;
    let mut world = SceneWorld::new(s).expect("valid settings");
    let material = Material {
        friction: 0.0,
        restitution: 1.0,
    };
    for i in 0..BALLS {
        let x = i as f64 * (2.0 * RADIUS + GAP);
        let pivot = Vector([x, STRING, 0.0]);
        let center = if i == 0 {
            let a = RELEASE_DEG.to_radians();
            Vector([x - STRING * a.sin(), STRING - STRING * a.cos(), 0.0])
        } else {
            Vector([x, 0.0, 0.0])
        };
        let ball = RigidBody::sphere(1.0, RADIUS)
            .expect("valid ball")
            .with_material(material)
            .with_position(center);
        let id = world.add_body(ball).expect("room");
        world
            .add_distance_joint(id, None, center, pivot)
            .expect("valid string");
    }
    let e_total0 = world.kinetic_energy() + world.potential_energy();
    // Potential energy with every ball hanging at rest: the reference of "kinetic energy
    // at the bottom" (KE + PE - PE_rest), which is what a collision at the bottom sees.
    let pe_rest = 0.0;
    let mut group_impulse: f64 = 0.0;
    let (mut energy, mut kinetic, mut drift) = (Vec::new(), Vec::new(), Vec::new());
    let mut groups: Vec<f64> = Vec::new(); // kinetic energy right after each collision
    let mut ke_before_first = None;
    let mut in_group = false;
    let mut quiet_steps = 0usize;
    let max_steps = 60_000;
    let mut steps = 0;
    let mut converged = Converged::default();
    while groups.len() < COLLISIONS && steps < max_steps {
        let ke_before = world.kinetic_energy();
        converged.step(&mut world);
        steps += 1;
        let impulse = world.contacts().fold(0.0_f64, |m, c| m.max(c.impulse[0]));
        let touching = impulse > 0.0;
        if touching {
            group_impulse = group_impulse.max(impulse);
            if !in_group && groups.is_empty() && ke_before_first.is_none() {
                ke_before_first = Some(ke_before);
            }
            in_group = true;
            quiet_steps = 0;
        } else if in_group {
            quiet_steps += 1;
            if quiet_steps >= 20 {
                in_group = false;
                // Only real impacts count (a ball arriving at speed), not grazing touches
                // of the resting balls.
                if group_impulse > 0.1 {
                    groups.push(world.kinetic_energy() + world.potential_energy() - pe_rest);
                }
                group_impulse = 0.0;
            }
        }
        let t = world.time();
        let e = world.kinetic_energy() + world.potential_energy();
        energy.push((t, (e - e_total0) / e_total0 * 100.0));
        kinetic.push((t, world.kinetic_energy()));
        drift.push((t, world.max_joint_error() / STRING * 100.0));
    }
    let trace = residual_trace(&mut world, 60);
    let ke0 = ke_before_first.unwrap_or(f64::NAN);
    let last = groups.last().copied().unwrap_or(f64::NAN);
    let rel = ((last - ke0) / ke0).abs() * 100.0;
    let per_collision: Vec<String> = groups
        .iter()
        .map(|k| format!("{:+.3}", (k - ke0) / ke0 * 100.0))
        .collect();
    let metrics = vec![
        converged.metric(world.settings().solver.tolerance),
        Metric::info("collisions observed", format!("{}", groups.len())),
        Metric::target(
            "kinetic energy at the bottom (KE + PE - PE_rest) after 10 collisions vs just before the first",
            format!("{rel:.3} % change"),
            "< 1 %",
            groups.len() >= COLLISIONS && rel < 1.0,
        ),
        Metric::info(
            "KE change after each collision (%)",
            per_collision.join(", "),
        ),
        Metric::info(
            "largest string-length error",
            format!("{:.4} %", drift.iter().fold(0.0_f64, |m, p| m.max(p.1))),
        ),
        Metric::info(
            "settings",
            format!(
                "Δt = 1 ms, {} sweeps, restitution 1, no friction, ball gap {GAP} m, release {RELEASE_DEG}°",
                s.solver.max_iterations
            ),
        ),
    ];
    print_table("Newton's cradle, 5 spheres, restitution 1", &metrics);
    chart(
        dir,
        "cradle_energy.svg",
        "Newton's cradle: kinetic and total energy",
        ("time (s)", "kinetic energy (J)"),
        Scale::Linear,
        vec![series("kinetic energy", kinetic)],
    );
    chart(
        dir,
        "cradle_total_energy.svg",
        "Newton's cradle: total energy change",
        ("time (s)", "(E - E0)/E0 (%)"),
        Scale::Linear,
        vec![series("total energy", energy)],
    );
    chart(
        dir,
        "cradle_drift.svg",
        "Newton's cradle: largest string-length error",
        ("time (s)", "error / string length (%)"),
        Scale::Linear,
        vec![series("string error", drift)],
    );
    chart(
        dir,
        "cradle_residual.svg",
        "Newton's cradle: residual of one velocity solve",
        ("sweep", "projected residual"),
        Scale::Log,
        vec![series("PGS residual", trace)],
    );
    metrics
}
