//! Links with cortex-m-rt's `link.x` (which includes `memory.x`) only for bare-metal targets,
//! so the same crate also builds and runs as an ordinary host binary.
use std::{env, fs, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=memory.x");
    println!("cargo:rerun-if-changed=build.rs");
    if env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("none") {
        let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
        fs::copy("memory.x", out.join("memory.x")).expect("copy memory.x");
        println!("cargo:rustc-link-search={}", out.display());
        println!("cargo:rustc-link-arg-bins=-Tlink.x");
    }
}
