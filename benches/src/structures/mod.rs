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
