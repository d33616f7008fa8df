//! Projected Gauss-Seidel with successive over-relaxation, generic over how Γ is stored.
use num_traits::Float;

use crate::bounds::clamp;
use crate::{Bounds, Certificate, PgsSettings, RowFlag, RowOperator, SolveError};

/// Checks lengths and friction indices shared by every solver.
pub(crate) fn check_shape<T>(
    rows: usize,
    eta: &[T],
    bounds: &[Bounds<T>],
    lambda_len: usize,
    flags_len: usize,
) -> Result<(), SolveError> {
    let same = |what, found| {
        if found == rows {
            Ok(())
        } else {
            Err(SolveError::DimensionMismatch {
                what,
                expected: rows,
                found,
            })
        }
    };
    same("eta", eta.len())?;
    same("bounds", bounds.len())?;
    same("lambda", lambda_len)?;
    same("flags", flags_len)?;
    for (row, b) in bounds.iter().enumerate() {
        if let Bounds::Friction { normal, .. } = *b
            && (normal >= rows || normal == row)
        {
            return Err(SolveError::InvalidFrictionIndex { row, normal });
        }
    }
    Ok(())
}

/// Flags every row that cannot take part: non-finite data, negligible diagonal, invalid
/// bounds, duplicates. Returns how many were flagged.
pub(crate) fn flag_rows<T: Float, O: RowOperator<T>>(
    op: &O,
    eta: &[T],
    bounds: &[Bounds<T>],
    cfm: T,
    detect_duplicates: bool,
    flags: &mut [RowFlag],
) -> usize {
    let n = op.rows();
    let mut largest = T::zero();
    for i in 0..n {
        let d = op.diagonal(i);
        if d.is_finite() && d > largest {
            largest = d;
        }
    }
    let negligible = largest * T::epsilon();
    for i in 0..n {
        let d = op.diagonal(i);
        flags[i] = if !eta[i].is_finite() || !op.row_is_finite(i) {
            RowFlag::NonFinite
        } else if !bounds[i].is_valid() {
            RowFlag::InvalidBounds
        } else if !(d + cfm > negligible && d + cfm > T::zero()) {
            RowFlag::ZeroDiagonal
        } else {
            RowFlag::Active
        };
    }
    if detect_duplicates {
        // ‖Jᵢ − Jⱼ‖² in the M⁻¹ metric is Γᵢᵢ + Γⱼⱼ − 2Γᵢⱼ: zero for a repeated row.
        let tol = T::epsilon().sqrt();
        for j in 1..n {
            if !flags[j].is_active() {
                continue;
            }
            for i in 0..j {
                if !flags[i].is_active() {
                    continue;
                }
                let (dii, djj) = (op.diagonal(i), op.diagonal(j));
                let distance = dii + djj - (op.coupling(i, j) + op.coupling(j, i));
                if distance <= tol * (dii + djj) {
                    flags[j] = RowFlag::Duplicate { of: i };
                    break;
                }
            }
        }
    }
    flags.iter().filter(|f| !f.is_active()).count()
}

/// Projected residual and largest bound violation of `lambda` over the active rows.
///
/// `op` must be consistent with `lambda` (for cached forms: after the solve that produced
/// it, or after [`RowOperator::reset`]).
pub fn certify<T: Float, O: RowOperator<T>>(
    op: &O,
    eta: &[T],
    bounds: &[Bounds<T>],
    cfm: T,
    lambda: &[T],
    flags: &[RowFlag],
) -> (T, T) {
    let mut residual = T::zero();
    let mut violation = T::zero();
    for i in 0..op.rows() {
        if !flags[i].is_active() {
            continue;
        }
        let (lo, hi) = bounds[i].interval(lambda);
        let r = op.product_row(i, lambda) + cfm * lambda[i] - eta[i];
        let defect = (lambda[i] - clamp(lambda[i] - r, lo, hi)).abs();
        // `clamp` and `Float::max` ignore NaN: an overflowed row must not pass for a solved
        // one.
        residual = residual.max(if defect.is_nan() || !r.is_finite() {
            T::infinity()
        } else {
            defect
        });
        violation = violation.max(lo - lambda[i]).max(lambda[i] - hi);
    }
    (residual, violation)
}

/// One projected SOR update of row `i`, the crate's only copy of the PGS row kernel (the
/// dense and sequential-impulse solvers and the world's velocity solve all call it):
/// `λᵢ ← Π[λ⁻ᵢ, λ⁺ᵢ](λᵢ − ω rᵢ / (Γᵢᵢ + cfm))` with `rᵢ = (Γλ)ᵢ + cfm λᵢ − ηᵢ`, then
/// `op.apply(i, Δλᵢ)`.
///
/// Returns the row's projected-residual defect before the update,
/// `|λᵢ − Π(λᵢ − rᵢ)|` (the sweep's convergence estimate).
///
/// # Errors
/// [`SolveError::Diverged`] naming the row if the residual or the new value is not finite;
/// then neither `lambda` nor `op` changes.
///
/// # Example
/// ```
/// use solver::{Bounds, DenseMatrix, relax_row};
/// // Γ = [2], η = [4]: one update with ω = 1 solves 2λ = 4.
/// let gamma = [2.0];
/// let mut op = DenseMatrix::new(&gamma, 1).unwrap();
/// let mut lambda = [0.0];
/// let defect = relax_row(&mut op, 0, 4.0, &Bounds::bilateral(), 0.0, 1.0, &mut lambda).unwrap();
/// assert_eq!(lambda[0], 2.0);
/// assert_eq!(defect, 4.0);
/// ```
#[inline]
pub fn relax_row<T: Float, O: RowOperator<T>>(
    op: &mut O,
    i: usize,
    eta: T,
    bounds: &Bounds<T>,
    cfm: T,
    omega: T,
    lambda: &mut [T],
) -> Result<T, SolveError> {
    let (lo, hi) = bounds.interval(lambda);
    let old = lambda[i];
    let r = op.product_row(i, lambda) + cfm * old - eta;
    let new = clamp(old - omega * r / (op.diagonal(i) + cfm), lo, hi);
    // `clamp` would turn a NaN step into a limit, so test `r` as well.
    if !new.is_finite() || !r.is_finite() {
        return Err(SolveError::Diverged { row: i });
    }
    lambda[i] = new;
    op.apply(i, new - old);
    Ok((old - clamp(old - r, lo, hi)).abs())
}

/// Solves the MLCP `(Γ + cfm·I)λ − η = r`, `λ⁻ ≤ λ ≤ λ⁺`, complementarity, by projected
/// Gauss-Seidel with SOR factor ω:
/// `λᵢ ← Π[λ⁻ᵢ, λ⁺ᵢ](λᵢ − ω rᵢ / (Γᵢᵢ + cfm))`, rows in order, bounds re-evaluated at each
/// visit (friction).
///
/// `lambda` holds the warm start on entry (ignored unless `settings.warm_start`) and the
/// answer on return; `flags` receives one [`RowFlag`] per row (flagged rows get λ = 0).
/// `observe(k, λ)` is called after every sweep `k = 1, 2, ...` (for convergence plots).
///
/// # Errors
/// [`SolveError::DimensionMismatch`], [`SolveError::InvalidFrictionIndex`],
/// [`SolveError::InvalidSettings`]; [`SolveError::Diverged`] if an iterate or a row
/// residual overflows (then `lambda` is all zeros).
pub fn pgs_sor_observed<T: Float, O: RowOperator<T>>(
    op: &mut O,
    eta: &[T],
    bounds: &[Bounds<T>],
    settings: &PgsSettings<T>,
    lambda: &mut [T],
    flags: &mut [RowFlag],
    mut observe: impl FnMut(usize, &[T]),
) -> Result<Certificate<T>, SolveError> {
    let n = op.rows();
    check_shape(n, eta, bounds, lambda.len(), flags.len())?;
    settings.validate()?;
    let cfm = settings.cfm;
    let omega = settings.omega;
    let flagged_rows = flag_rows(op, eta, bounds, cfm, settings.detect_duplicates, flags);
    for i in 0..n {
        if !settings.warm_start || !flags[i].is_active() || !lambda[i].is_finite() {
            lambda[i] = T::zero();
        }
    }
    op.reset(lambda);
    let mut iterations = 0;
    let mut certificate = None;
    while iterations < settings.max_iterations {
        iterations += 1;
        let mut estimate = T::zero();
        for i in 0..n {
            if !flags[i].is_active() {
                continue;
            }
            match relax_row(op, i, eta[i], &bounds[i], cfm, omega, lambda) {
                Ok(defect) => estimate = estimate.max(defect),
                Err(e) => {
                    lambda.iter_mut().for_each(|l| *l = T::zero());
                    op.reset(lambda);
                    return Err(e);
                }
            }
        }
        observe(iterations, lambda);
        if estimate <= settings.tolerance {
            let (residual, violation) = certify(op, eta, bounds, cfm, lambda, flags);
            if residual <= settings.tolerance && violation <= settings.tolerance {
                certificate = Some((residual, violation));
                break;
            }
        }
    }
    let (residual, bound_violation) =
        certificate.unwrap_or_else(|| certify(op, eta, bounds, cfm, lambda, flags));
    Ok(Certificate {
        residual,
        bound_violation,
        iterations,
        converged: residual <= settings.tolerance && bound_violation <= settings.tolerance,
        flagged_rows,
    })
}

/// [`pgs_sor_observed`] without an observer.
///
/// # Errors
/// As [`pgs_sor_observed`].
pub fn pgs_sor<T: Float, O: RowOperator<T>>(
    op: &mut O,
    eta: &[T],
    bounds: &[Bounds<T>],
    settings: &PgsSettings<T>,
    lambda: &mut [T],
    flags: &mut [RowFlag],
) -> Result<Certificate<T>, SolveError> {
    pgs_sor_observed(op, eta, bounds, settings, lambda, flags, |_, _| {})
}
