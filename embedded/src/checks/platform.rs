//! Checks of the platform itself: the FPU path and libm give IEEE results on the target too.
use crate::check::{Check, Failure, close, ensure};
use num_traits::Float;

pub(crate) const CHECKS: &[Check] = &[
    ("f32 sqrt and trig through num-traits/libm", f32_elementary),
    ("f64 software floating point", f64_elementary),
];

fn f32_elementary() -> Result<(), Failure> {
    let x: f32 = core::hint::black_box(2.0);
    ensure(
        Float::sqrt(x) * Float::sqrt(x) - x == 0.0
            || (Float::sqrt(x) * Float::sqrt(x) - x).abs() <= f32::EPSILON * 2.0,
        "sqrt(2)^2 == 2 within 1 ulp",
    )?;
    let t: f32 = core::hint::black_box(0.5);
    close(
        f64::from(Float::sin(t).powi(2) + Float::cos(t).powi(2)),
        1.0,
        2.0 * f64::from(f32::EPSILON),
        "sin^2 + cos^2",
    )
}

fn f64_elementary() -> Result<(), Failure> {
    let x: f64 = core::hint::black_box(1.0);
    close(
        Float::atan(x) * 4.0,
        core::f64::consts::PI,
        4.0 * f64::EPSILON,
        "4 atan(1) = pi",
    )?;
    close(
        Float::exp(Float::ln(core::hint::black_box(10.0f64))),
        10.0,
        4.0 * f64::EPSILON,
        "exp(ln 10)",
    )
}
