//! The box shape (`Cuboid`, since `Box` is taken by the standard library).
use num_traits::Float;
use xform::Vector;

use super::error::{ShapeError, check_positive};

/// A solid box centred on its body's origin, its edges along the body axes; it spans
/// `[-h, h]` on each axis for half extents `h`.
///
/// ```
/// use solver::geometry::Cuboid;
/// use solver::xform::Vector;
/// let b = Cuboid::new(Vector([0.5, 1.0, 2.0]))?;
/// assert_eq!(b.half_extents(), Vector([0.5, 1.0, 2.0]));
/// assert!(Cuboid::new(Vector([0.5, -1.0, 2.0])).is_err());
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cuboid<T> {
    half_extents: Vector<T, 3>,
}

impl<T: Float> Cuboid<T> {
    /// A box with these half extents.
    ///
    /// # Errors
    /// [`ShapeError::InvalidParameter`] naming `half_extents[i]` for the first component
    /// that is not finite and `> 0`.
    ///
    /// ```
    /// use solver::geometry::{Cuboid, ShapeError};
    /// use solver::xform::Vector;
    /// let err = Cuboid::new(Vector([1.0, 0.0, 1.0])).unwrap_err();
    /// assert!(matches!(err, ShapeError::InvalidParameter { parameter: "half_extents[1]", .. }));
    /// ```
    pub fn new(half_extents: Vector<T, 3>) -> Result<Self, ShapeError> {
        const NAMES: [&str; 3] = ["half_extents[0]", "half_extents[1]", "half_extents[2]"];
        for (i, name) in NAMES.iter().enumerate() {
            check_positive("cuboid", name, half_extents[i])?;
        }
        Ok(Self { half_extents })
    }

    /// The half extents.
    ///
    /// ```
    /// use solver::geometry::Cuboid;
    /// use solver::xform::Vector;
    /// assert_eq!(Cuboid::new(Vector([1.0f32; 3]))?.half_extents(), Vector([1.0; 3]));
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn half_extents(&self) -> Vector<T, 3> {
        self.half_extents
    }

    /// Radius of the smallest sphere about the centre that holds the box: `|h|`.
    ///
    /// ```
    /// use solver::geometry::Cuboid;
    /// use solver::xform::Vector;
    /// assert_eq!(Cuboid::new(Vector([1.0, 2.0, 2.0]))?.bounding_radius(), 3.0);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn bounding_radius(&self) -> T {
        self.half_extents.norm()
    }

    /// Vertex `i` (bit k of `i` set: `+h_k`, clear: `−h_k`) in the box frame.
    pub(crate) fn vertex(&self, i: usize) -> Vector<T, 3> {
        let h = self.half_extents;
        Vector([
            if i & 1 != 0 { h[0] } else { -h[0] },
            if i & 2 != 0 { h[1] } else { -h[1] },
            if i & 4 != 0 { h[2] } else { -h[2] },
        ])
    }
}
