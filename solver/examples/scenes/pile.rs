//! Scene 3: 107 spheres dropped into a box (5 layers), friction 0.5, settling for 2 s.
use std::path::Path;
use std::time::Instant;

use solver::world::{Material, RigidBody, WorldSettings};
use solver::xform::Vector;

use crate::common::{
    Converged, Lcg, Metric, SceneWorld, chart, print_table, residual_trace, series,
};
use crate::plot::Scale;

const RADIUS: f64 = 0.1;
const SECONDS: f64 = 2.0;

pub(crate) fn settings() -> WorldSettings<f64> {
    let mut s = WorldSettings::default();
    s.dt = 1.0 / 120.0;
    s.solver.max_iterations = 30;
    s.slop = 0.0005 * RADIUS;
    s.margin = 0.1 * RADIUS;
    s.contact_beta = 0.2;
    // The targets measure how still the solver holds the pile: sleeping would zero the
    // velocities it measures (the large scene shows sleeping).
    s.sleep = None;
    s
}

pub(crate) fn build(s: WorldSettings<f64>) -> SceneWorld {
    let mut world = SceneWorld::new(s).expect("valid settings");
    let material = Material {
        friction: 0.5,
        restitution: 0.0,
    };
    let width = 10.0 * RADIUS + 0.002;
    let planes = [
        (Vector([0.0, 1.0, 0.0]), 0.0),
        (Vector([1.0, 0.0, 0.0]), 0.0),
        (Vector([-1.0, 0.0, 0.0]), -width),
        (Vector([0.0, 0.0, 1.0]), 0.0),
        (Vector([0.0, 0.0, -1.0]), -width),
    ];
    for (n, d) in planes {
        world.add_plane(n, d, material).expect("valid plane");
    }
    let mut rng = Lcg(7);
    let pitch = 2.0 * RADIUS;
    let rise = 2.0_f64.sqrt() * RADIUS + 0.03;
    for layer in 0..5 {
        let (count, offset) = if layer % 2 == 0 {
            (5, RADIUS)
        } else {
            (4, 2.0 * RADIUS)
        };
        for i in 0..count {
            for k in 0..count {
                let jitter = Vector([rng.next(), 0.0, rng.next()]) * 0.0005;
                let p = Vector([
                    offset + i as f64 * pitch + 0.001,
                    RADIUS + 0.01 + layer as f64 * rise,
                    offset + k as f64 * pitch + 0.001,
                ]) + jitter;
                let ball = RigidBody::sphere(1.0, RADIUS)
                    .expect("valid sphere")
                    .with_material(material)
                    .with_position(p);
                world.add_body(ball).expect("room");
            }
        }
    }
    world
}

pub(crate) fn run(dir: &Path) -> Vec<Metric> {
    let s = settings();
    let mut world = build(s);
    let steps = (SECONDS / s.dt).round() as usize;
    let (mut energy, mut drift, mut speed) = (Vec::new(), Vec::new(), Vec::new());
    let mut rows = 0;
    let mut contacts = 0;
    let start = Instant::now();
    let mut converged = Converged::default();
    for _ in 0..steps {
        let r = converged.step(&mut world);
        rows += r.rows;
        contacts += r.contacts;
        let t = world.time();
        energy.push((t, world.kinetic_energy()));
        drift.push((t, world.deepest_penetration() / RADIUS * 100.0));
        speed.push((t, world.max_speed().max(1e-12)));
    }
    let elapsed = start.elapsed().as_secs_f64();
    let bodies = world.bodies().len();
    let fastest = world.max_speed();
    let deepest = world.deepest_penetration() / RADIUS * 100.0;
    let trace = residual_trace(&mut world, 100);
    let metrics = vec![
        converged.metric(s.solver.tolerance),
        Metric::info("spheres", format!("{bodies}")),
        Metric::target(
            "fastest sphere after 2 s",
            format!("{fastest:.2e} m/s"),
            "< 1e-3 m/s",
            fastest < 1e-3,
        ),
        Metric::target(
            "deepest penetration after 2 s / radius",
            format!("{deepest:.3} %"),
            "< 1 %",
            deepest < 1.0,
        ),
        Metric::info(
            "mean contacts / rows per step",
            format!("{} / {}", contacts / steps, rows / steps),
        ),
        Metric::info(
            "cost per body per step",
            format!("{:.0} ns", elapsed * 1e9 / (steps * bodies) as f64),
        ),
        Metric::info(
            "cost per constraint row per step",
            format!("{:.0} ns", elapsed * 1e9 / rows.max(1) as f64),
        ),
        Metric::info(
            "settings",
            format!(
                "Δt = 1/120 s, {} sweeps, μ = 0.5, e = 0, β = {}, slop {} m, speculative margin {} m",
                s.solver.max_iterations,
                short(s.contact_beta),
                short(s.slop),
                short(s.margin)
            ),
        ),
    ];
    print_table("Pile of spheres settling in a box", &metrics);
    chart(
        dir,
        "pile_energy.svg",
        "Sphere pile: kinetic energy",
        ("time (s)", "kinetic energy (J)"),
        Scale::Linear,
        vec![series("kinetic energy", energy)],
    );
    chart(
        dir,
        "pile_speed.svg",
        "Sphere pile: fastest sphere",
        ("time (s)", "speed (m/s)"),
        Scale::Log,
        vec![series("max |v|", speed)],
    );
    chart(
        dir,
        "pile_drift.svg",
        "Sphere pile: deepest penetration",
        ("time (s)", "penetration / radius (%)"),
        Scale::Linear,
        vec![series("deepest penetration", drift)],
    );
    chart(
        dir,
        "pile_residual.svg",
        "Sphere pile: residual of the last step's velocity solve",
        ("sweep", "largest projected residual (m/s, rad/s)"),
        Scale::Log,
        vec![series("PGS residual", trace)],
    );
    metrics
}

/// A setting as written by hand: at most 6 decimals, no trailing zeros (`0.01`, not
/// `0.010000000000000002`).
fn short(v: f64) -> String {
    let s = format!("{v:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
