//! Linear impulses applied to a child of a moving parent, and the correction that keeps the
//! immediate children of a modified object from inheriting the modification.
//!
//! `self` is always the parent's global dynamics `A₂`. An impulse `Δp` on a child of mass
//! `m` is the global change `Δv₃ = Δp/m`; in the child's local rates it is
//! `Δv₁ = J₂⁻¹ Δp / m` and, through the Coriolis term, `Δa₁ = −(2/m) J₂⁻¹ ω₂ Δp`.
use num_traits::Float;

use super::kernels::{apply, rotate_inverse};
use super::{DynamicTransform, DynamicsDelta};
use crate::{Error, Skew, Vector};

impl<T: Float, const N: usize> DynamicTransform<T, N> {
    /// The local change of a child of mass `mass` hit by the linear impulse `impulse`
    /// (given in the world basis): `Δv₁ = J₂⁻¹ Δp / m`, `Δa₁ = −(2/m) J₂⁻¹ ω₂ Δp`.
    ///
    /// # Errors
    /// [`Error::Singular`] for zero mass or zero parent scale, [`Error::NonFinite`] if the
    /// result is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let frame = DynamicTransform::<f64, 3>::identity();
    /// let d = frame.try_impulse_to_local_delta(&Vector([2.0, 0.0, 0.0]), 4.0).unwrap();
    /// assert_eq!(d.velocity, Vector([0.5, 0.0, 0.0])); // J / m
    /// assert!(frame.try_impulse_to_local_delta(&Vector([1.0, 0.0, 0.0]), 0.0).is_err());
    /// ```
    #[inline]
    pub fn try_impulse_to_local_delta(
        &self,
        impulse: &Vector<T, N>,
        mass: T,
    ) -> Result<DynamicsDelta<T, N>, Error> {
        if mass == T::zero() || self.transform.scale == T::zero() {
            return Err(Error::Singular);
        }
        let r2 = self.transform.rotation.matrix();
        let k = crate::transform::recip_or_nan(mass * self.transform.scale);
        let two = T::one() + T::one();
        let delta = DynamicsDelta {
            velocity: rotate_inverse(r2, impulse) * k,
            acceleration: -(rotate_inverse(r2, &apply(&self.angular_velocity, impulse))
                * (two * k)),
            angular_velocity: Skew::zero(),
            angular_acceleration: Skew::zero(),
        };
        if delta.velocity.is_finite() && delta.acceleration.is_finite() {
            Ok(delta)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// The local change of a child hit by a linear impulse (see
    /// [`DynamicTransform::try_impulse_to_local_delta`]).
    ///
    /// # Panics
    /// For zero mass, zero parent scale or a non-finite result.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let frame = DynamicTransform::at_rest(Transform::from_scale(2.0f64));
    /// // In a frame scaled by 2, the same impulse moves half as many local units.
    /// assert_eq!(frame.impulse_to_local_delta(&Vector([2.0, 0.0, 0.0]), 1.0).velocity, Vector([1.0, 0.0, 0.0]));
    /// ```
    #[inline]
    pub fn impulse_to_local_delta(&self, impulse: &Vector<T, N>, mass: T) -> DynamicsDelta<T, N> {
        match self.try_impulse_to_local_delta(impulse, mass) {
            Ok(d) => d,
            Err(e) => panic!("DynamicTransform::impulse_to_local_delta: {e}"),
        }
    }

    /// The local change to add to each immediate child of this object after its global
    /// velocity changed by `velocity_change`, so that the children keep their global
    /// dynamics: `Δv₁ = −J₂⁻¹ Δv`, `Δa₁ = 2 J₂⁻¹ ω₂ Δv`. Grandchildren need no correction.
    ///
    /// # Errors
    /// [`Error::Singular`] for zero scale, [`Error::NonFinite`] if the result is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let frame = DynamicTransform::<f64, 3>::identity();
    /// let d = frame.try_counteract_velocity_change(&Vector([1.0, 0.0, 0.0])).unwrap();
    /// // The child's local velocity change that keeps its global velocity.
    /// assert_eq!(d.velocity, Vector([-1.0, 0.0, 0.0]));
    /// ```
    #[inline]
    pub fn try_counteract_velocity_change(
        &self,
        velocity_change: &Vector<T, N>,
    ) -> Result<DynamicsDelta<T, N>, Error> {
        if self.transform.scale == T::zero() {
            return Err(Error::Singular);
        }
        let r2 = self.transform.rotation.matrix();
        let k = crate::transform::recip_or_nan(self.transform.scale);
        let w = apply(&self.angular_velocity, velocity_change);
        let delta = DynamicsDelta {
            velocity: -(rotate_inverse(r2, velocity_change) * k),
            acceleration: rotate_inverse(r2, &(w + w)) * k,
            angular_velocity: Skew::zero(),
            angular_acceleration: Skew::zero(),
        };
        if delta.velocity.is_finite() && delta.acceleration.is_finite() {
            Ok(delta)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// The general form of [`DynamicTransform::try_counteract_velocity_change`]: `self` is
    /// the object's global dynamics before its rates changed by `change`, `child_local`
    /// one of its immediate children. Returns the local change of that child that cancels
    /// every inherited global change (velocity, acceleration, angular velocity and
    /// acceleration). The result is exact: the conversion uses the object's rates after
    /// the change.
    ///
    /// # Errors
    /// [`Error::Singular`] for zero scale, [`Error::NonFinite`] if the result is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// // A child 1 m along the parent's x axis, sliding along the parent's y axis.
    /// let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0f64])));
    /// child.velocity = Vector([0.0, 0.5, 0.0]);
    /// let change = DynamicsDelta::from_velocity(Vector([0.0, 1.0, 0.0]));
    /// let fix = parent.try_counteract_change(&child, &change).unwrap();
    /// // Parent changed, child corrected: the child's global motion is the same.
    /// let before = parent.compose(&child);
    /// let after = change.applied_to(&parent).compose(&fix.applied_to(&child));
    /// assert!((after.velocity - before.velocity).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn try_counteract_change(
        &self,
        child_local: &Self,
        change: &DynamicsDelta<T, N>,
    ) -> Result<DynamicsDelta<T, N>, Error> {
        let inherited = self.inherited_delta(child_local, change);
        let after = change.applied_to(self);
        let delta = after.try_global_delta_to_local(&(-inherited))?;
        if delta.applied_to(child_local).is_finite() {
            Ok(delta)
        } else {
            Err(Error::NonFinite)
        }
    }
}
