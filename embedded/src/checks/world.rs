//! The rigid-body world of the `solver` facade in f32 on the target, in fixed-capacity
//! storage (no allocator): a resting sphere, a jointed pendulum, a free spin, bad input,
//! and a short mixed scene whose final-state hash CI compares between host and target.
use solver::world::{FixedWorld, Material, RigidBody, WorldError, WorldSettings};
use solver::xform::{Matrix, Vector};

use crate::check::{Check, Failure, close, ensure};

type SmallWorld = FixedWorld<f32, 48>;

pub(crate) const CHECKS: &[Check] = &[
    ("sphere settles on a plane at its radius", sphere_rests),
    ("pendulum on a ball joint keeps its length", pendulum_holds),
    ("free asymmetric spin keeps its energy", spin_energy),
    ("bad input is rejected at the call", bad_input),
    ("mixed scene final-state hash", scene_hash),
];

fn world(settings: WorldSettings<f32>) -> Result<SmallWorld, Failure> {
    SmallWorld::new(settings).map_err(|_| fail("world settings rejected"))
}

fn fail(what: &'static str) -> Failure {
    match ensure(false, what) {
        Err(f) => f,
        Ok(()) => unreachable!("ensure(false) always fails"),
    }
}

fn sphere_rests() -> Result<(), Failure> {
    let mut w = world(WorldSettings::default())?;
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .map_err(|_| fail("plane rejected"))?;
    let ball = RigidBody::sphere(1.0, 0.1)
        .map_err(|_| fail("sphere rejected"))?
        .with_position(Vector([0.0, 0.5, 0.0]));
    let id = w.add_body(ball).map_err(|_| fail("body rejected"))?;
    for _ in 0..180 {
        w.step().map_err(|_| fail("step failed"))?;
    }
    let body = w.body(id).map_err(|_| fail("body lost"))?;
    close(f64::from(body.position()[1]), 0.1, 2e-3, "resting height")?;
    ensure(body.linear_velocity().norm() < 1e-3, "sphere still moving")
}

fn pendulum_holds() -> Result<(), Failure> {
    let mut w = world(WorldSettings::default())?;
    let link = RigidBody::sphere(1.0, 0.05)
        .map_err(|_| fail("sphere rejected"))?
        .with_position(Vector([0.5, 0.0, 0.0]));
    let id = w.add_body(link).map_err(|_| fail("body rejected"))?;
    w.add_distance_joint(id, None, Vector([0.5, 0.0, 0.0]), Vector::zeros())
        .map_err(|_| fail("joint rejected"))?;
    let e0 = w.kinetic_energy() + w.potential_energy();
    for _ in 0..60 {
        w.step().map_err(|_| fail("step failed"))?;
    }
    // The position projection holds the length to its tolerance (1e-6 m, f32 round-off).
    ensure(
        w.max_joint_error() < 1e-4,
        "string stretched by more than 0.02 %",
    )?;
    // Released horizontally it swings down: potential energy turns into kinetic energy.
    // Semi-implicit Euler with the velocity solve at the start pose and the projection at
    // the end never gains energy and loses about ½ m v² (ωΔt/2)² per step (the turn of
    // the velocity between the chord and the tangent): about 0.012 J per step at the bottom
    // here (v ≈ 3 m/s, ω ≈ 6 rad/s, Δt = 1/60 s), 0.89 J of the 4.9 J drop in 60 steps on
    // host and target alike. Bounded by a fifth of the drop.
    let e1 = w.kinetic_energy() + w.potential_energy();
    ensure(
        e1 <= e0 + 1e-3 && e1 > e0 - 1.0,
        "pendulum energy out of range",
    )
}

fn spin_energy() -> Result<(), Failure> {
    let s = WorldSettings {
        gravity: Vector::zeros(),
        dt: 1e-2,
        ..WorldSettings::default()
    };
    let mut w = world(s)?;
    let body = RigidBody::new(1.0, Matrix::from_diagonal(Vector([1.0, 2.0, 3.0])))
        .map_err(|_| fail("body rejected"))?
        .with_angular_velocity(Vector([0.01, 2.0, 0.01]));
    w.add_body(body).map_err(|_| fail("body rejected"))?;
    let e0 = w.kinetic_energy();
    let mut flipped = false;
    for _ in 0..1000 {
        w.step().map_err(|_| fail("step failed"))?;
        flipped |= w.bodies()[0].angular_velocity_body()[1] < 0.0;
    }
    close(
        f64::from(w.kinetic_energy()),
        f64::from(e0),
        1e-4,
        "spin energy",
    )?;
    ensure(flipped, "no intermediate-axis flip in 10 s")
}

fn bad_input() -> Result<(), Failure> {
    let nan_mass = RigidBody::<f32>::new(f32::NAN, Matrix::identity());
    ensure(
        matches!(nan_mass, Err(WorldError::InvalidMass { .. })),
        "NaN mass accepted",
    )?;
    let singular = RigidBody::<f32>::new(1.0, Matrix::from_diagonal(Vector([1.0, 0.0, 1.0])));
    ensure(
        matches!(singular, Err(WorldError::InvalidInertia { .. })),
        "singular inertia accepted",
    )?;
    let mut w = world(WorldSettings::default())?;
    let id = w
        .add_body(RigidBody::sphere(1.0, 0.1).map_err(|_| fail("sphere rejected"))?)
        .map_err(|_| fail("body rejected"))?;
    let other = w
        .add_body(RigidBody::sphere(1.0, 0.1).map_err(|_| fail("sphere rejected"))?)
        .map_err(|_| fail("body rejected"))?;
    w.remove_body(other).map_err(|_| fail("removal refused"))?;
    let out = w.add_ball_joint(id, Some(other), Vector::zeros());
    ensure(
        out == Err(WorldError::StaleHandle {
            what: "body",
            slot: other.slot(),
            generation: other.generation(),
        }),
        "a removed body accepted",
    )?;
    let vanishing = w.add_distance_joint(id, None, Vector::zeros(), Vector::zeros());
    ensure(
        vanishing == Err(WorldError::JacobianVanishes { row: 0 }),
        "vanishing Jacobian accepted",
    )
}

/// Three hinged links and four spheres falling onto a floor, 90 steps at 60 Hz.
fn mixed_scene() -> Result<SmallWorld, Failure> {
    let mut w = world(WorldSettings::default())?;
    w.add_plane(Vector([0.0, 1.0, 0.0]), -1.0, Material::default())
        .map_err(|_| fail("plane rejected"))?;
    let inertia = Matrix::from_diagonal(Vector([0.001, 0.02, 0.02]));
    let mut previous = None;
    for i in 0..3 {
        let x = 0.25 * i as f32;
        let link = RigidBody::new(1.0, inertia)
            .map_err(|_| fail("link rejected"))?
            .with_position(Vector([x + 0.125, 0.5, 0.0]));
        let id = w.add_body(link).map_err(|_| fail("body rejected"))?;
        let point = Vector([x, 0.5, 0.0]);
        match previous {
            None => w.add_ball_joint(id, None, point),
            Some(p) => w.add_hinge_joint(p, Some(id), point, Vector([0.0, 0.0, 1.0])),
        }
        .map_err(|_| fail("joint rejected"))?;
        previous = Some(id);
    }
    for i in 0..4 {
        let ball = RigidBody::sphere(1.0, 0.1)
            .map_err(|_| fail("sphere rejected"))?
            .with_position(Vector([
                -0.5 + 0.15 * i as f32,
                -0.5 + 0.25 * i as f32,
                0.01 * i as f32,
            ]))
            .with_angular_velocity(Vector([0.0, 1.0, 0.0]));
        w.add_body(ball).map_err(|_| fail("body rejected"))?;
    }
    for _ in 0..90 {
        w.step().map_err(|_| fail("step failed"))?;
    }
    Ok(w)
}

fn scene_hash() -> Result<(), Failure> {
    let (a, b) = (mixed_scene()?, mixed_scene()?);
    ensure(
        a.state_hash() == b.state_hash(),
        "same scene, different state",
    )?;
    ensure(a.contact_count() > 0, "spheres never reached the floor")?;
    crate::out::value("world_hash", a.state_hash());
    Ok(())
}
