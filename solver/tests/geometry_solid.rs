//! `Solid` dispatch: each pair gives exactly the pair function's manifold, or the swapped
//! call flipped (normals reversed, points moved to the other surface, gaps and ids kept);
//! the sphere pairs agree with the world's own `sphere_sphere` / `sphere_plane`, and the
//! sphere-first manifolds against boxes and capsules keep the brute-force signed distance.
use crate::geometry_common;

use geometry_common::{WorldBox, point_segment, quaternion};
use proptest::prelude::*;
use solver::geometry::{
    Capsule, Cuboid, HalfSpace, Isometry, Manifold, Solid, Sphere, capsule_capsule, capsule_cuboid,
    capsule_plane, capsule_sphere, cuboid_cuboid, cuboid_plane, cuboid_sphere, sphere_plane,
    sphere_sphere,
};
use solver::world::Plane;
use solver::xform::Vector;

fn pose(p: [f64; 3], r: [f64; 3]) -> Isometry<f64> {
    Isometry::new(Vector(p), quaternion(r))
}

fn flipped_equal(direct: &Manifold<f64>, swapped: &Manifold<f64>) -> bool {
    direct.len() == swapped.len()
        && direct.iter().zip(swapped.iter()).all(|(d, s)| {
            d.feature == s.feature
                && d.gap == s.gap
                && d.normal == -s.normal
                && (d.point - (s.point - s.normal * s.gap)).norm() <= 1e-12
        })
}

fn solids() -> [Solid<f64>; 3] {
    [
        Solid::Sphere(Sphere::new(0.4).unwrap()),
        Solid::Cuboid(Cuboid::new(Vector([0.5, 0.3, 0.7])).unwrap()),
        Solid::Capsule(Capsule::new(0.25, 0.6).unwrap()),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn dispatch_matches_pair_functions(p in [-0.8..0.8f64, -0.8..0.8f64, -0.8..0.8f64],
                                       r in [0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64],
                                       r2 in [0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64],
                                       margin in 0.0..0.1f64) {
        let (pa, pb) = (pose(p, r), pose([0.0; 3], r2));
        for a in solids() {
            for b in solids() {
                let got = a.contact(&pa, &b, &pb, margin);
                let expected = match (a, b) {
                    (Solid::Sphere(x), Solid::Sphere(y)) => sphere_sphere(&x, &pa, &y, &pb, margin),
                    (Solid::Cuboid(x), Solid::Sphere(y)) => cuboid_sphere(&x, &pa, &y, &pb, margin),
                    (Solid::Cuboid(x), Solid::Cuboid(y)) => cuboid_cuboid(&x, &pa, &y, &pb, margin),
                    (Solid::Capsule(x), Solid::Sphere(y)) => capsule_sphere(&x, &pa, &y, &pb, margin),
                    (Solid::Capsule(x), Solid::Cuboid(y)) => capsule_cuboid(&x, &pa, &y, &pb, margin),
                    (Solid::Capsule(x), Solid::Capsule(y)) => capsule_capsule(&x, &pa, &y, &pb, margin),
                    // Only the other order exists: compare with that call.
                    _ => {
                        let swapped = b.contact(&pb, &a, &pa, margin);
                        prop_assert!(flipped_equal(&got, &swapped), "{a:?} {b:?}");
                        continue;
                    }
                };
                prop_assert_eq!(got, expected);
            }
        }
        let ground = HalfSpace::new(Vector([0.2, 1.0, -0.1]), -0.3).unwrap();
        for a in solids() {
            let got = a.contact_plane(&pa, &ground, margin);
            let expected = match a {
                Solid::Sphere(x) => sphere_plane(&x, &pa, &ground, margin),
                Solid::Cuboid(x) => cuboid_plane(&x, &pa, &ground, margin),
                Solid::Capsule(x) => capsule_plane(&x, &pa, &ground, margin),
            };
            prop_assert_eq!(got, expected);
        }
    }

    #[test]
    fn sphere_pairs_match_the_world(p in [-1.5..1.5f64, -1.5..1.5f64, -1.5..1.5f64],
                                    ra in 0.1..1.0f64, rb in 0.1..1.0f64,
                                    n in [-1.0..1.0f64, -1.0..1.0f64, -1.0..1.0f64],
                                    offset in -1.0..1.0f64) {
        prop_assume!(Vector(n).norm() > 0.1);
        let (a, b) = (Sphere::new(ra).unwrap(), Sphere::new(rb).unwrap());
        let pa = Isometry::translation(Vector(p));
        let pb = Isometry::identity();
        let m = sphere_sphere(&a, &pa, &b, &pb, f64::INFINITY);
        let (normal, gap, point) = solver::world::sphere_sphere(pa.position, ra, pb.position, rb);
        let c = m.as_slice()[0];
        prop_assert_eq!((c.normal, c.gap, c.point), (normal, gap, point));
        let plane = HalfSpace::new(Vector(n), offset).unwrap();
        let world_plane = Plane { normal: plane.normal, offset, material: Default::default() };
        let m = sphere_plane(&a, &pa, &plane, f64::INFINITY);
        let (normal, gap, point) = solver::world::sphere_plane(pa.position, ra, &world_plane);
        let c = m.as_slice()[0];
        prop_assert_eq!((c.normal, c.gap, c.point), (normal, gap, point));
    }

    #[test]
    fn sphere_first_keeps_the_signed_distance(p in [-1.5..1.5f64, -1.5..1.5f64, -1.5..1.5f64],
                                              r in [0.0..1.0f64, 0.0..1.0f64, 0.0..1.0f64],
                                              radius in 0.1..0.8f64) {
        // Ball (A) against a box and a capsule (B) at the origin, turned by r.
        let ball = Solid::Sphere(Sphere::new(radius).unwrap());
        let pb = pose([0.0; 3], r);
        let pa = Isometry::translation(Vector(p));
        let h = [0.5, 0.3, 0.7];
        let bx = WorldBox::new(Vector([0.0; 3]), &pb.orientation, h);
        let m = ball.contact(&pa, &Solid::Cuboid(Cuboid::new(Vector(h)).unwrap()), &pb, 1.0);
        let signed = bx.sdf(&pa.position) - radius;
        if signed <= 1.0 {
            let c = m.as_slice()[0];
            prop_assert!((c.gap - signed).abs() <= 1e-9);
            // The point is on the ball, the normal points from the box toward the ball.
            prop_assert!(((c.point - pa.position).norm() - radius).abs() <= 1e-9);
            prop_assert!(bx.sdf(&(c.point - c.normal * c.gap)).abs() <= 1e-9);
        }
        let (hr, hh) = (0.25, 0.6);
        let axis = pb.transform_vector(&Vector([0.0, hh, 0.0]));
        let m = ball.contact(&pa, &Solid::Capsule(Capsule::new(hr, hh).unwrap()), &pb, 1.0);
        let signed = point_segment(&pa.position, &(-axis), &axis) - hr - radius;
        if signed <= 1.0 {
            let c = m.as_slice()[0];
            prop_assert!((c.gap - signed).abs() <= 1e-9);
            prop_assert!(((c.point - pa.position).norm() - radius).abs() <= 1e-9);
        }
    }
}
