//! Scene 2: Newton's cradle, 5 touching spheres (gap 0) with restitution 1 on strings
//! (distance joints): 1, 2 or 3 balls released into the others, at Δt = 1 ms and at 60 Hz.
//! The textbook outcome: as many balls leave at the other end as came in, with the incoming
//! speed; the others stay; momentum and energy are kept.
use std::path::Path;

use crate::common::{Converged, Metric, chart, print_table, series};
use crate::plot::Scale;
use crate::setups::cradle::{BALLS, RADIUS, RELEASE_DEG, STRING, build};

/// One release: the balls' horizontal velocities right after the step of the first impact
/// (as fractions of the incoming speed), the relative change of momentum and of total
/// energy over that step, and the total-energy trace (for the plot) over 2 s: kinetic plus
/// potential energy, the potential's zero at the balls' rest height, relative to its value at
/// release (the released balls' swing energy).
struct Outcome {
    out: Vec<f64>,
    momentum: f64,
    energy: f64,
    trace: Vec<(f64, f64)>,
}

fn release(released: usize, dt: f64, converged: &mut Converged) -> Outcome {
    let mut world = build(released, dt);
    let swing = world.kinetic_energy() + world.potential_energy();
    let mut result = None;
    let mut trace = Vec::new();
    let steps = (2.0 / dt).round() as usize;
    for _ in 0..steps {
        let before: Vec<f64> = world
            .bodies()
            .iter()
            .map(|b| b.linear_velocity()[0])
            .collect();
        let e_before = world.kinetic_energy() + world.potential_energy();
        let report = converged.step(&mut world);
        let e = world.kinetic_energy() + world.potential_energy();
        trace.push((world.time(), (e - swing) / swing * 100.0));
        if report.collisions > 0 && result.is_none() {
            let after: Vec<f64> = world
                .bodies()
                .iter()
                .map(|b| b.linear_velocity()[0])
                .collect();
            let v_in = before[0];
            let (p0, p1) = (before.iter().sum::<f64>(), after.iter().sum::<f64>());
            result = Some((
                after.iter().map(|v| v / v_in).collect::<Vec<_>>(),
                (p1 - p0) / p0,
                (e - e_before) / (e_before + BALLS as f64 * 9.81 * STRING),
            ));
        }
    }
    let (out, momentum, energy) = result.unwrap_or((vec![f64::NAN; BALLS], f64::NAN, f64::NAN));
    Outcome {
        out,
        momentum,
        energy,
        trace,
    }
}

pub(crate) fn run(dir: &Path) -> Vec<Metric> {
    let mut metrics = Vec::new();
    let mut converged = Converged::default();
    let mut traces = Vec::new();
    for (dt, label, tolerance, step) in [
        (1e-3, "1 ms", 1e-6, "Δt = 1 ms"),
        (1.0 / 60.0, "60 Hz", 1e-3, "Δt = 1/60 s"),
    ] {
        for released in 1..=3 {
            let o = release(released, dt, &mut converged);
            let leaving = &o.out[BALLS - released..];
            let staying = &o.out[..BALLS - released];
            let textbook = leaving.iter().all(|v| (v - 1.0).abs() <= 0.01)
                && staying.iter().all(|v| v.abs() <= 0.01);
            let shown: Vec<String> = o.out.iter().map(|v| format!("{v:+.3}")).collect();
            metrics.push(Metric::target(
                &format!("{label}: {released} released, velocities after the impact / incoming"),
                format!("[{}]", shown.join(", ")),
                "last n at 1 ± 0.01, others ≤ 0.01",
                textbook,
            ));
            metrics.push(Metric::target(
                &format!("{label}: {released} released, total energy change over the impact step"),
                format!("{:.1e}", o.energy),
                &format!("≤ {tolerance:e}"),
                o.energy.abs() <= tolerance,
            ));
            metrics.push(Metric::info(
                &format!(
                    "{label}: {released} released, horizontal momentum change over the impact step (the strings pull during the step too)"
                ),
                format!("{:.1e}", o.momentum),
            ));
            if released == 1 {
                traces.push(series(step, o.trace));
            }
        }
    }
    metrics.insert(0, converged.metric(1e-3));
    metrics.push(Metric::info(
        "settings",
        format!(
            "5 balls r = {RADIUS} m touching (gap 0), strings {STRING} m (distance joints), e = 1, no friction, released from {RELEASE_DEG}°; collisions propagated pair by pair before the velocity solve"
        ),
    ));
    print_table(
        "Newton's cradle, 5 touching spheres, restitution 1",
        &metrics,
    );
    chart(
        dir,
        "cradle_total_energy.svg",
        "Newton's cradle, 1 ball released from 30°: total energy E = kinetic + potential (zero at the balls' rest height)",
        ("time (s)", "(E − E₀) / E₀ (%)"),
        Scale::Linear,
        traces,
        &[],
    );
    metrics
}
