//! Position-drift correction: Baumgarte bias, the ERP-to-β conversion, predicted error, and
//! CFM/ERP from a spring-damper.
//!
//! Conventions: `beta` is the fraction of the error removed *per step*, so the
//! velocity-level bias that achieves it with `q[t+h] = q[t] + h·S·v[t+h]` is `B = −β·C/h`,
//! and then `C(k) = C(0)(1 − β)ᵏ`.
//!
//! # Corrections to “The Mathematics of Havok's Solver” (II.3.3.1–3.3.3)
//! - **Exponent of the recurrence.** The article writes `C(k+1) = C(k)(1 − β)` "and so
//!   `C(k+1) = C(0)(1 − β)ᵏ`". Unrolling gives `C(k) = C(0)(1 − β)ᵏ` (equivalently
//!   `C(k+1) = C(0)(1 − β)ᵏ⁺¹`); the ERP formula `β = 1 − ⁿ√(1 − ERP)` already uses the
//!   corrected form (`(1 − β)ⁿ = 1 − ERP` after `n` steps).
//! - **Units of β.** The article's bias `B = −βC` (from `Ċ + βC = 0`) makes β a rate in 1/s:
//!   with `C(k+1) = C(k) + h·Jv` it gives `C(k+1) = (1 − hβ)C(k)`, not `(1 − β)C(k)`. The
//!   recurrence and ERP conversion hold for the dimensionless per-step β with
//!   `B = −β·C/h`, which is what [`baumgarte_bias`] returns; [`erp_to_beta`] returns that
//!   per-step β. (Tests `baumgarte_recurrence` and `erp_conversion_over_one_second` step a
//!   constrained particle through the solver and reproduce both, including the article's
//!   literal `B = −βC` giving `(1 − hβ)ᵏ`.)
//! - **Range of β.** "For convergence, β has to be within (0, 2)": `|1 − β| < 1` indeed
//!   allows (0, 2), but β in (1, 2) overshoots and flips the sign of the error each step;
//!   [`erp_to_beta`] only produces β in [0, 1].
//! - **Predicted error.** The article's `Ċ(t+h) ≈ (C(t+h) − C(t))/h` is used by predicting
//!   `C(t+h)` ([`predicted_error`]) and biasing toward its removal.
use num_traits::Float;

use crate::SolveError;

/// Per-step Baumgarte factor β that removes the fraction `erp` of the error within one
/// second at step `h` (seconds): `β = 1 − (1 − ERP)^h`, the article's `1 − ⁿ√(1 − ERP)` with
/// `n = 1/h` steps per second.
///
/// # Example
/// ```
/// use solver::stabilization::{beta_to_erp, erp_to_beta};
/// // Removing 99 % of the error per second at 60 Hz takes β ≈ 7.4 % per step.
/// let beta = erp_to_beta(0.99, 1.0 / 60.0).unwrap();
/// assert!((beta - (1.0 - 0.01f64.powf(1.0 / 60.0))).abs() < 1e-15);
/// assert!((beta_to_erp(beta, 1.0 / 60.0).unwrap() - 0.99).abs() < 1e-12);
/// assert!(erp_to_beta(1.5, 0.01).is_err());
/// ```
///
/// # Errors
/// [`SolveError::InvalidSettings`] unless `0 <= erp <= 1` and `h > 0` finite.
pub fn erp_to_beta<T: Float>(erp: T, h: T) -> Result<T, SolveError> {
    if !(erp >= T::zero() && erp <= T::one()) {
        return Err(SolveError::InvalidSettings("erp must lie in [0, 1]"));
    }
    if !(h > T::zero() && h.is_finite()) {
        return Err(SolveError::InvalidSettings(
            "step must be positive and finite",
        ));
    }
    Ok(T::one() - (T::one() - erp).powf(h))
}

/// Inverse of [`erp_to_beta`]: the error fraction removed per second by a per-step factor β,
/// `ERP = 1 − (1 − β)^(1/h)`.
///
/// # Example
/// ```
/// use solver::stabilization::beta_to_erp;
/// // β = 0.5 per step at h = 0.5 s: two steps per second leave a quarter.
/// assert!((beta_to_erp(0.5f64, 0.5).unwrap() - 0.75).abs() < 1e-15);
/// ```
///
/// # Errors
/// [`SolveError::InvalidSettings`] unless `0 <= beta <= 1` and `h > 0` finite.
pub fn beta_to_erp<T: Float>(beta: T, h: T) -> Result<T, SolveError> {
    if !(beta >= T::zero() && beta <= T::one()) {
        return Err(SolveError::InvalidSettings("beta must lie in [0, 1]"));
    }
    if !(h > T::zero() && h.is_finite()) {
        return Err(SolveError::InvalidSettings(
            "step must be positive and finite",
        ));
    }
    Ok(T::one() - (T::one() - beta).powf(h.recip()))
}

/// The constraint velocity `Jv` that moves the constraint value from `c` to `target` in one
/// step `h`: `(target − c)/h`.
///
/// # Example
/// ```
/// assert_eq!(solver::stabilization::bias_toward(0.1, 0.0, 0.5), -0.2);
/// ```
pub fn bias_toward<T: Float>(c: T, target: T, h: T) -> T {
    (target - c) / h
}

/// Baumgarte bias `B = −β·C/h` for the per-step factor `beta`: the velocity that removes the
/// fraction β of the error `c` in one step (`bias_toward(c, (1 − β)c, h)`).
///
/// # Example
/// ```
/// use solver::stabilization::baumgarte_bias;
/// // Half of a 0.2 m penetration removed in a 0.1 s step: 1 m/s apart.
/// assert!((baumgarte_bias(0.5f64, -0.2, 0.1) - 1.0).abs() < 1e-15);
/// ```
pub fn baumgarte_bias<T: Float>(beta: T, c: T, h: T) -> T {
    -beta * c / h
}

/// First-order prediction of the constraint value one step ahead, `C(t+h) ≈ C(t) + h·Ċ`,
/// where `c_dot = J·v` for the predicted (unconstrained) velocity; use it in place of `C(t)`
/// in [`baumgarte_bias`] to correct the error the step is about to make.
///
/// # Example
/// ```
/// // 1 cm apart, closing at 2 m/s: about 2.3 cm of overlap after a 1/60 s step.
/// let c = solver::stabilization::predicted_error(0.01f64, -2.0, 1.0 / 60.0);
/// assert!((c - (0.01 - 2.0 / 60.0)).abs() < 1e-15);
/// ```
pub fn predicted_error<T: Float>(c: T, c_dot: T, h: T) -> T {
    c + h * c_dot
}

/// Per-step β and impulse-level CFM that make a constraint row behave like a spring of
/// stiffness `k` and damper `d` integrated by implicit Euler:
/// `β = hk/(hk + d)`, `cfm = 1/(h(hk + d))` (ODE's force-level CFM is `h` times this).
///
/// # Example
/// ```
/// use solver::stabilization::spring_damper;
/// let (beta, cfm) = spring_damper(100.0f64, 2.0, 0.1).unwrap();
/// assert!((beta - 10.0 / 12.0).abs() < 1e-15 && (cfm - 1.0 / 1.2).abs() < 1e-15);
/// assert!(spring_damper(-1.0, 0.0, 0.1).is_err());
/// ```
///
/// # Errors
/// [`SolveError::InvalidSettings`] unless `k >= 0`, `d >= 0`, `hk + d > 0`, `h > 0`, all
/// finite.
pub fn spring_damper<T: Float>(k: T, d: T, h: T) -> Result<(T, T), SolveError> {
    let ok = k >= T::zero() && d >= T::zero() && h > T::zero();
    let denominator = h * k + d;
    if !(ok && denominator > T::zero() && denominator.is_finite()) {
        return Err(SolveError::InvalidSettings(
            "spring needs k >= 0, d >= 0, hk + d > 0, h > 0, all finite",
        ));
    }
    Ok((h * k / denominator, (h * denominator).recip()))
}
