//! The derivative part of a dual number: one scalar (`Dual`) or `N` of them (`DualVec`).
//!
//! Every chain-rule product goes through [`Tangent::scale`] or [`Tangent::lin2`], which use
//! *strong zero* multiplication: `0 · x = 0` even when `x` is infinite or NaN. That is what keeps
//! a direction whose derivative is zero by construction (a constant input) at exactly zero when
//! a local derivative is infinite (`sqrt` at 0, `ln` at 0, overflowed `exp`, ...).
//!
//! How it stays cheap (the Jacobian benchmarks depend on it): a zero factor is tested once per
//! operation (a scalar branch, returning zeros), and a zero *direction* with a per-direction
//! select `e == 0 ? 0 : e·s` instead of a branch on the factor. The select vectorises with the
//! product and folds away where the directions are known constants, as the seeded `0`/`1`
//! directions of [`jacobian`](crate::jacobian) are in the first operations of a model.
use num_traits::Float;

mod sealed {
    pub trait Sealed<T> {}
    impl<T: num_traits::Float> Sealed<T> for T {}
    impl<T: num_traits::Float, const N: usize> Sealed<T> for [T; N] {}
}

/// Storage of the derivative part of a [`Jet`](crate::Jet): `T` itself (one direction, the
/// [`Dual`](crate::Dual) number) or `[T; N]` (`N` directions, [`DualVec`](crate::DualVec)).
///
/// Sealed: the two implementations are the only ones.
///
/// # Example
/// ```
/// use dual::Tangent;
/// // Written once for one direction (f64) or several ([f64; N]).
/// fn norm1<D: Tangent<f64>>(d: D) -> f64 {
///     d.as_slice().iter().map(|x| x.abs()).sum()
/// }
/// assert_eq!(norm1(-2.0), 2.0);
/// assert_eq!(norm1([1.0, -2.0, 3.0]), 6.0);
/// assert_eq!(<[f64; 3] as Tangent<f64>>::DIRECTIONS, 3);
/// ```
pub trait Tangent<T: Float>: sealed::Sealed<T> + Copy {
    /// Number of directions carried.
    const DIRECTIONS: usize;
    /// All directions zero.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert_eq!(<[f64; 2] as Tangent<f64>>::zero(), [0.0, 0.0]);
    /// ```
    fn zero() -> Self;
    /// Every direction equal to `value`.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert_eq!(<[f32; 3] as Tangent<f32>>::splat(2.0), [2.0; 3]);
    /// ```
    fn splat(value: T) -> Self;
    /// The directional derivatives as a slice.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert_eq!(Tangent::<f64>::as_slice(&4.0), &[4.0]);
    /// ```
    fn as_slice(&self) -> &[T];
    /// The directional derivatives as a mutable slice.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// let mut d = [1.0, 2.0];
    /// Tangent::<f64>::as_mut_slice(&mut d)[1] = 5.0;
    /// assert_eq!(d, [1.0, 5.0]);
    /// ```
    fn as_mut_slice(&mut self) -> &mut [T];
    /// Component-wise sum.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert_eq!(Tangent::<f64>::add([1.0, 2.0], [3.0, 4.0]), [4.0, 6.0]);
    /// ```
    fn add(self, other: Self) -> Self;
    /// Component-wise difference.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert_eq!(Tangent::<f64>::sub([1.0, 2.0], [3.0, 4.0]), [-2.0, -2.0]);
    /// ```
    fn sub(self, other: Self) -> Self;
    /// Component-wise negation.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert_eq!(Tangent::<f64>::neg([1.0, -2.0]), [-1.0, 2.0]);
    /// ```
    fn neg(self) -> Self;
    /// `self · s` with strong zero (`0 · ∞ = 0`, `x · 0 = 0`).
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// // A direction that does not move stays zero even through an infinite slope.
    /// assert_eq!(Tangent::<f64>::scale([0.0, 1.0], f64::INFINITY), [0.0, f64::INFINITY]);
    /// ```
    fn scale(self, s: T) -> Self;
    /// `self · a + other · b` with strong zero in both products.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert_eq!(Tangent::<f64>::lin2([1.0, 0.0], 2.0, [0.0, 1.0], 3.0), [2.0, 3.0]);
    /// ```
    fn lin2(self, a: T, other: Self, b: T) -> Self;
    /// Applies `f` to every direction.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert_eq!(Tangent::<f64>::map([1.0, 4.0], f64::sqrt), [1.0, 2.0]);
    /// ```
    fn map(self, f: impl FnMut(T) -> T) -> Self;
    /// Applies `f` to every pair of directions.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert_eq!(Tangent::<f64>::zip_map([1.0, 5.0], [3.0, 2.0], f64::max), [3.0, 5.0]);
    /// ```
    fn zip_map(self, other: Self, f: impl FnMut(T, T) -> T) -> Self;
    /// True when every direction is exactly zero.
    ///
    /// # Example
    /// ```
    /// use dual::Tangent;
    /// assert!(Tangent::<f64>::all_zero(&[0.0, -0.0]) && !Tangent::<f64>::all_zero(&1e-300));
    /// ```
    fn all_zero(&self) -> bool {
        self.as_slice().iter().all(|e| e.is_zero())
    }
}

/// `e · s` with strong zero, for one element: a zero `e` or a zero `s` gives zero
/// (`0 · ∞ = 0`, `NaN · 0 = 0`); otherwise the plain product.
///
/// A zero `s` is returned as itself (not a fresh `0`), so with `e` a known `1` the whole
/// expression folds to `s`.
#[inline(always)]
fn strong_mul<T: Float>(e: T, s: T) -> T {
    if e.is_zero() {
        T::zero()
    } else if s.is_zero() {
        s
    } else {
        e * s
    }
}

/// `e · s` for a factor `s` already known to be non-zero: strong zero in `e` only (a select,
/// no branch).
#[inline(always)]
fn nonzero_mul<T: Float>(e: T, s: T) -> T {
    if e.is_zero() { T::zero() } else { e * s }
}

impl<T: Float> Tangent<T> for T {
    const DIRECTIONS: usize = 1;
    #[inline(always)]
    fn zero() -> Self {
        T::zero()
    }
    #[inline(always)]
    fn splat(value: T) -> Self {
        value
    }
    #[inline(always)]
    fn as_slice(&self) -> &[T] {
        core::slice::from_ref(self)
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [T] {
        core::slice::from_mut(self)
    }
    #[inline(always)]
    fn add(self, other: Self) -> Self {
        self + other
    }
    #[inline(always)]
    fn sub(self, other: Self) -> Self {
        self - other
    }
    #[inline(always)]
    fn neg(self) -> Self {
        -self
    }
    #[inline(always)]
    fn scale(self, s: T) -> Self {
        strong_mul(self, s)
    }
    #[inline(always)]
    fn lin2(self, a: T, other: Self, b: T) -> Self {
        strong_mul(self, a) + strong_mul(other, b)
    }
    #[inline(always)]
    fn map(self, mut f: impl FnMut(T) -> T) -> Self {
        f(self)
    }
    #[inline(always)]
    fn zip_map(self, other: Self, mut f: impl FnMut(T, T) -> T) -> Self {
        f(self, other)
    }
}

impl<T: Float, const N: usize> Tangent<T> for [T; N] {
    const DIRECTIONS: usize = N;
    #[inline(always)]
    fn zero() -> Self {
        [T::zero(); N]
    }
    #[inline(always)]
    fn splat(value: T) -> Self {
        [value; N]
    }
    #[inline(always)]
    fn as_slice(&self) -> &[T] {
        self
    }
    #[inline(always)]
    fn as_mut_slice(&mut self) -> &mut [T] {
        self
    }
    #[inline(always)]
    fn add(mut self, other: Self) -> Self {
        for (e, o) in self.iter_mut().zip(other) {
            *e = *e + o;
        }
        self
    }
    #[inline(always)]
    fn sub(mut self, other: Self) -> Self {
        for (e, o) in self.iter_mut().zip(other) {
            *e = *e - o;
        }
        self
    }
    #[inline(always)]
    fn neg(mut self) -> Self {
        for e in &mut self {
            *e = -*e;
        }
        self
    }
    #[inline(always)]
    fn scale(mut self, s: T) -> Self {
        // Zero factor: every product is 0, even for infinite or NaN directions.
        if s.is_zero() {
            return [T::zero(); N];
        }
        for e in &mut self {
            *e = nonzero_mul(*e, s);
        }
        self
    }
    #[inline(always)]
    fn lin2(mut self, a: T, other: Self, b: T) -> Self {
        // A zero factor drops its whole term (strong zero); then only directions are checked.
        if a.is_zero() {
            return other.scale(b);
        }
        if b.is_zero() {
            return self.scale(a);
        }
        for (e, o) in self.iter_mut().zip(other) {
            *e = nonzero_mul(*e, a) + nonzero_mul(o, b);
        }
        self
    }
    #[inline(always)]
    fn map(mut self, mut f: impl FnMut(T) -> T) -> Self {
        for e in &mut self {
            *e = f(*e);
        }
        self
    }
    #[inline(always)]
    fn zip_map(mut self, other: Self, mut f: impl FnMut(T, T) -> T) -> Self {
        for (e, o) in self.iter_mut().zip(other) {
            *e = f(*e, o);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    //! The optimised array products against the strong-zero rule written out per element, on
    //! every combination of special values (exhaustive grid, f64 and f32).
    use super::Tangent;

    macro_rules! strong_zero_grid {
        ($name:ident, $T:ty) => {
            #[test]
            fn $name() {
                type T = $T;
                /// The rule: a zero on either side gives 0, otherwise the IEEE product.
                fn rule(e: T, s: T) -> T {
                    if e == 0.0 || s == 0.0 { 0.0 } else { e * s }
                }
                fn same(a: T, b: T) -> bool {
                    (a.is_nan() && b.is_nan()) || a == b
                }
                let special: [T; 8] = [
                    0.0,
                    -0.0,
                    1.0,
                    -2.5,
                    1e-30,
                    T::INFINITY,
                    -T::INFINITY,
                    T::NAN,
                ];
                for &a in &special {
                    for &b in &special {
                        // Every 3-direction tangent built from the grid, in both operand slots.
                        for &e0 in &special {
                            for &o0 in &special {
                                let e = [e0, o0, 1.0];
                                let o = [o0, 0.0, e0];
                                let scaled = e.scale(a);
                                let lin = e.lin2(a, o, b);
                                for k in 0..3 {
                                    assert!(same(scaled[k], rule(e[k], a)), "{e:?}·{a}");
                                    assert!(same(scaled[k], e[k].scale(a)), "scalar {e:?}·{a}");
                                    let want = rule(e[k], a) + rule(o[k], b);
                                    assert!(same(lin[k], want), "{e:?}·{a} + {o:?}·{b}");
                                    assert!(same(lin[k], e[k].lin2(a, o[k], b)), "scalar lin2");
                                }
                            }
                        }
                    }
                }
            }
        };
    }
    strong_zero_grid!(strong_zero_grid_f64, f64);
    strong_zero_grid!(strong_zero_grid_f32, f32);
}
