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
    ///
    /// # Example
    /// ```
    /// use solver::{DenseMatrix, RowOperator};
    /// let op = DenseMatrix::new(&[2.0, 1.0, 1.0, 3.0], 2).unwrap();
    /// assert_eq!(op.rows(), 2);
    /// ```
    #[must_use]
    fn rows(&self) -> usize;

    /// Γᵢᵢ (without CFM).
    ///
    /// # Example
    /// ```
    /// use solver::{DenseMatrix, RowOperator};
    /// let op = DenseMatrix::new(&[2.0, 1.0, 1.0, 3.0], 2).unwrap();
    /// assert_eq!((op.diagonal(0), op.diagonal(1)), (2.0, 3.0));
    /// ```
    #[must_use]
    fn diagonal(&self, i: usize) -> T;

    /// Γᵢⱼ, used only to detect duplicate rows.
    ///
    /// # Example
    /// ```
    /// use solver::{DenseMatrix, RowOperator};
    /// let op = DenseMatrix::new(&[2.0, 1.0, 1.0, 3.0], 2).unwrap();
    /// assert_eq!(op.coupling(0, 1), 1.0);
    /// ```
    #[must_use]
    fn coupling(&self, i: usize, j: usize) -> T;

    /// `(Γλ)ᵢ` for the current multipliers (an implementation may use its cached state
    /// instead of reading `lambda`).
    ///
    /// # Example
    /// ```
    /// use solver::{DenseMatrix, RowOperator};
    /// let op = DenseMatrix::new(&[2.0, 1.0, 1.0, 3.0], 2).unwrap();
    /// // Row 1 of Γλ for λ = (1, 2): 1·1 + 3·2.
    /// assert_eq!(op.product_row(1, &[1.0, 2.0]), 7.0);
    /// ```
    #[must_use]
    fn product_row(&self, i: usize, lambda: &[T]) -> T;

    /// Whether row `i` of the operator holds only finite numbers.
    ///
    /// # Example
    /// ```
    /// use solver::{DenseMatrix, RowOperator};
    /// let op = DenseMatrix::new(&[2.0, 1.0, f64::NAN, 3.0], 2).unwrap();
    /// assert!(op.row_is_finite(0));
    /// assert!(!op.row_is_finite(1));
    /// ```
    #[must_use]
    fn row_is_finite(&self, i: usize) -> bool;

    /// Multiplier `i` has just changed by `delta`.
    ///
    /// # Example
    /// A dense Γ keeps no state (it reads λ in [`product_row`](Self::product_row)); the
    /// sequential-impulse form updates its cached velocity change instead:
    /// ```
    /// use solver::{DenseMatrix, RowOperator};
    /// let mut op = DenseMatrix::new(&[2.0, 1.0, 1.0, 3.0], 2).unwrap();
    /// let mut lambda = [0.0, 0.0];
    /// lambda[0] += 0.5;
    /// op.apply(0, 0.5);
    /// assert_eq!(op.product_row(1, &lambda), 0.5);
    /// ```
    fn apply(&mut self, i: usize, delta: T);

    /// Rebuilds any cached state from `lambda` (called once before the sweeps).
    ///
    /// # Example
    /// ```
    /// use solver::{DenseMatrix, RowOperator};
    /// let mut op = DenseMatrix::new(&[2.0, 1.0, 1.0, 3.0], 2).unwrap();
    /// let warm = [1.0, 1.0];
    /// op.reset(&warm);
    /// assert_eq!(op.product_row(0, &warm), 3.0);
    /// ```
    fn reset(&mut self, lambda: &[T]);
}
