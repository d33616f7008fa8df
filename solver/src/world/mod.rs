//! A rigid-body world composed from every crate of the workspace: bodies integrated with
//! [`rotint`] (gyroscopic term included), constraint Jacobians from [`dual`], contact
//! candidates from a uniform grid (brute force over [`pairs`] as its oracle), islands and
//! sleeping, and the velocity solve by this crate's PGS-SOR row kernel with the joint tree
//! solved exactly (Baraff 1996, module `tree`; joints that close loops by a sparse `LDLᵀ` in
//! a minimum-degree order, module `joint_graph`).
//!
//! This module is the public API: [`World`] (bodies, planes, joints, settings, queries).
//! [`World::step`] runs the phases listed, in order and with what each does, on [`Phase`];
//! a step that fails anywhere leaves the world as it was.
//!
//! # Handles
//! Bodies, joints and planes are named by generational handles ([`BodyHandle`],
//! [`JointHandle`], [`PlaneHandle`]): [`World::remove_body`] takes the body's joints and
//! contacts with it, and a removed item's handle is refused from then on
//! ([`WorldError::StaleHandle`]), even once its slot names a new item. Inside, each kind
//! lives in a dense array in the order it was added (a removal closes its gap); the
//! indices that contacts and joint slots carry point into those arrays.
//!
//! # Storage
//! Every array of the world lives in a [`cwlist::Storage`]: [`cwlist::Fixed<N>`] (no
//! allocation, each array holds at most `N` items) or, with the `alloc` feature,
//! `cwlist::Growable`. Both give the same bits. A fixed world that accepted its bodies,
//! joints and planes (at most `N` each) always steps while nothing touches; what a step
//! can still overflow depends on the contacts, and needs, with `c` live contacts (up to
//! four per touching box pair, one per sphere or plane contact):
//!
//! | array (the `what` of the error) | items in one step |
//! |---|---|
//! | `"candidate pairs"`, `"proxies"` (broad phase) | pairs of bounding spheres that overlap, bodies with a shape |
//! | `"contacts"`, `"contact index"` | `c` |
//! | `"rows"` | joint rows (1–6 per joint, [`MAX_JOINT_ROWS`]) plus 3 per contact with friction, 1 without |
//! | `"bodies"`, `"islands"`, `"joints"`, `"joint tree"` | at most the bodies or joints of the world |
//!
//! so `N` ≥ joint rows + 3·c covers every array. A step that would overflow returns
//! [`WorldError::CapacityExceeded`] naming the array and leaves the world as it was.
mod body;
mod body_options;
mod capacity;
mod constraint;
mod contact;
mod drive;
mod error;
mod events;
mod forces;
mod handles;
mod inertia;
mod island;
mod joint;
mod joint_api;
mod joint_graph;
mod lookup;
mod overlap;
mod pose;
mod precision;
mod query;
mod query_tree;
mod raycast;
mod removal;
mod settings;
#[cfg(feature = "serde")]
mod snapshot;
mod spd;
mod step;
mod tree;
mod twofold;

pub use body::{Material, ORIENTATION_TOLERANCE, RigidBody, Shape};
pub use constraint::{
    ConstraintFunction, Linearization, MAX_JOINT_ROWS, NoUserConstraint, constraint_value,
    linearize,
};
pub use contact::{Contact, Partner, Plane, sphere_plane, sphere_sphere};
pub use error::{InertiaFault, Value, WorldError};
pub use events::ContactEvent;
pub use handles::{
    BodyHandle, BodyKind, Handle, JointHandle, JointKind, Kind, PlaneHandle, PlaneKind,
};
pub use island::EXACT_ROWS;
pub use joint::{Alignment, Ball, Distance, Hinge, Joint, Prismatic, Weld, orthonormal_pair};
pub use pose::{Lift, Pose, lift_vector};
pub use precision::Scalar;
pub use query_tree::{Queries, QueryTree};
pub use raycast::{HitTarget, RayHit};
pub use removal::Removed;
pub use settings::{ContactSolver, JointSolver, SleepSettings, WorldSettings};
pub use step::Phase;
pub use step::broad::{BroadPhase, BruteForce, Grid, Proxy};
pub use step::finish::JointScheme;

use core::fmt;

use cwlist::{Buffer, Storage};
use num_traits::FloatConst;
use rotint::{Frame, Stepper};
use xform::{UnitQuaternion, Vector};

use crate::Certificate;
use handles::Handles;
use step::persist::ContactSet;
use step::{Scratch, push};

/// A world in fixed-capacity storage (no allocation): at most `N` bodies, joints, planes,
/// contacts and constraint rows (the [module docs](self#storage) list what a step needs).
///
/// # Example
/// ```
/// use solver::world::{FixedWorld, RigidBody, WorldError, WorldSettings};
/// let mut w = FixedWorld::<f32, 2>::new(WorldSettings::default()).unwrap();
/// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
/// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
/// // No allocation: a third body does not fit, and says so.
/// let third = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap());
/// assert!(matches!(third, Err(WorldError::CapacityExceeded { .. })));
/// ```
pub type FixedWorld<T, const N: usize, U = NoUserConstraint> = World<T, cwlist::Fixed<N>, U>;

/// A world in growable storage.
///
/// # Example
/// ```
/// use solver::world::{GrowableWorld, RigidBody, WorldSettings};
/// let mut w = GrowableWorld::<f64>::new(WorldSettings::default()).unwrap();
/// for _ in 0..1000 {
///     w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
/// }
/// assert_eq!(w.bodies().len(), 1000);
/// ```
#[cfg(feature = "alloc")]
pub type GrowableWorld<T, U = NoUserConstraint> = World<T, cwlist::Growable, U>;

/// A joint and the bodies it connects, with its impulses of the last step (warm start).
///
/// # Example
/// ```
/// use solver::world::{Material, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
/// w.add_ball_joint(b, None, Vector([0.0, 1.0, 0.0])).unwrap();
/// assert_eq!((w.joints()[0].a, w.joints()[0].b), (w.body_index(b).unwrap(), None));
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(
        serialize = "T: Scalar + serde::Serialize, U: serde::Serialize",
        deserialize = "T: Scalar + serde::Deserialize<'de>, U: serde::Deserialize<'de>"
    ))
)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointSlot<T, U> {
    /// First body, as an index into [`World::bodies`] ([`World::body_handle`] gives its
    /// handle; a removal of an earlier body moves it).
    pub a: usize,
    /// Second body (index, as `a`), or `None` for the world.
    pub b: Option<usize>,
    /// The constraint.
    pub joint: Joint<T, U>,
    /// The impulse the joint applied over the last step, per row (N·s): along each row's
    /// Jacobian, so body `a` got `Δv = M⁻¹Jᵀλ` from it (a bob of mass `m` hanging below its
    /// anchor on a distance joint reads `−m·g·Δt`). The same under every joint scheme:
    /// RATTLE's velocity solve and its projection at the new pose are summed.
    pub impulse: [T; MAX_JOINT_ROWS],
    /// The velocity solve's impulses of the last step (its warm start next step; under
    /// RATTLE about half of `impulse`).
    pub(crate) warm: [T; MAX_JOINT_ROWS],
    /// Whether the two bodies' shapes still collide with each other (off by default, as in
    /// rapier and Box2D: a joint's bodies usually overlap at the joint). Off on a weld also
    /// joins its bodies' welded group: bodies welded together through others never collide
    /// with each other either (they move as one rigid body).
    pub collide_connected: bool,
    /// Limits and motor on the joint's free coordinate (hinge and prismatic joints).
    pub(crate) drive: drive::JointDrive<T>,
}

/// How far a joint is from holding ([`World::joint_error`]).
///
/// # Example
/// ```
/// use solver::world::{Material, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
/// let j = w.add_ball_joint(b, None, Vector([0.0, 1.0, 0.0])).unwrap();
/// let gap = w.joint_error(j).unwrap();
/// assert_eq!((gap.distance, gap.angle), (0.0, 0.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JointGap<T> {
    /// Distance between the anchors (m), or the length error of a distance joint.
    pub distance: T,
    /// Angle between a hinge's two axes (rad); 0 for other joints.
    pub angle: T,
}

/// What a step did.
///
/// # Example
/// ```
/// use solver::world::{Material, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
/// let r = w.step().unwrap();
/// assert_eq!((r.rows, r.unresolved_contacts), (0, 0)); // free fall: nothing to solve
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepReport<T> {
    /// Constraint rows solved (joint rows plus contact rows of the awake islands).
    pub rows: usize,
    /// Live contacts.
    pub contacts: usize,
    /// Islands (groups of dynamic bodies linked by contacts and joints).
    pub islands: usize,
    /// Islands that were awake (solved and integrated) this step.
    pub awake_islands: usize,
    /// Bodies asleep after the step.
    pub sleeping_bodies: usize,
    /// Collision impulses propagated before the velocity solve (restitution).
    pub collisions: usize,
    /// Contacts the velocity solve could not hold this step (normal rows left with a
    /// projected residual above the tolerance): bodies may sink into each other; never
    /// silent. Islands of at most [`EXACT_ROWS`] rows are finished exactly, so only larger
    /// ones report here.
    pub unresolved_contacts: usize,
    /// Islands whose solved velocities had more kinetic energy than their free motion (the
    /// sweeps ended before they undid a warm start or the contacts' push), solved again from
    /// zero impulses so that the step does not create energy.
    pub energy_resolves: usize,
    /// Joint rows solved directly (0 with [`JointSolver::Pgs`]).
    pub direct_rows: usize,
    /// Islands whose joints close loops but whose loop-closing joints were swept in the
    /// velocity solve, next to the joint tree, instead of being factored with it: the
    /// factorization's fill (its blocks' scalars) did not fit the fixed storage.
    pub swept_loops: usize,
    /// Pivots of the direct solve raised by regularization (redundant joint rows).
    pub regularized_pivots: usize,
    /// Newton iterations the position projection took (the most of any island).
    pub projection_iterations: usize,
    /// Islands whose RATTLE position projection (SHAKE) stopped contracting this step and
    /// fell back to Newton at the new pose (robust, but not energy-conserving).
    pub projection_fallbacks: usize,
    /// The certificate of the velocity solve over every awake island: the largest residual
    /// and bound violation, the most sweeps, converged only if every island converged.
    pub certificate: Certificate<T>,
}

/// The rigid-body world. See the [module docs](self) for the step.
///
/// `S` is the storage ([`cwlist::Fixed<N>`] or `cwlist::Growable` with `alloc`), `U` the type of user
/// constraint functions (none by default), `B` the broad phase ([`Grid`] by default).
///
/// # Example
/// ```
/// use solver::world::{Material, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
/// for _ in 0..120 {
///     w.step().unwrap();
/// }
/// let y = w[ball].position()[1];
/// assert!((y - 0.1).abs() < 0.01, "rests on the floor: {y}");
/// ```
///
/// # Snapshots
/// [`Clone`] copies a world in memory. With the `serde` feature a world also serializes
/// (`Serialize`, `Deserialize`) and a world read back steps to the same bits as the one
/// saved, in any format that keeps floats exactly (postcard, bincode, CBOR; JSON through
/// `serde_json` with its `float_roundtrip` feature, which writes an infinite mass or joint
/// limit as `"inf"`). The broad phase and scratch are not saved (they keep nothing between
/// steps); handles saved beside a snapshot name the same items in the world read back. A
/// snapshot may come from anywhere, so reading one checks every body, plane and index in
/// it and refuses a damaged one with a message naming the item (`joint 2: names a body out
/// of range, …`); a fixed storage refuses a snapshot with more items than it holds.
///
/// ```
/// # #[cfg(feature = "serde")] {
/// use solver::world::{Material, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// type W = World<f64, solver::cwlist::Growable>;
/// let mut w = W::new(WorldSettings::default()).unwrap();
/// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
/// for _ in 0..30 {
///     w.step().unwrap();
/// }
/// let saved = serde_json::to_string(&w).unwrap();
/// let mut back: W = serde_json::from_str(&saved).unwrap();
/// for _ in 0..30 {
///     w.step().unwrap();
///     back.step().unwrap();
/// }
/// assert_eq!(back.state_hash(), w.state_hash());
/// assert_eq!(back[ball].position(), w[ball].position());
/// let damaged = saved.replace("\"format\":1", "\"format\":2");
/// let refused = serde_json::from_str::<W>(&damaged).unwrap_err();
/// assert!(refused.to_string().contains("snapshot refused: format 2"), "{refused}");
/// # }
/// ```
pub struct World<T: Scalar, S: Storage, U = NoUserConstraint, B = Grid<S>> {
    settings: WorldSettings<T>,
    stepper: Stepper<T>,
    broad_phase: B,
    time: T,
    bodies: S::Buf<RigidBody<T>>,
    joints: S::Buf<JointSlot<T, U>>,
    planes: S::Buf<Plane<T>>,
    /// The handles of `bodies`, `joints` and `planes`, index for index.
    body_handles: Handles<S>,
    joint_handles: Handles<S>,
    plane_handles: Handles<S>,
    contacts: ContactSet<T, S>,
    /// The touching pairs of the last step and its contact events.
    touching: events::Touching<T, S>,
    scratch: Scratch<T, S>,
}

/// A snapshot: a copy of everything the next steps depend on (settings, time, bodies,
/// joints with their warm starts, planes, contacts with their impulses, the last step's
/// touching pairs, the broad phase), with fresh scratch. Stepping the copy gives the same
/// bits as stepping the original, so a program can save a world and resume it exactly
/// (rollback, replays, checkpoints) in memory.
///
/// # Example
/// ```
/// use solver::world::{Material, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
/// for _ in 0..30 {
///     w.step().unwrap();
/// }
/// let saved = w.clone();
/// for _ in 0..30 {
///     w.step().unwrap();
/// }
/// let mut again = saved.clone();
/// for _ in 0..30 {
///     again.step().unwrap();
/// }
/// assert_eq!(again.state_hash(), w.state_hash());
/// ```
impl<T: Scalar, S: Storage, U: Clone, B: Clone> Clone for World<T, S, U, B> {
    fn clone(&self) -> Self {
        Self {
            settings: self.settings,
            stepper: self.stepper,
            broad_phase: self.broad_phase.clone(),
            time: self.time,
            bodies: self.bodies.clone_buf(),
            joints: self.joints.clone_buf(),
            planes: self.planes.clone_buf(),
            body_handles: self.body_handles.clone(),
            joint_handles: self.joint_handles.clone(),
            plane_handles: self.plane_handles.clone(),
            contacts: self.contacts.clone(),
            touching: self.touching.clone(),
            scratch: Scratch::new(),
        }
    }
}

impl<T: Scalar + fmt::Debug, S: Storage, U: fmt::Debug, B: fmt::Debug> fmt::Debug
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
            .field("contacts", &self.contacts.live.as_slice().len())
            .finish_non_exhaustive()
    }
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// An empty world with the default broad phase.
    ///
    /// # Errors
    /// [`WorldError::InvalidSetting`] (or a solver settings error) for bad settings.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// let w = solver::world::World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// assert_eq!(w.bodies().len(), 0);
    /// let mut bad = WorldSettings::default();
    /// bad.dt = -1.0;
    /// assert!(World::<f64, solver::cwlist::Growable>::new(bad).is_err());
    /// ```
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
    ///
    /// # Example
    /// ```
    /// use solver::world::{BruteForce, NoUserConstraint, World, WorldSettings};
    /// let w = World::<f64, solver::cwlist::Growable, NoUserConstraint, BruteForce>::with_broad_phase(WorldSettings::default(), BruteForce).unwrap();
    /// assert_eq!(w.time(), 0.0);
    /// ```
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
            body_handles: Handles::new(),
            joint_handles: Handles::new(),
            plane_handles: Handles::new(),
            contacts: ContactSet::new(),
            touching: events::Touching::new(),
            scratch: Scratch::new(),
        })
    }

    /// The settings.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// assert_eq!(w.settings().dt, 1.0 / 60.0);
    /// ```
    pub fn settings(&self) -> &WorldSettings<T> {
        &self.settings
    }

    /// Replaces the settings (takes effect at the next step).
    ///
    /// # Errors
    /// As [`World::new`]; the old settings stay on error.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let mut s = *w.settings();
    /// s.dt = 0.001;
    /// w.set_settings(s).unwrap();
    /// assert_eq!(w.settings().dt, 0.001);
    /// ```
    pub fn set_settings(&mut self, settings: WorldSettings<T>) -> Result<(), WorldError> {
        settings.validate()?;
        self.settings = settings;
        Ok(())
    }

    /// Replaces the rotation stepper (exponential map, Magnus terms, guard); the frame is
    /// always the body frame.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::rotint::{ExpMap, Stepper};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.set_stepper(Stepper::new().with_exp_map(ExpMap::Exact));
    /// assert!(w.step().is_ok());
    /// ```
    pub fn set_stepper(&mut self, stepper: Stepper<T>) {
        self.stepper = stepper.with_frame(Frame::Body);
    }

    /// Simulated time.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.step().unwrap();
    /// assert_eq!(w.time(), 1.0 / 60.0);
    /// ```
    pub fn time(&self) -> T {
        self.time
    }

    /// Adds a body and returns its handle.
    ///
    /// # Errors
    /// [`WorldError::NonFinite`] for a NaN/infinite position or velocity,
    /// [`WorldError::InvalidOrientation`], [`WorldError::InvalidParameter`] (radius,
    /// material), [`WorldError::CapacityExceeded`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// assert_eq!(w.body(ball).unwrap().position(), Vector([0.0, 1.0, 0.0]));
    /// assert_eq!(w[ball].position(), Vector([0.0, 1.0, 0.0])); // the same, panicking if removed
    /// ```
    pub fn add_body(&mut self, body: RigidBody<T>) -> Result<BodyHandle, WorldError> {
        let body = body.validated()?;
        push(&mut self.bodies, body, "bodies")?;
        self.body_handles.insert("bodies").inspect_err(|_| {
            self.bodies.pop();
        })
    }

    /// Adds a static plane `normal·x = offset` (normal is normalized) and returns its handle.
    ///
    /// # Errors
    /// [`WorldError::InvalidParameter`] for a zero or non-finite normal or offset, a bad
    /// material; [`WorldError::CapacityExceeded`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let floor = w.add_plane(Vector([0.0, 2.0, 0.0]), 0.0, Material::default()).unwrap();
    /// assert_eq!(w.plane(floor).unwrap().normal, Vector([0.0, 1.0, 0.0])); // normalized
    /// assert!(w.add_plane(Vector([0.0; 3]), 0.0, Material::default()).is_err());
    /// ```
    pub fn add_plane(
        &mut self,
        normal: Vector<T, 3>,
        offset: T,
        material: Material<T>,
    ) -> Result<PlaneHandle, WorldError> {
        let normal = normal
            .try_normalize()
            .map_err(|_| WorldError::InvalidParameter {
                what: "plane normal (length)",
                value: Value::of(normal.norm()),
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
        self.plane_handles.insert("planes").inspect_err(|_| {
            self.planes.pop();
        })
    }

    /// Moves a body's centre of mass to `p` (static bodies too: a static body moved by the
    /// user acts at its new place from the next step); wakes it.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`], [`WorldError::NonFinite`]; the world is unchanged.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// w.set_position(a, Vector([1.0, 2.0, 3.0])).unwrap();
    /// assert_eq!(w[a].position(), Vector([1.0, 2.0, 3.0]));
    /// assert!(w.set_position(a, Vector([f64::NAN, 0.0, 0.0])).is_err());
    /// ```
    pub fn set_position(&mut self, i: BodyHandle, p: Vector<T, 3>) -> Result<(), WorldError> {
        if !p.is_finite() {
            return Err(WorldError::NonFinite { what: "position" });
        }
        self.body_mut(i)?.position = p;
        Ok(())
    }

    /// Turns a body to the unit quaternion `q`, keeping its world-frame angular velocity;
    /// wakes it.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`]; [`WorldError::InvalidOrientation`] unless `|q|` is
    /// within [`ORIENTATION_TOLERANCE`] of 1 (only a [`UnitQuaternion::new_unchecked`] can be
    /// off). The world is unchanged on error.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::{Quaternion, UnitQuaternion};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// let not_unit = UnitQuaternion::new_unchecked(Quaternion::new(2.0, 0.0, 0.0, 0.0));
    /// assert!(w.set_orientation(a, not_unit).is_err());
    /// let half_turn = UnitQuaternion::try_new(Quaternion::new(0.0, 1.0, 0.0, 0.0), 1e-12).unwrap();
    /// w.set_orientation(a, half_turn).unwrap();
    /// assert_eq!(w[a].orientation(), half_turn);
    /// ```
    pub fn set_orientation(
        &mut self,
        i: BodyHandle,
        q: UnitQuaternion<T>,
    ) -> Result<(), WorldError> {
        let body = self.body(i)?.with_orientation(q).validated()?;
        let slot = self.body_mut(i)?;
        *slot = body;
        slot.wake();
        Ok(())
    }

    /// Sets a dynamic or kinematic body's linear velocity (ignored for static bodies).
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`], [`WorldError::NonFinite`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// w.set_linear_velocity(ball, Vector([1.0, 0.0, 0.0])).unwrap();
    /// assert_eq!(w[ball].linear_velocity(), Vector([1.0, 0.0, 0.0]));
    /// ```
    pub fn set_linear_velocity(
        &mut self,
        i: BodyHandle,
        v: Vector<T, 3>,
    ) -> Result<(), WorldError> {
        if !v.is_finite() {
            return Err(WorldError::NonFinite {
                what: "linear velocity",
            });
        }
        let body = self.body_mut(i)?;
        if !body.is_static() || body.is_kinematic() {
            body.linear_velocity = v;
        }
        Ok(())
    }

    /// Sets a dynamic or kinematic body's angular velocity, world frame (ignored for static
    /// bodies).
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`], [`WorldError::NonFinite`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// w.set_angular_velocity(ball, Vector([0.0, 0.0, 2.0])).unwrap();
    /// assert_eq!(w[ball].angular_velocity(), Vector([0.0, 0.0, 2.0]));
    /// ```
    pub fn set_angular_velocity(
        &mut self,
        i: BodyHandle,
        w: Vector<T, 3>,
    ) -> Result<(), WorldError> {
        if !w.is_finite() {
            return Err(WorldError::NonFinite {
                what: "angular velocity",
            });
        }
        let body = self.body_mut(i)?;
        if !body.is_static() || body.is_kinematic() {
            body.angular_velocity_body = body.orientation.conjugate().rotate(&w);
        }
        Ok(())
    }

    /// Lets the shapes of joint `j`'s two bodies collide with each other (`true`) or not
    /// (`false`, the default). Bodies welded together through other bodies do not collide
    /// unless a weld on the way is set to `true` here.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let a = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(Vector([0.9, 0.0, 0.0]))).unwrap();
    /// let j = w.add_ball_joint(a, Some(b), Vector([0.45, 0.0, 0.0])).unwrap();
    /// w.step().unwrap();
    /// assert_eq!(w.contact_count(), 0); // overlapping, but jointed
    /// w.set_joint_collision(j, true).unwrap();
    /// w.step().unwrap();
    /// assert!(w.contact_count() > 0);
    /// ```
    pub fn set_joint_collision(&mut self, j: JointHandle, collide: bool) -> Result<(), WorldError> {
        self.slot_mut(j)?.collide_connected = collide;
        Ok(())
    }

    fn pose_of(&self, b: Option<usize>) -> Pose<T> {
        b.map_or_else(Pose::identity, |i| self.bodies.as_slice()[i].pose())
    }
}
