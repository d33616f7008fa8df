//! One test per row of the singular-point convention table (crate docs), for f64 and f32.
//! Each checks the three rules: value bit for bit, no NaN where a finite limit exists, and
//! constant directions (eps = 0) stay exactly 0.

macro_rules! singular_tests {
    ($modname:ident, $T:ty) => {
        mod $modname {
            use dual::{Dual, DualVec, Float};
            type T = $T;
            const INF: T = <$T>::INFINITY;

            fn same(a: T, b: T) -> bool {
                (a.is_nan() && b.is_nan())
                    || (a == b && a.is_sign_negative() == b.is_sign_negative())
            }
            /// Directions: unit, minus unit, constant.
            fn probe(x: T) -> DualVec<T, 3> {
                DualVec::new(x, [1.0, -1.0, 0.0])
            }

            #[test]
            fn powi_zero_exponent_everywhere() {
                for x in [0.0, -0.0, 2.0, -3.0, INF] {
                    let r = probe(x).powi(0);
                    assert!(same(r.re, x.powi(0)));
                    assert_eq!(r.eps, [0.0; 3]);
                }
            }

            #[test]
            fn powi_at_zero() {
                assert_eq!(probe(0.0).powi(1).eps, [1.0, -1.0, 0.0]);
                for n in [2, 3, 7] {
                    let r = probe(0.0).powi(n);
                    assert!(same(r.re, (0.0 as T).powi(n)));
                    assert_eq!(r.eps, [0.0; 3]);
                }
                // x⁻¹ at +0: slope −∞; constant direction stays 0.
                let r = probe(0.0).powi(-1);
                assert_eq!((r.re, r.eps), (INF, [-INF, INF, 0.0]));
                // x⁻² at −0: slope −2/x³ = +∞.
                let r = probe(-0.0).powi(-2);
                assert_eq!((r.re, r.eps), (INF, [INF, -INF, 0.0]));
            }

            #[test]
            fn powi_negative_base() {
                let r = probe(-2.0).powi(3);
                assert_eq!((r.re, r.eps), (-8.0, [12.0, -12.0, 0.0]));
            }

            #[test]
            fn powf_constant_exponent_at_zero() {
                let c = |p: T| DualVec::constant(p);
                assert_eq!(probe(0.0).powf(c(0.0)).eps, [0.0; 3]);
                assert_eq!(probe(0.0).powf(c(0.0)).re, 1.0);
                assert_eq!(probe(0.0).powf(c(0.5)).eps, [INF, -INF, 0.0]);
                assert_eq!(probe(0.0).powf(c(1.0)).eps, [1.0, -1.0, 0.0]);
                assert_eq!(probe(0.0).powf(c(2.5)).eps, [0.0; 3]);
                assert!(same(probe(0.0).powf(c(2.5)).re, (0.0 as T).powf(2.5)));
            }

            #[test]
            fn powf_negative_base() {
                let r = probe(-2.0).powf(DualVec::constant(3.0));
                assert_eq!((r.re, r.eps), ((-2.0 as T).powf(3.0), [12.0, -12.0, 0.0]));
                let r = probe(-2.0).powf(DualVec::constant(0.5));
                assert!(r.re.is_nan() && r.eps[0].is_nan() && r.eps[2] == 0.0);
                // A dual exponent at a negative base: the exponent direction is NaN (no real
                // derivative in p), the base-only and constant directions are finite.
                let e = DualVec::new(3.0, [0.0, 1.0, 0.0]);
                let r = DualVec::new(-2.0, [1.0, 0.0, 0.0]).powf(e);
                assert_eq!(r.re, -8.0);
                assert_eq!(r.eps[0], 12.0);
                assert!(r.eps[1].is_nan());
                assert_eq!(r.eps[2], 0.0);
            }

            #[test]
            fn powf_dual_exponent_at_zero() {
                // xᵖ ln x → 0 as x → 0⁺ for p > 0: the exponent direction is 0, not NaN.
                let e = DualVec::new(2.0, [0.0, 1.0, 0.0]);
                let r = DualVec::new(0.0, [1.0, 0.0, 0.0]).powf(e);
                assert_eq!((r.re, r.eps), (0.0, [0.0, 0.0, 0.0]));
                // Positive base: p xᵖ⁻¹ and xᵖ ln x.
                let r = DualVec::new(2.0, [1.0, 0.0, 0.0]).powf(e);
                assert_eq!(r.eps[0], 4.0);
                assert!((r.eps[1] - 4.0 * (2.0 as T).ln()).abs() <= 4.0 * T::EPSILON);
            }

            #[test]
            fn sqrt_cbrt_at_zero() {
                for x in [0.0, -0.0] {
                    let r = probe(x).sqrt();
                    assert!(same(r.re, x.sqrt()));
                    assert_eq!(r.eps, [INF, -INF, 0.0]);
                    let r = probe(x).cbrt();
                    assert!(same(r.re, x.cbrt()));
                    assert_eq!(r.eps, [INF, -INF, 0.0]);
                }
                // The motivating case: sqrt(0) of a constant inside a Jacobian.
                let (_, j) = dual::jacobian(
                    |[x, y]: [DualVec<T, 2>; 2]| [x * (y * y).sqrt()],
                    [3.0, 0.0],
                );
                assert_eq!(j[0][0], 0.0);
                assert!(!j[0][1].is_nan());
            }

            #[test]
            fn logarithms_at_zero() {
                for x in [0.0, -0.0] {
                    for (r, v) in [
                        (probe(x).ln(), x.ln()),
                        (probe(x).log2(), x.log2()),
                        (probe(x).log10(), x.log10()),
                    ] {
                        assert!(same(r.re, v));
                        assert_eq!(r.eps, [INF, -INF, 0.0]);
                    }
                }
                let r = probe(-1.0).ln_1p();
                assert!(same(r.re, (-1.0 as T).ln_1p()));
                assert_eq!(r.eps, [INF, -INF, 0.0]);
            }

            #[test]
            fn atan2_at_origin_and_axes() {
                for (s, o) in [(0.0, 0.0), (-0.0, 0.0), (0.0, -0.0), (-0.0, -0.0)] {
                    let r =
                        DualVec::new(s, [1.0, 0.0, 0.0]).atan2(DualVec::new(o, [0.0, 1.0, 0.0]));
                    assert!(same(r.re, (s as T).atan2(o)));
                    assert_eq!(r.eps, [0.0; 3]);
                }
                // Positive y axis: d/ds = o/r² = 0, d/do = −s/r² = −1/2.
                let r =
                    DualVec::new(2.0, [1.0, 0.0, 0.0]).atan2(DualVec::new(0.0, [0.0, 1.0, 0.0]));
                assert_eq!(r.eps, [0.0, -0.5, 0.0]);
                // Negative x axis: value ±π by the sign of zero, d/ds = o/r² = −1/2.
                let r =
                    DualVec::new(-0.0, [1.0, 0.0, 0.0]).atan2(DualVec::new(-2.0, [0.0, 1.0, 0.0]));
                assert!(same(r.re, (-0.0 as T).atan2(-2.0)));
                assert_eq!(r.eps, [-0.5, 0.0, 0.0]);
            }

            #[test]
            fn hypot_at_origin_and_axes() {
                let a = DualVec::new(0.0, [3.0, 1.0, 0.0]);
                let b = DualVec::new(-0.0, [4.0, 0.0, 0.0]);
                let r = a.hypot(b);
                assert!(same(r.re, (0.0 as T).hypot(-0.0)));
                assert_eq!(r.eps, [5.0, 1.0, 0.0]);
                let r =
                    DualVec::new(-2.0, [1.0, 0.0, 0.0]).hypot(DualVec::new(0.0, [0.0, 1.0, 0.0]));
                assert_eq!((r.re, r.eps), (2.0, [-1.0, 0.0, 0.0]));
            }

            #[test]
            fn abs_and_signum_at_signed_zero() {
                for x in [0.0, -0.0] {
                    let r = probe(x).abs();
                    assert!(same(r.re, x.abs()));
                    assert_eq!(r.eps, [1.0, 1.0, 0.0]);
                    let s = probe(x).signum();
                    assert!(same(s.re, x.signum()));
                    assert_eq!(s.eps, [0.0; 3]);
                }
                assert_eq!(probe(-2.0).abs().eps, [-1.0, 1.0, 0.0]);
            }

            #[test]
            fn max_min_at_tie() {
                let a = DualVec::new(1.0, [1.0, -1.0, 0.0]);
                let b = DualVec::new(1.0, [0.5, 2.0, 0.0]);
                assert_eq!(a.max(b).eps, [1.0, 2.0, 0.0]);
                assert_eq!(a.min(b).eps, [0.5, -1.0, 0.0]);
                // Consistent with abs = max(x, −x) at 0.
                let z = probe(0.0);
                assert_eq!(z.max(-z).eps, z.abs().eps);
            }

            #[test]
            fn inverse_trig_at_unit() {
                for x in [1.0, -1.0] {
                    let r = probe(x).asin();
                    assert!(same(r.re, x.asin()));
                    assert_eq!(r.eps, [INF, -INF, 0.0]);
                    let r = probe(x).acos();
                    assert!(same(r.re, x.acos()));
                    assert_eq!(r.eps, [-INF, INF, 0.0]);
                    let r = probe(x).atanh();
                    assert!(same(r.re, x.atanh()));
                    assert_eq!(r.eps, [INF, -INF, 0.0]);
                }
                let r = probe(1.0).acosh();
                assert!(same(r.re, (1.0 as T).acosh()));
                assert_eq!(r.eps, [INF, -INF, 0.0]);
            }

            #[test]
            fn tanh_and_exp_overflow() {
                for x in [40.0, -40.0, 200.0, 1000.0, -1000.0] {
                    let r = probe(x).tanh();
                    assert!(same(r.re, x.tanh()));
                    assert!(r.eps.iter().all(|e| e.is_finite() && *e >= -T::EPSILON));
                    assert_eq!(r.eps[2], 0.0);
                }
                // tanh slope beyond the |x| ≤ 1 branch: accurate sech², not 0 from cancellation.
                let r = probe(12.0).tanh();
                let sech2 = 1.0 / (12.0 as T).cosh().powi(2);
                assert!((r.eps[0] - sech2).abs() <= sech2 * 8.0 * T::EPSILON);
                let r = probe(1000.0).exp();
                assert_eq!((r.re, r.eps), (INF, [INF, -INF, 0.0]));
                // An overflowed constant times a variable: the variable's slope, no NaN.
                let c = DualVec::<T, 2>::constant(1000.0).exp();
                let v = DualVec::<T, 2>::variable_at(0.0, 0);
                assert_eq!((c * v).eps, [INF, 0.0]);
                let big = DualVec::<T, 2>::variable_at(1e30, 0);
                assert_eq!(big.atan().eps[1], 0.0);
                assert!(big.atan().eps[0] >= 0.0 && big.atan().eps[0].is_finite());
            }

            #[test]
            fn recip_and_division_by_zero() {
                for x in [0.0, -0.0] {
                    let r = probe(x).recip();
                    assert!(same(r.re, x.recip()));
                    assert_eq!(r.eps, [-INF, INF, 0.0]);
                }
                let r = DualVec::<T, 2>::new(1.0, [1.0, 0.0]) / DualVec::new(0.0, [0.0, 0.0]);
                assert_eq!(r.re, INF);
                assert_eq!(r.eps[1], 0.0);
                assert!(!r.eps[1].is_nan());
            }

            #[test]
            fn piecewise_constant() {
                for x in [0.5, -0.5, 2.0, -0.0] {
                    for (r, v) in [
                        (probe(x).floor(), x.floor()),
                        (probe(x).ceil(), x.ceil()),
                        (probe(x).round(), x.round()),
                        (probe(x).trunc(), x.trunc()),
                    ] {
                        assert!(same(r.re, v));
                        assert_eq!(r.eps, [0.0; 3]);
                    }
                }
            }

            #[test]
            fn nested_second_derivative_at_singular_points() {
                // |x|·x at 0 has f' = 0 and f'' = ±2 (kink of the slope); sqrt(x²+1) smooth.
                let (v, d1, d2) = dual::second_derivative(
                    |x| (x * x + Dual::constant(Dual::constant(1.0))).sqrt(),
                    0.0 as T,
                );
                assert_eq!((v, d1, d2), (1.0, 0.0, 1.0));
                // powi(0) stays exact under nesting.
                let (_, d1, d2) = dual::second_derivative(|x| x.powi(0), 0.0 as T);
                assert_eq!((d1, d2), (0.0, 0.0));
            }
        }
    };
}

singular_tests!(f64_singular, f64);
singular_tests!(f32_singular, f32);
