//! Contact events against a model: the set of touching pairs kept up to date from the
//! began and ended events equals, after every step, the set read from the live contacts.
extern crate alloc;

use alloc::collections::BTreeSet;

use solver::world::{
    BodyHandle, Contact, HitTarget, Material, Partner, RigidBody, World, WorldSettings,
};
use solver::xform::Vector;

type Pair = (BodyHandle, HitTarget);
type W = World<f64, solver::cwlist::Growable>;

/// A live contact's pair, by handles (contacts name bodies and planes by index).
fn pair_of(w: &W, c: &Contact<f64>) -> Pair {
    let a = w.body_handle(c.a).unwrap();
    match c.partner {
        Partner::Body(b) => (a, HitTarget::Body(w.body_handle(b).unwrap())),
        Partner::Plane(p) => (a, HitTarget::Plane(w.plane_handle(p).unwrap())),
    }
}

#[test]
fn events_keep_a_model_of_the_touching_pairs() {
    let s = WorldSettings {
        sleep: None,
        ..WorldSettings::default()
    };
    let mut w = W::new(s).unwrap();
    let bouncy = Material {
        friction: 0.3,
        restitution: 0.7,
    };
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, bouncy).unwrap();
    for k in 0..24 {
        let at = Vector([
            (k % 4) as f64 * 0.45,
            0.5 + (k / 4) as f64 * 0.5,
            (k % 3) as f64 * 0.1,
        ]);
        let body = if k % 2 == 0 {
            RigidBody::sphere(1.0, 0.2).unwrap()
        } else {
            RigidBody::cuboid(1.0, Vector([0.2, 0.15, 0.2])).unwrap()
        };
        w.add_body(body.with_position(at).with_material(bouncy))
            .unwrap();
    }
    let mut model = BTreeSet::new();
    let (mut began, mut ended) = (0, 0);
    for _ in 0..300 {
        w.step().unwrap();
        for e in w.contacts_began() {
            assert!(model.insert((e.a, e.partner)), "began twice: {e:?}");
            began += 1;
        }
        for e in w.contacts_ended() {
            assert!(
                model.remove(&(e.a, e.partner)),
                "ended without beginning: {e:?}"
            );
            ended += 1;
        }
        let live: BTreeSet<Pair> = w
            .contacts()
            .filter(|c| c.gap <= 0.0 || c.impulse[0] > 0.0)
            .map(|c| pair_of(&w, c))
            .collect();
        assert_eq!(model, live);
    }
    assert!(began > 24 && ended > 0, "began {began}, ended {ended}");
}
