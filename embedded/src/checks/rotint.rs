//! rotint on the target, in f32: Magnus terms, exponential maps, the stepper and the
//! gyroscopic schemes against values known independently (closed forms evaluated here).
use crate::check::{Check, Failure, close, ensure};
use rotint::xform::{Quaternion, Vector};
use rotint::{BodyInertia, Error, ExpMap, Frame, GyroScheme, MagnusTerms, Stepper};

pub(crate) const CHECKS: &[Check] = &[
    (
        "Omega2 = (1/12) alpha x omega dt^3, both frames",
        omega2_known,
    ),
    ("exact quaternion exp: 90 deg about z", quat_exp_known),
    (
        "trig-free cubic over-rotates 90 deg by 0.01873 rad",
        cubic_error_at_90,
    ),
    (
        "fixed-axis spin-up: 60 steps give exactly 2 rad",
        spin_up_fixed_axis,
    ),
    ("unit norm within 4 eps over 10^4 steps", unit_norm),
    (
        "gyroscopic alpha = -I^-1 (w x Iw) for I = diag(3,5,9)",
        gyro_known,
    ),
    (
        "implicit midpoint keeps energy over 1000 steps",
        midpoint_energy,
    ),
    ("NaN input is an error", nan_is_error),
];

const EPS: f64 = f32::EPSILON as f64;

fn omega2_known() -> Result<(), Failure> {
    let w = Vector([1.0f32, 0.0, 0.0]);
    let a = Vector([0.0f32, 1.0, 0.0]);
    let dt = core::hint::black_box(0.5f32);
    // α×ω = (0, 1, 0) × (1, 0, 0) = (0, 0, -1); Δt³/12 = 1/96.
    let world = rotint::magnus::omega2(w, a, dt, Frame::World);
    let body = rotint::magnus::omega2(w, a, dt, Frame::Body);
    close(
        f64::from(world[2]),
        -1.0 / 96.0,
        2.0 * EPS,
        "world Omega2 z",
    )?;
    close(f64::from(body[2]), 1.0 / 96.0, 2.0 * EPS, "body Omega2 z")?;
    ensure(world[0] == 0.0 && world[1] == 0.0, "Omega2 along z only")
}

fn quat_exp_known() -> Result<(), Failure> {
    let q = rotint::quat_exp(Vector([
        0.0f32,
        0.0,
        core::hint::black_box(core::f32::consts::FRAC_PI_2),
    ]));
    let h = core::f64::consts::FRAC_1_SQRT_2;
    close(f64::from(q.w), h, 4.0 * EPS, "w = cos 45 deg")?;
    close(f64::from(q.z), h, 4.0 * EPS, "z = sin 45 deg")?;
    ensure(q.x == 0.0 && q.y == 0.0, "axis z")
}

fn cubic_error_at_90() -> Result<(), Failure> {
    // 2 atan2(x(1 - x²/6), 1 - x²/2) - 2x at x = π/4, evaluated in f64 here.
    let x = core::f64::consts::FRAC_PI_4;
    let expected = 2.0 * libm::atan2(x * (1.0 - x * x / 6.0), 1.0 - x * x / 2.0) - 2.0 * x;
    let q = rotint::quat_exp_cubic(Vector([
        core::hint::black_box(core::f32::consts::FRAC_PI_2),
        0.0,
        0.0,
    ]));
    let got = 2.0 * libm::atan2(f64::from(q.x), f64::from(q.w)) - 2.0 * x;
    close(got, expected, 8.0 * EPS, "cubic angle error at 90 deg")?;
    close(
        expected,
        0.018_73,
        1e-5,
        "error is 1.19% of 90 deg, not below 1%",
    )
}

fn spin_up_fixed_axis() -> Result<(), Failure> {
    // ω = 1 + 2t about z for 1 s: the angle is ∫ = 2 rad; every commutator vanishes.
    let st = Stepper::<f32>::new();
    let (mut q, mut w) = (Quaternion::identity(), Vector([0.0f32, 0.0, 1.0]));
    let a = Vector([0.0f32, 0.0, 2.0]);
    for _ in 0..60 {
        (q, w) = st
            .step(q, w, a, 1.0 / 60.0)
            .map_err(|_| fail("step failed"))?;
    }
    crate::out::value("rotint.spin_up.q.z", u64::from(q.z.to_bits()));
    close(f64::from(q.w), libm::cos(1.0), 16.0 * EPS, "w = cos 1")?;
    close(f64::from(q.z), libm::sin(1.0), 16.0 * EPS, "z = sin 1")?;
    close(f64::from(w[2]), 3.0, 16.0 * EPS, "omega' = 3")
}

fn unit_norm() -> Result<(), Failure> {
    let st = Stepper::<f32>::new()
        .with_terms(MagnusTerms::Three)
        .with_exp_map(ExpMap::TrigFreeCubic);
    let (mut q, mut w) = (Quaternion::identity(), Vector([0.7f32, -1.1, 2.3]));
    let a = Vector([0.05f32, 0.02, -0.03]);
    let mut worst = 0.0f32;
    for _ in 0..10_000 {
        (q, w) = st
            .step(q, w, a, 1.0 / 60.0)
            .map_err(|_| fail("step failed"))?;
        worst = worst.max((q.norm_squared() - 1.0).abs());
    }
    ensure(worst <= 4.0 * f32::EPSILON, "| |q|^2 - 1 | <= 4 eps")
}

fn gyro_known() -> Result<(), Failure> {
    let inertia =
        BodyInertia::try_from_principal(Vector([3.0f32, 5.0, 9.0])).map_err(|_| fail("inertia"))?;
    // ω×Iω = (1,2,3)×(3,10,27) = (24, -18, 4); α = -(8, -3.6, 4/9).
    let a = inertia.angular_acceleration(Vector([1.0, 2.0, 3.0]), Vector([0.0; 3]));
    close(f64::from(a[0]), -8.0, 4.0 * EPS, "alpha x")?;
    close(f64::from(a[1]), 3.6, 4.0 * EPS, "alpha y")?;
    close(f64::from(a[2]), -4.0 / 9.0, 4.0 * EPS, "alpha z")
}

fn midpoint_energy() -> Result<(), Failure> {
    let inertia =
        BodyInertia::try_from_principal(Vector([3.0f32, 5.0, 9.0])).map_err(|_| fail("inertia"))?;
    let mut w = Vector([0.01f32, 2.0, 0.01]);
    let e0 = inertia.kinetic_energy(w);
    for _ in 0..1000 {
        w = inertia
            .advance_omega(w, Vector([0.0; 3]), 0.01, GyroScheme::implicit_midpoint())
            .map_err(|_| fail("midpoint solve"))?;
    }
    close(
        f64::from(inertia.kinetic_energy(w) / e0),
        1.0,
        1e-5,
        "relative energy",
    )
}

fn nan_is_error() -> Result<(), Failure> {
    let st = Stepper::<f32>::new();
    let r = st.step(
        Quaternion::identity(),
        Vector([f32::NAN, 0.0, 0.0]),
        Vector([0.0; 3]),
        0.01,
    );
    ensure(r == Err(Error::NonFinite), "NonFinite")
}

fn fail(what: &'static str) -> Failure {
    match ensure(false, what) {
        Err(f) => f,
        Ok(()) => unreachable!("ensure(false) fails"),
    }
}
