//! rotint: cost of one orientation step and its error per unit time at 60 Hz, against the two
//! steps physics engines use, implemented here:
//!
//! * **Euler + normalize**: `ω' = ω + αΔt; q += ½ ω' q Δt; q /= |q|`;
//! * **constant-ω exponential** (Bullet's `integrateTransform`, Box2D-style): `ω' = ω + αΔt;
//!   q = exp(½ ω' Δt) q` with sin/cos, then normalize.
//!
//! The scenario is a body under constant angular acceleration (no gyroscopic term), so the
//! only error is the integration error of the orientation.
use core::hint::black_box;

use num_traits::{Float, FloatConst};
use rotint::xform::{Quaternion, Vector};
use rotint::{ExpMap, Frame, MagnusTerms, Stepper};

use crate::table::{Table, ns, ratio};

/// Initial angular velocity of the scenario, rad/s.
pub const OMEGA0: [f64; 3] = [1.0, -0.5, 2.0];
/// Constant angular acceleration of the scenario, rad/s².
pub const ALPHA: [f64; 3] = [0.6, 0.4, -0.3];
/// Step size: 60 Hz.
pub const DT: f64 = 1.0 / 60.0;
/// Simulated time for the error measurement, s.
pub const DURATION: f64 = 5.0;

/// An orientation step `(q, ω, α, Δt) → (q', ω')`.
pub type StepFn<T> =
    fn(Quaternion<T>, Vector<T, 3>, Vector<T, 3>, T) -> (Quaternion<T>, Vector<T, 3>);

/// Baseline 1: explicit quaternion derivative with the new velocity, then normalize.
#[inline]
pub fn euler_normalize<T: Float>(
    q: Quaternion<T>,
    w: Vector<T, 3>,
    a: Vector<T, 3>,
    dt: T,
) -> (Quaternion<T>, Vector<T, 3>) {
    let w1 = w + a * dt;
    let half = T::one() / (T::one() + T::one());
    let dq = Quaternion::from_vector(w1) * q * (half * dt);
    let q1 = q + dq;
    (q1 / q1.norm(), w1)
}

/// Baseline 2: constant-ω exponential step with the new velocity (Bullet/Box2D style):
/// exact axis-angle with sin/cos, Taylor series for tiny angles, then normalize.
#[inline]
pub fn constant_omega_exp<T: Float>(
    q: Quaternion<T>,
    w: Vector<T, 3>,
    a: Vector<T, 3>,
    dt: T,
) -> (Quaternion<T>, Vector<T, 3>) {
    let w1 = w + a * dt;
    let half = T::one() / (T::one() + T::one());
    let speed = w1.norm();
    let x = speed * dt * half;
    let (s, c) = x.sin_cos();
    // sin(x)/|ω| = (Δt/2) sinc(x); Bullet switches to a Taylor series below 1e-3 rad.
    let scale = if x < T::from(1e-3).unwrap() {
        half * dt * (T::one() - x * x / T::from(6.0).unwrap())
    } else {
        s / speed
    };
    let e = Quaternion::from_parts(c, w1 * scale);
    let q1 = e * q;
    (q1 / q1.norm(), w1)
}

/// The scenario's ω and α are world-frame (the reference integrates `q̇ = ½ ω q`), so the
/// stepper is told so; `Stepper::new()` defaults to the body frame.
fn stepper<T: Float + FloatConst>(terms: MagnusTerms, map: ExpMap) -> Stepper<T> {
    Stepper::new()
        .with_terms(terms)
        .with_exp_map(map)
        .with_frame(Frame::World)
}

/// The rotint configurations that the report times.
pub fn configurations() -> [(&'static str, MagnusTerms, ExpMap); 4] {
    [
        (
            "rotint Ω1, trig-free cubic",
            MagnusTerms::One,
            ExpMap::TrigFreeCubic,
        ),
        (
            "rotint Ω1+Ω2, trig-free cubic",
            MagnusTerms::Two,
            ExpMap::TrigFreeCubic,
        ),
        ("rotint Ω1+Ω2, exact exp", MagnusTerms::Two, ExpMap::Exact),
        (
            "rotint Ω1..Ω4, trig-free quintic",
            MagnusTerms::Four,
            ExpMap::TrigFreeQuintic,
        ),
    ]
}

/// Reference orientation at `t` by RK4 on `q̇ = ½ω(t)q` with tiny steps (f64).
pub fn reference(t: f64) -> [f64; 4] {
    let n = (t * 20_000.0) as usize;
    let h = t / n as f64;
    let wq = |t: f64| {
        Quaternion::from_vector(Vector(core::array::from_fn(|i| OMEGA0[i] + ALPHA[i] * t)))
    };
    let f = |q: Quaternion<f64>, t: f64| wq(t) * q * 0.5;
    let mut q = Quaternion::identity();
    for i in 0..n {
        let t = i as f64 * h;
        let k1 = f(q, t);
        let k2 = f(q + k1 * (h / 2.0), t + h / 2.0);
        let k3 = f(q + k2 * (h / 2.0), t + h / 2.0);
        let k4 = f(q + k3 * h, t + h);
        q += (k1 + k2 * 2.0 + k3 * 2.0 + k4) * (h / 6.0);
    }
    let q = q / q.norm();
    [q.w, q.x, q.y, q.z]
}

/// Angle between two unit quaternions, radians.
pub fn angle_between(p: [f64; 4], q: [f64; 4]) -> f64 {
    let p = Quaternion::from_array(p);
    let r = p * Quaternion::from_array(q).conjugate();
    2.0 * r.vector().norm().atan2(r.w.abs())
}

/// Final orientation error per simulated second of `step` at 60 Hz over [`DURATION`].
pub fn error_per_second<T: Float>(
    mut step: impl FnMut(Quaternion<T>, Vector<T, 3>, Vector<T, 3>, T) -> (Quaternion<T>, Vector<T, 3>),
    reference: [f64; 4],
) -> f64 {
    let c = |x: f64| T::from(x).unwrap();
    let (mut q, mut w) = (Quaternion::<T>::identity(), Vector(OMEGA0.map(c)));
    let a = Vector(ALPHA.map(c));
    let n = (DURATION / DT).round() as usize;
    for _ in 0..n {
        (q, w) = step(q, w, a, c(DT));
    }
    let q = [q.w, q.x, q.y, q.z].map(|v| v.to_f64().unwrap());
    angle_between(q, reference) / DURATION
}

/// Time of one step of `step` on a state that keeps moving (so nothing is hoisted).
fn time_step<T: Float>(
    full: bool,
    mut step: impl FnMut(Quaternion<T>, Vector<T, 3>, Vector<T, 3>, T) -> (Quaternion<T>, Vector<T, 3>),
) -> f64 {
    let c = |x: f64| T::from(x).unwrap();
    let a = Vector(ALPHA.map(c));
    let neg = -a;
    let (mut q, mut w) = (Quaternion::<T>::identity(), Vector(OMEGA0.map(c)));
    let mut flip = false;
    crate::measure::ns_per_call(crate::measure::budget(full), || {
        // Alternate the sign of α so ω stays bounded however long the timing runs.
        flip = !flip;
        (q, w) = step(
            black_box(q),
            black_box(w),
            if flip { a } else { neg },
            black_box(c(DT)),
        );
        q.w
    })
}

struct Row {
    name: &'static str,
    ns32: f64,
    ns64: f64,
    err32: f64,
    err64: f64,
}

type Timer = Box<dyn Fn(bool) -> f64>;

/// Times every alternative in three interleaved rounds and keeps each one's fastest median,
/// so a burst of load on the shared machine does not land on one alternative only.
fn timed(full: bool, timers: &[Timer]) -> Vec<f64> {
    let mut best = vec![f64::INFINITY; timers.len()];
    for _ in 0..3 {
        for (b, t) in best.iter_mut().zip(timers) {
            *b = b.min(t(full));
        }
    }
    best
}

fn measure_all(full: bool) -> Vec<Row> {
    let r = reference(DURATION);
    let mut names = vec![
        "baseline: q += ½ωqΔt, normalize",
        "baseline: constant-ω exp (Bullet/Box2D)",
    ];
    let mut t32: Vec<Timer> = vec![
        Box::new(|full| time_step::<f32>(full, euler_normalize)),
        Box::new(|full| time_step::<f32>(full, constant_omega_exp)),
    ];
    let mut t64: Vec<Timer> = vec![
        Box::new(|full| time_step::<f64>(full, euler_normalize)),
        Box::new(|full| time_step::<f64>(full, constant_omega_exp)),
    ];
    let mut e32 = vec![
        error_per_second::<f32>(euler_normalize, r),
        error_per_second::<f32>(constant_omega_exp, r),
    ];
    let mut e64 = vec![
        error_per_second::<f64>(euler_normalize, r),
        error_per_second::<f64>(constant_omega_exp, r),
    ];
    for (name, terms, map) in configurations() {
        let s32 = stepper::<f32>(terms, map);
        let s64 = stepper::<f64>(terms, map);
        names.push(name);
        t32.push(Box::new(move |full| {
            time_step::<f32>(full, |q, w, a, dt| s32.step(q, w, a, dt).unwrap())
        }));
        t64.push(Box::new(move |full| {
            time_step::<f64>(full, |q, w, a, dt| s64.step(q, w, a, dt).unwrap())
        }));
        e32.push(error_per_second::<f32>(
            |q, w, a, dt| s32.step(q, w, a, dt).unwrap(),
            r,
        ));
        e64.push(error_per_second::<f64>(
            |q, w, a, dt| s64.step(q, w, a, dt).unwrap(),
            r,
        ));
    }
    let (ns32, ns64) = (timed(full, &t32), timed(full, &t64));
    (0..names.len())
        .map(|i| Row {
            name: names[i],
            ns32: ns32[i],
            ns64: ns64[i],
            err32: e32[i],
            err64: e64[i],
        })
        .collect()
}

/// The "rotint" report section.
pub fn report(mode: &crate::Mode) -> String {
    let rows = measure_all(mode.full);
    let base = &rows[1];
    let mut t = Table::new([
        "step",
        "f32 time",
        "f64 time",
        "f32 cost vs const-ω exp",
        "f64 cost vs const-ω exp",
        "f64 error / s",
        "f32 error / s",
        "error ratio (const-ω exp / this, f64)",
    ]);
    for r in &rows {
        t.row([
            r.name.to_string(),
            ns(r.ns32),
            ns(r.ns64),
            ratio(r.ns32 / base.ns32),
            ratio(r.ns64 / base.ns64),
            format!("{:.2e} rad", r.err64),
            format!("{:.2e} rad", r.err32),
            format!("{:.3e}", base.err64 / r.err64),
        ]);
    }
    let main = &rows[3]; // Ω1+Ω2, trig-free cubic
    let verdict = format!(
        "Target (≥ 100x lower error than the constant-ω exponential step at ≤ 2x its cost), \
         Ω1+Ω2 with the trig-free cubic: error {:.3e}x lower (f64), cost {:.2}x (f64) and {:.2}x (f32): {}.",
        base.err64 / main.err64,
        main.ns64 / base.ns64,
        main.ns32 / base.ns32,
        if base.err64 / main.err64 >= 100.0
            && main.ns64 / base.ns64 <= 2.0
            && main.ns32 / base.ns32 <= 2.0
        {
            "met"
        } else {
            "NOT met"
        }
    );
    format!(
        "Orientation under constant angular acceleration ω₀ = {OMEGA0:?} rad/s, α = {ALPHA:?} rad/s², \
         60 Hz for {DURATION} s; error = final angle against an RK4 reference with 20 000 steps/s, \
         divided by the simulated time. Times are one guarded `Stepper::step` (or one baseline \
         step): the fastest of three interleaved medians of batches, all measured in this run.\n\n{}\n{verdict}\n",
        t.to_markdown()
    ) + "\n"
        + &payoff_report(mode.full)
}

/// Step sizes of the Ω3/Ω4 payoff table, s (each divides [`PAYOFF_DURATION`]).
pub const PAYOFF_STEPS: [f64; 5] = [1.0 / 240.0, 1.0 / 120.0, 1.0 / 60.0, 1.0 / 30.0, 1.0 / 15.0];
/// The payoff table's cases: (scale of ω₀ = [`OMEGA0`], |α| in rad/s² along [`ALPHA`]).
pub const PAYOFF_CASES: [(f64, f64); 4] = [(1.0, 0.2), (1.0, 2.0), (1.0, 20.0), (0.1, 2.0)];
/// Simulated time of one payoff run, s.
pub const PAYOFF_DURATION: f64 = 1.0;
/// Steps of the payoff reference (Ω1..Ω4, exact exponential, order 6) over the duration.
const PAYOFF_REFERENCE_STEPS: usize = 7680;

/// The final orientation after [`PAYOFF_DURATION`] from the identity with ω₀ = `w0` and
/// α = `alpha` (world frame), by `n` equal steps of a stepper with `terms` and the exact
/// exponential (so only the Magnus truncation differs between the terms), f64, no substeps.
fn payoff_run(terms: MagnusTerms, w0: Vector<f64, 3>, alpha: Vector<f64, 3>, n: usize) -> [f64; 4] {
    let st = stepper::<f64>(terms, ExpMap::Exact).with_guard(rotint::Guard::Reject);
    let h = PAYOFF_DURATION / n as f64;
    let (mut q, mut w) = (Quaternion::identity(), w0);
    for _ in 0..n {
        (q, w) = st
            .step(q, w, alpha, h)
            .expect("payoff steps stay within the guard");
    }
    q.to_array()
}

/// One row of the payoff table.
#[derive(Debug, Clone, Copy)]
pub struct PayoffRow {
    /// Step size, s.
    pub h: f64,
    /// |ω₀|, rad/s.
    pub w0: f64,
    /// |ω| at the end of the run, rad/s.
    pub w1: f64,
    /// |α|, rad/s².
    pub alpha: f64,
    /// Final angle error (rad) of Ω1+Ω2, Ω1..Ω3 and Ω1..Ω4 after [`PAYOFF_DURATION`].
    pub errors: [f64; 3],
    /// The reference's own rounding level: its distance to the same run with half the steps.
    pub floor: f64,
}

/// Whether a term set pays against Ω1+Ω2: Ω1+Ω2 is of order 4, so reaching `error_ratio`
/// times lower error with it would take `error_ratio^(1/4)` times more steps; the extra
/// terms pay when their cost ratio is below that. Not when Ω1+Ω2 is already within 10x of
/// the rounding level `floor`.
pub fn pays(base_error: f64, floor: f64, error_ratio: f64, cost_ratio: f64) -> &'static str {
    if base_error <= 10.0 * floor {
        "no (at rounding)"
    } else if error_ratio.powf(0.25) > cost_ratio {
        "yes"
    } else {
        "no"
    }
}

/// The errors of the payoff table (no timing).
pub fn payoff_errors() -> Vec<PayoffRow> {
    let dir = Vector(ALPHA) / Vector(ALPHA).norm();
    let mut rows = Vec::new();
    for &(scale, alpha) in &PAYOFF_CASES {
        let (w0, a) = (Vector(OMEGA0) * scale, dir * alpha);
        let reference = payoff_run(MagnusTerms::Four, w0, a, PAYOFF_REFERENCE_STEPS);
        let floor = angle_between(
            payoff_run(MagnusTerms::Four, w0, a, PAYOFF_REFERENCE_STEPS / 2),
            reference,
        );
        for &h in &PAYOFF_STEPS {
            let n = (PAYOFF_DURATION / h).round() as usize;
            let errors = [MagnusTerms::Two, MagnusTerms::Three, MagnusTerms::Four]
                .map(|t| angle_between(payoff_run(t, w0, a, n), reference));
            rows.push(PayoffRow {
                h,
                w0: w0.norm(),
                w1: (w0 + a * PAYOFF_DURATION).norm(),
                alpha,
                errors,
                floor,
            });
        }
    }
    rows
}

/// When the Ω3 and Ω4 terms pay for their cost: the error of Ω1+Ω2, Ω1..Ω3 and Ω1..Ω4 (exact
/// exponential map, f64) over 1 s for several step sizes and angular accelerations, and the
/// cost of one step of each, timed in this run. Printed by the `rotint` report section.
pub fn payoff_report(full: bool) -> String {
    let timers: Vec<Timer> = [MagnusTerms::Two, MagnusTerms::Three, MagnusTerms::Four]
        .into_iter()
        .map(|terms| {
            let st = stepper::<f64>(terms, ExpMap::Exact);
            Box::new(move |full| {
                time_step::<f64>(full, move |q, w, a, dt| st.step(q, w, a, dt).unwrap())
            }) as Timer
        })
        .collect();
    let ns = timed(full, &timers);
    let (c3, c4) = (ns[1] / ns[0], ns[2] / ns[0]);
    let mut t = Table::new([
        "Δt",
        // `\|`: a bare `|` would end the markdown cell.
        "\\|α\\| (rad/s²)",
        "\\|ω\\| start → end (rad/s)",
        "\\|α\\|/\\|ω\\|² start → end",
        "Ω1+Ω2 error",
        "Ω1..Ω3 error",
        "Ω3: error ÷",
        "Ω3 pays",
        "Ω1..Ω4 error",
        "Ω4: error ÷",
        "Ω4 pays",
    ]);
    let rows = payoff_errors();
    for r in &rows {
        let [e2, e3, e4] = r.errors;
        t.row([
            format!("1/{:.0} s", 1.0 / r.h),
            format!("{}", r.alpha),
            format!("{:.2} → {:.1}", r.w0, r.w1),
            format!(
                "{:.2} → {:.2}",
                r.alpha / (r.w0 * r.w0),
                r.alpha / (r.w1 * r.w1)
            ),
            format!("{e2:.1e}"),
            format!("{e3:.1e}"),
            format!("{:.2}", e2 / e3),
            pays(e2, r.floor, e2 / e3, c3).to_string(),
            format!("{e4:.1e}"),
            format!("{:.1}", e2 / e4),
            pays(e2, r.floor, e2 / e4, c4).to_string(),
        ]);
    }
    let floor = payoff_errors().iter().map(|r| r.floor).fold(0.0, f64::max);
    format!(
        "When Ω3 and Ω4 pay (exact exponential map, world frame, f64; ω₀ along {OMEGA0:?} rad/s, \
         α along {ALPHA:?}, {PAYOFF_DURATION} s from the identity; error = final angle against \
         Ω1..Ω4 with {PAYOFF_REFERENCE_STEPS} steps, whose distance to the same run with half \
         the steps, the rounding level, is at most {floor:.1e} rad). One step costs {} \
         (Ω1+Ω2), {} (Ω1..Ω3, {c3:.2}x) and {} (Ω1..Ω4, {c4:.2}x). A term set pays when its \
         error reduction exceeds its cost ratio to the fourth power (Ω1+Ω2 is of order 4: \
         that is what shorter Ω1+Ω2 steps of the same accuracy would cost); \"at rounding\": \
         Ω1+Ω2 is already within 10x of the rounding level.\n\n{}",
        crate::table::ns(ns[0]),
        crate::table::ns(ns[1]),
        crate::table::ns(ns[2]),
        t.to_markdown()
    )
}
