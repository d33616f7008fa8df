//! Exponential maps from a rotation vector Ω (axis × angle) to a rotation.
//!
//! * [`quat_exp`]: exact, `exp(½Ω) = cos(θ/2) + sin(θ/2) Ω/θ`, `θ = |Ω|`;
//! * [`matrix_exp`]: exact, Rodrigues' formula;
//! * [`quat_exp_cubic`]: the seed's trig-free, normalized third-order series;
//! * [`quat_exp_quintic`]: the same idea one order further (extra to the seed).
//!
//! # Error of the trig-free maps (measured, see the tests)
//!
//! Both approximations keep the axis exactly and the result exactly unit (up to rounding);
//! only the angle is wrong. With `x = θ/2` the cubic map returns the angle
//! `2 atan2(x(1 - x²/6), 1 - x²/2)`, which exceeds θ by `θ⁵/480 + O(θ⁷)`; for
//! `0 < θ ≤ π` the error is positive and at most `θ⁵/480` ([`cubic_angle_error_bound`]).
//! Relative to θ that is 0.0031 % at 20°, 0.24 % at 60°, 1 % at 86.0°, 1.19 % at 90° and
//! 4.5 % at 127°. The quintic map's angle error is `-θ⁷/53760 + O(θ⁹)` (0.026 % at 90°).
//!
//! Because the per-step error is `O(θ⁵)`, the cubic map limits a stepper to global order 4
//! (enough for Ω1+Ω2); the quintic map allows order 6.
use num_traits::Float;
use xform::{Matrix, Quaternion, Vector};

use crate::magnus::lit;

/// Which exponential map turns the Magnus vector into a rotation.
///
/// # Example
/// ```
/// use rotint::ExpMap;
/// use rotint::xform::Vector;
/// let v = Vector([0.0, 0.0, 0.3f64]);
/// let exact = ExpMap::Exact.quaternion(v);
/// let cubic = ExpMap::TrigFreeCubic.quaternion(v);
/// assert!((exact.angle() - 0.3).abs() < 1e-15);
/// assert!((cubic.angle() - 0.3).abs() < 0.3f64.powi(5) / 480.0 * 1.01);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum ExpMap {
    /// Exact axis-angle conversion (one `sin_cos`, one `sqrt`).
    Exact,
    /// The seed's normalized third-order series: no trigonometry; angle error ≤ θ⁵/480.
    #[default]
    TrigFreeCubic,
    /// Normalized fifth-order series: no trigonometry; angle error ≈ θ⁷/53760.
    TrigFreeQuintic,
}

impl ExpMap {
    /// The unit quaternion of the rotation vector `v` with this map.
    ///
    /// # Example
    /// ```
    /// use rotint::ExpMap;
    /// use rotint::xform::Vector;
    /// let q = ExpMap::TrigFreeQuintic.quaternion(Vector([0.1, 0.0, 0.0f64]));
    /// // Angle error about θ⁷/53760 = 2e-12 at 0.1 rad.
    /// assert!((q.norm() - 1.0).abs() < 1e-15 && (q.angle() - 0.1).abs() < 1e-11);
    /// ```
    #[inline]
    pub fn quaternion<T: Float>(self, v: Vector<T, 3>) -> Quaternion<T> {
        match self {
            Self::Exact => quat_exp(v),
            Self::TrigFreeCubic => quat_exp_cubic(v),
            Self::TrigFreeQuintic => quat_exp_quintic(v),
        }
    }
}

/// The quaternion of `v` before the final normalization.
///
/// For the trig-free maps this is the seed's numerator `(1 - x²/2) + (1 - x²/6) X` (or its
/// quintic twin); the exact map returns its (unit) result. The stepper multiplies the
/// orientation by this quaternion and normalizes the product once: the same rotation as
/// normalizing the map's result and then the product, with one square root and one division
/// per step instead of two of each.
#[inline]
pub(crate) fn unnormalized<T: Float>(map: ExpMap, v: Vector<T, 3>) -> Quaternion<T> {
    let half = T::one() / (T::one() + T::one());
    let x2 = v.norm_squared() * lit(0.25);
    let (a, b) = match map {
        ExpMap::Exact => return quat_exp(v),
        ExpMap::TrigFreeCubic => (
            T::one() - x2 * half,
            (T::one() - x2 * lit(1.0 / 6.0)) * half,
        ),
        ExpMap::TrigFreeQuintic => (
            T::one() - x2 * (half - x2 * lit(1.0 / 24.0)),
            (T::one() - x2 * (lit::<T>(1.0 / 6.0) - x2 * lit(1.0 / 120.0))) * half,
        ),
    };
    // b holds the ½ of X = ½v.
    Quaternion::from_parts(a, v * b)
}

/// The exact exponential map to a unit quaternion: the rotation by `|v|` about `v/|v|`,
/// i.e. `exp(½ v)` with `v` read as an imaginary quaternion.
///
/// Smooth and NaN-free at `v = 0`.
///
/// # Example
/// ```
/// use rotint::xform::Vector;
/// let q = rotint::quat_exp(Vector([0.0, core::f64::consts::PI, 0.0]));
/// assert!(q.w.abs() < 1e-15 && (q.y - 1.0).abs() < 1e-15); // a half turn about y
/// ```
#[inline]
pub fn quat_exp<T: Float>(v: Vector<T, 3>) -> Quaternion<T> {
    let half = T::one() / (T::one() + T::one());
    let theta2 = v.norm_squared();
    let x2 = theta2 * lit(0.25);
    // x⁴ < ε: the series below is exact to rounding (no sqrt of ε at run time: with libm
    // that would be a software call per step).
    if x2 * x2 < T::epsilon() {
        let s = half * (T::one() - x2 * lit(1.0 / 6.0));
        let c = T::one() - x2 * half;
        Quaternion::from_parts(c, v * s)
    } else {
        let theta = fpu::sqrt(theta2);
        let (s, c) = (theta * half).sin_cos();
        Quaternion::from_parts(c, v * (s / theta))
    }
}

/// The exact exponential map to a rotation matrix (Rodrigues' formula):
/// `exp([v]×) = I + (sin θ/θ)[v]× + ((1 - cos θ)/θ²)[v]×²`, `θ = |v|`.
///
/// Smooth and NaN-free at `v = 0`.
///
/// # Example
/// ```
/// use rotint::xform::Vector;
/// let r = rotint::matrix_exp(Vector([0.0, 0.0, core::f64::consts::FRAC_PI_2]));
/// assert!((r * Vector([1.0, 0.0, 0.0]) - Vector([0.0, 1.0, 0.0])).norm() < 1e-15);
/// ```
#[inline]
pub fn matrix_exp<T: Float>(v: Vector<T, 3>) -> Matrix<T, 3, 3> {
    xform::rodrigues::matrix_from_rotation_vector(&v)
}

/// The seed's trig-free exponential: with `X = ½v` (so `|X| = θ/2`),
///
/// `exp(X) ≈ ((1 - |X|²/2) + (1 - |X|²/6) X) / √((1 - |X|²/2)² + (1 - |X|²/6)² |X|²)`.
///
/// Unit by construction, exact axis, angle too large by at most `θ⁵/480` for `θ ≤ π`
/// (see the module docs). Meant for small rotations per step; the result degenerates as θ
/// grows (at `θ = 2√6 ≈ 280°` it is the identity), so the stepper's rotation guard applies.
///
/// # Example
/// ```
/// use rotint::xform::Vector;
/// let q = rotint::quat_exp_cubic(Vector([0.2, 0.0, 0.0f64]));
/// assert!((q.norm() - 1.0).abs() < 1e-15);
/// assert!((q.angle() - rotint::cubic_angle(0.2)).abs() < 1e-15);
/// ```
#[inline]
pub fn quat_exp_cubic<T: Float>(v: Vector<T, 3>) -> Quaternion<T> {
    let half = T::one() / (T::one() + T::one());
    let x2 = v.norm_squared() * lit(0.25);
    let a = T::one() - x2 * half;
    let b = (T::one() - x2 * lit(1.0 / 6.0)) * half;
    // b already holds the ½ of X = ½v; |(b v)|² = (1 - x²/6)² x².
    let inv = fpu::sqrt(a * a + b * b * v.norm_squared()).recip();
    Quaternion::from_parts(a * inv, v * (b * inv))
}

/// Trig-free exponential of fifth order: like [`quat_exp_cubic`] with the `x⁴/24` and
/// `x⁴/120` terms of cos and sinc added. Angle error `-θ⁷/53760 + O(θ⁹)`.
///
/// # Example
/// ```
/// use rotint::xform::Vector;
/// let q = rotint::quat_exp_quintic(Vector([0.2, 0.0, 0.0f64]));
/// let exact = rotint::quat_exp(Vector([0.2, 0.0, 0.0f64]));
/// assert!((q - exact).norm() < 1e-9);
/// ```
#[inline]
pub fn quat_exp_quintic<T: Float>(v: Vector<T, 3>) -> Quaternion<T> {
    let half = T::one() / (T::one() + T::one());
    let x2 = v.norm_squared() * lit(0.25);
    let a = T::one() - x2 * (half - x2 * lit(1.0 / 24.0));
    let b = (T::one() - x2 * (lit::<T>(1.0 / 6.0) - x2 * lit(1.0 / 120.0))) * half;
    let inv = fpu::sqrt(a * a + b * b * v.norm_squared()).recip();
    Quaternion::from_parts(a * inv, v * (b * inv))
}

/// The angle (radians) that [`quat_exp_cubic`] actually rotates by when asked for `theta`.
///
/// # Example
/// ```
/// let theta = 0.5f64;
/// let err = (rotint::cubic_angle(theta) - theta).abs();
/// assert!(err > 0.0 && err <= rotint::cubic_angle_error_bound(theta));
/// ```
#[inline]
pub fn cubic_angle<T: Float>(theta: T) -> T {
    // atan2 would turn θ = ∞ into a finite angle.
    if !theta.is_finite() {
        return T::nan();
    }
    let half = T::one() / (T::one() + T::one());
    let x = theta * half;
    let x2 = x * x;
    (x * (T::one() - x2 / lit(6.0))).atan2(T::one() - x2 * half) * (T::one() + T::one())
}

/// `θ⁵/480`: the leading term of the cubic map's angle-error series, and an upper bound of
/// the true error for `0 ≤ θ ≤ π` (checked by dense sampling in the tests: the ratio of true
/// error to this bound falls from 1 at θ → 0 to 0.78 at θ = π).
///
/// # Example
/// ```
/// assert_eq!(rotint::cubic_angle_error_bound(1.0f64), 1.0 / 480.0);
/// ```
#[inline]
pub fn cubic_angle_error_bound<T: Float>(theta: T) -> T {
    let t2 = theta * theta;
    t2 * t2 * theta / lit(480.0)
}
