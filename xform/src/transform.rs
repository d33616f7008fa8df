//! `Transform<T, N>`: similarity transforms `p ↦ s R p + t` (translation, rotation,
//! uniform scale) in `N` dimensions.
use core::ops::{Mul, MulAssign};

use num_traits::Float;

use crate::{Error, Matrix, Rotation, Vector};

/// The similarity transform `A(p) = s R p + t`: scale by `s`, then rotate by `R`, then
/// translate by `t`.
///
/// `a2 * a1` is the composition `A2 ∘ A1` (apply `a1` first), matching the product of the
/// augmented matrices. The scale may be any non-zero value (negative scale is a point
/// reflection combined with the rotation); a zero scale makes the transform singular.
///
/// # Example
/// ```
/// use xform::{Rotation, Transform, Vector};
/// let t = Transform::new(Vector([1.0, 0.0, 0.0]), Rotation::identity(), 2.0);
/// assert_eq!(t * Vector([1.0, 1.0, 1.0]), Vector([3.0, 2.0, 2.0]));
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
pub struct Transform<T, const N: usize> {
    /// The translation `t` (where the origin goes).
    pub translation: Vector<T, N>,
    /// The rotation `R`.
    pub rotation: Rotation<T, N>,
    /// The uniform scale `s`.
    pub scale: T,
}

impl<T: Float, const N: usize> Transform<T, N> {
    /// `p ↦ s R p + t`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::new(Vector([1.0, 0.0]), Rotation::from_angle(core::f64::consts::FRAC_PI_2), 2.0);
    /// assert!((t.apply_point(&Vector([1.0, 0.0])) - Vector([1.0, 2.0])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn new(translation: Vector<T, N>, rotation: Rotation<T, N>, scale: T) -> Self {
        Self {
            translation,
            rotation,
            scale,
        }
    }

    /// The identity transform.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let p = Vector([1.0, 2.0, 3.0]);
    /// assert_eq!(Transform::<f64, 3>::identity().apply_point(&p), p);
    /// ```
    #[inline]
    pub fn identity() -> Self {
        Self::new(Vector::zeros(), Rotation::identity(), T::one())
    }

    /// A pure translation.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::from_translation(Vector([1.0, 1.0]));
    /// assert_eq!(t.apply_point(&Vector([0.0, 2.0])), Vector([1.0, 3.0]));
    /// assert_eq!(t.apply_vector(&Vector([0.0, 2.0])), Vector([0.0, 2.0])); // vectors do not move
    /// ```
    #[inline]
    pub fn from_translation(t: Vector<T, N>) -> Self {
        Self::new(t, Rotation::identity(), T::one())
    }

    /// A pure rotation about the origin.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::from_rotation(Rotation::from_angle(core::f64::consts::PI));
    /// assert!((t.apply_point(&Vector([1.0, 0.0])) - Vector([-1.0, 0.0])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn from_rotation(r: Rotation<T, N>) -> Self {
        Self::new(Vector::zeros(), r, T::one())
    }

    /// A pure uniform scaling about the origin.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert_eq!(Transform::from_scale(3.0).apply_point(&Vector([1.0, 2.0])), Vector([3.0, 6.0]));
    /// ```
    #[inline]
    pub fn from_scale(s: T) -> Self {
        Self::new(Vector::zeros(), Rotation::identity(), s)
    }

    /// Applies the transform to a point: `s R p + t`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::new(Vector([0.0, 0.0, 1.0]), Rotation::identity(), 2.0);
    /// assert_eq!(t.apply_point(&Vector([1.0, 0.0, 0.0])), Vector([2.0, 0.0, 1.0]));
    /// ```
    #[inline]
    pub fn apply_point(&self, p: &Vector<T, N>) -> Vector<T, N> {
        let m = &self.rotation.matrix().0;
        let mut out = [T::zero(); N];
        for ((o, row), &t) in out.iter_mut().zip(m).zip(&self.translation.0) {
            *o = crate::vector::dot(row, &p.0) * self.scale + t;
        }
        Vector(out)
    }

    /// Applies the linear part to a direction or displacement: `s R v` (no translation).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::new(Vector([5.0, 5.0]), Rotation::identity(), 2.0);
    /// assert_eq!(t.apply_vector(&Vector([1.0, 0.0])), Vector([2.0, 0.0]));
    /// ```
    #[inline]
    pub fn apply_vector(&self, v: &Vector<T, N>) -> Vector<T, N> {
        self.rotation.apply(v) * self.scale
    }

    /// Transforms a surface normal with the normal matrix `(s R)⁻ᵀ = R / s` (not
    /// renormalized).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::new(Vector([0.0, 0.0]), Rotation::identity(), 2.0);
    /// assert_eq!(t.apply_normal(&Vector([0.0, 1.0])), Vector([0.0, 0.5])); // (s R)⁻ᵀ n
    /// ```
    #[inline]
    pub fn apply_normal(&self, n: &Vector<T, N>) -> Vector<T, N> {
        self.rotation.apply(n) * recip_or_nan(self.scale)
    }

    /// The linear part `s R`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::new(Vector([0.0; 2]), Rotation::identity(), 2.0);
    /// assert_eq!(t.linear(), Matrix([[2.0, 0.0], [0.0, 2.0]]));
    /// ```
    #[inline]
    pub fn linear(&self) -> Matrix<T, N, N> {
        *self.rotation.matrix() * self.scale
    }

    /// The normal matrix, the inverse transpose of the linear part: `(s R)⁻ᵀ = R / s`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::new(Vector([0.0; 2]), Rotation::identity(), 4.0);
    /// assert_eq!(t.normal_matrix(), Matrix([[0.25, 0.0], [0.0, 0.25]]));
    /// ```
    #[inline]
    pub fn normal_matrix(&self) -> Matrix<T, N, N> {
        *self.rotation.matrix() * recip_or_nan(self.scale)
    }

    /// The composition `self ∘ first` (apply `first`, then `self`):
    /// `(t₂ + s₂ R₂ t₁, R₂ R₁, s₂ s₁)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let move_x = Transform::from_translation(Vector([1.0, 0.0]));
    /// let double = Transform::from_scale(2.0);
    /// // First double, then move: (2p + (1, 0)).
    /// assert_eq!(move_x.compose(&double).apply_point(&Vector([1.0, 1.0])), Vector([3.0, 2.0]));
    /// ```
    #[inline]
    pub fn compose(&self, first: &Self) -> Self {
        Self {
            translation: self.apply_point(&first.translation),
            rotation: self.rotation * first.rotation,
            scale: self.scale * first.scale,
        }
    }

    /// The inverse `p ↦ (1/s) Rᵀ (p - t)`, i.e. `(-(1/s) Rᵀ t, Rᵀ, 1/s)`.
    ///
    /// # Errors
    /// [`Error::Singular`] for zero scale, [`Error::NonFinite`] if the result is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::new(Vector([1.0, 2.0]), Rotation::from_angle(0.3), 2.0);
    /// let p = Vector([0.5, -1.0]);
    /// assert!((t.try_inverse().unwrap().apply_point(&t.apply_point(&p)) - p).norm() < 1e-15);
    /// assert!(Transform::<f64, 2>::from_scale(0.0).try_inverse().is_err());
    /// ```
    #[inline]
    pub fn try_inverse(&self) -> Result<Self, Error> {
        if !self.scale.is_finite() {
            return Err(Error::NonFinite);
        }
        if self.scale == T::zero() {
            return Err(Error::Singular);
        }
        let inv_s = T::one() / self.scale;
        let rotation = self.rotation.inverse();
        let translation = -(rotation.apply(&self.translation) * inv_s);
        if !inv_s.is_finite() || !translation.is_finite() {
            return Err(Error::NonFinite);
        }
        Ok(Self::new(translation, rotation, inv_s))
    }

    /// The inverse transform.
    ///
    /// # Panics
    /// For zero scale (see [`Transform::try_inverse`]).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::from_translation(Vector([1.0, 2.0]));
    /// assert_eq!(t.inverse().apply_point(&Vector([1.0, 2.0])), Vector([0.0, 0.0]));
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        match self.try_inverse() {
            Ok(t) => t,
            Err(e) => panic!("Transform::inverse: {e}"),
        }
    }

    /// Applies the inverse transform to a point, `(1/s) Rᵀ (p - t)`, without forming it.
    ///
    /// # Errors
    /// [`Error::Singular`] for zero scale.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let t = Transform::from_scale(2.0);
    /// assert_eq!(t.try_apply_inverse_point(&Vector([2.0, 4.0])), Ok(Vector([1.0, 2.0])));
    /// ```
    #[inline]
    pub fn try_apply_inverse_point(&self, p: &Vector<T, N>) -> Result<Vector<T, N>, Error> {
        if self.scale == T::zero() {
            return Err(Error::Singular);
        }
        let r = self.rotation.apply_inverse(&(*p - self.translation)) * recip_or_nan(self.scale);
        if r.is_finite() {
            Ok(r)
        } else {
            Err(Error::NonFinite)
        }
    }
}

impl<T: Float, const N: usize> Default for Transform<T, N> {
    #[inline]
    fn default() -> Self {
        Self::identity()
    }
}

impl<T: Float, const N: usize> Mul for Transform<T, N> {
    type Output = Self;
    /// `a2 * a1 = A2 ∘ A1` (see [`Transform::compose`]).
    #[inline]
    fn mul(self, first: Self) -> Self {
        self.compose(&first)
    }
}

impl<T: Float, const N: usize> MulAssign for Transform<T, N> {
    /// `a *= b` is `a = a ∘ b`.
    #[inline]
    fn mul_assign(&mut self, first: Self) {
        *self = self.compose(&first);
    }
}

impl<T: Float, const N: usize> Mul<Vector<T, N>> for Transform<T, N> {
    type Output = Vector<T, N>;
    /// Applies the transform to a point.
    #[inline]
    fn mul(self, p: Vector<T, N>) -> Vector<T, N> {
        self.apply_point(&p)
    }
}

macro_rules! augmented {
    ($($n:literal => $m:literal),*) => {$(
        impl<T: Float> Transform<T, $n> {
            /// The augmented (homogeneous) matrix `[[s R, t], [0, 1]]`, so that
            /// `A (p, 1) = (s R p + t, 1)` and composition is the matrix product.
            ///
            /// # Example
            /// ```
            /// use xform::{Transform, Vector};
            #[doc = concat!("let t = Transform::<f64, ", stringify!($n), ">::new(Vector::splat(1.0), xform::Rotation::identity(), 2.0);")]
            /// let a = t.to_augmented();
            #[doc = concat!("assert_eq!(a.0[0][", stringify!($n), "], 1.0); // the translation column")]
            #[doc = concat!("assert_eq!(a.0[", stringify!($n), "][", stringify!($n), "], 1.0);")]
            /// assert_eq!(a.0[0][0], 2.0);
            /// ```
            #[inline]
            pub fn to_augmented(&self) -> Matrix<T, $m, $m> {
                let mut a = Matrix::<T, $m, $m>::identity();
                let l = self.linear();
                for i in 0..$n {
                    for j in 0..$n {
                        a.0[i][j] = l.0[i][j];
                    }
                    a.0[i][$n] = self.translation.0[i];
                }
                a
            }
        }
    )*};
}
augmented!(1 => 2, 2 => 3, 3 => 4, 4 => 5, 5 => 6);

/// `1 / s`, or NaN for a zero or non-finite `s`: the inverse of a scale that has none poisons
/// the result instead of giving `∞` (zero scale) or a plausible `0` (infinite scale).
#[inline]
pub(crate) fn recip_or_nan<T: Float>(s: T) -> T {
    if s == T::zero() || !s.is_finite() {
        T::nan()
    } else {
        T::one() / s
    }
}
