//! Where a shape is: a position and a unit quaternion.
use num_traits::Float;
use xform::{Matrix, Quaternion, Vector};

/// A rigid placement of a shape: the world position of its centre and a **unit** quaternion
/// taking shape-frame vectors to the world frame (`x_world = position + orientation·x_local`).
///
/// The same data as the world's `Pose`; the contact functions assume the quaternion is
/// normalized (they do not renormalize it).
///
/// ```
/// use solver::geometry::Isometry;
/// use solver::xform::{Quaternion, Vector};
/// let turn = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
/// let pose = Isometry::new(Vector([1.0, 0.0, 0.0]), turn);
/// let p = pose.transform_point(&Vector([1.0, 0.0, 0.0]));
/// assert!((p - Vector([1.0, 1.0, 0.0])).norm() < 1e-12);
/// assert!((pose.inverse_transform_point(&p) - Vector([1.0, 0.0, 0.0])).norm() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Isometry<T> {
    /// World position of the shape's centre.
    pub position: Vector<T, 3>,
    /// Shape-to-world rotation (unit quaternion).
    pub orientation: Quaternion<T>,
}

impl<T: Float> Default for Isometry<T> {
    /// The identity placement.
    fn default() -> Self {
        Self::identity()
    }
}

impl<T: Float> Isometry<T> {
    /// A placement from its parts.
    ///
    /// ```
    /// use solver::geometry::Isometry;
    /// use solver::xform::{Quaternion, Vector};
    /// let pose = Isometry::new(Vector([0.0, 0.0, 1.0]), Quaternion::identity());
    /// assert_eq!(pose.transform_point(&Vector([1.0, 0.0, 0.0])), Vector([1.0, 0.0, 1.0]));
    /// ```
    #[must_use]
    pub fn new(position: Vector<T, 3>, orientation: Quaternion<T>) -> Self {
        Self {
            position,
            orientation,
        }
    }

    /// At `position`, not rotated.
    ///
    /// ```
    /// use solver::geometry::Isometry;
    /// use solver::xform::Vector;
    /// let pose = Isometry::translation(Vector([0.0, 2.0, 0.0]));
    /// assert_eq!(pose.transform_point(&Vector([1.0, 0.0, 0.0])), Vector([1.0, 2.0, 0.0]));
    /// ```
    #[must_use]
    pub fn translation(position: Vector<T, 3>) -> Self {
        Self::new(position, Quaternion::identity())
    }

    /// The identity placement (origin, no rotation).
    ///
    /// ```
    /// use solver::geometry::Isometry;
    /// use solver::xform::Vector;
    /// let v = Vector([1.0, 2.0, 3.0]);
    /// assert_eq!(Isometry::<f64>::identity().transform_point(&v), v);
    /// ```
    #[must_use]
    pub fn identity() -> Self {
        Self::translation(Vector::zeros())
    }

    /// World coordinates of a shape-frame point.
    ///
    /// ```
    /// use solver::geometry::Isometry;
    /// use solver::xform::Vector;
    /// let pose = Isometry::translation(Vector([1.0, 0.0, 0.0]));
    /// assert_eq!(pose.transform_point(&Vector([0.0, 1.0, 0.0])), Vector([1.0, 1.0, 0.0]));
    /// ```
    #[must_use]
    pub fn transform_point(&self, local: &Vector<T, 3>) -> Vector<T, 3> {
        self.position + self.orientation.rotate(local)
    }

    /// Shape-frame coordinates of a world point.
    ///
    /// ```
    /// use solver::geometry::Isometry;
    /// use solver::xform::Vector;
    /// let pose = Isometry::translation(Vector([1.0, 0.0, 0.0]));
    /// assert_eq!(pose.inverse_transform_point(&Vector([1.0, 1.0, 0.0])), Vector([0.0, 1.0, 0.0]));
    /// ```
    #[must_use]
    pub fn inverse_transform_point(&self, world: &Vector<T, 3>) -> Vector<T, 3> {
        self.orientation
            .conjugate()
            .rotate(&(*world - self.position))
    }

    /// The world direction of a shape-frame direction.
    ///
    /// ```
    /// use solver::geometry::Isometry;
    /// use solver::xform::Vector;
    /// let pose = Isometry::translation(Vector([5.0, 0.0, 0.0]));
    /// assert_eq!(pose.transform_vector(&Vector([0.0, 1.0, 0.0])), Vector([0.0, 1.0, 0.0]));
    /// ```
    #[must_use]
    pub fn transform_vector(&self, local: &Vector<T, 3>) -> Vector<T, 3> {
        self.orientation.rotate(local)
    }

    /// The shape-frame direction of a world direction.
    ///
    /// ```
    /// use solver::geometry::Isometry;
    /// use solver::xform::Vector;
    /// let pose = Isometry::<f64>::identity();
    /// assert_eq!(pose.inverse_transform_vector(&Vector([0.0, 1.0, 0.0])), Vector([0.0, 1.0, 0.0]));
    /// ```
    #[must_use]
    pub fn inverse_transform_vector(&self, world: &Vector<T, 3>) -> Vector<T, 3> {
        self.orientation.conjugate().rotate(world)
    }

    /// The world directions of the shape's local x, y and z axes (the columns of the
    /// rotation matrix).
    ///
    /// ```
    /// use solver::geometry::Isometry;
    /// use solver::xform::Vector;
    /// let axes = Isometry::<f64>::identity().axes();
    /// assert_eq!(axes[2], Vector([0.0, 0.0, 1.0]));
    /// ```
    #[must_use]
    pub fn axes(&self) -> [Vector<T, 3>; 3] {
        let m: Matrix<T, 3, 3> = self.orientation.to_matrix();
        [m.col(0), m.col(1), m.col(2)]
    }

    /// Whether position and orientation are finite.
    ///
    /// ```
    /// use solver::geometry::Isometry;
    /// use solver::xform::Vector;
    /// assert!(!Isometry::translation(Vector([f64::NAN, 0.0, 0.0])).is_finite());
    /// ```
    #[must_use]
    pub fn is_finite(&self) -> bool {
        self.position.is_finite() && self.orientation.is_finite()
    }
}
