//! A model-based test of the world's API: random sequences of adds (bodies, planes,
//! joints of every kind), forces and impulses, setters (joint limits, motors and position
//! drives too), queries (rays, also through a `QueryTree`, overlaps, points, joint
//! positions) and steps, with bad
//! inputs mixed in, and removals (bodies, joints, planes, by live, stale and made-up handles), against a
//! model of what must hold after every call: the world holds exactly the model's live
//! handles, in the model's order, each joint on its bodies; every removed handle is refused
//! and no new handle aliases one; a body's removal takes exactly its joints; a refused call
//! (any `Err`) leaves the state hash, the counts and the contacts as they were; nothing
//! panics; after `Ok` every body is finite.
//! Growable and fixed storage, 10⁵ operations per run in all.
use solver::cwlist::{Fixed, Growable, Storage};
use solver::world::{
    BodyHandle, HitTarget, JointHandle, Material, PlaneHandle, QueryTree, RigidBody, Shape, World,
    WorldError, WorldSettings,
};
use solver::xform::{UnitQuaternion, Vector};

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// A number, now and then NaN, ±∞ or huge.
    fn number(&mut self, scale: f64) -> f64 {
        match self.below(40) {
            0 => f64::NAN,
            1 => f64::INFINITY,
            2 => f64::NEG_INFINITY,
            3 => 1e300,
            _ => (self.unit() - 0.5) * 2.0 * scale,
        }
    }
    fn vector(&mut self, scale: f64) -> Vector<f64, 3> {
        Vector([self.number(scale), self.number(scale), self.number(scale)])
    }
}

/// What the model holds: the live handles in the world's order, with each joint's bodies,
/// and every handle removed so far.
#[derive(Default)]
struct Model {
    bodies: Vec<BodyHandle>,
    joints: Vec<(JointHandle, BodyHandle, Option<BodyHandle>)>,
    planes: Vec<PlaneHandle>,
    stale_bodies: Vec<BodyHandle>,
    stale_joints: Vec<JointHandle>,
    stale_planes: Vec<PlaneHandle>,
}

impl Model {
    fn counts(&self) -> (usize, usize, usize) {
        (self.bodies.len(), self.joints.len(), self.planes.len())
    }

    /// A live item now and then, else (or when there is none) a stale or made-up one.
    fn pick<H: Copy>(rng: &mut Rng, live: &[H], stale: &[H], made_up: H) -> H {
        match rng.below(10) {
            0 if !stale.is_empty() => stale[rng.below(stale.len())],
            1 => made_up,
            _ if !live.is_empty() => live[rng.below(live.len())],
            _ => made_up,
        }
    }

    /// The world holds exactly the model's live items, in its order, and refuses the stale.
    fn check<S: Storage>(&self, w: &World<f64, S>, at: &str) {
        let counts = (w.bodies().len(), w.joints().len(), w.planes().len());
        assert_eq!(counts, self.counts(), "{at}: counts");
        assert!(
            w.body_handles().eq(self.bodies.iter().copied()),
            "{at}: body order"
        );
        for (k, &(j, a, b)) in self.joints.iter().enumerate() {
            assert_eq!(w.joint_handle(k), Some(j), "{at}: joint order");
            let slot = w.joint(j).unwrap();
            let ends = (
                w.body_handle(slot.a),
                slot.b.map(|b| w.body_handle(b).unwrap()),
            );
            assert_eq!(ends, (Some(a), b), "{at}: joint {j}'s bodies");
        }
        for (k, &p) in self.planes.iter().enumerate() {
            assert_eq!(w.plane_handle(k), Some(p), "{at}: plane order");
        }
        for &h in &self.stale_bodies {
            assert!(
                matches!(w.body(h), Err(WorldError::StaleHandle { what: "body", .. })),
                "{at}: {h} alive"
            );
        }
        for &j in &self.stale_joints {
            assert!(w.joint(j).is_err(), "{at}: {j} alive");
        }
        for &p in &self.stale_planes {
            assert!(w.plane(p).is_err(), "{at}: {p} alive");
        }
        for c in w.contacts() {
            assert!(c.a < counts.0, "{at}: a contact names a removed body");
        }
    }
}

/// Runs `ops` random operations; returns the counts accepted, refused, and accepted
/// removals.
fn drive<S: Storage>(seed: u64, ops: usize) -> (usize, usize, usize) {
    let mut rng = Rng(seed);
    let s = WorldSettings::<f64> {
        dt: [1.0 / 60.0, 1.0 / 240.0][rng.below(2)],
        ..WorldSettings::default()
    };
    let mut w = World::<f64, S>::new(s).unwrap();
    let mut model = Model::default();
    let mut tree = QueryTree::new();
    let (mut accepted, mut refused, mut removals) = (0, 0, 0);
    for op in 0..ops {
        let before = (w.state_hash(), model.counts(), w.contact_count());
        let n = w.bodies().len();
        let made_up = BodyHandle::from_parts(rng.below(60) as u32, rng.below(3) as u32);
        let body = Model::pick(&mut rng, &model.bodies, &model.stale_bodies, made_up);
        let made_up = JointHandle::from_parts(rng.below(60) as u32, rng.below(3) as u32);
        let joint = Model::pick(
            &mut rng,
            &model.joints.iter().map(|j| j.0).collect::<Vec<_>>(),
            &model.stale_joints,
            made_up,
        );
        let kind = rng.below(19);
        let result: Result<(), WorldError> = match kind {
            0 | 1 => {
                let shape = match rng.below(4) {
                    0 => Shape::Sphere(rng.number(1.0).abs()),
                    1 => Shape::Box(rng.vector(1.0)),
                    2 => Shape::Capsule(rng.number(0.5).abs(), rng.number(0.5).abs()),
                    _ => Shape::None,
                };
                let made = if rng.below(8) == 0 {
                    Ok(RigidBody::kinematic().with_shape(shape))
                } else if rng.below(8) == 0 {
                    Ok(RigidBody::fixed().with_shape(shape))
                } else {
                    match shape {
                        Shape::Sphere(r) => RigidBody::sphere(rng.number(10.0).abs(), r),
                        Shape::Box(h) => RigidBody::cuboid(rng.number(10.0).abs(), h),
                        Shape::Capsule(r, hh) => RigidBody::capsule(rng.number(10.0), r, hh),
                        Shape::None => {
                            RigidBody::sphere(1.0, 0.1).map(|b| b.with_shape(Shape::None))
                        }
                    }
                };
                made.and_then(|b| {
                    let axis = rng.vector(1.0);
                    let q = UnitQuaternion::try_from_axis_angle(&axis, rng.number(3.0))
                        .unwrap_or_else(|_| UnitQuaternion::identity());
                    let b = b
                        .with_position(rng.vector(5.0))
                        .with_orientation(q)
                        .with_linear_velocity(rng.vector(3.0))
                        .with_damping(rng.number(1.0), rng.number(1.0).abs());
                    let h = w.add_body(b)?;
                    assert!(
                        !model.bodies.contains(&h) && !model.stale_bodies.contains(&h),
                        "a new handle aliases"
                    );
                    model.bodies.push(h);
                    Ok(())
                })
            }
            2 => w
                .add_plane(rng.vector(1.0), rng.number(1.0), Material::default())
                .map(|p| model.planes.push(p)),
            3 => {
                let other = if rng.below(3) == 0 {
                    None
                } else {
                    let made_up = BodyHandle::from_parts(rng.below(60) as u32, 0);
                    Some(Model::pick(
                        &mut rng,
                        &model.bodies,
                        &model.stale_bodies,
                        made_up,
                    ))
                };
                let p = rng.vector(3.0);
                let added = match rng.below(5) {
                    0 => w.add_ball_joint(body, other, p),
                    1 => w.add_hinge_joint(body, other, p, rng.vector(1.0)),
                    2 => w.add_weld_joint(body, other, p),
                    3 => w.add_prismatic_joint(body, other, p, rng.vector(1.0)),
                    _ => w.add_distance_joint(body, other, p, rng.vector(3.0)),
                };
                added.map(|j| model.joints.push((j, body, other)))
            }
            4 => w.apply_force(body, rng.vector(50.0)),
            5 => w.apply_force_at_point(body, rng.vector(50.0), rng.vector(5.0)),
            6 => w.apply_torque(body, rng.vector(10.0)),
            7 => w.apply_impulse_at_point(body, rng.vector(5.0), rng.vector(5.0)),
            8 => w.set_linear_velocity(body, rng.vector(5.0)),
            9 => w.set_angular_velocity(body, rng.vector(5.0)),
            10 => w.set_position(body, rng.vector(5.0)),
            11 => {
                let (o, d, m) = (rng.vector(5.0), rng.vector(1.0), rng.number(20.0));
                let through_tree = w.queries(&mut tree).and_then(|q| q.cast_ray(o, d, m));
                w.cast_ray(o, d, m).map(|hit| {
                    assert_eq!(through_tree, Ok(hit), "seed {seed} op {op}: the tree's ray");
                    if let Some(HitTarget::Body(h)) = hit.map(|h| h.target) {
                        assert!(model.bodies.contains(&h));
                    }
                })
            }
            12 => match rng.below(7) {
                0 => w.set_joint_collision(joint, rng.below(2) == 0),
                1 => {
                    let (a, b) = (rng.number(2.0), rng.number(2.0));
                    w.set_joint_limits(joint, a.min(b), a.max(b))
                }
                2 => w.set_joint_motor(joint, rng.number(3.0), rng.number(50.0)),
                3 => w.joint_position(joint).map(|_| ()),
                5 => w.set_joint_position_drive(
                    joint,
                    rng.number(2.0),
                    rng.number(1e3),
                    rng.number(10.0),
                    rng.number(50.0),
                ),
                4 => w.bodies_at(rng.vector(5.0)).map(|hits| {
                    hits.for_each(|h| assert!(model.bodies.contains(&h)));
                }),
                _ => {
                    let shape = [Shape::Sphere(rng.number(1.0)), Shape::Box(rng.vector(1.0))];
                    let q = UnitQuaternion::identity();
                    w.overlaps(shape[rng.below(2)], rng.vector(5.0), q)
                        .map(|hits| {
                            assert!(hits.count() <= n + w.planes().len());
                        })
                }
            },
            13 => w.remove_body(body).map(|removed| {
                let attached = |j: &(JointHandle, BodyHandle, Option<BodyHandle>)| {
                    j.1 == body || j.2 == Some(body)
                };
                let gone: Vec<_> = model
                    .joints
                    .iter()
                    .filter(|j| attached(j))
                    .map(|j| j.0)
                    .collect();
                assert_eq!(
                    removed.joints,
                    gone.len(),
                    "seed {seed} op {op}: joints removed with the body"
                );
                model.joints.retain(|j| !attached(j));
                model.stale_joints.extend(gone);
                model.bodies.retain(|&b| b != body);
                model.stale_bodies.push(body);
            }),
            14 => w.remove_joint(joint).map(|()| {
                model.joints.retain(|j| j.0 != joint);
                model.stale_joints.push(joint);
            }),
            15 => {
                let made_up = PlaneHandle::from_parts(rng.below(8) as u32, 0);
                let plane = Model::pick(&mut rng, &model.planes, &model.stale_planes, made_up);
                w.remove_plane(plane).map(|_| {
                    model.planes.retain(|&p| p != plane);
                    model.stale_planes.push(plane);
                })
            }
            _ => {
                if n > 24 {
                    Ok(())
                } else {
                    w.step().map(|_| ())
                }
            }
        };
        let at = format!("seed {seed} op {op} kind {kind}");
        match result {
            Ok(()) => {
                accepted += 1;
                removals += usize::from((13..=15).contains(&kind));
                model.check(&w, &at);
                for (i, b) in w.bodies().iter().enumerate() {
                    assert!(
                        b.position().is_finite() && b.linear_velocity().is_finite(),
                        "{at}: body {i} not finite"
                    );
                }
            }
            Err(e) => {
                refused += 1;
                let after = (w.state_hash(), model.counts(), w.contact_count());
                assert_eq!(after, before, "{at}: {e} changed the world");
                model.check(&w, &at);
                assert!(!e.to_string().is_empty());
            }
        }
    }
    (accepted, refused, removals)
}

#[test]
fn random_api_sequences_keep_the_model() {
    let (mut accepted, mut refused, mut removals) = (0, 0, 0);
    for seed in 0..40 {
        for (a, r, k) in [
            drive::<Growable>(seed, 2_000),
            drive::<Fixed<48>>(seed + 1000, 500),
        ] {
            accepted += a;
            refused += r;
            removals += k;
        }
    }
    println!(
        "{} operations: {accepted} accepted ({removals} removals), {refused} refused",
        accepted + refused
    );
    assert!(
        accepted > 10_000 && refused > 10_000 && removals > 1_000,
        "{accepted} accepted ({removals} removals), {refused} refused"
    );
}
