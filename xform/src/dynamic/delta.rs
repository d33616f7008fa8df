//! Instantaneous changes of velocity and acceleration, converted between the local and the
//! global frame while the transforms themselves stay fixed.
use core::ops::{Add, Neg, Sub};

use num_traits::Float;

use super::DynamicTransform;
use super::kernels::{
    add, apply, apply_upper, bracket, conjugate, conjugate_transpose, rotate_inverse, to_skew,
    upper,
};
use crate::{Error, Skew, Vector};

/// A change `(Δv, Δa, Δω, Δα)` of the rates of a dynamic transform (e.g. from a collision
/// response), with the transform unchanged.
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
/// let push = DynamicsDelta::from_velocity(Vector([0.0, 1.0, 0.0]));
/// let pushed = push.applied_to(&parent);
/// assert!((DynamicsDelta::between(&parent, &pushed).velocity - push.velocity).norm() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "T: serde::Serialize, [T; N]: serde::Serialize, [[T; N]; N]: serde::Serialize",
        deserialize = "T: serde::Deserialize<'de>, [T; N]: serde::Deserialize<'de>, [[T; N]; N]: serde::Deserialize<'de>"
    ))
)]
pub struct DynamicsDelta<T, const N: usize> {
    /// Change of linear velocity `Δv`.
    pub velocity: Vector<T, N>,
    /// Change of linear acceleration `Δa`.
    pub acceleration: Vector<T, N>,
    /// Change of angular velocity `Δω ∈ so(n)`.
    pub angular_velocity: Skew<T, N>,
    /// Change of angular acceleration `Δα ∈ so(n)`.
    pub angular_acceleration: Skew<T, N>,
}

impl<T: Float, const N: usize> DynamicsDelta<T, N> {
    /// A change of every rate.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let d = DynamicsDelta::new(Vector([1.0, 0.0]), Vector([0.0; 2]), Skew::<f64, 2>::zero(), Skew::zero());
    /// assert_eq!(d.velocity, Vector([1.0, 0.0]));
    /// ```
    #[inline]
    pub fn new(
        velocity: Vector<T, N>,
        acceleration: Vector<T, N>,
        angular_velocity: Skew<T, N>,
        angular_acceleration: Skew<T, N>,
    ) -> Self {
        Self {
            velocity,
            acceleration,
            angular_velocity,
            angular_acceleration,
        }
    }

    /// No change.
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
    /// assert_eq!(DynamicsDelta::zero().applied_to(&parent), parent);
    /// ```
    #[inline]
    pub fn zero() -> Self {
        Self::new(Vector::zeros(), Vector::zeros(), Skew::zero(), Skew::zero())
    }

    /// A change of linear velocity only.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let d = DynamicsDelta::from_velocity(Vector([0.0, 2.0f64]));
    /// assert_eq!((d.velocity, d.acceleration), (Vector([0.0, 2.0]), Vector([0.0, 0.0])));
    /// ```
    #[inline]
    pub fn from_velocity(velocity: Vector<T, N>) -> Self {
        Self {
            velocity,
            ..Self::zero()
        }
    }

    /// The rates of `after` minus those of `before` (the transforms are ignored).
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
    /// let mut after = parent;
    /// after.acceleration = Vector([0.0, 0.0, 3.0]);
    /// assert_eq!(DynamicsDelta::between(&parent, &after).acceleration, Vector([0.0, 0.0, 3.0]));
    /// ```
    #[inline]
    pub fn between(before: &DynamicTransform<T, N>, after: &DynamicTransform<T, N>) -> Self {
        after.rates() - before.rates()
    }

    /// `target` with this change added to its rates.
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
    /// let faster = DynamicsDelta::from_velocity(Vector([1.0, 0.0, 0.0])).applied_to(&parent);
    /// assert_eq!(faster.velocity, Vector([2.0, 0.0, 0.0]));
    /// ```
    #[inline]
    pub fn applied_to(&self, target: &DynamicTransform<T, N>) -> DynamicTransform<T, N> {
        DynamicTransform {
            transform: target.transform,
            velocity: target.velocity + self.velocity,
            acceleration: target.acceleration + self.acceleration,
            angular_velocity: target.angular_velocity + self.angular_velocity,
            angular_acceleration: target.angular_acceleration + self.angular_acceleration,
        }
    }
}

impl<T: Float, const N: usize> Default for DynamicsDelta<T, N> {
    #[inline]
    fn default() -> Self {
        Self::zero()
    }
}

impl<T: Float, const N: usize> Add for DynamicsDelta<T, N> {
    type Output = Self;
    #[inline]
    fn add(self, o: Self) -> Self {
        Self::new(
            self.velocity + o.velocity,
            self.acceleration + o.acceleration,
            self.angular_velocity + o.angular_velocity,
            self.angular_acceleration + o.angular_acceleration,
        )
    }
}

impl<T: Float, const N: usize> Sub for DynamicsDelta<T, N> {
    type Output = Self;
    #[inline]
    fn sub(self, o: Self) -> Self {
        Self::new(
            self.velocity - o.velocity,
            self.acceleration - o.acceleration,
            self.angular_velocity - o.angular_velocity,
            self.angular_acceleration - o.angular_acceleration,
        )
    }
}

impl<T: Float, const N: usize> Neg for DynamicsDelta<T, N> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self::new(
            -self.velocity,
            -self.acceleration,
            -self.angular_velocity,
            -self.angular_acceleration,
        )
    }
}

/// Conversions of deltas; `self` is always the parent's global dynamics `A₂`.
impl<T: Float, const N: usize> DynamicTransform<T, N> {
    /// The global change of a child caused by the local change `local` of the child:
    ///
    /// `Δv₃ = J₂ Δv₁`, `Δa₃ = J₂ Δa₁ + 2 ω₂ Δv₃`, `Δω₃ = R₂ Δω₁ R₂ᵀ`,
    /// `Δα₃ = R₂ Δα₁ R₂ᵀ + [ω₂, Δω₃]`.
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
    /// let local = DynamicsDelta::from_velocity(Vector([0.0, 1.0, 0.0]));
    /// let global = parent.local_delta_to_global(&local);
    /// assert!((parent.global_delta_to_local(&global).velocity - local.velocity).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn local_delta_to_global(&self, local: &DynamicsDelta<T, N>) -> DynamicsDelta<T, N> {
        let r2 = self.transform.rotation.matrix();
        let w2 = upper(&self.angular_velocity);
        let dv3 = self.to_parent_basis(&local.velocity);
        let dw3 = conjugate(r2, &upper(&local.angular_velocity));
        let dal3 = add(
            &conjugate(r2, &upper(&local.angular_acceleration)),
            &bracket(&w2, &dw3),
        );
        DynamicsDelta {
            velocity: dv3,
            acceleration: self.to_parent_basis(&local.acceleration)
                + apply_upper(&w2, &(dv3 + dv3)),
            angular_velocity: to_skew(dw3),
            angular_acceleration: to_skew(dal3),
        }
    }

    /// `Δv₃ = J₂ Δv₁`: the seed sketch's `TransformDeltaVel`, one component of
    /// [`DynamicTransform::local_delta_to_global`].
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
    /// let dv = Vector([0.0, 1.0, 0.0]);
    /// assert!((parent.transform_delta_velocity(&dv) - parent.to_parent_basis(&dv)).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn transform_delta_velocity(&self, dv: &Vector<T, N>) -> Vector<T, N> {
        self.to_parent_basis(dv)
    }

    /// `Δa₃ = J₂ Δa₁ + 2 ω₂ J₂ Δv₁` from the local changes `dv = Δv₁`, `da = Δa₁` (the
    /// seed sketch's `TransformDeltaAcc`).
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
    /// // A velocity change seen from a turning frame adds a Coriolis term 2 ω × Δv.
    /// let dv = Vector([1.0, 0.0, 0.0]);
    /// let da = parent.transform_delta_acceleration(&dv, &Vector([0.0; 3]));
    /// let dv3 = parent.to_parent_basis(&dv);
    /// assert!((da - Vector([0.0, 0.0, 2.0]).cross(&dv3)).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn transform_delta_acceleration(
        &self,
        dv: &Vector<T, N>,
        da: &Vector<T, N>,
    ) -> Vector<T, N> {
        let dv3 = self.to_parent_basis(dv);
        self.to_parent_basis(da) + apply(&self.angular_velocity, &(dv3 + dv3))
    }

    /// `Δω₃ = R₂ Δω₁ R₂ᵀ` (the seed sketch's `TransformDeltaAngVel`).
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
    /// let dw = Skew::from_vector(Vector([0.0, 0.0, 1.0]));
    /// // About the rotation axis: unchanged.
    /// assert!((parent.transform_delta_angular_velocity(&dw).vector() - dw.vector()).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn transform_delta_angular_velocity(&self, dw: &Skew<T, N>) -> Skew<T, N> {
        to_skew(conjugate(self.transform.rotation.matrix(), &upper(dw)))
    }

    /// `Δα₃ = R₂ Δα₁ R₂ᵀ + [ω₂, R₂ Δω₁ R₂ᵀ]` from the local changes `dw = Δω₁`,
    /// `dal = Δα₁` (the seed sketch's `TransformDeltaAngAcc`).
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
    /// // A spin change along the frame's own spin axis adds no gyroscopic term.
    /// let dw = Skew::from_vector(Vector([0.0, 0.0, 1.0]));
    /// let dal = parent.transform_delta_angular_acceleration(&dw, &Skew::zero());
    /// assert!(dal.vector().norm() < 1e-15);
    /// ```
    #[inline]
    pub fn transform_delta_angular_acceleration(
        &self,
        dw: &Skew<T, N>,
        dal: &Skew<T, N>,
    ) -> Skew<T, N> {
        let r2 = self.transform.rotation.matrix();
        let dw3 = conjugate(r2, &upper(dw));
        to_skew(add(
            &conjugate(r2, &upper(dal)),
            &bracket(&upper(&self.angular_velocity), &dw3),
        ))
    }

    /// The local change of a child that produces the global change `global` (the inverse
    /// of [`DynamicTransform::local_delta_to_global`]):
    ///
    /// `Δv₁ = J₂⁻¹ Δv₃`, `Δa₁ = J₂⁻¹ (Δa₃ − 2 ω₂ Δv₃)`, `Δω₁ = R₂ᵀ Δω₃ R₂`,
    /// `Δα₁ = R₂ᵀ (Δα₃ + [Δω₃, ω₂]) R₂`.
    ///
    /// # Errors
    /// [`Error::Singular`] if the parent's scale is zero.
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
    /// let global = DynamicsDelta::from_velocity(Vector([1.0, 2.0, 3.0]));
    /// let local = parent.try_global_delta_to_local(&global).unwrap();
    /// assert!((parent.local_delta_to_global(&local).velocity - global.velocity).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn try_global_delta_to_local(
        &self,
        global: &DynamicsDelta<T, N>,
    ) -> Result<DynamicsDelta<T, N>, Error> {
        if self.transform.scale == T::zero() {
            return Err(Error::Singular);
        }
        let r2 = self.transform.rotation.matrix();
        let w2 = upper(&self.angular_velocity);
        let inv_s = crate::transform::recip_or_nan(self.transform.scale);
        let jinv = |x: &Vector<T, N>| rotate_inverse(r2, x) * inv_s;
        let w2dv3 = apply_upper(&w2, &global.velocity);
        let dw3 = upper(&global.angular_velocity);
        let dal = add(&upper(&global.angular_acceleration), &bracket(&dw3, &w2));
        Ok(DynamicsDelta {
            velocity: jinv(&global.velocity),
            acceleration: jinv(&(global.acceleration - w2dv3 - w2dv3)),
            angular_velocity: to_skew(conjugate_transpose(r2, &dw3)),
            angular_acceleration: to_skew(conjugate_transpose(r2, &dal)),
        })
    }

    /// The local change of a child that produces a global change (see
    /// [`DynamicTransform::try_global_delta_to_local`]).
    ///
    /// # Panics
    /// If the parent's scale is zero.
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
    /// let global = DynamicsDelta::from_velocity(Vector([0.0, 0.0, 1.0]));
    /// assert!((parent.global_delta_to_local(&global).velocity - Vector([0.0, 0.0, 1.0])).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn global_delta_to_local(&self, global: &DynamicsDelta<T, N>) -> DynamicsDelta<T, N> {
        match self.try_global_delta_to_local(global) {
            Ok(d) => d,
            Err(e) => panic!("DynamicTransform::global_delta_to_local: {e}"),
        }
    }

    /// The global change a child inherits when its parent's global rates change by
    /// `parent_change` while the child's local dynamics `child_local` stay the same:
    ///
    /// `Δv₃ = Δv₂ + Δω₂ J₂ T₁`,
    /// `Δa₃ = Δa₂ + (Δα₂ + Δω₂ ω₂ + ω₂ Δω₂ + Δω₂²) J₂ T₁ + 2 Δω₂ J₂ v₁`,
    /// `Δω₃ = Δω₂`, `Δα₃ = Δα₂ + [Δω₂, ω₃ − ω₂]` with `ω₃ − ω₂ = R₂ ω₁ R₂ᵀ`.
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
    /// // The child inherits a change of the parent's velocity as is.
    /// let change = DynamicsDelta::from_velocity(Vector([0.0, 0.0, 1.0]));
    /// assert!((parent.inherited_delta(&child, &change).velocity - change.velocity).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn inherited_delta(
        &self,
        child_local: &Self,
        parent_change: &DynamicsDelta<T, N>,
    ) -> DynamicsDelta<T, N> {
        let r2 = self.transform.rotation.matrix();
        let w2 = &self.angular_velocity;
        let dw2 = &parent_change.angular_velocity;
        let j2t1 = self.to_parent_basis(&child_local.transform.translation);
        let j2v1 = self.to_parent_basis(&child_local.velocity);
        let dw2j2t1 = apply(dw2, &j2t1);
        // (Δω₂ω₂ + ω₂Δω₂ + Δω₂²) x = Δω₂ ((ω₂ + Δω₂) x) + ω₂ (Δω₂ x)
        let acceleration = parent_change.acceleration
            + apply(&parent_change.angular_acceleration, &j2t1)
            + apply(dw2, &(apply(&(*w2 + *dw2), &j2t1) + j2v1 + j2v1))
            + apply(w2, &dw2j2t1);
        let w1 = conjugate(r2, &upper(&child_local.angular_velocity));
        let dal3 = add(
            &upper(&parent_change.angular_acceleration),
            &bracket(&upper(dw2), &w1),
        );
        DynamicsDelta {
            velocity: parent_change.velocity + dw2j2t1,
            acceleration,
            angular_velocity: *dw2,
            angular_acceleration: to_skew(dal3),
        }
    }
}
