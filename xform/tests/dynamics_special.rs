//! The 2D and 3D forms of the inertial accelerations against the n-D matrix form, and the
//! error cases of the dynamic transform API. f64 and f32.
mod dynamics_support;

use approx::RelativeEq;
use core::fmt::Debug;
use dynamics_support::*;
use num_traits::Float;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use xform::dynamic::inertial::{
    centrifugal_2d, centrifugal_3d, coriolis_2d, coriolis_3d, euler_2d, euler_3d,
};
use xform::{DynamicTransform, DynamicsDelta, Error, Transform, Vector};

trait Scalar: Float + RelativeEq<Epsilon = Self> + Debug + 'static {}
impl<F: Float + RelativeEq<Epsilon = F> + Debug + 'static> Scalar for F {}

fn check_3d<F: Scalar>(
    p1: &PathParams<3>,
    p2: &PathParams<3>,
    t: f64,
    tol: F,
) -> Result<(), TestCaseError> {
    let d1: DynamicTransform<F, 3> = dynamics_of(|s| p1.at(s), c(t));
    let d2: DynamicTransform<F, 3> = dynamics_of(|s| p2.at(s), c(t));
    let terms = d2
        .try_inertial_accelerations(&d1)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let w = d2.angular_velocity_in_own_basis().vector();
    let al = d2.angular_acceleration_in_own_basis().vector();
    // ω̃ as a vector is R₂ᵀ ω₂ (the adjoint action of SO(3) rotates the vector).
    let rt = d2.transform.rotation.matrix().transpose();
    close_vec(&w, &(rt * d2.angular_velocity.vector()), tol, "ω̃ = R₂ᵀ ω₂")?;
    let (t1, v1) = (d1.transform.translation, d1.velocity);
    close_vec(
        &terms.centrifugal,
        &centrifugal_3d(&w, &t1),
        tol,
        "centrifugal 3D",
    )?;
    close_vec(&terms.coriolis, &coriolis_3d(&w, &v1), tol, "coriolis 3D")?;
    close_vec(&terms.euler, &euler_3d(&al, &t1), tol, "euler 3D")
}

fn check_2d<F: Scalar>(
    p1: &PathParams<2>,
    p2: &PathParams<2>,
    t: f64,
    tol: F,
) -> Result<(), TestCaseError> {
    let d1: DynamicTransform<F, 2> = dynamics_of(|s| p1.at(s), c(t));
    let d2: DynamicTransform<F, 2> = dynamics_of(|s| p2.at(s), c(t));
    let terms = d2
        .try_inertial_accelerations(&d1)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    // In 2D rotations commute, so ω̃ = ω.
    let w = d2.angular_velocity.scalar();
    let al = d2.angular_acceleration.scalar();
    let (t1, v1) = (d1.transform.translation, d1.velocity);
    close_vec(
        &terms.centrifugal,
        &centrifugal_2d(w, &t1),
        tol,
        "centrifugal 2D",
    )?;
    close_vec(&terms.coriolis, &coriolis_2d(w, &v1), tol, "coriolis 2D")?;
    close_vec(&terms.euler, &euler_2d(al, &t1), tol, "euler 2D")
}

macro_rules! special_tests {
    ($name:ident, $f:ty, $tol:expr) => {
        mod $name {
            use super::*;
            proptest! {
                #![proptest_config(ProptestConfig::with_cases(128))]
                #[test]
                fn inertial_3d(p1 in path::<3>(), p2 in path::<3>(), t in time()) {
                    check_3d::<$f>(&p1, &p2, t, $tol)?;
                }
                #[test]
                fn inertial_2d(p1 in path::<2>(), p2 in path::<2>(), t in time()) {
                    check_2d::<$f>(&p1, &p2, t, $tol)?;
                }
            }
        }
    };
}

special_tests!(f64_forms, f64, 1e-9);
special_tests!(f32_forms, f32, 2e-3);

/// A known configuration: a turntable spinning at ω = 2 about z with a child at (1, 0, 0)
/// moving with (0, 1, 0) has centrifugal 4 (outwards), Coriolis −2·2·(z × y) = (4, 0, 0).
#[test]
fn turntable_values() {
    let mut table = DynamicTransform::<f64, 3>::identity();
    table.angular_velocity = xform::Skew::from_vector(Vector([0.0, 0.0, 2.0]));
    let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0])));
    child.velocity = Vector([0.0, 1.0, 0.0]);
    let terms = table.try_inertial_accelerations(&child).unwrap();
    assert!((terms.centrifugal - Vector([4.0, 0.0, 0.0])).norm() < 1e-12);
    assert!((terms.coriolis - Vector([4.0, 0.0, 0.0])).norm() < 1e-12);
    assert!(terms.euler.norm() < 1e-12 && terms.linear.norm() < 1e-12);
    let local = table.force_to_local_acceleration(&child, &Vector([0.0, 0.0, 0.0]), 1.0);
    assert!((local.total() - Vector([8.0, 0.0, 0.0])).norm() < 1e-12);
}

#[test]
fn zero_scale_and_zero_mass_are_errors() {
    let mut singular = DynamicTransform::<f64, 3>::identity();
    singular.transform.scale = 0.0;
    let other = DynamicTransform::<f64, 3>::identity();
    let p = Vector([1.0, 0.0, 0.0]);
    assert_eq!(singular.try_inverse(), Err(Error::Singular));
    assert_eq!(singular.try_global_to_local(&other), Err(Error::Singular));
    assert_eq!(
        singular.try_global_to_local_with_transform(&other.transform, &other),
        Err(Error::Singular)
    );
    assert_eq!(
        singular.try_global_delta_to_local(&DynamicsDelta::zero()),
        Err(Error::Singular)
    );
    assert_eq!(
        singular.try_inertial_accelerations(&other),
        Err(Error::Singular)
    );
    assert_eq!(
        singular.try_impulse_to_local_delta(&p, 1.0),
        Err(Error::Singular)
    );
    assert_eq!(
        singular.try_counteract_velocity_change(&p),
        Err(Error::Singular)
    );
    assert_eq!(
        singular.try_counteract_change(&other, &DynamicsDelta::zero()),
        Err(Error::Singular)
    );
    assert_eq!(
        other.try_force_to_local_acceleration(&other, &p, 0.0),
        Err(Error::Singular)
    );
    assert_eq!(
        other.try_impulse_to_local_delta(&p, 0.0),
        Err(Error::Singular)
    );
    let mut nan = other;
    nan.velocity = Vector([f64::NAN, 0.0, 0.0]);
    assert_eq!(nan.try_inverse(), Err(Error::NonFinite));
    assert_eq!(other.try_global_to_local(&nan), Err(Error::NonFinite));
    let huge = DynamicTransform::at_rest(Transform::from_scale(1e-320_f64));
    assert_eq!(
        huge.try_impulse_to_local_delta(&p, 1e-10),
        Err(Error::NonFinite)
    );
}

#[test]
#[should_panic(expected = "DynamicTransform::inverse")]
fn inverse_panics_for_zero_scale() {
    let _ = DynamicTransform::<f32, 2>::at_rest(Transform::from_scale(0.0)).inverse();
}
