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
        let k = T::one() / (mass * self.transform.scale);
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
    #[inline]
    pub fn try_counteract_velocity_change(
        &self,
        velocity_change: &Vector<T, N>,
    ) -> Result<DynamicsDelta<T, N>, Error> {
        if self.transform.scale == T::zero() {
            return Err(Error::Singular);
        }
        let r2 = self.transform.rotation.matrix();
        let k = T::one() / self.transform.scale;
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
