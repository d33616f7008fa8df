//! Removal and handles.
//!
//! - Removing bodies (with their joints) before the first step leaves no trace: the world
//!   then steps bit for bit as one built without them (random piles with joints, growable
//!   and fixed storage).
//! - Removing mid-run: the removed body's contacts and joints go, its partners wake, the
//!   rest keep their handles, and no contact event names it afterwards.
//! - Fixed storage reuses the slots of removed items: add and remove forever in a world of
//!   four, and no handle ever aliases an earlier one.
extern crate alloc;

use proptest::prelude::*;
use solver::cwlist::{Fixed, Growable, Storage};
use solver::world::{
    BodyHandle, HitTarget, Material, Removed, RigidBody, World, WorldError, WorldSettings,
};
use solver::xform::{UnitQuaternion, Vector};

/// One body of a random scene and the joints to earlier bodies it asks for.
#[derive(Debug, Clone)]
struct Item {
    kind: u8,
    /// Jitter of its place in the pile.
    at: [f64; 3],
    turn: f64,
    joint_to: Option<(usize, u8)>,
}

fn item() -> impl Strategy<Value = Item> {
    (
        0u8..3,
        (-0.05f64..0.05, -0.05f64..0.05, -0.05f64..0.05),
        -3.0f64..3.0,
        proptest::option::weighted(0.4, (0usize..64, 0u8..3)),
    )
        .prop_map(|(kind, (x, y, z), turn, joint_to)| Item {
            kind,
            at: [x, y, z],
            turn,
            joint_to,
        })
}

/// Item `k`'s place: a cell of a loose pile (4 across), moved by its jitter.
fn place(k: usize, item: &Item) -> Vector<f64, 3> {
    let cell = Vector([
        (k % 4) as f64 * 0.5,
        0.3 + (k / 4) as f64 * 0.45,
        (k % 3) as f64 * 0.1,
    ]);
    cell + Vector(item.at)
}

fn body(k: usize, item: &Item) -> RigidBody<f64> {
    let body = match item.kind {
        0 => RigidBody::cuboid(1.0, Vector([0.2, 0.15, 0.2])).unwrap(),
        1 => RigidBody::capsule(2.0, 0.1, 0.15).unwrap(),
        _ => RigidBody::sphere(0.5, 0.15).unwrap(),
    };
    let q = UnitQuaternion::try_from_axis_angle(&Vector([0.3, 1.0, 0.2]), item.turn).unwrap();
    body.with_position(place(k, item)).with_orientation(q)
}

/// The scene with the items whose `keep` holds (a joint whose other end is left out goes
/// too); returns the world and the handles of every item kept (`None` for the others).
fn build<S: Storage>(
    items: &[Item],
    keep: &dyn Fn(usize) -> bool,
) -> (World<f64, S>, Vec<Option<BodyHandle>>) {
    let mut w = World::<f64, S>::new(WorldSettings::default()).unwrap();
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .unwrap();
    let mut handles = Vec::new();
    for (k, it) in items.iter().enumerate() {
        if !keep(k) {
            handles.push(None);
            continue;
        }
        let h = w.add_body(body(k, it)).unwrap();
        handles.push(Some(h));
        if let Some((to, kind)) = it.joint_to
            && k > 0
            && let Some(other) = handles[to % k]
        {
            let mid = (place(k, it) + w[other].position()) * 0.5;
            let _ = match kind {
                0 => w.add_ball_joint(h, Some(other), mid),
                1 => w.add_hinge_joint(h, Some(other), mid, Vector([0.0, 0.0, 1.0])),
                _ => w.add_weld_joint(h, Some(other), mid),
            };
        }
    }
    (w, handles)
}

fn removed_first_steps_as_never_added<S: Storage>(
    items: &[Item],
    gone: &[usize],
) -> Result<(), TestCaseError> {
    let gone = |k: usize| gone.contains(&(k % items.len()));
    let (mut reference, _) = build::<S>(items, &|k| !gone(k));
    let (mut w, handles) = build::<S>(items, &|_| true);
    let joints_before = w.joints().len();
    let mut joints_removed = 0;
    for (k, h) in handles.iter().enumerate() {
        if gone(k) {
            let removed = w.remove_body(h.unwrap()).unwrap();
            prop_assert_eq!(removed.contacts, 0);
            joints_removed += removed.joints;
        }
    }
    prop_assert_eq!(joints_before - joints_removed, reference.joints().len());
    prop_assert_eq!(w.bodies(), reference.bodies());
    for step in 0..120 {
        let (a, b) = (w.step(), reference.step());
        prop_assert_eq!(a.is_ok(), b.is_ok());
        prop_assert_eq!(w.state_hash(), reference.state_hash(), "step {}", step);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn bodies_removed_before_the_first_step_leave_no_trace(
        items in proptest::collection::vec(item(), 2..14),
        gone in proptest::collection::vec(0usize..64, 1..4),
    ) {
        removed_first_steps_as_never_added::<Growable>(&items, &gone)?;
        // Two fixed worlds of 160 items are too large for a test thread's stack.
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || removed_first_steps_as_never_added::<Fixed<160>>(&items, &gone))
            .unwrap()
            .join()
            .unwrap()?;
    }

    /// Mid-run: whatever is removed, the world afterwards names no removed body anywhere
    /// (contacts, joints, events, queries), keeps the others' handles, and steps on.
    #[test]
    fn bodies_removed_mid_run_leave_nothing_behind(
        items in proptest::collection::vec(item(), 2..14),
        gone in proptest::collection::vec(0usize..64, 1..4),
        when in 1usize..90,
    ) {
        let (mut w, handles) = build::<Growable>(&items, &|_| true);
        for _ in 0..when {
            w.step().unwrap();
        }
        let mut removed = Vec::new();
        for &g in &gone {
            let h = handles[g % items.len()].unwrap();
            if removed.contains(&h) {
                let again = w.remove_body(h);
                prop_assert!(matches!(again, Err(WorldError::StaleHandle { .. })), "{:?}", again);
                continue;
            }
            let partners: Vec<usize> = w
                .contacts()
                .filter_map(|c| {
                    let i = w.body_index(h).unwrap();
                    match c.partner {
                        solver::world::Partner::Body(b) if c.a == i => Some(b),
                        solver::world::Partner::Body(b) if b == i => Some(c.a),
                        _ => None,
                    }
                })
                .map(|k| k - usize::from(k > w.body_index(h).unwrap()))
                .collect();
            w.remove_body(h).unwrap();
            removed.push(h);
            for k in partners {
                prop_assert!(!w.bodies()[k].is_sleeping(), "a partner still sleeps");
            }
        }
        let kept: Vec<_> = handles.iter().flatten().filter(|h| !removed.contains(h)).copied().collect();
        prop_assert!(w.body_handles().eq(kept.iter().copied()));
        for _ in 0..60 {
            w.step().unwrap();
            for e in w.contacts_began().iter().chain(w.contacts_ended()) {
                let names_removed = removed.contains(&e.a) || matches!(e.partner, HitTarget::Body(b) if removed.contains(&b));
                prop_assert!(!names_removed, "{:?}", e);
            }
            prop_assert!(w.contacts().all(|c| c.a < w.bodies().len()));
        }
        for &h in &removed {
            prop_assert!(w.body(h).is_err());
        }
        prop_assert!(w.bodies().iter().all(|b| b.position().is_finite()));
    }
}

#[test]
fn fixed_storage_reuses_slots_and_never_aliases() {
    // Weightless and apart, so that four bodies need no rows and fit a world of four.
    let s = WorldSettings {
        gravity: Vector::zeros(),
        ..WorldSettings::default()
    };
    let mut w = World::<f32, Fixed<4>>::new(s).unwrap();
    let floor = w
        .add_plane(Vector([0.0, 1.0, 0.0]), -10.0, Material::default())
        .unwrap();
    let mut seen = Vec::new();
    let mut live = alloc::collections::VecDeque::new();
    for round in 0..1000 {
        if live.len() == 4 {
            let h: BodyHandle = live.pop_front().unwrap();
            w.remove_body(h).unwrap();
        }
        let at = Vector([(round % 4) as f32, 0.2, 0.0]);
        let h = w
            .add_body(RigidBody::sphere(1.0, 0.2).unwrap().with_position(at))
            .unwrap_or_else(|e| panic!("round {round}: {e}"));
        assert!(!seen.contains(&h), "round {round}: {h} given twice");
        seen.push(h);
        live.push_back(h);
        w.step().unwrap();
        assert!(live.iter().all(|&h| w.body(h).is_ok()));
    }
    assert!(seen.iter().all(|h| h.slot() < 4), "slots are reused");
    assert_eq!(w.remove_plane(floor).unwrap().joints, 0);
    assert!(w.remove_plane(floor).is_err());
}

#[test]
fn a_removed_joint_lets_go_and_its_handle_is_refused() {
    let mut w = World::<f64, Growable>::new(WorldSettings::default()).unwrap();
    let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    let b = w
        .add_body(
            RigidBody::sphere(1.0, 0.1)
                .unwrap()
                .with_position(Vector([0.5, 0.0, 0.0])),
        )
        .unwrap();
    let hold = w.add_ball_joint(a, None, Vector([0.0, 0.5, 0.0])).unwrap();
    let link = w
        .add_distance_joint(a, Some(b), Vector::zeros(), Vector([0.5, 0.0, 0.0]))
        .unwrap();
    for _ in 0..60 {
        w.step().unwrap();
    }
    w.remove_joint(hold).unwrap();
    assert_eq!(
        w.joint_handle(0),
        Some(link),
        "the other joint keeps its handle"
    );
    assert!(matches!(
        w.set_joint_collision(hold, true),
        Err(WorldError::StaleHandle { what: "joint", .. })
    ));
    let y = w[a].position()[1];
    for _ in 0..30 {
        w.step().unwrap();
    }
    assert!(w[a].position()[1] < y - 0.5, "the pair falls once let go");
    assert!(w.joint_error(link).unwrap().distance < 1e-3);
    assert_eq!(
        w.remove_body(b).unwrap(),
        Removed {
            joints: 1,
            contacts: 0
        }
    );
    assert!(w.joint(link).is_err());
    assert!(w.joints().is_empty());
}

/// A snapshot keeps the handles: a clone refuses what the original removed before it and
/// accepts the rest.
#[test]
fn a_clone_keeps_the_handles() {
    let mut w = World::<f64, Growable>::new(WorldSettings::default()).unwrap();
    let hs: Vec<_> = (0..4)
        .map(|k| {
            let at = Vector([k as f64, 0.0, 0.0]);
            w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(at))
                .unwrap()
        })
        .collect();
    w.remove_body(hs[1]).unwrap();
    let copy = w.clone();
    assert!(copy.body(hs[1]).is_err());
    assert_eq!(copy[hs[2]].position(), Vector([2.0, 0.0, 0.0]));
    assert!(copy.body_handles().eq([hs[0], hs[2], hs[3]]));
}
