//! Why a solve could not start or finish.
use core::fmt;

/// A structural problem with the input or the settings, or a solve that could not finish.
///
/// Bad *rows* (negative or zero diagonal, non-finite entries, inverted bounds) are by default
/// left out of the solve, reported per row as a [`RowFlag`](crate::RowFlag) and counted in
/// the certificate's residual; with [`BadRows::Reject`](crate::BadRows::Reject) the first one
/// is returned as the error of the same name ([`RowFlag::error`](crate::RowFlag::error) maps
/// one to the other).
///
/// # Example
/// ```
/// use solver::{BadRows, Bounds, PgsSettings, RowFlag, SolveError, solve_dense};
/// let strict = PgsSettings { bad_rows: BadRows::Reject, ..PgsSettings::default() };
/// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
/// let e = solve_dense(&[1.0, 0.0, 0.0, -1.0], &[1.0, 1.0], &[Bounds::bilateral(); 2],
///                     &strict, &mut lambda, &mut flags).unwrap_err();
/// assert_eq!(e, SolveError::NegativeDiagonal { row: 1 });
/// assert!(e.to_string().contains("row 1"));
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveError {
    /// Slice lengths disagree: `what` names the slice, `expected` and `found` its lengths.
    DimensionMismatch {
        /// Which input had the wrong length.
        what: &'static str,
        /// The length implied by the other inputs.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// A friction row names a normal row that does not exist or is itself.
    InvalidFrictionIndex {
        /// The friction row.
        row: usize,
        /// The normal row it names.
        normal: usize,
    },
    /// A Jacobian block names a body that does not exist.
    InvalidBodyIndex {
        /// The constraint row.
        row: usize,
        /// The body index it names.
        body: usize,
    },
    /// A setting is out of range: SOR factor outside (0, 2), negative or non-finite CFM,
    /// negative or NaN tolerance.
    InvalidSettings(&'static str),
    /// The problem has more rows than the fixed capacity of the solver.
    CapacityExceeded {
        /// Rows in the problem.
        rows: usize,
        /// Rows the solver can hold.
        capacity: usize,
    },
    /// The matrix restricted to the free rows is not positive definite (the exact solver
    /// needs independent rows, or a positive CFM).
    Singular,
    /// An iterate became non-finite (a divergent, inconsistent problem); the multipliers were
    /// reset to zero rather than returned as NaN.
    Diverged {
        /// The row whose update was not finite.
        row: usize,
    },
    /// The exact solver used its pivot budget without meeting the optimality conditions.
    NotConverged,
    /// `Γᵢᵢ < 0`: Γ is not positive semidefinite, so it is not `J M⁻¹ Jᵀ` of any masses.
    NegativeDiagonal {
        /// The offending row.
        row: usize,
    },
    /// `Γᵢᵢ + cfm` is zero or negligible next to the largest diagonal: the row acts on
    /// nothing (an all-zero Jacobian row, or a row on static bodies only).
    ZeroDiagonal {
        /// The offending row.
        row: usize,
    },
    /// A NaN or an infinity in the row's data.
    NonFinite {
        /// The offending row.
        row: usize,
        /// Which part holds it: `"eta"`, `"gamma"`, `"bounds"` or `"mu"`.
        what: &'static str,
    },
    /// The row's interval is empty: `lo > hi`, `lo = +∞`, `hi = −∞`, or a negative μ.
    InvertedBounds {
        /// The offending row.
        row: usize,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::DimensionMismatch {
                what,
                expected,
                found,
            } => write!(f, "{what} has length {found}, expected {expected}"),
            Self::InvalidFrictionIndex { row, normal } => {
                write!(f, "friction row {row} names invalid normal row {normal}")
            }
            Self::InvalidBodyIndex { row, body } => {
                write!(
                    f,
                    "constraint row {row} names body {body}, which does not exist"
                )
            }
            Self::InvalidSettings(what) => write!(f, "invalid settings: {what}"),
            Self::CapacityExceeded { rows, capacity } => {
                write!(f, "{rows} rows exceed the solver capacity of {capacity}")
            }
            Self::Singular => f.write_str(
                "matrix of the free rows is not positive definite (dependent rows: add cfm > 0)",
            ),
            Self::Diverged { row } => write!(f, "iteration diverged at row {row}"),
            Self::NotConverged => f.write_str(
                "exact solver exhausted its pivot budget (raise max_pivots, or add cfm > 0)",
            ),
            Self::NegativeDiagonal { row } => write!(
                f,
                "row {row} has a negative diagonal entry: the matrix is not positive \
                 semidefinite (check the sign of the Jacobian product or the inverse masses)"
            ),
            Self::ZeroDiagonal { row } => write!(
                f,
                "row {row} has a zero diagonal entry: it acts on no moving body (check its \
                 Jacobian, or give it cfm > 0)"
            ),
            Self::NonFinite { row, what } => {
                write!(f, "row {row} has a NaN or infinite value in {what}")
            }
            Self::InvertedBounds { row } => write!(
                f,
                "row {row} has an empty interval (lo > hi, lo = +inf, hi = -inf or mu < 0)"
            ),
        }
    }
}

impl core::error::Error for SolveError {}
