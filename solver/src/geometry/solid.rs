//! One type for every solid shape, with the contact dispatch over all pairs.
use num_traits::{Float, FloatConst};
use xform::Vector;

use super::capsule::Capsule;
use super::capsule_capsule::capsule_capsule;
use super::capsule_cuboid::capsule_cuboid;
use super::capsule_plane::capsule_plane;
use super::capsule_sphere::capsule_sphere;
use super::cuboid::Cuboid;
use super::cuboid_cuboid::cuboid_cuboid;
use super::cuboid_plane::cuboid_plane;
use super::cuboid_sphere::cuboid_sphere;
use super::error::ShapeError;
use super::halfspace::HalfSpace;
use super::isometry::Isometry;
use super::manifold::Manifold;
use super::sphere::Sphere;
use super::sphere_contacts::{sphere_plane, sphere_sphere};

/// A solid shape centred on its body's origin (validated at construction of its parts).
///
/// ```
/// use solver::geometry::{Capsule, Cuboid, HalfSpace, Isometry, Solid};
/// use solver::xform::Vector;
/// let crate_box = Solid::Cuboid(Cuboid::new(Vector([0.5f64, 0.5, 0.5]))?);
/// let rod = Solid::Capsule(Capsule::new(0.25, 0.5)?);
/// let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
/// let on_ground = Isometry::translation(Vector([0.0, 0.5, 0.0]));
/// assert_eq!(crate_box.contact_plane(&on_ground, &ground, 0.0).len(), 4);
/// // The rod standing on the box: one point, normal up (from the box toward the rod).
/// let standing = Isometry::translation(Vector([0.0, 1.75, 0.0]));
/// let m = rod.contact(&standing, &crate_box, &on_ground, 0.0);
/// assert_eq!(m.len(), 1);
/// assert!((m.as_slice()[0].normal - Vector([0.0, 1.0, 0.0])).norm() < 1e-12);
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Solid<T> {
    /// A sphere.
    Sphere(Sphere<T>),
    /// A box.
    Cuboid(Cuboid<T>),
    /// A capsule along the local y axis.
    Capsule(Capsule<T>),
}

impl<T: Float> Solid<T> {
    /// Contacts of this shape (A, at `pose`) with `other` (B, at `other_pose`): the pair's
    /// function from this module, called with the shapes swapped and
    /// [`flipped`](Manifold::flipped) where the module has only the other order (sphere
    /// first against a box or a capsule, box first against a capsule). Conventions as in
    /// the [module docs](super): normal from B toward A, point on A, gap `<= margin`.
    ///
    /// ```
    /// use solver::geometry::{Cuboid, Isometry, Solid, Sphere};
    /// use solver::xform::Vector;
    /// let ball = Solid::Sphere(Sphere::new(0.25f64)?);
    /// let table = Solid::Cuboid(Cuboid::new(Vector([1.0, 0.5, 1.0]))?);
    /// let m = ball.contact(&Isometry::translation(Vector([0.0, 0.7, 0.0])), &table, &Isometry::identity(), 0.0);
    /// let c = m.as_slice()[0];
    /// assert!((c.gap + 0.05).abs() < 1e-12);
    /// assert!((c.normal - Vector([0.0, 1.0, 0.0])).norm() < 1e-12);
    /// assert!((c.point - Vector([0.0, 0.45, 0.0])).norm() < 1e-12);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn contact(
        &self,
        pose: &Isometry<T>,
        other: &Self,
        other_pose: &Isometry<T>,
        margin: T,
    ) -> Manifold<T> {
        use Solid::{Capsule as Cap, Cuboid as Cub, Sphere as Ball};
        match (self, other) {
            (Ball(a), Ball(b)) => sphere_sphere(a, pose, b, other_pose, margin),
            (Ball(a), Cub(b)) => cuboid_sphere(b, other_pose, a, pose, margin).flipped(),
            (Ball(a), Cap(b)) => capsule_sphere(b, other_pose, a, pose, margin).flipped(),
            (Cub(a), Ball(b)) => cuboid_sphere(a, pose, b, other_pose, margin),
            (Cub(a), Cub(b)) => cuboid_cuboid(a, pose, b, other_pose, margin),
            (Cub(a), Cap(b)) => capsule_cuboid(b, other_pose, a, pose, margin).flipped(),
            (Cap(a), Ball(b)) => capsule_sphere(a, pose, b, other_pose, margin),
            (Cap(a), Cub(b)) => capsule_cuboid(a, pose, b, other_pose, margin),
            (Cap(a), Cap(b)) => capsule_capsule(a, pose, b, other_pose, margin),
        }
    }

    /// Contacts of this shape (A, at `pose`) with a half-space (B).
    ///
    /// ```
    /// use solver::geometry::{HalfSpace, Isometry, Solid, Sphere};
    /// use solver::xform::Vector;
    /// let ball = Solid::Sphere(Sphere::new(0.5f64)?);
    /// let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
    /// let m = ball.contact_plane(&Isometry::translation(Vector([0.0, 0.4, 0.0])), &ground, 0.0);
    /// assert!((m.as_slice()[0].gap + 0.1).abs() < 1e-12);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn contact_plane(
        &self,
        pose: &Isometry<T>,
        plane: &HalfSpace<T>,
        margin: T,
    ) -> Manifold<T> {
        match self {
            Solid::Sphere(s) => sphere_plane(s, pose, plane, margin),
            Solid::Cuboid(c) => cuboid_plane(c, pose, plane, margin),
            Solid::Capsule(c) => capsule_plane(c, pose, plane, margin),
        }
    }

    /// Radius of the smallest sphere about the centre that holds the shape (for a broad
    /// phase).
    ///
    /// ```
    /// use solver::geometry::{Capsule, Solid};
    /// assert_eq!(Solid::Capsule(Capsule::new(0.5f64, 1.0)?).bounding_radius(), 1.5);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn bounding_radius(&self) -> T {
        match self {
            Solid::Sphere(s) => s.bounding_radius(),
            Solid::Cuboid(c) => c.bounding_radius(),
            Solid::Capsule(c) => c.bounding_radius(),
        }
    }
}

impl<T: Float + FloatConst> Solid<T> {
    /// Principal moments of inertia (body frame, diagonal) of the solid of this `mass`.
    ///
    /// # Errors
    /// [`ShapeError::InvalidParameter`] naming `mass` unless it is finite and `> 0`.
    ///
    /// ```
    /// use solver::geometry::{Cuboid, Solid};
    /// use solver::xform::Vector;
    /// let i = Solid::Cuboid(Cuboid::new(Vector([1.0f64, 2.0, 3.0]))?).inertia(3.0)?;
    /// assert_eq!(i, Vector([13.0, 10.0, 5.0]));
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    pub fn inertia(&self, mass: T) -> Result<Vector<T, 3>, ShapeError> {
        match self {
            Solid::Sphere(s) => s.inertia(mass),
            Solid::Cuboid(c) => c.inertia(mass),
            Solid::Capsule(c) => c.inertia(mass),
        }
    }
}
