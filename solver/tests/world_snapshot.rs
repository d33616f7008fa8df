//! Snapshots: a world cloned mid-run and stepped again gives, step for step, the same state
//! hash, step report and contact events as the original: over 1 000 steps of a pile of
//! boxes, capsules and spheres with a hinged chain (a motor, limits) and sleeping bodies,
//! in growable and fixed storage.
use solver::cwlist::{Fixed, Growable, Storage};
use solver::world::{Material, RigidBody, World, WorldSettings};
use solver::xform::{UnitQuaternion, Vector};

/// A pile that comes to rest (some bodies sleep) beside a driven, limited chain.
fn scene<S: Storage>() -> World<f64, S> {
    let mut w = World::<f64, S>::new(WorldSettings::default()).unwrap();
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .unwrap();
    for k in 0..12 {
        let (x, y, z) = (
            (k % 3) as f64 * 0.5,
            0.3 + 0.45 * (k / 3) as f64,
            (k % 2) as f64 * 0.1,
        );
        let turn =
            UnitQuaternion::try_from_axis_angle(&Vector([0.3, 1.0, 0.2]), 0.2 * k as f64).unwrap();
        let body = match k % 3 {
            0 => RigidBody::cuboid(1.0, Vector([0.2, 0.15, 0.2])).unwrap(),
            1 => RigidBody::capsule(1.0, 0.1, 0.15).unwrap(),
            _ => RigidBody::sphere(1.0, 0.15).unwrap(),
        };
        w.add_body(body.with_position(Vector([x, y, z])).with_orientation(turn))
            .unwrap();
    }
    let mut parent = None;
    for i in 0..4 {
        let link = RigidBody::cuboid(0.5, Vector([0.15, 0.03, 0.03]))
            .unwrap()
            .with_position(Vector([3.0 + 0.3 * i as f64 + 0.15, 2.0, 0.0]));
        let id = w.add_body(link).unwrap();
        let pivot = Vector([3.0 + 0.3 * i as f64, 2.0, 0.0]);
        let hinge = w
            .add_hinge_joint(id, parent, pivot, Vector([0.0, 0.0, 1.0]))
            .unwrap();
        if i == 0 {
            w.set_joint_motor(hinge, 0.8, 20.0).unwrap();
        } else {
            w.set_joint_limits(hinge, -0.6, 0.6).unwrap();
        }
        parent = Some(id);
    }
    w
}

fn run_twice<S: Storage>() {
    let mut w = scene::<S>();
    for _ in 0..300 {
        w.step().unwrap();
    }
    let saved = w.clone();
    let mut trail = Vec::new();
    for _ in 0..1000 {
        let report = w.step().unwrap();
        trail.push((
            w.state_hash(),
            report,
            w.contacts_began().len(),
            w.contacts_ended().len(),
        ));
    }
    assert!(
        trail.iter().any(|(_, r, _, _)| r.sleeping_bodies > 0),
        "some bodies sleep"
    );
    let mut again = saved.clone();
    for (step, expected) in trail.iter().enumerate() {
        let report = again.step().unwrap();
        let got = (
            again.state_hash(),
            report,
            again.contacts_began().len(),
            again.contacts_ended().len(),
        );
        assert_eq!(&got, expected, "step {step} after the snapshot");
    }
    // The snapshot itself was not moved by stepping the original.
    assert_ne!(saved.state_hash(), w.state_hash());
}

#[test]
fn a_cloned_world_steps_to_the_same_bits() {
    run_twice::<Growable>();
}

#[test]
fn a_cloned_fixed_world_steps_to_the_same_bits() {
    // A fixed world lives on the stack: a thread with room for it.
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run_twice::<Fixed<512>>)
        .unwrap()
        .join()
        .unwrap();
}
