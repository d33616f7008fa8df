//! Limits and motors on the free coordinate of a hinge (its angle) or a prismatic joint
//! (its travel): rows of the velocity solve next to the contacts, not joint rows.
//!
//! With `q` the coordinate and `J` its Jacobian (`q̇ = J v`, from dual numbers like every
//! joint row), each step adds for a joint:
//! - a lower limit: `J v ≥ −(q − lower)/Δt` while `q` is above it (the limit is reached at
//!   the end of the step at most, like a speculative contact), and the Baumgarte push
//!   `β (lower − q)/Δt` once below; `λ ≥ 0`;
//! - an upper limit: the same on `−J` with `upper − q`;
//! - a velocity motor: `J v = speed` with `|λ| ≤ max_force·Δt` (a torque for a hinge);
//! - or a position drive, a spring of stiffness `k` and damping `c` pulling the coordinate
//!   to a target `q*`, solved implicitly so that any stiffness is stable: the motor row's
//!   speed is the coordinate's rate at the end of the step under backward Euler,
//!   `m (v' − v) = Δt (k (q* − q − Δt v') − c v')`, that is
//!   `v' = (v + Δt Γ k (q* − q)) / (1 + Δt Γ (c + Δt k))`, with `v` the rate the step's
//!   external forces alone would give and `Γ = J M⁻¹ Jᵀ` the coordinate's inverse mass (the
//!   row's own, as Box2D's soft constraints take it: exact for one body, or two, on the
//!   joint; in a chain the rest of the chain is not counted). Held rigidly within the force
//!   limit, that gives `q' = q + Δt v'`: a body hanging on a vertical spring rests `m g/k`
//!   below the target, exactly.
//!
//! Being inequalities and bounded rows, they are swept with the contacts (block
//! Gauss-Seidel with the joint block solved directly). Under RATTLE the end of the step
//! projects the velocities again: a limit reached after the drift holds there as a contact
//! does (`J v' ≥ 0`), and a motor acts in two halves like gravity's kicks, at most
//! `max_force·Δt/2` in the velocity solve and as much at the end, so a motor at its limit
//! is a constant force over the step and one that holds its speed ends the step at it. The
//! position projection leaves the free coordinate alone.
use crate::world::Scalar;
use num_traits::{Float, FloatConst};
use xform::Vector;

use super::constraint::{ConstraintFunction, Linearization, linearize};
use super::joint::{Joint, orthonormal_pair};
use super::pose::{Lift, Pose};
use super::step::rows::joint_row;
use super::{BroadPhase, JointHandle, JointSlot, RigidBody, World, WorldError};
use crate::world::error::Value;

/// The limits and motor of one joint, and their impulses.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(
        serialize = "T: Float + serde::Serialize",
        deserialize = "T: Float + serde::Deserialize<'de>"
    ))
)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct JointDrive<T> {
    /// Lower and upper limit of the coordinate (`±∞`: none).
    #[cfg_attr(feature = "serde", serde(with = "super::snapshot::unbounded::pair"))]
    pub(crate) limits: [T; 2],
    /// Target speed and largest force (or torque) of the motor (none at zero force).
    pub(crate) motor: [T; 2],
    /// A position drive's target, stiffness and damping (all zero: a velocity motor).
    pub(crate) spring: [T; 3],
    /// The coordinate's value when the joint was made (a hinge's angle reads 0 there).
    pub(crate) zero: T,
    /// The velocity solve's impulses of the last step: lower limit, upper limit, motor (the
    /// warm start and what [`World::joint_drive_impulse`] reads).
    pub(crate) impulse: [T; 3],
}

impl<T: Float> JointDrive<T> {
    /// No limits, no motor, the coordinate counted from `zero`.
    pub(crate) fn free(zero: T) -> Self {
        Self {
            limits: [T::neg_infinity(), T::infinity()],
            motor: [T::zero(); 2],
            spring: [T::zero(); 3],
            zero,
            impulse: [T::zero(); 3],
        }
    }

    /// Which rows the drive adds (lower limit, upper limit, motor), in that order.
    pub(crate) fn rows(&self) -> [bool; 3] {
        [
            self.limits[0] > T::neg_infinity(),
            self.limits[1] < T::infinity(),
            self.motor[1] > T::zero(),
        ]
    }
}

/// The speed the motor row of `slot` holds its coordinate to over the step: the motor's
/// speed, or for a position drive the backward-Euler rate (module docs), from the state at
/// the start of the step (`start`, the coordinate `lin` there) and the step's external
/// forces (gravity, applied forces and torques) over `h`.
pub(crate) fn drive_speed<T: Float, U>(
    slot: &JointSlot<T, U>,
    start: &[RigidBody<T>],
    lin: &Linearization<T>,
    gravity: Vector<T, 3>,
    h: T,
) -> T {
    let [target, stiffness, damping] = slot.drive.spring;
    if stiffness == T::zero() && damping == T::zero() {
        return slot.drive.motor[0];
    }
    let row = joint_row(slot.a, slot.b, &lin.jacobian[0]);
    let (mut rate, mut inverse_mass) = (T::zero(), T::zero());
    for block in core::iter::once(&row.a).chain(row.b.iter()) {
        let body = &start[block.body];
        let inv_inertia = body.world_inverse_inertia();
        let v = body.linear_velocity + body.acceleration(gravity) * h;
        let w = body.angular_velocity() + inv_inertia * body.torque * h;
        rate = rate + block.linear.dot(&v) + block.angular.dot(&w);
        inverse_mass = inverse_mass
            + block.linear.norm_squared() * body.inv_mass
            + block.angular.dot(&(inv_inertia * block.angular));
    }
    let pull = stiffness * (target - lin.value[0]) + damping * slot.drive.motor[0];
    (rate + h * inverse_mass * pull) / (T::one() + h * inverse_mass * (damping + h * stiffness))
}

/// A joint's free coordinate as a one-row constraint function, to be linearized: the
/// hinge angle about body a's axis, or the travel along a prismatic joint's axis, minus
/// `offset` (the zero and the turns that bring an angle into `(−π, π]`).
struct Coordinate<'a, T, U> {
    joint: &'a Joint<T, U>,
    offset: T,
}

/// How many limit and motor rows `slot` has: one per limit and motor it has, none for a
/// joint without a coordinate (those [`raw`] gives none).
pub(crate) fn drive_row_count<T: Float, U>(slot: &JointSlot<T, U>) -> usize {
    match slot.joint {
        Joint::Hinge(_) | Joint::Prismatic(_) => {
            slot.drive.rows().into_iter().filter(|&on| on).count()
        }
        _ => 0,
    }
}

/// The raw coordinate of `joint` at poses `a`, `b` (`None`: no free coordinate): how far
/// body a has turned or moved against body b (or the world), so that a body hung on a
/// joint to the world reads its own motion.
fn raw<T: Float, U, S: Lift<T>>(joint: &Joint<T, U>, a: &Pose<S>, b: &Pose<S>) -> Option<S> {
    match joint {
        Joint::Hinge(h) => {
            let axis = a.direction(&h.axis_a);
            let on_a = a.direction(&orthonormal_pair(&h.axis_a)[0]);
            let on_b = b.direction(&h.perp_b[0]);
            Some(axis.dot(&on_b.cross(&on_a)).atan2(on_b.dot(&on_a)))
        }
        Joint::Prismatic(p) => {
            let d = a.point(&p.anchor_a) - b.point(&p.anchor_b);
            Some(d.dot(&a.direction(&p.axis_a)))
        }
        _ => None,
    }
}

impl<T: Float, U> ConstraintFunction<T> for Coordinate<'_, T, U> {
    fn rows(&self) -> usize {
        1
    }

    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]) {
        let q = raw(self.joint, a, b).unwrap_or_else(|| S::lift(T::zero()));
        c[0] = q - S::lift(self.offset);
    }
}

/// The coordinate of `slot` at poses `a`, `b` and its Jacobian, or `None` for a joint
/// without one. An angle is brought into `(−π, π]` about its zero.
pub(crate) fn linearize_coordinate<T: Float, U>(
    slot: &JointSlot<T, U>,
    a: &Pose<T>,
    b: &Pose<T>,
) -> Option<Linearization<T>> {
    let q = raw(&slot.joint, a, b)?;
    let mut offset = slot.drive.zero;
    if let Joint::Hinge(_) = slot.joint {
        let turn = T::from(core::f64::consts::TAU).unwrap_or_else(T::nan);
        offset = offset + turn * ((q - offset) / turn).round();
    }
    Some(linearize(
        &Coordinate {
            joint: &slot.joint,
            offset,
        },
        a,
        b,
    ))
}

fn no_coordinate(joint: JointHandle) -> WorldError {
    WorldError::NoFreeCoordinate { joint }
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: cwlist::Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// Wakes joint `j`'s bodies (a drive changed).
    fn wake_joint(&mut self, j: JointHandle) {
        if let Ok(slot) = self.slot(j) {
            let (a, b) = (slot.a, slot.b);
            self.wake_at(a);
            if let Some(b) = b {
                self.wake_at(b);
            }
        }
    }

    fn drive_slot(&mut self, j: JointHandle) -> Result<&mut JointSlot<T, U>, WorldError> {
        let slot = self.slot_mut(j)?;
        match slot.joint {
            Joint::Hinge(_) | Joint::Prismatic(_) => Ok(slot),
            _ => Err(no_coordinate(j)),
        }
    }

    /// Limits on joint `j`'s coordinate ([`World::joint_position`]): radians for a hinge
    /// (within `[−π, π]`), metres for a prismatic joint; `±∞` for no limit. The limits push
    /// back with impulses `λ ≥ 0` read by [`World::joint_drive_impulse`]. Wakes the joint's
    /// bodies.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`]; [`WorldError::NoFreeCoordinate`] for a joint other
    /// than a hinge or a prismatic joint; [`WorldError::InvalidParameter`] if a limit is NaN
    /// or `lower > upper`.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// // A pendulum released from the horizontal, stopped at 30° below it.
    /// let bob = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([1.0, 0.0, 0.0]))).unwrap();
    /// let hinge = w.add_hinge_joint(bob, None, Vector([0.0; 3]), Vector([0.0, 0.0, 1.0])).unwrap();
    /// let stop = 30f64.to_radians();
    /// w.set_joint_limits(hinge, -stop, stop).unwrap();
    /// for _ in 0..120 {
    ///     w.step().unwrap();
    ///     assert!(w.joint_position(hinge).unwrap().abs() < stop + 1e-2);
    /// }
    /// assert!(w.joint_drive_impulse(hinge).unwrap().iter().any(|&i| i > 0.0)); // it pushed
    /// ```
    pub fn set_joint_limits(
        &mut self,
        j: JointHandle,
        lower: T,
        upper: T,
    ) -> Result<(), WorldError> {
        if lower.is_nan() || upper.is_nan() || lower > upper {
            return Err(WorldError::InvalidParameter {
                what: "joint limits (lower > upper or NaN)",
                value: Value::of(lower),
            });
        }
        let slot = self.drive_slot(j)?;
        slot.drive.limits = [lower, upper];
        self.wake_joint(j);
        Ok(())
    }

    /// A velocity motor on joint `j`'s coordinate: it drives the coordinate's rate to
    /// `speed` (rad/s or m/s) with at most `max_force` (N·m for a hinge, N for a prismatic
    /// joint); `max_force = 0` turns it off. Wakes the joint's bodies.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`]; [`WorldError::NoFreeCoordinate`] for a joint other
    /// than a hinge or a prismatic joint; [`WorldError::InvalidParameter`] for a non-finite
    /// speed or a negative or non-finite force.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut s = WorldSettings::<f64>::default();
    /// s.gravity = Vector([0.0; 3]);
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(s).unwrap();
    /// let wheel = w.add_body(RigidBody::sphere(2.0, 0.5).unwrap()).unwrap();
    /// let axle = w.add_hinge_joint(wheel, None, Vector([0.0; 3]), Vector([0.0, 0.0, 1.0])).unwrap();
    /// w.set_joint_motor(axle, 3.0, 100.0).unwrap();
    /// w.step().unwrap();
    /// assert!((w[wheel].angular_velocity()[2] - 3.0).abs() < 1e-9);
    /// ```
    pub fn set_joint_motor(
        &mut self,
        j: JointHandle,
        speed: T,
        max_force: T,
    ) -> Result<(), WorldError> {
        if !speed.is_finite() {
            return Err(WorldError::InvalidParameter {
                what: "motor speed",
                value: Value::of(speed),
            });
        }
        if !(max_force.is_finite() && max_force >= T::zero()) {
            return Err(WorldError::InvalidParameter {
                what: "motor force",
                value: Value::of(max_force),
            });
        }
        let slot = self.drive_slot(j)?;
        slot.drive.motor = [speed, max_force];
        slot.drive.spring = [T::zero(); 3];
        self.wake_joint(j);
        Ok(())
    }

    /// A position drive on joint `j`'s coordinate: a spring of `stiffness` (N·m/rad for a
    /// hinge, N/m for a prismatic joint) and `damping` (N·m·s/rad, N·s/m) pulling it to
    /// `target` (rad, m; the coordinate of [`World::joint_position`]), with at most
    /// `max_force`. Solved by backward Euler, so any stiffness is stable at any step: the
    /// joint's motor row holds the coordinate's rate to
    /// `v' = (v + Δt Γ k (q* − q)) / (1 + Δt Γ (c + Δt k))`, with `v` the rate the step's
    /// external forces alone would give and `Γ = J M⁻¹ Jᵀ` the coordinate's inverse mass
    /// (the row's own, as Box2D's soft constraints take it: exact for the one or two bodies
    /// on the joint; in a chain the rest of the chain is not counted). It replaces the joint's velocity motor
    /// ([`World::set_joint_motor`] replaces it in turn; a motor of zero force turns both off).
    /// Wakes the joint's bodies.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`]; [`WorldError::NoFreeCoordinate`] for a joint other
    /// than a hinge or a prismatic joint; [`WorldError::InvalidParameter`] for a non-finite
    /// target, a negative or non-finite stiffness, damping or force, or a drive with neither
    /// stiffness nor damping.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// // Sleeping off: a body put to sleep stays where it was when it slowed down.
    /// let s = WorldSettings { sleep: None, ..WorldSettings::default() };
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(s).unwrap();
    /// // A 2 kg weight on a vertical rail, held by a spring of 400 N/m toward travel 0.
    /// let weight = w.add_body(RigidBody::sphere(2.0, 0.1).unwrap()).unwrap();
    /// let rail = w.add_prismatic_joint(weight, None, Vector([0.0; 3]), Vector([0.0, 1.0, 0.0])).unwrap();
    /// w.set_joint_position_drive(rail, 0.0, 400.0, 40.0, 1e3).unwrap();
    /// for _ in 0..600 {
    ///     w.step().unwrap();
    /// }
    /// let sag = -2.0 * 9.81 / 400.0; // m g / k below the target
    /// assert!((w.joint_position(rail).unwrap() - sag).abs() < 1e-9);
    /// ```
    pub fn set_joint_position_drive(
        &mut self,
        j: JointHandle,
        target: T,
        stiffness: T,
        damping: T,
        max_force: T,
    ) -> Result<(), WorldError> {
        let checks = [
            (target, target.is_finite(), "drive target"),
            (
                stiffness,
                stiffness.is_finite() && stiffness >= T::zero(),
                "drive stiffness",
            ),
            (
                damping,
                damping.is_finite() && damping >= T::zero(),
                "drive damping",
            ),
            (
                max_force,
                max_force.is_finite() && max_force >= T::zero(),
                "drive force",
            ),
            (
                stiffness,
                stiffness > T::zero() || damping > T::zero(),
                "drive stiffness (and damping zero)",
            ),
        ];
        if let Some(&(value, _, what)) = checks.iter().find(|c| !c.1) {
            return Err(WorldError::InvalidParameter {
                what,
                value: Value::of(value),
            });
        }
        let slot = self.drive_slot(j)?;
        slot.drive.motor = [T::zero(), max_force];
        slot.drive.spring = [target, stiffness, damping];
        self.wake_joint(j);
        Ok(())
    }

    /// Joint `j`'s coordinate at the current state: a hinge's angle about its axis in
    /// radians, in `(−π, π]` and 0 where the joint was made; a prismatic joint's travel in
    /// metres along its axis from where it was made.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`]; [`WorldError::NoFreeCoordinate`] for a joint other
    /// than a hinge or a prismatic joint.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::{UnitQuaternion, Vector};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let door = w.add_body(RigidBody::cuboid(5.0, Vector([0.4, 1.0, 0.02])).unwrap()).unwrap();
    /// let hinge = w.add_hinge_joint(door, None, Vector([-0.4, 0.0, 0.0]), Vector([0.0, 1.0, 0.0])).unwrap();
    /// assert_eq!(w.joint_position(hinge).unwrap(), 0.0);
    /// let quarter = UnitQuaternion::try_from_axis_angle(&Vector([0.0, 1.0, 0.0]), 0.5).unwrap();
    /// w.set_orientation(door, quarter).unwrap();
    /// assert!((w.joint_position(hinge).unwrap() - 0.5).abs() < 1e-12);
    /// ```
    pub fn joint_position(&self, j: JointHandle) -> Result<T, WorldError> {
        let slot = self.slot(j)?;
        let (a, b) = (self.pose_of(Some(slot.a)), self.pose_of(slot.b));
        linearize_coordinate(slot, &a, &b)
            .map(|lin| lin.value[0])
            .ok_or(no_coordinate(j))
    }

    /// The impulses joint `j`'s limits and motor applied in the last step, in N·s (N·m·s
    /// for a hinge), each `≥ 0` for the limits: `[lower limit, upper limit, motor]`, the
    /// motor's signed along the coordinate. Zero for rows that are off.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`]; [`WorldError::NoFreeCoordinate`] for a joint other
    /// than a hinge or a prismatic joint.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// // A 2 kg weight on a vertical rail, resting on the rail's lower stop.
    /// let weight = w.add_body(RigidBody::sphere(2.0, 0.1).unwrap()).unwrap();
    /// let rail = w.add_prismatic_joint(weight, None, Vector([0.0; 3]), Vector([0.0, 1.0, 0.0])).unwrap();
    /// w.set_joint_limits(rail, 0.0, 1.0).unwrap();
    /// for _ in 0..30 {
    ///     w.step().unwrap();
    /// }
    /// let [lower, upper, motor] = w.joint_drive_impulse(rail).unwrap();
    /// assert!((lower - 2.0 * 9.81 / 60.0).abs() < 1e-6 && upper == 0.0 && motor == 0.0);
    /// ```
    pub fn joint_drive_impulse(&self, j: JointHandle) -> Result<[T; 3], WorldError> {
        let slot = self.slot(j)?;
        match slot.joint {
            Joint::Hinge(_) | Joint::Prismatic(_) => Ok(slot.drive.impulse),
            _ => Err(no_coordinate(j)),
        }
    }
}
