//! Every formula against an independent computation, for f64 and f32.
mod common;

use approx::relative_eq;
use proptest::prelude::*;

/// Angular velocity components, rad/s.
const OMEGA: core::ops::RangeInclusive<f64> = -3.0..=3.0;
/// Angular acceleration components, rad/s².
const ALPHA: core::ops::RangeInclusive<f64> = -4.0..=4.0;
/// Time steps, s.
const DT: core::ops::RangeInclusive<f64> = 0.001..=0.2;
/// Rotation-vector components for the exponential maps (|v| up to about 2.6 rad).
const ROTVEC: core::ops::RangeInclusive<f64> = -1.5..=1.5;
/// Rotation angles for the trig-free bounds, rad.
const ANGLE: core::ops::RangeInclusive<f64> = 1e-3..=core::f64::consts::PI;

fn norm3(v: [f64; 3]) -> f64 {
    (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).sqrt()
}

macro_rules! formula_tests {
    ($name:ident, $t:ty, $eps:expr) => {
        mod $name {
            use super::*;
            use rotint::*;
            use xform::{Quaternion, Vector};

            type T = $t;
            /// Relative tolerance for results computed in T.
            const TOL: f64 = $eps;

            fn v(a: [f64; 3]) -> Vector<T, 3> {
                Vector(a.map(|c| c as T))
            }
            fn f(a: Vector<T, 3>) -> [f64; 3] {
                a.0.map(|c| c as f64)
            }
            fn q64(q: Quaternion<T>) -> [f64; 4] {
                [q.w as f64, q.x as f64, q.y as f64, q.z as f64]
            }
            /// `w`, `a`, `dt` exactly as T sees them.
            fn inputs(w: [f64; 3], a: [f64; 3], dt: f64) -> ([f64; 3], [f64; 3], f64) {
                (f(v(w)), f(v(a)), dt as T as f64)
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                #[test]
                fn omega1_is_the_integral_of_omega(w in [OMEGA, OMEGA, OMEGA], a in [ALPHA, ALPHA, ALPHA], dt in DT) {
                    let (w, a, dt) = inputs(w, a, dt);
                    let expected = common::integrate(dt, |t| [w[0] + a[0] * t, w[1] + a[1] * t, w[2] + a[2] * t]);
                    let got = f(magnus::omega1(v(w), v(a), dt as T));
                    let scale = norm3(expected).max(1e-3);
                    for k in 0..3 {
                        prop_assert!(relative_eq!(got[k], expected[k], epsilon = TOL * scale));
                    }
                }

                #[test]
                fn omega2_and_omega3_match_the_commutator_integrals(w in [OMEGA, OMEGA, OMEGA], a in [ALPHA, ALPHA, ALPHA], dt in DT) {
                    let (w, a, dt) = inputs(w, a, dt);
                    let (o2, o3) = common::magnus_by_quadrature(w, a, dt);
                    let g2 = f(magnus::omega2(v(w), v(a), dt as T, Frame::World));
                    let g3 = f(magnus::omega3(v(w), v(a), dt as T));
                    // Rounding scale of the quadrature: |A|ᵏ times the simplex volume Δtᵏ.
                    let amax = norm3(w) + norm3(a) * dt;
                    let s2 = (amax * dt).powi(2) + 1e-300;
                    let s3 = (amax * dt).powi(3) + 1e-300;
                    for k in 0..3 {
                        prop_assert!(relative_eq!(g2[k], o2[k], epsilon = TOL * s2));
                        prop_assert!(relative_eq!(g3[k], o3[k], epsilon = TOL * s3));
                    }
                    // The seed's second form of Ω2: (1/12) ω'×ω Δt².
                    let w1 = [w[0] + a[0] * dt, w[1] + a[1] * dt, w[2] + a[2] * dt];
                    let alt = common::cross(w1, w).map(|c| c * dt * dt / 12.0);
                    for k in 0..3 {
                        prop_assert!(relative_eq!(g2[k], alt[k], epsilon = 4.0 * TOL * s2));
                    }
                }

                #[test]
                fn one_step_matches_the_reference_to_local_order(w in [OMEGA, OMEGA, OMEGA], a in [ALPHA, ALPHA, ALPHA], world in any::<bool>()) {
                    // Local error of Ω1+Ω2 is O(Δt⁵): halving Δt must shrink it about 32x;
                    // assert at least 16x on a scale where rounding does not matter (f64 only
                    // meaningfully; f32 checks a loose absolute bound).
                    let frame = if world { Frame::World } else { Frame::Body };
                    let st = Stepper::<T>::new().with_exp_map(ExpMap::Exact).with_frame(frame);
                    let err = |dt: f64| {
                        let (q, _) = st.step(Quaternion::identity(), v(w), v(a), dt as T).unwrap();
                        let (wi, ai, dt) = inputs(w, a, dt);
                        common::angle_between(q64(q), common::reference([1.0, 0.0, 0.0, 0.0], wi, ai, dt, 64, world))
                    };
                    let (e1, e2) = (err(0.2), err(0.1));
                    let scale = norm3(w) * norm3(a) * (norm3(a) + norm3(w).powi(2)) * 0.2f64.powi(5);
                    if TOL < 1e-9 {
                        prop_assert!(e2 <= e1 / 16.0 + 1e-13, "e(0.2) = {e1:e}, e(0.1) = {e2:e}");
                    }
                    prop_assert!(e1 <= scale / 50.0 + 1e3 * TOL, "e = {e1:e}, scale {scale:e}");
                }

                #[test]
                fn quat_exp_matches_the_power_series(r in [ROTVEC, ROTVEC, ROTVEC]) {
                    let r = f(v(r));
                    let x = [0.0, r[0] / 2.0, r[1] / 2.0, r[2] / 2.0];
                    let (mut term, mut sum) = ([1.0, 0.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]);
                    for n in 1..40 {
                        term = common::qmul(term, x).map(|c| c / n as f64);
                        for k in 0..4 { sum[k] += term[k]; }
                    }
                    let got = q64(quat_exp(v(r)));
                    for k in 0..4 {
                        prop_assert!(relative_eq!(got[k], sum[k], epsilon = 4.0 * TOL));
                    }
                }

                #[test]
                fn matrix_exp_matches_the_power_series_and_the_quaternion(r in [ROTVEC, ROTVEC, ROTVEC]) {
                    let r64 = f(v(r));
                    let k = [[0.0, -r64[2], r64[1]], [r64[2], 0.0, -r64[0]], [-r64[1], r64[0], 0.0]];
                    let mut term = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]];
                    let mut sum = term;
                    for n in 1..40 {
                        let mut next = [[0.0; 3]; 3];
                        for i in 0..3 { for j in 0..3 { for l in 0..3 { next[i][j] += term[i][l] * k[l][j] / n as f64; } } }
                        term = next;
                        for i in 0..3 { for j in 0..3 { sum[i][j] += term[i][j]; } }
                    }
                    let m = matrix_exp(v(r));
                    let mq = quat_exp(v(r)).to_matrix();
                    for i in 0..3 {
                        for j in 0..3 {
                            prop_assert!(relative_eq!(m[(i, j)] as f64, sum[i][j], epsilon = 8.0 * TOL));
                            prop_assert!(relative_eq!(mq[(i, j)] as f64, sum[i][j], epsilon = 8.0 * TOL));
                        }
                    }
                }

                #[test]
                fn trig_free_maps_keep_the_axis_and_the_documented_angle_error(dir in [ROTVEC, ROTVEC, ROTVEC], theta in ANGLE) {
                    prop_assume!(norm3(dir) > 0.1);
                    let n = norm3(dir);
                    let r = dir.map(|c| c / n * theta);
                    let r_t = v(r);
                    let theta = (r_t.norm()) as f64;
                    for (q, quintic) in [(quat_exp_cubic(r_t), false), (quat_exp_quintic(r_t), true)] {
                        let q = q64(q);
                        let norm = q.iter().map(|c| c * c).sum::<f64>().sqrt();
                        prop_assert!(relative_eq!(norm, 1.0, epsilon = 4.0 * TOL));
                        // Axis: the vector part is parallel to r, same direction.
                        let vp = [q[1], q[2], q[3]];
                        let c = common::cross(vp, r);
                        prop_assert!(norm3(c) <= 8.0 * TOL * norm3(vp) * theta);
                        prop_assert!(vp[0] * r[0] + vp[1] * r[1] + vp[2] * r[2] > 0.0);
                        // Angle error against the exact rotation.
                        let got = 2.0 * norm3(vp).atan2(q[0]);
                        let err = got - theta;
                        let slack = 16.0 * TOL * theta.max(1.0);
                        if quintic {
                            prop_assert!(err.abs() <= theta.powi(7) / 53760.0 + slack, "θ = {theta}, err = {err:e}");
                        } else {
                            prop_assert!(err >= -slack && err <= theta.powi(5) / 480.0 + slack, "θ = {theta}, err = {err:e}");
                            prop_assert!(relative_eq!(got, cubic_angle(theta as T) as f64, epsilon = slack));
                        }
                    }
                }

                #[test]
                fn quaternion_and_matrix_steps_agree(w in [OMEGA, OMEGA, OMEGA], a in [ALPHA, ALPHA, ALPHA], dt in DT, world in any::<bool>()) {
                    let frame = if world { Frame::World } else { Frame::Body };
                    let st = Stepper::<T>::new().with_exp_map(ExpMap::Exact).with_frame(frame).with_terms(MagnusTerms::Four);
                    let q0 = quat_exp(v([0.3, -0.2, 0.9]));
                    let (q, w1) = st.step(q0, v(w), v(a), dt as T).unwrap();
                    let (m, w2) = st.step_matrix(q0.to_matrix(), v(w), v(a), dt as T).unwrap();
                    prop_assert_eq!(w1, w2);
                    let mq = q.to_matrix();
                    for i in 0..3 {
                        for j in 0..3 {
                            prop_assert!(relative_eq!(mq[(i, j)] as f64, m[(i, j)] as f64, epsilon = 16.0 * TOL));
                        }
                    }
                }

                #[test]
                fn gyroscopic_acceleration_agrees_with_the_world_frame_formula(w in [OMEGA, OMEGA, OMEGA], tau in [ALPHA, ALPHA, ALPHA], r in [ROTVEC, ROTVEC, ROTVEC]) {
                    // Body-frame α rotated to the world equals α computed with the world
                    // inertia R Ĩ Rᵀ from world ω and τ (an explicit-matrix computation).
                    let inertia = BodyInertia::try_new(xform::Matrix([[4.0 as T, 0.5, -0.3], [0.5, 6.0, 0.2], [-0.3, 0.2, 9.0]])).unwrap();
                    let q = quat_exp(v(r));
                    let rm = q.to_matrix();
                    let iw = rm * *inertia.tensor() * rm.transpose();
                    let (ww, tw) = (q.rotate(&v(w)), q.rotate(&v(tau)));
                    let alpha_w = iw.inverse() * (tw - ww.cross(&(iw * ww)));
                    let alpha_b = inertia.angular_acceleration(v(w), v(tau));
                    let got = f(q.rotate(&alpha_b));
                    let exp = f(alpha_w);
                    let scale = norm3(exp).max(1.0);
                    for k in 0..3 {
                        prop_assert!(relative_eq!(got[k], exp[k], epsilon = 64.0 * TOL * scale));
                    }
                }

                #[test]
                fn implicit_midpoint_solves_its_equation_and_conserves(w in [OMEGA, OMEGA, OMEGA], dt in DT) {
                    let inertia = BodyInertia::try_from_principal(v([3.0, 5.0, 9.0])).unwrap();
                    let w = v(w);
                    let x = inertia.advance_omega(w, Vector([0.0; 3]), dt as T, GyroScheme::implicit_midpoint()).unwrap();
                    let m = (w + x) * (0.5 as T);
                    let res = f(*inertia.tensor() * (x - w) + m.cross(&inertia.momentum(m)) * dt as T);
                    let scale = f64::from(inertia.momentum(w).norm()) .max(1.0);
                    prop_assert!(norm3(res) <= 64.0 * TOL * scale, "residual {:?}", res);
                    let (e0, e1) = (inertia.kinetic_energy(w) as f64, inertia.kinetic_energy(x) as f64);
                    prop_assert!(relative_eq!(e1, e0, epsilon = 64.0 * TOL * e0.max(1e-3)));
                    let (l0, l1) = (inertia.momentum(w).norm() as f64, inertia.momentum(x).norm() as f64);
                    prop_assert!(relative_eq!(l1, l0, epsilon = 64.0 * TOL * l0.max(1e-3)));
                }

                #[test]
                fn bullet_newton_step_uses_the_true_jacobian(w in [OMEGA, OMEGA, OMEGA], tau in [ALPHA, ALPHA, ALPHA], dt in DT) {
                    // One Newton step of implicit Euler, with the Jacobian from dual numbers.
                    let moments = [3.0, 5.0, 9.0];
                    let inertia = BodyInertia::try_from_principal(v(moments)).unwrap();
                    let (w, tau, dt) = inputs(w, tau, dt);
                    let (fx, jac) = dual::jacobian(|x| {
                        let c = |s: f64| dual::DualVec::<f64, 3>::constant(s);
                        let ix = [x[0] * c(moments[0]), x[1] * c(moments[1]), x[2] * c(moments[2])];
                        let xc = [x[1] * ix[2] - x[2] * ix[1], x[2] * ix[0] - x[0] * ix[2], x[0] * ix[1] - x[1] * ix[0]];
                        core::array::from_fn(|k| c(moments[k]) * (x[k] - c(w[k])) + c(dt) * (xc[k] - c(tau[k])))
                    }, w);
                    let jm = xform::Matrix(jac);
                    let step = jm.inverse() * xform::Vector(fx);
                    let expected = [w[0] - step[0], w[1] - step[1], w[2] - step[2]];
                    let got = f(inertia.advance_omega(v(w), v(tau), dt as T, GyroScheme::ImplicitEulerNewton).unwrap());
                    let scale = norm3(expected).max(1.0);
                    for k in 0..3 {
                        prop_assert!(relative_eq!(got[k], expected[k], epsilon = 64.0 * TOL * scale));
                    }
                }
            }

            #[test]
            fn zero_rotation_is_the_identity_without_nan() {
                let z = Vector([0.0 as T; 3]);
                for q in [quat_exp(z), quat_exp_cubic(z), quat_exp_quintic(z)] {
                    assert_eq!(q, Quaternion::identity());
                }
                assert_eq!(matrix_exp(z), xform::Matrix::identity());
                for terms in [MagnusTerms::One, MagnusTerms::Two, MagnusTerms::Three, MagnusTerms::Four] {
                    for map in [ExpMap::Exact, ExpMap::TrigFreeCubic, ExpMap::TrigFreeQuintic] {
                        let st = Stepper::<T>::new().with_terms(terms).with_exp_map(map);
                        let (q, w) = st.step(Quaternion::identity(), z, z, 0.01).unwrap();
                        assert_eq!((q, w), (Quaternion::identity(), z));
                        let (q, _) = st.step(Quaternion::identity(), z, Vector([0.0, 0.0, 1.0]), 0.01).unwrap();
                        assert!(q.is_finite() && q.z > 0.0);
                    }
                }
            }

            #[test]
            fn exp_map_derivative_at_zero_is_half_the_direction() {
                // d/ds exp(½ s u) at s = 0 is ½u: the series branch is smooth (dual numbers).
                let u = [0.3 as T, -1.2, 0.7];
                for map in [ExpMap::Exact, ExpMap::TrigFreeCubic, ExpMap::TrigFreeQuintic] {
                    for k in 0..3 {
                        let (val, d) = dual::derivative(|s| {
                            let q = map.quaternion(Vector(u.map(|c| s * dual::Dual::constant(c))));
                            [q.x, q.y, q.z][k]
                        }, 0.0 as T);
                        assert_eq!(val, 0.0);
                        assert!(relative_eq!(d, u[k] / 2.0, epsilon = 2.0 * T::EPSILON), "{d} vs {}", u[k] / 2.0);
                    }
                }
            }

            #[test]
            fn gyroscopic_term_is_the_time_derivative_of_world_momentum() {
                // τ = d/dt (R Ĩ Rᵀ ω_w) with Ṙ = ω×R and ω̇_w = R α_b, by dual numbers.
                let inertia = BodyInertia::try_new(xform::Matrix([[4.0 as T, 0.5, -0.3], [0.5, 6.0, 0.2], [-0.3, 0.2, 9.0]])).unwrap();
                let wb = v([0.7, -1.3, 2.1]);
                let tb = v([0.4, 0.9, -0.5]);
                let q0 = quat_exp(v([0.2, 0.5, -0.4]));
                let ab = inertia.angular_acceleration(wb, tb);
                let (ww, aw, tw) = (q0.rotate(&wb), q0.rotate(&ab), q0.rotate(&tb));
                for k in 0..3 {
                    let (_, d) = dual::derivative(|t| {
                        let c = |s: T| dual::Dual::constant(s);
                        let r = matrix_exp(Vector(ww.0.map(|x| c(x) * t))) * q0.to_matrix().map(c);
                        let ib = inertia.tensor().map(c);
                        let iw = r * ib * r.transpose();
                        let w_t = Vector(core::array::from_fn(|i| c(ww[i]) + c(aw[i]) * t));
                        (iw * w_t)[k]
                    }, 0.0 as T);
                    assert!(relative_eq!(d, tw[k], epsilon = 64.0 * T::EPSILON * 10.0), "{d} vs {}", tw[k]);
                }
            }

            #[test]
            fn invalid_inertia_is_rejected() {
                let m = |a: [[T; 3]; 3]| BodyInertia::try_new(xform::Matrix(a));
                assert_eq!(m([[1.0, 0.5, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]), Err(Error::InvalidInertia));
                assert_eq!(m([[1.0, 0.0, 0.0], [0.0, -1.0, 0.0], [0.0, 0.0, 1.0]]), Err(Error::InvalidInertia));
                assert_eq!(m([[1.0, 2.0, 0.0], [2.0, 1.0, 0.0], [0.0, 0.0, 1.0]]), Err(Error::InvalidInertia));
                assert_eq!(m([[T::NAN, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]]), Err(Error::InvalidInertia));
                assert!(m([[2.0, 0.1, 0.0], [0.1, 3.0, 0.0], [0.0, 0.0, 4.0]]).is_ok());
            }
        }
    };
}

formula_tests!(f64_formulas, f64, 1e-13);
formula_tests!(f32_formulas, f32, 2e-6);
