//! Every constructor and setter of the world refuses bad input with an error that names it,
//! and leaves the world exactly as it was (same state hash, same counts, same settings).
//! Each defect of the input-validation issue has a test here.
#![allow(
    clippy::field_reassign_with_default,
    reason = "test settings are the default plus changes"
)]

use proptest::prelude::*;
use solver::cwlist::Growable;
use solver::world::{
    Ball, BodyHandle, InertiaFault, Joint, JointHandle, Material, RigidBody, Value, World,
    WorldError, WorldSettings,
};
use solver::xform::{Matrix, Quaternion, UnitQuaternion, Vector};

type W = World<f64, Growable>;

/// A world with two spheres, a joint and a plane, stepped once.
fn world() -> W {
    let mut w = W::new(WorldSettings::default()).expect("world");
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .expect("plane");
    let a = w
        .add_body(
            RigidBody::sphere(1.0, 0.1)
                .unwrap()
                .with_position(Vector([0.0, 1.0, 0.0])),
        )
        .expect("a");
    let b = w
        .add_body(
            RigidBody::sphere(2.0, 0.1)
                .unwrap()
                .with_position(Vector([0.5, 1.0, 0.0])),
        )
        .expect("b");
    w.add_ball_joint(a, Some(b), Vector([0.25, 1.0, 0.0]))
        .expect("joint");
    w.step().expect("step");
    w
}

/// Everything a call could change.
fn fingerprint(w: &W) -> (u64, usize, usize, usize, WorldSettings<f64>, f64) {
    (
        w.state_hash(),
        w.bodies().len(),
        w.joints().len(),
        w.planes().len(),
        *w.settings(),
        w.time(),
    )
}

/// Values no input of the world accepts where a finite positive number is needed.
fn bad_positive() -> impl Strategy<Value = f64> {
    prop_oneof![
        Just(f64::NAN),
        Just(f64::INFINITY),
        Just(f64::NEG_INFINITY),
        Just(0.0),
        Just(-0.0),
        -1e300..-1e-300f64,
    ]
}

/// Values no input accepts where a finite number is needed.
fn non_finite() -> impl Strategy<Value = f64> {
    prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY)]
}

fn with(base: [f64; 3], k: usize, x: f64) -> Vector<f64, 3> {
    let mut v = base;
    v[k] = x;
    Vector(v)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Bodies: mass, radius, inertia, pose, velocities, material, orientation.
    #[test]
    fn bad_bodies_are_refused_and_change_nothing(
        bad in bad_positive(), nf in non_finite(), k in 0usize..3, which in 0usize..9,
    ) {
        let mut w = world();
        let before = fingerprint(&w);
        let ok = RigidBody::sphere(1.0, 0.1).unwrap();
        let result = match which {
            0 => RigidBody::sphere(bad, 0.1).and_then(|b| w.add_body(b)),
            1 => RigidBody::sphere(1.0, bad).and_then(|b| w.add_body(b)),
            2 => RigidBody::new(1.0, Matrix::from_diagonal(with([1.0, 1.0, 1.0], k, bad)))
                .and_then(|b| w.add_body(b)),
            3 => w.add_body(ok.with_position(with([0.0, 0.0, 0.0], k, nf))),
            4 => w.add_body(ok.with_linear_velocity(with([0.0, 0.0, 0.0], k, nf))),
            5 => w.add_body(ok.with_angular_velocity(with([0.0, 0.0, 0.0], k, nf))),
            6 => w.add_body(ok.with_material(Material { friction: -bad.abs().max(1e-3), restitution: 0.0 })),
            7 => w.add_body(ok.with_material(Material { friction: 0.5, restitution: 1.0 + bad.abs().max(1e-3) })),
            _ => w.add_body(ok.with_orientation(UnitQuaternion::new_unchecked(Quaternion::new(1.0 + bad.abs().max(1e-3), 0.0, 0.0, 0.0)))),
        };
        prop_assert!(result.is_err(), "case {} accepted {}", which, bad);
        prop_assert_eq!(fingerprint(&w), before);
    }

    /// Setters of bodies: position, orientation, velocities, out-of-range indices.
    #[test]
    fn bad_setter_values_are_refused_and_change_nothing(
        nf in non_finite(), k in 0usize..3, which in 0usize..6, index in 2usize..100,
    ) {
        let mut w = world();
        let before = fingerprint(&w);
        let (first, missing) = (w.body_handle(0).unwrap(), BodyHandle::from_parts(index as u32, 0));
        let result = match which {
            0 => w.set_position(first, with([0.0, 0.0, 0.0], k, nf)),
            1 => w.set_linear_velocity(first, with([0.0, 0.0, 0.0], k, nf)),
            2 => w.set_angular_velocity(first, with([0.0, 0.0, 0.0], k, nf)),
            3 => w.set_orientation(first, UnitQuaternion::new_unchecked(Quaternion::new(nf, 0.0, 0.0, 0.0))),
            4 => w.set_position(missing, Vector::zeros()),
            _ => w.set_linear_velocity(missing, Vector::zeros()),
        };
        prop_assert!(result.is_err(), "case {} accepted {}", which, nf);
        prop_assert_eq!(fingerprint(&w), before);
    }

    /// Planes and joints: normals, offsets, anchors, axes, indices.
    #[test]
    fn bad_planes_and_joints_are_refused_and_change_nothing(
        nf in non_finite(), k in 0usize..3, which in 0usize..8, index in 2usize..100,
    ) {
        let mut w = world();
        let before = fingerprint(&w);
        let (a, b) = (w.body_handle(0).unwrap(), w.body_handle(1).unwrap());
        let missing = BodyHandle::from_parts(index as u32, 0);
        let result = match which {
            0 => w.add_plane(with([0.0, 1.0, 0.0], k, nf), 0.0, Material::default()).map(|_| ()),
            1 => w.add_plane(Vector([0.0, 1.0, 0.0]), nf, Material::default()).map(|_| ()),
            2 => w.add_plane(Vector::zeros(), 0.0, Material::default()).map(|_| ()),
            3 => w.add_ball_joint(a, None, with([0.0, 0.0, 0.0], k, nf)).map(|_| ()),
            4 => w.add_distance_joint(a, Some(b), with([0.0, 1.0, 0.0], k, nf), Vector([0.5, 1.0, 0.0])).map(|_| ()),
            5 => w.add_hinge_joint(a, None, Vector::zeros(), with([0.0, 0.0, 1.0], k, nf)).map(|_| ()),
            6 => w.add_joint(a, None, Joint::Ball(Ball { anchor_a: with([0.0, 0.0, 0.0], k, nf), anchor_b: Vector::zeros() })).map(|_| ()),
            _ => w.add_ball_joint(missing, None, Vector::zeros()).map(|_| ()),
        };
        prop_assert!(result.is_err(), "case {} accepted {}", which, nf);
        prop_assert_eq!(fingerprint(&w), before);
    }

    /// Settings: every field, through `World::new` and `set_settings`.
    #[test]
    fn bad_settings_are_refused_and_change_nothing(
        bad in bad_positive(), nf in non_finite(), which in 0usize..12,
    ) {
        let mut s = WorldSettings::<f64>::default();
        match which {
            0 => s.dt = bad,
            1 => s.gravity = Vector([0.0, nf, 0.0]),
            2 => s.joint_beta = if bad.is_finite() { 2.0 } else { bad },
            3 => s.contact_beta = nf,
            4 => s.slop = if bad.is_finite() && bad != 0.0 { bad } else { nf },
            5 => s.margin = nf,
            6 => s.restitution_threshold = nf,
            7 => s.projection_tolerance = nf,
            8 => s.solver.tolerance = nf,
            9 => s.gyroscopic = Some(solver::rotint::GyroScheme::ImplicitMidpoint { tolerance: bad, max_iterations: 8 }),
            10 => s.sleep = Some(solver::world::SleepSettings { time: nf, ..Default::default() }),
            _ => s.solver.omega = bad,
        }
        prop_assert!(W::new(s).is_err(), "case {} accepted", which);
        let mut w = world();
        let before = fingerprint(&w);
        prop_assert!(w.set_settings(s).is_err());
        prop_assert_eq!(fingerprint(&w), before);
    }

    /// Any rotation of a diagonal tensor is accepted exactly when its moments obey the
    /// triangle inequality (tested away from the boundary), whatever its scale.
    #[test]
    fn rotated_inertia_is_judged_by_its_principal_moments(
        axis in [-1.0f64..1.0, -1.0..1.0, -1.0..1.0], angle in -3.0f64..3.0,
        moments in [0.1f64..10.0, 0.1..10.0, 0.1..10.0], log_scale in -12.0f64..12.0,
    ) {
        let axis = Vector(axis);
        prop_assume!(axis.norm() > 0.1);
        let mut m = moments;
        m.sort_by(f64::total_cmp);
        let slack = m[0] + m[1] - m[2];
        prop_assume!(slack.abs() > 1e-3 * (m[0] + m[1] + m[2]));
        let r = Quaternion::from_axis_angle(&(axis / axis.norm()), angle).to_matrix();
        let scale = 10f64.powf(log_scale);
        let tensor = r * Matrix::from_diagonal(Vector(m)) * r.transpose() * scale;
        let result = RigidBody::<f64>::new(1.0, tensor);
        if slack > 0.0 {
            prop_assert!(result.is_ok(), "{:?}", result.err());
        } else {
            prop_assert_eq!(result.unwrap_err(), WorldError::InvalidInertia { fault: InertiaFault::TriangleInequality });
        }
    }

    /// Masses from 1 mg to 1000 t with radii from 1 mm to 10 m are accepted.
    #[test]
    fn small_and_large_valid_bodies_are_accepted(
        log_mass in -6.0f64..9.0, log_radius in -3.0f64..1.0,
    ) {
        let (m, r) = (10f64.powf(log_mass), 10f64.powf(log_radius));
        let body = RigidBody::sphere(m, r);
        prop_assert!(body.is_ok(), "m = {m}, r = {r}: {:?}", body.err());
        let mut w = world();
        prop_assert!(w.add_body(body.unwrap()).is_ok());
    }
}

/// A mass whose inverse overflows (1e-310 kg) is refused: its rows would be dropped.
#[test]
fn mass_with_overflowing_inverse_is_refused() {
    assert_eq!(
        RigidBody::<f64>::new(1e-310, Matrix::identity()).unwrap_err(),
        WorldError::InvalidMass {
            value: Value(1e-310)
        }
    );
}

/// An inertia that violates the triangle inequality is refused; a tiny valid one is not.
#[test]
fn inertia_is_judged_by_physics_and_relative_to_its_scale() {
    let impossible = Matrix::from_diagonal(Vector([1.0, 1.0, 5.0]));
    assert_eq!(
        RigidBody::<f64>::new(1.0, impossible).unwrap_err(),
        WorldError::InvalidInertia {
            fault: InertiaFault::TriangleInequality
        }
    );
    let plate = Matrix::from_diagonal(Vector([1.0, 2.0, 3.0])); // I₁ + I₂ = I₃ exactly
    assert!(RigidBody::<f64>::new(1.0, plate).is_ok());
    let tiny = Matrix::from_diagonal(Vector([4e-19, 4e-19, 4e-19])); // 1 mg bead, r = 1 mm
    assert!(RigidBody::<f64>::new(1e-6, tiny).is_ok());
    // A rotated (non-diagonal) valid tensor is judged by its principal moments.
    let q = Quaternion::from_axis_angle(&(Vector([1.0, 2.0, 3.0]) / 14f64.sqrt()), 0.7);
    let r = q.to_matrix();
    let rotated = r * Matrix::from_diagonal(Vector([2.0, 3.0, 4.0])) * r.transpose();
    let r1 = RigidBody::<f64>::new(1.0, rotated);
    assert!(r1.is_ok(), "{:?} {rotated:?}", r1.err());
    let rotated_bad = r * impossible * r.transpose();
    assert!(RigidBody::<f64>::new(1.0, rotated_bad).is_err());
}

/// A NaN tolerance of the gyroscopic scheme is refused.
#[test]
fn nan_gyroscopic_tolerance_is_refused() {
    let mut s = WorldSettings::<f64>::default();
    s.gyroscopic = Some(solver::rotint::GyroScheme::ImplicitMidpoint {
        tolerance: f64::NAN,
        max_iterations: 16,
    });
    assert!(matches!(
        W::new(s),
        Err(WorldError::InvalidSetting {
            setting: "gyroscopic.tolerance",
            ..
        })
    ));
}

/// A non-unit orientation is refused (it used to scale the angular velocity by |q|⁻²);
/// renormalized on purpose it keeps the world-frame angular velocity.
#[test]
fn non_unit_orientation_is_refused_or_renormalized_keeping_omega() {
    let q = Quaternion::new(2.0, 0.0, 0.0, 0.0);
    let spin = Vector([0.0, 0.0, 1.0]);
    let body = RigidBody::sphere(1.0, 1.0)
        .unwrap()
        .with_angular_velocity(spin);
    let mut w = world();
    assert_eq!(
        w.add_body(body.with_orientation(UnitQuaternion::new_unchecked(q)))
            .unwrap_err(),
        WorldError::InvalidOrientation { norm: Value(2.0) }
    );
    let i = w
        .add_body(body.with_orientation_normalized(q).unwrap())
        .unwrap();
    assert!((w[i].angular_velocity() - spin).norm() < 1e-15);
}

/// A joint handle that does not exist is a joint error, not a body error.
#[test]
fn a_missing_joint_is_named() {
    let w = world();
    assert_eq!(
        w.joint_error(JointHandle::from_parts(5, 0)).unwrap_err(),
        WorldError::StaleHandle {
            what: "joint",
            slot: 5,
            generation: 0
        }
    );
}

/// The joint error is the anchor distance (a ball joint's gap was under-reported by up to
/// √3 as its largest component).
#[test]
fn joint_error_is_the_anchor_distance() {
    let mut w = W::new(WorldSettings::default()).unwrap();
    let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    let j = w.add_ball_joint(a, None, Vector::zeros()).unwrap();
    w.set_position(a, Vector([0.1, 0.1, 0.1])).unwrap();
    let gap = w.joint_error(j).unwrap();
    assert!((gap.distance - 0.1 * 3f64.sqrt()).abs() < 1e-15);
    assert_eq!(w.max_joint_error(), gap.distance);
}

/// Bodies built exactly touching (gap 0, margin 0) get their contact.
#[test]
fn zero_gap_contacts_form_with_zero_margin() {
    let mut s = WorldSettings::default();
    s.margin = 0.0;
    s.gravity = Vector::zeros();
    let mut w = W::new(s).unwrap();
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .unwrap();
    w.add_body(
        RigidBody::sphere(1.0, 0.5)
            .unwrap()
            .with_position(Vector([0.0, 0.5, 0.0])),
    )
    .unwrap();
    w.add_body(
        RigidBody::sphere(1.0, 0.5)
            .unwrap()
            .with_position(Vector([0.0, 1.5, 0.0])),
    )
    .unwrap();
    assert_eq!(w.step().unwrap().contacts, 2);
}

/// With the default tolerance a resting scene's velocity solve reports convergence.
#[test]
fn default_tolerance_makes_converged_meaningful() {
    let mut s = WorldSettings::default();
    s.sleep = None;
    let mut w = W::new(s).unwrap();
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .unwrap();
    w.add_body(
        RigidBody::sphere(1.0, 0.5)
            .unwrap()
            .with_position(Vector([0.0, 0.5, 0.0])),
    )
    .unwrap();
    let converged = (0..120)
        .filter(|_| w.step().unwrap().certificate.converged)
        .count();
    assert!(converged >= 110, "{converged} of 120 steps converged");
}
