//! Forces, torques and impulses a program applies to bodies. A force or torque accumulates
//! on the body until the next step, which applies it over that step and clears it (Box2D's
//! lifetime: apply it again before every step for a steady force); an impulse changes the
//! velocities at once. Each wakes the body; a static body ignores them (nothing moves it).
use crate::world::Scalar;
use cwlist::Storage;
use num_traits::FloatConst;
use xform::Vector;

use super::{BodyHandle, BroadPhase, ConstraintFunction, RigidBody, World, WorldError};

/// `Err` naming `what` unless every component of `v` is finite.
fn finite<T: Scalar>(v: Vector<T, 3>, what: &'static str) -> Result<(), WorldError> {
    if v.is_finite() {
        Ok(())
    } else {
        Err(WorldError::NonFinite { what })
    }
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// Adds `force` (world frame, N) at the centre of mass of body `i`, for the next step.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`]; [`WorldError::NonFinite`] for a force, or an
    /// accumulated force, that is not finite. The world is unchanged on error.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut s = WorldSettings::default();
    /// s.gravity = Vector::zeros();
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(s).unwrap();
    /// let b = w.add_body(RigidBody::sphere(2.0, 0.1).unwrap()).unwrap();
    /// w.apply_force(b, Vector([4.0, 0.0, 0.0])).unwrap();
    /// w.step().unwrap();
    /// // Δv = F/m Δt
    /// assert!((w[b].linear_velocity()[0] - 2.0 / 60.0).abs() < 1e-15);
    /// ```
    pub fn apply_force(&mut self, i: BodyHandle, force: Vector<T, 3>) -> Result<(), WorldError> {
        finite(force, "force")?;
        self.accumulate(i, force, Vector::zeros())
    }

    /// Adds `force` (world frame, N) acting at the world point `point` of body `i`: the force
    /// at the centre of mass and the torque `(point − centre) × force`, for the next step.
    ///
    /// # Errors
    /// As [`World::apply_force`]; [`WorldError::NonFinite`] for the point.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// // Pushed along x at a point above the centre: a torque about −z.
    /// w.apply_force_at_point(b, Vector([1.0, 0.0, 0.0]), Vector([0.0, 0.1, 0.0])).unwrap();
    /// assert_eq!(w[b].torque(), Vector([0.0, 0.0, -0.1]));
    /// ```
    pub fn apply_force_at_point(
        &mut self,
        i: BodyHandle,
        force: Vector<T, 3>,
        point: Vector<T, 3>,
    ) -> Result<(), WorldError> {
        finite(force, "force")?;
        finite(point, "force point")?;
        let arm = point - self.body(i)?.position();
        self.accumulate(i, force, arm.cross(&force))
    }

    /// Adds `torque` (world frame, N·m) to body `i`, for the next step.
    ///
    /// # Errors
    /// As [`World::apply_force`], for the torque.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut s = WorldSettings::default();
    /// s.gravity = Vector::zeros();
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(s).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap()).unwrap(); // I = 0.1
    /// w.apply_torque(b, Vector([0.0, 0.0, 0.6])).unwrap();
    /// w.step().unwrap();
    /// // Δω = τ/I Δt
    /// assert!((w[b].angular_velocity()[2] - 0.1).abs() < 1e-12);
    /// ```
    pub fn apply_torque(&mut self, i: BodyHandle, torque: Vector<T, 3>) -> Result<(), WorldError> {
        finite(torque, "torque")?;
        self.accumulate(i, Vector::zeros(), torque)
    }

    /// Applies `impulse` (world frame, N·s) at the world point `point` of body `i` now:
    /// `Δv = impulse/m`, `Δω = I⁻¹ ((point − centre) × impulse)`.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`]; [`WorldError::NonFinite`] for an impulse, a point or
    /// resulting velocities that are not finite. The world is unchanged on error.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(2.0, 0.5).unwrap()).unwrap(); // I = 0.2
    /// w.apply_impulse_at_point(b, Vector([1.0, 0.0, 0.0]), Vector([0.0, 0.5, 0.0])).unwrap();
    /// assert_eq!(w[b].linear_velocity(), Vector([0.5, 0.0, 0.0]));
    /// assert!((w[b].angular_velocity()[2] + 2.5).abs() < 1e-12); // −0.5 / 0.2
    /// ```
    pub fn apply_impulse_at_point(
        &mut self,
        i: BodyHandle,
        impulse: Vector<T, 3>,
        point: Vector<T, 3>,
    ) -> Result<(), WorldError> {
        finite(impulse, "impulse")?;
        finite(point, "impulse point")?;
        let arm = point - self.body(i)?.position();
        self.kick(i, impulse, arm.cross(&impulse))
    }

    /// Applies `impulse` (world frame, N·s) at the centre of mass of body `i` now:
    /// `Δv = impulse/m`.
    ///
    /// # Errors
    /// As [`World::apply_impulse_at_point`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(2.0, 0.1).unwrap()).unwrap();
    /// w.apply_impulse(b, Vector([0.0, 3.0, 0.0])).unwrap();
    /// assert_eq!(w[b].linear_velocity(), Vector([0.0, 1.5, 0.0]));
    /// ```
    pub fn apply_impulse(
        &mut self,
        i: BodyHandle,
        impulse: Vector<T, 3>,
    ) -> Result<(), WorldError> {
        finite(impulse, "impulse")?;
        self.kick(i, impulse, Vector::zeros())
    }

    /// Applies the angular impulse `impulse` (world frame, N·m·s) to body `i` now:
    /// `Δω = I⁻¹ impulse`.
    ///
    /// # Errors
    /// As [`World::apply_impulse_at_point`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap()).unwrap(); // I = 0.1
    /// w.apply_angular_impulse(b, Vector([0.2, 0.0, 0.0])).unwrap();
    /// assert!((w[b].angular_velocity()[0] - 2.0).abs() < 1e-12);
    /// ```
    pub fn apply_angular_impulse(
        &mut self,
        i: BodyHandle,
        impulse: Vector<T, 3>,
    ) -> Result<(), WorldError> {
        finite(impulse, "angular impulse")?;
        self.kick(i, Vector::zeros(), impulse)
    }

    /// Adds to body `i`'s accumulators, all or nothing.
    fn accumulate(
        &mut self,
        i: BodyHandle,
        force: Vector<T, 3>,
        torque: Vector<T, 3>,
    ) -> Result<(), WorldError> {
        let body = self.body(i)?;
        let (f, t) = (body.force + force, body.torque + torque);
        finite(f, "accumulated force")?;
        finite(t, "accumulated torque")?;
        if body.is_static() {
            return Ok(());
        }
        let body = self.body_mut(i)?;
        (body.force, body.torque) = (f, t);
        Ok(())
    }

    /// Changes body `i`'s velocities by a linear and an angular impulse, all or nothing.
    fn kick(
        &mut self,
        i: BodyHandle,
        linear: Vector<T, 3>,
        angular: Vector<T, 3>,
    ) -> Result<(), WorldError> {
        let body = self.body(i)?;
        if body.is_static() {
            return Ok(());
        }
        let v = body.linear_velocity + linear * body.inv_mass;
        let w = body.angular_velocity() + body.world_inverse_inertia() * angular;
        finite(v, "linear velocity after the impulse")?;
        finite(w, "angular velocity after the impulse")?;
        let body: &mut RigidBody<T> = self.body_mut(i)?;
        body.linear_velocity = v;
        body.angular_velocity_body = body.orientation.conjugate().rotate(&w);
        Ok(())
    }
}
