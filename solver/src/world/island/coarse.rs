//! The coarse correction of a large island of contacts on the tree of its touching pairs
//! (each pair's wrench solved at once): what holds a box tower at 20 sweeps.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::gather::body_pair;
use super::{EXACT_ROWS, Local};
use crate::world::WorldError;
use crate::world::capacity::push;
use crate::world::precision::Precision;
use crate::{
    Bounds, Certificate, ConstraintRow, JacobianBlock, PgsSettings, RowOperator, SequentialImpulse,
    certify, relax_row,
};

/// A sweep of [`Local::finish_on_tree`] that leaves more than this fraction of the residual
/// ends it.
const STALL: f64 = 0.5;

/// Unknowns of a body pair's wrench in the coarse correction ([`Local::finish_on_tree`]).
pub(super) const WRENCH: usize = 6;

/// Orthonormalizes the columns of the prolongation rows `members[..].1` (column `j` is
/// `[p[j] for each member]`) by modified Gram-Schmidt, moving the kept columns to the front;
/// a column whose remainder is below `√ε` of its length depends on the ones before it and is
/// dropped. Returns how many columns are kept.
fn orthonormalize<T: Scalar>(members: &mut [(u32, [T; WRENCH])]) -> usize {
    let norm = |c: usize, ms: &[(u32, [T; WRENCH])]| {
        ms.iter()
            .fold(T::zero(), |s, (_, p)| s + p[c] * p[c])
            .sqrt()
    };
    let mut kept = 0;
    for j in 0..WRENCH {
        let length = norm(j, members);
        for q in 0..kept {
            let dot = members.iter().fold(T::zero(), |s, (_, p)| s + p[q] * p[j]);
            for (_, p) in members.iter_mut() {
                p[j] = p[j] - dot * p[q];
            }
        }
        let rest = norm(j, members);
        if rest.is_nan() || rest <= fpu::sqrt(T::epsilon()) * length {
            continue;
        }
        for (_, p) in members.iter_mut() {
            p[kept] = p[j] / rest;
        }
        kept += 1;
    }
    for (_, p) in members.iter_mut() {
        for c in &mut p[kept..] {
            *c = T::zero();
        }
    }
    kept
}

impl<T: Scalar, S: Storage> Local<T, S> {
    /// Finishes an unconverged solve of a large island without joints by a coarse
    /// correction on the tree of its contacts, sweep after sweep. Each body pair's
    /// load-carrying contact rows (normal rows with λ > 0 and their friction rows: a box
    /// face's corners) span a coarse space of at most six unknowns, the pair's wrench: the
    /// prolongation `P` maps a wrench `w` to the impulses `λₖ = J_{k,a}·w` (the rows' blocks
    /// on the pair's first body, a least-squares spread). The coarse problem
    /// `PᵀΓP δ = Pᵀ(η − Γλ)` is solved exactly on the tree of the pairs' bodies by the joint
    /// tree's linear-time `LDLᵀ` ([`JointTree`]) and `λ += Pδ`; then every row gets a PGS
    /// sweep, which also projects. A two-level (Galerkin coarse-grid) method: the coarse solve
    /// minimizes the error over the pairs' wrenches in the `Γ` norm, the sweeps smooth the
    /// rest. PGS alone moves the weight of a 20-box tower down one contact per sweep (its
    /// condition number grows with the square of the height); the coarse solve moves it, and
    /// the tower's bending, at once. Pairs that close a loop (a pyramid) are left to the
    /// sweeps. Kept only if it lowers the residual.
    pub(super) fn finish_on_tree(
        &mut self,
        c: Certificate<T>,
        settings: &PgsSettings<T>,
    ) -> Result<Certificate<T>, WorldError> {
        let n = self.rows.as_slice().len();
        if c.converged || n <= EXACT_ROWS || !self.contacts_may_form_a_tree() {
            return Ok(c);
        }
        if !self.aggregate_carrying_rows()? {
            return Ok(c);
        }
        let m = self.bodies.as_slice().len();
        let (aggregates, coarse_start) = (self.aggregates.as_slice(), self.coarse_start.as_slice());
        let pairs = coarse_start.windows(2).map(|w| {
            let r = &aggregates[w[0] as usize];
            (
                Some(r.a.body),
                r.b.as_ref().map(|b| b.body),
                (w[1] - w[0]) as usize,
            )
        });
        self.tree.plan(m, pairs)?;
        // On a contact graph with loops (a sphere pile, a pyramid) the pairs that close them
        // fight the tree's solve: measured on a 1000-sphere pile, a tree holding 93 % of the
        // coarse rows left the residual worse after its sweep, most times. It runs where the
        // contacts form a tree.
        if self.tree.tree_rows() < self.aggregates.as_slice().len() {
            return Ok(c);
        }
        let cfm = settings.cfm;
        let mut op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        self.tree.factor(
            self.aggregates.as_slice(),
            self.inverse.as_slice(),
            cfm,
            Precision::Working,
        );
        let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
        let (lambda, flags) = (self.lambda.as_mut_slice(), self.flags.as_mut_slice());
        let saved = self.delta_lambda.as_mut_slice();
        saved.copy_from_slice(lambda);
        let (members, start) = (self.members.as_slice(), self.member_start.as_slice());
        let coarse_start = self.coarse_start.as_slice();
        // Coarse row `r` -> its pair and column.
        let column = |r: usize| {
            let g = coarse_start.partition_point(|&s| s as usize <= r) - 1;
            (g, r - coarse_start[g] as usize)
        };
        let delta = self.aggregate_delta.as_mut_slice();
        let tree = &mut self.tree;
        let mut best = (c.residual, c.bound_violation);
        let mut sweeps = 0;
        while sweeps < settings.max_iterations.max(1) {
            sweeps += 1;
            {
                let (op, lambda) = (&op, &*lambda);
                tree.solve(
                    |r| {
                        let (g, j) = column(r);
                        members[start[g] as usize..start[g + 1] as usize]
                            .iter()
                            .fold(T::zero(), |sum, &(i, p)| {
                                let i = i as usize;
                                let res = eta[i] - op.product_row(i, lambda) - cfm * lambda[i];
                                sum + p[j] * res
                            })
                    },
                    |r, d| delta[r] = d,
                );
            }
            for g in 0..start.len() - 1 {
                if !tree.is_tree_joint(g) {
                    continue;
                }
                let w = &delta[coarse_start[g] as usize..coarse_start[g + 1] as usize];
                for &(i, p) in &members[start[g] as usize..start[g + 1] as usize] {
                    let i = i as usize;
                    let step = w
                        .iter()
                        .zip(&p)
                        .fold(T::zero(), |s, (wj, pj)| s + *pj * *wj);
                    op.apply(i, step);
                    lambda[i] = lambda[i] + step;
                }
            }
            for i in (0..n).filter(|&i| flags[i].is_active()) {
                relax_row(&mut op, i, eta[i], &bounds[i], cfm, settings.omega, lambda)?;
            }
            let previous = best.0;
            best = certify(&op, eta, bounds, cfm, lambda, flags);
            let done = best.0 <= settings.tolerance && best.1 <= settings.tolerance;
            // Where the tree misses much of the load (contacts that close loops, a pyramid)
            // the coarse solve stops paying: stop once a sweep gains less than STALL.
            let stalled =
                best.0.is_nan() || best.0 >= T::from(STALL).unwrap_or_else(T::one) * previous;
            if done || stalled {
                break;
            }
        }
        if best.0.is_nan() || best.0 >= c.residual {
            lambda.copy_from_slice(saved);
            op.reset(lambda);
            return Ok(c);
        }
        Ok(Certificate {
            residual: best.0,
            bound_violation: best.1,
            iterations: c.iterations + sweeps,
            converged: best.0 <= settings.tolerance && best.1 <= settings.tolerance,
            ..c
        })
    }

    /// A cheap test before the coarse space is built: the island's touching pairs can form a
    /// tree only if there are no more of them than bodies (each pair of a tree has its own
    /// child body).
    pub(super) fn contacts_may_form_a_tree(&self) -> bool {
        let m = self.bodies.as_slice().len();
        let rows = self.rows.as_slice();
        let pairs = 1 + rows
            .windows(2)
            .filter(|w| body_pair(&w[0]) != body_pair(&w[1]))
            .count();
        pairs <= m
    }

    /// Builds the coarse space of [`Local::finish_on_tree`]: for each body pair (its rows
    /// are consecutive) with a load-carrying contact, the members (normal rows with λ > 0
    /// and the friction rows on them) with their prolongation rows in `members` (from
    /// `member_start[g]`): the rows' blocks on the pair's first body `J_{k,a}`, as columns
    /// orthonormalized over the members (modified Gram-Schmidt; a column that depends on the
    /// ones before it is dropped, so a pair touching at one point keeps three); and the
    /// coarse rows `Σₖ P[k][j] Jₖ` in `aggregates` (from `coarse_start[g]`). False if there
    /// are none.
    pub(super) fn aggregate_carrying_rows(&mut self) -> Result<bool, WorldError> {
        let n = self.rows.as_slice().len();
        self.aggregates.clear();
        self.aggregate_delta.clear();
        self.members.clear();
        self.member_start.clear();
        self.coarse_start.clear();
        let mut i = 0;
        while i < n {
            let (rows, bounds) = (self.rows.as_slice(), self.bounds.as_slice());
            let (lambda, flags) = (self.lambda.as_slice(), self.flags.as_slice());
            let carries = |i: usize| {
                flags[i].is_active() && lambda[i] > T::zero() && bounds[i] == Bounds::unilateral()
            };
            let member = |i: usize| match bounds[i] {
                Bounds::Friction { normal, .. } => flags[i].is_active() && carries(normal),
                _ => carries(i),
            };
            let key = body_pair(&rows[i]);
            let mut end = i + 1;
            while end < n && body_pair(&rows[end]) == key {
                end += 1;
            }
            if !(i..end).any(carries) {
                i = end;
                continue;
            }
            let first = self.members.as_slice().len();
            push(&mut self.member_start, first as u32, "rows")?;
            push(
                &mut self.coarse_start,
                self.aggregates.as_slice().len() as u32,
                "rows",
            )?;
            for k in (i..end).filter(|&k| member(k)) {
                let a = &rows[k].a;
                let (l, w) = (a.linear.0, a.angular.0);
                push(
                    &mut self.members,
                    (k as u32, [l[0], l[1], l[2], w[0], w[1], w[2]]),
                    "rows",
                )?;
            }
            let kept = orthonormalize(&mut self.members.as_mut_slice()[first..]);
            let rows = self.rows.as_slice();
            for j in 0..kept {
                let zero = |b: JacobianBlock<T>| JacobianBlock {
                    linear: xform::Vector::zeros(),
                    angular: xform::Vector::zeros(),
                    ..b
                };
                let mut row = ConstraintRow {
                    a: zero(rows[i].a),
                    b: rows[i].b.map(zero),
                };
                for &(k, p) in &self.members.as_slice()[first..] {
                    let rk = &rows[k as usize];
                    row.a.linear += rk.a.linear * p[j];
                    row.a.angular += rk.a.angular * p[j];
                    if let (Some(b), Some(bk)) = (row.b.as_mut(), rk.b.as_ref()) {
                        b.linear += bk.linear * p[j];
                        b.angular += bk.angular * p[j];
                    }
                }
                push(&mut self.aggregates, row, "rows")?;
                push(&mut self.aggregate_delta, T::zero(), "rows")?;
            }
            i = end;
        }
        push(
            &mut self.member_start,
            self.members.as_slice().len() as u32,
            "rows",
        )?;
        push(
            &mut self.coarse_start,
            self.aggregates.as_slice().len() as u32,
            "rows",
        )?;
        Ok(!self.aggregates.as_slice().is_empty())
    }
}
