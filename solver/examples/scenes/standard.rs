//! Scene 8: the standard tests of a rigid-body engine that are not scenes of their own: a
//! ball-joint pendulum over 100 periods (energy and period, at 60 Hz and at 1 ms) and a
//! 1000:1 stacks (a heavy sphere on a light one, a heavy box on a light one, on the ground).
use std::path::Path;

use solver::world::RigidBody;

use crate::common::{Converged, Metric, chart, print_table, series};
use crate::plot::Scale;
use crate::setups::standard::{
    G, STACKED, cube, pendulum as pendulum_world, sphere, stack as stack_world,
};

/// The 5 cm bob turns with the string: a physical pendulum of equivalent length
/// `L + (2/5) r² / L`.
const EQUIVALENT_LENGTH: f64 = 1.0 + 0.4 * 0.05 * 0.05;

/// Relative energy change, relative period error, and the largest |E − E₀| / E₀ (%) of each
/// period, at the period's end: the energy swings within a period at 60 Hz, so a trace of
/// every step would draw a solid band.
fn pendulum(theta: f64, dt: f64, converged: &mut Converged) -> (f64, f64, Vec<(f64, f64)>) {
    let (mut world, bob) = pendulum_world(theta, dt);
    let p = world[bob].position();
    let e0 = G * (1.0 - theta.cos());
    let (mut a, mut b) = (1.0f64, (theta / 2.0).cos());
    for _ in 0..40 {
        (a, b) = ((a + b) / 2.0, (a * b).sqrt());
    }
    let period = 2.0 * core::f64::consts::PI * (EQUIVALENT_LENGTH / G).sqrt() / a;
    let steps = (100.0 * period / dt).round() as usize;
    let (mut crossings, mut prev, mut trace) = (Vec::new(), p[0], Vec::new());
    let mut largest = 0.0f64;
    for k in 0..steps {
        converged.step(&mut world);
        let x = world[bob].position()[0];
        let e = world.kinetic_energy() + world.potential_energy() + G;
        largest = largest.max(((e - e0) / e0 * 100.0).abs());
        if prev < 0.0 && x >= 0.0 {
            crossings.push((k + 1) as f64 * dt - dt * x / (x - prev));
            // Exact zeros (none seen) would be left out of the log plot.
            trace.push((world.time(), largest));
            largest = 0.0;
        }
        prev = x;
    }
    let e = world.kinetic_energy() + world.potential_energy() + G;
    let measured = (crossings[crossings.len() - 1] - crossings[0]) / (crossings.len() - 1) as f64;
    ((e - e0) / e0, measured / period - 1.0, trace)
}

/// Deepest penetration over 10 s (fraction of the light body's size, 0.2 m) and the
/// unresolved contacts reported; `body(mass)` makes a sphere of radius 0.1 m or a box of
/// half extent 0.1 m.
fn stack(
    ratio: f64,
    body: impl Fn(f64) -> RigidBody<f64>,
    converged: &mut Converged,
) -> (f64, usize) {
    let mut world = stack_world(ratio, body);
    let r = STACKED;
    let (mut deepest, mut unresolved) = (0.0f64, 0);
    for _ in 0..600 {
        unresolved += converged.step(&mut world).unresolved_contacts;
        deepest = deepest.max(world.deepest_penetration());
    }
    (deepest / (2.0 * r), unresolved)
}

pub(crate) fn run(dir: &Path) -> Vec<Metric> {
    let mut converged = Converged::default();
    let mut metrics = Vec::new();
    let mut traces = Vec::new();
    for (dt, label, tighter) in [(1.0 / 60.0, "60 Hz", 1.0), (1e-3, "1 ms", 10.0)] {
        for (theta, e_target, p_target) in [(1.0, 0.01, 0.005), (2.5, 0.02, 0.01)] {
            let (de, dp, trace) = pendulum(theta, dt, &mut converged);
            let (e_t, p_t) = (e_target / tighter, p_target / tighter);
            metrics.push(Metric::target(
                &format!(
                    "pendulum θ₀ = {theta} rad, {label}: total energy change over 100 periods"
                ),
                format!("{:+.4} %", de * 100.0),
                &format!("≤ {} %", e_t * 100.0),
                de.abs() <= e_t,
            ));
            metrics.push(Metric::target(
                &format!("pendulum θ₀ = {theta} rad, {label}: period error"),
                format!("{:+.4} %", dp * 100.0),
                &format!("≤ {} %", p_t * 100.0),
                dp.abs() <= p_t,
            ));
            if theta == 1.0 {
                let step = if dt < 0.01 { "1 ms" } else { "1/60 s" };
                traces.push(series(&format!("Δt = {step}"), trace));
            }
        }
    }
    for (what, deepest_unresolved) in [
        ("sphere", stack(1000.0, sphere, &mut converged)),
        ("box", stack(1000.0, cube, &mut converged)),
    ] {
        let (deepest, unresolved) = deepest_unresolved;
        metrics.push(Metric::target(
            &format!("1000:1 stack (1000 kg {what} on 1 kg {what} on the ground), 60 Hz, 10 s: deepest penetration / light {what}'s size"),
            format!("{:.4} %", deepest * 100.0),
            "≤ 1 %",
            deepest <= 0.01,
        ));
        metrics.push(Metric::info(
            &format!("1000:1 {what} stack: unresolved contacts reported"),
            format!("{unresolved}"),
        ));
    }
    metrics.insert(0, converged.metric(1e-3));
    metrics.push(Metric::info(
        "settings",
        "defaults (RATTLE for joints, 20 sweeps, exact finish of islands ≤ 24 rows); pendulum 1 m, bob 1 kg r = 5 cm; periods against the physical pendulum's exact period".into(),
    ));
    print_table("Pendulums and 1000:1 stacks", &metrics);
    chart(
        dir,
        "pendulum_total_energy.svg",
        "Ball-joint pendulum, 1 m, θ₀ = 1 rad, 100 periods: total energy E = kinetic + potential, largest change in each period",
        ("time (s)", "largest |E − E₀| / E₀ in the period (%)"),
        Scale::Log,
        traces,
        &[
            (1.0, "target at 60 Hz: ≤ 1 %"),
            (0.1, "target at 1 ms: ≤ 0.1 %"),
        ],
    );
    metrics
}
