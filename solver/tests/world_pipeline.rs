//! The world step's pipeline: the grid broad phase against the brute-force oracle on random
//! worlds, islands, sleeping and waking, capacity and non-finite errors that leave the world
//! unchanged, and determinism.
#![allow(
    clippy::field_reassign_with_default,
    reason = "test settings are the default plus changes"
)]

extern crate alloc;
use alloc::collections::BTreeSet;

use proptest::prelude::*;
use solver::cwlist::{Fixed, Growable};
use solver::world::{
    BroadPhase, BruteForce, FixedWorld, Grid, Material, Proxy, RigidBody, World, WorldError,
    WorldSettings,
};
use solver::xform::Vector;

type Pairs = BTreeSet<(usize, usize)>;

fn found<B: BroadPhase<f64>>(broad: &mut B, proxies: &[Proxy<f64>], margin: f64) -> (Pairs, usize) {
    let mut set = Pairs::new();
    let mut reports = 0;
    broad
        .candidates(proxies, margin, &mut |i, j| {
            assert!(i < j, "pair ({i}, {j}) not ordered");
            reports += 1;
            set.insert((i, j));
        })
        .expect("room");
    (set, reports)
}

/// Random proxies: `layout` 0 = clustered around a few centres, 1 = spread over a large
/// box, 2 = mixed radii over four decades, 3 = some far outside any initial bounds.
fn proxies(layout: u8, seeds: &[(f64, f64, f64, f64)]) -> Vec<Proxy<f64>> {
    seeds
        .iter()
        .enumerate()
        .map(|(i, &(x, y, z, r))| {
            let (center, radius) = match layout {
                0 => {
                    let c = f64::from((i % 3) as u8) * 10.0;
                    (Vector([c + x, c + y, c + z]), 0.5 + 0.5 * r)
                }
                1 => (Vector([x, y, z]) * 30.0, 0.5 + 0.5 * r),
                2 => (Vector([x, y, z]) * 3.0, 10f64.powf(4.0 * r - 3.0)),
                _ => {
                    let far = if i % 4 == 0 { 1e12 } else { 1.0 };
                    (Vector([x * far, y, z * far]), 0.5 + r)
                }
            };
            Proxy {
                body: i,
                center,
                radius,
            }
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// The grid reports exactly the pairs the brute force finds (a superset with the exact
    /// test behind it), each once, in growable and in fixed storage.
    #[test]
    fn grid_reports_every_true_candidate(
        layout in 0u8..4,
        seeds in prop::collection::vec(
            (-1.0f64..1.0, -1.0f64..1.0, -1.0f64..1.0, 0.0f64..1.0), 0..120),
        margin in prop_oneof![Just(0.0), 0.0f64..0.5],
    ) {
        let proxies = proxies(layout, &seeds);
        let (oracle, _) = found(&mut BruteForce, &proxies, margin);
        let (grid, reports) = found(&mut Grid::<Growable>::default(), &proxies, margin);
        prop_assert!(oracle.is_subset(&grid), "missed {:?}", oracle.difference(&grid).collect::<Vec<_>>());
        prop_assert_eq!(reports, grid.len(), "a pair reported twice");
        prop_assert_eq!(&grid, &oracle);
        let (fixed, _) = found(&mut Grid::<Fixed<128>>::default(), &proxies, margin);
        prop_assert_eq!(&fixed, &oracle);
    }
}

/// The grid's pairs in its report order, part by part ([`BroadPhase::parts`]).
fn in_parts(grid: &mut Grid<Growable>, proxies: &[Proxy<f64>], margin: f64) -> Vec<(usize, usize)> {
    let mut pairs = Vec::new();
    for k in 0..grid.parts(proxies, margin).expect("room") {
        grid.part(proxies, margin, k, &mut |i, j| pairs.push((i, j)));
    }
    pairs
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Large sets (many parts, cut at cell boundaries): the parts report, in order, the same
    /// pairs as one call of `candidates`, and those are the brute force's.
    #[test]
    fn grid_parts_report_what_candidates_does(
        layout in 0u8..4,
        seeds in prop::collection::vec(
            (-1.0f64..1.0, -1.0f64..1.0, -1.0f64..1.0, 0.0f64..1.0), 1100..2500),
        margin in prop_oneof![Just(0.0), 0.0f64..0.5],
    ) {
        // Denser than `proxies` so that cells hold several proxies and parts are cut.
        let mut proxies = proxies(layout, &seeds);
        for p in &mut proxies {
            p.radius *= 0.1;
        }
        let mut grid = Grid::<Growable>::default();
        let mut whole = Vec::new();
        grid.candidates(&proxies, margin, &mut |i, j| whole.push((i, j))).expect("room");
        let parted = in_parts(&mut grid, &proxies, margin);
        prop_assert_eq!(&whole, &parted);
        let (oracle, _) = found(&mut BruteForce, &proxies, margin);
        prop_assert_eq!(whole.into_iter().collect::<Pairs>(), oracle);
    }
}

/// A lattice of 3 000 proxies is cut into several parts, which report what one walk does.
#[test]
fn grid_cuts_a_large_set_into_parts() {
    let proxies: Vec<Proxy<f64>> = (0..3000)
        .map(|i| Proxy {
            body: i,
            center: Vector([(i % 20) as f64, ((i / 20) % 15) as f64, (i / 300) as f64]),
            radius: 0.55,
        })
        .collect();
    let mut grid = Grid::<Growable>::default();
    let mut whole = Vec::new();
    grid.candidates(&proxies, 0.0, &mut |i, j| whole.push((i, j)))
        .expect("room");
    assert!(grid.parts(&proxies, 0.0).expect("room") >= 6);
    assert_eq!(in_parts(&mut grid, &proxies, 0.0), whole);
    // Each lattice point touches its 6 face neighbours (3 per point, less the boundary).
    assert_eq!(whole.len(), 19 * 15 * 10 + 20 * 14 * 10 + 20 * 15 * 9);
}

#[test]
fn grid_capacity_is_an_error() {
    let proxies = proxies(1, &[(0.0, 0.0, 0.0, 0.5); 5]);
    let err = Grid::<Fixed<4>>::default()
        .candidates(&proxies, 0.0, &mut |_, _| {})
        .unwrap_err();
    assert!(matches!(err, WorldError::CapacityExceeded { .. }), "{err}");
}

fn ground<S: solver::cwlist::Storage>(world: &mut World<f64, S>) {
    world
        .add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .expect("plane");
}

fn sphere_at(x: f64, y: f64, z: f64) -> RigidBody<f64> {
    RigidBody::sphere(1.0, 0.5)
        .expect("sphere")
        .with_position(Vector([x, y, z]))
}

/// Two separate columns of touching spheres: two islands, each a column.
#[test]
fn separate_piles_are_separate_islands() {
    let mut world = World::<f64, Growable>::new(WorldSettings::default()).expect("world");
    ground(&mut world);
    for x in [0.0, 5.0] {
        for k in 0..3 {
            world
                .add_body(sphere_at(x, 0.5 + f64::from(k), 0.0))
                .expect("body");
        }
    }
    let report = world.step().expect("step");
    assert_eq!(report.islands, 2);
    assert_eq!(report.awake_islands, 2);
    assert_eq!(
        report.contacts, 6,
        "3 sphere-sphere/plane contacts per column"
    );
}

/// A resting column falls asleep; a sphere dropped on it wakes the whole column, and so
/// does a velocity the user sets.
#[test]
fn resting_islands_sleep_and_wake_on_contact_and_on_user_change() {
    let mut world = World::<f64, Growable>::new(WorldSettings::default()).expect("world");
    ground(&mut world);
    for k in 0..3 {
        world
            .add_body(sphere_at(0.0, 0.5 + f64::from(k), 0.0))
            .expect("body");
    }
    let mut slept_at = None;
    for step in 0..240 {
        let r = world.step().expect("step");
        if r.sleeping_bodies == 3 {
            slept_at = Some(step);
            break;
        }
    }
    let slept_at = slept_at.expect("the column should sleep within 4 s");
    assert!(
        slept_at >= 29,
        "slept after {slept_at} steps, before 0.5 s of rest"
    );
    let asleep = world.state_hash();
    for _ in 0..10 {
        let r = world.step().expect("step");
        assert_eq!(r.awake_islands, 0);
    }
    assert_eq!(
        world.state_hash(),
        asleep,
        "a sleeping island must not move"
    );
    // A sphere dropped from above wakes the column when it arrives.
    let dropped = world.add_body(sphere_at(0.0, 4.0, 0.0)).expect("body");
    let mut woke = false;
    for _ in 0..60 {
        world.step().expect("step");
        if !world.bodies()[0].is_sleeping() {
            woke = true;
            break;
        }
    }
    assert!(woke, "the column must wake when the dropped sphere lands");
    assert!(
        world[dropped].position()[1] > 2.9,
        "the dropped sphere passed through"
    );
    // Let everything sleep again, then push the bottom sphere.
    for _ in 0..600 {
        if world.step().expect("step").sleeping_bodies == 4 {
            break;
        }
    }
    assert!(world.bodies().iter().all(RigidBody::is_sleeping));
    world
        .set_linear_velocity(world.body_handle(0).unwrap(), Vector([1.0, 0.0, 0.0]))
        .expect("velocity");
    assert!(!world.bodies()[0].is_sleeping());
    let r = world.step().expect("step");
    assert_eq!(r.awake_islands, 1, "the pushed body wakes its island");
    assert_eq!(r.sleeping_bodies, 0);
}

/// With sleeping off nothing sleeps.
#[test]
fn sleeping_can_be_turned_off() {
    let mut s = WorldSettings::default();
    s.sleep = None;
    let mut world = World::<f64, Growable>::new(s).expect("world");
    ground(&mut world);
    world.add_body(sphere_at(0.0, 0.5, 0.0)).expect("body");
    for _ in 0..120 {
        assert_eq!(world.step().expect("step").sleeping_bodies, 0);
    }
}

/// A step that overflows fixed storage names the buffer and leaves the world unchanged.
#[test]
fn capacity_exceeded_leaves_the_world_unchanged() {
    let mut world = FixedWorld::<f64, 16>::new(WorldSettings::default()).expect("world");
    ground(&mut world);
    // A 2×2×2 block of touching spheres on the ground: more than 16 rows.
    for i in 0..2 {
        for j in 0..2 {
            for k in 0..2 {
                let p = (f64::from(i), 0.5 + f64::from(j), f64::from(k));
                world.add_body(sphere_at(p.0, p.1, p.2)).expect("body");
            }
        }
    }
    let hash = world.state_hash();
    let time = world.time();
    let err = world.step().unwrap_err();
    assert!(matches!(err, WorldError::CapacityExceeded { .. }), "{err}");
    assert_eq!(world.state_hash(), hash);
    assert_eq!(world.time(), time);
    assert_eq!(world.contact_count(), 0, "no contact committed");
}

/// A step whose result would overflow is refused, naming the body, and changes nothing.
#[test]
fn non_finite_result_names_the_body_and_changes_nothing() {
    let mut s = WorldSettings::default();
    s.sleep = None;
    let mut world = World::<f64, Growable>::new(s).expect("world");
    world.add_body(sphere_at(0.0, 10.0, 0.0)).expect("body");
    let fast =
        sphere_at(0.99 * f64::MAX, 0.0, 50.0).with_linear_velocity(Vector([f64::MAX, 0.0, 0.0]));
    world.add_body(fast).expect("body");
    let hash = world.state_hash();
    let err = world.step().unwrap_err();
    assert_eq!(
        err,
        WorldError::NonFiniteResult {
            body: 1,
            what: "position"
        }
    );
    assert_eq!(world.state_hash(), hash);
}

/// The same inputs give the same bits.
#[test]
fn steps_are_deterministic() {
    let build = || {
        let mut world = World::<f64, Growable>::new(WorldSettings::default()).expect("world");
        ground(&mut world);
        for i in 0..40 {
            let f = f64::from(i);
            world
                .add_body(sphere_at((f * 0.37) % 3.0, 0.5 + f * 0.6, (f * 0.71) % 3.0))
                .expect("body");
        }
        world
    };
    let (mut a, mut b) = (build(), build());
    for _ in 0..200 {
        a.step().expect("step");
        b.step().expect("step");
        assert_eq!(a.state_hash(), b.state_hash());
    }
}

/// A large world (many parts of the broad phase, many tasks of every loop, spheres, boxes
/// and capsules) steps to the same bits on 4 threads as on one, one island or many.
#[cfg(feature = "rayon")]
#[test]
fn parallel_step_of_a_large_world_is_bit_identical() {
    let build = |spread: f64| {
        let mut world = World::<f64, Growable>::new(WorldSettings::default()).expect("world");
        ground(&mut world);
        for k in 0..1500 {
            let f = f64::from(k);
            let at = Vector([
                (f * 0.618).fract() * spread,
                0.3 + (k / 100) as f64 * 0.3,
                (f * 0.414).fract() * spread,
            ]);
            let body = match k % 3 {
                0 => RigidBody::sphere(1.0, 0.15),
                1 => RigidBody::cuboid(1.0, Vector([0.12, 0.1, 0.14])),
                _ => RigidBody::capsule(1.0, 0.08, 0.1),
            }
            .expect("shape")
            .with_position(at);
            world.add_body(body).expect("body");
        }
        world
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(4)
        .build()
        .expect("pool");
    for (spread, touching) in [(3.0, 1000), (40.0, 100)] {
        let (mut one, mut many) = (build(spread), build(spread));
        let mut contacts = 0;
        for _ in 0..90 {
            let a = one.step().expect("step");
            let b = pool.install(|| many.step_parallel()).expect("step");
            assert_eq!(a, b);
            assert_eq!(one.state_hash(), many.state_hash());
            contacts = a.contacts;
        }
        assert!(
            contacts > touching,
            "{contacts} contacts: the scene does not pile up"
        );
    }
}

/// Islands solved on rayon's threads give the same bits as the sequential step.
#[cfg(feature = "rayon")]
#[test]
fn parallel_islands_are_bit_identical() {
    let build = || {
        let mut world = World::<f64, Growable>::new(WorldSettings::default()).expect("world");
        ground(&mut world);
        for pile in 0..8 {
            for k in 0..12 {
                let f = f64::from(k);
                let x = f64::from(pile) * 4.0 + (f * 0.37) % 1.0;
                world
                    .add_body(sphere_at(x, 0.5 + f * 0.9, (f * 0.71) % 1.0))
                    .expect("body");
            }
        }
        world
    };
    let (mut one, mut many) = (build(), build());
    for _ in 0..120 {
        let (a, b) = (
            one.step().expect("step"),
            many.step_parallel().expect("step"),
        );
        assert_eq!(a, b);
        assert_eq!(one.state_hash(), many.state_hash());
    }
}
