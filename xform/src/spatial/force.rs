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

super::six::spatial_vector!(Force, "force", "(n, f)");

impl<T: Float> Force<T> {
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
