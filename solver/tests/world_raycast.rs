//! Ray casts against an independent computation: sphere tracing of each shape's exact signed
//! distance function (sphere, box, capsule, plane) along the ray, in f64.
use proptest::prelude::*;
use solver::world::{HitTarget, Material, RigidBody, Shape, World, WorldError, WorldSettings};
use solver::xform::{UnitQuaternion, Vector};

type V = Vector<f64, 3>;

/// Signed distance from `p` to `shape` at `centre` turned by `q`.
fn sdf(shape: Shape<f64>, centre: V, q: UnitQuaternion<f64>, p: V) -> f64 {
    let l = q.quaternion().conjugate().rotate(&(p - centre));
    match shape {
        Shape::Sphere(r) => l.norm() - r,
        Shape::Box(h) => {
            let d = Vector([l[0].abs() - h[0], l[1].abs() - h[1], l[2].abs() - h[2]]);
            let outside = Vector([d[0].max(0.0), d[1].max(0.0), d[2].max(0.0)]).norm();
            outside + d[0].max(d[1]).max(d[2]).min(0.0)
        }
        Shape::Capsule(r, hh) => {
            let y = l[1].clamp(-hh, hh);
            (l - Vector([0.0, y, 0.0])).norm() - r
        }
        Shape::None => f64::INFINITY,
    }
}

/// First `t` with `f(o + t d) ≤ 0` by sphere tracing, and the smallest distance met on the
/// way (a ray that grazes a shape is ambiguous to both methods).
fn trace(f: impl Fn(V) -> f64, o: V, d: V, max: f64) -> (Option<f64>, f64) {
    let (mut t, mut closest) = (0.0, f64::INFINITY);
    for _ in 0..100_000 {
        let s = f(o + d * t);
        closest = closest.min(s);
        if s <= 1e-11 {
            return (Some(t), closest);
        }
        t += s;
        if t > max {
            break;
        }
    }
    (None, closest)
}

fn shape() -> impl Strategy<Value = Shape<f64>> {
    prop_oneof![
        (0.1..2.0f64).prop_map(Shape::Sphere),
        prop::array::uniform3(0.1..2.0f64).prop_map(|h| Shape::Box(Vector(h))),
        (0.1..1.0f64, 0.0..2.0f64).prop_map(|(r, h)| Shape::Capsule(r, h)),
    ]
}

fn v3(range: f64) -> impl Strategy<Value = V> {
    prop::array::uniform3(-range..range).prop_map(Vector)
}

proptest! {
    /// The first hit on a turned shape: the traced distance, a point on the surface, the
    /// normal pointing out of it.
    #[test]
    fn the_first_hit_matches_the_traced_signed_distance(
        shape in shape(), centre in v3(3.0), axis in v3(1.0), angle in -3.0..3.0f64,
        origin in v3(8.0), aim in v3(1.5),
    ) {
        prop_assume!(axis.norm() > 1e-3);
        let q = UnitQuaternion::try_from_axis_angle(&axis.normalize(), angle).unwrap();
        let f = |p: V| sdf(shape, centre, q, p);
        prop_assume!(f(origin) > 1e-3);
        let direction = (centre + aim - origin).normalize();
        let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
        let b = w
            .add_body(RigidBody::fixed().with_shape(shape).with_position(centre).with_orientation(q))
            .unwrap();
        let hit = w.cast_ray(origin, direction, 100.0).unwrap();
        let (traced, closest) = trace(f, origin, direction, 100.0);
        match (hit, traced) {
            (Some(h), Some(t)) => {
                prop_assert_eq!(h.target, HitTarget::Body(b));
                prop_assert!((h.distance - t).abs() <= 1e-7 * (1.0 + t), "{} vs {}", h.distance, t);
                prop_assert!(f(h.point).abs() <= 1e-9 * (1.0 + t));
                prop_assert!((h.normal.norm() - 1.0).abs() < 1e-12);
                prop_assert!(f(h.point + h.normal * 1e-6) > 0.0);
                prop_assert!(h.normal.dot(&direction) <= 1e-12);
            }
            (None, None) => {}
            // A ray that grazes the surface may go either way in either method.
            _ => prop_assert!(closest.abs() < 1e-6, "hit {:?}, traced {:?}, closest {}", hit, traced, closest),
        }
    }

    /// A ray that starts inside a shape hits it at distance 0, against the ray.
    #[test]
    fn a_ray_from_inside_hits_at_zero(shape in shape(), direction in v3(1.0)) {
        prop_assume!(direction.norm() > 1e-3);
        let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
        w.add_body(RigidBody::fixed().with_shape(shape)).unwrap();
        let h = w.cast_ray(Vector::zeros(), direction, 1.0).unwrap().unwrap();
        prop_assert_eq!(h.distance, 0.0);
        prop_assert!((h.normal + direction.normalize()).norm() < 1e-12);
    }

    /// Planes: distance `(n·o − offset)/(−n·d)` when the ray closes on the plane.
    #[test]
    fn a_plane_hit_has_its_closed_form(normal in v3(1.0), offset in -2.0..2.0f64, origin in v3(5.0), direction in v3(1.0)) {
        prop_assume!(normal.norm() > 1e-2 && direction.norm() > 1e-2);
        let (n, d) = (normal.normalize(), direction.normalize());
        let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
        w.add_plane(normal, offset, Material::default()).unwrap();
        let above = n.dot(&origin) - offset;
        let hit = w.cast_ray(origin, direction, f64::INFINITY).unwrap();
        if above <= 0.0 {
            prop_assert_eq!(hit.map(|h| h.distance), Some(0.0));
        } else if n.dot(&d) < 0.0 {
            let h = hit.unwrap();
            let t = above / -n.dot(&d);
            prop_assert!((h.distance - t).abs() <= 1e-9 * (1.0 + t));
            prop_assert!((h.normal - n).norm() < 1e-12);
        } else {
            prop_assert!(hit.is_none());
        }
    }
}

/// The nearest of several hits wins; `max_distance` cuts; bad rays are errors naming them.
#[test]
fn the_nearest_hit_wins_and_bad_rays_are_refused() {
    let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    let far = w
        .add_body(
            RigidBody::sphere(1.0, 0.5)
                .unwrap()
                .with_position(Vector([5.0, 0.0, 0.0])),
        )
        .unwrap();
    let near = w
        .add_body(
            RigidBody::sphere(1.0, 0.5)
                .unwrap()
                .with_position(Vector([2.0, 0.0, 0.0])),
        )
        .unwrap();
    let x = Vector([1.0, 0.0, 0.0]);
    let hit = w.cast_ray(Vector::zeros(), x, 10.0).unwrap().unwrap();
    assert_eq!((hit.target, hit.distance), (HitTarget::Body(near), 1.5));
    assert!(w.cast_ray(Vector::zeros(), x, 1.4).unwrap().is_none());
    let mut all = Vec::new();
    w.cast_ray_all(Vector::zeros(), x, 10.0, &mut |h| all.push(h.target))
        .unwrap();
    assert_eq!(all, [HitTarget::Body(far), HitTarget::Body(near)]);
    assert_eq!(
        w.cast_ray(Vector([f64::NAN, 0.0, 0.0]), x, 1.0),
        Err(WorldError::NonFinite { what: "ray origin" })
    );
    assert!(matches!(
        w.cast_ray(Vector::zeros(), Vector::zeros(), 1.0),
        Err(WorldError::InvalidParameter {
            what: "ray direction (length)",
            ..
        })
    ));
    assert!(matches!(
        w.cast_ray(Vector::zeros(), x, f64::NAN),
        Err(WorldError::InvalidParameter {
            what: "ray max distance",
            ..
        })
    ));
}
