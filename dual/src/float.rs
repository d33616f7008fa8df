//! `num_traits::Float` for dual numbers: every method, with the derivative rule
//! `f(x + εy) = f(x) + ε·y·f'(x)` and the singular-point conventions of the crate docs.
//!
//! The value part is always computed by the same `T` method the plain float code calls, so it
//! is bit-for-bit `f(x)`. Local derivatives are written in the form that stays accurate and
//! finite where a finite limit exists (`(1 − x)(1 + x)` instead of `1 − x²`, `x/h` before
//! multiplying, ...).
use crate::{Jet, Tangent};
use core::num::FpCategory;
use num_traits::Float;

/// `2` in `T` without a cast.
#[inline(always)]
fn two<T: Float>() -> T {
    T::one() + T::one()
}

/// The one-sided directional derivative of a kink (`max`, `abs`, ...) when both branches tie:
/// per direction, the larger of the two slopes.
#[inline(always)]
fn tie_max<T: Float, D: Tangent<T>>(a: D, b: D) -> D {
    a.zip_map(b, |x, y| x.max(y))
}

#[inline(always)]
fn tie_min<T: Float, D: Tangent<T>>(a: D, b: D) -> D {
    a.zip_map(b, |x, y| x.min(y))
}

impl<T: Float, D: Tangent<T>> Float for Jet<T, D> {
    /// NaN in the value and in every derivative (recursively for nested duals), so a NaN
    /// produced inside a rule cannot leave a plausible `0` in a higher-order part.
    #[inline(always)]
    fn nan() -> Self {
        Self::new(T::nan(), D::splat(T::nan()))
    }
    #[inline(always)]
    fn infinity() -> Self {
        Self::constant(T::infinity())
    }
    #[inline(always)]
    fn neg_infinity() -> Self {
        Self::constant(T::neg_infinity())
    }
    #[inline(always)]
    fn neg_zero() -> Self {
        Self::constant(T::neg_zero())
    }
    #[inline(always)]
    fn min_value() -> Self {
        Self::constant(T::min_value())
    }
    #[inline(always)]
    fn min_positive_value() -> Self {
        Self::constant(T::min_positive_value())
    }
    #[inline(always)]
    fn epsilon() -> Self {
        Self::constant(T::epsilon())
    }
    #[inline(always)]
    fn max_value() -> Self {
        Self::constant(T::max_value())
    }

    #[inline(always)]
    fn is_nan(self) -> bool {
        self.re.is_nan()
    }
    #[inline(always)]
    fn is_infinite(self) -> bool {
        self.re.is_infinite()
    }
    #[inline(always)]
    fn is_finite(self) -> bool {
        self.re.is_finite()
    }
    #[inline(always)]
    fn is_normal(self) -> bool {
        self.re.is_normal()
    }
    #[inline(always)]
    fn is_subnormal(self) -> bool {
        self.re.is_subnormal()
    }
    #[inline(always)]
    fn classify(self) -> FpCategory {
        self.re.classify()
    }
    #[inline(always)]
    fn is_sign_positive(self) -> bool {
        self.re.is_sign_positive()
    }
    #[inline(always)]
    fn is_sign_negative(self) -> bool {
        self.re.is_sign_negative()
    }
    #[inline(always)]
    fn integer_decode(self) -> (u64, i16, i8) {
        self.re.integer_decode()
    }

    /// Piecewise constant: derivative 0.
    #[inline(always)]
    fn floor(self) -> Self {
        Self::constant(self.re.floor())
    }
    /// Piecewise constant: derivative 0.
    #[inline(always)]
    fn ceil(self) -> Self {
        Self::constant(self.re.ceil())
    }
    /// Piecewise constant: derivative 0.
    #[inline(always)]
    fn round(self) -> Self {
        Self::constant(self.re.round())
    }
    /// Piecewise constant: derivative 0.
    #[inline(always)]
    fn trunc(self) -> Self {
        Self::constant(self.re.trunc())
    }
    /// `x − trunc(x)`: derivative 1.
    #[inline(always)]
    fn fract(self) -> Self {
        Self::new(self.re.fract(), self.eps)
    }
    /// Derivative `sign(x)·y`; at ±0 the one-sided directional derivative `|y|`; for a nested
    /// dual whose value is 0, the sign of the inner jet's leading non-zero coefficient.
    #[inline(always)]
    fn abs(self) -> Self {
        let re = self.re.abs();
        let eps = if self.re > T::zero() {
            self.eps
        } else if self.re < T::zero() {
            self.eps.neg()
        } else if self.re.is_zero() {
            self.eps.map(T::abs)
        } else if self.re == T::zero() {
            // Nested dual: the value is 0 but the inner derivatives are not (`re` is itself a
            // jet, e.g. `0 + t₁`). `T::abs` has already picked the sign of that inner jet (its
            // leading non-zero coefficient); the outer directions follow the same sign, so
            // `|x|` is `x` or `−x` as a whole and every order stays exact.
            if (re - self.re).is_zero() {
                self.eps
            } else if (re + self.re).is_zero() {
                self.eps.neg()
            } else {
                // Inner directions of different signs: no single one-sided slope.
                self.eps.map(|e| if e.is_zero() { e } else { T::nan() })
            }
        } else {
            // NaN value: the slope is unknown, except in directions that are zero.
            self.eps.map(|e| if e.is_zero() { e } else { T::nan() })
        };
        Self::new(re, eps)
    }
    /// Piecewise constant: derivative 0 (also at ±0).
    #[inline(always)]
    fn signum(self) -> Self {
        Self::constant(self.re.signum())
    }
    /// Flips the derivative with the value.
    #[inline(always)]
    fn copysign(self, sign: Self) -> Self {
        let re = self.re.copysign(sign.re);
        if re.is_sign_negative() == self.re.is_sign_negative() {
            Self::new(re, self.eps)
        } else {
            Self::new(re, self.eps.neg())
        }
    }

    /// `self·a + b`, value with one rounding (`T::mul_add`).
    #[inline(always)]
    fn mul_add(self, a: Self, b: Self) -> Self {
        let re = fpu::mul_add(self.re, a.re, b.re);
        Self::new(re, self.eps.lin2(a.re, a.eps, self.re).add(b.eps))
    }
    /// `−y/x²`, written `−(1/x)²·y`.
    #[inline(always)]
    fn recip(self) -> Self {
        let re = self.re.recip();
        self.chain(re, -(re * re))
    }
    /// `n·xⁿ⁻¹·y`; `n = 0` gives derivative 0 (also at `x = 0`).
    #[inline]
    fn powi(self, n: i32) -> Self {
        let re = self.re.powi(n);
        let d = match n {
            0 => return Self::constant(re),
            1 => T::one(),
            2 => two::<T>() * self.re,
            _ => {
                let lower = match n.checked_sub(1) {
                    Some(m) => self.re.powi(m),
                    None => self.re.powf(T::from(n).unwrap_or_else(T::nan) - T::one()),
                };
                T::from(n).unwrap_or_else(T::nan) * lower
            }
        };
        self.chain(re, d)
    }
    /// `xᵖ` with a dual exponent: `p·xᵖ⁻¹·y + xᵖ·ln x·q`. A constant exponent (`q = 0`) never
    /// touches `ln x` (so negative bases work); `p = 0` gives 0 for the base part; at `x = 0`
    /// the exponent part is the limit `xᵖ ln x → 0` for `p > 0`.
    #[inline]
    fn powf(self, n: Self) -> Self {
        let (x, p) = (self.re, n.re);
        let re = x.powf(p);
        // `p·xᵖ/x` saves a second power, but only where the value of `x` is nonzero: for a
        // nested dual `x = 0 + ε` is not zero as a number, yet dividing by it is 0/0. There
        // the exact `p·xᵖ⁻¹` keeps every order finite (`d²/dx² x² = 2` at 0).
        let value_nonzero = x.to_f64().is_some_and(|v| v != 0.0);
        let dx = if p.is_zero() {
            T::zero()
        } else if value_nonzero && re.is_finite() {
            p * (re / x)
        } else {
            p * x.powf(p - T::one())
        };
        let dp = if n.eps.all_zero() || (x.is_zero() && re.is_zero()) {
            T::zero()
        } else {
            re * x.ln()
        };
        self.chain2(n, re, dx, dp)
    }
    /// `y/(2√x)`; at `x = ±0` the factor is `+∞` (strong zero keeps `y = 0` at 0).
    #[inline(always)]
    fn sqrt(self) -> Self {
        let re = fpu::sqrt(self.re);
        let d = if re.is_zero() {
            T::infinity()
        } else {
            (re + re).recip()
        };
        self.chain(re, d)
    }
    /// `y/(3·∛x²)`, written `(1/∛x)²/3`; `+∞` at 0.
    ///
    /// `1/∛x` is squared (not `∛x`, then inverted): for a nested dual at 0, `∛x = 0 + ∞·t`
    /// squares to `0 + 0·t` under the strong-zero rule, which would lose the divergence of
    /// `f''`; `1/∛x = ∞ − ∞·t` keeps it (`f'' → −∞`, `f''' → +∞`).
    #[inline(always)]
    fn cbrt(self) -> Self {
        let re = self.re.cbrt();
        let r = re.recip();
        let d = (r * r) / (two::<T>() + T::one());
        self.chain(re, d)
    }
    #[inline(always)]
    fn exp(self) -> Self {
        let re = self.re.exp();
        self.chain(re, re)
    }
    #[inline(always)]
    fn exp2(self) -> Self {
        let re = self.re.exp2();
        self.chain(re, re * two::<T>().ln())
    }
    /// Derivative `eˣ = exp_m1(x) + 1`.
    #[inline(always)]
    fn exp_m1(self) -> Self {
        let re = self.re.exp_m1();
        self.chain(re, re + T::one())
    }
    /// `y/x`; `+∞` at ±0.
    #[inline(always)]
    fn ln(self) -> Self {
        let re = self.re.ln();
        self.chain(re, pos_recip(self.re))
    }
    /// `y/(1 + x)`; `+∞` at −1.
    #[inline(always)]
    fn ln_1p(self) -> Self {
        let re = self.re.ln_1p();
        self.chain(re, pos_recip(self.re + T::one()))
    }
    #[inline(always)]
    fn log2(self) -> Self {
        let re = self.re.log2();
        self.chain(re, pos_recip(self.re) / two::<T>().ln())
    }
    #[inline(always)]
    fn log10(self) -> Self {
        let re = self.re.log10();
        let ten = two::<T>() * (two::<T>() * two::<T>() + T::one());
        self.chain(re, pos_recip(self.re) / ten.ln())
    }
    /// `log_b x = ln x / ln b` with a dual base: `y/(x ln b) − ln x·q/(b (ln b)²)`.
    #[inline]
    fn log(self, base: Self) -> Self {
        let re = self.re.log(base.re);
        let ln_b = base.re.ln();
        let dx = pos_recip(self.re) / ln_b;
        let db = if base.eps.all_zero() {
            T::zero()
        } else {
            -(self.re.ln() / ln_b) / (base.re * ln_b)
        };
        self.chain2(base, re, dx, db)
    }
    /// Exact scaling by `180/π`.
    #[inline(always)]
    fn to_degrees(self) -> Self {
        self.chain(self.re.to_degrees(), T::one().to_degrees())
    }
    /// Exact scaling by `π/180`.
    #[inline(always)]
    fn to_radians(self) -> Self {
        self.chain(self.re.to_radians(), T::one().to_radians())
    }
    /// The larger argument; at a tie the per-direction larger slope (one-sided derivative).
    #[inline]
    fn max(self, other: Self) -> Self {
        let re = self.re.max(other.re);
        if self.re > other.re || other.re.is_nan() {
            Self::new(re, self.eps)
        } else if other.re > self.re || self.re.is_nan() {
            Self::new(re, other.eps)
        } else {
            Self::new(re, tie_max(self.eps, other.eps))
        }
    }
    /// The smaller argument; at a tie the per-direction smaller slope (one-sided derivative).
    #[inline]
    fn min(self, other: Self) -> Self {
        let re = self.re.min(other.re);
        if self.re < other.re || other.re.is_nan() {
            Self::new(re, self.eps)
        } else if other.re < self.re || self.re.is_nan() {
            Self::new(re, other.eps)
        } else {
            Self::new(re, tie_min(self.eps, other.eps))
        }
    }
    /// `max(x − o, 0)`.
    #[inline]
    #[allow(deprecated, reason = "num_traits::Float requires it")]
    fn abs_sub(self, other: Self) -> Self {
        let re = self.re.abs_sub(other.re);
        let diff = self.eps.sub(other.eps);
        if self.re > other.re {
            Self::new(re, diff)
        } else if self.re < other.re {
            Self::constant(re)
        } else {
            Self::new(re, diff.map(|d| d.max(T::zero())))
        }
    }
    /// `(x·y + o·q)/h`; at the origin the one-sided directional derivative `hypot(y, q)`.
    #[inline]
    fn hypot(self, other: Self) -> Self {
        let re = self.re.hypot(other.re);
        if re.is_zero() {
            Self::new(re, self.eps.zip_map(other.eps, T::hypot))
        } else if re == T::zero() {
            // Nested dual at the origin (value 0, inner jet not): with one argument identically
            // zero this is `abs` of the other, exact at every order. Otherwise the derivative of
            // `(a·a' + b·b')/h` is a 0/0 whose limit needs Taylor coefficients a nested dual has
            // truncated: NaN (documented; `Taylor` gives the limit).
            if other.re.is_zero() && other.eps.all_zero() {
                self.abs()
            } else if self.re.is_zero() && self.eps.all_zero() {
                other.abs()
            } else {
                let eps = self.eps.zip_map(other.eps, |a, b| {
                    if a.is_zero() && b.is_zero() {
                        a
                    } else {
                        T::nan()
                    }
                });
                Self::new(re, eps)
            }
        } else {
            let inv = re.recip();
            self.chain2(other, re, self.re * inv, other.re * inv)
        }
    }
    #[inline(always)]
    fn sin(self) -> Self {
        let (s, c) = self.re.sin_cos();
        self.chain(s, c)
    }
    #[inline(always)]
    fn cos(self) -> Self {
        let (s, c) = self.re.sin_cos();
        self.chain(c, -s)
    }
    #[inline(always)]
    fn sin_cos(self) -> (Self, Self) {
        let (s, c) = self.re.sin_cos();
        (self.chain(s, c), self.chain(c, -s))
    }
    /// `(1 + tan²x)·y`.
    #[inline(always)]
    fn tan(self) -> Self {
        let re = self.re.tan();
        self.chain(re, T::one() + re * re)
    }
    /// `y/√((1 − x)(1 + x))`; `+∞` at ±1.
    #[inline(always)]
    fn asin(self) -> Self {
        let re = self.re.asin();
        self.chain(re, fpu::sqrt(one_minus_sq(self.re)).recip())
    }
    /// `−y/√((1 − x)(1 + x))`; `−∞` at ±1.
    #[inline(always)]
    fn acos(self) -> Self {
        let re = self.re.acos();
        self.chain(re, -fpu::sqrt(one_minus_sq(self.re)).recip())
    }
    /// `y/(1 + x²)` (tends to 0, never NaN, for huge `x`).
    #[inline(always)]
    fn atan(self) -> Self {
        let re = self.re.atan();
        self.chain(re, (T::one() + self.re * self.re).recip())
    }
    /// `atan2(s, o)`: `(o·y − s·q)/(s² + o²)`; at the origin derivative 0 (constant along every
    /// ray leaving the origin).
    #[inline]
    fn atan2(self, other: Self) -> Self {
        let (s, o) = (self.re, other.re);
        let re = s.atan2(o);
        let mut r2 = s * s + o * o;
        if r2.is_zero() || !r2.is_finite() {
            let h = s.hypot(o);
            if h.is_zero() || h.is_nan() {
                return Self::new(re, D::zero());
            }
            // Scale-safe: (s/h)/h and (o/h)/h.
            let (sh, oh) = (s / h, o / h);
            return self.chain2(other, re, oh / h, -(sh / h));
        }
        r2 = r2.recip();
        self.chain2(other, re, o * r2, -(s * r2))
    }
    #[inline(always)]
    fn sinh(self) -> Self {
        self.chain(self.re.sinh(), self.re.cosh())
    }
    #[inline(always)]
    fn cosh(self) -> Self {
        self.chain(self.re.cosh(), self.re.sinh())
    }
    /// `sech²x·y`: `1 − tanh²x` for `|x| ≤ 1`, `1/cosh²x` beyond (no cancellation; 0 after
    /// `cosh` overflows, never NaN).
    #[inline]
    fn tanh(self) -> Self {
        let re = self.re.tanh();
        let d = if self.re.abs() <= T::one() {
            T::one() - re * re
        } else {
            let c = self.re.cosh();
            (c * c).recip()
        };
        self.chain(re, d)
    }
    /// `y/hypot(x, 1)` (no overflow of `x²`).
    #[inline(always)]
    fn asinh(self) -> Self {
        let re = self.re.asinh();
        self.chain(re, self.re.hypot(T::one()).recip())
    }
    /// `y/(√(x − 1)·√(x + 1))`; `+∞` at 1.
    #[inline(always)]
    fn acosh(self) -> Self {
        let re = self.re.acosh();
        let d = fpu::sqrt(self.re - T::one()).recip() * fpu::sqrt(self.re + T::one()).recip();
        self.chain(re, d)
    }
    /// `y/((1 − x)(1 + x))`; `+∞` at ±1.
    #[inline(always)]
    fn atanh(self) -> Self {
        let re = self.re.atanh();
        self.chain(re, pos_recip(one_minus_sq(self.re)))
    }
}

/// `1/x`, with `+∞` at both signed zeros (functions such as `ln` treat `−0` as `+0`).
#[inline(always)]
fn pos_recip<T: Float>(x: T) -> T {
    if x.is_zero() {
        T::infinity()
    } else {
        x.recip()
    }
}

/// `(1 − x)(1 + x)`: `1 − x²` without cancellation near ±1.
#[inline(always)]
fn one_minus_sq<T: Float>(x: T) -> T {
    (T::one() - x) * (T::one() + x)
}
