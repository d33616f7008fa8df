//! Property tests of the rigid-body world, each against an independent computation:
//! Jacobians from `DualVec` against central finite differences (in f64, with the exact
//! exponential map for rotations), elastic collisions against the 1D closed form, free fall
//! against the closed form of semi-implicit Euler, torque-free spin against energy
//! conservation. One module, instantiated for f64 and f32.
#![allow(
    clippy::needless_range_loop,
    clippy::field_reassign_with_default,
    reason = "Jacobian columns are filled by index; test settings are the default plus changes"
)]

use approx::relative_eq;
use proptest::prelude::*;
use solver::world::{
    Alignment, Ball, ConstraintFunction, Distance, Hinge, InertiaFault, Joint, Material, Pose,
    Prismatic, RigidBody, Value, Weld, World, WorldError, WorldSettings, constraint_value,
    linearize,
};
use solver::xform::{Matrix, Quaternion, Vector};

type Growable = solver::cwlist::Growable;

/// Central differences of `c` at (a, b) in f64: translations by ±h, rotations by
/// `exp(±h eₖ/2)` (exact map) applied in the world frame.
fn finite_difference<C: ConstraintFunction<f64>>(
    c: &C,
    a: &Pose<f64>,
    b: &Pose<f64>,
) -> [[f64; 12]; 6] {
    let h = 1e-6;
    let mut out = [[0.0; 12]; 6];
    for k in 0..12 {
        let shifted = |s: f64| {
            let (mut pa, mut pb) = (*a, *b);
            let target = if k < 6 { &mut pa } else { &mut pb };
            let axis = k % 6;
            if axis < 3 {
                target.position[axis] += s;
            } else {
                let turn = solver::rotint::quat_exp(Vector::unit(axis - 3) * s);
                target.orientation = turn * target.orientation;
            }
            constraint_value(c, &pa, &pb)
        };
        let (plus, minus) = (shifted(h), shifted(-h));
        for r in 0..6 {
            out[r][k] = (plus[r] - minus[r]) / (2.0 * h);
        }
    }
    out
}

fn pose(p: [f64; 3], axis: [f64; 3], angle: f64) -> Pose<f64> {
    let axis = Vector(axis);
    let q = if axis.norm() > 1e-3 {
        Quaternion::from_axis_angle(&axis.normalize(), angle)
    } else {
        Quaternion::identity()
    };
    Pose {
        position: Vector(p),
        orientation: q,
    }
}

fn coordinate() -> impl Strategy<Value = f64> {
    -2.0..2.0
}

fn angle() -> impl Strategy<Value = f64> {
    -3.0..3.0
}

macro_rules! world_tests {
    ($name:ident, $t:ty, $jac_eps:expr, $energy_eps:expr, $momentum_eps:expr) => {
        mod $name {
            use super::*;
            type T = $t;

            fn cast_pose(p: &Pose<f64>) -> Pose<T> {
                Pose {
                    position: p.position.map(|x| x as T),
                    orientation: Quaternion::new(
                        p.orientation.w as T,
                        p.orientation.x as T,
                        p.orientation.y as T,
                        p.orientation.z as T,
                    ),
                }
            }

            fn check_jacobian<C64: ConstraintFunction<f64>, CT: ConstraintFunction<T>>(
                c64: &C64,
                ct: &CT,
                a: &Pose<f64>,
                b: &Pose<f64>,
            ) -> Result<(), TestCaseError> {
                let lin = linearize(ct, &cast_pose(a), &cast_pose(b));
                let fd = finite_difference(c64, a, b);
                for r in 0..ct.rows() {
                    for k in 0..12 {
                        let got = f64::from(lin.jacobian[r][k]);
                        prop_assert!(
                            relative_eq!(got, fd[r][k], epsilon = $jac_eps, max_relative = $jac_eps),
                            "row {} col {}: dual {} vs finite difference {}", r, k, got, fd[r][k]
                        );
                    }
                }
                Ok(())
            }

            /// The written-out rows of a built-in joint against its dual-number derivative
            /// ([`linearize`]), and against central differences (f64).
            fn check_written<C64: ConstraintFunction<f64>, CT: ConstraintFunction<T>>(
                c64: &C64,
                ct: &CT,
                a: &Pose<f64>,
                b: &Pose<f64>,
            ) -> Result<(), TestCaseError> {
                let (ca, cb) = (cast_pose(a), cast_pose(b));
                let (written, derived) = (ct.linearization(&ca, &cb), linearize(ct, &ca, &cb));
                prop_assert_eq!(written.rows, derived.rows);
                prop_assert_eq!(written.value, derived.value);
                let fd = finite_difference(c64, a, b);
                for r in 0..written.rows {
                    for k in 0..12 {
                        let (w, d) = (f64::from(written.jacobian[r][k]), f64::from(derived.jacobian[r][k]));
                        // Both are exact formulas in T: they differ by rounding only.
                        prop_assert!(
                            relative_eq!(w, d, epsilon = 64.0 * f64::from(T::EPSILON), max_relative = 64.0 * f64::from(T::EPSILON)),
                            "row {} col {}: written {} vs dual {}", r, k, w, d
                        );
                        prop_assert!(
                            relative_eq!(w, fd[r][k], epsilon = $jac_eps, max_relative = $jac_eps),
                            "row {} col {}: written {} vs finite difference {}", r, k, w, fd[r][k]
                        );
                    }
                }
                Ok(())
            }

            fn v3(x: [f64; 3]) -> Vector<T, 3> {
                Vector(x.map(|v| v as T))
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                #[test]
                fn joint_jacobians_match_finite_differences(
                    pa in [coordinate(), coordinate(), coordinate()],
                    pb in [coordinate(), coordinate(), coordinate()],
                    axis_a in [coordinate(), coordinate(), coordinate()],
                    axis_b in [coordinate(), coordinate(), coordinate()],
                    (ta, tb) in (angle(), angle()),
                    anchor_a in [coordinate(), coordinate(), coordinate()],
                    anchor_b in [coordinate(), coordinate(), coordinate()],
                    length in 0.1..2.0f64,
                ) {
                    let (a, b) = (pose(pa, axis_a, ta), pose(pb, axis_b, tb));
                    let ball64 = Ball { anchor_a: Vector(anchor_a), anchor_b: Vector(anchor_b) };
                    let ball = Ball { anchor_a: v3(anchor_a), anchor_b: v3(anchor_b) };
                    check_jacobian(&ball64, &ball, &a, &b)?;
                    let gap = constraint_value(&ball64, &a, &b);
                    prop_assume!(Vector([gap[0], gap[1], gap[2]]).norm() > 0.1);
                    let d64 = Distance { anchor_a: Vector(anchor_a), anchor_b: Vector(anchor_b), length };
                    let d = Distance { anchor_a: v3(anchor_a), anchor_b: v3(anchor_b), length: length as T };
                    check_jacobian(&d64, &d, &a, &b)?;
                    let axis = Vector([0.3, -0.5, 0.8]).normalize();
                    let h64 = Hinge::new(ball64, axis, axis);
                    let h = Hinge::new(ball, axis.map(|x| x as T), axis.map(|x| x as T));
                    check_jacobian(&h64, &h, &a, &b)?;
                }

                #[test]
                fn written_joint_rows_match_their_derivative(
                    pa in [coordinate(), coordinate(), coordinate()],
                    pb in [coordinate(), coordinate(), coordinate()],
                    axis_a in [coordinate(), coordinate(), coordinate()],
                    axis_b in [coordinate(), coordinate(), coordinate()],
                    (ta, tb, tr) in (angle(), angle(), angle()),
                    anchor_a in [coordinate(), coordinate(), coordinate()],
                    anchor_b in [coordinate(), coordinate(), coordinate()],
                    slide in [coordinate(), coordinate(), coordinate()],
                    length in 0.1..2.0f64,
                    to_world: bool,
                ) {
                    let a = pose(pa, axis_a, ta);
                    let b = if to_world { Pose::identity() } else { pose(pb, axis_b, tb) };
                    let ball64 = Ball { anchor_a: Vector(anchor_a), anchor_b: Vector(anchor_b) };
                    let ball = Ball { anchor_a: v3(anchor_a), anchor_b: v3(anchor_b) };
                    check_written(&ball64, &ball, &a, &b)?;
                    let relative64 = pose([0.0; 3], axis_b, tr).orientation;
                    let relative = cast_pose(&pose([0.0; 3], axis_b, tr)).orientation;
                    let (lock64, lock) = (Alignment { relative: relative64 }, Alignment { relative });
                    check_written(&lock64, &lock, &a, &b)?;
                    check_written(
                        &Weld { ball: ball64, alignment: lock64 },
                        &Joint::<T>::Weld(Weld { ball, alignment: lock }),
                        &a,
                        &b,
                    )?;
                    let along = Vector(slide);
                    prop_assume!(along.norm() > 0.1 && Vector(axis_b).norm() > 0.1);
                    let along = along.normalize();
                    let h64 = Hinge::new(ball64, along, Vector(axis_b).normalize());
                    let h = Hinge::new(ball, along.map(|x| x as T), Vector(axis_b).normalize().map(|x| x as T));
                    check_written(&h64, &h, &a, &b)?;
                    let p64 = Prismatic::new(Vector(anchor_a), Vector(anchor_b), along, lock64);
                    let p = Prismatic::new(v3(anchor_a), v3(anchor_b), along.map(|x| x as T), lock);
                    check_written(&p64, &Joint::<T>::Prismatic(p), &a, &b)?;
                    let gap = constraint_value(&ball64, &a, &b);
                    prop_assume!(Vector([gap[0], gap[1], gap[2]]).norm() > 0.1);
                    let d64 = Distance { anchor_a: Vector(anchor_a), anchor_b: Vector(anchor_b), length };
                    let d = Distance { anchor_a: v3(anchor_a), anchor_b: v3(anchor_b), length: length as T };
                    check_written(&d64, &Joint::<T>::Distance(d), &a, &b)?;
                }

                #[test]
                fn head_on_elastic_collision_matches_closed_form(
                    m1 in 0.1..10.0f64, m2 in 0.1..10.0f64,
                    v1 in 0.5..3.0f64, v2 in -3.0..-0.5f64,
                ) {
                    let mut s = WorldSettings::<T>::default();
                    s.gravity = Vector::zeros();
                    s.dt = 1e-3;
                    s.margin = 0.0;
                    s.solver.max_iterations = 50;
                    let mut w: World<T, Growable> = World::new(s).unwrap();
                    let bouncy = Material { friction: 0.0, restitution: 1.0 };
                    let r = 0.1;
                    // Close enough to touch within a few steps.
                    let gap = 0.002;
                    let a = w.add_body(RigidBody::sphere(m1 as T, r as T).unwrap().with_material(bouncy)
                        .with_position(v3([-r - gap / 2.0, 0.0, 0.0])).with_linear_velocity(v3([v1, 0.0, 0.0]))).unwrap();
                    let b = w.add_body(RigidBody::sphere(m2 as T, r as T).unwrap().with_material(bouncy)
                        .with_position(v3([r + gap / 2.0, 0.0, 0.0])).with_linear_velocity(v3([v2, 0.0, 0.0]))).unwrap();
                    for _ in 0..20 {
                        w.step().unwrap();
                    }
                    let (u1, u2) = (
                        f64::from(w.body(a).unwrap().linear_velocity()[0]),
                        f64::from(w.body(b).unwrap().linear_velocity()[0]),
                    );
                    let e1 = ((m1 - m2) * v1 + 2.0 * m2 * v2) / (m1 + m2);
                    let e2 = ((m2 - m1) * v2 + 2.0 * m1 * v1) / (m1 + m2);
                    prop_assert!(relative_eq!(u1, e1, epsilon = $momentum_eps, max_relative = $momentum_eps), "u1 {} vs {}", u1, e1);
                    prop_assert!(relative_eq!(u2, e2, epsilon = $momentum_eps, max_relative = $momentum_eps), "u2 {} vs {}", u2, e2);
                }

                #[test]
                fn free_fall_matches_semi_implicit_euler(
                    y0 in -5.0..5.0f64, v0 in -3.0..3.0f64, steps in 1usize..50,
                ) {
                    let s = WorldSettings::<T>::default();
                    let mut w: World<T, Growable> = World::new(s).unwrap();
                    let id = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()
                        .with_position(v3([0.0, y0, 0.0])).with_linear_velocity(v3([0.0, v0, 0.0]))).unwrap();
                    for _ in 0..steps {
                        w.step().unwrap();
                    }
                    let (h, g, n) = (f64::from(s.dt), 9.81, steps as f64);
                    // v_k = v0 - k g h; y_n = y0 + h Σ_{k=1..n} v_k.
                    let expected = y0 + n * h * v0 - g * h * h * n * (n + 1.0) / 2.0;
                    let got = f64::from(w.body(id).unwrap().position()[1]);
                    prop_assert!(relative_eq!(got, expected, epsilon = $momentum_eps, max_relative = $momentum_eps));
                }

                #[test]
                fn torque_free_spin_keeps_energy(
                    // Distinct principal moments that a body can have (i1 + i2 >= i3).
                    i1 in 2.0..2.5f64, i2 in 2.8..3.3f64, i3 in 3.6..4.8f64,
                    w in [-2.0..2.0f64, -2.0..2.0f64, -2.0..2.0f64],
                ) {
                    let mut s = WorldSettings::<T>::default();
                    s.gravity = Vector::zeros();
                    s.dt = 1e-2;
                    s.sleep = None; // a slow spin would fall asleep
                    let mut world: World<T, Growable> = World::new(s).unwrap();
                    let body = RigidBody::new(1.0, Matrix::from_diagonal(v3([i1, i2, i3]))).unwrap()
                        .with_angular_velocity(v3(w));
                    world.add_body(body).unwrap();
                    // Independent energy: ½ Σ Iᵢ ωᵢ² from the inputs.
                    let e0 = 0.5 * (i1 * w[0] * w[0] + i2 * w[1] * w[1] + i3 * w[2] * w[2]);
                    prop_assume!(e0 > 1e-3);
                    for _ in 0..500 {
                        world.step().unwrap();
                    }
                    let e = f64::from(world.kinetic_energy());
                    prop_assert!(relative_eq!(e, e0, epsilon = $energy_eps, max_relative = $energy_eps), "{} vs {}", e, e0);
                }
            }

            #[test]
            fn bad_input_is_rejected_where_it_enters() {
                let id3 = Matrix::<T, 3, 3>::identity();
                for m in [T::NAN, 0.0, -1.0, T::INFINITY, T::MIN_POSITIVE / 4.0] {
                    assert_eq!(
                        RigidBody::<T>::new(m, id3),
                        Err(WorldError::InvalidMass { value: Value(f64::from(m)) })
                    );
                }
                let singular = Matrix::from_diagonal(v3([1.0, 0.0, 1.0]));
                assert_eq!(RigidBody::<T>::new(1.0, singular), Err(WorldError::InvalidInertia { fault: InertiaFault::NotPositiveDefinite }));
                let skewed = Matrix([[1.0, 0.5, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);
                assert_eq!(RigidBody::<T>::new(1.0, skewed), Err(WorldError::InvalidInertia { fault: InertiaFault::NotSymmetric }));
                assert_eq!(RigidBody::<T>::sphere(1.0, 0.0), Err(WorldError::InvalidParameter { what: "radius", value: Value(0.0) }));
                let mut w: World<T, Growable> = World::new(WorldSettings::default()).unwrap();
                let ok = RigidBody::<T>::sphere(1.0, 0.1).unwrap();
                assert_eq!(
                    w.add_body(ok.with_position(v3([f64::NAN, 0.0, 0.0]))),
                    Err(WorldError::NonFinite { what: "position" })
                );
                assert_eq!(
                    w.add_body(ok.with_orientation(solver::xform::UnitQuaternion::new_unchecked(Quaternion::zero()))),
                    Err(WorldError::InvalidOrientation { norm: Value(0.0) })
                );
                let a = w.add_body(ok).unwrap();
                let fixed = w.add_body(RigidBody::fixed()).unwrap();
                assert_eq!(
                    w.add_ball_joint(a, Some(solver::world::BodyHandle::from_parts(9, 0)), Vector::zeros()),
                    Err(WorldError::StaleHandle { what: "body", slot: 9, generation: 0 })
                );
                assert_eq!(w.add_ball_joint(a, Some(a), Vector::zeros()), Err(WorldError::SameBody { body: a }));
                assert_eq!(
                    w.add_distance_joint(a, None, Vector::zeros(), Vector::zeros()),
                    Err(WorldError::JacobianVanishes { row: 0 })
                );
                // Acting on static bodies only: nothing can move, so nothing can satisfy it.
                let other_fixed = w.add_body(RigidBody::fixed().with_position(v3([1.0, 0.0, 0.0]))).unwrap();
                assert_eq!(
                    w.add_distance_joint(fixed, Some(other_fixed), Vector::zeros(), v3([1.0, 0.0, 0.0])),
                    Err(WorldError::JacobianVanishes { row: 0 })
                );
                assert_eq!(w.set_linear_velocity(a, v3([0.0, f64::INFINITY, 0.0])), Err(WorldError::NonFinite { what: "linear velocity" }));
                let mut bad = WorldSettings::<T>::default();
                bad.dt = -1.0;
                assert!(matches!(World::<T, Growable>::new(bad), Err(WorldError::InvalidSetting { setting: "dt", .. })));
                // The world never accepted any of it.
                assert_eq!(w.bodies().len(), 3);
                assert!(w.joints().is_empty());
            }

            #[test]
            fn fixed_capacity_is_reported_not_lost() {
                let mut w: World<T, solver::cwlist::Fixed<2>> = World::new(WorldSettings::default()).unwrap();
                let ok = RigidBody::<T>::sphere(1.0, 0.1).unwrap();
                w.add_body(ok).unwrap();
                w.add_body(ok.with_position(v3([1.0, 0.0, 0.0]))).unwrap();
                assert_eq!(w.add_body(ok), Err(WorldError::CapacityExceeded { what: "bodies" }));
                assert_eq!(w.bodies().len(), 2);
            }
        }
    };
}

world_tests!(f64_world, f64, 1e-5, 1e-9, 1e-6);
world_tests!(f32_world, f32, 2e-2, 1e-3, 2e-3);
