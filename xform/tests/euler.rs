//! Euler angles, every sequence and both frames: the matrix against the product of
//! elementary rotations built independently (Rodrigues about the unit axes), round trips
//! matrix → angles → matrix and quaternion → angles, the rate matrices against the
//! derivative of the angle-to-matrix map by dual numbers (ω from `RᵀṘ` and `ṘRᵀ`), their
//! inverses, and the exactly singular configuration.
use approx::assert_relative_eq;
use dual::Dual;
use proptest::prelude::*;
use xform::euler::{EulerAngles, Frame, GimbalLock, Sequence};
use xform::{Matrix, Quaternion, Rotation, Vector};

const FRAMES: [Frame; 2] = [Frame::Intrinsic, Frame::Extrinsic];

/// `R` as the product of Rodrigues rotations about the unit axes, in application order.
fn independent(angles: [f64; 3], seq: Sequence, frame: Frame) -> Matrix<f64, 3, 3> {
    let r = |axis: usize, a: f64| *Rotation::from_axis_angle(&Vector::unit(axis), a).matrix();
    let [i, j, k] = seq.axes();
    let [a, b, c] = angles;
    match frame {
        Frame::Intrinsic => r(i, a) * r(j, b) * r(k, c),
        Frame::Extrinsic => r(k, c) * r(j, b) * r(i, a),
    }
}

fn max_diff(a: &Matrix<f64, 3, 3>, b: &Matrix<f64, 3, 3>) -> f64 {
    (*a - *b)
        .0
        .iter()
        .flatten()
        .fold(0.0, |m, d| m.max(d.abs()))
}

/// Angles in the principal ranges, the middle one at least 0.05 rad from the lock.
fn angles(seq: Sequence) -> impl Strategy<Value = [f64; 3]> {
    use core::f64::consts::{FRAC_PI_2, PI};
    let middle = if seq.is_proper() {
        0.05..PI - 0.05
    } else {
        -FRAC_PI_2 + 0.05..FRAC_PI_2 - 0.05
    };
    (-PI + 1e-9..PI, middle, -PI + 1e-9..PI).prop_map(|(a, b, c)| [a, b, c])
}

fn any_case() -> impl Strategy<Value = (Sequence, Frame, [f64; 3])> {
    (0usize..12, any::<bool>()).prop_flat_map(|(s, f)| {
        let seq = Sequence::ALL[s];
        let frame = FRAMES[usize::from(f)];
        angles(seq).prop_map(move |a| (seq, frame, a))
    })
}

fn vee(m: &Matrix<f64, 3, 3>) -> Vector<f64, 3> {
    Vector([m.0[2][1], m.0[0][2], m.0[1][0]])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn matrices_round_trips_and_quaternions((seq, frame, a) in any_case()) {
        let e = EulerAngles::new(a, seq, frame);
        let m = e.to_matrix();
        prop_assert!(max_diff(&m, &independent(a, seq, frame)) < 1e-14);
        prop_assert!(max_diff(&e.to_quaternion().to_matrix(), &m) < 1e-14);
        let back = EulerAngles::from_matrix(&m, seq, frame);
        for (x, y) in back.angles.iter().zip(a) {
            assert_relative_eq!(*x, y, epsilon = 1e-9);
        }
        let back = EulerAngles::from_quaternion(&e.to_quaternion(), seq, frame);
        prop_assert!(max_diff(&back.to_matrix(), &m) < 1e-13);
        // f32: the same round trip to single precision.
        let e32 = EulerAngles::new(a.map(|x| x as f32), seq, frame);
        let back32 = EulerAngles::from_matrix(&e32.to_matrix(), seq, frame);
        for (x, y) in back32.angles.iter().zip(a) {
            assert_relative_eq!(f64::from(*x), y, epsilon = 2e-3);
        }
    }

    #[test]
    fn rate_matrices_are_the_derivative_of_the_rotation(
        (seq, frame, a) in any_case(),
        rates in proptest::array::uniform3(-2.0f64..2.0),
    ) {
        // R(θ + ε θ̇): its ε part is Ṙ.
        let d: [Dual<f64>; 3] = core::array::from_fn(|k| Dual::new(a[k], rates[k]));
        let md = EulerAngles::new(d, seq, frame).to_matrix();
        let r = Matrix(md.0.map(|row| row.map(|x| x.re)));
        let rdot = Matrix(md.0.map(|row| row.map(|x| x.eps)));
        let e = EulerAngles::new(a, seq, frame);
        let body = vee(&(r.transpose() * rdot));
        let world = vee(&(rdot * r.transpose()));
        prop_assert!((e.body_rate_matrix() * Vector(rates) - body).norm() < 1e-12);
        prop_assert!((e.world_rate_matrix() * Vector(rates) - world).norm() < 1e-12);
        // The inverses give the rates back.
        let back = e.rates_from_body_omega(&body).unwrap();
        prop_assert!((back - Vector(rates)).norm() < 1e-9 / e.gimbal_distance());
        let back = e.rates_from_world_omega(&world).unwrap();
        prop_assert!((back - Vector(rates)).norm() < 1e-9 / e.gimbal_distance());
        // The quaternion rate agrees: q̇ = ½ q (0, ω_body) = ½ (0, ω_world) q.
        let qd = EulerAngles::new(d, seq, frame).to_quaternion();
        let q = Quaternion::new(qd.w.re, qd.x.re, qd.y.re, qd.z.re);
        let qdot = Quaternion::new(qd.w.eps, qd.x.eps, qd.y.eps, qd.z.eps);
        prop_assert!((q.derivative_body(&body) - qdot).norm() < 1e-12);
        prop_assert!((q.derivative_world(&world) - qdot).norm() < 1e-12);
    }
}

#[test]
fn exactly_at_gimbal_lock() {
    use core::f64::consts::FRAC_PI_2;
    for seq in Sequence::ALL {
        for frame in FRAMES {
            for b in if seq.is_proper() {
                [0.0, core::f64::consts::PI]
            } else {
                [FRAC_PI_2, -FRAC_PI_2]
            } {
                let e = EulerAngles::new([0.7, b, -0.4], seq, frame);
                let m = e.to_matrix();
                let back = EulerAngles::from_matrix(&m, seq, frame);
                // Only a ± c is defined: the angle applied last in the intrinsic twin is 0,
                // and the matrix is rebuilt.
                let zeroed = match frame {
                    Frame::Intrinsic => back.angles[2],
                    Frame::Extrinsic => back.angles[0],
                };
                assert_eq!(zeroed, 0.0, "{seq:?} {frame:?} b = {b}");
                assert!(
                    max_diff(&back.to_matrix(), &m) < 1e-14,
                    "{seq:?} {frame:?} b = {b}"
                );
                assert!(e.gimbal_distance() < 1e-15);
                let err = e
                    .rates_from_body_omega(&Vector([1.0, 0.0, 0.0]))
                    .unwrap_err();
                assert!(err.distance < 1e-15);
                assert!(matches!(
                    e.rates_from_world_omega(&Vector([0.0, 1.0, 0.0])),
                    Err(GimbalLock { .. })
                ));
                assert!(err.to_string().contains("gimbal lock"));
            }
        }
    }
}

#[test]
fn non_finite_input_gives_nan_angles() {
    let mut m = EulerAngles::new([0.1f64, 0.2, 0.3], Sequence::XYZ, Frame::Intrinsic).to_matrix();
    m.0[0][1] = f64::NAN;
    for seq in Sequence::ALL {
        assert!(
            EulerAngles::from_matrix(&m, seq, Frame::Intrinsic)
                .angles
                .iter()
                .all(|a| a.is_nan())
        );
    }
    let zero = Quaternion::new(0.0f64, 0.0, 0.0, 0.0);
    assert!(
        EulerAngles::from_quaternion(&zero, Sequence::ZYX, Frame::Extrinsic)
            .angles
            .iter()
            .all(|a| a.is_nan())
    );
    let e = EulerAngles::new([0.1f64, f64::NAN, 0.3], Sequence::ZYX, Frame::Intrinsic);
    assert!(e.rates_from_body_omega(&Vector([1.0, 0.0, 0.0])).is_err());
}
