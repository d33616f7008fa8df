//! No NaN laundering: every public function of `rotint`, fed a NaN, `+∞` or `-∞` in any one
//! scalar of its input, returns NaN (or `±∞`) somewhere in its output, or an `Err` (every
//! fallible function here documents `Error::NonFinite` or the error named in its docs), or,
//! for `Partial` entries, the clean output (the poisoned scalar is not read by contract).
//! It never returns a plausible finite value.
//!
//! The harness is `xform/tests/support/nonfinite.rs` (shared, included by path): each entry
//! runs clean, then with each scalar it reads poisoned in turn by NaN, `+∞` and `-∞`.
//!
//! Functions without a floating-point input are in `NO_FLOAT_INPUT`; a test parses `src/` so
//! that a new public function without an entry fails.
//!
//! **FUTURE AUTHORS: every new public function of `rotint` gets an entry in `ENTRIES` below.**
#[path = "../../xform/tests/support/nonfinite.rs"]
mod support;

use proptest::prelude::*;
use rotint::magnus::{omega1, omega2, omega3, omega4};
use rotint::{
    BodyInertia, ExpMap, Frame, GyroScheme, MagnusTerms, Stepper, cubic_angle,
    cubic_angle_error_bound, magnus, matrix_exp, quat_exp, quat_exp_cubic, quat_exp_quintic,
};
use support::{Entry, Kind, P};
use xform::{Matrix, Quaternion, Vector};

impl P {
    fn v(&mut self, x: [f64; 3]) -> Vector<f64, 3> {
        Vector(x.map(|c| self.s(c)))
    }
    /// A unit quaternion near the rotation vector `rv`, each component poisonable.
    fn uq(&mut self, rv: [f64; 3]) -> Quaternion<f64> {
        let j = Vector(rv.map(|c| c + self.jitter()));
        Quaternion::from_array(
            Quaternion::from_rotation_vector(&j)
                .to_array()
                .map(|c| self.raw(c)),
        )
    }
    fn rot(&mut self, rv: [f64; 3]) -> Matrix<f64, 3, 3> {
        let j = Vector(rv.map(|c| c + self.jitter()));
        Matrix(
            xform::rodrigues::matrix_from_rotation_vector(&j)
                .0
                .map(|r| r.map(|c| self.raw(c))),
        )
    }
    /// A body inertia from poisonable principal moments (an `Err` if poisoned).
    fn inertia(&mut self) -> Result<BodyInertia<f64>, rotint::Error> {
        BodyInertia::try_from_principal(self.v([3.0, 5.0, 9.0]))
    }
}

const W: [f64; 3] = [0.5, -1.0, 2.0];
const A: [f64; 3] = [0.3, 0.2, -0.4];
const TAU: [f64; 3] = [0.1, -0.3, 0.2];

fn stepper(frame: Frame, terms: MagnusTerms, map: ExpMap) -> Stepper<f64> {
    Stepper::new()
        .with_frame(frame)
        .with_terms(terms)
        .with_exp_map(map)
}

/// Every public function of `rotint` with a floating-point input. Add new ones here.
/// Public functions that take no floating-point input (nothing to poison): builders, getters
/// and constants.
const NO_FLOAT_INPUT: &[&str] = &[
    "Frame::even_sign",
    "MagnusTerms::order",
    "GyroScheme::implicit_midpoint",
    "Stepper::new",
    "Stepper::convergence_limit",
    "Stepper::with_terms",
    "Stepper::with_exp_map",
    "Stepper::with_frame",
    "Stepper::with_guard",
    "Stepper::terms",
    "Stepper::exp_map",
    "Stepper::frame",
    "Stepper::max_angle",
    "Stepper::guard",
];

const ENTRIES: &[Entry] = &[
    // ---- exponential maps
    e!("ExpMap::quaternion Exact", |p| ExpMap::Exact
        .quaternion(p.v(W))),
    e!("ExpMap::quaternion TrigFreeCubic", |p| {
        ExpMap::TrigFreeCubic.quaternion(p.v(W))
    }),
    e!("ExpMap::quaternion TrigFreeQuintic", |p| {
        ExpMap::TrigFreeQuintic.quaternion(p.v(W))
    }),
    e!("exp_map::quat_exp", |p| quat_exp(p.v(W))),
    e!("exp_map::quat_exp small", |p| quat_exp(Vector([
        p.raw(1e-5),
        p.raw(0.0),
        p.raw(-2e-5)
    ]))),
    e!("exp_map::matrix_exp", |p| matrix_exp(p.v(W))),
    e!("exp_map::quat_exp_cubic", |p| quat_exp_cubic(p.v(W))),
    e!("exp_map::quat_exp_quintic", |p| quat_exp_quintic(p.v(W))),
    e!("exp_map::cubic_angle", |p| cubic_angle(p.s(0.5))),
    e!("exp_map::cubic_angle_error_bound", |p| {
        cubic_angle_error_bound(p.s(0.5))
    }),
    // ---- Magnus terms
    e!("magnus::omega1", |p| omega1(p.v(W), p.v(A), p.s(0.1))),
    e!("magnus::omega2", |p| omega2(
        p.v(W),
        p.v(A),
        p.s(0.1),
        Frame::Body
    )),
    e!("magnus::omega3", |p| omega3(p.v(W), p.v(A), p.s(0.1))),
    e!("magnus::omega4", |p| omega4(
        p.v(W),
        p.v(A),
        p.s(0.1),
        Frame::World
    )),
    e!("magnus::magnus One", |p| magnus(
        p.v(W),
        p.v(A),
        p.s(0.1),
        MagnusTerms::One,
        Frame::World
    )),
    e!("magnus::magnus Four", |p| magnus(
        p.v(W),
        p.v(A),
        p.s(0.1),
        MagnusTerms::Four,
        Frame::Body
    )),
    // ---- BodyInertia
    e!("BodyInertia::try_new", |p| {
        let m = p.rot([0.1, 0.2, 0.3]);
        let d = Matrix::from_diagonal(Vector([3.0, 5.0, 9.0]));
        // R D Rᵀ with poisoned R entries: symmetric only if clean.
        BodyInertia::try_new(m * d * m.transpose())
    }),
    e!("BodyInertia::try_new entry", |p| {
        let mut t = Matrix::from_diagonal(Vector([3.0, 5.0, 9.0]));
        for i in 0..3 {
            for j in 0..3 {
                t.0[i][j] = p.raw(t.0[i][j]);
            }
        }
        BodyInertia::try_new(t)
    }),
    e!("BodyInertia::try_from_principal", |p| p.inertia()),
    e!("BodyInertia::tensor/inverse", |p| p
        .inertia()
        .map(|i| (*i.tensor(), *i.inverse()))),
    e!("BodyInertia::momentum", |p| p
        .inertia()
        .map(|i| i.momentum(p.v(W)))),
    e!("BodyInertia::kinetic_energy", |p| p
        .inertia()
        .map(|i| i.kinetic_energy(p.v(W)))),
    e!("BodyInertia::angular_acceleration", |p| {
        p.inertia()
            .map(|i| i.angular_acceleration(p.v(W), p.v(TAU)))
    }),
    e!("BodyInertia::advance_omega Explicit", |p| {
        p.inertia()
            .and_then(|i| i.advance_omega(p.v(W), p.v(TAU), p.s(0.01), GyroScheme::Explicit))
    }),
    e!("BodyInertia::advance_omega ImplicitEulerNewton", |p| {
        p.inertia().and_then(|i| {
            i.advance_omega(p.v(W), p.v(TAU), p.s(0.01), GyroScheme::ImplicitEulerNewton)
        })
    }),
    e!("BodyInertia::advance_omega ImplicitMidpoint", |p| {
        p.inertia().and_then(|i| {
            i.advance_omega(p.v(W), p.v(TAU), p.s(0.01), GyroScheme::implicit_midpoint())
        })
    }),
    e!(
        "BodyInertia::advance_omega ImplicitMidpoint tolerance",
        |p| {
            let scheme = GyroScheme::ImplicitMidpoint {
                tolerance: p.raw(1e-14),
                max_iterations: 16,
            };
            p.inertia()
                .and_then(|i| i.advance_omega(p.v(W), p.v(TAU), p.s(0.01), scheme))
        }
    ),
    // ---- Stepper
    e!("Stepper::try_with_max_angle", |p| Stepper::<f64>::new()
        .try_with_max_angle(p.s(1.0))
        .map(|s| s.max_angle())),
    e!("Stepper::rotation_vector", |p| {
        stepper(Frame::World, MagnusTerms::Three, ExpMap::Exact).rotation_vector(
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::substeps", |p| Stepper::<f64>::new().substeps(
        p.v(W),
        p.v(A),
        p.s(0.1)
    )),
    e!("Stepper::step world", |p| {
        stepper(Frame::World, MagnusTerms::Two, ExpMap::TrigFreeCubic).step(
            p.uq([0.1, 0.2, 0.3]),
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::step body exact", |p| {
        stepper(Frame::Body, MagnusTerms::Four, ExpMap::Exact).step(
            p.uq([0.1, 0.2, 0.3]),
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::step substepping", |p| {
        stepper(Frame::Body, MagnusTerms::Two, ExpMap::TrigFreeQuintic).step(
            p.uq([0.1, 0.2, 0.3]),
            p.v([5.0, 8.0, -3.0]),
            p.v(A),
            p.s(0.5),
        )
    }),
    e!("Stepper::step_unguarded", |p| {
        stepper(Frame::World, MagnusTerms::Two, ExpMap::TrigFreeCubic).step_unguarded(
            p.uq([0.1, 0.2, 0.3]),
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::step_matrix", |p| {
        stepper(Frame::World, MagnusTerms::Two, ExpMap::Exact).step_matrix(
            p.rot([0.1, 0.2, 0.3]),
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::step_with_torque world midpoint", |p| {
        let i = p.inertia();
        i.and_then(|i| {
            stepper(Frame::World, MagnusTerms::Two, ExpMap::TrigFreeCubic).step_with_torque(
                p.uq([0.1, 0.2, 0.3]),
                p.v(W),
                p.v(TAU),
                p.s(0.05),
                &i,
                GyroScheme::implicit_midpoint(),
            )
        })
    }),
    e!("Stepper::step_with_torque body explicit", |p| {
        let i = p.inertia();
        i.and_then(|i| {
            stepper(Frame::Body, MagnusTerms::Three, ExpMap::Exact).step_with_torque(
                p.uq([0.1, 0.2, 0.3]),
                p.v(W),
                p.v(TAU),
                p.s(0.05),
                &i,
                GyroScheme::Explicit,
            )
        })
    }),
    e!("Stepper::step_with_torque substepping", |p| {
        let i = p.inertia();
        i.and_then(|i| {
            stepper(Frame::Body, MagnusTerms::Two, ExpMap::TrigFreeCubic).step_with_torque(
                p.uq([0.1, 0.2, 0.3]),
                p.v([5.0, 8.0, -3.0]),
                p.v(TAU),
                p.s(0.3),
                &i,
                GyroScheme::ImplicitEulerNewton,
            )
        })
    }),
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn no_function_launders_nan_or_infinity(seed in any::<u64>()) {
        let r = support::check_all(ENTRIES, seed);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

#[test]
fn the_check_catches_a_laundering_function() {
    support::assert_the_check_catches_a_laundering_function();
}

#[test]
fn every_public_function_has_an_entry() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let missing = support::missing_entries(ENTRIES, NO_FLOAT_INPUT, &src, &["Stepper::step"]);
    assert!(
        missing.is_empty(),
        "public functions of rotint without an entry: {missing:?}"
    );
}
