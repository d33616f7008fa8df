//! `Force<T>`: spatial force vectors (wrenches) `(n, f)`.
use core::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

use num_traits::Float;

use crate::Vector;

/// A spatial force vector `(n, f)`: the moment about the frame origin and the linear force
/// (Plücker coordinates, angular part first).
///
/// # Example
/// ```
/// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
/// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
/// assert_eq!(f.to_vector().0, [0.0, 1.0, 0.0, 2.0, 0.0, 3.0]); // moment, then force
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Force<T> {
    /// Angular part: the moment `n` about the origin.
    pub angular: Vector<T, 3>,
    /// Linear part: the force `f`.
    pub linear: Vector<T, 3>,
}

impl<T: Float> Force<T> {
    /// `(n, f)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert_eq!((f.angular, f.linear), (Vector([0.0, 1.0, 0.0]), Vector([2.0, 0.0, 3.0])));
    /// ```
    #[inline]
    pub fn new(angular: Vector<T, 3>, linear: Vector<T, 3>) -> Self {
        Self { angular, linear }
    }

    /// The zero force.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// assert_eq!(Force::<f64>::zero().to_vector(), Vector([0.0; 6]));
    /// ```
    #[inline]
    pub fn zero() -> Self {
        Self::new(Vector::zeros(), Vector::zeros())
    }

    /// The 6-vector `(n, f)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let f = Force::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));
    /// assert_eq!(Force::from_vector(&f.to_vector()), f);
    /// ```
    #[inline]
    pub fn to_vector(&self) -> Vector<T, 6> {
        let (a, l) = (self.angular.0, self.linear.0);
        Vector([a[0], a[1], a[2], l[0], l[1], l[2]])
    }

    /// From the 6-vector `(n, f)`.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// let f = Force::from_vector(&Vector([1.0, 2.0, 3.0, 4.0, 5.0, 6.0f64]));
    /// assert_eq!(f.linear, Vector([4.0, 5.0, 6.0]));
    /// ```
    #[inline]
    pub fn from_vector(v: &Vector<T, 6>) -> Self {
        let c = v.0;
        Self::new(Vector([c[0], c[1], c[2]]), Vector([c[3], c[4], c[5]]))
    }

    /// The force `f` applied at the point `p`: moment `p × f` about the origin.
    ///
    /// # Example
    /// ```
    /// use xform::{Force, Motion, Plx, Plxb, Rotation, Vector};
    /// // 1 N along y at x = 2 m: a moment of 2 N·m about z.
    /// let f = Force::at_point(Vector([0.0, 1.0, 0.0f64]), &Vector([2.0, 0.0, 0.0]));
    /// assert_eq!((f.angular, f.linear), (Vector([0.0, 0.0, 2.0]), Vector([0.0, 1.0, 0.0])));
    /// ```
    #[inline]
    pub fn at_point(f: Vector<T, 3>, p: &Vector<T, 3>) -> Self {
        Self::new(p.cross(&f), f)
    }
}

impl<T: Float> Default for Force<T> {
    #[inline]
    fn default() -> Self {
        Self::zero()
    }
}

impl<T: Float> Add for Force<T> {
    type Output = Self;
    #[inline]
    fn add(self, r: Self) -> Self {
        Self::new(self.angular + r.angular, self.linear + r.linear)
    }
}

impl<T: Float> Sub for Force<T> {
    type Output = Self;
    #[inline]
    fn sub(self, r: Self) -> Self {
        Self::new(self.angular - r.angular, self.linear - r.linear)
    }
}

impl<T: Float> Neg for Force<T> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self::new(-self.angular, -self.linear)
    }
}

impl<T: Float> Mul<T> for Force<T> {
    type Output = Self;
    #[inline]
    fn mul(self, s: T) -> Self {
        Self::new(self.angular * s, self.linear * s)
    }
}

impl<T: Float> AddAssign for Force<T> {
    #[inline]
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}

impl<T: Float> SubAssign for Force<T> {
    #[inline]
    fn sub_assign(&mut self, r: Self) {
        *self = *self - r;
    }
}
