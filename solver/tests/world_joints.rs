//! Weld and prismatic joints, each property against an independent computation, for f64
//! and f32:
//! - a cart on a frictionless rail (a prismatic joint to the world) of random direction gains
//!   the velocity `(g·axis)·t` along the rail and never turns;
//! - two bodies welded together fly as one: their relative pose stays as made, and the
//!   pair's linear momentum, computed here from masses and velocities, is conserved (not
//!   its angular momentum, which the joint scheme lets drift for any joint: a tumbling
//!   ball-jointed pair by 7e-3 of itself in 2 s, a welded one by up to 4e-2);
//! - two bodies on a prismatic joint keep their axis and orientation, and their momentum;
//! - a hinge motor spins a wheel up at its torque limit, `ω = min(ω*, n τ Δt / I)` after
//!   `n` steps, and a prismatic motor lifts a weight as the scalar recurrence of the scheme
//!   computed here (gravity and the motor's force each in two half kicks) says;
//! - limits hold a swinging pendulum within its stops, and a weight resting on a rail's
//!   stop reads the impulse `m g Δt` on it;
//! - bad axes, points, limits and motors are refused with errors naming them.
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
                    let v = Vector(w[cart].linear_velocity().0.map(f));
                    for k in 0..3 {
                        prop_assert!(
                            relative_eq!(v[k], expected[k], epsilon = $rel * 10.0, max_relative = $rel),
                            "v {:?} expected {:?}", v, expected
                        );
                    }
                    let spin = f(w[cart].angular_velocity().norm());
                    prop_assert!(spin < $rel * 10.0, "turned at {} rad/s", spin);
                    prop_assert!(f(w.joint_error(w.joint_handle(0).unwrap()).unwrap().distance) < $hold);
                    prop_assert!(f(w.joint_error(w.joint_handle(0).unwrap()).unwrap().angle) < $hold);
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
                        let (pa, pb) = (w[a].pose(), w[b].pose());
                        (pa.to_local(&pb.position).0.map(f), w[a].orientation().inverse() * w[b].orientation())
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
                    let gap = w.joint_error(w.joint_handle(0).unwrap()).unwrap();
                    prop_assert!(f(gap.distance) < $hold && f(gap.angle) < $hold, "{:?}", gap);
                }
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(24))]

                #[test]
                fn a_hinge_motor_spins_a_wheel_up_at_its_torque_limit(
                    mass in 0.5..5.0f64,
                    radius in 0.1..1.0f64,
                    torque in 0.1..10.0f64,
                    target in -20.0..20.0f64,
                ) {
                    let mut s = WorldSettings::<T>::default();
                    s.gravity = Vector::zeros();
                    let mut w: World<T, Growable> = World::new(s).unwrap();
                    let wheel = w.add_body(RigidBody::sphere(mass as T, radius as T).unwrap()).unwrap();
                    let axle = w.add_hinge_joint(wheel, None, v3([0.0; 3]), v3([0.0, 0.0, 1.0])).unwrap();
                    w.set_joint_motor(axle, target as T, torque as T).unwrap();
                    let inertia = 0.4 * mass * radius * radius;
                    let h = f(s.dt);
                    for n in 1..=60 {
                        w.step().unwrap();
                        let reach = n as f64 * torque * h / inertia;
                        let expected = target.signum() * target.abs().min(reach);
                        let omega = f(w[wheel].angular_velocity()[2]);
                        prop_assert!(
                            relative_eq!(omega, expected, epsilon = $rel, max_relative = $rel),
                            "step {}: ω {} expected {}", n, omega, expected
                        );
                    }
                }

                #[test]
                fn a_prismatic_motor_lifts_as_the_scheme_says(
                    mass in 0.5..5.0f64,
                    speed in -2.0..2.0f64,
                    force in 0.0..60.0f64,
                ) {
                    let s = WorldSettings::<T>::default();
                    let mut w: World<T, Growable> = World::new(s).unwrap();
                    let weight = w.add_body(RigidBody::sphere(mass as T, 0.1).unwrap()).unwrap();
                    let rail = w.add_prismatic_joint(weight, None, v3([0.0; 3]), v3([0.0, 1.0, 0.0])).unwrap();
                    w.set_joint_motor(rail, speed as T, force as T).unwrap();
                    let (h, g) = (f(s.dt), -f(s.gravity[1]));
                    // Each half: gravity's kick, then the motor toward its speed with at most
                    // half the step's impulse; the drift moves by the middle velocity.
                    let half = |v: f64| {
                        let v = v - g * h / 2.0;
                        let most = force * h / 2.0 / mass;
                        v + (speed - v).clamp(-most, most)
                    };
                    let (mut v, mut y) = (0.0f64, 0.0f64);
                    for n in 1..=60 {
                        w.step().unwrap();
                        let middle = half(v);
                        y += h * middle;
                        v = half(middle);
                        let body = &w[weight];
                        let (got_v, got_y) = (f(body.linear_velocity()[1]), f(body.position()[1]));
                        prop_assert!(relative_eq!(got_v, v, epsilon = $rel * 10.0, max_relative = $rel), "step {}: v {} expected {}", n, got_v, v);
                        prop_assert!(relative_eq!(got_y, y, epsilon = $rel * 10.0, max_relative = $rel), "step {}: y {} expected {}", n, got_y, y);
                        prop_assert!(relative_eq!(f(w.joint_position(rail).unwrap()), y, epsilon = $rel * 10.0, max_relative = $rel));
                    }
                }
            }

            #[test]
            fn motors_along_a_chain_are_solved_exactly() {
                // Six links on hinges with alternating axes, each motor at its own speed:
                // the motor rows couple through the whole chain, which sweeps alone did not
                // converge on (residuals 0.05–0.2 after 200 sweeps); the finish by the
                // joint block's Schur complement does.
                let mut w: World<T, Growable> = World::new(WorldSettings::default()).unwrap();
                let axes = [[0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [1.0, 0.0, 0.0]];
                let speeds = [0.7, -1.1, 0.4, 2.0, -0.6, 3.0];
                let (mut joints, mut parent) = (Vec::new(), None);
                for (i, axis) in axes.iter().enumerate() {
                    let link = block(1.0, [0.15, 0.04, 0.04], [0.0; 3]).with_position(v3([0.3 * i as f64 + 0.15, 0.0, 0.0]));
                    let id = w.add_body(link).unwrap();
                    let j = w.add_hinge_joint(id, parent, v3([0.3 * i as f64, 0.0, 0.0]), v3(*axis)).unwrap();
                    w.set_joint_motor(j, speeds[i] as T, 5000.0).unwrap();
                    joints.push(j);
                    parent = Some(id);
                }
                let h = f(WorldSettings::<T>::default().dt);
                for _ in 0..30 {
                    let before: Vec<f64> = joints.iter().map(|&j| f(w.joint_position(j).unwrap())).collect();
                    let report = w.step().unwrap();
                    let residual = f(report.certificate.residual);
                    assert!(report.certificate.converged && residual <= $rel * 0.1, "{:?}", report.certificate);
                    // Each joint turned by its speed times the step, to second order in the
                    // turn of the links (their axes move during the step).
                    for (i, &j) in joints.iter().enumerate() {
                        let moved = f(w.joint_position(j).unwrap()) - before[i];
                        assert!(
                            relative_eq!(moved, speeds[i] * h, epsilon = 1e-3),
                            "joint {i} moved {moved} in a step at {} rad/s", speeds[i]
                        );
                    }
                }
            }

            #[test]
            fn limits_hold_a_pendulum_and_a_weight_reads_m_g_dt_on_its_stop() {
                let mut w: World<T, Growable> = World::new(WorldSettings::default()).unwrap();
                let bob = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(v3([1.0, 0.0, 0.0]))).unwrap();
                let hinge = w.add_hinge_joint(bob, None, v3([0.0; 3]), v3([0.0, 0.0, 1.0])).unwrap();
                let stop = 0.5;
                w.set_joint_limits(hinge, -stop as T, stop as T).unwrap();
                let (mut pushed, mut widest) = (false, 0.0f64);
                for _ in 0..240 {
                    w.step().unwrap();
                    let angle = f(w.joint_position(hinge).unwrap());
                    widest = widest.max(angle.abs());
                    let [lower, upper, motor] = w.joint_drive_impulse(hinge).unwrap();
                    assert!(f(lower) >= 0.0 && f(upper) >= 0.0 && motor == 0.0);
                    pushed |= f(lower) > 0.0 || f(upper) > 0.0;
                }
                assert!(pushed, "the stops never pushed");
                assert!(widest < stop + 0.02, "swung to {widest} rad past a stop at {stop}");
                // Falling from the horizontal, the bob reads a negative angle: the lower stop.
                let mut w: World<T, Growable> = World::new(WorldSettings::default()).unwrap();
                let mass = 3.0;
                let weight = w.add_body(RigidBody::sphere(mass as T, 0.1).unwrap()).unwrap();
                let rail = w.add_prismatic_joint(weight, None, v3([0.0; 3]), v3([0.0, 1.0, 0.0])).unwrap();
                w.set_joint_limits(rail, -0.2, 1.0).unwrap();
                for _ in 0..60 {
                    w.step().unwrap();
                }
                let s = WorldSettings::<T>::default();
                let expected = mass * -f(s.gravity[1]) * f(s.dt);
                let [lower, upper, _] = w.joint_drive_impulse(rail).unwrap();
                assert!(relative_eq!(f(lower), expected, max_relative = $rel), "{} vs {}", f(lower), expected);
                assert_eq!(upper, 0.0);
                assert!(relative_eq!(f(w.joint_position(rail).unwrap()), -0.2, epsilon = $hold * 10.0));
            }

            #[test]
            fn bad_limits_and_motors_are_refused() {
                let mut w: World<T, Growable> = World::new(WorldSettings::default()).unwrap();
                let a = w.add_body(block(1.0, [0.1; 3], [0.0; 3])).unwrap();
                let ball = w.add_ball_joint(a, None, v3([0.0; 3])).unwrap();
                let hinge = w.add_hinge_joint(a, None, v3([0.0; 3]), v3([0.0, 0.0, 1.0])).unwrap();
                assert_eq!(w.set_joint_limits(ball, -1.0, 1.0), Err(WorldError::NoFreeCoordinate { joint: ball }));
                assert_eq!(w.set_joint_motor(ball, 1.0, 1.0), Err(WorldError::NoFreeCoordinate { joint: ball }));
                assert_eq!(w.joint_position(ball), Err(WorldError::NoFreeCoordinate { joint: ball }));
                assert!(matches!(w.set_joint_limits(hinge, 1.0, -1.0), Err(WorldError::InvalidParameter { .. })));
                assert!(matches!(w.set_joint_limits(hinge, T::NAN, 1.0), Err(WorldError::InvalidParameter { .. })));
                assert!(matches!(w.set_joint_motor(hinge, 1.0, -1.0), Err(WorldError::InvalidParameter { what: "motor force", .. })));
                assert!(matches!(w.set_joint_motor(hinge, T::INFINITY, 1.0), Err(WorldError::InvalidParameter { what: "motor speed", .. })));
                assert!(matches!(w.set_joint_motor(solver::world::JointHandle::from_parts(7, 0), 1.0, 1.0), Err(WorldError::StaleHandle { what: "joint", slot: 7, .. })));
                // Unlimited and off are allowed.
                w.set_joint_limits(hinge, T::NEG_INFINITY, T::INFINITY).unwrap();
                w.set_joint_motor(hinge, 0.0, 0.0).unwrap();
                let report = w.step().unwrap();
                assert_eq!(report.rows, 3 + 5, "no drive rows");
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
                assert!(w.add_weld_joint(a, Some(solver::world::BodyHandle::from_parts(5, 0)), v3([0.0; 3])).is_err());
                assert!(w.joints().is_empty());
            }
        }
    };
}

// The pose holds to a few times the projection's tolerance (|C| ≤ 1e-6 per row).
joint_tests!(f64_joints, f64, 1e-6, 1e-5);
joint_tests!(f32_joints, f32, 1e-3, 1e-3);
