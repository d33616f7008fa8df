//! Kinematic bodies: moved by their velocity, never pushed, pushing and carrying dynamic
//! bodies, keeping awake what they touch while they move.
#![allow(
    clippy::field_reassign_with_default,
    reason = "test settings are the default plus changes"
)]

use approx::assert_relative_eq;
use solver::world::{ContactSolver, Material, RigidBody, Shape, World, WorldSettings};
use solver::xform::Vector;

type Growable = solver::cwlist::Growable;

fn platform(v: f64) -> RigidBody<f64> {
    RigidBody::kinematic()
        .with_shape(Shape::Box(Vector([2.0, 0.1, 2.0])))
        .with_position(Vector([0.0, 0.5, 0.0]))
        .with_linear_velocity(Vector([v, 0.0, 0.0]))
        .with_material(Material {
            friction: 1.0,
            restitution: 0.0,
        })
}

/// A box on a platform moving at 0.5 m/s rides with it (static friction), and the platform
/// moves by exactly v·t, whatever the box weighs.
#[test]
fn a_moving_platform_carries_a_box_and_is_not_pushed() {
    for solver in [ContactSolver::Sweeps, ContactSolver::default()] {
        let mut s = WorldSettings::default();
        s.sleep = None;
        s.contact_solver = solver;
        let mut w = World::<f64, Growable>::new(s).unwrap();
        let p = w.add_body(platform(0.0)).unwrap();
        let cargo = RigidBody::cuboid(50.0, Vector([0.3, 0.3, 0.3]))
            .unwrap()
            .with_position(Vector([0.0, 0.9, 0.0]))
            .with_material(Material {
                friction: 1.0,
                restitution: 0.0,
            });
        let b = w.add_body(cargo).unwrap();
        for _ in 0..30 {
            w.step().unwrap(); // settle on the still platform
        }
        w.set_linear_velocity(p, Vector([0.5, 0.0, 0.0])).unwrap();
        let (x0, px0) = (w[b].position()[0], w[p].position()[0]);
        for _ in 0..120 {
            w.step().unwrap();
        }
        let (x1, px1) = (w[b].position()[0], w[p].position()[0]);
        assert_relative_eq!(px1 - px0, 0.5 * 2.0, max_relative = 1e-12);
        assert!(
            (x1 - x0 - 1.0).abs() < 0.02,
            "{solver:?}: the box moved {} m",
            x1 - x0
        );
        assert_eq!(w[p].linear_velocity(), Vector([0.5, 0.0, 0.0]));
    }
}

/// A kinematic wall moving at 1 m/s pushes a resting sphere ahead of it.
#[test]
fn a_kinematic_wall_pushes_a_sphere() {
    let mut s = WorldSettings::default();
    s.gravity = Vector::zeros();
    s.sleep = None;
    let mut w = World::<f64, Growable>::new(s).unwrap();
    let wall = RigidBody::kinematic()
        .with_shape(Shape::Box(Vector([0.1, 1.0, 1.0])))
        .with_position(Vector([-0.5, 0.0, 0.0]))
        .with_linear_velocity(Vector([1.0, 0.0, 0.0]));
    let wall = w.add_body(wall).unwrap();
    let ball = w.add_body(RigidBody::sphere(1.0, 0.2).unwrap()).unwrap();
    for _ in 0..60 {
        w.step().unwrap();
    }
    let (xw, xb) = (w[wall].position()[0], w[ball].position()[0]);
    assert_relative_eq!(xw, 0.5, max_relative = 1e-12);
    assert!(
        xb >= xw + 0.1 + 0.2 - 0.01,
        "the ball ({xb}) is not ahead of the wall ({xw})"
    );
    assert!(w[ball].linear_velocity()[0] >= 1.0 - 1e-6);
}

/// A box asleep on a still platform wakes when the platform starts to move.
#[test]
fn a_platform_that_starts_moving_wakes_what_it_carries() {
    let mut w = World::<f64, Growable>::new(WorldSettings::default()).unwrap();
    let p = w.add_body(platform(0.0)).unwrap();
    let b = w
        .add_body(
            RigidBody::cuboid(1.0, Vector([0.3, 0.3, 0.3]))
                .unwrap()
                .with_position(Vector([0.0, 0.9, 0.0])),
        )
        .unwrap();
    for _ in 0..120 {
        w.step().unwrap();
    }
    assert!(
        w[b].is_sleeping(),
        "the box should sleep on a still platform"
    );
    w.set_linear_velocity(p, Vector([0.5, 0.0, 0.0])).unwrap();
    w.step().unwrap();
    assert!(!w[b].is_sleeping());
    for _ in 0..60 {
        w.step().unwrap();
    }
    assert!(w[b].position()[0] > 0.3);
}

/// A kinematic body turns by its angular velocity with the exact exponential map, and keeps
/// its velocities through `add_body` (a static body's are zeroed).
#[test]
fn a_kinematic_body_turns_and_keeps_its_velocities() {
    let mut s = WorldSettings::default();
    s.gravity = Vector::zeros();
    let mut w = World::<f64, Growable>::new(s).unwrap();
    let spinner = RigidBody::kinematic().with_angular_velocity(Vector([0.0, 1.0, 0.0]));
    let k = w.add_body(spinner).unwrap();
    let still = w
        .add_body(RigidBody::fixed().with_linear_velocity(Vector([1.0, 0.0, 0.0])))
        .unwrap();
    assert_eq!(w[still].linear_velocity(), Vector::zeros());
    for _ in 0..60 {
        w.step().unwrap();
    }
    let q = w[k].orientation().quaternion();
    // One second at 1 rad/s about y: q = (cos ½, 0, sin ½, 0).
    assert_relative_eq!(q.w, 0.5f64.cos(), epsilon = 1e-12);
    assert_relative_eq!(q.y, 0.5f64.sin(), epsilon = 1e-12);
    assert_relative_eq!(w[k].angular_velocity()[1], 1.0, epsilon = 1e-12);
}
