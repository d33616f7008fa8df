//! Box against box: separating axes, then a reference face clipped against the incident
//! face (or the closest points of two edges).
use num_traits::Float;
use xform::Vector;

use super::clip::{MAX_POLYGON, Polygon};
use super::cuboid::Cuboid;
use super::isometry::Isometry;
use super::manifold::{ContactPoint, FeatureId, Manifold, kind, reduce_to_four};
use super::segment::closest_segment_segment;

/// Relative tolerance (of the smallest half extent) by which a later axis must beat an
/// earlier one (faces of A, then faces of B, then edge pairs) to be chosen: keeps the
/// reference face, hence the feature ids, fixed when two axes tie (a box resting on
/// another).
const AXIS_PREFERENCE: f64 = 1e-3;

/// Slack (relative to the reference face's smallest half extent) by which the side planes
/// of the reference face are pushed out before clipping: an incident vertex that lies on a
/// side plane (boxes of a tower, exactly aligned) stays one point with one feature id under
/// tiny perturbations instead of flipping between a vertex and a clipped edge point.
pub(crate) const CLIP_SLACK: f64 = 1e-4;

fn sign<T: Float>(x: T) -> T {
    if x >= T::zero() { T::one() } else { -T::one() }
}

/// A box in world terms: centre, axes, half extents.
struct Oriented<T> {
    center: Vector<T, 3>,
    axes: [Vector<T, 3>; 3],
    half: Vector<T, 3>,
}

impl<T: Float> Oriented<T> {
    fn new(cuboid: &Cuboid<T>, pose: &Isometry<T>) -> Self {
        Self {
            center: pose.position,
            axes: pose.axes(),
            half: cuboid.half_extents(),
        }
    }

    /// The edge parallel to axis `i` farthest along `dir`: (start, full direction vector,
    /// edge index `4i + sign bits of the other two axes`).
    fn support_edge(&self, i: usize, dir: &Vector<T, 3>) -> (Vector<T, 3>, Vector<T, 3>, u32) {
        let mut center = self.center;
        let mut bits = 0;
        for (slot, k) in [(i + 1) % 3, (i + 2) % 3].into_iter().enumerate() {
            let s = sign(self.axes[k].dot(dir));
            if s > T::zero() {
                bits |= 1 << slot;
            }
            center += self.axes[k] * (s * self.half[k]);
        }
        let along = self.axes[i] * self.half[i];
        (center - along, along + along, (4 * i + bits) as u32)
    }
}

/// The chosen separating axis.
#[derive(Clone, Copy)]
enum Axis {
    /// Face `i` of A (`false`) or B (`true`).
    Face { of_b: bool, i: usize },
    /// Edge directions `i` of A and `j` of B.
    Edge { i: usize, j: usize },
}

/// Contacts of two boxes A and B: the separating-axis test over the 15 axes (3 face normals
/// of each box, 9 cross products of edge directions), then
/// - a face axis: the face of that box facing the other is the reference face; the face of
///   the other box most anti-parallel to it (the incident face) is clipped against the
///   reference face's four side planes (Sutherland–Hodgman; the planes pushed out by 1e-4 of
///   the face's smaller half extent, so that exactly aligned boxes keep their corner
///   points and ids under tiny perturbations); the clipped points at most
///   `margin` above the reference face are kept, reduced to four (deepest first, then
///   largest area);
/// - an edge axis (the best of the 9, chosen only if it beats every face axis by 1e-3 of
///   the smallest half extent): one point, the closest points of the two supporting edges
///   (for separated edges that do not cross in projection, with their own distance and
///   direction as gap and normal).
///
/// Empty when some axis separates the boxes by more than `margin`. The normal is the
/// chosen axis, from B toward A; for penetrating boxes it is a direction of least
/// penetration (to within 1e-3 of the smallest half extent, the bias that keeps the
/// reference face fixed on near ties) and the deepest kept point's gap is minus the
/// penetration depth (to within the same bias). For separated boxes each gap is the distance of its point from the
/// other box, so no gap is below the boxes' distance; the smallest is the distance when a
/// face or an edge pair is closest, and may be larger otherwise (two corners closest), or
/// the manifold may be empty although the distance is within the margin.
///
/// Feature ids name the reference face, the incident face and the two lines each clipped
/// point lies on (an incident edge or a side plane of the reference face), or the two
/// edges: they stay fixed while the same features touch.
///
/// Non-finite input gives one NaN point.
///
/// ```
/// use solver::geometry::{Cuboid, Isometry, cuboid_cuboid};
/// use solver::xform::{Quaternion, Vector};
/// let unit = Cuboid::new(Vector([0.5f64, 0.5, 0.5]))?;
/// let turned = Quaternion::from_axis_angle(&Vector([0.0, 1.0, 0.0]), 0.3);
/// // A sits on B, turned about the vertical, 1 mm deep.
/// let a = Isometry::new(Vector([0.1, 0.999, 0.0]), turned);
/// let m = cuboid_cuboid(&unit, &a, &unit, &Isometry::identity(), 0.01);
/// assert_eq!(m.len(), 4);
/// for c in &m {
///     assert!((c.normal - Vector([0.0, 1.0, 0.0])).norm() < 1e-12);
///     assert!((c.gap + 0.001).abs() < 1e-12);
/// }
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[must_use]
pub fn cuboid_cuboid<T: Float>(
    a: &Cuboid<T>,
    pose_a: &Isometry<T>,
    b: &Cuboid<T>,
    pose_b: &Isometry<T>,
    margin: T,
) -> Manifold<T> {
    if !(pose_a.is_finite() && pose_b.is_finite()) || margin.is_nan() {
        return Manifold::nan();
    }
    let oa = Oriented::new(a, pose_a);
    let ob = Oriented::new(b, pose_b);
    let d = ob.center - oa.center;
    let smallest = (0..3).fold(T::infinity(), |m, k| m.min(oa.half[k]).min(ob.half[k]));
    let tolerance = T::from(AXIS_PREFERENCE).unwrap_or_else(T::zero) * smallest;

    // B's axes in A's frame (`r[i][j] = aᵢ·bⱼ`) and the centres' offset in both frames:
    // every axis' separation follows from them without dot products of its own.
    let r: [[T; 3]; 3] =
        core::array::from_fn(|i| core::array::from_fn(|j| oa.axes[i].dot(&ob.axes[j])));
    let ta: [T; 3] = core::array::from_fn(|i| d.dot(&oa.axes[i]));
    let tb: [T; 3] = core::array::from_fn(|j| d.dot(&ob.axes[j]));
    // Face `i` of A: A's radius along its own axis is its half extent.
    let face_a = |i: usize| {
        let rb = (0..3).fold(T::zero(), |acc, j| acc + ob.half[j] * r[i][j].abs());
        (ta[i].abs() - oa.half[i] - rb, oa.axes[i] * sign(ta[i]))
    };
    let face_b = |j: usize| {
        let ra = (0..3).fold(T::zero(), |acc, i| acc + oa.half[i] * r[i][j].abs());
        (tb[j].abs() - ra - ob.half[j], ob.axes[j] * sign(tb[j]))
    };

    let mut best = Axis::Face { of_b: false, i: 0 };
    let (mut best_sep, mut best_dir) = face_a(0);
    if best_sep > margin {
        return Manifold::new();
    }
    let mut consider = |axis: Axis, (sep, dir): (T, Vector<T, 3>), slack: T| -> bool {
        if sep > margin {
            return false;
        }
        if sep > best_sep + slack {
            best = axis;
            best_sep = sep;
            best_dir = dir;
        }
        true
    };
    for i in 1..3 {
        if !consider(Axis::Face { of_b: false, i }, face_a(i), T::zero()) {
            return Manifold::new();
        }
    }
    for j in 0..3 {
        if !consider(Axis::Face { of_b: true, i: j }, face_b(j), tolerance) {
            return Manifold::new();
        }
    }
    // Edge pairs: the strictly largest separation among them (so that a chosen edge axis
    // is the true least-penetration axis, whose supporting edges cross), then it must beat
    // the faces by the tolerance. In A's frame the axis `aᵢ × bⱼ` is `eᵢ × r[·][j]`: its
    // components `i + 1` and `i + 2` are `−r[i+2][j]` and `r[i+1][j]`, the third is 0.
    let parallel = fpu::sqrt(T::epsilon());
    // `(i, j, separation, offset along the unnormalized axis)` of the best edge pair.
    let mut best_edge: Option<(usize, usize, T, T)> = None;
    for i in 0..3 {
        let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
        for j in 0..3 {
            let (l1, l2) = (-r[i2][j], r[i1][j]);
            let length = fpu::sqrt(l1 * l1 + l2 * l2);
            if length > parallel {
                let s = ta[i1] * l1 + ta[i2] * l2;
                let ra = oa.half[i1] * l1.abs() + oa.half[i2] * l2.abs();
                let rb = (0..3).fold(T::zero(), |acc, m| {
                    acc + ob.half[m] * (r[i1][m] * l1 + r[i2][m] * l2).abs()
                });
                let sep = (s.abs() - ra - rb) / length;
                if sep > margin {
                    return Manifold::new();
                }
                if best_edge.is_none_or(|(_, _, best, _)| sep > best) {
                    best_edge = Some((i, j, sep, s));
                }
            }
        }
    }
    if let Some((i, j, sep, s)) = best_edge
        && sep > best_sep + tolerance
    {
        // The edge axis in world terms, oriented from A to B.
        let l = oa.axes[i].cross(&ob.axes[j]);
        (best, best_sep, best_dir) = (Axis::Edge { i, j }, sep, l / l.norm() * sign(s));
    }

    match best {
        Axis::Face { of_b: false, i } => face_contact(&oa, &ob, i, best_dir, false, margin),
        Axis::Face { of_b: true, i } => face_contact(&ob, &oa, i, -best_dir, true, margin),
        Axis::Edge { i, j } => {
            let (pa, da, ea) = oa.support_edge(i, &best_dir);
            let (pb, db, eb) = ob.support_edge(j, &(-best_dir));
            let closest = closest_segment_segment(&pa, &da, &pb, &db);
            // Separated edges that do not cross in projection: their own distance and
            // direction (the axis' separation underestimates it). Crossing edges: the axis
            // (their common perpendicular, accurate also when nearly touching).
            let diff = closest.on_first - closest.on_second;
            let distance = diff.norm();
            let crossing = |x: T| x > T::zero() && x < T::one();
            let interior = crossing(closest.s) && crossing(closest.t);
            let (normal, gap) = if best_sep > T::zero() && distance > T::zero() && !interior {
                (diff / distance, distance)
            } else {
                (-best_dir, best_sep)
            };
            let mut m = Manifold::new();
            if gap > margin {
                return m;
            }
            m.push(ContactPoint {
                point: closest.on_first,
                normal,
                gap,
                feature: FeatureId::new(kind::BOX_BOX_EDGE, (ea << 4) | eb),
            });
            m
        }
    }
}

/// Face index `2i + (1 if the outward normal is +axis i)`.
fn face_code(i: usize, positive: bool) -> u32 {
    (2 * i + usize::from(positive)) as u32
}

/// Clips the incident face of `incident` against face `i` of `reference`, whose outward
/// normal is `n` (toward the incident box). `reference_is_b` says which box is A.
fn face_contact<T: Float>(
    reference: &Oriented<T>,
    incident: &Oriented<T>,
    i: usize,
    n: Vector<T, 3>,
    reference_is_b: bool,
    margin: T,
) -> Manifold<T> {
    let ref_positive = reference.axes[i].dot(&n) >= T::zero();
    let face_center = reference.center + n * reference.half[i];
    // Incident face: most anti-parallel to n.
    let mut k = 0;
    let mut best = T::neg_infinity();
    for m in 0..3 {
        let c = incident.axes[m].dot(&n).abs();
        if c > best + T::epsilon() {
            k = m;
            best = c;
        }
    }
    let inc_positive = incident.axes[k].dot(&n) < T::zero();
    let outward = if inc_positive {
        incident.axes[k]
    } else {
        -incident.axes[k]
    };
    let ic = incident.center + outward * incident.half[k];
    let p = incident.axes[(k + 1) % 3] * incident.half[(k + 1) % 3];
    let q = incident.axes[(k + 2) % 3] * incident.half[(k + 2) % 3];
    let mut polygon = Polygon::quad([ic + p + q, ic - p + q, ic - p - q, ic + p - q]);
    let mut clipped = polygon;
    let slack = T::from(CLIP_SLACK).unwrap_or_else(T::zero)
        * reference.half[(i + 1) % 3].min(reference.half[(i + 2) % 3]);
    for (slot, side) in [(i + 1) % 3, (i + 2) % 3].into_iter().enumerate() {
        let u = reference.axes[side];
        let reach = u.dot(&face_center);
        let h = reference.half[side] + slack;
        let label = 4 + 2 * slot as u8;
        polygon.clip_into(&mut clipped, &u, reach + h, label);
        clipped.clip_into(&mut polygon, &(-u), -reach + h, label + 1);
    }
    let faces = (u32::from(reference_is_b) << 16)
        | (face_code(i, ref_positive) << 12)
        | (face_code(k, inc_positive) << 8);
    let mut candidates = [ContactPoint::nan(); MAX_POLYGON];
    let mut count = 0;
    for v in polygon.as_slice() {
        let sep = n.dot(&(v.point - face_center));
        if sep <= margin {
            let (point, normal) = if reference_is_b {
                (v.point, n)
            } else {
                (v.point - n * sep, -n)
            };
            candidates[count] = ContactPoint {
                point,
                normal,
                gap: sep,
                feature: FeatureId::new(kind::BOX_BOX_FACE, faces | v.code()),
            };
            count += 1;
        }
    }
    let normal = if reference_is_b { n } else { -n };
    reduce_to_four(&candidates[..count], &normal)
}
