//! The joint graph's factorization against dense elimination, its fill, and its redundant rows.
use super::*;
extern crate alloc;
use alloc::vec;
use alloc::vec::Vec;
use xform::{Matrix, Vector};

type G = JointGraph<f64, cwlist::Growable>;

/// A deterministic stream in [−1, 1).
struct Stream(u64);

impl Stream {
    fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }
}

fn block(s: &mut Stream, body: usize) -> crate::JacobianBlock<f64> {
    crate::JacobianBlock {
        body,
        linear: Vector([s.next(), s.next(), s.next()]),
        angular: Vector([s.next(), s.next(), s.next()]),
    }
}

/// The regularization of each row's diagonal in `f64` (module docs of [`REDUNDANT`]).
const REGULARIZATION: f64 = 2.0 * REDUNDANT;

/// Γ + cfm·I + `regularization`·diag Γ computed densely, row by row, from the rows and
/// the inverse masses.
fn dense(
    rows: &[ConstraintRow<f64>],
    inverse: &[BodyInverseMass<f64>],
    cfm: f64,
    regularization: f64,
) -> Vec<Vec<f64>> {
    let n = rows.len();
    let times = |b: &crate::JacobianBlock<f64>| {
        let inv = &inverse[b.body];
        let w = inv.inv_inertia * b.angular;
        (b.linear * inv.inv_mass, w)
    };
    let mut g = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..n {
            let mut s = if i == j { cfm } else { 0.0 };
            for bi in [Some(&rows[i].a), rows[i].b.as_ref()].into_iter().flatten() {
                for bj in [Some(&rows[j].a), rows[j].b.as_ref()].into_iter().flatten() {
                    if bi.body == bj.body {
                        let (l, a) = times(bj);
                        s += bi.linear.dot(&l) + bi.angular.dot(&a);
                    }
                }
            }
            g[i][j] = s;
        }
        g[i][i] += (g[i][i] - cfm) * regularization;
    }
    g
}

/// Factors and solves with random rows and inverse masses on the joints of `plan`, and
/// checks `(Γ + cfm·I + 2ρ·diag Γ) x = r` with `Γ` formed densely.
fn check(s: &mut Stream, bodies: usize, plan: &[(Option<usize>, Option<usize>, usize)]) {
    let mut inverse = Vec::new();
    for _ in 0..bodies {
        let d = [
            1.0 + s.next().abs(),
            1.0 + s.next().abs(),
            1.0 + s.next().abs(),
        ];
        inverse.push(BodyInverseMass {
            inv_mass: 0.5 + s.next().abs(),
            inv_inertia: Matrix::from_diagonal(Vector(d)),
        });
    }
    let mut rows = Vec::new();
    for &(a, b, count) in plan {
        for _ in 0..count {
            let a = a.unwrap();
            rows.push(ConstraintRow {
                a: block(s, a),
                b: b.map(|b| block(s, b)),
            });
        }
    }
    let mut g = G::new();
    g.plan(bodies, plan.iter().copied()).unwrap();
    let cfm = 1e-3;
    g.factor(&rows, &inverse, cfm);
    assert_eq!(g.regularized(), 0);
    let rhs: Vec<f64> = (0..rows.len()).map(|_| s.next()).collect();
    let mut x = vec![f64::NAN; rows.len()];
    g.solve(|i| rhs[i], |i, v| x[i] = v);
    let gamma = dense(&rows, &inverse, cfm, REGULARIZATION);
    for i in 0..rows.len() {
        let r: f64 = (0..rows.len()).map(|j| gamma[i][j] * x[j]).sum();
        approx::assert_relative_eq!(r, rhs[i], epsilon = 1e-8);
    }
}

#[test]
fn random_graphs_solve_like_dense_elimination() {
    let mut s = Stream(7);
    for case in 0..200 {
        let bodies = 2 + case % 9;
        let joints = 1 + (case * 7) % 15;
        let mut plan = Vec::new();
        for _ in 0..joints {
            let a = ((s.next() + 1.0) * 0.5 * bodies as f64) as usize % bodies;
            let b = ((s.next() + 1.0) * 0.5 * (bodies + 1) as f64) as usize % (bodies + 1);
            let b = (b != a && b < bodies).then_some(b);
            let count = 1 + ((s.next() + 1.0) * 3.0) as usize % 6;
            plan.push((Some(a), b, count));
        }
        check(&mut s, bodies, &plan);
    }
}

#[test]
fn grids_solve_like_dense_elimination_with_little_fill() {
    let mut s = Stream(11);
    let n = 12;
    let id = |i: usize, k: usize| i * n + k;
    let mut plan = Vec::new();
    for i in 0..n {
        for k in 0..n {
            if i + 1 < n {
                plan.push((Some(id(i, k)), Some(id(i + 1, k)), 3));
            }
            if k + 1 < n {
                plan.push((Some(id(i, k)), Some(id(i, k + 1)), 3));
            }
        }
    }
    plan.push((Some(0), None, 3));
    plan.push((Some(id(n - 1, 0)), None, 3));
    check(&mut s, n * n, &plan);
    let mut g = G::new();
    g.plan(n * n, plan.iter().copied()).unwrap();
    // Minimum degree on the 266 joints: far from the dense 266·265/2 blocks.
    assert!(g.fill() < 12 * plan.len(), "fill {}", g.fill());
}

#[test]
fn repeated_rows_share_their_load_and_consistent_equations_still_hold() {
    // A joint's rows repeated by a second joint on the same bodies, and a loop: Γ is
    // singular. Regularized, nothing is dropped, the two copies carry equal impulses,
    // and with a right-hand side in the range of Γ every equation holds to the
    // regularization's size.
    let mut s = Stream(3);
    let inverse: Vec<_> = (0..3)
        .map(|_| BodyInverseMass {
            inv_mass: 1.0,
            inv_inertia: Matrix::from_diagonal(Vector([2.0, 3.0, 4.0])),
        })
        .collect();
    let first: Vec<_> = (0..3)
        .map(|_| ConstraintRow {
            a: block(&mut s, 0),
            b: Some(block(&mut s, 1)),
        })
        .collect();
    let mut rows = first.clone();
    rows.extend(first.iter().copied());
    for (a, b) in [(1, 2), (2, 0)] {
        for _ in 0..3 {
            rows.push(ConstraintRow {
                a: block(&mut s, a),
                b: Some(block(&mut s, b)),
            });
        }
    }
    let plan = [
        (Some(0), Some(1), 3),
        (Some(0), Some(1), 3),
        (Some(1), Some(2), 3),
        (Some(2), Some(0), 3),
    ];
    let mut g = G::new();
    g.plan(3, plan.iter().copied()).unwrap();
    g.factor(&rows, &inverse, 0.0);
    assert_eq!(
        g.regularized(),
        3,
        "the repeated joint's three rows are redundant"
    );
    // r = Γ y for a random y: consistent.
    let gamma = dense(&rows, &inverse, 0.0, 0.0);
    let y: Vec<f64> = (0..rows.len()).map(|_| s.next()).collect();
    let rhs: Vec<f64> = (0..rows.len())
        .map(|i| (0..rows.len()).map(|j| gamma[i][j] * y[j]).sum())
        .collect();
    let mut x = vec![f64::NAN; rows.len()];
    g.solve(|i| rhs[i], |i, v| x[i] = v);
    for i in 0..rows.len() {
        let r: f64 = (0..rows.len()).map(|j| gamma[i][j] * x[j]).sum();
        approx::assert_relative_eq!(r, rhs[i], epsilon = 1e-7);
    }
    for i in 0..3 {
        approx::assert_relative_eq!(x[i], x[i + 3], epsilon = 1e-9, max_relative = 1e-6);
    }
}
