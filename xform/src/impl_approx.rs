//! `approx` traits (`AbsDiffEq`, `RelativeEq`, `UlpsEq`) for every numeric type, comparing
//! scalar by scalar (feature `approx`).
use approx::{AbsDiffEq, RelativeEq, UlpsEq};
use num_traits::Float;

use crate::scalars::Scalars;
use crate::{Force, Matrix, Motion, Plx, Plxb, Quaternion, Rotation, Skew, Transform, Vector};

macro_rules! impl_approx {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<T: Float + AbsDiffEq<Epsilon = T> + RelativeEq + UlpsEq, $($gen)*> AbsDiffEq for $ty
        {
            type Epsilon = T;
            fn default_epsilon() -> T {
                T::default_epsilon()
            }
            fn abs_diff_eq(&self, other: &Self, epsilon: T) -> bool {
                self.all_pairs(other, &mut |a, b| a.abs_diff_eq(b, epsilon))
            }
        }

        impl<T: Float + AbsDiffEq<Epsilon = T> + RelativeEq + UlpsEq, $($gen)*> RelativeEq for $ty
        {
            fn default_max_relative() -> T {
                T::default_max_relative()
            }
            fn relative_eq(&self, other: &Self, epsilon: T, max_relative: T) -> bool {
                self.all_pairs(other, &mut |a, b| a.relative_eq(b, epsilon, max_relative))
            }
        }

        impl<T: Float + AbsDiffEq<Epsilon = T> + RelativeEq + UlpsEq, $($gen)*> UlpsEq for $ty
        {
            fn default_max_ulps() -> u32 {
                T::default_max_ulps()
            }
            fn ulps_eq(&self, other: &Self, epsilon: T, max_ulps: u32) -> bool {
                self.all_pairs(other, &mut |a, b| a.ulps_eq(b, epsilon, max_ulps))
            }
        }
    )*};
}

impl_approx! {
    [const N: usize] Vector<T, N>;
    [const R: usize, const C: usize] Matrix<T, R, C>;
    [] Quaternion<T>;
    [const N: usize] Skew<T, N>;
    [const N: usize] Rotation<T, N>;
    [const N: usize] Transform<T, N>;
    [] Motion<T>;
    [] Force<T>;
    [] Plx<T>;
    [] Plxb<T>;
}
