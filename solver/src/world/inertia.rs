//! Which inertia tensors a rigid body can have: finite, symmetric, positive definite and
//! with principal moments obeying the triangle inequality `I₁ + I₂ ≥ I₃` (every moment is
//! a sum of two of the three second moments of the mass distribution). Tested relative to
//! the tensor's own scale, so a 1 mg bead and a 1000 t block are judged alike.
use num_traits::Float;
use xform::Matrix;

use super::error::InertiaFault;

/// The principal moments (eigenvalues) of a symmetric 3×3 matrix, ascending, by the
/// closed-form trigonometric solution of the characteristic cubic.
pub(crate) fn principal_moments<T: Float>(m: &Matrix<T, 3, 3>) -> [T; 3] {
    let (a, b, c) = (m[(0, 0)], m[(1, 1)], m[(2, 2)]);
    let (d, e, f) = (m[(0, 1)], m[(0, 2)], m[(1, 2)]);
    let off = d * d + e * e + f * f;
    let three = T::from(3.0).unwrap_or_else(T::one);
    let two = T::one() + T::one();
    let mut out = if off == T::zero() {
        [a, b, c]
    } else {
        let q = (a + b + c) / three;
        let p2 = (a - q) * (a - q) + (b - q) * (b - q) + (c - q) * (c - q) + two * off;
        let p = fpu::sqrt(p2 / (three * two));
        // det((M − qI)/p) / 2, clamped against round-off.
        let (ba, bb, bc) = ((a - q) / p, (b - q) / p, (c - q) / p);
        let (bd, be, bf) = (d / p, e / p, f / p);
        let det = ba * (bb * bc - bf * bf) - bd * (bd * bc - bf * be) + be * (bd * bf - bb * be);
        let r = (det / two).max(-T::one()).min(T::one());
        let phi = r.acos() / three;
        let third = T::from(2.094_395_102_393_195_5).unwrap_or_else(T::one); // 2π/3
        let high = q + two * p * phi.cos();
        let low = q + two * p * (phi + third).cos();
        [low, three * q - high - low, high]
    };
    // Ascending (a tiny sorting network; NaN never reaches here, the tensor is finite).
    for (i, j) in [(0, 1), (1, 2), (0, 1)] {
        if out[j] < out[i] {
            out.swap(i, j);
        }
    }
    out
}

/// Checks a body-frame inertia tensor (see the module docs).
///
/// # Errors
/// The [`InertiaFault`] found first.
pub(crate) fn check<T: Float>(tensor: &Matrix<T, 3, 3>) -> Result<(), InertiaFault> {
    if !tensor.is_finite() {
        return Err(InertiaFault::NotFinite);
    }
    let scale = tensor.amax();
    if scale <= T::zero() {
        return Err(InertiaFault::NotPositiveDefinite);
    }
    let unit = *tensor * scale.recip();
    let eps = T::epsilon();
    let round_off = eps * T::from(64.0).unwrap_or_else(T::one);
    for i in 0..3 {
        for j in 0..i {
            if (unit[(i, j)] - unit[(j, i)]).abs() > round_off {
                return Err(InertiaFault::NotSymmetric);
            }
        }
    }
    let [low, mid, high] = principal_moments(&unit);
    if low.is_nan() || low <= round_off {
        return Err(InertiaFault::NotPositiveDefinite);
    }
    // A flat plate has I₁ + I₂ = I₃ exactly: allow round-off of the eigenvalues.
    let slack = T::from(1e-6).unwrap_or(round_off).max(round_off) * (low + mid + high);
    if low + mid < high - slack {
        return Err(InertiaFault::TriangleInequality);
    }
    Ok(())
}
