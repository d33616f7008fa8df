//! The field's standard physics tests on the world: a free asymmetric body keeps its
//! world-frame angular momentum vector and its energy.
#![allow(
    clippy::field_reassign_with_default,
    reason = "test settings are the default plus changes"
)]

use proptest::prelude::*;
use solver::cwlist::Growable;
use solver::world::{RigidBody, World, WorldSettings};
use solver::xform::{Matrix, Vector};

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
        let q = solver::xform::UnitQuaternion::try_from_axis_angle(&axis, angle).unwrap();
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

/// A thin rod spinning far faster than one rotation per step (h|ω| up to 15) still steps:
/// the Lie-midpoint fixed point, which does not contract there, is taken in sub-steps, and
/// the world-frame momentum and the energy are kept.
#[test]
fn fast_spinning_anisotropic_body_steps_and_keeps_momentum() {
    for omega in [[5.0, 300.0, 1.0], [900.0, -40.0, 3.0], [0.5, 2.0, -600.0]] {
        let mut s = WorldSettings::default();
        s.sleep = None;
        let mut w = W::new(s).unwrap();
        let body = RigidBody::new(1.0, Matrix::from_diagonal(Vector([0.02, 0.1, 0.1])))
            .unwrap()
            .with_angular_velocity(Vector(omega));
        w.add_body(body).unwrap();
        let l0 = world_momentum(&w);
        let energy = |w: &W| {
            let b = &w.bodies()[0];
            0.5 * b
                .angular_velocity_body()
                .dot(&(*b.inertia().unwrap() * b.angular_velocity_body()))
        };
        let e0 = energy(&w);
        for _ in 0..600 {
            w.step().expect("a fast spin is no reason to fail a step");
        }
        let drift = (world_momentum(&w) - l0).norm() / l0.norm();
        assert!(drift <= 1e-9, "ω {omega:?}: world L drifted by {drift:e}");
        let de = ((energy(&w) - e0) / e0).abs();
        assert!(de <= 1e-9, "ω {omega:?}: energy drifted by {de:e}");
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
    // The 5 cm bob turns with the string: a physical pendulum of equivalent length
    // L + (2/5) r² / L.
    let period = 2.0 * core::f64::consts::PI * (1.001 / g).sqrt() / a;
    let steps = (100.0 * period / s.dt).round() as usize;
    let (mut crossings, mut prev) = (Vec::new(), p[0]);
    for k in 0..steps {
        w.step().unwrap();
        let x = w[b].position()[0];
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
    assert!(
        de.abs() <= 0.01 && dt.abs() <= 0.005,
        "θ₀ = 1: ΔE/E = {de:e}, period {dt:e}"
    );
    let (de, dt) = pendulum(2.5, JointScheme::Rattle);
    assert!(
        de.abs() <= 0.02 && dt.abs() <= 0.01,
        "θ₀ = 2.5: ΔE/E = {de:e}, period {dt:e}"
    );
    let (de, _) = pendulum(1.0, JointScheme::SymplecticEuler);
    assert!(
        de < -0.5,
        "the Euler split was expected to lose energy, ΔE/E = {de:e}"
    );
}

/// A touching Newton's cradle (gap 0, e = 1) at Δt = 1 ms and at 60 Hz: n balls in, n balls
/// out at the incoming speed, the others within 1 % of still (collisions propagated pair by
/// pair; at 60 Hz the balls overlap before the impact, and the push that separates them must
/// not reach their velocities: the relaxing solve).
#[test]
fn touching_cradle_gives_the_textbook_outcome() {
    use solver::world::Material;
    for (released, dt) in (1..=3usize).flat_map(|n| [(n, 1e-3), (n, 1.0 / 60.0)]) {
        let mut s = WorldSettings::default();
        s.dt = dt;
        s.sleep = None;
        let mut w = W::new(s).unwrap();
        let material = Material {
            friction: 0.0,
            restitution: 1.0,
        };
        let (r, l, a) = (0.05, 1.0, 30f64.to_radians());
        for i in 0..5 {
            let x = i as f64 * 2.0 * r;
            let c = if i < released {
                Vector([x - l * a.sin(), l - l * a.cos(), 0.0])
            } else {
                Vector([x, 0.0, 0.0])
            };
            let id = w
                .add_body(
                    RigidBody::sphere(1.0, r)
                        .unwrap()
                        .with_material(material)
                        .with_position(c),
                )
                .unwrap();
            w.add_distance_joint(id, None, c, Vector([x, l, 0.0]))
                .unwrap();
        }
        let mut out = None;
        for _ in 0..2000 {
            let v_in = w.bodies()[0].linear_velocity()[0];
            if w.step().unwrap().collisions > 0 {
                out = Some(
                    w.bodies()
                        .iter()
                        .map(|b| b.linear_velocity()[0] / v_in)
                        .collect::<Vec<_>>(),
                );
                break;
            }
        }
        let out = out.expect("an impact within 2 s");
        for (i, v) in out.iter().enumerate() {
            let expected = if i >= 5 - released { 1.0 } else { 0.0 };
            assert!(
                (v - expected).abs() <= 0.01,
                "{released} released, dt {dt}: {out:?}"
            );
        }
    }
}

/// A box pushed 1 cm into the ground (gravity off) is pushed out by the Baumgarte fraction
/// of its penetration: with the relaxing solve (the default) its position moves and its
/// velocity stays 0; without it (`relax_sweeps = 0`) the push stays as upward velocity.
#[test]
fn contact_push_moves_positions_not_velocities() {
    use solver::world::Material;
    for relax in [2usize, 0] {
        let mut s = WorldSettings::default();
        s.gravity = Vector([0.0; 3]);
        s.sleep = None;
        s.relax_sweeps = relax;
        let mut w = W::new(s).unwrap();
        w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
            .unwrap();
        let depth = 0.01;
        let b = RigidBody::cuboid(1.0, Vector([0.5; 3]))
            .unwrap()
            .with_position(Vector([0.0, 0.5 - depth, 0.0]));
        w.add_body(b).unwrap();
        w.step().unwrap();
        let body = &w.bodies()[0];
        let push = s.contact_beta * (depth - s.slop);
        let rise = body.position()[1] - (0.5 - depth);
        let speed = body.linear_velocity()[1];
        assert!(
            (rise - push).abs() <= 1e-2 * push,
            "relax {relax}: rose {rise} instead of {push}"
        );
        if relax > 0 {
            assert!(speed.abs() <= 1e-9, "relaxed: kept velocity {speed}");
        } else {
            assert!(
                (speed - push / s.dt).abs() <= 1e-2 * push / s.dt,
                "plain Baumgarte: {speed}"
            );
        }
    }
}

/// A 1000 kg sphere on a 1 kg sphere, and a 1000 kg box on a 1 kg box, on the ground hold
/// at 60 Hz with the default iterations: penetration ≤ 1 % of the light body's size (the
/// island is finished by the exact solver, regularized when a box face's rows depend).
#[test]
fn heavy_on_light_stack_holds() {
    use solver::world::Material;
    let r = 0.1;
    let sphere = |m: f64| RigidBody::sphere(m, r).unwrap();
    // Four corners on a face: dependent rows, which the exact finish regularizes.
    let cube = |m: f64| RigidBody::cuboid(m, Vector([r; 3])).unwrap();
    let shapes: [&dyn Fn(f64) -> RigidBody<f64>; 2] = [&sphere, &cube];
    for (shape, ratio) in shapes
        .iter()
        .enumerate()
        .flat_map(|(k, _)| [(k, 10.0), (k, 100.0), (k, 1000.0)])
    {
        let mut s = WorldSettings::default();
        s.sleep = None;
        let mut w = W::new(s).unwrap();
        w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
            .unwrap();
        w.add_body(shapes[shape](1.0).with_position(Vector([0.0, r, 0.0])))
            .unwrap();
        let heavy = w
            .add_body(shapes[shape](ratio).with_position(Vector([0.0, 3.0 * r, 0.0])))
            .unwrap();
        let mut deepest = 0.0f64;
        for _ in 0..600 {
            let report = w.step().unwrap();
            assert_eq!(report.unresolved_contacts, 0, "shape {shape}, {ratio}:1");
            deepest = deepest.max(w.deepest_penetration());
        }
        assert!(
            deepest <= 0.01 * 2.0 * r,
            "shape {shape}, {ratio}:1 sank {deepest} m"
        );
        assert!(w[heavy].position()[1] > 2.9 * r);
    }
}

/// A pile the solver cannot hold is reported, never silent: a heavy box on a 2-D pyramid
/// of light ones with two sweeps (too many rows for the exact finish; its contacts close
/// loops, so the coarse correction on the contact tree cannot carry the load either).
#[test]
fn contacts_the_solve_cannot_hold_are_counted() {
    use solver::world::Material;
    let mut s = WorldSettings::default();
    s.sleep = None;
    s.solver.max_iterations = 2;
    let mut w = W::new(s).unwrap();
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .unwrap();
    let rows = 5;
    for row in 0..rows {
        for i in 0..rows - row {
            let mass = if row == rows - 1 { 1000.0 } else { 1.0 };
            let x = i as f64 - (rows - row - 1) as f64 / 2.0;
            let b = RigidBody::cuboid(mass, Vector([0.5; 3]))
                .unwrap()
                .with_position(Vector([x, 0.5 + row as f64, 0.0]));
            w.add_body(b).unwrap();
        }
    }
    let unresolved: usize = (0..60).map(|_| w.step().unwrap().unresolved_contacts).sum();
    assert!(
        unresolved > 0,
        "the overloaded pyramid was reported as held"
    );
}

/// The coarse correction on the contact tree holds what sweeps alone cannot: a 1000 kg
/// sphere on a column of eleven 1 kg spheres, two sweeps per step, nothing left unresolved
/// and nothing sinking.
#[test]
fn a_heavy_column_is_held_by_the_contact_tree() {
    use solver::world::Material;
    let mut s = WorldSettings::default();
    s.sleep = None;
    s.solver.max_iterations = 2;
    let mut w = W::new(s).unwrap();
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .unwrap();
    let r = 0.1;
    for k in 0..12 {
        let mass = if k == 11 { 1000.0 } else { 1.0 };
        w.add_body(RigidBody::sphere(mass, r).unwrap().with_position(Vector([
            0.0,
            r + 2.0 * r * f64::from(k),
            0.0,
        ])))
        .unwrap();
    }
    let mut deepest = 0.0f64;
    for _ in 0..60 {
        assert_eq!(w.step().unwrap().unresolved_contacts, 0);
        deepest = deepest.max(w.deepest_penetration());
    }
    assert!(deepest < 0.01 * r, "sank {deepest} m");
}

/// A 20-box tower stands at the default 20 sweeps: every box within 1 % of a box size of
/// where it started after 5 s, and every step's solve converged.
#[test]
fn a_twenty_box_tower_stands() {
    use solver::world::Material;
    let mut s = WorldSettings::default();
    s.sleep = None;
    let mut w = W::new(s).unwrap();
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .unwrap();
    let start: Vec<_> = (0..20)
        .map(|k| Vector([0.0, 0.5 + f64::from(k), 0.0]))
        .collect();
    for c in &start {
        let b = RigidBody::cuboid(1.0, Vector([0.5; 3]))
            .unwrap()
            .with_position(*c);
        w.add_body(b).unwrap();
    }
    for _ in 0..300 {
        let report = w.step().unwrap();
        assert!(report.certificate.converged);
        assert_eq!(report.unresolved_contacts, 0);
    }
    let drift = w
        .bodies()
        .iter()
        .zip(&start)
        .map(|(b, c)| (b.position() - *c).norm())
        .fold(0.0, f64::max);
    assert!(drift < 0.01, "a box moved {drift} m");
}

/// Joint rows are not contacts: a chain whose joints one PGS sweep cannot hold ends its steps
/// unconverged, with no unresolved contact reported (bilateral rows, whose upper limit is
/// also +∞, were once counted as unresolved contact normals).
#[test]
fn unconverged_joints_are_not_unresolved_contacts() {
    let mut s = WorldSettings::default();
    s.joint_solver = solver::world::JointSolver::Pgs;
    s.solver.max_iterations = 1;
    let mut w = W::new(s).unwrap();
    let mut previous = None;
    for k in 0..10 {
        let link = RigidBody::cuboid(1.0, Vector([0.5, 0.1, 0.1]))
            .unwrap()
            .with_position(Vector([k as f64 + 0.5, 0.0, 0.0]));
        let id = w.add_body(link).unwrap();
        w.add_ball_joint(id, previous, Vector([k as f64, 0.0, 0.0]))
            .unwrap();
        previous = Some(id);
    }
    let mut unconverged = 0;
    for _ in 0..30 {
        let report = w.step().unwrap();
        unconverged += usize::from(!report.certificate.converged);
        assert_eq!(report.unresolved_contacts, 0);
    }
    assert!(unconverged > 0, "the test needs unconverged joint solves");
}

/// [`ContactSolver::BY_DEPTH`] (the default) gives an island whose contacts close loops one
/// substep per two contacts between its deepest body and the ground, and at least 8: a
/// 24-row wall pyramid of boxes takes 12, a 10-row one 8 (the step reports two sweeps a
/// substep), whether the ground is a plane, a fixed box or a kinematic one; an explicit
/// count is kept whatever the depth.
#[test]
fn substeps_follow_the_depth_of_a_stack() {
    use solver::world::{ContactSolver, Material, Shape};
    #[derive(Debug, Clone, Copy)]
    enum Ground {
        Plane,
        Fixed,
        Kinematic,
    }
    for (rows, ground, solver, substeps) in [
        (24, Ground::Plane, ContactSolver::default(), 12),
        (24, Ground::Fixed, ContactSolver::default(), 12),
        (24, Ground::Kinematic, ContactSolver::default(), 12),
        (10, Ground::Plane, ContactSolver::default(), 8),
        (24, Ground::Plane, ContactSolver::Substeps { count: 8 }, 8),
        (24, Ground::Plane, ContactSolver::Substeps { count: 3 }, 3),
    ] {
        let mut s = WorldSettings::default();
        s.sleep = None;
        s.contact_solver = solver;
        let mut w = W::new(s).unwrap();
        let slab = |body: RigidBody<f64>| {
            body.with_shape(Shape::Box(Vector([20.0, 0.5, 2.0])))
                .with_position(Vector([0.0, -0.5, 0.0]))
        };
        match ground {
            Ground::Plane => {
                w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
                    .unwrap();
            }
            Ground::Fixed => {
                w.add_body(slab(RigidBody::fixed())).unwrap();
            }
            Ground::Kinematic => {
                w.add_body(slab(RigidBody::kinematic())).unwrap();
            }
        }
        for row in 0..rows {
            for i in 0..rows - row {
                let x = i as f64 - (rows - row - 1) as f64 / 2.0;
                let b = RigidBody::cuboid(1.0, Vector([0.5; 3]))
                    .unwrap()
                    .with_position(Vector([x, 0.5 + row as f64, 0.0]));
                w.add_body(b).unwrap();
            }
        }
        let report = w.step().unwrap();
        assert_eq!(
            report.certificate.iterations,
            2 * substeps,
            "{rows} rows on {ground:?}, {solver:?}"
        );
    }
}
