//! The velocity solve, island by island: each awake island's bodies and rows are gathered
//! into a [`Local`] problem (body indices renumbered, static bodies merged into one body of
//! zero inverse mass) and solved by the crate's PGS row kernel, with the joint tree's rows
//! solved exactly ([`JointSolver::Direct`]). A local problem reads only shared inputs and
//! writes only its own buffers, which is what lets islands be solved in any order, or in
//! parallel, with the same bits.
use cwlist::{Buffer, Storage};
use num_traits::Float;

mod substeps;

use super::islands::{GroupsView, Islands};
use super::predict::Kinetic;
use super::push;
use super::rows::{Rows, RowsView};
use crate::world::constraint::ConstraintFunction;
use crate::world::tree::JointTree;
use crate::world::{ContactSolver, JointSlot, JointSolver, WorldError};
use crate::{
    BodyInverseMass, BodyVelocity, Bounds, Certificate, ConstraintRow, ExactSolver, JacobianBlock,
    PgsSettings, RowCache, RowFlag, RowOperator, SequentialImpulse, SolveError, certify, pgs_sor,
    pgs_sor_continued, relax_row,
};

/// Sweeps of iterative refinement after the direct solve of a joint block alone.
const MAX_REFINEMENTS: usize = 3;

/// Islands with at most this many rows whose sweeps did not converge are finished by the
/// exact pivoting solver (warm-started by the sweeps): a heavy body on a light one (mass
/// ratio 1000:1) is beyond PGS in any sensible number of sweeps, but a handful of rows is
/// cheap to solve exactly (about `16·N²` bytes of fixed storage, `N³` work at most).
pub const EXACT_ROWS: usize = 24;

/// What the solve of one or more islands reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Outcome<T> {
    pub(crate) certificate: Certificate<T>,
    pub(crate) direct_rows: usize,
    pub(crate) regularized: usize,
    /// Contact normal rows left with a projected residual above the tolerance.
    pub(crate) unresolved: usize,
    /// Islands solved again from zero impulses by the energy guard.
    pub(crate) energy_resolves: usize,
}

impl<T: Float> Outcome<T> {
    /// Nothing solved yet: converged, zero residual, ω = 1, no sweeps.
    pub(crate) fn empty() -> Self {
        Self {
            certificate: Certificate {
                residual: T::zero(),
                bound_violation: T::zero(),
                iterations: 0,
                converged: true,
                flagged_rows: 0,
                omega: T::one(),
                fallbacks: 0,
            },
            direct_rows: 0,
            regularized: 0,
            unresolved: 0,
            energy_resolves: 0,
        }
    }

    /// The outcome of two sets of islands: worst residuals, most iterations, all converged.
    pub(crate) fn merge(self, other: Self) -> Self {
        let (a, b) = (self.certificate, other.certificate);
        Self {
            certificate: Certificate {
                residual: a.residual.max(b.residual),
                bound_violation: a.bound_violation.max(b.bound_violation),
                iterations: a.iterations.max(b.iterations),
                converged: a.converged && b.converged,
                flagged_rows: a.flagged_rows + b.flagged_rows,
                // The smallest over-relaxation any solved island ended with.
                omega: match (a.iterations, b.iterations) {
                    (0, _) => b.omega,
                    (_, 0) => a.omega,
                    _ => a.omega.min(b.omega),
                },
                fallbacks: a.fallbacks + b.fallbacks,
            },
            direct_rows: self.direct_rows + other.direct_rows,
            regularized: self.regularized + other.regularized,
            unresolved: self.unresolved + other.unresolved,
            energy_resolves: self.energy_resolves + other.energy_resolves,
        }
    }
}

/// The local index of global body `b` among an island's `bodies`, or `None` for a body
/// outside the island (static), read from `slot_of` (global body -> its index when its
/// island was last gathered; a stale entry fails the check).
fn local_of(bodies: &[u32], slot_of: &[u32], b: usize) -> Option<usize> {
    match slot_of.get(b) {
        Some(&i) if bodies.get(i as usize) == Some(&(b as u32)) => Some(i as usize),
        _ => None,
    }
}

/// A sweep of [`Local::finish_on_tree`] that leaves more than this fraction of the residual
/// ends it.
const STALL: f64 = 0.5;

/// Unknowns of a body pair's wrench in the coarse correction ([`Local::finish_on_tree`]).
const WRENCH: usize = 6;

/// Orthonormalizes the columns of the prolongation rows `members[..].1` (column `j` is
/// `[p[j] for each member]`) by modified Gram-Schmidt, moving the kept columns to the front;
/// a column whose remainder is below `√ε` of its length depends on the ones before it and is
/// dropped. Returns how many columns are kept.
fn orthonormalize<T: Float>(members: &mut [(u32, [T; WRENCH])]) -> usize {
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
        if rest.is_nan() || rest <= T::epsilon().sqrt() * length {
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

/// How a solve of the gathered rows starts.
#[derive(Debug, Clone, Copy)]
enum Start {
    /// From the warm start in `lambda`: rows flagged, `M⁻¹Jᵀλ` recomputed.
    Fresh,
    /// Where the last solve of the same rows left off (only `η` changed since): its flags
    /// and velocity changes are reused.
    Continued {
        /// Rows the last solve flagged (for the certificate).
        flagged_rows: usize,
    },
}

/// One island's problem in its own numbering.
pub(crate) struct Local<T, S: Storage> {
    /// Global index of each local body, ascending. A row's block on a body outside the
    /// island (static, so its velocity never changes) is left out of the local row, so the
    /// local arrays hold the island's bodies and nothing more ([`Local::local_row`]).
    bodies: S::Buf<u32>,
    /// Local index of each global body of the last gathered island (see [`local_of`]).
    slot_of: S::Buf<u32>,
    inverse: S::Buf<BodyInverseMass<T>>,
    /// Velocity change of each local body.
    pub(crate) delta_v: S::Buf<BodyVelocity<T>>,
    /// Velocity by which the contacts' push moved each local body beyond its kept velocity
    /// (empty when nothing was pushed; see [`Local::solve_island`]).
    pub(crate) push_v: S::Buf<BodyVelocity<T>>,
    rows: S::Buf<ConstraintRow<T>>,
    eta: S::Buf<T>,
    push: S::Buf<T>,
    /// Each row's position-level value ([`Rows::separation`](super::rows::Rows)), for
    /// substeps.
    separation: S::Buf<T>,
    bounds: S::Buf<Bounds<T>>,
    /// The impulses (warm start on entry).
    pub(crate) lambda: S::Buf<T>,
    cache: S::Buf<RowCache<T>>,
    flags: S::Buf<RowFlag>,
    delta_lambda: S::Buf<T>,
    direct_row: S::Buf<bool>,
    tree: JointTree<T, S>,
    /// The dense `Γ` of an island of at most [`EXACT_ROWS`] rows ([`Local::polish`]): a
    /// fixed array, so fixed and growable storage polish the same islands.
    gamma: [T; EXACT_ROWS * EXACT_ROWS],
    exact: ExactSolver<T, EXACT_ROWS>,
    /// One aggregate row per body pair's load-carrying contacts ([`Local::finish_on_tree`]).
    aggregates: S::Buf<ConstraintRow<T>>,
    /// The coarse solve's correction of each aggregate.
    aggregate_delta: S::Buf<T>,
    /// `(island row, prolongation row)` of each pair's members, pair by pair.
    members: S::Buf<(u32, [T; WRENCH])>,
    /// Where each pair's members start in `members` (one more entry at the end).
    member_start: S::Buf<u32>,
    /// Where each pair's coarse rows start in `aggregates` (one more entry at the end).
    coarse_start: S::Buf<u32>,
}

impl<T: Float, S: Storage> Local<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            bodies: Buffer::new(),
            slot_of: Buffer::new(),
            inverse: Buffer::new(),
            delta_v: Buffer::new(),
            push_v: Buffer::new(),
            rows: Buffer::new(),
            eta: Buffer::new(),
            push: Buffer::new(),
            separation: Buffer::new(),
            bounds: Buffer::new(),
            lambda: Buffer::new(),
            cache: Buffer::new(),
            flags: Buffer::new(),
            delta_lambda: Buffer::new(),
            direct_row: Buffer::new(),
            tree: JointTree::new(),
            gamma: [T::zero(); EXACT_ROWS * EXACT_ROWS],
            exact: ExactSolver::new(),
            aggregates: Buffer::new(),
            aggregate_delta: Buffer::new(),
            members: Buffer::new(),
            member_start: Buffer::new(),
            coarse_start: Buffer::new(),
        }
    }

    /// The global indices of the local bodies.
    pub(crate) fn globals(&self) -> impl Iterator<Item = usize> + '_ {
        self.bodies.as_slice().iter().map(|&b| b as usize)
    }

    /// `row` in the island's numbering, without its blocks on bodies outside the island:
    /// those bodies are static (their velocity changes are zero), so `J Δv` and `M⁻¹Jᵀ` are
    /// the same without them.
    fn local_row(&self, row: &ConstraintRow<T>) -> ConstraintRow<T> {
        let (bodies, slot_of) = (self.bodies.as_slice(), self.slot_of.as_slice());
        let local = |block: &JacobianBlock<T>| {
            local_of(bodies, slot_of, block.body).map(|body| JacobianBlock { body, ..*block })
        };
        match (local(&row.a), row.b.as_ref().and_then(local)) {
            (Some(a), b) => ConstraintRow { a, b },
            (None, Some(b)) => ConstraintRow { a: b, b: None },
            // A row of an island acts on one of its bodies (islands group rows by their
            // dynamic bodies); kept harmless if not: no Jacobian, so no effect.
            (None, None) => ConstraintRow {
                a: JacobianBlock {
                    body: 0,
                    linear: xform::Vector::zeros(),
                    angular: xform::Vector::zeros(),
                },
                b: None,
            },
        }
    }

    /// Gathers island `k`'s bodies with their inverse masses `metric(global body)`.
    pub(crate) fn gather_bodies(
        &mut self,
        k: usize,
        bodies: GroupsView<'_>,
        metric: impl Fn(usize) -> BodyInverseMass<T>,
    ) -> Result<(), WorldError> {
        self.bodies.clear();
        self.inverse.clear();
        self.delta_v.clear();
        for (i, b) in bodies.of(k).enumerate() {
            while self.slot_of.as_slice().len() <= b {
                push(&mut self.slot_of, 0, "bodies")?;
            }
            self.slot_of.as_mut_slice()[b] = i as u32;
            push(&mut self.bodies, b as u32, "bodies")?;
            push(&mut self.inverse, metric(b), "bodies")?;
            push(&mut self.delta_v, BodyVelocity::default(), "bodies")?;
        }
        Ok(())
    }

    /// Gathers island `k`'s rows of `rows`, renumbered (after [`Self::gather_bodies`]).
    pub(crate) fn gather_rows(
        &mut self,
        k: usize,
        rows: RowsView<'_, T>,
    ) -> Result<(), WorldError> {
        let range = rows.island(k);
        let from = range.start;
        self.rows.clear();
        self.eta.clear();
        self.push.clear();
        self.separation.clear();
        self.bounds.clear();
        self.lambda.clear();
        for i in range {
            let row = &rows.rows[i];
            let local = self.local_row(row);
            push(&mut self.rows, local, "rows")?;
            push(&mut self.eta, rows.eta[i], "rows")?;
            push(&mut self.push, rows.push[i], "rows")?;
            push(&mut self.separation, rows.separation[i], "rows")?;
            let bounds = match rows.bounds[i] {
                Bounds::Friction { normal, mu } => Bounds::Friction {
                    normal: normal - from,
                    mu,
                },
                b => b,
            };
            push(&mut self.bounds, bounds, "rows")?;
            push(&mut self.lambda, rows.lambda[i], "rows")?;
        }
        Ok(())
    }

    /// Replaces the rows (`(row, η, bounds)`, global body indices; friction bounds are not
    /// allowed): the position projection and the final velocity projection build their own.
    pub(crate) fn set_rows(
        &mut self,
        rows: impl Iterator<Item = (ConstraintRow<T>, T, Bounds<T>)>,
    ) -> Result<(), WorldError> {
        self.rows.clear();
        self.eta.clear();
        self.push.clear();
        self.separation.clear();
        self.bounds.clear();
        self.lambda.clear();
        for (row, eta, bounds) in rows {
            let local = self.local_row(&row);
            push(&mut self.rows, local, "rows")?;
            push(&mut self.eta, eta, "rows")?;
            push(&mut self.push, T::zero(), "rows")?;
            push(&mut self.separation, T::zero(), "rows")?;
            push(&mut self.bounds, bounds, "rows")?;
            push(&mut self.lambda, T::zero(), "rows")?;
        }
        Ok(())
    }

    /// Solves the gathered island ([`Local::solve`]), then, if a contact is pushed out of
    /// penetration and `settings.relax_sweeps > 0`, relaxes: keeps the velocity changes
    /// with the push in `push_v` (as the difference to the kept ones), takes the push out of
    /// `η` and solves again from this step's impulses for at most `relax_sweeps` sweeps.
    /// The outcome is the relaxing solve's, which gave the velocities the bodies keep.
    ///
    /// Energy guard, for islands without joints: when the kept velocities (their `η` without
    /// the push) have more kinetic energy than the free motion (`kinetic`), the sweeps ended
    /// before they took out what a warm start or the push put in, and the island is solved
    /// again from zero impulses ([`Self::guard_energy`]).
    pub(crate) fn solve_island<U: ConstraintFunction<T>>(
        &mut self,
        joints: impl Iterator<Item = usize> + Clone,
        all_joints: &[JointSlot<T, U>],
        settings: &crate::world::WorldSettings<T>,
        kinetic: &Kinetic<'_, T>,
        trace: &mut [T],
    ) -> Result<Outcome<T>, WorldError> {
        // Joint rows carry their Baumgarte bias (energy by design): the guard is for contacts.
        let guarded = joints.clone().next().is_none();
        let direct_rows = self.prepare(joints, all_joints, settings.joint_solver)?;
        // Substeps where the sweeps are weakest: a large island whose contacts close loops
        // (small islands are finished exactly, trees by the coarse correction). Joint
        // islands keep the sweeps: on a 20×20 grid of ball joints hanging from two corners,
        // 8 substeps of one sweep each gave a largest gap of 6.1 spacings with the
        // projection (the sweeps: 6.0) and 45 without it.
        let loopy =
            guarded && self.rows.as_slice().len() > EXACT_ROWS && !self.contacts_may_form_a_tree();
        if let (true, ContactSolver::Substeps { count }, true) =
            (loopy, settings.contact_solver, trace.is_empty())
        {
            let outcome = self.solve_substeps(count, settings, kinetic)?;
            return self.count_unresolved(outcome, &settings.solver);
        }
        let pushed = self.run(direct_rows, &settings.solver, trace, Start::Fresh)?;
        self.push_v.clear();
        let pushes = self.push.as_slice().iter().any(|p| *p != T::zero());
        if settings.relax_sweeps == 0 && pushes {
            // Plain Baumgarte: the push stays in the velocities, by request.
            return self.count_unresolved(pushed, &settings.solver);
        }
        if !pushes {
            let kept = if guarded {
                self.guard_energy(pushed, direct_rows, &settings.solver, kinetic)?
            } else {
                pushed
            };
            return self.count_unresolved(kept, &settings.solver);
        }
        for d in self.delta_v.as_slice() {
            push(&mut self.push_v, *d, "bodies")?;
        }
        for (eta, p) in self.eta.as_mut_slice().iter_mut().zip(self.push.as_slice()) {
            *eta = *eta - *p;
        }
        let relaxing = PgsSettings {
            max_iterations: settings.relax_sweeps,
            warm_start: true,
            ..settings.solver
        };
        // The rows, their flags and `M⁻¹Jᵀλ` are the pushed solve's: only η changed. The
        // exact finish of a small island flags its rows anew (duplicates), so such an island
        // starts afresh.
        let continued = if self.rows.as_slice().len() > EXACT_ROWS {
            Start::Continued {
                flagged_rows: pushed.certificate.flagged_rows,
            }
        } else {
            Start::Fresh
        };
        let relaxed = self.run(direct_rows, &relaxing, &mut [], continued)?;
        let relaxed = if guarded {
            self.guard_energy(relaxed, direct_rows, &settings.solver, kinetic)?
        } else {
            relaxed
        };
        let relaxed = self.count_unresolved(relaxed, &relaxing)?;
        for (p, d) in self
            .push_v
            .as_mut_slice()
            .iter_mut()
            .zip(self.delta_v.as_slice())
        {
            *p = BodyVelocity {
                linear: p.linear - d.linear,
                angular: p.angular - d.angular,
            };
        }
        Ok(relaxed)
    }

    /// The energy guard of [`Self::solve_island`]: if the velocity changes give the island
    /// more kinetic energy than its free motion has (beyond a thousandth of it), solves the rows
    /// (whose `η` holds no push) again from zero impulses with `settings`, and returns that
    /// solve's outcome with `energy_resolves` counted; otherwise `outcome`. From zero, each
    /// sweep of inelastic contact rows only lowers `½λᵀΓλ − λᵀη`, which bounds the kinetic
    /// energy the impulses add (a speculative gap's bias only loosens a row), so the
    /// result cannot gain energy the way a warm start the sweeps did not undo can.
    fn guard_energy(
        &mut self,
        outcome: Outcome<T>,
        direct_rows: usize,
        settings: &PgsSettings<T>,
        kinetic: &Kinetic<'_, T>,
    ) -> Result<Outcome<T>, WorldError> {
        let (mut free, mut kept) = (T::zero(), T::zero());
        for (b, d) in self.globals().zip(self.delta_v.as_slice()) {
            free = free + kinetic.of(b, &BodyVelocity::default());
            kept = kept + kinetic.of(b, d);
        }
        // A gain below a thousandth is left to the warm start, which converges better than a
        // cold solve.
        let tolerance = T::from(1e-3).unwrap_or_else(T::epsilon);
        if kept.is_nan() || kept <= free + tolerance * free {
            return Ok(outcome);
        }
        self.lambda.as_mut_slice().fill(T::zero());
        let cold = PgsSettings {
            warm_start: false,
            ..*settings
        };
        let again = self.run(direct_rows, &cold, &mut [], Start::Fresh)?;
        Ok(Outcome {
            energy_resolves: 1,
            ..again
        })
    }

    /// Solves the gathered problem; `joints` are the island's joints (global), whose rows
    /// come first in joint order. With a non-empty `trace` exactly `trace.len()` sweeps run
    /// and `trace[k]` becomes the larger of itself and the residual after sweep `k + 1`.
    pub(crate) fn solve<U: ConstraintFunction<T>>(
        &mut self,
        joints: impl Iterator<Item = usize> + Clone,
        all_joints: &[JointSlot<T, U>],
        joint_solver: JointSolver,
        settings: &PgsSettings<T>,
        trace: &mut [T],
    ) -> Result<Outcome<T>, WorldError> {
        let direct_rows = self.prepare(joints, all_joints, joint_solver)?;
        let outcome = self.run(direct_rows, settings, trace, Start::Fresh)?;
        self.count_unresolved(outcome, settings)
    }

    /// `outcome` with the contacts its solve left unresolved counted.
    fn count_unresolved(
        &mut self,
        outcome: Outcome<T>,
        settings: &PgsSettings<T>,
    ) -> Result<Outcome<T>, WorldError> {
        Ok(Outcome {
            unresolved: self.unresolved(&outcome.certificate, settings)?,
            ..outcome
        })
    }

    /// Scratch, row caches and (with the direct joint solver) the joint tree's plan of the
    /// gathered problem; returns how many rows the tree solves directly.
    fn prepare<U: ConstraintFunction<T>>(
        &mut self,
        joints: impl Iterator<Item = usize> + Clone,
        all_joints: &[JointSlot<T, U>],
        joint_solver: JointSolver,
    ) -> Result<usize, WorldError> {
        let n = self.rows.as_slice().len();
        self.cache.clear();
        self.flags.clear();
        self.delta_lambda.clear();
        for _ in 0..n {
            push(&mut self.cache, RowCache::default(), "rows")?;
            push(&mut self.flags, RowFlag::Active, "rows")?;
            push(&mut self.delta_lambda, T::zero(), "rows")?;
        }
        // Fills the caches (and checks every body index) once for every solve of this problem.
        SequentialImpulse::new(
            self.inverse.as_slice(),
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        )?;
        let has_joints = joints.clone().next().is_some();
        if joint_solver != JointSolver::Direct || !has_joints {
            return Ok(0);
        }
        let (bodies, slot_of) = (self.bodies.as_slice(), self.slot_of.as_slice());
        let m = bodies.len();
        let local_joints = joints.clone().map(|j| {
            let slot = &all_joints[j];
            (
                local_of(bodies, slot_of, slot.a),
                slot.b.and_then(|b| local_of(bodies, slot_of, b)),
                slot.joint.rows(),
            )
        });
        self.tree.plan(m, local_joints)?;
        self.direct_row.clear();
        let mut row = 0;
        for (local, j) in joints.enumerate() {
            let tree = self.tree.is_tree_joint(local);
            for _ in 0..all_joints[j].joint.rows() {
                push(&mut self.direct_row, tree, "rows")?;
                row += 1;
            }
        }
        for _ in row..n {
            push(&mut self.direct_row, false, "rows")?;
        }
        Ok(self.tree.tree_rows())
    }

    fn clear_velocity_changes(&mut self) {
        for d in self.delta_v.as_mut_slice() {
            *d = BodyVelocity::default();
        }
    }

    /// Solves the prepared problem from the impulses in `lambda`: the joint tree directly
    /// (block Gauss-Seidel with the other rows) when it has `direct_rows`, else by sweeps;
    /// then the exact finish of a small unconverged island (`unresolved` is left at 0).
    fn run(
        &mut self,
        direct_rows: usize,
        settings: &PgsSettings<T>,
        trace: &mut [T],
        start: Start,
    ) -> Result<Outcome<T>, WorldError> {
        let (c, regularized) = if direct_rows > 0 {
            self.clear_velocity_changes();
            let c = self.solve_block(settings, trace)?;
            (c, self.tree.regularized())
        } else if let (Start::Continued { flagged_rows }, true) = (start, trace.is_empty()) {
            let mut op = SequentialImpulse::prepared(
                self.rows.as_slice(),
                self.cache.as_mut_slice(),
                self.delta_v.as_mut_slice(),
            );
            let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
            let (lambda, flags) = (self.lambda.as_mut_slice(), self.flags.as_mut_slice());
            let c = pgs_sor_continued(&mut op, eta, bounds, settings, lambda, flags, flagged_rows)?;
            (c, 0)
        } else {
            self.clear_velocity_changes();
            let c = self.solve_rows(settings, trace)?;
            let c = if trace.is_empty() {
                self.finish_on_tree(c, settings)?
            } else {
                c
            };
            (c, 0)
        };
        let certificate = self.polish(c, settings, trace.is_empty())?;
        Ok(Outcome {
            certificate,
            direct_rows,
            regularized,
            unresolved: 0,
            energy_resolves: 0,
        })
    }

    /// How many contact normal rows (unilateral) keep a projected residual above the
    /// tolerance: contacts the solve could not hold this step (0 when it converged).
    fn unresolved(
        &mut self,
        c: &Certificate<T>,
        settings: &PgsSettings<T>,
    ) -> Result<usize, WorldError> {
        if c.converged {
            return Ok(0);
        }
        let op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        let lambda = self.lambda.as_slice();
        let mut count = 0;
        for (i, (b, eta)) in self
            .bounds
            .as_slice()
            .iter()
            .zip(self.eta.as_slice())
            .enumerate()
        {
            if !matches!(b, Bounds::Box { hi, .. } if *hi == T::infinity()) {
                continue;
            }
            let (lo, hi) = b.interval(lambda);
            let r = op.product_row(i, lambda) + settings.cfm * lambda[i] - *eta;
            let defect = (lambda[i] - (lambda[i] - r).max(lo).min(hi)).abs();
            if defect.is_nan() || defect > settings.tolerance {
                count += 1;
            }
        }
        Ok(count)
    }

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
    fn finish_on_tree(
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
        self.tree
            .factor(self.aggregates.as_slice(), self.inverse.as_slice(), cfm);
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
    fn contacts_may_form_a_tree(&self) -> bool {
        let m = self.bodies.as_slice().len();
        let rows = self.rows.as_slice();
        let pair = |r: &ConstraintRow<T>| (r.a.body, r.b.map_or(m, |b| b.body));
        let pairs = 1 + rows
            .windows(2)
            .filter(|w| pair(&w[0]) != pair(&w[1]))
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
    fn aggregate_carrying_rows(&mut self) -> Result<bool, WorldError> {
        let n = self.rows.as_slice().len();
        let m = self.bodies.as_slice().len();
        self.aggregates.clear();
        self.aggregate_delta.clear();
        self.members.clear();
        self.member_start.clear();
        self.coarse_start.clear();
        let pair = |r: &ConstraintRow<T>| (r.a.body, r.b.map_or(m, |b| b.body));
        let mut i = 0;
        while i < n {
            let (rows, bounds) = (self.rows.as_slice(), self.bounds.as_slice());
            let (lambda, flags) = (self.lambda.as_slice(), self.flags.as_slice());
            let carries = |i: usize| {
                flags[i].is_active()
                    && lambda[i] > T::zero()
                    && matches!(bounds[i], Bounds::Box { lo, hi } if lo == T::zero() && hi == T::infinity())
            };
            let member = |i: usize| match bounds[i] {
                Bounds::Friction { normal, .. } => flags[i].is_active() && carries(normal),
                _ => carries(i),
            };
            let key = pair(&rows[i]);
            let mut end = i + 1;
            while end < n && pair(&rows[end]) == key {
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

    /// Finishes an unconverged solve of a small island exactly ([`EXACT_ROWS`]); keeps the
    /// sweeps' answer if the exact solver fails or does no better.
    fn polish(
        &mut self,
        c: Certificate<T>,
        settings: &PgsSettings<T>,
        allowed: bool,
    ) -> Result<Certificate<T>, WorldError> {
        let n = self.rows.as_slice().len();
        if c.converged || !allowed || n == 0 || n > EXACT_ROWS {
            return Ok(c);
        }
        let mut op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        for i in 0..n {
            for j in 0..n {
                self.gamma[i * n + j] = op.coupling(i, j);
            }
        }
        let trial = self.delta_lambda.as_mut_slice();
        let lambda = self.lambda.as_mut_slice();
        trial.copy_from_slice(lambda);
        let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
        let flags = self.flags.as_mut_slice();
        let cfm = settings.cfm;
        let gamma = &self.gamma[..n * n];
        let mut exact = self
            .exact
            .try_solve(gamma, eta, bounds, cfm, true, trial, flags);
        if matches!(exact, Err(SolveError::Singular)) {
            // Dependent rows (the four corners of a box face constrain three freedoms):
            // regularize by √ε of the largest diagonal entry, a residual far below the
            // tolerance, and try again from the sweeps' answer.
            let largest = (0..n).fold(T::zero(), |m, i| m.max(gamma[i * n + i]));
            let floor = cfm + T::epsilon().sqrt() * largest;
            trial.copy_from_slice(lambda);
            exact = self
                .exact
                .try_solve(gamma, eta, bounds, floor, true, trial, flags);
        }
        match exact {
            Ok(report) if report.residual < c.residual => {
                lambda.copy_from_slice(trial);
                op.reset(lambda);
                let (residual, bound_violation) = certify(&op, eta, bounds, cfm, lambda, flags);
                Ok(Certificate {
                    residual,
                    bound_violation,
                    converged: residual <= settings.tolerance
                        && bound_violation <= settings.tolerance,
                    ..c
                })
            }
            // `lambda` still holds the sweeps' answer; the flags are not read after this.
            _ => {
                op.reset(lambda);
                Ok(c)
            }
        }
    }

    /// PGS-SOR over every row in sequential-impulse form.
    fn solve_rows(
        &mut self,
        settings: &PgsSettings<T>,
        trace: &mut [T],
    ) -> Result<Certificate<T>, WorldError> {
        let mut op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
        let (lambda, flags) = (self.lambda.as_mut_slice(), self.flags.as_mut_slice());
        if trace.is_empty() {
            return Ok(pgs_sor(&mut op, eta, bounds, settings, lambda, flags)?);
        }
        let mut certificate = None;
        for (k, slot) in trace.iter_mut().enumerate() {
            let one = PgsSettings {
                max_iterations: 1,
                tolerance: T::zero(),
                warm_start: k > 0 || settings.warm_start,
                ..*settings
            };
            let c = pgs_sor(&mut op, eta, bounds, &one, lambda, flags)?;
            *slot = slot.max(c.residual);
            certificate = Some(Certificate {
                iterations: k + 1,
                converged: c.residual <= settings.tolerance
                    && c.bound_violation <= settings.tolerance,
                ..c
            });
        }
        // `trace` is not empty here (the caller runs `pgs_sor` directly otherwise).
        certificate.ok_or(WorldError::InvalidSetting {
            setting: "trace length",
            value: crate::world::Value(0.0),
        })
    }

    /// Block Gauss-Seidel whose first block, the rows of the joint tree, is solved exactly
    /// (one factorization), the other rows (contacts, loop-closing joints) by the PGS row
    /// kernel. Without other rows one sweep is exact up to round-off, and the sweeps after it
    /// are iterative refinement.
    fn solve_block(
        &mut self,
        settings: &PgsSettings<T>,
        trace: &mut [T],
    ) -> Result<Certificate<T>, WorldError> {
        let n = self.rows.as_slice().len();
        let (cfm, omega) = (settings.cfm, settings.omega);
        self.tree
            .factor(self.rows.as_slice(), self.inverse.as_slice(), cfm);
        let mut op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
        let (lambda, flags) = (self.lambda.as_mut_slice(), self.flags.as_mut_slice());
        let delta = self.delta_lambda.as_mut_slice();
        let direct_row = self.direct_row.as_slice();
        let is_direct = |i: usize| direct_row.get(i).copied().unwrap_or(false);
        for l in lambda.iter_mut() {
            if !settings.warm_start || !l.is_finite() {
                *l = T::zero();
            }
        }
        op.reset(lambda);
        let iterative = (0..n).any(|i| !is_direct(i));
        let sweeps = if trace.is_empty() {
            settings.max_iterations.max(1)
        } else {
            trace.len()
        };
        let mut iterations = 0;
        let mut previous = T::infinity();
        while iterations < sweeps {
            iterations += 1;
            // The joint block, exactly: (Γ_JJ + cfm) δ = η − (Γλ + cfm λ) on its rows.
            {
                let op = &op;
                let lambda = &*lambda;
                self.tree.solve(
                    |i| eta[i] - op.product_row(i, lambda) - cfm * lambda[i],
                    |i, d| delta[i] = d,
                );
            }
            for i in (0..n).filter(|&i| is_direct(i)) {
                lambda[i] = lambda[i] + delta[i];
                op.apply(i, delta[i]);
            }
            for i in (0..n).filter(|&i| !is_direct(i)) {
                relax_row(&mut op, i, eta[i], &bounds[i], cfm, omega, lambda)?;
            }
            if let Some(slot) = trace.get_mut(iterations - 1) {
                *slot = slot.max(certify(&op, eta, bounds, cfm, lambda, flags).0);
            } else if !iterative {
                // Only tree rows: refine while the residual at least halves (the augmented
                // `LDLᵀ` is not backward stable for `Γ` under mass ratios), a few times.
                let residual = certify(&op, eta, bounds, cfm, lambda, flags).0;
                let half = (T::one() + T::one()).recip();
                let stalled = residual.is_nan() || residual >= previous * half;
                // Refinement is cheap: it runs to round-off whatever the tolerance.
                if stalled || residual == T::zero() || iterations > MAX_REFINEMENTS {
                    break;
                }
                previous = residual;
            } else if settings.tolerance > T::zero() {
                let (residual, violation) = certify(&op, eta, bounds, cfm, lambda, flags);
                if residual <= settings.tolerance && violation <= settings.tolerance {
                    break;
                }
            }
        }
        if let Some(row) = lambda.iter().position(|l| !l.is_finite()) {
            return Err(WorldError::Solve(SolveError::Diverged { row }));
        }
        let (residual, bound_violation) = certify(&op, eta, bounds, cfm, lambda, flags);
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

    /// Writes the island's impulses into the global `lambda` from its first row `from`, and
    /// its velocity changes into `delta_v` (global).
    pub(crate) fn scatter(
        &self,
        from: usize,
        global_lambda: &mut [T],
        delta_v: &mut [BodyVelocity<T>],
        push_v: &mut [BodyVelocity<T>],
    ) {
        let lambda = self.lambda.as_slice();
        global_lambda[from..from + lambda.len()].copy_from_slice(lambda);
        for (b, d) in self.globals().zip(self.delta_v.as_slice()) {
            delta_v[b] = *d;
        }
        for (b, p) in self.globals().zip(self.push_v.as_slice()) {
            push_v[b] = *p;
        }
    }
}

/// Solves every awake island in turn with one reusable [`Local`]; writes the impulses into
/// `rows.lambda` and the velocity changes into `delta_v`.
#[allow(clippy::too_many_arguments, reason = "the named data of the step")]
pub(crate) fn islands<T: Float, S: Storage, U: ConstraintFunction<T>>(
    local: &mut Local<T, S>,
    islands: &Islands<S>,
    rows: &mut Rows<T, S>,
    inverse: &[BodyInverseMass<T>],
    joints: &[JointSlot<T, U>],
    settings: &crate::world::WorldSettings<T>,
    kinetic: &Kinetic<'_, T>,
    delta_v: &mut [BodyVelocity<T>],
    push_v: &mut [BodyVelocity<T>],
    trace: &mut [T],
) -> Result<Outcome<T>, WorldError> {
    let mut outcome = Outcome::empty();
    for (k, &awake) in islands.awake.as_slice().iter().enumerate() {
        if !awake {
            continue;
        }
        local.gather_bodies(k, islands.bodies.view(), |b| inverse[b])?;
        local.gather_rows(k, rows.view())?;
        let island = local.solve_island(islands.joints.of(k), joints, settings, kinetic, trace)?;
        local.scatter(
            rows.view().island(k).start,
            rows.lambda.as_mut_slice(),
            delta_v,
            push_v,
        );
        outcome = outcome.merge(island);
    }
    Ok(outcome)
}
