//! Double-`f32` arithmetic: a number is the unevaluated sum `hi + lo` of two `f32` with
//! `|lo| ≤ ulp(hi)/2`, about 48 significant bits, computed with `f32` operations only.
//!
//! The building blocks are the error-free transformations: Knuth's two-sum (`a + b = s + e`
//! exactly) and the two-product (`a·b = p + e` exactly), here by Dekker's splitting into
//! 12-bit halves so that it is exact without a fused multiply-add on every target. The
//! operations are the classic "sloppy" double-word algorithms (Dekker 1971; Joldes, Muller
//! and Popescu, "Tight and rigorous error bounds for basic building blocks of double-word
//! arithmetic", ACM TOMS 2017): each has a relative error of a few units of `2⁻⁴⁸` of its
//! operands' size, the backward error the factorizations need. They are the working
//! precision of an `f32` world's joint tree and joint graph
//! ([`precision`](super::precision)). Every operation is plain IEEE `f32` arithmetic, so the
//! host and a Cortex-M4F give the same bits.
use core::cmp::Ordering;
use core::ops::{Add, Div, Mul, Neg, Sub};

use super::precision::Working;

/// `hi + lo`, two `f32` with `|lo| ≤ ulp(hi)/2` (see the module docs).
#[derive(Debug, Clone, Copy, Default)]
pub struct Twofold {
    hi: f32,
    lo: f32,
}

/// `a + b = s + e` exactly, for any `a`, `b` (Knuth).
#[inline(always)]
fn two_sum(a: f32, b: f32) -> (f32, f32) {
    let s = a + b;
    let bb = s - a;
    (s, (a - (s - bb)) + (b - bb))
}

/// `a + b = s + e` exactly when `|a| ≥ |b|` or `a` is 0 (Dekker).
#[inline(always)]
fn fast_two_sum(a: f32, b: f32) -> (f32, f32) {
    let s = a + b;
    (s, b - (s - a))
}

/// `a = hi + lo` with both halves of 12 significant bits (Veltkamp).
#[inline(always)]
fn split(a: f32) -> (f32, f32) {
    let c = 4097.0 * a; // 2¹² + 1
    let hi = c - (c - a);
    (hi, a - hi)
}

/// `a·b = p + e` exactly, barring overflow and underflow (Dekker).
#[inline(always)]
fn two_product(a: f32, b: f32) -> (f32, f32) {
    let p = a * b;
    let ((ah, al), (bh, bl)) = (split(a), split(b));
    (p, ((ah * bh - p) + ah * bl + al * bh) + al * bl)
}

impl Twofold {
    /// Normalized `hi + lo` (`|hi| ≥ |lo|`, or `hi` not finite).
    #[inline(always)]
    fn normalized(hi: f32, lo: f32) -> Self {
        if !hi.is_finite() {
            return Self { hi, lo: 0.0 };
        }
        let (hi, lo) = fast_two_sum(hi, lo);
        Self { hi, lo }
    }

    /// The product with one `f32`.
    #[inline(always)]
    fn times(self, b: f32) -> Self {
        let (p, e) = two_product(self.hi, b);
        Self::normalized(p, e + self.lo * b)
    }
}

impl Add for Twofold {
    type Output = Self;
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        let (s, e) = two_sum(self.hi, b.hi);
        Self::normalized(s, e + (self.lo + b.lo))
    }
}

impl Neg for Twofold {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self {
            hi: -self.hi,
            lo: -self.lo,
        }
    }
}

impl Sub for Twofold {
    type Output = Self;
    #[inline(always)]
    fn sub(self, b: Self) -> Self {
        self + (-b)
    }
}

impl Mul for Twofold {
    type Output = Self;
    #[inline(always)]
    fn mul(self, b: Self) -> Self {
        let (p, e) = two_product(self.hi, b.hi);
        Self::normalized(p, e + (self.hi * b.lo + self.lo * b.hi))
    }
}

impl Div for Twofold {
    type Output = Self;
    /// One correction of the `f32` quotient: `q = q₁ + (a − b·q₁)/b_hi`.
    #[inline]
    fn div(self, b: Self) -> Self {
        let q1 = self.hi / b.hi;
        if !q1.is_finite() {
            return Self { hi: q1, lo: 0.0 };
        }
        let r = self - b.times(q1);
        Self::normalized(q1, r.hi / b.hi)
    }
}

impl PartialEq for Twofold {
    fn eq(&self, b: &Self) -> bool {
        self.hi == b.hi && self.lo == b.lo
    }
}

impl PartialOrd for Twofold {
    /// Normalized pairs order as their sums: by `hi`, then by `lo`.
    fn partial_cmp(&self, b: &Self) -> Option<Ordering> {
        match self.hi.partial_cmp(&b.hi)? {
            Ordering::Equal => self.lo.partial_cmp(&b.lo),
            other => Some(other),
        }
    }
}

impl From<f32> for Twofold {
    fn from(x: f32) -> Self {
        Self { hi: x, lo: 0.0 }
    }
}

impl Twofold {
    /// Rounded to `f32`: `hi` itself, since every pair is normalized (`hi = fl(hi + lo)`,
    /// the invariant each operation keeps through `fast_two_sum`), so the add `hi + lo`
    /// would give `hi` back; on a Cortex-M4F this saves a load and an add per factor entry
    /// the joint tree reads in `f32`.
    #[inline(always)]
    pub(crate) fn rounded(self) -> f32 {
        self.hi
    }
}

impl Working for Twofold {
    fn zero() -> Self {
        Self { hi: 0.0, lo: 0.0 }
    }
    fn one() -> Self {
        Self { hi: 1.0, lo: 0.0 }
    }
    /// One Newton correction of the `f32` root: `s + (x − s²)/(2s)`.
    fn sqrt(self) -> Self {
        let s = fpu::sqrt(self.hi);
        // 0, ±∞ and NaN (a negative argument) are the f32 root's own answer.
        if s == 0.0 || !s.is_finite() {
            return Self { hi: s, lo: 0.0 };
        }
        let (p, e) = two_product(s, s);
        let r = ((self.hi - p) - e + self.lo) / (s + s);
        Self::normalized(s, r)
    }
    fn abs(self) -> Self {
        if self.hi < 0.0 { -self } else { self }
    }
    fn is_nan(self) -> bool {
        self.hi.is_nan()
    }
    fn min_positive() -> Self {
        Self::from(f32::MIN_POSITIVE)
    }
}

#[cfg(test)]
mod tests {
    //! Each operation against the same operation in `f64` on the pairs' exact values (an
    //! independent computation: 53 bits hold a pair's sum when its exponents are close).
    use super::*;
    use proptest::prelude::*;

    fn value(x: Twofold) -> f64 {
        f64::from(x.hi) + f64::from(x.lo)
    }

    /// A normalized pair from an `f64` (its rounding to 48 bits).
    fn pair(x: f64) -> Twofold {
        let hi = x as f32;
        Twofold::normalized(hi, (x - f64::from(hi)) as f32)
    }

    fn wide() -> impl Strategy<Value = f64> {
        prop_oneof![-1e6..1e6f64, -1.0..1.0f64, -1e-6..1e-6f64]
    }

    const U: f64 = 1.0 / (1u64 << 48) as f64; // 2⁻⁴⁸

    proptest! {
        #[test]
        fn error_free_transformations_are_exact(a in wide(), b in wide()) {
            let (a, b) = (a as f32, b as f32);
            let (s, e) = two_sum(a, b);
            prop_assert_eq!(f64::from(s) + f64::from(e), f64::from(a) + f64::from(b));
            let (p, e) = two_product(a, b);
            // a·b has at most 48 bits: exact in f64.
            prop_assert_eq!(f64::from(p) + f64::from(e), f64::from(a) * f64::from(b));
        }

        #[test]
        fn operations_match_f64(a in wide(), b in wide()) {
            let (x, y) = (pair(a), pair(b));
            let (xv, yv) = (value(x), value(y));
            let close = |got: Twofold, want: f64, size: f64| {
                approx::abs_diff_eq!(value(got), want, epsilon = 8.0 * U * size)
            };
            prop_assert!(close(x + y, xv + yv, xv.abs() + yv.abs()));
            prop_assert!(close(x - y, xv - yv, xv.abs() + yv.abs()));
            prop_assert!(close(x * y, xv * yv, (xv * yv).abs()));
            if yv != 0.0 {
                prop_assert!(close(x / y, xv / yv, (xv / yv).abs()));
            }
            prop_assert!(close(x.abs().sqrt(), xv.abs().sqrt(), xv.abs().sqrt()));
            prop_assert_eq!(x.partial_cmp(&y), xv.partial_cmp(&yv));
            prop_assert_eq!(x.rounded(), xv as f32);
        }
    }

    #[test]
    fn special_values_propagate() {
        let nan = Twofold::from(f32::NAN);
        let one = Twofold::one();
        assert!((nan + one).is_nan() && (one * nan).is_nan() && (nan / one).is_nan());
        assert!((-one).sqrt().is_nan());
        assert_eq!((one / Twofold::zero()).rounded(), f32::INFINITY);
        assert_eq!(Twofold::zero().sqrt().rounded(), 0.0);
        let big = Twofold::from(f32::MAX);
        assert_eq!((big + big).rounded(), f32::INFINITY);
        assert_eq!(nan.max(one), one);
    }
}
