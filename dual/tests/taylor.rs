//! `Taylor<T, N>` against independent computations: third-order derivatives of composite
//! functions against nested duals (`third_derivative`), higher orders against closed forms,
//! the singular points of the nested-dual table at every order, and f32 against f64.
use approx::assert_relative_eq;
use dual::{Dual, Taylor, nth_derivatives, third_derivative};
use num_traits::Float;
use proptest::prelude::*;

type D3 = Dual<Dual<Dual<f64>>>;

fn c3(x: f64) -> D3 {
    Dual::constant(Dual::constant(Dual::constant(x)))
}

/// The same function of a Taylor variable and of a triple dual (written twice: the types
/// differ, the formula does not).
fn taylor_f(k: usize, x: Taylor<f64, 4>) -> Taylor<f64, 4> {
    let one = Taylor::constant(1.0);
    match k {
        0 => x * x.sin(),
        1 => x.exp() / (one + x * x),
        2 => (one + x * x).sqrt() * (x + 2.0).ln(),
        3 => (x * 0.5).tan(),
        4 => x.atan() * x.sinh_cosh().1,
        5 => (one + x * x).powf(1.5),
        6 => x.tanh() - x.powi(3),
        _ => (x * (1.0 / 3.0)).asin() + x.acos() * 0.0 + x.cos(),
    }
}

fn dual_f(k: usize, x: D3) -> D3 {
    let one = c3(1.0);
    match k {
        0 => x * x.sin(),
        1 => x.exp() / (one + x * x),
        2 => (one + x * x).sqrt() * (x + c3(2.0)).ln(),
        3 => (x * c3(0.5)).tan(),
        4 => x.atan() * x.cosh(),
        5 => (one + x * x).powf(c3(1.5)),
        6 => x.tanh() - x.powi(3),
        _ => (x * c3(1.0 / 3.0)).asin() + x.acos() * c3(0.0) + x.cos(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn third_order_matches_nested_duals(k in 0usize..8, x in -0.9f64..0.9) {
        let t = nth_derivatives::<f64, 4>(|v| taylor_f(k, v), x);
        let (a, b, c, d) = third_derivative(|v| dual_f(k, v), x);
        for (got, want) in t.into_iter().zip([a, b, c, d]) {
            assert_relative_eq!(got, want, epsilon = 1e-11, max_relative = 1e-11);
        }
    }

    #[test]
    fn high_orders_match_closed_forms(x in -0.8f64..0.8) {
        // exp: every derivative is eˣ; sin: sin, cos, −sin, −cos, …
        let e = nth_derivatives::<f64, 10>(|v| v.exp(), x);
        let s = nth_derivatives::<f64, 10>(|v| v.sin(), x);
        // 1/(1 − x): k!/(1 − x)^{k+1}; x⁷: 7!/(7−k)! x^{7−k}.
        let r = nth_derivatives::<f64, 10>(|v| Taylor::constant(1.0) / (Taylor::constant(1.0) - v), x);
        let p = nth_derivatives::<f64, 10>(|v| v.powi(7), x);
        let mut factorial = 1.0;
        for k in 0..10 {
            if k > 0 {
                factorial *= k as f64;
            }
            assert_relative_eq!(e[k], x.exp(), max_relative = 1e-13);
            let sk = [x.sin(), x.cos(), -x.sin(), -x.cos()][k % 4];
            assert_relative_eq!(s[k], sk, epsilon = 1e-13, max_relative = 1e-12);
            assert_relative_eq!(r[k], factorial / (1.0 - x).powi(k as i32 + 1), max_relative = 1e-12);
            let want = if k <= 7 {
                let falling: f64 = (0..k).map(|j| (7 - j) as f64).product();
                falling * x.powi(7 - k as i32)
            } else {
                0.0
            };
            assert_relative_eq!(p[k], want, epsilon = 1e-12, max_relative = 1e-12);
        }
        // f32 agrees with f64 to single precision.
        let e32 = nth_derivatives::<f32, 6>(|v| v.sin() * v.exp(), x as f32);
        let e64 = nth_derivatives::<f64, 6>(|v| v.sin() * v.exp(), x);
        for (a, b) in e32.iter().zip(e64) {
            assert_relative_eq!(f64::from(*a), b, epsilon = 1e-4, max_relative = 1e-4);
        }
    }
}

#[test]
fn singular_points_at_every_order() {
    let zero = Taylor::<f64, 8>::variable(0.0);
    for n in 0..=7i32 {
        let mut want = [0.0; 8];
        want[n as usize] = (1..=n).map(f64::from).product();
        assert_eq!(zero.powi(n).derivatives(), want, "powi({n})");
        assert_eq!(zero.powf(f64::from(n)).derivatives(), want, "powf({n})");
    }
    let inf = f64::INFINITY;
    assert_eq!(
        Taylor::<f64, 4>::variable(0.0).sqrt().derivatives(),
        [0.0, inf, -inf, inf]
    );
    assert_eq!(
        Taylor::<f64, 4>::variable(0.0).ln().derivatives(),
        [-inf, inf, -inf, inf]
    );
    assert_eq!(
        Taylor::<f64, 4>::variable(0.0).powf(2.5).derivatives(),
        [0.0, 0.0, 0.0, inf]
    );
    // The nested duals agree on the fractional power.
    let (_, _, _, d3) = third_derivative(|v: D3| v.powf(c3(2.5)), 0.0);
    assert_eq!(d3, inf);
    // N = 1: the value only; N = 0: nothing (value() is NaN).
    assert_eq!(nth_derivatives::<f64, 1>(|v| v.exp(), 0.0), [1.0]);
    assert!(Taylor::<f64, 0>::variable(1.0).value().is_nan());
}

#[test]
fn non_finite_input_propagates() {
    let d = nth_derivatives::<f64, 4>(|v| v.sin() * v, f64::NAN);
    assert!(d.iter().all(|x| x.is_nan()));
    let d = nth_derivatives::<f64, 3>(|v| v.exp(), f64::INFINITY);
    assert!(d.iter().all(|x| *x == f64::INFINITY));
}
