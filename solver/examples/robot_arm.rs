//! A six-joint arm whose hinge motors track a trajectory under gravity, with the tracking
//! error printed per joint.
//!
//! Six 1 kg links, 0.3 m long, in a line from a base fixed to the world: yaw, shoulder
//! pitch, elbow pitch, forearm roll, wrist pitch, wrist roll. Each joint follows
//! `q(t) = A sin(2π f t)` by a velocity motor: over each step the motor's speed is the
//! trajectory's rate at the middle of the step plus a proportional correction
//! `k (q_target − q)` of the error at its start, its torque limited to 150 N·m. 5 s at 60 Hz.
//!
//! ```sh
//! cargo run --release -p rtphys-solver --example robot_arm
//! ```
use core::f64::consts::TAU;
use std::time::Instant;

use solver::cwlist::Growable;
use solver::world::{RigidBody, World, WorldError, WorldSettings};
use solver::xform::Vector;

/// Proportional gain of the tracking loop (1/s).
const GAIN: f64 = 20.0;
/// The motors' torque limit (N·m).
const MAX_TORQUE: f64 = 150.0;
const LINK: f64 = 0.3;

fn main() -> Result<(), WorldError> {
    let settings = WorldSettings::<f64>::default();
    let mut w = World::<f64, Growable>::new(settings)?;
    // Joint axes (world frame at the start) and the trajectories' amplitude (rad) and
    // frequency (Hz).
    let axes = [
        [0.0, 1.0, 0.0],
        [0.0, 0.0, 1.0],
        [0.0, 0.0, 1.0],
        [1.0, 0.0, 0.0],
        [0.0, 0.0, 1.0],
        [1.0, 0.0, 0.0],
    ];
    let amplitude = [0.8, 0.5, 0.7, 1.0, 0.6, 1.2];
    let frequency = [0.2, 0.3, 0.25, 0.5, 0.4, 0.6];
    let mut joints = Vec::new();
    let mut parent = None;
    for (i, axis) in axes.iter().enumerate() {
        let centre = Vector([LINK * (i as f64 + 0.5), 0.0, 0.0]);
        let link = RigidBody::cuboid(1.0, Vector([LINK / 2.0, 0.04, 0.04]))?.with_position(centre);
        let id = w.add_body(link)?;
        let pivot = Vector([LINK * i as f64, 0.0, 0.0]);
        joints.push(w.add_hinge_joint(id, parent, pivot, Vector(*axis))?);
        parent = Some(id);
    }
    let target = |i: usize, t: f64| amplitude[i] * (TAU * frequency[i] * t).sin();
    let rate =
        |i: usize, t: f64| amplitude[i] * TAU * frequency[i] * (TAU * frequency[i] * t).cos();
    let steps = 300;
    let h = settings.dt;
    let (mut worst, mut squares, mut torque) = ([0.0f64; 6], [0.0f64; 6], [0.0f64; 6]);
    let mut converged = true;
    let start = Instant::now();
    for n in 0..steps {
        // The motors move at the trajectory's rate over this step, plus a correction of
        // the error now.
        let (now, t) = (n as f64 * h, (n + 1) as f64 * h);
        for (i, &j) in joints.iter().enumerate() {
            let error = target(i, now) - w.joint_position(j)?;
            w.set_joint_motor(j, rate(i, now + h / 2.0) + GAIN * error, MAX_TORQUE)?;
        }
        let report = w.step()?;
        converged &= report.certificate.converged;
        for (i, &j) in joints.iter().enumerate() {
            let error = w.joint_position(j)? - target(i, t);
            worst[i] = worst[i].max(error.abs());
            squares[i] += error * error;
            torque[i] = torque[i].max(w.joint_drive_impulse(j)?[2].abs() / h);
        }
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "Six-joint arm, {steps} steps at 60 Hz ({:.3} ms a step)",
        elapsed * 1e3 / steps as f64
    );
    println!("joint  amplitude  largest error  RMS error  largest torque");
    for i in 0..6 {
        println!(
            "{:>5}  {:>7.1}°  {:>12.3}°  {:>8.3}°  {:>10.1} N·m",
            i + 1,
            amplitude[i].to_degrees(),
            worst[i].to_degrees(),
            (squares[i] / steps as f64).sqrt().to_degrees(),
            torque[i]
        );
    }
    println!(
        "largest joint gap {:.2e} m; every velocity solve converged: {converged}",
        w.max_joint_error()
    );
    Ok(())
}
