//! Projected Gauss-Seidel with successive over-relaxation, generic over how Γ is stored.
use num_traits::Float;

use crate::bounds::{both_finite, clamp, larger, limit};
use crate::settings::{FALLBACK_PATIENCE, PROBE_WINDOW};
use crate::{
    BadRows, Bounds, Certificate, Fallback, PgsSettings, RowFlag, RowOperator, SolveError,
};

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

/// Whether some friction row takes its limits from row `i`.
fn is_friction_normal<T>(bounds: &[Bounds<T>], i: usize) -> bool {
    bounds
        .iter()
        .any(|b| matches!(*b, Bounds::Friction { normal, .. } if normal == i))
}

/// Whether rows `i` and `j` are the same constraint: equal η, bounds (so the same friction
/// coupling), neither carries friction rows, and equal Γ rows and columns up to a few
/// rounding errors of the diagonal.
fn same_constraint<T: Float, O: RowOperator<T>>(
    op: &O,
    eta: &[T],
    bounds: &[Bounds<T>],
    i: usize,
    j: usize,
) -> bool {
    if eta[i] != eta[j] || bounds[i] != bounds[j] {
        return false;
    }
    if is_friction_normal(bounds, i) || is_friction_normal(bounds, j) {
        return false;
    }
    let scale = op.diagonal(i).abs() + op.diagonal(j).abs();
    let tol = T::epsilon() * T::from(8).unwrap_or_else(T::one) * scale;
    (0..op.rows()).all(|k| {
        (op.coupling(i, k) - op.coupling(j, k)).abs() <= tol
            && (op.coupling(k, i) - op.coupling(k, j)).abs() <= tol
    })
}

/// Flags every row: bad input (non-finite data, negative or negligible diagonal, empty
/// interval), and with `detect_duplicates` merged and redundant rows. Returns how many rows
/// are not plainly [`RowFlag::Active`].
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
        flags[i] = if !eta[i].is_finite() {
            RowFlag::NonFinite { what: "eta" }
        } else if !op.row_is_finite(i) || !d.is_finite() {
            RowFlag::NonFinite { what: "gamma" }
        } else if let Some(fault) = bounds[i].fault() {
            fault
        } else if d < -negligible {
            RowFlag::NegativeDiagonal
        } else if !(d + cfm > negligible && d + cfm > T::zero()) {
            RowFlag::ZeroDiagonal
        } else {
            RowFlag::Active
        };
    }
    if detect_duplicates {
        // ‖Jᵢ − Jⱼ‖² in the M⁻¹ metric is Γᵢᵢ + Γⱼⱼ − 2Γᵢⱼ: zero for a repeated row.
        let tol = fpu::sqrt(T::epsilon());
        for j in 1..n {
            if !flags[j].is_active() {
                continue;
            }
            let mut near = None;
            for i in 0..j {
                if !flags[i].is_active() {
                    continue;
                }
                let (dii, djj) = (op.diagonal(i), op.diagonal(j));
                let distance = dii + djj - (op.coupling(i, j) + op.coupling(j, i));
                if distance.abs() > tol * (dii + djj) {
                    continue;
                }
                if same_constraint(op, eta, bounds, i, j) {
                    flags[i] = match flags[i] {
                        RowFlag::Representative { copies } => {
                            RowFlag::Representative { copies: copies + 1 }
                        }
                        _ => RowFlag::Representative { copies: 1 },
                    };
                    flags[j] = RowFlag::Merged { into: i };
                    near = None;
                    break;
                }
                near = near.or(Some(i));
            }
            if let Some(of) = near {
                flags[j] = RowFlag::Redundant { of };
            }
        }
    }
    flags.iter().filter(|f| **f != RowFlag::Active).count()
}

/// How many rows the solve of row `i` stands for (1, or 1 + its merged copies).
#[inline]
pub(crate) fn multiplicity(flag: RowFlag) -> usize {
    match flag {
        RowFlag::Representative { copies } => copies + 1,
        _ => 1,
    }
}

/// Moves the impulse of merged rows onto their representative (the sweep's variables).
pub(crate) fn gather<T: Float, O: RowOperator<T>>(op: &mut O, lambda: &mut [T], flags: &[RowFlag]) {
    for j in 0..lambda.len() {
        if let RowFlag::Merged { into } = flags[j] {
            let l = lambda[j];
            if l != T::zero() {
                lambda[into] = lambda[into] + l;
                lambda[j] = T::zero();
                op.apply(into, l);
                op.apply(j, -l);
            }
        }
    }
}

/// Splits each representative's impulse equally among it and its merged copies.
pub(crate) fn scatter<T: Float, O: RowOperator<T>>(
    op: &mut O,
    lambda: &mut [T],
    flags: &[RowFlag],
) {
    for i in 0..lambda.len() {
        let m = multiplicity(flags[i]);
        if m > 1 {
            let total = lambda[i];
            let share = total / T::from(m).unwrap_or_else(T::one);
            lambda[i] = share;
            op.apply(i, share - total);
        }
    }
    for j in 0..lambda.len() {
        if let RowFlag::Merged { into } = flags[j] {
            lambda[j] = lambda[into];
            op.apply(j, lambda[j]);
        }
    }
}

/// Projected residual and bound violation over the rows `include` selects.
fn residual_of<T: Float, O: RowOperator<T>>(
    op: &O,
    eta: &[T],
    bounds: &[Bounds<T>],
    cfm: T,
    lambda: &[T],
    include: impl Fn(usize) -> bool,
) -> (T, T) {
    let mut residual = T::zero();
    let mut violation = T::zero();
    for i in 0..op.rows() {
        if !include(i) {
            continue;
        }
        let r = op.product_row(i, lambda) + cfm * lambda[i] - eta[i];
        let (defect, out) = row_defect(&bounds[i], lambda, i, r);
        residual = larger(residual, defect);
        violation = larger(violation, out);
    }
    (residual, violation)
}

/// Row `i`'s projected residual and bound violation when `Γλ + cfm·λ − η` is `r` on it: `+∞`
/// for an empty interval or a row that is not finite (`clamp` and `Float::max` ignore NaN:
/// an overflowed row must not pass for a solved one).
#[inline]
pub(crate) fn row_defect<T: Float>(bounds: &Bounds<T>, lambda: &[T], i: usize, r: T) -> (T, T) {
    if !bounds.is_valid() || bounds.fault().is_some() {
        // An empty interval has no admissible λ at all.
        return (T::infinity(), T::infinity());
    }
    let (lo, hi) = bounds.interval(lambda);
    let defect = (lambda[i] - clamp(lambda[i] - r, lo, hi)).abs();
    let defect = if defect.is_nan() || !r.is_finite() {
        T::infinity()
    } else {
        defect
    };
    let out = larger(lo - lambda[i], lambda[i] - hi);
    (defect, if out.is_nan() { T::infinity() } else { out })
}

/// Projected residual and largest bound violation of `lambda` over **every row** of the
/// problem, computed from `eta`, `bounds` and the rows of `op`, whatever the `flags` say:
/// a flagged row counts with its own defect (λ = 0 for a bad row), and a row whose data is
/// not finite or whose interval is empty counts as `+∞`. `flags` is accepted for
/// compatibility and does not change the result.
///
/// `op` must be consistent with `lambda` (for cached forms: after the solve that produced
/// it, or after [`RowOperator::reset`]).
///
/// # Example
/// ```
/// use solver::{Bounds, DenseMatrix, RowFlag, certify};
/// // Γ = I, η = (1, 2): λ = (1, 0) solves row 0 but leaves row 1 off by 2.
/// let gamma = [1.0, 0.0, 0.0, 1.0];
/// let op = DenseMatrix::new(&gamma, 2).unwrap();
/// let (residual, violation) = certify(&op, &[1.0, 2.0], &[Bounds::bilateral(); 2], 0.0,
///                                     &[1.0, 0.0], &[RowFlag::Active; 2]);
/// assert_eq!((residual, violation), (2.0, 0.0));
/// ```
#[must_use]
pub fn certify<T: Float, O: RowOperator<T>>(
    op: &O,
    eta: &[T],
    bounds: &[Bounds<T>],
    cfm: T,
    lambda: &[T],
    flags: &[RowFlag],
) -> (T, T) {
    let _ = flags;
    residual_of(op, eta, bounds, cfm, lambda, |_| true)
}

/// One projected SOR update of row `i`, the PGS row kernel that the dense and
/// sequential-impulse solvers and the world's velocity solve call (the world's substeps of
/// a contact island have their own update, whose target holds a contact's separation):
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
// `inline(always)`: the row kernel of every sweep; as a call it saves and restores a frame
// of registers per row (about 30 of the row's instructions on the Cortex-M4F).
#[inline(always)]
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
    // A NaN step stays NaN through `limit`; an infinite `r` may give a finite limit, so
    // `r` is tested as well.
    let new = limit(old - omega * r / (op.diagonal(i) + cfm), lo, hi);
    if !both_finite(new, r) {
        return Err(SolveError::Diverged { row: i });
    }
    lambda[i] = new;
    op.apply(i, new - old);
    Ok((old - limit(old - r, lo, hi)).abs())
}

/// Solves the MLCP `(Γ + cfm·I)λ − η = r`, `λ⁻ ≤ λ ≤ λ⁺`, complementarity, by projected
/// Gauss-Seidel with SOR factor ω:
/// `λᵢ ← Π[λ⁻ᵢ, λ⁺ᵢ](λᵢ − ω rᵢ / (Γᵢᵢ + cfm))`, rows in order, bounds re-evaluated at each
/// visit (friction).
///
/// `lambda` holds the warm start on entry (ignored unless `settings.warm_start`) and the
/// answer on return; `flags` receives one [`RowFlag`] per row saying what was done with it
/// (bad rows get λ = 0; merged rows share their representative's impulse equally).
/// `observe(k, λ)` is called after every sweep `k = 1, 2, ...` (for convergence plots;
/// during the sweeps a representative row holds the total impulse of its merged copies and
/// the copies hold 0).
///
/// Under ω > 1 the over-relaxation guard ([`Fallback`](crate::Fallback)) lowers ω when the
/// projected residual stops decreasing; the certificate records the final ω and the number
/// of fallbacks. The sweeps stop once the rows the solver can act on meet the tolerance;
/// the returned [`Certificate`] covers every row of the input.
///
/// # Errors
/// [`SolveError::DimensionMismatch`], [`SolveError::InvalidFrictionIndex`],
/// [`SolveError::InvalidSettings`]; with [`BadRows::Reject`](crate::BadRows::Reject) the
/// first bad row as [`SolveError::NonFinite`], [`SolveError::NegativeDiagonal`],
/// [`SolveError::ZeroDiagonal`] or [`SolveError::InvertedBounds`];
/// [`SolveError::Diverged`] if an iterate or a row residual overflows. After any error
/// `lambda` is all zeros (and a cached operator is not reset for a shape error).
///
/// # Example
/// ```
/// use solver::{Bounds, DenseMatrix, PgsSettings, RowFlag, pgs_sor_observed};
/// let gamma = [2.0, 1.0, 1.0, 2.0];
/// let mut op = DenseMatrix::new(&gamma, 2).unwrap();
/// let (mut lambda, mut flags, mut sweeps) = ([0.0f64; 2], [RowFlag::Active; 2], 0);
/// let settings = PgsSettings { tolerance: 1e-12, max_iterations: 200, ..PgsSettings::default() };
/// let cert = pgs_sor_observed(&mut op, &[3.0, 3.0], &[Bounds::bilateral(); 2], &settings,
///                             &mut lambda, &mut flags, |k, _| sweeps = k).unwrap();
/// assert!(cert.converged && sweeps == cert.iterations);
/// assert!((lambda[0] - 1.0).abs() < 1e-11 && (lambda[1] - 1.0).abs() < 1e-11);
/// ```
pub fn pgs_sor_observed<T: Float, O: RowOperator<T>>(
    op: &mut O,
    eta: &[T],
    bounds: &[Bounds<T>],
    settings: &PgsSettings<T>,
    lambda: &mut [T],
    flags: &mut [RowFlag],
    observe: impl FnMut(usize, &[T]),
) -> Result<Certificate<T>, SolveError> {
    let result = pgs_unguarded(op, eta, bounds, settings, lambda, flags, observe);
    if result.is_err() {
        lambda.iter_mut().for_each(|l| *l = T::zero());
    }
    result
}

fn pgs_unguarded<T: Float, O: RowOperator<T>>(
    op: &mut O,
    eta: &[T],
    bounds: &[Bounds<T>],
    settings: &PgsSettings<T>,
    lambda: &mut [T],
    flags: &mut [RowFlag],
    observe: impl FnMut(usize, &[T]),
) -> Result<Certificate<T>, SolveError> {
    let n = op.rows();
    check_shape(n, eta, bounds, lambda.len(), flags.len())?;
    settings.validate()?;
    let cfm = settings.cfm;
    let flagged_rows = flag_rows(op, eta, bounds, cfm, settings.detect_duplicates, flags);
    if settings.bad_rows == BadRows::Reject
        && let Some(e) = (0..n).find_map(|i| flags[i].error(i))
    {
        lambda.iter_mut().for_each(|l| *l = T::zero());
        return Err(e);
    }
    for i in 0..n {
        if !settings.warm_start || flags[i].is_bad_input() || !lambda[i].is_finite() {
            lambda[i] = T::zero();
        }
    }
    op.reset(lambda);
    sweep(
        op,
        eta,
        bounds,
        settings,
        lambda,
        flags,
        flagged_rows,
        observe,
    )
}

/// Continues a solve whose `flags` and operator state (`M⁻¹Jᵀλ` of `lambda`) are those a
/// [`pgs_sor`] of the same rows left: the world's relaxing solve, which changes only `η`,
/// skips the flagging and the operator reset (two passes over the rows). The certificate's
/// `flagged_rows` is `flagged_rows`, from the solve that set the flags.
///
/// # Errors
/// As [`pgs_sor`] (the shape and the settings are checked again; the rows are not).
pub(crate) fn pgs_sor_continued<T: Float, O: RowOperator<T>>(
    op: &mut O,
    eta: &[T],
    bounds: &[Bounds<T>],
    settings: &PgsSettings<T>,
    lambda: &mut [T],
    flags: &mut [RowFlag],
    flagged_rows: usize,
) -> Result<Certificate<T>, SolveError> {
    let result = check_shape(op.rows(), eta, bounds, lambda.len(), flags.len())
        .and_then(|()| settings.validate())
        .and_then(|()| {
            sweep(
                op,
                eta,
                bounds,
                settings,
                lambda,
                flags,
                flagged_rows,
                |_, _| {},
            )
        });
    if result.is_err() {
        lambda.iter_mut().for_each(|l| *l = T::zero());
    }
    result
}

/// The sweeps of [`pgs_sor`] from flagged rows and an operator holding `M⁻¹Jᵀλ`, then the
/// certificate.
#[allow(
    clippy::too_many_arguments,
    reason = "the solve's data, passed through from pgs_sor"
)]
#[inline(always)] // one body with `pgs_sor`'s setup, as before the split (on-target row cost)
fn sweep<T: Float, O: RowOperator<T>>(
    op: &mut O,
    eta: &[T],
    bounds: &[Bounds<T>],
    settings: &PgsSettings<T>,
    lambda: &mut [T],
    flags: &mut [RowFlag],
    flagged_rows: usize,
    mut observe: impl FnMut(usize, &[T]),
) -> Result<Certificate<T>, SolveError> {
    let n = op.rows();
    // Slices of exactly `n` rows (the shape was checked): the row loop's indexing then
    // needs no bounds checks.
    let (eta, bounds, flags) = (&eta[..n], &bounds[..n], &mut flags[..n]);
    let cfm = settings.cfm;
    gather(op, lambda, flags);
    // Below a few rounding errors of η the residual only wanders: not a reason to fall back.
    let floor = (0..n)
        .filter(|&i| !flags[i].is_bad_input())
        .fold(T::zero(), |m, i| m.max(eta[i].abs()))
        * T::epsilon()
        * T::from(64).unwrap_or_else(T::one);
    let mut guard = Guard::new(settings.omega, settings.fallback, floor);
    let mut iterations = 0;
    while iterations < settings.max_iterations {
        iterations += 1;
        let mut estimate = T::zero();
        for i in 0..n {
            if !flags[i].is_active() {
                continue;
            }
            let m = multiplicity(flags[i]);
            let b = if m > 1 {
                bounds[i].scaled(m)
            } else {
                bounds[i]
            };
            match relax_row(op, i, eta[i], &b, cfm, guard.omega, lambda) {
                // A comparison, not `max` (a libm call on the Cortex-M4F); the defect of a
                // row that did not diverge is finite.
                Ok(defect) if defect > estimate => estimate = defect,
                Ok(_) => {}
                Err(e) => {
                    lambda.iter_mut().for_each(|l| *l = T::zero());
                    op.reset(lambda);
                    return Err(e);
                }
            }
        }
        observe(iterations, lambda);
        if estimate <= settings.tolerance {
            scatter(op, lambda, flags);
            let (residual, violation) =
                residual_of(op, eta, bounds, cfm, lambda, |i| !flags[i].is_bad_input());
            if residual <= settings.tolerance && violation <= settings.tolerance {
                break;
            }
            gather(op, lambda, flags);
        }
        guard.after_sweep(iterations, estimate);
        if iterations == settings.max_iterations {
            scatter(op, lambda, flags);
        }
    }
    if iterations == 0 {
        scatter(op, lambda, flags);
    }
    let (residual, bound_violation) = certify(op, eta, bounds, cfm, lambda, flags);
    Ok(Certificate {
        residual,
        bound_violation,
        iterations,
        // An infinite tolerance accepts anything finite, never an unusable row.
        converged: residual.is_finite()
            && residual <= settings.tolerance
            && bound_violation <= settings.tolerance,
        flagged_rows,
        omega: guard.omega,
        fallbacks: guard.fallbacks,
    })
}

/// A window under ω > 1 that keeps more than this fraction of its starting residual
/// estimate is slow enough to try ω = 1.
const PROBE_SLOW: f64 = 0.8;

/// Sweeps at the start of a probe left out of its measurement.
const PROBE_SKIP: usize = 10;

/// Where the over-relaxation guard stands.
#[derive(Debug, Clone, Copy)]
enum Phase<T> {
    /// Running with the requested ω, measuring its progress window by window.
    Relaxed,
    /// Trying ω = 1 for one window; `rate` is what the requested ω achieved in its last
    /// window, `reference` the smallest estimate when the probe's measurement began.
    Probe { rate: T, reference: T },
    /// Decided: no more probes.
    Settled,
}

/// The over-relaxation guard: falls back on growth or oscillation (no new smallest residual
/// estimate for [`FALLBACK_PATIENCE`] sweeps), and once, when a window of [`PROBE_WINDOW`]
/// sweeps under ω > 1 keeps more than `PROBE_SLOW` of its residual, tries ω = 1 for one
/// window and keeps it only if it is decisively faster.
#[derive(Debug, Clone, Copy)]
struct Guard<T> {
    requested: T,
    omega: T,
    mode: Fallback,
    floor: T,
    best: T,
    stall: usize,
    fallbacks: usize,
    window_start: usize,
    window_best: T,
    phase: Phase<T>,
    /// No stall checks before this sweep (the re-inflation after a probe).
    grace_until: usize,
}

impl<T: Float> Guard<T> {
    fn new(omega: T, mode: Fallback, floor: T) -> Self {
        Self {
            requested: omega,
            omega,
            mode,
            floor,
            best: T::infinity(),
            stall: 0,
            fallbacks: 0,
            window_start: 0,
            window_best: T::infinity(),
            phase: Phase::Relaxed,
            grace_until: 0,
        }
    }

    /// Records sweep `k`'s residual estimate and adjusts ω.
    fn after_sweep(&mut self, k: usize, estimate: T) {
        // (A NaN estimate never reaches here: `relax_row` reports it as divergence.)
        if self.mode == Fallback::Off || self.requested <= T::one() || estimate <= self.floor {
            return;
        }
        if self.window_best.is_infinite() {
            self.window_best = estimate;
        }
        if k < self.grace_until {
            return;
        }
        if estimate < self.best {
            self.best = estimate;
            self.stall = 0;
        } else {
            self.stall += 1;
        }
        if self.omega > T::one() && self.stall >= FALLBACK_PATIENCE {
            self.omega = lowered(self.omega, self.mode);
            self.fallbacks += 1;
            self.stall = 0;
            self.best = estimate;
            self.phase = Phase::Settled;
            return;
        }
        let age = k - self.window_start;
        if let Phase::Probe { rate, reference } = self.phase {
            // Switching ω itself lowers the estimate of an over-relaxed iterate at once:
            // measure the probe from its `PROBE_SKIP`-th sweep on.
            if age == PROBE_SKIP {
                self.phase = Phase::Probe {
                    rate,
                    reference: self.best,
                };
            }
            if age < PROBE_WINDOW {
                return;
            }
            // ω = 1 must be decisively faster: four times the log-reduction of ω.
            if self.best / reference < rate.powi(4) {
                self.fallbacks += 1;
            } else {
                // Back to ω: its iterates' estimates sit above the probe's for a while,
                // which is not a stall.
                self.omega = self.requested;
                self.best = T::infinity();
                self.stall = 0;
                self.grace_until = k + PROBE_WINDOW;
            }
            self.phase = Phase::Settled;
        } else if age >= PROBE_WINDOW {
            let slow = T::from(PROBE_SLOW).unwrap_or_else(T::one);
            let rate = self.best / self.window_best;
            if matches!(self.phase, Phase::Relaxed) && self.omega > T::one() && rate > slow {
                self.omega = T::one();
                self.phase = Phase::Probe {
                    rate,
                    reference: self.best,
                };
            }
            self.window_start = k;
            self.window_best = self.best;
        }
    }
}

/// The next SOR factor after a fallback.
fn lowered<T: Float>(omega: T, fallback: Fallback) -> T {
    match fallback {
        Fallback::Halve => {
            let half = T::from(0.5).unwrap_or_else(T::one);
            let next = T::one() + (omega - T::one()) * half;
            // Below 1 + 1/64 the remaining over-relaxation is not worth another round.
            if next - T::one() < T::from(1.0 / 64.0).unwrap_or_else(T::zero) {
                T::one()
            } else {
                next
            }
        }
        _ => T::one(),
    }
}

/// [`pgs_sor_observed`] without an observer.
///
/// # Example
/// ```
/// use solver::{Bounds, DenseMatrix, Fallback, PgsSettings, RowFlag, pgs_sor};
/// let gamma = [1.0f64, 0.5, 0.5, 1.0];
/// let mut op = DenseMatrix::new(&gamma, 2).unwrap();
/// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
/// let settings = PgsSettings { omega: 1.3, tolerance: 1e-10, max_iterations: 500,
///                              fallback: Fallback::ToOne, ..PgsSettings::default() };
/// let cert = pgs_sor(&mut op, &[1.5, 1.5], &[Bounds::bilateral(); 2], &settings,
///                    &mut lambda, &mut flags).unwrap();
/// assert!(cert.converged && (lambda[0] - 1.0).abs() < 1e-9);
/// assert!(cert.omega == 1.3 || cert.fallbacks > 0);
/// ```
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
