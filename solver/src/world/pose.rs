//! A body's position and orientation over any scalar, so constraint functions can be
//! evaluated with plain numbers or with dual numbers (which carry the Jacobian along).
use num_traits::Float;
use xform::{Quaternion, Vector};

/// Lifting constants into a scalar type (from [`dual`]: `T` itself and every dual number
/// over `T`). Constraint functions are written once, generic over `S: Lift<T>`; the world
/// evaluates them with `S = T` for values and `S = DualVec<T, 12>` for Jacobians.
pub use dual::Lift;

/// Lifts a vector of constants.
#[inline]
pub fn lift_vector<T: Float, S: Lift<T>>(v: &Vector<T, 3>) -> Vector<S, 3> {
    Vector([S::lift(v[0]), S::lift(v[1]), S::lift(v[2])])
}

/// Where a body is: the world position of its centre of mass and its orientation (a unit
/// quaternion taking body-frame vectors to the world frame).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pose<S> {
    /// Centre of mass in world coordinates.
    pub position: Vector<S, 3>,
    /// Body-to-world rotation.
    pub orientation: Quaternion<S>,
}

impl<S: Float> Pose<S> {
    /// The world frame itself: origin, no rotation (the partner of a joint to the world).
    pub fn identity() -> Self {
        Self {
            position: Vector::zeros(),
            orientation: Quaternion::identity(),
        }
    }

    /// The world position of a point given in body coordinates (`local`, constants of `T`).
    #[inline]
    pub fn point<T: Float>(&self, local: &Vector<T, 3>) -> Vector<S, 3>
    where
        S: Lift<T>,
    {
        self.position + self.orientation.rotate(&lift_vector(local))
    }

    /// The world direction of a body-frame direction `local`.
    #[inline]
    pub fn direction<T: Float>(&self, local: &Vector<T, 3>) -> Vector<S, 3>
    where
        S: Lift<T>,
    {
        self.orientation.rotate(&lift_vector(local))
    }

    /// The body coordinates of a world point (inverse of [`Pose::point`]).
    #[inline]
    pub fn to_local(&self, world: &Vector<S, 3>) -> Vector<S, 3> {
        self.orientation
            .conjugate()
            .rotate(&(*world - self.position))
    }

    /// The body-frame direction of a world direction.
    #[inline]
    pub fn direction_to_local(&self, world: &Vector<S, 3>) -> Vector<S, 3> {
        self.orientation.conjugate().rotate(world)
    }
}
