//! Queries on the world's state: joint errors, energies, speeds, penetration, a state hash.
use cwlist::{Buffer, Storage};
use num_traits::{Float, FloatConst};

use super::{
    BroadPhase, ConstraintFunction, RigidBody, Shape, World, WorldError, constraint_value,
    sphere_plane, sphere_sphere,
};

impl<T, S, U, B> World<T, S, U, B>
where
    T: Float + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// The largest |C| over the rows of joint `j` at the current state.
    ///
    /// # Errors
    /// [`WorldError::BodyOutOfRange`] naming the joint index if there is no joint `j`.
    pub fn joint_error(&self, j: usize) -> Result<T, WorldError> {
        let joints = self.joints.as_slice();
        let slot = joints.get(j).ok_or(WorldError::BodyOutOfRange {
            body: j,
            bodies: joints.len(),
        })?;
        let c = constraint_value(
            &slot.joint,
            &self.pose_of(Some(slot.a)),
            &self.pose_of(slot.b),
        );
        Ok(c[..slot.joint.rows()]
            .iter()
            .fold(T::zero(), |m, x| m.max(x.abs())))
    }

    /// The largest joint error of the world (0 without joints).
    pub fn max_joint_error(&self) -> T {
        (0..self.joints.as_slice().len())
            .filter_map(|j| self.joint_error(j).ok())
            .fold(T::zero(), T::max)
    }

    /// Total kinetic energy.
    pub fn kinetic_energy(&self) -> T {
        self.bodies
            .as_slice()
            .iter()
            .fold(T::zero(), |s, b| s + b.kinetic_energy())
    }

    /// Total potential energy in the gravity field, `−Σ m g·p` (dynamic bodies).
    pub fn potential_energy(&self) -> T {
        let g = self.settings.gravity;
        self.bodies
            .as_slice()
            .iter()
            .filter(|b| !b.is_static())
            .fold(T::zero(), |s, b| s - b.mass * g.dot(&b.position))
    }

    /// The fastest centre-of-mass speed of a dynamic body.
    pub fn max_speed(&self) -> T {
        self.bodies
            .as_slice()
            .iter()
            .fold(T::zero(), |m, b| m.max(b.linear_velocity.norm()))
    }

    /// The deepest penetration between spheres and between spheres and planes, from the
    /// current positions (0 when nothing overlaps).
    pub fn deepest_penetration(&self) -> T {
        let bodies = self.bodies.as_slice();
        let sphere = |b: &RigidBody<T>| match b.shape {
            Shape::Sphere(r) => Some(r),
            Shape::None => None,
        };
        let mut deepest = T::zero();
        for (a, b) in pairs::distinct_pairs(bodies) {
            if let (Some(ra), Some(rb)) = (sphere(a), sphere(b)) {
                let (_, gap, _) = sphere_sphere(a.position, ra, b.position, rb);
                deepest = deepest.max(-gap);
            }
        }
        for b in bodies {
            if let Some(r) = sphere(b) {
                for p in self.planes.as_slice() {
                    deepest = deepest.max(-sphere_plane(b.position, r, p).1);
                }
            }
        }
        deepest
    }

    /// A 64-bit FNV-1a hash of every body's position, orientation and velocities (bit
    /// patterns, through `f64`, which is exact for `f32`): equal hashes on two machines mean
    /// bit-identical states.
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
        }
        hash
    }
}
