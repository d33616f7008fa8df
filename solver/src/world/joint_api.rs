//! Adding joints: [`World::add_joint`] for any [`Joint`], and one adder per built-in kind
//! that takes world points and axes and computes the anchors, axes and frames in the bodies'
//! coordinates from their current poses.
use crate::world::Scalar;
use cwlist::Buffer;
use num_traits::FloatConst;
use xform::Vector;

use super::error::Value;
use super::handles::{BodyHandle, JointHandle};
use super::{
    Alignment, Ball, BroadPhase, ConstraintFunction, Distance, Hinge, Joint, JointSlot,
    MAX_JOINT_ROWS, Pose, Prismatic, Weld, World, WorldError, drive, push, step,
};
use crate::BodyInverseMass;

/// A ball joint's anchors at the world `point` for bodies at poses `pa` and `pb`.
fn ball_at<T: Scalar>(pa: &Pose<T>, pb: &Pose<T>, point: &Vector<T, 3>) -> Ball<T> {
    Ball {
        anchor_a: pa.to_local(point),
        anchor_b: pb.to_local(point),
    }
}

/// `axis` normalized, or the error naming it (`what`) for a zero or non-finite one.
fn unit_axis<T: Scalar>(
    axis: Vector<T, 3>,
    what: &'static str,
) -> Result<Vector<T, 3>, WorldError> {
    axis.try_normalize()
        .map_err(|_| WorldError::InvalidParameter {
            what,
            value: Value::of(axis.norm()),
        })
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: cwlist::Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// The poses of a new joint's bodies (`b = None`: the world), after checking that the
    /// joint's world point is finite and the bodies exist.
    fn joint_poses(
        &self,
        a: BodyHandle,
        b: Option<BodyHandle>,
        point: &Vector<T, 3>,
    ) -> Result<(Pose<T>, Pose<T>), WorldError> {
        if !point.is_finite() {
            return Err(WorldError::NonFinite {
                what: "joint point",
            });
        }
        let a = self.body_index(a)?;
        let b = b.map(|b| self.body_index(b)).transpose()?;
        Ok((self.pose_of(Some(a)), self.pose_of(b)))
    }

    /// Adds a joint between body `a` and body `b` (or the world for `None`) and returns its
    /// handle. The joint is linearized at the current state to check it can act.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`], [`WorldError::SameBody`],
    /// [`WorldError::InvalidRowCount`], [`WorldError::NonFinite`] (constraint value),
    /// [`WorldError::JacobianVanishes`] for a row with a zero (or non-finite) Jacobian or one
    /// that acts on static bodies only, [`WorldError::CapacityExceeded`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::world::{Ball, Joint};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// let pin = Ball { anchor_a: Vector([0.0, 1.0, 0.0]), anchor_b: Vector([0.0, 2.0, 0.0]) };
    /// assert!(w.add_joint(ball, None, Joint::Ball(pin)).is_ok());
    /// assert!(w.add_joint(ball, Some(ball), Joint::Ball(pin)).is_err()); // a body to itself
    /// ```
    pub fn add_joint(
        &mut self,
        a: BodyHandle,
        b: Option<BodyHandle>,
        joint: Joint<T, U>,
    ) -> Result<JointHandle, WorldError> {
        let handle_a = a;
        let a = self.body_index(a)?;
        let b = b.map(|b| self.body_index(b)).transpose()?;
        if b == Some(a) {
            return Err(WorldError::SameBody { body: handle_a });
        }
        let rows = joint.rows();
        if rows == 0 || rows > MAX_JOINT_ROWS {
            return Err(WorldError::InvalidRowCount { rows });
        }
        let lin = joint.linearization(&self.pose_of(Some(a)), &self.pose_of(b));
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
        let tiny = fpu::sqrt(T::epsilon());
        for r in 0..rows {
            if !lin.value[r].is_finite() {
                return Err(WorldError::NonFinite {
                    what: "joint constraint value",
                });
            }
            let j = &lin.jacobian[r];
            let row = step::rows::joint_row(a, Some(a), j);
            let (ja, jb) = (row.a, row.b.unwrap_or(row.a));
            let effective = ja.linear.norm_squared() * inv_a.inv_mass
                + ja.angular.dot(&(inv_a.inv_inertia * ja.angular))
                + jb.linear.norm_squared() * inv_b.inv_mass
                + jb.angular.dot(&(inv_b.inv_inertia * jb.angular));
            let size = j.iter().fold(T::zero(), |m, x| m.max(x.abs()));
            if !(size.is_finite() && size > tiny && effective > T::zero()) {
                return Err(WorldError::JacobianVanishes { row: r });
            }
        }
        let mut slot = JointSlot {
            a,
            b,
            joint,
            impulse: [T::zero(); MAX_JOINT_ROWS],
            warm: [T::zero(); MAX_JOINT_ROWS],
            collide_connected: false,
            drive: drive::JointDrive::free(T::zero()),
        };
        // The coordinate reads 0 where the joint is made.
        let (pa, pb) = (self.pose_of(Some(a)), self.pose_of(b));
        if let Some(lin) = drive::linearize_coordinate(&slot, &pa, &pb) {
            slot.drive.zero = lin.value[0];
        }
        push(&mut self.joints, slot, "joints")?;
        self.joint_handles.insert("joints").inspect_err(|_| {
            self.joints.pop();
        })
    }

    /// A ball joint at the world point `point` (anchors computed from the current poses).
    ///
    /// # Errors
    /// As [`World::add_joint`], plus [`WorldError::NonFinite`] for the point.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// w.add_ball_joint(ball, None, Vector([0.0, 2.0, 0.0])).unwrap(); // hung 1 m below a pivot
    /// for _ in 0..60 {
    ///     w.step().unwrap();
    /// }
    /// assert!(w.max_joint_error() < 1e-6);
    /// ```
    pub fn add_ball_joint(
        &mut self,
        a: BodyHandle,
        b: Option<BodyHandle>,
        point: Vector<T, 3>,
    ) -> Result<JointHandle, WorldError> {
        let (pa, pb) = self.joint_poses(a, b, &point)?;
        let ball = ball_at(&pa, &pb, &point);
        self.add_joint(a, b, Joint::Ball(ball))
    }

    /// A distance joint between the world points `anchor_a` (on a) and `anchor_b` (on b, or
    /// fixed in the world), keeping their current distance.
    ///
    /// # Errors
    /// As [`World::add_joint`] (coincident anchors: [`WorldError::JacobianVanishes`]).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// w.add_distance_joint(ball, None, Vector([0.0, 1.0, 0.0]), Vector([0.0, 3.0, 0.0])).unwrap();
    /// w.step().unwrap();
    /// assert!(w.max_joint_error() < 1e-6); // 2 m kept
    /// ```
    pub fn add_distance_joint(
        &mut self,
        a: BodyHandle,
        b: Option<BodyHandle>,
        anchor_a: Vector<T, 3>,
        anchor_b: Vector<T, 3>,
    ) -> Result<JointHandle, WorldError> {
        if !(anchor_a.is_finite() && anchor_b.is_finite()) {
            return Err(WorldError::NonFinite {
                what: "joint anchor",
            });
        }
        let (pa, pb) = self.joint_poses(a, b, &anchor_a)?;
        let distance = Distance {
            anchor_a: pa.to_local(&anchor_a),
            anchor_b: pb.to_local(&anchor_b),
            length: (anchor_b - anchor_a).norm(),
        };
        self.add_joint(a, b, Joint::Distance(distance))
    }

    /// A hinge through the world point `point` about the world direction `axis`.
    ///
    /// # Errors
    /// As [`World::add_joint`], plus [`WorldError::InvalidParameter`] for a zero axis.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// w.add_hinge_joint(ball, None, Vector([0.0, 2.0, 0.0]), Vector([0.0, 0.0, 1.0])).unwrap();
    /// assert!(w.add_hinge_joint(ball, None, Vector([0.0; 3]), Vector([0.0; 3])).is_err()); // no axis
    /// ```
    pub fn add_hinge_joint(
        &mut self,
        a: BodyHandle,
        b: Option<BodyHandle>,
        point: Vector<T, 3>,
        axis: Vector<T, 3>,
    ) -> Result<JointHandle, WorldError> {
        let axis = unit_axis(axis, "hinge axis (length)")?;
        let (pa, pb) = self.joint_poses(a, b, &point)?;
        let ball = ball_at(&pa, &pb, &point);
        let hinge = Hinge::new(
            ball,
            pa.direction_to_local(&axis),
            pb.direction_to_local(&axis),
        );
        self.add_joint(a, b, Joint::Hinge(hinge))
    }

    /// The relative orientation of bodies at poses `pa` and `pb`, to be kept.
    fn alignment_of(pa: &Pose<T>, pb: &Pose<T>) -> Alignment<T> {
        Alignment {
            relative: pa.orientation.conjugate() * pb.orientation,
        }
    }

    /// A weld (fixed joint) at the world point `point`: the bodies keep their current
    /// relative pose and move as one.
    ///
    /// # Errors
    /// As [`World::add_joint`], plus [`WorldError::NonFinite`] for a non-finite point.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let beam = w.add_body(RigidBody::cuboid(1.0, Vector([0.5, 0.05, 0.05])).unwrap()).unwrap();
    /// w.add_weld_joint(beam, None, Vector([-0.5, 0.0, 0.0])).unwrap(); // a cantilever
    /// for _ in 0..60 {
    ///     w.step().unwrap();
    /// }
    /// assert!(w[beam].position()[1].abs() < 1e-6); // it does not droop
    /// ```
    pub fn add_weld_joint(
        &mut self,
        a: BodyHandle,
        b: Option<BodyHandle>,
        point: Vector<T, 3>,
    ) -> Result<JointHandle, WorldError> {
        let (pa, pb) = self.joint_poses(a, b, &point)?;
        let ball = ball_at(&pa, &pb, &point);
        let alignment = Self::alignment_of(&pa, &pb);
        self.add_joint(a, b, Joint::Weld(Weld { ball, alignment }))
    }

    /// A prismatic joint (slider) through the world point `point` along the world direction
    /// `axis`: body b (or the world) slides along the axis through body a's anchor, and the
    /// bodies keep their current relative orientation.
    ///
    /// # Errors
    /// As [`World::add_joint`], plus [`WorldError::InvalidParameter`] for a zero axis and
    /// [`WorldError::NonFinite`] for a non-finite point.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let cart = w.add_body(RigidBody::cuboid(1.0, Vector([0.2, 0.1, 0.1])).unwrap()).unwrap();
    /// // A rail tilted 30° from the horizontal: the cart slides down it.
    /// let axis = Vector([3f64.sqrt() / 2.0, -0.5, 0.0]);
    /// w.add_prismatic_joint(cart, None, Vector([0.0; 3]), axis).unwrap();
    /// for _ in 0..60 {
    ///     w.step().unwrap();
    /// }
    /// let v = w[cart].linear_velocity();
    /// assert!((v.norm() - 9.81 * 0.5).abs() < 0.05); // g sin 30° after 1 s
    /// assert!(v.cross(&axis).norm() < 1e-6); // along the rail
    /// ```
    pub fn add_prismatic_joint(
        &mut self,
        a: BodyHandle,
        b: Option<BodyHandle>,
        point: Vector<T, 3>,
        axis: Vector<T, 3>,
    ) -> Result<JointHandle, WorldError> {
        let axis = unit_axis(axis, "prismatic axis (length)")?;
        let (pa, pb) = self.joint_poses(a, b, &point)?;
        let slider = Prismatic::new(
            pa.to_local(&point),
            pb.to_local(&point),
            pa.direction_to_local(&axis),
            Self::alignment_of(&pa, &pb),
        );
        self.add_joint(a, b, Joint::Prismatic(slider))
    }
}
