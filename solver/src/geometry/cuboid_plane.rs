//! Box against a half-space.
use num_traits::Float;

use super::cuboid::Cuboid;
use super::halfspace::HalfSpace;
use super::isometry::Isometry;
use super::manifold::{ContactPoint, FeatureId, Manifold, kind, reduce_to_four};

/// Contacts of a box (A) with a half-space (B): every box vertex whose signed distance
/// from the surface is `<= margin`, reduced to four if more (deepest first, then largest
/// area).
///
/// Each point is the box vertex (on A), the normal is the half-space normal (from B toward
/// A), the gap the vertex's signed distance, the feature id the vertex index. A box resting
/// on a face gives 4 points, on an edge 2, on a corner 1.
///
/// Non-finite input gives one NaN point.
///
/// ```
/// use solver::geometry::{Cuboid, HalfSpace, Isometry, cuboid_plane};
/// use solver::xform::Vector;
/// let cube = Cuboid::new(Vector([0.5f64, 0.5, 0.5]))?;
/// let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
/// let m = cuboid_plane(&cube, &Isometry::translation(Vector([0.0, 0.49, 0.0])), &ground, 0.0);
/// assert_eq!(m.len(), 4);
/// assert!(m.iter().all(|c| (c.gap + 0.01).abs() < 1e-12 && c.point[1].abs() < 0.02));
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[must_use]
pub fn cuboid_plane<T: Float>(
    cuboid: &Cuboid<T>,
    pose: &Isometry<T>,
    plane: &HalfSpace<T>,
    margin: T,
) -> Manifold<T> {
    if !(pose.is_finite() && plane.normal.is_finite() && plane.offset.is_finite())
        || margin.is_nan()
    {
        return Manifold::nan();
    }
    let mut candidates = [ContactPoint::nan(); 8];
    let mut count = 0;
    for i in 0..8 {
        let point = pose.transform_point(&cuboid.vertex(i));
        let gap = plane.signed_distance(&point);
        if gap <= margin {
            candidates[count] = ContactPoint {
                point,
                normal: plane.normal,
                gap,
                feature: FeatureId::new(kind::BOX_PLANE, i as u32),
            };
            count += 1;
        }
    }
    reduce_to_four(&candidates[..count], &plane.normal)
}
