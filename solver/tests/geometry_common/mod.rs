//! Brute-force geometry in f64 for the geometry tests, written without the separating-axis
//! theorem or the library's closest-point code:
//! - signed distance of a point to a box, a segment, a capsule;
//! - distance of two segments by golden-section search of a convex function;
//! - penetration depth of two convex point sets as the distance from the origin to the
//!   boundary of the convex hull of their Minkowski difference, the hull's facets found by
//!   enumerating every triple of points;
//! - distance of two separated boxes from vertex–box and edge–edge distances.
#![allow(dead_code, reason = "each test file uses a part of the helpers")]

use solver::xform::{Quaternion, Vector};

pub(crate) type V = Vector<f64, 3>;

/// A box in world terms, f64.
#[derive(Debug, Clone, Copy)]
pub(crate) struct WorldBox {
    pub(crate) center: V,
    /// Rotation matrix rows: world = center + R·local.
    pub(crate) rot: [[f64; 3]; 3],
    pub(crate) half: [f64; 3],
}

/// Rotation matrix of a unit quaternion, written out (not via xform).
pub(crate) fn matrix(q: &Quaternion<f64>) -> [[f64; 3]; 3] {
    let n = (q.w * q.w + q.x * q.x + q.y * q.y + q.z * q.z).sqrt();
    let (w, x, y, z) = (q.w / n, q.x / n, q.y / n, q.z / n);
    [
        [
            w * w + x * x - y * y - z * z,
            2.0 * (x * y - w * z),
            2.0 * (x * z + w * y),
        ],
        [
            2.0 * (x * y + w * z),
            w * w - x * x + y * y - z * z,
            2.0 * (y * z - w * x),
        ],
        [
            2.0 * (x * z - w * y),
            2.0 * (y * z + w * x),
            w * w - x * x - y * y + z * z,
        ],
    ]
}

pub(crate) fn mul(r: &[[f64; 3]; 3], v: &V) -> V {
    Vector([
        r[0][0] * v[0] + r[0][1] * v[1] + r[0][2] * v[2],
        r[1][0] * v[0] + r[1][1] * v[1] + r[1][2] * v[2],
        r[2][0] * v[0] + r[2][1] * v[1] + r[2][2] * v[2],
    ])
}

pub(crate) fn mul_t(r: &[[f64; 3]; 3], v: &V) -> V {
    Vector([
        r[0][0] * v[0] + r[1][0] * v[1] + r[2][0] * v[2],
        r[0][1] * v[0] + r[1][1] * v[1] + r[2][1] * v[2],
        r[0][2] * v[0] + r[1][2] * v[1] + r[2][2] * v[2],
    ])
}

impl WorldBox {
    pub(crate) fn new(center: V, q: &Quaternion<f64>, half: [f64; 3]) -> Self {
        Self {
            center,
            rot: matrix(q),
            half,
        }
    }

    pub(crate) fn vertices(&self) -> [V; 8] {
        core::array::from_fn(|i| {
            let local = Vector([
                if i & 1 != 0 {
                    self.half[0]
                } else {
                    -self.half[0]
                },
                if i & 2 != 0 {
                    self.half[1]
                } else {
                    -self.half[1]
                },
                if i & 4 != 0 {
                    self.half[2]
                } else {
                    -self.half[2]
                },
            ]);
            self.center + mul(&self.rot, &local)
        })
    }

    /// The 12 edges as (start, end).
    pub(crate) fn edges(&self) -> [(V, V); 12] {
        let v = self.vertices();
        let mut out = [(v[0], v[0]); 12];
        let mut n = 0;
        for i in 0..8 {
            for bit in [1, 2, 4] {
                if i & bit == 0 {
                    out[n] = (v[i], v[i | bit]);
                    n += 1;
                }
            }
        }
        out
    }

    /// Exact signed distance (the usual `|max(q, 0)| + min(max q, 0)`, `q = |p| − h`).
    pub(crate) fn sdf(&self, p: &V) -> f64 {
        let local = mul_t(&self.rot, &(*p - self.center));
        let q: [f64; 3] = core::array::from_fn(|k| local[k].abs() - self.half[k]);
        let outside = Vector(q.map(|x| x.max(0.0))).norm();
        outside + q[0].max(q[1]).max(q[2]).min(0.0)
    }

    /// Support function h(u) = max over the box of x·u.
    pub(crate) fn support(&self, u: &V) -> f64 {
        self.vertices()
            .iter()
            .map(|v| v.dot(u))
            .fold(f64::NEG_INFINITY, f64::max)
    }
}

/// Distance of a point to a segment, by projection and clamping.
pub(crate) fn point_segment(p: &V, a: &V, b: &V) -> f64 {
    let d = *b - *a;
    let t = if d.norm_squared() > 0.0 {
        ((*p - *a).dot(&d) / d.norm_squared()).clamp(0.0, 1.0)
    } else {
        0.0
    };
    (*p - (*a + d * t)).norm()
}

/// Minimum of a convex function on [0, 1] by golden-section search (to ~1e-12).
pub(crate) fn golden_min(f: impl Fn(f64) -> f64) -> f64 {
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut a, mut b) = (0.0, 1.0);
    let mut c = b - g * (b - a);
    let mut d = a + g * (b - a);
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..80 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - g * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    f(0.0).min(f(1.0)).min(fc).min(fd)
}

/// Distance of two segments (convex in the first parameter).
pub(crate) fn segment_segment(a0: &V, a1: &V, b0: &V, b1: &V) -> f64 {
    golden_min(|s| point_segment(&(*a0 + (*a1 - *a0) * s), b0, b1))
}

/// Penetration depth and direction of two overlapping convex sets given by point sets
/// `a`, `b` (their hulls): `Some((depth, u))` with `u` the unit direction from B toward A
/// of least penetration, if the origin is strictly inside hull(a − b); `None` otherwise.
/// Facets by brute force over all point triples (degenerate hulls: `None`).
pub(crate) fn hull_depth(a: &[V], b: &[V]) -> Option<(f64, V)> {
    let mut pts = Vec::new();
    for p in a {
        for q in b {
            pts.push(*p - *q);
        }
    }
    let scale = pts.iter().map(|p| p.norm()).fold(0.0, f64::max).max(1e-300);
    let tol = 1e-9 * scale;
    let mut best: Option<(f64, V)> = None;
    let n = pts.len();
    for i in 0..n {
        for j in i + 1..n {
            for k in j + 1..n {
                let normal = (pts[j] - pts[i]).cross(&(pts[k] - pts[i]));
                let len = normal.norm();
                if len < 1e-9 * scale * scale {
                    continue;
                }
                let mut m = normal / len;
                let mut d = m.dot(&pts[i]);
                let (mut above, mut below) = (false, false);
                for p in &pts {
                    let s = m.dot(p) - d;
                    above |= s > tol;
                    below |= s < -tol;
                }
                if above && below {
                    continue;
                }
                if above {
                    m = -m;
                    d = -d;
                }
                // Facet with outward normal m at offset d; origin inside needs d > 0.
                if d <= 0.0 {
                    return None;
                }
                if best.is_none_or(|(bd, _)| d < bd) {
                    best = Some((d, -m));
                }
            }
        }
    }
    best
}

/// Distance of two disjoint boxes: vertices against the other box, edges against edges.
pub(crate) fn box_box_distance(a: &WorldBox, b: &WorldBox) -> f64 {
    let mut best = f64::INFINITY;
    for v in a.vertices() {
        best = best.min(b.sdf(&v));
    }
    for v in b.vertices() {
        best = best.min(a.sdf(&v));
    }
    for (a0, a1) in a.edges() {
        for (b0, b1) in b.edges() {
            best = best.min(segment_segment(&a0, &a1, &b0, &b1));
        }
    }
    best
}

/// Signed distance of two boxes (negative: penetration depth), with the direction of least
/// penetration when they overlap.
pub(crate) fn box_box_signed(a: &WorldBox, b: &WorldBox) -> (f64, Option<V>) {
    match hull_depth(&a.vertices(), &b.vertices()) {
        Some((depth, u)) => (-depth, Some(u)),
        None => (box_box_distance(a, b), None),
    }
}

/// Signed distance of a box and a segment (negative: penetration depth of the segment).
pub(crate) fn box_segment_signed(bx: &WorldBox, s0: &V, s1: &V) -> (f64, Option<V>) {
    let along = golden_min(|t| bx.sdf(&(*s0 + (*s1 - *s0) * t)));
    if along > 0.0 {
        return (along, None);
    }
    match hull_depth(&[*s0, *s1], &bx.vertices()) {
        Some((depth, u)) => (-depth, Some(u)),
        None => (along, None),
    }
}

/// Separation of A and B along unit `u` (from B toward A) given support functions:
/// `−h_A(−u) − h_B(u)`.
pub(crate) fn separation_along(ha: impl Fn(&V) -> f64, hb: impl Fn(&V) -> f64, u: &V) -> f64 {
    -ha(&(-*u)) - hb(u)
}

/// Support of a segment swept by a ball.
pub(crate) fn capsule_support(e0: &V, e1: &V, r: f64, u: &V) -> f64 {
    e0.dot(u).max(e1.dot(u)) + r * u.norm()
}

/// Deterministic random unit quaternion from three numbers in [0, 1) (Shoemake).
pub(crate) fn quaternion(u: [f64; 3]) -> Quaternion<f64> {
    let tau = core::f64::consts::TAU;
    let (a, b) = ((1.0 - u[0]).sqrt(), u[0].sqrt());
    Quaternion::new(
        a * (tau * u[1]).sin(),
        a * (tau * u[1]).cos(),
        b * (tau * u[2]).sin(),
        b * (tau * u[2]).cos(),
    )
}
