//! Turns on the FPU path (`cfg(fpu_vfp4)`) for the targets whose floating-point unit has
//! `vsqrt.f32` and `vfma.f32` (FPv4-SP and FPv5: Cortex-M4F, M7, M33, M55). Stable Rust has no
//! `cfg(target_feature)` for Arm's FPU versions, so the target's name decides; an Arm
//! hard-float target not listed (for example a Cortex-R with VFPv3, which has no `vfma`) keeps
//! the software path.
fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rustc-check-cfg=cfg(fpu_vfp4)");
    let target = std::env::var("TARGET").unwrap_or_default();
    let fpv4_or_later = [
        "thumbv7em-none-eabihf",
        "thumbv8m.main-none-eabihf",
        "thumbv8m.main-nuttx-eabihf",
        "thumbv7em-nuttx-eabihf",
    ];
    if fpv4_or_later.contains(&target.as_str()) {
        println!("cargo::rustc-cfg=fpu_vfp4");
    }
}
