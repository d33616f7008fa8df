//! With the `serde` feature the stepper and its settings read back as they were written,
//! and a stepper read back steps to the same bits.
#![cfg(feature = "serde")]

use rotint::{BodyInertia, ExpMap, Frame, Guard, GyroScheme, MagnusTerms, Stepper};
use xform::{Matrix, Quaternion, Vector};

fn round_trip<V: serde::Serialize + serde::de::DeserializeOwned>(v: &V) -> V {
    serde_json::from_str(&serde_json::to_string(v).unwrap()).unwrap()
}

#[test]
fn a_stepper_reads_back_and_steps_to_the_same_bits() {
    let stepper = Stepper::<f64>::new()
        .with_terms(MagnusTerms::Three)
        .with_exp_map(ExpMap::TrigFreeQuintic)
        .with_frame(Frame::World)
        .with_guard(Guard::Substep { max_substeps: 7 });
    let back = round_trip(&stepper);
    assert_eq!(back, stepper);
    let (w, a) = (Vector([0.3, -1.1, 2.0]), Vector([0.5, 0.0, -0.2]));
    let q = Quaternion::identity();
    assert_eq!(back.step(q, w, a, 0.05), stepper.step(q, w, a, 0.05));
}

#[test]
fn gyroscopic_settings_and_inertia_read_back() {
    for scheme in [
        GyroScheme::Explicit,
        GyroScheme::ImplicitEulerNewton,
        GyroScheme::<f64>::ImplicitMidpoint {
            tolerance: 1e-14,
            max_iterations: 9,
        },
    ] {
        assert_eq!(round_trip(&scheme), scheme);
    }
    let tensor = Matrix([[2.0, 0.1, 0.0], [0.1, 3.0, 0.2], [0.0, 0.2, 4.0]]);
    let inertia = BodyInertia::<f64>::try_new(tensor).unwrap();
    assert_eq!(round_trip(&inertia), inertia);
}
