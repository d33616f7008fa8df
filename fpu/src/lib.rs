#![doc = include_str!("../README.md")]
#![no_std]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
// `unsafe` is allowed in exactly one module, `arm` (two `asm!` blocks); denied everywhere else.
#![deny(unsafe_code)]

#[cfg(fpu_vfp4)]
mod arm;

use num_traits::Float;

/// `x` as an `f32` when `T` is `f32` (a 4-byte float with `f32`'s epsilon, largest value and
/// smallest normal); `None` otherwise. Constant-folded after inlining, so the generic
/// functions below cost nothing for other scalars.
#[cfg(fpu_vfp4)]
#[inline(always)]
fn as_f32<T: Float>(x: T) -> Option<f32> {
    let is_f32 = core::mem::size_of::<T>() == 4
        && T::epsilon().to_f32() == Some(f32::EPSILON)
        && T::max_value().to_f32() == Some(f32::MAX)
        && T::min_positive_value().to_f32() == Some(f32::MIN_POSITIVE);
    if is_f32 { x.to_f32() } else { None }
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
