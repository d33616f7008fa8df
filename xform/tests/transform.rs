//! `Transform<T, N>` for N = 2..=5 against explicit augmented matrices, and the group laws.
mod common;

macro_rules! transform_suite {
    ($T:ty, $tol:expr, $n:literal, $m:literal, $name:ident) => {
        mod $name {
            use super::common::*;
            use proptest::prelude::*;
            use xform::{Matrix, Transform, Vector};

            type T = $T;
            const N: usize = $n;
            const PLANES: usize = N * (N - 1) / 2;

            fn tol() -> T {
                $tol
            }

            prop_compose! {
                fn transform()(
                    t in proptest::array::uniform::<_, N>(COORD),
                    angles in proptest::collection::vec(ANGLE, PLANES),
                    s in SCALE,
                    negative in any::<bool>(),
                ) -> Transform<T, N> {
                    let s = if negative { -s } else { s };
                    Transform::new(v(t), rotation(&angles), c(s))
                }
            }

            fn point() -> impl Strategy<Value = Vector<T, N>> {
                proptest::array::uniform::<_, N>(COORD).prop_map(v)
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                #[test]
                fn augmented_matches_explicit(a in transform()) {
                    let explicit: Matrix<T, $m, $m> = augmented(&a);
                    prop_assert!(mat_close(&a.to_augmented(), &explicit, tol(), c(1.0)));
                }

                #[test]
                fn apply_matches_augmented(a in transform(), p in point()) {
                    let h: Vector<T, $m> = homogeneous(&p);
                    let expected: Vector<T, $m> = matvec(&augmented::<T, N, $m>(&a), &h);
                    let got: Vector<T, $m> = homogeneous(&a.apply_point(&p));
                    prop_assert!(vec_close(&got, &expected, tol(), c(40.0)));
                    prop_assert!(vec_close(&(a * p), &a.apply_point(&p), tol(), c(40.0)));
                }

                #[test]
                fn compose_matches_matrix_product(a2 in transform(), a1 in transform()) {
                    let product = matmul(&augmented::<T, N, $m>(&a2), &augmented::<T, N, $m>(&a1));
                    let composed: Matrix<T, $m, $m> = augmented(&(a2 * a1));
                    prop_assert!(mat_close(&composed, &product, tol(), c(100.0)));
                }

                #[test]
                fn compose_is_function_composition(a2 in transform(), a1 in transform(), p in point()) {
                    let direct = a2.apply_point(&a1.apply_point(&p));
                    prop_assert!(vec_close(&(a2 * a1).apply_point(&p), &direct, tol(), c(400.0)));
                }

                #[test]
                fn inverse_matches_matrix_inverse(a in transform()) {
                    let inv: Matrix<T, $m, $m> = augmented(&a.inverse());
                    let m: Matrix<T, $m, $m> = augmented(&a);
                    // The product with the original is the identity both ways...
                    prop_assert!(mat_close(&matmul(&inv, &m), &Matrix::identity(), tol(), c(40.0)));
                    prop_assert!(mat_close(&matmul(&m, &inv), &Matrix::identity(), tol(), c(40.0)));
                    // ...and Gauss-Jordan on the augmented matrix agrees.
                    prop_assert!(mat_close(&inv, &m.inverse(), tol(), c(40.0)));
                }

                #[test]
                fn inverse_undoes_apply(a in transform(), p in point()) {
                    let q = a.apply_point(&p);
                    prop_assert!(vec_close(&a.inverse().apply_point(&q), &p, tol(), c(40.0)));
                    prop_assert!(vec_close(&a.try_apply_inverse_point(&q).unwrap(), &p, tol(), c(40.0)));
                }

                #[test]
                fn group_laws(a in transform(), b in transform(), d in transform()) {
                    let id = Transform::<T, N>::identity();
                    let left: Matrix<T, $m, $m> = augmented(&((a * b) * d));
                    let right: Matrix<T, $m, $m> = augmented(&(a * (b * d)));
                    prop_assert!(mat_close(&left, &right, tol(), c(1000.0)));
                    prop_assert!(mat_close(&augmented::<T, N, $m>(&(a * id)), &augmented(&a), tol(), c(1.0)));
                    prop_assert!(mat_close(&augmented::<T, N, $m>(&(id * a)), &augmented(&a), tol(), c(1.0)));
                    prop_assert!(mat_close(&augmented::<T, N, $m>(&(a * a.inverse())), &Matrix::identity(), tol(), c(40.0)));
                    prop_assert!(mat_close(&augmented::<T, N, $m>(&(a.inverse() * a)), &Matrix::identity(), tol(), c(40.0)));
                    let mut acc = a;
                    acc *= b;
                    prop_assert_eq!(acc, a * b);
                }

                #[test]
                fn linear_and_normal_parts(a in transform(), x in point(), y in point()) {
                    // The linear part is the Jacobian: A(x) - A(y) = J (x - y).
                    let diff = a.apply_point(&x) - a.apply_point(&y);
                    prop_assert!(vec_close(&matvec(&a.linear(), &(x - y)), &diff, tol(), c(400.0)));
                    prop_assert!(vec_close(&a.apply_vector(&(x - y)), &diff, tol(), c(400.0)));
                    // Normal matrix = inverse transpose of the linear part (Gauss-Jordan).
                    let nm = a.linear().inverse().transpose();
                    prop_assert!(mat_close(&a.normal_matrix(), &nm, tol(), c(10.0)));
                    // Normals stay perpendicular to transformed tangents.
                    let n = x;
                    let tangent = y - n * (n.dot(&y) / n.norm_squared());
                    let dot = a.apply_normal(&n).dot(&a.apply_vector(&tangent));
                    prop_assert!(dot.abs() <= tol() * c::<T>(4000.0));
                    prop_assert!(vec_close(&matvec(&nm, &n), &a.apply_normal(&n), tol(), c(40.0)));
                }
            }

            #[test]
            fn zero_scale_is_singular() {
                let a = Transform::<T, N>::from_scale(0.0);
                assert_eq!(a.try_inverse(), Err(xform::Error::Singular));
                assert_eq!(a.try_apply_inverse_point(&Vector::zeros()), Err(xform::Error::Singular));
            }
        }
    };
}

transform_suite!(f64, 1e-9, 2, 3, f64_n2);
transform_suite!(f64, 1e-9, 3, 4, f64_n3);
transform_suite!(f64, 1e-9, 4, 5, f64_n4);
transform_suite!(f64, 1e-9, 5, 6, f64_n5);
transform_suite!(f32, 2e-4, 2, 3, f32_n2);
transform_suite!(f32, 2e-4, 3, 4, f32_n3);
transform_suite!(f32, 2e-4, 4, 5, f32_n4);
transform_suite!(f32, 2e-4, 5, 6, f32_n5);
