//! Singular points at second order: `powf(x, n)` with a constant integer-valued exponent at
//! `x = 0`, through nested duals, against the analytic limits `n(n−1)·0^(n−2)`.

use dual::{Dual, second_derivative};
use num_traits::Float;

fn check<T: Float + core::fmt::Debug>() {
    let zero = T::zero();
    for n in 1..=4 {
        let p = T::from(n).unwrap();
        let (f, d1, d2) = second_derivative(
            |x: Dual<Dual<T>>| x.powf(Dual::constant(Dual::constant(p))),
            zero,
        );
        let expected_d1 = if n == 1 { T::one() } else { zero };
        let expected_d2 = if n == 2 { T::from(2).unwrap() } else { zero };
        assert_eq!(
            (f, d1, d2),
            (zero, expected_d1, expected_d2),
            "powf(x, {n}) at 0"
        );
        // The same through powi and repeated multiplication.
        let (_, _, d2i) = second_derivative(|x: Dual<Dual<T>>| x.powi(n), zero);
        assert_eq!(d2i, expected_d2, "powi(x, {n}) at 0");
    }
}

#[test]
fn powf_with_integer_exponent_has_exact_second_derivatives_at_zero() {
    check::<f64>();
    check::<f32>();
}
