//! `Plx<T>`: Plücker transforms in the left-associative convention of RBDA and RBDL.
use core::ops::{Mul, MulAssign};

use num_traits::Float;

use super::{Force, Motion, Plxb, blocks, cross_matrix};
use crate::{Matrix, Rotation, Transform, Vector};

/// The Plücker transform `plx(E, r) = [[E, 0], [-E r×, E]]` from frame A to frame B, where
/// `r` is B's origin in A coordinates and `E` rotates A coordinates into B coordinates
/// (a translation by `r` followed by the rotation `E`).
///
/// Left-associative (RBDA, RBDL): `x1 * x2` is the transform whose matrix is `X1 X2`, i.e.
/// `x2` is applied first: `plx(E₁, r₁) * plx(E₂, r₂) = plx(E₁E₂, r₂ + E₂ᵀ r₁)`.
///
/// # Example
/// ```
/// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
/// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
/// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
/// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
/// // Power is frame-independent: (X m)·(X* f) = m·f.
/// assert!((x.apply_motion(&m).dot(&x.apply_force(&f)) - m.dot(&f)).abs() < 1e-14);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Plx<T> {
    /// `E`: rotates A coordinates into B coordinates.
    pub rotation: Rotation<T, 3>,
    /// `r`: the origin of B in A coordinates.
    pub translation: Vector<T, 3>,
}

impl<T: Float> Plx<T> {
    /// `plx(E, r)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert!((x.inverse_apply_motion(&x.apply_motion(&m)).to_vector() - m.to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn new(rotation: Rotation<T, 3>, translation: Vector<T, 3>) -> Self {
        Self {
            rotation,
            translation,
        }
    }

    /// The identity.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert_eq!(Plx::<f64>::identity().apply_motion(&m), m);
    /// ```
    #[inline]
    pub fn identity() -> Self {
        Self::new(Rotation::identity(), Vector::zeros())
    }

    /// A pure coordinate rotation `rot(E) = plx(E, 0)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::from_rotation(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3f64));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0]), Vector([0.0; 3]));
    /// // A rotation about z leaves a spin about z unchanged.
    /// assert!((x.apply_motion(&m).to_vector() - m.to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn from_rotation(e: Rotation<T, 3>) -> Self {
        Self::new(e, Vector::zeros())
    }

    /// A pure translation of the origin `xlt(r) = plx(1, r)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::from_translation(Vector([1.0, 0.0, 0.0f64]));
    /// let m = Motion::new(Vector([0.0; 3]), Vector([0.0, 2.0, 0.0]));
    /// // A pure translation velocity is the same seen from any point.
    /// assert!((x.apply_motion(&m).to_vector() - m.to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn from_translation(r: Vector<T, 3>) -> Self {
        Self::new(Rotation::identity(), r)
    }

    /// The transform of spatial vectors from a rigid transform's child frame to its parent
    /// frame. For `A(p) = R p + t` (child to parent point map, scale ignored) this is
    /// `plx(R, -Rᵀ t)`: the parent origin is at `-Rᵀ t` in child coordinates and `R` turns
    /// child coordinates into parent coordinates.
    ///
    /// # Example
    /// ```
    /// use xform::{Motion, Plx, Rotation, Transform, Vector};
    /// // A child frame 1 m up the parent's y axis, not rotated: a spin about the child's
    /// // z axis is, in the parent frame, a spin about z plus a velocity of the origin.
    /// let a = Transform::new(Vector([0.0, 1.0, 0.0f64]), Rotation::identity(), 1.0);
    /// let m = Plx::from_rigid_child_to_parent(&a).apply_motion(&Motion::new(Vector([0.0, 0.0, 1.0]), Vector([0.0; 3])));
    /// assert_eq!(m.angular, Vector([0.0, 0.0, 1.0]));
    /// assert!((m.point_velocity(&Vector([0.0, 1.0, 0.0]))).norm() < 1e-15); // the child's origin does not move
    /// ```
    #[inline]
    pub fn from_rigid_child_to_parent(a: &Transform<T, 3>) -> Self {
        Self::new(a.rotation, -a.rotation.apply_inverse(&a.translation))
    }

    /// The same transform in the right-associative convention: `plx(E, r) = plxb(Eᵀ, r)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert!((x.to_plxb().to_plx().apply_motion(&m).to_vector() - x.apply_motion(&m).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn to_plxb(&self) -> Plxb<T> {
        Plxb::new(self.rotation.inverse(), self.translation)
    }

    /// The composition `self * other` (apply `other` first):
    /// `plx(E₁E₂, r₂ + E₂ᵀ r₁)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// let y = Plx::from_translation(Vector([0.0, 1.0, 2.0]));
    /// assert!((x.compose(&y).apply_motion(&m).to_vector() - x.apply_motion(&y.apply_motion(&m)).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn compose(&self, other: &Self) -> Self {
        Self::new(
            self.rotation * other.rotation,
            other.translation + other.rotation.apply_inverse(&self.translation),
        )
    }

    /// The inverse `plx(Eᵀ, -E r)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert!((x.inverse().apply_motion(&x.apply_motion(&m)).to_vector() - m.to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        Self::new(
            self.rotation.inverse(),
            -self.rotation.apply(&self.translation),
        )
    }

    /// `X m = (E ω, E (v - r × ω))`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert!((x.to_matrix() * m.to_vector() - x.apply_motion(&m).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn apply_motion(&self, m: &Motion<T>) -> Motion<T> {
        let e = &self.rotation;
        Motion::new(
            e.apply(&m.angular),
            e.apply(&(m.linear - self.translation.cross(&m.angular))),
        )
    }

    /// `X* f = X⁻ᵀ f = (E (n - r × f), E f)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert!((x.to_force_matrix() * f.to_vector() - x.apply_force(&f).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn apply_force(&self, f: &Force<T>) -> Force<T> {
        let e = &self.rotation;
        Force::new(
            e.apply(&(f.angular - self.translation.cross(&f.linear))),
            e.apply(&f.linear),
        )
    }

    /// `X⁻¹ m = (Eᵀ ω, Eᵀ v + r × Eᵀ ω)` without forming the inverse.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert!((x.inverse_apply_motion(&m).to_vector() - x.inverse().apply_motion(&m).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn inverse_apply_motion(&self, m: &Motion<T>) -> Motion<T> {
        let e = &self.rotation;
        let w = e.apply_inverse(&m.angular);
        Motion::new(w, e.apply_inverse(&m.linear) + self.translation.cross(&w))
    }

    /// `Xᵀ f = (X*)⁻¹ f = (Eᵀ n + r × Eᵀ f, Eᵀ f)` without forming the inverse.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert!((x.inverse_apply_force(&x.apply_force(&f)).to_vector() - f.to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn inverse_apply_force(&self, f: &Force<T>) -> Force<T> {
        let e = &self.rotation;
        let lin = e.apply_inverse(&f.linear);
        Force::new(
            e.apply_inverse(&f.angular) + self.translation.cross(&lin),
            lin,
        )
    }

    /// The 6 × 6 motion matrix `[[E, 0], [-E r×, E]]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// // The force matrix is the inverse transpose of the motion matrix.
    /// let d = x.to_force_matrix() * x.to_matrix().transpose() - xform::Matrix::<f64, 6, 6>::identity();
    /// assert!(d.amax() < 1e-14);
    /// ```
    #[inline]
    pub fn to_matrix(&self) -> Matrix<T, 6, 6> {
        let e = *self.rotation.matrix();
        blocks(
            &e,
            &Matrix::zeros(),
            &-(e * cross_matrix(&self.translation)),
            &e,
        )
    }

    /// The 6 × 6 force matrix `X* = X⁻ᵀ = [[E, -E r×], [0, E]]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert!((x.to_force_matrix() * f.to_vector() - x.apply_force(&f).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn to_force_matrix(&self) -> Matrix<T, 6, 6> {
        let e = *self.rotation.matrix();
        blocks(
            &e,
            &-(e * cross_matrix(&self.translation)),
            &Matrix::zeros(),
            &e,
        )
    }
}

impl<T: Float> Default for Plx<T> {
    #[inline]
    fn default() -> Self {
        Self::identity()
    }
}

impl<T: Float> Mul for Plx<T> {
    type Output = Self;
    /// Left-associative composition (matrix `X1 X2`), see [`Plx::compose`].
    #[inline]
    fn mul(self, rhs: Self) -> Self {
        self.compose(&rhs)
    }
}

impl<T: Float> MulAssign for Plx<T> {
    #[inline]
    fn mul_assign(&mut self, rhs: Self) {
        *self = self.compose(&rhs);
    }
}

impl<T: Float> Mul<Motion<T>> for Plx<T> {
    type Output = Motion<T>;
    #[inline]
    fn mul(self, m: Motion<T>) -> Motion<T> {
        self.apply_motion(&m)
    }
}

impl<T: Float> Mul<Force<T>> for Plx<T> {
    type Output = Force<T>;
    /// Applies the force transform `X*`.
    #[inline]
    fn mul(self, f: Force<T>) -> Force<T> {
        self.apply_force(&f)
    }
}
