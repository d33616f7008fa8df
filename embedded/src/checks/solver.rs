//! The solver core in f32 on small dense problems with hand-derived answers.
use crate::check::{Check, Failure, close, ensure};
use solver::{
    BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, ExactSolver, JacobianBlock, PgsSettings,
    RowCache, RowFlag, SequentialImpulse, integrate::quaternion_rate_matrix, pgs_sor, solve_dense,
    stabilization::erp_to_beta,
};
use xform::{Matrix, Quaternion, Vector};

pub(crate) const CHECKS: &[Check] = &[
    (
        "contact with friction at its limit: PGS and exact",
        contact_friction,
    ),
    ("bilateral 3x3 system solved by SOR", bilateral_sor),
    ("sequential impulse on one body", sequential_impulse),
    ("ERP to beta", erp),
    ("NaN row flagged, never NaN out", bad_row),
    ("chain solve is bit-identical to the host", chain_bits),
    (
        "quaternion rate matrix B(q) (seed corrected)",
        quaternion_rate,
    ),
];

/// A failure for an `Err` the solver should not have returned.
fn failed(what: &'static str) -> Failure {
    ensure(false, what).expect_err("ensure(false) always fails")
}

fn settings(omega: f32, iterations: usize) -> PgsSettings<f32> {
    PgsSettings {
        omega,
        max_iterations: iterations,
        tolerance: 1e-6,
        ..PgsSettings::default()
    }
}

/// Γ = [[2, ½], [½, 1]], η = (1, 2), row 1 friction of row 0 with μ = ½: the friction row
/// sits at +μλ₀, so 2λ₀ + ½·½λ₀ = 1, λ = (4/9, 2/9).
fn contact_friction() -> Result<(), Failure> {
    let gamma = [2.0f32, 0.5, 0.5, 1.0];
    let eta = [1.0f32, 2.0];
    let bounds = [Bounds::unilateral(), Bounds::friction(0, 0.5)];
    let mut lambda = [0.0f32; 2];
    let mut flags = [RowFlag::Active; 2];
    let cert = solve_dense(
        &gamma,
        &eta,
        &bounds,
        &settings(1.0, 100),
        &mut lambda,
        &mut flags,
    )
    .map_err(|_| failed("solve failed"))?;
    ensure(cert.converged, "PGS converged")?;
    close(f64::from(lambda[0]), 4.0 / 9.0, 1e-5, "PGS normal")?;
    close(f64::from(lambda[1]), 2.0 / 9.0, 1e-5, "PGS friction")?;
    let mut exact = [0.0f32; 2];
    let report = ExactSolver::<f32, 4>::new()
        .try_solve(&gamma, &eta, &bounds, 0.0, false, &mut exact, &mut flags)
        .map_err(|_| failed("exact failed"))?;
    ensure(report.residual <= 1e-6, "exact certificate")?;
    close(f64::from(exact[0]), 4.0 / 9.0, 1e-6, "exact normal")?;
    close(f64::from(exact[1]), 2.0 / 9.0, 1e-6, "exact friction")
}

/// λ* = (1, −2, ½) and η = Γλ* for a tridiagonal SPD Γ.
fn bilateral_sor() -> Result<(), Failure> {
    let gamma = [4.0f32, 1.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0, 2.0];
    let eta = [2.0f32, -4.5, -1.0];
    let bounds = [Bounds::bilateral(); 3];
    let mut lambda = [0.0f32; 3];
    let mut flags = [RowFlag::Active; 3];
    let cert = solve_dense(
        &gamma,
        &eta,
        &bounds,
        &settings(1.2, 200),
        &mut lambda,
        &mut flags,
    )
    .map_err(|_| failed("solve failed"))?;
    ensure(cert.converged, "SOR converged")?;
    close(f64::from(lambda[0]), 1.0, 1e-5, "λ0")?;
    close(f64::from(lambda[1]), -2.0, 1e-5, "λ1")?;
    close(f64::from(lambda[2]), 0.5, 1e-5, "λ2")
}

/// Mass 2 pushed along x to a target speed 1: λ = 2, Δv = (1, 0, 0).
fn sequential_impulse() -> Result<(), Failure> {
    let bodies = [BodyInverseMass {
        inv_mass: 0.5f32,
        inv_inertia: Matrix::identity(),
    }];
    let rows = [ConstraintRow {
        a: JacobianBlock {
            body: 0,
            linear: Vector([1.0f32, 0.0, 0.0]),
            angular: Vector([0.0; 3]),
        },
        b: None,
    }];
    let mut cache = [RowCache::default()];
    let mut dv = [BodyVelocity::default()];
    let mut lambda = [0.0f32];
    let mut flags = [RowFlag::Active];
    {
        let mut op = SequentialImpulse::new(&bodies, &rows, &mut cache, &mut dv)
            .map_err(|_| failed("setup failed"))?;
        pgs_sor(
            &mut op,
            &[1.0],
            &[Bounds::unilateral()],
            &settings(1.0, 5),
            &mut lambda,
            &mut flags,
        )
        .map_err(|_| failed("solve failed"))?;
    }
    close(f64::from(lambda[0]), 2.0, 1e-6, "λ")?;
    close(f64::from(dv[0].linear[0]), 1.0, 1e-6, "Δv")
}

/// ERP 0.75 per second at h = ¼ s: β = 1 − 0.25^¼ = 1 − 1/√2.
fn erp() -> Result<(), Failure> {
    let beta = erp_to_beta(0.75f32, 0.25).map_err(|_| failed("erp failed"))?;
    close(
        f64::from(beta),
        1.0 - core::f64::consts::FRAC_1_SQRT_2,
        1e-6,
        "β",
    )
}

fn bad_row() -> Result<(), Failure> {
    let gamma = [2.0f32, 0.0, 0.0, 1.0];
    let eta = [f32::NAN, 1.0];
    let bounds = [Bounds::bilateral(); 2];
    let mut lambda = [0.0f32; 2];
    let mut flags = [RowFlag::Active; 2];
    let cert = solve_dense(
        &gamma,
        &eta,
        &bounds,
        &settings(1.0, 10),
        &mut lambda,
        &mut flags,
    )
    .map_err(|_| failed("solve failed"))?;
    ensure(
        flags[0] == RowFlag::NonFinite { what: "eta" },
        "row 0 flagged",
    )?;
    ensure(cert.flagged_rows == 1, "one flagged row")?;
    ensure(lambda[0] == 0.0, "flagged λ is zero")?;
    close(f64::from(lambda[1]), 1.0, 1e-6, "healthy row solved")
}

/// A 6-link chain's Γ (tridiagonal 2, −1) with ω = 1.5 for 12 sweeps: the bits of the
/// multipliers must match the host's.
fn chain_bits() -> Result<(), Failure> {
    const N: usize = 6;
    let mut gamma = [0.0f32; N * N];
    for i in 0..N {
        gamma[i * N + i] = 2.0;
        if i + 1 < N {
            gamma[i * N + i + 1] = -1.0;
            gamma[(i + 1) * N + i] = -1.0;
        }
    }
    let eta = [1.0f32, -0.5, 0.25, 0.0, 0.75, -1.0];
    let bounds = [Bounds::bilateral(); N];
    let mut lambda = [0.0f32; N];
    let mut flags = [RowFlag::Active; N];
    let s = PgsSettings {
        tolerance: 0.0,
        ..settings(1.5, 12)
    };
    solve_dense(&gamma, &eta, &bounds, &s, &mut lambda, &mut flags)
        .map_err(|_| failed("solve failed"))?;
    let mut hash = 0u64;
    for l in lambda {
        hash = hash.rotate_left(13) ^ u64::from(l.to_bits());
    }
    crate::out::value("solver.chain_lambda_bits", hash);
    ensure(lambda.iter().all(|l| l.is_finite()), "finite")
}

/// `q̇ = ½𝓑(q)w` equals `½(0, w)q` for a unit quaternion (the seed prints 𝓑 wrongly).
fn quaternion_rate() -> Result<(), Failure> {
    let n = libm::sqrtf(30.0);
    let q = Quaternion::new(1.0 / n, 2.0 / n, 3.0 / n, 4.0 / n);
    let w = Vector([0.3f32, -0.7, 1.1]);
    let rate = quaternion_rate_matrix(&q) * w * 0.5;
    let product = (Quaternion::from_vector(w) * q).to_array();
    for k in 0..4 {
        close(f64::from(rate[k]), 0.5 * f64::from(product[k]), 1e-6, "q̇")?;
    }
    Ok(())
}
