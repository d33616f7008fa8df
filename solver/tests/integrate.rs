//! The integration schemes on the harmonic oscillator q̈ = −ω²q, against the closed-form
//! one-step maps and energy factors (f64 and f32). E = v² + ω²q².
macro_rules! integrate_tests {
    ($name:ident, $t:ty, $tol:expr) => {
        mod $name {
            use approx::relative_eq;
            use proptest::prelude::*;
            use solver::dual::{self, Dual};
            use solver::integrate::{
                ImplicitSettings, SecondOrderSystem, State, explicit_euler, explicit_midpoint,
                implicit_euler, implicit_midpoint, quaternion_rate_matrix,
                rigid_body_position_rate, semi_implicit_euler,
            };
            use xform::{Matrix, Quaternion, Vector};

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
                    // An absolute tolerance of one ε is below the rounding of values near 1.5: 64ε.
                    let settings = ImplicitSettings { tolerance: T::EPSILON * 64.0, max_iterations: 500 };
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

            proptest! {
            #![proptest_config(ProptestConfig::with_cases(64))]

            /// `q̇ = ½𝓑(q)w` agrees with the quaternion product `½(0, w)q` and with the
            /// dual-number derivative of `exp(t·w/2)·q` at `t = 0`.
            #[test]
            fn quaternion_rate(
                a in proptest::array::uniform4(COORD), w in proptest::array::uniform3(COORD),
            ) {
                let a = a.map(|x| x as T);
                let w = w.map(|x| x as T);
                let norm = a.iter().map(|x| x * x).sum::<T>().sqrt();
                prop_assume!(norm > 0.1);
                let q = Quaternion::from_array(a.map(|x| x / norm));
                let rate = quaternion_rate_matrix(&q) * Vector(w) * 0.5;
                let product = (Quaternion::from_vector(Vector(w)) * q).to_array().map(|x| 0.5 * x);
                let dq: [T; 4] = core::array::from_fn(|k| {
                    dual::derivative(|t: Dual<T>| {
                        let wt = Vector(w.map(|x| Dual::constant(x) * t));
                        let qd = Quaternion::from_array(q.to_array().map(Dual::constant));
                        (Quaternion::from_rotation_vector(&wt) * qd).to_array()[k]
                    }, 0.0).1
                });
                let scale = 1.0 + w.iter().fold(0.0 as T, |m, x| m.max(x.abs()));
                for k in 0..4 {
                    prop_assert!(relative_eq!(rate[k], product[k], epsilon = TOL * scale));
                    prop_assert!(relative_eq!(rate[k], dq[k], epsilon = TOL * scale));
                }
            }

            /// The rigid-body `S(q)v` passes ṗ through and uses 𝓑 for the quaternion; one
            /// explicit Euler step of a free spinning body matches the exact rotation to
            /// O(h²).
            #[test]
            fn rigid_body_rate(
                p in proptest::array::uniform3(COORD), pd in proptest::array::uniform3(COORD),
                w in proptest::array::uniform3(COORD),
            ) {
                let (p, pd, w) = (p.map(|x| x as T), pd.map(|x| x as T), w.map(|x| x as T));
                let q0 = Quaternion::from_rotation_vector(&Vector([0.3 as T, -0.2, 0.5]));
                let r = q0.to_array();
                let q = [p[0], p[1], p[2], r[0], r[1], r[2], r[3]];
                let v = [pd[0], pd[1], pd[2], w[0], w[1], w[2]];
                let rate = rigid_body_position_rate(&q, &v);
                let product = (Quaternion::from_vector(Vector(w)) * q0).to_array();
                for k in 0..3 {
                    prop_assert_eq!(rate[k], pd[k]);
                }
                for k in 0..4 {
                    prop_assert!(relative_eq!(rate[3 + k], 0.5 * product[k], epsilon = TOL * 8.0));
                }
                struct Free;
                impl SecondOrderSystem<T, 7, 6> for Free {
                    fn position_rate(&self, q: &[T; 7], v: &[T; 6]) -> [T; 7] {
                        rigid_body_position_rate(q, v)
                    }
                    fn acceleration(&self, _q: &[T; 7], _v: &[T; 6]) -> [T; 6] {
                        [0.0; 6]
                    }
                }
                let h = 1e-2 as T;
                let next = explicit_euler(&Free, &State { q, v }, h);
                let exact = (Quaternion::from_rotation_vector(&(Vector(w) * h)) * q0).to_array();
                for k in 0..4 {
                    prop_assert!((next.q[3 + k] - exact[k]).abs() <= h * h * 4.0);
                }
            }
            }

            /// The matrix as printed in the seed gives the wrong rate, read with the scalar
            /// first or last (documented at `quaternion_rate_matrix`).
            #[test]
            fn seed_quaternion_rate_matrix_is_wrong() {
                let n = (30.0 as T).sqrt();
                let q = Quaternion::new(1.0 / n, 2.0 / n, 3.0 / n, 4.0 / n);
                let w = Vector([0.3 as T, -0.7, 1.1]);
                let product = (Quaternion::from_vector(w) * q).to_array().map(|x| 0.5 * x);
                let seed = |[q0, q1, q2, q3]: [T; 4]| Matrix([
                    [-q0, -q1, -q2], [q3, q2, -q1], [-q2, q3, q1], [q2, -q0, q3],
                ]);
                let gap = |m: Vector<T, 4>| (0..4).fold(0.0 as T, |g, k| g.max((m[k] - product[k]).abs()));
                let ours = quaternion_rate_matrix(&q) * w * 0.5;
                assert!(gap(ours) < TOL);
                // Scalar first, rows (w, x, y, z).
                let first = seed(q.to_array()) * w * 0.5;
                assert!(gap(first) > 0.1, "{first:?}");
                // Scalar last (q₃ = w), rows still (w, x, y, z).
                let last = seed([q.x, q.y, q.z, q.w]) * w * 0.5;
                assert!(gap(last) > 0.1, "{last:?}");
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
