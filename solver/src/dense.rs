//! Γ stored as a dense row-major matrix: small problems, verification, the exact solver.
use num_traits::Float;

use crate::{Bounds, Certificate, PgsSettings, RowFlag, RowOperator, SolveError, pgs_sor_observed};

/// A borrowed dense `n × n` matrix Γ in row-major order.
///
/// # Example
/// ```
/// use solver::{DenseMatrix, RowOperator};
/// let gamma = [2.0, 1.0, 1.0, 3.0];
/// let g = DenseMatrix::new(&gamma, 2).unwrap();
/// assert_eq!((g.n(), g.get(1, 0), g.row(1)), (2, 1.0, &[1.0, 3.0][..]));
/// assert_eq!(g.product_row(1, &[1.0, 1.0]), 4.0);
/// ```
#[derive(Debug, Clone, Copy)]
pub struct DenseMatrix<'a, T> {
    n: usize,
    data: &'a [T],
}

impl<'a, T: Float> DenseMatrix<'a, T> {
    /// Wraps `data` (row-major, `n·n` entries).
    ///
    /// # Example
    /// ```
    /// use solver::{DenseMatrix, SolveError};
    /// assert!(DenseMatrix::new(&[1.0; 4], 2).is_ok());
    /// assert!(matches!(DenseMatrix::new(&[1.0; 3], 2),
    ///                  Err(SolveError::DimensionMismatch { what: "gamma", expected: 4, found: 3 })));
    /// ```
    ///
    /// # Errors
    /// [`SolveError::DimensionMismatch`] if `data.len() != n·n`.
    pub fn new(data: &'a [T], n: usize) -> Result<Self, SolveError> {
        if n.checked_mul(n) != Some(data.len()) {
            return Err(SolveError::DimensionMismatch {
                what: "gamma",
                expected: n.saturating_mul(n),
                found: data.len(),
            });
        }
        Ok(Self { n, data })
    }

    /// The number of rows.
    ///
    /// # Example
    /// ```
    /// assert_eq!(solver::DenseMatrix::new(&[1.0; 9], 3).unwrap().n(), 3);
    /// ```
    #[must_use]
    pub fn n(&self) -> usize {
        self.n
    }

    /// Entry `(i, j)`.
    ///
    /// # Panics
    /// If `i` or `j` is out of range.
    ///
    /// # Example
    /// ```
    /// let data = [1.0, 2.0, 3.0, 4.0];
    /// assert_eq!(solver::DenseMatrix::new(&data, 2).unwrap().get(0, 1), 2.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn get(&self, i: usize, j: usize) -> T {
        self.data[i * self.n + j]
    }

    /// Row `i` as a slice.
    ///
    /// # Panics
    /// If `i` is out of range.
    ///
    /// # Example
    /// ```
    /// let data = [1.0, 2.0, 3.0, 4.0];
    /// assert_eq!(solver::DenseMatrix::new(&data, 2).unwrap().row(1), &[3.0, 4.0]);
    /// ```
    #[inline]
    #[must_use]
    pub fn row(&self, i: usize) -> &'a [T] {
        &self.data[i * self.n..(i + 1) * self.n]
    }
}

impl<T: Float> RowOperator<T> for DenseMatrix<'_, T> {
    fn rows(&self) -> usize {
        self.n
    }

    fn diagonal(&self, i: usize) -> T {
        self.get(i, i)
    }

    fn coupling(&self, i: usize, j: usize) -> T {
        self.get(i, j)
    }

    #[inline]
    fn product_row(&self, i: usize, lambda: &[T]) -> T {
        // Four independent partial sums: the dependency chain of one running sum, not the
        // multiplications, limits a dense sweep.
        let row = self.row(i);
        let (head, tail) = row.split_at(row.len() - row.len() % 4);
        let (lhead, ltail) = lambda[..row.len()].split_at(head.len());
        let mut acc = [T::zero(); 4];
        for (g, l) in head.chunks_exact(4).zip(lhead.chunks_exact(4)) {
            for k in 0..4 {
                acc[k] = acc[k] + g[k] * l[k];
            }
        }
        let rest = tail
            .iter()
            .zip(ltail)
            .fold(T::zero(), |s, (&g, &l)| s + g * l);
        (acc[0] + acc[1]) + (acc[2] + acc[3]) + rest
    }

    fn row_is_finite(&self, i: usize) -> bool {
        self.row(i).iter().all(|x| x.is_finite())
    }

    fn apply(&mut self, _i: usize, _delta: T) {}

    fn reset(&mut self, _lambda: &[T]) {}
}

/// Projected Gauss-Seidel with SOR on a dense `(Γ, η, λ⁻, λ⁺)`; see
/// [`pgs_sor`](crate::pgs_sor).
///
/// `gamma` is row-major `n × n` with `n = eta.len()`.
///
/// # Example
/// ```
/// use solver::{Bounds, PgsSettings, RowFlag, solve_dense};
/// // A contact pushed into the ground (η > 0) and one pulled away (η < 0).
/// let gamma = [1.0, 0.0, 0.0, 1.0];
/// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
/// let cert = solve_dense(&gamma, &[2.0, -1.0], &[Bounds::unilateral(); 2],
///                        &PgsSettings::default(), &mut lambda, &mut flags).unwrap();
/// assert_eq!(lambda, [2.0, 0.0]);
/// assert!(cert.converged);
/// ```
///
/// # Errors
/// As [`pgs_sor`](crate::pgs_sor).
pub fn solve_dense<T: Float>(
    gamma: &[T],
    eta: &[T],
    bounds: &[Bounds<T>],
    settings: &PgsSettings<T>,
    lambda: &mut [T],
    flags: &mut [RowFlag],
) -> Result<Certificate<T>, SolveError> {
    let mut op = DenseMatrix::new(gamma, eta.len())?;
    pgs_sor_observed(&mut op, eta, bounds, settings, lambda, flags, |_, _| {})
}
