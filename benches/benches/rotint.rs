//! Criterion: one orientation step at 60 Hz, f32 and f64, rotint (exact vs trig-free
//! exponential, Ω1+Ω2) against the Euler+normalize and constant-ω exponential baselines.
use core::hint::black_box;

use benches::rotint::{ALPHA, DT, OMEGA0, constant_omega_exp, euler_normalize};
use criterion::{Criterion, criterion_group, criterion_main};
use num_traits::{Float, FloatConst};
use rotint::xform::{Quaternion, Vector};
use rotint::{ExpMap, MagnusTerms, Stepper};

fn bench_precision<T: Float + FloatConst>(c: &mut Criterion, label: &str) {
    let cv = |x: f64| T::from(x).unwrap();
    let (q, w, a, dt) = (
        Quaternion::<T>::identity(),
        Vector(OMEGA0.map(cv)),
        Vector(ALPHA.map(cv)),
        cv(DT),
    );
    let mut g = c.benchmark_group(format!("rotint step {label}"));
    g.bench_function("baseline euler+normalize", |b| {
        b.iter(|| euler_normalize(black_box(q), black_box(w), black_box(a), black_box(dt)))
    });
    g.bench_function("baseline constant-omega exp", |b| {
        b.iter(|| constant_omega_exp(black_box(q), black_box(w), black_box(a), black_box(dt)))
    });
    for (name, map) in [
        ("omega1+2 trig-free cubic", ExpMap::TrigFreeCubic),
        ("omega1+2 exact exp", ExpMap::Exact),
    ] {
        let st = Stepper::<T>::new()
            .with_terms(MagnusTerms::Two)
            .with_exp_map(map);
        g.bench_function(name, |b| {
            b.iter(|| st.step(black_box(q), black_box(w), black_box(a), black_box(dt)))
        });
    }
    g.finish();
}

fn steps(c: &mut Criterion) {
    bench_precision::<f32>(c, "f32");
    bench_precision::<f64>(c, "f64");
}

criterion_group!(benches, steps);
criterion_main!(benches);
