//! Block Gauss-Seidel whose first block, the joint tree's rows, is solved exactly.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::{Direct, Local};
use crate::world::WorldError;
use crate::world::capacity::copy_into;
use crate::world::joint_graph::JointGraph;
use crate::world::precision::Precision;
use crate::world::tree::JointTree;
use crate::{
    BodyInverseMass, Bounds, Certificate, ConstraintRow, PgsSettings, RowOperator,
    SequentialImpulse, SolveError, certify, relax_row, row_defect,
};

/// Sweeps of iterative refinement after the direct solve of a joint block alone.
const MAX_REFINEMENTS: usize = 3;

/// Refinement of factors in the scalar is accepted when the residual is within this many
/// rounding errors (`ε`) of the largest right-hand side; else the tree is factored again in
/// the working precision.
const ROUND_OFF: u16 = 64;

impl<T: Scalar, S: Storage> Local<T, S> {
    /// Whether the joint rows and inverse masses are those of the tree's current factors
    /// (the same bits), as `prepare` found or by comparison.
    fn same_factored_inputs(&self) -> bool {
        let k = self.tree.joint_rows();
        let rows = self.rows.as_slice();
        self.inputs_factored
            || rows.len() >= k
                && rows[..k] == *self.factored_rows.as_slice()
                && self.inverse.as_slice() == self.factored_inverse.as_slice()
    }

    /// Records the inputs of the tree's new factors (or, where they do not fit the storage,
    /// that there are none to reuse).
    fn keep_factored_inputs(&mut self, cfm: T) {
        self.factored_cfm = None;
        self.cache_is_factored = false;
        self.inputs_factored = false;
        let k = self.tree.joint_rows();
        let rows = &self.rows.as_slice()[..k.min(self.rows.as_slice().len())];
        if copy_into(&mut self.factored_rows, rows, "rows").is_err()
            || copy_into(
                &mut self.factored_inverse,
                self.inverse.as_slice(),
                "bodies",
            )
            .is_err()
        {
            self.factored_rows.clear();
            self.factored_inverse.clear();
            return;
        }
        self.factored_cfm = Some(cfm);
        // `prepare` filled the caches from these rows and masses.
        self.cache_is_factored = k == self.rows.as_slice().len();
        self.inputs_factored = self.cache_is_factored;
    }

    /// Block Gauss-Seidel whose first block, the rows of the joint tree, is solved exactly
    /// (one factorization), the other rows (contacts, loop-closing joints) by the PGS row
    /// kernel. Without other rows one sweep is exact up to round-off, and the sweeps after it
    /// are iterative refinement.
    pub(super) fn solve_block(
        &mut self,
        settings: &PgsSettings<T>,
        trace: &mut [T],
    ) -> Result<Certificate<T>, WorldError> {
        let n = self.rows.as_slice().len();
        let (cfm, omega) = (settings.cfm, settings.omega);
        let direct = self.direct;
        let iterative = {
            let direct_row = self.direct_row.as_slice();
            (0..n).any(|i| !direct_row.get(i).copied().unwrap_or(false))
        };
        // A tree alone is factored in the scalar first and refined; where refinement does
        // not reach the scalar's round-off, again in the working precision (below). Factors
        // of the same rows and `cfm` are reused.
        // Only direct rows, and no trace of every sweep: refinement (`DirectAlone`).
        let alone = !iterative && trace.is_empty();
        let mut single = alone && direct == Direct::Tree;
        match direct {
            Direct::Tree => {
                // (Factors in the scalar do not serve a solve that wants the working
                // precision.)
                let reuse = self.factored_cfm == Some(cfm)
                    && (single || self.tree.precision() == Precision::Working)
                    && self.same_factored_inputs();
                if reuse {
                    single = single && self.tree.precision() == Precision::Scalar;
                } else {
                    let precision = if single {
                        Precision::Scalar
                    } else {
                        Precision::Working
                    };
                    self.tree.factor(
                        self.rows.as_slice(),
                        self.inverse.as_slice(),
                        cfm,
                        precision,
                    );
                    single = self.tree.precision() == Precision::Scalar;
                    self.keep_factored_inputs(cfm);
                }
            }
            Direct::Graph => {
                if self.graph_cfm != Some(cfm) {
                    self.graph
                        .factor(self.rows.as_slice(), self.inverse.as_slice(), cfm);
                }
                self.graph_cfm = Some(cfm);
            }
        }
        let direct_row = self.direct_row.as_slice();
        let is_direct = |i: usize| direct_row.get(i).copied().unwrap_or(false);
        let mut op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
        let (lambda, flags) = (self.lambda.as_mut_slice(), self.flags.as_mut_slice());
        let delta = self.delta_lambda.as_mut_slice();
        // A direct block alone starts from zero: its solve needs no warm start, and from
        // zero its right-hand side is `η` without a pass through `J` (the f32 chain's
        // velocity solve on the Cortex-M4F: 50 747 → 41 567 instructions; tip and joint
        // error after 1000 steps the same; grids' gaps and times within their spread).
        for l in lambda.iter_mut() {
            if !settings.warm_start || alone || !l.is_finite() {
                *l = T::zero();
            }
        }
        op.reset(lambda);
        if alone {
            let problem = DirectAlone {
                eta,
                bounds,
                cfm,
                factored: (self.rows.as_slice(), self.inverse.as_slice()),
            };
            let factors = (direct, &mut self.tree, &mut self.graph);
            return problem.solve(factors, &mut op, (lambda, delta), settings, single);
        }
        let sweeps = if trace.is_empty() {
            settings.max_iterations.max(1)
        } else {
            trace.len()
        };
        let mut iterations = 0;
        // The certificate of the current `λ`, where the last sweep computed it.
        let mut last = None;
        while iterations < sweeps {
            iterations += 1;
            last = None;
            // The joint block, exactly: (Γ_JJ + cfm) δ = η − (Γλ + cfm λ) on its rows.
            {
                let op = &op;
                let lambda = &*lambda;
                let rhs = |i| eta[i] - op.product_row(i, lambda) - cfm * lambda[i];
                let out = |i, d| delta[i] = d;
                match direct {
                    Direct::Tree => self.tree.solve(rhs, out),
                    Direct::Graph => self.graph.solve(rhs, out),
                }
            }
            for i in (0..n).filter(|&i| is_direct(i)) {
                lambda[i] = lambda[i] + delta[i];
                op.apply(i, delta[i]);
            }
            // The largest defect a row of the sweep had when it was visited: the same
            // estimate as PGS's (`pgs_sor`), which gates the full certificate below.
            let mut estimate = T::zero();
            for i in (0..n).filter(|&i| !is_direct(i)) {
                let defect = relax_row(&mut op, i, eta[i], &bounds[i], cfm, omega, lambda)?;
                if defect > estimate {
                    estimate = defect;
                }
            }
            if let Some(slot) = trace.get_mut(iterations - 1) {
                let c = certify(&op, eta, bounds, cfm, lambda, flags);
                *slot = slot.max(c.0);
                last = Some(c);
            } else if settings.tolerance > T::zero() && estimate <= settings.tolerance {
                // (A sweep whose rows still moved by more than the tolerance is not
                // certified: a pass over every row saved; the last certificate is computed
                // after the loop.)
                let (residual, violation) = certify(&op, eta, bounds, cfm, lambda, flags);
                last = Some((residual, violation));
                if residual <= settings.tolerance && violation <= settings.tolerance {
                    break;
                }
            }
        }
        if let Some(row) = lambda.iter().position(|l| !l.is_finite()) {
            return Err(WorldError::Solve(SolveError::Diverged { row }));
        }
        let (residual, bound_violation) =
            last.unwrap_or_else(|| certify(&op, eta, bounds, cfm, lambda, flags));
        Ok(Certificate {
            residual,
            bound_violation,
            iterations,
            converged: residual <= settings.tolerance && bound_violation <= settings.tolerance,
            flagged_rows: 0,
            omega,
            fallbacks: 0,
        })
    }
}

/// Rows all solved directly (by the joint tree or the joint graph; none swept): `η`,
/// bounds, `cfm`, and the rows and inverse masses the factors were computed from.
struct DirectAlone<'a, T> {
    eta: &'a [T],
    bounds: &'a [Bounds<T>],
    cfm: T,
    factored: (&'a [ConstraintRow<T>], &'a [BodyInverseMass<T>]),
}

impl<T: Scalar> DirectAlone<'_, T> {
    /// `η − Γλ − cfm·λ` of every row into `rhs`, and the projected residual and bound
    /// violation of `λ` (the certificate's, from the same products).
    fn pass(&self, op: &SequentialImpulse<'_, T>, lambda: &[T], rhs: &mut [T]) -> (T, T) {
        let (mut residual, mut violation) = (T::zero(), T::zero());
        let (lo, hi) = (T::neg_infinity(), T::infinity());
        for (i, rhs) in rhs.iter_mut().enumerate() {
            let r = op.product_row(i, lambda) + self.cfm * lambda[i] - self.eta[i];
            *rhs = -r;
            let bounds = &self.bounds[i];
            if *bounds == (Bounds::Box { lo, hi }) {
                // A joint row: `row_defect` without its interval, `|λ − (λ − r)|` (below the
                // rounding of λ a defect is 0: refinement could not move λ).
                let l = lambda[i];
                let defect = if crate::bounds::both_finite(l, r) {
                    (l - (l - r)).abs()
                } else {
                    T::infinity()
                };
                residual = crate::bounds::larger(residual, defect);
            } else {
                let (defect, out) = row_defect(bounds, lambda, i, r);
                residual = crate::bounds::larger(residual, defect);
                violation = crate::bounds::larger(violation, out);
            }
        }
        (residual, violation)
    }

    /// From `λ = 0`, the direct solve, then iterative refinement while the residual at least
    /// halves, a few times, until it is within the tolerance and the scalar's round-off of
    /// `η` (the augmented `LDLᵀ` is not backward stable for `Γ` under mass ratios). The
    /// tree's factors in the scalar (`single`) that stop short of its round-off are replaced
    /// by factors in the working precision, and refinement goes on. One pass over the rows a
    /// sweep: its products are both the residual of `λ` and the next solve's right-hand side
    /// (the certificate's own pass was a second one: on the Cortex-M4F about 150
    /// instructions a row).
    fn solve<S: Storage>(
        &self,
        (direct, tree, graph): (Direct, &mut JointTree<T, S>, &mut JointGraph<T, S>),
        op: &mut SequentialImpulse<'_, T>,
        (lambda, delta): (&mut [T], &mut [T]),
        settings: &PgsSettings<T>,
        mut single: bool,
    ) -> Result<Certificate<T>, WorldError> {
        // Where refinement must end: a few of the scalar's rounding errors of `η`.
        let round_off = self
            .eta
            .iter()
            .fold(T::zero(), |m, e| if e.abs() > m { e.abs() } else { m })
            * T::epsilon()
            * T::from(ROUND_OFF).unwrap_or_else(T::nan);
        let sweeps = settings.max_iterations.max(1);
        let half = (T::one() + T::one()).recip();
        // From `λ = 0` (a block alone starts there) the right-hand side is `η` itself,
        // without a pass through `J` (the residual is the first solve's, below: at least
        // one solve runs).
        debug_assert!(
            lambda.iter().all(|l| *l == T::zero()),
            "a block alone starts cold"
        );
        delta.copy_from_slice(self.eta);
        let (mut residual, mut violation) = (T::nan(), T::nan());
        let (mut iterations, mut refinements) = (0, 0);
        let mut previous = T::infinity();
        while iterations < sweeps {
            iterations += 1;
            // (Γ + cfm) δ = η − Γλ − cfm λ, exactly up to the factors' round-off.
            let rhs = |i| delta[i];
            let out = |i, d| {
                lambda[i] = lambda[i] + d;
                op.apply(i, d);
            };
            match direct {
                Direct::Tree => tree.solve(rhs, out),
                Direct::Graph => graph.solve(rhs, out),
            }
            (residual, violation) = self.pass(op, lambda, delta);
            let stalled = residual.is_nan() || residual >= previous * half;
            // (A tolerance of 0 asks for no more than round-off.)
            let tolerance = settings.tolerance;
            let settled = residual <= round_off
                && (tolerance == T::zero()
                    || crate::bounds::larger(residual, violation) <= tolerance);
            refinements += 1;
            if stalled || settled || residual == T::zero() || refinements > MAX_REFINEMENTS {
                let sweeps_left = iterations < sweeps;
                if single && sweeps_left && (residual.is_nan() || residual > round_off) {
                    // The factors in the scalar were not accurate enough (a mass ratio, a
                    // long chain): in the working precision, and refine on (not after the
                    // last sweep: the new factors would go unused).
                    let (rows, inverse) = self.factored;
                    tree.factor(rows, inverse, self.cfm, Precision::Working);
                    single = false;
                    refinements = 0;
                    previous = T::infinity();
                    continue;
                }
                break;
            }
            previous = residual;
        }
        if let Some(row) = lambda.iter().position(|l| !l.is_finite()) {
            return Err(WorldError::Solve(SolveError::Diverged { row }));
        }
        Ok(Certificate {
            residual,
            bound_violation: violation,
            iterations,
            converged: residual <= settings.tolerance && violation <= settings.tolerance,
            flagged_rows: 0,
            omega: settings.omega,
            fallbacks: 0,
        })
    }
}
