//! A body's position and orientation over any scalar, so constraint functions can be
//! evaluated with plain numbers or with dual numbers (which carry the Jacobian along).
use num_traits::Float;
use xform::{Quaternion, Vector};

/// Lifting constants into a scalar type (from [`dual`]: `T` itself and every dual number
/// over `T`). Constraint functions are written once, generic over `S: Lift<T>`; the world
/// evaluates them with `S = T` for values and `S = DualVec<T, 12>` for Jacobians (unless the
/// function writes its Jacobian out: `ConstraintFunction::linearization`).
pub use dual::Lift;

/// Lifts a vector of constants.
///
/// # Example
/// ```
/// use solver::world::lift_vector;
/// use solver::dual::Dual;
/// use solver::xform::Vector;
/// let v: Vector<Dual<f64>, 3> = lift_vector(&Vector([1.0, 2.0, 3.0]));
/// assert_eq!((v[1].re, v[1].eps), (2.0, 0.0));
/// ```
#[inline]
pub fn lift_vector<T: Float, S: Lift<T>>(v: &Vector<T, 3>) -> Vector<S, 3> {
    Vector([S::lift(v[0]), S::lift(v[1]), S::lift(v[2])])
}

/// Where a body is: the world position of its centre of mass and its orientation (a unit
/// quaternion taking body-frame vectors to the world frame).
///
/// # Example
/// ```
/// use solver::world::Pose;
/// use solver::xform::{Quaternion, Vector};
/// let p = Pose { position: Vector([1.0, 0.0, 0.0f64]), orientation: Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2) };
/// assert!((p.point(&Vector([1.0, 0.0, 0.0])) - Vector([1.0, 1.0, 0.0])).norm() < 1e-15);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose<S> {
    /// Centre of mass in world coordinates.
    pub position: Vector<S, 3>,
    /// Body-to-world rotation.
    pub orientation: Quaternion<S>,
}

impl<S: Float> Pose<S> {
    /// The world frame itself: origin, no rotation (the partner of a joint to the world).
    ///
    /// # Example
    /// ```
    /// use solver::world::Pose;
    /// use solver::xform::Vector;
    /// let p = Pose::<f64>::identity();
    /// assert_eq!(p.point(&Vector([1.0, 2.0, 3.0])), Vector([1.0, 2.0, 3.0]));
    /// ```
    pub fn identity() -> Self {
        Self {
            position: Vector::zeros(),
            orientation: Quaternion::identity(),
        }
    }

    /// The world position of a point given in body coordinates (`local`, constants of `T`).
    ///
    /// # Example
    /// ```
    /// use solver::world::Pose;
    /// use solver::xform::Quaternion;
    /// use solver::xform::Vector;
    /// let p = Pose { position: Vector([0.0, 1.0, 0.0f64]), orientation: Quaternion::identity() };
    /// assert_eq!(p.point(&Vector([2.0, 0.0, 0.0])), Vector([2.0, 1.0, 0.0]));
    /// ```
    #[inline]
    pub fn point<T: Float>(&self, local: &Vector<T, 3>) -> Vector<S, 3>
    where
        S: Lift<T>,
    {
        self.position + self.orientation.rotate(&lift_vector(local))
    }

    /// The world direction of a body-frame direction `local`.
    ///
    /// # Example
    /// ```
    /// use solver::world::Pose;
    /// use solver::xform::Quaternion;
    /// use solver::xform::Vector;
    /// let p = Pose { position: Vector([5.0, 5.0, 5.0f64]), orientation: Quaternion::identity() };
    /// assert_eq!(p.direction(&Vector([0.0, 0.0, 1.0])), Vector([0.0, 0.0, 1.0])); // no translation
    /// ```
    #[inline]
    pub fn direction<T: Float>(&self, local: &Vector<T, 3>) -> Vector<S, 3>
    where
        S: Lift<T>,
    {
        self.orientation.rotate(&lift_vector(local))
    }

    /// The body coordinates of a world point (inverse of [`Pose::point`]).
    ///
    /// # Example
    /// ```
    /// use solver::world::Pose;
    /// use solver::xform::Quaternion;
    /// use solver::xform::Vector;
    /// let p = Pose { position: Vector([0.0, 1.0, 0.0f64]), orientation: Quaternion::identity() };
    /// let local = Vector([3.0, 0.0, 0.0]);
    /// assert_eq!(p.to_local(&p.point(&local)), local);
    /// ```
    #[inline]
    pub fn to_local(&self, world: &Vector<S, 3>) -> Vector<S, 3> {
        self.orientation
            .conjugate()
            .rotate(&(*world - self.position))
    }

    /// The body-frame direction of a world direction.
    ///
    /// # Example
    /// ```
    /// use solver::world::Pose;
    /// use solver::xform::Quaternion;
    /// use solver::xform::Vector;
    /// let p = Pose { position: Vector([0.0f64; 3]), orientation: Quaternion::from_axis_angle(&Vector([0.0, 1.0, 0.0]), 1.0) };
    /// let d = Vector([0.0, 0.0, 1.0]);
    /// assert!((p.direction_to_local(&p.direction(&d)) - d).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn direction_to_local(&self, world: &Vector<S, 3>) -> Vector<S, 3> {
        self.orientation.conjugate().rotate(world)
    }
}
