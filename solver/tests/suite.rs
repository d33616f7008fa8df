//! Every integration test of `solver` in one test binary: each file of `tests/` is a module
//! here (`autotests = false` in Cargo.toml). One binary compiles the world's generic code once
//! instead of once per file, which took most of CI's test time. Run one file's tests by its
//! module name: `cargo test -p rtphys-solver --test suite world_joints::`.

mod common;
mod geometry_common;

mod agreement;
mod errors;
mod geometry_contacts;
mod geometry_resting;
mod geometry_shapes;
mod geometry_solid;
mod integrate;
mod properties;
mod robustness;
mod stabilization;
mod world_api_model;
mod world_direct;
mod world_events;
mod world_filters;
mod world_forces;
mod world_inputs;
mod world_joints;
mod world_kinematic;
mod world_mixed_precision;
mod world_overlap;
mod world_physics;
mod world_pipeline;
mod world_position_drive;
mod world_properties;
mod world_query_tree;
mod world_raycast;
mod world_removal;
mod world_snapshot;

/// A file added to `tests/` runs only once it is a module above: this fails while one is not.
#[test]
fn every_test_file_is_a_module_of_the_suite() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests");
    let suite = include_str!("suite.rs");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(dir).expect("tests/ is readable") {
        let path = entry.expect("a directory entry").path();
        let module = match (path.extension(), path.is_dir()) {
            (Some(ext), false) if ext == "rs" => path.file_stem(),
            (_, true) if path.join("mod.rs").exists() => path.file_name(),
            _ => None,
        };
        let Some(module) = module.and_then(|m| m.to_str()) else {
            continue;
        };
        if module != "suite" && !suite.contains(&format!("\nmod {module};\n")) {
            missing.push(module.to_owned());
        }
    }
    assert!(
        missing.is_empty(),
        "tests/ files not in tests/suite.rs: {missing:?}"
    );
}
