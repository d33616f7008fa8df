//! Property tests of every contact pair against brute-force signed distances in f64
//! (`geometry_common`: Minkowski-difference hulls by triple enumeration, golden-section
//! segment distances, exact point SDFs), random poses, instantiated for f64 and f32.
//!
//! For each manifold: gaps never deeper than the true signed distance, never above the
//! margin, contact points in A and `point − normal·gap` in B, on both surfaces for the
//! deepest point (to within the face preference); when the shapes
//! penetrate, the manifold is not empty, its deepest gap is minus the penetration depth and
//! its normal a direction of least penetration; for the pairs whose distance is exact
//! (everything but two separated boxes) the deepest gap is the signed distance whenever it
//! is within the margin, and nothing is reported beyond it.
use crate::geometry_common;

use geometry_common::{
    V, WorldBox, box_box_signed, box_segment_signed, capsule_support, point_segment, quaternion,
    segment_segment, separation_along,
};
use proptest::prelude::*;
use solver::xform::{Quaternion, Vector};

/// What the brute force says about a pair.
struct Truth {
    /// Signed distance (negative: penetration depth).
    signed: f64,
    /// Whether the library's gaps are exact for separated shapes (all but box–box).
    exact_when_separated: bool,
}

/// Checks a manifold (converted to f64) against the truth and the shapes' SDFs and
/// support functions.
#[allow(clippy::too_many_arguments, reason = "test helper over named closures")]
fn check(
    points: &[(V, V, f64)],
    truth: &Truth,
    margin: f64,
    tol: f64,
    surface_tol: f64,
    normal_tol: f64,
    sdf_a: &dyn Fn(&V) -> f64,
    sdf_b: &dyn Fn(&V) -> f64,
    separation: &dyn Fn(&V) -> f64,
) -> Result<(), TestCaseError> {
    let sd = truth.signed;
    for (point, normal, gap) in points {
        prop_assert!(point.is_finite() && normal.is_finite() && gap.is_finite());
        prop_assert!((normal.norm() - 1.0).abs() <= tol, "normal {normal:?}");
        prop_assert!(*gap <= margin + tol, "gap {gap} above margin {margin}");
        prop_assert!(
            *gap >= sd - tol - normal_tol,
            "gap {gap} deeper than truth {sd}"
        );
        // In A and in B (a capsule's second end point may lie just inside its capsule).
        let on_a = sdf_a(point);
        prop_assert!(on_a <= surface_tol, "point outside A by {on_a}");
        let on_b = sdf_b(&(*point - *normal * *gap));
        prop_assert!(on_b <= surface_tol, "point on B outside B by {on_b}");
    }
    let min_gap = points.iter().map(|p| p.2).fold(f64::INFINITY, f64::min);
    if std::env::var_os("GEOMETRY_STATS").is_some() {
        eprintln!("stats sd={sd:.4} n={} min_gap={min_gap:.4}", points.len());
    }
    // The deepest point is on both surfaces (to within the face preference, which may
    // pick a face's clipped point over a slightly better edge).
    if let Some((point, normal, gap)) = points.iter().find(|p| p.2 == min_gap) {
        let on_a = sdf_a(point);
        prop_assert!(
            on_a.abs() <= surface_tol + normal_tol,
            "deepest point off A by {on_a}"
        );
        let on_b = sdf_b(&(*point - *normal * *gap));
        prop_assert!(
            on_b.abs() <= surface_tol + normal_tol,
            "deepest point on B off by {on_b}"
        );
    }
    if sd < -normal_tol - tol {
        prop_assert!(!points.is_empty(), "penetration {sd} not reported");
        prop_assert!(
            (min_gap - sd).abs() <= tol + normal_tol,
            "deepest gap {min_gap} vs truth {sd}"
        );
        let along = separation(&points[0].1);
        prop_assert!(
            (along - sd).abs() <= tol + normal_tol,
            "separation along the normal {along} vs truth {sd}"
        );
    }
    if truth.exact_when_separated {
        if sd <= margin - tol {
            prop_assert!(
                !points.is_empty(),
                "contact at {sd} <= margin {margin} missed"
            );
            prop_assert!(
                (min_gap - sd).abs() <= tol + normal_tol,
                "{min_gap} vs {sd}"
            );
        }
        if sd > margin + tol + normal_tol {
            prop_assert!(
                points.is_empty(),
                "contact reported at {sd} > margin {margin}"
            );
        }
    }
    Ok(())
}

fn capsule_ends(center: &V, q: &Quaternion<f64>, half_height: f64) -> (V, V) {
    let axis = geometry_common::mul(
        &geometry_common::matrix(q),
        &Vector([0.0, half_height, 0.0]),
    );
    (*center - axis, *center + axis)
}

macro_rules! contact_tests {
    ($name:ident, $t:ty, $tol:expr) => {
        mod $name {
            use super::*;
            use solver::geometry::{
                Capsule, Cuboid, HalfSpace, Isometry, Manifold, Sphere, capsule_capsule,
                capsule_cuboid, capsule_plane, capsule_sphere, cuboid_cuboid, cuboid_plane,
                cuboid_sphere,
            };

            type T = $t;
            const TOL: f64 = $tol;
            /// The axis preference of box faces over later axes (1e-3 of the smallest
            /// half extent, at most 1e-3 here) plus the clipping slack.
            const PREFERENCE: f64 = 1.2e-3;

            fn v(x: [f64; 3]) -> Vector<T, 3> {
                Vector(x.map(|c| c as T))
            }
            fn back(x: &Vector<T, 3>) -> V {
                Vector(x.0.map(|c| c as f64))
            }
            fn pose(p: [f64; 3], r: [f64; 3]) -> (Isometry<T>, V, Quaternion<f64>) {
                let q = quaternion(r);
                let qt = Quaternion::new(q.w as T, q.x as T, q.y as T, q.z as T);
                // The reference sees exactly the (rounded) input.
                let q64 = Quaternion::new(qt.w as f64, qt.x as f64, qt.y as f64, qt.z as f64);
                (Isometry::new(v(p), qt), back(&v(p)), q64)
            }
            fn points(m: &Manifold<T>) -> Vec<(V, V, f64)> {
                m.iter().map(|c| (back(&c.point), back(&c.normal), c.gap as f64)).collect()
            }
            fn rounded(x: f64) -> f64 {
                x as T as f64
            }

            fn position() -> impl Strategy<Value = [f64; 3]> {
                [-1.5..1.5f64, -1.5..1.5f64, -1.5..1.5f64]
            }
            /// An offset from the first shape: most pairs overlap or nearly touch.
            fn near() -> impl Strategy<Value = [f64; 3]> {
                [-1.6..1.6f64, -1.6..1.6f64, -1.6..1.6f64]
            }
            fn plus(p: [f64; 3], d: [f64; 3]) -> [f64; 3] {
                [p[0] + d[0], p[1] + d[1], p[2] + d[2]]
            }
            fn rotation() -> impl Strategy<Value = [f64; 3]> {
                [0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64]
            }
            fn extents() -> impl Strategy<Value = [f64; 3]> {
                [0.2..1.0f64, 0.2..1.0f64, 0.2..1.0f64]
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(128))]

                #[test]
                fn box_plane(p in position(), r in rotation(), h in extents(),
                             n in [-1.0..1.0f64, -1.0..1.0f64, -1.0..1.0f64],
                             offset in -1.0..1.0f64, margin in 0.0..0.2f64) {
                    prop_assume!(Vector(n).norm() > 0.1);
                    let cuboid = Cuboid::new(v(h)).unwrap();
                    let plane = HalfSpace::new(v(n), offset as T).unwrap();
                    let (pa, c, q) = pose(p, r);
                    let m = cuboid_plane(&cuboid, &pa, &plane, margin as T);
                    let bx = WorldBox::new(c, &q, h.map(rounded));
                    let (nn, off) = (back(&plane.normal), plane.offset as f64);
                    let signed = bx.vertices().iter().map(|x| x.dot(&nn) - off).fold(f64::INFINITY, f64::min);
                    // Every vertex within the margin is a point (at most 4 of them here
                    // unless the box is thinner than the margin).
                    let within = bx.vertices().iter().filter(|x| x.dot(&nn) - off <= margin).count();
                    prop_assert_eq!(m.len(), within.min(4));
                    check(&points(&m), &Truth { signed, exact_when_separated: true }, margin, TOL, TOL,
                          0.0, &|x| bx.sdf(x), &|x| x.dot(&nn) - off,
                          &|u| separation_along(|w| bx.support(w), |w| if (*w - nn).norm() < 1e-6 { off } else { f64::INFINITY }, u))?;
                }

                #[test]
                fn box_sphere(p in position(), r in rotation(), h in extents(), s in near(),
                              radius in 0.1..0.8f64, margin in 0.0..0.2f64) {
                    let cuboid = Cuboid::new(v(h)).unwrap();
                    let sphere = Sphere::new(radius as T).unwrap();
                    let (pa, c, q) = pose(p, r);
                    let (pb, cs, _) = pose(plus(p, s), [0.0; 3]);
                    let m = cuboid_sphere(&cuboid, &pa, &sphere, &pb, margin as T);
                    let bx = WorldBox::new(c, &q, h.map(rounded));
                    let rad = rounded(radius);
                    let signed = bx.sdf(&cs) - rad;
                    prop_assert!(m.len() <= 1);
                    check(&points(&m), &Truth { signed, exact_when_separated: true }, margin, TOL, TOL,
                          0.0, &|x| bx.sdf(x), &|x| (*x - cs).norm() - rad,
                          &|u| separation_along(|w| bx.support(w), |w| cs.dot(w) + rad * w.norm(), u))?;
                }

                #[test]
                fn box_box(p in position(), r in rotation(), h in extents(),
                           p2 in near(), r2 in rotation(), h2 in extents(),
                           margin in 0.0..0.2f64) {
                    let (a, b) = (Cuboid::new(v(h)).unwrap(), Cuboid::new(v(h2)).unwrap());
                    let (pa, ca, qa) = pose(p, r);
                    let (pb, cb, qb) = pose(plus(p, p2), r2);
                    let m = cuboid_cuboid(&a, &pa, &b, &pb, margin as T);
                    let ba = WorldBox::new(ca, &qa, h.map(rounded));
                    let bb = WorldBox::new(cb, &qb, h2.map(rounded));
                    let (signed, _) = box_box_signed(&ba, &bb);
                    check(&points(&m), &Truth { signed, exact_when_separated: false }, margin, TOL,
                          TOL + 2e-4, PREFERENCE,
                          &|x| ba.sdf(x), &|x| bb.sdf(x),
                          &|u| separation_along(|w| ba.support(w), |w| bb.support(w), u))?;
                }

                #[test]
                fn capsule_plane_pair(p in position(), r in rotation(), radius in 0.1..0.6f64,
                                      half in 0.0..1.0f64,
                                      n in [-1.0..1.0f64, -1.0..1.0f64, -1.0..1.0f64],
                                      offset in -1.0..1.0f64, margin in 0.0..0.2f64) {
                    prop_assume!(Vector(n).norm() > 0.1);
                    let capsule = Capsule::new(radius as T, half as T).unwrap();
                    let plane = HalfSpace::new(v(n), offset as T).unwrap();
                    let (pa, c, q) = pose(p, r);
                    let m = capsule_plane(&capsule, &pa, &plane, margin as T);
                    let (rad, hh) = (rounded(radius), rounded(half));
                    let (e0, e1) = capsule_ends(&c, &q, hh);
                    let (nn, off) = (back(&plane.normal), plane.offset as f64);
                    let signed = e0.dot(&nn).min(e1.dot(&nn)) - off - rad;
                    check(&points(&m), &Truth { signed, exact_when_separated: true }, margin, TOL, TOL,
                          0.0, &|x| point_segment(x, &e0, &e1) - rad, &|x| x.dot(&nn) - off,
                          &|u| separation_along(|w| capsule_support(&e0, &e1, rad, w), |w| if (*w - nn).norm() < 1e-6 { off } else { f64::INFINITY }, u))?;
                }

                #[test]
                fn capsule_sphere_pair(p in position(), r in rotation(), radius in 0.1..0.6f64,
                                       half in 0.0..1.0f64, s in near(), sr in 0.1..0.8f64,
                                       margin in 0.0..0.2f64) {
                    let capsule = Capsule::new(radius as T, half as T).unwrap();
                    let sphere = Sphere::new(sr as T).unwrap();
                    let (pa, c, q) = pose(p, r);
                    let (pb, cs, _) = pose(plus(p, s), [0.0; 3]);
                    let m = capsule_sphere(&capsule, &pa, &sphere, &pb, margin as T);
                    let (rad, hh, srad) = (rounded(radius), rounded(half), rounded(sr));
                    let (e0, e1) = capsule_ends(&c, &q, hh);
                    let signed = point_segment(&cs, &e0, &e1) - rad - srad;
                    prop_assert!(m.len() <= 1);
                    check(&points(&m), &Truth { signed, exact_when_separated: true }, margin, TOL, TOL,
                          0.0, &|x| point_segment(x, &e0, &e1) - rad, &|x| (*x - cs).norm() - srad,
                          &|u| separation_along(|w| capsule_support(&e0, &e1, rad, w), |w| cs.dot(w) + srad * w.norm(), u))?;
                }

                #[test]
                fn capsule_capsule_pair(p in position(), r in rotation(), radius in 0.1..0.6f64,
                                        half in 0.0..1.0f64, p2 in near(), r2 in rotation(),
                                        radius2 in 0.1..0.6f64, half2 in 0.0..1.0f64,
                                        margin in 0.0..0.2f64) {
                    let a = Capsule::new(radius as T, half as T).unwrap();
                    let b = Capsule::new(radius2 as T, half2 as T).unwrap();
                    let (pa, ca, qa) = pose(p, r);
                    let (pb, cb, qb) = pose(plus(p, p2), r2);
                    let m = capsule_capsule(&a, &pa, &b, &pb, margin as T);
                    let (ra, rb) = (rounded(radius), rounded(radius2));
                    let (a0, a1) = capsule_ends(&ca, &qa, rounded(half));
                    let (b0, b1) = capsule_ends(&cb, &qb, rounded(half2));
                    let signed = segment_segment(&a0, &a1, &b0, &b1) - ra - rb;
                    check(&points(&m), &Truth { signed, exact_when_separated: true }, margin, TOL, TOL,
                          0.0, &|x| point_segment(x, &a0, &a1) - ra, &|x| point_segment(x, &b0, &b1) - rb,
                          &|u| separation_along(|w| capsule_support(&a0, &a1, ra, w), |w| capsule_support(&b0, &b1, rb, w), u))?;
                }

                #[test]
                fn capsule_box_pair(p in position(), r in rotation(), radius in 0.1..0.6f64,
                                    half in 0.0..1.0f64, p2 in near(), r2 in rotation(),
                                    h in extents(), margin in 0.0..0.2f64) {
                    let a = Capsule::new(radius as T, half as T).unwrap();
                    let b = Cuboid::new(v(h)).unwrap();
                    let (pa, ca, qa) = pose(p, r);
                    let (pb, cb, qb) = pose(plus(p, p2), r2);
                    let m = capsule_cuboid(&a, &pa, &b, &pb, margin as T);
                    let ra = rounded(radius);
                    let (a0, a1) = capsule_ends(&ca, &qa, rounded(half));
                    let bx = WorldBox::new(cb, &qb, h.map(rounded));
                    let (core, _) = box_segment_signed(&bx, &a0, &a1);
                    let signed = core - ra;
                    prop_assert!(m.len() <= 2);
                    check(&points(&m), &Truth { signed, exact_when_separated: true }, margin, TOL,
                          TOL + 2e-4, PREFERENCE,
                          &|x| point_segment(x, &a0, &a1) - ra, &|x| bx.sdf(x),
                          &|u| separation_along(|w| capsule_support(&a0, &a1, ra, w), |w| bx.support(w), u))?;
                }
            }
        }
    };
}

contact_tests!(f64_contacts, f64, 1e-7);
contact_tests!(f32_contacts, f32, 2e-4);
