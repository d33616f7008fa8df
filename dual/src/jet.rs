//! The dual number type: a value and its directional derivatives.
use crate::Tangent;
use core::cmp::Ordering;
use core::fmt;
use num_traits::Float;

/// A value `re` and its derivative part `eps`: `re + ε·eps` with `ε² = 0`.
///
/// Use it through the aliases [`Dual<T>`](crate::Dual) (one direction, `eps: T`) and
/// [`DualVec<T, N>`](crate::DualVec) (`N` directions, `eps: [T; N]`). Both implement
/// [`num_traits::Float`], so generic code written for `f32`/`f64` runs unchanged and returns
/// derivatives.
///
/// Comparisons (`==`, `<`, ...) look at the value `re` only, as generic code that branches on a
/// value expects; [`Zero::is_zero`](num_traits::Zero::is_zero) requires both parts to be zero.
///
/// # Example
/// ```
/// use dual::{Jet, Float};
/// let x: Jet<f64, [f64; 2]> = Jet::new(2.0, [1.0, 0.0]);
/// let y = x.powi(3);
/// assert_eq!((y.re, y.eps), (8.0, [12.0, 0.0]));
/// assert!(x == Jet::new(2.0, [0.0, 5.0])); // compares values only
/// ```
#[derive(Debug, Clone, Copy, Default)]
pub struct Jet<T, D> {
    /// The value (real part).
    pub re: T,
    /// The derivative part: one entry per direction.
    pub eps: D,
}

impl<T: Float, D: Tangent<T>> Jet<T, D> {
    /// A dual number from its value and derivative part.
    ///
    /// # Example
    /// ```
    /// use dual::{Dual, DualVec};
    /// let d = Dual::new(2.0, 1.0); // x = 2 seeded with dx = 1
    /// assert_eq!((d * d).eps, 4.0);
    /// let v = DualVec::new(1.0, [0.0, 1.0]);
    /// assert_eq!(v.eps, [0.0, 1.0]);
    /// ```
    #[inline(always)]
    pub const fn new(re: T, eps: D) -> Self {
        Self { re, eps }
    }

    /// A constant: every derivative is zero.
    ///
    /// # Example
    /// ```
    /// use dual::Dual;
    /// let c = Dual::constant(3.0);
    /// let x = Dual::variable(2.0);
    /// assert_eq!((c * x).eps, 3.0);
    /// assert_eq!(c.eps, 0.0);
    /// ```
    #[inline(always)]
    pub fn constant(re: T) -> Self {
        Self { re, eps: D::zero() }
    }

    /// The value `re`.
    ///
    /// # Example
    /// ```
    /// use dual::{Dual, Float};
    /// assert_eq!(Dual::variable(0.0f64).exp().value(), 1.0);
    /// ```
    #[inline(always)]
    pub fn value(&self) -> T {
        self.re
    }

    /// The result of a unary function with value `re` and local derivative `d`: `eps · d`
    /// (strong zero, so a zero direction stays zero even where `d` is infinite).
    #[inline(always)]
    pub(crate) fn chain(self, re: T, d: T) -> Self {
        Self {
            re,
            eps: self.eps.scale(d),
        }
    }

    /// The result of a binary function with value `re` and partial derivatives `da`, `db`.
    #[inline(always)]
    pub(crate) fn chain2(self, other: Self, re: T, da: T, db: T) -> Self {
        Self {
            re,
            eps: self.eps.lin2(da, other.eps, db),
        }
    }
}

impl<T: Float> Jet<T, T> {
    /// The independent variable `re` with derivative 1 (seed for [`derivative`](crate::derivative)).
    ///
    /// # Example
    /// ```
    /// use dual::{Dual, Float};
    /// let y = Dual::variable(1.0f64).ln();
    /// assert_eq!((y.re, y.eps), (0.0, 1.0));
    /// ```
    #[inline(always)]
    pub fn variable(re: T) -> Self {
        Self { re, eps: T::one() }
    }
}

impl<T: Float, const N: usize> Jet<T, [T; N]> {
    /// The `i`-th of `N` independent variables: derivative part is the basis vector `e_i`.
    ///
    /// # Panics
    /// If `i >= N`.
    ///
    /// # Example
    /// ```
    /// use dual::DualVec;
    /// let y = DualVec::<f64, 3>::variable_at(5.0, 1);
    /// assert_eq!((y.re, y.eps), (5.0, [0.0, 1.0, 0.0]));
    /// ```
    #[inline(always)]
    pub fn variable_at(re: T, i: usize) -> Self {
        let mut eps = [T::zero(); N];
        eps[i] = T::one();
        Self { re, eps }
    }

    /// Seeds every component of `x` as an independent variable (`x[i]` gets direction `e_i`).
    ///
    /// # Example
    /// ```
    /// use dual::DualVec;
    /// let [a, b] = DualVec::<f64, 2>::variables([3.0, 4.0]);
    /// let f = a * b; // ∇(ab) = (b, a)
    /// assert_eq!((f.re, f.eps), (12.0, [4.0, 3.0]));
    /// ```
    #[inline(always)]
    pub fn variables(x: [T; N]) -> [Self; N] {
        let mut out = [Self::constant(T::zero()); N];
        for (i, (o, xi)) in out.iter_mut().zip(x).enumerate() {
            o.re = xi;
            o.eps[i] = T::one();
        }
        out
    }
}

impl<T: PartialEq, D> PartialEq for Jet<T, D> {
    /// Compares values only (see the type docs).
    #[inline(always)]
    fn eq(&self, other: &Self) -> bool {
        self.re == other.re
    }
}

impl<T: PartialOrd, D> PartialOrd for Jet<T, D> {
    /// Orders by value only.
    #[inline(always)]
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.re.partial_cmp(&other.re)
    }
}

impl<T: Float + fmt::Display, D: Tangent<T>> fmt::Display for Jet<T, D> {
    /// `re + [e0, e1, ..]ε`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.re, f)?;
        f.write_str(" + [")?;
        for (i, e) in self.eps.as_slice().iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            fmt::Display::fmt(e, f)?;
        }
        f.write_str("]ε")
    }
}
