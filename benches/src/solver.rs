//! solver: PGS-SOR convergence against the SOR factor ω on a 100-link hanging chain and on
//! random well-conditioned rigid-body MLCPs (errors against the exact pivoting solver), the
//! cost of a sweep per row (dense Γ and the sequential-impulse form), and the exact solver's
//! time next to PGS.
use std::fmt::Write;
use std::path::Path;

use solver::{
    BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, DenseMatrix, ExactSolver, JacobianBlock,
    PgsSettings, RowCache, RowFlag, SequentialImpulse, certify, pgs_sor, pgs_sor_observed,
};
use xform::{Matrix, Vector};

use core::hint::black_box;

use crate::measure::{Ratio, Rounds, Verdict, budget, interleave};
use crate::plot::{Chart, Scale, Series, line_chart};
use crate::table::{Table, ns, ratio, ratio_spread};

/// Sweeps between exact subspace solves in the accelerated variant.
pub const SUBSPACE_EVERY: usize = 10;

/// The SOR factors compared.
pub const OMEGAS: [f64; 5] = [1.0, 1.2, 1.3, 1.5, 1.8];

/// A rigid-body constraint system in sequential-impulse form, plus its η and bounds.
#[derive(Debug, Clone)]
pub struct System {
    /// Inverse masses per body.
    pub bodies: Vec<BodyInverseMass<f64>>,
    /// Constraint rows.
    pub rows: Vec<ConstraintRow<f64>>,
    /// Right-hand side η = B − J(v + M⁻¹g).
    pub eta: Vec<f64>,
    /// Limits.
    pub bounds: Vec<Bounds<f64>>,
}

fn z(s: f64) -> Vector<f64, 3> {
    Vector([0.0, 0.0, s])
}

/// A chain of `links` unit masses hanging from a fixed anchor (body 0) at rest, one step of
/// `h` under gravity: row i ties body i−1 to body i along z. Only the top row sees a
/// non-zero right-hand side (η = h·g); the tension λᵢ = (links − i)·h·g must travel down
/// the whole chain, the classic slow case for Gauss-Seidel.
pub fn hanging_chain(links: usize) -> System {
    let h = 1.0 / 60.0;
    let g = 9.81;
    let mut bodies = vec![BodyInverseMass::fixed()];
    bodies.extend((0..links).map(|_| BodyInverseMass {
        inv_mass: 1.0,
        inv_inertia: Matrix::identity(),
    }));
    let rows: Vec<_> = (1..=links)
        .map(|i| ConstraintRow {
            a: JacobianBlock {
                body: i - 1,
                linear: z(-1.0),
                angular: z(0.0),
            },
            b: Some(JacobianBlock {
                body: i,
                linear: z(1.0),
                angular: z(0.0),
            }),
        })
        .collect();
    // η = −J(v + h·g) with v = 0 and gravity −g·z on every moving body.
    let eta = (1..=links)
        .map(|i| if i == 1 { h * g } else { 0.0 })
        .collect();
    System {
        bodies,
        rows,
        eta,
        bounds: vec![Bounds::bilateral(); links],
    }
}

/// SplitMix64.
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    /// Uniform in `[0, 1)`.
    pub fn unit(&mut self) -> f64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) >> 11) as f64 / (1u64 << 53) as f64
    }
    /// Uniform in `[lo, hi)`.
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    fn below(&mut self, n: usize) -> usize {
        ((self.unit() * n as f64) as usize).min(n - 1)
    }
}

fn random_vector(rng: &mut Rng) -> Vector<f64, 3> {
    Vector([
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    ])
}

/// Random rigid-body problem: `rows` two-body rows over `rows/2` bodies (three times as many
/// velocity coordinates as rows, so J is well conditioned), masses within `mass_ratio`,
/// a third each bilateral, unilateral and boxed, η uniform in [−1, 1].
pub fn random_system(rng: &mut Rng, rows: usize, mass_ratio: f64) -> System {
    let nb = (rows / 2).max(2);
    let bodies: Vec<_> = (0..nb)
        .map(|_| {
            let inv = mass_ratio.powf(-rng.unit());
            BodyInverseMass {
                inv_mass: inv,
                inv_inertia: Matrix::identity() * inv,
            }
        })
        .collect();
    let rows_v: Vec<_> = (0..rows)
        .map(|_| {
            let a = rng.below(nb);
            let b = (a + 1 + rng.below(nb - 1)) % nb;
            ConstraintRow {
                a: JacobianBlock {
                    body: a,
                    linear: random_vector(rng),
                    angular: random_vector(rng),
                },
                b: Some(JacobianBlock {
                    body: b,
                    linear: random_vector(rng),
                    angular: random_vector(rng),
                }),
            }
        })
        .collect();
    let bounds = (0..rows)
        .map(|i| match i % 3 {
            0 => Bounds::bilateral(),
            1 => Bounds::unilateral(),
            _ => Bounds::new(-rng.range(0.1, 2.0), rng.range(0.1, 2.0)),
        })
        .collect();
    let eta = (0..rows).map(|_| rng.range(-1.0, 1.0)).collect();
    System {
        bodies,
        rows: rows_v,
        eta,
        bounds,
    }
}

/// Random contact problem: `rows` rows over `rows/2 + 2` bodies whose masses span
/// `mass_ratio`; each contact is a unilateral normal row followed by up to two friction rows
/// (μ uniform in [0.1, 1]) on the same bodies, mixed with bilateral joint rows (a quarter of
/// the constraints). η uniform in [−1, 1].
pub fn random_friction_system(rng: &mut Rng, rows: usize, mass_ratio: f64) -> System {
    let nb = rows / 2 + 2;
    let bodies: Vec<_> = (0..nb)
        .map(|_| {
            let inv = mass_ratio.powf(-rng.unit());
            BodyInverseMass {
                inv_mass: inv,
                inv_inertia: Matrix::identity() * inv,
            }
        })
        .collect();
    let (mut rows_v, mut bounds) = (Vec::new(), Vec::new());
    while rows_v.len() < rows {
        let a = rng.below(nb);
        let b = (a + 1 + rng.below(nb - 1)) % nb;
        let row = |rng: &mut Rng| ConstraintRow {
            a: JacobianBlock {
                body: a,
                linear: random_vector(rng),
                angular: random_vector(rng),
            },
            b: Some(JacobianBlock {
                body: b,
                linear: random_vector(rng),
                angular: random_vector(rng),
            }),
        };
        if rng.unit() < 0.25 {
            rows_v.push(row(rng));
            bounds.push(Bounds::bilateral());
            continue;
        }
        let normal = rows_v.len();
        rows_v.push(row(rng));
        bounds.push(Bounds::unilateral());
        let mu = rng.range(0.1, 1.0);
        for _ in 0..2 {
            if rows_v.len() < rows {
                rows_v.push(row(rng));
                bounds.push(Bounds::friction(normal, mu));
            }
        }
    }
    let eta = (0..rows).map(|_| rng.range(-1.0, 1.0)).collect();
    System {
        bodies,
        rows: rows_v,
        eta,
        bounds,
    }
}

/// The ω guard on `problems` random friction MLCPs (2–60 rows, mass ratio ≤ 100):
/// converged / fallback / worse-than-ω = 1 counts for the guard off, `ToOne` and `Halve`,
/// and the subspace variant, each to a relative projected residual of 1e-6 in 3000 sweeps.
fn friction_guard_table(problems: usize) -> String {
    use solver::Fallback;
    let budget = 3000;
    let mut rng = Rng(0xF1C7_10B5);
    let systems: Vec<_> = (0..problems)
        .map(|_| {
            let rows = 2 + rng.below(59);
            let ratio = 100f64.powf(rng.unit());
            let s = random_friction_system(&mut rng, rows, ratio);
            let gamma = dense_gamma(&s);
            (s, gamma)
        })
        .collect();
    let omegas = [1.0, 1.3, 1.5];
    let mut exact = Box::new(ExactSolver::<f64, 64>::new());
    let mut t = Table::new([
        "solver",
        "ω",
        "converged to 1e-6",
        "fallback rate",
        "ends worse than its ω = 1 solve",
        "mean sweeps",
        "worst final residual",
    ]);
    let variants: [(&str, Option<Fallback>); 4] = [
        ("PGS-SOR, guard off", Some(Fallback::Off)),
        ("PGS-SOR, Fallback::ToOne (default)", Some(Fallback::ToOne)),
        ("PGS-SOR, Fallback::Halve", Some(Fallback::Halve)),
        ("subspace (polish every 10)", None),
    ];
    for (name, fallback) in variants {
        let mut base: Vec<(bool, f64)> = Vec::new();
        for (w, omega) in omegas.into_iter().enumerate() {
            let (mut converged, mut fell, mut worse, mut sweeps) = (0, 0, 0, 0);
            let mut worst = 0.0f64;
            for (k, (s, gamma)) in systems.iter().enumerate() {
                let n = s.eta.len();
                let scale = max_abs(&s.eta).max(1e-300);
                let settings = PgsSettings {
                    omega,
                    max_iterations: budget,
                    tolerance: 1e-6 * scale,
                    fallback: fallback.unwrap_or(Fallback::ToOne),
                    ..PgsSettings::default()
                };
                let mut lambda = vec![0.0; n];
                let mut flags = vec![RowFlag::Active; n];
                let cert = match fallback {
                    Some(_) => {
                        let mut op = DenseMatrix::new(gamma, n).expect("square");
                        pgs_sor(
                            &mut op,
                            &s.eta,
                            &s.bounds,
                            &settings,
                            &mut lambda,
                            &mut flags,
                        )
                        .expect("valid")
                    }
                    None => {
                        exact
                            .pgs_subspace(
                                gamma,
                                &s.eta,
                                &s.bounds,
                                &settings,
                                SUBSPACE_EVERY,
                                &mut lambda,
                                &mut flags,
                                |_, _| {},
                            )
                            .expect("valid")
                            .certificate
                    }
                };
                let end = cert.residual.max(cert.bound_violation) / scale;
                worst = worst.max(end);
                converged += usize::from(cert.converged);
                fell += usize::from(cert.fallbacks > 0);
                sweeps += cert.iterations;
                if w == 0 {
                    base.push((cert.converged, end));
                } else {
                    let (b_conv, b_end) = base[k];
                    let is_worse = if b_conv { !cert.converged } else { end > b_end };
                    worse += usize::from(is_worse);
                }
            }
            t.row([
                name.to_string(),
                format!("{omega}"),
                format!("{converged}/{problems}"),
                format!("{fell}/{problems}"),
                if w == 0 {
                    "-".to_string()
                } else {
                    format!("{worse}/{problems}")
                },
                format!("{:.0}", sweeps as f64 / problems as f64),
                format!("{worst:.1e}"),
            ]);
        }
    }
    format!(
        "**Over-relaxation guard on random friction MLCPs** ({problems} problems, 2–60 rows \
         over rows/2 + 2 bodies, mass ratio ≤ 100, contacts with two friction rows of μ in \
         [0.1, 1] and a quarter bilateral rows; relative projected residual ≤ 1e-6 within \
         {budget} sweeps). The guard lowers ω after {} sweeps without a new smallest \
         residual estimate; \"fallback rate\" counts the problems where it did.\n\n{}\n",
        solver::FALLBACK_PATIENCE,
        t.to_markdown()
    )
}

/// Γ = J M⁻¹ Jᵀ formed densely (row-major).
pub fn dense_gamma(s: &System) -> Vec<f64> {
    let n = s.rows.len();
    let mut gamma = vec![0.0; n * n];
    let blocks = |r: &ConstraintRow<f64>| {
        let mut v = vec![r.a];
        v.extend(r.b);
        v
    };
    for i in 0..n {
        for j in 0..n {
            let mut sum = 0.0;
            for bi in blocks(&s.rows[i]) {
                for bj in blocks(&s.rows[j]) {
                    if bi.body == bj.body {
                        let body = &s.bodies[bi.body];
                        sum += body.inv_mass * bi.linear.dot(&bj.linear)
                            + bi.angular.dot(&(body.inv_inertia * bj.angular));
                    }
                }
            }
            gamma[i * n + j] = sum;
        }
    }
    gamma
}

/// Runs `iterations` sweeps of the sequential-impulse form from zero with SOR factor
/// `omega`, calling `observe` after each sweep; returns λ.
pub fn sequential_impulse_solve(
    s: &System,
    omega: f64,
    iterations: usize,
    tolerance: f64,
    observe: impl FnMut(usize, &[f64]),
) -> (Vec<f64>, solver::Certificate<f64>) {
    let n = s.rows.len();
    let mut cache = vec![RowCache::default(); n];
    let mut dv = vec![BodyVelocity::default(); s.bodies.len()];
    let mut op =
        SequentialImpulse::new(&s.bodies, &s.rows, &mut cache, &mut dv).expect("consistent system");
    let mut lambda = vec![0.0; n];
    let mut flags = vec![RowFlag::Active; n];
    let settings = PgsSettings {
        omega,
        max_iterations: iterations,
        tolerance,
        detect_duplicates: false,
        ..PgsSettings::default()
    };
    let cert = pgs_sor_observed(
        &mut op,
        &s.eta,
        &s.bounds,
        &settings,
        &mut lambda,
        &mut flags,
        observe,
    )
    .expect("valid problem");
    (lambda, cert)
}

/// Dense PGS-SOR for a fixed number of sweeps (no early stop).
pub fn dense_solve(gamma: &[f64], s: &System, omega: f64, iterations: usize) -> Vec<f64> {
    let n = s.eta.len();
    let mut op = DenseMatrix::new(gamma, n).expect("square");
    let mut lambda = vec![0.0; n];
    let mut flags = vec![RowFlag::Active; n];
    let settings = PgsSettings {
        omega,
        max_iterations: iterations,
        tolerance: 0.0,
        detect_duplicates: false,
        ..PgsSettings::default()
    };
    pgs_sor(
        &mut op,
        &s.eta,
        &s.bounds,
        &settings,
        &mut lambda,
        &mut flags,
    )
    .expect("valid");
    lambda
}

/// The subspace variant (exact polish every [`SUBSPACE_EVERY`] sweeps) to tolerance `tol`;
/// returns λ and the sweeps used.
pub fn subspace_solve(
    exact: &mut ExactSolver<f64, 128>,
    gamma: &[f64],
    s: &System,
    omega: f64,
    tol: f64,
) -> (Vec<f64>, usize) {
    let n = s.eta.len();
    let mut lambda = vec![0.0; n];
    let mut flags = vec![RowFlag::Active; n];
    let settings = PgsSettings {
        omega,
        max_iterations: 200_000,
        tolerance: tol,
        detect_duplicates: false,
        ..PgsSettings::default()
    };
    let report = exact
        .pgs_subspace(
            gamma,
            &s.eta,
            &s.bounds,
            &settings,
            SUBSPACE_EVERY,
            &mut lambda,
            &mut flags,
            |_, _| {},
        )
        .expect("valid");
    (lambda, report.certificate.iterations)
}

/// The exact solution by the pivoting solver (capacity 64 rows).
pub fn exact_solve(exact: &mut ExactSolver<f64, 64>, gamma: &[f64], s: &System) -> Vec<f64> {
    let n = s.eta.len();
    let mut lambda = vec![0.0; n];
    let mut flags = vec![RowFlag::Active; n];
    exact
        .try_solve(
            gamma,
            &s.eta,
            &s.bounds,
            0.0,
            false,
            &mut lambda,
            &mut flags,
        )
        .expect("well-posed problem");
    lambda
}

/// The exact solver warm-started from `start` (the polish of a PGS answer); returns the
/// answer and the pivots used.
pub fn exact_polish(
    exact: &mut ExactSolver<f64, 64>,
    gamma: &[f64],
    s: &System,
    start: &[f64],
) -> (Vec<f64>, usize) {
    let n = s.eta.len();
    let mut lambda = start.to_vec();
    let mut flags = vec![RowFlag::Active; n];
    let report = exact
        .try_solve(gamma, &s.eta, &s.bounds, 0.0, true, &mut lambda, &mut flags)
        .expect("well-posed problem");
    (lambda, report.pivots)
}

fn max_abs(x: &[f64]) -> f64 {
    x.iter().fold(0.0, |m, v| m.max(v.abs()))
}

fn relative_error(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .fold(0.0f64, |m, (x, y)| m.max((x - y).abs()))
        / max_abs(b).max(1e-300)
}

/// Relative projected residual after every sweep on the chain (up to `max` sweeps or 1e-10).
fn chain_history(chain: &System, omega: f64, max: usize) -> Vec<(usize, f64)> {
    let gamma = dense_gamma(chain);
    let g = DenseMatrix::new(&gamma, chain.eta.len()).expect("square");
    let flags = vec![RowFlag::Active; chain.eta.len()];
    let scale = max_abs(&chain.eta);
    let mut history = Vec::new();
    let mut done = false;
    sequential_impulse_solve(chain, omega, max, 1e-10 * scale, |k, l| {
        if !done {
            let (r, _) = certify(&g, &chain.eta, &chain.bounds, 0.0, l, &flags);
            history.push((k, r / scale));
            done = r / scale <= 1e-10;
        }
    });
    history
}

fn first_below(history: &[(usize, f64)], level: f64) -> Option<usize> {
    history.iter().find(|(_, r)| *r <= level).map(|(k, _)| *k)
}

fn plot(mode: &crate::Mode, file: &str, title: &str, y: &str, series: Vec<Series>) -> String {
    let path = mode.plot_dir.join(file);
    let chart = Chart {
        title,
        x_label: "iterations (sweeps)",
        y_label: y,
        x_scale: Scale::Linear,
        y_scale: Scale::Log,
        targets: &[],
    };
    match line_chart(Path::new(&path), &chart, &series) {
        Ok(()) => format!("![{title}](docs/plots/{file})\n\n"),
        Err(e) => format!("(plot {file} failed: {e})\n\n"),
    }
}

/// The report section.
pub fn report(mode: &crate::Mode) -> String {
    let mut out = String::new();
    let b = budget(mode.full);

    // 1. The 100-link chain.
    let chain = hanging_chain(100);
    let max_sweeps = 200_000;
    let mut t = Table::new([
        "ω",
        "sweeps to 1e-6",
        "vs ω = 1",
        "sweeps to 1e-3",
        "residual after 100",
        "target (≥ 2x)",
    ]);
    let mut series = Vec::new();
    let mut base = None;
    for omega in OMEGAS {
        let h = chain_history(&chain, omega, max_sweeps);
        let to6 = first_below(&h, 1e-6);
        let to3 = first_below(&h, 1e-3);
        if omega == 1.0 {
            base = to6;
        }
        let at100 = h.get(99).map_or(0.0, |p| p.1);
        t.row([
            format!("{omega}"),
            to6.map_or(format!("> {max_sweeps}"), |k| k.to_string()),
            match (base, to6) {
                (Some(b), Some(k)) => ratio(b as f64 / k as f64),
                _ => "-".into(),
            },
            to3.map_or("-".into(), |k| k.to_string()),
            format!("{at100:.2e}"),
            match (base, to6) {
                (Some(b), Some(k)) if omega != 1.0 => Verdict::check(2 * k <= b).to_string(),
                _ => "-".into(),
            },
        ]);
        let step = (h.len() / 400).max(1);
        series.push(Series {
            label: format!("ω = {omega}"),
            points: h
                .iter()
                .step_by(step)
                .map(|&(k, r)| (k as f64, r.max(1e-16)))
                .collect(),
        });
    }
    // The subspace-minimization variant (dense Γ of the same chain, polish every 10 sweeps).
    let chain_gamma = dense_gamma(&chain);
    let chain_scale = max_abs(&chain.eta);
    let mut chain_exact = Box::new(ExactSolver::<f64, 128>::new());
    for omega in [1.0, 1.8] {
        let run = |exact: &mut ExactSolver<f64, 128>, tol: f64, max: usize| {
            let mut lambda = vec![0.0; chain.eta.len()];
            let mut flags = vec![RowFlag::Active; chain.eta.len()];
            let settings = PgsSettings {
                omega,
                max_iterations: max,
                tolerance: tol * chain_scale,
                detect_duplicates: false,
                ..PgsSettings::default()
            };
            exact
                .pgs_subspace(
                    &chain_gamma,
                    &chain.eta,
                    &chain.bounds,
                    &settings,
                    SUBSPACE_EVERY,
                    &mut lambda,
                    &mut flags,
                    |_, _| {},
                )
                .expect("valid chain")
        };
        let r6 = run(&mut chain_exact, 1e-6, max_sweeps);
        let r3 = run(&mut chain_exact, 1e-3, max_sweeps);
        let r100 = run(&mut chain_exact, 0.0, 100);
        let sweeps6 = r6
            .certificate
            .converged
            .then_some(r6.certificate.iterations);
        t.row([
            format!(
                "{omega} + subspace polish every {SUBSPACE_EVERY} ({} polishes)",
                r6.polishes
            ),
            sweeps6.map_or(format!("> {max_sweeps}"), |k| k.to_string()),
            match (base, sweeps6) {
                (Some(b), Some(k)) => ratio(b as f64 / k as f64),
                _ => "-".into(),
            },
            if r3.certificate.converged {
                r3.certificate.iterations.to_string()
            } else {
                "-".into()
            },
            format!("{:.2e}", r100.certificate.residual / chain_scale),
            format!(
                "{} (≤ 2000)",
                Verdict::check(sweeps6.is_some_and(|k| k <= 2000))
            ),
        ]);
    }
    out.push_str(
        "**100-link hanging chain** (sequential-impulse form, unit masses, fixed anchor, \
         h = 1/60 s): relative projected residual ‖λ − Π(λ − r)‖∞/‖η‖∞ against sweeps. \
         Target: a well-chosen ω halves the sweeps of ω = 1 to reach 1e-6; the subspace \
         variant (PGS-SOR sweeps with an exact solve on the current active set every \
         10 sweeps, `ExactSolver::pgs_subspace`, on the dense Γ of the same chain) ≤ 2000 \
         sweeps.\n\n",
    );
    out.push_str(&t.to_markdown());
    out.push('\n');
    out.push_str(&plot(
        mode,
        "solver_chain_residual.svg",
        "100-link chain: PGS-SOR residual",
        "relative projected residual",
        series,
    ));

    // 2. Random well-conditioned problems against the exact solver.
    let problems = if mode.full { 200 } else { 50 };
    let rows = 32;
    let mut rng = Rng(0x50_1BE5);
    let mut exact = Box::new(ExactSolver::<f64, 64>::new());
    let systems: Vec<_> = (0..problems)
        .map(|_| {
            let s = random_system(&mut rng, rows, 10.0);
            let gamma = dense_gamma(&s);
            let reference = exact_solve(&mut exact, &gamma, &s);
            (s, gamma, reference)
        })
        .collect();
    let mut t = Table::new([
        "solver",
        "ω",
        "median err @20",
        "90% err @20",
        "median err @40",
        "90% err @40",
        "worst @20",
        "worst @40",
        "median residual @20",
        "median residual @40",
        "fallback rate",
        "targets on every problem",
    ]);
    let mut series = Vec::new();
    let mut residual_series = Vec::new();
    let percentile = |v: &mut Vec<f64>, p: f64| {
        v.sort_by(f64::total_cmp);
        v[((v.len() - 1) as f64 * p).round() as usize]
    };
    for (variant, omega) in OMEGAS
        .iter()
        .map(|&w| ("PGS-SOR", w))
        .chain(OMEGAS.iter().map(|&w| ("subspace", w)))
    {
        let mut at = vec![Vec::new(); 101];
        let mut residual_at = vec![Vec::new(); 101];
        let mut fallbacks = 0;
        for (s, gamma, reference) in &systems {
            let g = DenseMatrix::new(gamma, rows).expect("square");
            let mut op = g;
            let active = vec![RowFlag::Active; rows];
            let scale = max_abs(&s.eta);
            let mut lambda = vec![0.0; rows];
            let mut flags = vec![RowFlag::Active; rows];
            let settings = PgsSettings {
                omega,
                max_iterations: 100,
                tolerance: 0.0,
                ..PgsSettings::default()
            };
            let mut record = |k: usize, l: &[f64]| {
                at[k].push(relative_error(l, reference));
                let (r, _) = certify(&g, &s.eta, &s.bounds, 0.0, l, &active);
                residual_at[k].push(r / scale);
            };
            let cert = if variant == "PGS-SOR" {
                pgs_sor_observed(
                    &mut op,
                    &s.eta,
                    &s.bounds,
                    &settings,
                    &mut lambda,
                    &mut flags,
                    &mut record,
                )
                .expect("valid")
            } else {
                exact
                    .pgs_subspace(
                        gamma,
                        &s.eta,
                        &s.bounds,
                        &settings,
                        SUBSPACE_EVERY,
                        &mut lambda,
                        &mut flags,
                        &mut record,
                    )
                    .expect("valid")
                    .certificate
            };
            fallbacks += usize::from(cert.fallbacks > 0);
        }
        let (m20, p20) = (percentile(&mut at[20], 0.5), percentile(&mut at[20], 0.9));
        let (m40, p40) = (percentile(&mut at[40], 0.5), percentile(&mut at[40], 0.9));
        let w20 = percentile(&mut at[20], 1.0);
        let w40 = percentile(&mut at[40], 1.0);
        t.row([
            variant.to_string(),
            format!("{omega}"),
            format!("{m20:.1e}"),
            format!("{p20:.1e}"),
            format!("{m40:.1e}"),
            format!("{p40:.1e}"),
            format!("{w20:.1e}"),
            format!("{w40:.1e}"),
            format!("{:.1e}", percentile(&mut residual_at[20], 0.5)),
            format!("{:.1e}", percentile(&mut residual_at[40], 0.5)),
            format!("{fallbacks}/{problems}"),
            if w20 <= 3e-3 && w40 <= 1e-4 {
                Verdict::Met.to_string()
            } else {
                format!(
                    "{} ({} of {problems} over at 20, {} at 40)",
                    Verdict::Missed,
                    at[20].iter().filter(|&&e| e > 3e-3).count(),
                    at[40].iter().filter(|&&e| e > 1e-4).count()
                )
            },
        ]);
        if variant == "PGS-SOR" || omega == 1.0 {
            series.push(Series {
                label: format!("{variant} ω = {omega} (median)"),
                points: (1..=100)
                    .map(|k| (k as f64, percentile(&mut at[k], 0.5).max(1e-16)))
                    .collect(),
            });
            residual_series.push(Series {
                label: format!("{variant} ω = {omega} (median)"),
                points: (1..=100)
                    .map(|k| (k as f64, percentile(&mut residual_at[k], 0.5).max(1e-16)))
                    .collect(),
            });
        }
    }
    let _ = write!(
        out,
        "**Random well-conditioned MLCPs** ({problems} problems, {rows} two-body rows on \
         {} bodies, mass ratio ≤ 10, bilateral/unilateral/boxed rows): relative error \
         ‖λₖ − λ*‖∞/‖λ*‖∞ against the exact solver, and the relative projected residual \
         ‖λ − Π(λ − r)‖∞/‖η‖∞, for plain PGS-SOR (with the default ω guard, `Fallback::ToOne`; \
         fallback rate = problems on which it lowered ω) and the subspace variant (exact \
         solve on the active set every {SUBSPACE_EVERY} sweeps). Targets: error ≤ 3e-3 after \
         20 sweeps and ≤ 1e-4 after 40.\n\n",
        rows / 2
    );
    out.push_str(&t.to_markdown());
    out.push('\n');
    out.push_str(&plot(
        mode,
        "solver_random_error.svg",
        "Random MLCPs: PGS-SOR error vs exact",
        "median relative error",
        series,
    ));
    out.push_str(&plot(
        mode,
        "solver_random_residual.svg",
        "Random MLCPs: PGS-SOR projected residual",
        "median relative projected residual",
        residual_series,
    ));

    // 2b. The over-relaxation guard on random friction MLCPs.
    out.push_str(&friction_guard_table(if mode.full { 1000 } else { 200 }));

    // 3. Cost per sweep and row; exact solver next to PGS, each group timed round by round.
    let rounds = 15;
    let mut t = Table::new([
        "workload",
        "time",
        "per sweep·row",
        "vs PGS 20 sweeps (min–max over rounds)",
    ]);
    let big = random_system(&mut Rng(7), 64, 10.0);
    let big_gamma = dense_gamma(&big);
    let big_rows = 1000;
    let huge = random_system(&mut Rng(8), big_rows, 10.0);
    let times = interleave(
        b * 4,
        rounds,
        &mut [
            &mut || {
                black_box(dense_solve(&big_gamma, &big, 1.0, 20));
            },
            &mut || {
                black_box(sequential_impulse_solve(&big, 1.0, 20, 0.0, |_, _| {}));
            },
            &mut || {
                black_box(sequential_impulse_solve(&chain, 1.0, 20, 0.0, |_, _| {}));
            },
            &mut || {
                black_box(sequential_impulse_solve(&huge, 1.0, 20, 0.0, |_, _| {}));
            },
        ],
    );
    for (k, (name, rows)) in [
        ("dense PGS, 64 rows, 20 sweeps".to_string(), 64),
        (
            "sequential impulse, same 64 rows, 20 sweeps".to_string(),
            64,
        ),
        (
            "sequential impulse, 100-link chain, 20 sweeps".to_string(),
            100,
        ),
        (
            format!("sequential impulse, {big_rows} random rows, 20 sweeps"),
            big_rows,
        ),
    ]
    .into_iter()
    .enumerate()
    {
        t.row([
            name,
            ns(times[k].best()),
            ns(times[k].best() / (20.0 * rows as f64)),
            ratio_spread(&Ratio::of(&times[k], &times[0])),
        ]);
    }
    let mut polisher = Box::new(ExactSolver::<f64, 64>::new());
    for n in [8usize, 16, 32, 64] {
        let s = random_system(&mut Rng(9 + n as u64), n, 10.0);
        let gamma = dense_gamma(&s);
        let (_, cold_pivots) = exact_polish(&mut exact, &gamma, &s, &vec![0.0; n]);
        let start = dense_solve(&gamma, &s, 1.0, 20);
        let (_, warm_pivots) = exact_polish(&mut exact, &gamma, &s, &start);
        let times: Vec<Rounds> = interleave(
            b * 3,
            rounds,
            &mut [
                &mut || {
                    black_box(dense_solve(&gamma, &s, 1.0, 20));
                },
                &mut || {
                    black_box(exact_solve(&mut exact, &gamma, &s));
                },
                &mut || {
                    black_box(exact_polish(&mut polisher, &gamma, &s, &start));
                },
            ],
        );
        let (pgs, ex, polish) = (&times[0], &times[1], &times[2]);
        t.row([
            format!("exact pivoting solver, {n} rows ({cold_pivots} pivots)"),
            ns(ex.best()),
            "-".to_string(),
            format!(
                "{} (PGS 20 sweeps: {})",
                ratio_spread(&Ratio::of(ex, pgs)),
                ns(pgs.best())
            ),
        ]);
        t.row([
            format!("exact polish of the 20-sweep PGS answer, {n} rows ({warm_pivots} pivots)"),
            ns(polish.best()),
            "-".to_string(),
            format!(
                "{} (vs cold exact {})",
                ratio_spread(&Ratio::of(polish, pgs)),
                ratio_spread(&Ratio::of(polish, ex))
            ),
        ]);
    }
    out.push_str("**Cost** (f64, this machine):\n\n");
    out.push_str(&t.to_markdown());
    out.push('\n');

    // 4. Time to a relative projected residual of 1e-6: plain PGS-SOR, the subspace variant
    // and the exact solver, interleaved round by round.
    let mut t = Table::new([
        "workload (to 1e-6 relative residual)",
        "sweeps",
        "best time",
        "median / best",
        "vs PGS-SOR (best; min–max over rounds)",
    ]);
    let mut chain_exact = Box::new(ExactSolver::<f64, 128>::new());
    let chain_gamma = dense_gamma(&chain);
    for (label, sys, gamma, omega) in [
        ("random 32 rows", &systems[0].0, &systems[0].1, 1.0),
        ("random 32 rows", &systems[0].0, &systems[0].1, 1.3),
        ("100-link chain", &chain, &chain_gamma, 1.8),
    ] {
        let tol = 1e-6 * max_abs(&sys.eta);
        let settings = PgsSettings {
            omega,
            max_iterations: 200_000,
            tolerance: tol,
            detect_duplicates: false,
            ..PgsSettings::default()
        };
        let n = sys.eta.len();
        let pgs = |lambda: &mut Vec<f64>| {
            let mut cache = vec![RowCache::default(); n];
            let mut dv = vec![BodyVelocity::default(); sys.bodies.len()];
            let mut op = SequentialImpulse::new(&sys.bodies, &sys.rows, &mut cache, &mut dv)
                .expect("consistent");
            let mut flags = vec![RowFlag::Active; n];
            pgs_sor(
                &mut op,
                &sys.eta,
                &sys.bounds,
                &settings,
                lambda,
                &mut flags,
            )
            .expect("valid")
            .iterations
        };
        let mut sub = |lambda: &mut Vec<f64>| {
            let mut flags = vec![RowFlag::Active; n];
            chain_exact
                .pgs_subspace(
                    gamma,
                    &sys.eta,
                    &sys.bounds,
                    &settings,
                    SUBSPACE_EVERY,
                    lambda,
                    &mut flags,
                    |_, _| {},
                )
                .expect("valid")
        };
        let mut lambda = vec![0.0; n];
        let pgs_sweeps = pgs(&mut lambda);
        let report = sub(&mut lambda);
        let mut exact_cold = ExactSolver::<f64, 128>::new();
        let times = interleave(
            b,
            15,
            &mut [
                &mut || {
                    let mut l = vec![0.0; n];
                    black_box(pgs(&mut l));
                },
                &mut || {
                    let mut l = vec![0.0; n];
                    black_box(sub(&mut l).certificate.iterations);
                },
                &mut || {
                    let mut l = vec![0.0; n];
                    let mut f = vec![RowFlag::Active; n];
                    black_box(
                        exact_cold
                            .try_solve(gamma, &sys.eta, &sys.bounds, 0.0, false, &mut l, &mut f)
                            .expect("well posed")
                            .pivots,
                    );
                },
            ],
        );
        for (name, sweeps, k) in [
            (
                format!("{label}: PGS-SOR ω = {omega} (sequential impulse)"),
                pgs_sweeps.to_string(),
                0,
            ),
            (
                format!(
                    "{label}: subspace ω = {omega} ({} polishes, {} pivots)",
                    report.polishes, report.pivots
                ),
                report.certificate.iterations.to_string(),
                1,
            ),
            (
                format!("{label}: exact pivoting solver (dense)"),
                "-".to_string(),
                2,
            ),
        ] {
            t.row([
                name,
                sweeps,
                ns(times[k].best()),
                format!("{:.2}", times[k].spread()),
                ratio_spread(&Ratio::of(&times[k], &times[0])),
            ]);
        }
    }
    let _ = writeln!(
        out,
        "**Time to converge** (f64, load average {}): the three solvers timed round by round \
         (best of 15 rounds, spread = median/best).\n",
        std::fs::read_to_string("/proc/loadavg")
            .unwrap_or_default()
            .split_whitespace()
            .next()
            .unwrap_or("?")
    );
    out.push_str(&t.to_markdown());
    out
}
