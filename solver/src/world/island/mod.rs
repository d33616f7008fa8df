//! One island's velocity problem in its own numbering ([`Local`]), and the ways it is solved:
//! the crate's PGS row kernel (`sweeps`), the joint tree's rows solved exactly inside block
//! Gauss-Seidel (`block`), the exact finish of a small island (`polish`), the coarse
//! correction on the tree of the contacts (`coarse`), substeps for a large island whose
//! contacts close loops (`substeps`), and the energy guard (`guard`). The step's phases (the
//! velocity solve, the joint projection, RATTLE's velocity projection) gather an island into
//! a [`Local`] (`gather`), solve it, and scatter the result; this floor depends on nothing of
//! theirs. A local problem reads only shared inputs and writes only its own buffers, which
//! is what lets islands be solved in any order, or in parallel, with the same bits.
mod block;
mod coarse;
mod gather;
mod guard;
mod polish;
mod schur;
mod substeps;
mod sweeps;

use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use coarse::WRENCH;
pub(crate) use gather::RowsView;
use gather::local_of;
pub(crate) use gather::row_dot;
pub(crate) use guard::Kinetic;

use crate::world::capacity::{push, resize};
use crate::world::constraint::ConstraintFunction;
use crate::world::joint_graph::JointGraph;
use crate::world::tree::JointTree;
use crate::world::{ContactSolver, JointSlot, JointSolver, WorldError};
use crate::{
    BodyInverseMass, BodyVelocity, Bounds, Certificate, ConstraintRow, ExactSolver, PgsSettings,
    RowCache, RowFlag, SequentialImpulse, pgs_sor_continued,
};

/// Islands with at most this many rows whose sweeps did not converge are finished by the
/// exact pivoting solver (warm-started by the sweeps): a heavy body on a light one (mass
/// ratio 1000:1) is beyond PGS in any sensible number of sweeps, but a handful of rows is
/// cheap to solve exactly (about `16·N²` bytes of fixed storage, `N³` work at most).
pub const EXACT_ROWS: usize = 24;

/// Pivots the exact finish allows one convex solve before it takes the problem for
/// degenerate (`NotConverged`) and solves it regularized, as a singular one. Warm-started
/// by the sweeps, a solve that ends needs few: on 500 pairs of boxes joined by a ball joint
/// on the ground, every one of 66 000 ended within 15 pivots, while the degenerate ones
/// (the four corners of a box face constrain three freedoms) cycled through the solver's
/// default budget of `50·n + 100` pivots, most of the step's time.
const EXACT_PIVOTS: usize = 4 * EXACT_ROWS;

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
    /// Islands whose loop-closing joints were swept in the velocity solve because the
    /// joint graph's fill did not fit the storage.
    pub(crate) swept_loops: usize,
}

impl<T: Scalar> Outcome<T> {
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
            swept_loops: 0,
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
            swept_loops: self.swept_loops + other.swept_loops,
        }
    }
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

/// Which factorization solves an island's joint rows directly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Direct {
    /// The joint tree (linear time); loop-closing joints are left to the sweeps.
    Tree,
    /// The sparse `LDLᵀ` of every joint row: the joints close loops.
    Graph,
}

/// How a solve treats joints that close loops (with the direct joint solver).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Loops {
    /// Every joint row by the sparse factorization ([`JointGraph`]).
    Direct,
    /// The joint tree directly, the joints that close loops by sweeps.
    Sweeps,
}

/// One island's problem in its own numbering.
pub(crate) struct Local<T: Scalar, S: Storage> {
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
    /// Substeps' warm start of each local body: the velocity change `M⁻¹Jᵀλ` of the
    /// current impulses, applied again at every substep ([`Local::solve_substeps`]).
    warm_v: S::Buf<BodyVelocity<T>>,
    rows: S::Buf<ConstraintRow<T>>,
    eta: S::Buf<T>,
    push: S::Buf<T>,
    /// Each row's position-level value ([`Rows::separation`](super::rows::Rows)), for
    /// substeps, which then keep each contact's separation at their last relax here.
    separation: S::Buf<T>,
    /// Each row's `J v` on kinematic bodies ([`Rows::carried`](crate::world::step::rows)).
    carried: S::Buf<T>,
    bounds: S::Buf<Bounds<T>>,
    /// The impulses (warm start on entry).
    pub(crate) lambda: S::Buf<T>,
    cache: S::Buf<RowCache<T>>,
    flags: S::Buf<RowFlag>,
    delta_lambda: S::Buf<T>,
    direct_row: S::Buf<bool>,
    tree: JointTree<T, S>,
    /// The sparse factorization of every joint row, for joints that close loops.
    graph: JointGraph<T, S>,
    /// Which of the two solves the joint rows directly.
    direct: Direct,
    /// One number per row, scratch of one solve: the exact finish's column of the Schur
    /// complement, or each row's effective mass `1/Γᵢᵢ` in the substeps.
    schur: S::Buf<T>,
    /// The last plan wanted the joint graph for loops and fell back to the tree (the
    /// graph's fill did not fit the storage).
    loops_swept: bool,
    /// The `cfm` of the joint tree's current factors, and the joint rows and inverse masses
    /// they were computed from; `None` once the tree's plan changes. A solve whose rows, masses and
    /// `cfm` are the same bits reuses them ([`Local::solve_block`]): the relaxation pass
    /// after the Baumgarte-pushed solve, the energy guard's cold solve, SHAKE's projection
    /// (the velocity solve's Jacobians and masses), and in a single island the next step's
    /// velocity solve after RATTLE's finish (the same poses, unless the projection moved
    /// them).
    factored_cfm: Option<T>,
    /// The `cfm` of the joint graph's current factors, reused within one plan (the
    /// relaxation pass, the energy guard).
    graph_cfm: Option<T>,
    factored_rows: S::Buf<ConstraintRow<T>>,
    factored_inverse: S::Buf<BodyInverseMass<T>>,
    /// `cache` holds the row caches of `factored_rows` and `factored_inverse`, and they
    /// are every row of the island (a tree of joints alone).
    cache_is_factored: bool,
    /// `prepare` found the rows and inverse masses equal to `factored_rows` and
    /// `factored_inverse` (so `solve_block` need not compare them again).
    inputs_factored: bool,
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
    /// Where each run of rows on the same body pair ends (the substeps' sweeps keep the
    /// pair's velocities at hand over a run).
    pair_end: S::Buf<u32>,
    /// What the substeps' row updates read besides `J`, `M⁻¹Jᵀ` and `λ`.
    limits: S::Buf<substeps::RowLimits<T>>,
    /// Each local body's depth, in contacts from the ground ([`Local::substeps_by_depth`]).
    depth: S::Buf<u32>,
}

impl<T: Scalar, S: Storage> Local<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            bodies: Buffer::new(),
            slot_of: Buffer::new(),
            inverse: Buffer::new(),
            delta_v: Buffer::new(),
            push_v: Buffer::new(),
            warm_v: Buffer::new(),
            rows: Buffer::new(),
            eta: Buffer::new(),
            push: Buffer::new(),
            separation: Buffer::new(),
            carried: Buffer::new(),
            bounds: Buffer::new(),
            lambda: Buffer::new(),
            cache: Buffer::new(),
            flags: Buffer::new(),
            delta_lambda: Buffer::new(),
            direct_row: Buffer::new(),
            tree: JointTree::new(),
            graph: JointGraph::new(),
            direct: Direct::Tree,
            schur: Buffer::new(),
            loops_swept: false,
            factored_cfm: None,
            graph_cfm: None,
            factored_rows: Buffer::new(),
            factored_inverse: Buffer::new(),
            cache_is_factored: false,
            inputs_factored: false,
            gamma: [T::zero(); EXACT_ROWS * EXACT_ROWS],
            exact: {
                let mut exact = ExactSolver::new();
                exact.max_pivots = EXACT_PIVOTS;
                exact
            },
            aggregates: Buffer::new(),
            aggregate_delta: Buffer::new(),
            members: Buffer::new(),
            member_start: Buffer::new(),
            coarse_start: Buffer::new(),
            pair_end: Buffer::new(),
            limits: Buffer::new(),
            depth: Buffer::new(),
        }
    }

    /// The global indices of the local bodies.
    pub(crate) fn globals(&self) -> impl Iterator<Item = usize> + '_ {
        self.bodies.as_slice().iter().map(|&b| b as usize)
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
        let direct_rows = self.prepare(joints, all_joints, settings.joint_solver, Loops::Direct)?;
        // Substeps where the sweeps are weakest: a large island whose contacts close loops
        // (small islands are finished exactly, trees by the coarse correction). Joint
        // islands are solved directly, loops included (`Loops::Direct`); substeps did not
        // help them: on a 20×20 grid of ball joints hanging from two corners, 8 substeps of
        // one sweep each gave a largest gap of 6.1 spacings with the projection (the
        // sweeps: 6.0) and 45 without it.
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

    /// Solves the gathered problem; `joints` are the island's joints (global), whose rows
    /// come first in joint order. Joints that close loops are swept next to the joint tree
    /// (the position and velocity projections: see [`JointGraph`] for why). With a non-empty
    /// `trace` exactly `trace.len()` sweeps run and `trace[k]` becomes the larger of itself
    /// and the residual after sweep `k + 1`.
    pub(crate) fn solve<U: ConstraintFunction<T>>(
        &mut self,
        joints: impl Iterator<Item = usize> + Clone,
        all_joints: &[JointSlot<T, U>],
        joint_solver: JointSolver,
        settings: &PgsSettings<T>,
        trace: &mut [T],
    ) -> Result<Outcome<T>, WorldError> {
        let direct_rows = self.prepare(joints, all_joints, joint_solver, Loops::Sweeps)?;
        let outcome = self.run(direct_rows, settings, trace, Start::Fresh)?;
        self.count_unresolved(outcome, settings)
    }

    /// Scratch, row caches and (with the direct joint solver) the plan of the joint rows
    /// solved directly: the joint tree's, or with `Loops::Direct` and joints that close
    /// loops, the joint graph's (the tree's if the graph's fill does not fit the storage).
    /// Returns how many rows are solved directly.
    fn prepare<U: ConstraintFunction<T>>(
        &mut self,
        joints: impl Iterator<Item = usize> + Clone,
        all_joints: &[JointSlot<T, U>],
        joint_solver: JointSolver,
        loops: Loops,
    ) -> Result<usize, WorldError> {
        let n = self.rows.as_slice().len();
        resize(&mut self.flags, n, RowFlag::Active, "rows")?;
        self.flags.as_mut_slice().fill(RowFlag::Active);
        resize(&mut self.delta_lambda, n, T::zero(), "rows")?;
        self.delta_lambda.as_mut_slice().fill(T::zero());
        // The caches of the joint tree's factored rows serve the same rows and masses again
        // (SHAKE's projection takes the velocity solve's Jacobians and masses).
        let cached = self.cache_is_factored
            && self.cache.as_slice().len() == n
            && self.rows.as_slice() == self.factored_rows.as_slice()
            && self.inverse.as_slice() == self.factored_inverse.as_slice();
        // What `solve_block` would compare again: known now.
        self.inputs_factored = cached;
        if !cached {
            self.cache_is_factored = false;
            // (Only new entries are zeroed: `SequentialImpulse::new` writes every field.)
            resize(&mut self.cache, n, RowCache::default(), "rows")?;
            // Fills the caches (and checks every body index) once for every solve of this
            // problem.
            SequentialImpulse::new(
                self.inverse.as_slice(),
                self.rows.as_slice(),
                self.cache.as_mut_slice(),
                self.delta_v.as_mut_slice(),
            )?;
        }
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
        self.tree.plan(m, local_joints.clone())?;
        let joint_rows: usize = joints.clone().map(|j| all_joints[j].joint.rows()).sum();
        // Loops: every joint row by the sparse factorization, unless its fill does not fit
        // the storage (then the tree and sweeps, as without it, reported).
        let graph = loops == Loops::Direct && self.tree.tree_rows() < joint_rows;
        let planned = graph && self.graph.plan(m, local_joints).is_ok();
        self.loops_swept = graph && !planned;
        self.graph_cfm = None;
        if self.tree.replanned() {
            self.factored_cfm = None;
        }
        self.direct = if planned { Direct::Graph } else { Direct::Tree };
        self.direct_row.clear();
        let mut row = 0;
        for (local, j) in joints.enumerate() {
            let direct = self.direct == Direct::Graph || self.tree.is_tree_joint(local);
            for _ in 0..all_joints[j].joint.rows() {
                push(&mut self.direct_row, direct, "rows")?;
                row += 1;
            }
        }
        for _ in row..n {
            push(&mut self.direct_row, false, "rows")?;
        }
        Ok(match self.direct {
            Direct::Tree => self.tree.tree_rows(),
            Direct::Graph => joint_rows,
        })
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
        // The exact finish of a small island: the Schur complement of the direct block where
        // there is one (it knows which rows the joints already hold), else the dense `Γ`.
        let mut dense_finish = trace.is_empty();
        let (c, regularized) = if direct_rows > 0 {
            self.clear_velocity_changes();
            let c = self.solve_block(settings, trace)?;
            // Only an unconverged solve with rows outside the direct block needs the exact
            // finish (its frame, about 1 KiB of fixed arrays, stays off the common path).
            let others = self.direct_row.as_slice().iter().any(|d| !d);
            let c = if trace.is_empty() && !c.converged && others {
                dense_finish = false;
                self.finish_with_schur(c, settings)?
            } else {
                c
            };
            let regularized = match self.direct {
                Direct::Tree => self.tree.regularized(),
                Direct::Graph => self.graph.regularized(),
            };
            // Rows all in the direct block, factored without regularization: the block solve
            // is exact up to round-off (its sweeps after the first are refinement, in the
            // working precision where the scalar's factors stall), and a dense finish has
            // nothing left to gain. It ran in every Newton iteration of a small island's
            // position projection (which asks for tolerance 0, so its solves never count
            // as converged): 13 % of a pendulum's step.
            dense_finish &= others || regularized > 0;
            (c, regularized)
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
        let certificate = self.polish(c, settings, dense_finish)?;
        Ok(Outcome {
            certificate,
            direct_rows,
            regularized,
            unresolved: 0,
            energy_resolves: 0,
            swept_loops: usize::from(self.loops_swept),
        })
    }
}
