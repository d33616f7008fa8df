//! Capsule against a sphere.
use num_traits::Float;
use xform::Vector;

use super::capsule::Capsule;
use super::isometry::Isometry;
use super::manifold::{ContactPoint, FeatureId, Manifold, kind};
use super::segment::closest_on_segment;
use super::sphere::Sphere;

/// A unit vector perpendicular to `axis` (any, deterministic); `+y` for a zero axis.
pub(crate) fn perpendicular<T: Float>(axis: &Vector<T, 3>) -> Vector<T, 3> {
    let n2 = axis.norm_squared();
    if n2 > T::zero() {
        // Cross with the world axis least aligned with `axis`.
        let mut k = 0;
        for i in 1..3 {
            if axis[i].abs() < axis[k].abs() {
                k = i;
            }
        }
        axis.cross(&Vector::unit(k)).normalize()
    } else {
        Vector::unit(1)
    }
}

/// Contact of a capsule (A) with a sphere (B, centred at `sphere_pose.position`): the point
/// of the capsule's core segment closest to the sphere centre, then sphere against sphere.
///
/// The normal points from the sphere centre toward that core point (for a centre on the
/// core: a direction perpendicular to the axis); the feature id says whether the closest
/// core point is the end 0, the interior or the end 1.
///
/// Non-finite input gives one NaN point.
///
/// ```
/// use solver::geometry::{Capsule, Isometry, Sphere, capsule_sphere};
/// use solver::xform::Vector;
/// let capsule = Capsule::new(0.5f64, 1.0)?;
/// let ball = Sphere::new(0.25)?;
/// // Beside the middle of the capsule, 0.1 away from its side.
/// let m = capsule_sphere(&capsule, &Isometry::identity(), &ball, &Isometry::translation(Vector([0.85, 0.3, 0.0])), 0.2);
/// let c = m.as_slice()[0];
/// assert!((c.gap - 0.1).abs() < 1e-12);
/// assert!((c.normal - Vector([-1.0, 0.0, 0.0])).norm() < 1e-12);
/// assert!((c.point - Vector([0.5, 0.3, 0.0])).norm() < 1e-12);
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[must_use]
pub fn capsule_sphere<T: Float>(
    capsule: &Capsule<T>,
    pose: &Isometry<T>,
    sphere: &Sphere<T>,
    sphere_pose: &Isometry<T>,
    margin: T,
) -> Manifold<T> {
    let center = sphere_pose.position;
    if !(pose.is_finite() && sphere_pose.is_finite()) || margin.is_nan() {
        return Manifold::nan();
    }
    let e0 = pose.transform_point(&capsule.end(0));
    let axis = pose.transform_point(&capsule.end(1)) - e0;
    let s = closest_on_segment(&e0, &axis, &center);
    let core = e0 + axis * s;
    let diff = core - center;
    let distance = diff.norm();
    let normal = if distance > T::zero() {
        diff / distance
    } else {
        perpendicular(&axis)
    };
    let gap = distance - capsule.radius() - sphere.radius();
    let region = if s <= T::zero() {
        0
    } else if s >= T::one() {
        2
    } else {
        1
    };
    let mut m = Manifold::new();
    if gap <= margin {
        m.push(ContactPoint {
            point: core - normal * capsule.radius(),
            normal,
            gap,
            feature: FeatureId::new(kind::CAPSULE_SPHERE, region),
        });
    }
    m
}
