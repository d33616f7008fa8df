//! `approx` traits for the dynamic types (feature `approx`): component by component, with
//! the same tolerance for every scalar.
use approx::{AbsDiffEq, RelativeEq, UlpsEq};
use num_traits::Float;

use super::{DynamicTransform, DynamicsDelta};

macro_rules! impl_approx_fields {
    ($ty:ident { $($field:ident),* }) => {
        impl<T: Float + AbsDiffEq<Epsilon = T> + RelativeEq + UlpsEq, const N: usize> AbsDiffEq
            for $ty<T, N>
        {
            type Epsilon = T;
            fn default_epsilon() -> T {
                T::default_epsilon()
            }
            fn abs_diff_eq(&self, other: &Self, epsilon: T) -> bool {
                $(self.$field.abs_diff_eq(&other.$field, epsilon))&&*
            }
        }

        impl<T: Float + AbsDiffEq<Epsilon = T> + RelativeEq + UlpsEq, const N: usize> RelativeEq
            for $ty<T, N>
        {
            fn default_max_relative() -> T {
                T::default_max_relative()
            }
            fn relative_eq(&self, other: &Self, epsilon: T, max_relative: T) -> bool {
                $(self.$field.relative_eq(&other.$field, epsilon, max_relative))&&*
            }
        }

        impl<T: Float + AbsDiffEq<Epsilon = T> + RelativeEq + UlpsEq, const N: usize> UlpsEq
            for $ty<T, N>
        {
            fn default_max_ulps() -> u32 {
                T::default_max_ulps()
            }
            fn ulps_eq(&self, other: &Self, epsilon: T, max_ulps: u32) -> bool {
                $(self.$field.ulps_eq(&other.$field, epsilon, max_ulps))&&*
            }
        }
    };
}

impl_approx_fields!(DynamicTransform {
    transform,
    velocity,
    acceleration,
    angular_velocity,
    angular_acceleration
});
impl_approx_fields!(DynamicsDelta {
    velocity,
    acceleration,
    angular_velocity,
    angular_acceleration
});

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Skew, Vector};

    #[test]
    fn tolerances_apply_to_every_component() {
        let a = DynamicTransform::<f64, 3>::identity();
        let mut b = a;
        b.angular_acceleration = Skew::from_vector(Vector([0.0, 1e-9, 0.0]));
        assert!(a.abs_diff_eq(&b, 1e-8));
        assert!(!a.abs_diff_eq(&b, 1e-10));
        assert!(a.relative_eq(&b, 1e-8, 1e-8));
        assert!(!a.ulps_eq(&b, 0.0, 4));
        let d = DynamicsDelta::<f64, 3>::from_velocity(Vector([1.0, 0.0, 0.0]));
        let e = DynamicsDelta::from_velocity(Vector([1.0 + 1e-12, 0.0, 0.0]));
        assert!(d.relative_eq(&e, 1e-14, 1e-10));
        assert!(!d.abs_diff_eq(&e, 1e-14));
    }
}
