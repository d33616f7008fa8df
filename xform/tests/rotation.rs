//! Rotations, Rodrigues' formula and quaternions: the quaternion and matrix paths agree,
//! round trips hold including near angle 0 and π, and every formula matches an independent
//! computation (basis multiplication table, power series, matrix exponential).
mod common;

macro_rules! rotation_suite {
    ($T:ty, $tol:expr, $name:ident) => {
        mod $name {
            use super::common::*;
            use proptest::prelude::*;
            use xform::rodrigues::{matrix_from_axis_angle, matrix_from_axis_sin_cos, matrix_from_rotation_vector, rotation_vector_from_matrix};
            use xform::{Matrix, Quaternion, Rotation, Skew, Vector};

            type T = $T;

            fn tol() -> T {
                $tol
            }

            fn quaternion() -> impl Strategy<Value = Quaternion<T>> {
                proptest::array::uniform4(UNIT).prop_map(|a| Quaternion::from_array(a.map(c)))
            }

            fn unit_quaternion() -> impl Strategy<Value = Quaternion<T>> {
                proptest::array::uniform4(UNIT)
                    .prop_filter("not tiny", |a| a.iter().map(|x| x * x).sum::<f64>() > 0.01)
                    .prop_map(|a| Quaternion::from_array(a.map(c)).normalize())
            }

            fn axis() -> impl Strategy<Value = Vector<T, 3>> {
                proptest::array::uniform3(UNIT)
                    .prop_filter("not tiny", |a| a.iter().map(|x| x * x).sum::<f64>() > 0.01)
                    .prop_map(|a| v::<T, 3>(a).normalize())
            }

            fn vec3() -> impl Strategy<Value = Vector<T, 3>> {
                proptest::array::uniform3(COORD).prop_map(v)
            }

            /// Hamilton product from the multiplication table of the basis 1, i, j, k.
            fn table_product(a: &Quaternion<T>, b: &Quaternion<T>) -> Quaternion<T> {
                // BASIS[p][q] = (sign, index) with e_p e_q = sign e_index.
                const BASIS: [[(f64, usize); 4]; 4] = [
                    [(1.0, 0), (1.0, 1), (1.0, 2), (1.0, 3)],
                    [(1.0, 1), (-1.0, 0), (1.0, 3), (-1.0, 2)],
                    [(1.0, 2), (-1.0, 3), (-1.0, 0), (1.0, 1)],
                    [(1.0, 3), (1.0, 2), (-1.0, 1), (-1.0, 0)],
                ];
                let (x, y) = (a.to_array(), b.to_array());
                let mut out = [c::<T>(0.0); 4];
                for p in 0..4 {
                    for q in 0..4 {
                        let (sign, k) = BASIS[p][q];
                        out[k] += c::<T>(sign) * x[p] * y[q];
                    }
                }
                Quaternion::from_array(out)
            }

            fn q_close(a: &Quaternion<T>, b: &Quaternion<T>, scale: f64) -> bool {
                slices_close(&a.to_array(), &b.to_array(), tol(), c(scale))
            }

            fn q_close_up_to_sign(a: &Quaternion<T>, b: &Quaternion<T>, scale: f64) -> bool {
                q_close(a, b, scale) || q_close(a, &-*b, scale)
            }

            fn unit_basis(k: usize) -> Quaternion<T> {
                let mut a = [c::<T>(0.0); 4];
                a[k] = c(1.0);
                Quaternion::from_array(a)
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(96))]

                #[test]
                fn product_matches_basis_table(a in quaternion(), b in quaternion()) {
                    prop_assert!(q_close(&(a * b), &table_product(&a, &b), 1.0));
                    // The split form of the seed: (a_s b_s - a·b, a_s b + b_s a + a × b).
                    let (av, bv) = (a.vector(), b.vector());
                    let split = Quaternion::from_parts(a.w * b.w - av.dot(&bv), bv * a.w + av * b.w + levi_civita_cross(&av, &bv));
                    prop_assert!(q_close(&(a * b), &split, 1.0));
                }

                #[test]
                fn conjugate_inverse_norm(a in unit_quaternion(), b in quaternion()) {
                    let a = a * c::<T>(1.7);
                    // Corrected seed identity: a* = -(a + i a i + j a j + k a k) / 2.
                    let (i, j, k) = (unit_basis(1), unit_basis(2), unit_basis(3));
                    let sum = a + table_product(&table_product(&i, &a), &i)
                        + table_product(&table_product(&j, &a), &j)
                        + table_product(&table_product(&k, &a), &k);
                    prop_assert!(q_close(&a.conjugate(), &(sum * c::<T>(-0.5)), 1.0));
                    // a a⁻¹ = a⁻¹ a = 1.
                    let inv = a.inverse();
                    prop_assert!(q_close(&(a * inv), &Quaternion::identity(), 1.0));
                    prop_assert!(q_close(&(inv * a), &Quaternion::identity(), 1.0));
                    // The norm is multiplicative.
                    prop_assert!(slices_close(&[(a * b).norm()], &[a.norm() * b.norm()], tol(), c(1.0)));
                    prop_assert!(slices_close(&[a.norm_squared()], &[table_product(&a, &a.conjugate()).w], tol(), c(1.0)));
                }

                #[test]
                fn rotate_matches_sandwich_and_matrix(q in unit_quaternion(), x in vec3()) {
                    let sandwich = table_product(&table_product(&q, &Quaternion::from_vector(x)), &q.conjugate());
                    prop_assert!(vec_close(&q.rotate(&x), &sandwich.vector(), tol(), c(40.0)));
                    prop_assert!(vec_close(&(q * x), &matvec(&q.to_matrix(), &x), tol(), c(40.0)));
                    let r = q.to_matrix();
                    prop_assert!(mat_close(&matmul(&r.transpose(), &r), &Matrix::identity(), tol(), c(1.0)));
                    prop_assert!((r.determinant() - c::<T>(1.0)).abs() <= tol() * c::<T>(4.0));
                }

                #[test]
                fn matrix_is_a_homomorphism(a in unit_quaternion(), b in unit_quaternion()) {
                    let lhs = (a * b).to_matrix();
                    prop_assert!(mat_close(&lhs, &matmul(&a.to_matrix(), &b.to_matrix()), tol(), c(4.0)));
                    let (ra, rb) = (Rotation::from_quaternion(&a), Rotation::from(b));
                    prop_assert!(mat_close((ra * rb).matrix(), &lhs, tol(), c(4.0)));
                }

                #[test]
                fn matrix_to_quaternion_round_trip(q in unit_quaternion()) {
                    let back = Quaternion::from_matrix(&q.to_matrix());
                    prop_assert!(back.w >= c::<T>(0.0));
                    prop_assert!(q_close_up_to_sign(&back, &q, 4.0));
                    prop_assert!(q_close_up_to_sign(&Rotation::from_quaternion(&q).to_quaternion(), &q, 4.0));
                }

                #[test]
                fn axis_angle_paths_agree(n in axis(), angle in ANGLE, x in vec3()) {
                    let angle: T = c(angle);
                    let from_q = Quaternion::from_axis_angle(&n, angle).to_matrix();
                    let rodrigues = matrix_from_axis_angle(&n, angle);
                    let series = expm(Skew::from_vector(n * angle).matrix());
                    prop_assert!(mat_close(&from_q, &series, tol(), c(4.0)));
                    prop_assert!(mat_close(&rodrigues, &series, tol(), c(4.0)));
                    let (sa, ca) = angle.sin_cos();
                    prop_assert!(mat_close(&matrix_from_axis_sin_cos(&n, sa, ca), &series, tol(), c(4.0)));
                    prop_assert!(mat_close(&matrix_from_rotation_vector(&(n * angle)), &series, tol(), c(4.0)));
                    prop_assert!(mat_close(Skew::from_vector(n * angle).exp().matrix(), &series, tol(), c(4.0)));
                    prop_assert!(mat_close(Rotation::try_from_axis_angle(&(n * c::<T>(3.0)), angle).unwrap().matrix(), &series, tol(), c(4.0)));
                    // The seed's vector form of Rodrigues' formula.
                    let (s, co) = angle.sin_cos();
                    let seed_form = n * n.dot(&x) + (x - n * n.dot(&x)) * co + levi_civita_cross(&n, &x) * s;
                    prop_assert!(vec_close(&matvec(&rodrigues, &x), &seed_form, tol(), c(40.0)));
                    let q2 = Quaternion::try_from_axis_angle(&(n * c::<T>(0.5)), angle).unwrap();
                    prop_assert!(q_close(&q2, &Quaternion::from_axis_angle(&n, angle), 1.0));
                }

                #[test]
                fn exp_matches_power_series(q in quaternion()) {
                    let q = q * c::<T>(2.0);
                    let mut term = Quaternion::identity();
                    let mut sum = term;
                    for k in 1..30 {
                        term = table_product(&term, &q) / c::<T>(f64::from(k));
                        sum += term;
                    }
                    prop_assert!(q_close(&q.exp(), &sum, 10.0));
                }

                #[test]
                fn log_inverts_exp(q in quaternion()) {
                    // |v| < π keeps exp injective (principal branch).
                    let q = q * c::<T>(1.5);
                    prop_assert!(q_close(&q.exp().log(), &q, 4.0));
                    let u = q.exp().normalize();
                    prop_assert!(q_close(&u.log().exp(), &u, 4.0));
                }

                #[test]
                fn rotation_vector_round_trips(n in axis(), angle in 0.0..3.1f64) {
                    let r = n * c::<T>(angle);
                    let q = Quaternion::from_rotation_vector(&r);
                    prop_assert!(q_close(&q, &Quaternion::from_axis_angle(&n, c(angle)), 1.0));
                    prop_assert!(vec_close(&q.to_rotation_vector(), &r, tol(), c(4.0)));
                    let rot = Rotation::from_rotation_vector(&r);
                    prop_assert!(vec_close(&rot.to_rotation_vector(), &r, tol(), c(4.0)));
                    prop_assert!(vec_close(&rot.log().vector(), &r, tol(), c(4.0)));
                    let (axis2, angle2) = rot.to_axis_angle();
                    prop_assert!((angle2 - c::<T>(angle)).abs() <= tol() * c::<T>(4.0));
                    if angle > 1e-3 {
                        prop_assert!(vec_close(&axis2, &n, tol(), c(4.0 / angle)));
                        let (axis3, angle3) = q.to_axis_angle();
                        prop_assert!(vec_close(&axis3, &n, tol(), c(4.0 / angle)));
                        prop_assert!((angle3 - c::<T>(angle)).abs() <= tol() * c::<T>(4.0));
                        prop_assert!((q.angle() - c::<T>(angle)).abs() <= tol() * c::<T>(4.0));
                    }
                }

                #[test]
                fn rodrigues_robust_near_zero(n in axis(), exponent in -9.0..-2.0f64) {
                    let angle = 10f64.powf(exponent);
                    let r = n * c::<T>(angle);
                    let m = matrix_from_rotation_vector(&r);
                    // Independent: exp series of the skew matrix.
                    prop_assert!(mat_close(&m, &expm(&cross_matrix(&r)), tol(), c(1.0)));
                    // The recovered rotation vector is accurate relative to the tiny angle.
                    let back = rotation_vector_from_matrix(&m);
                    let err = (back - r).norm();
                    prop_assert!(err <= tol() * c::<T>(4.0), "err {:?} at angle {}", err, angle);
                    prop_assert!(back.is_finite());
                    prop_assert!(vec_close(&Quaternion::from_rotation_vector(&r).to_rotation_vector(), &r, tol(), c(angle)));
                }

                #[test]
                fn rodrigues_robust_near_pi(n in axis(), exponent in -9.0..-1.0f64, exact in any::<bool>()) {
                    let delta = if exact { 0.0 } else { 10f64.powf(exponent) };
                    let angle = core::f64::consts::PI - delta;
                    let m = matrix_from_axis_angle(&n, c(angle));
                    let back = rotation_vector_from_matrix(&m);
                    prop_assert!(back.is_finite());
                    // Same rotation, angle recovered to working precision, axis up to sign at π.
                    prop_assert!(mat_close(&matrix_from_rotation_vector(&back), &m, tol(), c(4.0)));
                    prop_assert!((back.norm() - c::<T>(angle)).abs() <= tol() * c::<T>(8.0));
                    let r = n * c::<T>(angle);
                    prop_assert!(vec_close(&back, &r, tol(), c(8.0)) || vec_close(&back, &-r, tol(), c(8.0)));
                    // The quaternion path agrees.
                    let q = Quaternion::from_matrix(&m);
                    prop_assert!(mat_close(&q.to_matrix(), &m, tol(), c(4.0)));
                }

                #[test]
                fn slerp_interpolates(a in unit_quaternion(), b in unit_quaternion(), t in 0.0..1.0f64) {
                    prop_assert!(q_close_up_to_sign(&a.slerp(&b, c(0.0)), &a, 4.0));
                    prop_assert!(q_close_up_to_sign(&a.slerp(&b, c(1.0)), &b, 4.0));
                    let s = a.slerp(&b, c(t));
                    prop_assert!((s.norm() - c::<T>(1.0)).abs() <= tol() * c::<T>(4.0));
                    // The angle travelled is t times the total.
                    let total = (a.conjugate() * b).angle();
                    let part = (a.conjugate() * s).angle();
                    prop_assert!((part - total * c::<T>(t)).abs() <= tol() * c::<T>(100.0));
                }

                #[test]
                fn rotation_2d(a in ANGLE, b in ANGLE, x in proptest::array::uniform2(COORD)) {
                    let (ra, rb) = (Rotation::<T, 2>::from_angle(c(a)), Rotation::<T, 2>::from_angle(c(b)));
                    let sum = Rotation::<T, 2>::from_angle(c(a + b));
                    prop_assert!(mat_close((ra * rb).matrix(), sum.matrix(), tol(), c(1.0)));
                    prop_assert!(slices_close(&[ra.angle()], &[c(a)], tol(), c(4.0)));
                    let x: Vector<T, 2> = v(x);
                    prop_assert!(vec_close(&ra.inverse().apply(&ra.apply(&x)), &x, tol(), c(40.0)));
                    prop_assert!(vec_close(&ra.apply_inverse(&x), &ra.inverse().apply(&x), tol(), c(40.0)));
                }

                #[test]
                fn orthonormalize_and_checks(q in unit_quaternion(), noise in proptest::array::uniform3(UNIT)) {
                    let r = q.to_matrix();
                    prop_assert!(Rotation::try_from_matrix(r, tol() * c::<T>(10.0)).is_ok());
                    let mut bent = r;
                    for (i, e) in noise.iter().enumerate() {
                        bent.0[i][(i + 1) % 3] += c::<T>(1e-2 * e);
                    }
                    let fixed = Rotation::from_matrix_unchecked(bent).try_orthonormalize().unwrap();
                    prop_assert!(Rotation::try_from_matrix(*fixed.matrix(), tol() * c::<T>(10.0)).is_ok());
                    prop_assert!(mat_close(fixed.matrix(), &r, c(0.05), c(1.0)));
                    let mut reflection = r;
                    reflection.0[2] = reflection.0[2].map(|e| -e);
                    prop_assert_eq!(Rotation::try_from_matrix(reflection, c(0.1)), Err(xform::Error::NotARotation));
                }
            }

            #[test]
            fn quaternion_errors() {
                let z = Quaternion::<T>::zero();
                assert_eq!(z.try_inverse(), Err(xform::Error::ZeroNorm));
                assert_eq!(z.try_normalize(), Err(xform::Error::ZeroNorm));
                assert_eq!(z.try_log(), Err(xform::Error::ZeroNorm));
                assert_eq!(z.try_to_rotation_vector(), Err(xform::Error::ZeroNorm));
                let nan = Quaternion::<T>::new(c(f64::NAN), c(0.0), c(0.0), c(0.0));
                assert_eq!(nan.try_normalize(), Err(xform::Error::NonFinite));
                assert_eq!(
                    Quaternion::<T>::try_from_axis_angle(&Vector::zeros(), c(1.0)),
                    Err(xform::Error::ZeroNorm)
                );
                // log(-1) = π i: exp brings it back.
                let minus_one = -Quaternion::<T>::identity();
                assert!(q_close(&minus_one.log().exp(), &minus_one, 4.0));
                // Identity: axis-angle is ((1, 0, 0), 0).
                assert_eq!(Quaternion::<T>::identity().to_axis_angle(), (Vector::unit(0), c(0.0)));
                assert_eq!(Rotation::<T, 3>::identity().to_axis_angle(), (Vector::unit(0), c(0.0)));
            }
        }
    };
}

rotation_suite!(f64, 1e-9, f64_suite);
rotation_suite!(f32, 2e-4, f32_suite);

/// The seed's axis formula `vee(R - Rᵀ) / (2 sin α)` with `α = acos((tr R - 1)/2)` loses
/// the axis near π; the implemented one does not.
#[test]
fn seed_axis_formula_fails_near_pi_ours_does_not() {
    use xform::Vector;
    use xform::rodrigues::{axis_angle_from_matrix, matrix_from_axis_angle};
    let n = Vector([2.0f64, -1.0, 0.5]).normalize();
    let angle = core::f64::consts::PI - 1e-7;
    let m = matrix_from_axis_angle(&n, angle);
    let alpha = ((m.trace() - 1.0) / 2.0).acos();
    let r = &m.0;
    let seed_axis =
        Vector([r[2][1] - r[1][2], r[0][2] - r[2][0], r[1][0] - r[0][1]]) / (2.0 * alpha.sin());
    let seed_error = (seed_axis - n).norm();
    let (axis, got_angle) = axis_angle_from_matrix(&m);
    let our_error = (axis - n).norm();
    assert!(seed_error > 1e-4, "seed error {seed_error}");
    assert!(our_error < 1e-9, "our error {our_error}");
    assert!((got_angle - angle).abs() < 1e-12);
}

/// Dual numbers flow through: the derivative of `R(t r)` is `[r]× R(t r)`, smooth at
/// t = 0 where the series branches are taken, and the same holds for quaternions.
#[test]
fn dual_numbers_differentiate_exponential_maps() {
    use dual::Dual;
    use xform::rodrigues::matrix_from_rotation_vector;
    use xform::{Quaternion, Vector};
    let r = [0.3f64, -0.7, 0.2];
    for t in [0.0, 1e-6, 0.4, 2.5] {
        let tt = Dual::variable(t);
        let rv: Vector<Dual<f64>, 3> = Vector(r.map(|x| Dual::constant(x) * tt));
        let m = matrix_from_rotation_vector(&rv);
        let value = m.map(|d| d.re);
        let derivative = m.map(|d| d.eps);
        let expected = common::matmul(&common::cross_matrix(&Vector(r)), &value);
        assert!(
            common::mat_close(&derivative, &expected, 1e-9, 1.0),
            "t = {t}"
        );
        let q = Quaternion::from_rotation_vector(&rv);
        // d/dt exp(t r / 2) = (r/2) exp(t r / 2).
        let qv = Quaternion::new(q.w.re, q.x.re, q.y.re, q.z.re);
        let dq = Quaternion::new(q.w.eps, q.x.eps, q.y.eps, q.z.eps);
        let want = Quaternion::from_vector(Vector(r) * 0.5) * qv;
        assert!(
            common::slices_close(&dq.to_array(), &want.to_array(), 1e-9, 1.0),
            "t = {t}"
        );
    }
}
