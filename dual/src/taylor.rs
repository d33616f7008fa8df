//! Univariate truncated Taylor polynomials: [`Taylor<T, N>`] carries the first `N` Taylor
//! coefficients `f⁽ᵏ⁾(x)/k!` of a value and propagates them through arithmetic and the
//! elementary functions by the standard recurrences (Griewank and Walther, *Evaluating
//! Derivatives*, 2nd ed., chapter 13, Table 13.2), so one evaluation of `f` gives `f`, `f'`,
//! …, `f⁽ᴺ⁻¹⁾` at `x` ([`nth_derivatives`]). Cost `O(N²)` per multiplication or function, against
//! `O(2^N)` for `N − 1` nested duals.
//!
//! Singular points: integer powers (`powi`, and `powf` with an integer-valued exponent) are
//! multiplications, exact at 0 at every order; `sqrt`, `ln` and fractional powers at 0 give
//! the signed infinities of their one-sided limits where the recurrences divide by `u₀ = 0`.
#![allow(
    clippy::needless_range_loop,
    reason = "the recurrences index coefficients j and k - j, as the textbook writes them"
)]

use core::ops::{Add, Div, Mul, Neg, Sub};

use num_traits::Float;

/// The first `N` Taylor coefficients `[f(x), f'(x), f''(x)/2!, …]` of a value.
///
/// # Example
/// ```
/// use dual::Taylor;
/// // exp(x)·x at x = 0: coefficients 0, 1, 1, 1/2 (x + x² + x³/2 + …).
/// let x = Taylor::<f64, 4>::variable(0.0);
/// let y = x.exp() * x;
/// assert_eq!(y.coefficients(), [0.0, 1.0, 1.0, 0.5]);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Taylor<T, const N: usize>([T; N]);

impl<T: Float, const N: usize> Taylor<T, N> {
    /// The independent variable at `x`: coefficients `[x, 1, 0, …]`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// assert_eq!(Taylor::<f64, 3>::variable(2.0).coefficients(), [2.0, 1.0, 0.0]);
    /// ```
    #[must_use]
    pub fn variable(x: T) -> Self {
        let mut c = [T::zero(); N];
        if N > 0 {
            c[0] = x;
        }
        if N > 1 {
            c[1] = T::one();
        }
        Self(c)
    }

    /// A constant: coefficients `[c, 0, 0, …]`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// assert_eq!(Taylor::<f64, 3>::constant(2.0).coefficients(), [2.0, 0.0, 0.0]);
    /// ```
    #[must_use]
    pub fn constant(c: T) -> Self {
        let mut out = [T::zero(); N];
        if N > 0 {
            out[0] = c;
        }
        Self(out)
    }

    /// From coefficients `f⁽ᵏ⁾/k!`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let t = Taylor::from_coefficients([1.0, 2.0]);
    /// assert_eq!(t.value(), 1.0);
    /// ```
    #[must_use]
    pub fn from_coefficients(c: [T; N]) -> Self {
        Self(c)
    }

    /// The coefficients `f⁽ᵏ⁾/k!`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let x = Taylor::<f64, 3>::variable(3.0);
    /// assert_eq!((x * x).coefficients(), [9.0, 6.0, 1.0]);
    /// ```
    #[must_use]
    pub fn coefficients(&self) -> [T; N] {
        self.0
    }

    /// The value `f(x)` (NaN for `N = 0`).
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// assert_eq!(Taylor::<f64, 2>::variable(3.0).sin().value(), 3.0f64.sin());
    /// ```
    #[must_use]
    pub fn value(&self) -> T {
        self.0.first().copied().unwrap_or_else(T::nan)
    }

    /// The derivatives `f⁽ᵏ⁾(x) = k!·cₖ`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let x = Taylor::<f64, 4>::variable(2.0);
    /// assert_eq!(x.powi(3).derivatives(), [8.0, 12.0, 12.0, 6.0]);
    /// ```
    #[must_use]
    pub fn derivatives(&self) -> [T; N] {
        let mut out = self.0;
        let mut factorial = T::one();
        for (k, d) in out.iter_mut().enumerate().skip(1) {
            factorial = factorial * k_of::<T>(k);
            *d = *d * factorial;
        }
        out
    }

    /// The coefficients of the derivative series `u'`: `(k + 1)·u_{k+1}` (the last is 0).
    fn derivative_series(&self) -> [T; N] {
        let mut d = [T::zero(); N];
        for k in 0..N.saturating_sub(1) {
            d[k] = k_of::<T>(k + 1) * self.0[k + 1];
        }
        d
    }

    /// The series whose derivative series is `d` and value `value`: `cₖ = d_{k−1}/k`.
    fn integrate(value: T, d: &[T; N]) -> Self {
        let mut c = [T::zero(); N];
        if N > 0 {
            c[0] = value;
        }
        for k in 1..N {
            c[k] = d[k - 1] / k_of::<T>(k);
        }
        Self(c)
    }

    /// `eᵘ`: `e₀ = exp u₀`, `eₖ = (1/k) Σⱼ₌₁ᵏ j uⱼ e_{k−j}`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let e = Taylor::<f64, 4>::variable(0.0).exp();
    /// assert_eq!(e.derivatives(), [1.0; 4]);
    /// ```
    #[must_use]
    pub fn exp(&self) -> Self {
        let u = &self.0;
        let mut e = [T::zero(); N];
        if N == 0 {
            return Self(e);
        }
        e[0] = u[0].exp();
        for k in 1..N {
            let mut s = T::zero();
            for j in 1..=k {
                s = s + k_of::<T>(j) * sz(u[j], e[k - j]);
            }
            e[k] = s / k_of::<T>(k);
        }
        Self(e)
    }

    /// `ln u`: `lₖ = (uₖ − (1/k) Σⱼ₌₁ᵏ⁻¹ j lⱼ u_{k−j}) / u₀`; `ln 0 = −∞` with the signed
    /// infinities of the one-sided limits above.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// // ln at 1: 0, 1, −1, 2 (derivatives 0, 1, −1, 2).
    /// let l = Taylor::<f64, 4>::variable(1.0).ln();
    /// assert_eq!(l.derivatives(), [0.0, 1.0, -1.0, 2.0]);
    /// ```
    #[must_use]
    pub fn ln(&self) -> Self {
        let u = &self.0;
        let mut l = [T::zero(); N];
        if N == 0 {
            return Self(l);
        }
        l[0] = u[0].ln();
        for k in 1..N {
            let mut s = T::zero();
            for j in 1..k {
                s = s + k_of::<T>(j) * sz(l[j], u[k - j]);
            }
            l[k] = (u[k] - s / k_of::<T>(k)) / u[0];
        }
        Self(l)
    }

    /// `√u`: `sₖ = (uₖ − Σⱼ₌₁ᵏ⁻¹ sⱼ s_{k−j}) / (2 s₀)`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let s = Taylor::<f64, 3>::variable(4.0).sqrt();
    /// assert_eq!(s.derivatives(), [2.0, 0.25, -1.0 / 32.0]);
    /// ```
    #[must_use]
    pub fn sqrt(&self) -> Self {
        let u = &self.0;
        let mut s = [T::zero(); N];
        if N == 0 {
            return Self(s);
        }
        s[0] = u[0].sqrt();
        for k in 1..N {
            let mut acc = T::zero();
            for j in 1..k {
                acc = acc + sz(s[j], s[k - j]);
            }
            s[k] = (u[k] - acc) / (s[0] + s[0]);
        }
        Self(s)
    }

    /// `(sin u, cos u)` together: `sₖ = (1/k) Σ j uⱼ c_{k−j}`, `cₖ = −(1/k) Σ j uⱼ s_{k−j}`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let (s, c) = Taylor::<f64, 4>::variable(0.0).sin_cos();
    /// assert_eq!(s.derivatives(), [0.0, 1.0, 0.0, -1.0]);
    /// assert_eq!(c.derivatives(), [1.0, 0.0, -1.0, 0.0]);
    /// ```
    #[must_use]
    pub fn sin_cos(&self) -> (Self, Self) {
        self.trig_pair(-T::one())
    }

    /// `(sinh u, cosh u)`, the same recurrences with `+`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let (s, c) = Taylor::<f64, 3>::variable(0.0).sinh_cosh();
    /// assert_eq!((s.derivatives(), c.derivatives()), ([0.0, 1.0, 0.0], [1.0, 0.0, 1.0]));
    /// ```
    #[must_use]
    pub fn sinh_cosh(&self) -> (Self, Self) {
        self.trig_pair(T::one())
    }

    /// sin/cos (`sign = −1`) or sinh/cosh (`sign = +1`).
    fn trig_pair(&self, sign: T) -> (Self, Self) {
        let u = &self.0;
        let (mut s, mut c) = ([T::zero(); N], [T::zero(); N]);
        if N == 0 {
            return (Self(s), Self(c));
        }
        if sign < T::zero() {
            (s[0], c[0]) = u[0].sin_cos();
        } else {
            (s[0], c[0]) = (u[0].sinh(), u[0].cosh());
        }
        for k in 1..N {
            let (mut ds, mut dc) = (T::zero(), T::zero());
            for j in 1..=k {
                let ju = k_of::<T>(j) * u[j];
                ds = ds + sz(ju, c[k - j]);
                dc = dc + sz(ju, s[k - j]);
            }
            s[k] = ds / k_of::<T>(k);
            c[k] = sign * dc / k_of::<T>(k);
        }
        (Self(s), Self(c))
    }

    /// `sin u`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// assert_eq!(Taylor::<f64, 2>::variable(0.0).sin().derivatives(), [0.0, 1.0]);
    /// ```
    #[must_use]
    pub fn sin(&self) -> Self {
        self.sin_cos().0
    }

    /// `cos u`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// assert_eq!(Taylor::<f64, 3>::variable(0.0).cos().derivatives(), [1.0, 0.0, -1.0]);
    /// ```
    #[must_use]
    pub fn cos(&self) -> Self {
        self.sin_cos().1
    }

    /// `tan u = sin u / cos u`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// // tan at 0: 0, 1, 0, 2.
    /// let t = Taylor::<f64, 4>::variable(0.0).tan();
    /// assert_eq!(t.derivatives(), [0.0, 1.0, 0.0, 2.0]);
    /// ```
    #[must_use]
    pub fn tan(&self) -> Self {
        let (s, c) = self.sin_cos();
        s / c
    }

    /// `tanh u = sinh u / cosh u`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let t = Taylor::<f64, 4>::variable(0.0).tanh();
    /// assert_eq!(t.derivatives(), [0.0, 1.0, 0.0, -2.0]);
    /// ```
    #[must_use]
    pub fn tanh(&self) -> Self {
        let (s, c) = self.sinh_cosh();
        s / c
    }

    /// `atan u`, integrating `u'/(1 + u²)`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let a = Taylor::<f64, 4>::variable(0.0).atan();
    /// assert_eq!(a.derivatives(), [0.0, 1.0, 0.0, -2.0]);
    /// ```
    #[must_use]
    pub fn atan(&self) -> Self {
        let one = Self::constant(T::one());
        let d = Self(self.derivative_series()) / (one + *self * *self);
        Self::integrate(self.value().atan(), &d.0)
    }

    /// `asin u`, integrating `u'/√(1 − u²)` (infinite derivatives at `u₀ = ±1`).
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let a = Taylor::<f64, 4>::variable(0.0).asin();
    /// assert_eq!(a.derivatives(), [0.0, 1.0, 0.0, 1.0]);
    /// ```
    #[must_use]
    pub fn asin(&self) -> Self {
        let one = Self::constant(T::one());
        let d = Self(self.derivative_series()) / (one - *self * *self).sqrt();
        Self::integrate(self.value().asin(), &d.0)
    }

    /// `acos u = π/2 − asin u`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let a = Taylor::<f64, 2>::variable(0.0).acos();
    /// assert_eq!(a.derivatives(), [core::f64::consts::FRAC_PI_2, -1.0]);
    /// ```
    #[must_use]
    pub fn acos(&self) -> Self {
        let a = self.asin();
        let mut c = (-a).0;
        if N > 0 {
            c[0] = self.value().acos();
        }
        Self(c)
    }

    /// `uⁿ` by repeated squaring (multiplications only: exact at 0 at every order); a
    /// negative `n` is `1/u⁻ⁿ`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let x = Taylor::<f64, 5>::variable(0.0);
    /// assert_eq!(x.powi(3).derivatives(), [0.0, 0.0, 0.0, 6.0, 0.0]);
    /// ```
    #[must_use]
    pub fn powi(&self, n: i32) -> Self {
        let mut base = *self;
        let mut result = Self::constant(T::one());
        let mut e = n.unsigned_abs();
        while e > 0 {
            if e & 1 == 1 {
                result = result * base;
            }
            base = base * base;
            e >>= 1;
        }
        if n < 0 {
            Self::constant(T::one()) / result
        } else {
            result
        }
    }

    /// `uʳ` for a constant `r`: `powi` when `r` is an integer (exact at 0), else
    /// `pₖ = (1/(k u₀)) Σⱼ₌₁ᵏ (r j − k + j) uⱼ p_{k−j}`; at `u₀ = 0` the one-sided limits for
    /// `u₁ > 0` (0 below order `r`, `±∞` above it by the sign of `C(r, k)`), NaN for
    /// `u₁ <= 0`.
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// let x = Taylor::<f64, 3>::variable(4.0);
    /// assert_eq!(x.powf(0.5).derivatives(), [2.0, 0.25, -1.0 / 32.0]);
    /// assert_eq!(Taylor::<f64, 3>::variable(0.0).powf(2.0).derivatives(), [0.0, 0.0, 2.0]);
    /// ```
    #[must_use]
    pub fn powf(&self, r: T) -> Self {
        if r == r.round()
            && let Some(n) = r.to_i32()
        {
            return self.powi(n);
        }
        let u = &self.0;
        let mut p = [T::zero(); N];
        if N == 0 {
            return Self(p);
        }
        p[0] = u[0].powf(r);
        if u[0] == T::zero() && N > 1 {
            // (u₁t + …)ʳ = tʳ·(u₁ + …)ʳ at t → 0⁺: coefficient k is 0 below r and
            // sign(C(r, k))·∞ above it (u₁ > 0); no limit for u₁ <= 0.
            let mut binomial = T::one();
            for (k, pk) in p.iter_mut().enumerate().skip(1) {
                binomial = binomial * (r - k_of::<T>(k - 1)) / k_of::<T>(k);
                *pk = if u[1].is_nan() || u[1] <= T::zero() {
                    T::nan()
                } else if k_of::<T>(k) < r {
                    T::zero()
                } else if binomial > T::zero() {
                    T::infinity()
                } else {
                    T::neg_infinity()
                };
            }
            return Self(p);
        }
        for k in 1..N {
            let mut s = T::zero();
            for j in 1..=k {
                let weight = r * k_of::<T>(j) - k_of::<T>(k) + k_of::<T>(j);
                s = s + weight * sz(u[j], p[k - j]);
            }
            p[k] = s / (k_of::<T>(k) * u[0]);
        }
        Self(p)
    }

    /// `|u|`: `u` or `−u` by the sign of `u₀` (the right-hand slope at 0, as `Dual::abs`).
    ///
    /// # Example
    /// ```
    /// use dual::Taylor;
    /// assert_eq!(Taylor::<f64, 2>::variable(-2.0).abs().derivatives(), [2.0, -1.0]);
    /// ```
    #[must_use]
    pub fn abs(&self) -> Self {
        if self.value() < T::zero() {
            -*self
        } else {
            *self
        }
    }
}

/// `a·b` with an exact zero: a coefficient that is exactly 0 contributes nothing, even
/// against an infinite one (the strong zero of the dual numbers; `exp` at +∞ keeps +∞ at
/// every order instead of `0·∞ = NaN`). A NaN still propagates through the other terms.
#[inline]
fn sz<T: Float>(a: T, b: T) -> T {
    if a == T::zero() || b == T::zero() {
        T::zero()
    } else {
        a * b
    }
}

/// `k` as `T`.
#[inline]
fn k_of<T: Float>(k: usize) -> T {
    T::from(k).unwrap_or_else(T::nan)
}

impl<T: Float, const N: usize> Add for Taylor<T, N> {
    type Output = Self;
    fn add(self, rhs: Self) -> Self {
        let mut c = self.0;
        for (a, b) in c.iter_mut().zip(rhs.0) {
            *a = *a + b;
        }
        Self(c)
    }
}

impl<T: Float, const N: usize> Sub for Taylor<T, N> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        self + -rhs
    }
}

impl<T: Float, const N: usize> Neg for Taylor<T, N> {
    type Output = Self;
    fn neg(self) -> Self {
        Self(self.0.map(|c| -c))
    }
}

impl<T: Float, const N: usize> Mul for Taylor<T, N> {
    type Output = Self;
    /// The Cauchy product `cₖ = Σⱼ aⱼ b_{k−j}`.
    fn mul(self, rhs: Self) -> Self {
        let (a, b) = (&self.0, &rhs.0);
        let mut c = [T::zero(); N];
        for k in 0..N {
            let mut s = T::zero();
            for j in 0..=k {
                s = s + sz(a[j], b[k - j]);
            }
            c[k] = s;
        }
        Self(c)
    }
}

impl<T: Float, const N: usize> Div for Taylor<T, N> {
    type Output = Self;
    /// `cₖ = (aₖ − Σⱼ₌₀ᵏ⁻¹ cⱼ b_{k−j}) / b₀`.
    fn div(self, rhs: Self) -> Self {
        let (a, b) = (&self.0, &rhs.0);
        let mut c = [T::zero(); N];
        for k in 0..N {
            let mut s = a[k];
            for j in 0..k {
                s = s - sz(c[j], b[k - j]);
            }
            c[k] = s / b[0];
        }
        Self(c)
    }
}

impl<T: Float, const N: usize> Add<T> for Taylor<T, N> {
    type Output = Self;
    /// Adds a constant to the value only (no zero series is built).
    fn add(mut self, rhs: T) -> Self {
        if N > 0 {
            self.0[0] = self.0[0] + rhs;
        }
        self
    }
}

impl<T: Float, const N: usize> Mul<T> for Taylor<T, N> {
    type Output = Self;
    /// Scales every coefficient (no Cauchy product with a constant series).
    fn mul(self, rhs: T) -> Self {
        Self(self.0.map(|c| c * rhs))
    }
}

/// `[f(x), f'(x), …, f⁽ᴺ⁻¹⁾(x)]` from one evaluation of `f` on a [`Taylor`] variable.
///
/// # Example
/// ```
/// // f(x) = x·sin x at 0: f = 0, f' = 0, f'' = 2, f''' = 0, f⁗ = −4.
/// let d = dual::nth_derivatives::<f64, 5>(|x| x * x.sin(), 0.0);
/// assert_eq!(d, [0.0, 0.0, 2.0, 0.0, -4.0]);
/// ```
pub fn nth_derivatives<T: Float, const N: usize>(
    f: impl FnOnce(Taylor<T, N>) -> Taylor<T, N>,
    x: T,
) -> [T; N] {
    f(Taylor::variable(x)).derivatives()
}
