//! Why a solve could not start or finish.
use core::fmt;

/// A structural problem with the input or the settings, or a solve that could not finish.
///
/// Bad *rows* (zero diagonal, non-finite entries, inverted bounds, duplicates) are not errors:
/// they are excluded from the solve and reported per row as a [`RowFlag`](crate::RowFlag).
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
            Self::Singular => f.write_str("matrix of the free rows is not positive definite"),
            Self::Diverged { row } => write!(f, "iteration diverged at row {row}"),
            Self::NotConverged => f.write_str("exact solver exhausted its pivot budget"),
        }
    }
}

impl core::error::Error for SolveError {}
