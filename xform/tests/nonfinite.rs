//! Non-finite input never comes out as a plausible rotation: a NaN or infinite entry in a
//! rotation matrix, a quaternion or an interpolation parameter gives NaN (issue: a NaN matrix
//! used to give the half turn (0, π, 0), a slerp towards NaN returned its start).
use proptest::prelude::*;
use xform::rodrigues::{
    axis_angle_from_matrix, matrix_from_axis_angle, rotation_vector_from_matrix,
};
use xform::{Quaternion, Rotation, Vector};

fn bad() -> impl Strategy<Value = f64> {
    prop_oneof![Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY)]
}

fn rotation() -> impl Strategy<Value = (Vector<f64, 3>, f64)> {
    (proptest::array::uniform3(-1.0f64..1.0), 0.0f64..3.1)
        .prop_filter("an axis", |(a, _)| {
            a.iter().map(|x| x * x).sum::<f64>() > 0.01
        })
        .prop_map(|(a, angle)| (Vector(a).normalize(), angle))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_broken_matrix_has_no_rotation_vector(
        (axis, angle) in rotation(), row in 0usize..3, col in 0usize..3, x in bad(),
    ) {
        let mut m = matrix_from_axis_angle(&axis, angle);
        // Finite input is untouched: the round trip holds.
        let v = rotation_vector_from_matrix(&m);
        prop_assert!((v - axis * angle).norm() < 1e-12);
        m.0[row][col] = x;
        prop_assert!(rotation_vector_from_matrix(&m).0.iter().all(|c| c.is_nan()));
        let (a, t) = axis_angle_from_matrix(&m);
        prop_assert!(t.is_nan() && a.0.iter().all(|c| c.is_nan()));
        let r = Rotation::from_matrix_unchecked(m);
        prop_assert!(r.to_rotation_vector().0.iter().all(|c| c.is_nan()));
        prop_assert!(r.to_axis_angle().1.is_nan());
    }

    #[test]
    fn slerp_towards_or_from_a_broken_quaternion_is_nan(
        (axis, angle) in rotation(), part in 0usize..4, x in bad(), t in 0.0f64..1.0,
    ) {
        let q = Quaternion::from_axis_angle(&axis, angle);
        let id = Quaternion::identity();
        prop_assert!(id.slerp(&q, t).is_finite());
        let mut parts = [q.w, q.x, q.y, q.z];
        parts[part] = x;
        let broken = Quaternion::new(parts[0], parts[1], parts[2], parts[3]);
        for r in [id.slerp(&broken, t), broken.slerp(&id, t), id.slerp(&q, x)] {
            prop_assert!([r.w, r.x, r.y, r.z].iter().all(|c| c.is_nan()), "{:?}", r);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Huge and tiny quaternions: the norm, normalize, inverse and log keep their meaning
    /// over the whole finite range (|q|² would overflow or underflow), and exp of a huge
    /// vector is a unit quaternion.
    #[test]
    fn extreme_scales_keep_their_meaning(
        (axis, angle) in rotation(), exponent in -300i32..300, v in proptest::array::uniform3(-1.0f64..1.0),
    ) {
        let q = Quaternion::from_axis_angle(&axis, angle);
        let s = 10f64.powi(exponent);
        let big = Quaternion::new(q.w * s, q.x * s, q.y * s, q.z * s);
        approx::assert_relative_eq!(big.norm(), s, max_relative = 1e-14);
        let n = big.normalize();
        prop_assert!((n - q).norm() < 1e-14);
        let one = big * big.try_inverse().unwrap();
        prop_assert!((one - Quaternion::identity()).norm() < 1e-13);
        let l = big.try_log().unwrap();
        let lq = q.log();
        approx::assert_relative_eq!(l.w, s.ln() + lq.w, epsilon = 1e-12, max_relative = 1e-14);
        prop_assert!((l.vector() - lq.vector()).norm() < 1e-13);
        let huge = Quaternion::from_parts(0.0, Vector(v) * 1e300).exp();
        prop_assert!(huge.is_finite());
        approx::assert_relative_eq!(huge.norm(), 1.0, max_relative = 1e-14);
    }
}
