//! Rodrigues' formula: rotation matrix from a rotation vector, and the inverse map, both
//! robust near angle 0 and near π.
use num_traits::Float;

use crate::quaternion::{sinc_from_squared, small_angle_squared};
use crate::{Matrix, Skew, Vector};

/// `(1 - cos θ) / θ²` given `θ²`, smooth at 0 (series `1/2 - θ²/24 + θ⁴/720`).
#[inline]
fn one_minus_cos_over_squared<T: Float>(theta2: T) -> T {
    if theta2 < small_angle_squared() {
        let half = T::one() / (T::one() + T::one());
        let c24 = T::from(1.0 / 24.0).unwrap_or_else(T::zero);
        let c720 = T::from(1.0 / 720.0).unwrap_or_else(T::zero);
        half - theta2 * (c24 - theta2 * c720)
    } else {
        let t = fpu::sqrt(theta2);
        // 1 - cos θ = 2 sin²(θ/2): no cancellation for small θ.
        let s = (t / (T::one() + T::one())).sin();
        (s * s + s * s) / theta2
    }
}

/// The rotation matrix of the rotation vector `r` (axis `r/|r|`, angle `θ = |r|`):
///
/// `R = I + (sin θ / θ) [r]× + ((1 - cos θ) / θ²) [r]×²`
///
/// Both coefficients are evaluated by series near θ = 0, so the map is smooth there (also
/// for dual numbers).
///
/// # Example
/// ```
/// use xform::Vector;
/// use xform::rodrigues::{matrix_from_rotation_vector, rotation_vector_from_matrix};
/// let v = Vector([0.1, 0.2, -0.3f64]);
/// assert!((rotation_vector_from_matrix(&matrix_from_rotation_vector(&v)) - v).norm() < 1e-15);
/// ```
#[inline]
pub fn matrix_from_rotation_vector<T: Float>(r: &Vector<T, 3>) -> Matrix<T, 3, 3> {
    let theta2 = r.norm_squared();
    let a = sinc_from_squared(theta2);
    let b = one_minus_cos_over_squared(theta2);
    let k = *Skew::from_vector(*r).matrix();
    // [r]×² = r rᵀ - θ² I, written out to save a matrix product.
    let k2 = r.outer(r) - Matrix::identity() * theta2;
    Matrix::identity() + k * a + k2 * b
}

/// The rotation matrix of the rotation by `angle` about the **unit** vector `axis`:
/// `R = I + sin θ K + (1 - cos θ) K²`, `K = [axis]×`.
///
/// # Example
/// ```
/// use xform::Vector;
/// use xform::rodrigues::matrix_from_axis_angle;
/// let r = matrix_from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
/// assert!((r * Vector([1.0, 0.0, 0.0]) - Vector([0.0, 1.0, 0.0])).norm() < 1e-15);
/// ```
#[inline]
pub fn matrix_from_axis_angle<T: Float>(axis: &Vector<T, 3>, angle: T) -> Matrix<T, 3, 3> {
    let (s, c) = angle.sin_cos();
    matrix_from_axis_sin_cos(axis, s, c)
}

/// [`matrix_from_axis_angle`] from the angle's sine `s` and cosine `c`, for callers that have
/// them already or compute them another way (`fpu::sin_cos` on a microcontroller, say):
/// `R = I + s K + (1 − c) K²`, with `K² = a aᵀ − I` for the unit axis `a`.
///
/// # Example
/// ```
/// use xform::Vector;
/// use xform::rodrigues::{matrix_from_axis_angle, matrix_from_axis_sin_cos};
/// let (axis, angle) = (Vector([0.6, 0.0, 0.8]), 0.7f64);
/// let r = matrix_from_axis_sin_cos(&axis, angle.sin(), angle.cos());
/// assert!((r - matrix_from_axis_angle(&axis, angle)).norm() < 1e-15);
/// ```
#[inline]
pub fn matrix_from_axis_sin_cos<T: Float>(axis: &Vector<T, 3>, s: T, c: T) -> Matrix<T, 3, 3> {
    let k = *Skew::from_vector(*axis).matrix();
    let k2 = axis.outer(axis) - Matrix::identity();
    Matrix::identity() + k * s + k2 * (T::one() - c)
}

/// The rotation vector `θ n` (θ in `[0, π]`) of a rotation matrix.
///
/// The seed's `n = vee(R - Rᵀ) / (2 sin θ)` with `θ = acos((tr R - 1)/2)` loses all accuracy
/// near 0 (0/0, and `acos` is ill-conditioned at 1) and near π (`sin θ → 0` while the
/// antisymmetric part carries no information). Here:
/// - `θ = atan2(|vee(R - Rᵀ)|/2, (tr R - 1)/2)`, well conditioned everywhere;
/// - for `cos θ >= 0` the rotation vector is `vee(R - Rᵀ)/2 · θ / sin θ` (series near 0);
/// - for `cos θ < 0` the axis comes from the symmetric part
///   `(R + Rᵀ)/2 - cos θ I = (1 - cos θ) n nᵀ` (its largest diagonal column), with the
///   sign taken from `vee(R - Rᵀ)`.
///
/// The input is assumed to be a rotation matrix. A matrix with a NaN or infinite entry
/// gives a NaN vector (never a plausible rotation: the clamp of `cos θ` to `[-1, 1]` would
/// otherwise turn a NaN trace into a half turn).
///
/// # Example
/// ```
/// use xform::rodrigues::{matrix_from_axis_angle, rotation_vector_from_matrix};
/// use xform::{Matrix, Vector};
/// let r = matrix_from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.5f64);
/// let v = rotation_vector_from_matrix(&r);
/// assert!((v - Vector([0.0, 0.0, 0.5])).norm() < 1e-15);
/// let mut broken = r;
/// broken.0[1][1] = f64::NAN;
/// assert!(rotation_vector_from_matrix(&broken).0.iter().all(|x| x.is_nan()));
/// ```
pub fn rotation_vector_from_matrix<T: Float>(m: &Matrix<T, 3, 3>) -> Vector<T, 3> {
    if m.0.iter().flatten().any(|x| !x.is_finite()) {
        return Vector([T::nan(); 3]);
    }
    let one = T::one();
    let half = one / (one + one);
    let r = &m.0;
    let sv = Vector([r[2][1] - r[1][2], r[0][2] - r[2][0], r[1][0] - r[0][1]]) * half;
    let s2 = sv.norm_squared();
    let c = ((m.trace() - one) * half).max(-one).min(one);
    if c >= T::zero() {
        // θ/sin θ as a series in sin²θ (θ = asin s): 1 + s²/6 + 3 s⁴/40.
        let factor = if s2 < small_angle_squared() {
            let c6 = T::from(1.0 / 6.0).unwrap_or_else(T::zero);
            let c340 = T::from(3.0 / 40.0).unwrap_or_else(T::zero);
            one + s2 * (c6 + s2 * c340)
        } else {
            let s = fpu::sqrt(s2);
            s.atan2(c) / s
        };
        sv * factor
    } else {
        let s = fpu::sqrt(s2);
        let theta = s.atan2(c);
        let sym = (*m + m.transpose()) * half - Matrix::identity() * c;
        let d = sym.diagonal();
        let i = if d.0[0] >= d.0[1] && d.0[0] >= d.0[2] {
            0
        } else if d.0[1] >= d.0[2] {
            1
        } else {
            2
        };
        // (1 - c) n nᵀ column i = (1 - c) n_i n, and (1 - c) n_i² = d_i.
        let col = sym.col(i);
        let n = col / fpu::sqrt(d.0[i] * (one - c));
        let n = if n.dot(&sv) < T::zero() { -n } else { n };
        n * theta
    }
}

/// The unit axis and angle (in `[0, π]`) of a rotation matrix. For the identity the axis is
/// undefined and `(1, 0, 0)` is returned; a matrix with a NaN or infinite entry gives NaN
/// for both.
///
/// # Example
/// ```
/// use xform::rodrigues::{axis_angle_from_matrix, matrix_from_axis_angle};
/// use xform::{Matrix, Vector};
/// let r = matrix_from_axis_angle(&Vector([0.0, 1.0, 0.0]), 2.0f64);
/// let (axis, angle) = axis_angle_from_matrix(&r);
/// assert!((axis - Vector([0.0, 1.0, 0.0])).norm() < 1e-14 && (angle - 2.0).abs() < 1e-14);
/// let (axis, angle) = axis_angle_from_matrix(&Matrix::<f64, 3, 3>::identity());
/// assert_eq!((axis, angle), (Vector([1.0, 0.0, 0.0]), 0.0));
/// let (axis, angle) = axis_angle_from_matrix(&(r * f64::NAN));
/// assert!(angle.is_nan() && axis.0.iter().all(|x| x.is_nan()));
/// ```
#[inline]
pub fn axis_angle_from_matrix<T: Float>(m: &Matrix<T, 3, 3>) -> (Vector<T, 3>, T) {
    let r = rotation_vector_from_matrix(m);
    let angle = r.norm();
    if angle == T::zero() {
        (Vector::unit(0), T::zero())
    } else {
        (r / angle, angle)
    }
}
