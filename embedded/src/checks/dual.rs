//! dual on the target: f32 derivatives, a one-pass Jacobian and the singular-point rules,
//! against values known independently (closed forms evaluated here, hand-written Jacobians).
use crate::check::{Check, Failure, close, ensure};
use dual::{Dual, DualVec, Float};

pub(crate) const CHECKS: &[Check] = &[
    ("derivative of x·sin x (f32)", derivative_f32),
    ("second derivative by nesting (f32)", second_derivative_f32),
    (
        "Lorenz Jacobian, one pass = hand-written = n passes",
        lorenz_jacobian,
    ),
    (
        "singular points: sqrt/powf/abs at 0, atan2 at origin",
        singular_points,
    ),
    (
        "Taylor series: derivatives to order 5 in one pass (f32)",
        taylor_orders,
    ),
];

fn derivative_f32() -> Result<(), Failure> {
    let x: f32 = core::hint::black_box(0.7);
    let (v, d) = dual::derivative(|s: Dual<f32>| s * s.sin(), x);
    ensure(v == x * x.sin(), "value part equals f(x) bit for bit")?;
    crate::out::value("dual.derivative.x_sin_x", u64::from(d.to_bits()));
    close(
        f64::from(d),
        0.7f64.sin() + 0.7 * 0.7f64.cos(),
        4.0 * f64::from(f32::EPSILON),
        "d/dx x sin x = sin x + x cos x",
    )
}

fn second_derivative_f32() -> Result<(), Failure> {
    let x: f32 = core::hint::black_box(0.3);
    let (_, d1, d2) = dual::second_derivative(|s| s.exp() * s.cos(), x);
    let (xf, e) = (0.3f64, 0.3f64.exp());
    close(
        f64::from(d1),
        e * (xf.cos() - xf.sin()),
        8.0 * f64::from(f32::EPSILON),
        "f' of eˣ cos x",
    )?;
    crate::out::value("dual.second.exp_cos", u64::from(d2.to_bits()));
    close(
        f64::from(d2),
        -2.0 * e * xf.sin(),
        8.0 * f64::from(f32::EPSILON),
        "f'' of eˣ cos x = −2eˣ sin x",
    )
}

fn lorenz<S: Float>([x, y, z]: [S; 3]) -> [S; 3] {
    let c = |v: f32| S::from(v).unwrap_or_else(S::nan);
    [
        c(10.0) * (y - x),
        x * (c(28.0) - z) - y,
        x * y - c(8.0 / 3.0) * z,
    ]
}

fn lorenz_jacobian() -> Result<(), Failure> {
    let p: [f32; 3] = core::hint::black_box([1.5, -2.0, 20.0]);
    let (v, j) = dual::jacobian(lorenz, p);
    let (vn, jn) = dual::jacobian_n_pass(lorenz, p);
    ensure(v == lorenz(p) && vn == v, "value part equals V(x)")?;
    ensure(j == jn, "one-pass and n-pass Jacobians agree exactly")?;
    let [x, y, z] = p;
    let hand = [[-10.0, 10.0, 0.0], [28.0 - z, -1.0, -x], [y, x, -8.0 / 3.0]];
    ensure(j == hand, "Jacobian equals the hand-written one")?;
    let mut h: u64 = 0;
    for row in j {
        for e in row {
            h = h.rotate_left(7) ^ u64::from(e.to_bits());
        }
    }
    crate::out::value("dual.lorenz.jacobian", h);
    Ok(())
}

fn singular_points() -> Result<(), Failure> {
    let zero = core::hint::black_box(0.0f32);
    let c = DualVec::<f32, 2>::new(zero, [1.0, 0.0]);
    let s = c.sqrt();
    ensure(
        s.re == 0.0 && s.eps == [f32::INFINITY, 0.0],
        "sqrt(0): +inf and exact 0",
    )?;
    let p = c.powf(DualVec::constant(2.5));
    ensure(p.eps == [0.0, 0.0], "powf(0, 2.5): slope 0")?;
    ensure(c.powi(0).eps == [0.0, 0.0], "powi(0, 0): slope 0")?;
    ensure(
        (-c).abs().eps == [1.0, 0.0],
        "abs at 0: one-sided slope |y|",
    )?;
    let a = c.atan2(DualVec::new(zero, [0.0, 1.0]));
    ensure(a.eps == [0.0, 0.0], "atan2 at the origin: slope 0")?;
    let h = c.hypot(DualVec::new(zero, [0.0, 1.0]));
    ensure(
        h.eps == [1.0, 1.0],
        "hypot at the origin: slope |direction|",
    )
}

/// `x·eˣ` has `f⁽ᵏ⁾(x) = (x + k)·eˣ`; `|x|·x²` at 0 has third derivative 6 (leading-power rule).
fn taylor_orders() -> Result<(), Failure> {
    let x: f32 = core::hint::black_box(0.4);
    let (v, d) = dual::nth_derivatives::<5, _>(|s| s * s.exp(), x);
    crate::out::value("dual.taylor.x_exp_x.d5", u64::from(d[4].to_bits()));
    close(
        f64::from(v),
        0.4 * 0.4f64.exp(),
        4.0 * f64::from(f32::EPSILON),
        "value of x eˣ",
    )?;
    for (k, dk) in d.iter().enumerate() {
        let want = (0.4 + (k + 1) as f64) * 0.4f64.exp();
        close(
            f64::from(*dk),
            want,
            16.0 * f64::from(f32::EPSILON) * want,
            "(x + k) eˣ",
        )?;
    }
    let zero = core::hint::black_box(0.0f32);
    let (_, d1, d2, d3) = dual::third_derivative(|s| s.abs() * s * s, zero);
    ensure((d1, d2, d3) == (0.0, 0.0, 6.0), "|x|·x² at 0: 0, 0, 6")
}
