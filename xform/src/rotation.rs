//! `Rotation<T, N>`: an element of SO(n) stored as an orthonormal matrix.
use core::ops::{Mul, MulAssign};

use num_traits::Float;

use crate::{Error, Matrix, Quaternion, Skew, Vector, rodrigues};

/// A rotation in `N` dimensions: an orthonormal matrix with determinant +1.
///
/// The field is private so that the invariant holds by construction; build one from an
/// angle (2D), an axis and angle, rotation vector or quaternion (3D), a plane and angle
/// (any N), the exponential of a [`Skew`] (2D, 3D), or check a matrix with
/// [`Rotation::try_from_matrix`]. Composition `r2 * r1` applies `r1` first.
///
/// # Example
/// ```
/// use xform::{Rotation, Vector};
/// let r = Rotation::from_angle(core::f64::consts::FRAC_PI_2) * Rotation::from_angle(core::f64::consts::FRAC_PI_2);
/// assert!((r.apply(&Vector([1.0, 0.0])) - Vector([-1.0, 0.0])).norm() < 1e-15);
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
pub struct Rotation<T, const N: usize>(Matrix<T, N, N>);

impl<T: Float, const N: usize> Rotation<T, N> {
    /// No rotation.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let v = Vector([1.0, 2.0]);
    /// assert_eq!(Rotation::<f64, 2>::identity().apply(&v), v);
    /// ```
    #[inline]
    pub fn identity() -> Self {
        Self(Matrix::identity())
    }

    /// Wraps a matrix the caller knows to be a rotation (no check). A non-orthonormal input
    /// makes [`Rotation::inverse`] (the transpose) wrong.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_matrix_unchecked(Matrix([[0.0, -1.0], [1.0, 0.0]]));
    /// assert_eq!(r.apply(&Vector([1.0, 0.0])), Vector([0.0, 1.0]));
    /// ```
    #[inline]
    pub fn from_matrix_unchecked(m: Matrix<T, N, N>) -> Self {
        Self(m)
    }

    /// Accepts `m` if `|mᵀ m - I|` is at most `tolerance` entry-wise and `det m > 0`.
    ///
    /// # Errors
    /// [`Error::NotARotation`] otherwise, [`Error::NonFinite`] for NaN or infinite entries or
    /// tolerance.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert!(Rotation::try_from_matrix(Matrix([[0.0, -1.0], [1.0, 0.0]]), 1e-12).is_ok());
    /// assert_eq!(Rotation::try_from_matrix(Matrix([[2.0, 0.0], [0.0, 0.5]]), 1e-12), Err(xform::Error::NotARotation));
    /// ```
    pub fn try_from_matrix(m: Matrix<T, N, N>, tolerance: T) -> Result<Self, Error> {
        if !(m.is_finite() && tolerance.is_finite()) {
            return Err(Error::NonFinite);
        }
        if (m.transpose() * m - Matrix::identity()).amax() > tolerance
            || m.determinant() <= T::zero()
        {
            return Err(Error::NotARotation);
        }
        Ok(Self(m))
    }

    /// The Givens rotation by `angle` in the plane of axes `i` and `j`, turning `e_i`
    /// towards `e_j` (the exponential of `Skew::from_plane(j, i, angle)`).
    ///
    /// # Panics
    /// If `i` or `j` is out of range or `i == j`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// // In 4-D: turn x towards w by 90°.
    /// let r = Rotation::<f64, 4>::from_plane_angle(0, 3, core::f64::consts::FRAC_PI_2);
    /// assert!((r.apply(&Vector([1.0, 0.0, 0.0, 0.0])) - Vector([0.0, 0.0, 0.0, 1.0])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn from_plane_angle(i: usize, j: usize, angle: T) -> Self {
        assert!(i < N && j < N && i != j, "invalid plane");
        let (s, c) = angle.sin_cos();
        let mut m = Matrix::identity();
        m.0[i][i] = c;
        m.0[j][j] = c;
        m.0[j][i] = s;
        m.0[i][j] = -s;
        Self(m)
    }

    /// The matrix.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert_eq!(Rotation::<f64, 2>::identity().matrix().trace(), 2.0);
    /// ```
    #[inline]
    pub fn matrix(&self) -> &Matrix<T, N, N> {
        &self.0
    }

    /// The matrix, by value.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert_eq!(Rotation::<f64, 2>::from_angle(0.0).into_matrix(), Matrix::identity());
    /// ```
    #[inline]
    pub fn into_matrix(self) -> Matrix<T, N, N> {
        self.0
    }

    /// The inverse rotation: the transpose.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
    /// let v = Vector([1.0, 2.0, 3.0]);
    /// assert!((r.inverse().apply(&r.apply(&v)) - v).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        Self(self.0.transpose())
    }

    /// Rotates a vector.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
    /// assert!((r.apply(&Vector([1.0, 0.0, 0.0])) - Vector([0.0, 1.0, 0.0])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn apply(&self, v: &Vector<T, N>) -> Vector<T, N> {
        self.0 * *v
    }

    /// Rotates a vector by the inverse rotation (`Rᵀ v`) without forming the transpose.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
    /// assert!((r.apply_inverse(&Vector([0.0, 1.0, 0.0])) - Vector([1.0, 0.0, 0.0])).norm() < 1e-15);
    /// ```
    #[inline]
    #[allow(
        clippy::needless_range_loop,
        reason = "i indexes both the rows and v; the plain index loop unrolls"
    )]
    pub fn apply_inverse(&self, v: &Vector<T, N>) -> Vector<T, N> {
        // Σᵢ vᵢ (row i): contiguous rows scaled by one scalar (vectorizes), no zero start.
        let m = &self.0.0;
        if N == 0 {
            return Vector::zeros();
        }
        let mut out = [T::zero(); N];
        for (o, &r) in out.iter_mut().zip(&m[0]) {
            *o = r * v.0[0];
        }
        for i in 1..N {
            for (o, &r) in out.iter_mut().zip(&m[i]) {
                *o = *o + r * v.0[i];
            }
        }
        Vector(out)
    }

    /// Re-orthonormalizes the columns by modified Gram-Schmidt (to remove drift after many
    /// compositions).
    ///
    /// # Errors
    /// [`Error::Singular`] if the columns are linearly dependent, [`Error::NotARotation`] if
    /// the result has determinant -1.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let drifted = Rotation::from_matrix_unchecked(Matrix([[1.0, 1e-6], [0.0, 1.0]]));
    /// let r = drifted.try_orthonormalize().unwrap();
    /// assert!(Rotation::try_from_matrix(r.into_matrix(), 1e-14).is_ok());
    /// ```
    pub fn try_orthonormalize(&self) -> Result<Self, Error> {
        let mut cols: [Vector<T, N>; N] = core::array::from_fn(|j| self.0.col(j));
        for j in 0..N {
            for k in 0..j {
                let p = cols[k].dot(&cols[j]);
                cols[j] -= cols[k] * p;
            }
            cols[j] = cols[j].try_normalize().map_err(|_| Error::Singular)?;
        }
        let m = Matrix::from_cols(cols);
        if m.determinant() <= T::zero() {
            return Err(Error::NotARotation);
        }
        Ok(Self(m))
    }
}

impl<T: Float> Rotation<T, 2> {
    /// The rotation by `angle` (counter-clockwise): `[[cos, -sin], [sin, cos]]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_angle(core::f64::consts::PI);
    /// assert!((r.apply(&Vector([1.0, 0.0])) - Vector([-1.0, 0.0])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn from_angle(angle: T) -> Self {
        let (s, c) = angle.sin_cos();
        Self(Matrix([[c, -s], [s, c]]))
    }

    /// The angle in `(-π, π]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert!((Rotation::from_angle(0.3f64).angle() - 0.3).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn angle(&self) -> T {
        // atan2 alone would turn cos = ∞ into the angle 0.
        let (s, c) = (self.0.0[1][0], self.0.0[0][0]);
        if s.is_finite() && c.is_finite() {
            s.atan2(c)
        } else {
            T::nan()
        }
    }

    /// The logarithm: the angle as an element of so(2).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert!((Rotation::from_angle(0.3f64).log().scalar() - 0.3).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn log(&self) -> Skew<T, 2> {
        Skew::from_scalar(self.angle())
    }
}

impl<T: Float> Rotation<T, 3> {
    /// Rodrigues' rotation by `angle` about the **unit** vector `axis`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
    /// assert!((r.to_rotation_vector() - Vector([0.0, 0.0, core::f64::consts::FRAC_PI_2])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn from_axis_angle(axis: &Vector<T, 3>, angle: T) -> Self {
        Self(rodrigues::matrix_from_axis_angle(axis, angle))
    }

    /// Like [`Rotation::from_axis_angle`], normalizing the axis first.
    ///
    /// # Errors
    /// [`Error::ZeroNorm`] for a zero axis, [`Error::NonFinite`] for NaN or infinity.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// assert!(Rotation::try_from_axis_angle(&Vector([0.0, 0.0, 5.0]), 1.0f64).is_ok());
    /// assert!(Rotation::try_from_axis_angle(&Vector([0.0f64; 3]), 1.0).is_err());
    /// ```
    #[inline]
    pub fn try_from_axis_angle(axis: &Vector<T, 3>, angle: T) -> Result<Self, Error> {
        if !angle.is_finite() {
            return Err(Error::NonFinite);
        }
        Ok(Self::from_axis_angle(&axis.try_normalize()?, angle))
    }

    /// The rotation of the rotation vector `r` (angle `|r|` about `r/|r|`), smooth at 0.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_rotation_vector(&Vector([0.2, 0.0, 0.0f64]));
    /// assert!((r.to_axis_angle().1 - 0.2).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn from_rotation_vector(r: &Vector<T, 3>) -> Self {
        Self(rodrigues::matrix_from_rotation_vector(r))
    }

    /// The rotation vector (angle in `[0, π]`), robust near 0 and π.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let v = Vector([0.1, -0.2, 0.3f64]);
    /// assert!((Rotation::from_rotation_vector(&v).to_rotation_vector() - v).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn to_rotation_vector(&self) -> Vector<T, 3> {
        rodrigues::rotation_vector_from_matrix(&self.0)
    }

    /// The unit axis and angle in `[0, π]` (axis `(1, 0, 0)` for the identity).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
    /// let (axis, angle) = r.to_axis_angle();
    /// assert!((axis - Vector([0.0, 0.0, 1.0])).norm() < 1e-15 && (angle - core::f64::consts::FRAC_PI_2).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn to_axis_angle(&self) -> (Vector<T, 3>, T) {
        rodrigues::axis_angle_from_matrix(&self.0)
    }

    /// The rotation of a **unit** quaternion.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// use xform::Quaternion;
    /// let q = Quaternion::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4f64);
    /// assert_eq!(*Rotation::from_quaternion(&q).matrix(), q.to_matrix());
    /// ```
    #[inline]
    pub fn from_quaternion(q: &Quaternion<T>) -> Self {
        Self(q.to_matrix())
    }

    /// The unit quaternion (with `w >= 0`).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
    /// assert!((r.to_quaternion().angle() - core::f64::consts::FRAC_PI_2).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn to_quaternion(&self) -> Quaternion<T> {
        Quaternion::from_matrix(&self.0)
    }

    /// The logarithm: the rotation vector as an element of so(3).
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
    /// assert!((r.log().vector() - Vector([0.0, 0.0, core::f64::consts::FRAC_PI_2])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn log(&self) -> Skew<T, 3> {
        Skew::from_vector(self.to_rotation_vector())
    }
}

impl<T: Float> Skew<T, 2> {
    /// The exponential map so(2) → SO(2): the rotation by angle `ω`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Skew::<f64, 2>::from_scalar(0.5).exp();
    /// assert!((r.angle() - 0.5).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn exp(&self) -> Rotation<T, 2> {
        Rotation::from_angle(self.scalar())
    }
}

impl<T: Float> Skew<T, 3> {
    /// The exponential map so(3) → SO(3): Rodrigues' formula for the rotation vector `ω`.
    ///
    /// # Example
    /// ```
    /// use xform::{Matrix, Rotation, Skew, Transform, Vector};
    /// let r = Skew::from_vector(Vector([0.0, 0.5, 0.0f64])).exp();
    /// assert!((r.to_axis_angle().1 - 0.5).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn exp(&self) -> Rotation<T, 3> {
        Rotation::from_rotation_vector(&self.vector())
    }
}

impl<T: Float, const N: usize> Default for Rotation<T, N> {
    #[inline]
    fn default() -> Self {
        Self::identity()
    }
}

impl<T: Float, const N: usize> Mul for Rotation<T, N> {
    type Output = Self;
    /// Composition: `(r2 * r1) v = r2 (r1 v)`.
    #[inline]
    fn mul(self, rhs: Self) -> Self {
        Self(self.0 * rhs.0)
    }
}

impl<T: Float, const N: usize> MulAssign for Rotation<T, N> {
    #[inline]
    fn mul_assign(&mut self, rhs: Self) {
        *self = *self * rhs;
    }
}

impl<T: Float, const N: usize> Mul<Vector<T, N>> for Rotation<T, N> {
    type Output = Vector<T, N>;
    #[inline]
    fn mul(self, v: Vector<T, N>) -> Vector<T, N> {
        self.apply(&v)
    }
}

impl<T: Float> From<Quaternion<T>> for Rotation<T, 3> {
    /// The rotation of a **unit** quaternion.
    #[inline]
    fn from(q: Quaternion<T>) -> Self {
        Self::from_quaternion(&q)
    }
}
