//! `Transform3A<T>` (padded, aligned 3D similarity) against explicit 4 × 4 augmented matrices
//! built from the same data (independent of both `Transform3A` and `Transform`), f64 and f32:
//! apply, compose, inverse, and the round trip through `Transform<T, 3>` (exact for rigid
//! transforms).
mod common;

macro_rules! suite {
    ($T:ty, $tol:expr, $name:ident) => {
        mod $name {
            use super::common::*;
            use proptest::prelude::*;
            use xform::{Matrix, Transform, Transform3A, Vector};

            type T = $T;

            fn tol() -> T {
                $tol
            }

            prop_compose! {
                fn transform()(
                    t in proptest::array::uniform::<_, 3>(COORD),
                    angles in proptest::collection::vec(ANGLE, 3),
                    s in SCALE,
                    negative in any::<bool>(),
                ) -> Transform<T, 3> {
                    let s = if negative { -s } else { s };
                    Transform::new(v(t), rotation(&angles), c(s))
                }
            }

            fn point() -> impl Strategy<Value = Vector<T, 3>> {
                proptest::array::uniform::<_, 3>(COORD).prop_map(v)
            }

            /// `M (p, 1)`, first three components.
            fn through(m: &Matrix<T, 4, 4>, p: &Vector<T, 3>) -> Vector<T, 3> {
                let h: Vector<T, 4> = matvec(m, &homogeneous(p));
                Vector([h.0[0], h.0[1], h.0[2]])
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(128))]

                #[test]
                fn round_trip_divides_the_scale_back_out(a in transform()) {
                    let packed = Transform3A::from_transform(&a);
                    let back = packed.to_transform();
                    prop_assert_eq!(back.translation, a.translation);
                    prop_assert_eq!(back.scale, a.scale);
                    // s R / s: within an ulp or two per entry.
                    let eps = T::EPSILON * c::<T>(4.0);
                    prop_assert!(mat_close(back.rotation.matrix(), a.rotation.matrix(), eps, c(1.0)));
                    prop_assert_eq!(Transform::from(Transform3A::from(a)), back);
                    // Rigid transforms (s = ±1) and powers of two come back exactly.
                    for s in [1.0, -1.0, 0.5, 8.0] {
                        let rigid = Transform::new(a.translation, a.rotation, c::<T>(s));
                        prop_assert_eq!(Transform3A::from_transform(&rigid).to_transform(), rigid);
                    }
                }

                #[test]
                fn apply_matches_the_augmented_matrix(a in transform(), p in point()) {
                    let m: Matrix<T, 4, 4> = augmented(&a);
                    let packed = Transform3A::from_transform(&a);
                    let scale = c::<T>(40.0);
                    prop_assert!(vec_close(&packed.apply_point(&p), &through(&m, &p), tol(), scale));
                    prop_assert!(vec_close(&(packed * p), &through(&m, &p), tol(), scale));
                    // A direction: the augmented matrix with a zero fourth coordinate.
                    let mut d = matvec(&m, &{
                        let mut h: Vector<T, 4> = homogeneous(&p);
                        h.0[3] = c(0.0);
                        h
                    });
                    d.0[3] = c(0.0);
                    let want = Vector([d.0[0], d.0[1], d.0[2]]);
                    prop_assert!(vec_close(&packed.apply_vector(&p), &want, tol(), scale));
                }

                #[test]
                fn compose_matches_the_matrix_product(a in transform(), b in transform(), p in point()) {
                    let m = matmul::<T, 4, 4, 4>(&augmented(&a), &augmented(&b));
                    let (pa, pb) = (Transform3A::from_transform(&a), Transform3A::from_transform(&b));
                    let scale = c::<T>(400.0);
                    prop_assert!(vec_close(&pa.compose(&pb).apply_point(&p), &through(&m, &p), tol(), scale));
                    prop_assert!(vec_close(&(pa * pb).apply_point(&p), &through(&m, &p), tol(), scale));
                    prop_assert!(mat_close(&augmented::<T, 3, 4>(&pa.compose(&pb).to_transform()), &m, tol(), scale));
                }

                #[test]
                fn inverse_undoes_apply(a in transform(), p in point()) {
                    let packed = Transform3A::from_transform(&a);
                    let back = packed.try_inverse().unwrap().apply_point(&packed.apply_point(&p));
                    prop_assert!(vec_close(&back, &p, tol(), c(400.0)));
                    let id = packed.compose(&packed.inverse());
                    prop_assert!(mat_close(&augmented::<T, 3, 4>(&id.to_transform()), &Matrix::identity(), tol(), c(400.0)));
                }
            }

            #[test]
            fn degenerate_scales_are_errors() {
                use xform::{Error, Rotation};
                let flat = Transform3A::new(Vector([1.0, 2.0, 3.0]), Rotation::<T, 3>::identity(), 0.0);
                assert_eq!(flat.try_inverse(), Err(Error::Singular));
                let huge = Transform3A::new(Vector([1.0, 2.0, 3.0]), Rotation::<T, 3>::identity(), T::INFINITY);
                assert_eq!(huge.try_inverse(), Err(Error::NonFinite));
                assert!(std::panic::catch_unwind(|| flat.inverse()).is_err());
                assert_eq!(Transform3A::<T>::default(), Transform3A::identity());
                assert_eq!(core::mem::align_of::<Transform3A<T>>(), 16.max(core::mem::align_of::<T>()));
            }
        }
    };
}

suite!(f64, 1e-12, f64_suite);
suite!(f32, 2e-5, f32_suite);

#[test]
fn an_f32_transform_is_64_bytes_as_glam_affine3a() {
    assert_eq!(core::mem::size_of::<xform::Transform3A<f32>>(), 64);
}
