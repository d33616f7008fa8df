//! The field's standard physics tests on the world: a free asymmetric body keeps its
//! world-frame angular momentum vector and its energy.
#![allow(
    clippy::field_reassign_with_default,
    reason = "test settings are the default plus changes"
)]

use proptest::prelude::*;
use solver::cwlist::Growable;
use solver::world::{RigidBody, World, WorldSettings};
use solver::xform::{Matrix, Quaternion, Vector};

type W = World<f64, Growable>;

/// World-frame angular momentum `R I ω_b` of body 0.
fn world_momentum(w: &W) -> Vector<f64, 3> {
    let b = &w.bodies()[0];
    let inertia = *b.inertia().expect("dynamic");
    b.orientation()
        .rotate(&(inertia * b.angular_velocity_body()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// 1e4 steps at 60 Hz, under gravity (no torque about the centre of mass): the vector
    /// `L` stays within 1e-9 relative, and so does the kinetic energy of rotation.
    #[test]
    fn free_asymmetric_body_keeps_world_angular_momentum(
        moments in [2.0f64..2.5, 2.8..3.3, 3.6..4.8],
        omega in [-3.0f64..3.0, -3.0..3.0, -3.0..3.0],
        axis in [-1.0f64..1.0, -1.0..1.0, -1.0..1.0],
        angle in -3.0f64..3.0,
    ) {
        let axis = Vector(axis);
        prop_assume!(axis.norm() > 0.1 && Vector(omega).norm() > 0.1);
        let mut s = WorldSettings::default();
        s.sleep = None;
        let mut w = W::new(s).unwrap();
        let q = Quaternion::from_axis_angle(&(axis / axis.norm()), angle);
        let body = RigidBody::new(1.0, Matrix::from_diagonal(Vector(moments)))
            .unwrap()
            .with_orientation(q)
            .with_angular_velocity(Vector(omega));
        w.add_body(body).unwrap();
        let l0 = world_momentum(&w);
        let rotational = |w: &W| {
            let b = &w.bodies()[0];
            0.5 * b.angular_velocity_body().dot(&(*b.inertia().unwrap() * b.angular_velocity_body()))
        };
        let e0 = rotational(&w);
        for _ in 0..10_000 {
            w.step().unwrap();
        }
        let drift = (world_momentum(&w) - l0).norm() / l0.norm();
        prop_assert!(drift <= 1e-9, "world L drifted by {drift:e}");
        let e = rotational(&w);
        prop_assert!(((e - e0) / e0).abs() <= 1e-9, "energy drifted by {:e}", (e - e0) / e0);
    }
}

/// A ball-joint pendulum of length 1 m released from `theta`: relative energy change and
/// relative period error after 100 periods at 60 Hz (period from the exact elliptic
/// formula, measured between upward zero crossings).
fn pendulum(theta: f64, scheme: solver::world::JointScheme) -> (f64, f64) {
    let mut s = WorldSettings::default();
    s.sleep = None;
    s.joint_scheme = scheme;
    let g = 9.81;
    let mut w = W::new(s).unwrap();
    let p = Vector([theta.sin(), -theta.cos(), 0.0]);
    let b = w
        .add_body(RigidBody::sphere(1.0, 0.05).unwrap().with_position(p))
        .unwrap();
    w.add_ball_joint(b, None, Vector::zeros()).unwrap();
    // Energy above the lowest point, from the scene data: m g L (1 − cos θ).
    let e0 = g * (1.0 - theta.cos());
    let (mut a, mut m) = (1.0f64, (1.0 - (theta / 2.0).sin().powi(2)).sqrt());
    for _ in 0..40 {
        (a, m) = ((a + m) / 2.0, (a * m).sqrt());
    }
    let period = 2.0 * core::f64::consts::PI / g.sqrt() / a;
    let steps = (100.0 * period / s.dt).round() as usize;
    let (mut crossings, mut prev) = (Vec::new(), p[0]);
    for k in 0..steps {
        w.step().unwrap();
        let x = w.bodies()[b].position()[0];
        if prev < 0.0 && x >= 0.0 {
            crossings.push((k as f64 + 1.0 - x / (x - prev)) * s.dt);
        }
        prev = x;
    }
    let e = w.kinetic_energy() + w.potential_energy() + g;
    let measured = (crossings[crossings.len() - 1] - crossings[0]) / (crossings.len() - 1) as f64;
    ((e - e0) / e0, measured / period - 1.0)
}

/// RATTLE keeps a pendulum's energy and period over 100 periods at 60 Hz; the
/// symplectic-Euler split (what most engines do) loses most of the energy.
#[test]
fn pendulum_keeps_energy_and_period_at_60_hz() {
    use solver::world::JointScheme;
    let (de, dt) = pendulum(1.0, JointScheme::Rattle);
    assert!(de.abs() <= 0.01 && dt.abs() <= 0.005, "θ₀ = 1: ΔE/E = {de:e}, period {dt:e}");
    let (de, dt) = pendulum(2.5, JointScheme::Rattle);
    assert!(de.abs() <= 0.02 && dt.abs() <= 0.01, "θ₀ = 2.5: ΔE/E = {de:e}, period {dt:e}");
    let (de, _) = pendulum(1.0, JointScheme::SymplecticEuler);
    assert!(de < -0.5, "the Euler split was expected to lose energy, ΔE/E = {de:e}");
}
