//! Arithmetic for [`Taylor`]: sums coefficient-wise, products by convolution, quotients by the
//! division recurrence (Griewank and Walther, *Evaluating Derivatives*, table 13.1), with
//! `Taylor` and plain scalars on either side; and the rest of the `num_traits` tower.
use crate::taylor::{Taylor, smul};
use core::iter::{Product, Sum};
use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};
use num_traits::{Float, FloatConst, Num, NumCast, One, Signed, ToPrimitive, Zero};

/// `u·v`: `w_k = Σⱼ u_j·v_{k−j}` (strong zero in every product).
#[inline]
pub(crate) fn product<T: Float, const K: usize>(
    u: &Taylor<T, K>,
    v: &Taylor<T, K>,
) -> Taylor<T, K> {
    let mut w = Taylor::constant(u.re * v.re);
    for k in 1..=K {
        let mut acc = T::zero();
        for j in 0..=k {
            acc = acc + smul(u.get(j), v.get(k - j));
        }
        w.set(k, acc);
    }
    w
}

/// `u/v`: `w_k = (u_k − Σⱼ₌₁..ₖ v_j·w_{k−j})/v₀`. With `v₀ = 0`: a constant zero divisor
/// divides each coefficient (strong zero keeps zero coefficients 0); a pole (`u₀ ≠ 0`, `v`
/// starting at `t^m`) gives the signed infinities of `t^(−m)`; `0/0` is NaN throughout.
#[inline]
pub(crate) fn quotient<T: Float, const K: usize>(
    u: &Taylor<T, K>,
    v: &Taylor<T, K>,
) -> Taylor<T, K> {
    let v0 = v.re;
    let mut w = Taylor::constant(u.re / v0);
    if !v0.is_zero() {
        for k in 1..=K {
            let mut acc = u.get(k);
            for j in 1..=k {
                acc = acc - smul(v.get(j), w.get(k - j));
            }
            w.set(k, acc / v0);
        }
        return w;
    }
    match v.lead() {
        None => {
            for k in 1..=K {
                let a = u.get(k);
                w.set(k, if a.is_zero() { a } else { a / v0 });
            }
            w
        }
        Some(m) => {
            if u.re.is_zero() || u.re.is_nan() {
                let mut nan = Taylor::all_nan();
                nan.re = w.re;
                return nan;
            }
            // (u₀/ṽ₀)·t^(−m): the k-th derivative of t^(−m) has the sign (−1)ᵏ.
            let sign = (u.re * v.get(m)).signum();
            for k in 1..=K {
                let s = if k % 2 == 1 { -sign } else { sign };
                w.set(k, s * T::infinity());
            }
            w
        }
    }
}

impl<T: Float, const K: usize> Neg for Taylor<T, K> {
    type Output = Self;
    #[inline]
    fn neg(mut self) -> Self {
        self.re = -self.re;
        for c in &mut self.coeffs {
            *c = -*c;
        }
        self
    }
}

impl<T: Float, const K: usize> Add for Taylor<T, K> {
    type Output = Self;
    #[inline]
    fn add(mut self, rhs: Self) -> Self {
        self.re = self.re + rhs.re;
        for (c, r) in self.coeffs.iter_mut().zip(rhs.coeffs) {
            *c = *c + r;
        }
        self
    }
}

impl<T: Float, const K: usize> Sub for Taylor<T, K> {
    type Output = Self;
    #[inline]
    fn sub(mut self, rhs: Self) -> Self {
        self.re = self.re - rhs.re;
        for (c, r) in self.coeffs.iter_mut().zip(rhs.coeffs) {
            *c = *c - r;
        }
        self
    }
}

impl<T: Float, const K: usize> Mul for Taylor<T, K> {
    type Output = Self;
    /// Cauchy product.
    #[inline]
    fn mul(self, rhs: Self) -> Self {
        product(&self, &rhs)
    }
}

impl<T: Float, const K: usize> Div for Taylor<T, K> {
    type Output = Self;
    /// The division recurrence (see [`Taylor`] for a divisor with value 0).
    #[inline]
    fn div(self, rhs: Self) -> Self {
        quotient(&self, &rhs)
    }
}

impl<T: Float, const K: usize> Rem for Taylor<T, K> {
    type Output = Self;
    /// `x − trunc(x/a)·a` with the quotient held constant.
    #[inline]
    fn rem(self, rhs: Self) -> Self {
        let q = (self.re / rhs.re).trunc();
        let mut w = self - rhs.scale(q);
        w.re = self.re % rhs.re;
        w
    }
}

impl<T: Float, const K: usize> Add<T> for Taylor<T, K> {
    type Output = Self;
    #[inline]
    fn add(mut self, rhs: T) -> Self {
        self.re = self.re + rhs;
        self
    }
}

impl<T: Float, const K: usize> Sub<T> for Taylor<T, K> {
    type Output = Self;
    #[inline]
    fn sub(mut self, rhs: T) -> Self {
        self.re = self.re - rhs;
        self
    }
}

impl<T: Float, const K: usize> Mul<T> for Taylor<T, K> {
    type Output = Self;
    #[inline]
    fn mul(self, rhs: T) -> Self {
        self.scale(rhs)
    }
}

impl<T: Float, const K: usize> Div<T> for Taylor<T, K> {
    type Output = Self;
    #[inline]
    fn div(mut self, rhs: T) -> Self {
        self.re = self.re / rhs;
        for c in &mut self.coeffs {
            if !c.is_zero() {
                *c = *c / rhs;
            }
        }
        self
    }
}

impl<T: Float, const K: usize> Rem<T> for Taylor<T, K> {
    type Output = Self;
    #[inline]
    fn rem(mut self, rhs: T) -> Self {
        self.re = self.re % rhs;
        self
    }
}

macro_rules! assign_ops {
    ($($trait:ident $method:ident $op:tt),*) => {$(
        impl<T: Float, const K: usize> $trait for Taylor<T, K> {
            #[inline]
            fn $method(&mut self, rhs: Self) {
                *self = *self $op rhs;
            }
        }
        impl<T: Float, const K: usize> $trait<T> for Taylor<T, K> {
            #[inline]
            fn $method(&mut self, rhs: T) {
                *self = *self $op rhs;
            }
        }
    )*};
}
assign_ops!(AddAssign add_assign +, SubAssign sub_assign -, MulAssign mul_assign *,
    DivAssign div_assign /, RemAssign rem_assign %);

macro_rules! scalar_left {
    ($($t:ty),*) => {$(
        impl<const K: usize> Add<Taylor<$t, K>> for $t {
            type Output = Taylor<$t, K>;
            #[inline]
            fn add(self, rhs: Taylor<$t, K>) -> Taylor<$t, K> {
                rhs + self
            }
        }
        impl<const K: usize> Sub<Taylor<$t, K>> for $t {
            type Output = Taylor<$t, K>;
            #[inline]
            fn sub(self, rhs: Taylor<$t, K>) -> Taylor<$t, K> {
                -rhs + self
            }
        }
        impl<const K: usize> Mul<Taylor<$t, K>> for $t {
            type Output = Taylor<$t, K>;
            #[inline]
            fn mul(self, rhs: Taylor<$t, K>) -> Taylor<$t, K> {
                rhs * self
            }
        }
        impl<const K: usize> Div<Taylor<$t, K>> for $t {
            type Output = Taylor<$t, K>;
            #[inline]
            fn div(self, rhs: Taylor<$t, K>) -> Taylor<$t, K> {
                quotient(&Taylor::constant(self), &rhs)
            }
        }
        impl<const K: usize> Rem<Taylor<$t, K>> for $t {
            type Output = Taylor<$t, K>;
            #[inline]
            fn rem(self, rhs: Taylor<$t, K>) -> Taylor<$t, K> {
                Taylor::constant(self) % rhs
            }
        }
    )*};
}
scalar_left!(f32, f64);

impl<T: Float, const K: usize> Sum for Taylor<T, K> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::constant(T::neg_zero()), |a, b| a + b)
    }
}

impl<'a, T: Float, const K: usize> Sum<&'a Taylor<T, K>> for Taylor<T, K> {
    fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Self::constant(T::neg_zero()), |a, b| a + *b)
    }
}

impl<T: Float, const K: usize> Product for Taylor<T, K> {
    fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::constant(T::one()), |a, b| a * b)
    }
}

impl<'a, T: Float, const K: usize> Product<&'a Taylor<T, K>> for Taylor<T, K> {
    fn product<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Self::constant(T::one()), |a, b| a * *b)
    }
}

impl<T: Float, const K: usize> Zero for Taylor<T, K> {
    #[inline]
    fn zero() -> Self {
        Self::constant(T::zero())
    }
    /// The value and every coefficient are zero.
    #[inline]
    fn is_zero(&self) -> bool {
        self.re.is_zero() && self.is_constant()
    }
}

impl<T: Float, const K: usize> One for Taylor<T, K> {
    #[inline]
    fn one() -> Self {
        Self::constant(T::one())
    }
}

impl<T: Float, const K: usize> Num for Taylor<T, K> {
    type FromStrRadixErr = T::FromStrRadixErr;
    /// Parses the value; the result is a constant.
    fn from_str_radix(str: &str, radix: u32) -> Result<Self, Self::FromStrRadixErr> {
        T::from_str_radix(str, radix).map(Self::constant)
    }
}

impl<T: Float, const K: usize> ToPrimitive for Taylor<T, K> {
    #[inline]
    fn to_i64(&self) -> Option<i64> {
        self.re.to_i64()
    }
    #[inline]
    fn to_u64(&self) -> Option<u64> {
        self.re.to_u64()
    }
    #[inline]
    fn to_f32(&self) -> Option<f32> {
        self.re.to_f32()
    }
    #[inline]
    fn to_f64(&self) -> Option<f64> {
        self.re.to_f64()
    }
}

impl<T: Float, const K: usize> NumCast for Taylor<T, K> {
    /// A constant with the converted value.
    #[inline]
    fn from<N: ToPrimitive>(n: N) -> Option<Self> {
        T::from(n).map(Self::constant)
    }
}

macro_rules! constants {
    ($($name:ident),*) => {$(
        #[inline]
        fn $name() -> Self {
            Self::constant(T::$name())
        }
    )*};
}

impl<T: Float + FloatConst, const K: usize> FloatConst for Taylor<T, K> {
    constants!(
        E,
        FRAC_1_PI,
        FRAC_1_SQRT_2,
        FRAC_2_PI,
        FRAC_2_SQRT_PI,
        FRAC_PI_2,
        FRAC_PI_3,
        FRAC_PI_4,
        FRAC_PI_6,
        FRAC_PI_8,
        LN_10,
        LN_2,
        LOG10_E,
        LOG2_E,
        PI,
        SQRT_2,
        TAU,
        LOG10_2,
        LOG2_10
    );
}

impl<T: Float, const K: usize> Signed for Taylor<T, K> {
    #[inline]
    fn abs(&self) -> Self {
        Float::abs(*self)
    }
    #[inline]
    #[allow(deprecated, reason = "same rule as Float::abs_sub")]
    fn abs_sub(&self, other: &Self) -> Self {
        Float::abs_sub(*self, *other)
    }
    #[inline]
    fn signum(&self) -> Self {
        Float::signum(*self)
    }
    #[inline]
    fn is_positive(&self) -> bool {
        self.re > T::zero()
    }
    #[inline]
    fn is_negative(&self) -> bool {
        self.re < T::zero()
    }
}
