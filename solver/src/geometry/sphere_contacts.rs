//! Sphere against sphere and against a half-space, as manifolds (the same numbers as the
//! world's `sphere_sphere` and `sphere_plane`).
use num_traits::Float;
use xform::Vector;

use super::halfspace::HalfSpace;
use super::isometry::Isometry;
use super::manifold::{ContactPoint, FeatureId, Manifold, kind};
use super::sphere::Sphere;

/// Contact of two spheres A and B (centred at their poses' positions): one point when
/// `|c_A − c_B| − r_A − r_B <= margin`, normal from B's centre toward A's (`+y` for
/// coincident centres), point on A.
///
/// Non-finite input gives one NaN point.
///
/// ```
/// use solver::geometry::{Isometry, Sphere, sphere_sphere};
/// use solver::xform::Vector;
/// let ball = Sphere::new(0.5f64)?;
/// let m = sphere_sphere(&ball, &Isometry::translation(Vector([0.0, 0.9, 0.0])), &ball, &Isometry::identity(), 0.0);
/// let c = m.as_slice()[0];
/// assert!((c.gap + 0.1).abs() < 1e-12);
/// assert_eq!(c.normal, Vector([0.0, 1.0, 0.0]));
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[must_use]
pub fn sphere_sphere<T: Float>(
    a: &Sphere<T>,
    pose_a: &Isometry<T>,
    b: &Sphere<T>,
    pose_b: &Isometry<T>,
    margin: T,
) -> Manifold<T> {
    if !(pose_a.is_finite() && pose_b.is_finite()) || margin.is_nan() {
        return Manifold::nan();
    }
    let d = pose_a.position - pose_b.position;
    let distance = d.norm();
    let normal = if distance > T::zero() {
        d / distance
    } else {
        Vector::unit(1)
    };
    let gap = distance - a.radius() - b.radius();
    let mut m = Manifold::new();
    if gap <= margin {
        m.push(ContactPoint {
            point: pose_a.position - normal * a.radius(),
            normal,
            gap,
            feature: FeatureId::new(kind::SPHERE, 0),
        });
    }
    m
}

/// Contact of a sphere (A) with a half-space (B): one point when
/// `n·c − offset − r <= margin`, normal the plane's, point on the sphere.
///
/// Non-finite input gives one NaN point.
///
/// ```
/// use solver::geometry::{HalfSpace, Isometry, Sphere, sphere_plane};
/// use solver::xform::Vector;
/// let ball = Sphere::new(0.5f64)?;
/// let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
/// let m = sphere_plane(&ball, &Isometry::translation(Vector([0.0, 0.5, 0.0])), &ground, 0.0);
/// assert_eq!(m.as_slice()[0].gap, 0.0);
/// assert_eq!(m.as_slice()[0].point, Vector([0.0, 0.0, 0.0]));
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[must_use]
pub fn sphere_plane<T: Float>(
    sphere: &Sphere<T>,
    pose: &Isometry<T>,
    plane: &HalfSpace<T>,
    margin: T,
) -> Manifold<T> {
    if !(pose.is_finite() && plane.normal.is_finite() && plane.offset.is_finite())
        || margin.is_nan()
    {
        return Manifold::nan();
    }
    let gap = plane.signed_distance(&pose.position) - sphere.radius();
    let mut m = Manifold::new();
    if gap <= margin {
        m.push(ContactPoint {
            point: pose.position - plane.normal * sphere.radius(),
            normal: plane.normal,
            gap,
            feature: FeatureId::new(kind::SPHERE, 1),
        });
    }
    m
}
