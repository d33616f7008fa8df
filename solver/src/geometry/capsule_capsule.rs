//! Capsule against capsule.
use num_traits::Float;
use xform::Vector;

use super::capsule::Capsule;
use super::capsule_sphere::perpendicular;
use super::isometry::Isometry;
use super::manifold::{ContactPoint, FeatureId, Manifold, kind};
use super::segment::{closest_on_segment, closest_segment_segment};

/// Core segments closer to parallel than this (sine of the angle) touch along a line and
/// get two points.
const PARALLEL_SINE: f64 = 1e-3;

fn region<T: Float>(s: T) -> u32 {
    if s <= T::zero() {
        0
    } else if s >= T::one() {
        2
    } else {
        1
    }
}

/// Contacts of two capsules A and B from the closest points of their core segments
/// (Ericson's segment–segment closest points): one point, or two when the cores are
/// parallel (to within a sine of 1e-3) and overlap along their length — at the two ends of
/// the overlap, each with its own point–segment distance, so a capsule lying on another
/// has a stable two-point support (deepest first; if the nearly parallel cores cross
/// between the ends, the crossing comes first as a third point, so the deepest gap is
/// always the exact core distance minus the radii).
///
/// Each gap is the core distance minus both radii; the normal points from B's core toward
/// A's (for intersecting cores: along the cross product of the axes, oriented from B's
/// centre toward A's). Feature ids say which end or the interior of each core is closest,
/// or which end bounds the overlap.
///
/// Non-finite input gives one NaN point.
///
/// ```
/// use solver::geometry::{Capsule, Isometry, capsule_capsule};
/// use solver::xform::{Quaternion, Vector};
/// let rod = Capsule::new(0.1, 1.0)?;
/// // Crossed at right angles, cores 0.15 apart: 0.05 deep.
/// let across = Quaternion::from_axis_angle(&Vector([1.0, 0.0, 0.0]), core::f64::consts::FRAC_PI_2);
/// let m = capsule_capsule(&rod, &Isometry::translation(Vector([0.15, 0.0, 0.0])), &rod, &Isometry::new(Vector::zeros(), across), 0.0);
/// assert_eq!(m.len(), 1);
/// assert!((m.as_slice()[0].gap + 0.05).abs() < 1e-12);
/// // Side by side and parallel: two points.
/// let m = capsule_capsule(&rod, &Isometry::translation(Vector([0.2, 0.5, 0.0])), &rod, &Isometry::identity(), 0.0);
/// assert_eq!(m.len(), 2);
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[must_use]
pub fn capsule_capsule<T: Float>(
    a: &Capsule<T>,
    pose_a: &Isometry<T>,
    b: &Capsule<T>,
    pose_b: &Isometry<T>,
    margin: T,
) -> Manifold<T> {
    if !(pose_a.is_finite() && pose_b.is_finite()) || margin.is_nan() {
        return Manifold::nan();
    }
    // Core segments: one rotation each.
    let half_a = pose_a.transform_vector(&a.end(1));
    let (a0, da) = (pose_a.position - half_a, half_a + half_a);
    let half_b = pose_b.transform_vector(&b.end(1));
    let (b0, db) = (pose_b.position - half_b, half_b + half_b);
    let radii = a.radius() + b.radius();
    // Every point's gap is at least the cores' distance minus the radii (up to rounding):
    // cores beyond the margin by more than that have no point, and most candidate pairs of
    // a pile (bounding spheres overlapping, thin capsules apart) end here.
    let closest = closest_segment_segment(&a0, &da, &b0, &db);
    let (la2, lb2) = (da.norm_squared(), db.norm_squared());
    let noise = T::from(16.0).unwrap_or_else(T::one)
        * T::epsilon()
        * (fpu::sqrt(la2) + fpu::sqrt(lb2) + radii);
    if (closest.on_first - closest.on_second).norm() - radii > margin + noise {
        return Manifold::new();
    }
    let cross = da.cross(&db);
    let centers = pose_a.position - pose_b.position;
    // The normal for touching cores: across both axes, from B toward A.
    let fallback = || {
        let c = cross.norm();
        let n = if c > T::zero() {
            cross / c
        } else if da.norm_squared() > T::zero() {
            perpendicular(&da)
        } else {
            perpendicular(&db)
        };
        if n.dot(&centers) < T::zero() { -n } else { n }
    };
    let point = |pa: Vector<T, 3>, pb: Vector<T, 3>, feature: u32| {
        let diff = pa - pb;
        let distance = diff.norm();
        let normal = if distance > T::zero() {
            diff / distance
        } else {
            fallback()
        };
        ContactPoint {
            point: pa - normal * a.radius(),
            normal,
            gap: distance - radii,
            feature: FeatureId::new(kind::CAPSULE_CAPSULE, feature),
        }
    };
    let mut m = Manifold::new();
    let sine = T::from(PARALLEL_SINE).unwrap_or_else(T::zero);
    if la2 > T::zero() && lb2 > T::zero() && cross.norm_squared() <= sine * sine * la2 * lb2 {
        // Parallel: the overlap of B's projection on A's parameter range.
        let t0 = (b0 - a0).dot(&da) / la2;
        let t1 = (b0 + db - a0).dot(&da) / la2;
        let (b_lo, b_hi, label_lo, label_hi) = if t0 <= t1 {
            (t0, t1, 2, 3)
        } else {
            (t1, t0, 3, 2)
        };
        // A's ends win near-ties (identical capsules exactly stacked keep their ids).
        let slack = T::from(super::cuboid_cuboid::CLIP_SLACK).unwrap_or_else(T::zero);
        let (lo, label_lo) = if b_lo > slack {
            (b_lo, label_lo)
        } else {
            (T::zero(), 0)
        };
        let (hi, label_hi) = if b_hi < T::one() - slack {
            (b_hi, label_hi)
        } else {
            (T::one(), 1)
        };
        if hi > lo {
            let end = |t: T, code: u32| {
                let pa = a0 + da * t;
                point(pa, b0 + db * closest_on_segment(&b0, &db, &pa), code)
            };
            let (first, second) = (end(lo, 16 + label_lo), end(hi, 24 + label_hi));
            // Deepest first. Cores that cross between the ends (not quite parallel) are
            // closest at the crossing: that point comes first, so the deepest gap and its
            // normal stay exact.
            let (first, second) = if second.gap < first.gap {
                (second, first)
            } else {
                (first, second)
            };
            let crossing = point(
                closest.on_first,
                closest.on_second,
                3 * region(closest.s) + region(closest.t),
            );
            let candidates = [crossing, first, second];
            let skip = usize::from(crossing.gap >= first.gap - noise);
            for c in &candidates[skip..] {
                if c.gap <= margin {
                    m.push(*c);
                }
            }
            return m;
        }
    }
    let feature = 3 * region(closest.s) + region(closest.t);
    let c = if feature == 4 && cross.norm_squared() > T::zero() {
        // Both closest points inside their segments: the distance is along the common
        // perpendicular of the two lines, computed from it directly (accurate also when
        // the cores nearly touch, where `pa − pb` is mostly rounding).
        let n = cross / cross.norm();
        let along = (a0 - b0).dot(&n);
        let normal = if along < T::zero() { -n } else { n };
        ContactPoint {
            point: closest.on_first - normal * a.radius(),
            normal,
            gap: along.abs() - radii,
            feature: FeatureId::new(kind::CAPSULE_CAPSULE, feature),
        }
    } else {
        point(closest.on_first, closest.on_second, feature)
    };
    if c.gap <= margin {
        m.push(c);
    }
    m
}
