//! What a solve proves about its answer.

/// Why a row was left out of a solve (its multiplier is returned as zero).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum RowFlag {
    /// The row took part in the solve.
    #[default]
    Active,
    /// Γ or η of this row holds NaN or an infinity (or its Jacobian does).
    NonFinite,
    /// `Γii + cfm` is zero or negligible next to the largest diagonal: the row acts on nothing.
    ZeroDiagonal,
    /// NaN limits, `lo > hi`, `lo = +∞`, `hi = -∞`, or a negative / non-finite μ.
    InvalidBounds,
    /// The row repeats row `of` (same Jacobian in the M⁻¹ metric); only `of` is solved.
    Duplicate {
        /// The earlier copy that carries the impulse.
        of: usize,
    },
}

impl RowFlag {
    /// Whether the row took part in the solve.
    pub fn is_active(&self) -> bool {
        matches!(self, Self::Active)
    }
}

/// The evidence returned with every solve.
///
/// At an exact solution of the MLCP both `residual` and `bound_violation` are zero; the
/// residual is the fixed-point defect of the projection, `‖λ − Π(λ − (Γλ + cfm·λ − η))‖∞`
/// over the active rows, which is zero exactly when every row satisfies complementarity.
///
/// The seed (II.5) states complementarity as `rᵢ = 0 ↔ λ⁻ᵢ ≤ λᵢ ≤ λ⁺ᵢ`, which is
/// incomplete: the conditions are `λᵢ = λ⁻ᵢ ⇒ rᵢ ≥ 0`, `λᵢ = λ⁺ᵢ ⇒ rᵢ ≤ 0` and
/// `λ⁻ᵢ < λᵢ < λ⁺ᵢ ⇒ rᵢ = 0`, i.e. `λ = Π(λ − r)`, the fixed point this residual measures.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Certificate<T> {
    /// Projected residual ‖λ − Π(λ − r)‖∞ with r = (Γ + cfm·I)λ − η (active rows only).
    pub residual: T,
    /// Largest amount by which a multiplier leaves its interval (friction rows can, once
    /// their normal row changes after their last visit).
    pub bound_violation: T,
    /// Sweeps performed.
    pub iterations: usize,
    /// Whether `residual <= tolerance` (and no bound is violated beyond it).
    pub converged: bool,
    /// How many rows were flagged and left out (details in the `flags` slice).
    pub flagged_rows: usize,
}
