//! Forces, torques and impulses applied by a program, against independent closed forms:
//! symplectic Euler under a constant force, `Δv = J/m` and `Δω = I⁻¹(r × J)` with the world
//! inertia built from the explicit body-frame tensor, geometric damping, gravity scale, and
//! a force cancelling gravity holding a jointed bob at rest under RATTLE's split kicks.
#![allow(
    clippy::field_reassign_with_default,
    reason = "test settings are the default plus changes"
)]

use approx::{assert_relative_eq, relative_eq};
use proptest::prelude::*;
use solver::world::{JointScheme, RigidBody, World, WorldError, WorldSettings};
use solver::xform::{Matrix, UnitQuaternion, Vector};

type Growable = solver::cwlist::Growable;

fn weightless(dt: f64) -> World<f64, Growable> {
    let mut s = WorldSettings::default();
    s.gravity = Vector::zeros();
    s.dt = dt;
    s.sleep = None;
    World::new(s).unwrap()
}

fn v3() -> impl Strategy<Value = Vector<f64, 3>> {
    prop::array::uniform3(-10.0..10.0f64).prop_map(Vector)
}

proptest! {
    /// A steady force (applied before every step) on a free body: after `n` steps of
    /// symplectic Euler `v = n h F/m` and `x = x₀ + h² F/m · n(n+1)/2`.
    #[test]
    fn a_steady_force_integrates_as_symplectic_euler(
        force in v3(), mass in 0.1..100.0f64, n in 1usize..40, dt in 1e-3..0.05f64,
    ) {
        let mut w = weightless(dt);
        let b = w.add_body(RigidBody::sphere(mass, 0.1).unwrap()).unwrap();
        for _ in 0..n {
            w.apply_force(b, force).unwrap();
            w.step().unwrap();
        }
        let a = force / mass;
        let nf = n as f64;
        let (v, x) = (w[b].linear_velocity(), w[b].position());
        for k in 0..3 {
            prop_assert!(relative_eq!(v[k], nf * dt * a[k], epsilon = 1e-12, max_relative = 1e-10));
            let expected = dt * dt * a[k] * nf * (nf + 1.0) / 2.0;
            prop_assert!(relative_eq!(x[k], expected, epsilon = 1e-12, max_relative = 1e-10));
        }
        prop_assert_eq!(w[b].force(), Vector::zeros());
    }

    /// An impulse at a point of a turned box: `Δv = J/m`, `Δω = (R I Rᵀ)⁻¹ (r × J)` with the
    /// world inertia formed from the explicit diagonal body tensor.
    #[test]
    fn an_impulse_at_a_point_matches_the_explicit_inertia(
        impulse in v3(), arm in v3(), axis in v3(), angle in -3.0..3.0f64,
        half in prop::array::uniform3(0.1..2.0f64), mass in 0.1..50.0f64,
    ) {
        prop_assume!(axis.norm() > 1e-3);
        let q = UnitQuaternion::try_from_axis_angle(&axis.normalize(), angle).unwrap();
        let body = RigidBody::cuboid(mass, Vector(half)).unwrap().with_orientation(q);
        let moments = [
            mass * (half[1] * half[1] + half[2] * half[2]) / 3.0,
            mass * (half[0] * half[0] + half[2] * half[2]) / 3.0,
            mass * (half[0] * half[0] + half[1] * half[1]) / 3.0,
        ];
        let r = q.to_matrix();
        let world_inertia = r * Matrix::from_diagonal(Vector(moments)) * r.transpose();
        let mut w = weightless(0.01);
        let b = w.add_body(body).unwrap();
        let centre = w[b].position();
        w.apply_impulse_at_point(b, impulse, centre + arm).unwrap();
        let v = w[b].linear_velocity();
        let omega = w[b].angular_velocity();
        // I ω must equal r × J.
        let momentum = world_inertia * omega;
        let expected = arm.cross(&impulse);
        for k in 0..3 {
            prop_assert!(relative_eq!(v[k], impulse[k] / mass, epsilon = 1e-12, max_relative = 1e-12));
            prop_assert!(relative_eq!(momentum[k], expected[k], epsilon = 1e-9, max_relative = 1e-9));
        }
    }

    /// A force at a point is the force at the centre plus the torque of its arm: the same
    /// bits after a step.
    #[test]
    fn a_force_at_a_point_is_a_force_and_a_torque(force in v3(), arm in v3()) {
        let run = |at_point: bool| {
            let mut w = weightless(0.01);
            let b = w
                .add_body(RigidBody::cuboid(2.0, Vector([0.3, 0.5, 0.7])).unwrap())
                .unwrap();
            if at_point {
                w.apply_force_at_point(b, force, arm).unwrap();
            } else {
                w.apply_force(b, force).unwrap();
                w.apply_torque(b, arm.cross(&force)).unwrap();
            }
            w.step().unwrap();
            w.state_hash()
        };
        prop_assert_eq!(run(true), run(false));
    }

    /// Damping multiplies the free velocity by `1/(1 + h c)` each step; the gravity scale
    /// multiplies gravity.
    #[test]
    fn damping_and_gravity_scale_have_their_closed_forms(
        c in 0.0..20.0f64, scale in -2.0..2.0f64, n in 1usize..30, v0 in -5.0..5.0f64,
    ) {
        let mut s = WorldSettings::default();
        s.sleep = None;
        let h = s.dt;
        let mut w = World::<f64, Growable>::new(s).unwrap();
        let body = RigidBody::sphere(1.0, 0.1)
            .unwrap()
            .with_linear_velocity(Vector([v0, 0.0, 0.0]))
            .with_damping(c, 0.0)
            .with_gravity_scale(scale);
        let b = w.add_body(body).unwrap();
        let mut vy = 0.0;
        for _ in 0..n {
            w.step().unwrap();
            vy = (vy - 9.81 * scale * h) / (1.0 + h * c);
        }
        let v = w[b].linear_velocity();
        prop_assert!(relative_eq!(v[0], v0 / (1.0 + h * c).powi(n as i32), epsilon = 1e-13, max_relative = 1e-12));
        prop_assert!(relative_eq!(v[1], vy, epsilon = 1e-13, max_relative = 1e-12));
    }
}

/// A torque on a sphere (no gyroscopic effect): `Δω = τ/I Δt`.
#[test]
fn a_torque_turns_a_sphere_by_its_closed_form() {
    let mut w = weightless(0.01);
    let b = w.add_body(RigidBody::sphere(2.0, 0.5).unwrap()).unwrap(); // I = 0.2
    w.apply_torque(b, Vector([0.4, -0.2, 1.0])).unwrap();
    w.step().unwrap();
    let omega = w[b].angular_velocity();
    assert_relative_eq!(omega[0], 0.02, max_relative = 1e-12);
    assert_relative_eq!(omega[1], -0.01, max_relative = 1e-12);
    assert_relative_eq!(omega[2], 0.05, max_relative = 1e-12);
}

/// A bob on a distance joint with a force equal to its weight, applied before every step,
/// stays where it is under both joint schemes (RATTLE splits the force's kick in two
/// halves like gravity's).
#[test]
fn a_force_cancelling_gravity_holds_a_jointed_bob_at_rest() {
    for scheme in [JointScheme::Rattle, JointScheme::SymplecticEuler] {
        let mut s = WorldSettings::default();
        s.joint_scheme = scheme;
        s.sleep = None;
        let mut w = World::<f64, Growable>::new(s).unwrap();
        let bob = w
            .add_body(
                RigidBody::sphere(1.5, 0.05)
                    .unwrap()
                    .with_position(Vector([0.3, -1.0, 0.2])),
            )
            .unwrap();
        w.add_distance_joint(bob, None, Vector([0.3, -1.0, 0.2]), Vector([0.0, 0.0, 0.0]))
            .unwrap();
        for _ in 0..120 {
            w.apply_force(bob, Vector([0.0, 1.5 * 9.81, 0.0])).unwrap();
            w.step().unwrap();
        }
        let v = w[bob].linear_velocity();
        assert!(v.norm() < 1e-12, "{scheme:?}: {v:?}");
    }
}

/// Bad inputs are refused, naming them, with the world unchanged; a static body ignores
/// forces and impulses.
#[test]
fn bad_forces_are_errors_and_static_bodies_ignore_forces() {
    let mut w = weightless(0.01);
    let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    let ground = w.add_body(RigidBody::fixed()).unwrap();
    let before = w.state_hash();
    assert_eq!(
        w.apply_force(b, Vector([f64::NAN, 0.0, 0.0])),
        Err(WorldError::NonFinite { what: "force" })
    );
    assert_eq!(
        w.apply_impulse_at_point(
            b,
            Vector([1.0, 0.0, 0.0]),
            Vector([f64::INFINITY, 0.0, 0.0])
        ),
        Err(WorldError::NonFinite {
            what: "impulse point"
        })
    );
    assert_eq!(
        w.apply_torque(
            solver::world::BodyHandle::from_parts(7, 0),
            Vector([1.0, 0.0, 0.0])
        ),
        Err(WorldError::StaleHandle {
            what: "body",
            slot: 7,
            generation: 0
        })
    );
    w.apply_force(b, Vector([f64::MAX, 0.0, 0.0])).unwrap();
    let with_force = w.state_hash();
    assert_eq!(
        w.apply_force(b, Vector([f64::MAX, 0.0, 0.0])),
        Err(WorldError::NonFinite {
            what: "accumulated force"
        })
    );
    assert_eq!(w.state_hash(), with_force);
    assert_ne!(with_force, before);
    w.apply_force(ground, Vector([1.0, 0.0, 0.0])).unwrap();
    w.apply_impulse(ground, Vector([1.0, 0.0, 0.0])).unwrap();
    assert_eq!(w[ground].force(), Vector::zeros());
    assert_eq!(w[ground].linear_velocity(), Vector::zeros());
    assert!(matches!(
        w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_damping(-1.0, 0.0)),
        Err(WorldError::InvalidParameter {
            what: "linear damping",
            ..
        })
    ));
    assert!(matches!(
        w.add_body(
            RigidBody::sphere(1.0, 0.1)
                .unwrap()
                .with_gravity_scale(f64::NAN)
        ),
        Err(WorldError::InvalidParameter {
            what: "gravity scale",
            ..
        })
    ));
}

/// The same in f32: a steady force over 10 steps.
#[test]
fn a_steady_force_in_f32() {
    let mut s = WorldSettings::<f32>::default();
    s.gravity = Vector::zeros();
    let mut w = World::<f32, Growable>::new(s).unwrap();
    let b = w.add_body(RigidBody::sphere(2.0f32, 0.1).unwrap()).unwrap();
    for _ in 0..10 {
        w.apply_force(b, Vector([1.0, 2.0, -3.0])).unwrap();
        w.step().unwrap();
    }
    let v = w[b].linear_velocity();
    assert_relative_eq!(v[0], 10.0 / 60.0 * 0.5, max_relative = 1e-5);
    assert_relative_eq!(v[2], -10.0 / 60.0 * 1.5, max_relative = 1e-5);
}

/// One impulse convention: a hanging bob reads `−m·g·Δt` on its joint under both joint
/// schemes, and a resting box `+m·g·Δt` on its ground contact (issue 29 item 7).
#[test]
fn a_hanging_mass_reads_its_weight_times_the_step_on_its_joint_and_contact() {
    for scheme in [JointScheme::Rattle, JointScheme::SymplecticEuler] {
        let mut s = WorldSettings::default();
        s.joint_scheme = scheme;
        s.sleep = None;
        let h = s.dt;
        let mut w = World::<f64, Growable>::new(s).unwrap();
        let bob = w
            .add_body(
                RigidBody::sphere(2.0, 0.05)
                    .unwrap()
                    .with_position(Vector([0.0, -1.0, 0.0])),
            )
            .unwrap();
        w.add_distance_joint(bob, None, Vector([0.0, -1.0, 0.0]), Vector([0.0, 0.0, 0.0]))
            .unwrap();
        for _ in 0..60 {
            w.step().unwrap();
        }
        let impulse = w.joints()[0].impulse[0];
        assert_relative_eq!(impulse, -2.0 * 9.81 * h, max_relative = 1e-6);
    }
    let mut s = WorldSettings::default();
    s.sleep = None;
    let h = s.dt;
    let mut w = World::<f64, Growable>::new(s).unwrap();
    w.add_plane(
        Vector([0.0, 1.0, 0.0]),
        0.0,
        solver::world::Material::default(),
    )
    .unwrap();
    w.add_body(
        RigidBody::sphere(3.0, 0.1)
            .unwrap()
            .with_position(Vector([0.0, 0.1, 0.0])),
    )
    .unwrap();
    for _ in 0..60 {
        w.step().unwrap();
    }
    let normal: f64 = w.contacts().map(|c| c.impulse[0]).sum();
    assert_relative_eq!(normal, 3.0 * 9.81 * h, max_relative = 1e-6);
}
