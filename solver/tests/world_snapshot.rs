//! Snapshots: a world cloned mid-run, or (feature `serde`) saved to JSON or to postcard's
//! bytes and read back, then stepped again gives, step for step, the same state hash, step
//! report and contact events as the original: over 1 000 steps of a pile of boxes, capsules
//! and spheres with a hinged chain (a motor, limits, a position drive), a removed body and
//! sleeping bodies, in growable and fixed storage. A snapshot that does not describe a
//! whole world (an index out of range, a broken handle table, too many items for a fixed
//! storage) is refused with a message naming the item; bytes damaged at random are refused
//! or read into a world that steps without a panic and never reports a non-finite state
//! as a success.
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
    // A kinematic platform (infinite mass) carrying a ball.
    let platform = RigidBody::kinematic()
        .with_shape(solver::world::Shape::Box(Vector([0.5, 0.05, 0.5])))
        .with_position(Vector([-2.0, 0.5, 0.0]))
        .with_linear_velocity(Vector([0.0, 0.0, 0.05]));
    w.add_body(platform).unwrap();
    w.add_body(
        RigidBody::sphere(1.0, 0.1)
            .unwrap()
            .with_position(Vector([-2.0, 0.7, 0.0])),
    )
    .unwrap();
    // A body added and removed: the handle table has a free slot to save.
    let gone = w
        .add_body(
            RigidBody::sphere(1.0, 0.1)
                .unwrap()
                .with_position(Vector([9.0, 1.0, 0.0])),
        )
        .unwrap();
    w.remove_body(gone).unwrap();
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
        } else if i == 3 {
            w.set_joint_position_drive(hinge, 0.3, 40.0, 2.0, 50.0)
                .unwrap();
        } else {
            w.set_joint_limits(hinge, -0.6, 0.6).unwrap();
        }
        parent = Some(id);
    }
    w
}

/// A world copied by `copy` after 300 steps steps as the original for 1 000 more.
fn run_twice<S: Storage>(copy: fn(&World<f64, S>) -> World<f64, S>) {
    let mut w = scene::<S>();
    for _ in 0..300 {
        w.step().unwrap();
    }
    let saved = copy(&w);
    assert_eq!(saved.state_hash(), w.state_hash());
    assert!(saved.body_handles().eq(w.body_handles()));
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
    let mut again = copy(&saved);
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

/// Runs `f` on a thread with room for a fixed world on its stack.
fn with_big_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(f)
        .unwrap()
        .join()
        .unwrap();
}

#[test]
fn a_cloned_world_steps_to_the_same_bits() {
    run_twice::<Growable>(World::clone);
}

#[test]
fn a_cloned_fixed_world_steps_to_the_same_bits() {
    with_big_stack(|| run_twice::<Fixed<512>>(World::clone));
}

#[cfg(feature = "serde")]
mod serialized {
    use super::*;
    use solver::world::Joint;

    fn through_json<S: Storage>(w: &World<f64, S>) -> World<f64, S> {
        serde_json::from_str(&serde_json::to_string(w).unwrap()).unwrap()
    }

    fn through_postcard<S: Storage>(w: &World<f64, S>) -> World<f64, S> {
        postcard::from_bytes(&postcard::to_allocvec(w).unwrap()).unwrap()
    }

    #[test]
    fn a_world_read_back_from_json_steps_to_the_same_bits() {
        run_twice::<Growable>(through_json);
    }

    #[test]
    fn a_fixed_world_read_back_from_postcard_steps_to_the_same_bits() {
        with_big_stack(|| run_twice::<Fixed<512>>(through_postcard));
    }

    #[test]
    fn a_growable_snapshot_reads_into_fixed_storage_that_holds_it() {
        with_big_stack(|| {
            let mut w = scene::<Growable>();
            for _ in 0..100 {
                w.step().unwrap();
            }
            let json = serde_json::to_string(&w).unwrap();
            let mut fixed: World<f64, Fixed<512>> = serde_json::from_str(&json).unwrap();
            for _ in 0..100 {
                w.step().unwrap();
                fixed.step().unwrap();
            }
            assert_eq!(fixed.state_hash(), w.state_hash());
            let small = serde_json::from_str::<World<f64, Fixed<8>>>(&json).unwrap_err();
            assert!(small.to_string().contains("at most 8 items"), "{small}");
        });
    }

    /// `json` with the value at `path` (object keys and array indices) replaced.
    fn edited(json: &serde_json::Value, path: &[&str], value: serde_json::Value) -> String {
        let mut v = json.clone();
        let mut at = &mut v;
        for key in path {
            at = match key.parse::<usize>() {
                Ok(i) => &mut at[i],
                Err(_) => &mut at[*key],
            };
        }
        *at = value;
        v.to_string()
    }

    fn refusal(json: &str, edit: &[&str]) -> String {
        match serde_json::from_str::<World<f64, Growable>>(json) {
            Ok(_) => panic!("a snapshot edited at {edit:?} was accepted"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn a_snapshot_that_is_not_a_whole_world_is_refused_naming_the_item() {
        let mut w = scene::<Growable>();
        for _ in 0..60 {
            w.step().unwrap();
        }
        assert!(w.contacts().count() > 0);
        let json = serde_json::to_value(&w).unwrap();
        let n = w.bodies().len();
        let cases: [(&[&str], serde_json::Value, &str); 8] = [
            (
                &["bodies", "3", "inertia", "tensor", "0", "0"],
                (-1.0).into(),
                "body 3",
            ),
            (&["joints", "2", "a"], n.into(), "joint 2"),
            (&["contacts", "0", "a"], (n + 5).into(), "contact 0"),
            (
                &["body_handles", "owners", "0"],
                3.into(),
                "body handle table",
            ),
            (&["body_handles", "free"], 0.into(), "free list"),
            (&["bodies", "4", "mass"], "NaN".into(), "body 4"),
            (
                &["touching", "pairs", "0", "a", "generation"],
                7.into(),
                "touching pair 0",
            ),
            (&["format"], 99.into(), "format 99"),
        ];
        for (path, value, says) in cases {
            let message = refusal(&edited(&json, path, value), path);
            assert!(message.contains(says), "{path:?}: {message}");
        }
        // Unedited, it reads back.
        let back: World<f64, Growable> = serde_json::from_value(json).unwrap();
        assert_eq!(back.state_hash(), w.state_hash());
        assert!(matches!(back.joints()[0].joint, Joint::Hinge(_)));
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        #[test]
        fn damaged_bytes_are_refused_or_step_without_a_panic(
            edits in proptest::collection::vec((0.0f64..1.0, proptest::prelude::any::<u8>()), 1..4)
        ) {
            let mut w = scene::<Growable>();
            for _ in 0..60 {
                w.step().unwrap();
            }
            let mut bytes = postcard::to_allocvec(&w).unwrap();
            for (at, value) in edits {
                let i = ((bytes.len() as f64 * at) as usize).min(bytes.len() - 1);
                bytes[i] = value;
            }
            if let Ok(mut back) = postcard::from_bytes::<World<f64, Growable>>(&bytes) {
                for _ in 0..20 {
                    if back.step().is_err() {
                        break;
                    }
                    for b in back.bodies() {
                        proptest::prop_assert!(
                            b.position().is_finite() && b.linear_velocity().is_finite(),
                            "a step succeeded with a non-finite body"
                        );
                    }
                }
            }
        }
    }
}
