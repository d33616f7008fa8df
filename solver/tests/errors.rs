//! Structural errors: each is reported, and no NaN ever reaches λ.
use solver::{
    BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, ExactSolver, JacobianBlock, PgsSettings,
    RowCache, RowFlag, SequentialImpulse, SolveError, solve_dense,
};
use xform::Vector;

#[test]
fn overflowing_iterate_is_diverged_and_zeroed() {
    let mut lambda = [0.0f32];
    let mut flags = [RowFlag::Active];
    let r = solve_dense(
        &[1e-5f32],
        &[1e38],
        &[Bounds::bilateral()],
        &PgsSettings::default(),
        &mut lambda,
        &mut flags,
    );
    assert_eq!(r, Err(SolveError::Diverged { row: 0 }));
    assert_eq!(lambda, [0.0]);
}

#[test]
fn dependent_rows_are_singular_for_the_exact_solver() {
    // Rows J = (1,0), (0,1), (1,1) with M = I: Γ = J Jᵀ has rank 2 (no two rows repeat).
    let gamma = [1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 2.0];
    let eta = [1.0, 1.0, 3.0];
    let bounds = [Bounds::bilateral(); 3];
    let mut lambda = [f64::NAN; 3];
    let mut flags = [RowFlag::Active; 3];
    let r = ExactSolver::<f64, 4>::new().try_solve(
        &gamma,
        &eta,
        &bounds,
        0.0,
        true,
        &mut lambda,
        &mut flags,
    );
    assert_eq!(r, Err(SolveError::Singular));
    assert_eq!(lambda, [0.0; 3]);
    // CFM makes it positive definite: (Γ + cfm·I)λ = η holds.
    let cfm = 1e-3;
    ExactSolver::<f64, 4>::new().solve(&gamma, &eta, &bounds, cfm, false, &mut lambda, &mut flags);
    for i in 0..3 {
        let r: f64 = (0..3).map(|j| gamma[i * 3 + j] * lambda[j]).sum::<f64>() + cfm * lambda[i];
        assert!((r - eta[i]).abs() < 1e-9, "row {i}: {r} vs {}", eta[i]);
    }
}

#[test]
fn capacity_and_shape_errors() {
    let gamma = [1.0; 9];
    let mut lambda = [0.0; 3];
    let mut flags = [RowFlag::Active; 3];
    let bounds = [Bounds::bilateral(); 3];
    assert_eq!(
        ExactSolver::<f64, 2>::new().try_solve(
            &gamma,
            &[1.0; 3],
            &bounds,
            0.0,
            false,
            &mut lambda,
            &mut flags
        ),
        Err(SolveError::CapacityExceeded {
            rows: 3,
            capacity: 2
        })
    );
    assert!(matches!(
        solve_dense(
            &gamma[..8],
            &[1.0; 3],
            &bounds,
            &PgsSettings::default(),
            &mut lambda,
            &mut flags
        ),
        Err(SolveError::DimensionMismatch { what: "gamma", .. })
    ));
    let friction = [
        Bounds::bilateral(),
        Bounds::friction(7, 0.5),
        Bounds::bilateral(),
    ];
    assert_eq!(
        solve_dense(
            &gamma,
            &[1.0; 3],
            &friction,
            &PgsSettings::default(),
            &mut lambda,
            &mut flags
        ),
        Err(SolveError::InvalidFrictionIndex { row: 1, normal: 7 })
    );
    for bad in [
        PgsSettings {
            omega: 2.0,
            ..PgsSettings::default()
        },
        PgsSettings {
            omega: f64::NAN,
            ..PgsSettings::default()
        },
        PgsSettings {
            cfm: -1.0,
            ..PgsSettings::default()
        },
        PgsSettings {
            tolerance: f64::NAN,
            ..PgsSettings::default()
        },
    ] {
        assert!(matches!(
            solve_dense(&gamma, &[1.0; 3], &bounds, &bad, &mut lambda, &mut flags),
            Err(SolveError::InvalidSettings(_))
        ));
    }
}

#[test]
fn sequential_impulse_rejects_missing_bodies_and_flags_nan_bodies() {
    let bodies = [
        BodyInverseMass {
            inv_mass: f64::NAN,
            inv_inertia: xform::Matrix::identity(),
        },
        BodyInverseMass {
            inv_mass: 1.0,
            inv_inertia: xform::Matrix::identity(),
        },
    ];
    let block = |body| JacobianBlock {
        body,
        linear: Vector([1.0, 0.0, 0.0]),
        angular: Vector([0.0; 3]),
    };
    let rows = [
        ConstraintRow {
            a: block(0),
            b: None,
        },
        ConstraintRow {
            a: block(1),
            b: None,
        },
    ];
    let mut cache = [RowCache::default(); 2];
    let mut dv = [BodyVelocity::default(); 2];
    let bad_rows = [
        ConstraintRow {
            a: block(5),
            b: None,
        },
        rows[1],
    ];
    assert_eq!(
        SequentialImpulse::new(&bodies, &bad_rows, &mut cache, &mut dv).err(),
        Some(SolveError::InvalidBodyIndex { row: 0, body: 5 })
    );
    let mut lambda = [0.0; 2];
    let mut flags = [RowFlag::Active; 2];
    {
        let mut op = SequentialImpulse::new(&bodies, &rows, &mut cache, &mut dv).unwrap();
        solver::pgs_sor(
            &mut op,
            &[1.0, 1.0],
            &[Bounds::bilateral(); 2],
            &PgsSettings::default(),
            &mut lambda,
            &mut flags,
        )
        .unwrap();
    }
    assert_eq!(flags, [RowFlag::NonFinite, RowFlag::Active]);
    assert_eq!(lambda, [0.0, 1.0]);
    assert!(
        dv.iter()
            .all(|v| v.linear.is_finite() && v.angular.is_finite())
    );
}

#[test]
fn overflowing_residual_is_diverged_not_clamped_away() {
    // Row 1 couples to two huge multipliers of opposite sign: its residual overflows
    // (∞, then ∞ − ∞ = NaN). Clamping to [0, ∞) would hide that (`max` ignores NaN), so the
    // solve must report divergence instead of a "converged" certificate.
    let gamma = [1.0, 0.0, 0.0, 1e10, 1.0, 1e10, 0.0, 0.0, 1.0];
    let eta = [1e300, 0.0, -1e300];
    let bounds = [
        Bounds::bilateral(),
        Bounds::unilateral(),
        Bounds::bilateral(),
    ];
    let mut lambda = [0.0; 3];
    let mut flags = [RowFlag::Active; 3];
    // Γ is not positive semi-definite, which would fool the duplicate test: switch it off.
    let settings = PgsSettings {
        detect_duplicates: false,
        ..PgsSettings::default()
    };
    let r = solve_dense(&gamma, &eta, &bounds, &settings, &mut lambda, &mut flags);
    assert_eq!(r, Err(SolveError::Diverged { row: 1 }));
    assert_eq!(lambda, [0.0; 3]);
    // The certificate of such a λ is infinite, not silently zero.
    let op = solver::DenseMatrix::new(&gamma, 3).unwrap();
    let (residual, _) = solver::certify(
        &op,
        &eta,
        &bounds,
        0.0,
        &[1e300, 0.0, -1e300],
        &[RowFlag::Active; 3],
    );
    assert_eq!(residual, f64::INFINITY);
}
