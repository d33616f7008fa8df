//! Criterion: Jacobians with `dual::jacobian` (one pass, DualVec) against the hand-written
//! Jacobian, central differences, the n-pass `Dual` Jacobian and num-dual.
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
}

criterion_group!(benches, jacobians);
criterion_main!(benches);
