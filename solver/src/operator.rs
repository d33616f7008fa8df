//! The one thing projected Gauss-Seidel needs from Γ: rows of Γλ, its diagonal, and a hook
//! when a multiplier changes. Dense matrices and the sparse sequential-impulse form both
//! implement it, so both run the very same iteration.

/// Row access to the inverse virtual mass matrix Γ = J M⁻¹ Jᵀ.
///
/// # Example
/// ```
/// use solver::{Bounds, PgsSettings, RowFlag, RowOperator, pgs_sor};
/// /// Γ = d·I without storing it.
/// struct Diagonal(f64, usize);
/// impl RowOperator<f64> for Diagonal {
///     fn rows(&self) -> usize { self.1 }
///     fn diagonal(&self, _i: usize) -> f64 { self.0 }
///     fn coupling(&self, i: usize, j: usize) -> f64 { if i == j { self.0 } else { 0.0 } }
///     fn product_row(&self, i: usize, lambda: &[f64]) -> f64 { self.0 * lambda[i] }
///     fn row_is_finite(&self, _i: usize) -> bool { self.0.is_finite() }
///     fn apply(&mut self, _i: usize, _delta: f64) {}
///     fn reset(&mut self, _lambda: &[f64]) {}
/// }
/// let (mut lambda, mut flags) = ([0.0; 3], [RowFlag::Active; 3]);
/// pgs_sor(&mut Diagonal(2.0, 3), &[2.0, 4.0, -2.0], &[Bounds::unilateral(); 3],
///         &PgsSettings::default(), &mut lambda, &mut flags).unwrap();
/// assert_eq!(lambda, [1.0, 2.0, 0.0]);
/// ```
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
