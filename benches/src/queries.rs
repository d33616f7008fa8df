//! Scene queries: ray casts, overlap tests and point queries on worlds of scattered spheres,
//! boxes and capsules, answered by the world's own queries (every body tested), through a
//! `QueryTree` built for the batch (its build counted), and by rapier's query pipeline on
//! the BVH its step keeps (that upkeep not counted). Each batch of queries is checked first:
//! the tree must give exactly the world's answers, and rapier the same hits.
use core::hint::black_box;

use rapier3d_f64::prelude as rp;
use solver::cwlist::Growable;
use solver::world::{HitTarget, QueryTree, RigidBody, Shape, World, WorldSettings};
use solver::xform::{UnitQuaternion, Vector};

use crate::measure::{Ratio, budget, interleave};
use crate::solver::Rng;
use crate::table::{Table, ns, ratio_spread};
use crate::{Mode, measure};

/// Queries per timed batch.
const QUERIES: usize = 256;
const ROUNDS: usize = 7;

/// One scattered body: its shape, centre and rotation (axis times angle).
#[derive(Debug, Clone, Copy)]
struct Placed {
    shape: Shape<f64>,
    at: [f64; 3],
    turn: [f64; 3],
}

/// `n` bodies scattered uniformly in a cube with about 3 m³ each (a third spheres, a third
/// boxes, a third capsules); returns the cube's side too.
fn scatter(n: usize, rng: &mut Rng) -> (f64, Vec<Placed>) {
    let side = (3.0 * n as f64).cbrt();
    let bodies = (0..n)
        .map(|k| {
            let shape = match k % 3 {
                0 => Shape::Sphere(0.3),
                1 => Shape::Box(Vector([0.3, 0.2, 0.25])),
                _ => Shape::Capsule(0.15, 0.3),
            };
            let axis = [
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
                rng.range(-1.0, 1.0),
            ];
            let norm = axis.iter().map(|a| a * a).sum::<f64>().sqrt().max(1e-9);
            let angle = rng.range(-3.0, 3.0);
            Placed {
                shape,
                at: [side * rng.unit(), side * rng.unit(), side * rng.unit()],
                turn: axis.map(|a| a / norm * angle),
            }
        })
        .collect();
    (side, bodies)
}

fn ours(bodies: &[Placed]) -> World<f64, Growable> {
    let mut w = World::new(WorldSettings::default()).expect("default settings");
    for b in bodies {
        let v = Vector(b.turn);
        let q =
            UnitQuaternion::try_from_axis_angle(&v, v.norm()).unwrap_or(UnitQuaternion::identity());
        let body = RigidBody::fixed()
            .with_shape(b.shape)
            .with_position(Vector(b.at))
            .with_orientation(q);
        w.add_body(body).expect("a valid body");
    }
    w
}

/// The same bodies as static colliders, stepped once so that rapier's BVH holds them.
fn theirs(bodies: &[Placed]) -> (rp::PhysicsWorld, Vec<rp::ColliderHandle>) {
    let mut world = rp::PhysicsWorld::default();
    let handles = bodies
        .iter()
        .map(|b| {
            let builder = match b.shape {
                Shape::Sphere(r) => rp::ColliderBuilder::ball(r),
                Shape::Box(h) => rp::ColliderBuilder::cuboid(h[0], h[1], h[2]),
                Shape::Capsule(r, hh) => rp::ColliderBuilder::capsule_y(hh, r),
                Shape::None => unreachable!("scattered bodies have shapes"),
            };
            let collider = builder
                .translation(rp::Vector::new(b.at[0], b.at[1], b.at[2]))
                .rotation(rp::Vector::new(b.turn[0], b.turn[1], b.turn[2]))
                .build();
            world.colliders.insert(collider)
        })
        .collect();
    world.step();
    (world, handles)
}

/// A batch of queries: rays from points in the cube along random directions, `reach` long,
/// and probe spheres of radius 1 m and points at the same origins.
struct Batch {
    origins: Vec<[f64; 3]>,
    directions: Vec<[f64; 3]>,
    reach: f64,
}

fn batch(side: f64, rng: &mut Rng) -> Batch {
    let mut directions = Vec::new();
    while directions.len() < QUERIES {
        let d = [
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
            rng.range(-1.0, 1.0),
        ];
        let n = d.iter().map(|a| a * a).sum::<f64>().sqrt();
        if (0.1..=1.0).contains(&n) {
            directions.push(d.map(|a| a / n));
        }
    }
    Batch {
        origins: (0..QUERIES)
            .map(|_| [side * rng.unit(), side * rng.unit(), side * rng.unit()])
            .collect(),
        directions,
        reach: side,
    }
}

const PROBE: f64 = 1.0;

/// What one contender found for the batch: per ray the body hit (index) and distance; the
/// number of bodies the probes touched and the points lay in.
#[derive(Debug, Default, PartialEq)]
struct Found {
    rays: Vec<Option<(usize, f64)>>,
    touched: usize,
    held: usize,
}

fn body_of(w: &World<f64, Growable>, t: HitTarget) -> usize {
    match t {
        HitTarget::Body(h) => w.body_index(h).expect("a live body"),
        HitTarget::Plane(_) => usize::MAX,
    }
}

fn found_by_world(w: &World<f64, Growable>, b: &Batch) -> Found {
    let probe = Shape::Sphere(PROBE);
    let still = UnitQuaternion::identity();
    Found {
        rays: b
            .origins
            .iter()
            .zip(&b.directions)
            .map(|(o, d)| {
                let hit = w
                    .cast_ray(Vector(*o), Vector(*d), b.reach)
                    .expect("a valid ray");
                hit.map(|h| (body_of(w, h.target), h.distance))
            })
            .collect(),
        touched: b
            .origins
            .iter()
            .map(|o| {
                w.overlaps(probe, Vector(*o), still)
                    .expect("a valid probe")
                    .count()
            })
            .sum(),
        held: b
            .origins
            .iter()
            .map(|o| w.bodies_at(Vector(*o)).expect("a valid point").count())
            .sum(),
    }
}

fn found_by_tree(
    w: &World<f64, Growable>,
    tree: &mut QueryTree<f64, Growable>,
    b: &Batch,
) -> Found {
    let q = w.queries(tree).expect("the tree holds the world");
    let probe = Shape::Sphere(PROBE);
    let still = UnitQuaternion::identity();
    Found {
        rays: b
            .origins
            .iter()
            .zip(&b.directions)
            .map(|(o, d)| {
                let hit = q
                    .cast_ray(Vector(*o), Vector(*d), b.reach)
                    .expect("a valid ray");
                hit.map(|h| (body_of(w, h.target), h.distance))
            })
            .collect(),
        touched: b
            .origins
            .iter()
            .map(|o| {
                q.overlaps(probe, Vector(*o), still)
                    .expect("a valid probe")
                    .count()
            })
            .sum(),
        held: b
            .origins
            .iter()
            .map(|o| q.bodies_at(Vector(*o)).expect("a valid point").count())
            .sum(),
    }
}

fn found_by_rapier(world: &rp::PhysicsWorld, index: &[rp::ColliderHandle], b: &Batch) -> Found {
    let q = world.broad_phase.as_query_pipeline(
        world.narrow_phase.query_dispatcher(),
        &world.bodies,
        &world.colliders,
        rp::QueryFilter::default(),
    );
    let ball = rp::SharedShape::ball(PROBE);
    let at = |o: &[f64; 3]| rp::Vector::new(o[0], o[1], o[2]);
    Found {
        rays: b
            .origins
            .iter()
            .zip(&b.directions)
            .map(|(o, d)| {
                let ray = rp::Ray::new(at(o), at(d));
                q.cast_ray_and_get_normal(&ray, b.reach, true)
                    .map(|(h, hit)| {
                        (
                            index.iter().position(|x| *x == h).unwrap_or(usize::MAX),
                            hit.time_of_impact,
                        )
                    })
            })
            .collect(),
        touched: b
            .origins
            .iter()
            .map(|o| {
                q.intersect_shape(rp::Pose::from_translation(at(o)), ball.as_ref())
                    .count()
            })
            .sum(),
        held: b
            .origins
            .iter()
            .map(|o| q.intersect_point(at(o)).count())
            .sum(),
    }
}

/// Rays whose first hit differs between two contenders, and the largest distance gap of the
/// rays that hit the same body.
fn compare(a: &Found, b: &Found) -> (usize, f64) {
    a.rays
        .iter()
        .zip(&b.rays)
        .fold((0, 0.0f64), |(n, gap), (x, y)| match (x, y) {
            (Some((i, s)), Some((j, t))) if i == j => (n, gap.max((s - t).abs())),
            (None, None) => (n, gap),
            _ => (n + 1, gap),
        })
}

/// The report section.
pub fn report(mode: &Mode) -> String {
    let sizes: &[usize] = if mode.full {
        &[1_000, 10_000, 50_000]
    } else {
        &[1_000, 10_000]
    };
    let mut table = Table::new([
        "bodies",
        "query (256 per batch)",
        "world, every body",
        "tree, build counted",
        "tree, built before",
        "rapier, BVH kept by its step",
        "tree (build counted) / world",
        "tree (built before) / rapier",
    ]);
    let mut agreement = Table::new([
        "bodies",
        "ray hits (of 256)",
        "tree ≠ world (rays, touched, held)",
        "rapier ≠ world (rays)",
        "max |Δ distance| vs rapier",
        "probe contacts world / rapier",
        "points held world / rapier",
        "tree build alone",
    ]);
    let mut rng = Rng(20_261_127);
    for &n in sizes {
        let (side, placed) = scatter(n, &mut rng);
        let w = ours(&placed);
        let (rapier, index) = theirs(&placed);
        let b = batch(side, &mut rng);
        let mut tree = QueryTree::new();
        let world_found = found_by_world(&w, &b);
        let tree_found = found_by_tree(&w, &mut tree, &b);
        let rapier_found = found_by_rapier(&rapier, &index, &b);
        let (tree_rays, _) = compare(&tree_found, &world_found);
        let (rapier_rays, gap) = compare(&rapier_found, &world_found);
        let build = measure::ns_per_call(budget(mode.full), || {
            w.queries(&mut tree).map(|q| {
                black_box(&q)
                    .cast_ray(Vector([0.0; 3]), Vector([1.0, 0.0, 0.0]), 0.0)
                    .is_ok()
            })
        });
        agreement.row([
            n.to_string(),
            world_found
                .rays
                .iter()
                .filter(|r| r.is_some())
                .count()
                .to_string(),
            format!(
                "{tree_rays}, {}, {}",
                world_found.touched.abs_diff(tree_found.touched),
                world_found.held.abs_diff(tree_found.held)
            ),
            rapier_rays.to_string(),
            format!("{gap:.1e}"),
            format!("{} / {}", world_found.touched, rapier_found.touched),
            format!("{} / {}", world_found.held, rapier_found.held),
            ns(build),
        ]);
        for query in [
            "ray cast (first hit, normal)",
            "sphere overlap (r = 1 m)",
            "point",
        ] {
            let still = UnitQuaternion::identity();
            let probe = Shape::Sphere(PROBE);
            let ball = rp::SharedShape::ball(PROBE);
            let rq = rapier.broad_phase.as_query_pipeline(
                rapier.narrow_phase.query_dispatcher(),
                &rapier.bodies,
                &rapier.colliders,
                rp::QueryFilter::default(),
            );
            let at = |o: &[f64; 3]| rp::Vector::new(o[0], o[1], o[2]);
            let mut world_batch = || {
                for (o, d) in b.origins.iter().zip(&b.directions) {
                    match query.as_bytes()[0] {
                        b'r' => drop(black_box(w.cast_ray(Vector(*o), Vector(*d), b.reach))),
                        b's' => drop(black_box(
                            w.overlaps(probe, Vector(*o), still).map(Iterator::count),
                        )),
                        _ => drop(black_box(w.bodies_at(Vector(*o)).map(Iterator::count))),
                    }
                }
            };
            let mut tree_batch = || {
                let q = w.queries(&mut tree).expect("the tree holds the world");
                for (o, d) in b.origins.iter().zip(&b.directions) {
                    match query.as_bytes()[0] {
                        b'r' => drop(black_box(q.cast_ray(Vector(*o), Vector(*d), b.reach))),
                        b's' => drop(black_box(
                            q.overlaps(probe, Vector(*o), still).map(Iterator::count),
                        )),
                        _ => drop(black_box(q.bodies_at(Vector(*o)).map(Iterator::count))),
                    }
                }
            };
            let mut built = QueryTree::new();
            let prebuilt = w.queries(&mut built).expect("the tree holds the world");
            let mut prebuilt_batch = || {
                for (o, d) in b.origins.iter().zip(&b.directions) {
                    match query.as_bytes()[0] {
                        b'r' => drop(black_box(prebuilt.cast_ray(
                            Vector(*o),
                            Vector(*d),
                            b.reach,
                        ))),
                        b's' => drop(black_box(
                            prebuilt
                                .overlaps(probe, Vector(*o), still)
                                .map(Iterator::count),
                        )),
                        _ => drop(black_box(
                            prebuilt.bodies_at(Vector(*o)).map(Iterator::count),
                        )),
                    }
                }
            };
            let mut rapier_batch = || {
                for (o, d) in b.origins.iter().zip(&b.directions) {
                    match query.as_bytes()[0] {
                        b'r' => drop(black_box(rq.cast_ray_and_get_normal(
                            &rp::Ray::new(at(o), at(d)),
                            b.reach,
                            true,
                        ))),
                        b's' => drop(black_box(
                            rq.intersect_shape(rp::Pose::from_translation(at(o)), ball.as_ref())
                                .count(),
                        )),
                        _ => drop(black_box(rq.intersect_point(at(o)).count())),
                    }
                }
            };
            let t = interleave(
                budget(mode.full) * 3,
                ROUNDS,
                &mut [
                    &mut world_batch,
                    &mut tree_batch,
                    &mut prebuilt_batch,
                    &mut rapier_batch,
                ],
            );
            let per = |k: usize| t[k].best() / QUERIES as f64;
            table.row([
                n.to_string(),
                query.to_string(),
                ns(per(0)),
                ns(per(1)),
                ns(per(2)),
                ns(per(3)),
                ratio_spread(&Ratio::of(&t[1], &t[0])),
                ratio_spread(&Ratio::of(&t[2], &t[3])),
            ]);
        }
    }
    format!(
        "Time per query over batches of {QUERIES}, on bodies scattered in a cube with about \
         3 m³ each (spheres r = 0.3, boxes 0.6 × 0.4 × 0.5, capsules r = 0.15 with a 0.6 m \
         core), rays as long as the cube's side from points inside it: the world's own \
         queries test every body; through a `QueryTree` either with the tree's build in the \
         batch (O(n log n), what a program that queries once per step pays) or on a tree \
         built before; rapier's `QueryPipeline` \
         answers from the BVH its step maintains, whose upkeep is not counted. Fastest of \
         {ROUNDS} interleaved rounds; the ratio's spread is the smallest and largest ratio of \
         one round.\n\n{}\nThe answers, checked before timing (the tree must give exactly the \
         world's; rapier's point query counts colliders whose box holds the point, as its \
         docs say, and its shape query exact overlaps):\n\n{}",
        table.to_markdown(),
        agreement.to_markdown()
    )
}
