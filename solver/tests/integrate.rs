//! The integration schemes on the harmonic oscillator q̈ = −ω²q, against the closed-form
//! one-step maps and energy factors (f64 and f32). E = v² + ω²q².
macro_rules! integrate_tests {
    ($name:ident, $t:ty, $tol:expr) => {
        mod $name {
            use approx::relative_eq;
            use proptest::prelude::*;
            use solver::integrate::{
                ImplicitSettings, SecondOrderSystem, State, explicit_euler, explicit_midpoint,
                implicit_euler, implicit_midpoint, semi_implicit_euler,
            };

            type T = $t;
            const TOL: T = $tol;
            const HW: core::ops::Range<f64> = 0.01..0.5;
            const OMEGA: core::ops::Range<f64> = 0.5..5.0;
            const COORD: core::ops::Range<f64> = -2.0..2.0;

            struct Oscillator(T);

            impl SecondOrderSystem<T, 1, 1> for Oscillator {
                fn position_rate(&self, _q: &[T; 1], v: &[T; 1]) -> [T; 1] {
                    *v
                }
                fn acceleration(&self, q: &[T; 1], _v: &[T; 1]) -> [T; 1] {
                    [-self.0 * self.0 * q[0]]
                }
            }

            fn energy(s: &State<T, 1, 1>, w: T) -> T {
                s.v[0] * s.v[0] + w * w * s.q[0] * s.q[0]
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                #[test]
                fn energy_factors(q in COORD, v in COORD, w in OMEGA, hw in HW) {
                    let (q, v, w, hw) = (q as T, v as T, w as T, hw as T);
                    prop_assume!(q.abs() + v.abs() > 0.1);
                    let h = hw / w;
                    let sys = Oscillator(w);
                    let s = State { q: [q], v: [v] };
                    let e = energy(&s, w);
                    let settings = ImplicitSettings { tolerance: T::EPSILON, max_iterations: 500 };
                    // Explicit Euler gains (1 + h²ω²), implicit Euler loses 1/(1 + h²ω²).
                    prop_assert!(relative_eq!(energy(&explicit_euler(&sys, &s, h), w), e * (1.0 + hw * hw), max_relative = TOL));
                    let ie = implicit_euler(&sys, &s, h, &settings).unwrap();
                    prop_assert!(relative_eq!(energy(&ie, w), e / (1.0 + hw * hw), max_relative = TOL));
                    // The true implicit midpoint rule keeps E exactly; the seed's (explicit)
                    // midpoint scheme gains 1 + (hω)⁴/4.
                    let im = implicit_midpoint(&sys, &s, h, &settings).unwrap();
                    prop_assert!(relative_eq!(energy(&im, w), e, max_relative = TOL));
                    let em = explicit_midpoint(&sys, &s, h);
                    prop_assert!(relative_eq!(energy(&em, w), e * (1.0 + hw.powi(4) / 4.0), max_relative = TOL));
                }

                /// Semi-implicit Euler is the matrix [[1 − h²ω², h], [−hω², 1]] on (q, v).
                #[test]
                fn semi_implicit_euler_map(q in COORD, v in COORD, w in OMEGA, hw in HW) {
                    let (q, v, w, hw) = (q as T, v as T, w as T, hw as T);
                    let h = hw / w;
                    let s = semi_implicit_euler(&Oscillator(w), &State { q: [q], v: [v] }, h);
                    let scale = q.abs() + v.abs() + 1e-3;
                    prop_assert!(relative_eq!(s.q[0], (1.0 - hw * hw) * q + h * v, epsilon = TOL * scale));
                    prop_assert!(relative_eq!(s.v[0], -h * w * w * q + v, epsilon = TOL * scale * w));
                }
            }

            #[test]
            fn implicit_schemes_report_non_convergence() {
                // hω = 5: the fixed-point iteration diverges and must say so.
                let sys = Oscillator(5.0);
                let s = State { q: [1.0 as T], v: [0.0] };
                let settings = ImplicitSettings { tolerance: 1e-6, max_iterations: 50 };
                assert!(implicit_euler(&sys, &s, 1.0, &settings).is_err());
                assert!(implicit_midpoint(&sys, &s, 1.0, &settings).is_err());
            }
        }
    };
}

integrate_tests!(f64_tests, f64, 1e-10);
integrate_tests!(f32_tests, f32, 1e-4);
