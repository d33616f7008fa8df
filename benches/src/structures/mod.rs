//! The field's structures beyond spheres and box stacks, ours, rapier3d-f64's and (feature
//! `jolt`) Jolt's side by side in one run, built from the same numbers, one module each: a
//! pile of 400 capsules dropped into an open box (`capsules`), a row of 30 dominoes toppled
//! by a push on the first (`dominoes`), a grid of spheres on ball joints hanging from two
//! corners (`grid`) and a pile of ragdolls, capsules on ball and hinge joints (`ragdolls`;
//! these two without Jolt: its C API has no constraints).
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

mod capsules;
mod dominoes;
mod grid;
mod ragdolls;

use rapier3d_f64::prelude as rp;
use solver::cwlist::Growable;
use solver::world::{Material, World, WorldSettings};
use solver::xform::Vector;

use crate::Mode;

const FRICTION: f64 = 0.5;

/// A pose read back from either engine: centre and body y axis (world frame).
type Pose = ([f64; 3], [f64; 3]);

/// Closest distance between segments `p1 q1` and `p2 q2` (Ericson, "Real-Time Collision
/// Detection", §5.1.9), written here so that every engine is measured by one independent
/// computation.
fn segment_distance(p1: [f64; 3], q1: [f64; 3], p2: [f64; 3], q2: [f64; 3]) -> f64 {
    let sub = |a: [f64; 3], b: [f64; 3]| [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
    let dot = |a: [f64; 3], b: [f64; 3]| a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
    let at = |p: [f64; 3], d: [f64; 3], t: f64| [p[0] + d[0] * t, p[1] + d[1] * t, p[2] + d[2] * t];
    let (d1, d2, r) = (sub(q1, p1), sub(q2, p2), sub(p1, p2));
    let (a, e, f) = (dot(d1, d1), dot(d2, d2), dot(d2, r));
    let (c, b) = (dot(d1, r), dot(d1, d2));
    let denom = a * e - b * b;
    let mut s = if denom > 1e-14 {
        ((b * f - c * e) / denom).clamp(0.0, 1.0)
    } else {
        0.0
    };
    let mut t = (b * s + f) / e;
    if t < 0.0 {
        t = 0.0;
        s = (-c / a).clamp(0.0, 1.0);
    } else if t > 1.0 {
        t = 1.0;
        s = ((b - c) / a).clamp(0.0, 1.0);
    }
    let gap = sub(at(p1, d1, s), at(p2, d2, t));
    dot(gap, gap).sqrt()
}

/// Our world with default settings but the step `dt` and sleeping off (as the peers run),
/// and the material of every structure (μ = [`FRICTION`], no bounce).
fn ours_world(dt: f64) -> (World<f64, Growable>, Material<f64>) {
    let mut s = WorldSettings::default();
    s.dt = dt;
    s.sleep = None;
    let material = Material {
        friction: FRICTION,
        restitution: 0.0,
    };
    (World::new(s).expect("settings"), material)
}

/// A capsule body in rapier (its axis along the body's y): at `centre`, turned by `angle`
/// about `axis` as in ours, of `density`, friction μ, no bounce, never asleep.
fn rapier_capsule(
    w: &mut rp::PhysicsWorld,
    (centre, axis, angle): ([f64; 3], [f64; 3], f64),
    (half_height, radius): (f64, f64),
    density: f64,
) -> rp::RigidBodyHandle {
    let n = (axis[0] * axis[0] + axis[1] * axis[1] + axis[2] * axis[2]).sqrt();
    let turn = rp::Vector::new(axis[0], axis[1], axis[2]) * (angle / n);
    let h = w.bodies.insert(
        rp::RigidBodyBuilder::dynamic()
            .translation(rp::Vector::new(centre[0], centre[1], centre[2]))
            .rotation(turn)
            .can_sleep(false)
            .build(),
    );
    let capsule = rp::ColliderBuilder::capsule_y(half_height, radius)
        .density(density)
        .friction(FRICTION)
        .restitution(0.0)
        .build();
    w.colliders.insert_with_parent(capsule, h, &mut w.bodies);
    h
}

/// Uniform draws in `[0, 1)` from a xorshift64 generator: the same scene in every run and
/// every engine.
struct Draws(u64);

impl Draws {
    fn unit(&mut self) -> f64 {
        let s = &mut self.0;
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        (*s >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// An open box on the ground, `width` square from the origin, its walls `height` high:
/// planes in ours, fixed cuboids (1 m thick) for the peers, with the same inner faces.
struct OpenBox {
    width: f64,
    height: f64,
}

impl OpenBox {
    /// The floor and four walls: `(normal, offset)` with `normal·x ≥ offset` free.
    fn planes(&self) -> [([f64; 3], f64); 5] {
        let w = self.width;
        [
            ([0.0, 1.0, 0.0], 0.0),
            ([1.0, 0.0, 0.0], 0.0),
            ([-1.0, 0.0, 0.0], -w),
            ([0.0, 0.0, 1.0], 0.0),
            ([0.0, 0.0, -1.0], -w),
        ]
    }

    /// `(centre, half extents)` of the floor and four walls as cuboids whose inner faces
    /// are the planes of [`planes`](Self::planes).
    fn cuboids(&self) -> [([f64; 3], [f64; 3]); 5] {
        let (half, thick, width, high) = (self.width / 2.0, 1.0, self.width, self.height / 2.0);
        [
            ([half, -thick, half], [half + 2.0, thick, half + 2.0]),
            ([-thick, half, half], [thick, high, half + 2.0]),
            ([width + thick, half, half], [thick, high, half + 2.0]),
            ([half, half, -thick], [half + 2.0, high, thick]),
            ([half, half, width + thick], [half + 2.0, high, thick]),
        ]
    }

    /// The box in our world, of `material`.
    fn add_to_ours(&self, w: &mut World<f64, Growable>, material: Material<f64>) {
        for (n, d) in self.planes() {
            w.add_plane(Vector(n), d, material).expect("plane");
        }
    }

    /// The box in rapier (friction μ, restitution 0).
    fn add_to_rapier(&self, w: &mut rp::PhysicsWorld) {
        for (c, h) in self.cuboids() {
            let wall = rp::ColliderBuilder::cuboid(h[0], h[1], h[2])
                .translation(rp::Vector::new(c[0], c[1], c[2]))
                .friction(FRICTION)
                .restitution(0.0)
                .build();
            w.colliders.insert(wall);
        }
    }
}

/// A figure of a chaotic scene measured from several starts: its median and range. A pile
/// or a hanging grid amplifies the smallest difference, so one run's deepest penetration or
/// largest gap is one draw: moving one sphere of a 12 × 12 grid by 10⁻¹² m changed our gap
/// from 27 % to 21 % or 48 %, and six random draws of the capsules' turns gave our deepest
/// penetration anywhere from 6.6 to 14.8 mm.
#[derive(Debug, Clone, Copy)]
struct Spread {
    median: f64,
    min: f64,
    max: f64,
}

impl Spread {
    fn of(values: impl IntoIterator<Item = f64>) -> Self {
        let runs = crate::measure::Rounds(values.into_iter().collect());
        Self {
            median: runs.median(),
            min: runs.best(),
            max: runs.0.iter().copied().reduce(f64::max).unwrap_or(f64::NAN),
        }
    }

    /// `median (min–max)` scaled by `scale`, with `decimals` and `unit` after the median.
    fn show(&self, scale: f64, decimals: usize, unit: &str) -> String {
        format!(
            "{:.d$}{unit} ({:.d$}–{:.d$})",
            self.median * scale,
            self.min * scale,
            self.max * scale,
            d = decimals
        )
    }
}

/// Jolt's `(x, y, z, w)` as our quaternion.
#[cfg(feature = "jolt")]
fn jolt_quaternion(q: [f64; 4]) -> solver::xform::Quaternion<f64> {
    solver::xform::Quaternion {
        w: q[3],
        x: q[0],
        y: q[1],
        z: q[2],
    }
}

/// The report section: the capsule pile, the dominoes, the joint grid and the ragdoll pile.
#[must_use]
pub fn report(_mode: &Mode) -> String {
    let mut md = capsules::section();
    md.push_str(&dominoes::section());
    md.push_str(&grid::section());
    md.push_str(&ragdolls::section());
    md
}
