//! Contact manifolds of boxes and capsules (`solver::geometry`) beside parry3d-f64's
//! `DefaultQueryDispatcher::contact_manifold_convex_convex` (rapier's narrow phase) on the
//! same pose pairs, f64, margin (parry: prediction) 0.01, a fresh manifold per pair for both
//! (parry's reuse of the previous step's manifold is not used).
use core::hint::black_box;

use rapier3d_f64::parry::math::{Pose, Rotation, Vector as PVector};
use rapier3d_f64::parry::query::{
    ContactManifold, DefaultQueryDispatcher, PersistentQueryDispatcher,
};
use rapier3d_f64::parry::shape::{Capsule as PCapsule, Cuboid as PCuboid, Shape};
use solver::geometry::{Capsule, Cuboid, Isometry, capsule_capsule, capsule_cuboid, cuboid_cuboid};
use solver::xform::{Quaternion, Vector};

use crate::measure::{Ratio, Rounds, budget, ns_per_call};
use crate::pairs::load_average;
use crate::table::{Table, ns, ratio_spread};

const MARGIN: f64 = 0.01;
const PAIRS: usize = 256;
const ROUNDS: usize = 7;
const HALF: f64 = 0.5;
const RADIUS: f64 = 0.2;
const HALF_HEIGHT: f64 = 0.5;

/// SplitMix64.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
    fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.next()
    }
    /// A uniformly random rotation (Shoemake).
    fn rotation(&mut self) -> Quaternion<f64> {
        let (u, v, w) = (self.next(), self.next(), self.next());
        let tau = core::f64::consts::TAU;
        let (a, b) = ((1.0 - u).sqrt(), u.sqrt());
        Quaternion::new(
            a * (tau * v).sin(),
            a * (tau * v).cos(),
            b * (tau * w).sin(),
            b * (tau * w).cos(),
        )
    }
}

fn about_y(angle: f64) -> Quaternion<f64> {
    Quaternion::from_axis_angle(&Vector([0.0, 1.0, 0.0]), angle)
}

fn lying() -> Quaternion<f64> {
    Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2)
}

/// The same placement for both libraries.
#[derive(Clone, Copy)]
struct Placed {
    ours: Isometry<f64>,
    theirs: Pose,
}

fn placed(p: [f64; 3], q: Quaternion<f64>) -> Placed {
    let q = q.normalize();
    Placed {
        ours: Isometry::new(Vector(p), q),
        theirs: Pose::from_parts(
            PVector::new(p[0], p[1], p[2]),
            Rotation::from_xyzw(q.x, q.y, q.z, q.w),
        ),
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Pair {
    BoxBox,
    CapsuleCapsule,
    CapsuleBox,
}

struct Workload {
    name: &'static str,
    pair: Pair,
    poses: Vec<(Placed, Placed)>,
}

fn workloads() -> Vec<Workload> {
    let mut rng = Rng(0x5eed_0017);
    let mut make = |name, pair, f: &mut dyn FnMut(&mut Rng) -> (Placed, Placed)| Workload {
        name,
        pair,
        poses: (0..PAIRS).map(|_| f(&mut rng)).collect(),
    };
    let fixed = |_: &mut Rng| placed([0.0; 3], Quaternion::identity());
    vec![
        make(
            "box resting on box (face, 4 points)",
            Pair::BoxBox,
            &mut |r| {
                let top = placed(
                    [
                        r.range(-0.3, 0.3),
                        2.0 * HALF + r.range(-1e-3, 1e-3),
                        r.range(-0.3, 0.3),
                    ],
                    about_y(r.range(0.0, 6.3))
                        * Quaternion::from_axis_angle(
                            &Vector([1.0, 0.0, 0.0]),
                            r.range(-1e-3, 1e-3),
                        ),
                );
                (top, fixed(r))
            },
        ),
        make("boxes, random poses, overlapping", Pair::BoxBox, &mut |r| {
            let a = placed(
                [r.range(-0.9, 0.9), r.range(-0.9, 0.9), r.range(-0.9, 0.9)],
                r.rotation(),
            );
            (a, placed([0.0; 3], r.rotation()))
        }),
        make(
            "boxes, random poses, 2-3 apart (no contact)",
            Pair::BoxBox,
            &mut |r| {
                let d = r.range(2.0, 3.0);
                let dir = r.rotation().rotate(&Vector([1.0, 0.0, 0.0]));
                (
                    placed((dir * d).0, r.rotation()),
                    placed([0.0; 3], r.rotation()),
                )
            },
        ),
        make(
            "capsules, random poses, overlapping",
            Pair::CapsuleCapsule,
            &mut |r| {
                let a = placed(
                    [r.range(-0.5, 0.5), r.range(-0.5, 0.5), r.range(-0.5, 0.5)],
                    r.rotation(),
                );
                (a, placed([0.0; 3], r.rotation()))
            },
        ),
        make(
            "capsule lying on box (2 points)",
            Pair::CapsuleBox,
            &mut |r| {
                let a = placed(
                    [
                        r.range(-0.2, 0.2),
                        HALF + RADIUS + r.range(-1e-3, 1e-3),
                        r.range(-0.2, 0.2),
                    ],
                    about_y(r.range(0.0, 6.3)) * lying(),
                );
                (a, fixed(r))
            },
        ),
        make(
            "capsule and box, random poses, overlapping",
            Pair::CapsuleBox,
            &mut |r| {
                let a = placed(
                    [r.range(-0.8, 0.8), r.range(-0.8, 0.8), r.range(-0.8, 0.8)],
                    r.rotation(),
                );
                (a, placed([0.0; 3], r.rotation()))
            },
        ),
    ]
}

/// Our manifolds over the workload: (points, sum of gaps).
fn ours(w: &Workload) -> (usize, f64) {
    let cube = Cuboid::new(Vector([HALF; 3])).expect("valid box");
    let capsule = Capsule::new(RADIUS, HALF_HEIGHT).expect("valid capsule");
    let mut points = 0;
    let mut gaps = 0.0;
    for (a, b) in &w.poses {
        let m = match w.pair {
            Pair::BoxBox => cuboid_cuboid(&cube, &a.ours, &cube, &b.ours, MARGIN),
            Pair::CapsuleCapsule => capsule_capsule(&capsule, &a.ours, &capsule, &b.ours, MARGIN),
            Pair::CapsuleBox => capsule_cuboid(&capsule, &a.ours, &cube, &b.ours, MARGIN),
        };
        points += m.len();
        gaps += m.iter().map(|c| c.gap).sum::<f64>();
    }
    (points, gaps)
}

/// parry's manifolds over the workload (a cleared manifold each pair): (points, sum of gaps).
fn parry(w: &Workload, manifold: &mut ContactManifold<(), ()>) -> (usize, f64) {
    let cube = PCuboid::new(PVector::new(HALF, HALF, HALF));
    let capsule = PCapsule::new_y(HALF_HEIGHT, RADIUS);
    let (g1, g2): (&dyn Shape, &dyn Shape) = match w.pair {
        Pair::BoxBox => (&cube, &cube),
        Pair::CapsuleCapsule => (&capsule, &capsule),
        Pair::CapsuleBox => (&capsule, &cube),
    };
    let mut points = 0;
    let mut gaps = 0.0;
    for (a, b) in &w.poses {
        manifold.points.clear();
        let pos12 = a.theirs.inv_mul(&b.theirs);
        DefaultQueryDispatcher
            .contact_manifold_convex_convex(&pos12, g1, g2, None, None, MARGIN, manifold)
            .expect("supported pair");
        points += manifold.points.len();
        gaps += manifold.points.iter().map(|c| c.dist).sum::<f64>();
    }
    (points, gaps)
}

/// Deepest gap of each pair (ours, parry; `None` for no contact).
fn deepest(
    w: &Workload,
    manifold: &mut ContactManifold<(), ()>,
) -> Vec<(Option<f64>, Option<f64>)> {
    let one = |i: usize| Workload {
        name: w.name,
        pair: w.pair,
        poses: vec![w.poses[i]],
    };
    (0..w.poses.len())
        .map(|i| {
            let single = one(i);
            let cube = Cuboid::new(Vector([HALF; 3])).expect("valid box");
            let capsule = Capsule::new(RADIUS, HALF_HEIGHT).expect("valid capsule");
            let (a, b) = (&single.poses[0].0.ours, &single.poses[0].1.ours);
            let m = match w.pair {
                Pair::BoxBox => cuboid_cuboid(&cube, a, &cube, b, MARGIN),
                Pair::CapsuleCapsule => capsule_capsule(&capsule, a, &capsule, b, MARGIN),
                Pair::CapsuleBox => capsule_cuboid(&capsule, a, &cube, b, MARGIN),
            };
            parry(&single, manifold);
            let theirs = manifold.points.iter().map(|c| c.dist).reduce(f64::min);
            (m.min_gap(), theirs)
        })
        .collect()
}

/// The report section: time per pair, interleaved rounds, fastest round and spread.
pub fn report(mode: &crate::Mode) -> String {
    let load_before = load_average();
    let per_round = budget(mode.full) / 2;
    let mut table = Table::new([
        "workload",
        "points (ours / parry)",
        "same contact / no contact",
        "max |Δ deepest gap|",
        "ours per pair",
        "parry per pair",
        "ours / parry (min–max over rounds)",
        "spread ours",
        "spread parry",
    ]);
    let mut manifold = ContactManifold::<(), ()>::new();
    for w in workloads() {
        let both = deepest(&w, &mut manifold);
        let agree = both
            .iter()
            .filter(|(o, t)| o.is_some() == t.is_some())
            .count();
        let worst = both
            .iter()
            .filter_map(|(o, t)| Some((o.as_ref()? - t.as_ref()?).abs()))
            .fold(0.0, f64::max);
        let (our_points, _) = ours(&w);
        let (their_points, _) = parry(&w, &mut manifold);
        let mut times = [Rounds::default(), Rounds::default()];
        for _ in 0..ROUNDS {
            times[0]
                .0
                .push(ns_per_call(per_round, || ours(black_box(&w))) / PAIRS as f64);
            times[1].0.push(
                ns_per_call(per_round, || parry(black_box(&w), &mut manifold)) / PAIRS as f64,
            );
        }
        table.row([
            w.name.to_string(),
            format!("{our_points} / {their_points}"),
            format!("{agree} / {}", w.poses.len()),
            format!("{worst:.1e}"),
            ns(times[0].best()),
            ns(times[1].best()),
            ratio_spread(&Ratio::of(&times[0], &times[1])),
            format!("{:.2}", times[0].spread()),
            format!("{:.2}", times[1].spread()),
        ]);
    }
    format!(
        "Contact manifolds of {PAIRS} pose pairs per workload (unit boxes, capsules r = {RADIUS}, \
         half height {HALF_HEIGHT}), fastest of {ROUNDS} interleaved rounds per pair; spread = \
         median round / fastest round; the ratio is fastest over fastest, with the smallest and \
         largest ratio of one round. Load average {load_before} before, {} after.\n\n{}",
        load_average(),
        table.to_markdown()
    )
}
