//! Collision filters: two overlapping bodies get a contact exactly when each one's groups
//! meet the other's mask; jointed bodies do not collide unless their joint allows it.
use proptest::prelude::*;
use solver::world::{BodyHandle, Material, RigidBody, World, WorldSettings};
use solver::xform::Vector;

fn world() -> World<f64, solver::cwlist::Growable> {
    let s = WorldSettings {
        gravity: Vector::zeros(),
        ..WorldSettings::default()
    };
    World::new(s).unwrap()
}

proptest! {
    #[test]
    fn a_contact_exists_exactly_when_the_filters_agree(
        ga in any::<u32>(), ma in any::<u32>(), gb in any::<u32>(), mb in any::<u32>(),
    ) {
        let mut w = world();
        w.add_plane(Vector([0.0, 1.0, 0.0]), -0.45, Material::default()).unwrap();
        let a = RigidBody::sphere(1.0, 0.5).unwrap().with_collision_filter(ga, ma);
        let b = RigidBody::sphere(1.0, 0.5)
            .unwrap()
            .with_collision_filter(gb, mb)
            .with_position(Vector([0.8, 0.0, 0.0]));
        let (a, b) = (w.add_body(a).unwrap(), w.add_body(b).unwrap());
        w.step().unwrap();
        let (a, b) = (w.body_index(a).unwrap(), w.body_index(b).unwrap());
        let pair = w.contacts().any(|c| c.partner == solver::world::Partner::Body(b) && c.a == a);
        prop_assert_eq!(pair, ga & mb != 0 && gb & ma != 0);
        // Planes collide with every body, whatever its filter.
        prop_assert_eq!(w.contacts().filter(|c| matches!(c.partner, solver::world::Partner::Plane(_))).count() >= 2, true);
    }
}

#[test]
fn jointed_bodies_do_not_collide_unless_allowed() {
    let mut w = world();
    let a = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap()).unwrap();
    let b = w
        .add_body(
            RigidBody::sphere(1.0, 0.5)
                .unwrap()
                .with_position(Vector([0.9, 0.0, 0.0])),
        )
        .unwrap();
    let c = w
        .add_body(
            RigidBody::sphere(1.0, 0.5)
                .unwrap()
                .with_position(Vector([1.8, 0.0, 0.0])),
        )
        .unwrap();
    let j = w
        .add_distance_joint(a, Some(b), Vector::zeros(), Vector([0.9, 0.0, 0.0]))
        .unwrap();
    w.step().unwrap();
    let touching = |w: &World<f64, solver::cwlist::Growable>, x: BodyHandle, y: BodyHandle| {
        let (x, y) = (w.body_index(x).unwrap(), w.body_index(y).unwrap());
        w.contacts()
            .any(|k| k.a == x && k.partner == solver::world::Partner::Body(y))
    };
    assert!(!touching(&w, a, b), "a jointed pair collided");
    assert!(
        touching(&w, b, c),
        "an unjointed overlapping pair did not collide"
    );
    w.set_joint_collision(j, true).unwrap();
    w.step().unwrap();
    assert!(touching(&w, a, b));
    w.remove_joint(j).unwrap();
    assert!(w.set_joint_collision(j, true).is_err()); // removed
}

/// A ball falls through a sensor box exactly as in free fall (symplectic Euler: `v = −n g h`),
/// and the pair is reported once as it enters and once as it leaves.
#[test]
fn a_sensor_reports_overlaps_and_pushes_nothing() {
    let s = WorldSettings::default();
    let h = s.dt;
    let mut w = World::<f64, solver::cwlist::Growable>::new(s).unwrap();
    let zone = RigidBody::fixed()
        .with_shape(solver::world::Shape::Box(Vector([1.0, 0.3, 1.0])))
        .with_sensor(true);
    let z = w.add_body(zone).unwrap();
    let ball = w
        .add_body(
            RigidBody::sphere(1.0, 0.1)
                .unwrap()
                .with_position(Vector([0.0, 1.5, 0.0])),
        )
        .unwrap();
    let (mut began, mut ended) = (Vec::new(), Vec::new());
    let n = 90;
    for _ in 0..n {
        w.step().unwrap();
        began.extend(w.contacts_began().iter().map(|e| (e.a, e.partner)));
        ended.extend(w.contacts_ended().iter().map(|e| (e.a, e.partner)));
    }
    let pair = (z.min(ball), solver::world::HitTarget::Body(z.max(ball)));
    assert_eq!((began, ended), (vec![pair], vec![pair]));
    let v = w[ball].linear_velocity()[1];
    approx::assert_relative_eq!(v, -9.81 * h * n as f64, max_relative = 1e-12);
}
