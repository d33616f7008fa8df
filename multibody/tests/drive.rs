//! Drives: damping and a PD motor against the closed-form damped oscillator, the motor's
//! force limit against a constant-acceleration ramp, soft limits holding a falling pendulum,
//! and the errors of invalid drives.
use approx::assert_abs_diff_eq;
use cwlist::Fixed;
use multibody::{Drive, Error, Joint, Limits, Link, Motor, Scheme, Tree, Workspace};
use proptest::prelude::*;
use xform::{Inertia, Matrix, Plx, Vector};

/// A point mass of 1 kg on a 1 m arm about y (moment of inertia 1 kg·m² about the hinge).
fn wheel(drive: Drive<f64>) -> Tree<f64, Fixed<1>> {
    let mut t = Tree::new();
    t.try_push(
        Link::new(
            None,
            Joint::revolute(Vector([0.0, 1.0, 0.0])).unwrap(),
            Plx::identity(),
            Inertia::new(1.0, Vector([1.0, 0.0, 0.0]), Matrix::zeros()),
        )
        .with_drive(drive),
    )
    .unwrap();
    t
}

/// Runs `seconds` at `dt` from `(q, v)`; returns the final state and the largest reported
/// limit violation and the largest actual one.
fn run(
    t: &Tree<f64, Fixed<1>>,
    g: f64,
    (mut q, mut v): (f64, f64),
    dt: f64,
    seconds: f64,
) -> ((f64, f64), f64, f64) {
    let mut ws = Workspace::new(t).unwrap();
    let (mut qs, mut vs, mut a) = ([q], [v], [0.0]);
    let (mut reported, mut actual) = (0.0f64, 0.0f64);
    for _ in 0..(seconds / dt).round() as usize {
        let r = t
            .step(
                &mut ws,
                &mut qs,
                &mut vs,
                &[0.0],
                Vector([0.0, 0.0, -g]),
                dt,
                Scheme::midpoint(),
                &mut a,
            )
            .unwrap();
        assert!(r.converged);
        reported = reported.max(r.limit_violation);
        if let Some(l) = t.links()[0].drive.limits {
            actual = actual.max(l.violation(qs[0]));
            assert_eq!(r.limit_violation, l.violation(qs[0]));
        }
    }
    (q, v) = (qs[0], vs[0]);
    ((q, v), reported, actual)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    /// No gravity; a position motor (k, kd) plus joint damping c: `θ̈ = −k θ − (kd + c) θ̇`,
    /// under-damped, against its closed form after 1 s.
    #[test]
    fn motor_and_damping_are_a_damped_oscillator(
        // k ≥ 5 > γ² = ((kd + c)/2)² ≤ 4: under-damped.
        k in 5.0..50.0f64, kd in 0.0..2.0f64, c in 0.0..2.0f64, q0 in -0.5..0.5f64,
    ) {
        let motor = Motor { target_position: 0.0, target_velocity: 0.0, stiffness: k, damping: kd, max_force: f64::INFINITY };
        let t = wheel(Drive { damping: c, ..Drive::none() }.with_motor(motor));
        let ((q, v), _, _) = run(&t, 0.0, (q0, 0.0), 1e-3, 1.0);
        let gamma = (kd + c) / 2.0;
        let wd = (k - gamma * gamma).sqrt();
        let e = (-gamma).exp();
        let exact_q = q0 * e * (wd.cos() + gamma / wd * wd.sin());
        let exact_v = -q0 * e * (k / wd) * wd.sin();
        // Midpoint rule: phase error ~ (ω Δt)² ω t / 12 ≤ 2·10⁻⁵ of the amplitude here.
        let tol = 1e-4 * q0.abs().max(1e-3) * k.sqrt();
        assert_abs_diff_eq!(q, exact_q, epsilon = tol);
        assert_abs_diff_eq!(v, exact_v, epsilon = tol * k.sqrt());
    }
}

/// A velocity motor at its force limit: constant acceleration F / I until near its target.
#[test]
fn motor_force_limit_gives_a_ramp() {
    let motor = Motor {
        target_position: 0.0,
        target_velocity: 10.0,
        stiffness: 0.0,
        damping: 1e3,
        max_force: 2.0,
    };
    let t = wheel(Drive::none().with_motor(motor));
    let ((_, v), _, _) = run(&t, 0.0, (0.0, 0.0), 1e-3, 1.0);
    assert_abs_diff_eq!(v, 2.0, epsilon = 1e-9);
    // Past t = 5 s the motor holds the target (within its damping's reach).
    let ((_, v), _, _) = run(&t, 0.0, (0.0, 0.0), 1e-3, 6.0);
    assert_abs_diff_eq!(v, 10.0, epsilon = 1e-6);
}

/// A pendulum released horizontally falls onto a soft upper limit at 0.5 rad (k = 10⁴,
/// c = 50): it is held there, the violation stays small, and every step reports it.
#[test]
fn soft_limit_holds_a_falling_pendulum() {
    let limits = Limits {
        lower: -0.5,
        upper: 0.5,
        stiffness: 1e4,
        damping: 50.0,
    };
    let t = wheel(Drive::none().with_limits(limits));
    let ((q, v), reported, actual) = run(&t, 9.81, (0.0, 0.0), 1e-3, 3.0);
    // Static deflection m g l cos(0.5) / k = 8.6·10⁻⁴ rad.
    let sag = 9.81 * 0.5f64.cos() / 1e4;
    assert_abs_diff_eq!(q, 0.5 + sag, epsilon = 1e-5);
    assert_abs_diff_eq!(v, 0.0, epsilon = 1e-4);
    assert_eq!(reported, actual);
    // The impact at 3.1 rad/s overshoots by about v √(I/k) = 0.03 rad at most.
    assert!(actual > sag && actual < 0.04, "{actual}");
}

/// Damping only removes energy: a damped chain's energy never rises.
#[test]
fn damping_dissipates() {
    let mut t = Tree::<f64, Fixed<5>>::new();
    let rod = Inertia::new(1.0, Vector([0.125, 0.0, 0.0]), Matrix::identity() * 1e-3);
    for i in 0..5usize {
        let at = if i == 0 {
            Plx::identity()
        } else {
            Plx::from_translation(Vector([0.25, 0.0, 0.0]))
        };
        t.try_push(
            Link::new(i.checked_sub(1), Joint::Spherical, at, rod).with_drive(Drive {
                damping: 0.05,
                ..Drive::none()
            }),
        )
        .unwrap();
    }
    let mut ws = Workspace::new(&t).unwrap();
    let mut q = [0.0; 20];
    t.neutral(&mut q).unwrap();
    let (mut v, mut a) = ([0.0; 15], [0.0; 15]);
    let g = Vector([0.0, 0.0, -9.81]);
    let mut last = 0.0;
    for _ in 0..2000 {
        t.step(
            &mut ws,
            &mut q,
            &mut v,
            &[0.0; 15],
            g,
            1e-3,
            Scheme::midpoint(),
            &mut a,
        )
        .unwrap();
        t.link_velocities(&mut ws, &q, &v).unwrap();
        let e = t.kinetic_energy(&ws) + t.potential_energy(&ws, g);
        assert!(e <= last + 1e-6, "energy rose from {last} to {e}");
        last = e;
    }
    assert!(last < -1e-3, "the chain fell and lost energy: {last}");
}

#[test]
fn invalid_drives_are_errors() {
    let body = Inertia::new(1.0, Vector([1.0, 0.0, 0.0]), Matrix::identity());
    let hinge = Joint::revolute(Vector([0.0, 1.0, 0.0])).unwrap();
    let motor = Motor {
        target_position: 0.0,
        target_velocity: 0.0,
        stiffness: 1.0,
        damping: 1.0,
        max_force: 1.0,
    };
    let limits = Limits {
        lower: 0.0,
        upper: 1.0,
        stiffness: 1.0,
        damping: 0.0,
    };
    let bad = [
        (Joint::Spherical, Drive::none().with_motor(motor)),
        (Joint::Spherical, Drive::none().with_limits(limits)),
        (
            hinge,
            Drive {
                damping: f64::NAN,
                ..Drive::none()
            },
        ),
        (
            hinge,
            Drive {
                damping: -1.0,
                ..Drive::none()
            },
        ),
        (
            hinge,
            Drive::none().with_limits(Limits {
                lower: 1.0,
                upper: 0.0,
                ..limits
            }),
        ),
        (
            hinge,
            Drive::none().with_limits(Limits {
                stiffness: 0.0,
                ..limits
            }),
        ),
        (
            hinge,
            Drive::none().with_motor(Motor {
                stiffness: -1.0,
                ..motor
            }),
        ),
        (
            hinge,
            Drive::none().with_motor(Motor {
                target_velocity: f64::INFINITY,
                ..motor
            }),
        ),
        (
            hinge,
            Drive::none().with_motor(Motor {
                max_force: f64::NAN,
                ..motor
            }),
        ),
    ];
    for (joint, drive) in bad {
        let mut t = Tree::<f64, Fixed<1>>::new();
        let e = t.try_push(Link::new(None, joint, Plx::identity(), body).with_drive(drive));
        assert_eq!(e, Err(Error::BadDrive { link: 0 }), "{drive:?}");
        assert!(t.is_empty());
        assert!(e.unwrap_err().to_string().contains("link 0"));
    }
    // Damping on a spherical joint is fine.
    let mut t = Tree::<f64, Fixed<1>>::new();
    assert!(
        t.try_push(
            Link::new(None, Joint::Spherical, Plx::identity(), body).with_drive(Drive {
                damping: 1.0,
                ..Drive::none()
            })
        )
        .is_ok()
    );
}
