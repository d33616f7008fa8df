//! `Motion<T>`: spatial motion vectors (twists) `(ω, v)`.
use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use num_traits::Float;

use crate::Vector;

/// A spatial motion vector `(ω, v)`: angular velocity and the linear velocity of the body
/// point that coincides with the frame origin (Plücker coordinates, angular part first).
///
/// # Example
/// ```
/// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
/// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
/// assert_eq!(m.to_vector().0, [0.0, 0.0, 1.0, 1.0, 0.0, 0.0]); // angular, then linear
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Motion<T> {
    /// Angular part `ω`.
    pub angular: Vector<T, 3>,
    /// Linear part `v`.
    pub linear: Vector<T, 3>,
}

super::six::spatial_vector!(Motion, "motion", "(ω, v)");

impl<T: Float> Motion<T> {
    /// The velocity of the body point at `p` (same coordinates as the frame origin):
    /// `v + ω × p`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// // Spinning about z through the origin: the point (1, 0, 0) moves along y.
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([0.0; 3]));
    /// assert_eq!(m.point_velocity(&Vector([1.0, 0.0, 0.0])), Vector([0.0, 1.0, 0.0]));
    /// ```
    #[inline]
    pub fn point_velocity(&self, p: &Vector<T, 3>) -> Vector<T, 3> {
        self.linear + self.angular.cross(p)
    }
}
