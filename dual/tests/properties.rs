//! Property tests: every elementary function and operator against the analytic derivative
//! (written independently here, in f64) and central finite differences; chain rule on random
//! compositions; one-pass vs n-pass Jacobians; nested second derivatives; Hessians.
//! One module, instantiated for f64 and f32.
use approx::relative_eq;
use proptest::prelude::*;

/// Central difference of `f` at `x` in f64, step scaled to `x`.
fn central(f: impl Fn(f64) -> f64, x: f64) -> f64 {
    let h = 1e-5 * x.abs().max(1.0);
    (f(x + h) - f(x - h)) / (2.0 * h)
}

/// Same value bit for bit (NaN equals NaN).
fn same<T: num_traits::Float>(a: T, b: T) -> bool {
    (a.is_nan() && b.is_nan()) || (a == b && a.is_sign_negative() == b.is_sign_negative())
}

macro_rules! dual_properties {
    ($modname:ident, $T:ty, $tol:expr) => {
        mod $modname {
            use super::*;
            use dual::{Dual, DualVec, Float};

            type T = $T;
            const TOL: f64 = $tol;
            const CASES: u32 = 96;

            // Named input ranges.
            const ANY: core::ops::Range<f64> = -8.0..8.0;
            const POSITIVE: core::ops::Range<f64> = 0.05..20.0;
            const UNIT_OPEN: core::ops::Range<f64> = -0.95..0.95;
            const ABOVE_ONE: core::ops::Range<f64> = 1.05..20.0;
            const ABOVE_MINUS_ONE: core::ops::Range<f64> = -0.9..20.0;
            const TAN_SAFE: core::ops::Range<f64> = -1.4..1.4;
            const EXP_SAFE: core::ops::Range<f64> = -20.0..20.0;
            const DIRECTION: core::ops::Range<f64> = -3.0..3.0;
            const NONZERO_MAGNITUDE: core::ops::Range<f64> = 0.2..6.0;
            // Inside (0, 1): no jump of fract within the finite-difference step.
            const FRACT_SAFE: core::ops::Range<f64> = 0.1..0.9;

            fn t(x: f64) -> T {
                x as T
            }

            fn close(got: T, expected: f64, tol: f64) -> bool {
                relative_eq!(f64::from(got), expected, epsilon = tol, max_relative = tol)
            }

            /// One unary method: value bit for bit, derivative vs the analytic formula, and the
            /// analytic formula vs central differences (in f64).
            macro_rules! unary {
                ($name:ident, $range:expr, |$x:ident| $deriv:expr) => {
                    proptest! {
                        #![proptest_config(ProptestConfig::with_cases(CASES))]
                        #[test]
                        fn $name(x in $range, y in DIRECTION) {
                            let (xt, yt) = (t(x), t(y));
                            let d = Dual::new(xt, yt).$name();
                            prop_assert!(same(d.re, xt.$name()));
                            let $x = f64::from(xt);
                            let analytic: f64 = $deriv;
                            prop_assert!(close(d.eps, analytic * f64::from(yt), TOL * 4.0),
                                "{} at {}: got {}, analytic {}", stringify!($name), $x, d.eps, analytic);
                            let fd = central(|v: f64| v.$name(), $x);
                            prop_assert!(relative_eq!(fd, analytic, epsilon = 1e-5, max_relative = 1e-5),
                                "finite difference {} vs analytic {}", fd, analytic);
                        }
                    }
                };
            }

            unary!(sin, ANY, |x| x.cos());
            unary!(cos, ANY, |x| -x.sin());
            unary!(tan, TAN_SAFE, |x| 1.0 / (x.cos() * x.cos()));
            unary!(asin, UNIT_OPEN, |x| 1.0 / (1.0 - x * x).sqrt());
            unary!(acos, UNIT_OPEN, |x| -1.0 / (1.0 - x * x).sqrt());
            unary!(atan, ANY, |x| 1.0 / (1.0 + x * x));
            unary!(sinh, ANY, |x| x.cosh());
            unary!(cosh, ANY, |x| x.sinh());
            unary!(tanh, ANY, |x| 1.0 / (x.cosh() * x.cosh()));
            unary!(asinh, ANY, |x| 1.0 / (x * x + 1.0).sqrt());
            unary!(acosh, ABOVE_ONE, |x| 1.0 / (x * x - 1.0).sqrt());
            unary!(atanh, UNIT_OPEN, |x| 1.0 / (1.0 - x * x));
            unary!(exp, EXP_SAFE, |x| x.exp());
            unary!(exp2, EXP_SAFE, |x| x.exp2() * core::f64::consts::LN_2);
            unary!(exp_m1, EXP_SAFE, |x| x.exp());
            unary!(ln, POSITIVE, |x| 1.0 / x);
            unary!(ln_1p, ABOVE_MINUS_ONE, |x| 1.0 / (1.0 + x));
            unary!(log2, POSITIVE, |x| 1.0 / (x * core::f64::consts::LN_2));
            unary!(log10, POSITIVE, |x| 1.0 / (x * core::f64::consts::LN_10));
            unary!(sqrt, POSITIVE, |x| 0.5 / x.sqrt());
            // Away from 0: there the central difference itself is inaccurate (its truncation
            // error grows like h²/x²) and the derivative is infinite at 0; cbrt at and near 0
            // is covered in tests/singular.rs.
            unary!(cbrt, prop_oneof![-8.0..-0.05f64, 0.05..8.0f64], |x| 1.0
                / (3.0 * x.cbrt() * x.cbrt()));
            unary!(recip, POSITIVE, |x| -1.0 / (x * x));
            unary!(to_degrees, ANY, |_x| 180.0 / core::f64::consts::PI);
            unary!(to_radians, ANY, |_x| core::f64::consts::PI / 180.0);
            unary!(fract, FRACT_SAFE, |_x| 1.0);

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(CASES))]

                /// abs, signum and floor-like functions away from their kinks.
                #[test]
                fn piecewise(m in NONZERO_MAGNITUDE, negative in any::<bool>(), y in DIRECTION) {
                    let x = t(if negative { -m } else { m });
                    let d = Dual::new(x, t(y));
                    let sign = if negative { -1.0 } else { 1.0 };
                    prop_assert!(same(d.abs().re, x.abs()));
                    prop_assert!(close(d.abs().eps, sign * f64::from(t(y)), 0.0));
                    prop_assert!(same(d.signum().re, x.signum()) && d.signum().eps == 0.0);
                    for r in [d.floor(), d.ceil(), d.round(), d.trunc()] {
                        prop_assert!(r.eps == 0.0);
                    }
                }

                /// powi: the seed's `(x,y)ⁿ = (xⁿ, n xⁿ⁻¹ y)`, against repeated dual multiplication.
                #[test]
                fn powi_matches_repeated_product(x in ANY, y in DIRECTION, n in -6i32..8) {
                    let d = Dual::new(t(x), t(y));
                    let p = d.powi(n);
                    prop_assert!(same(p.re, t(x).powi(n)));
                    let xf = f64::from(t(x));
                    let analytic = if n == 0 { 0.0 } else { f64::from(n) * xf.powi(n - 1) * f64::from(t(y)) };
                    prop_assert!(close(p.eps, analytic, TOL * 16.0), "{} vs {}", p.eps, analytic);
                    if n > 0 {
                        let mut prod = Dual::constant(t(1.0));
                        for _ in 0..n { prod *= d; }
                        prop_assert!(relative_eq!(f64::from(prod.eps), f64::from(p.eps), epsilon = TOL * 16.0, max_relative = TOL * 16.0));
                    }
                }

                /// powf with a dual base and a dual exponent: both partials, and the FD check.
                #[test]
                fn powf_dual_exponent(x in POSITIVE, p in -3.0f64..3.0, dx in DIRECTION, dp in DIRECTION) {
                    let (xt, pt) = (t(x), t(p));
                    let r = Dual::new(xt, t(dx)).powf(Dual::new(pt, t(dp)));
                    prop_assert!(same(r.re, xt.powf(pt)));
                    let (xf, pf) = (f64::from(xt), f64::from(pt));
                    let ddx = pf * xf.powf(pf - 1.0);
                    let ddp = xf.powf(pf) * xf.ln();
                    prop_assert!(relative_eq!(ddx, central(|v| v.powf(pf), xf), epsilon = 1e-5, max_relative = 1e-5));
                    prop_assert!(relative_eq!(ddp, central(|q| xf.powf(q), pf), epsilon = 1e-5, max_relative = 1e-5));
                    let expected = ddx * f64::from(t(dx)) + ddp * f64::from(t(dp));
                    let scale = (ddx * f64::from(t(dx))).abs() + (ddp * f64::from(t(dp))).abs();
                    prop_assert!((f64::from(r.eps) - expected).abs() <= TOL * 16.0 * scale.max(1.0));
                }

                /// The seed's product and quotient rules, and the other binary operators.
                #[test]
                fn arithmetic(a in ANY, b in NONZERO_MAGNITUDE, da in DIRECTION, db in DIRECTION) {
                    let (x, y) = (Dual::new(t(a), t(da)), Dual::new(t(b), t(db)));
                    let (af, bf, daf, dbf) = (f64::from(t(a)), f64::from(t(b)), f64::from(t(da)), f64::from(t(db)));
                    let tol = TOL * 8.0;
                    prop_assert!(same((x + y).re, t(a) + t(b)) && close((x + y).eps, daf + dbf, tol));
                    prop_assert!(same((x - y).re, t(a) - t(b)) && close((x - y).eps, daf - dbf, tol));
                    prop_assert!(same((x * y).re, t(a) * t(b)) && close((x * y).eps, daf * bf + af * dbf, tol * 8.0));
                    prop_assert!(same((x / y).re, t(a) / t(b)));
                    prop_assert!(close((x / y).eps, (daf * bf - af * dbf) / (bf * bf), tol * 8.0));
                    prop_assert!(same((-x).re, -t(a)) && (-x).eps == -t(da));
                    prop_assert!(same((x % y).re, t(a) % t(b)));
                    prop_assert!(close((x % y).eps, daf - (af / bf).trunc() * dbf, tol * 8.0));
                    // Scalars on either side equal constants.
                    let c = Dual::constant(t(b));
                    prop_assert!(same((t(b) * x).eps, (c * x).eps) && same((x * t(b)).eps, (c * x).eps));
                    prop_assert!(same((t(b) / x).re, (c / x).re) && close((t(b) / x).eps, f64::from((c / x).eps), tol));
                    prop_assert!(same((t(b) - x).eps, (c - x).eps) && same((x / t(b)).re, (x / c).re));
                    // mul_add.
                    let z = Dual::new(t(da), t(db));
                    let m = x.mul_add(y, z);
                    prop_assert!(same(m.re, t(a).mul_add(t(b), t(da))));
                    prop_assert!(close(m.eps, daf * bf + af * dbf + dbf, tol * 8.0));
                    // Assign forms agree with the binary forms.
                    let mut w = x;
                    w += y; w -= y; w *= y; w /= y;
                    prop_assert!(relative_eq!(f64::from(w.re), af, epsilon = tol * 8.0, max_relative = tol * 8.0));
                }

                /// atan2 and hypot partials against the analytic gradients and FD.
                #[test]
                fn atan2_hypot(s in ANY, m in NONZERO_MAGNITUDE, ds in DIRECTION, dm in DIRECTION) {
                    let (a, b) = (Dual::new(t(s), t(ds)), Dual::new(t(m), t(dm)));
                    let (sf, of) = (f64::from(t(s)), f64::from(t(m)));
                    let r2 = sf * sf + of * of;
                    let at = a.atan2(b);
                    prop_assert!(same(at.re, t(s).atan2(t(m))));
                    let expected = (of * f64::from(t(ds)) - sf * f64::from(t(dm))) / r2;
                    prop_assert!(close(at.eps, expected, TOL * 8.0));
                    prop_assert!(relative_eq!(central(|v| v.atan2(of), sf), of / r2, epsilon = 1e-6));
                    let h = a.hypot(b);
                    prop_assert!(same(h.re, t(s).hypot(t(m))));
                    let expected = (sf * f64::from(t(ds)) + of * f64::from(t(dm))) / r2.sqrt();
                    prop_assert!(close(h.eps, expected, TOL * 8.0));
                    prop_assert!(relative_eq!(central(|v| v.hypot(of), sf), sf / r2.sqrt(), epsilon = 1e-6));
                }

                /// log with a dual base.
                #[test]
                fn log_dual_base(x in POSITIVE, b in ABOVE_ONE, dx in DIRECTION, db in DIRECTION) {
                    let r = Dual::new(t(x), t(dx)).log(Dual::new(t(b), t(db)));
                    prop_assert!(same(r.re, t(x).log(t(b))));
                    let (xf, bf) = (f64::from(t(x)), f64::from(t(b)));
                    let dlx = 1.0 / (xf * bf.ln());
                    let dlb = -xf.ln() / (bf * bf.ln() * bf.ln());
                    prop_assert!(relative_eq!(dlb, central(|q| xf.ln() / q.ln(), bf), epsilon = 1e-5, max_relative = 1e-5));
                    let expected = dlx * f64::from(t(dx)) + dlb * f64::from(t(db));
                    prop_assert!(close(r.eps, expected, TOL * 64.0));
                }

                /// Chain rule on random compositions: the dual result equals the product of the
                /// analytic derivatives along the chain, and central differences.
                #[test]
                fn chain_rule(x in -2.0f64..2.0, ops in proptest::collection::vec(0usize..6, 1..7)) {
                    let mut d = Dual::variable(t(x));
                    let mut v = f64::from(t(x));
                    let mut slope = 1.0f64;
                    for &op in &ops {
                        let (nd, nv, local) = match op {
                            0 => (d.sin(), v.sin(), v.cos()),
                            1 => (d.cos(), v.cos(), -v.sin()),
                            2 => (d.tanh(), v.tanh(), 1.0 / (v.cosh() * v.cosh())),
                            3 => (d.atan(), v.atan(), 1.0 / (1.0 + v * v)),
                            4 => ((d * d + t(1.0)).sqrt(), (v * v + 1.0).sqrt(), v / (v * v + 1.0).sqrt()),
                            _ => (d * t(0.5) + (-(d * d)).exp(), 0.5 * v + (-v * v).exp(), 0.5 - 2.0 * v * (-v * v).exp()),
                        };
                        d = nd; v = nv; slope *= local;
                    }
                    prop_assert!(close(d.eps, slope, TOL * 64.0), "dual {} vs chain {}", d.eps, slope);
                    let composed = |mut v: f64| {
                        for &op in &ops {
                            v = match op {
                                0 => v.sin(), 1 => v.cos(), 2 => v.tanh(), 3 => v.atan(),
                                4 => (v * v + 1.0).sqrt(), _ => 0.5 * v + (-v * v).exp(),
                            };
                        }
                        v
                    };
                    prop_assert!(relative_eq!(central(composed, f64::from(t(x))), slope, epsilon = 1e-6, max_relative = 1e-5));
                }

                /// One-pass (DualVec) and n-pass (Dual) Jacobians agree exactly, and both match
                /// the hand-written Jacobian of a trig field.
                #[test]
                fn jacobians_agree(a in ANY, b in ANY, c in POSITIVE) {
                    fn field<S: Float>([x, y, z]: [S; 3]) -> [S; 3] {
                        [x.sin() * y, (y * z).cos() + x, z.sqrt() * x.exp() / (S::one() + y * y)]
                    }
                    let x = [t(a) * t(0.25), t(b) * t(0.25), t(c)];
                    let (v1, j1) = dual::jacobian(field, x);
                    let (vn, jn) = dual::jacobian_n_pass(field, x);
                    prop_assert_eq!(v1, field(x));
                    prop_assert_eq!(vn, field(x));
                    prop_assert_eq!(j1, jn);
                    let [p, q, r] = x.map(f64::from);
                    let e = 1.0 + q * q;
                    let hand = [
                        [p.cos() * q, p.sin(), 0.0],
                        [1.0, -(q * r).sin() * r, -(q * r).sin() * q],
                        [r.sqrt() * p.exp() / e, -r.sqrt() * p.exp() * 2.0 * q / (e * e), 0.5 / r.sqrt() * p.exp() / e],
                    ];
                    for i in 0..3 {
                        for k in 0..3 {
                            prop_assert!(close(j1[i][k], hand[i][k], TOL * 64.0), "J[{}][{}] {} vs {}", i, k, j1[i][k], hand[i][k]);
                        }
                    }
                }

                /// Directional derivative equals J·y.
                #[test]
                fn directional_is_jacobian_times_direction(a in ANY, b in ANY, y0 in DIRECTION, y1 in DIRECTION) {
                    fn field<S: Float>([x, y]: [S; 2]) -> [S; 2] {
                        [x * y.cos(), (x * x + y * y + S::one()).ln()]
                    }
                    let x = [t(a), t(b)];
                    let (_, j) = dual::jacobian(field, x);
                    let (_, dv) = dual::directional_derivative(field, x, [t(y0), t(y1)]);
                    for i in 0..2 {
                        let expected = f64::from(j[i][0]) * f64::from(t(y0)) + f64::from(j[i][1]) * f64::from(t(y1));
                        prop_assert!(close(dv[i], expected, TOL * 16.0));
                    }
                }

                /// Second derivatives from nesting against the analytic f''.
                #[test]
                fn second_derivative_nested(x in -3.0f64..3.0) {
                    // f = sin(x)·eˣ, f' = (sin + cos)eˣ, f'' = 2 cos(x) eˣ.
                    let (v, d1, d2) = dual::second_derivative(|s| s.sin() * s.exp(), t(x));
                    let xf = f64::from(t(x));
                    prop_assert!(same(v, t(x).sin() * t(x).exp()));
                    prop_assert!(close(d1, (xf.sin() + xf.cos()) * xf.exp(), TOL * 16.0));
                    prop_assert!(close(d2, 2.0 * xf.cos() * xf.exp(), TOL * 16.0));
                    // f = x^2.5 on x > 0 through powf: f'' = 3.75 x^0.5.
                    let xp = t(x.abs() + 0.5);
                    let (_, _, d2p) = dual::second_derivative(|s| s.powf(Dual::constant(Dual::constant(t(2.5)))), xp);
                    prop_assert!(close(d2p, 3.75 * f64::from(xp).sqrt(), TOL * 16.0));
                }

                /// Hessian from nested DualVec against the analytic one; gradient agrees.
                #[test]
                fn hessian_matches_analytic(a in -2.0f64..2.0, b in -2.0f64..2.0) {
                    // f = x²·sin(y) + e^(xy).
                    fn f<S: Float>([x, y]: [S; 2]) -> S {
                        x * x * y.sin() + (x * y).exp()
                    }
                    let x = [t(a), t(b)];
                    let (v, g, h) = dual::hessian(f, x);
                    let (vg, gg) = dual::gradient(f, x);
                    prop_assert!(same(v, f(x)) && same(vg, f(x)));
                    let [p, q] = x.map(f64::from);
                    let e = (p * q).exp();
                    let grad = [2.0 * p * q.sin() + q * e, p * p * q.cos() + p * e];
                    let hess = [
                        [2.0 * q.sin() + q * q * e, 2.0 * p * q.cos() + e + p * q * e],
                        [2.0 * p * q.cos() + e + p * q * e, -p * p * q.sin() + p * p * e],
                    ];
                    for i in 0..2 {
                        prop_assert!(close(g[i], grad[i], TOL * 32.0) && close(gg[i], grad[i], TOL * 32.0));
                        for k in 0..2 {
                            prop_assert!(close(h[i][k], hess[i][k], TOL * 64.0));
                        }
                    }
                    prop_assert!(h[0][1] == h[1][0] || close(h[0][1], f64::from(h[1][0]), TOL * 4.0));
                }

                /// DualVec: each direction is an independent Dual evaluation.
                #[test]
                fn dual_vec_directions_are_duals(x in ANY, e0 in DIRECTION, e1 in DIRECTION) {
                    let v = DualVec::new(t(x), [t(e0), t(e1)]);
                    let r = (v.sin() * v + v.atan()).exp();
                    for (k, e) in [e0, e1].into_iter().enumerate() {
                        let d = Dual::new(t(x), t(e));
                        let s = (d.sin() * d + d.atan()).exp();
                        prop_assert!(same(r.re, s.re));
                        prop_assert!(close(r.eps[k], f64::from(s.eps), TOL));
                    }
                }

                /// Sum and Product equal folds of + and ×.
                #[test]
                fn sum_product(xs in proptest::collection::vec(ANY, 0..6)) {
                    let ds: Vec<Dual<T>> = xs.iter().map(|&x| Dual::variable(t(x))).collect();
                    let s: Dual<T> = ds.iter().sum();
                    prop_assert!(same(s.re, xs.iter().map(|&x| t(x)).sum::<T>()));
                    prop_assert!(close(s.eps, xs.len() as f64, 0.0));
                    let p: Dual<T> = ds.iter().copied().product();
                    let mut expected = 0.0f64;
                    for i in 0..xs.len() {
                        expected += xs.iter().enumerate().filter(|&(k, _)| k != i).map(|(_, &x)| f64::from(t(x))).product::<f64>();
                    }
                    let scale: f64 = xs.iter().map(|&x| f64::from(t(x)).abs().max(1.0)).product();
                    prop_assert!((f64::from(p.eps) - expected).abs() <= TOL * 64.0 * scale);
                }
            }
        }
    };
}

dual_properties!(f64_tests, f64, 1e-13);
dual_properties!(f32_tests, f32, 2e-6);
