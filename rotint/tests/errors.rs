//! One test per documented error of every fallible function in `rotint` (issue 20: the
//! error variants match the docs). Each test triggers exactly the condition the docs name.
use rotint::{BodyInertia, Error, ExpMap, Frame, Guard, GyroScheme, MagnusTerms, Stepper};
use xform::{Matrix, Quaternion, Vector};

fn inertia() -> BodyInertia<f64> {
    BodyInertia::try_from_principal(Vector([3.0, 5.0, 9.0])).unwrap()
}

const OK: Vector<f64, 3> = Vector([0.5, -0.2, 0.1]);
const ZERO: Vector<f64, 3> = Vector([0.0; 3]);

// ---- BodyInertia::try_new / try_from_principal: InvalidInertia in each named case.

#[test]
fn inertia_not_finite() {
    let mut t = Matrix::from_diagonal(Vector([3.0, 5.0, 9.0]));
    t.0[1][2] = f64::NAN;
    assert_eq!(BodyInertia::try_new(t), Err(Error::InvalidInertia));
}

#[test]
fn inertia_not_symmetric() {
    let mut t = Matrix::from_diagonal(Vector([3.0, 5.0, 9.0]));
    t.0[0][1] = 0.1;
    assert_eq!(BodyInertia::try_new(t), Err(Error::InvalidInertia));
}

#[test]
fn inertia_not_positive_definite() {
    let t = Matrix([[1.0, 2.0, 0.0], [2.0, 1.0, 0.0], [0.0, 0.0, 1.0]]);
    assert_eq!(BodyInertia::try_new(t), Err(Error::InvalidInertia));
    assert_eq!(
        BodyInertia::try_from_principal(Vector([1.0, 0.0, 2.0])),
        Err(Error::InvalidInertia)
    );
    assert_eq!(
        BodyInertia::try_from_principal(Vector([1.0, -1.0, 2.0])),
        Err(Error::InvalidInertia)
    );
}

// ---- BodyInertia::advance_omega

#[test]
fn advance_omega_non_finite_input() {
    let i = inertia();
    let bad = Vector([f64::NAN, 0.0, 0.0]);
    for scheme in [
        GyroScheme::Explicit,
        GyroScheme::ImplicitEulerNewton,
        GyroScheme::implicit_midpoint(),
    ] {
        assert_eq!(
            i.advance_omega(bad, ZERO, 0.01, scheme),
            Err(Error::NonFinite)
        );
        assert_eq!(
            i.advance_omega(OK, bad, 0.01, scheme),
            Err(Error::NonFinite)
        );
        assert_eq!(
            i.advance_omega(OK, ZERO, f64::INFINITY, scheme),
            Err(Error::NonFinite)
        );
    }
}

#[test]
fn advance_omega_non_finite_result() {
    // Explicit Euler of a huge spin overflows in one step.
    let w = Vector([1e160, 2e160, 3e160]);
    let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0])).unwrap();
    assert_eq!(
        i.advance_omega(w, ZERO, 1.0, GyroScheme::Explicit),
        Err(Error::NonFinite)
    );
}

#[test]
fn advance_omega_invalid_tolerance() {
    let i = inertia();
    for tolerance in [-1e-12, f64::NAN, f64::INFINITY] {
        let scheme = GyroScheme::ImplicitMidpoint {
            tolerance,
            max_iterations: 16,
        };
        assert_eq!(
            i.advance_omega(OK, ZERO, 0.01, scheme),
            Err(Error::InvalidParameter)
        );
    }
}

#[test]
fn advance_omega_not_converged() {
    // Zero tolerance and one iteration: the update is never exactly zero after one step.
    let scheme = GyroScheme::ImplicitMidpoint {
        tolerance: 0.0,
        max_iterations: 1,
    };
    let w = Vector([0.3, 2.0, -0.7]);
    assert_eq!(
        inertia().advance_omega(w, ZERO, 0.1, scheme),
        Err(Error::NotConverged)
    );
}

// ---- Stepper::try_with_max_angle

#[test]
fn max_angle_invalid_parameter() {
    for bad in [0.0, -1.0, 4.0, f64::NAN, f64::INFINITY] {
        assert_eq!(
            Stepper::<f64>::new().try_with_max_angle(bad),
            Err(Error::InvalidParameter)
        );
    }
}

// ---- Stepper::substeps / step / step_matrix / step_with_torque: each documented error.

fn reject() -> Stepper<f64> {
    Stepper::new().with_guard(Guard::Reject)
}

fn few_substeps() -> Stepper<f64> {
    Stepper::new().with_guard(Guard::Substep { max_substeps: 2 })
}

const FAST: Vector<f64, 3> = Vector([40.0, 0.0, 0.0]); // 40 rad/s × 0.5 s = 20 rad

#[test]
fn substeps_errors() {
    assert_eq!(
        Stepper::<f64>::new().substeps(Vector([f64::NAN, 0.0, 0.0]), ZERO, 0.1),
        Err(Error::NonFinite)
    );
    assert_eq!(reject().substeps(FAST, ZERO, 0.5), Err(Error::StepTooLarge));
    assert_eq!(
        few_substeps().substeps(FAST, ZERO, 0.5),
        Err(Error::TooManySubsteps)
    );
}

#[test]
fn step_errors() {
    let q = Quaternion::identity();
    assert_eq!(
        Stepper::<f64>::new().step(Quaternion::new(f64::NAN, 0.0, 0.0, 0.0), OK, ZERO, 0.1),
        Err(Error::NonFinite)
    );
    assert_eq!(
        Stepper::<f64>::new().step(Quaternion::zero(), OK, ZERO, 0.1),
        Err(Error::InvalidOrientation)
    );
    assert_eq!(
        Stepper::<f64>::new().step(Quaternion::new(1e200, 0.0, 0.0, 0.0), OK, ZERO, 0.1),
        Err(Error::InvalidOrientation)
    );
    assert_eq!(reject().step(q, FAST, ZERO, 0.5), Err(Error::StepTooLarge));
    assert_eq!(
        few_substeps().step(q, FAST, ZERO, 0.5),
        Err(Error::TooManySubsteps)
    );
}

#[test]
fn step_matrix_errors() {
    let r = Matrix::identity();
    let mut bad = r;
    bad.0[2][2] = f64::INFINITY;
    assert_eq!(
        Stepper::<f64>::new().step_matrix(bad, OK, ZERO, 0.1),
        Err(Error::NonFinite)
    );
    assert_eq!(
        Stepper::<f64>::new().step_matrix(r, OK, ZERO, f64::NAN),
        Err(Error::NonFinite)
    );
    assert_eq!(
        reject().step_matrix(r, FAST, ZERO, 0.5),
        Err(Error::StepTooLarge)
    );
    assert_eq!(
        few_substeps().step_matrix(r, FAST, ZERO, 0.5),
        Err(Error::TooManySubsteps)
    );
}

#[test]
fn step_with_torque_errors() {
    let (q, i) = (Quaternion::identity(), inertia());
    let m = GyroScheme::implicit_midpoint();
    let st = Stepper::<f64>::new();
    assert_eq!(
        st.step_with_torque(q, Vector([f64::NAN, 0.0, 0.0]), ZERO, 0.1, &i, m),
        Err(Error::NonFinite)
    );
    assert_eq!(
        st.step_with_torque(q, OK, ZERO, f64::NEG_INFINITY, &i, m),
        Err(Error::NonFinite)
    );
    assert_eq!(
        st.step_with_torque(Quaternion::zero(), OK, ZERO, 0.1, &i, m),
        Err(Error::InvalidOrientation)
    );
    assert_eq!(
        reject().step_with_torque(q, FAST, ZERO, 0.5, &i, m),
        Err(Error::StepTooLarge)
    );
    assert_eq!(
        few_substeps().step_with_torque(q, FAST, ZERO, 0.5, &i, m),
        Err(Error::TooManySubsteps)
    );
    let stuck = GyroScheme::ImplicitMidpoint {
        tolerance: 0.0,
        max_iterations: 1,
    };
    assert_eq!(
        st.step_with_torque(q, Vector([0.3, 2.0, -0.7]), ZERO, 0.1, &i, stuck),
        Err(Error::NotConverged)
    );
    let bad_tol = GyroScheme::ImplicitMidpoint {
        tolerance: f64::NAN,
        max_iterations: 8,
    };
    assert_eq!(
        st.step_with_torque(q, OK, ZERO, 0.1, &i, bad_tol),
        Err(Error::InvalidParameter)
    );
}

/// The explicit scheme's divergence, as documented on `Stepper::step_with_torque`: the guard
/// sees |ω|Δt grow past its limit before ω overflows, so the run stops with
/// `TooManySubsteps` (the default guard), or `StepTooLarge` with `Guard::Reject`; never NaN.
#[test]
fn explicit_divergence_is_stopped_by_the_guard() {
    let i = inertia();
    for (st, expected) in [
        (Stepper::<f64>::new(), Error::TooManySubsteps),
        (reject(), Error::StepTooLarge),
    ] {
        for frame in [Frame::Body, Frame::World] {
            let st = st
                .with_frame(frame)
                .with_terms(MagnusTerms::Two)
                .with_exp_map(ExpMap::Exact);
            let (mut q, mut w) = (Quaternion::identity(), Vector([0.01, 2.0, 0.01]));
            let mut outcome = None;
            for _ in 0..100_000 {
                match st.step_with_torque(q, w, ZERO, 0.01, &i, GyroScheme::Explicit) {
                    Ok((q1, w1)) => (q, w) = (q1, w1),
                    Err(e) => {
                        outcome = Some(e);
                        break;
                    }
                }
                assert!(q.is_finite() && w.is_finite());
            }
            assert_eq!(outcome, Some(expected), "{frame:?}");
        }
    }
}
