//! `num_traits::Float` for [`Taylor`]: every method by the coefficient recurrences of
//! Griewank and Walther, *Evaluating Derivatives* (2nd ed., SIAM 2008), tables 13.1 and 13.2,
//! with the singular-point rules of the [`Taylor`] docs.
//!
//! The value is always the float function of the value, bit for bit.
use crate::taylor::{Taylor, cast, smul};
use crate::taylor_ops::{product, quotient};
use core::cmp::Ordering;
use core::num::FpCategory;
use num_traits::Float;

type S<T, const K: usize> = Taylor<T, K>;

/// `u^r` for a constant `r` and `u₀ ≠ 0`, value `w0`:
/// `w_k = (1/(k·u₀)) Σⱼ₌₀..ₖ₋₁ (r(k − j) − j)·u_{k−j}·w_j` (table 13.2).
fn pow_rec<T: Float, const K: usize>(u: &S<T, K>, r: T, w0: T) -> S<T, K> {
    let mut w = S::constant(w0);
    for k in 1..=K {
        let mut acc = T::zero();
        for j in 0..k {
            let f = r * cast::<T>(k - j) - cast::<T>(j);
            acc = acc + smul(f, smul(u.get(k - j), w.get(j)));
        }
        w.set(k, acc / (cast::<T>(k) * u.re));
    }
    w
}

/// The sign (±1) of the `k`-th derivative of `t^s` for `t > 0`: the sign of
/// `s(s − 1)⋯(s − k + 1)`.
fn falling_sign<T: Float>(s: T, k: usize) -> T {
    let mut sign = T::one();
    for i in 0..k {
        if s - cast::<T>(i) < T::zero() {
            sign = -sign;
        }
    }
    sign
}

/// `u^r` for a constant `r`, value `value` (the float function's). At `u₀ = 0` the leading
/// power `u = t^m·ũ` is taken out: `t^(m·r)·ũ^r`.
fn pow_const<T: Float, const K: usize>(u: &S<T, K>, r: T, value: T) -> S<T, K> {
    if r.is_zero() || u.is_constant() {
        return S::constant(value);
    }
    if !u.re.is_zero() {
        return pow_rec(u, r, value);
    }
    let Some(m) = u.lead() else {
        return S::constant(value);
    };
    let ut = u.shift_down(m);
    let s = cast::<T>(m) * r;
    let mut w = S::constant(value);
    if s > cast::<T>(K) {
        // Every carried order is below the leading power: all zero.
        return w;
    }
    if s >= T::zero() && s == s.floor() {
        let q = s.to_usize().unwrap_or(0);
        let p = pow_rec(&ut, r, ut.re.powf(r));
        w = p.shift_up(q);
        w.re = value;
        return w;
    }
    // Non-integer (or negative) leading power: orders above it diverge with the sign of the
    // leading term's derivative; NaN when ũ₀^r is (negative ũ₀, non-integer r).
    let c = ut.re.powf(r);
    for k in 1..=K {
        let ck = if cast::<T>(k) < s {
            T::zero()
        } else if c.is_nan() {
            T::nan()
        } else {
            c.signum() * falling_sign(s, k) * T::infinity()
        };
        w.set(k, ck);
    }
    w
}

/// `eᵘ` with value `w0`: `k·w_k = Σⱼ j·u_j·w_{k−j}`.
fn exp_rec<T: Float, const K: usize>(u: &S<T, K>, w0: T) -> S<T, K> {
    let mut w = S::constant(w0);
    for k in 1..=K {
        let mut acc = T::zero();
        for j in 1..=k {
            acc = acc + smul(cast::<T>(j) * u.get(j), w.get(k - j));
        }
        w.set(k, acc / cast::<T>(k));
    }
    w
}

/// `ln u` with value `w0`: `w' = u'/u`; at `u₀ = 0` the pole of `m·ln t` (NaN when `u` starts
/// negative).
fn ln_core<T: Float, const K: usize>(u: &S<T, K>, w0: T) -> S<T, K> {
    if !u.re.is_zero() {
        let g = quotient(&S::constant(T::one()), u);
        return u.integrate(&g, w0);
    }
    let mut w = S::constant(w0);
    let fill = match u.lead_sign() {
        Some(Ordering::Equal) => return w,
        Some(Ordering::Greater) => T::infinity(),
        _ => T::nan(),
    };
    for k in 1..=K {
        // (ln t)⁽ᵏ⁾ = (−1)ᵏ⁻¹ (k − 1)!/tᵏ.
        w.set(k, if k % 2 == 1 { fill } else { -fill });
    }
    w
}

/// `(1 − u)(1 + u)`: `1 − u²` without cancellation of the value near ±1.
fn one_minus_sq<T: Float, const K: usize>(u: &S<T, K>) -> S<T, K> {
    let one = S::constant(T::one());
    product(&(one - *u), &(one + *u))
}

/// Coefficients `1..=K` replaced by NaN (the value kept).
fn nan_coeffs<T: Float, const K: usize>(value: T) -> S<T, K> {
    let mut w = S::all_nan();
    w.re = value;
    w
}

/// `u` with its value replaced.
fn with_value<T: Float, const K: usize>(mut u: S<T, K>, value: T) -> S<T, K> {
    u.re = value;
    u
}

/// Picks `a` (for `Greater`/`Equal`) or `b` (for `Less`) by the sign of the leading non-zero
/// coefficient of `a − b`; NaN coefficients when that sign is NaN.
fn by_lead<T: Float, const K: usize>(
    a: S<T, K>,
    b: S<T, K>,
    value: T,
    pick_larger: bool,
) -> S<T, K> {
    match (a - b).lead_sign() {
        Some(Ordering::Less) => with_value(if pick_larger { b } else { a }, value),
        Some(_) => with_value(if pick_larger { a } else { b }, value),
        None => nan_coeffs(value),
    }
}

impl<T: Float, const K: usize> Float for Taylor<T, K> {
    /// NaN in the value and in every coefficient.
    fn nan() -> Self {
        Self::all_nan()
    }
    fn infinity() -> Self {
        Self::constant(T::infinity())
    }
    fn neg_infinity() -> Self {
        Self::constant(T::neg_infinity())
    }
    fn neg_zero() -> Self {
        Self::constant(T::neg_zero())
    }
    fn min_value() -> Self {
        Self::constant(T::min_value())
    }
    fn min_positive_value() -> Self {
        Self::constant(T::min_positive_value())
    }
    fn epsilon() -> Self {
        Self::constant(T::epsilon())
    }
    fn max_value() -> Self {
        Self::constant(T::max_value())
    }
    fn is_nan(self) -> bool {
        self.re.is_nan()
    }
    fn is_infinite(self) -> bool {
        self.re.is_infinite()
    }
    fn is_finite(self) -> bool {
        self.re.is_finite()
    }
    fn is_normal(self) -> bool {
        self.re.is_normal()
    }
    fn is_subnormal(self) -> bool {
        self.re.is_subnormal()
    }
    fn classify(self) -> FpCategory {
        self.re.classify()
    }
    fn is_sign_positive(self) -> bool {
        self.re.is_sign_positive()
    }
    fn is_sign_negative(self) -> bool {
        self.re.is_sign_negative()
    }
    fn integer_decode(self) -> (u64, i16, i8) {
        self.re.integer_decode()
    }

    /// Piecewise constant: derivatives 0.
    fn floor(self) -> Self {
        Self::constant(self.re.floor())
    }
    /// Piecewise constant: derivatives 0.
    fn ceil(self) -> Self {
        Self::constant(self.re.ceil())
    }
    /// Piecewise constant: derivatives 0.
    fn round(self) -> Self {
        Self::constant(self.re.round())
    }
    /// Piecewise constant: derivatives 0.
    fn trunc(self) -> Self {
        Self::constant(self.re.trunc())
    }
    /// `x − trunc(x)`: the coefficients of `x`.
    fn fract(self) -> Self {
        with_value(self, self.re.fract())
    }
    /// `±x` by the sign of the value; at 0 by the sign of the leading non-zero coefficient.
    fn abs(self) -> Self {
        let value = self.re.abs();
        if self.re > T::zero() {
            self
        } else if self.re < T::zero() {
            with_value(-self, value)
        } else if self.re.is_zero() {
            match self.lead_sign() {
                Some(Ordering::Less) => with_value(-self, value),
                Some(_) => with_value(self, value),
                None => nan_coeffs(value),
            }
        } else {
            Self::all_nan()
        }
    }
    /// Piecewise constant: derivatives 0 (also at ±0).
    fn signum(self) -> Self {
        Self::constant(self.re.signum())
    }
    /// Flips every coefficient with the value.
    fn copysign(self, sign: Self) -> Self {
        let value = self.re.copysign(sign.re);
        if value.is_sign_negative() == self.re.is_sign_negative() {
            with_value(self, value)
        } else {
            with_value(-self, value)
        }
    }
    /// `self·a + b`, value with one rounding.
    fn mul_add(self, a: Self, b: Self) -> Self {
        with_value(product(&self, &a) + b, fpu::mul_add(self.re, a.re, b.re))
    }
    /// The division recurrence for `1/x`; signed infinities of the pole at 0.
    fn recip(self) -> Self {
        with_value(quotient(&Self::constant(T::one()), &self), self.re.recip())
    }
    /// `xⁿ`: the power recurrence; at 0 the leading power `t^(m·n)` exactly.
    fn powi(self, n: i32) -> Self {
        let value = self.re.powi(n);
        if n == 0 {
            return Self::constant(value);
        }
        let r = T::from(n).unwrap_or_else(T::nan);
        pow_const(&self, r, value)
    }
    /// `xᵖ`: a constant exponent by the power recurrence (negative bases with integer `p`
    /// work); a varying exponent as `exp(p·ln x)`, with the leading-power rule at `x = 0`.
    fn powf(self, n: Self) -> Self {
        let value = self.re.powf(n.re);
        if n.is_constant() {
            return pow_const(&self, n.re, value);
        }
        if !self.re.is_zero() {
            let l = ln_core(&self, self.re.ln());
            return exp_rec(&product(&n, &l), value);
        }
        if self.is_constant() {
            // 0^v: 0 for every v > 0 near n.re.
            return if n.re > T::zero() {
                Self::constant(value)
            } else {
                nan_coeffs(value)
            };
        }
        let Some(m) = self.lead() else {
            return Self::constant(value);
        };
        let ut = self.shift_down(m);
        let positive = |v: T| v.partial_cmp(&T::zero()) == Some(Ordering::Greater);
        if !positive(ut.re) || !positive(n.re) {
            return nan_coeffs(value);
        }
        // xᵛ = t^s·ũᵛ·(1 + m·v_p·tᵖ ln t + …), s = m·v₀, p the first varying order of v.
        let s = cast::<T>(m) * n.re;
        let p = (n - n.re).lead().unwrap_or(K + 1);
        let mut w = Self::constant(value);
        if s == s.floor() {
            let q = s.to_usize().unwrap_or(usize::MAX);
            let r = ut.powf(n);
            let c = cast::<T>(m) * n.get(p.min(K)) * ut.re.powf(n.re);
            for k in 1..=K {
                let ck = if k < q {
                    T::zero()
                } else if k < q.saturating_add(p) {
                    r.get(k - q)
                } else if k == q + p {
                    -c.signum() * T::infinity()
                } else {
                    T::nan()
                };
                w.set(k, ck);
            }
        } else {
            for k in 1..=K {
                let ck = if cast::<T>(k) < s {
                    T::zero()
                } else {
                    falling_sign(s, k) * T::infinity()
                };
                w.set(k, ck);
            }
        }
        w
    }
    /// `w_k = (u_k − Σ w_j w_{k−j})/(2w₀)`; at 0 the leading power `t^(m/2)`.
    fn sqrt(self) -> Self {
        let value = fpu::sqrt(self.re);
        if self.re.is_zero() {
            return pow_const(&self, T::one() / (T::one() + T::one()), value);
        }
        let mut w = Self::constant(value);
        let two_w0 = value + value;
        for k in 1..=K {
            let mut acc = self.get(k);
            for j in 1..k {
                acc = acc - smul(w.get(j), w.get(k - j));
            }
            w.set(k, acc / two_w0);
        }
        w
    }
    /// The power recurrence with `r = 1/3` and value `∛x` (negative values work); at 0 the
    /// leading power `t^(m/3)`, odd in the sign of the leading coefficient.
    fn cbrt(self) -> Self {
        let value = self.re.cbrt();
        let third = T::one() / (T::one() + T::one() + T::one());
        if !self.re.is_zero() {
            return pow_rec(&self, third, value);
        }
        match self.lead_sign() {
            Some(Ordering::Less) => with_value(-pow_const(&-self, third, -value), value),
            _ => pow_const(&self, third, value),
        }
    }
    fn exp(self) -> Self {
        exp_rec(&self, self.re.exp())
    }
    fn exp2(self) -> Self {
        let ln2 = (T::one() + T::one()).ln();
        exp_rec(&self.scale(ln2), self.re.exp2())
    }
    /// Coefficients of `eˣ`, value `exp_m1(x)`.
    fn exp_m1(self) -> Self {
        with_value(exp_rec(&self, self.re.exp()), self.re.exp_m1())
    }
    /// `w' = u'/u`; at 0 the pole of `ln t` (NaN if the series starts negative).
    fn ln(self) -> Self {
        ln_core(&self, self.re.ln())
    }
    fn ln_1p(self) -> Self {
        ln_core(&(self + T::one()), self.re.ln_1p())
    }
    fn log2(self) -> Self {
        let inv = (T::one() + T::one()).ln().recip();
        with_value(ln_core(&self, self.re.ln()).scale(inv), self.re.log2())
    }
    fn log10(self) -> Self {
        let two = T::one() + T::one();
        let inv = (two * (two * two + T::one())).ln().recip();
        with_value(ln_core(&self, self.re.ln()).scale(inv), self.re.log10())
    }
    /// `ln x / ln b` with a varying base.
    fn log(self, base: Self) -> Self {
        let a = ln_core(&self, self.re.ln());
        let b = ln_core(&base, base.re.ln());
        with_value(quotient(&a, &b), self.re.log(base.re))
    }
    fn to_degrees(self) -> Self {
        with_value(self.scale(T::one().to_degrees()), self.re.to_degrees())
    }
    fn to_radians(self) -> Self {
        with_value(self.scale(T::one().to_radians()), self.re.to_radians())
    }
    /// The larger argument; at a tie the one whose difference leads positive.
    fn max(self, other: Self) -> Self {
        let value = self.re.max(other.re);
        if self.re > other.re || other.re.is_nan() {
            self
        } else if other.re > self.re || self.re.is_nan() {
            other
        } else {
            by_lead(self, other, value, true)
        }
    }
    /// The smaller argument; at a tie the one whose difference leads negative.
    fn min(self, other: Self) -> Self {
        let value = self.re.min(other.re);
        if self.re < other.re || other.re.is_nan() {
            self
        } else if other.re < self.re || self.re.is_nan() {
            other
        } else {
            by_lead(self, other, value, false)
        }
    }
    /// `max(x − o, 0)`.
    #[allow(deprecated, reason = "num_traits::Float requires it")]
    fn abs_sub(self, other: Self) -> Self {
        let value = self.re.abs_sub(other.re);
        let d = self - other;
        if self.re > other.re {
            with_value(d, value)
        } else if self.re < other.re {
            Self::constant(value)
        } else {
            match d.lead_sign() {
                Some(Ordering::Greater) => with_value(d, value),
                Some(_) => Self::constant(value),
                None => nan_coeffs(value),
            }
        }
    }
    /// `√(a² + b²)` by the root recurrence on the scaled `(a/h)² + (b/h)²`; at the origin
    /// `t^m·hypot(ã, b̃)`, exact at every order.
    fn hypot(self, other: Self) -> Self {
        let h0 = self.re.hypot(other.re);
        if self.re.is_zero() && other.re.is_zero() {
            if self.is_constant() && other.is_constant() {
                return Self::constant(h0);
            }
            let m = self
                .lead()
                .unwrap_or(K + 1)
                .min(other.lead().unwrap_or(K + 1));
            let r = self.shift_down(m).hypot(other.shift_down(m));
            return with_value(r.shift_up(m), h0);
        }
        let (a, b) = (self / h0, other / h0);
        let s = product(&a, &a) + product(&b, &b);
        let mut w = Self::constant(T::one());
        for k in 1..=K {
            let mut acc = s.get(k);
            for j in 1..k {
                acc = acc - smul(w.get(j), w.get(k - j));
            }
            w.set(k, acc / (T::one() + T::one()));
        }
        with_value(w.scale(h0), h0)
    }
    fn sin(self) -> Self {
        self.sin_cos().0
    }
    fn cos(self) -> Self {
        self.sin_cos().1
    }
    /// `k·s_k = Σ j·u_j·c_{k−j}`, `k·c_k = −Σ j·u_j·s_{k−j}`.
    fn sin_cos(self) -> (Self, Self) {
        let (s0, c0) = self.re.sin_cos();
        let (mut s, mut c) = (Self::constant(s0), Self::constant(c0));
        for k in 1..=K {
            let (mut a, mut b) = (T::zero(), T::zero());
            for j in 1..=k {
                let ju = cast::<T>(j) * self.get(j);
                a = a + smul(ju, c.get(k - j));
                b = b - smul(ju, s.get(k - j));
            }
            s.set(k, a / cast::<T>(k));
            c.set(k, b / cast::<T>(k));
        }
        (s, c)
    }
    /// `w' = u'·v` with `v = 1 + w²`.
    fn tan(self) -> Self {
        let w0 = self.re.tan();
        let mut w = Self::constant(w0);
        let mut v = Self::constant(T::one() + w0 * w0);
        for k in 1..=K {
            let mut acc = T::zero();
            for j in 1..=k {
                acc = acc + smul(cast::<T>(j) * self.get(j), v.get(k - j));
            }
            w.set(k, acc / cast::<T>(k));
            let mut sq = T::zero();
            for j in 0..=k {
                sq = sq + smul(w.get(j), w.get(k - j));
            }
            v.set(k, sq);
        }
        w
    }
    /// `w' = u'/√(1 − u²)`.
    fn asin(self) -> Self {
        let q = one_minus_sq(&self);
        let g = pow_const(
            &q,
            -T::one() / (T::one() + T::one()),
            fpu::sqrt(q.re).recip(),
        );
        self.integrate(&g, self.re.asin())
    }
    /// `w' = −u'/√(1 − u²)`.
    fn acos(self) -> Self {
        let q = one_minus_sq(&self);
        let g = pow_const(
            &q,
            -T::one() / (T::one() + T::one()),
            fpu::sqrt(q.re).recip(),
        );
        self.integrate(&-g, self.re.acos())
    }
    /// `w' = u'/(1 + u²)`.
    fn atan(self) -> Self {
        let g = quotient(
            &Self::constant(T::one()),
            &(product(&self, &self) + T::one()),
        );
        self.integrate(&g, self.re.atan())
    }
    /// `w' = (b·a' − a·b')/(a² + b²)` on `(a, b)/hypot(a₀, b₀)`; at the origin `atan2(ã, b̃)`
    /// (exact to order `K − m`, NaN above).
    fn atan2(self, other: Self) -> Self {
        let w0 = self.re.atan2(other.re);
        if self.re.is_zero() && other.re.is_zero() {
            if self.is_constant() && other.is_constant() {
                return Self::constant(w0);
            }
            let m = self
                .lead()
                .unwrap_or(K + 1)
                .min(other.lead().unwrap_or(K + 1));
            let r = self.shift_down(m).atan2(other.shift_down(m));
            return with_value(r, w0);
        }
        let h = self.re.hypot(other.re);
        let (a, b) = (self / h, other / h);
        let derive = |u: &Self| {
            let mut d = Self::constant(T::zero());
            for k in 0..K {
                d.set(k, cast::<T>(k + 1) * u.get(k + 1));
            }
            d
        };
        let num = product(&b, &derive(&a)) - product(&a, &derive(&b));
        let den = product(&a, &a) + product(&b, &b);
        let q = quotient(&num, &den);
        let mut w = Self::constant(w0);
        for k in 1..=K {
            w.set(k, q.get(k - 1) / cast::<T>(k));
        }
        w
    }
    fn sinh(self) -> Self {
        self.sinh_cosh_pair().0
    }
    fn cosh(self) -> Self {
        self.sinh_cosh_pair().1
    }
    /// `w' = u'·v`, `v = sech²u = 1 − w²` with `v₀` computed without cancellation.
    fn tanh(self) -> Self {
        let w0 = self.re.tanh();
        let v0 = if self.re.abs() <= T::one() {
            T::one() - w0 * w0
        } else {
            let c = self.re.cosh();
            (c * c).recip()
        };
        let mut w = Self::constant(w0);
        let mut v = Self::constant(v0);
        for k in 1..=K {
            let mut acc = T::zero();
            for j in 1..=k {
                acc = acc + smul(cast::<T>(j) * self.get(j), v.get(k - j));
            }
            w.set(k, acc / cast::<T>(k));
            let mut sq = T::zero();
            for j in 0..=k {
                sq = sq + smul(w.get(j), w.get(k - j));
            }
            v.set(k, -sq);
        }
        w
    }
    /// `w' = u'/√(1 + u²)`.
    fn asinh(self) -> Self {
        let q = product(&self, &self) + T::one();
        let g = pow_const(
            &q,
            -T::one() / (T::one() + T::one()),
            self.re.hypot(T::one()).recip(),
        );
        self.integrate(&g, self.re.asinh())
    }
    /// `w' = u'/√((u − 1)(u + 1))`.
    fn acosh(self) -> Self {
        let q = product(&(self - T::one()), &(self + T::one()));
        let g0 = (fpu::sqrt(self.re - T::one()) * fpu::sqrt(self.re + T::one())).recip();
        let g = pow_const(&q, -T::one() / (T::one() + T::one()), g0);
        self.integrate(&g, self.re.acosh())
    }
    /// `w' = u'/((1 − u)(1 + u))`.
    fn atanh(self) -> Self {
        let g = quotient(&Self::constant(T::one()), &one_minus_sq(&self));
        self.integrate(&g, self.re.atanh())
    }
}

impl<T: Float, const K: usize> Taylor<T, K> {
    /// `k·s_k = Σ j·u_j·c_{k−j}`, `k·c_k = Σ j·u_j·s_{k−j}`.
    fn sinh_cosh_pair(self) -> (Self, Self) {
        let (mut s, mut c) = (
            Self::constant(self.re.sinh()),
            Self::constant(self.re.cosh()),
        );
        for k in 1..=K {
            let (mut a, mut b) = (T::zero(), T::zero());
            for j in 1..=k {
                let ju = cast::<T>(j) * self.get(j);
                a = a + smul(ju, c.get(k - j));
                b = b + smul(ju, s.get(k - j));
            }
            s.set(k, a / cast::<T>(k));
            c.set(k, b / cast::<T>(k));
        }
        (s, c)
    }
}
