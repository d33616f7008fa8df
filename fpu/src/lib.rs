#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
// `unsafe` is allowed in exactly one module, `arm` (two `asm!` blocks); denied everywhere else.
#![deny(unsafe_code)]

#[cfg(fpu_vfp4)]
mod arm;

use num_traits::Float;

/// `x` as an `f32` when `T` is `f32` ([`is_f32`]); `None` otherwise. Constant-folded after inlining, so the generic
/// functions below cost nothing for other scalars.
#[cfg(fpu_vfp4)]
#[inline(always)]
fn as_f32<T: Float>(x: T) -> Option<f32> {
    if is_f32::<T>() { x.to_f32() } else { None }
}

/// The square root of `x`, correctly rounded (NaN below zero; `sqrt(-0) = -0`).
///
/// For `f32` on a Cortex-M4F, M7 or M33 this is the single instruction `vsqrt.f32`; elsewhere,
/// and for every other scalar, it is `Float::sqrt` (for `f32` without `std`, libm's `sqrtf`,
/// also correctly rounded), so every target gives the same bits.
///
/// # Example
/// ```
/// assert_eq!(fpu::sqrt(2.0f32), 2.0f32.sqrt());
/// assert_eq!(fpu::sqrt(9.0f64), 3.0);
/// assert!(fpu::sqrt(-1.0f32).is_nan());
/// ```
#[inline]
pub fn sqrt<T: Float>(x: T) -> T {
    #[cfg(fpu_vfp4)]
    if let Some(v) = as_f32(x) {
        return T::from(arm::sqrt(v)).unwrap_or_else(T::nan);
    }
    x.sqrt()
}

/// `x·a + b` with one rounding (fused multiply-add).
///
/// For `f32` on a Cortex-M4F, M7 or M33 this is the single instruction `vfma.f32`; elsewhere,
/// and for every other scalar, it is `Float::mul_add` (for `f32` without `std`, libm's
/// correctly rounded `fmaf`), so every target gives the same bits.
///
/// # Example
/// ```
/// // 0.1·10 − 1 is not 0 when the product is rounded first.
/// let x = 0.1f32;
/// assert_eq!(fpu::mul_add(x, 10.0, -1.0), (f64::from(x) * 10.0 - 1.0) as f32);
/// assert_eq!(fpu::mul_add(2.0f64, 3.0, 1.0), 7.0);
/// ```
#[inline]
pub fn mul_add<T: Float>(x: T, a: T, b: T) -> T {
    #[cfg(fpu_vfp4)]
    if let (Some(x), Some(a), Some(b)) = (as_f32(x), as_f32(a), as_f32(b)) {
        return T::from(arm::mul_add(x, a, b)).unwrap_or_else(T::nan);
    }
    x.mul_add(a, b)
}

/// The Euclidean length `√(x² + y²)` through [`sqrt`] (no overflow guard: for the squared
/// lengths the crates form, whose terms are far from `f32`'s range).
///
/// # Example
/// ```
/// assert_eq!(fpu::length2(3.0f32, 4.0), 5.0);
/// ```
#[inline(always)]
pub fn length2<T: Float>(x: T, y: T) -> T {
    sqrt(x * x + y * y)
}

/// `(sin x, cos x)`, for `f32` in `f32` arithmetic alone.
///
/// Why: libm's `sincosf` (and std's on many hosts) evaluates its polynomials in `f64`, which a
/// Cortex-M4F does in software: about 1 000 instructions a call, against about 60 here. For
/// `|x| ≤ 4096` an `f32` argument is reduced by Cody–Waite (`x − j·π/4` with `π/4` split into
/// three parts whose products with `j ≤ 5216` are exact) and the sine and cosine on
/// `[−π/4, π/4]` are degree-7 and degree-8 polynomials fitted to relative error below
/// `5·10⁻⁹` (the reduction of *Cephes*' `sinf.c`, S. L. Moshier; coefficients refitted).
/// Against the exact values of the `f32` argument the error is at most 2 units in the last
/// place plus `2·10⁻¹¹` (the reduction's, where the result is near zero); measured against
/// `f64` on 1.1·10⁶ arguments: 1.54 ulp for results above `10⁻³` (`tests/agree.rs`; libm's
/// `sinf` is within 1). Only basic operations: the same bits on every target. Larger, infinite or NaN arguments, and every other scalar, go to
/// `Float::sin_cos` (NaN for ±∞ and NaN).
///
/// # Example
/// ```
/// let (s, c) = fpu::sin_cos(core::f32::consts::FRAC_PI_6);
/// assert!((s - 0.5).abs() <= f32::EPSILON && (c - 0.75f32.sqrt()).abs() <= f32::EPSILON);
/// assert_eq!(fpu::sin_cos(0.5f64), 0.5f64.sin_cos());
/// assert!(fpu::sin_cos(f32::NAN).0.is_nan());
/// ```
#[inline]
pub fn sin_cos<T: Float>(x: T) -> (T, T) {
    if is_f32::<T>()
        && let Some(v) = x.to_f32()
        && let Some((s, c)) = sin_cos_f32(v)
    {
        let back = |y: f32| T::from(y).unwrap_or_else(T::nan);
        return (back(s), back(c));
    }
    x.sin_cos()
}

/// `T` is `f32` (a 4-byte float with `f32`'s epsilon, largest value and smallest normal);
/// constant-folded after inlining.
#[inline(always)]
fn is_f32<T: Float>() -> bool {
    core::mem::size_of::<T>() == 4
        && T::epsilon().to_f32() == Some(f32::EPSILON)
        && T::max_value().to_f32() == Some(f32::MAX)
        && T::min_positive_value().to_f32() == Some(f32::MIN_POSITIVE)
}

/// [`sin_cos`]'s `f32` kernel; `None` outside `|x| ≤ 4096` (and for NaN).
fn sin_cos_f32(x: f32) -> Option<(f32, f32)> {
    /// Beyond this, `j·P2` is no longer exact.
    const LIMIT: f32 = 4096.0;
    const FOUR_OVER_PI: f32 = 1.273_239_5;
    /// `π/4 = P1 + P2 + P3`: 8 and 11 significant bits, then the rest rounded.
    const P1: f32 = 0.785_156_25;
    const P2: f32 = 2.418_756_5e-4;
    const P3: f32 = 3.774_895e-8;
    /// `sin r ≈ r + r³ (S1 + S2 r² + S3 r⁴)` on `[−π/4, π/4]`.
    const S1: f32 = -0.166_666_55;
    const S2: f32 = 8.332_186e-3;
    const S3: f32 = -1.951_815e-4;
    /// `cos r ≈ 1 − r²/2 + r⁴ (C1 + C2 r² + C3 r⁴)`.
    const C1: f32 = 4.166_664_6e-2;
    const C2: f32 = -1.388_731_3e-3;
    const C3: f32 = 2.443_284_4e-5;
    let a = x.abs();
    // NaN fails the comparison too.
    if a.partial_cmp(&LIMIT).is_none_or(core::cmp::Ordering::is_gt) {
        return None;
    }
    // The nearest even multiple of π/4 below or above: the quadrant of the result.
    #[allow(
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        reason = "0 ≤ a·4/π ≤ 5216 here"
    )]
    let mut j = (a * FOUR_OVER_PI) as u32;
    j += j & 1;
    #[allow(clippy::cast_precision_loss, reason = "j ≤ 5216 is exact in f32")]
    let y = j as f32;
    let r = ((a - y * P1) - y * P2) - y * P3;
    let z = r * r;
    let s = r + r * z * ((S3 * z + S2) * z + S1);
    let c = (1.0 - 0.5 * z) + z * z * ((C3 * z + C2) * z + C1);
    let (s, c) = match (j >> 1) & 3 {
        0 => (s, c),
        1 => (c, -s),
        2 => (-s, -c),
        _ => (-c, s),
    };
    Some((if x.is_sign_negative() { -s } else { s }, c))
}
