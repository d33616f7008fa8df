//! Capsule against a half-space.
use num_traits::Float;

use super::capsule::Capsule;
use super::halfspace::HalfSpace;
use super::isometry::Isometry;
use super::manifold::{ContactPoint, FeatureId, Manifold, kind};

/// Contacts of a capsule (A) with a half-space (B): each end of the core segment whose
/// sphere (of the capsule's radius) has gap `n·end − offset − radius <= margin`.
///
/// A capsule lying on the plane gives 2 points (one per end, feature ids 0 and 1), a
/// standing or tilted one 1. Points are on the capsule (`end − n·radius`), the normal is
/// the plane's. A capsule of zero half height gives at most one point.
///
/// Non-finite input gives one NaN point.
///
/// ```
/// use solver::geometry::{Capsule, HalfSpace, Isometry, capsule_plane};
/// use solver::xform::Vector;
/// let capsule = Capsule::new(0.1f64, 0.5)?;
/// let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
/// // Standing on its lower end, 1 cm deep.
/// let m = capsule_plane(&capsule, &Isometry::translation(Vector([0.0, 0.59, 0.0])), &ground, 0.0);
/// assert_eq!(m.len(), 1);
/// assert!((m.as_slice()[0].gap + 0.01).abs() < 1e-12);
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[must_use]
pub fn capsule_plane<T: Float>(
    capsule: &Capsule<T>,
    pose: &Isometry<T>,
    plane: &HalfSpace<T>,
    margin: T,
) -> Manifold<T> {
    if !(pose.is_finite() && plane.normal.is_finite() && plane.offset.is_finite())
        || margin.is_nan()
    {
        return Manifold::nan();
    }
    let ends = if capsule.half_height() > T::zero() {
        2
    } else {
        1
    };
    let mut m = Manifold::new();
    for i in 0..ends {
        let center = pose.transform_point(&capsule.end(i));
        let gap = plane.signed_distance(&center) - capsule.radius();
        if gap <= margin {
            m.push(ContactPoint {
                point: center - plane.normal * capsule.radius(),
                normal: plane.normal,
                gap,
                feature: FeatureId::new(kind::CAPSULE_PLANE, i as u32),
            });
        }
    }
    m
}
