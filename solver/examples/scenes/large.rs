//! Scene 6: thousands of spheres poured into a box in layers, settling and falling asleep:
//! the scene that shows the step scales (grid broad phase, islands, sleeping).
use std::path::Path;
use std::time::Instant;

use crate::common::{Metric, chart, print_table, series};
use crate::plot::Scale;
use crate::setups::large::{RADIUS, SPHERES, build};

const SECONDS: f64 = 4.0;

pub(crate) fn run(dir: &Path) -> Vec<Metric> {
    let mut world = build();
    let s = *world.settings(); // 60 Hz, 20 sweeps, sleeping on
    let steps = (SECONDS / s.dt).round() as usize;
    let (mut step_ms, mut asleep, mut islands_series) = (Vec::new(), Vec::new(), Vec::new());
    let (mut worst, mut total) = (0.0_f64, 0.0);
    let (mut contacts, mut islands, mut converged) = (0, 0, 0);
    let mut last = None;
    for _ in 0..steps {
        let start = Instant::now();
        let r = world.step().expect("step");
        let dt = start.elapsed().as_secs_f64();
        worst = worst.max(dt);
        total += dt;
        contacts += r.contacts;
        islands += r.islands;
        converged += usize::from(r.certificate.converged);
        let t = world.time();
        step_ms.push((t, dt * 1e3));
        asleep.push((t, r.sleeping_bodies as f64));
        islands_series.push((t, r.awake_islands as f64));
        last = Some(r);
    }
    let last = last.expect("at least one step");
    let deepest = world.deepest_penetration() / RADIUS * 100.0;
    let metrics = vec![
        Metric::info("spheres", format!("{SPHERES}")),
        Metric::info(
            "mean contacts / islands per step",
            format!("{} / {}", contacts / steps, islands / steps),
        ),
        Metric::info(
            "mean / worst time per step",
            format!(
                "{:.2} ms / {:.2} ms",
                total * 1e3 / steps as f64,
                worst * 1e3
            ),
        ),
        Metric::info(
            "steps whose velocity solve converged",
            format!("{converged} of {steps}"),
        ),
        // One island: a pile in a box touches itself everywhere, and a few spheres spin
        // about their contact normals (point contacts have no torsional friction), so the
        // island stays awake; separate piles sleep (tests/world_pipeline.rs).
        Metric::info(
            "sleeping spheres / awake islands after 4 s",
            format!(
                "{} of {SPHERES} / {}",
                last.sleeping_bodies, last.awake_islands
            ),
        ),
        Metric::target(
            "deepest penetration after 4 s / radius",
            format!("{deepest:.3} %"),
            "< 2 %",
            deepest < 2.0,
        ),
        Metric::target(
            "whole scene, simulated 4 s",
            format!("{total:.1} s"),
            "< 20 s (release, 1 core)",
            total < 20.0,
        ),
        Metric::info(
            "settings",
            format!(
                "Δt = 1/60 s, {} sweeps, μ = 0.5, e = 0, sleeping after {} s below {} m/s",
                s.solver.max_iterations,
                s.sleep.map_or(0.0, |z| z.time),
                s.sleep.map_or(0.0, |z| z.linear_speed),
            ),
        ),
    ];
    print_table(
        "4000 spheres poured into a box (grid broad phase, islands, sleeping)",
        &metrics,
    );
    let mean_budget = 20.0 / steps as f64 * 1e3;
    let budget_name = format!("the 20 s target as a mean per step ({mean_budget:.0} ms)");
    chart(
        dir,
        "large_step_time.svg",
        "4000 spheres: wall time of each step",
        ("simulated time (s)", "step time (ms)"),
        Scale::Linear,
        vec![series("step time", step_ms)],
        &[(mean_budget, &budget_name)],
    );
    // Two charts, the islands on a log axis: one awake island would be invisible on the 0
    // to 4000 scale of the sleeping spheres, or of the 4000 islands the spheres start as.
    chart(
        dir,
        "large_sleep.svg",
        "4000 spheres: sleeping bodies",
        ("simulated time (s)", "sleeping spheres"),
        Scale::Linear,
        vec![series("sleeping spheres", asleep)],
        &[],
    );
    chart(
        dir,
        "large_islands.svg",
        "4000 spheres: awake islands",
        ("simulated time (s)", "awake islands"),
        Scale::Log,
        vec![series("awake islands", islands_series)],
        &[],
    );
    metrics
}
