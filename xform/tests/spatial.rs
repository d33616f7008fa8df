//! Spatial algebra: every fast operation against its explicit 6x6 matrix, in both Plücker
//! conventions; power invariance; spatial cross products.
mod common;

macro_rules! spatial_suite {
    ($T:ty, $tol:expr, $name:ident) => {
        mod $name {
            use super::common::*;
            use proptest::prelude::*;
            use xform::{ArticulatedInertia, Error, Force, Inertia, Matrix, Motion, Plx, Plxb, Rotation, Transform, Vector};

            type T = $T;

            fn tol() -> T {
                $tol
            }

            fn vec3(range: core::ops::Range<f64>) -> impl Strategy<Value = Vector<T, 3>> {
                proptest::array::uniform3(range).prop_map(v)
            }

            fn rot() -> impl Strategy<Value = Rotation<T, 3>> {
                proptest::array::uniform3(ANGLE).prop_map(|a| rotation::<T, 3>(&a))
            }

            fn plx() -> impl Strategy<Value = Plx<T>> {
                (rot(), vec3(COORD)).prop_map(|(e, r)| Plx::new(e, r))
            }

            fn plxb() -> impl Strategy<Value = Plxb<T>> {
                (rot(), vec3(COORD)).prop_map(|(e, r)| Plxb::new(e, r))
            }

            fn motion() -> impl Strategy<Value = Motion<T>> {
                (vec3(UNIT), vec3(COORD)).prop_map(|(w, l)| Motion::new(w, l))
            }

            fn force() -> impl Strategy<Value = Force<T>> {
                (vec3(COORD), vec3(UNIT)).prop_map(|(n, f)| Force::new(n, f))
            }

            /// `[[a, b], [c, d]]` written out entry by entry.
            fn six(a: &Matrix<T, 3, 3>, b: &Matrix<T, 3, 3>, cc: &Matrix<T, 3, 3>, d: &Matrix<T, 3, 3>) -> Matrix<T, 6, 6> {
                let mut m = Matrix::zeros();
                for i in 0..3 {
                    for j in 0..3 {
                        m.0[i][j] = a.0[i][j];
                        m.0[i][j + 3] = b.0[i][j];
                        m.0[i + 3][j] = cc.0[i][j];
                        m.0[i + 3][j + 3] = d.0[i][j];
                    }
                }
                m
            }

            /// RBDA: plx(E, r) = rot(E) xlt(r) = [[E, 0], [0, E]] [[1, 0], [-r×, 1]].
            fn plx_explicit(x: &Plx<T>) -> Matrix<T, 6, 6> {
                let e = *x.rotation.matrix();
                let z = Matrix::zeros();
                let i = Matrix::identity();
                let rot = six(&e, &z, &z, &e);
                let xlt = six(&i, &z, &(-cross_matrix(&x.translation)), &i);
                matmul(&rot, &xlt)
            }

            /// TDS: plxb(E, r) = [[Eᵀ, 0], [-Eᵀ r×, Eᵀ]].
            fn plxb_explicit(y: &Plxb<T>) -> Matrix<T, 6, 6> {
                let et = y.rotation.matrix().transpose();
                let z = Matrix::zeros();
                six(&et, &z, &(-matmul(&et, &cross_matrix(&y.translation))), &et)
            }

            /// X* = X⁻ᵀ by Gauss-Jordan.
            fn dual_of(m: &Matrix<T, 6, 6>) -> Matrix<T, 6, 6> {
                m.try_inverse().unwrap().transpose()
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(96))]

                #[test]
                fn plx_against_6x6(x in plx(), m in motion(), f in force()) {
                    let mx = plx_explicit(&x);
                    prop_assert!(mat_close(&x.to_matrix(), &mx, tol(), c(20.0)));
                    prop_assert!(mat_close(&x.to_force_matrix(), &dual_of(&mx), tol(), c(20.0)));
                    prop_assert!(vec_close(&x.apply_motion(&m).to_vector(), &matvec(&mx, &m.to_vector()), tol(), c(40.0)));
                    prop_assert!(vec_close(&(x * m).to_vector(), &matvec(&mx, &m.to_vector()), tol(), c(40.0)));
                    prop_assert!(vec_close(&x.apply_force(&f).to_vector(), &matvec(&dual_of(&mx), &f.to_vector()), tol(), c(40.0)));
                    prop_assert!(vec_close(&(x * f).to_vector(), &matvec(&dual_of(&mx), &f.to_vector()), tol(), c(40.0)));
                    let inv = mx.try_inverse().unwrap();
                    prop_assert!(mat_close(&x.inverse().to_matrix(), &inv, tol(), c(20.0)));
                    prop_assert!(vec_close(&x.inverse_apply_motion(&m).to_vector(), &matvec(&inv, &m.to_vector()), tol(), c(40.0)));
                    prop_assert!(vec_close(&x.inverse_apply_force(&f).to_vector(), &matvec(&mx.transpose(), &f.to_vector()), tol(), c(40.0)));
                }

                #[test]
                fn plxb_against_6x6(y in plxb(), m in motion(), f in force()) {
                    let my = plxb_explicit(&y);
                    prop_assert!(mat_close(&y.to_matrix(), &my, tol(), c(20.0)));
                    prop_assert!(mat_close(&y.to_force_matrix(), &dual_of(&my), tol(), c(20.0)));
                    prop_assert!(vec_close(&y.apply_motion(&m).to_vector(), &matvec(&my, &m.to_vector()), tol(), c(40.0)));
                    prop_assert!(vec_close(&y.apply_force(&f).to_vector(), &matvec(&dual_of(&my), &f.to_vector()), tol(), c(40.0)));
                    let inv = my.try_inverse().unwrap();
                    prop_assert!(mat_close(&y.inverse().to_matrix(), &inv, tol(), c(20.0)));
                    prop_assert!(vec_close(&y.inverse_apply_motion(&m).to_vector(), &matvec(&inv, &m.to_vector()), tol(), c(40.0)));
                    prop_assert!(vec_close(&y.inverse_apply_force(&f).to_vector(), &matvec(&my.transpose(), &f.to_vector()), tol(), c(40.0)));
                    // The two conventions describe the same matrices.
                    prop_assert!(mat_close(&y.to_plx().to_matrix(), &my, tol(), c(20.0)));
                    prop_assert_eq!(y.to_plx().to_plxb(), y);
                }

                #[test]
                fn compose_matches_matrix_products(x1 in plx(), x2 in plx(), y1 in plxb(), y2 in plxb()) {
                    // Left-associative: matrix of x1 * x2 is X1 X2.
                    let prod = matmul(&plx_explicit(&x1), &plx_explicit(&x2));
                    prop_assert!(mat_close(&(x1 * x2).to_matrix(), &prod, tol(), c(400.0)));
                    // Right-associative: matrix of y1 * y2 is Y2 Y1.
                    let prod_b = matmul(&plxb_explicit(&y2), &plxb_explicit(&y1));
                    prop_assert!(mat_close(&(y1 * y2).to_matrix(), &prod_b, tol(), c(400.0)));
                    let mut acc = x1;
                    acc *= x2;
                    prop_assert_eq!(acc, x1 * x2);
                    let mut acc_b = y1;
                    acc_b *= y2;
                    prop_assert_eq!(acc_b, y1 * y2);
                }

                #[test]
                fn group_laws(x1 in plx(), x2 in plx(), x3 in plx(), y1 in plxb(), y2 in plxb(), y3 in plxb()) {
                    prop_assert!(mat_close(&((x1 * x2) * x3).to_matrix(), &(x1 * (x2 * x3)).to_matrix(), tol(), c(4000.0)));
                    prop_assert!(mat_close(&((y1 * y2) * y3).to_matrix(), &(y1 * (y2 * y3)).to_matrix(), tol(), c(4000.0)));
                    prop_assert!(mat_close(&(x1 * x1.inverse()).to_matrix(), &Matrix::identity(), tol(), c(40.0)));
                    prop_assert!(mat_close(&(y1.inverse() * y1).to_matrix(), &Matrix::identity(), tol(), c(40.0)));
                    prop_assert_eq!(x1 * Plx::identity(), x1);
                    prop_assert_eq!(Plxb::identity() * y1, y1);
                }

                #[test]
                fn power_is_invariant(x in plx(), y in plxb(), m in motion(), f in force()) {
                    let p = m.dot(&f);
                    let px = x.apply_motion(&m).dot(&x.apply_force(&f));
                    let py = y.apply_motion(&m).dot(&y.apply_force(&f));
                    prop_assert!(slices_close(&[px, py, f.dot(&m)], &[p, p, p], tol(), c(400.0)));
                    // The 6-vector pairing is the plain dot product.
                    prop_assert!(slices_close(&[m.to_vector().dot(&f.to_vector())], &[p], tol(), c(100.0)));
                }

                #[test]
                fn cross_products(m in motion(), m2 in motion(), m3 in motion(), f in force(), x in plx()) {
                    let (w, l) = (cross_matrix(&m.angular), cross_matrix(&m.linear));
                    let z = Matrix::zeros();
                    let crm = six(&w, &z, &l, &w);
                    prop_assert!(mat_close(&m.cross_motion_matrix(), &crm, tol(), c(1.0)));
                    prop_assert!(mat_close(&m.cross_force_matrix(), &(-crm.transpose()), tol(), c(1.0)));
                    prop_assert!(vec_close(&m.cross_motion(&m2).to_vector(), &matvec(&crm, &m2.to_vector()), tol(), c(100.0)));
                    prop_assert!(vec_close(&m.cross_force(&f).to_vector(), &matvec(&(-crm.transpose()), &f.to_vector()), tol(), c(100.0)));
                    // Duality: m2 · (m ×* f) = -(m × m2) · f.
                    let lhs = m2.dot(&m.cross_force(&f));
                    let rhs = -m.cross_motion(&m2).dot(&f);
                    prop_assert!(slices_close(&[lhs], &[rhs], tol(), c(1000.0)));
                    // Jacobi identity of the motion cross product.
                    let jacobi = m.cross_motion(&m2.cross_motion(&m3))
                        + m2.cross_motion(&m3.cross_motion(&m))
                        + m3.cross_motion(&m.cross_motion(&m2));
                    prop_assert!(jacobi.to_vector().amax() <= tol() * c::<T>(10000.0));
                    // Transforms commute with the cross products: X(m × m2) = Xm × Xm2.
                    let lhs = x.apply_motion(&m.cross_motion(&m2));
                    let rhs = x.apply_motion(&m).cross_motion(&x.apply_motion(&m2));
                    prop_assert!(vec_close(&lhs.to_vector(), &rhs.to_vector(), tol(), c(4000.0)));
                    let lhs = x.apply_force(&m.cross_force(&f));
                    let rhs = x.apply_motion(&m).cross_force(&x.apply_force(&f));
                    prop_assert!(vec_close(&lhs.to_vector(), &rhs.to_vector(), tol(), c(4000.0)));
                }

                #[test]
                fn rigid_transform_moves_point_velocities(
                    angles in proptest::array::uniform3(ANGLE),
                    t in vec3(COORD),
                    m in motion(),
                    p in vec3(COORD),
                    fvec in vec3(UNIT),
                ) {
                    // Child-to-parent pose A(p) = R p + t; body velocity m in child coordinates.
                    let r = rotation::<T, 3>(&angles);
                    let a = Transform::new(t, r, c(1.0));
                    let x = Plx::from_rigid_child_to_parent(&a);
                    let m_parent = x.apply_motion(&m);
                    // The velocity of the body point p, expressed in the parent.
                    let expected = matvec(r.matrix(), &m.point_velocity(&p));
                    prop_assert!(vec_close(&m_parent.point_velocity(&a.apply_point(&p)), &expected, tol(), c(400.0)));
                    // The same map in the TDS convention is the inverse of the body transform.
                    let y = Plxb::from_rigid_pose(&a);
                    prop_assert!(vec_close(&y.inverse_apply_motion(&m).to_vector(), &m_parent.to_vector(), tol(), c(400.0)));
                    // A force applied at p (child) has the same moment about A(p) in the parent.
                    let f = Force::at_point(fvec, &p);
                    let fp = x.apply_force(&f);
                    let expected_f = Force::at_point(matvec(r.matrix(), &fvec), &a.apply_point(&p));
                    prop_assert!(vec_close(&fp.to_vector(), &expected_f.to_vector(), tol(), c(400.0)));
                }
            }

            /// A random rigid body: mass, centre of mass, and a positive definite inertia at
            /// the centre of mass `R diag(d) Rᵀ` with principal moments obeying the triangle
            /// inequality (a physical body).
            fn inertia() -> impl Strategy<Value = Inertia<T>> {
                (0.1..5.0f64, vec3(UNIT), rot(), proptest::array::uniform3(0.1..1.0f64)).prop_map(|(m, com, r, p)| {
                    let d = [p[1] + p[2], p[0] + p[2], p[0] + p[1]];
                    let diag = Matrix::from_diagonal(v(d));
                    let ic = matmul(&matmul(r.matrix(), &diag), &r.matrix().transpose());
                    Inertia::new(c(m), com, ic)
                })
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(96))]

                #[test]
                fn inertia_against_6x6(i in inertia(), j in inertia(), m in motion(), x in plx(), y in plxb()) {
                    // RBDA (2.63): I = [[I_c + m c× c×ᵀ, m c×], [m c×ᵀ, m 1]] from the centre of mass.
                    let com = i.com();
                    let cx = cross_matrix(&com);
                    let ic = i.inertia_at_com();
                    let explicit = six(
                        &(ic + matmul(&cx, &cx.transpose()) * i.mass),
                        &(cx * i.mass),
                        &(cx.transpose() * i.mass),
                        &(Matrix::identity() * i.mass),
                    );
                    prop_assert!(mat_close(&i.to_matrix(), &explicit, tol(), c(100.0)));
                    prop_assert!(vec_close(&i.apply(&m).to_vector(), &matvec(&explicit, &m.to_vector()), tol(), c(400.0)));
                    prop_assert!(mat_close(&(i + j).to_matrix(), &(i.to_matrix() + j.to_matrix()), tol(), c(100.0)));
                    let ke = m.to_vector().dot(&matvec(&explicit, &m.to_vector())) * c::<T>(0.5);
                    prop_assert!(slices_close(&[i.kinetic_energy(&m)], &[ke], tol(), c(1000.0)));
                    // Changes of frame against X* I X⁻¹ and Xᵀ I X, both conventions.
                    let mx = plx_explicit(&x);
                    let inv = mx.try_inverse().unwrap();
                    let fwd = matmul(&matmul(&dual_of(&mx), &explicit), &inv);
                    prop_assert!(mat_close(&x.apply_inertia(&i).to_matrix(), &fwd, tol(), c(4000.0)));
                    let back = matmul(&matmul(&mx.transpose(), &explicit), &mx);
                    prop_assert!(mat_close(&x.inverse_apply_inertia(&i).to_matrix(), &back, tol(), c(4000.0)));
                    let my = plxb_explicit(&y);
                    let fwd = matmul(&matmul(&dual_of(&my), &explicit), &my.try_inverse().unwrap());
                    prop_assert!(mat_close(&y.apply_inertia(&i).to_matrix(), &fwd, tol(), c(4000.0)));
                    let back = matmul(&matmul(&my.transpose(), &explicit), &my);
                    prop_assert!(mat_close(&y.inverse_apply_inertia(&i).to_matrix(), &back, tol(), c(4000.0)));
                    // Kinetic energy does not depend on the frame it is computed in.
                    let ke_b = x.apply_inertia(&i).kinetic_energy(&x.apply_motion(&m));
                    prop_assert!(slices_close(&[ke_b], &[ke], tol(), c(10000.0)));
                }

                #[test]
                fn articulated_against_6x6(i in inertia(), j in inertia(), u in force(), s in 0.1..2.0f64, m in motion(), x in plx()) {
                    // A general symmetric articulated inertia: a rigid one less a rank-one term.
                    let mut a = ArticulatedInertia::from(i) + ArticulatedInertia::from(j);
                    a.sub_scaled_outer(&u, c(s));
                    let uv = u.to_vector();
                    let explicit = i.to_matrix() + j.to_matrix() - uv.outer(&uv) * c::<T>(s);
                    prop_assert!(mat_close(&a.to_matrix(), &explicit, tol(), c(400.0)));
                    prop_assert!(mat_close(&(a - ArticulatedInertia::from(j)).to_matrix(), &(explicit - j.to_matrix()), tol(), c(400.0)));
                    prop_assert!(vec_close(&a.apply(&m).to_vector(), &matvec(&explicit, &m.to_vector()), tol(), c(4000.0)));
                    let mx = plx_explicit(&x);
                    let fwd = matmul(&matmul(&dual_of(&mx), &explicit), &mx.try_inverse().unwrap());
                    prop_assert!(mat_close(&x.apply_articulated(&a).to_matrix(), &fwd, tol(), c(40000.0)));
                    let back = matmul(&matmul(&mx.transpose(), &explicit), &mx);
                    prop_assert!(mat_close(&x.inverse_apply_articulated(&a).to_matrix(), &back, tol(), c(40000.0)));
                }
            }

            #[test]
            fn inertia_checks() {
                let ok = Inertia::<T>::try_new(c(1.0), v([0.0, 1.0, 0.0]), Matrix::identity());
                assert_eq!(ok, Ok(Inertia::new(c(1.0), v([0.0, 1.0, 0.0]), Matrix::identity())));
                assert_eq!(Inertia::<T>::try_new(c(-1.0), v([0.0; 3]), Matrix::identity()), Err(Error::Singular));
                assert_eq!(Inertia::<T>::try_new(<T as num_traits::Float>::nan(), v([0.0; 3]), Matrix::identity()), Err(Error::NonFinite));
                let mut skewed = Matrix::<T, 3, 3>::identity();
                skewed.0[0][1] = c(0.5);
                assert_eq!(Inertia::<T>::try_new(c(1.0), v([0.0; 3]), skewed), Err(Error::Singular));
                // Symmetric with positive diagonal, but indefinite (a 2×2 minor is negative).
                let mut indefinite = Matrix::<T, 3, 3>::identity();
                indefinite.0[0][1] = c(2.0);
                indefinite.0[1][0] = c(2.0);
                assert_eq!(Inertia::<T>::try_new(c(1.0), v([0.0; 3]), indefinite), Err(Error::Singular));
                assert!(Inertia::<T>::try_new(c(0.0), v([0.0; 3]), Matrix::zeros()).is_ok());
                assert_eq!(Inertia::<T>::default(), Inertia::zero());
                assert!(!Inertia::<T>::zero().com().is_finite());
            }

            #[test]
            fn constructors() {
                let r = rotation::<T, 3>(&[0.3, -1.1, 2.0]);
                let t = v([1.0, -2.0, 0.5]);
                assert_eq!(Plx::from_rotation(r) * Plx::from_translation(t), Plx::new(r, t));
                assert_eq!(Motion::<T>::default(), Motion::zero());
                assert_eq!(Force::<T>::default(), Force::zero());
                let m = Motion::<T>::new(v([1.0, 2.0, 3.0]), v([4.0, 5.0, 6.0]));
                assert_eq!(Motion::from_vector(&m.to_vector()), m);
            }
        }
    };
}

spatial_suite!(f64, 1e-9, f64_suite);
spatial_suite!(f32, 2e-4, f32_suite);

/// The seed's force transforms `X⁻ᵀ = [[Eᵀ, -r× Eᵀ], [0, Eᵀ]]` (plx) and
/// `Y⁻ᵀ = [[E, r× E], [0, E]]` (plxb) do not conserve power once `E ≠ 1`; the implemented
/// ones do.
#[test]
fn seed_force_transforms_break_power_invariance() {
    use xform::{Force, Matrix, Motion, Plx, Plxb, Rotation, Vector};
    let e = Rotation::from_axis_angle(&Vector([0.0f64, 0.6, 0.8]), 0.9);
    let r = Vector([1.0, -2.0, 0.5]);
    let m = Motion::new(Vector([0.1, 0.2, -0.3]), Vector([1.0, 0.0, 2.0]));
    let f = Force::new(Vector([0.5, -1.0, 0.0]), Vector([0.0, 3.0, 1.0]));
    let power = m.dot(&f);
    let block = |a: Matrix<f64, 3, 3>, b: Matrix<f64, 3, 3>, d: Matrix<f64, 3, 3>| {
        let mut x = Matrix::<f64, 6, 6>::zeros();
        x.set_block(0, 0, &a);
        x.set_block(0, 3, &b);
        x.set_block(3, 3, &d);
        x
    };
    let (em, rx) = (*e.matrix(), common::cross_matrix(&r));
    let et = em.transpose();

    let x = Plx::new(e, r);
    let seed_x = block(et, -(rx * et), et);
    let seed_power = x
        .apply_motion(&m)
        .to_vector()
        .dot(&(seed_x * f.to_vector()));
    assert!(
        (seed_power - power).abs() > 1e-3,
        "seed plx force transform: {seed_power} vs {power}"
    );
    assert!((x.apply_motion(&m).dot(&x.apply_force(&f)) - power).abs() < 1e-12);

    let y = Plxb::new(e, r);
    let seed_y = block(em, rx * em, em);
    let seed_power = y
        .apply_motion(&m)
        .to_vector()
        .dot(&(seed_y * f.to_vector()));
    assert!(
        (seed_power - power).abs() > 1e-3,
        "seed plxb force transform: {seed_power} vs {power}"
    );
    assert!((y.apply_motion(&m).dot(&y.apply_force(&f)) - power).abs() < 1e-12);
}
