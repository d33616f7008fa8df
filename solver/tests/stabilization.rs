//! Baumgarte recurrence, ERP conversion, predicted error and the spring-damper equivalence,
//! reproduced by stepping a constrained particle through the PGS solver (f64 and f32).
macro_rules! stabilization_tests {
    ($name:ident, $t:ty, $tol:expr) => {
        mod $name {
            use approx::relative_eq;
            use proptest::prelude::*;
            use solver::stabilization::{
                baumgarte_bias, beta_to_erp, erp_to_beta, predicted_error, spring_damper,
            };
            use solver::{Bounds, PgsSettings, RowFlag, solve_dense};

            type T = $t;
            const TOL: T = $tol;
            const BETA: core::ops::Range<f64> = 0.05..0.95;
            const MASS: core::ops::Range<f64> = 0.1..100.0;
            const STEPS_PER_SECOND: core::ops::RangeInclusive<u32> = 10..=240;

            /// One step of a particle with constraint C(x) = x − anchor (J = 1, Γ = 1/m):
            /// the solver picks λ with Γλ = η, η = B − J v, then semi-implicit Euler.
            fn step(x: T, v: T, anchor: T, m: T, h: T, bias: T, cfm: T) -> (T, T) {
                let eta = bias - v;
                let mut lambda = [0.0 as T];
                let mut flags = [RowFlag::Active];
                let s = PgsSettings { max_iterations: 1, cfm, ..PgsSettings::default() };
                solve_dense(&[1.0 / m], &[eta], &[Bounds::bilateral()], &s, &mut lambda, &mut flags)
                    .unwrap();
                let _ = anchor;
                let v = v + lambda[0] / m;
                (x + h * v, v)
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                /// With B = −βC/h the drift follows C(k) = C(0)(1 − β)^k exactly (the article's
                /// recurrence, corrected exponent), while the article's literal B = −βC gives
                /// (1 − hβ)^k.
                #[test]
                fn baumgarte_recurrence(
                    c0 in -1.0f64..1.0, v0 in -2.0f64..2.0, beta in BETA, m in MASS,
                    n in STEPS_PER_SECOND,
                ) {
                    let (c0, v0, beta, m) = (c0 as T, v0 as T, beta as T, m as T);
                    let h = 1.0 / n as T;
                    let (mut x, mut v) = (c0, v0);
                    let (mut x_article, mut v_article) = (c0, v0);
                    for k in 1..=40 {
                        (x, v) = step(x, v, 0.0, m, h, baumgarte_bias(beta, x, h), 0.0);
                        (x_article, v_article) = step(x_article, v_article, 0.0, m, h, -beta * x_article, 0.0);
                        let expected = c0 * (1.0 - beta).powi(k);
                        prop_assert!(relative_eq!(x, expected, epsilon = TOL * c0.abs().max(1e-3), max_relative = TOL));
                        let literal = c0 * (1.0 - h * beta).powi(k);
                        prop_assert!(relative_eq!(x_article, literal, epsilon = TOL * c0.abs().max(1e-3), max_relative = TOL));
                    }
                }

                /// β = erp_to_beta(ERP, h) removes exactly the fraction ERP of the error in
                /// the n = 1/h steps of one second; beta_to_erp inverts it.
                #[test]
                fn erp_conversion_over_one_second(
                    c0 in 0.01f64..1.0, erp in 0.05f64..0.95, m in MASS, n in STEPS_PER_SECOND,
                ) {
                    let (c0, erp, m) = (c0 as T, erp as T, m as T);
                    let h = 1.0 / n as T;
                    let beta = erp_to_beta(erp, h).unwrap();
                    let (mut x, mut v) = (c0, 0.0 as T);
                    for _ in 0..n {
                        (x, v) = step(x, v, 0.0, m, h, baumgarte_bias(beta, x, h), 0.0);
                    }
                    prop_assert!(relative_eq!(x, (1.0 - erp) * c0, max_relative = TOL * n as T));
                    prop_assert!(relative_eq!(beta_to_erp(beta, h).unwrap(), erp, max_relative = TOL * n as T));
                }

                /// β and CFM from spring_damper(k, d, h) make the constrained step equal to
                /// implicit Euler on m ẍ = −k x − d ẋ:
                /// v' = (v − h k x/m)/(1 + h d/m + h² k/m), x' = x + h v'.
                #[test]
                fn spring_damper_is_implicit_euler(
                    x0 in -1.0f64..1.0, v0 in -1.0f64..1.0, m in MASS, k in 0.1f64..1000.0,
                    d in 0.0f64..50.0, n in STEPS_PER_SECOND,
                ) {
                    let (x0, v0, m, k, d) = (x0 as T, v0 as T, m as T, k as T, d as T);
                    let h = 1.0 / n as T;
                    let (beta, cfm) = spring_damper(k, d, h).unwrap();
                    let (x, v) = step(x0, v0, 0.0, m, h, baumgarte_bias(beta, x0, h), cfm);
                    let v_ie = (v0 - h * k * x0 / m) / (1.0 + h * d / m + h * h * k / m);
                    prop_assert!(relative_eq!(v, v_ie, epsilon = TOL * (v0.abs() + x0.abs() * k * h / m + 1e-3), max_relative = TOL));
                    prop_assert!(relative_eq!(x, x0 + h * v_ie, epsilon = TOL * (x0.abs() + h * v0.abs() + 1e-3), max_relative = TOL));
                }

                /// For uniform motion the predicted error is the exact error one step ahead.
                #[test]
                fn predicted_error_of_uniform_motion(
                    x0 in -1.0f64..1.0, v in -3.0f64..3.0, n in STEPS_PER_SECOND,
                ) {
                    let (x0, v) = (x0 as T, v as T);
                    let h = 1.0 / n as T;
                    let (x1, _) = step(x0, v, 0.0, 1.0, h, v, 0.0);
                    prop_assert!(relative_eq!(predicted_error(x0, v, h), x1, epsilon = TOL));
                }
            }

            #[test]
            fn invalid_parameters_are_errors() {
                assert!(erp_to_beta(1.5 as T, 0.01).is_err());
                assert!(erp_to_beta(0.5 as T, 0.0).is_err());
                assert!(erp_to_beta(T::NAN, 0.01).is_err());
                assert!(beta_to_erp(-0.1 as T, 0.01).is_err());
                assert!(spring_damper(0.0 as T, 0.0, 0.01).is_err());
                assert!(spring_damper(-1.0 as T, 1.0, 0.01).is_err());
            }
        }
    };
}

stabilization_tests!(f64_tests, f64, 1e-10);
stabilization_tests!(f32_tests, f32, 2e-4);
