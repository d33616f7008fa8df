//! Criterion: Jacobians with `dual::jacobian` (one pass, DualVec) against the hand-written
//! Jacobian, central differences, the n-pass `Dual` Jacobian and num-dual.
use benches::dual::shapes::{
    self, ARM_X, GRAVITY_X, HORNER_X, RATIONAL_X, RBF_X, ROBERTSON_X, SOFTMAX_X, TRIANGLE_X, arm,
    arm_jacobian, gravity, gravity_jacobian, horner, horner_jacobian, rational, rational_jacobian,
    rbf, rbf_jacobian, robertson, robertson_jacobian, softmax, softmax_jacobian, triangle,
    triangle_jacobian,
};
use benches::dual::{
    EKF_X, LORENZ_X, RAT43_B, TRIG_X, central, ekf, ekf_jacobian, lorenz, lorenz_jacobian,
    num_dual_jacobian, peer, rat43, rat43_jacobian, trig, trig_jacobian,
};
use core::hint::black_box;
use criterion::{Criterion, criterion_group, criterion_main};

fn jacobians(c: &mut Criterion) {
    macro_rules! model {
        ($name:literal, $f:ident, $hand:ident, $peer:expr, $x:expr) => {{
            let mut g = c.benchmark_group(concat!("dual/jacobian/", $name));
            g.bench_function("dual::jacobian", |b| {
                b.iter(|| dual::jacobian($f, black_box($x)))
            });
            g.bench_function("hand-written", |b| b.iter(|| $hand(black_box($x))));
            g.bench_function("central differences", |b| {
                b.iter(|| central($f::<f64>, black_box($x)))
            });
            g.bench_function("dual::jacobian_n_pass", |b| {
                b.iter(|| dual::jacobian_n_pass($f, black_box($x)))
            });
            g.bench_function("num-dual", |b| {
                b.iter(|| num_dual_jacobian($peer, black_box($x)))
            });
            g.finish();
        }};
    }
    model!("lorenz", lorenz, lorenz_jacobian, peer::lorenz, LORENZ_X);
    model!("trig", trig, trig_jacobian, peer::trig, TRIG_X);
    model!("rat43", rat43, rat43_jacobian, peer::rat43, RAT43_B);
    model!("ekf6", ekf, ekf_jacobian, peer::ekf, EKF_X);
    // The eight functions of common shapes (issue 19), not used to tune `dual`.
    model!("arm6", arm, arm_jacobian, shapes::peer::arm, ARM_X);
    model!(
        "rational",
        rational,
        rational_jacobian,
        shapes::peer::rational,
        RATIONAL_X
    );
    model!(
        "softmax",
        softmax,
        softmax_jacobian,
        shapes::peer::softmax,
        SOFTMAX_X
    );
    model!(
        "horner12",
        horner,
        horner_jacobian,
        shapes::peer::horner,
        HORNER_X
    );
    model!(
        "robertson",
        robertson,
        robertson_jacobian,
        shapes::peer::robertson,
        ROBERTSON_X
    );
    model!(
        "gravity4",
        gravity,
        gravity_jacobian,
        shapes::peer::gravity,
        GRAVITY_X
    );
    model!(
        "triangle",
        triangle,
        triangle_jacobian,
        shapes::peer::triangle,
        TRIANGLE_X
    );
    model!("rbf8", rbf, rbf_jacobian, shapes::peer::rbf, RBF_X);
}

criterion_group!(benches, jacobians);
criterion_main!(benches);
