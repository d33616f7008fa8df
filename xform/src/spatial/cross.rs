//! Spatial cross products and the power pairing between motions and forces.
use num_traits::Float;

use super::{Force, Motion, blocks, cross_matrix};
use crate::Matrix;

impl<T: Float> Motion<T> {
    /// The spatial cross product for motions, `m × m₂ = (ω × ω₂, ω × v₂ + v × ω₂)`: the
    /// rate of change of `m₂` when it moves with velocity `m` (RBDA `crm(m) m₂`).
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert_eq!(m.cross_motion(&m), Motion::zero()); // m × m = 0
    /// ```
    #[inline]
    pub fn cross_motion(&self, other: &Motion<T>) -> Motion<T> {
        Motion::new(
            self.angular.cross(&other.angular),
            self.angular.cross(&other.linear) + self.linear.cross(&other.angular),
        )
    }

    /// The spatial cross product for forces, `m ×* f = (ω × n + v × f, ω × f)`
    /// (RBDA `crf(m) f`, with `crf(m) = -crm(m)ᵀ`).
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// // (m ×* f)·m = 0: the force cross product is orthogonal to m.
    /// assert!(m.cross_force(&f).dot(&m).abs() < 1e-15);
    /// ```
    #[inline]
    pub fn cross_force(&self, f: &Force<T>) -> Force<T> {
        Force::new(
            self.angular.cross(&f.angular) + self.linear.cross(&f.linear),
            self.angular.cross(&f.linear),
        )
    }

    /// The 6 × 6 matrix `crm(m) = [[ω×, 0], [v×, ω×]]` of [`Motion::cross_motion`].
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// let n = Motion::new(Vector([1.0, 2.0, 3.0]), Vector([0.5, 0.0, -1.0]));
    /// assert!((m.cross_motion_matrix() * n.to_vector() - m.cross_motion(&n).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn cross_motion_matrix(&self) -> Matrix<T, 6, 6> {
        let w = cross_matrix(&self.angular);
        blocks(&w, &Matrix::zeros(), &cross_matrix(&self.linear), &w)
    }

    /// The 6 × 6 matrix `crf(m) = [[ω×, v×], [0, ω×]]` of [`Motion::cross_force`].
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert!((m.cross_force_matrix() * f.to_vector() - m.cross_force(&f).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn cross_force_matrix(&self) -> Matrix<T, 6, 6> {
        let w = cross_matrix(&self.angular);
        blocks(&w, &cross_matrix(&self.linear), &Matrix::zeros(), &w)
    }

    /// The power `m · f = ω·n + v·f` delivered by the force `f` on a body moving with `m`
    /// (the only scalar product between motions and forces).
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// // ω·n + v·f = (0, 0, 1)·(0, 1, 0) + (1, 0, 0)·(2, 0, 3) = 2.
    /// assert_eq!(m.dot(&f), 2.0);
    /// ```
    #[inline]
    pub fn dot(&self, f: &Force<T>) -> T {
        self.angular.dot(&f.angular) + self.linear.dot(&f.linear)
    }
}

impl<T: Float> Force<T> {
    /// The power `f · m` (same as [`Motion::dot`]).
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert_eq!(f.dot(&m), m.dot(&f));
    /// ```
    #[inline]
    pub fn dot(&self, m: &Motion<T>) -> T {
        m.dot(self)
    }
}
