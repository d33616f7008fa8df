//! Measured global convergence orders of the stepper against an RK4 reference integration
//! with tiny steps (computed here), asserted with margins. Run with `--nocapture` to see the
//! measured table.
mod common;

use rotint::{ExpMap, Frame, MagnusTerms, Stepper};
use xform::{Quaternion, Vector};

/// Spin-dominated case: |ω|² ≈ 5 > |α| ≈ 4.
const SPIN: ([f64; 3], [f64; 3]) = ([1.0, -0.5, 2.0], [3.0, 2.0, -1.5]);
/// Acceleration-dominated case: |α| ≈ 7 ≫ |ω|² ≈ 0.14.
const ACCEL: ([f64; 3], [f64; 3]) = ([0.2, 0.1, -0.3], [5.0, -4.0, 3.0]);
const T_END: f64 = 1.0;

fn q64<T: num_traits::Float>(q: Quaternion<T>) -> [f64; 4] {
    [q.w, q.x, q.y, q.z].map(|c| c.to_f64().unwrap())
}

/// Final angle error after integrating over [0, T_END] with `n` steps in precision T.
fn error<T: num_traits::Float + num_traits::FloatConst>(
    st: &Stepper<T>,
    (w, a): ([f64; 3], [f64; 3]),
    n: usize,
    reference: [f64; 4],
) -> f64 {
    let c = |x: f64| T::from(x).unwrap();
    let (mut q, mut om) = (Quaternion::<T>::identity(), Vector(w.map(c)));
    let alpha = Vector(a.map(c));
    let h = c(T_END / n as f64);
    for _ in 0..n {
        (q, om) = st.step(q, om, alpha, h).unwrap();
    }
    common::angle_between(q64(q), reference)
}

/// Least-squares slope of log2(error) against log2(n), negated: the global order.
fn order(errors: &[(usize, f64)]) -> f64 {
    let pts: Vec<(f64, f64)> = errors
        .iter()
        .map(|&(n, e)| ((n as f64).log2(), e.log2()))
        .collect();
    let m = pts.len() as f64;
    let (sx, sy) = pts.iter().fold((0.0, 0.0), |(a, b), p| (a + p.0, b + p.1));
    let (mx, my) = (sx / m, sy / m);
    let (num, den) = pts.iter().fold((0.0, 0.0), |(a, b), p| {
        (a + (p.0 - mx) * (p.1 - my), b + (p.0 - mx).powi(2))
    });
    -num / den
}

fn fmt(errs: &[(usize, f64)]) -> String {
    errs.iter()
        .map(|(n, e)| format!("n={n}: {e:.2e}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn reference(case: ([f64; 3], [f64; 3]), frame: Frame) -> [f64; 4] {
    common::reference(
        [1.0, 0.0, 0.0, 0.0],
        case.0,
        case.1,
        T_END,
        1 << 15,
        frame == Frame::World,
    )
}

fn measure(
    terms: MagnusTerms,
    map: ExpMap,
    frame: Frame,
    case: ([f64; 3], [f64; 3]),
    ns: &[usize],
) -> (f64, Vec<(usize, f64)>) {
    let st = Stepper::<f64>::new()
        .with_terms(terms)
        .with_exp_map(map)
        .with_frame(frame);
    let r = reference(case, frame);
    let errs: Vec<(usize, f64)> = ns.iter().map(|&n| (n, error(&st, case, n, r))).collect();
    (order(&errs), errs)
}

#[test]
fn measured_orders_f64() {
    // (terms, map, expected order, step counts)
    let plan: &[(MagnusTerms, ExpMap, f64, &[usize])] = &[
        (MagnusTerms::One, ExpMap::Exact, 2.0, &[8, 16, 32, 64]),
        (MagnusTerms::Two, ExpMap::Exact, 4.0, &[8, 16, 32, 64]),
        (MagnusTerms::Three, ExpMap::Exact, 4.0, &[8, 16, 32, 64]),
        (MagnusTerms::Four, ExpMap::Exact, 6.0, &[4, 8, 16, 32]),
        (
            MagnusTerms::One,
            ExpMap::TrigFreeCubic,
            2.0,
            &[8, 16, 32, 64],
        ),
        (
            MagnusTerms::Two,
            ExpMap::TrigFreeCubic,
            4.0,
            &[8, 16, 32, 64],
        ),
        // The cubic map's θ⁵ error caps the order at 4 even with Ω4.
        (
            MagnusTerms::Four,
            ExpMap::TrigFreeCubic,
            4.0,
            &[8, 16, 32, 64],
        ),
        (
            MagnusTerms::Four,
            ExpMap::TrigFreeQuintic,
            6.0,
            &[4, 8, 16, 32],
        ),
    ];
    for frame in [Frame::World, Frame::Body] {
        for case in [SPIN, ACCEL] {
            for &(terms, map, expected, ns) in plan {
                let (p, errs) = measure(terms, map, frame, case, ns);
                println!(
                    "{frame:?} {:?} {terms:?} {map:?}: order {p:.3}, errors {}",
                    if case == SPIN { "spin" } else { "accel" },
                    fmt(&errs)
                );
                assert!(
                    (p - expected).abs() <= 0.25,
                    "{frame:?} {terms:?} {map:?}: measured order {p:.3}, expected {expected}"
                );
            }
        }
    }
}

#[test]
fn wrong_body_frame_signs_lose_the_order() {
    // The even terms must flip in the body frame: using the world-frame Ω2 on the body ODE
    // falls back to order 2, so the sign is observable.
    let st = Stepper::<f64>::new()
        .with_exp_map(ExpMap::Exact)
        .with_frame(Frame::World);
    let r = reference(SPIN, Frame::Body);
    let errs: Vec<(usize, f64)> = [8usize, 16, 32, 64]
        .iter()
        .map(|&n| {
            let (mut q, mut w) = (Quaternion::identity(), Vector(SPIN.0));
            let a = Vector(SPIN.1);
            let h = T_END / n as f64;
            for _ in 0..n {
                let omega = st.rotation_vector(w, a, h); // world-frame terms
                q *= rotint::quat_exp(omega); // applied on the body side
                w += a * h;
            }
            (n, common::angle_between(q64(q), r))
        })
        .collect();
    let p = order(&errs);
    assert!((p - 2.0).abs() < 0.3, "order {p}");
}

/// Acceleration-dominated throughout: spin-up from near rest, |α| ≥ |ω(t)|² on [0, 1].
const SPIN_UP: ([f64; 3], [f64; 3]) = ([0.02, 0.01, -0.03], [0.5, -0.4, 0.3]);

#[test]
fn what_omega3_buys() {
    // Ω3 keeps order 4 and changes the error constant. It removes the α²ω Δt⁵ error term,
    // but the Ω4 term (|ω|³|α| Δt⁵/720) remains, so it helps when |α| ≳ |ω|² and can even
    // hurt (partial cancellation lost) when the two are comparable.
    for (name, case, min_gain) in [
        ("spin", SPIN, Some(1.2)),
        ("accel", ACCEL, None),
        ("spin-up", SPIN_UP, Some(3.0)),
    ] {
        let (_, e2) = measure(
            MagnusTerms::Two,
            ExpMap::Exact,
            Frame::World,
            case,
            &[16, 32],
        );
        let (_, e3) = measure(
            MagnusTerms::Three,
            ExpMap::Exact,
            Frame::World,
            case,
            &[16, 32],
        );
        let (_, e4) = measure(
            MagnusTerms::Four,
            ExpMap::Exact,
            Frame::World,
            case,
            &[16, 32],
        );
        let gain = e2[1].1 / e3[1].1;
        println!(
            "{name}: n=32 error Ω1+Ω2 {:.3e}, Ω1..Ω3 {:.3e} (gain {gain:.2}x), Ω1..Ω4 {:.3e}",
            e2[1].1, e3[1].1, e4[1].1
        );
        if let Some(min_gain) = min_gain {
            assert!(gain >= min_gain, "{name}: gain {gain}");
        }
        // Ω4 (order 6) beats both at this resolution in every case.
        assert!(
            e4[1].1 < e2[1].1.min(e3[1].1) / 10.0,
            "{name}: Ω4 error {:e}",
            e4[1].1
        );
    }
}

#[test]
fn measured_orders_f32() {
    // In f32 rounding (~1e-7 per step) hides the error of order 4 beyond a few steps; order 2
    // is measurable and Ω2 must already win by a wide margin.
    for frame in [Frame::World, Frame::Body] {
        let r = reference(SPIN, frame);
        let st1 = Stepper::<f32>::new()
            .with_terms(MagnusTerms::One)
            .with_exp_map(ExpMap::Exact)
            .with_frame(frame);
        let st2 = Stepper::<f32>::new()
            .with_terms(MagnusTerms::Two)
            .with_frame(frame);
        let e1: Vec<(usize, f64)> = [8usize, 16, 32, 64]
            .iter()
            .map(|&n| (n, error(&st1, SPIN, n, r)))
            .collect();
        let p = order(&e1);
        let e2 = error(&st2, SPIN, 16, r);
        println!(
            "f32 {frame:?}: Ω1 order {p:.3} {}; Ω1+Ω2 cubic at n=16: {e2:.3e}",
            fmt(&e1)
        );
        assert!((p - 2.0).abs() <= 0.25, "f32 Ω1 order {p}");
        assert!(e2 < e1[1].1 / 100.0, "f32 Ω1+Ω2 error {e2:e}");
    }
}
