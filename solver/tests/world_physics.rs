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
