//! Scene queries: ray casts, overlap tests and point queries on worlds of scattered spheres,
//! boxes and capsules, answered by the world's own queries (every body tested), through a
//! `QueryTree` built for the batch (its build counted), and by rapier's query pipeline on
//! the BVH its step keeps (that upkeep not counted). Each batch of queries is checked first:
//! the tree must give exactly the world's answers, and rapier the same hits.
use core::hint::black_box;

use rapier3d_f64::prelude as rp;
use solver::cwlist::Growable;
use solver::world::{
    Grid, HitTarget, NoUserConstraint, Queries, QueryTree, RigidBody, Shape, World, WorldSettings,
};
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
fn theirs(bodies: &[Placed]) -> rp::PhysicsWorld {
    let mut world = rp::PhysicsWorld::default();
    for b in bodies {
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
        world.colliders.insert(collider);
    }
    world.step();
    world
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

/// The three queries of a batch, asked of one contender; bodies are named by the order they
/// were added (our handles' slots and rapier's collider indices, as nothing is removed).
trait Answers {
    fn first_hit(&self, origin: [f64; 3], direction: [f64; 3], reach: f64) -> Option<(u32, f64)>;
    fn touched(&self, center: [f64; 3]) -> usize;
    fn held(&self, point: [f64; 3]) -> usize;
}

fn slot(t: HitTarget) -> u32 {
    match t {
        HitTarget::Body(h) => h.slot(),
        HitTarget::Plane(_) => u32::MAX,
    }
}

/// Our queries, on the world or through a tree: the same methods on two types.
macro_rules! ours_answer {
    ($t:ty) => {
        impl Answers for $t {
            fn first_hit(&self, o: [f64; 3], d: [f64; 3], reach: f64) -> Option<(u32, f64)> {
                let hit = self
                    .cast_ray(Vector(o), Vector(d), reach)
                    .expect("a valid ray");
                hit.map(|h| (slot(h.target), h.distance))
            }
            fn touched(&self, c: [f64; 3]) -> usize {
                let probe = Shape::Sphere(PROBE);
                let still = UnitQuaternion::identity();
                self.overlaps(probe, Vector(c), still)
                    .expect("a valid probe")
                    .count()
            }
            fn held(&self, p: [f64; 3]) -> usize {
                self.bodies_at(Vector(p)).expect("a valid point").count()
            }
        }
    };
}
ours_answer!(World<f64, Growable>);
ours_answer!(Queries<'_, f64, Growable, NoUserConstraint, Grid<Growable>>);

impl Answers for rp::QueryPipeline<'_> {
    fn first_hit(&self, o: [f64; 3], d: [f64; 3], reach: f64) -> Option<(u32, f64)> {
        let ray = rp::Ray::new(at(o), at(d));
        let (h, hit) = self.cast_ray_and_get_normal(&ray, reach, true)?;
        Some((h.into_raw_parts().0, hit.time_of_impact))
    }
    fn touched(&self, c: [f64; 3]) -> usize {
        let ball = rp::Ball::new(PROBE);
        self.intersect_shape(rp::Pose::from_translation(at(c)), &ball)
            .count()
    }
    fn held(&self, p: [f64; 3]) -> usize {
        self.intersect_point(at(p)).count()
    }
}

fn at(v: [f64; 3]) -> rp::Vector {
    rp::Vector::new(v[0], v[1], v[2])
}

/// The three kinds of query.
#[derive(Debug, Clone, Copy)]
enum Query {
    Ray,
    Overlap,
    Point,
}

impl Query {
    fn name(self) -> &'static str {
        match self {
            Self::Ray => "ray cast (first hit, normal)",
            Self::Overlap => "sphere overlap (r = 1 m)",
            Self::Point => "point",
        }
    }
}

/// Asks `a` every query of kind `q` in the batch (the timed work).
fn ask(a: &impl Answers, q: Query, b: &Batch) {
    for (o, d) in b.origins.iter().zip(&b.directions) {
        match q {
            Query::Ray => drop(black_box(a.first_hit(*o, *d, b.reach))),
            Query::Overlap => drop(black_box(a.touched(*o))),
            Query::Point => drop(black_box(a.held(*o))),
        }
    }
}

/// What one contender found for the batch: per ray the body hit and distance; the number
/// of bodies the probes touched and the points lay in.
#[derive(Debug, Default, PartialEq)]
struct Found {
    rays: Vec<Option<(u32, f64)>>,
    touched: usize,
    held: usize,
}

fn found(a: &impl Answers, b: &Batch) -> Found {
    Found {
        rays: b
            .origins
            .iter()
            .zip(&b.directions)
            .map(|(o, d)| a.first_hit(*o, *d, b.reach))
            .collect(),
        touched: b.origins.iter().map(|o| a.touched(*o)).sum(),
        held: b.origins.iter().map(|o| a.held(*o)).sum(),
    }
}

fn pipeline(world: &rp::PhysicsWorld) -> rp::QueryPipeline<'_> {
    world.broad_phase.as_query_pipeline(
        world.narrow_phase.query_dispatcher(),
        &world.bodies,
        &world.colliders,
        rp::QueryFilter::default(),
    )
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
        let rapier = theirs(&placed);
        let b = batch(side, &mut rng);
        let mut tree = QueryTree::new();
        let world_found = found(&w, &b);
        let tree_found = found(&w.queries(&mut tree).expect("the tree holds the world"), &b);
        let rapier_found = found(&pipeline(&rapier), &b);
        let (tree_rays, _) = compare(&tree_found, &world_found);
        let (rapier_rays, gap) = compare(&rapier_found, &world_found);
        let build = measure::ns_per_call(budget(mode.full), || {
            w.queries(&mut tree).map(|q| black_box(&q).held([0.0; 3]))
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
        let mut built = QueryTree::new();
        let prebuilt = w.queries(&mut built).expect("the tree holds the world");
        let rq = pipeline(&rapier);
        for query in [Query::Ray, Query::Overlap, Query::Point] {
            let t = interleave(
                budget(mode.full) * 3,
                ROUNDS,
                &mut [
                    &mut || ask(&w, query, &b),
                    &mut || {
                        ask(
                            &w.queries(&mut tree).expect("the tree holds the world"),
                            query,
                            &b,
                        )
                    },
                    &mut || ask(&prebuilt, query, &b),
                    &mut || ask(&rq, query, &b),
                ],
            );
            let per = |k: usize| t[k].best() / QUERIES as f64;
            table.row([
                n.to_string(),
                query.name().to_string(),
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
