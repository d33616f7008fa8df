//! A model-based test of the world's API: random sequences of adds (bodies, planes,
//! joints of every kind), forces and impulses, setters (joint limits and motors too),
//! queries (rays, overlaps, points, joint positions) and steps, with bad inputs mixed in,
//! against a model of what must hold after every call: an accepted add grows its count by
//! one and returns the next index; a refused call (any `Err`) leaves the state hash, the
//! counts and the contacts as they were; nothing panics; after `Ok` every body is finite.
//! Growable and fixed storage, 10⁵ operations per run in all.
use solver::cwlist::{Fixed, Growable, Storage};
use solver::world::{Material, RigidBody, Shape, World, WorldError, WorldSettings};
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

/// The counts the model tracks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Counts {
    bodies: usize,
    joints: usize,
    planes: usize,
}

fn counts<S: Storage>(w: &World<f64, S>) -> Counts {
    Counts {
        bodies: w.bodies().len(),
        joints: w.joints().len(),
        planes: w.planes().len(),
    }
}

/// Runs `ops` random operations; returns (accepted, refused) counts.
fn drive<S: Storage>(seed: u64, ops: usize) -> (usize, usize) {
    let mut rng = Rng(seed);
    let s = WorldSettings::<f64> {
        dt: [1.0 / 60.0, 1.0 / 240.0][rng.below(2)],
        ..WorldSettings::default()
    };
    let mut w = World::<f64, S>::new(s).unwrap();
    let (mut accepted, mut refused) = (0, 0);
    for op in 0..ops {
        let before = (w.state_hash(), counts(&w), w.contact_count());
        let n = w.bodies().len();
        let body = rng.below(n + 2); // sometimes out of range
        let kind = rng.below(16);
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
                    let i = w.add_body(b)?;
                    assert_eq!(i, n, "an add returns the next index");
                    Ok(())
                })
            }
            2 => w
                .add_plane(rng.vector(1.0), rng.number(1.0), Material::default())
                .map(|_| ()),
            3 => {
                let other = if rng.below(3) == 0 {
                    None
                } else {
                    Some(rng.below(n + 1))
                };
                let p = rng.vector(3.0);
                match rng.below(5) {
                    0 => w.add_ball_joint(body, other, p).map(|_| ()),
                    1 => w
                        .add_hinge_joint(body, other, p, rng.vector(1.0))
                        .map(|_| ()),
                    2 => w.add_weld_joint(body, other, p).map(|_| ()),
                    3 => w
                        .add_prismatic_joint(body, other, p, rng.vector(1.0))
                        .map(|_| ()),
                    _ => w
                        .add_distance_joint(body, other, p, rng.vector(3.0))
                        .map(|_| ()),
                }
            }
            4 => w.apply_force(body, rng.vector(50.0)),
            5 => w.apply_force_at_point(body, rng.vector(50.0), rng.vector(5.0)),
            6 => w.apply_torque(body, rng.vector(10.0)),
            7 => w.apply_impulse_at_point(body, rng.vector(5.0), rng.vector(5.0)),
            8 => w.set_linear_velocity(body, rng.vector(5.0)),
            9 => w.set_angular_velocity(body, rng.vector(5.0)),
            10 => w.set_position(body, rng.vector(5.0)),
            11 => w
                .cast_ray(rng.vector(5.0), rng.vector(1.0), rng.number(20.0))
                .map(|_| ()),
            12 => {
                let j = rng.below(w.joints().len() + 1);
                match rng.below(6) {
                    0 => w.set_joint_collision(j, rng.below(2) == 0),
                    1 => {
                        let (a, b) = (rng.number(2.0), rng.number(2.0));
                        w.set_joint_limits(j, a.min(b), a.max(b))
                    }
                    2 => w.set_joint_motor(j, rng.number(3.0), rng.number(50.0)),
                    3 => w.joint_position(j).map(|_| ()),
                    4 => w.bodies_at(rng.vector(5.0)).map(|hits| {
                        hits.for_each(|i| assert!(i < n));
                    }),
                    _ => {
                        let shape = [Shape::Sphere(rng.number(1.0)), Shape::Box(rng.vector(1.0))];
                        let q = UnitQuaternion::identity();
                        w.overlaps(shape[rng.below(2)], rng.vector(5.0), q)
                            .map(|hits| {
                                assert!(hits.count() <= n + w.planes().len());
                            })
                    }
                }
            }
            _ => {
                if n > 24 {
                    Ok(())
                } else {
                    w.step().map(|_| ())
                }
            }
        };
        match result {
            Ok(()) => {
                accepted += 1;
                let after = counts(&w);
                let grew = match kind {
                    0 | 1 => Counts {
                        bodies: before.1.bodies + 1,
                        ..before.1
                    },
                    2 => Counts {
                        planes: before.1.planes + 1,
                        ..before.1
                    },
                    3 => Counts {
                        joints: before.1.joints + 1,
                        ..before.1
                    },
                    _ => before.1,
                };
                assert_eq!(after, grew, "seed {seed} op {op} kind {kind}: counts");
                for (i, b) in w.bodies().iter().enumerate() {
                    assert!(
                        b.position().is_finite() && b.linear_velocity().is_finite(),
                        "seed {seed} op {op}: body {i} not finite"
                    );
                }
            }
            Err(e) => {
                refused += 1;
                let after = (w.state_hash(), counts(&w), w.contact_count());
                assert_eq!(
                    after, before,
                    "seed {seed} op {op} kind {kind}: {e} changed the world"
                );
                assert!(!e.to_string().is_empty());
            }
        }
    }
    (accepted, refused)
}

#[test]
fn random_api_sequences_keep_the_model() {
    let (mut accepted, mut refused) = (0, 0);
    for seed in 0..40 {
        let (a, r) = drive::<Growable>(seed, 2_000);
        accepted += a;
        refused += r;
        let (a, r) = drive::<Fixed<48>>(seed + 1000, 500);
        accepted += a;
        refused += r;
    }
    println!(
        "{} operations: {accepted} accepted, {refused} refused",
        accepted + refused
    );
    assert!(
        accepted > 10_000 && refused > 10_000,
        "{accepted} accepted, {refused} refused"
    );
}
