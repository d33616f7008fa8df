//! The one thing projected Gauss-Seidel needs from Γ: rows of Γλ, its diagonal, and a hook
//! when a multiplier changes. Dense matrices and the sparse sequential-impulse form both
//! implement it, so both run the very same iteration.

/// Row access to the inverse virtual mass matrix Γ = J M⁻¹ Jᵀ.
///
/// Implementations that never form Γ (the sequential-impulse form) keep a cached state
/// consistent with λ (the velocity change M⁻¹Jᵀλ) and update it in [`apply`](Self::apply).
pub trait RowOperator<T> {
    /// Number of constraint rows.
    fn rows(&self) -> usize;

    /// Γᵢᵢ (without CFM).
    fn diagonal(&self, i: usize) -> T;

    /// Γᵢⱼ, used only to detect duplicate rows.
    fn coupling(&self, i: usize, j: usize) -> T;

    /// `(Γλ)ᵢ` for the current multipliers (an implementation may use its cached state
    /// instead of reading `lambda`).
    fn product_row(&self, i: usize, lambda: &[T]) -> T;

    /// Whether row `i` of the operator holds only finite numbers.
    fn row_is_finite(&self, i: usize) -> bool;

    /// Multiplier `i` has just changed by `delta`.
    fn apply(&mut self, i: usize, delta: T);

    /// Rebuilds any cached state from `lambda` (called once before the sweeps).
    fn reset(&mut self, lambda: &[T]);
}
