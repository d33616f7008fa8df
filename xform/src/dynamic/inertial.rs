//! Newtonian mechanics in the non-inertial frame of a parent: a force on a child becomes a
//! local acceleration plus the inertial ("fictitious") accelerations caused by the parent's
//! global dynamics.
//!
//! With `self` the parent's global dynamics `A₂` and the child at `T₁` moving with `v₁`
//! relative to it, writing `x̃ = J₂⁻¹ x` for vectors and `ω̃ = R₂ᵀ ω R₂` for angular
//! quantities expressed in the parent's basis:
//!
//! `a₁ = F̃/m − ã₂ − α̃₂ T₁ − ω̃₂² T₁ − 2 ω̃₂ v₁`
//!
//! whose last four terms are the frame's linear acceleration, the Euler, the centrifugal
//! and the Coriolis accelerations. The free functions give the 2D (ω a scalar, acting as
//! `ω v⊥`) and 3D (ω a vector, acting as `ω × v`) forms of the three named terms.
use num_traits::Float;

use super::DynamicTransform;
use super::kernels::{apply_upper, conjugate_transpose, rotate_inverse, upper};
use crate::{Error, Vector};

/// The inertial accelerations felt in a parent's frame, in the parent's basis; add them to
/// the applied acceleration to get the local acceleration.
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
/// let inertial = parent.try_inertial_accelerations(&child).unwrap();
/// assert!((inertial.total() - (inertial.linear + inertial.euler + inertial.centrifugal + inertial.coriolis)).norm() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct InertialAccelerations<T, const N: usize> {
    /// `−ã₂`: the frame's own linear acceleration, reversed.
    pub linear: Vector<T, N>,
    /// `−α̃₂ T₁`: the Euler acceleration from the frame's angular acceleration.
    pub euler: Vector<T, N>,
    /// `−ω̃₂² T₁`: the centrifugal acceleration.
    pub centrifugal: Vector<T, N>,
    /// `−2 ω̃₂ v₁`: the Coriolis acceleration.
    pub coriolis: Vector<T, N>,
}

impl<T: Float, const N: usize> InertialAccelerations<T, N> {
    /// The sum of the four terms.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, Transform, Vector};
    /// let frame = DynamicTransform::<f64, 3>::identity();
    /// let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0])));
    /// child.velocity = Vector([0.0, 1.0, 0.0]);
    /// let i = frame.try_inertial_accelerations(&child).unwrap();
    /// assert_eq!(i.total(), i.linear + i.euler + i.centrifugal + i.coriolis);
    /// ```
    #[inline]
    pub fn total(&self) -> Vector<T, N> {
        self.linear + self.euler + self.centrifugal + self.coriolis
    }
}

/// A child's local acceleration under an applied force, split into its contributions.
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
/// let a = parent.try_force_to_local_acceleration(&child, &Vector([0.0; 3]), 1.0).unwrap();
/// // No force: only the inertial terms move the child.
/// assert_eq!(a.total(), a.inertial.total());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct LocalAcceleration<T, const N: usize> {
    /// `F̃/m = J₂⁻¹ F / m`: the applied force's acceleration in the parent's basis.
    pub applied: Vector<T, N>,
    /// The inertial terms.
    pub inertial: InertialAccelerations<T, N>,
}

impl<T: Float, const N: usize> LocalAcceleration<T, N> {
    /// The local acceleration `a₁`.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, Transform, Vector};
    /// let frame = DynamicTransform::<f64, 3>::identity();
    /// let child = DynamicTransform::<f64, 3>::identity();
    /// let a = frame.try_force_to_local_acceleration(&child, &Vector([3.0, 0.0, 0.0]), 1.5).unwrap();
    /// assert_eq!(a.total(), Vector([2.0, 0.0, 0.0])); // F / m; a frame at rest adds nothing
    /// ```
    #[inline]
    pub fn total(&self) -> Vector<T, N> {
        self.applied + self.inertial.total()
    }
}

/// Newtonian helpers; `self` is the parent's global dynamics `A₂`.
impl<T: Float, const N: usize> DynamicTransform<T, N> {
    /// The inertial accelerations on a child with local dynamics `child_local` (its
    /// translation `T₁` and velocity `v₁` are used).
    ///
    /// # Errors
    /// [`Error::Singular`] if the parent's scale is zero, [`Error::NonFinite`] if a term is
    /// not finite.
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
    /// // The centrifugal term at the child's offset, as the free function gives it.
    /// let i = parent.try_inertial_accelerations(&child).unwrap();
    /// assert!((i.centrifugal - xform::dynamic::inertial::centrifugal_3d(&Vector([0.0, 0.0, 1.0]), &child.transform.translation)).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn try_inertial_accelerations(
        &self,
        child_local: &Self,
    ) -> Result<InertialAccelerations<T, N>, Error> {
        if self.transform.scale == T::zero() {
            return Err(Error::Singular);
        }
        let r2 = self.transform.rotation.matrix();
        let w = conjugate_transpose(r2, &upper(&self.angular_velocity));
        let al = conjugate_transpose(r2, &upper(&self.angular_acceleration));
        let t1 = &child_local.transform.translation;
        let v1 = &child_local.velocity;
        let wv1 = apply_upper(&w, v1);
        let terms = InertialAccelerations {
            linear: -(rotate_inverse(r2, &self.acceleration)
                * crate::transform::recip_or_nan(self.transform.scale)),
            euler: -apply_upper(&al, t1),
            centrifugal: -apply_upper(&w, &apply_upper(&w, t1)),
            coriolis: -(wv1 + wv1),
        };
        if terms.total().is_finite() {
            Ok(terms)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// The local acceleration of a child of mass `mass` under the applied (global) force
    /// `force`, with the inertial terms named; `child_local.acceleration` is ignored.
    ///
    /// # Errors
    /// [`Error::Singular`] for zero mass or zero parent scale, [`Error::NonFinite`] if the
    /// result is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let frame = DynamicTransform::<f64, 3>::identity();
    /// let child = DynamicTransform::<f64, 3>::identity();
    /// let a = frame.try_force_to_local_acceleration(&child, &Vector([0.0, 2.0, 0.0]), 2.0).unwrap();
    /// assert_eq!(a.applied, Vector([0.0, 1.0, 0.0]));
    /// assert!(frame.try_force_to_local_acceleration(&child, &Vector([1.0; 3]), 0.0).is_err());
    /// ```
    #[inline]
    pub fn try_force_to_local_acceleration(
        &self,
        child_local: &Self,
        force: &Vector<T, N>,
        mass: T,
    ) -> Result<LocalAcceleration<T, N>, Error> {
        if mass == T::zero() {
            return Err(Error::Singular);
        }
        let inertial = self.try_inertial_accelerations(child_local)?;
        // An infinite mass would give a plausible zero: NaN instead (then NonFinite).
        let applied = self.to_child_basis(force) * crate::transform::recip_or_nan(mass);
        let result = LocalAcceleration { applied, inertial };
        if result.total().is_finite() {
            Ok(result)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// The local acceleration under a force (see
    /// [`DynamicTransform::try_force_to_local_acceleration`]).
    ///
    /// # Panics
    /// For zero mass, zero parent scale or a non-finite result.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let frame = DynamicTransform::<f64, 3>::identity();
    /// let child = DynamicTransform::<f64, 3>::identity();
    /// assert_eq!(frame.force_to_local_acceleration(&child, &Vector([4.0, 0.0, 0.0]), 2.0).applied, Vector([2.0, 0.0, 0.0]));
    /// ```
    #[inline]
    pub fn force_to_local_acceleration(
        &self,
        child_local: &Self,
        force: &Vector<T, N>,
        mass: T,
    ) -> LocalAcceleration<T, N> {
        match self.try_force_to_local_acceleration(child_local, force, mass) {
            Ok(a) => a,
            Err(e) => panic!("DynamicTransform::force_to_local_acceleration: {e}"),
        }
    }
}

/// 3D centrifugal acceleration `−ω̃ × (ω̃ × T₁)` (`omega` in the parent's basis).
///
/// # Example
/// ```
/// use xform::Vector;
/// // Spinning at 2 rad/s about z, 1 m out along x: 4 m/s² outwards.
/// assert_eq!(xform::dynamic::inertial::centrifugal_3d(&Vector([0.0, 0.0, 2.0]), &Vector([1.0, 0.0, 0.0])), Vector([4.0, 0.0, 0.0]));
/// ```
#[inline]
pub fn centrifugal_3d<T: Float>(omega: &Vector<T, 3>, position: &Vector<T, 3>) -> Vector<T, 3> {
    -omega.cross(&omega.cross(position))
}

/// 3D Coriolis acceleration `−2 ω̃ × v₁`.
///
/// # Example
/// ```
/// use xform::Vector;
/// assert_eq!(xform::dynamic::inertial::coriolis_3d(&Vector([0.0, 0.0, 1.0]), &Vector([1.0, 0.0, 0.0])), Vector([0.0, -2.0, 0.0]));
/// ```
#[inline]
pub fn coriolis_3d<T: Float>(omega: &Vector<T, 3>, velocity: &Vector<T, 3>) -> Vector<T, 3> {
    let c = omega.cross(velocity);
    -(c + c)
}

/// 3D Euler acceleration `−α̃ × T₁`.
///
/// # Example
/// ```
/// use xform::Vector;
/// assert_eq!(xform::dynamic::inertial::euler_3d(&Vector([0.0, 0.0, 1.0]), &Vector([1.0, 0.0, 0.0])), Vector([0.0, -1.0, 0.0]));
/// ```
#[inline]
pub fn euler_3d<T: Float>(alpha: &Vector<T, 3>, position: &Vector<T, 3>) -> Vector<T, 3> {
    -alpha.cross(position)
}

/// 2D centrifugal acceleration `ω² T₁` (ω a scalar; `−ω̃² T₁` with `ω̃² = −ω² I`).
///
/// # Example
/// ```
/// use xform::Vector;
/// assert_eq!(xform::dynamic::inertial::centrifugal_2d(2.0, &Vector([1.0, 0.0])), Vector([4.0, 0.0]));
/// ```
#[inline]
pub fn centrifugal_2d<T: Float>(omega: T, position: &Vector<T, 2>) -> Vector<T, 2> {
    *position * (omega * omega)
}

/// 2D Coriolis acceleration `−2 ω v₁⊥` with `(x, y)⊥ = (−y, x)`.
///
/// # Example
/// ```
/// use xform::Vector;
/// assert_eq!(xform::dynamic::inertial::coriolis_2d(1.0, &Vector([1.0, 0.0])), Vector([0.0, -2.0]));
/// ```
#[inline]
pub fn coriolis_2d<T: Float>(omega: T, velocity: &Vector<T, 2>) -> Vector<T, 2> {
    let c = velocity.perp() * omega;
    -(c + c)
}

/// 2D Euler acceleration `−α T₁⊥`.
///
/// # Example
/// ```
/// use xform::Vector;
/// assert_eq!(xform::dynamic::inertial::euler_2d(1.0, &Vector([1.0, 0.0])), Vector([-0.0, -1.0]));
/// ```
#[inline]
pub fn euler_2d<T: Float>(alpha: T, position: &Vector<T, 2>) -> Vector<T, 2> {
    -(position.perp() * alpha)
}
