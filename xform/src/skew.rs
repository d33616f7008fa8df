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
///
/// # Example
/// ```
/// use xform::{Skew, Vector};
/// let w = Skew::from_vector(Vector([0.0, 0.0, 1.0f64]));
/// assert_eq!(w * Vector([1.0, 0.0, 0.0]), Vector([0.0, 1.0, 0.0]));
/// ```
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
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert_eq!(Skew::<f64, 3>::zero().vector(), Vector([0.0; 3]));
    /// ```
    #[inline]
    pub fn zero() -> Self {
        Self(Matrix::zeros())
    }

    /// The skew-symmetric part `(m - mᵀ) / 2` of any square matrix (the orthogonal
    /// projection onto so(n)).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let s = Skew::from_antisymmetric_part(&Matrix([[1.0, 2.0], [0.0, 1.0]]));
    /// assert_eq!(s.matrix().0, [[0.0, 1.0], [-1.0, 0.0]]);
    /// ```
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
    /// [`Error::NotSkewSymmetric`] otherwise, [`Error::NonFinite`] for NaN or infinite entries
    /// or tolerance.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert!(Skew::try_from_matrix(&Matrix([[0.0, -1.0], [1.0, 0.0]]), 0.0).is_ok());
    /// assert_eq!(Skew::try_from_matrix(&Matrix([[0.0, -1.0], [1.0, 0.0]]), f64::NAN), Err(xform::Error::NonFinite));
    /// assert_eq!(Skew::try_from_matrix(&Matrix([[1.0, 0.0], [0.0, 0.0]]), 1e-9), Err(xform::Error::NotSkewSymmetric));
    /// ```
    pub fn try_from_matrix(m: &Matrix<T, N, N>, tolerance: T) -> Result<Self, Error> {
        if !(m.is_finite() && tolerance.is_finite()) {
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
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let s = Skew::<f64, 3>::from_plane(0, 1, 2.0);
    /// // e_y goes to 2 e_x, e_x to −2 e_y.
    /// assert_eq!(s.apply(&Vector([0.0, 1.0, 0.0])), Vector([2.0, 0.0, 0.0]));
    /// assert_eq!(s.apply(&Vector([1.0, 0.0, 0.0])), Vector([0.0, -2.0, 0.0]));
    /// ```
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
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// // In 3-D the wedge of a and b is [b × a]×.
    /// let (a, b) = (Vector([1.0, 0.0, 0.0]), Vector([0.0, 1.0, 0.0]));
    /// assert_eq!(Skew::wedge(&a, &b).vector(), b.cross(&a));
    /// ```
    #[inline]
    pub fn wedge(a: &Vector<T, N>, b: &Vector<T, N>) -> Self {
        Self(a.outer(b) - b.outer(a))
    }

    /// The matrix form.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let s = Skew::from_vector(Vector([0.0, 0.0, 1.0f64]));
    /// assert_eq!(s.matrix().0[1][0], 1.0); // [ω]× e_x = ω × e_x = e_y
    /// ```
    #[inline]
    pub fn matrix(&self) -> &Matrix<T, N, N> {
        &self.0
    }

    /// The matrix form, by value.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let m = Skew::from_vector(Vector([1.0, 2.0, 3.0f64])).into_matrix();
    /// assert_eq!(m.transpose(), m * -1.0);
    /// ```
    #[inline]
    pub fn into_matrix(self) -> Matrix<T, N, N> {
        self.0
    }

    /// The action on a vector, `ω v` (`ω v⊥` in 2D, `ω × v` in 3D).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let w = Vector([0.0, 0.0, 2.0f64]);
    /// let v = Vector([1.0, 0.0, 0.0]);
    /// assert_eq!(Skew::from_vector(w).apply(&v), w.cross(&v));
    /// ```
    #[inline]
    pub fn apply(&self, v: &Vector<T, N>) -> Vector<T, N> {
        self.0 * *v
    }

    /// The Lie bracket (matrix commutator) `[self, other] = self other - other self`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let (a, b) = (Vector([1.0, 0.0, 0.0f64]), Vector([0.0, 1.0, 0.0]));
    /// // [[a]×, [b]×] = [a × b]×.
    /// assert_eq!(Skew::from_vector(a).bracket(&Skew::from_vector(b)).vector(), a.cross(&b));
    /// ```
    #[inline]
    pub fn bracket(&self, other: &Self) -> Self {
        // The commutator of two skew matrices is skew; the projection removes rounding.
        Self::from_antisymmetric_part(&(self.0 * other.0 - other.0 * self.0))
    }

    /// The adjoint action of a rotation, `R ω Rᵀ`: the same angular velocity expressed in
    /// the rotated frame (in 3D, the skew matrix of `R ω`).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
    /// let s = Skew::from_vector(Vector([1.0, 0.0, 0.0])).rotated_by(&r);
    /// assert!((s.vector() - Vector([0.0, 1.0, 0.0])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn rotated_by(&self, r: &Rotation<T, N>) -> Self {
        let m = *r.matrix();
        Self::from_antisymmetric_part(&(m * self.0 * m.transpose()))
    }

    /// The Frobenius norm divided by √2: the rotation rate `|ω|` in 2D and 3D.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert_eq!(Skew::from_vector(Vector([3.0, 0.0, 4.0f64])).magnitude(), 5.0);
    /// ```
    #[inline]
    pub fn magnitude(&self) -> T {
        let two = T::one() + T::one();
        fpu::sqrt(self.0.0.iter().flatten().fold(T::zero(), |s, &c| s + c * c) / two)
    }
}

impl<T: Float> Skew<T, 2> {
    /// The element identified with the scalar `ω`: `[[0, -ω], [ω, 0]]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert_eq!(Skew::from_scalar(2.0f64).apply_2d(&Vector([1.0, 0.0])), Vector([0.0, 2.0]));
    /// ```
    #[inline]
    pub fn from_scalar(omega: T) -> Self {
        Self(Matrix([[T::zero(), -omega], [omega, T::zero()]]))
    }

    /// The scalar `ω` of `[[0, -ω], [ω, 0]]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert_eq!(Skew::from_scalar(0.7f64).scalar(), 0.7);
    /// ```
    #[inline]
    pub fn scalar(&self) -> T {
        self.0.0[1][0]
    }

    /// The action `ω v⊥` without a matrix product.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert_eq!(Skew::from_scalar(1.0f64).apply_2d(&Vector([0.0, 1.0])), Vector([-1.0, 0.0]));
    /// ```
    #[inline]
    pub fn apply_2d(&self, v: &Vector<T, 2>) -> Vector<T, 2> {
        v.perp() * self.scalar()
    }
}

impl<T: Float> Skew<T, 3> {
    /// The cross-product matrix `[ω]×` of `ω`, so that `[ω]× v = ω × v`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let s = Skew::from_vector(Vector([1.0, 2.0, 3.0f64]));
    /// assert_eq!(s.vector(), Vector([1.0, 2.0, 3.0]));
    /// ```
    #[inline]
    pub fn from_vector(w: Vector<T, 3>) -> Self {
        let [x, y, z] = w.0;
        let o = T::zero();
        Self(Matrix([[o, -z, y], [z, o, -x], [-y, x, o]]))
    }

    /// The vector `ω` of `[ω]×` (the "vee" map).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let s = Skew::from_antisymmetric_part(&Matrix([[0.0, -3.0, 2.0], [3.0, 0.0, -1.0], [-2.0, 1.0, 0.0f64]]));
    /// assert_eq!(s.vector(), Vector([1.0, 2.0, 3.0]));
    /// ```
    #[inline]
    pub fn vector(&self) -> Vector<T, 3> {
        let m = &self.0.0;
        Vector([m[2][1], m[0][2], m[1][0]])
    }

    /// The action `ω × v` without a matrix product.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let s = Skew::from_vector(Vector([0.0, 1.0, 0.0f64]));
    /// assert_eq!(s.apply_3d(&Vector([0.0, 0.0, 1.0])), Vector([1.0, 0.0, 0.0]));
    /// ```
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
