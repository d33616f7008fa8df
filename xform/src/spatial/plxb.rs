//! `Plxb<T>`: Plücker transforms in the right-associative convention of TDS and brax,
//! computed through [`Plx`] by the seed's relation `plxb(E, r) = plx(Eᵀ, r)` (one algebra,
//! not a mirrored copy).
use core::ops::{Mul, MulAssign};

use num_traits::Float;

use super::{Force, Motion, Plx};
use crate::{Matrix, Rotation, Transform, Vector};

/// The Plücker transform `plxb(E, r) = [[Eᵀ, 0], [-Eᵀ r×, Eᵀ]]`: the body-frame (child)
/// transform of a parent-to-child pose, where `E` is the child's orientation and `r` the
/// child origin, both in parent coordinates.
///
/// Right-associative (Tiny Differentiable Simulator, brax): `y1 * y2` applies `y1` first,
/// so its matrix is `Y2 Y1`: `plxb(E₁, r₁) * plxb(E₂, r₂) = plxb(E₁E₂, r₁ + E₁ r₂)` — the
/// same formula as composing poses.
///
/// # Example
/// ```
/// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
/// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
/// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
/// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
/// assert!((x.apply_motion(&m).dot(&x.apply_force(&f)) - m.dot(&f)).abs() < 1e-14);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Plxb<T> {
    /// `E`: the child orientation in parent coordinates.
    pub rotation: Rotation<T, 3>,
    /// `r`: the child origin in parent coordinates.
    pub translation: Vector<T, 3>,
}

impl<T: Float> Plxb<T> {
    /// `plxb(E, r)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
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
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert_eq!(Plxb::<f64>::identity().apply_force(&f), f);
    /// ```
    #[inline]
    pub fn identity() -> Self {
        Self::new(Rotation::identity(), Vector::zeros())
    }

    /// The transform of spatial vectors from a rigid pose's parent frame into its child
    /// (body) frame: for `A(p) = R p + t` this is `plxb(R, t)` (scale ignored).
    ///
    /// # Example
    /// ```
    /// use xform::{Motion, Plx, Plxb, Rotation, Transform, Vector};
    /// let a = Transform::new(Vector([1.0, 2.0, 3.0f64]), Rotation::from_axis_angle(&Vector([0.0, 1.0, 0.0]), 0.5), 1.0);
    /// let m = Motion::new(Vector([0.1, 0.2, 0.3]), Vector([1.0, 0.0, 0.0]));
    /// // Parent-to-child (this) undoes child-to-parent (`Plx::from_rigid_child_to_parent`).
    /// let (xb, x) = (Plxb::from_rigid_pose(&a), Plx::from_rigid_child_to_parent(&a));
    /// assert!((xb.apply_motion(&x.apply_motion(&m)).to_vector() - m.to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn from_rigid_pose(a: &Transform<T, 3>) -> Self {
        Self::new(a.rotation, a.translation)
    }

    /// The same transform in the left-associative convention: `plxb(E, r) = plx(Eᵀ, r)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert!((x.to_plx().to_plxb().apply_motion(&m).to_vector() - x.apply_motion(&m).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn to_plx(&self) -> Plx<T> {
        Plx::new(self.rotation.inverse(), self.translation)
    }

    /// The composition `self * other` (apply `self` first, matrix `Y_other Y_self`):
    /// `plxb(E₁E₂, r₁ + E₁ r₂)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// let y = Plxb::new(Rotation::identity(), Vector([0.0, 1.0, 0.0]));
    /// // `x` applies first.
    /// assert!((x.compose(&y).apply_motion(&m).to_vector() - y.apply_motion(&x.apply_motion(&m)).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn compose(&self, other: &Self) -> Self {
        // Right-associative: `self * other` applies `self` first, `Y_other Y_self` as matrices.
        other.to_plx().compose(&self.to_plx()).to_plxb()
    }

    /// The inverse `plxb(Eᵀ, -Eᵀ r)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert!((x.inverse().apply_force(&x.apply_force(&f)).to_vector() - f.to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        self.to_plx().inverse().to_plxb()
    }

    /// `Y m = (Eᵀ ω, Eᵀ (v - r × ω))`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert!((x.to_matrix() * m.to_vector() - x.apply_motion(&m).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn apply_motion(&self, m: &Motion<T>) -> Motion<T> {
        self.to_plx().apply_motion(m)
    }

    /// `Y* f = Y⁻ᵀ f = (Eᵀ (n - r × f), Eᵀ f)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert!((x.to_force_matrix() * f.to_vector() - x.apply_force(&f).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn apply_force(&self, f: &Force<T>) -> Force<T> {
        self.to_plx().apply_force(f)
    }

    /// `Y⁻¹ m = (E ω, E v + r × E ω)` without forming the inverse.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert!((x.inverse_apply_motion(&m).to_vector() - x.inverse().apply_motion(&m).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn inverse_apply_motion(&self, m: &Motion<T>) -> Motion<T> {
        self.to_plx().inverse_apply_motion(m)
    }

    /// `Yᵀ f = (Y*)⁻¹ f = (E n + r × E f, E f)` without forming the inverse.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert!((x.inverse_apply_force(&f).to_vector() - x.inverse().apply_force(&f).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn inverse_apply_force(&self, f: &Force<T>) -> Force<T> {
        self.to_plx().inverse_apply_force(f)
    }

    /// The 6 × 6 motion matrix `[[Eᵀ, 0], [-Eᵀ r×, Eᵀ]]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
    /// let d = x.to_force_matrix() * x.to_matrix().transpose() - xform::Matrix::<f64, 6, 6>::identity();
    /// assert!(d.amax() < 1e-14);
    /// ```
    #[inline]
    pub fn to_matrix(&self) -> Matrix<T, 6, 6> {
        self.to_plx().to_matrix()
    }

    /// The 6 × 6 force matrix `Y* = Y⁻ᵀ = [[Eᵀ, -Eᵀ r×], [0, Eᵀ]]`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let x = Plxb::new(Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), Vector([0.3, 0.0, -1.0f64]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert!((x.to_force_matrix() * f.to_vector() - x.apply_force(&f).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn to_force_matrix(&self) -> Matrix<T, 6, 6> {
        self.to_plx().to_force_matrix()
    }
}

impl<T: Float> Default for Plxb<T> {
    #[inline]
    fn default() -> Self {
        Self::identity()
    }
}

impl<T: Float> Mul for Plxb<T> {
    type Output = Self;
    /// Right-associative composition (apply `self` first, matrix `Y_rhs Y_self`), see
    /// [`Plxb::compose`].
    #[inline]
    fn mul(self, rhs: Self) -> Self {
        self.compose(&rhs)
    }
}

impl<T: Float> MulAssign for Plxb<T> {
    #[inline]
    fn mul_assign(&mut self, rhs: Self) {
        *self = self.compose(&rhs);
    }
}
