//! Spatial cross products and the power pairing between motions and forces.
use num_traits::Float;

use super::{Force, Motion, blocks, cross_matrix};
use crate::Matrix;

impl<T: Float> Motion<T> {
    /// The spatial cross product for motions, `m × m₂ = (ω × ω₂, ω × v₂ + v × ω₂)`: the
    /// rate of change of `m₂` when it moves with velocity `m` (RBDA `crm(m) m₂`).
    #[inline]
    pub fn cross_motion(&self, other: &Motion<T>) -> Motion<T> {
        Motion::new(
            self.angular.cross(&other.angular),
            self.angular.cross(&other.linear) + self.linear.cross(&other.angular),
        )
    }

    /// The spatial cross product for forces, `m ×* f = (ω × n + v × f, ω × f)`
    /// (RBDA `crf(m) f`, with `crf(m) = -crm(m)ᵀ`).
    #[inline]
    pub fn cross_force(&self, f: &Force<T>) -> Force<T> {
        Force::new(
            self.angular.cross(&f.angular) + self.linear.cross(&f.linear),
            self.angular.cross(&f.linear),
        )
    }

    /// The 6 × 6 matrix `crm(m) = [[ω×, 0], [v×, ω×]]` of [`Motion::cross_motion`].
    #[inline]
    pub fn cross_motion_matrix(&self) -> Matrix<T, 6, 6> {
        let w = cross_matrix(&self.angular);
        blocks(&w, &Matrix::zeros(), &cross_matrix(&self.linear), &w)
    }

    /// The 6 × 6 matrix `crf(m) = [[ω×, v×], [0, ω×]]` of [`Motion::cross_force`].
    #[inline]
    pub fn cross_force_matrix(&self) -> Matrix<T, 6, 6> {
        let w = cross_matrix(&self.angular);
        blocks(&w, &cross_matrix(&self.linear), &Matrix::zeros(), &w)
    }

    /// The power `m · f = ω·n + v·f` delivered by the force `f` on a body moving with `m`
    /// (the only scalar product between motions and forces).
    #[inline]
    pub fn dot(&self, f: &Force<T>) -> T {
        self.angular.dot(&f.angular) + self.linear.dot(&f.linear)
    }
}

impl<T: Float> Force<T> {
    /// The power `f · m` (same as [`Motion::dot`]).
    #[inline]
    pub fn dot(&self, m: &Motion<T>) -> T {
        m.dot(self)
    }
}
