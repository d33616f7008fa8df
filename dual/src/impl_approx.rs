//! `approx` comparisons for dual numbers: the value and every derivative must be close.
use crate::{Jet, Tangent};
use approx::{AbsDiffEq, RelativeEq, UlpsEq};
use num_traits::Float;

impl<T: Float + AbsDiffEq<Epsilon = T>, D: Tangent<T>> AbsDiffEq for Jet<T, D> {
    type Epsilon = T;
    fn default_epsilon() -> T {
        T::default_epsilon()
    }
    fn abs_diff_eq(&self, other: &Self, epsilon: T) -> bool {
        self.re.abs_diff_eq(&other.re, epsilon)
            && self
                .eps
                .as_slice()
                .iter()
                .zip(other.eps.as_slice())
                .all(|(a, b)| a.abs_diff_eq(b, epsilon))
    }
}

impl<T: Float + RelativeEq<Epsilon = T>, D: Tangent<T>> RelativeEq for Jet<T, D> {
    fn default_max_relative() -> T {
        T::default_max_relative()
    }
    fn relative_eq(&self, other: &Self, epsilon: T, max_relative: T) -> bool {
        self.re.relative_eq(&other.re, epsilon, max_relative)
            && self
                .eps
                .as_slice()
                .iter()
                .zip(other.eps.as_slice())
                .all(|(a, b)| a.relative_eq(b, epsilon, max_relative))
    }
}

impl<T: Float + UlpsEq<Epsilon = T>, D: Tangent<T>> UlpsEq for Jet<T, D> {
    fn default_max_ulps() -> u32 {
        T::default_max_ulps()
    }
    fn ulps_eq(&self, other: &Self, epsilon: T, max_ulps: u32) -> bool {
        self.re.ulps_eq(&other.re, epsilon, max_ulps)
            && self
                .eps
                .as_slice()
                .iter()
                .zip(other.eps.as_slice())
                .all(|(a, b)| a.ulps_eq(b, epsilon, max_ulps))
    }
}

impl<T: Float + AbsDiffEq<Epsilon = T>, const K: usize> AbsDiffEq for crate::Taylor<T, K> {
    type Epsilon = T;
    fn default_epsilon() -> T {
        T::default_epsilon()
    }
    fn abs_diff_eq(&self, other: &Self, epsilon: T) -> bool {
        self.re.abs_diff_eq(&other.re, epsilon)
            && self
                .coeffs
                .iter()
                .zip(&other.coeffs)
                .all(|(a, b)| a.abs_diff_eq(b, epsilon))
    }
}

impl<T: Float + RelativeEq<Epsilon = T>, const K: usize> RelativeEq for crate::Taylor<T, K> {
    fn default_max_relative() -> T {
        T::default_max_relative()
    }
    fn relative_eq(&self, other: &Self, epsilon: T, max_relative: T) -> bool {
        self.re.relative_eq(&other.re, epsilon, max_relative)
            && self
                .coeffs
                .iter()
                .zip(&other.coeffs)
                .all(|(a, b)| a.relative_eq(b, epsilon, max_relative))
    }
}

impl<T: Float + UlpsEq<Epsilon = T>, const K: usize> UlpsEq for crate::Taylor<T, K> {
    fn default_max_ulps() -> u32 {
        T::default_max_ulps()
    }
    fn ulps_eq(&self, other: &Self, epsilon: T, max_ulps: u32) -> bool {
        self.re.ulps_eq(&other.re, epsilon, max_ulps)
            && self
                .coeffs
                .iter()
                .zip(&other.coeffs)
                .all(|(a, b)| a.ulps_eq(b, epsilon, max_ulps))
    }
}
