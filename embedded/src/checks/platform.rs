//! Checks of the platform itself: the FPU path and libm give IEEE results on the target too.
use crate::check::{Check, Failure, close, ensure};
use num_traits::Float;

pub(crate) const CHECKS: &[Check] = &[
    ("f32 sqrt and trig through num-traits/libm", f32_elementary),
    ("f64 software floating point", f64_elementary),
    ("fpu::sqrt equals libm's sqrtf on 10^6 inputs", fpu_sqrt),
    (
        "fpu::mul_add equals libm's fmaf on 10^6 inputs",
        fpu_mul_add,
    ),
    (
        "fpu::sin_cos within 2 ulp of libm's f64 sin and cos on 10^5 inputs",
        fpu_sin_cos,
    ),
];

/// Inputs for the FPU comparisons: every sign, exponent and special value (±0, subnormals,
/// ±∞, NaN) first, then random bit patterns (xorshift32), `n` in all.
fn inputs(n: u32) -> impl Iterator<Item = f32> {
    const SPECIAL: [u32; 10] = [
        0x0000_0000, // +0
        0x8000_0000, // −0
        0x0000_0001, // smallest subnormal
        0x807f_ffff, // −largest subnormal
        0x0080_0000, // smallest normal
        0x7f7f_ffff, // largest finite
        0x7f80_0000, // +∞
        0xff80_0000, // −∞
        0x7fc0_0000, // NaN
        0x3f80_0001, // 1 + ulp
    ];
    let mut state = 0x9e37_79b9u32;
    (0..n).map(move |i| {
        let bits = match SPECIAL.get(i as usize) {
            Some(&b) => b,
            None => {
                state ^= state << 13;
                state ^= state >> 17;
                state ^= state << 5;
                state
            }
        };
        f32::from_bits(bits)
    })
}

fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

/// Correctly rounded both (IEEE `vsqrt.f32` on the target, libm's `sqrtf`): bit for bit.
fn fpu_sqrt() -> Result<(), Failure> {
    let mut n = 0u32;
    for x in inputs(1_000_000) {
        let x = core::hint::black_box(x);
        ensure(
            same(fpu::sqrt(x), libm::sqrtf(x)),
            "fpu::sqrt(x) == sqrtf(x)",
        )?;
        n += 1;
    }
    ensure(n == 1_000_000, "10^6 inputs")
}

/// Correctly rounded both (IEEE `vfma.f32` on the target, libm's `fmaf`): bit for bit, on
/// triples of the inputs (products that overflow, underflow and cancel included).
fn fpu_mul_add() -> Result<(), Failure> {
    let (mut a, mut b) = (inputs(1_000_002), inputs(1_000_002).skip(1));
    let mut c = inputs(1_000_002).skip(2);
    let mut n = 0u32;
    while let (Some(x), Some(y), Some(z)) = (a.next(), b.next(), c.next()) {
        // Scale some triples so that x·y and z are of comparable size (cancellation).
        let z = if n.is_multiple_of(2) {
            z
        } else {
            -(x * y) + z * 1e-7
        };
        let (x, y, z) = core::hint::black_box((x, y, z));
        ensure(
            same(fpu::mul_add(x, y, z), libm::fmaf(x, y, z)),
            "fpu::mul_add == fmaf",
        )?;
        n += 1;
    }
    ensure(n == 1_000_000, "10^6 triples")
}

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

/// The f32 kernel against libm's f64 `sin` and `cos` of the same argument (software double on
/// the target), with `fpu`'s documented bound: 2 ulp plus `2·10⁻¹¹`, on a grid over
/// `[−4096, 4096]`.
fn fpu_sin_cos() -> Result<(), Failure> {
    const N: u32 = 100_000;
    for k in 0..N {
        let x = core::hint::black_box(-4096.0 + 8192.0 * (k as f32 + 0.5) / N as f32);
        let (s, c) = fpu::sin_cos(x);
        for (got, exact) in [(s, libm::sin(f64::from(x))), (c, libm::cos(f64::from(x)))] {
            let magnitude = exact.abs().max(f64::from(f32::MIN_POSITIVE));
            let ulp = libm::exp2(libm::floor(libm::log2(magnitude)) - 23.0);
            ensure(
                (f64::from(got) - exact).abs() <= 2.0 * ulp + 2e-11,
                "|fpu::sin_cos(x) − (sin x, cos x)| ≤ 2 ulp + 2e-11",
            )?;
        }
    }
    Ok(())
}
