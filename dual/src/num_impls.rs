//! The rest of the `num_traits` numeric tower: `Zero`, `One`, `Num`, `NumCast`,
//! `ToPrimitive`, `FloatConst`, `Signed`.
use crate::{Jet, Tangent};
use num_traits::{Float, FloatConst, Num, NumCast, One, Signed, ToPrimitive, Zero};

impl<T: Float, D: Tangent<T>> Zero for Jet<T, D> {
    #[inline(always)]
    fn zero() -> Self {
        Self::constant(T::zero())
    }
    /// Both the value and every derivative are zero.
    #[inline(always)]
    fn is_zero(&self) -> bool {
        self.re.is_zero() && self.eps.all_zero()
    }
}

impl<T: Float, D: Tangent<T>> One for Jet<T, D> {
    #[inline(always)]
    fn one() -> Self {
        Self::constant(T::one())
    }
}

impl<T: Float, D: Tangent<T>> Num for Jet<T, D> {
    type FromStrRadixErr = T::FromStrRadixErr;
    /// Parses the value; the result is a constant.
    fn from_str_radix(str: &str, radix: u32) -> Result<Self, Self::FromStrRadixErr> {
        T::from_str_radix(str, radix).map(Self::constant)
    }
}

impl<T: Float, D: Tangent<T>> ToPrimitive for Jet<T, D> {
    #[inline]
    fn to_i64(&self) -> Option<i64> {
        self.re.to_i64()
    }
    #[inline]
    fn to_u64(&self) -> Option<u64> {
        self.re.to_u64()
    }
    #[inline]
    fn to_i128(&self) -> Option<i128> {
        self.re.to_i128()
    }
    #[inline]
    fn to_u128(&self) -> Option<u128> {
        self.re.to_u128()
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

impl<T: Float, D: Tangent<T>> NumCast for Jet<T, D> {
    /// A constant with the converted value.
    #[inline]
    fn from<N: ToPrimitive>(n: N) -> Option<Self> {
        T::from(n).map(Self::constant)
    }
}

macro_rules! constants {
    ($($name:ident),*) => {$(
        #[inline(always)]
        fn $name() -> Self {
            Self::constant(T::$name())
        }
    )*};
}

impl<T: Float + FloatConst, D: Tangent<T>> FloatConst for Jet<T, D> {
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

impl<T: Float, D: Tangent<T>> Signed for Jet<T, D> {
    #[inline(always)]
    fn abs(&self) -> Self {
        Float::abs(*self)
    }
    #[inline]
    #[allow(deprecated, reason = "same rule as Float::abs_sub")]
    fn abs_sub(&self, other: &Self) -> Self {
        Float::abs_sub(*self, *other)
    }
    #[inline(always)]
    fn signum(&self) -> Self {
        Float::signum(*self)
    }
    #[inline(always)]
    fn is_positive(&self) -> bool {
        self.re > T::zero()
    }
    #[inline(always)]
    fn is_negative(&self) -> bool {
        self.re < T::zero()
    }
}
