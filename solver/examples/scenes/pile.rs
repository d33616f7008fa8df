//! Scene 3: 107 spheres dropped into a box (5 layers), friction 0.5, settling for 2 s.
use std::path::Path;
use std::time::Instant;

use crate::common::{Converged, Metric, chart, print_table, residual_trace, series};
use crate::plot::Scale;
use crate::setups::pile::{RADIUS, build, settings};

const SECONDS: f64 = 2.0;

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
        &[],
    );
    chart(
        dir,
        "pile_speed.svg",
        "Sphere pile: fastest sphere",
        ("time (s)", "speed (m/s)"),
        Scale::Log,
        vec![series("max |v|", speed)],
        &[(1e-3, "target at 2 s: < 0.001 m/s")],
    );
    chart(
        dir,
        "pile_drift.svg",
        "Sphere pile: deepest penetration",
        ("time (s)", "penetration / radius (%)"),
        Scale::Linear,
        vec![series("deepest penetration", drift)],
        &[(1.0, "target at 2 s: < 1 %")],
    );
    chart(
        dir,
        "pile_residual.svg",
        "Sphere pile: residual of the last step's velocity solve",
        (
            "sweep",
            "largest projected residual (m/s, rad/s; 0 drawn at 1e-16)",
        ),
        Scale::Log,
        vec![series("PGS residual", trace)],
        &[(s.solver.tolerance, "solver tolerance (converged below)")],
    );
    metrics
}

/// A setting as written by hand: at most 6 decimals, no trailing zeros (`0.01`, not
/// `0.010000000000000002`).
fn short(v: f64) -> String {
    let s = format!("{v:.6}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}
