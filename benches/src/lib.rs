//! Workloads, measurement and presentation shared by the criterion benchmarks
//! (`cargo bench -p benches`) and the report (`cargo run --release -p benches --bin report`).
//!
//! Each crate has one module here holding its workloads and a `report` section that times
//! them against the peers in the same process and returns markdown.
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only crate"
)]

pub mod cwlist;
pub mod cwlist_use;
pub mod dual;
pub mod geometry;
#[cfg(feature = "jolt")]
pub mod jolt;
pub mod measure;
pub mod multibody;
pub mod pairs;
pub mod pairs_bodies;
pub mod pairs_tuples;
pub mod parallel;
pub mod plot;
pub mod queries;
pub mod rotint;
pub mod solver;
pub mod stacks;
pub mod standard;
pub mod structures;
pub mod table;
pub mod world;
pub mod xform;
pub mod xform_dynamics;

use std::path::PathBuf;

/// How a report section should run.
#[derive(Debug, Clone)]
pub struct Mode {
    /// Long version: larger sizes and longer timing budgets.
    pub full: bool,
    /// Folder for the SVG plots (committed, linked from the README).
    pub plot_dir: PathBuf,
}

/// A report section: its title and the function that measures and returns markdown.
pub type Section = (&'static str, fn(&Mode) -> String);

/// Said where a table would have Jolt's columns but the build left Jolt out.
pub const JOLT_MISSING: &str = "\nJolt's columns appear in a build with `--features jolt` (its C++ needs cmake, g++ and libclang: `cargo run --release -p benches --features jolt --bin report -- stacks structures`).\n";

/// Every section, in report order.
pub const SECTIONS: &[Section] = &[
    ("dual", dual::report),
    ("rotint", rotint::report),
    ("xform", xform::report),
    ("xform dynamics", xform_dynamics::report),
    ("pairs", pairs::report),
    ("cwlist", cwlist::report),
    ("cwlist: when to use it", cwlist_use::report),
    ("solver", solver::report),
    ("geometry", geometry::report),
    ("world", world::report),
    ("multibody", multibody::report),
    ("parallel", parallel::report),
    ("queries", queries::report),
    ("standard tests", standard::report),
    ("stacks", stacks::report),
    ("structures", structures::report),
];
