//! Second and third derivatives at random points: nested duals (`Dual<Dual<T>>`,
//! `Dual<Dual<Dual<T>>>`, the `DualVec<_, 1>` nests) and `Taylor<T, 3>` against the closed forms
//! of f', f'', f''' written out by hand (independent of the crate's rules), f64 and f32.

use dual::{Dual, DualVec, Float, Taylor};
use proptest::prelude::*;

/// `v` as `S`.
fn c<S: Float>(v: f64) -> S {
    S::from(v).unwrap()
}

trait Smooth {
    const NAME: &'static str;
    /// Domain `[LO, HI]` where the closed form is well conditioned.
    const LO: f64;
    const HI: f64;
    fn f<S: Float>(x: S) -> S;
    /// `[f, f', f'', f''']` at `x`.
    fn closed(x: f64) -> [f64; 4];
}

macro_rules! smooth {
    ($($name:ident [$lo:expr, $hi:expr]: |$x:ident| $body:expr, |$y:ident| $closed:expr;)*) => {
        $(
            #[allow(non_camel_case_types)]
            struct $name;
            impl Smooth for $name {
                const NAME: &'static str = stringify!($name);
                const LO: f64 = $lo;
                const HI: f64 = $hi;
                fn f<S: Float>($x: S) -> S {
                    $body
                }
                fn closed($y: f64) -> [f64; 4] {
                    $closed
                }
            }
        )*
        fn run_all<T: Float + core::fmt::Debug>(u: f64, tol: f64) -> Result<(), String> {
            $( check::<$name, T>(u, tol)?; )*
            Ok(())
        }
    };
}

const L2: f64 = core::f64::consts::LN_2;
const L10: f64 = core::f64::consts::LN_10;

smooth! {
    sin[-4.0, 4.0]: |x| x.sin(), |x| [x.sin(), x.cos(), -x.sin(), -x.cos()];
    cos[-4.0, 4.0]: |x| x.cos(), |x| [x.cos(), -x.sin(), -x.cos(), x.sin()];
    tan[-1.2, 1.2]: |x| x.tan(), |x| {
        let t = x.tan();
        let s = 1.0 + t * t;
        [t, s, 2.0 * t * s, s * (2.0 + 6.0 * t * t)]
    };
    exp[-5.0, 5.0]: |x| x.exp(), |x| [x.exp(); 4];
    exp2[-5.0, 5.0]: |x| x.exp2(), |x| {
        let e = x.exp2();
        [e, e * L2, e * L2 * L2, e * L2 * L2 * L2]
    };
    exp_m1[-3.0, 3.0]: |x| x.exp_m1(), |x| [x.exp_m1(), x.exp(), x.exp(), x.exp()];
    ln[0.1, 10.0]: |x| x.ln(), |x| [x.ln(), 1.0 / x, -1.0 / (x * x), 2.0 / (x * x * x)];
    log2[0.1, 10.0]: |x| x.log2(), |x| [x.log2(), 1.0 / (x * L2), -1.0 / (x * x * L2), 2.0 / (x * x * x * L2)];
    log10[0.1, 10.0]: |x| x.log10(), |x| [x.log10(), 1.0 / (x * L10), -1.0 / (x * x * L10), 2.0 / (x * x * x * L10)];
    ln_1p[-0.9, 5.0]: |x| x.ln_1p(), |x| {
        let u = 1.0 + x;
        [x.ln_1p(), 1.0 / u, -1.0 / (u * u), 2.0 / (u * u * u)]
    };
    sqrt[0.1, 10.0]: |x| x.sqrt(), |x| {
        let r = x.sqrt();
        [r, 0.5 / r, -0.25 / (x * r), 0.375 / (x * x * r)]
    };
    cbrt[0.1, 10.0]: |x| x.cbrt(), |x| {
        // x^(−2/3) = 1/∛x², x^(−5/3) = 1/∛x⁵, x^(−8/3) = 1/∛x⁸.
        let r = x.cbrt();
        [r, 1.0 / (3.0 * r * r), -2.0 / (9.0 * r.powi(5)), 10.0 / (27.0 * r.powi(8))]
    };
    cbrt_negative[-10.0, -0.1]: |x| x.cbrt(), |x| {
        let r = x.cbrt();
        [r, 1.0 / (3.0 * r * r), -2.0 / (9.0 * r.powi(5)), 10.0 / (27.0 * r.powi(8))]
    };
    recip[0.2, 5.0]: |x| x.recip(), |x| [1.0 / x, -1.0 / (x * x), 2.0 / x.powi(3), -6.0 / x.powi(4)];
    atan[-5.0, 5.0]: |x| x.atan(), |x| {
        let q = 1.0 + x * x;
        [x.atan(), 1.0 / q, -2.0 * x / (q * q), (6.0 * x * x - 2.0) / (q * q * q)]
    };
    asin[-0.9, 0.9]: |x| x.asin(), |x| {
        let q = 1.0 - x * x;
        [x.asin(), q.powf(-0.5), x * q.powf(-1.5), (1.0 + 2.0 * x * x) * q.powf(-2.5)]
    };
    acos[-0.9, 0.9]: |x| x.acos(), |x| {
        let q = 1.0 - x * x;
        [x.acos(), -q.powf(-0.5), -x * q.powf(-1.5), -(1.0 + 2.0 * x * x) * q.powf(-2.5)]
    };
    sinh[-4.0, 4.0]: |x| x.sinh(), |x| [x.sinh(), x.cosh(), x.sinh(), x.cosh()];
    cosh[-4.0, 4.0]: |x| x.cosh(), |x| [x.cosh(), x.sinh(), x.cosh(), x.sinh()];
    tanh[-4.0, 4.0]: |x| x.tanh(), |x| {
        let t = x.tanh();
        let s = 1.0 - t * t;
        [t, s, -2.0 * t * s, s * (6.0 * t * t - 2.0)]
    };
    asinh[-5.0, 5.0]: |x| x.asinh(), |x| {
        let q = 1.0 + x * x;
        [x.asinh(), q.powf(-0.5), -x * q.powf(-1.5), (2.0 * x * x - 1.0) * q.powf(-2.5)]
    };
    acosh[1.1, 5.0]: |x| x.acosh(), |x| {
        let q = x * x - 1.0;
        [x.acosh(), q.powf(-0.5), -x * q.powf(-1.5), (2.0 * x * x + 1.0) * q.powf(-2.5)]
    };
    atanh[-0.9, 0.9]: |x| x.atanh(), |x| {
        let q = 1.0 - x * x;
        [x.atanh(), 1.0 / q, 2.0 * x / (q * q), (2.0 + 6.0 * x * x) / (q * q * q)]
    };
    powf_2_7[0.1, 4.0]: |x| x.powf(c(2.7)), |x| {
        let p = 2.7;
        [x.powf(p), p * x.powf(p - 1.0), p * (p - 1.0) * x.powf(p - 2.0), p * (p - 1.0) * (p - 2.0) * x.powf(p - 3.0)]
    };
    powf_m1_5[0.1, 4.0]: |x| x.powf(c(-1.5)), |x| {
        let p = -1.5;
        [x.powf(p), p * x.powf(p - 1.0), p * (p - 1.0) * x.powf(p - 2.0), p * (p - 1.0) * (p - 2.0) * x.powf(p - 3.0)]
    };
    powi_5[-3.0, 3.0]: |x| x.powi(5), |x| [x.powi(5), 5.0 * x.powi(4), 20.0 * x.powi(3), 60.0 * x * x];
    powi_m3[0.3, 3.0]: |x| x.powi(-3), |x| [x.powi(-3), -3.0 * x.powi(-4), 12.0 * x.powi(-5), -60.0 * x.powi(-6)];
    powf_x_x[0.2, 3.0]: |x| x.powf(x), |x| {
        let f = x.powf(x);
        let l = x.ln() + 1.0;
        [f, f * l, f * (l * l + 1.0 / x), f * (l * l * l + 3.0 * l / x - 1.0 / (x * x))]
    };
    hypot_x_2[-4.0, 4.0]: |x| x.hypot(c(2.0)), |x| {
        let r = x.hypot(2.0);
        [r, x / r, 4.0 / r.powi(3), -12.0 * x / r.powi(5)]
    };
    atan2_x_2[-4.0, 4.0]: |x| x.atan2(c(2.0)), |x| {
        let q = x * x + 4.0;
        [x.atan2(2.0), 2.0 / q, -4.0 * x / (q * q), 2.0 * (6.0 * x * x - 8.0) / (q * q * q)]
    };
    div_sin[0.3, 2.5]: |x| x.exp() / x.sin(), |x| {
        // g = eˣ/sin x; with k = cot x: g' = g(1 − k), g'' = g((1 − k)² + 1 + k²),
        // g''' = g((1 − k)³ + 3(1 − k)(1 + k²) − 2k(1 + k²)).
        let g = x.exp() / x.sin();
        let k = x.cos() / x.sin();
        let a = 1.0 - k;
        let b = 1.0 + k * k;
        [g, g * a, g * (a * a + b), g * (a * a * a + 3.0 * a * b - 2.0 * k * b)]
    };
}

/// `got` agrees with `want` to `tol` relative (absolute below 1).
fn close<T: Float>(got: T, want: f64, tol: f64) -> bool {
    let g = got.to_f64().unwrap();
    (g - want).abs() <= tol * want.abs().max(1.0)
}

type D2<T> = Dual<Dual<T>>;
type D3<T> = Dual<Dual<Dual<T>>>;
type V1<T> = DualVec<T, 1>;
type V2<T> = DualVec<DualVec<T, 1>, 1>;
type V3<T> = DualVec<DualVec<DualVec<T, 1>, 1>, 1>;

fn check<R: Smooth, T: Float + core::fmt::Debug>(u: f64, tol: f64) -> Result<(), String> {
    let x: T = c(R::LO + u * (R::HI - R::LO));
    let want = R::closed(x.to_f64().unwrap());
    let one = T::one();
    let mut forms: Vec<(&str, Vec<T>)> = Vec::new();
    let r = R::f(D2::new(Dual::variable(x), Dual::constant(one)));
    forms.push(("Dual²", vec![r.re.re, r.re.eps, r.eps.eps]));
    let r = R::f(V2::new(V1::variable_at(x, 0), [V1::constant(one)]));
    forms.push(("DualVec²", vec![r.re.re, r.re.eps[0], r.eps[0].eps[0]]));
    let inner = D2::new(Dual::variable(x), Dual::constant(one));
    let r = R::f(D3::new(inner, D2::constant(Dual::constant(one))));
    forms.push((
        "Dual³",
        vec![r.re.re.re, r.re.re.eps, r.re.eps.eps, r.eps.eps.eps],
    ));
    let inner = V2::new(V1::variable_at(x, 0), [V1::constant(one)]);
    let r = R::f(V3::new(inner, [V2::constant(V1::constant(one))]));
    forms.push((
        "DualVec³",
        vec![
            r.re.re.re,
            r.re.re.eps[0],
            r.re.eps[0].eps[0],
            r.eps[0].eps[0].eps[0],
        ],
    ));
    let (v, [d1, d2, d3]) = R::f(Taylor::<T, 3>::variable(x)).derivatives();
    forms.push(("Taylor", vec![v, d1, d2, d3]));
    for (form, got) in forms {
        for (k, g) in got.iter().enumerate() {
            // Rounding grows with the order (each order differentiates the rounding of the last).
            let t = tol * (1u32 << (2 * k)) as f64;
            if !close(*g, want[k], t) {
                return Err(format!(
                    "{} {form} at {x:?}: order {k} got {g:?}, want {}",
                    R::NAME,
                    want[k]
                ));
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn nested_and_taylor_match_closed_forms_f64(u in 0.0f64..1.0) {
        let r = run_all::<f64>(u, 1e-12);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }

    #[test]
    fn nested_and_taylor_match_closed_forms_f32(u in 0.0f64..1.0) {
        let r = run_all::<f32>(u, 2e-5);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

/// A random chain of elementary operations, written once over `S: Float`.
fn chain<S: Float>(x: S, ops: &[usize]) -> S {
    let mut v = x;
    for &op in ops {
        v = match op {
            0 => v.sin() + v * c(0.5),
            1 => (v * c(0.3)).exp(),
            2 => (v * v + c(1.0)).sqrt(),
            3 => (v * v + c(2.0)).ln(),
            4 => v / (v * v + c(1.5)),
            5 => v.atan() * v.cosh().recip(),
            // Bounded, so chains stay well conditioned (no e^(e^x) magnitudes).
            6 => (v.tanh() * c(1.5)).powf(c(3.0)) - v.tanh(),
            _ => (v * c(0.4)).sinh().hypot(c(0.7)),
        };
    }
    v
}

fn rel(a: f64, b: f64, tol: f64) -> bool {
    (a - b).abs() <= tol * a.abs().max(b.abs()).max(1.0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Taylor<_, 3> and Dual³ are independent computations of the same derivatives (different
    /// rules, one recurrence per function against nested first-order chain rules).
    #[test]
    fn taylor_matches_nested_duals_on_random_chains(
        x in -2.0f64..2.0,
        ops in proptest::collection::vec(0usize..8, 1..6),
    ) {
        let (v, d) = dual::nth_derivatives::<3, _>(|s| chain(s, &ops), x);
        let inner = Dual::new(Dual::variable(x), Dual::constant(1.0));
        let r = chain(Dual::new(inner, Dual::constant(Dual::constant(1.0))), &ops);
        let nested = [r.re.re.re, r.re.re.eps, r.re.eps.eps, r.eps.eps.eps];
        prop_assert_eq!(v, nested[0]);
        for k in 0..3 {
            prop_assert!(rel(d[k], nested[k + 1], 1e-10), "order {}: {} vs {}", k + 1, d[k], nested[k + 1]);
        }
        // The same in f32 against the f64 result, where f32 neither overflows nor loses the
        // whole mantissa (values of moderate size).
        let xf = x as f32;
        let (vf, df) = dual::nth_derivatives::<3, _>(|s| chain(s, &ops), xf);
        let (v64, d64) = dual::nth_derivatives::<3, _>(|s| chain(s, &ops), f64::from(xf));
        let moderate = core::iter::once(v64).chain(d64).all(|e| e.abs() < 1e4);
        prop_assert!(!moderate || rel(f64::from(vf), v64, 1e-4));
        for k in (0..3).filter(|_| moderate) {
            prop_assert!(rel(f64::from(df[k]), d64[k], 2e-3), "f32 order {}: {} vs {}", k + 1, df[k], d64[k]);
        }
    }

    /// High orders in one pass against closed forms of the k-th derivative.
    #[test]
    fn taylor_order_6_matches_closed_forms(x in 0.2f64..3.0, p in -2.5f64..2.5) {
        let (v, d) = dual::nth_derivatives::<6, _>(|s| s.exp() * s.sin(), x);
        prop_assert!(rel(v, x.exp() * x.sin(), 1e-14));
        for k in 1..=6 {
            // (eˣ sin x)⁽ᵏ⁾ = 2^(k/2) eˣ sin(x + kπ/4).
            let want = 2f64.powf(k as f64 / 2.0) * x.exp()
                * (x + k as f64 * core::f64::consts::FRAC_PI_4).sin();
            prop_assert!(rel(d[k - 1], want, 1e-11), "exp·sin order {k}");
        }
        let (_, d) = dual::nth_derivatives::<6, _>(|s| s.powf(c(p)), x);
        let mut falling = 1.0;
        for k in 1..=6 {
            falling *= p - (k as f64 - 1.0);
            prop_assert!(rel(d[k - 1], falling * x.powf(p - k as f64), 1e-10), "x^p order {k}");
        }
        let (_, d) = dual::nth_derivatives::<6, _>(|s| s.ln(), x);
        let mut fact = 1.0;
        for k in 1..=6 {
            // ln⁽ᵏ⁾ = (−1)^(k−1)(k−1)!/xᵏ.
            let sign = if k % 2 == 1 { 1.0 } else { -1.0 };
            prop_assert!(rel(d[k - 1], sign * fact / x.powi(k as i32), 1e-11), "ln order {k}");
            fact *= k as f64;
        }
        let (_, d) = dual::nth_derivatives::<6, f64>(|s| (s + c::<dual::Taylor<f64, 6>>(1.0)).recip(), x);
        let mut fact = 1.0;
        for k in 1..=6 {
            fact *= k as f64;
            let sign = if k % 2 == 1 { -1.0 } else { 1.0 };
            prop_assert!(rel(d[k - 1], sign * fact / (1.0 + x).powi(k as i32 + 1), 1e-11), "1/(1+x) order {k}");
        }
    }
}

/// Binary operations and the remaining `Float` methods along a line `a(x)`, `b(x)`.
fn binary<S: Float>(x: S, op: usize, p: f64, q: f64) -> S {
    let a = x * c(p) + c(q);
    let b = x.sin() + c(1.7);
    match op {
        0 => a + b,
        1 => a - b,
        2 => a * b,
        3 => a / b,
        4 => a % b,
        5 => b.powf(a),
        6 => b.log(a.abs() + c(1.5)),
        7 => a.atan2(b),
        8 => a.hypot(b),
        9 => a.max(b) + a.min(b * c(0.5)),
        10 => a.mul_add(b, x),
        11 => b.copysign(a),
        12 => a.exp_m1() + b.exp2() + a.log10() * c(0.0) + b.log2(),
        13 => (a * c(0.2)).tan() + b.ln_1p() + a.to_degrees() - b.to_radians(),
        14 => a.abs() + b.powi(-3) + b.cbrt() + (a * c(0.3)).asinh(),
        _ => {
            (b * c(0.5)).acos() + (b * c(0.5)).asin() + (b + c(0.5)).acosh() + (b * c(0.3)).atanh()
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Taylor<_, 3> against Dual³ on every binary operation and the remaining methods.
    #[test]
    fn taylor_binary_ops_match_nested_duals(
        x in -2.0f64..2.0,
        op in 0usize..16,
        p in -2.0f64..2.0,
        q in 0.5f64..3.0,
    ) {
        let (v, d) = dual::nth_derivatives::<3, _>(|s| binary(s, op, p, q), x);
        let inner = Dual::new(Dual::variable(x), Dual::constant(1.0));
        let r = binary(Dual::new(inner, Dual::constant(Dual::constant(1.0))), op, p, q);
        let nested = [r.re.re.re, r.re.re.eps, r.re.eps.eps, r.eps.eps.eps];
        prop_assert!(v == nested[0] || (v.is_nan() && nested[0].is_nan()), "value {v} vs {}", nested[0]);
        for k in 0..3 {
            prop_assert!(
                rel(d[k], nested[k + 1], 1e-9) || (d[k].is_nan() && nested[k + 1].is_nan()),
                "op {op} order {}: {} vs {}", k + 1, d[k], nested[k + 1]
            );
        }
    }
}
