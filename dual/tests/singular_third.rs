//! Singular points at the third order, through `Dual<Dual<Dual<T>>>` (`third_derivative`),
//! f32 and f64, against the analytic limits: integer powers at 0 have their textbook
//! derivatives at every order; a fractional power or a root at 0 has 0 where the limit is 0
//! and the signed infinity of the one-sided limit where it diverges. Then a property test
//! of third derivatives at random points against closed forms.
//!
//! Known gaps (not asserted here, listed in the closing note of issue 19): `cbrt` at 0 gives
//! 0 and −∞ for f'' and f''' (f'' has no limit, f''' → +∞), and `hypot(x, 0)` at 0 gives
//! +∞ and NaN for f'' and f''' where `abs` gives 0 and 0.
use dual::{Dual, third_derivative};
use num_traits::Float;
use proptest::prelude::*;

type D3<T> = Dual<Dual<Dual<T>>>;

fn c<T: Float>(x: f64) -> D3<T> {
    Dual::constant(Dual::constant(Dual::constant(T::from(x).unwrap())))
}

fn table<T: Float + num_traits::FloatConst + core::fmt::Debug>() {
    let t = |x: f64| T::from(x).unwrap();
    let (zero, inf) = (T::zero(), T::infinity());
    // xⁿ at 0: f⁽ᵏ⁾(0) = n! if k = n, else 0 (and f(0) = 1 for n = 0).
    for n in 0..=5i32 {
        let mut expected = [zero; 4];
        if n <= 3 {
            expected[n as usize] = t([1.0, 1.0, 2.0, 6.0][n as usize]);
        }
        let e = (expected[0], expected[1], expected[2], expected[3]);
        assert_eq!(
            third_derivative(|x: D3<T>| x.powi(n), zero),
            e,
            "powi(x, {n})"
        );
        let p = f64::from(n);
        assert_eq!(
            third_derivative(|x: D3<T>| x.powf(c(p)), zero),
            e,
            "powf(x, {n})"
        );
    }
    // x^2.5: 0, 0, 0, +∞ (f''' = 15/8 x^-½); x^3.5: all 0.
    assert_eq!(
        third_derivative(|x: D3<T>| x.powf(c(2.5)), zero),
        (zero, zero, zero, inf)
    );
    assert_eq!(
        third_derivative(|x: D3<T>| x.powf(c(3.5)), zero),
        (zero, zero, zero, zero)
    );
    // √x at 0⁺: 0, +∞, −∞, +∞; ln x at 0⁺: −∞, +∞, −∞, +∞.
    assert_eq!(
        third_derivative(|x: D3<T>| x.sqrt(), zero),
        (zero, inf, -inf, inf)
    );
    assert_eq!(
        third_derivative(|x: D3<T>| x.ln(), zero),
        (-inf, inf, -inf, inf)
    );
    // asin at 1⁻: π/2, +∞, +∞, +∞.
    let (v, d1, d2, d3) = third_derivative(|x: D3<T>| x.asin(), T::one());
    assert_eq!((v, d1, d2, d3), (T::FRAC_PI_2(), inf, inf, inf));
    // atan2(x, 1) = atan x at 0: 0, 1, 0, −2; |x| at 0 (by convention the right slope).
    assert_eq!(
        third_derivative(|x: D3<T>| x.atan2(c(1.0)), zero),
        (zero, T::one(), zero, t(-2.0))
    );
    assert_eq!(
        third_derivative(|x: D3<T>| x.abs(), zero),
        (zero, T::one(), zero, zero)
    );
}

#[test]
fn third_order_singular_table_f64() {
    table::<f64>();
}

#[test]
fn third_order_singular_table_f32() {
    table::<f32>();
}

/// Closed forms of `(f, f', f'', f''')` at `x` for the functions tested below.
fn closed(name: usize, x: f64) -> [f64; 4] {
    match name {
        0 => [x.sin(), x.cos(), -x.sin(), -x.cos()],
        1 => [x.exp(); 4],
        2 => [x.ln(), 1.0 / x, -1.0 / (x * x), 2.0 / (x * x * x)],
        3 => [
            x.sqrt(),
            0.5 / x.sqrt(),
            -0.25 * x.powf(-1.5),
            0.375 * x.powf(-2.5),
        ],
        4 => {
            let p = 2.7;
            [
                x.powf(p),
                p * x.powf(p - 1.0),
                p * (p - 1.0) * x.powf(p - 2.0),
                p * (p - 1.0) * (p - 2.0) * x.powf(p - 3.0),
            ]
        }
        5 => {
            let d = 1.0 + x * x;
            [
                x.atan(),
                1.0 / d,
                -2.0 * x / (d * d),
                (6.0 * x * x - 2.0) / (d * d * d),
            ]
        }
        _ => {
            let th = x.tanh();
            let s = 1.0 - th * th;
            [th, s, -2.0 * th * s, s * (6.0 * th * th - 2.0)]
        }
    }
}

fn through_duals<T: Float>(name: usize, x: T) -> (T, T, T, T) {
    third_derivative(
        |y: D3<T>| match name {
            0 => y.sin(),
            1 => y.exp(),
            2 => y.ln(),
            3 => y.sqrt(),
            4 => y.powf(c(2.7)),
            5 => y.atan(),
            _ => y.tanh(),
        },
        x,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn third_derivatives_match_closed_forms(name in 0usize..7, x in 0.1f64..3.0) {
        let e = closed(name, x);
        let (v, d1, d2, d3) = through_duals(name, x);
        for (got, want) in [v, d1, d2, d3].into_iter().zip(e) {
            approx::assert_relative_eq!(got, want, max_relative = 1e-12, epsilon = 1e-12);
        }
        let (v, d1, d2, d3) = through_duals(name, x as f32);
        for (got, want) in [v, d1, d2, d3].into_iter().zip(e) {
            approx::assert_relative_eq!(f64::from(got), want, max_relative = 2e-4, epsilon = 2e-4);
        }
    }
}
