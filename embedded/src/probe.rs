//! f32 elementary functions as the library crates call them (`fpu::sqrt` and `fpu::mul_add`;
//! `abs`, `max` and `min` through `num_traits::Float`, whose no_std path is the `libm` crate),
//! each in a function of its own with an unmangled name, so `scripts/ci-embedded` can
//! disassemble them and the cost table can count them.
//!
//! On `thumbv7em-none-eabihf` the Cortex-M4F's single-precision FPU has `vsqrt.f32`,
//! `vabs.f32` and `vfma.f32`; whether the library path reaches them is what these show.
//! (Stable `core` has `f32::abs` but no `sqrt` or `mul_add` without std.)
#![allow(
    unsafe_code,
    reason = "#[no_mangle] keeps the probes' names for the disassembly check"
)]

use num_traits::Float;

/// `x` unchanged: the baseline (a bare return) the other probes are counted against.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn probe_identity_f32(x: f32) -> f32 {
    x
}

/// `fpu::sqrt(x)`, as the library crates call it.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn probe_sqrt_f32(x: f32) -> f32 {
    fpu::sqrt(x)
}

/// `Float::abs(x)` as the library crates call it.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn probe_abs_f32(x: f32) -> f32 {
    Float::abs(x)
}

/// `fpu::mul_add(x, y, z)`, as the library crates call it.
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn probe_mul_add_f32(x: f32, y: f32, z: f32) -> f32 {
    fpu::mul_add(x, y, z)
}

/// `Float::max(x, y)` (the PGS clamp's building block).
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn probe_max_f32(x: f32, y: f32) -> f32 {
    Float::max(x, y)
}

/// `Float::min(x, y)` (the PGS clamp's building block).
#[unsafe(no_mangle)]
#[inline(never)]
pub extern "C" fn probe_min_f32(x: f32, y: f32) -> f32 {
    Float::min(x, y)
}

/// A probe: its symbol, its label in the cost table, and a call of it with three arguments.
pub type Probe = (&'static str, &'static str, fn(f32, f32, f32) -> f32);

/// The probes by name, each as a function of three arguments (unused ones ignored), in the
/// order the cost table lists them.
pub const PROBES: &[Probe] = &[
    ("probe_sqrt_f32", "`fpu::sqrt`", |x, _, _| probe_sqrt_f32(x)),
    ("probe_abs_f32", "`Float::abs`", |x, _, _| probe_abs_f32(x)),
    ("probe_mul_add_f32", "`fpu::mul_add`", |x, y, z| {
        probe_mul_add_f32(x, y, z)
    }),
    ("probe_max_f32", "`Float::max`", |x, y, _| {
        probe_max_f32(x, y)
    }),
    ("probe_min_f32", "`Float::min`", |x, y, _| {
        probe_min_f32(x, y)
    }),
];
