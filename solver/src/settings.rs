//! Knobs of the projected Gauss-Seidel iteration.
use num_traits::Float;

use crate::SolveError;

/// Settings of [`pgs_sor`](crate::pgs_sor) and the functions built on it.
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
    /// Look for duplicate rows (O(rows²) pairs, cheap next to a sweep only for small
    /// problems); the later copy of a duplicate pair is flagged and left at zero.
    pub detect_duplicates: bool,
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
        }
    }
}

impl<T: Float> PgsSettings<T> {
    /// Checks the ranges: `0 < omega < 2`, `cfm >= 0` finite, `tolerance >= 0` (not NaN).
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
