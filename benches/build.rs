//! `joltc-sys` builds Jolt's C++ but does not link the C++ runtime it needs.
fn main() {
    println!("cargo:rerun-if-env-changed=CARGO_FEATURE_JOLT");
    if std::env::var_os("CARGO_FEATURE_JOLT").is_some() {
        println!("cargo:rustc-link-lib=dylib=stdc++");
    }
}
