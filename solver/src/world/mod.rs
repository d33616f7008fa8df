//! A small rigid-body world composed from every crate of the workspace: bodies integrated
//! with [`rotint`] (gyroscopic term included), constraint Jacobians from [`dual`], contact
//! candidates from [`pairs`], the live contact set in a [`cwlist::List`], and the velocity
//! solve by this crate's PGS-SOR in sequential-impulse form.
//!
//! # One step (`Δt` fixed, Havok's semi-implicit scheme)
//! 1. free motion: `v* = v + Δt g`; `ω*` from Euler's equations in the body frame
//!    (`rotint::BodyInertia::advance_omega`, energy-conserving implicit midpoint by default);
//! 2. contacts: broad phase ([`BroadPhase`], default [`BruteForce`] over
//!    `pairs::distinct_pairs`), sphere-sphere and sphere-plane narrow phase, the contact list
//!    updated in place (kept contacts keep their impulses for warm starting);
//! 3. rows: every joint is linearized by [`linearize`] (`DualVec<T, 12>`), bias
//!    `B = −βC/Δt`; each contact gives a normal row (`λ >= 0`, bias from restitution,
//!    speculative gap or Baumgarte) and two friction rows bounded by `±μλₙ`;
//! 4. solve `Γλ = η`, `η = B − Jv*`, warm-started: with [`JointSolver::Direct`] (default)
//!    by block Gauss-Seidel whose joint block (the rows of the joint tree) is solved exactly
//!    by a linear-time sparse `LDLᵀ` of the augmented system (Baraff 1996, module `tree`;
//!    factors in `f64`, then up to three sweeps of iterative refinement when the joint
//!    block is alone), the other rows (contacts, loop-closing joints) by projected PGS-SOR
//!    updates; with [`JointSolver::Pgs`] every row by [`pgs_sor`](crate::pgs_sor()) over
//!    [`crate::SequentialImpulse`];
//! 5. `v' = v* + M⁻¹Jᵀλ`; positions `p' = p + Δt v'`, orientations `q' = q exp(½Δt ω'_body)`
//!    through [`rotint::Stepper`] (body frame, rotation guard);
//! 6. post-stabilization (default on): Newton iterations projecting the new poses onto
//!    `C = 0`, re-linearized with the dual-number Jacobians each iteration; each solves
//!    `J W⁻¹ Jᵀ δλ = −C` with the direct solve (`W = M/m` per body) and moves the bodies by
//!    `Δq = W⁻¹Jᵀδλ` (orientations by the exponential map), velocities by `Δq/Δt`.
//!
//! A step that fails leaves every body as it was.
//!
//! # Storage
//! Every array of the world lives in a [`cwlist::Storage`]: [`cwlist::Fixed<N>`] (no
//! allocation, each array holds at most `N` items, so `N` must cover the constraint rows:
//! joints' rows plus three per contact) or, with the `alloc` feature, `cwlist::Growable`.
mod body;
mod constraint;
mod contact;
mod error;
mod joint;
mod pose;
mod settings;
mod tree;

pub use body::{Material, RigidBody, Shape};
pub use constraint::{
    ConstraintFunction, Linearization, MAX_JOINT_ROWS, NoUserConstraint, constraint_value,
    linearize,
};
pub use contact::{
    BroadPhase, BruteForce, Contact, Partner, Plane, Proxy, sphere_plane, sphere_sphere,
};
pub use error::WorldError;
pub use joint::{Ball, Distance, Hinge, Joint, orthonormal_pair};
pub use pose::{Lift, Pose, lift_vector};
pub use settings::{JointSolver, WorldSettings};

use core::fmt;

use cwlist::{Buffer, List, Storage};
use num_traits::{Float, FloatConst};
use rotint::{Frame, Stepper};
use xform::Vector;

use crate::{
    BodyInverseMass, BodyVelocity, Bounds, Certificate, ConstraintRow, JacobianBlock, PgsSettings,
    RowCache, RowFlag, RowOperator, SequentialImpulse, certify, pgs_sor, relax_row,
};
use tree::JointTree;

/// Sweeps of iterative refinement after the direct solve of a joint block alone.
const MAX_REFINEMENTS: usize = 3;

/// A world in fixed-capacity storage (no allocation): at most `N` bodies, joints, planes,
/// contacts and constraint rows.
pub type FixedWorld<T, const N: usize, U = NoUserConstraint> = World<T, cwlist::Fixed<N>, U>;

/// A world in growable storage.
#[cfg(feature = "alloc")]
pub type GrowableWorld<T, U = NoUserConstraint> = World<T, cwlist::Growable, U>;

/// A joint and the bodies it connects, with its impulses of the last step (warm start).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointSlot<T, U> {
    /// First body.
    pub a: usize,
    /// Second body, or `None` for the world.
    pub b: Option<usize>,
    /// The constraint.
    pub joint: Joint<T, U>,
    /// Impulses of the last step, per row.
    pub impulse: [T; MAX_JOINT_ROWS],
}

/// What a step did.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepReport<T> {
    /// Constraint rows solved (joint rows plus contact rows).
    pub rows: usize,
    /// Live contacts.
    pub contacts: usize,
    /// Joint rows solved directly (0 with [`JointSolver::Pgs`]).
    pub direct_rows: usize,
    /// Pivots of the direct solve raised by regularization (redundant joint rows).
    pub regularized_pivots: usize,
    /// Newton iterations the position projection took.
    pub projection_iterations: usize,
    /// The certificate of the velocity solve.
    pub certificate: Certificate<T>,
}

/// The rigid-body world. See the [module docs](self) for the step.
///
/// `S` is the storage ([`cwlist::Fixed<N>`] or `cwlist::Growable` with `alloc`), `U` the type of user
/// constraint functions (none by default), `B` the broad phase.
pub struct World<T, S: Storage, U = NoUserConstraint, B = BruteForce> {
    settings: WorldSettings<T>,
    stepper: Stepper<T>,
    broad_phase: B,
    time: T,
    bodies: S::Buf<RigidBody<T>>,
    joints: S::Buf<JointSlot<T, U>>,
    planes: S::Buf<Plane<T>>,
    contacts: List<Contact<T>, u32, S>,
    // Scratch of the step, kept to avoid reallocation.
    next: S::Buf<RigidBody<T>>,
    proxies: S::Buf<Proxy<T>>,
    inverse: S::Buf<BodyInverseMass<T>>,
    free: S::Buf<BodyVelocity<T>>,
    delta_v: S::Buf<BodyVelocity<T>>,
    rows: S::Buf<ConstraintRow<T>>,
    cache: S::Buf<RowCache<T>>,
    eta: S::Buf<T>,
    bounds: S::Buf<Bounds<T>>,
    lambda: S::Buf<T>,
    flags: S::Buf<RowFlag>,
    tree: JointTree<T, S>,
    direct_row: S::Buf<bool>,
    delta_lambda: S::Buf<T>,
}

impl<T: Float + fmt::Debug, S: Storage, U: fmt::Debug, B: fmt::Debug> fmt::Debug
    for World<T, S, U, B>
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("World")
            .field("time", &self.time)
            .field("settings", &self.settings)
            .field("broad_phase", &self.broad_phase)
            .field("bodies", &self.bodies.as_slice())
            .field("joints", &self.joints.as_slice())
            .field("planes", &self.planes.as_slice())
            .field("contacts", &self.contacts.len())
            .finish_non_exhaustive()
    }
}

fn push<E>(buf: &mut impl Buffer<E>, e: E, what: &'static str) -> Result<(), WorldError> {
    buf.try_push(e)
        .map_err(|_| WorldError::CapacityExceeded { what })
}

fn block<T: Float>(body: usize, j: &[T; 12], offset: usize) -> JacobianBlock<T> {
    JacobianBlock {
        body,
        linear: Vector([j[offset], j[offset + 1], j[offset + 2]]),
        angular: Vector([j[offset + 3], j[offset + 4], j[offset + 5]]),
    }
}

fn block_dot<T: Float>(b: &JacobianBlock<T>, v: &BodyVelocity<T>) -> T {
    b.linear.dot(&v.linear) + b.angular.dot(&v.angular)
}

fn row_dot<T: Float>(row: &ConstraintRow<T>, v: &[BodyVelocity<T>]) -> T {
    let mut s = block_dot(&row.a, &v[row.a.body]);
    if let Some(b) = &row.b {
        s = s + block_dot(b, &v[b.body]);
    }
    s
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Float + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// An empty world with the default broad phase.
    ///
    /// # Errors
    /// [`WorldError::InvalidSettings`] (or a solver settings error) for bad settings.
    pub fn new(settings: WorldSettings<T>) -> Result<Self, WorldError>
    where
        B: Default,
    {
        Self::with_broad_phase(settings, B::default())
    }

    /// An empty world with the given broad phase.
    ///
    /// # Errors
    /// As [`World::new`].
    pub fn with_broad_phase(
        settings: WorldSettings<T>,
        broad_phase: B,
    ) -> Result<Self, WorldError> {
        settings.validate()?;
        Ok(Self {
            settings,
            stepper: Stepper::new().with_frame(Frame::Body),
            broad_phase,
            time: T::zero(),
            bodies: Buffer::new(),
            joints: Buffer::new(),
            planes: Buffer::new(),
            contacts: List::new(),
            next: Buffer::new(),
            proxies: Buffer::new(),
            inverse: Buffer::new(),
            free: Buffer::new(),
            delta_v: Buffer::new(),
            rows: Buffer::new(),
            cache: Buffer::new(),
            eta: Buffer::new(),
            bounds: Buffer::new(),
            lambda: Buffer::new(),
            flags: Buffer::new(),
            tree: JointTree::new(),
            direct_row: Buffer::new(),
            delta_lambda: Buffer::new(),
        })
    }

    /// The settings.
    pub fn settings(&self) -> &WorldSettings<T> {
        &self.settings
    }

    /// Replaces the settings (takes effect at the next step).
    ///
    /// # Errors
    /// As [`World::new`]; the old settings stay on error.
    pub fn set_settings(&mut self, settings: WorldSettings<T>) -> Result<(), WorldError> {
        settings.validate()?;
        self.settings = settings;
        Ok(())
    }

    /// Replaces the rotation stepper (exponential map, Magnus terms, guard); the frame is
    /// always the body frame.
    pub fn set_stepper(&mut self, stepper: Stepper<T>) {
        self.stepper = stepper.with_frame(Frame::Body);
    }

    /// Simulated time.
    pub fn time(&self) -> T {
        self.time
    }

    /// Adds a body and returns its index.
    ///
    /// # Errors
    /// [`WorldError::NonFinite`] for a NaN/infinite position or velocity,
    /// [`WorldError::InvalidOrientation`], [`WorldError::InvalidParameter`] (radius,
    /// material), [`WorldError::CapacityExceeded`].
    pub fn add_body(&mut self, body: RigidBody<T>) -> Result<usize, WorldError> {
        let body = body.validated()?;
        push(&mut self.bodies, body, "bodies")?;
        Ok(self.bodies.as_slice().len() - 1)
    }

    /// Adds a static plane `normal·x = offset` (normal is normalized) and returns its index.
    ///
    /// # Errors
    /// [`WorldError::InvalidParameter`] for a zero or non-finite normal or offset, a bad
    /// material; [`WorldError::CapacityExceeded`].
    pub fn add_plane(
        &mut self,
        normal: Vector<T, 3>,
        offset: T,
        material: Material<T>,
    ) -> Result<usize, WorldError> {
        let normal = normal
            .try_normalize()
            .map_err(|_| WorldError::InvalidParameter {
                what: "plane normal",
            })?;
        if !offset.is_finite() {
            return Err(WorldError::NonFinite {
                what: "plane offset",
            });
        }
        material.validate()?;
        push(
            &mut self.planes,
            Plane {
                normal,
                offset,
                material,
            },
            "planes",
        )?;
        Ok(self.planes.as_slice().len() - 1)
    }

    /// The bodies, by index.
    pub fn bodies(&self) -> &[RigidBody<T>] {
        self.bodies.as_slice()
    }

    /// One body.
    ///
    /// # Errors
    /// [`WorldError::BodyOutOfRange`].
    pub fn body(&self, i: usize) -> Result<&RigidBody<T>, WorldError> {
        let bodies = self.bodies.as_slice();
        bodies.get(i).ok_or(WorldError::BodyOutOfRange {
            body: i,
            bodies: bodies.len(),
        })
    }

    fn body_mut(&mut self, i: usize) -> Result<&mut RigidBody<T>, WorldError> {
        let bodies = self.bodies.as_mut_slice();
        let n = bodies.len();
        bodies
            .get_mut(i)
            .ok_or(WorldError::BodyOutOfRange { body: i, bodies: n })
    }

    /// Sets a dynamic body's linear velocity (ignored for static bodies).
    ///
    /// # Errors
    /// [`WorldError::BodyOutOfRange`], [`WorldError::NonFinite`].
    pub fn set_linear_velocity(&mut self, i: usize, v: Vector<T, 3>) -> Result<(), WorldError> {
        if !v.is_finite() {
            return Err(WorldError::NonFinite {
                what: "linear velocity",
            });
        }
        let body = self.body_mut(i)?;
        if !body.is_static() {
            body.linear_velocity = v;
        }
        Ok(())
    }

    /// Sets a dynamic body's angular velocity, world frame (ignored for static bodies).
    ///
    /// # Errors
    /// [`WorldError::BodyOutOfRange`], [`WorldError::NonFinite`].
    pub fn set_angular_velocity(&mut self, i: usize, w: Vector<T, 3>) -> Result<(), WorldError> {
        if !w.is_finite() {
            return Err(WorldError::NonFinite {
                what: "angular velocity",
            });
        }
        let body = self.body_mut(i)?;
        if !body.is_static() {
            body.angular_velocity_body = body.orientation.conjugate().rotate(&w);
        }
        Ok(())
    }

    /// The static planes.
    pub fn planes(&self) -> &[Plane<T>] {
        self.planes.as_slice()
    }

    /// The joints.
    pub fn joints(&self) -> &[JointSlot<T, U>] {
        self.joints.as_slice()
    }

    /// The live contacts (in list order).
    pub fn contacts(&self) -> impl Iterator<Item = &Contact<T>> + '_ {
        self.contacts.iter()
    }

    /// How many contacts are live.
    pub fn contact_count(&self) -> usize {
        self.contacts.len()
    }

    fn pose_of(&self, b: Option<usize>) -> Pose<T> {
        b.map_or_else(Pose::identity, |i| self.bodies.as_slice()[i].pose())
    }

    fn check_index(&self, i: usize) -> Result<(), WorldError> {
        self.body(i).map(|_| ())
    }

    /// Adds a joint between body `a` and body `b` (or the world for `None`) and returns its
    /// index. The joint is linearized at the current state to check it can act.
    ///
    /// # Errors
    /// [`WorldError::BodyOutOfRange`], [`WorldError::SameBody`],
    /// [`WorldError::InvalidRowCount`], [`WorldError::NonFinite`] (constraint value),
    /// [`WorldError::JacobianVanishes`] for a row with a zero (or non-finite) Jacobian or one
    /// that acts on static bodies only, [`WorldError::CapacityExceeded`].
    pub fn add_joint(
        &mut self,
        a: usize,
        b: Option<usize>,
        joint: Joint<T, U>,
    ) -> Result<usize, WorldError> {
        self.check_index(a)?;
        if let Some(b) = b {
            self.check_index(b)?;
            if a == b {
                return Err(WorldError::SameBody { body: a });
            }
        }
        let rows = joint.rows();
        if rows == 0 || rows > MAX_JOINT_ROWS {
            return Err(WorldError::InvalidRowCount { rows });
        }
        let lin = linearize(&joint, &self.pose_of(Some(a)), &self.pose_of(b));
        let body_a = &self.bodies.as_slice()[a];
        let inv_a = BodyInverseMass {
            inv_mass: body_a.inv_mass,
            inv_inertia: body_a.world_inverse_inertia(),
        };
        let inv_b = b.map_or_else(BodyInverseMass::fixed, |b| {
            let body = &self.bodies.as_slice()[b];
            BodyInverseMass {
                inv_mass: body.inv_mass,
                inv_inertia: body.world_inverse_inertia(),
            }
        });
        let tiny = T::epsilon().sqrt();
        for r in 0..rows {
            if !lin.value[r].is_finite() {
                return Err(WorldError::NonFinite {
                    what: "joint constraint value",
                });
            }
            let j = &lin.jacobian[r];
            let (ja, jb) = (block(a, j, 0), block(a, j, 6));
            let effective = ja.linear.norm_squared() * inv_a.inv_mass
                + ja.angular.dot(&(inv_a.inv_inertia * ja.angular))
                + jb.linear.norm_squared() * inv_b.inv_mass
                + jb.angular.dot(&(inv_b.inv_inertia * jb.angular));
            let size = j.iter().fold(T::zero(), |m, x| m.max(x.abs()));
            if !(size.is_finite() && size > tiny && effective > T::zero()) {
                return Err(WorldError::JacobianVanishes { row: r });
            }
        }
        let slot = JointSlot {
            a,
            b,
            joint,
            impulse: [T::zero(); MAX_JOINT_ROWS],
        };
        push(&mut self.joints, slot, "joints")?;
        Ok(self.joints.as_slice().len() - 1)
    }

    /// A ball joint at the world point `point` (anchors computed from the current poses).
    ///
    /// # Errors
    /// As [`World::add_joint`], plus [`WorldError::NonFinite`] for the point.
    pub fn add_ball_joint(
        &mut self,
        a: usize,
        b: Option<usize>,
        point: Vector<T, 3>,
    ) -> Result<usize, WorldError> {
        if !point.is_finite() {
            return Err(WorldError::NonFinite {
                what: "joint point",
            });
        }
        self.check_index(a)?;
        if let Some(b) = b {
            self.check_index(b)?;
        }
        let ball = Ball {
            anchor_a: self.pose_of(Some(a)).to_local(&point),
            anchor_b: self.pose_of(b).to_local(&point),
        };
        self.add_joint(a, b, Joint::Ball(ball))
    }

    /// A distance joint between the world points `anchor_a` (on a) and `anchor_b` (on b, or
    /// fixed in the world), keeping their current distance.
    ///
    /// # Errors
    /// As [`World::add_joint`] (coincident anchors: [`WorldError::JacobianVanishes`]).
    pub fn add_distance_joint(
        &mut self,
        a: usize,
        b: Option<usize>,
        anchor_a: Vector<T, 3>,
        anchor_b: Vector<T, 3>,
    ) -> Result<usize, WorldError> {
        if !(anchor_a.is_finite() && anchor_b.is_finite()) {
            return Err(WorldError::NonFinite {
                what: "joint anchor",
            });
        }
        self.check_index(a)?;
        if let Some(b) = b {
            self.check_index(b)?;
        }
        let distance = Distance {
            anchor_a: self.pose_of(Some(a)).to_local(&anchor_a),
            anchor_b: self.pose_of(b).to_local(&anchor_b),
            length: (anchor_b - anchor_a).norm(),
        };
        self.add_joint(a, b, Joint::Distance(distance))
    }

    /// A hinge through the world point `point` about the world direction `axis`.
    ///
    /// # Errors
    /// As [`World::add_joint`], plus [`WorldError::InvalidParameter`] for a zero axis.
    pub fn add_hinge_joint(
        &mut self,
        a: usize,
        b: Option<usize>,
        point: Vector<T, 3>,
        axis: Vector<T, 3>,
    ) -> Result<usize, WorldError> {
        let axis = axis
            .try_normalize()
            .map_err(|_| WorldError::InvalidParameter { what: "hinge axis" })?;
        if !point.is_finite() {
            return Err(WorldError::NonFinite {
                what: "joint point",
            });
        }
        self.check_index(a)?;
        if let Some(b) = b {
            self.check_index(b)?;
        }
        let (pa, pb) = (self.pose_of(Some(a)), self.pose_of(b));
        let ball = Ball {
            anchor_a: pa.to_local(&point),
            anchor_b: pb.to_local(&point),
        };
        let hinge = Hinge::new(
            ball,
            pa.direction_to_local(&axis),
            pb.direction_to_local(&axis),
        );
        self.add_joint(a, b, Joint::Hinge(hinge))
    }

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

    /// Advances the world by one step `settings.dt`.
    ///
    /// # Errors
    /// [`WorldError::CapacityExceeded`] (contacts or rows in fixed storage),
    /// [`WorldError::Solve`], [`WorldError::Rotation`], [`WorldError::NonFinite`] if the new
    /// state would not be finite. On error no body changes.
    pub fn step(&mut self) -> Result<StepReport<T>, WorldError> {
        self.step_traced(&mut [])
    }

    /// [`World::step`], running the velocity solve one sweep at a time and writing the
    /// projected residual after sweep `k + 1` into `trace[k]` (for convergence plots); with
    /// a non-empty `trace` the solve does exactly `trace.len()` sweeps.
    ///
    /// # Errors
    /// As [`World::step`].
    pub fn step_traced(&mut self, trace: &mut [T]) -> Result<StepReport<T>, WorldError> {
        let h = self.settings.dt;
        let has_joints = !self.joints.as_slice().is_empty();
        let direct = self.settings.joint_solver == JointSolver::Direct && has_joints;
        let project = self.settings.post_stabilization > 0 && has_joints;
        self.free_motion()?;
        self.collide()?;
        if direct || project {
            self.plan_tree()?;
        }
        self.build_velocity_rows()?;
        let solver = self.settings.solver;
        let (certificate, direct_rows) = if direct && self.tree.tree_rows() > 0 {
            (self.solve_block(&solver, trace)?, self.tree.tree_rows())
        } else {
            (self.solve_rows(&solver, trace)?, 0)
        };
        let mut regularized_pivots = if direct { self.tree.regularized() } else { 0 };
        let rows = self.rows.as_slice().len();
        self.apply_velocities();
        self.integrate_positions()?;
        let mut projection_iterations = 0;
        if project {
            projection_iterations = self.post_stabilize()?;
            regularized_pivots += self.tree.regularized();
        }
        for b in self.next.as_slice() {
            let finite = b.position.is_finite()
                && b.orientation.is_finite()
                && b.linear_velocity.is_finite()
                && b.angular_velocity_body.is_finite();
            if !finite {
                return Err(WorldError::NonFinite {
                    what: "step result",
                });
            }
        }
        core::mem::swap(&mut self.bodies, &mut self.next);
        self.time = self.time + h;
        Ok(StepReport {
            rows,
            contacts: self.contacts.len(),
            direct_rows,
            regularized_pivots,
            projection_iterations,
            certificate,
        })
    }

    /// Step 1: gravity and the gyroscopic term into `next`, inverse masses and free
    /// velocities.
    fn free_motion(&mut self) -> Result<(), WorldError> {
        let h = self.settings.dt;
        let g = self.settings.gravity;
        self.next.clear();
        self.inverse.clear();
        self.free.clear();
        self.delta_v.clear();
        for body in self.bodies.as_slice() {
            let mut next = *body;
            if let Some(inertia) = &body.inertia {
                next.linear_velocity = body.linear_velocity + g * h;
                if let Some(scheme) = self.settings.gyroscopic {
                    next.angular_velocity_body = inertia.advance_omega(
                        body.angular_velocity_body,
                        Vector::zeros(),
                        h,
                        scheme,
                    )?;
                }
            }
            push(&mut self.next, next, "bodies")?;
            let inverse = BodyInverseMass {
                inv_mass: body.inv_mass,
                inv_inertia: body.world_inverse_inertia(),
            };
            push(&mut self.inverse, inverse, "bodies")?;
            let free = BodyVelocity {
                linear: next.linear_velocity,
                angular: next.orientation.rotate(&next.angular_velocity_body),
            };
            push(&mut self.free, free, "bodies")?;
            push(&mut self.delta_v, BodyVelocity::default(), "bodies")?;
        }
        Ok(())
    }

    /// Step 2: refreshes the live contact list.
    fn collide(&mut self) -> Result<(), WorldError> {
        let Self {
            bodies,
            planes,
            proxies,
            contacts,
            broad_phase,
            settings,
            ..
        } = self;
        let bodies = bodies.as_slice();
        let margin = settings.margin;
        proxies.clear();
        for (i, b) in bodies.iter().enumerate() {
            if let Shape::Sphere(radius) = b.shape {
                push(
                    proxies,
                    Proxy {
                        body: i,
                        center: b.position,
                        radius,
                    },
                    "proxies",
                )?;
            }
        }
        contacts.for_each_mut(|c| c.fresh = false);
        let mut full = false;
        let proxies = proxies.as_slice();
        {
            let mut upsert =
                |a: usize,
                 partner: Partner,
                 (normal, gap, point): (Vector<T, 3>, T, Vector<T, 3>)| {
                    if let Some(c) = contacts
                        .iter_mut()
                        .find(|c| c.a == a && c.partner == partner)
                    {
                        c.normal = normal;
                        c.gap = gap;
                        c.point = point;
                        c.fresh = true;
                    } else {
                        let c = Contact {
                            a,
                            partner,
                            normal,
                            gap,
                            point,
                            impulse: [T::zero(); 3],
                            fresh: true,
                            row: usize::MAX,
                        };
                        full |= contacts.try_push_back(c).is_err();
                    }
                };
            broad_phase.candidates(proxies, margin, &mut |i, j| {
                let (p, q) = (&proxies[i], &proxies[j]);
                let (p, q) = if p.body < q.body { (p, q) } else { (q, p) };
                if bodies[p.body].is_static() && bodies[q.body].is_static() {
                    return;
                }
                let hit = sphere_sphere(p.center, p.radius, q.center, q.radius);
                if hit.1 < margin {
                    upsert(p.body, Partner::Body(q.body), hit);
                }
            });
            for p in proxies {
                if bodies[p.body].is_static() {
                    continue;
                }
                for (k, plane) in planes.as_slice().iter().enumerate() {
                    let hit = sphere_plane(p.center, p.radius, plane);
                    if hit.1 < margin {
                        upsert(p.body, Partner::Plane(k), hit);
                    }
                }
            }
        }
        contacts.retain(|c| c.fresh);
        if full {
            return Err(WorldError::CapacityExceeded { what: "contacts" });
        }
        Ok(())
    }

    fn clear_rows(&mut self) {
        self.rows.clear();
        self.eta.clear();
        self.bounds.clear();
        self.lambda.clear();
    }

    fn push_row(
        &mut self,
        row: ConstraintRow<T>,
        eta: T,
        bounds: Bounds<T>,
        lambda: T,
    ) -> Result<(), WorldError> {
        push(&mut self.rows, row, "rows")?;
        push(&mut self.eta, eta, "rows")?;
        push(&mut self.bounds, bounds, "rows")?;
        push(&mut self.lambda, lambda, "rows")
    }

    /// Joint rows at the poses of `bodies_next` (post-stabilization) or the current
    /// bodies; `bias(value, row)` gives η before subtracting `J v*` (and `free` is used only
    /// if `with_velocity`).
    fn build_joint_rows(&mut self, at_next: bool) -> Result<(), WorldError> {
        let h = self.settings.dt;
        let beta = self.settings.joint_beta;
        let count = self.joints.as_slice().len();
        for j in 0..count {
            let slot = self.joints.as_slice()[j].clone();
            let poses = if at_next {
                self.next.as_slice()
            } else {
                self.bodies.as_slice()
            };
            let pa = poses[slot.a].pose();
            let pb = slot.b.map_or_else(Pose::identity, |b| poses[b].pose());
            let lin = linearize(&slot.joint, &pa, &pb);
            for r in 0..lin.rows {
                let jac = &lin.jacobian[r];
                let row = ConstraintRow {
                    a: block(slot.a, jac, 0),
                    b: slot.b.map(|b| block(b, jac, 6)),
                };
                let (eta, warm) = if at_next {
                    (-lin.value[r], T::zero())
                } else {
                    let bias = crate::stabilization::baumgarte_bias(beta, lin.value[r], h);
                    (bias - row_dot(&row, self.free.as_slice()), slot.impulse[r])
                };
                self.push_row(row, eta, Bounds::bilateral(), warm)?;
            }
        }
        Ok(())
    }

    /// Step 3: joint and contact rows for the velocity solve.
    fn build_velocity_rows(&mut self) -> Result<(), WorldError> {
        self.clear_rows();
        self.build_joint_rows(false)?;
        let Self {
            contacts,
            rows,
            eta,
            bounds,
            lambda,
            bodies,
            planes,
            free,
            settings,
            ..
        } = self;
        let (bodies, planes, free, s) = (
            bodies.as_slice(),
            planes.as_slice(),
            free.as_slice(),
            *settings,
        );
        let h = s.dt;
        let mut full = false;
        let mut push_row = |row: ConstraintRow<T>, e: T, b: Bounds<T>, l: T| -> Option<usize> {
            let index = rows.as_slice().len();
            let ok = rows.try_push(row).is_ok()
                && eta.try_push(e).is_ok()
                && bounds.try_push(b).is_ok()
                && lambda.try_push(l).is_ok();
            full |= !ok;
            ok.then_some(index)
        };
        contacts.for_each_mut(|c| {
            c.row = usize::MAX;
            let body_a = &bodies[c.a];
            let (partner_center, material_b, b_index) = match c.partner {
                Partner::Body(b) => (Some(bodies[b].position), bodies[b].material, Some(b)),
                Partner::Plane(p) => (None, planes[p].material, None),
            };
            let mu = (body_a.material.friction * material_b.friction).sqrt();
            let e = body_a.material.restitution.max(material_b.restitution);
            let r_a = c.point - body_a.position;
            let r_b = partner_center.map(|p| c.point - p);
            let make = |dir: Vector<T, 3>| ConstraintRow {
                a: JacobianBlock {
                    body: c.a,
                    linear: dir,
                    angular: r_a.cross(&dir),
                },
                b: b_index.zip(r_b).map(|(b, r)| JacobianBlock {
                    body: b,
                    linear: -dir,
                    angular: -r.cross(&dir),
                }),
            };
            let normal = make(c.normal);
            // Normal speed at the start of the step (negative while closing).
            let start_a = BodyVelocity {
                linear: body_a.linear_velocity,
                angular: body_a.angular_velocity(),
            };
            let start_b = b_index.map_or_else(BodyVelocity::default, |b| BodyVelocity {
                linear: bodies[b].linear_velocity,
                angular: bodies[b].angular_velocity(),
            });
            let vn0 = block_dot(&normal.a, &start_a)
                + normal
                    .b
                    .as_ref()
                    .map_or(T::zero(), |b| block_dot(b, &start_b));
            let bouncing = e > T::zero() && -vn0 > s.restitution_threshold;
            let correction = s.contact_beta * (-c.gap - s.slop).max(T::zero()) / h;
            let bias = if bouncing {
                if c.gap > T::zero() {
                    // Not touching yet: it arrives with its full speed and bounces next step.
                    c.impulse = [T::zero(); 3];
                    return;
                }
                (-e * vn0).max(correction)
            } else if c.gap > T::zero() {
                -c.gap / h
            } else {
                correction
            };
            let eta_n = bias - row_dot(&normal, free);
            let Some(normal_row) = push_row(normal, eta_n, Bounds::unilateral(), c.impulse[0])
            else {
                return;
            };
            c.row = normal_row;
            if mu > T::zero() {
                let tangents = orthonormal_pair(&c.normal);
                for (t, warm) in tangents.into_iter().zip([c.impulse[1], c.impulse[2]]) {
                    let row = make(t);
                    let eta_t = -row_dot(&row, free);
                    push_row(row, eta_t, Bounds::friction(normal_row, mu), warm);
                }
            } else {
                c.impulse[1] = T::zero();
                c.impulse[2] = T::zero();
            }
        });
        if full {
            return Err(WorldError::CapacityExceeded { what: "rows" });
        }
        Ok(())
    }

    /// Step 4: PGS-SOR over the rows in sequential-impulse form.
    fn solve_rows(
        &mut self,
        settings: &PgsSettings<T>,
        trace: &mut [T],
    ) -> Result<Certificate<T>, WorldError> {
        let n = self.rows.as_slice().len();
        self.cache.clear();
        self.flags.clear();
        for _ in 0..n {
            push(&mut self.cache, RowCache::default(), "rows")?;
            push(&mut self.flags, RowFlag::Active, "rows")?;
        }
        for d in self.delta_v.as_mut_slice() {
            *d = BodyVelocity::default();
        }
        let mut op = SequentialImpulse::new(
            self.inverse.as_slice(),
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        )?;
        let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
        let (lambda, flags) = (self.lambda.as_mut_slice(), self.flags.as_mut_slice());
        if trace.is_empty() {
            return Ok(pgs_sor(&mut op, eta, bounds, settings, lambda, flags)?);
        }
        let mut certificate = None;
        for (k, slot) in trace.iter_mut().enumerate() {
            let one = PgsSettings {
                max_iterations: 1,
                tolerance: T::zero(),
                warm_start: k > 0 || settings.warm_start,
                ..*settings
            };
            let c = pgs_sor(&mut op, eta, bounds, &one, lambda, flags)?;
            *slot = c.residual;
            certificate = Some(Certificate {
                iterations: k + 1,
                ..c
            });
        }
        certificate.ok_or(WorldError::InvalidSettings("empty trace"))
    }

    /// Step 5: velocities after the impulses, impulses kept for warm starting.
    fn apply_velocities(&mut self) {
        let (free, delta) = (self.free.as_slice(), self.delta_v.as_slice());
        for ((next, f), d) in self.next.as_mut_slice().iter_mut().zip(free).zip(delta) {
            if next.is_static() {
                continue;
            }
            next.linear_velocity = f.linear + d.linear;
            if d.angular != Vector::zeros() {
                next.angular_velocity_body = next
                    .orientation
                    .conjugate()
                    .rotate(&(f.angular + d.angular));
            }
        }
        let lambda = self.lambda.as_slice();
        let mut row = 0;
        for slot in self.joints.as_mut_slice() {
            let rows = slot.joint.rows();
            slot.impulse[..rows].copy_from_slice(&lambda[row..row + rows]);
            row += rows;
        }
        let n = lambda.len();
        self.contacts.for_each_mut(|c| {
            if c.row == usize::MAX {
                c.impulse = [T::zero(); 3];
                return;
            }
            c.impulse[0] = lambda[c.row];
            // Friction rows, if any, follow their normal row.
            let friction = c.row + 2 < n
                && matches!(self.bounds.as_slice()[c.row + 1], Bounds::Friction { normal, .. } if normal == c.row);
            if friction {
                c.impulse[1] = lambda[c.row + 1];
                c.impulse[2] = lambda[c.row + 2];
            }
        });
    }

    /// Step 5b: positions and orientations from the new velocities.
    fn integrate_positions(&mut self) -> Result<(), WorldError> {
        let h = self.settings.dt;
        for next in self.next.as_mut_slice() {
            if next.is_static() {
                continue;
            }
            next.position += next.linear_velocity * h;
            let (q, _) = self.stepper.step(
                next.orientation,
                next.angular_velocity_body,
                Vector::zeros(),
                h,
            )?;
            next.orientation = q;
        }
        Ok(())
    }

    /// The joint tree of the direct solve (which joints are solved directly, which close
    /// loops) and the per-row flag of the direct block.
    fn plan_tree(&mut self) -> Result<(), WorldError> {
        let bodies = self.bodies.as_slice();
        let joints = self.joints.as_slice();
        self.tree.plan(
            bodies.len(),
            |i| !bodies[i].is_static(),
            joints.iter().map(|j| (j.a, j.b, j.joint.rows())),
        )?;
        self.direct_row.clear();
        for (j, slot) in joints.iter().enumerate() {
            let tree = self.tree.is_tree_joint(j);
            for _ in 0..slot.joint.rows() {
                push(&mut self.direct_row, tree, "rows")?;
            }
        }
        Ok(())
    }

    /// Step 4 with [`JointSolver::Direct`]: block Gauss-Seidel whose first block, the rows
    /// of the joint tree, is solved exactly (`JointTree`, one factorization per call), the
    /// other rows (contacts, loop-closing joints) by projected PGS-SOR updates. Without
    /// other rows one sweep solves the problem exactly.
    fn solve_block(
        &mut self,
        settings: &PgsSettings<T>,
        trace: &mut [T],
    ) -> Result<Certificate<T>, WorldError> {
        let n = self.rows.as_slice().len();
        self.cache.clear();
        self.flags.clear();
        self.delta_lambda.clear();
        for _ in 0..n {
            push(&mut self.cache, RowCache::default(), "rows")?;
            push(&mut self.flags, RowFlag::Active, "rows")?;
            push(&mut self.delta_lambda, T::zero(), "rows")?;
        }
        for d in self.delta_v.as_mut_slice() {
            *d = BodyVelocity::default();
        }
        let (cfm, omega) = (settings.cfm, settings.omega);
        self.tree
            .factor(self.rows.as_slice(), self.inverse.as_slice(), cfm);
        let mut op = SequentialImpulse::new(
            self.inverse.as_slice(),
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        )?;
        let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
        let (lambda, flags) = (self.lambda.as_mut_slice(), self.flags.as_mut_slice());
        let delta = self.delta_lambda.as_mut_slice();
        let direct_row = self.direct_row.as_slice();
        let is_direct = |i: usize| direct_row.get(i).copied().unwrap_or(false);
        for l in lambda.iter_mut() {
            if !settings.warm_start || !l.is_finite() {
                *l = T::zero();
            }
        }
        op.reset(lambda);
        let iterative = (0..n).any(|i| !is_direct(i));
        let sweeps = if trace.is_empty() {
            settings.max_iterations.max(1)
        } else {
            trace.len()
        };
        let mut iterations = 0;
        let mut previous = T::infinity();
        while iterations < sweeps {
            iterations += 1;
            // The joint block, exactly: (Γ_JJ + cfm) δ = η − (Γλ + cfm λ) on its rows.
            {
                let op = &op;
                let lambda = &*lambda;
                self.tree.solve(
                    |i| eta[i] - op.product_row(i, lambda) - cfm * lambda[i],
                    |i, d| delta[i] = d,
                );
            }
            for i in (0..n).filter(|&i| is_direct(i)) {
                lambda[i] = lambda[i] + delta[i];
                op.apply(i, delta[i]);
            }
            // The other rows, projected.
            for i in (0..n).filter(|&i| !is_direct(i)) {
                relax_row(&mut op, i, eta[i], &bounds[i], cfm, omega, lambda)?;
            }
            if let Some(slot) = trace.get_mut(iterations - 1) {
                *slot = certify(&op, eta, bounds, cfm, lambda, flags).0;
            } else if !iterative {
                // Only tree rows: one sweep is the exact solve up to round-off, and the
                // sweeps after it are iterative refinement (the residual is recomputed
                // through `J`, not through the factors). The augmented `LDLᵀ` is not
                // backward stable for `Γ` under mass ratios (1e4–1e6 ε at 1000:1):
                // refine while the residual at least halves, a few times at most.
                let residual = certify(&op, eta, bounds, cfm, lambda, flags).0;
                let half = (T::one() + T::one()).recip();
                let stalled = residual.is_nan() || residual >= previous * half;
                if stalled || residual <= settings.tolerance || iterations > MAX_REFINEMENTS {
                    break;
                }
                previous = residual;
            } else if settings.tolerance > T::zero() {
                let (residual, violation) = certify(&op, eta, bounds, cfm, lambda, flags);
                if residual <= settings.tolerance && violation <= settings.tolerance {
                    break;
                }
            }
        }
        if lambda.iter().any(|l| !l.is_finite()) {
            return Err(WorldError::NonFinite {
                what: "joint impulse",
            });
        }
        let (residual, bound_violation) = certify(&op, eta, bounds, cfm, lambda, flags);
        Ok(Certificate {
            residual,
            bound_violation,
            iterations,
            converged: residual <= settings.tolerance && bound_violation <= settings.tolerance,
            flagged_rows: 0,
            omega,
            fallbacks: 0,
        })
    }

    /// Step 6: projects the joints back onto `C = 0` at the new poses by Newton
    /// iterations (see [`WorldSettings::post_stabilization`]); returns how many it took.
    ///
    /// Each correction `Δq` also changes the velocity by `Δq/Δt` (as if the step had
    /// arrived there): velocities left alone keep the motion that violated the joints, and a
    /// taut chain with a heavy end then turns unstable (the geometric stiffness of the
    /// joints is explicit in the velocity solve), measured in the chain scene.
    fn post_stabilize(&mut self) -> Result<usize, WorldError> {
        let tolerance = self.settings.projection_tolerance;
        let h = self.settings.dt;
        let settings = PgsSettings {
            warm_start: false,
            tolerance: T::zero(),
            ..self.settings.solver
        };
        let mut iterations = 0;
        while iterations < self.settings.post_stabilization {
            self.clear_rows();
            self.build_joint_rows(true)?;
            let error = self
                .eta
                .as_slice()
                .iter()
                .fold(T::zero(), |m, c| m.max(c.abs()));
            if error <= tolerance {
                break;
            }
            iterations += 1;
            // The metric of the projection: every dynamic body weighs one, its rotations
            // by its radius of gyration (`M/m`). With `M` itself a 1000:1 ratio makes the
            // light bodies take the whole correction and Newton stalls near a taut chain.
            for (inv, b) in self
                .inverse
                .as_mut_slice()
                .iter_mut()
                .zip(self.next.as_slice())
            {
                if !b.is_static() {
                    inv.inv_mass = T::one();
                    inv.inv_inertia = b.world_inverse_inertia() * b.mass;
                }
            }
            self.solve_block(&settings, &mut [])?;
            let delta = self.delta_v.as_slice();
            for (next, d) in self.next.as_mut_slice().iter_mut().zip(delta) {
                if next.is_static() {
                    continue;
                }
                next.position += d.linear;
                next.linear_velocity += d.linear / h;
                if d.angular != Vector::zeros() {
                    let turn = rotint::quat_exp(d.angular);
                    next.orientation = (turn * next.orientation).normalize();
                    let w = next.orientation.rotate(&next.angular_velocity_body) + d.angular / h;
                    next.angular_velocity_body = next.orientation.conjugate().rotate(&w);
                }
            }
        }
        Ok(iterations)
    }
}
