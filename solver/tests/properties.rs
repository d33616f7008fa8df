//! Property tests of the PGS-SOR core against independent computations, for f64 and f32.
use crate::common;

use common::{ALL, Mix, Problem, Rng, well_posed_problem};

/// Row mix without friction: these MLCPs have exactly one solution.
const UNIQUE: Mix = Mix {
    friction: false,
    ..ALL
};

/// A problem of `rows` rows drawn from `seed`.
fn problem(seed: u64, rows: usize, mass_ratio: f64, mix: Mix) -> Problem {
    well_posed_problem(&mut Rng(seed), rows, mass_ratio, mix).0
}

macro_rules! pgs_tests {
    ($name:ident, $t:ty, $tol:expr, $ratio:expr) => {
        mod $name {
            use super::*;
            use approx::relative_eq;
            use proptest::prelude::*;
            use solver::{
                Bounds, DenseMatrix, ExactSolver, Fallback, PgsSettings, RowFlag, SequentialImpulse,
                RowCache, BodyVelocity, BodyInverseMass, ConstraintRow, JacobianBlock, certify,
                pgs_sor, pgs_sor_observed, solve_dense,
            };
            use xform::{Matrix, Vector};

            type T = $t;
            /// Agreement tolerance for this precision.
            const TOL: T = $tol;
            /// Largest mass ratio that stays well conditioned in this precision.
            const MASS_RATIO: f64 = $ratio;
            const ROWS: core::ops::RangeInclusive<usize> = 1..=12;
            const OMEGA: core::ops::Range<f64> = 0.2..1.9;

            fn cast(x: &[f64]) -> Vec<T> {
                x.iter().map(|&v| v as T).collect()
            }

            fn cast_bounds(b: &[Bounds<f64>]) -> Vec<Bounds<T>> {
                b.iter()
                    .map(|b| match *b {
                        Bounds::Box { lo, hi } => Bounds::new(lo as T, hi as T),
                        Bounds::Friction { normal, mu } => Bounds::friction(normal, mu as T),
                    })
                    .collect()
            }

            fn settings(omega: T, iterations: usize) -> PgsSettings<T> {
                PgsSettings {
                    omega,
                    max_iterations: iterations,
                    tolerance: 0.0,
                    ..PgsSettings::default()
                }
            }

            fn max_abs(x: &[T]) -> T {
                x.iter().fold(0.0, |m: T, v| m.max(v.abs()))
            }

            fn to_t(v: Vector<f64, 3>) -> Vector<T, 3> {
                Vector(v.0.map(|x| x as T))
            }

            fn rows_t(rows: &[ConstraintRow<f64>]) -> Vec<ConstraintRow<T>> {
                let block = |b: &JacobianBlock<f64>| JacobianBlock {
                    body: b.body,
                    linear: to_t(b.linear),
                    angular: to_t(b.angular),
                };
                rows.iter()
                    .map(|r| ConstraintRow { a: block(&r.a), b: r.b.as_ref().map(block) })
                    .collect()
            }

            fn bodies_t(bodies: &[BodyInverseMass<f64>]) -> Vec<BodyInverseMass<T>> {
                bodies
                    .iter()
                    .map(|b| BodyInverseMass {
                        inv_mass: b.inv_mass as T,
                        inv_inertia: Matrix(b.inv_inertia.0.map(|r| r.map(|x| x as T))),
                    })
                    .collect()
            }

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                /// One row, one sweep: λ = Π[lo,hi](ω·η/(Γ + cfm)) from λ = 0.
                #[test]
                fn single_row_sweep(
                    g in 0.1f64..10.0, eta in -5.0f64..5.0, lo in -3.0f64..0.0,
                    hi in 0.0f64..3.0, omega in OMEGA, cfm in 0.0f64..1.0,
                ) {
                    let (g, eta, lo, hi, omega, cfm) =
                        (g as T, eta as T, lo as T, hi as T, omega as T, cfm as T);
                    let mut lambda = [0.0 as T];
                    let mut flags = [RowFlag::Active];
                    let s = PgsSettings { cfm, ..settings(omega, 1) };
                    solve_dense(&[g], &[eta], &[Bounds::new(lo, hi)], &s, &mut lambda, &mut flags)
                        .unwrap();
                    let expected = (omega * eta / (g + cfm)).max(lo).min(hi);
                    prop_assert!(relative_eq!(lambda[0], expected, max_relative = 8.0 * T::EPSILON));
                }

                /// With infinite bounds and CFM the answer solves (Γ + cfm·I)λ = η (checked by
                /// an explicit matrix-vector product), and the certificate is that residual.
                #[test]
                fn bilateral_rows_solve_the_linear_system(
                    seed in any::<u64>(), rows in ROWS, cfm in 0.0f64..0.5,
                ) {
                    let p = problem(seed, rows, MASS_RATIO, Mix { bilateral: true, unilateral: false, boxed: false, friction: false });
                    let (gamma, eta) = (cast(&p.gamma), cast(&p.eta));
                    let bounds = vec![Bounds::bilateral(); p.n];
                    let mut lambda = vec![0.0 as T; p.n];
                    let mut flags = vec![RowFlag::Active; p.n];
                    let s = PgsSettings { cfm: cfm as T, ..settings(1.0, 20_000) };
                    let cert = solve_dense(&gamma, &eta, &bounds, &s, &mut lambda, &mut flags).unwrap();
                    let residual: Vec<T> = (0..p.n)
                        .map(|i| (0..p.n).map(|j| gamma[i * p.n + j] * lambda[j]).sum::<T>()
                            + cfm as T * lambda[i] - eta[i])
                        .collect();
                    let independent = max_abs(&residual);
                    prop_assert!(independent <= TOL * 10.0 * max_abs(&eta).max(1.0));
                    prop_assert!(relative_eq!(cert.residual, independent, epsilon = 64.0 * T::EPSILON * max_abs(&eta).max(1.0)));
                }

                /// Dense PGS-SOR (any ω in (0, 2)) converges to the exact solver's answer on
                /// problems with a unique solution, and the certificate vanishes at both.
                #[test]
                fn pgs_sor_matches_exact_solver(
                    seed in any::<u64>(), rows in ROWS, omega in OMEGA,
                ) {
                    let p = problem(seed, rows, MASS_RATIO, UNIQUE);
                    let (gamma, eta, bounds) = (cast(&p.gamma), cast(&p.eta), cast_bounds(&p.bounds));
                    let mut exact = vec![0.0 as T; p.n];
                    let mut flags = vec![RowFlag::Active; p.n];
                    ExactSolver::<T, 16>::new()
                        .solve(&gamma, &eta, &bounds, 0.0, false, &mut exact, &mut flags);
                    let g = DenseMatrix::new(&gamma, p.n).unwrap();
                    let scale = max_abs(&eta).max(T::EPSILON);
                    let (res, viol) = certify(&g, &eta, &bounds, 0.0, &exact, &flags);
                    prop_assert!(res <= TOL * scale && viol <= TOL * max_abs(&exact).max(1.0));
                    let mut lambda = vec![0.0 as T; p.n];
                    let s = PgsSettings { tolerance: TOL * 1e-3 * scale, ..settings(omega as T, 100_000) };
                    let cert = solve_dense(&gamma, &eta, &bounds, &s, &mut lambda, &mut flags).unwrap();
                    let err = lambda.iter().zip(&exact).fold(0.0 as T, |m, (a, b)| m.max((a - b).abs()));
                    prop_assert!(err <= TOL * 100.0 * max_abs(&exact).max(T::EPSILON), "err {err} {cert:?}");
                }

                /// The exact solver warm-started from a PGS answer (the polish step) returns
                /// the exact answer.
                #[test]
                fn polish_recovers_exact_answer(seed in any::<u64>(), rows in ROWS) {
                    let p = problem(seed, rows, MASS_RATIO, UNIQUE);
                    let (gamma, eta, bounds) = (cast(&p.gamma), cast(&p.eta), cast_bounds(&p.bounds));
                    let mut flags = vec![RowFlag::Active; p.n];
                    let mut cold = vec![0.0 as T; p.n];
                    ExactSolver::<T, 16>::new().solve(&gamma, &eta, &bounds, 0.0, false, &mut cold, &mut flags);
                    let mut polished = vec![0.0 as T; p.n];
                    solve_dense(&gamma, &eta, &bounds, &settings(1.0, 10), &mut polished, &mut flags).unwrap();
                    ExactSolver::<T, 16>::new().solve(&gamma, &eta, &bounds, 0.0, true, &mut polished, &mut flags);
                    let scale = max_abs(&cold).max(T::EPSILON);
                    for (a, b) in polished.iter().zip(&cold) {
                        prop_assert!(relative_eq!(*a, *b, epsilon = TOL * scale));
                    }
                }

                /// Friction limits hold at the end of a solve (up to the reported violation),
                /// and the certificate recomputed independently agrees.
                #[test]
                fn friction_limits_hold(seed in any::<u64>(), rows in ROWS, omega in OMEGA) {
                    let p = problem(seed, rows, MASS_RATIO, ALL);
                    let (gamma, eta, bounds) = (cast(&p.gamma), cast(&p.eta), cast_bounds(&p.bounds));
                    let mut lambda = vec![0.0 as T; p.n];
                    let mut flags = vec![RowFlag::Active; p.n];
                    let cert = solve_dense(&gamma, &eta, &bounds, &settings(omega as T, 50), &mut lambda, &mut flags).unwrap();
                    let mut violation: T = 0.0;
                    for (i, b) in bounds.iter().enumerate() {
                        let (lo, hi) = match *b {
                            Bounds::Box { lo, hi } => (lo, hi),
                            Bounds::Friction { normal, mu } => (-mu * lambda[normal].max(0.0), mu * lambda[normal].max(0.0)),
                        };
                        violation = violation.max(lo - lambda[i]).max(lambda[i] - hi);
                    }
                    prop_assert!(relative_eq!(cert.bound_violation, violation, epsilon = T::EPSILON));
                    prop_assert!(lambda.iter().all(|l| l.is_finite()));
                }

                /// Warm-starting from the exact solution converges in the first sweep.
                #[test]
                fn warm_start_at_solution_stops_at_once(seed in any::<u64>(), rows in ROWS) {
                    let p = problem(seed, rows, MASS_RATIO, UNIQUE);
                    let (gamma, eta, bounds) = (cast(&p.gamma), cast(&p.eta), cast_bounds(&p.bounds));
                    let mut lambda = vec![0.0 as T; p.n];
                    let mut flags = vec![RowFlag::Active; p.n];
                    ExactSolver::<T, 16>::new().solve(&gamma, &eta, &bounds, 0.0, false, &mut lambda, &mut flags);
                    let scale = max_abs(&eta).max(max_abs(&lambda)).max(T::EPSILON);
                    let s = PgsSettings { warm_start: true, tolerance: TOL * scale, ..settings(1.0, 100) };
                    let cert = solve_dense(&gamma, &eta, &bounds, &s, &mut lambda, &mut flags).unwrap();
                    prop_assert!(cert.converged && cert.iterations == 1, "{cert:?}");
                }

                /// The sequential-impulse form (Jacobian blocks, M⁻¹ per body, Γ never formed)
                /// produces the same λ after every sweep as dense PGS on the explicitly formed
                /// Γ = J M⁻¹ Jᵀ, friction included.
                #[test]
                fn sequential_impulse_matches_dense_sequence(
                    seed in any::<u64>(), rows in ROWS, omega in OMEGA, cfm in 0.0f64..0.1,
                ) {
                    let p = problem(seed, rows, MASS_RATIO, ALL);
                    let (gamma, eta, bounds) = (cast(&p.gamma), cast(&p.eta), cast_bounds(&p.bounds));
                    // The same iteration in both forms: the ω guard (which may act a sweep
                    // apart under rounding) is off.
                    let s = PgsSettings { cfm: cfm as T, fallback: Fallback::Off, ..settings(omega as T, 30) };
                    let mut dense_history = Vec::new();
                    let mut lambda = vec![0.0 as T; p.n];
                    let mut flags = vec![RowFlag::Active; p.n];
                    let mut op = DenseMatrix::new(&gamma, p.n).unwrap();
                    let dense_cert = pgs_sor_observed(&mut op, &eta, &bounds, &s, &mut lambda, &mut flags,
                        |_, l| dense_history.push(l.to_vec())).unwrap();
                    let (rows_t, bodies) = (rows_t(&p.rows), bodies_t(&p.bodies));
                    let mut cache = vec![RowCache::default(); p.n];
                    let mut dv = vec![BodyVelocity::default(); bodies.len()];
                    let mut si = SequentialImpulse::new(&bodies, &rows_t, &mut cache, &mut dv).unwrap();
                    let mut sparse_history = Vec::new();
                    let mut lambda2 = vec![0.0 as T; p.n];
                    let sparse_cert = pgs_sor_observed(&mut si, &eta, &bounds, &s, &mut lambda2, &mut flags,
                        |_, l| sparse_history.push(l.to_vec())).unwrap();
                    // With tolerance 0 a run stops early only on an exactly zero residual,
                    // which rounding may grant one form a sweep before the other.
                    prop_assert!(dense_history.len() == 30 || dense_cert.converged);
                    prop_assert!(sparse_history.len() == 30 || sparse_cert.converged);
                    prop_assert!(dense_history.len().min(sparse_history.len()) >= 1);
                    for (d, sp) in dense_history.iter().zip(&sparse_history) {
                        let scale = max_abs(d).max(T::EPSILON);
                        for (a, b) in d.iter().zip(sp) {
                            prop_assert!(relative_eq!(*a, *b, epsilon = TOL * scale));
                        }
                    }
                }

                /// The velocity change the sequential-impulse form accumulates is M⁻¹Jᵀλ,
                /// computed here from the blocks directly.
                #[test]
                fn sequential_impulse_velocity_change(seed in any::<u64>(), rows in ROWS) {
                    let p = problem(seed, rows, MASS_RATIO, ALL);
                    let (eta, bounds) = (cast(&p.eta), cast_bounds(&p.bounds));
                    let (rows_t, bodies) = (rows_t(&p.rows), bodies_t(&p.bodies));
                    let mut cache = vec![RowCache::default(); p.n];
                    let mut dv = vec![BodyVelocity::default(); bodies.len()];
                    let mut lambda = vec![0.0 as T; p.n];
                    let mut flags = vec![RowFlag::Active; p.n];
                    {
                        let mut si = SequentialImpulse::new(&bodies, &rows_t, &mut cache, &mut dv).unwrap();
                        pgs_sor(&mut si, &eta, &bounds, &settings(1.0, 10), &mut lambda, &mut flags).unwrap();
                    }
                    let mut expected = vec![[0.0 as T; 6]; bodies.len()];
                    for (r, &l) in rows_t.iter().zip(&lambda) {
                        for b in core::iter::once(&r.a).chain(r.b.iter()) {
                            let body = &bodies[b.body];
                            for k in 0..3 {
                                expected[b.body][k] += body.inv_mass * b.linear[k] * l;
                                for m in 0..3 {
                                    expected[b.body][3 + k] += body.inv_inertia.0[k][m] * b.angular[m] * l;
                                }
                            }
                        }
                    }
                    let scale = expected.iter().flatten().fold(T::EPSILON, |m, v| m.max(v.abs()));
                    for (e, v) in expected.iter().zip(&dv) {
                        for k in 0..3 {
                            prop_assert!(relative_eq!(e[k], v.linear[k], epsilon = TOL * scale));
                            prop_assert!(relative_eq!(e[3 + k], v.angular[k], epsilon = TOL * scale));
                        }
                    }
                }

                /// The subspace-minimization variant (PGS sweeps with exact polishes) reaches
                /// the exact solver's answer, counts only its sweeps, and its certificate is
                /// the residual of the λ it returns.
                #[test]
                fn subspace_variant_matches_exact_solver(
                    seed in any::<u64>(), rows in ROWS, omega in OMEGA, every in 1usize..8,
                ) {
                    let p = problem(seed, rows, MASS_RATIO, UNIQUE);
                    let (gamma, eta, bounds) = (cast(&p.gamma), cast(&p.eta), cast_bounds(&p.bounds));
                    let mut exact = vec![0.0 as T; p.n];
                    let mut flags = vec![RowFlag::Active; p.n];
                    ExactSolver::<T, 16>::new()
                        .solve(&gamma, &eta, &bounds, 0.0, false, &mut exact, &mut flags);
                    let scale = max_abs(&eta).max(T::EPSILON);
                    let s = PgsSettings { tolerance: TOL * 1e-3 * scale, ..settings(omega as T, 2000) };
                    let mut lambda = vec![0.0 as T; p.n];
                    let mut observed = 0;
                    let report = ExactSolver::<T, 16>::new()
                        .pgs_subspace(&gamma, &eta, &bounds, &s, every, &mut lambda, &mut flags, |k, _| observed = k)
                        .unwrap();
                    let cert = report.certificate;
                    prop_assert!(cert.converged, "{report:?}");
                    prop_assert_eq!(observed, cert.iterations);
                    prop_assert!(report.accepted <= report.polishes);
                    let g = DenseMatrix::new(&gamma, p.n).unwrap();
                    let (r, v) = certify(&g, &eta, &bounds, 0.0, &lambda, &flags);
                    prop_assert_eq!((r, v), (cert.residual, cert.bound_violation));
                    let err = lambda.iter().zip(&exact).fold(0.0 as T, |m, (a, b)| m.max((a - b).abs()));
                    prop_assert!(err <= TOL * 100.0 * max_abs(&exact).max(T::EPSILON), "err {err} {report:?}");
                }

                /// Planted rows: an exact copy of a row (same Jacobian, η and bounds), a
                /// near-duplicate (Jacobian perturbed by 1e-9, 1e-2 in f32), a contradictory copy (same
                /// Jacobian, η + 1) and a copy with other bounds. Exact copies of rows
                /// without friction rows on them are merged and share the impulse; the
                /// others are kept, solved and flagged redundant; no row is dropped. The
                /// certificate's residual equals a residual computed independently (plain
                /// loops, in f64) from the original input over every row.
                #[test]
                fn certificate_covers_every_planted_row(
                    seed in any::<u64>(), rows in 2usize..=10, omega in OMEGA, sweeps in 1usize..60,
                    picks in proptest::array::uniform4(any::<prop::sample::Index>()),
                ) {
                    let p = problem(seed, rows, MASS_RATIO, ALL);
                    let mut crows = p.rows.clone();
                    let mut eta = p.eta.clone();
                    let mut bounds = p.bounds.clone();
                    let pick: Vec<usize> = picks.iter().map(|ix| ix.index(p.n)).collect();
                    // Exact copy.
                    crows.push(crows[pick[0]]);
                    eta.push(eta[pick[0]]);
                    bounds.push(bounds[pick[0]]);
                    // Near-duplicate: the Jacobian moved by 1e-9 relative.
                    let mut near = crows[pick[1]];
                    let nudge = if T::EPSILON < 1e-10 { 1e-9 } else { 1e-2 };
                    near.a.linear.0[0] += nudge * (1.0 + near.a.linear.0[0].abs());
                    crows.push(near);
                    eta.push(eta[pick[1]]);
                    bounds.push(bounds[pick[1]]);
                    // Contradictory copy.
                    crows.push(crows[pick[2]]);
                    eta.push(eta[pick[2]] + 1.0);
                    bounds.push(bounds[pick[2]]);
                    // Same Jacobian and η, other limits.
                    crows.push(crows[pick[3]]);
                    eta.push(eta[pick[3]]);
                    bounds.push(Bounds::new(-0.25, 0.5));
                    let n = crows.len();
                    let gamma64 = common::dense_gamma(&p.bodies, &crows);
                    let (gamma, eta_t, bounds_t) = (cast(&gamma64), cast(&eta), cast_bounds(&bounds));
                    let mut lambda = vec![0.0 as T; n];
                    let mut flags = vec![RowFlag::Active; n];
                    let s = PgsSettings { tolerance: 1e-9 as T, ..settings(omega as T, sweeps) };
                    let cert = solve_dense(&gamma, &eta_t, &bounds_t, &s, &mut lambda, &mut flags).unwrap();
                    prop_assert!(lambda.iter().all(|l| l.is_finite()));
                    // Independent residual over every row of the original input (f64 loops).
                    let l64: Vec<f64> = lambda.iter().map(|&x| x as f64).collect();
                    let (mut independent, mut scale) = (0.0f64, 1.0f64);
                    for i in 0..n {
                        let terms: Vec<f64> = (0..n).map(|j| gamma[i * n + j] as f64 * l64[j]).collect();
                        let r = terms.iter().sum::<f64>() - eta_t[i] as f64;
                        scale = scale.max(terms.iter().map(|t| t.abs()).sum::<f64>() + (eta_t[i] as f64).abs() + l64[i].abs());
                        let (lo, hi) = match bounds_t[i] {
                            Bounds::Box { lo, hi } => (lo as f64, hi as f64),
                            Bounds::Friction { normal, mu } => {
                                let m = mu as f64 * l64[normal].max(0.0);
                                (-m, m)
                            }
                        };
                        independent = independent.max((l64[i] - (l64[i] - r).max(lo).min(hi)).abs());
                    }
                    let agreement = if T::EPSILON < 1e-10 { 1e-12 } else { 64.0 * T::EPSILON as f64 * n as f64 };
                    prop_assert!((cert.residual as f64 - independent).abs() <= agreement * scale,
                        "certificate {} independent {independent} scale {scale}", cert.residual);
                    prop_assert_eq!(cert.converged, cert.residual <= s.tolerance && cert.bound_violation <= s.tolerance);
                    // What was done with each planted row.
                    let carries_friction = |r: usize| bounds.iter().any(|b| matches!(b, Bounds::Friction { normal, .. } if *normal == r));
                    let exact = p.n;
                    if carries_friction(pick[0]) {
                        prop_assert_eq!(flags[exact], RowFlag::Redundant { of: pick[0] });
                    } else {
                        prop_assert_eq!(flags[exact], RowFlag::Merged { into: pick[0] });
                        prop_assert!(matches!(flags[pick[0]], RowFlag::Representative { .. }), "{:?}", flags[pick[0]]);
                        prop_assert_eq!(lambda[exact], lambda[pick[0]]);
                    }
                    for (k, of) in [(1, pick[1]), (2, pick[2])] {
                        let row = p.n + k;
                        // The nudge can vanish in Γ (a tiny Jacobian entry on a heavy body):
                        // then the copy is the same constraint to rounding, and merging it is
                        // allowed. Measured here on the f64 Γ against the documented tolerance,
                        // 8ε(Γᵢᵢ + Γⱼⱼ), with a factor 4 either side for rounding.
                        let apart = (0..n)
                            .map(|c| (gamma64[row * n + c] - gamma64[of * n + c]).abs()
                                .max((gamma64[c * n + row] - gamma64[c * n + of]).abs()))
                            .fold(0.0f64, f64::max);
                        let merge_tol = 8.0 * T::EPSILON as f64 * (gamma64[row * n + row] + gamma64[of * n + of]);
                        let same_eta = eta[row] == eta[of];
                        if !same_eta || apart > 4.0 * merge_tol {
                            // Kept and solved (flagged redundant when close enough to count
                            // as a near-duplicate), never merged.
                            prop_assert!(matches!(flags[row], RowFlag::Redundant { .. } | RowFlag::Active), "row {row} (of {of}): {:?}, apart {apart:e}", flags[row]);
                        } else if apart < merge_tol / 4.0 {
                            prop_assert!(!matches!(flags[row], RowFlag::Active), "row {row} (of {of}): {:?}, apart {apart:e}", flags[row]);
                        }
                    }
                    if bounds[pick[3]] != bounds[p.n + 3] {
                        prop_assert!(matches!(flags[p.n + 3], RowFlag::Redundant { of } if of <= pick[3]), "{:?}", flags[p.n + 3]);
                    }
                    // Every non-merged row was solved: none is left out as bad input.
                    prop_assert!(flags.iter().all(|f| !f.is_bad_input()));
                }

                /// A sparse row is finite exactly when its Jacobian and the inverse masses it
                /// reaches are: one non-finite entry (a Jacobian entry, a body's inverse mass
                /// or an inverse-inertia entry, as ∞, −∞ or NaN) makes `row_is_finite` false
                /// for exactly the rows that contain or reach it, and no other.
                #[test]
                fn a_non_finite_entry_anywhere_in_a_row_is_found(
                    seed in any::<u64>(), rows in 2usize..=12, pick in 0usize..1000,
                    where_ in 0usize..19, kind in 0usize..3,
                ) {
                    let p = problem(seed, rows, MASS_RATIO, UNIQUE);
                    let (mut crows, mut bodies) = (rows_t(&p.rows), bodies_t(&p.bodies));
                    let bad = [T::INFINITY, T::NEG_INFINITY, T::NAN][kind];
                    let i = pick % crows.len();
                    let two = crows[i].b.is_some();
                    // Entries 0..12: the Jacobian (block a, then block b if any); 12..19: the
                    // inverse mass and the inverse inertia's row 0 and diagonal of a body of
                    // the row.
                    let spot = if two { where_ } else if where_ < 12 { where_ % 6 } else { where_ };
                    let row = &mut crows[i];
                    match spot {
                        0..=5 => {
                            let v = if spot < 3 { &mut row.a.linear } else { &mut row.a.angular };
                            v[spot % 3] = bad;
                        }
                        6..=11 => {
                            let b = row.b.as_mut().unwrap();
                            let v = if spot < 9 { &mut b.linear } else { &mut b.angular };
                            v[spot % 3] = bad;
                        }
                        _ => {
                            let body = if two && spot % 2 == 1 { row.b.unwrap().body } else { row.a.body };
                            let m = &mut bodies[body];
                            match spot {
                                12 => m.inv_mass = bad,
                                13..=15 => m.inv_inertia.0[0][spot - 13] = bad,
                                _ => m.inv_inertia.0[spot - 16][spot - 16] = bad,
                            }
                        }
                    }
                    let reaches = |r: &ConstraintRow<T>, b: usize| {
                        r.a.body == b || r.b.is_some_and(|x| x.body == b)
                    };
                    let bad_body = (spot >= 12).then(|| {
                        if two && spot % 2 == 1 { crows[i].b.unwrap().body } else { crows[i].a.body }
                    });
                    let n = crows.len();
                    let mut cache = vec![RowCache::default(); n];
                    let mut dv = vec![BodyVelocity::default(); bodies.len()];
                    let op = SequentialImpulse::new(&bodies, &crows, &mut cache, &mut dv).unwrap();
                    for (k, r) in crows.iter().enumerate() {
                        let poisoned = k == i || bad_body.is_some_and(|b| reaches(r, b));
                        prop_assert_eq!(solver::RowOperator::row_is_finite(&op, k), !poisoned, "row {}", k);
                    }
                }

                /// Merging in the sequential-impulse form: a repeated row (same blocks, η and
                /// limits) is merged, and the velocity change the operator keeps is still
                /// M⁻¹Jᵀλ for the split λ (computed here from the blocks directly), with
                /// equal shares for the two copies.
                #[test]
                fn merged_rows_keep_the_velocity_change_consistent(
                    seed in any::<u64>(), rows in ROWS, warm in any::<bool>(),
                ) {
                    let p = problem(seed, rows, MASS_RATIO, UNIQUE);
                    let mut crows = p.rows.clone();
                    crows.push(crows[0]);
                    let mut eta = cast(&p.eta);
                    eta.push(eta[0]);
                    let mut bounds = cast_bounds(&p.bounds);
                    bounds.push(bounds[0]);
                    let n = crows.len();
                    let (rows_t, bodies) = (rows_t(&crows), bodies_t(&p.bodies));
                    let mut cache = vec![RowCache::default(); n];
                    let mut dv = vec![BodyVelocity::default(); bodies.len()];
                    // A warm start that puts unequal impulses on the two copies.
                    let mut lambda: Vec<T> = (0..n).map(|i| if warm && i == 0 { 0.5 } else { 0.0 }).collect();
                    let mut flags = vec![RowFlag::Active; n];
                    {
                        let mut si = SequentialImpulse::new(&bodies, &rows_t, &mut cache, &mut dv).unwrap();
                        let s = PgsSettings { warm_start: true, ..settings(1.0, 7) };
                        pgs_sor(&mut si, &eta, &bounds, &s, &mut lambda, &mut flags).unwrap();
                    }
                    prop_assert_eq!(flags[n - 1], RowFlag::Merged { into: 0 });
                    prop_assert_eq!(lambda[0], lambda[n - 1]);
                    let mut expected = vec![[0.0 as T; 6]; bodies.len()];
                    for (r, &l) in rows_t.iter().zip(&lambda) {
                        for b in core::iter::once(&r.a).chain(r.b.iter()) {
                            let body = &bodies[b.body];
                            for k in 0..3 {
                                expected[b.body][k] += body.inv_mass * b.linear[k] * l;
                                for m in 0..3 {
                                    expected[b.body][3 + k] += body.inv_inertia.0[k][m] * b.angular[m] * l;
                                }
                            }
                        }
                    }
                    let scale = expected.iter().flatten().fold(T::EPSILON, |m, v| m.max(v.abs()));
                    for (e, v) in expected.iter().zip(&dv) {
                        for k in 0..3 {
                            prop_assert!(relative_eq!(e[k], v.linear[k], epsilon = TOL * scale));
                            prop_assert!(relative_eq!(e[3 + k], v.angular[k], epsilon = TOL * scale));
                        }
                    }
                }

                /// Bad rows (NaN η, infinite Γ entry, zero row, inverted bounds, duplicate) are
                /// flagged and left at zero; every multiplier stays finite and the remaining
                /// rows are solved (certificate over active rows).
                #[test]
                fn bad_rows_are_flagged_never_nan(seed in any::<u64>(), rows in 6usize..=12) {
                    let p = problem(seed, rows, MASS_RATIO, UNIQUE);
                    let n = p.n + 1; // one extra row: a duplicate of row 0
                    let mut gamma = vec![0.0 as T; n * n];
                    for i in 0..n {
                        for j in 0..n {
                            let (a, b) = (if i == p.n { 0 } else { i }, if j == p.n { 0 } else { j });
                            gamma[i * n + j] = p.gamma[a * p.n + b] as T;
                        }
                    }
                    let mut eta: Vec<T> = cast(&p.eta);
                    eta.push(eta[0]);
                    let mut bounds = cast_bounds(&p.bounds);
                    bounds.push(bounds[0]);
                    eta[1] = T::NAN;
                    gamma[2 * n + 3] = T::INFINITY;
                    for j in 0..n {
                        gamma[4 * n + j] = 0.0;
                        gamma[j * n + 4] = 0.0;
                    }
                    bounds[5] = Bounds::new(1.0, -1.0);
                    let mut lambda = vec![T::NAN; n];
                    let mut flags = vec![RowFlag::Active; n];
                    let s = PgsSettings { warm_start: true, ..settings(1.3, 5000) };
                    let cert = solve_dense(&gamma, &eta, &bounds, &s, &mut lambda, &mut flags).unwrap();
                    prop_assert_eq!(flags[1], RowFlag::NonFinite { what: "eta" });
                    prop_assert_eq!(flags[2], RowFlag::NonFinite { what: "gamma" });
                    prop_assert_eq!(flags[4], RowFlag::ZeroDiagonal);
                    prop_assert_eq!(flags[5], RowFlag::InvertedBounds);
                    prop_assert_eq!(flags[0], RowFlag::Representative { copies: 1 });
                    prop_assert_eq!(flags[p.n], RowFlag::Merged { into: 0 });
                    prop_assert_eq!(cert.flagged_rows, 6);
                    prop_assert!(lambda.iter().all(|l| l.is_finite()));
                    for i in [1, 2, 4, 5] {
                        prop_assert_eq!(lambda[i], 0.0);
                    }
                    prop_assert_eq!(lambda[0], lambda[p.n]);
                    // The certificate covers every row: the NaN row and the empty interval
                    // make it infinite, never "converged".
                    prop_assert!(cert.residual == T::INFINITY && !cert.converged, "{cert:?}");
                    // The rows the solver could act on are solved.
                    let mut residual: T = 0.0;
                    for i in [0usize, 3].into_iter().chain(6..n) {
                        let r: T = (0..n).map(|j| gamma[i * n + j] * lambda[j]).sum::<T>() - eta[i];
                        let (lo, hi) = match bounds[i] {
                            Bounds::Box { lo, hi } => (lo, hi),
                            Bounds::Friction { .. } => unreachable!("no friction rows"),
                        };
                        residual = residual.max((lambda[i] - (lambda[i] - r).max(lo).min(hi)).abs());
                    }
                    prop_assert!(residual <= TOL.sqrt() * max_abs(&eta[6..]).max(1.0), "{residual} {cert:?}");
                }
            }
        }
    };
}

pgs_tests!(f64_tests, f64, 1e-9, 1e4);
pgs_tests!(f32_tests, f32, 2e-3, 1e2);
