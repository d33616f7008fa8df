//! Box against a sphere.
use num_traits::Float;
use xform::Vector;

use super::cuboid::Cuboid;
use super::isometry::Isometry;
use super::manifold::{ContactPoint, FeatureId, Manifold, kind};
use super::sphere::Sphere;

/// Contact of a box (A) with a sphere (B, centred at `sphere_pose.position`): one point
/// when the gap `sd_box(centre) − radius` is `<= margin`.
///
/// The point is the point of the box surface closest to the sphere centre (for a centre
/// inside the box: its projection on the nearest face), the normal points from the sphere
/// toward the box. The feature id names the face, edge or vertex region of the box the
/// centre projects to (a centre inside the box counts as the region of its nearest face,
/// so a sphere sinking through a face keeps its id).
///
/// Non-finite input gives one NaN point.
///
/// ```
/// use solver::geometry::{Cuboid, Isometry, Sphere, cuboid_sphere};
/// use solver::xform::Vector;
/// let cube = Cuboid::new(Vector([1.0, 1.0, 1.0]))?;
/// let ball = Sphere::new(0.5)?;
/// // Above the edge x = y = 1: distance √2·0.5 from the edge.
/// let m = cuboid_sphere(&cube, &Isometry::identity(), &ball, &Isometry::translation(Vector([1.5, 1.5, 0.0])), 0.0);
/// assert!(m.is_empty());
/// let m = cuboid_sphere(&cube, &Isometry::identity(), &ball, &Isometry::translation(Vector([1.3, 1.3, 0.0])), 0.0);
/// let c = m.as_slice()[0];
/// assert!((c.gap - (0.3 * 2f64.sqrt() - 0.5)).abs() < 1e-12);
/// assert!((c.point - Vector([1.0, 1.0, 0.0])).norm() < 1e-12);
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[must_use]
pub fn cuboid_sphere<T: Float>(
    cuboid: &Cuboid<T>,
    pose: &Isometry<T>,
    sphere: &Sphere<T>,
    sphere_pose: &Isometry<T>,
    margin: T,
) -> Manifold<T> {
    let center = sphere_pose.position;
    if !(pose.is_finite() && sphere_pose.is_finite()) || margin.is_nan() {
        return Manifold::nan();
    }
    let h = cuboid.half_extents();
    let local = pose.inverse_transform_point(&center);
    let mut clamped = local;
    let mut region = [1u32; 3];
    for k in 0..3 {
        if local[k] > h[k] {
            clamped[k] = h[k];
            region[k] = 2;
        } else if local[k] < -h[k] {
            clamped[k] = -h[k];
            region[k] = 0;
        }
    }
    let outside = region != [1; 3];
    let (surface, normal_local, distance) = if outside {
        let d = local - clamped;
        let distance = d.norm();
        (clamped, d / distance, distance)
    } else {
        // Inside: the nearest face (lowest axis on ties, + side at the centre plane).
        let mut axis = 0;
        let mut depth = h[0] - local[0].abs();
        for k in 1..3 {
            let dk = h[k] - local[k].abs();
            if dk < depth {
                axis = k;
                depth = dk;
            }
        }
        let positive = local[axis] >= T::zero();
        let sign = if positive { T::one() } else { -T::one() };
        region[axis] = if positive { 2 } else { 0 };
        let mut surface = local;
        surface[axis] = sign * h[axis];
        let mut n = Vector::zeros();
        n[axis] = sign;
        (surface, n, -depth)
    };
    let gap = distance - sphere.radius();
    let mut m = Manifold::new();
    if gap <= margin {
        m.push(ContactPoint {
            point: pose.transform_point(&surface),
            normal: -pose.transform_vector(&normal_local),
            gap,
            feature: FeatureId::new(kind::BOX_SPHERE, region[0] + 3 * region[1] + 9 * region[2]),
        });
    }
    m
}
