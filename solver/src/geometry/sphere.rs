//! The sphere shape.
use num_traits::Float;

use super::error::{ShapeError, check_positive};

/// A solid sphere centred on its body's origin.
///
/// ```
/// use solver::geometry::Sphere;
/// assert_eq!(Sphere::new(0.5)?.radius(), 0.5);
/// assert!(Sphere::new(0.0).is_err());
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sphere<T> {
    radius: T,
}

impl<T: Float> Sphere<T> {
    /// A sphere of this radius.
    ///
    /// # Errors
    /// [`ShapeError::InvalidParameter`] naming `radius` unless it is finite and `> 0`.
    ///
    /// ```
    /// use solver::geometry::Sphere;
    /// let err = Sphere::new(f64::NAN).unwrap_err();
    /// assert!(err.to_string().contains("radius"));
    /// ```
    pub fn new(radius: T) -> Result<Self, ShapeError> {
        check_positive("sphere", "radius", radius)?;
        Ok(Self { radius })
    }

    /// The radius.
    ///
    /// ```
    /// use solver::geometry::Sphere;
    /// assert_eq!(Sphere::new(2.0f32)?.radius(), 2.0);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn radius(&self) -> T {
        self.radius
    }

    /// Radius of the smallest sphere about the centre that holds the shape (for a broad
    /// phase): the radius itself.
    ///
    /// ```
    /// use solver::geometry::Sphere;
    /// assert_eq!(Sphere::new(2.0)?.bounding_radius(), 2.0);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn bounding_radius(&self) -> T {
        self.radius
    }
}
