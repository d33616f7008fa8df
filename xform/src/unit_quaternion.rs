//! [`UnitQuaternion`]: a quaternion known to have norm 1, so that it is a rotation by type.
//! [`Quaternion`] stays the general algebra type; this one is what an orientation should be.
use core::ops::Mul;

use num_traits::Float;

use crate::{Error, Matrix, Quaternion, Rotation, Vector};

/// A quaternion of norm 1 (within the tolerance it was checked against, or renormalized):
/// a rotation. Products of unit quaternions stay unit quaternions up to rounding; call
/// [`UnitQuaternion::renormalize`] after many of them.
///
/// # Example
/// ```
/// use xform::{Quaternion, UnitQuaternion, Vector};
/// let q = UnitQuaternion::try_from_axis_angle(&Vector([0.0, 0.0, 2.0]), core::f64::consts::FRAC_PI_2).unwrap();
/// assert!((q.rotate(&Vector([1.0, 0.0, 0.0])) - Vector([0.0, 1.0, 0.0])).norm() < 1e-15);
/// // A quaternion off the unit sphere is refused, or renormalized on purpose.
/// assert!(UnitQuaternion::try_new(Quaternion::new(2.0, 0.0, 0.0, 0.0), 1e-9).is_err());
/// let r = UnitQuaternion::try_normalized(Quaternion::new(2.0, 0.0, 0.0, 0.0)).unwrap();
/// assert_eq!(r.quaternion(), Quaternion::identity());
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct UnitQuaternion<T>(Quaternion<T>);

impl<T: Float> UnitQuaternion<T> {
    /// The identity rotation.
    ///
    /// # Example
    /// ```
    /// use xform::{UnitQuaternion, Vector};
    /// let v = Vector([1.0, 2.0, 3.0]);
    /// assert_eq!(UnitQuaternion::<f64>::identity().rotate(&v), v);
    /// ```
    #[must_use]
    pub fn identity() -> Self {
        Self(Quaternion::identity())
    }

    /// `q` if `| |q| − 1 | <= tolerance` (it is kept as given, not renormalized).
    ///
    /// # Errors
    /// [`Error::NonFinite`] for NaN or infinite components or tolerance (an infinite tolerance
    /// would accept anything), [`Error::NotUnit`] if the norm is off by more than `tolerance`.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, UnitQuaternion};
    /// let almost = Quaternion::new(1.0 + 1e-12, 0.0, 0.0, 0.0);
    /// assert!(UnitQuaternion::try_new(almost, 1e-9).is_ok());
    /// assert_eq!(UnitQuaternion::try_new(almost, 1e-15), Err(xform::Error::NotUnit));
    /// ```
    pub fn try_new(q: Quaternion<T>, tolerance: T) -> Result<Self, Error> {
        if !(q.is_finite() && tolerance.is_finite()) {
            return Err(Error::NonFinite);
        }
        if (q.norm() - T::one()).abs() <= tolerance {
            Ok(Self(q))
        } else {
            Err(Error::NotUnit)
        }
    }

    /// `q / |q|` (over the whole finite range, see [`Quaternion::norm`]).
    ///
    /// # Errors
    /// [`Error::ZeroNorm`] for the zero quaternion, [`Error::NonFinite`] for NaN or infinity.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, UnitQuaternion};
    /// let q = UnitQuaternion::try_normalized(Quaternion::new(0.0f64, 3e200, 4e200, 0.0)).unwrap();
    /// assert!((q.quaternion().y - 0.8).abs() < 1e-15);
    /// assert_eq!(UnitQuaternion::<f64>::try_normalized(Quaternion::new(0.0, 0.0, 0.0, 0.0)), Err(xform::Error::ZeroNorm));
    /// ```
    pub fn try_normalized(q: Quaternion<T>) -> Result<Self, Error> {
        q.try_normalize().map(Self)
    }

    /// `q` taken as a unit quaternion without a check, for hot paths that keep the norm
    /// themselves; a non-unit `q` makes [`UnitQuaternion::rotate`] scale as
    /// [`Quaternion::rotate`] documents.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, UnitQuaternion};
    /// let q = UnitQuaternion::new_unchecked(Quaternion::new(0.0, 1.0, 0.0, 0.0));
    /// assert_eq!(q.quaternion().x, 1.0);
    /// ```
    #[must_use]
    pub fn new_unchecked(q: Quaternion<T>) -> Self {
        Self(q)
    }

    /// The rotation by `angle` about `axis` (normalized here).
    ///
    /// # Errors
    /// [`Error::ZeroNorm`] for a zero axis, [`Error::NonFinite`] for NaN or infinity.
    ///
    /// # Example
    /// ```
    /// use xform::{UnitQuaternion, Vector};
    /// let q = UnitQuaternion::try_from_axis_angle(&Vector([0.0, 5.0, 0.0]), 0.25f64).unwrap();
    /// assert!((q.angle() - 0.25).abs() < 1e-15);
    /// assert!(UnitQuaternion::try_from_axis_angle(&Vector([0.0; 3]), 1.0f64).is_err());
    /// ```
    pub fn try_from_axis_angle(axis: &Vector<T, 3>, angle: T) -> Result<Self, Error> {
        Quaternion::try_from_axis_angle(axis, angle).map(Self)
    }

    /// The unit quaternion of a rotation matrix (the sign with `w >= 0`).
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, UnitQuaternion, Vector};
    /// let r = Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4f64);
    /// let q = UnitQuaternion::from_rotation(&r);
    /// assert!((q.to_matrix() - *r.matrix()).0.iter().flatten().all(|d| d.abs() < 1e-15));
    /// ```
    #[must_use]
    pub fn from_rotation(r: &Rotation<T, 3>) -> Self {
        let q = r.to_quaternion();
        Self(if q.w < T::zero() { -q } else { q })
    }

    /// The quaternion.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, UnitQuaternion};
    /// assert_eq!(UnitQuaternion::<f64>::identity().quaternion(), Quaternion::identity());
    /// ```
    #[must_use]
    pub fn quaternion(&self) -> Quaternion<T> {
        self.0
    }

    /// `q v q*`.
    ///
    /// # Example
    /// ```
    /// use xform::{UnitQuaternion, Vector};
    /// let q = UnitQuaternion::try_from_axis_angle(&Vector([1.0, 0.0, 0.0]), core::f64::consts::PI).unwrap();
    /// assert!((q.rotate(&Vector([0.0, 1.0, 0.0])) - Vector([0.0, -1.0, 0.0])).norm() < 1e-15);
    /// ```
    #[must_use]
    pub fn rotate(&self, v: &Vector<T, 3>) -> Vector<T, 3> {
        self.0.rotate(v)
    }

    /// The rotation matrix.
    ///
    /// # Example
    /// ```
    /// use xform::{UnitQuaternion, Vector};
    /// let q = UnitQuaternion::try_from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3f64).unwrap();
    /// let v = Vector([1.0, 2.0, 3.0]);
    /// assert!((q.to_matrix() * v - q.rotate(&v)).norm() < 1e-15);
    /// ```
    #[must_use]
    pub fn to_matrix(&self) -> Matrix<T, 3, 3> {
        self.0.to_matrix()
    }

    /// The rotation.
    ///
    /// # Example
    /// ```
    /// use xform::{UnitQuaternion, Vector};
    /// let q = UnitQuaternion::try_from_axis_angle(&Vector([0.0, 1.0, 0.0]), 0.3f64).unwrap();
    /// assert_eq!(*q.to_rotation().matrix(), q.to_matrix());
    /// ```
    #[must_use]
    pub fn to_rotation(&self) -> Rotation<T, 3> {
        Rotation::from_matrix_unchecked(self.0.to_matrix())
    }

    /// The inverse rotation (the conjugate).
    ///
    /// # Example
    /// ```
    /// use xform::{UnitQuaternion, Vector};
    /// let q = UnitQuaternion::try_from_axis_angle(&Vector([1.0, 1.0, 0.0]), 0.7f64).unwrap();
    /// let v = Vector([0.2, -1.0, 3.0]);
    /// assert!((q.inverse().rotate(&q.rotate(&v)) - v).norm() < 1e-14);
    /// ```
    #[must_use]
    pub fn inverse(&self) -> Self {
        Self(self.0.conjugate())
    }

    /// The rotation angle in `[0, π]`.
    ///
    /// # Example
    /// ```
    /// use xform::{UnitQuaternion, Vector};
    /// let q = UnitQuaternion::try_from_axis_angle(&Vector([0.0, 0.0, 1.0]), -2.0f64).unwrap();
    /// assert!((q.angle() - 2.0).abs() < 1e-15);
    /// ```
    #[must_use]
    pub fn angle(&self) -> T {
        self.0.angle()
    }

    /// Spherical linear interpolation along the shorter arc (NaN for a non-finite `t`, see
    /// [`Quaternion::slerp`]).
    ///
    /// # Example
    /// ```
    /// use xform::{UnitQuaternion, Vector};
    /// let a = UnitQuaternion::<f64>::identity();
    /// let b = UnitQuaternion::try_from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0).unwrap();
    /// assert!((a.slerp(&b, 0.25).angle() - 0.25).abs() < 1e-15);
    /// ```
    #[must_use]
    pub fn slerp(&self, other: &Self, t: T) -> Self {
        Self(self.0.slerp(&other.0, t))
    }

    /// The same rotation with the norm brought back to 1 (after many products, whose
    /// rounding lets it drift by about ε per product).
    ///
    /// # Example
    /// ```
    /// use xform::{UnitQuaternion, Vector};
    /// let step = UnitQuaternion::try_from_axis_angle(&Vector([0.3, 0.4, 0.5]), 0.01f64).unwrap();
    /// let mut q = UnitQuaternion::identity();
    /// for _ in 0..10_000 {
    ///     q = q * step;
    /// }
    /// assert!((q.renormalize().quaternion().norm() - 1.0).abs() <= 2.0 * f64::EPSILON);
    /// ```
    #[must_use]
    pub fn renormalize(&self) -> Self {
        self.0.try_normalize().map_or(*self, Self)
    }
}

impl<T: Float> Mul for UnitQuaternion<T> {
    type Output = Self;
    /// The composition: `(p * q).rotate(v) = p.rotate(q.rotate(v))`.
    #[inline]
    fn mul(self, rhs: Self) -> Self {
        Self(self.0 * rhs.0)
    }
}

impl<T: Float> From<UnitQuaternion<T>> for Quaternion<T> {
    fn from(q: UnitQuaternion<T>) -> Self {
        q.0
    }
}
