//! `Matrix<T, R, C>`: a fixed-size row-major matrix, the one matrix type of the workspace.
use core::array;
use core::ops::{Add, AddAssign, Index, IndexMut, Mul, MulAssign, Neg, Sub, SubAssign};

use num_traits::Float;

use crate::{Error, Vector};

/// An `R × C` matrix stored row-major: `self.0[row][col]`.
///
/// Row-major storage makes literals read like the mathematics:
/// `Matrix([[a, b], [c, d]])` is the matrix with first row `(a, b)`.
///
/// # Example
/// ```
/// use xform::{Matrix, Vector};
/// let m = Matrix([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]); // 2 rows, 3 columns
/// assert_eq!(m * Vector([1.0, 0.0, 1.0]), Vector([4.0, 10.0]));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "[[T; C]; R]: serde::Serialize",
        deserialize = "[[T; C]; R]: serde::Deserialize<'de>"
    ))
)]
#[repr(transparent)]
pub struct Matrix<T, const R: usize, const C: usize>(pub [[T; C]; R]);

/// A 2 × 2 matrix.
///
/// # Example
/// ```
/// let m: xform::Matrix2<f64> = xform::Matrix::identity();
/// assert_eq!(m.trace(), 2.0);
/// ```
pub type Matrix2<T> = Matrix<T, 2, 2>;
/// A 3 × 3 matrix.
///
/// # Example
/// ```
/// let m: xform::Matrix3<f64> = xform::Matrix::identity();
/// assert_eq!(m.determinant(), 1.0);
/// ```
pub type Matrix3<T> = Matrix<T, 3, 3>;
/// A 4 × 4 matrix.
///
/// # Example
/// ```
/// let m: xform::Matrix4<f32> = xform::Matrix::zeros();
/// assert_eq!(m.norm(), 0.0);
/// ```
pub type Matrix4<T> = Matrix<T, 4, 4>;
/// A 6 × 6 matrix (spatial transforms and inertias).
///
/// # Example
/// ```
/// let m: xform::Matrix6<f64> = xform::Matrix::identity();
/// assert_eq!(m.trace(), 6.0);
/// ```
pub type Matrix6<T> = Matrix<T, 6, 6>;

impl<T, const R: usize, const C: usize> Matrix<T, R, C> {
    /// Wraps a row-major array of rows.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let m = Matrix::new([[1.0, 2.0], [3.0, 4.0]]);
    /// assert_eq!(m * Vector([1.0, 1.0]), Vector([3.0, 7.0]));
    /// ```
    #[inline]
    pub const fn new(rows: [[T; C]; R]) -> Self {
        Self(rows)
    }

    /// Applies `f` to each entry (e.g. to change the scalar type).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[1.0, -2.0]]).map(f64::abs), Matrix([[1.0, 2.0]]));
    /// ```
    #[inline]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> Matrix<U, R, C> {
        Matrix(self.0.map(|row| row.map(&mut f)))
    }
}

impl<T: Float, const R: usize, const C: usize> Matrix<T, R, C> {
    /// The zero matrix.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix::<f64, 2, 3>::zeros().0, [[0.0; 3]; 2]);
    /// ```
    #[inline]
    pub fn zeros() -> Self {
        Self([[T::zero(); C]; R])
    }

    /// Builds a matrix entry by entry from `f(row, col)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let m = Matrix::<f64, 2, 2>::from_fn(|i, j| (10 * i + j) as f64);
    /// assert_eq!(m.0, [[0.0, 1.0], [10.0, 11.0]]);
    /// ```
    #[inline]
    pub fn from_fn(mut f: impl FnMut(usize, usize) -> T) -> Self {
        Self(array::from_fn(|i| array::from_fn(|j| f(i, j))))
    }

    /// The matrix whose rows are the given vectors.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let m = Matrix::from_rows([Vector([1.0, 2.0]), Vector([3.0, 4.0])]);
    /// assert_eq!(m.row(1), Vector([3.0, 4.0]));
    /// ```
    #[inline]
    pub fn from_rows(rows: [Vector<T, C>; R]) -> Self {
        Self(rows.map(|r| r.0))
    }

    /// The matrix whose columns are the given vectors.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let m = Matrix::from_cols([Vector([1.0, 2.0]), Vector([3.0, 4.0])]);
    /// assert_eq!(m.0, [[1.0, 3.0], [2.0, 4.0]]);
    /// ```
    #[inline]
    pub fn from_cols(cols: [Vector<T, R>; C]) -> Self {
        Self::from_fn(|i, j| cols[j].0[i])
    }

    /// Row `i` as a vector.
    ///
    /// # Panics
    /// If `i >= R`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[1.0, 2.0], [3.0, 4.0]]).row(0), Vector([1.0, 2.0]));
    /// ```
    #[inline]
    pub fn row(&self, i: usize) -> Vector<T, C> {
        Vector(self.0[i])
    }

    /// Column `j` as a vector.
    ///
    /// # Panics
    /// If `j >= C`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[1.0, 2.0], [3.0, 4.0]]).col(1), Vector([2.0, 4.0]));
    /// ```
    #[inline]
    pub fn col(&self, j: usize) -> Vector<T, R> {
        Vector(array::from_fn(|i| self.0[i][j]))
    }

    /// The transpose.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[1.0, 2.0, 3.0]]).transpose().0, [[1.0], [2.0], [3.0]]);
    /// ```
    #[inline]
    pub fn transpose(&self) -> Matrix<T, C, R> {
        Matrix::from_fn(|i, j| self.0[j][i])
    }

    /// Every entry multiplied by `s`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[1.0, 2.0]]).scale(3.0), Matrix([[3.0, 6.0]]));
    /// ```
    #[inline]
    pub fn scale(&self, s: T) -> Self {
        *self * s
    }

    /// The largest absolute entry (max norm), useful for tolerances.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[1.0, -5.0], [2.0, 3.0]]).amax(), 5.0);
    /// ```
    #[inline]
    pub fn amax(&self) -> T {
        crate::vector::amax_of(self.0.iter().flatten())
    }

    /// The Frobenius norm.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[3.0, 0.0], [0.0, 4.0]]).norm(), 5.0); // Frobenius
    /// ```
    #[inline]
    pub fn norm(&self) -> T {
        self.0
            .iter()
            .flatten()
            .fold(T::zero(), |s, &c| s + c * c)
            .sqrt()
    }

    /// Whether every entry is finite.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert!(!Matrix([[1.0, f64::INFINITY]]).is_finite());
    /// ```
    #[inline]
    pub fn is_finite(&self) -> bool {
        self.0.iter().flatten().all(|c| c.is_finite())
    }

    /// The `RR × CC` block starting at (`row`, `col`).
    ///
    /// # Panics
    /// If the block does not fit.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let m = Matrix::<f64, 3, 3>::from_fn(|i, j| (3 * i + j) as f64);
    /// let b: Matrix<f64, 2, 2> = m.block(1, 1);
    /// assert_eq!(b.0, [[4.0, 5.0], [7.0, 8.0]]);
    /// ```
    #[inline]
    pub fn block<const RR: usize, const CC: usize>(
        &self,
        row: usize,
        col: usize,
    ) -> Matrix<T, RR, CC> {
        assert!(row + RR <= R && col + CC <= C, "block out of range");
        Matrix::from_fn(|i, j| self.0[row + i][col + j])
    }

    /// Overwrites the block starting at (`row`, `col`) with `b`.
    ///
    /// # Panics
    /// If the block does not fit.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let mut m = Matrix::<f64, 3, 3>::zeros();
    /// m.set_block(1, 1, &Matrix::<f64, 2, 2>::identity());
    /// assert_eq!(m.diagonal(), Vector([0.0, 1.0, 1.0]));
    /// ```
    #[inline]
    pub fn set_block<const RR: usize, const CC: usize>(
        &mut self,
        row: usize,
        col: usize,
        b: &Matrix<T, RR, CC>,
    ) {
        assert!(row + RR <= R && col + CC <= C, "block out of range");
        for i in 0..RR {
            for j in 0..CC {
                self.0[row + i][col + j] = b.0[i][j];
            }
        }
    }
}

impl<T: Float, const N: usize> Matrix<T, N, N> {
    /// The identity matrix.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let v = Vector([1.0, 2.0, 3.0]);
    /// assert_eq!(Matrix::<f64, 3, 3>::identity() * v, v);
    /// ```
    #[inline]
    pub fn identity() -> Self {
        Self::from_fn(|i, j| if i == j { T::one() } else { T::zero() })
    }

    /// The diagonal matrix with the given diagonal.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let m = Matrix::from_diagonal(Vector([2.0, 3.0]));
    /// assert_eq!(m.0, [[2.0, 0.0], [0.0, 3.0]]);
    /// ```
    #[inline]
    pub fn from_diagonal(d: Vector<T, N>) -> Self {
        Self::from_fn(|i, j| if i == j { d.0[i] } else { T::zero() })
    }

    /// The diagonal as a vector.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[1.0, 2.0], [3.0, 4.0]]).diagonal(), Vector([1.0, 4.0]));
    /// ```
    #[inline]
    pub fn diagonal(&self) -> Vector<T, N> {
        Vector(array::from_fn(|i| self.0[i][i]))
    }

    /// The sum of the diagonal.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[1.0, 2.0], [3.0, 4.0]]).trace(), 5.0);
    /// ```
    #[inline]
    pub fn trace(&self) -> T {
        (0..N).fold(T::zero(), |s, i| s + self.0[i][i])
    }

    /// The determinant: closed form for `N <= 3`, Gaussian elimination with partial
    /// pivoting above.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[1.0, 2.0], [3.0, 4.0]]).determinant(), -2.0);
    /// ```
    #[inline]
    pub fn determinant(&self) -> T {
        let m = &self.0;
        match N {
            0 => T::one(),
            1 => m[0][0],
            2 => m[0][0] * m[1][1] - m[0][1] * m[1][0],
            3 => {
                m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
                    - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
                    + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
            }
            _ => {
                let mut a = *self;
                let mut det = T::one();
                for k in 0..N {
                    let p = (k..N)
                        .max_by(|&i, &j| {
                            a.0[i][k]
                                .abs()
                                .partial_cmp(&a.0[j][k].abs())
                                .unwrap_or(core::cmp::Ordering::Equal)
                        })
                        .unwrap_or(k);
                    if a.0[p][k] == T::zero() {
                        return T::zero();
                    }
                    if p != k {
                        a.0.swap(p, k);
                        det = -det;
                    }
                    det = det * a.0[k][k];
                    for i in k + 1..N {
                        let f = a.0[i][k] / a.0[k][k];
                        for j in k..N {
                            a.0[i][j] = a.0[i][j] - f * a.0[k][j];
                        }
                    }
                }
                det
            }
        }
    }

    /// The inverse, by Gauss-Jordan elimination with partial pivoting (closed form for
    /// `N <= 2`).
    ///
    /// # Errors
    /// [`Error::Singular`] if a pivot is exactly zero, [`Error::NonFinite`] if an entry is
    /// NaN or infinite, or the result contains NaN or infinity (overflow of a nearly singular
    /// matrix). An infinite entry would otherwise give a plausible inverse with zeros.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// assert_eq!(Matrix([[f64::INFINITY, 0.0], [0.0, 1.0]]).try_inverse(), Err(xform::Error::NonFinite));
    /// let inv = Matrix([[2.0, 0.0], [0.0, 4.0]]).try_inverse().unwrap();
    /// assert_eq!(inv.0, [[0.5, 0.0], [0.0, 0.25]]);
    /// assert_eq!(Matrix([[1.0, 2.0], [2.0, 4.0]]).try_inverse(), Err(xform::Error::Singular));
    /// ```
    pub fn try_inverse(&self) -> Result<Self, Error> {
        if !self.is_finite() {
            return Err(Error::NonFinite);
        }
        let inv = if N == 2 {
            let det = self.determinant();
            if det == T::zero() {
                return Err(Error::Singular);
            }
            let m = &self.0;
            let (a, b, c, d) = (m[0][0], m[0][1], m[1][0], m[1][1]);
            let mut r = Self::zeros();
            r.0[0][0] = d / det;
            r.0[0][1] = -b / det;
            r.0[1][0] = -c / det;
            r.0[1][1] = a / det;
            r
        } else {
            let mut a = *self;
            let mut inv = Self::identity();
            for k in 0..N {
                let p = (k..N)
                    .max_by(|&i, &j| {
                        a.0[i][k]
                            .abs()
                            .partial_cmp(&a.0[j][k].abs())
                            .unwrap_or(core::cmp::Ordering::Equal)
                    })
                    .unwrap_or(k);
                if a.0[p][k] == T::zero() || a.0[p][k].is_nan() {
                    return Err(Error::Singular);
                }
                a.0.swap(p, k);
                inv.0.swap(p, k);
                let pivot = a.0[k][k];
                for j in 0..N {
                    a.0[k][j] = a.0[k][j] / pivot;
                    inv.0[k][j] = inv.0[k][j] / pivot;
                }
                for i in 0..N {
                    if i != k {
                        let f = a.0[i][k];
                        for j in 0..N {
                            a.0[i][j] = a.0[i][j] - f * a.0[k][j];
                            inv.0[i][j] = inv.0[i][j] - f * inv.0[k][j];
                        }
                    }
                }
            }
            inv
        };
        if inv.is_finite() {
            Ok(inv)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// The inverse.
    ///
    /// # Panics
    /// If the matrix is singular (see [`Matrix::try_inverse`]).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let m = Matrix([[1.0, 1.0], [0.0, 1.0]]);
    /// assert_eq!((m * m.inverse()).0, [[1.0, 0.0], [0.0, 1.0]]);
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        match self.try_inverse() {
            Ok(m) => m,
            Err(e) => panic!("Matrix::inverse: {e}"),
        }
    }
}

impl<T: Float, const R: usize, const C: usize> Default for Matrix<T, R, C> {
    #[inline]
    fn default() -> Self {
        Self::zeros()
    }
}

impl<T, const R: usize, const C: usize> From<[[T; C]; R]> for Matrix<T, R, C> {
    #[inline]
    fn from(rows: [[T; C]; R]) -> Self {
        Self(rows)
    }
}

impl<T, const R: usize, const C: usize> Index<(usize, usize)> for Matrix<T, R, C> {
    type Output = T;
    #[inline]
    fn index(&self, (i, j): (usize, usize)) -> &T {
        &self.0[i][j]
    }
}

impl<T, const R: usize, const C: usize> IndexMut<(usize, usize)> for Matrix<T, R, C> {
    #[inline]
    fn index_mut(&mut self, (i, j): (usize, usize)) -> &mut T {
        &mut self.0[i][j]
    }
}

impl<T: Float, const R: usize, const K: usize, const C: usize> Mul<Matrix<T, K, C>>
    for Matrix<T, R, K>
{
    type Output = Matrix<T, R, C>;
    #[inline]
    #[allow(
        clippy::needless_range_loop,
        reason = "k indexes both operands; the plain index loop unrolls"
    )]
    fn mul(self, rhs: Matrix<T, K, C>) -> Matrix<T, R, C> {
        // Row i of the product is Σₖ aᵢₖ (row k of rhs): contiguous rows scaled by one
        // scalar, the form that vectorizes. Same sums in the same order as the dot-product
        // form, so the same bits.
        let mut out = Matrix([[T::zero(); C]; R]);
        if K == 0 {
            return out;
        }
        for (o, a) in out.0.iter_mut().zip(&self.0) {
            for (oj, &b) in o.iter_mut().zip(&rhs.0[0]) {
                *oj = a[0] * b;
            }
            for k in 1..K {
                for (oj, &b) in o.iter_mut().zip(&rhs.0[k]) {
                    *oj = *oj + a[k] * b;
                }
            }
        }
        out
    }
}

impl<T: Float, const R: usize, const C: usize> Mul<Vector<T, C>> for Matrix<T, R, C> {
    type Output = Vector<T, R>;
    #[inline]
    fn mul(self, v: Vector<T, C>) -> Vector<T, R> {
        let mut out = [T::zero(); R];
        for (o, row) in out.iter_mut().zip(&self.0) {
            *o = crate::vector::dot(row, &v.0);
        }
        Vector(out)
    }
}

impl<T: Float, const R: usize, const C: usize> Mul<T> for Matrix<T, R, C> {
    type Output = Self;
    #[inline]
    fn mul(self, s: T) -> Self {
        self.map(|c| c * s)
    }
}

impl<T: Float, const R: usize, const C: usize> Add for Matrix<T, R, C> {
    type Output = Self;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        Self::from_fn(|i, j| self.0[i][j] + rhs.0[i][j])
    }
}

impl<T: Float, const R: usize, const C: usize> Sub for Matrix<T, R, C> {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        Self::from_fn(|i, j| self.0[i][j] - rhs.0[i][j])
    }
}

impl<T: Float, const R: usize, const C: usize> Neg for Matrix<T, R, C> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        self.map(|c| -c)
    }
}

impl<T: Float, const R: usize, const C: usize> AddAssign for Matrix<T, R, C> {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<T: Float, const R: usize, const C: usize> SubAssign for Matrix<T, R, C> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl<T: Float, const R: usize, const C: usize> MulAssign<T> for Matrix<T, R, C> {
    #[inline]
    fn mul_assign(&mut self, s: T) {
        *self = *self * s;
    }
}

impl<T: Float, const N: usize> MulAssign<Matrix<T, N, N>> for Matrix<T, N, N> {
    #[inline]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl<T: Float, const N: usize> Vector<T, N> {
    /// The outer product `self otherᵀ`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Vector};
    /// let m = Vector([1.0, 2.0]).outer(&Vector([3.0, 4.0, 5.0]));
    /// assert_eq!(m.0, [[3.0, 4.0, 5.0], [6.0, 8.0, 10.0]]);
    /// ```
    #[inline]
    pub fn outer<const M: usize>(&self, other: &Vector<T, M>) -> Matrix<T, N, M> {
        Matrix::from_fn(|i, j| self.0[i] * other.0[j])
    }
}
