//! Γ stored as a dense row-major matrix: small problems, verification, the exact solver.
use num_traits::Float;

use crate::{Bounds, Certificate, PgsSettings, RowFlag, RowOperator, SolveError, pgs_sor_observed};

/// A borrowed dense `n × n` matrix Γ in row-major order.
#[derive(Debug, Clone, Copy)]
pub struct DenseMatrix<'a, T> {
    n: usize,
    data: &'a [T],
}

impl<'a, T: Float> DenseMatrix<'a, T> {
    /// Wraps `data` (row-major, `n·n` entries).
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
    pub fn n(&self) -> usize {
        self.n
    }

    /// Entry `(i, j)`.
    #[inline]
    pub fn get(&self, i: usize, j: usize) -> T {
        self.data[i * self.n + j]
    }

    /// Row `i` as a slice.
    #[inline]
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
