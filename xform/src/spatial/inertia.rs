//! `Inertia<T>`: the spatial inertia of one rigid body, and how it moves between frames.
//!
//! Stored as RBDA §2.13 stores it, about the frame origin: mass `m`, first moment of mass
//! `h = m c` (`c` the centre of mass) and rotational inertia about the origin
//! `Ī = I_c − m c×c×`. The 6 × 6 matrix is `[[Ī, h×], [−h×, m 1]]` (angular part first).
//! Storing `h` rather than `c` keeps massless bodies (m = 0) exact and makes the change of
//! frame a few 3 × 3 products instead of a 6 × 6 triple product.
use core::ops::{Add, AddAssign};

use num_traits::Float;

use super::{Force, Motion, Plx, Plxb, blocks, cross_matrix};
use crate::{Error, Matrix, Vector};

/// A rigid body's spatial inertia about the frame origin: `I = [[Ī, h×], [−h×, m 1]]`.
///
/// # Example
/// ```
/// use xform::{Inertia, Matrix, Motion, Vector};
/// // A 2 kg point mass 1 m along x: spinning about z at 1 rad/s, it moves at 1 m/s along y.
/// let i = Inertia::new(2.0f64, Vector([1.0, 0.0, 0.0]), Matrix::zeros());
/// let f = i.apply(&Motion::new(Vector([0.0, 0.0, 1.0]), Vector([0.0; 3])));
/// assert_eq!(f.linear, Vector([0.0, 2.0, 0.0])); // momentum m v
/// assert_eq!(f.angular, Vector([0.0, 0.0, 2.0])); // angular momentum m r² ω about the origin
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Inertia<T> {
    /// Mass `m`.
    pub mass: T,
    /// First moment of mass `h = m c` about the origin.
    pub first_moment: Vector<T, 3>,
    /// Rotational inertia about the origin `Ī = I_c − m c×c×` (symmetric).
    pub origin_inertia: Matrix<T, 3, 3>,
}

impl<T: Float> Inertia<T> {
    /// The inertia of a body of mass `mass` with centre of mass `com` and rotational inertia
    /// `inertia_at_com` about its centre of mass (axes of the frame), without checks; see
    /// [`Inertia::try_new`].
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Vector};
    /// let i = Inertia::new(3.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// assert_eq!(i.first_moment, Vector([0.0, 3.0, 0.0]));
    /// // Parallel axis theorem: about x through the origin, 1 + 3·1² = 4.
    /// assert_eq!(i.origin_inertia.0[0][0], 4.0);
    /// ```
    #[inline]
    pub fn new(mass: T, com: Vector<T, 3>, inertia_at_com: Matrix<T, 3, 3>) -> Self {
        let cx = cross_matrix(&com);
        Self {
            mass,
            first_moment: com * mass,
            origin_inertia: inertia_at_com - (cx * cx) * mass,
        }
    }

    /// [`Inertia::new`], checked: every entry finite, `mass ≥ 0`, `inertia_at_com` symmetric
    /// (to `1e-9` relative to its largest entry, f64; `1e-5` for f32) and positive
    /// semidefinite (every principal minor ≥ 0, to the same tolerance).
    ///
    /// # Errors
    /// [`Error::NonFinite`] for NaN or infinity; [`Error::Singular`] for a negative mass or an
    /// inertia that is not symmetric positive semidefinite.
    ///
    /// # Example
    /// ```
    /// use xform::{Error, Inertia, Matrix, Vector};
    /// let ok = Inertia::try_new(1.0f64, Vector([0.0; 3]), Matrix::identity());
    /// assert!(ok.is_ok());
    /// let bad = Inertia::try_new(1.0f64, Vector([0.0; 3]), -Matrix::identity());
    /// assert_eq!(bad, Err(Error::Singular));
    /// ```
    pub fn try_new(
        mass: T,
        com: Vector<T, 3>,
        inertia_at_com: Matrix<T, 3, 3>,
    ) -> Result<Self, Error> {
        if !(mass.is_finite() && com.is_finite() && inertia_at_com.is_finite()) {
            return Err(Error::NonFinite);
        }
        let tol = inertia_at_com.amax()
            * if core::mem::size_of::<T>() >= 8 {
                T::from(1e-9).unwrap_or_else(T::epsilon)
            } else {
                T::from(1e-5).unwrap_or_else(T::epsilon)
            };
        let m = &inertia_at_com.0;
        let symmetric = (0..3).all(|i| (0..3).all(|j| (m[i][j] - m[j][i]).abs() <= tol));
        let minor = |i: usize, j: usize| m[i][i] * m[j][j] - m[i][j] * m[j][i];
        let scale = inertia_at_com.amax();
        let semidefinite = (0..3).all(|i| m[i][i] >= -tol)
            && [(0, 1), (0, 2), (1, 2)]
                .iter()
                .all(|&(i, j)| minor(i, j) >= -tol * scale)
            && inertia_at_com.determinant() >= -tol * scale * scale;
        if mass < T::zero() || !symmetric || !semidefinite {
            return Err(Error::Singular);
        }
        Ok(Self::new(mass, com, inertia_at_com))
    }

    /// No mass: the identity of `+`.
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Vector};
    /// let i = Inertia::new(3.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// assert_eq!(i + Inertia::zero(), i);
    /// ```
    #[inline]
    pub fn zero() -> Self {
        Self {
            mass: T::zero(),
            first_moment: Vector::zeros(),
            origin_inertia: Matrix::zeros(),
        }
    }

    /// The centre of mass `h / m` (NaN for a massless body).
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Vector};
    /// let i = Inertia::new(3.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// assert_eq!(i.com(), Vector([0.0, 1.0, 0.0]));
    /// ```
    #[inline]
    pub fn com(&self) -> Vector<T, 3> {
        self.first_moment * self.mass.recip()
    }

    /// The rotational inertia about the centre of mass, `Ī + h×h×/m` (NaN for a massless body).
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Vector};
    /// let i = Inertia::new(3.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// assert!((i.inertia_at_com() - Matrix::identity()).amax() < 1e-15);
    /// ```
    #[inline]
    pub fn inertia_at_com(&self) -> Matrix<T, 3, 3> {
        let hx = cross_matrix(&self.first_moment);
        self.origin_inertia + (hx * hx) * self.mass.recip()
    }

    /// The momentum `I m = (Ī ω + h × v, m v − h × ω)` of the body moving with `m`.
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Motion, Vector};
    /// let i = Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// let m = Motion::new(Vector([0.3, -0.2, 1.0]), Vector([1.0, 2.0, 0.5]));
    /// assert!((i.to_matrix() * m.to_vector() - i.apply(&m).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn apply(&self, m: &Motion<T>) -> Force<T> {
        let h = &self.first_moment;
        Force::new(
            self.origin_inertia * m.angular + h.cross(&m.linear),
            m.linear * self.mass - h.cross(&m.angular),
        )
    }

    /// The kinetic energy `½ mᵀ I m` of the body moving with `m`.
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Motion, Vector};
    /// let i = Inertia::new(2.0f64, Vector([0.0; 3]), Matrix::identity());
    /// let m = Motion::new(Vector([0.0; 3]), Vector([3.0, 0.0, 0.0]));
    /// assert_eq!(i.kinetic_energy(&m), 9.0); // ½ · 2 · 3²
    /// ```
    #[inline]
    pub fn kinetic_energy(&self, m: &Motion<T>) -> T {
        let half = T::one() / (T::one() + T::one());
        m.dot(&self.apply(m)) * half
    }

    /// The 6 × 6 matrix `[[Ī, h×], [−h×, m 1]]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Vector};
    /// let i = Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// let m = i.to_matrix();
    /// assert!((m - m.transpose()).amax() < 1e-15); // symmetric
    /// ```
    #[inline]
    pub fn to_matrix(&self) -> Matrix<T, 6, 6> {
        let hx = cross_matrix(&self.first_moment);
        blocks(
            &self.origin_inertia,
            &hx,
            &-hx,
            &(Matrix::identity() * self.mass),
        )
    }

    /// Every entry is finite.
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Vector};
    /// assert!(Inertia::new(1.0f64, Vector([0.0; 3]), Matrix::identity()).is_finite());
    /// assert!(!Inertia::new(f64::NAN, Vector([0.0; 3]), Matrix::identity()).is_finite());
    /// ```
    #[inline]
    pub fn is_finite(&self) -> bool {
        self.mass.is_finite() && self.first_moment.is_finite() && self.origin_inertia.is_finite()
    }
}

impl<T: Float> Default for Inertia<T> {
    #[inline]
    fn default() -> Self {
        Self::zero()
    }
}

impl<T: Float> Add for Inertia<T> {
    type Output = Self;
    /// Two bodies rigidly joined (both in the same frame).
    #[inline]
    fn add(self, r: Self) -> Self {
        Self {
            mass: self.mass + r.mass,
            first_moment: self.first_moment + r.first_moment,
            origin_inertia: self.origin_inertia + r.origin_inertia,
        }
    }
}

impl<T: Float> AddAssign for Inertia<T> {
    #[inline]
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}

impl<T: Float> Plx<T> {
    /// The inertia in B coordinates of a body whose inertia is `i` in A coordinates,
    /// `X* I X⁻¹`, by RBDA's formulas: `h' = E (h − m r)`,
    /// `Ī' = E (Ī + r×h× + (h − m r)×r×) Eᵀ`.
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Plx, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let i = Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// let explicit = x.to_force_matrix() * i.to_matrix() * x.inverse().to_matrix();
    /// assert!((x.apply_inertia(&i).to_matrix() - explicit).amax() < 1e-13);
    /// ```
    #[inline]
    pub fn apply_inertia(&self, i: &Inertia<T>) -> Inertia<T> {
        let r = &self.translation;
        let shifted = i.first_moment - *r * i.mass;
        let (rx, hx, sx) = (
            cross_matrix(r),
            cross_matrix(&i.first_moment),
            cross_matrix(&shifted),
        );
        let e = self.rotation.matrix();
        Inertia {
            mass: i.mass,
            first_moment: self.rotation.apply(&shifted),
            origin_inertia: *e * (i.origin_inertia + rx * hx + sx * rx) * e.transpose(),
        }
    }

    /// The inertia in A coordinates of a body whose inertia is `i` in B coordinates,
    /// `Xᵀ I X`: the inverse of [`Plx::apply_inertia`] without forming the inverse transform.
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Plx, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let i = Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// let explicit = x.to_matrix().transpose() * i.to_matrix() * x.to_matrix();
    /// assert!((x.inverse_apply_inertia(&i).to_matrix() - explicit).amax() < 1e-13);
    /// ```
    #[inline]
    pub fn inverse_apply_inertia(&self, i: &Inertia<T>) -> Inertia<T> {
        // Undo the rotation, then move the origin by −r.
        let e = self.rotation.matrix();
        let h = self.rotation.apply_inverse(&i.first_moment);
        let rotated = e.transpose() * i.origin_inertia * *e;
        let r = &self.translation;
        let moved = h + *r * i.mass;
        let (rx, hx, mx) = (cross_matrix(r), cross_matrix(&h), cross_matrix(&moved));
        Inertia {
            mass: i.mass,
            first_moment: moved,
            origin_inertia: rotated - rx * hx - mx * rx,
        }
    }
}

impl<T: Float> Plxb<T> {
    /// The inertia in B coordinates of a body whose inertia is `i` in A coordinates,
    /// `Y* I Y⁻¹` (through [`Plx::apply_inertia`] of the same transform).
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Plxb, Rotation, Vector};
    /// let y = Plxb::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let i = Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// let explicit = y.to_force_matrix() * i.to_matrix() * y.inverse().to_matrix();
    /// assert!((y.apply_inertia(&i).to_matrix() - explicit).amax() < 1e-13);
    /// ```
    #[inline]
    pub fn apply_inertia(&self, i: &Inertia<T>) -> Inertia<T> {
        self.to_plx().apply_inertia(i)
    }

    /// The inertia in A coordinates of a body whose inertia is `i` in B coordinates, `Yᵀ I Y`.
    ///
    /// # Example
    /// ```
    /// use xform::{Inertia, Matrix, Plxb, Rotation, Vector};
    /// let y = Plxb::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let i = Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
    /// let explicit = y.to_matrix().transpose() * i.to_matrix() * y.to_matrix();
    /// assert!((y.inverse_apply_inertia(&i).to_matrix() - explicit).amax() < 1e-13);
    /// ```
    #[inline]
    pub fn inverse_apply_inertia(&self, i: &Inertia<T>) -> Inertia<T> {
        self.to_plx().inverse_apply_inertia(i)
    }
}
