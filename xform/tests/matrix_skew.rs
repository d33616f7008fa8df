//! `Matrix`, `Vector` and `Skew` (so(n)) against independent computations.
mod common;

macro_rules! square_suite {
    ($T:ty, $tol:expr, $n:literal, $name:ident) => {
        mod $name {
            use super::common::*;
            use proptest::prelude::*;
            use num_traits::Float;
            use xform::{Matrix, Skew, Vector};

            type T = $T;
            const N: usize = $n;

            fn tol() -> T {
                $tol
            }

            fn matrix() -> impl Strategy<Value = Matrix<T, N, N>> {
                proptest::array::uniform::<_, N>(proptest::array::uniform::<_, N>(UNIT))
                    .prop_map(|rows| Matrix(rows.map(|r| r.map(c))))
            }

            fn vector() -> impl Strategy<Value = Vector<T, N>> {
                proptest::array::uniform::<_, N>(COORD).prop_map(v)
            }

            fn skew() -> impl Strategy<Value = Skew<T, N>> {
                matrix().prop_map(|m| Skew::from_antisymmetric_part(&m))
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                #[test]
                fn products_match_loops(a in matrix(), b in matrix(), x in vector()) {
                    prop_assert!(mat_close(&(a * b), &matmul(&a, &b), tol(), c(1.0)));
                    prop_assert!(vec_close(&(a * x), &matvec(&a, &x), tol(), c(10.0)));
                    prop_assert!(mat_close(&(a * b).transpose(), &(b.transpose() * a.transpose()), tol(), c(1.0)));
                }

                #[test]
                fn determinant_matches_leibniz(a in matrix(), b in matrix()) {
                    prop_assert!(slices_close(&[a.determinant()], &[leibniz_det(&a)], tol(), c(10.0)));
                    // Multiplicative.
                    let lhs = (a * b).determinant();
                    let rhs = a.determinant() * b.determinant();
                    prop_assert!(slices_close(&[lhs], &[rhs], tol(), c(10.0)));
                }

                #[test]
                fn inverse_is_two_sided(a in matrix()) {
                    // Keep well-conditioned inputs: add a dominant diagonal.
                    let a = a + Matrix::identity() * c::<T>(3.0);
                    let inv = a.try_inverse().unwrap();
                    prop_assert!(mat_close(&matmul(&a, &inv), &Matrix::identity(), tol(), c(10.0)));
                    prop_assert!(mat_close(&matmul(&inv, &a), &Matrix::identity(), tol(), c(10.0)));
                }

                #[test]
                fn rows_cols_transpose(a in matrix()) {
                    let rows: [Vector<T, N>; N] = core::array::from_fn(|i| a.row(i));
                    let cols: [Vector<T, N>; N] = core::array::from_fn(|j| a.col(j));
                    prop_assert_eq!(Matrix::from_rows(rows), a);
                    prop_assert_eq!(Matrix::from_cols(cols), a);
                    prop_assert_eq!(Matrix::from_rows(cols), a.transpose());
                    prop_assert_eq!(a.transpose().transpose(), a);
                }

                #[test]
                fn skew_is_skew_and_projects(m in matrix()) {
                    let s = Skew::from_antisymmetric_part(&m);
                    prop_assert_eq!(s.matrix().transpose(), -*s.matrix());
                    // Projection: idempotent, and m - s is symmetric.
                    prop_assert_eq!(Skew::from_antisymmetric_part(s.matrix()), s);
                    let sym = m - *s.matrix();
                    prop_assert!(mat_close(&sym, &sym.transpose(), tol(), c(1.0)));
                    prop_assert!(Skew::try_from_matrix(s.matrix(), c(0.0)).is_ok());
                }

                #[test]
                fn skew_action_is_matrix_product(s in skew(), x in vector()) {
                    prop_assert!(vec_close(&s.apply(&x), &matvec(s.matrix(), &x), tol(), c(10.0)));
                    // Skew matrices generate rotations: x · (ω x) = 0.
                    prop_assert!(x.dot(&s.apply(&x)).abs() <= tol() * c::<T>(100.0));
                }

                #[test]
                fn bracket_is_antisymmetric_and_satisfies_jacobi(a in skew(), b in skew(), d in skew()) {
                    let ab = a.bracket(&b);
                    prop_assert!(mat_close(ab.matrix(), &(-*b.bracket(&a).matrix()), tol(), c(1.0)));
                    let commutator = matmul(a.matrix(), b.matrix()) - matmul(b.matrix(), a.matrix());
                    prop_assert!(mat_close(ab.matrix(), &commutator, tol(), c(1.0)));
                    let jacobi = a.bracket(&b.bracket(&d)) + b.bracket(&d.bracket(&a)) + d.bracket(&a.bracket(&b));
                    prop_assert!(jacobi.matrix().amax() <= tol() * c::<T>(10.0));
                }

                #[test]
                fn rotated_skew_is_conjugation(s in skew(), angles in proptest::collection::vec(ANGLE, N * (N - 1) / 2)) {
                    let r = rotation::<T, N>(&angles);
                    let expected = matmul(&matmul(r.matrix(), s.matrix()), &r.matrix().transpose());
                    prop_assert!(mat_close(s.rotated_by(&r).matrix(), &expected, tol(), c(1.0)));
                }

                #[test]
                fn plane_rotation_is_exp_of_plane_skew(angle in ANGLE) {
                    for i in 0..N {
                        for j in 0..N {
                            if i != j {
                                let r = xform::Rotation::<T, N>::from_plane_angle(i, j, c(angle));
                                let e = expm(Skew::<T, N>::from_plane(j, i, c(angle)).matrix());
                                prop_assert!(mat_close(r.matrix(), &e, tol(), c(1.0)));
                            }
                        }
                    }
                }

                #[test]
                fn vector_algebra(a in vector(), b in vector(), s in SCALE) {
                    let s: T = c(s);
                    prop_assert!(vec_close(&((a + b) * s), &(a * s + b * s), tol(), c(100.0)));
                    prop_assert!(vec_close(&(a - b + b), &a, tol(), c(100.0)));
                    let mut m = a;
                    m += b;
                    m -= b;
                    m *= s;
                    m /= s;
                    prop_assert!(vec_close(&m, &a, tol(), c(100.0)));
                    let manual = (0..N).fold(c::<T>(0.0), |acc, i| acc + a[i] * b[i]);
                    prop_assert!(slices_close(&[a.dot(&b)], &[manual], tol(), c(100.0)));
                    if let Ok(u) = a.try_normalize() {
                        prop_assert!((u.norm() - c::<T>(1.0)).abs() <= tol());
                        prop_assert!(vec_close(&(u * a.norm()), &a, tol(), c(10.0)));
                    }
                }
            }

            #[test]
            fn errors() {
                assert_eq!(Vector::<T, N>::zeros().try_normalize(), Err(xform::Error::ZeroNorm));
                assert_eq!(Vector::<T, N>::splat(T::nan()).try_normalize(), Err(xform::Error::NonFinite));
                assert_eq!(Matrix::<T, N, N>::zeros().try_inverse(), Err(xform::Error::Singular));
                let mut not_skew = Matrix::<T, N, N>::zeros();
                not_skew.0[0][1] = c::<T>(1.0);
                assert_eq!(Skew::try_from_matrix(&not_skew, c(0.1)), Err(xform::Error::NotSkewSymmetric));
            }
        }
    };
}

square_suite!(f64, 1e-9, 2, f64_n2);
square_suite!(f64, 1e-9, 3, f64_n3);
square_suite!(f64, 1e-9, 4, f64_n4);
square_suite!(f64, 1e-9, 5, f64_n5);
square_suite!(f32, 2e-4, 2, f32_n2);
square_suite!(f32, 2e-4, 3, f32_n3);
square_suite!(f32, 2e-4, 4, f32_n4);
square_suite!(f32, 2e-4, 5, f32_n5);

macro_rules! low_dim_suite {
    ($T:ty, $tol:expr, $name:ident) => {
        mod $name {
            use super::common::*;
            use proptest::prelude::*;
            use xform::{Skew, Vector};

            type T = $T;

            fn tol() -> T {
                $tol
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(128))]

                #[test]
                fn so2_scalar_view(w in UNIT, w2 in UNIT, p in proptest::array::uniform2(COORD)) {
                    let (a, b) = (Skew::<T, 2>::from_scalar(c(w)), Skew::<T, 2>::from_scalar(c(w2)));
                    let p: Vector<T, 2> = v(p);
                    prop_assert_eq!(a.scalar(), c::<T>(w));
                    // [[0, -ω], [ω, 0]] p = ω p⊥ with (x, y)⊥ = (-y, x).
                    let expected = Vector([-p[1] * c::<T>(w), p[0] * c::<T>(w)]);
                    prop_assert!(vec_close(&a.apply(&p), &expected, tol(), c(10.0)));
                    prop_assert!(vec_close(&a.apply_2d(&p), &expected, tol(), c(10.0)));
                    // The 2D bracket vanishes identically.
                    prop_assert_eq!(a.bracket(&b).matrix().amax(), c::<T>(0.0));
                    // so(2) exp is the rotation by ω, also by series.
                    prop_assert!(mat_close(a.exp().matrix(), &expm(a.matrix()), tol(), c(1.0)));
                    prop_assert!(slices_close(&[a.exp().log().scalar()], &[c(w)], tol(), c(1.0)));
                    prop_assert!(slices_close(&[p.perp_dot(&expected)], &[p.perp().dot(&expected)], tol(), c(100.0)));
                }

                #[test]
                fn so3_vector_view(a in proptest::array::uniform3(UNIT), b in proptest::array::uniform3(UNIT), p in proptest::array::uniform3(COORD)) {
                    let (a, b, p): (Vector<T, 3>, Vector<T, 3>, Vector<T, 3>) = (v(a), v(b), v(p));
                    let (sa, sb) = (Skew::from_vector(a), Skew::from_vector(b));
                    prop_assert_eq!(sa.vector(), a);
                    prop_assert_eq!(*sa.matrix(), cross_matrix(&a));
                    // The cross product against the Levi-Civita definition.
                    prop_assert!(vec_close(&a.cross(&p), &levi_civita_cross(&a, &p), tol(), c(10.0)));
                    prop_assert!(vec_close(&sa.apply(&p), &levi_civita_cross(&a, &p), tol(), c(10.0)));
                    prop_assert!(vec_close(&sa.apply_3d(&p), &levi_civita_cross(&a, &p), tol(), c(10.0)));
                    // The bracket is the cross product of the vector views.
                    prop_assert!(vec_close(&sa.bracket(&sb).vector(), &levi_civita_cross(&a, &b), tol(), c(1.0)));
                    // Wedge: a bᵀ - b aᵀ = [b × a]×.
                    prop_assert!(vec_close(&Skew::wedge(&a, &b).vector(), &levi_civita_cross(&b, &a), tol(), c(1.0)));
                    prop_assert!((sa.magnitude() - a.norm()).abs() <= tol());
                }
            }
        }
    };
}

low_dim_suite!(f64, 1e-9, f64_low);
low_dim_suite!(f32, 2e-4, f32_low);
