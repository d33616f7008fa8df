//! `UnitQuaternion` against the rotation matrices it stands for: composition is the matrix
//! product, the inverse the transpose, `from_rotation` a round trip, and the checked
//! constructor accepts exactly the quaternions within its tolerance of the unit sphere.
use proptest::prelude::*;
use xform::{Error, Quaternion, UnitQuaternion, Vector};

fn quaternion() -> impl Strategy<Value = Quaternion<f64>> {
    proptest::array::uniform4(-1.0f64..1.0)
        .prop_filter("not tiny", |a| a.iter().map(|x| x * x).sum::<f64>() > 1e-4)
        .prop_map(|a| Quaternion::new(a[0], a[1], a[2], a[3]))
}

fn max_diff(a: &xform::Matrix<f64, 3, 3>, b: &xform::Matrix<f64, 3, 3>) -> f64 {
    (*a - *b)
        .0
        .iter()
        .flatten()
        .fold(0.0, |m, d| m.max(d.abs()))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn unit_quaternions_are_rotations(p in quaternion(), q in quaternion(), v in proptest::array::uniform3(-2.0f64..2.0)) {
        let (p, q) = (UnitQuaternion::try_normalized(p).unwrap(), UnitQuaternion::try_normalized(q).unwrap());
        let (mp, mq) = (p.to_matrix(), q.to_matrix());
        // Orthonormal with determinant 1.
        prop_assert!(max_diff(&(mp * mp.transpose()), &xform::Matrix::identity()) < 1e-14);
        approx::assert_relative_eq!(mp.determinant(), 1.0, epsilon = 1e-14);
        prop_assert!(max_diff(&(p * q).to_matrix(), &(mp * mq)) < 1e-14);
        prop_assert!(max_diff(&p.inverse().to_matrix(), &mp.transpose()) < 1e-14);
        let v = Vector(v);
        prop_assert!(((p * q).rotate(&v) - p.rotate(&q.rotate(&v))).norm() < 1e-13);
        let back = UnitQuaternion::from_rotation(&p.to_rotation());
        prop_assert!(max_diff(&back.to_matrix(), &mp) < 1e-14);
        prop_assert!(back.quaternion().w >= 0.0);
    }

    #[test]
    fn the_checked_constructor_honours_its_tolerance(q in quaternion(), off in -1e-6f64..1e-6) {
        let unit = q.normalize();
        let scaled = unit * (1.0 + off);
        let tolerance = 5e-7;
        let got = UnitQuaternion::try_new(scaled, tolerance);
        if off.abs() <= tolerance * 0.99 {
            prop_assert!(got.is_ok());
        } else if off.abs() >= tolerance * 1.01 {
            prop_assert_eq!(got, Err(Error::NotUnit));
        }
        prop_assert_eq!(UnitQuaternion::try_new(Quaternion::new(f64::NAN, 0.0, 0.0, 0.0), 1.0), Err(Error::NonFinite));
    }
}
