//! What a solve proves about its answer, and what it did to each row.
use crate::SolveError;

/// What a solve did with one row of the input problem.
///
/// Every row is accounted for: rows are solved ([`Active`](Self::Active),
/// [`Redundant`](Self::Redundant), [`Representative`](Self::Representative)), merged into an
/// identical row ([`Merged`](Self::Merged), which gets an equal share of that row's impulse),
/// or left at λ = 0 because their data is unusable (the other variants, which name the fault
/// with the same words as [`SolveError`]). The [`Certificate`] residual covers every row
/// whatever its flag, so a problem with an unusable row is never reported as converged.
///
/// # Example
/// ```
/// use solver::{Bounds, PgsSettings, RowFlag, solve_dense};
/// // Rows 0 and 1 are the same constraint (same Γ row, η and bounds): merged.
/// let gamma = [1.0, 1.0, 1.0, 1.0];
/// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
/// let cert = solve_dense(&gamma, &[2.0, 2.0], &[Bounds::bilateral(); 2],
///                        &PgsSettings::default(), &mut lambda, &mut flags).unwrap();
/// assert_eq!(flags, [RowFlag::Representative { copies: 1 }, RowFlag::Merged { into: 0 }]);
/// assert_eq!(lambda, [1.0, 1.0]);
/// assert!(cert.converged);
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RowFlag {
    /// The row took part in the solve.
    #[default]
    Active,
    /// The row was solved for itself and `copies` identical rows flagged
    /// [`Merged`](Self::Merged); the total impulse is split equally among them.
    Representative {
        /// How many later rows were merged into this one.
        copies: usize,
    },
    /// The row is the same constraint as row `into` (equal Γ row and column, η, bounds and
    /// friction coupling): solved as one row with it, λ is an equal share of the total.
    Merged {
        /// The earlier row that carried the solve.
        into: usize,
    },
    /// The row nearly repeats row `of` (same Jacobian in the M⁻¹ metric) but differs in η,
    /// bounds, friction coupling or Γ entries: it was kept and solved, and Γ is (nearly)
    /// singular, so λ may be non-unique and a contradictory pair cannot converge.
    Redundant {
        /// The earlier row it nearly repeats.
        of: usize,
    },
    /// Γ, η or the limits of this row hold a NaN or an infinity; left at λ = 0.
    NonFinite {
        /// Which part: `"eta"`, `"gamma"`, `"bounds"` or `"mu"`.
        what: &'static str,
    },
    /// `Γii < 0`: Γ is not positive semidefinite; left at λ = 0.
    NegativeDiagonal,
    /// `Γii + cfm` is zero or negligible next to the largest diagonal: the row acts on
    /// nothing; left at λ = 0.
    ZeroDiagonal,
    /// An empty interval: `lo > hi`, `lo = +∞`, `hi = −∞` or `μ < 0`; left at λ = 0.
    InvertedBounds,
}

impl RowFlag {
    /// Whether the row was relaxed by the solver itself (a [`Merged`](Self::Merged) row is
    /// solved through its representative instead).
    ///
    /// # Example
    /// ```
    /// use solver::RowFlag;
    /// assert!(RowFlag::Redundant { of: 0 }.is_active());
    /// assert!(!RowFlag::Merged { into: 0 }.is_active());
    /// ```
    #[must_use]
    pub fn is_active(&self) -> bool {
        matches!(
            self,
            Self::Active | Self::Redundant { .. } | Self::Representative { .. }
        )
    }

    /// Whether the row's data is unusable (it was left at λ = 0).
    ///
    /// # Example
    /// ```
    /// use solver::RowFlag;
    /// assert!(RowFlag::ZeroDiagonal.is_bad_input());
    /// assert!(!RowFlag::Merged { into: 0 }.is_bad_input());
    /// ```
    #[must_use]
    pub fn is_bad_input(&self) -> bool {
        self.error(0).is_some()
    }

    /// The [`SolveError`] of the same name for a bad row `row`, `None` for a solved one.
    ///
    /// # Example
    /// ```
    /// use solver::{RowFlag, SolveError};
    /// assert_eq!(RowFlag::InvertedBounds.error(3), Some(SolveError::InvertedBounds { row: 3 }));
    /// assert_eq!(RowFlag::Active.error(3), None);
    /// ```
    #[must_use]
    pub fn error(&self, row: usize) -> Option<SolveError> {
        match *self {
            Self::NonFinite { what } => Some(SolveError::NonFinite { row, what }),
            Self::NegativeDiagonal => Some(SolveError::NegativeDiagonal { row }),
            Self::ZeroDiagonal => Some(SolveError::ZeroDiagonal { row }),
            Self::InvertedBounds => Some(SolveError::InvertedBounds { row }),
            _ => None,
        }
    }
}

/// The evidence returned with every solve, computed over **every row of the input problem**
/// (merged, redundant and bad rows included), from the original Γ, η and bounds.
///
/// At an exact solution of the MLCP both `residual` and `bound_violation` are zero; the
/// residual is the fixed-point defect of the projection, `‖λ − Π(λ − (Γλ + cfm·λ − η))‖∞`,
/// which is zero exactly when every row satisfies complementarity. A row whose data is not
/// finite or whose interval is empty contributes `+∞`.
///
/// "The mathematics of Havok's solver" (II.5) states complementarity as
/// `rᵢ = 0 ↔ λ⁻ᵢ ≤ λᵢ ≤ λ⁺ᵢ`, which is incomplete: the conditions are
/// `λᵢ = λ⁻ᵢ ⇒ rᵢ ≥ 0`, `λᵢ = λ⁺ᵢ ⇒ rᵢ ≤ 0` and `λ⁻ᵢ < λᵢ < λ⁺ᵢ ⇒ rᵢ = 0`, i.e.
/// `λ = Π(λ − r)`, the fixed point this residual measures.
///
/// # Example
/// ```
/// use solver::{Bounds, PgsSettings, RowFlag, solve_dense};
/// // Two rows with the same Γ row but contradictory η: kept, flagged, not "converged".
/// let gamma = [1.0, 1.0, 1.0, 1.0];
/// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
/// let cert = solve_dense(&gamma, &[1.0, 2.0], &[Bounds::bilateral(); 2],
///                        &PgsSettings::default(), &mut lambda, &mut flags).unwrap();
/// assert_eq!(flags[1], RowFlag::Redundant { of: 0 });
/// assert!(!cert.converged && cert.residual >= 0.5);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Certificate<T> {
    /// Projected residual ‖λ − Π(λ − r)‖∞ with r = (Γ + cfm·I)λ − η, over every row.
    pub residual: T,
    /// Largest amount by which a multiplier leaves its interval (friction rows can, once
    /// their normal row changes after their last visit).
    pub bound_violation: T,
    /// Sweeps performed.
    pub iterations: usize,
    /// Whether `residual` is finite, `residual <= tolerance` and
    /// `bound_violation <= tolerance`, over every row.
    pub converged: bool,
    /// How many rows are not plainly [`RowFlag::Active`] (details in the `flags` slice).
    pub flagged_rows: usize,
    /// The SOR factor in use at the end (lower than the requested ω after a fallback).
    pub omega: T,
    /// How many times the over-relaxation guard lowered ω because the projected residual
    /// stopped decreasing (see [`PgsSettings::fallback`](crate::PgsSettings::fallback)).
    pub fallbacks: usize,
}
