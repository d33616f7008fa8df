//! Long runs: unit norm over 10⁶ steps, and energy / |L| drift of the gyroscopic schemes for
//! the torque-free asymmetric body with principal moments (3, 5, 9). Run with `--nocapture`
//! for the measured drifts.
use rotint::{BodyInertia, Error, ExpMap, Frame, GyroScheme, MagnusTerms, Stepper};
use xform::{Quaternion, Vector};

fn unit_norm_run<T: num_traits::Float + num_traits::FloatConst + core::fmt::Debug>(
    map: ExpMap,
    frame: Frame,
) -> f64 {
    let c = |x: f64| T::from(x).unwrap();
    let st = Stepper::<T>::new()
        .with_exp_map(map)
        .with_frame(frame)
        .with_terms(MagnusTerms::Two);
    let (mut q, mut w) = (Quaternion::<T>::identity(), Vector([0.7, -1.1, 2.3].map(c)));
    // A periodic angular acceleration keeps |ω| bounded while exercising every direction.
    let alphas = [
        Vector([0.5, 0.2, -0.3].map(c)),
        Vector([-0.5, -0.2, 0.3].map(c)),
    ];
    let h = c(1.0 / 60.0);
    let mut worst = 0.0f64;
    for i in 0..1_000_000usize {
        (q, w) = st.step(q, w, alphas[(i / 600) % 2], h).unwrap();
        let dev = (q.norm_squared() - T::one()).abs().to_f64().unwrap();
        worst = worst.max(dev);
    }
    worst / T::epsilon().to_f64().unwrap()
}

#[test]
fn quaternion_stays_unit_over_a_million_steps() {
    for map in [ExpMap::Exact, ExpMap::TrigFreeCubic] {
        for frame in [Frame::World, Frame::Body] {
            let u64_ = unit_norm_run::<f64>(map, frame);
            let u32_ = unit_norm_run::<f32>(map, frame);
            println!(
                "{map:?} {frame:?}: max ||q|²-1| over 1e6 steps = {u64_} ε (f64), {u32_} ε (f32)"
            );
            // |q|² - 1 within 4 ε means |q| within about 2 ulps of 1.
            assert!(
                u64_ <= 4.0 && u32_ <= 4.0,
                "{map:?} {frame:?}: {u64_} / {u32_} ε"
            );
        }
    }
}

struct Drift {
    energy: f64,
    momentum: f64,
    flips: usize,
}

fn drift(scheme: GyroScheme<f64>, dt: f64, steps: usize) -> Result<Drift, Error> {
    let inertia = BodyInertia::try_from_principal(Vector([3.0, 5.0, 9.0]))?;
    let mut w = Vector([0.01, 2.0, 0.01]);
    let (e0, l0) = (inertia.kinetic_energy(w), inertia.momentum(w).norm());
    let mut d = Drift {
        energy: 0.0,
        momentum: 0.0,
        flips: 0,
    };
    for _ in 0..steps {
        let next = inertia.advance_omega(w, Vector([0.0; 3]), dt, scheme)?;
        if (next[1] > 0.0) != (w[1] > 0.0) {
            d.flips += 1;
        }
        w = next;
        d.energy = d.energy.max((inertia.kinetic_energy(w) / e0 - 1.0).abs());
        d.momentum = d
            .momentum
            .max((inertia.momentum(w).norm() / l0 - 1.0).abs());
    }
    Ok(d)
}

#[test]
fn implicit_midpoint_conserves_energy_and_momentum_through_flips() {
    let d = drift(GyroScheme::implicit_midpoint(), 0.01, 100_000).unwrap();
    println!(
        "implicit midpoint, dt = 0.01, 1e5 steps: max rel. energy drift {:.2e}, |L| drift {:.2e}, {} flips",
        d.energy, d.momentum, d.flips
    );
    assert!(d.energy < 1e-12 && d.momentum < 1e-12);
    // The intermediate axis is unstable: the body flips over and over.
    assert!(d.flips >= 20, "flips {}", d.flips);
}

#[test]
fn explicit_and_bullet_drift_is_measured() {
    // Explicit Euler gains energy; at dt = 0.01 it diverges, which must surface as an error
    // (never NaN) or as a huge drift.
    match drift(GyroScheme::Explicit, 0.01, 100_000) {
        Err(e) => {
            println!("explicit, dt = 0.01: stopped with {e}");
            assert_eq!(e, Error::NonFinite);
        }
        Ok(d) => {
            println!("explicit, dt = 0.01: energy drift {:.2e}", d.energy);
            assert!(d.energy > 1.0);
        }
    }
    let e = drift(GyroScheme::Explicit, 0.001, 100_000).unwrap();
    let b = drift(GyroScheme::ImplicitEulerNewton, 0.001, 100_000).unwrap();
    let b2 = drift(GyroScheme::ImplicitEulerNewton, 0.01, 100_000).unwrap();
    println!(
        "explicit, dt = 0.001, 1e5 steps: energy {:.2e}, |L| {:.2e}, {} flips",
        e.energy, e.momentum, e.flips
    );
    println!(
        "implicit Euler (Bullet), dt = 0.001: energy {:.2e}, |L| {:.2e}, {} flips",
        b.energy, b.momentum, b.flips
    );
    println!(
        "implicit Euler (Bullet), dt = 0.01: energy {:.2e}, |L| {:.2e}, {} flips",
        b2.energy, b2.momentum, b2.flips
    );
    // First-order schemes drift by O(dt) per unit time: percent level here.
    assert!(e.energy > 1e-3 && b.energy > 1e-3 && b2.energy > 0.1);
}

#[test]
fn rigid_body_step_conserves_world_momentum_direction_to_the_integration_error() {
    let inertia = BodyInertia::try_from_principal(Vector([3.0, 5.0, 9.0])).unwrap();
    for frame in [Frame::World, Frame::Body] {
        let st = Stepper::<f64>::new()
            .with_frame(frame)
            .with_exp_map(ExpMap::Exact);
        let q0 = rotint::quat_exp(Vector([0.3, -0.4, 0.2]));
        let wb0 = Vector([0.01, 2.0, 0.01]);
        let mut w = if frame == Frame::World {
            q0.rotate(&wb0)
        } else {
            wb0
        };
        let mut q = q0;
        let l0 = q0.rotate(&inertia.momentum(wb0));
        let e0 = inertia.kinetic_energy(wb0);
        let (mut worst, mut worst_e) = (0.0f64, 0.0f64);
        for _ in 0..10_000 {
            (q, w) = st
                .step_with_torque(
                    q,
                    w,
                    Vector([0.0; 3]),
                    0.01,
                    &inertia,
                    GyroScheme::implicit_midpoint(),
                )
                .unwrap();
            let wb = if frame == Frame::World {
                q.conjugate().rotate(&w)
            } else {
                w
            };
            let l = q.rotate(&inertia.momentum(wb));
            worst = worst.max((l - l0).norm() / l0.norm());
            worst_e = worst_e.max((inertia.kinetic_energy(wb) / e0 - 1.0).abs());
        }
        println!(
            "{frame:?}: over 1e4 steps of 0.01 s: world L drift {worst:.2e}, energy drift {worst_e:.2e}"
        );
        // In the world frame ω goes through q⁻¹ and q' every step, in double length (with
        // ordinary arithmetic that round trip drifted the energy to 7.6e-13 here).
        let energy_limit = 1e-13;
        assert!(worst_e < energy_limit, "{worst_e}");
        // Implicit midpoint is second order: the world direction of L wanders by O(dt²).
        assert!(worst < 1e-2, "{worst}");
    }
}

#[test]
fn f32_midpoint_drift() {
    let inertia = BodyInertia::try_from_principal(Vector([3.0f32, 5.0, 9.0])).unwrap();
    let mut w = Vector([0.01f32, 2.0, 0.01]);
    let e0 = inertia.kinetic_energy(w);
    let mut worst = 0.0f32;
    for _ in 0..100_000 {
        w = inertia
            .advance_omega(w, Vector([0.0; 3]), 0.01, GyroScheme::implicit_midpoint())
            .unwrap();
        worst = worst.max((inertia.kinetic_energy(w) / e0 - 1.0).abs());
    }
    println!("f32 implicit midpoint, 1e5 steps: max rel. energy drift {worst:.2e}");
    assert!(worst < 1e-4, "{worst}");
}

/// The full step (`Stepper::step_with_torque`, implicit midpoint, default trig-free map) over
/// 10⁵ steps of 0.01 s, torque-free: energy and |L| drift with ω kept in the body and with ω
/// passed in the world frame (converted to the body and back every step). The world-frame
/// conversions are rounded once (double-length arithmetic); with ordinary arithmetic they
/// drifted linearly to 1.1e-11 (energy) over these 10⁵ steps. Measured (x86-64, f64):
/// energy 2.9e-14 (body) and 4.2e-14 (world), |L| 1.5e-14 and 2.3e-14.
#[test]
fn world_frame_midpoint_drift_is_as_tight_as_the_body_frame() {
    let inertia = BodyInertia::try_from_principal(Vector([3.0, 5.0, 9.0])).unwrap();
    let q0 = rotint::quat_exp(Vector([0.3, -0.4, 0.2]));
    let wb0 = Vector([0.01, 2.0, 0.01]);
    let (e0, l0) = (inertia.kinetic_energy(wb0), inertia.momentum(wb0).norm());
    // The body ω of a world ω, for the measurement only (not fed back).
    let body = |q: Quaternion<f64>, w: Vector<f64, 3>| {
        let c = q.conjugate();
        w + (c.rotate(&w) - w) / c.norm_squared()
    };
    for frame in [Frame::Body, Frame::World] {
        let st = Stepper::<f64>::new().with_frame(frame);
        let mut q = q0;
        let mut w = match frame {
            Frame::World => q0.rotate(&wb0),
            Frame::Body => wb0,
        };
        let (mut de, mut dl) = (0.0f64, 0.0f64);
        for _ in 0..100_000 {
            (q, w) = st
                .step_with_torque(
                    q,
                    w,
                    Vector([0.0; 3]),
                    0.01,
                    &inertia,
                    GyroScheme::implicit_midpoint(),
                )
                .unwrap();
            let wb = match frame {
                Frame::World => body(q, w),
                Frame::Body => w,
            };
            de = de.max((inertia.kinetic_energy(wb) / e0 - 1.0).abs());
            dl = dl.max((inertia.momentum(wb).norm() / l0 - 1.0).abs());
        }
        println!("{frame:?}: 1e5 steps: max rel. energy drift {de:.2e}, |L| drift {dl:.2e}");
        assert!(de <= 1e-13 && dl <= 1e-13, "{frame:?}: {de:e} {dl:e}");
    }
}
