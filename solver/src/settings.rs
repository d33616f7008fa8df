//! Knobs of the projected Gauss-Seidel iteration.
use num_traits::Float;

use crate::SolveError;

/// What a solve does with a row whose data is unusable (NaN/∞, `Γᵢᵢ ≤ 0`, empty interval).
///
/// # Example
/// ```
/// use solver::{BadRows, Bounds, PgsSettings, RowFlag, SolveError, solve_dense};
/// let bounds = [Bounds::bilateral(), Bounds::new(1.0, -1.0)];
/// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
/// let lenient = PgsSettings::default();
/// let cert = solve_dense(&[1.0, 0.0, 0.0, 1.0], &[1.0, 1.0], &bounds, &lenient,
///                        &mut lambda, &mut flags).unwrap();
/// assert_eq!((flags[1], lambda[1], cert.converged), (RowFlag::InvertedBounds, 0.0, false));
/// let strict = PgsSettings { bad_rows: BadRows::Reject, ..lenient };
/// let e = solve_dense(&[1.0, 0.0, 0.0, 1.0], &[1.0, 1.0], &bounds, &strict,
///                     &mut lambda, &mut flags);
/// assert_eq!(e, Err(SolveError::InvertedBounds { row: 1 }));
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum BadRows {
    /// Leave the row at λ = 0, flag it, solve the others; the certificate's residual is
    /// then infinite or at least the row's own defect, so the solve is not "converged".
    #[default]
    Flag,
    /// Return the first bad row as the [`SolveError`] of the same name, before any sweep.
    Reject,
}

/// How the over-relaxation guard lowers ω when the projected residual stops decreasing.
///
/// Under ω > 1 the solver keeps the smallest per-sweep residual estimate seen; after
/// [`FALLBACK_PATIENCE`] sweeps without a new smallest value (growth or oscillation) it lowers
/// ω and counts a fallback in the [`Certificate`](crate::Certificate). Over-relaxation can
/// also converge steadily but far slower than ω = 1 (measured on friction problems): the
/// first time a window of [`PROBE_WINDOW`] sweeps under ω > 1 keeps more than 80 % of the
/// smallest estimate, the guard runs one window at ω = 1 and keeps ω = 1 (a fallback) only if
/// that window (its first 10 sweeps left out: changing ω alone lowers the estimate) reduced
/// the estimate by at least four times as much in logarithmic terms; else it returns to ω
/// for good. With ω ≤ 1, or once the estimate is within `64ε·max|η|` (rounding), the guard
/// does not act.
///
/// # Example
/// ```
/// use solver::{Fallback, PgsSettings};
/// let s: PgsSettings<f64> = PgsSettings { omega: 1.5, fallback: Fallback::Halve, ..PgsSettings::default() };
/// assert_eq!(s.fallback, Fallback::Halve);
/// assert_eq!(PgsSettings::<f64>::default().fallback, Fallback::ToOne);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Fallback {
    /// Keep ω whatever happens.
    Off,
    /// Drop to ω = 1 (plain projected Gauss-Seidel) at the first sign of trouble.
    #[default]
    ToOne,
    /// Halve the over-relaxation each time: ω ← 1 + (ω − 1)/2 (exactly 1 after a few).
    Halve,
}

/// Sweeps without a new smallest residual estimate after which [`Fallback`] lowers ω.
///
/// # Example
/// ```
/// assert_eq!(solver::FALLBACK_PATIENCE, 10);
/// ```
pub const FALLBACK_PATIENCE: usize = 10;

/// Length of the windows over which the over-relaxation guard compares progress (see
/// [`Fallback`]).
///
/// # Example
/// ```
/// assert_eq!(solver::PROBE_WINDOW, 50);
/// ```
pub const PROBE_WINDOW: usize = 50;

/// Settings of [`pgs_sor`](crate::pgs_sor) and the functions built on it.
///
/// # Example
/// ```
/// use solver::PgsSettings;
/// let s = PgsSettings { omega: 1.3, max_iterations: 500, ..PgsSettings::default() };
/// assert!(s.validate().is_ok());
/// assert!(PgsSettings { omega: f64::NAN, ..s }.validate().is_err());
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PgsSettings<T> {
    /// SOR factor ω in (0, 2): 1 is plain projected Gauss-Seidel, above 1 over-relaxes.
    pub omega: T,
    /// Constraint force mixing: the solve is for `(Γ + cfm·I) λ = η` under the bounds, which
    /// softens every row and makes a singular Γ (redundant rows) positive definite.
    pub cfm: T,
    /// Most sweeps over the rows.
    pub max_iterations: usize,
    /// Stop once the projected residual (∞-norm, units of η) is at most this.
    pub tolerance: T,
    /// Start from the multipliers passed in (the previous step's) instead of zero.
    pub warm_start: bool,
    /// Look for repeated rows (O(rows²) pairs, cheap next to a sweep only for small
    /// problems): a row that is the same constraint as an earlier one (equal Γ row and
    /// column, η, bounds and friction coupling) is merged with it
    /// ([`RowFlag::Merged`](crate::RowFlag::Merged)); a near-duplicate that differs in any of
    /// these is kept, solved and flagged [`RowFlag::Redundant`](crate::RowFlag::Redundant).
    pub detect_duplicates: bool,
    /// Flag unusable rows or reject the problem.
    pub bad_rows: BadRows,
    /// The over-relaxation guard.
    pub fallback: Fallback,
}

impl<T: Float> Default for PgsSettings<T> {
    fn default() -> Self {
        Self {
            omega: T::one(),
            cfm: T::zero(),
            max_iterations: 100,
            tolerance: T::from(1e-6).unwrap_or_else(T::epsilon),
            warm_start: false,
            detect_duplicates: true,
            bad_rows: BadRows::Flag,
            fallback: Fallback::ToOne,
        }
    }
}

impl<T: Float> PgsSettings<T> {
    /// Checks the ranges: `0 < omega < 2`, `cfm >= 0` finite, `tolerance >= 0` (not NaN).
    ///
    /// # Example
    /// ```
    /// use solver::{PgsSettings, SolveError};
    /// let bad = PgsSettings { cfm: -1.0, ..PgsSettings::default() };
    /// assert!(matches!(bad.validate(), Err(SolveError::InvalidSettings(_))));
    /// ```
    ///
    /// # Errors
    /// [`SolveError::InvalidSettings`] naming the bad setting.
    pub fn validate(&self) -> Result<(), SolveError> {
        let two = T::one() + T::one();
        if !(self.omega > T::zero() && self.omega < two) {
            return Err(SolveError::InvalidSettings("omega must lie in (0, 2)"));
        }
        if !(self.cfm >= T::zero() && self.cfm.is_finite()) {
            return Err(SolveError::InvalidSettings("cfm must be finite and >= 0"));
        }
        if self.tolerance.is_nan() || self.tolerance < T::zero() {
            return Err(SolveError::InvalidSettings("tolerance must be >= 0"));
        }
        Ok(())
    }
}
