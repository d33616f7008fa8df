//! The capsule shape.
use num_traits::Float;
use xform::Vector;

use super::error::{ShapeError, check_non_negative, check_positive};

/// A solid capsule centred on its body's origin: all points within `radius` of the segment
/// from `(0, −half_height, 0)` to `(0, half_height, 0)` (its axis is the body's y axis).
/// Its total length is `2·(half_height + radius)`; `half_height = 0` is a sphere.
///
/// ```
/// use solver::geometry::Capsule;
/// let c = Capsule::new(0.25, 1.0)?;
/// assert_eq!((c.radius(), c.half_height()), (0.25, 1.0));
/// assert!(Capsule::new(0.0, 1.0).is_err());
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Capsule<T> {
    radius: T,
    half_height: T,
}

impl<T: Float> Capsule<T> {
    /// A capsule of this radius and half height of its core segment.
    ///
    /// # Errors
    /// [`ShapeError::InvalidParameter`] naming `radius` unless it is finite and `> 0`, or
    /// `half_height` unless it is finite and `>= 0`.
    ///
    /// ```
    /// use solver::geometry::{Capsule, ShapeError};
    /// let err = Capsule::new(1.0, f64::INFINITY).unwrap_err();
    /// assert!(matches!(err, ShapeError::InvalidParameter { parameter: "half_height", .. }));
    /// ```
    pub fn new(radius: T, half_height: T) -> Result<Self, ShapeError> {
        check_positive("capsule", "radius", radius)?;
        check_non_negative("capsule", "half_height", half_height)?;
        Ok(Self {
            radius,
            half_height,
        })
    }

    /// The radius.
    ///
    /// ```
    /// use solver::geometry::Capsule;
    /// assert_eq!(Capsule::new(0.5f32, 1.0)?.radius(), 0.5);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn radius(&self) -> T {
        self.radius
    }

    /// Half the length of the core segment.
    ///
    /// ```
    /// use solver::geometry::Capsule;
    /// assert_eq!(Capsule::new(0.5f32, 1.0)?.half_height(), 1.0);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn half_height(&self) -> T {
        self.half_height
    }

    /// Radius of the smallest sphere about the centre that holds the capsule:
    /// `half_height + radius`.
    ///
    /// ```
    /// use solver::geometry::Capsule;
    /// assert_eq!(Capsule::new(0.5, 1.0)?.bounding_radius(), 1.5);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn bounding_radius(&self) -> T {
        self.half_height + self.radius
    }

    /// End `i` (0: `−y`, 1: `+y`) of the core segment, body frame.
    pub(crate) fn end(&self, i: usize) -> Vector<T, 3> {
        let y = if i == 0 {
            -self.half_height
        } else {
            self.half_height
        };
        Vector([T::zero(), y, T::zero()])
    }
}
