//! Capsule against box.
use num_traits::Float;
use xform::Vector;

use super::capsule::Capsule;
use super::cuboid::Cuboid;
use super::isometry::Isometry;
use super::manifold::{ContactPoint, FeatureId, Manifold, kind};
use super::segment::closest_segment_segment;

/// Relative tolerance (of the smallest half extent) by which an edge axis must beat a face
/// axis to be chosen (keeps the reference face on near ties).
const AXIS_PREFERENCE: f64 = 1e-3;

fn sign<T: Float>(x: T) -> T {
    if x >= T::zero() { T::one() } else { -T::one() }
}

/// Contacts of a capsule (A) with a box (B), in the box frame: the separating-axis test of
/// the capsule's core segment against the box (axes: the 3 face normals and the 3 cross
/// products of the segment with the box edges, complete for a segment and a box), then
/// - core outside the box: the exact closest points (segment ends against the box, the
///   segment against the 12 box edges); the gap is that distance minus the radius; when
///   the closest box point lies inside a face, the segment clipped to that face's side
///   planes gives up to two points (a capsule lying on a box has two), otherwise one point
///   (at an edge or a corner);
/// - core touching or inside the box: the axis of least penetration (a cross axis must
///   beat the faces by 1e-3 of the smallest half extent); a face axis gives the clipped
///   segment's one or two points, a cross axis one point, the closest points of the core
///   and the supporting box edge.
///
/// Normals point from the box toward the capsule; points are on the capsule's surface
/// (a second clipped point may lie just inside the capsule when the core is tilted).
/// Feature ids name the face and which end or side plane bounds each clipped point, or the
/// edge, or the box region and capsule end of a single point.
///
/// Non-finite input gives one NaN point.
///
/// ```
/// use solver::geometry::{Capsule, Cuboid, Isometry, capsule_cuboid};
/// use solver::xform::{Quaternion, Vector};
/// let capsule = Capsule::new(0.1f64, 0.5)?;
/// let table = Cuboid::new(Vector([1.0, 0.5, 1.0]))?;
/// // Lying along x on top of the box, 1 mm deep.
/// let lying = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
/// let m = capsule_cuboid(&capsule, &Isometry::new(Vector([0.0, 0.599, 0.0]), lying), &table, &Isometry::identity(), 0.0);
/// assert_eq!(m.len(), 2);
/// assert!(m.iter().all(|c| (c.gap + 0.001).abs() < 1e-12 && (c.normal - Vector([0.0, 1.0, 0.0])).norm() < 1e-12));
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[must_use]
pub fn capsule_cuboid<T: Float>(
    capsule: &Capsule<T>,
    pose_a: &Isometry<T>,
    cuboid: &Cuboid<T>,
    pose_b: &Isometry<T>,
    margin: T,
) -> Manifold<T> {
    if !(pose_a.is_finite() && pose_b.is_finite()) || margin.is_nan() {
        return Manifold::nan();
    }
    let r = capsule.radius();
    let h = cuboid.half_extents();
    // Core segment in the box frame.
    let p0 = pose_b.inverse_transform_point(&pose_a.transform_point(&capsule.end(0)));
    let p1 = pose_b.inverse_transform_point(&pose_a.transform_point(&capsule.end(1)));
    let d = p1 - p0;
    let to_world = |c: Local<T>| ContactPoint {
        point: pose_b.transform_point(&c.point),
        normal: pose_b.transform_vector(&c.normal),
        gap: c.gap,
        feature: c.feature,
    };

    // Separating axes: (separation of the core, unit axis from the box toward the core).
    let separation = |l: &Vector<T, 3>| -> (T, Vector<T, 3>) {
        let (s0, s1) = (p0.dot(l), p1.dot(l));
        let reach = (0..3).fold(T::zero(), |acc, k| acc + h[k] * l[k].abs());
        let above = s0.min(s1) - reach;
        let below = -reach - s0.max(s1);
        if above >= below {
            (above, *l)
        } else {
            (below, -*l)
        }
    };
    let mut best_face = true;
    let mut best_index = 0;
    let (mut best_sep, mut best_dir) = separation(&Vector::unit(0));
    for k in 1..3 {
        let (sep, dir) = separation(&Vector::unit(k));
        if sep > best_sep {
            (best_index, best_sep, best_dir) = (k, sep, dir);
        }
    }
    let smallest = h[0].min(h[1]).min(h[2]);
    let tolerance = T::from(AXIS_PREFERENCE).unwrap_or_else(T::zero) * smallest;
    let parallel = fpu::sqrt(T::epsilon()) * d.norm();
    // The strictly best cross axis (a chosen one is then the true least-penetration axis),
    // which must beat the faces by the tolerance.
    let mut best_cross: Option<(usize, T, Vector<T, 3>)> = None;
    for k in 0..3 {
        let l = d.cross(&Vector::unit(k));
        let length = l.norm();
        if length > parallel && length > T::zero() {
            let (sep, dir) = separation(&(l / length));
            if best_cross.is_none_or(|(_, s, _)| sep > s) {
                best_cross = Some((k, sep, dir));
            }
        }
    }
    if let Some((k, sep, dir)) = best_cross
        && sep > best_sep + tolerance
    {
        (best_face, best_index, best_sep, best_dir) = (false, k, sep, dir);
    }
    if best_sep - r > margin {
        return Manifold::new();
    }

    let mut m = Manifold::new();
    if best_sep > T::zero() {
        // Separated core. Fast path: a face axis whose clipped segment reaches down to the
        // axis' separation (a lower bound of the distance) has found the distance.
        if best_face {
            face_points(&p0, &d, &h, best_index, &best_dir, r, margin, &mut m);
            let lowest = m.min_gap().map(|g| g + r);
            let reach = fpu::sqrt(T::epsilon()) * smallest;
            if lowest.is_some_and(|l| l - best_sep <= reach) {
                for c in m.as_slice_mut() {
                    *c = to_world(Local::from(*c));
                }
                return m;
            }
            m = Manifold::new();
        }
        // Otherwise the exact closest points.
        let closest = closest_to_box(&p0, &d, &h);
        let on_box = closest.on_box;
        let diff = closest.core - on_box;
        // Segment interior against edge interior: along their common perpendicular,
        // computed from the directions (accurate also for nearly touching shapes).
        let across = closest.edge.map(|k| d.cross(&Vector::unit(k)));
        let (normal, distance) = match across {
            Some(l) if l.norm_squared() > T::zero() => {
                let n = l / l.norm();
                let along = diff.dot(&n);
                (if along < T::zero() { -n } else { n }, along.abs())
            }
            _ => {
                let distance = diff.norm();
                let normal = if distance > T::zero() {
                    diff / distance
                } else {
                    best_dir
                };
                (normal, distance)
            }
        };
        if distance - r > margin {
            return m;
        }
        // The closest box point inside a face (not on an edge): that face is the
        // reference, its clipped segment gives one or two points.
        let on_faces: [bool; 3] = core::array::from_fn(|i| on_box[i].abs() >= h[i]);
        if on_faces.iter().filter(|&&f| f).count() == 1 {
            let k = on_faces.iter().position(|&f| f).unwrap_or(0);
            let face_normal = Vector::unit(k) * sign(on_box[k]);
            face_points(&p0, &d, &h, k, &face_normal, r, margin, &mut m);
            if !m.is_empty() {
                for c in m.as_slice_mut() {
                    *c = to_world(Local::from(*c));
                }
                return m;
            }
        }
        m.push(to_world(Local {
            point: closest.core - normal * r,
            normal,
            gap: distance - r,
            feature: FeatureId::new(
                kind::CAPSULE_BOX_POINT,
                region_code(&on_box, &h) * 4 + closest.end,
            ),
        }));
        return m;
    }
    if best_face {
        face_points(&p0, &d, &h, best_index, &best_dir, r, margin, &mut m);
        for c in m.as_slice_mut() {
            *c = to_world(Local::from(*c));
        }
        return m;
    }
    // Edge axis: the core against the box edge along `best_index` farthest toward the core.
    let k = best_index;
    let mut start = Vector::zeros();
    let mut bits = 0;
    for (slot, i) in [(k + 1) % 3, (k + 2) % 3].into_iter().enumerate() {
        let s = sign(best_dir[i]);
        if s > T::zero() {
            bits |= 1 << slot;
        }
        start[i] = s * h[i];
    }
    start[k] = -h[k];
    let mut along = Vector::zeros();
    along[k] = h[k] + h[k];
    let closest = closest_segment_segment(&p0, &d, &start, &along);
    m.push(to_world(Local {
        point: closest.on_first - best_dir * r,
        normal: best_dir,
        gap: best_sep - r,
        feature: FeatureId::new(kind::CAPSULE_BOX_EDGE, (4 * k + bits) as u32),
    }));
    m
}

/// A contact in the box frame.
#[derive(Clone, Copy)]
struct Local<T> {
    point: Vector<T, 3>,
    normal: Vector<T, 3>,
    gap: T,
    feature: FeatureId,
}

impl<T> From<ContactPoint<T>> for Local<T> {
    fn from(c: ContactPoint<T>) -> Self {
        Self {
            point: c.point,
            normal: c.normal,
            gap: c.gap,
            feature: c.feature,
        }
    }
}

/// 0..27: which of the 3×3×3 regions (below, inside, above per axis) of the box a point on
/// its surface is in (faces, edges, corners).
fn region_code<T: Float>(p: &Vector<T, 3>, h: &Vector<T, 3>) -> u32 {
    (0..3).fold(0, |code, k| {
        let r = if p[k] >= h[k] {
            2
        } else if p[k] <= -h[k] {
            0
        } else {
            1
        };
        code * 3 + r
    })
}

/// The closest point of box `[-h, h]` to `p`.
fn clamp_to_box<T: Float>(p: &Vector<T, 3>, h: &Vector<T, 3>) -> Vector<T, 3> {
    Vector([
        p[0].max(-h[0]).min(h[0]),
        p[1].max(-h[1]).min(h[1]),
        p[2].max(-h[2]).min(h[2]),
    ])
}

/// Closest points of a segment and a box.
struct Closest<T> {
    /// On the segment.
    core: Vector<T, 3>,
    /// 0, 1 or 2: the segment's end 0, interior, end 1.
    end: u32,
    /// On the box.
    on_box: Vector<T, 3>,
    /// The box edge direction when the segment's interior is closest to an edge's interior.
    edge: Option<usize>,
}

/// Closest points of the segment `p0 + s·d` (outside the box) and the box `[-h, h]`. The
/// minimum is at a segment end against the box or at the segment against a box edge.
fn closest_to_box<T: Float>(p0: &Vector<T, 3>, d: &Vector<T, 3>, h: &Vector<T, 3>) -> Closest<T> {
    let p1 = *p0 + *d;
    let q0 = clamp_to_box(p0, h);
    let q1 = clamp_to_box(&p1, h);
    let mut best = Closest {
        core: *p0,
        end: 0,
        on_box: q0,
        edge: None,
    };
    let mut best_d2 = (*p0 - q0).norm_squared();
    let d1 = (p1 - q1).norm_squared();
    if d1 < best_d2 {
        best = Closest {
            core: p1,
            end: 2,
            on_box: q1,
            edge: None,
        };
        best_d2 = d1;
    }
    for k in 0..3 {
        let mut along = Vector::zeros();
        along[k] = h[k] + h[k];
        for bits in 0..4 {
            let mut start = Vector::zeros();
            start[k] = -h[k];
            let (i, j) = ((k + 1) % 3, (k + 2) % 3);
            start[i] = if bits & 1 != 0 { h[i] } else { -h[i] };
            start[j] = if bits & 2 != 0 { h[j] } else { -h[j] };
            let c = closest_segment_segment(p0, d, &start, &along);
            let d2 = (c.on_first - c.on_second).norm_squared();
            if d2 < best_d2 {
                let inside = |x: T| x > T::zero() && x < T::one();
                let end = if c.s <= T::zero() {
                    0
                } else if c.s >= T::one() {
                    2
                } else {
                    1
                };
                best = Closest {
                    core: c.on_first,
                    end,
                    on_box: c.on_second,
                    edge: (inside(c.s) && inside(c.t)).then_some(k),
                };
                best_d2 = d2;
            }
        }
    }
    best
}

/// The segment clipped to the side planes of face `k` (outward normal `n = ±e_k`) of box
/// `[-h, h]`: its clipped ends whose gap (height above the face minus `r`) is `<= margin`.
#[allow(
    clippy::too_many_arguments,
    reason = "a private helper over the local frame's named quantities"
)]
fn face_points<T: Float>(
    p0: &Vector<T, 3>,
    d: &Vector<T, 3>,
    h: &Vector<T, 3>,
    k: usize,
    n: &Vector<T, 3>,
    r: T,
    margin: T,
    out: &mut Manifold<T>,
) {
    // Side planes pushed out a little, as for boxes (stable ids for aligned shapes).
    let slack = T::from(super::cuboid_cuboid::CLIP_SLACK).unwrap_or_else(T::zero);
    // Parameter range and what bounds each end: 0/1 the capsule ends, 2.. a side plane.
    let (mut lo, mut hi, mut label_lo, mut label_hi) = (T::zero(), T::one(), 0u32, 1u32);
    for (slot, i) in [(k + 1) % 3, (k + 2) % 3].into_iter().enumerate() {
        for (side, s) in [T::one(), -T::one()].into_iter().enumerate() {
            // Keep s·x_i <= h_i.
            let label = 2 + 2 * slot as u32 + side as u32;
            let start = s * p0[i] - h[i] * (T::one() + slack);
            let rate = s * d[i];
            if rate == T::zero() {
                if start > T::zero() {
                    return;
                }
            } else {
                let t = -start / rate;
                if rate > T::zero() {
                    if t < hi {
                        (hi, label_hi) = (t, label);
                    }
                } else if t > lo {
                    (lo, label_lo) = (t, label);
                }
            }
        }
    }
    if hi < lo {
        return;
    }
    let face = (2 * k as u32 + u32::from(n[k] > T::zero())) << 8;
    let ends: &[(T, u32)] = if hi > lo && d.norm_squared() > T::zero() {
        &[(lo, label_lo), (hi, label_hi)]
    } else {
        &[(lo, label_lo)]
    };
    for &(t, label) in ends {
        let core = *p0 + *d * t;
        let gap = n.dot(&core) - h[k] - r;
        if gap <= margin {
            out.push(ContactPoint {
                point: core - *n * r,
                normal: *n,
                gap,
                feature: FeatureId::new(kind::CAPSULE_BOX_FACE, face | label),
            });
        }
    }
}
