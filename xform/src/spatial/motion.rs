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

impl<T: Float> Motion<T> {
    /// `(ω, v)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert_eq!(m.angular, Vector([0.0, 0.0, 1.0]));
    /// ```
    #[inline]
    pub fn new(angular: Vector<T, 3>, linear: Vector<T, 3>) -> Self {
        Self { angular, linear }
    }

    /// The zero motion.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// assert_eq!(Motion::<f64>::zero().to_vector(), Vector([0.0; 6]));
    /// ```
    #[inline]
    pub fn zero() -> Self {
        Self::new(Vector::zeros(), Vector::zeros())
    }

    /// The 6-vector `(ω, v)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));
    /// assert_eq!(Motion::from_vector(&m.to_vector()), m);
    /// ```
    #[inline]
    pub fn to_vector(&self) -> Vector<T, 6> {
        let (a, l) = (self.angular.0, self.linear.0);
        Vector([a[0], a[1], a[2], l[0], l[1], l[2]])
    }

    /// From the 6-vector `(ω, v)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let m = Motion::from_vector(&Vector([1.0, 2.0, 3.0, 4.0, 5.0, 6.0f64]));
    /// assert_eq!(m.angular, Vector([1.0, 2.0, 3.0]));
    /// ```
    #[inline]
    pub fn from_vector(v: &Vector<T, 6>) -> Self {
        let c = v.0;
        Self::new(Vector([c[0], c[1], c[2]]), Vector([c[3], c[4], c[5]]))
    }

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

impl<T: Float> Default for Motion<T> {
    #[inline]
    fn default() -> Self {
        Self::zero()
    }
}

impl<T: Float> Add for Motion<T> {
    type Output = Self;
    #[inline]
    fn add(self, r: Self) -> Self {
        Self::new(self.angular + r.angular, self.linear + r.linear)
    }
}

impl<T: Float> Sub for Motion<T> {
    type Output = Self;
    #[inline]
    fn sub(self, r: Self) -> Self {
        Self::new(self.angular - r.angular, self.linear - r.linear)
    }
}

impl<T: Float> Neg for Motion<T> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self::new(-self.angular, -self.linear)
    }
}

impl<T: Float> Mul<T> for Motion<T> {
    type Output = Self;
    #[inline]
    fn mul(self, s: T) -> Self {
        Self::new(self.angular * s, self.linear * s)
    }
}

impl<T: Float> AddAssign for Motion<T> {
    #[inline]
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}

impl<T: Float> SubAssign for Motion<T> {
    #[inline]
    fn sub_assign(&mut self, r: Self) {
        *self = *self - r;
    }
}
