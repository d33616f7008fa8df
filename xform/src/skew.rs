//! `Skew<T, N>`: elements of so(n), the skew-symmetric matrices (angular velocities and
//! accelerations in n dimensions).
use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use num_traits::Float;

use crate::{Error, Matrix, Rotation, Vector};

/// A skew-symmetric `N × N` matrix, `ωᵀ = -ω`: an element of the Lie algebra so(n).
///
/// Stored as the full matrix so every dimension works the same way; the constructors keep
/// it exactly skew-symmetric. In 2D it is identified with a scalar ([`Skew::from_scalar`],
/// acting as `ω v⊥`), in 3D with a vector ([`Skew::from_vector`], acting as `ω × v`).
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "[[T; N]; N]: serde::Serialize",
        deserialize = "[[T; N]; N]: serde::Deserialize<'de>"
    ))
)]
pub struct Skew<T, const N: usize>(Matrix<T, N, N>);

impl<T: Float, const N: usize> Skew<T, N> {
    /// The zero element (no rotation rate).
    #[inline]
    pub fn zero() -> Self {
        Self(Matrix::zeros())
    }

    /// The skew-symmetric part `(m - mᵀ) / 2` of any square matrix (the orthogonal
    /// projection onto so(n)).
    #[inline]
    pub fn from_antisymmetric_part(m: &Matrix<T, N, N>) -> Self {
        let half = T::one() / (T::one() + T::one());
        Self((*m - m.transpose()) * half)
    }

    /// Wraps a matrix the caller has built exactly skew-symmetric (zero diagonal,
    /// `m[j][i] == -m[i][j]`), without the projection (used by the dynamics kernels).
    #[inline(always)]
    pub(crate) fn from_exact_skew_unchecked(m: Matrix<T, N, N>) -> Self {
        Self(m)
    }

    /// Accepts `m` if `|m + mᵀ|` is at most `tolerance` entry-wise, returning its exact
    /// skew-symmetric part.
    ///
    /// # Errors
    /// [`Error::NotSkewSymmetric`] otherwise, [`Error::NonFinite`] for NaN or infinite entries.
    pub fn try_from_matrix(m: &Matrix<T, N, N>, tolerance: T) -> Result<Self, Error> {
        if !m.is_finite() {
            return Err(Error::NonFinite);
        }
        if (*m + m.transpose()).amax() > tolerance {
            return Err(Error::NotSkewSymmetric);
        }
        Ok(Self::from_antisymmetric_part(m))
    }

    /// `value (e_i e_jᵀ - e_j e_iᵀ)`: a rotation rate in the plane of axes `i` and `j`; it
    /// maps `e_j` to `value e_i` and `e_i` to `-value e_j`.
    ///
    /// # Panics
    /// If `i` or `j` is out of range or `i == j`.
    #[inline]
    pub fn from_plane(i: usize, j: usize, value: T) -> Self {
        assert!(i < N && j < N && i != j, "invalid plane");
        let mut m = Matrix::zeros();
        m.0[i][j] = value;
        m.0[j][i] = -value;
        Self(m)
    }

    /// The wedge product `a bᵀ - b aᵀ` of two vectors; in 3D it is the cross-product matrix
    /// of `b × a` (because `a (b·v) - b (a·v) = (b × a) × v`).
    #[inline]
    pub fn wedge(a: &Vector<T, N>, b: &Vector<T, N>) -> Self {
        Self(a.outer(b) - b.outer(a))
    }

    /// The matrix form.
    #[inline]
    pub fn matrix(&self) -> &Matrix<T, N, N> {
        &self.0
    }

    /// The matrix form, by value.
    #[inline]
    pub fn into_matrix(self) -> Matrix<T, N, N> {
        self.0
    }

    /// The action on a vector, `ω v` (`ω v⊥` in 2D, `ω × v` in 3D).
    #[inline]
    pub fn apply(&self, v: &Vector<T, N>) -> Vector<T, N> {
        self.0 * *v
    }

    /// The Lie bracket (matrix commutator) `[self, other] = self other - other self`.
    #[inline]
    pub fn bracket(&self, other: &Self) -> Self {
        // The commutator of two skew matrices is skew; the projection removes rounding.
        Self::from_antisymmetric_part(&(self.0 * other.0 - other.0 * self.0))
    }

    /// The adjoint action of a rotation, `R ω Rᵀ`: the same angular velocity expressed in
    /// the rotated frame (in 3D, the skew matrix of `R ω`).
    #[inline]
    pub fn rotated_by(&self, r: &Rotation<T, N>) -> Self {
        let m = *r.matrix();
        Self::from_antisymmetric_part(&(m * self.0 * m.transpose()))
    }

    /// The Frobenius norm divided by √2: the rotation rate `|ω|` in 2D and 3D.
    #[inline]
    pub fn magnitude(&self) -> T {
        let two = T::one() + T::one();
        (self.0.0.iter().flatten().fold(T::zero(), |s, &c| s + c * c) / two).sqrt()
    }
}

impl<T: Float> Skew<T, 2> {
    /// The element identified with the scalar `ω`: `[[0, -ω], [ω, 0]]`.
    #[inline]
    pub fn from_scalar(omega: T) -> Self {
        Self(Matrix([[T::zero(), -omega], [omega, T::zero()]]))
    }

    /// The scalar `ω` of `[[0, -ω], [ω, 0]]`.
    #[inline]
    pub fn scalar(&self) -> T {
        self.0.0[1][0]
    }

    /// The action `ω v⊥` without a matrix product.
    #[inline]
    pub fn apply_2d(&self, v: &Vector<T, 2>) -> Vector<T, 2> {
        v.perp() * self.scalar()
    }
}

impl<T: Float> Skew<T, 3> {
    /// The cross-product matrix `[ω]×` of `ω`, so that `[ω]× v = ω × v`.
    #[inline]
    pub fn from_vector(w: Vector<T, 3>) -> Self {
        let [x, y, z] = w.0;
        let o = T::zero();
        Self(Matrix([[o, -z, y], [z, o, -x], [-y, x, o]]))
    }

    /// The vector `ω` of `[ω]×` (the "vee" map).
    #[inline]
    pub fn vector(&self) -> Vector<T, 3> {
        let m = &self.0.0;
        Vector([m[2][1], m[0][2], m[1][0]])
    }

    /// The action `ω × v` without a matrix product.
    #[inline]
    pub fn apply_3d(&self, v: &Vector<T, 3>) -> Vector<T, 3> {
        self.vector().cross(v)
    }
}

impl<T: Float, const N: usize> Default for Skew<T, N> {
    #[inline]
    fn default() -> Self {
        Self::zero()
    }
}

impl<T: Float, const N: usize> Add for Skew<T, N> {
    type Output = Self;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        Self(self.0 + rhs.0)
    }
}

impl<T: Float, const N: usize> Sub for Skew<T, N> {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        Self(self.0 - rhs.0)
    }
}

impl<T: Float, const N: usize> Neg for Skew<T, N> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self(-self.0)
    }
}

impl<T: Float, const N: usize> Mul<T> for Skew<T, N> {
    type Output = Self;
    #[inline]
    fn mul(self, s: T) -> Self {
        Self(self.0 * s)
    }
}

impl<T: Float, const N: usize> Mul<Vector<T, N>> for Skew<T, N> {
    type Output = Vector<T, N>;
    #[inline]
    fn mul(self, v: Vector<T, N>) -> Vector<T, N> {
        self.apply(&v)
    }
}

impl<T: Float, const N: usize> AddAssign for Skew<T, N> {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<T: Float, const N: usize> SubAssign for Skew<T, N> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl<T: Float> From<Vector<T, 3>> for Skew<T, 3> {
    #[inline]
    fn from(w: Vector<T, 3>) -> Self {
        Self::from_vector(w)
    }
}
