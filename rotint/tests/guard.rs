//! The rotation-per-step guard and input validation: errors instead of garbage or NaN.
mod common;

use rotint::{BodyInertia, Error, ExpMap, Frame, Guard, GyroScheme, MagnusTerms, Stepper};
use xform::{Quaternion, Vector};

#[test]
fn reject_policy_reports_a_too_large_step() {
    let st = Stepper::<f64>::new().with_guard(Guard::Reject);
    let w = Vector([0.0, 0.0, 10.0]);
    let z = Vector([0.0; 3]);
    // 10 rad/s × 0.2 s = 2 rad < π/√2 ≈ 2.22: accepted; 0.25 s = 2.5 rad: rejected.
    assert!(st.step(Quaternion::identity(), w, z, 0.2).is_ok());
    assert_eq!(
        st.step(Quaternion::identity(), w, z, 0.25),
        Err(Error::StepTooLarge)
    );
    // The bound uses the larger end velocity: from rest with α = 400 rad/s², ω' = 40 rad/s
    // after 0.1 s, a 4 rad bound.
    assert_eq!(
        st.step(Quaternion::identity(), z, Vector([0.0, 400.0, 0.0]), 0.1),
        Err(Error::StepTooLarge)
    );
}

#[test]
fn substeps_are_counted_from_the_bound_and_limited() {
    let st = Stepper::<f64>::new().try_with_max_angle(0.5).unwrap();
    let z = Vector([0.0; 3]);
    assert_eq!(st.substeps(Vector([0.0, 3.0, 4.0]), z, 0.1), Ok(1)); // 0.5 rad exactly
    assert_eq!(st.substeps(Vector([0.0, 3.0, 4.0]), z, 0.3), Ok(3)); // 1.5 rad
    let st = st.with_guard(Guard::Substep { max_substeps: 2 });
    assert_eq!(
        st.substeps(Vector([0.0, 3.0, 4.0]), z, 0.3),
        Err(Error::TooManySubsteps)
    );
    assert_eq!(
        st.step(Quaternion::identity(), Vector([0.0, 3.0, 4.0]), z, 0.3),
        Err(Error::TooManySubsteps)
    );
}

#[test]
fn substepping_equals_explicit_smaller_steps_and_stays_accurate() {
    // 6 rad in one call: the guard splits it into 6 substeps of at most 1 rad.
    let st = Stepper::<f64>::new()
        .with_frame(Frame::World) // the reference below integrates world-frame ω
        .with_exp_map(ExpMap::Exact)
        .with_terms(MagnusTerms::Four)
        .try_with_max_angle(1.0)
        .unwrap();
    let (w, a) = (Vector([2.0, -3.0, 1.0]), Vector([4.0, 1.0, -2.0]));
    let dt = 0.6;
    let n = st.substeps(w, a, dt).unwrap();
    assert!(n > 1);
    let (q, w1) = st.step(Quaternion::identity(), w, a, dt).unwrap();
    let h = dt / f64::from(n);
    let (mut qm, mut wm) = (Quaternion::identity(), w);
    for _ in 0..n {
        qm = st.step_unguarded(qm, wm, a, h);
        wm += a * h;
    }
    assert!(common::angle_between([q.w, q.x, q.y, q.z], [qm.w, qm.x, qm.y, qm.z]) < 1e-13);
    assert!((w1 - (w + a * dt)).amax() < 1e-15);
    let r = common::reference([1.0, 0.0, 0.0, 0.0], w.0, a.0, dt, 1 << 14, true);
    let err = common::angle_between([q.w, q.x, q.y, q.z], r);
    assert!(err < 1e-4, "error {err}");
}

#[test]
fn non_finite_inputs_are_errors_not_nan() {
    let st = Stepper::<f64>::new();
    let ok = Vector([0.1, 0.2, 0.3]);
    let bad = Vector([0.1, f64::NAN, 0.3]);
    let q = Quaternion::identity();
    assert_eq!(st.step(q, bad, ok, 0.01), Err(Error::NonFinite));
    assert_eq!(st.step(q, ok, bad, 0.01), Err(Error::NonFinite));
    assert_eq!(st.step(q, ok, ok, f64::INFINITY), Err(Error::NonFinite));
    assert_eq!(
        st.step(Quaternion::new(f64::NAN, 0.0, 0.0, 0.0), ok, ok, 0.01),
        Err(Error::NonFinite)
    );
    assert_eq!(
        st.step_matrix(xform::Matrix::identity(), ok, bad, 0.01),
        Err(Error::NonFinite)
    );
    let inertia = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0])).unwrap();
    assert_eq!(
        st.step_with_torque(q, ok, bad, 0.01, &inertia, GyroScheme::Explicit),
        Err(Error::NonFinite)
    );
    assert_eq!(
        inertia.advance_omega(bad, ok, 0.01, GyroScheme::implicit_midpoint()),
        Err(Error::NonFinite)
    );
    // Overflowing ω: the bound is infinite, which is an error too.
    let huge = Vector([f64::MAX, f64::MAX, 0.0]);
    assert_eq!(st.step(q, huge, ok, 0.01), Err(Error::NonFinite));
}

#[test]
fn zero_or_overflowing_orientation_is_an_error_not_nan() {
    let ok = Vector([0.1, 0.2, 0.3]);
    let st = Stepper::<f64>::new();
    let zero = Quaternion::new(0.0, 0.0, 0.0, 0.0);
    assert_eq!(st.step(zero, ok, ok, 0.01), Err(Error::InvalidOrientation));
    let inertia = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0])).unwrap();
    assert_eq!(
        st.step_with_torque(zero, ok, ok, 0.01, &inertia, GyroScheme::Explicit),
        Err(Error::InvalidOrientation)
    );
    // |q|² overflows in f32 from |q| ≈ 1.8e19 on: the product's norm cannot be formed.
    let st32 = Stepper::<f32>::new();
    let ok32 = Vector([0.1f32, 0.2, 0.3]);
    let huge = Quaternion::new(1e20f32, 0.0, 0.0, 0.0);
    assert_eq!(
        st32.step(huge, ok32, ok32, 0.01),
        Err(Error::InvalidOrientation)
    );
    // A merely unnormalized q is fine: the step normalizes it.
    let (q, _) = st
        .step(Quaternion::new(2.0, 0.0, 0.0, 0.0), ok, ok, 0.01)
        .unwrap();
    assert!((q.norm() - 1.0).abs() < 4.0 * f64::EPSILON);
    assert!(!Error::InvalidOrientation.to_string().is_empty());
}

#[test]
fn midpoint_reports_non_convergence() {
    let inertia = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0])).unwrap();
    let w = Vector([1.0, 2.0, 3.0]);
    let scheme = GyroScheme::ImplicitMidpoint {
        tolerance: 0.0,
        max_iterations: 3,
    };
    assert_eq!(
        inertia.advance_omega(w, Vector([0.0; 3]), 0.01, scheme),
        Err(Error::NotConverged)
    );
}

#[test]
fn max_angle_is_validated() {
    let st = Stepper::<f64>::new();
    for bad in [0.0, -1.0, 3.2, f64::NAN] {
        assert_eq!(st.try_with_max_angle(bad), Err(Error::InvalidParameter));
    }
    assert_eq!(
        st.try_with_max_angle(core::f64::consts::PI)
            .map(|s| s.max_angle()),
        Ok(core::f64::consts::PI)
    );
    assert!((st.max_angle() - core::f64::consts::PI / 2f64.sqrt()).abs() < 1e-15);
}

#[test]
fn zero_dt_and_errors_display() {
    let st = Stepper::<f64>::new();
    let inertia = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0])).unwrap();
    let q = rotint::quat_exp(Vector([0.1, 0.2, 0.3]));
    let w = Vector([1.0, 2.0, 3.0]);
    assert_eq!(
        st.step_with_torque(q, w, w, 0.0, &inertia, GyroScheme::implicit_midpoint()),
        Ok((q, w))
    );
    let (q1, w1) = st.step(q, w, w, 0.0).unwrap();
    assert!(
        common::angle_between([q1.w, q1.x, q1.y, q1.z], [q.w, q.x, q.y, q.z]) < 1e-15 && w1 == w
    );
    for e in [
        Error::NonFinite,
        Error::StepTooLarge,
        Error::TooManySubsteps,
        Error::InvalidInertia,
        Error::InvalidParameter,
        Error::NotConverged,
    ] {
        let text = e.to_string();
        assert!(!text.is_empty());
        let _: &dyn core::error::Error = &e;
    }
}

/// Explicit Euler's divergence is reported, never silent: on its own (`advance_omega`) the
/// values overflow into `NonFinite`; inside a step the substep guard sees the rotation per
/// step outgrow 64 substeps first and stops with `TooManySubsteps`, before anything overflows.
#[test]
fn explicit_divergence_ends_in_a_documented_error() {
    let inertia = BodyInertia::try_from_principal(Vector([3.0, 5.0, 9.0])).unwrap();
    let start = Vector([0.01f64, 2.0, 0.01]);
    let mut w = start;
    let mut ended = None;
    for _ in 0..200_000 {
        match inertia.advance_omega(w, Vector([0.0; 3]), 0.01, GyroScheme::Explicit) {
            Ok(next) => w = next,
            Err(e) => {
                ended = Some(e);
                break;
            }
        }
    }
    assert_eq!(ended, Some(Error::NonFinite));
    let st = Stepper::<f64>::new();
    let (mut q, mut w) = (Quaternion::identity(), start);
    let mut ended = None;
    for _ in 0..200_000 {
        match st.step_with_torque(q, w, Vector([0.0; 3]), 0.01, &inertia, GyroScheme::Explicit) {
            Ok((q1, w1)) => (q, w) = (q1, w1),
            Err(e) => {
                ended = Some(e);
                break;
            }
        }
    }
    assert_eq!(ended, Some(Error::TooManySubsteps));
    assert!(w.is_finite() && q.is_finite());
}

#[test]
fn an_implicit_midpoint_tolerance_out_of_range_is_invalid() {
    let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0f64])).unwrap();
    let w = Vector([0.3, 1.0, -0.2]);
    for tolerance in [-1e-12, f64::NAN, f64::INFINITY] {
        let scheme = GyroScheme::ImplicitMidpoint {
            tolerance,
            max_iterations: 50,
        };
        assert_eq!(
            i.advance_omega(w, Vector([0.0; 3]), 0.01, scheme),
            Err(Error::InvalidParameter),
            "tolerance {tolerance}"
        );
    }
    let ok = GyroScheme::ImplicitMidpoint {
        tolerance: 1e-14,
        max_iterations: 50,
    };
    assert!(i.advance_omega(w, Vector([0.0; 3]), 0.01, ok).is_ok());
}
