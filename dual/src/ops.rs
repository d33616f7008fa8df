//! Arithmetic: the seed's rules for `+ − × ÷` (and `%`, negation), with dual numbers and with
//! plain scalars on either side, assign forms, `Sum` and `Product`.
//!
//! `(x, y) ± (a, b) = (x ± a, y ± b)`, `(x, y)(a, b) = (xa, ya + xb)`,
//! `(x, y)/(a, b) = (x/a, (ya − xb)/a²)`.
use crate::{Jet, Tangent};
use core::iter::{Product, Sum};
use core::ops::{
    Add, AddAssign, Div, DivAssign, Mul, MulAssign, Neg, Rem, RemAssign, Sub, SubAssign,
};
use num_traits::Float;

impl<T: Float, D: Tangent<T>> Neg for Jet<T, D> {
    type Output = Self;
    #[inline(always)]
    fn neg(self) -> Self {
        Self::new(-self.re, self.eps.neg())
    }
}

impl<T: Float, D: Tangent<T>> Add for Jet<T, D> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        Self::new(self.re + rhs.re, self.eps.add(rhs.eps))
    }
}

impl<T: Float, D: Tangent<T>> Sub for Jet<T, D> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: Self) -> Self {
        Self::new(self.re - rhs.re, self.eps.sub(rhs.eps))
    }
}

impl<T: Float, D: Tangent<T>> Mul for Jet<T, D> {
    type Output = Self;
    /// `(x, y)(a, b) = (xa, ya + xb)`.
    #[inline(always)]
    fn mul(self, rhs: Self) -> Self {
        self.chain2(rhs, self.re * rhs.re, rhs.re, self.re)
    }
}

impl<T: Float, D: Tangent<T>> Div for Jet<T, D> {
    type Output = Self;
    /// `(x, y)/(a, b) = (x/a, (y − (x/a)·b)/a)`, the seed's `(ya − xb)/a²` without overflow of `a²`.
    #[inline(always)]
    fn div(self, rhs: Self) -> Self {
        let re = self.re / rhs.re;
        let inv = rhs.re.recip();
        self.chain2(rhs, re, inv, -(re * inv))
    }
}

impl<T: Float, D: Tangent<T>> Rem for Jet<T, D> {
    type Output = Self;
    /// `x mod a = x − trunc(x/a)·a`: derivative `y − trunc(x/a)·b`.
    #[inline(always)]
    fn rem(self, rhs: Self) -> Self {
        let q = (self.re / rhs.re).trunc();
        self.chain2(rhs, self.re % rhs.re, T::one(), -q)
    }
}

impl<T: Float, D: Tangent<T>> Add<T> for Jet<T, D> {
    type Output = Self;
    #[inline(always)]
    fn add(self, rhs: T) -> Self {
        Self::new(self.re + rhs, self.eps)
    }
}

impl<T: Float, D: Tangent<T>> Sub<T> for Jet<T, D> {
    type Output = Self;
    #[inline(always)]
    fn sub(self, rhs: T) -> Self {
        Self::new(self.re - rhs, self.eps)
    }
}

impl<T: Float, D: Tangent<T>> Mul<T> for Jet<T, D> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, rhs: T) -> Self {
        self.chain(self.re * rhs, rhs)
    }
}

impl<T: Float, D: Tangent<T>> Div<T> for Jet<T, D> {
    type Output = Self;
    #[inline(always)]
    fn div(self, rhs: T) -> Self {
        self.chain(self.re / rhs, rhs.recip())
    }
}

impl<T: Float, D: Tangent<T>> Rem<T> for Jet<T, D> {
    type Output = Self;
    #[inline(always)]
    fn rem(self, rhs: T) -> Self {
        Self::new(self.re % rhs, self.eps)
    }
}

macro_rules! assign_ops {
    ($($trait:ident $method:ident $op:tt),*) => {$(
        impl<T: Float, D: Tangent<T>> $trait for Jet<T, D> {
            #[inline(always)]
            fn $method(&mut self, rhs: Self) {
                *self = *self $op rhs;
            }
        }
        impl<T: Float, D: Tangent<T>> $trait<T> for Jet<T, D> {
            #[inline(always)]
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
        impl<D: Tangent<$t>> Add<Jet<$t, D>> for $t {
            type Output = Jet<$t, D>;
            #[inline(always)]
            fn add(self, rhs: Jet<$t, D>) -> Jet<$t, D> {
                Jet::new(self + rhs.re, rhs.eps)
            }
        }
        impl<D: Tangent<$t>> Sub<Jet<$t, D>> for $t {
            type Output = Jet<$t, D>;
            #[inline(always)]
            fn sub(self, rhs: Jet<$t, D>) -> Jet<$t, D> {
                Jet::new(self - rhs.re, rhs.eps.neg())
            }
        }
        impl<D: Tangent<$t>> Mul<Jet<$t, D>> for $t {
            type Output = Jet<$t, D>;
            #[inline(always)]
            fn mul(self, rhs: Jet<$t, D>) -> Jet<$t, D> {
                rhs * self
            }
        }
        impl<D: Tangent<$t>> Div<Jet<$t, D>> for $t {
            type Output = Jet<$t, D>;
            /// `c / (a, b) = (c/a, −(c/a)·b/a)`.
            #[inline(always)]
            fn div(self, rhs: Jet<$t, D>) -> Jet<$t, D> {
                let re = self / rhs.re;
                rhs.chain(re, -(re / rhs.re))
            }
        }
        impl<D: Tangent<$t>> Rem<Jet<$t, D>> for $t {
            type Output = Jet<$t, D>;
            #[inline(always)]
            fn rem(self, rhs: Jet<$t, D>) -> Jet<$t, D> {
                Jet::<$t, D>::constant(self) % rhs
            }
        }
    )*};
}
scalar_left!(f32, f64);

impl<T: Float, D: Tangent<T>> Sum for Jet<T, D> {
    fn sum<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::constant(T::neg_zero()), |a, b| a + b)
    }
}

impl<'a, T: Float, D: Tangent<T>> Sum<&'a Jet<T, D>> for Jet<T, D> {
    fn sum<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Self::constant(T::neg_zero()), |a, b| a + *b)
    }
}

impl<T: Float, D: Tangent<T>> Product for Jet<T, D> {
    fn product<I: Iterator<Item = Self>>(iter: I) -> Self {
        iter.fold(Self::constant(T::one()), |a, b| a * b)
    }
}

impl<'a, T: Float, D: Tangent<T>> Product<&'a Jet<T, D>> for Jet<T, D> {
    fn product<I: Iterator<Item = &'a Self>>(iter: I) -> Self {
        iter.fold(Self::constant(T::one()), |a, b| a * *b)
    }
}
