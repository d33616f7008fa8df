//! `Quaternion<T>`: Hamilton quaternions, the preferred representation of 3D orientation.
use core::ops::{Add, AddAssign, Div, Mul, MulAssign, Neg, Sub, SubAssign};

use num_traits::Float;

use crate::{Error, Matrix, Vector};

/// A quaternion `w + x i + y j + z k` in the Hamilton convention (`i² = j² = k² = ijk = -1`,
/// so `ij = k`), scalar part `w` first.
///
/// A unit quaternion `q` represents the active rotation `v ↦ q v q*` of vectors (the
/// rotation matrix of [`Quaternion::to_matrix`]); `q` and `-q` are the same rotation.
/// Products compose like matrices: `(q₂ q₁)` rotates by `q₁` first, then by `q₂`.
///
/// # Example
/// ```
/// use xform::{Quaternion, Vector};
/// let i = Quaternion::new(0.0, 1.0, 0.0, 0.0);
/// let j = Quaternion::new(0.0, 0.0, 1.0, 0.0);
/// assert_eq!(i * j, Quaternion::new(0.0, 0.0, 0.0, 1.0)); // ij = k
/// assert_eq!(i * i, Quaternion::new(-1.0, 0.0, 0.0, 0.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Quaternion<T> {
    /// Scalar (real) part.
    pub w: T,
    /// Coefficient of `i`.
    pub x: T,
    /// Coefficient of `j`.
    pub y: T,
    /// Coefficient of `k`.
    pub z: T,
}

/// `θ²`-series threshold: below `ε^(1/4)` the truncated series is exact to rounding, and it
/// avoids `sin θ / θ` with `θ = 0` (which would be NaN, also for dual numbers).
#[inline]
pub(crate) fn small_angle_squared<T: Float>() -> T {
    fpu::sqrt(T::epsilon())
}

/// `sin θ / θ` given `θ²`, smooth at 0.
#[inline]
pub(crate) fn sinc_from_squared<T: Float>(theta2: T) -> T {
    if theta2 < small_angle_squared() {
        let c6 = T::from(1.0 / 6.0).unwrap_or_else(T::zero);
        let c120 = T::from(1.0 / 120.0).unwrap_or_else(T::zero);
        T::one() - theta2 * (c6 - theta2 * c120)
    } else {
        let t = fpu::sqrt(theta2);
        t.sin() / t
    }
}

impl<T: Float> Quaternion<T> {
    /// `w + x i + y j + z k`.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::new(1.0, 2.0, 3.0, 4.0);
    /// assert_eq!((q.w, q.vector()), (1.0, Vector([2.0, 3.0, 4.0])));
    /// ```
    #[inline]
    pub const fn new(w: T, x: T, y: T, z: T) -> Self {
        Self { w, x, y, z }
    }

    /// The identity rotation `1`.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let v = Vector([1.0, 2.0, 3.0]);
    /// assert_eq!(Quaternion::<f64>::identity().rotate(&v), v);
    /// ```
    #[inline]
    pub fn identity() -> Self {
        Self::new(T::one(), T::zero(), T::zero(), T::zero())
    }

    /// The zero quaternion.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::<f64>::zero().norm(), 0.0);
    /// ```
    #[inline]
    pub fn zero() -> Self {
        Self::new(T::zero(), T::zero(), T::zero(), T::zero())
    }

    /// `w + v` from a scalar and a vector (imaginary) part.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::from_parts(1.0, Vector([2.0, 3.0, 4.0])), Quaternion::new(1.0, 2.0, 3.0, 4.0));
    /// ```
    #[inline]
    pub fn from_parts(w: T, v: Vector<T, 3>) -> Self {
        Self::new(w, v.0[0], v.0[1], v.0[2])
    }

    /// The imaginary quaternion identified with a vector (`w = 0`).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::from_vector(Vector([1.0, 2.0, 3.0])).w, 0.0);
    /// ```
    #[inline]
    pub fn from_vector(v: Vector<T, 3>) -> Self {
        Self::from_parts(T::zero(), v)
    }

    /// The scalar part `w`.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::new(5.0, 0.0, 0.0, 0.0).scalar(), 5.0);
    /// ```
    #[inline]
    pub fn scalar(&self) -> T {
        self.w
    }

    /// The vector (imaginary) part `(x, y, z)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::new(5.0, 1.0, 2.0, 3.0).vector(), Vector([1.0, 2.0, 3.0]));
    /// ```
    #[inline]
    pub fn vector(&self) -> Vector<T, 3> {
        Vector([self.x, self.y, self.z])
    }

    /// The components as `[w, x, y, z]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::new(1.0, 2.0, 3.0, 4.0).to_array(), [1.0, 2.0, 3.0, 4.0]);
    /// ```
    #[inline]
    pub fn to_array(&self) -> [T; 4] {
        [self.w, self.x, self.y, self.z]
    }

    /// From `[w, x, y, z]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::from_array([1.0, 0.0, 0.0, 0.0]), Quaternion::identity());
    /// ```
    #[inline]
    pub fn from_array([w, x, y, z]: [T; 4]) -> Self {
        Self::new(w, x, y, z)
    }

    /// The conjugate `w - x i - y j - z k` (the inverse rotation for a unit quaternion).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0f64);
    /// assert!((q * q.conjugate() - Quaternion::identity()).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn conjugate(&self) -> Self {
        Self::new(self.w, -self.x, -self.y, -self.z)
    }

    /// The 4D dot product.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::new(1.0, 2.0, 0.0, 0.0).dot(&Quaternion::new(3.0, 4.0, 0.0, 0.0)), 11.0);
    /// ```
    #[inline]
    pub fn dot(&self, other: &Self) -> T {
        self.w * other.w + self.x * other.x + self.y * other.y + self.z * other.z
    }

    /// `|q|² = q q*`.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::new(1.0, 2.0, 2.0, 4.0).norm_squared(), 25.0);
    /// ```
    #[inline]
    pub fn norm_squared(&self) -> T {
        self.dot(self)
    }

    /// `|q|`, without overflow or underflow over the whole finite range: when `|q|²`
    /// overflows (components near 1e155 and above in f64) or underflows (near 1e-155 and
    /// below), the components are scaled by the largest one first.
    ///
    /// # Example
    /// ```
    /// use xform::Quaternion;
    /// let close = |a: f64, b: f64| (a - b).abs() <= 4.0 * f64::EPSILON * b;
    /// assert!(close(Quaternion::new(3e200, 4e200, 0.0, 0.0).norm(), 5e200));
    /// assert!(close(Quaternion::new(0.0, 0.0, 3e-170, 4e-170).norm(), 5e-170));
    /// // Normalizing works at both ends of the range.
    /// let q = Quaternion::new(1e200f64, 1e200, 1e200, 1e200).normalize();
    /// assert!(close(q.w, 0.5));
    /// assert!(Quaternion::new(f64::NAN, 1.0, 0.0, 0.0).norm().is_nan());
    /// ```
    #[inline]
    pub fn norm(&self) -> T {
        let n2 = self.norm_squared();
        if !self.at_extreme_scale(n2) {
            return fpu::sqrt(n2);
        }
        let m = self.largest_component();
        m * fpu::sqrt((*self / m).norm_squared())
    }

    /// Whether `|q|² = n2` lost the scale: overflowed, or underflowed below the normal range
    /// for a finite non-zero quaternion (a NaN is not at an extreme scale: it stays NaN).
    #[inline]
    fn at_extreme_scale(&self, n2: T) -> bool {
        let tiny = T::min_positive_value() / T::epsilon();
        self.is_finite()
            && (n2.is_infinite() || (n2 < tiny && self.largest_component() > T::zero()))
    }

    /// `max(|w|, |x|, |y|, |z|)` (for finite components).
    #[inline]
    fn largest_component(&self) -> T {
        self.w
            .abs()
            .max(self.x.abs())
            .max(self.y.abs())
            .max(self.z.abs())
    }

    /// The multiplicative inverse `q* / |q|²`.
    ///
    /// # Errors
    /// [`Error::ZeroNorm`] for the zero quaternion, [`Error::NonFinite`] for NaN or infinity.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::new(0.0, 2.0, 0.0, 0.0);
    /// assert_eq!(q.try_inverse(), Ok(Quaternion::new(0.0, -0.5, 0.0, 0.0)));
    /// assert_eq!(Quaternion::<f64>::zero().try_inverse(), Err(xform::Error::ZeroNorm));
    /// ```
    #[inline]
    pub fn try_inverse(&self) -> Result<Self, Error> {
        let n = self.norm();
        if !n.is_finite() {
            Err(Error::NonFinite)
        } else if n == T::zero() {
            Err(Error::ZeroNorm)
        } else {
            // Divided twice by |q|, not once by |q|²: no overflow for huge or tiny q.
            Ok(self.conjugate() / n / n)
        }
    }

    /// The multiplicative inverse.
    ///
    /// # Panics
    /// For the zero quaternion (see [`Quaternion::try_inverse`]).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::new(1.0, 1.0, 0.0, 0.0);
    /// assert!((q * q.inverse() - Quaternion::identity()).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        match self.try_inverse() {
            Ok(q) => q,
            Err(e) => panic!("Quaternion::inverse: {e}"),
        }
    }

    /// The unit quaternion `q / |q|`.
    ///
    /// # Errors
    /// [`Error::ZeroNorm`] for the zero quaternion, [`Error::NonFinite`] for NaN or infinity.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::new(0.0, 0.0, 3.0, 4.0).try_normalize(), Ok(Quaternion::new(0.0, 0.0, 0.6, 0.8)));
    /// assert!(Quaternion::new(f64::NAN, 0.0, 0.0, 0.0).try_normalize().is_err());
    /// ```
    #[inline]
    pub fn try_normalize(&self) -> Result<Self, Error> {
        let n = self.norm();
        if !n.is_finite() {
            Err(Error::NonFinite)
        } else if n == T::zero() {
            Err(Error::ZeroNorm)
        } else {
            Ok(*self / n)
        }
    }

    /// The unit quaternion `q / |q|`.
    ///
    /// # Panics
    /// For the zero quaternion (see [`Quaternion::try_normalize`]).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert_eq!(Quaternion::new(2.0, 0.0, 0.0, 0.0).normalize(), Quaternion::identity());
    /// ```
    #[inline]
    pub fn normalize(&self) -> Self {
        match self.try_normalize() {
            Ok(q) => q,
            Err(e) => panic!("Quaternion::normalize: {e}"),
        }
    }

    /// Rotates `v` by this **unit** quaternion: `q v q*`, computed as
    /// `v + w t + u × t` with `u` the vector part and `t = 2 u × v` (15 multiplications).
    ///
    /// For a non-unit quaternion `q = s·q̂` the result is `v + s²(R̂v − v)`, not a scaled
    /// rotation (the rotation `q v q*/|q|²` needs [`Quaternion::normalize`] first).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let quarter = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
    /// let v = Vector([1.0, 0.0, 0.0]);
    /// assert!((quarter.rotate(&v) - Vector([0.0, 1.0, 0.0])).norm() < 1e-15);
    /// // Twice as long: v + 4(Rv − v), not 4·Rv.
    /// let long = Quaternion::new(2.0 * quarter.w, 0.0, 0.0, 2.0 * quarter.z);
    /// assert!((long.rotate(&v) - Vector([-3.0, 4.0, 0.0])).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn rotate(&self, v: &Vector<T, 3>) -> Vector<T, 3> {
        let u = self.vector();
        let t = u.cross(v);
        let t = t + t;
        *v + t * self.w + u.cross(&t)
    }

    /// The rotation matrix of this **unit** quaternion (Hamilton, active):
    ///
    /// ```text
    /// ⎡1-2(y²+z²)  2(xy-wz)    2(xz+wy) ⎤
    /// ⎢2(xy+wz)    1-2(x²+z²)  2(yz-wx) ⎥
    /// ⎣2(xz-wy)    2(yz+wx)    1-2(x²+y²)⎦
    /// ```
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0f64);
    /// let v = Vector([1.0, 2.0, 3.0]);
    /// assert!((q.to_matrix() * v - q.rotate(&v)).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn to_matrix(&self) -> Matrix<T, 3, 3> {
        let Self { w, x, y, z } = *self;
        let one = T::one();
        let two = one + one;
        let (xx, yy, zz) = (x * x, y * y, z * z);
        let (xy, xz, yz) = (x * y, x * z, y * z);
        let (wx, wy, wz) = (w * x, w * y, w * z);
        Matrix([
            [one - two * (yy + zz), two * (xy - wz), two * (xz + wy)],
            [two * (xy + wz), one - two * (xx + zz), two * (yz - wx)],
            [two * (xz - wy), two * (yz + wx), one - two * (xx + yy)],
        ])
    }

    /// The unit quaternion of a rotation matrix, by Shepperd's method (divides by the
    /// largest of `4w², 4x², 4y², 4z²`, so it is accurate for every angle, including π).
    /// The result has `w >= 0`.
    ///
    /// The input is assumed to be a rotation; for a slightly non-orthogonal matrix the
    /// result is normalized, which gives a nearby rotation.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0f64);
    /// let back = Quaternion::from_matrix(&q.to_matrix());
    /// assert!((back - q).norm() < 1e-15 || (back + q).norm() < 1e-15);
    /// ```
    pub fn from_matrix(m: &Matrix<T, 3, 3>) -> Self {
        let r = &m.0;
        let one = T::one();
        let trace = r[0][0] + r[1][1] + r[2][2];
        let q = if trace >= r[0][0] && trace >= r[1][1] && trace >= r[2][2] {
            // s = 2|w|; the other components are (difference) / (4|w|) = (..) / (2s).
            let s = fpu::sqrt(one + trace);
            let inv = one / (s + s);
            Self::new(
                s * (one / (one + one)),
                (r[2][1] - r[1][2]) * inv,
                (r[0][2] - r[2][0]) * inv,
                (r[1][0] - r[0][1]) * inv,
            )
        } else if r[0][0] >= r[1][1] && r[0][0] >= r[2][2] {
            let s = fpu::sqrt(one + r[0][0] - r[1][1] - r[2][2]);
            let inv = one / (s + s);
            Self::new(
                (r[2][1] - r[1][2]) * inv,
                s * (one / (one + one)),
                (r[0][1] + r[1][0]) * inv,
                (r[0][2] + r[2][0]) * inv,
            )
        } else if r[1][1] >= r[2][2] {
            let s = fpu::sqrt(one - r[0][0] + r[1][1] - r[2][2]);
            let inv = one / (s + s);
            Self::new(
                (r[0][2] - r[2][0]) * inv,
                (r[0][1] + r[1][0]) * inv,
                s * (one / (one + one)),
                (r[1][2] + r[2][1]) * inv,
            )
        } else {
            let s = fpu::sqrt(one - r[0][0] - r[1][1] + r[2][2]);
            let inv = one / (s + s);
            Self::new(
                (r[1][0] - r[0][1]) * inv,
                (r[0][2] + r[2][0]) * inv,
                (r[1][2] + r[2][1]) * inv,
                s * (one / (one + one)),
            )
        };
        let q = if q.w < T::zero() { -q } else { q };
        q.try_normalize().unwrap_or(q)
    }

    /// The quaternion exponential `e^q = e^w (cos|v| + sin|v| v/|v|)`; for an imaginary
    /// quaternion `θ n / 2` it is the unit quaternion of the rotation by `θ` about `n`.
    /// Smooth at `v = 0` (series for `sin|v|/|v|`).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// // exp of a pure quaternion (0, θ/2 n) is the rotation by θ about n.
    /// let q = Quaternion::from_vector(Vector([0.0, 0.0, 0.5f64])).exp();
    /// assert!((q.angle() - 1.0).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn exp(&self) -> Self {
        if !self.is_finite() {
            // e^(−∞) = 0 would pass for a value; an infinite angle has no sine.
            return Self::new(T::nan(), T::nan(), T::nan(), T::nan());
        }
        let v = self.vector();
        let theta2 = v.norm_squared();
        let (c, sinc) = if theta2 < small_angle_squared() {
            let half = T::one() / (T::one() + T::one());
            let c24 = T::from(1.0 / 24.0).unwrap_or_else(T::zero);
            (
                T::one() - theta2 * (half - theta2 * c24),
                sinc_from_squared(theta2),
            )
        } else {
            // |v| without overflow (|v|² overflows from about 1e154 in f64).
            let t = Self::from_parts(T::zero(), v).norm();
            (t.cos(), t.sin() / t)
        };
        let e = self.w.exp();
        Self::from_parts(e * c, v * (e * sinc))
    }

    /// The principal logarithm `ln|q| + atan2(|v|, w) v/|v|`, smooth at `v = 0` for
    /// `w > 0`. For a unit quaternion the vector part is half the rotation vector.
    ///
    /// For a negative real quaternion (`v = 0`, `w < 0`) the direction of the logarithm is
    /// undefined; `ln|w| + π i` is returned.
    ///
    /// # Errors
    /// [`Error::ZeroNorm`] for the zero quaternion, [`Error::NonFinite`] for NaN or infinity.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0f64);
    /// let l = q.try_log().unwrap();
    /// assert!((l.vector() - Vector([0.0, 0.0, 0.5])).norm() < 1e-15); // half the rotation vector
    /// assert!(Quaternion::<f64>::zero().try_log().is_err());
    /// ```
    pub fn try_log(&self) -> Result<Self, Error> {
        if !self.is_finite() {
            return Err(Error::NonFinite);
        }
        let n2 = self.norm_squared();
        if self.at_extreme_scale(n2) {
            // log(m q') = ln m + log(q') for real m > 0: scale by the largest component.
            let m = self.largest_component();
            let mut l = (*self / m).try_log()?;
            l.w = l.w + m.ln();
            return Ok(l);
        }
        if n2 == T::zero() {
            return Err(Error::ZeroNorm);
        }
        let half = T::one() / (T::one() + T::one());
        let ln_norm = n2.ln() * half;
        let v = self.vector();
        let s2 = v.norm_squared();
        let w = self.w;
        if s2 == T::zero() && w < T::zero() {
            return Ok(Self::new(
                ln_norm,
                T::from(core::f64::consts::PI).unwrap_or_else(T::zero),
                T::zero(),
                T::zero(),
            ));
        }
        // factor = atan2(s, w) / s
        let factor = if w > T::zero() && s2 < small_angle_squared::<T>() * w * w {
            // atan(r)/r·(1/w), r = s/w: 1 - r²/3 + r⁴/5
            let r2 = s2 / (w * w);
            let c3 = T::from(1.0 / 3.0).unwrap_or_else(T::zero);
            let c5 = T::from(0.2).unwrap_or_else(T::zero);
            (T::one() - r2 * (c3 - r2 * c5)) / w
        } else {
            let s = fpu::sqrt(s2);
            s.atan2(w) / s
        };
        Ok(Self::from_parts(ln_norm, v * factor))
    }

    /// The principal logarithm.
    ///
    /// # Panics
    /// For the zero quaternion or non-finite input (see [`Quaternion::try_log`]).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0f64);
    /// assert!((q.log().exp() - q).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn log(&self) -> Self {
        match self.try_log() {
            Ok(q) => q,
            Err(e) => panic!("Quaternion::log: {e}"),
        }
    }

    /// The unit quaternion of the rotation by `angle` (radians, right-handed) about the
    /// **unit** vector `axis`: `cos(θ/2) + sin(θ/2) axis`.
    ///
    /// The axis is not normalized (the result is a unit quaternion only if `axis` is a unit
    /// vector); see [`Quaternion::try_from_axis_angle`].
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([1.0, 0.0, 0.0]), core::f64::consts::FRAC_PI_2);
    /// assert!((q.rotate(&Vector([0.0, 1.0, 0.0])) - Vector([0.0, 0.0, 1.0])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn from_axis_angle(axis: &Vector<T, 3>, angle: T) -> Self {
        let half = angle / (T::one() + T::one());
        let (s, c) = half.sin_cos();
        Self::from_parts(c, *axis * s)
    }

    /// Like [`Quaternion::from_axis_angle`], normalizing the axis first.
    ///
    /// # Errors
    /// [`Error::ZeroNorm`] for a zero axis, [`Error::NonFinite`] for NaN or infinity.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::try_from_axis_angle(&Vector([0.0, 3.0, 0.0]), 0.5f64).unwrap();
    /// assert!((q.norm() - 1.0).abs() < 1e-15);
    /// assert!(Quaternion::try_from_axis_angle(&Vector([0.0f64; 3]), 0.5).is_err());
    /// ```
    #[inline]
    pub fn try_from_axis_angle(axis: &Vector<T, 3>, angle: T) -> Result<Self, Error> {
        if !angle.is_finite() {
            return Err(Error::NonFinite);
        }
        Ok(Self::from_axis_angle(&axis.try_normalize()?, angle))
    }

    /// The unit quaternion of the rotation vector `r` (axis `r/|r|`, angle `|r|`): the
    /// exponential map `exp(r/2)`. Smooth at `r = 0`.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_rotation_vector(&Vector([0.0, 0.3, 0.0f64]));
    /// assert!((q.angle() - 0.3).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn from_rotation_vector(r: &Vector<T, 3>) -> Self {
        let half = T::one() / (T::one() + T::one());
        Self::from_vector(*r * half).exp()
    }

    /// The rotation vector (axis times angle, angle in `[0, π]`) of this **unit**
    /// quaternion: the vector part of `2 log(±q)`, the sign chosen so that `w >= 0`.
    ///
    /// # Errors
    /// [`Error::ZeroNorm`] for the zero quaternion, [`Error::NonFinite`] for NaN or infinity.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0f64);
    /// assert!((q.try_to_rotation_vector().unwrap() - Vector([0.0, 0.0, 1.0])).norm() < 1e-15);
    /// assert!(Quaternion::<f64>::zero().try_to_rotation_vector().is_err());
    /// ```
    #[inline]
    pub fn try_to_rotation_vector(&self) -> Result<Vector<T, 3>, Error> {
        let q = if self.w < T::zero() { -*self } else { *self };
        let two = T::one() + T::one();
        Ok(q.try_log()?.vector() * two)
    }

    /// The rotation vector (axis times angle, angle in `[0, π]`) of this **unit** quaternion.
    ///
    /// # Panics
    /// For the zero quaternion or non-finite input (see
    /// [`Quaternion::try_to_rotation_vector`]).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0f64);
    /// assert!((q.to_rotation_vector() - Vector([0.0, 0.0, 1.0])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn to_rotation_vector(&self) -> Vector<T, 3> {
        match self.try_to_rotation_vector() {
            Ok(r) => r,
            Err(e) => panic!("Quaternion::to_rotation_vector: {e}"),
        }
    }

    /// The unit axis and angle (in `[0, π]`) of this **unit** quaternion. For the identity
    /// (angle 0) the axis is undefined and `(1, 0, 0)` is returned.
    ///
    /// # Panics
    /// For the zero quaternion or non-finite input.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0f64);
    /// let (axis, angle) = q.to_axis_angle();
    /// assert!((axis - Vector([0.0, 0.0, 1.0])).norm() < 1e-15 && (angle - 1.0).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn to_axis_angle(&self) -> (Vector<T, 3>, T) {
        let r = self.to_rotation_vector();
        let angle = r.norm();
        if angle == T::zero() {
            (Vector::unit(0), T::zero())
        } else {
            (r / angle, angle)
        }
    }

    /// The rotation angle in `[0, π]` of this **unit** quaternion.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 1.0, 0.0]), -0.7f64);
    /// assert!((q.angle() - 0.7).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn angle(&self) -> T {
        // atan2 would turn an infinite component into a plausible angle (0 or π).
        if !self.is_finite() {
            return T::nan();
        }
        let two = T::one() + T::one();
        two * self.vector().norm().atan2(self.w.abs())
    }

    /// Spherical linear interpolation between unit quaternions along the shorter arc. A NaN
    /// or infinite component in either end or in `t` gives a NaN quaternion (not one of the
    /// ends).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let a = Quaternion::<f64>::identity();
    /// let b = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.0);
    /// let half = a.slerp(&b, 0.5);
    /// assert!((half.angle() - 0.5).abs() < 1e-15);
    /// let broken = Quaternion::new(f64::NAN, 0.0, 0.0, 0.0);
    /// assert!(!a.slerp(&broken, 0.5).is_finite());
    /// ```
    #[inline]
    pub fn slerp(&self, other: &Self, t: T) -> Self {
        if !(self.is_finite() && other.is_finite() && t.is_finite()) {
            let nan = T::nan();
            return Self::new(nan, nan, nan, nan);
        }
        let other = if self.dot(other) < T::zero() {
            -*other
        } else {
            *other
        };
        let delta = self.conjugate() * other;
        let log = delta.try_log().unwrap_or_else(|_| Self::zero());
        *self * Self::from_parts(T::zero(), log.vector() * t).exp()
    }

    /// The time derivative `q̇ = ½ q ⊗ (0, ω)` of this orientation when the body turns at
    /// `omega` given in the **body** frame (the quaternion form of `Ṙ = R[ω]×`).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3f64);
    /// // Spinning about its own z: q(t) = q ⊗ exp(t ω/2), so q̇ = ½ q ⊗ (0, ω).
    /// let d = q.derivative_body(&Vector([0.0, 0.0, 2.0]));
    /// let expected = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3 + core::f64::consts::PI);
    /// assert!(((d - expected).norm()) < 1e-15); // ½·2 = 1 times q turned by π about z
    /// ```
    #[inline]
    pub fn derivative_body(&self, omega: &Vector<T, 3>) -> Self {
        let half = (T::one() + T::one()).recip();
        *self * Self::from_parts(T::zero(), *omega * half)
    }

    /// The time derivative `q̇ = ½ (0, ω) ⊗ q` of this orientation when the body turns at
    /// `omega` given in the **world** frame (`Ṙ = [ω]× R`).
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.5f64);
    /// let w = Vector([0.1, -0.2, 0.4]);
    /// // The world rate is the body rate of the body-frame vector qᵀ ω q.
    /// let d = q.derivative_world(&w) - q.derivative_body(&q.conjugate().rotate(&w));
    /// assert!(d.norm() < 1e-15);
    /// ```
    #[inline]
    pub fn derivative_world(&self, omega: &Vector<T, 3>) -> Self {
        let half = (T::one() + T::one()).recip();
        Self::from_parts(T::zero(), *omega * half) * *self
    }

    /// Whether all components are finite.
    ///
    /// # Example
    /// ```
    /// use xform::{Quaternion, Vector};
    /// assert!(Quaternion::<f64>::identity().is_finite());
    /// assert!(!Quaternion::new(f64::INFINITY, 0.0, 0.0, 0.0).is_finite());
    /// ```
    #[inline]
    pub fn is_finite(&self) -> bool {
        self.w.is_finite() && self.x.is_finite() && self.y.is_finite() && self.z.is_finite()
    }
}

impl<T: Float> Default for Quaternion<T> {
    /// The identity rotation.
    #[inline]
    fn default() -> Self {
        Self::identity()
    }
}

impl<T: Float> Mul for Quaternion<T> {
    type Output = Self;
    /// The Hamilton product.
    #[inline]
    fn mul(self, r: Self) -> Self {
        let q = self;
        Self::new(
            q.w * r.w - q.x * r.x - q.y * r.y - q.z * r.z,
            q.w * r.x + q.x * r.w + q.y * r.z - q.z * r.y,
            q.w * r.y - q.x * r.z + q.y * r.w + q.z * r.x,
            q.w * r.z + q.x * r.y - q.y * r.x + q.z * r.w,
        )
    }
}

impl<T: Float> MulAssign for Quaternion<T> {
    #[inline]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl<T: Float> Mul<Vector<T, 3>> for Quaternion<T> {
    type Output = Vector<T, 3>;
    /// Rotates the vector (see [`Quaternion::rotate`]).
    #[inline]
    fn mul(self, v: Vector<T, 3>) -> Vector<T, 3> {
        self.rotate(&v)
    }
}

impl<T: Float> Add for Quaternion<T> {
    type Output = Self;
    #[inline]
    fn add(self, r: Self) -> Self {
        Self::new(self.w + r.w, self.x + r.x, self.y + r.y, self.z + r.z)
    }
}

impl<T: Float> Sub for Quaternion<T> {
    type Output = Self;
    #[inline]
    fn sub(self, r: Self) -> Self {
        Self::new(self.w - r.w, self.x - r.x, self.y - r.y, self.z - r.z)
    }
}

impl<T: Float> AddAssign for Quaternion<T> {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<T: Float> SubAssign for Quaternion<T> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl<T: Float> Neg for Quaternion<T> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self::new(-self.w, -self.x, -self.y, -self.z)
    }
}

impl<T: Float> Mul<T> for Quaternion<T> {
    type Output = Self;
    #[inline]
    fn mul(self, s: T) -> Self {
        Self::new(self.w * s, self.x * s, self.y * s, self.z * s)
    }
}

impl<T: Float> Div<T> for Quaternion<T> {
    type Output = Self;
    #[inline]
    fn div(self, s: T) -> Self {
        Self::new(self.w / s, self.x / s, self.y / s, self.z / s)
    }
}
