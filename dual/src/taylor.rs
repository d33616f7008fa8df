//! Univariate truncated Taylor series of a fixed order `K`: `f(x₀ + t)` as
//! `f₀ + f₁t + … + f_K t^K` (normalised coefficients `f_k = f⁽ᵏ⁾(x₀)/k!`), every order from one
//! evaluation.
//!
//! The elementary functions use the standard coefficient recurrences of Taylor arithmetic
//! (A. Griewank and A. Walther, *Evaluating Derivatives*, 2nd ed., SIAM 2008, chapter 13,
//! tables 13.1 and 13.2): products by convolution, quotients and roots by solving the
//! convolution for the unknown coefficient, and a function with a known derivative `f' = g(u)·u'`
//! by `k·w_k = Σⱼ j·u_j·g_{k−j}` (exp, sin/cos, tan, the inverse functions, ...).
//!
//! At a singular point (the argument's value is 0 where a power, root, logarithm or `hypot`
//! is singular) the argument is written `u = t^m·ũ` with `ũ(0) ≠ 0` and the leading power is
//! taken out exactly (the same coefficient shift that gives Laurent and Puiseux expansions).
//! That makes the integer powers, roots, `abs`, `hypot` and `atan2` exact at the points where
//! nested duals have to give up, and gives the signed infinities of the divergent orders.
use core::cmp::Ordering;
use num_traits::Float;

/// A truncated Taylor series of order `K` in one variable: the value `re` and the normalised
/// coefficients `coeffs[k − 1] = f⁽ᵏ⁾(x₀)/k!` for `k = 1..=K`.
///
/// Seed the variable with [`Taylor::variable`], evaluate a function written once over
/// `S: Float`, and read every derivative up to order `K` from the result: one pass, where nested
/// duals need `K` levels and `2ᴷ` parts. Arithmetic with `Taylor` and with plain `T` on either
/// side, and every [`Float`] method, by the recurrences of *Evaluating Derivatives*
/// (Griewank and Walther, chapter 13).
///
/// Comparisons look at the value only, as for [`Jet`](crate::Jet).
///
/// # Singular points
/// The value is `f(x₀)` computed by the float function itself. The derivatives follow the
/// one-sided limit along `x₀ + t`, `t → 0⁺`:
/// - `xⁿ`, `powf(x, p)`, `sqrt`, `cbrt` at a zero of the argument: the leading power `t^(m·p)`
///   is taken out exactly, so orders below `m·p` are 0, an integer `m·p` gives exact
///   coefficients, and orders above a non-integer `m·p` are `±∞` with the sign of the limit.
///   Roots lose the orders they cannot know: `sqrt(u)` of a `u` starting at `t²` is `t·√ũ`,
///   and `√ũ` is known to order `K − 2` only, so the top order is NaN.
/// - `ln`, `log2`, `log10`, `ln_1p`, `recip` and division by a series with value 0: signed
///   infinities of the pole (`ln` of a series starting negative is NaN).
/// - `abs`, `max`, `min`, `abs_sub` at a tie: the sign of the leading non-zero coefficient
///   decides, so `|x|·x²` has `f''' = 6` at 0.
/// - `hypot(a, b)` with both values 0: `t^m·hypot(ã, b̃)`, exact at every order.
/// - `atan2(a, b)` with both values 0: `atan2(ã, b̃)`, exact to order `K − m` (`m` the leading
///   order taken out), NaN above (those orders need coefficients beyond `K`).
/// - `powf(u, v)` with a varying exponent and `u` starting at 0: exact up to the first order
///   that meets a `tᵏ ln t` term (that one is `−∞·sign`), NaN above.
/// - `asin`, `acos`, `atanh`, `acosh` at the ends of their domain: signed infinities from
///   inside the domain; from outside, NaN.
///
/// # Example
/// ```
/// use dual::{Float, Taylor};
/// // f = x·eˣ at 0: f⁽ᵏ⁾(0) = k.
/// let r = Taylor::<f64, 4>::variable(0.0);
/// let (value, derivatives) = (r * r.exp()).derivatives();
/// assert_eq!((value, derivatives), (0.0, [1.0, 2.0, 3.0, 4.0]));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Taylor<T, const K: usize> {
    /// The value `f(x₀)`.
    pub re: T,
    /// The normalised coefficients `f⁽ᵏ⁾(x₀)/k!` for `k = 1..=K` (index `k − 1`).
    pub coeffs: [T; K],
}

impl<T: Float, const K: usize> Default for Taylor<T, K> {
    /// The constant 0.
    fn default() -> Self {
        Self::constant(T::zero())
    }
}

/// `k` as `T` (NaN if `T` cannot hold it, never for `f32`/`f64`).
#[inline(always)]
pub(crate) fn cast<T: Float>(k: usize) -> T {
    T::from(k).unwrap_or_else(T::nan)
}

/// `a·b` with strong zero: a zero factor gives 0 even when the other is infinite or NaN (a
/// coefficient that is 0 by construction stays 0).
#[inline(always)]
pub(crate) fn smul<T: Float>(a: T, b: T) -> T {
    if a.is_zero() || b.is_zero() {
        T::zero()
    } else {
        a * b
    }
}

impl<T: Float, const K: usize> Taylor<T, K> {
    /// The order `K`: derivatives `1..=K` are carried.
    ///
    /// ```
    /// assert_eq!(dual::Taylor::<f64, 5>::ORDER, 5);
    /// ```
    pub const ORDER: usize = K;

    /// A series from its value and normalised coefficients (`coeffs[k − 1] = f⁽ᵏ⁾/k!`).
    ///
    /// ```
    /// use dual::Taylor;
    /// // 1 + 2t + 3t²: f(x₀) = 1, f' = 2, f'' = 2·3.
    /// let s = Taylor::new(1.0_f64, [2.0, 3.0]);
    /// assert_eq!(s.derivatives(), (1.0, [2.0, 6.0]));
    /// ```
    #[inline]
    #[must_use]
    pub const fn new(re: T, coeffs: [T; K]) -> Self {
        Self { re, coeffs }
    }

    /// A constant: every derivative is zero.
    ///
    /// ```
    /// use dual::Taylor;
    /// let c = Taylor::<f64, 3>::constant(2.5);
    /// assert_eq!(c.derivatives(), (2.5, [0.0; 3]));
    /// ```
    #[inline]
    #[must_use]
    pub fn constant(re: T) -> Self {
        Self {
            re,
            coeffs: [T::zero(); K],
        }
    }

    /// The independent variable at `x`: `x + t` (first coefficient 1, the rest 0).
    ///
    /// ```
    /// use dual::Taylor;
    /// let x = Taylor::<f64, 3>::variable(2.0);
    /// assert_eq!((x * x * x).derivatives(), (8.0, [12.0, 12.0, 6.0]));
    /// ```
    #[inline]
    #[must_use]
    pub fn variable(x: T) -> Self {
        let mut s = Self::constant(x);
        if K > 0 {
            s.coeffs[0] = T::one();
        }
        s
    }

    /// The value `f(x₀)`.
    ///
    /// ```
    /// use dual::{Float, Taylor};
    /// assert_eq!(Taylor::<f64, 2>::variable(4.0).sqrt().value(), 2.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn value(&self) -> T {
        self.re
    }

    /// The normalised coefficient `f⁽ᵏ⁾(x₀)/k!` (`k = 0` is the value).
    ///
    /// # Panics
    /// If `k > K`.
    ///
    /// ```
    /// use dual::{Float, Taylor};
    /// // eˣ at 0: coefficients 1/k!.
    /// let e = Taylor::<f64, 3>::variable(0.0).exp();
    /// assert_eq!(e.coefficient(3), 1.0 / 6.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn coefficient(&self, k: usize) -> T {
        assert!(k <= K, "coefficient {k} of a Taylor series of order {K}");
        self.get(k)
    }

    /// The derivative `f⁽ᵏ⁾(x₀) = k!·coefficient(k)` (`k = 0` is the value).
    ///
    /// # Panics
    /// If `k > K`.
    ///
    /// ```
    /// use dual::{Float, Taylor};
    /// let s = Taylor::<f64, 4>::variable(0.0).sin();
    /// assert_eq!(s.derivative(3), -1.0);
    /// ```
    #[inline]
    #[must_use]
    pub fn derivative(&self, k: usize) -> T {
        let mut d = self.coefficient(k);
        for i in 2..=k {
            d = d * cast::<T>(i);
        }
        d
    }

    /// The value and the derivatives `f'(x₀), …, f⁽ᴷ⁾(x₀)`.
    ///
    /// ```
    /// use dual::{Float, Taylor};
    /// // ln at 1: (k − 1)!·(−1)^(k−1).
    /// let l = Taylor::<f64, 4>::variable(1.0).ln();
    /// assert_eq!(l.derivatives(), (0.0, [1.0, -1.0, 2.0, -6.0]));
    /// ```
    #[inline]
    #[must_use]
    pub fn derivatives(&self) -> (T, [T; K]) {
        let mut out = self.coeffs;
        let mut factorial = T::one();
        for (k, d) in out.iter_mut().enumerate() {
            factorial = factorial * cast::<T>(k + 1);
            *d = *d * factorial;
        }
        (self.re, out)
    }

    /// Coefficient `i` (0 is the value).
    #[inline(always)]
    pub(crate) fn get(&self, i: usize) -> T {
        if i == 0 { self.re } else { self.coeffs[i - 1] }
    }

    /// Sets coefficient `i` (0 is the value).
    #[inline(always)]
    pub(crate) fn set(&mut self, i: usize, v: T) {
        if i == 0 {
            self.re = v;
        } else {
            self.coeffs[i - 1] = v;
        }
    }

    /// Every coefficient NaN.
    #[inline]
    pub(crate) fn all_nan() -> Self {
        Self {
            re: T::nan(),
            coeffs: [T::nan(); K],
        }
    }

    /// True when every coefficient beyond the value is zero.
    #[inline]
    pub(crate) fn is_constant(&self) -> bool {
        self.coeffs.iter().all(|c| c.is_zero())
    }

    /// Index of the first non-zero coefficient (NaN counts as non-zero), `None` if all are 0.
    #[inline]
    pub(crate) fn lead(&self) -> Option<usize> {
        (0..=K).find(|&i| !self.get(i).is_zero())
    }

    /// `ũ` with `u = t^m·ũ`: `ũ_j = u_{m+j}`. The coefficients beyond `K − m` are unknown (they
    /// need `u` beyond order `K`) and set to NaN, except for a constant `u`, whose higher
    /// coefficients are known zeros.
    #[inline]
    pub(crate) fn shift_down(&self, m: usize) -> Self {
        let fill = if self.is_constant() {
            T::zero()
        } else {
            T::nan()
        };
        let mut out = Self::constant(fill);
        for j in 0..=K {
            out.set(j, if m + j <= K { self.get(m + j) } else { fill });
        }
        out
    }

    /// `t^q·self`: coefficients moved up by `q`, zeros below, the top ones dropped.
    #[inline]
    pub(crate) fn shift_up(&self, q: usize) -> Self {
        let mut out = Self::constant(T::zero());
        for k in q..=K {
            out.set(k, self.get(k - q));
        }
        out
    }

    /// Every coefficient times `s` (strong zero).
    #[inline]
    pub(crate) fn scale(mut self, s: T) -> Self {
        self.re = self.re * s;
        for c in &mut self.coeffs {
            *c = smul(*c, s);
        }
        self
    }

    /// `w` with `w' = g·u'` and `w(0) = w0`: `k·w_k = Σⱼ₌₁..ₖ j·u_j·g_{k−j}`.
    #[inline]
    pub(crate) fn integrate(self, g: &Self, w0: T) -> Self {
        let mut w = Self::constant(w0);
        for k in 1..=K {
            let mut acc = T::zero();
            for j in 1..=k {
                acc = acc + smul(cast::<T>(j) * self.get(j), g.get(k - j));
            }
            w.set(k, acc / cast::<T>(k));
        }
        w
    }

    /// The sign (`Less`, `Greater`) of the leading non-zero coefficient, `Equal` if all are 0,
    /// `None` for NaN.
    #[inline]
    pub(crate) fn lead_sign(&self) -> Option<Ordering> {
        match self.lead() {
            None => Some(Ordering::Equal),
            Some(i) => self.get(i).partial_cmp(&T::zero()),
        }
    }
}

impl<T: Float> Taylor<T, 3> {
    /// The first three derivatives at once: `(f, f', f'', f''')`.
    ///
    /// ```
    /// use dual::Taylor;
    /// let x = Taylor::<f64, 3>::variable(2.0);
    /// assert_eq!((x * x * x * x).third(), (16.0, 32.0, 48.0, 48.0));
    /// ```
    #[inline]
    #[must_use]
    pub fn third(&self) -> (T, T, T, T) {
        let (v, [d1, d2, d3]) = self.derivatives();
        (v, d1, d2, d3)
    }
}

impl<T: Float + core::fmt::Display, const K: usize> core::fmt::Display for Taylor<T, K> {
    /// `re + c1·t + c2·t^2 + …` (normalised coefficients).
    ///
    /// ```
    /// let s = dual::Taylor::new(1.0_f64, [2.0, 0.5]);
    /// assert_eq!(s.to_string(), "1 + 2·t + 0.5·t^2");
    /// ```
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(&self.re, f)?;
        for (k, c) in self.coeffs.iter().enumerate() {
            f.write_str(" + ")?;
            core::fmt::Display::fmt(c, f)?;
            if k == 0 {
                f.write_str("·t")?;
            } else {
                write!(f, "·t^{}", k + 1)?;
            }
        }
        Ok(())
    }
}

impl<T: PartialEq, const K: usize> PartialEq for Taylor<T, K> {
    /// Compares values only (see the type docs).
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.re == other.re
    }
}

impl<T: PartialOrd, const K: usize> PartialOrd for Taylor<T, K> {
    /// Orders by value only.
    #[inline]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.re.partial_cmp(&other.re)
    }
}
