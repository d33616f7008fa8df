//! The static half-space (ground, walls).
use num_traits::Float;
use xform::Vector;

use super::error::{ShapeError, check_positive};

/// A static half-space `normal·x <= offset` (solid below the surface), the geometry of the
/// world's `Plane`: `normal` is the unit normal pointing out of the solid, `offset` the
/// signed distance of the surface from the origin along it.
///
/// ```
/// use solver::geometry::HalfSpace;
/// use solver::xform::Vector;
/// let ground = HalfSpace::new(Vector([0.0, 2.0, 0.0]), 1.0)?;
/// assert_eq!(ground.normal, Vector([0.0, 1.0, 0.0]));
/// assert_eq!(ground.signed_distance(&Vector([3.0, 4.0, 0.0])), 3.0);
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct HalfSpace<T> {
    /// Unit normal pointing out of the solid.
    pub normal: Vector<T, 3>,
    /// Signed distance of the surface from the origin along `normal`.
    pub offset: T,
}

impl<T: Float> HalfSpace<T> {
    /// The half-space below the plane `normal·x = offset`; `normal` is normalized.
    ///
    /// # Errors
    /// [`ShapeError::InvalidParameter`] naming `normal` (its length) unless it is finite and
    /// non-zero, or `offset` unless it is finite.
    ///
    /// ```
    /// use solver::geometry::HalfSpace;
    /// use solver::xform::Vector;
    /// assert!(HalfSpace::new(Vector([0.0, 0.0, 0.0]), 0.0).is_err());
    /// assert!(HalfSpace::new(Vector([0.0, 1.0, 0.0]), f64::NAN).is_err());
    /// ```
    pub fn new(normal: Vector<T, 3>, offset: T) -> Result<Self, ShapeError> {
        let length = normal.norm();
        check_positive("half-space", "normal", length)?;
        if !offset.is_finite() {
            return Err(ShapeError::InvalidParameter {
                shape: "half-space",
                parameter: "offset",
                value: offset.to_f64().unwrap_or(f64::NAN),
                requirement: "finite",
            });
        }
        Ok(Self {
            normal: normal / length,
            offset,
        })
    }

    /// Signed distance of a world point from the surface (negative inside the solid).
    ///
    /// ```
    /// use solver::geometry::HalfSpace;
    /// use solver::xform::Vector;
    /// let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
    /// assert_eq!(ground.signed_distance(&Vector([0.0, -0.5, 0.0])), -0.5);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn signed_distance(&self, point: &Vector<T, 3>) -> T {
        self.normal.dot(point) - self.offset
    }
}
