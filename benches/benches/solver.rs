//! Criterion: one PGS-SOR solve of 20 sweeps in the dense and sequential-impulse forms, the
//! 100-link chain, and the exact pivoting solver at 16 and 32 rows (cold, and as a polish of
//! a 20-sweep PGS answer), and the time to 1e-6 of PGS-SOR against the subspace variant.
use core::hint::black_box;

use benches::solver::{
    Rng, dense_gamma, dense_solve, exact_polish, exact_solve, hanging_chain, random_system,
    sequential_impulse_solve, subspace_solve,
};
use criterion::{Criterion, criterion_group, criterion_main};
use solver::ExactSolver;

fn sweeps(c: &mut Criterion) {
    let s = random_system(&mut Rng(7), 64, 10.0);
    let gamma = dense_gamma(&s);
    let mut g = c.benchmark_group("solver 64 rows, 20 sweeps");
    g.bench_function("dense PGS-SOR", |b| {
        b.iter(|| dense_solve(black_box(&gamma), &s, 1.0, 20))
    });
    g.bench_function("sequential impulse", |b| {
        b.iter(|| sequential_impulse_solve(black_box(&s), 1.0, 20, 0.0, |_, _| {}))
    });
    g.finish();

    let chain = hanging_chain(100);
    let mut g = c.benchmark_group("solver 100-link chain, 20 sweeps");
    for omega in [1.0, 1.8] {
        g.bench_function(format!("sequential impulse ω = {omega}"), |b| {
            b.iter(|| sequential_impulse_solve(black_box(&chain), omega, 20, 0.0, |_, _| {}))
        });
    }
    g.finish();
}

fn exact(c: &mut Criterion) {
    let mut solver = Box::new(ExactSolver::<f64, 64>::new());
    let mut g = c.benchmark_group("solver exact vs PGS");
    for n in [16usize, 32] {
        let s = random_system(&mut Rng(9 + n as u64), n, 10.0);
        let gamma = dense_gamma(&s);
        g.bench_function(format!("exact pivoting {n} rows"), |b| {
            b.iter(|| exact_solve(&mut solver, black_box(&gamma), &s))
        });
        g.bench_function(format!("dense PGS 20 sweeps {n} rows"), |b| {
            b.iter(|| dense_solve(black_box(&gamma), &s, 1.0, 20))
        });
        let start = dense_solve(&gamma, &s, 1.0, 20);
        g.bench_function(format!("exact polish of 20 PGS sweeps {n} rows"), |b| {
            b.iter(|| exact_polish(&mut solver, black_box(&gamma), &s, &start))
        });
    }
    g.finish();
}

fn subspace(c: &mut Criterion) {
    // Time to a relative projected residual of 1e-6: plain PGS-SOR against the subspace
    // variant (exact polish every SUBSPACE_EVERY sweeps), random rows and the long chain.
    let mut solver = Box::new(ExactSolver::<f64, 128>::new());
    let mut g = c.benchmark_group("solver to 1e-6");
    for (name, s) in [
        ("random 32 rows", random_system(&mut Rng(11), 32, 10.0)),
        ("100-link chain", hanging_chain(100)),
    ] {
        let gamma = dense_gamma(&s);
        let tol = 1e-6 * s.eta.iter().fold(0.0f64, |m, v| m.max(v.abs()));
        g.bench_function(format!("{name}: PGS-SOR ω = 1.3"), |b| {
            b.iter(|| sequential_impulse_solve(black_box(&s), 1.3, 200_000, tol, |_, _| {}))
        });
        g.bench_function(format!("{name}: subspace ω = 1.3"), |b| {
            b.iter(|| subspace_solve(&mut solver, black_box(&gamma), &s, 1.3, tol))
        });
    }
    g.finish();
}

criterion_group!(benches, sweeps, exact, subspace);
criterion_main!(benches);
