//! The field's structures beyond spheres and box stacks, ours, rapier3d-f64's and (feature
//! `jolt`) Jolt's side by side in one run, built from the same numbers, one module each: a
//! pile of 400 capsules dropped into an open box (`capsules`), a row of 30 dominoes toppled
//! by a push on the first (`dominoes`) and a grid of spheres on ball joints hanging from two
//! corners (`grid`, without Jolt: its C API has no constraints).
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

mod capsules;
mod dominoes;
mod grid;

use crate::Mode;

const FRICTION: f64 = 0.5;

/// A pose read back from either engine: centre and body y axis (world frame).
type Pose = ([f64; 3], [f64; 3]);

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

/// The report section: the capsule pile, the dominoes and the joint grid.
#[must_use]
pub fn report(_mode: &Mode) -> String {
    let mut md = capsules::section();
    md.push_str(&dominoes::section());
    md.push_str(&grid::section());
    md
}
