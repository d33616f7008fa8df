//! Weld and prismatic joints, each property against an independent computation, for f64
//! and f32:
//! - a cart on a frictionless rail (a prismatic joint to the world) of random direction gains
//!   the velocity `(g·axis)·t` along the rail and never turns;
//! - two bodies welded together fly as one: their relative pose stays as made, and the
//!   pair's linear momentum, computed here from masses and velocities, is conserved (not
//!   its angular momentum, which the joint scheme lets drift for any joint: a tumbling
//!   ball-jointed pair by 7e-3 of itself in 2 s, a welded one by up to 4e-2);
//! - two bodies on a prismatic joint keep their axis and orientation, and their momentum;
//! - bad axes and points are refused with errors naming them.
#![allow(
    clippy::field_reassign_with_default,
    reason = "test settings are the default plus changes"
)]

use approx::relative_eq;
use proptest::prelude::*;
use solver::world::{RigidBody, World, WorldError, WorldSettings};
use solver::xform::{UnitQuaternion, Vector};

type Growable = solver::cwlist::Growable;

fn unit() -> impl Strategy<Value = f64> {
    -1.0..1.0
}

macro_rules! joint_tests {
    ($name:ident, $t:ty, $rel:expr, $hold:expr) => {
        mod $name {
            use super::*;
            type T = $t;

            fn v3(x: [f64; 3]) -> Vector<T, 3> {
                Vector(x.map(|v| v as T))
            }

            fn f(x: T) -> f64 {
                f64::from(x)
            }

            /// A cuboid of `mass` and half extents `h`, turned by `turn` (an axis-angle).
            fn block(mass: f64, h: [f64; 3], turn: [f64; 3]) -> RigidBody<T> {
                let axis = v3(turn);
                let body = RigidBody::cuboid(mass as T, v3(h)).unwrap();
                match UnitQuaternion::try_from_axis_angle(&axis, axis.norm()) {
                    Ok(q) => body.with_orientation(q),
                    Err(_) => body,
                }
            }

            /// Total linear momentum of the world's bodies.
            fn momentum(w: &World<T, Growable>) -> Vector<f64, 3> {
                w.bodies().iter().fold(Vector::zeros(), |p, b| {
                    p + Vector(b.linear_velocity().0.map(f)) * f(b.mass())
                })
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(24))]

                #[test]
                fn a_cart_on_a_rail_slides_like_a_frictionless_particle(
                    axis in [unit(), unit(), unit()],
                    mass in 0.5..5.0f64,
                    h in [0.05..0.5f64, 0.05..0.5f64, 0.05..0.5f64],
                    turn in [unit(), unit(), unit()],
                ) {
                    let axis = Vector(axis);
                    prop_assume!(axis.norm() > 0.2);
                    let axis = axis / axis.norm();
                    let mut s = WorldSettings::<T>::default();
                    // A nearly level rail accelerates the cart slowly enough to sleep.
                    s.sleep = None;
                    let mut w: World<T, Growable> = World::new(s).unwrap();
                    let cart = w.add_body(block(mass, h, turn)).unwrap();
                    w.add_prismatic_joint(cart, None, v3([0.1, 0.2, 0.3]), v3(axis.0)).unwrap();
                    let steps = 60;
                    for _ in 0..steps {
                        w.step().unwrap();
                    }
                    let t = steps as f64 * f(s.dt);
                    let g = Vector(s.gravity.0.map(f));
                    let expected = axis * (g.dot(&axis) * t);
                    let v = Vector(w.bodies()[cart].linear_velocity().0.map(f));
                    for k in 0..3 {
                        prop_assert!(
                            relative_eq!(v[k], expected[k], epsilon = $rel * 10.0, max_relative = $rel),
                            "v {:?} expected {:?}", v, expected
                        );
                    }
                    let spin = f(w.bodies()[cart].angular_velocity().norm());
                    prop_assert!(spin < $rel * 10.0, "turned at {} rad/s", spin);
                    prop_assert!(f(w.joint_error(0).unwrap().distance) < $hold);
                    prop_assert!(f(w.joint_error(0).unwrap().angle) < $hold);
                }

                #[test]
                fn welded_bodies_fly_as_one(
                    masses in [0.2..5.0f64, 0.2..5.0f64],
                    h in [0.05..0.5f64, 0.05..0.5f64, 0.05..0.5f64],
                    turns in [[unit(), unit(), unit()], [unit(), unit(), unit()]],
                    v in [[unit(), unit(), unit()], [unit(), unit(), unit()]],
                    spin in [[unit(), unit(), unit()], [unit(), unit(), unit()]],
                ) {
                    let mut s = WorldSettings::<T>::default();
                    s.gravity = Vector::zeros();
                    let mut w: World<T, Growable> = World::new(s).unwrap();
                    let a = w.add_body(block(masses[0], h, turns[0])).unwrap();
                    let b = w.add_body(block(masses[1], h, turns[1]).with_position(v3([0.6, 0.1, -0.2]))).unwrap();
                    w.add_weld_joint(a, Some(b), v3([0.3, 0.05, -0.1])).unwrap();
                    // Velocities that the weld must first make rigid.
                    w.set_linear_velocity(a, v3(v[0])).unwrap();
                    w.set_linear_velocity(b, v3(v[1])).unwrap();
                    w.set_angular_velocity(a, v3(spin[0])).unwrap();
                    w.set_angular_velocity(b, v3(spin[1])).unwrap();
                    w.step().unwrap();
                    let p0 = momentum(&w);
                    let relative = |w: &World<T, Growable>| {
                        let (pa, pb) = (w.bodies()[a].pose(), w.bodies()[b].pose());
                        (pa.to_local(&pb.position).0.map(f), w.bodies()[a].orientation().inverse() * w.bodies()[b].orientation())
                    };
                    let (x0, q0) = relative(&w);
                    for _ in 0..120 {
                        w.step().unwrap();
                    }
                    let p1 = momentum(&w);
                    let (x1, q1) = relative(&w);
                    prop_assert!((p1 - p0).norm() <= $rel * (1.0 + p0.norm()), "p {:?} -> {:?}", p0, p1);
                    prop_assert!((Vector(x1) - Vector(x0)).norm() < $hold, "{:?} -> {:?}", x0, x1);
                    prop_assert!(f((q1.inverse() * q0).angle()) < $hold);
                }

                #[test]
                fn a_prismatic_pair_keeps_its_axis_and_momentum(
                    masses in [0.2..5.0f64, 0.2..5.0f64],
                    axis in [unit(), unit(), unit()],
                    v in [[unit(), unit(), unit()], [unit(), unit(), unit()]],
                ) {
                    let axis = Vector(axis);
                    prop_assume!(axis.norm() > 0.2);
                    let mut s = WorldSettings::<T>::default();
                    s.gravity = Vector::zeros();
                    let mut w: World<T, Growable> = World::new(s).unwrap();
                    let a = w.add_body(block(masses[0], [0.2, 0.1, 0.1], [0.0; 3])).unwrap();
                    let b = w.add_body(block(masses[1], [0.1, 0.2, 0.1], [0.0; 3]).with_position(v3([0.5, 0.0, 0.0]))).unwrap();
                    w.add_prismatic_joint(a, Some(b), v3([0.25, 0.0, 0.0]), v3(axis.0)).unwrap();
                    w.set_linear_velocity(a, v3(v[0])).unwrap();
                    w.set_linear_velocity(b, v3(v[1])).unwrap();
                    w.step().unwrap();
                    let p0 = momentum(&w);
                    for _ in 0..120 {
                        w.step().unwrap();
                    }
                    let p1 = momentum(&w);
                    prop_assert!((p1 - p0).norm() <= $rel * (1.0 + p0.norm()), "p {:?} -> {:?}", p0, p1);
                    let gap = w.joint_error(0).unwrap();
                    prop_assert!(f(gap.distance) < $hold && f(gap.angle) < $hold, "{:?}", gap);
                }
            }

            #[test]
            fn bad_axes_and_points_are_refused() {
                let mut w: World<T, Growable> = World::new(WorldSettings::default()).unwrap();
                let a = w.add_body(block(1.0, [0.1; 3], [0.0; 3])).unwrap();
                assert!(matches!(
                    w.add_prismatic_joint(a, None, v3([0.0; 3]), v3([0.0; 3])),
                    Err(WorldError::InvalidParameter { what: "prismatic axis (length)", .. })
                ));
                let nan = v3([f64::NAN, 0.0, 0.0]);
                assert!(matches!(w.add_weld_joint(a, None, nan), Err(WorldError::NonFinite { what: "joint point" })));
                assert!(matches!(
                    w.add_prismatic_joint(a, None, nan, v3([1.0, 0.0, 0.0])),
                    Err(WorldError::NonFinite { what: "joint point" })
                ));
                assert!(w.add_weld_joint(a, Some(5), v3([0.0; 3])).is_err());
                assert!(w.joints().is_empty());
            }
        }
    };
}

// The pose holds to a few times the projection's tolerance (|C| ≤ 1e-6 per row).
joint_tests!(f64_joints, f64, 1e-6, 1e-5);
joint_tests!(f32_joints, f32, 1e-3, 1e-3);
