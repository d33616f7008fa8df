//! Queries on the world's state: joint errors, energies, speeds, penetration, a state hash.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::FloatConst;

use super::step::narrow::bounding_radius;
use super::{
    Ball, BroadPhase, BruteForce, ConstraintFunction, Grid, Joint, JointGap, JointHandle,
    JointSlot, Proxy, World, WorldError, constraint_value,
};
use crate::geometry::{HalfSpace, Isometry};

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// How far joint `j` is from holding at the current state: the distance between its
    /// anchors in metres (ball, hinge, weld), the error of its length (distance joint), the
    /// anchors' offset across the axis (prismatic) and the angle in radians between its two
    /// axes (hinge) or frames (weld, prismatic). A user constraint reports its
    /// largest `|C|` as `distance` (in its own units) and no angle.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`] if there is no joint `j`.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// let j = w.add_ball_joint(a, None, Vector([0.0, 1.0, 0.0])).unwrap();
    /// assert_eq!(w.joint_error(j).unwrap().distance, 0.0);
    /// w.set_position(a, Vector([0.3, -0.4, 0.0])).unwrap();
    /// assert!((w.joint_error(j).unwrap().distance - 0.5).abs() < 1e-12);
    /// ```
    pub fn joint_error(&self, j: JointHandle) -> Result<JointGap<T>, WorldError> {
        Ok(self.gap(self.slot(j)?))
    }

    /// How far `slot`'s joint is from holding.
    fn gap(&self, slot: &JointSlot<T, U>) -> JointGap<T> {
        let (pa, pb) = (self.pose_of(Some(slot.a)), self.pose_of(slot.b));
        let anchors = |ball: &Ball<T>| (pb.point(&ball.anchor_b) - pa.point(&ball.anchor_a)).norm();
        match &slot.joint {
            Joint::Ball(ball) => JointGap {
                distance: anchors(ball),
                angle: T::zero(),
            },
            Joint::Distance(d) => JointGap {
                distance: ((pb.point(&d.anchor_b) - pa.point(&d.anchor_a)).norm() - d.length).abs(),
                angle: T::zero(),
            },
            Joint::Hinge(h) => {
                let axis_a = pa.direction(&h.axis_a);
                let axis_b = pb.direction(&h.perp_b[0].cross(&h.perp_b[1]));
                JointGap {
                    distance: anchors(&h.ball),
                    angle: axis_a.cross(&axis_b).norm().atan2(axis_a.dot(&axis_b)),
                }
            }
            Joint::Weld(weld) => JointGap {
                distance: anchors(&weld.ball),
                angle: weld.alignment.angle(&pa, &pb),
            },
            Joint::Prismatic(slider) => JointGap {
                distance: slider.offset(&pa, &pb),
                angle: slider.alignment.angle(&pa, &pb),
            },
            Joint::User(_) => {
                let c = constraint_value(&slot.joint, &pa, &pb);
                JointGap {
                    distance: c[..slot.joint.rows()]
                        .iter()
                        .fold(T::zero(), |m, x| m.max(x.abs())),
                    angle: T::zero(),
                }
            }
        }
    }

    /// The largest anchor gap of any joint in metres ([`JointGap::distance`]; 0 without
    /// joints).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// w.add_ball_joint(ball, None, Vector([0.0, 1.0, 0.0])).unwrap();
    /// assert_eq!(w.max_joint_error(), 0.0);
    /// ```
    pub fn max_joint_error(&self) -> T {
        self.joints()
            .iter()
            .map(|slot| self.gap(slot))
            .fold(T::zero(), |m, g| m.max(g.distance))
    }

    /// The largest angle between the two axes of any hinge or the two frames of any weld or
    /// prismatic joint, in radians (0 without them).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// w.add_hinge_joint(ball, None, Vector([0.0, 2.0, 0.0]), Vector([0.0, 0.0, 1.0])).unwrap();
    /// assert!(w.max_joint_angle_error() < 1e-12);
    /// ```
    pub fn max_joint_angle_error(&self) -> T {
        self.joints()
            .iter()
            .map(|slot| self.gap(slot))
            .fold(T::zero(), |m, g| m.max(g.angle))
    }

    /// Total kinetic energy.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.add_body(RigidBody::sphere(2.0, 0.1).unwrap().with_linear_velocity(Vector([1.0, 0.0, 0.0]))).unwrap();
    /// assert_eq!(w.kinetic_energy(), 1.0);
    /// ```
    pub fn kinetic_energy(&self) -> T {
        self.bodies
            .as_slice()
            .iter()
            .fold(T::zero(), |s, b| s + b.kinetic_energy())
    }

    /// Total potential energy in the gravity field, `−Σ m g·p` (dynamic bodies).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// assert!((w.potential_energy() - 9.81).abs() < 1e-12); // m g h, 1 kg at 1 m
    /// ```
    pub fn potential_energy(&self) -> T {
        let g = self.settings.gravity;
        self.bodies
            .as_slice()
            .iter()
            .filter(|b| !b.is_static())
            .fold(T::zero(), |s, b| s - b.mass * g.dot(&b.position))
    }

    /// The fastest centre-of-mass speed of a dynamic body.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_linear_velocity(Vector([3.0, 4.0, 0.0]))).unwrap();
    /// assert_eq!(w.max_speed(), 5.0);
    /// ```
    pub fn max_speed(&self) -> T {
        self.bodies
            .as_slice()
            .iter()
            .fold(T::zero(), |m, b| m.max(b.linear_velocity.norm()))
    }

    /// The deepest penetration between any two shapes and between shapes and planes, from
    /// the current poses (0 when nothing overlaps), measured by the same contact geometry
    /// as the step.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    /// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.09, 0.0]))).unwrap();
    /// assert!((w.deepest_penetration() - 0.01).abs() < 1e-12);
    /// ```
    pub fn deepest_penetration(&self) -> T {
        let bodies = self.bodies.as_slice();
        let mut deepest = T::zero();
        let pose = |i: usize| Isometry::new(bodies[i].position, bodies[i].orientation);
        let solid = |i: usize| bodies[i].shape.solid().ok().flatten();
        // Candidate pairs from a grid over the bounding spheres (in the world's own storage,
        // so it holds every body); the brute force if the grid cannot be built.
        let mut proxies: S::Buf<Proxy<T>> = Buffer::new();
        let mut complete = true;
        for (i, b) in bodies.iter().enumerate() {
            if let Some(radius) = bounding_radius(&b.shape) {
                let proxy = Proxy {
                    body: i,
                    center: b.position,
                    radius,
                };
                complete &= proxies.try_push(proxy).is_ok();
            }
        }
        let proxies = proxies.as_slice();
        let mut pair = |i: usize, j: usize| {
            let (a, b) = (proxies[i].body, proxies[j].body);
            if let (Some(sa), Some(sb)) = (solid(a), solid(b)) {
                let m = sa.contact(&pose(a), &sb, &pose(b), T::zero());
                deepest = deepest.max(-m.min_gap().unwrap_or(T::zero()));
            }
        };
        let grid = complete
            && Grid::<S>::default()
                .candidates(proxies, T::zero(), &mut pair)
                .is_ok();
        if !grid {
            BruteForce
                .candidates(proxies, T::zero(), &mut pair)
                .unwrap_or(());
        }
        for p in proxies {
            if let Some(s) = solid(p.body) {
                for plane in self.planes.as_slice() {
                    let half_space = HalfSpace {
                        normal: plane.normal,
                        offset: plane.offset,
                    };
                    let m = s.contact_plane(&pose(p.body), &half_space, T::zero());
                    deepest = deepest.max(-m.min_gap().unwrap_or(T::zero()));
                }
            }
        }
        deepest
    }

    /// A 64-bit FNV-1a hash of every body's position, orientation and velocities (bit
    /// patterns, through `f64`, which is exact for `f32`): equal hashes on two machines mean
    /// bit-identical states.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let run = || {
    ///     let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    ///     w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    ///     w.step().unwrap();
    ///     w.state_hash()
    /// };
    /// assert_eq!(run(), run()); // deterministic to the bit
    /// ```
    pub fn state_hash(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        let mut feed = |x: T| {
            let bits = x.to_f64().map_or(u64::MAX, f64::to_bits);
            for byte in bits.to_le_bytes() {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            }
        };
        for b in self.bodies.as_slice() {
            let q = b.orientation;
            for x in b.position.0.iter().chain(b.linear_velocity.0.iter()) {
                feed(*x);
            }
            for x in b.angular_velocity_body.0 {
                feed(x);
            }
            for x in [q.w, q.x, q.y, q.z] {
                feed(x);
            }
            // Accumulated forces only when there are some (the hashes of worlds without
            // them stay as they were).
            if b.force != xform::Vector::zeros() || b.torque != xform::Vector::zeros() {
                for x in b.force.0.iter().chain(b.torque.0.iter()) {
                    feed(*x);
                }
            }
        }
        hash
    }
}
