//! The scenes of the rigid-body world (chains, the touching cradle, a sphere pile, a
//! spinning body, 4000 spheres, a box tower and pyramid, and articulated bodies in reduced
//! coordinates), each printing a table of metrics
//! against its targets and writing SVG plots.
//!
//! `cargo run --release -p rtphys-solver --example scenes [-- <output folder>]` (default
//! `target/scenes/` of the workspace, so a run leaves the work tree clean).
#![allow(
    clippy::field_reassign_with_default,
    reason = "scene settings read best as the default plus the few changes"
)]

use std::path::PathBuf;
use std::time::Instant;

#[path = "scenes/boxes.rs"]
mod boxes;
#[path = "scenes/chain.rs"]
mod chain;
#[path = "scenes/common.rs"]
mod common;
#[path = "scenes/cradle.rs"]
mod cradle;
#[path = "scenes/large.rs"]
mod large;
#[path = "scenes/multibody.rs"]
mod multibody;
#[path = "scenes/pile.rs"]
mod pile;
// The SVG line charts of the benchmark report, shared rather than copied.
#[allow(
    unreachable_pub,
    reason = "the module's items are public in the benches crate"
)]
#[path = "../../benches/src/plot.rs"]
mod plot;
#[path = "scenes/setups.rs"]
mod setups;
#[path = "scenes/spin.rs"]
mod spin;
#[path = "scenes/standard.rs"]
mod standard;

fn main() {
    let out = std::env::args().nth(1).map_or_else(
        || PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/scenes"),
        PathBuf::from,
    );
    if let Err(e) = std::fs::create_dir_all(&out) {
        eprintln!("cannot create {}: {e}", out.display());
        std::process::exit(2);
    }
    println!("Writing plots to {}/", out.display());
    let start = Instant::now();
    let mut all = Vec::new();
    all.extend(chain::run(&out, false));
    all.extend(chain::run(&out, true));
    all.extend(cradle::run(&out));
    all.extend(pile::run(&out));
    all.extend(spin::run(&out));
    all.extend(large::run(&out));
    all.extend(boxes::run(&out));
    all.extend(standard::run(&out));
    all.extend(multibody::run(&out));
    let missed = all.iter().filter(|r| r.verdict() == Some(false)).count();
    println!(
        "\nAll scenes: {} targets, {} PASS, {} MISS, {:.1} s",
        all.iter().filter(|r| r.verdict().is_some()).count(),
        all.iter().filter(|r| r.verdict() == Some(true)).count(),
        missed,
        start.elapsed().as_secs_f64()
    );
}
