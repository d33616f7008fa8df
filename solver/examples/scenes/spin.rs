//! Scene 4: a free asymmetric body spun about its intermediate axis (the Dzhanibekov flip),
//! 10^5 steps in f64 with the energy-conserving gyroscopic step.
use std::path::Path;

use solver::xform::{Matrix, Vector};

use crate::common::{Converged, Metric, SceneWorld, chart, print_table, series};
use crate::plot::Scale;
use crate::setups::spin::{MOMENTS, build};

const STEPS: usize = 100_000;

/// `|L − L₀| / |L₀|` of the world-frame angular momentum after 1e4 steps at 60 Hz.
fn world_momentum_drift_at_60_hz(moments: Vector<f64, 3>) -> f64 {
    let mut world = build(1.0 / 60.0);
    let l = |world: &SceneWorld| {
        let b = &world.bodies()[0];
        b.orientation()
            .rotate(&(Matrix::from_diagonal(moments) * b.angular_velocity_body()))
    };
    let l0 = l(&world);
    for _ in 0..10_000 {
        world.step().expect("step");
    }
    (l(&world) - l0).norm() / l0.norm()
}

pub(crate) fn run(dir: &Path) -> Vec<Metric> {
    let mut world = build(1e-3);
    let moments = MOMENTS;
    let e0 = world.kinetic_energy();
    let l0 = (Matrix::from_diagonal(moments) * world.bodies()[0].angular_velocity_body()).norm();
    let world_l = |world: &SceneWorld| {
        let b = &world.bodies()[0];
        b.orientation()
            .rotate(&(Matrix::from_diagonal(moments) * b.angular_velocity_body()))
    };
    let l0_world = world_l(&world);
    let (mut drift, mut omega_y, mut omega_x) = (Vec::new(), Vec::new(), Vec::new());
    let mut worst: f64 = 0.0;
    let mut flips = 0;
    let mut sign = 1.0;
    let mut converged = Converged::default();
    for k in 0..STEPS {
        converged.step(&mut world);
        let e = world.kinetic_energy();
        let rel = ((e - e0) / e0).abs();
        worst = worst.max(rel);
        let w = world.bodies()[0].angular_velocity_body();
        if w[1] * sign < 0.0 {
            flips += 1;
            sign = -sign;
        }
        if k % 20 == 0 {
            let t = world.time();
            drift.push((t, rel)); // exact zeros are left out of the log plot
            omega_y.push((t, w[1]));
            omega_x.push((t, w[0]));
        }
    }
    let w = world.bodies()[0].angular_velocity_body();
    let l = (Matrix::from_diagonal(moments) * w).norm();
    let l_drift = (world_l(&world) - l0_world).norm() / l0_world.norm();
    let l_drift_60 = world_momentum_drift_at_60_hz(moments);
    let metrics = vec![
        converged.metric(world.settings().solver.tolerance),
        Metric::target(
            "intermediate-axis flips in 100 s",
            format!("{flips}"),
            ">= 1",
            flips >= 1,
        ),
        Metric::target(
            "largest relative energy drift over 1e5 steps",
            format!("{worst:.2e}"),
            "< 1e-9",
            worst < 1e-9,
        ),
        Metric::info(
            "relative change of |L| (body frame) after 1e5 steps",
            format!("{:.2e}", ((l - l0) / l0).abs()),
        ),
        Metric::target(
            "world-frame angular momentum vector: |L − L₀| / |L₀| after 1e5 steps at 1 ms",
            format!("{l_drift:.2e}"),
            "<= 1e-9",
            l_drift <= 1e-9,
        ),
        Metric::target(
            "the same after 1e4 steps at 60 Hz",
            format!("{l_drift_60:.2e}"),
            "<= 1e-9",
            l_drift_60 <= 1e-9,
        ),
        Metric::info(
            "settings",
            "Δt = 1 ms, I = diag(1, 2, 3), ω₀ = (0.01, 2, 0.01) rad/s body frame, rotation and gyroscopic term by the Lie midpoint rule (world L and energy kept)".into(),
        ),
    ];
    print_table("Free asymmetric body: the intermediate-axis flip", &metrics);
    chart(
        dir,
        "spin_omega.svg",
        "Spinning body, I = diag(1, 2, 3), Δt = 1 ms: body-frame angular velocity",
        ("time (s)", "ω (rad/s)"),
        Scale::Linear,
        vec![
            series("ω_y (intermediate axis)", omega_y),
            series("ω_x", omega_x),
        ],
        &[],
    );
    chart(
        dir,
        "spin_energy.svg",
        "Spinning body, I = diag(1, 2, 3), Δt = 1 ms: relative kinetic-energy drift",
        ("time (s)", "|E − E₀| / E₀ (relative)"),
        Scale::Log,
        vec![series("energy drift", drift)],
        &[(1e-9, "target: < 1e-9")],
    );
    metrics
}
