//! Queries through a `QueryTree` answer exactly as the world's own queries (which test every
//! body): the same first hit of a ray, the same hits of a ray, the same bodies and planes a
//! probe touches and the same bodies at a point, on random worlds of spheres, boxes,
//! capsules, shapeless bodies and planes, and on a pile after it has fallen, in growable and
//! fixed storage.
use proptest::prelude::*;
use solver::cwlist::{Fixed, Growable, Storage};
use solver::world::{
    HitTarget, Material, QueryTree, RayHit, RigidBody, Shape, World, WorldSettings,
};
use solver::xform::{UnitQuaternion, Vector};

fn vector(range: f64) -> impl Strategy<Value = Vector<f64, 3>> {
    prop::array::uniform3(-range..range).prop_map(Vector)
}

fn turn() -> impl Strategy<Value = UnitQuaternion<f64>> {
    (vector(1.0), -3.0f64..3.0).prop_map(|(axis, angle)| {
        UnitQuaternion::try_from_axis_angle(&(axis + Vector([0.0, 0.0, 1e-3])), angle).unwrap()
    })
}

fn shape() -> impl Strategy<Value = Shape<f64>> {
    prop_oneof![
        (0.05f64..1.0).prop_map(Shape::Sphere),
        prop::array::uniform3(0.05f64..1.0).prop_map(|h| Shape::Box(Vector(h))),
        (0.05f64..0.5, 0.05f64..1.0).prop_map(|(r, h)| Shape::Capsule(r, h)),
        Just(Shape::None),
    ]
}

fn body() -> impl Strategy<Value = RigidBody<f64>> {
    (shape(), vector(8.0), turn()).prop_map(|(shape, at, q)| {
        RigidBody::sphere(1.0, 0.1)
            .unwrap()
            .with_shape(shape)
            .with_position(at)
            .with_orientation(q)
    })
}

fn world<S: Storage>(bodies: &[RigidBody<f64>], planes: &[(Vector<f64, 3>, f64)]) -> World<f64, S> {
    let mut w = World::<f64, S>::new(WorldSettings::default()).unwrap();
    for (n, d) in planes {
        let n = *n + Vector([0.0, 0.0, 1e-3]);
        w.add_plane(n, *d, Material::default()).unwrap();
    }
    for b in bodies {
        w.add_body(*b).unwrap();
    }
    w
}

/// A hit as numbers that sort (targets, then distances bit for bit).
fn key(h: &RayHit<f64>) -> (HitTarget, u64, [u64; 3], [u64; 3]) {
    (
        h.target,
        h.distance.to_bits(),
        h.point.0.map(f64::to_bits),
        h.normal.0.map(f64::to_bits),
    )
}

#[derive(Debug, Clone)]
struct Ask {
    origin: Vector<f64, 3>,
    direction: Vector<f64, 3>,
    max_distance: f64,
    probe: Shape<f64>,
    turn: UnitQuaternion<f64>,
}

fn ask() -> impl Strategy<Value = Ask> {
    (
        vector(12.0),
        vector(1.0),
        prop_oneof![Just(f64::INFINITY), 0.0f64..30.0],
        shape(),
        turn(),
    )
        .prop_map(|(origin, direction, max_distance, probe, turn)| Ask {
            origin,
            direction: direction + Vector([1e-3, 0.0, 0.0]),
            max_distance,
            probe,
            turn,
        })
}

/// Every query of `asks` through the tree against the world's own.
fn agree<S: Storage>(w: &World<f64, S>, asks: &[Ask]) -> Result<(), TestCaseError> {
    let mut tree = QueryTree::new();
    let q = w.queries(&mut tree).unwrap();
    for a in asks {
        let (o, d, m) = (a.origin, a.direction, a.max_distance);
        prop_assert_eq!(q.cast_ray(o, d, m).unwrap(), w.cast_ray(o, d, m).unwrap());
        let (mut through, mut every) = (Vec::new(), Vec::new());
        q.cast_ray_all(o, d, m, &mut |h| through.push(key(&h)))
            .unwrap();
        w.cast_ray_all(o, d, m, &mut |h| every.push(key(&h)))
            .unwrap();
        through.sort();
        every.sort();
        prop_assert_eq!(through, every);
        let mut at: Vec<_> = q.bodies_at(o).unwrap().collect();
        at.sort();
        prop_assert_eq!(at, w.bodies_at(o).unwrap().collect::<Vec<_>>());
        if !matches!(a.probe, Shape::None) {
            let mut touched: Vec<_> = q.overlaps(a.probe, o, a.turn).unwrap().collect();
            let mut all: Vec<_> = w.overlaps(a.probe, o, a.turn).unwrap().collect();
            touched.sort();
            all.sort();
            prop_assert_eq!(touched, all);
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_tree_answers_as_the_world(
        bodies in prop::collection::vec(body(), 0..120),
        planes in prop::collection::vec((vector(1.0), -10.0f64..0.0), 0..3),
        asks in prop::collection::vec(ask(), 1..40),
    ) {
        agree(&world::<Growable>(&bodies, &planes), &asks)?;
    }

    #[test]
    fn a_fixed_tree_answers_as_the_world(
        bodies in prop::collection::vec(body(), 0..64),
        asks in prop::collection::vec(ask(), 1..20),
    ) {
        // A `World<f64, Fixed<64>>` is about 400 KB; an unoptimized build keeps several
        // copies of it on the stack while it builds one, more than a test thread's 2 MiB.
        std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn(move || agree(&world::<Fixed<64>>(&bodies, &[]), &asks))
            .expect("thread")
            .join()
            .expect("no panic")?;
    }
}

#[test]
fn the_tree_answers_as_the_world_on_a_fallen_pile() {
    let mut w = World::<f64, Growable>::new(WorldSettings::default()).unwrap();
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
        .unwrap();
    for k in 0..400 {
        let at = Vector([
            (k % 10) as f64 * 0.45,
            0.3 + (k / 100) as f64 * 0.45,
            ((k / 10) % 10) as f64 * 0.45,
        ]);
        let body = match k % 3 {
            0 => RigidBody::cuboid(1.0, Vector([0.2, 0.15, 0.2])).unwrap(),
            1 => RigidBody::capsule(1.0, 0.1, 0.1).unwrap(),
            _ => RigidBody::sphere(1.0, 0.2).unwrap(),
        };
        w.add_body(body.with_position(at)).unwrap();
    }
    for _ in 0..120 {
        w.step().unwrap();
    }
    // Rays down through the pile on a grid, and sideways through it.
    let mut asks = Vec::new();
    for i in 0..30 {
        for j in 0..30 {
            let (x, z) = (i as f64 * 0.15 - 0.1, j as f64 * 0.15 - 0.1);
            asks.push(Ask {
                origin: Vector([x, 3.0, z]),
                direction: Vector([0.01, -1.0, 0.02]),
                max_distance: f64::INFINITY,
                probe: Shape::Sphere(0.3),
                turn: UnitQuaternion::identity(),
            });
            asks.push(Ask {
                origin: Vector([-1.0, x * 0.3, z]),
                direction: Vector([1.0, 0.0, 0.1]),
                max_distance: 5.0,
                probe: Shape::Box(Vector([0.2, 0.3, 0.1])),
                turn: UnitQuaternion::identity(),
            });
        }
    }
    let mut hits = 0;
    for a in &asks {
        hits += usize::from(
            w.cast_ray(a.origin, a.direction, a.max_distance)
                .unwrap()
                .is_some(),
        );
    }
    assert!(hits > asks.len() / 2, "most rays hit the pile: {hits}");
    agree(&w, &asks).unwrap();
}
