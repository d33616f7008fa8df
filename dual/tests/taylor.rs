//! `Taylor<T, K>` against independent computations: third-order derivatives of composite
//! functions against triple nested duals, higher orders against closed forms, the singular
//! points at every order, and f32 against f64.
use approx::assert_relative_eq;
use dual::{Dual, Taylor, nth_derivatives};
use num_traits::Float;
use proptest::prelude::*;

type D3 = Dual<Dual<Dual<f64>>>;

fn c3(x: f64) -> D3 {
    Dual::constant(Dual::constant(Dual::constant(x)))
}

/// `(f, f', f'', f''')` through `x + ε₁ + ε₂ + ε₃`: the coefficient of `ε₁ε₂ε₃` is `f'''`.
fn through_triple_duals(f: impl Fn(D3) -> D3, x: f64) -> [f64; 4] {
    let inner = Dual::new(Dual::variable(x), Dual::constant(1.0));
    let r = f(Dual::new(inner, Dual::constant(Dual::constant(1.0))));
    [r.re.re.re, r.re.re.eps, r.re.eps.eps, r.eps.eps.eps]
}

/// `[f, f', …, f⁽ᴷ⁾]` as one array.
fn all<const K: usize>((v, d): (f64, [f64; K])) -> Vec<f64> {
    core::iter::once(v).chain(d).collect()
}

/// The same function of a Taylor variable and of a triple dual (written twice: the types
/// differ, the formula does not).
fn taylor_f(k: usize, x: Taylor<f64, 3>) -> Taylor<f64, 3> {
    let one = Taylor::constant(1.0);
    match k {
        0 => x * x.sin(),
        1 => x.exp() / (one + x * x),
        2 => (one + x * x).sqrt() * (x + 2.0).ln(),
        3 => (x * 0.5).tan(),
        4 => x.atan() * x.cosh(),
        5 => (one + x * x).powf(Taylor::constant(1.5)),
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
        let t = all(nth_derivatives::<3, _>(|v| taylor_f(k, v), x));
        let want = through_triple_duals(|v| dual_f(k, v), x);
        for (&got, want) in t.iter().zip(want) {
            assert_relative_eq!(got, want, epsilon = 1e-11, max_relative = 1e-11);
        }
    }

    #[test]
    fn high_orders_match_closed_forms(x in -0.8f64..0.8) {
        // exp: every derivative is eˣ; sin: sin, cos, −sin, −cos, …
        let e = all(nth_derivatives::<9, _>(|v| v.exp(), x));
        let s = all(nth_derivatives::<9, _>(|v| v.sin(), x));
        // 1/(1 − x): k!/(1 − x)^{k+1}; x⁷: 7!/(7−k)! x^{7−k}.
        let r = all(nth_derivatives::<9, _>(|v| Taylor::constant(1.0) / (Taylor::constant(1.0) - v), x));
        let p = all(nth_derivatives::<9, _>(|v| v.powi(7), x));
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
        let (v32, d32) = nth_derivatives::<5, _>(|v| v.sin() * v.exp(), x as f32);
        let e64 = all(nth_derivatives::<5, _>(|v| v.sin() * v.exp(), x));
        for (a, b) in core::iter::once(&v32).chain(&d32).zip(e64) {
            assert_relative_eq!(f64::from(*a), b, epsilon = 1e-4, max_relative = 1e-4);
        }
    }
}

#[test]
fn singular_points_at_every_order() {
    let zero = Taylor::<f64, 7>::variable(0.0);
    for n in 0..=7i32 {
        let mut want = [0.0; 8];
        want[n as usize] = (1..=n).map(f64::from).product();
        assert_eq!(all(zero.powi(n).derivatives()), want, "powi({n})");
        assert_eq!(
            all(zero.powf(Taylor::constant(f64::from(n))).derivatives()),
            want,
            "powf({n})"
        );
    }
    let inf = f64::INFINITY;
    let x = Taylor::<f64, 3>::variable(0.0);
    assert_eq!(all(x.sqrt().derivatives()), [0.0, inf, -inf, inf]);
    assert_eq!(all(x.ln().derivatives()), [-inf, inf, -inf, inf]);
    assert_eq!(
        all(x.powf(Taylor::constant(2.5)).derivatives()),
        [0.0, 0.0, 0.0, inf]
    );
    // The nested duals agree on the fractional power.
    assert_eq!(through_triple_duals(|v| v.powf(c3(2.5)), 0.0)[3], inf);
    // K = 0: the value only.
    assert_eq!(nth_derivatives::<0, _>(|v| v.exp(), 0.0), (1.0, []));
}

#[test]
fn non_finite_input_propagates() {
    let d = all(nth_derivatives::<3, _>(|v| v.sin() * v, f64::NAN));
    assert!(d.iter().all(|x| x.is_nan()));
    let d = all(nth_derivatives::<2, _>(|v| v.exp(), f64::INFINITY));
    assert!(d.iter().all(|x| *x == f64::INFINITY));
}
