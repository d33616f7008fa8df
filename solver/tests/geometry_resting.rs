//! Resting configurations give the expected manifold (4 points for a box face on a plane or
//! a box, 2 for a capsule lying on a plane, a box or another capsule), touching shapes
//! (gap 0) are reported with margin 0, and the feature ids stay the same under small
//! perturbations of the poses (translations and rotations of 1e-5), f64 and f32.
use proptest::prelude::*;
use solver::geometry::{
    Capsule, Cuboid, FeatureId, HalfSpace, Isometry, Manifold, Sphere, capsule_capsule,
    capsule_cuboid, capsule_plane, cuboid_cuboid, cuboid_plane, cuboid_sphere,
};
use solver::xform::{Quaternion, Vector};

fn ids<T: num_traits::Float>(m: &Manifold<T>) -> Vec<FeatureId> {
    let mut v: Vec<_> = m.iter().map(|c| c.feature).collect();
    v.sort();
    v
}

macro_rules! resting_tests {
    ($name:ident, $t:ty, $tol:expr) => {
        mod $name {
            use super::*;
            type T = $t;
            const TOL: T = $tol;

            fn v(x: [f64; 3]) -> Vector<T, 3> {
                Vector(x.map(|c| c as T))
            }
            fn about(axis: [f64; 3], angle: f64) -> Quaternion<T> {
                Quaternion::from_axis_angle(&v(axis).normalize(), angle as T)
            }
            /// Lying: the local y axis turned onto world x.
            fn lying() -> Quaternion<T> {
                about([0.0, 0.0, 1.0], core::f64::consts::FRAC_PI_2)
            }
            fn up() -> Vector<T, 3> {
                v([0.0, 1.0, 0.0])
            }
            fn ground() -> HalfSpace<T> {
                HalfSpace::new(up(), 0.0).unwrap()
            }
            /// `pose` moved by `dp` and turned by the rotation vector `dr` (both ~1e-5).
            fn nudge(pose: &Isometry<T>, dp: [f64; 3], dr: [f64; 3]) -> Isometry<T> {
                let r = v(dr);
                let turn = if r.norm() > 0.0 {
                    Quaternion::from_axis_angle(&r.normalize(), r.norm())
                } else {
                    Quaternion::identity()
                };
                Isometry::new(pose.position + v(dp), (turn * pose.orientation).normalize())
            }
            fn small() -> impl Strategy<Value = [f64; 3]> {
                [-1e-5..1e-5f64, -1e-5..1e-5f64, -1e-5..1e-5f64]
            }
            fn assert_resting(m: &Manifold<T>, count: usize, gap: T) {
                assert_eq!(m.len(), count, "{m:?}");
                for c in m {
                    assert!((c.normal - up()).norm() <= TOL, "{c:?}");
                    assert!((c.gap - gap).abs() <= TOL, "{c:?}");
                }
            }

            /// Scenes: (name, manifold of the pose of A, resting pose of A, points).
            fn box_on_plane(a: &Isometry<T>) -> Manifold<T> {
                let cube = Cuboid::new(v([0.5, 0.25, 0.75])).unwrap();
                cuboid_plane(&cube, a, &ground(), 0.01)
            }
            fn tower(a: &Isometry<T>) -> Manifold<T> {
                let cube = Cuboid::new(v([0.5, 0.5, 0.5])).unwrap();
                cuboid_cuboid(&cube, a, &cube, &Isometry::identity(), 0.01)
            }
            fn small_on_big(a: &Isometry<T>) -> Manifold<T> {
                let small = Cuboid::new(v([0.3, 0.2, 0.4])).unwrap();
                let big = Cuboid::new(v([2.0, 0.5, 2.0])).unwrap();
                cuboid_cuboid(&small, a, &big, &Isometry::identity(), 0.01)
            }
            fn big_on_small(a: &Isometry<T>) -> Manifold<T> {
                let small = Cuboid::new(v([0.3, 0.2, 0.4])).unwrap();
                let big = Cuboid::new(v([2.0, 0.5, 2.0])).unwrap();
                cuboid_cuboid(&big, a, &small, &Isometry::identity(), 0.01)
            }
            fn capsule_on_plane(a: &Isometry<T>) -> Manifold<T> {
                let c = Capsule::new(0.2, 0.6).unwrap();
                capsule_plane(&c, a, &ground(), 0.01)
            }
            fn capsule_on_box(a: &Isometry<T>) -> Manifold<T> {
                let c = Capsule::new(0.2, 0.6).unwrap();
                let table = Cuboid::new(v([1.5, 0.5, 1.0])).unwrap();
                capsule_cuboid(&c, a, &table, &Isometry::identity(), 0.01)
            }
            fn capsule_on_capsule(a: &Isometry<T>) -> Manifold<T> {
                let c = Capsule::new(0.2, 0.6).unwrap();
                capsule_capsule(&c, a, &c, &Isometry::new(Vector::zeros(), lying()), 0.01)
            }
            fn sphere_on_box(a: &Isometry<T>) -> Manifold<T> {
                let table = Cuboid::new(v([1.0, 0.5, 1.0])).unwrap();
                let ball = Sphere::new(0.3).unwrap();
                // The box is A: the normal points down, from the sphere toward the box.
                cuboid_sphere(&table, &Isometry::identity(), &ball, a, 0.01).flipped()
            }

            type Scene = (
                &'static str,
                fn(&Isometry<T>) -> Manifold<T>,
                Isometry<T>,
                usize,
            );
            fn scenes() -> [Scene; 8] {
                let turned = about([0.0, 1.0, 0.0], 0.4);
                [
                    (
                        "box on plane",
                        box_on_plane,
                        Isometry::new(v([0.3, 0.25, -0.2]), turned),
                        4,
                    ),
                    ("tower", tower, Isometry::translation(v([0.0, 1.0, 0.0])), 4),
                    (
                        "small box on big box",
                        small_on_big,
                        Isometry::new(v([0.5, 0.7, 0.3]), turned),
                        4,
                    ),
                    (
                        "big box on small box",
                        big_on_small,
                        Isometry::new(v([0.1, 0.7, -0.1]), turned),
                        4,
                    ),
                    (
                        "capsule on plane",
                        capsule_on_plane,
                        Isometry::new(v([0.0, 0.2, 0.0]), turned * lying()),
                        2,
                    ),
                    (
                        "capsule on box",
                        capsule_on_box,
                        Isometry::new(v([0.1, 0.7, 0.2]), turned * lying()),
                        2,
                    ),
                    (
                        "capsule on capsule",
                        capsule_on_capsule,
                        Isometry::new(v([0.3, 0.4, 0.0]), lying()),
                        2,
                    ),
                    (
                        "sphere on box",
                        sphere_on_box,
                        Isometry::translation(v([0.2, 0.8, 0.1])),
                        1,
                    ),
                ]
            }

            #[test]
            fn resting_manifolds() {
                for (name, f, pose, count) in scenes() {
                    // Touching exactly: reported with margin 0 as well (gap 0 <= 0).
                    let m = f(&pose);
                    assert_resting(&m, count, 0.0);
                    // 1 mm deep, and 1 mm apart (within the margin).
                    for dy in [-1e-3, 1e-3] {
                        let moved =
                            Isometry::new(pose.position + v([0.0, dy, 0.0]), pose.orientation);
                        let m2 = f(&moved);
                        assert_resting(&m2, count, dy as T);
                        assert_eq!(ids(&m), ids(&m2), "{name}");
                    }
                    // Beyond the margin: nothing.
                    let away = Isometry::new(pose.position + v([0.0, 0.02, 0.0]), pose.orientation);
                    assert!(f(&away).is_empty(), "{name}");
                    // The ids are distinct.
                    let mut unique = ids(&m);
                    unique.dedup();
                    assert_eq!(unique.len(), count, "{name}");
                }
            }

            #[test]
            fn margin_zero_reports_touching() {
                let cube = Cuboid::new(v([0.5, 0.5, 0.5])).unwrap();
                let on = Isometry::translation(v([0.0, 1.0, 0.0]));
                assert_eq!(
                    cuboid_cuboid(&cube, &on, &cube, &Isometry::identity(), 0.0).len(),
                    4
                );
                assert_eq!(
                    cuboid_plane(
                        &cube,
                        &Isometry::translation(v([0.0, 0.5, 0.0])),
                        &ground(),
                        0.0
                    )
                    .len(),
                    4
                );
                // A capsule along y lying on the wall x = 0 (exact numbers, gap exactly 0).
                let c = Capsule::new(0.5, 0.5).unwrap();
                let wall = HalfSpace::new(v([1.0, 0.0, 0.0]), 0.0).unwrap();
                let m = capsule_plane(&c, &Isometry::translation(v([0.5, 0.0, 0.0])), &wall, 0.0);
                assert_eq!(m.len(), 2);
                assert!(m.iter().all(|c| c.gap == 0.0));
                assert!(
                    capsule_plane(
                        &c,
                        &Isometry::translation(v([0.5 + 1e-3, 0.0, 0.0])),
                        &wall,
                        0.0
                    )
                    .is_empty()
                );
            }

            #[test]
            fn thin_plate_reduces_eight_vertices_to_four_corners() {
                // All 8 vertices within the margin: 4 points, the deepest vertex first, and
                // one vertex over each corner of the plate (the largest area).
                let plate = Cuboid::new(v([1.0, 0.001, 0.5])).unwrap();
                let tilt = about([1.0, 0.0, 0.3], 0.002);
                let pose = Isometry::new(v([0.0, 0.002, 0.0]), tilt);
                let m = cuboid_plane(&plate, &pose, &ground(), 0.01);
                assert_eq!(m.len(), 4);
                let deepest = (0..8)
                    .map(|i| {
                        let local = v([
                            if i & 1 != 0 { 1.0 } else { -1.0 },
                            if i & 2 != 0 { 0.001 } else { -0.001 },
                            if i & 4 != 0 { 0.5 } else { -0.5 },
                        ]);
                        pose.transform_point(&local)[1]
                    })
                    .fold(T::INFINITY, T::min);
                assert_eq!(m.min_gap(), Some(deepest));
                let mut corners: Vec<(bool, bool)> = m
                    .iter()
                    .map(|c| (c.point[0] > 0.0, c.point[2] > 0.0))
                    .collect();
                corners.sort();
                corners.dedup();
                assert_eq!(corners.len(), 4, "{m:?}");
            }

            #[test]
            fn sliding_keeps_ids() {
                // A box sliding across another keeps its four feature ids while the same
                // faces touch and the overlap keeps the same corners.
                let small = Cuboid::new(v([0.3, 0.2, 0.4])).unwrap();
                let big = Cuboid::new(v([2.0, 0.5, 2.0])).unwrap();
                let first = ids(&cuboid_cuboid(
                    &small,
                    &Isometry::translation(v([-1.0, 0.7, 0.0])),
                    &big,
                    &Isometry::identity(),
                    0.01,
                ));
                for k in 0..=20 {
                    let x = -1.0 + 0.1 * k as f64;
                    let m = cuboid_cuboid(
                        &small,
                        &Isometry::translation(v([x, 0.7, 0.0])),
                        &big,
                        &Isometry::identity(),
                        0.01,
                    );
                    assert_eq!(ids(&m), first);
                }
            }

            #[test]
            fn tilted_box_keeps_deepest_of_eight() {
                // Two equal squares at 45°: the clipped polygon is an octagon, reduced to 4
                // points that keep the deepest one.
                let cube = Cuboid::new(v([0.5, 0.5, 0.5])).unwrap();
                let tilt = about([0.3, 0.0, 1.0], 0.002)
                    * about([0.0, 1.0, 0.0], core::f64::consts::FRAC_PI_4);
                let a = Isometry::new(v([0.0, 0.999, 0.0]), tilt.normalize());
                let m = cuboid_cuboid(&cube, &a, &cube, &Isometry::identity(), 0.01);
                assert_eq!(m.len(), 4);
                // Independently: sample A's bottom face on a 401² grid, keep the samples
                // over B's top face; the deepest is the octagon's deepest point.
                let n = 400;
                let mut deepest = T::INFINITY;
                for i in 0..=n {
                    for k in 0..=n {
                        let local = v([i as f64 / n as f64 - 0.5, -0.5, k as f64 / n as f64 - 0.5]);
                        let p = a.transform_point(&local);
                        if p[0].abs() <= 0.5 && p[2].abs() <= 0.5 {
                            deepest = deepest.min(p[1] - 0.5);
                        }
                    }
                }
                let min = m.min_gap().unwrap();
                assert!(deepest < -1e-3, "{deepest}");
                assert!((min - deepest).abs() <= 2e-5, "{min} vs {deepest}");
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                #[test]
                fn ids_stable_under_perturbation(dp in small(), dr in small(), which in 0usize..8) {
                    let (name, f, pose, count) = scenes()[which];
                    let m = f(&pose);
                    let m2 = f(&nudge(&pose, dp, dr));
                    prop_assert_eq!(m2.len(), count, "{}", name);
                    prop_assert_eq!(ids(&m), ids(&m2), "{}", name);
                }
            }
        }
    };
}

resting_tests!(f64_resting, f64, 1e-9);
resting_tests!(f32_resting, f32, 2e-5);
