//! Structural errors: each is reported, and no NaN ever reaches λ.
use solver::{
    BadRows, BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, ExactSolver, JacobianBlock,
    PgsSettings, RowCache, RowFlag, SequentialImpulse, SolveError, solve_dense,
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
    assert_eq!(
        flags,
        [RowFlag::NonFinite { what: "gamma" }, RowFlag::Active]
    );
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

#[test]
fn negative_diagonal_is_named_as_such() {
    // Γ₁₁ < 0: not positive semidefinite, and not a "zero diagonal".
    let gamma = [2.0, 0.0, 0.0, -1.0];
    let bounds = [Bounds::bilateral(); 2];
    let mut lambda = [0.0; 2];
    let mut flags = [RowFlag::Active; 2];
    let cert = solve_dense(
        &gamma,
        &[1.0, 1.0],
        &bounds,
        &PgsSettings::default(),
        &mut lambda,
        &mut flags,
    )
    .unwrap();
    assert_eq!(flags, [RowFlag::Active, RowFlag::NegativeDiagonal]);
    assert_eq!(lambda, [0.5, 0.0]);
    // Row 1 is not solved, and the certificate says so (its residual is |η₁| = 1).
    assert_eq!(cert.residual, 1.0);
    assert!(!cert.converged);
    let strict = PgsSettings {
        bad_rows: BadRows::Reject,
        ..PgsSettings::default()
    };
    let e = solve_dense(
        &gamma,
        &[1.0, 1.0],
        &bounds,
        &strict,
        &mut lambda,
        &mut flags,
    );
    assert_eq!(e, Err(SolveError::NegativeDiagonal { row: 1 }));
    assert_eq!(lambda, [0.0; 2]);
    let text = SolveError::NegativeDiagonal { row: 1 }.to_string();
    assert!(
        text.contains("row 1") && text.contains("negative"),
        "{text}"
    );
    let zero = SolveError::ZeroDiagonal { row: 4 }.to_string();
    assert!(zero.contains("row 4") && zero.contains("zero"), "{zero}");
}

#[test]
fn every_bad_row_kind_maps_to_its_error() {
    let gamma = [1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0];
    let cases: [(f64, Bounds<f64>, SolveError); 4] = [
        (
            f64::NAN,
            Bounds::bilateral(),
            SolveError::NonFinite {
                row: 1,
                what: "eta",
            },
        ),
        (
            1.0,
            Bounds::new(1.0, -1.0),
            SolveError::InvertedBounds { row: 1 },
        ),
        (
            1.0,
            Bounds::new(f64::NAN, 1.0),
            SolveError::NonFinite {
                row: 1,
                what: "bounds",
            },
        ),
        (
            1.0,
            Bounds::friction(0, -0.5),
            SolveError::InvertedBounds { row: 1 },
        ),
    ];
    for (eta1, b1, expected) in cases {
        let mut lambda = [0.0; 3];
        let mut flags = [RowFlag::Active; 3];
        let bounds = [Bounds::unilateral(), b1, Bounds::unilateral()];
        let strict = PgsSettings {
            bad_rows: BadRows::Reject,
            ..PgsSettings::default()
        };
        let r = solve_dense(
            &gamma,
            &[1.0, eta1, -1.0],
            &bounds,
            &strict,
            &mut lambda,
            &mut flags,
        );
        assert_eq!(r, Err(expected));
        let cert = solve_dense(
            &gamma,
            &[1.0, eta1, -1.0],
            &bounds,
            &PgsSettings::default(),
            &mut lambda,
            &mut flags,
        )
        .unwrap();
        assert_eq!(flags[1].error(1), Some(expected));
        assert_eq!(cert.residual, f64::INFINITY);
        assert!(!cert.converged && lambda.iter().all(|l| l.is_finite()));
    }
    // Row 2 has a zero diagonal but its limits are met at λ = 0 (a unilateral row with
    // η < 0): flagged, and the certificate counts its (zero) defect honestly.
    let mut lambda = [0.0; 3];
    let mut flags = [RowFlag::Active; 3];
    let cert = solve_dense(
        &gamma,
        &[1.0, 1.0, -1.0],
        &[Bounds::unilateral(); 3],
        &PgsSettings::default(),
        &mut lambda,
        &mut flags,
    )
    .unwrap();
    assert_eq!(flags[2], RowFlag::ZeroDiagonal);
    assert!(cert.converged, "{cert:?}");
}

#[test]
fn empty_problem_is_solved_trivially() {
    let mut lambda: [f64; 0] = [];
    let mut flags: [RowFlag; 0] = [];
    let cert = solve_dense(
        &[],
        &[],
        &[],
        &PgsSettings::default(),
        &mut lambda,
        &mut flags,
    )
    .unwrap();
    assert!(cert.converged && cert.residual == 0.0 && cert.flagged_rows == 0);
}

mod bad_input {
    use proptest::prelude::*;
    use solver::{BadRows, Bounds, ExactSolver, PgsSettings, RowFlag, SolveError, solve_dense};

    /// A value that is often NaN or ±∞.
    fn poison() -> impl Strategy<Value = f64> {
        prop_oneof![
            Just(f64::NAN),
            Just(f64::INFINITY),
            Just(f64::NEG_INFINITY),
            -3.0f64..3.0
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// NaN/∞ anywhere in Γ, η, limits, μ or settings, inverted limits, wrong lengths:
        /// an error or flagged rows, never NaN in λ, never a panic, never "converged" about
        /// a row that was not solved.
        #[test]
        fn never_nan_never_panic(
            n in 0usize..6,
            entries in proptest::collection::vec(-1.0f64..1.0, 36),
            eta in proptest::collection::vec(-2.0f64..2.0, 6),
            spots in proptest::collection::vec((0usize..64, poison()), 0..4),
            limits in proptest::collection::vec((poison(), poison(), 0u8..4), 6),
            settings_poison in (0u8..5, poison()),
            extra in (0usize..3, 0usize..3),
            strict in any::<bool>(),
        ) {
            // A positive definite Γ = AAᵀ + I/10, then poisoned entries.
            let mut gamma = vec![0.0; n * n];
            for i in 0..n {
                for j in 0..n {
                    gamma[i * n + j] = (0..n).map(|k| entries[i * 6 + k] * entries[j * 6 + k]).sum::<f64>()
                        + if i == j { 0.1 } else { 0.0 };
                }
            }
            let mut eta = eta[..n].to_vec();
            for &(spot, v) in &spots {
                match spot % 2 {
                    0 if n > 0 => { let k = spot % (n * n); gamma[k] = v; }
                    _ if n > 0 => eta[spot % n] = v,
                    _ => {}
                }
            }
            let bounds: Vec<Bounds<f64>> = (0..n).map(|i| {
                let (a, b, kind) = limits[i];
                match kind {
                    0 => Bounds::new(a, b),
                    1 if i > 0 => Bounds::friction(0, a),
                    2 => Bounds::unilateral(),
                    _ => Bounds::bilateral(),
                }
            }).collect();
            let mut settings = PgsSettings { max_iterations: 200, bad_rows: if strict { BadRows::Reject } else { BadRows::Flag }, ..PgsSettings::default() };
            match settings_poison.0 {
                0 => settings.omega = settings_poison.1,
                1 => settings.cfm = settings_poison.1,
                2 => settings.tolerance = settings_poison.1,
                _ => {}
            }
            let mut lambda = vec![f64::NAN; n + extra.0 % 2];
            let mut flags = vec![RowFlag::Active; n + extra.1 % 2];
            let result = solve_dense(&gamma, &eta, &bounds, &settings, &mut lambda, &mut flags);
            match result {
                Ok(cert) => {
                    prop_assert!(lambda.iter().all(|l| l.is_finite()), "{lambda:?}");
                    let bad = flags.iter().any(|f| matches!(f, RowFlag::NonFinite { .. } | RowFlag::InvertedBounds));
                    if bad {
                        prop_assert!(!cert.converged && cert.residual == f64::INFINITY, "{cert:?} {flags:?}");
                    }
                    prop_assert!(!cert.residual.is_nan());
                    prop_assert!(!strict || flags.iter().all(|f| !f.is_bad_input()));
                }
                Err(e) => {
                    prop_assert!(!e.to_string().is_empty());
                    prop_assert!(lambda.iter().all(|&l| l == 0.0), "{lambda:?}");
                    match e {
                        SolveError::DimensionMismatch { .. } | SolveError::InvalidSettings(_)
                        | SolveError::InvalidFrictionIndex { .. } => {}
                        SolveError::NonFinite { .. } | SolveError::InvertedBounds { .. }
                        | SolveError::NegativeDiagonal { .. } | SolveError::ZeroDiagonal { .. } => {
                            prop_assert!(strict);
                            prop_assert!(lambda.iter().all(|&l| l == 0.0));
                        }
                        SolveError::Diverged { .. } => prop_assert!(lambda.iter().all(|&l| l == 0.0)),
                        other => prop_assert!(false, "unexpected {other:?}"),
                    }
                }
            }
            // The exact solver on the same input: an error or finite λ.
            if n <= 8 && lambda.len() == n && flags.len() == n {
                let mut exact = vec![f64::NAN; n];
                let cfm = settings.cfm;
                match ExactSolver::<f64, 8>::new().try_solve(&gamma, &eta, &bounds, cfm, true, &mut exact, &mut flags) {
                    Ok(report) => prop_assert!(exact.iter().all(|l| l.is_finite()) && !report.residual.is_nan()),
                    Err(_) => prop_assert!(exact.iter().all(|&l| l == 0.0)),
                }
            }
        }
    }
}
