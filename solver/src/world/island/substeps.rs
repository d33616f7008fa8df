//! Substeps for an island of contacts alone ([`ContactSolver::Substeps`](crate::world::ContactSolver::Substeps)): the step cut into
//! substeps, each with one sweep that pushes penetrating contacts apart and one rigid
//! relaxing sweep, as in the substepped solvers of Box2D v3 and rapier (Catto, "Solver2D",
//! 2024; Macklin et al., "Small steps in physics simulation", SCA 2019), with the rigid
//! push of [`WorldSettings::contact_beta`] instead of their soft springs, whose sag grows
//! with the load a contact carries.
use crate::bounds::limit;
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::gather::body_pair;
use super::{Kinetic, Local, Outcome};
use crate::world::settings::MAX_SUBSTEPS;
use crate::world::{WorldError, WorldSettings};
use crate::{
    BodyVelocity, Bounds, Certificate, ConstraintRow, RowCache, SequentialImpulse, certify,
};

/// Whether a sweep pushes penetrating contacts apart (the solve) or not (the relax). The
/// relax of one substep and the push of the next see the same displacements, so the relax
/// finds each contact's separation from them and keeps it for the push.
#[derive(Debug, Clone, Copy)]
enum Sweep<T> {
    /// Pushes, at the separations the last relax kept (the step's own before the first).
    Push,
    /// Relaxes, at the separations of the displacements so far and `elapsed` into the
    /// step (kinematic bodies have moved by their velocity over it), which it keeps.
    Relax { elapsed: T },
}

/// Substeps of an island no deeper than twice this many contacts
/// ([`ContactSolver::BY_DEPTH`](crate::world::ContactSolver::BY_DEPTH)).
const FEWEST_SUBSTEPS: usize = 8;

/// Contacts of depth per substep beyond [`FEWEST_SUBSTEPS`].
const DEPTH_PER_SUBSTEP: usize = 2;

impl<T: Scalar, S: Storage> Local<T, S> {
    /// The substeps [`ContactSolver::BY_DEPTH`](crate::world::ContactSolver::BY_DEPTH)
    /// gives the gathered island: `clamp(⌈d/2⌉, 8, 64)` for its depth `d`, the most
    /// contacts between one of its bodies and the ground (a row without a second body in
    /// the island: a plane, a static or kinematic body). Breadth-first by passes over the
    /// body pairs (`pair_end`) until no depth changes (one or two passes where the rows come
    /// from the ground up, as a stack built bottom first), at most as many as the largest
    /// count needs; a body the ground does not reach does not count. An island of fewer
    /// bodies than twice the fewest substeps cannot be deeper: no pass.
    fn substeps_by_depth(&mut self) -> Result<usize, WorldError> {
        const UNREACHED: u32 = u32::MAX;
        if self.bodies.as_slice().len() <= FEWEST_SUBSTEPS * DEPTH_PER_SUBSTEP {
            return Ok(FEWEST_SUBSTEPS);
        }
        let most = (MAX_SUBSTEPS * DEPTH_PER_SUBSTEP) as u32;
        self.depth.clear();
        for _ in self.bodies.as_slice() {
            crate::world::capacity::push(&mut self.depth, UNREACHED, "bodies")?;
        }
        let (rows, depth) = (self.rows.as_slice(), self.depth.as_mut_slice());
        let pair_end = self.pair_end.as_slice();
        let first_rows = || {
            core::iter::once(0)
                .chain(pair_end.iter().map(|&e| e as usize))
                .zip(pair_end)
                .map(|(first, _)| &rows[first])
        };
        for row in first_rows().filter(|r| r.b.is_none()) {
            depth[row.a.body] = 1;
        }
        for _ in 0..most {
            let mut changed = false;
            for row in first_rows() {
                let Some(b) = &row.b else { continue };
                let (a, b) = (row.a.body, b.body);
                let (da, db) = (depth[a], depth[b]);
                if da.saturating_add(1) < db {
                    depth[b] = da + 1;
                    changed = true;
                } else if db.saturating_add(1) < da {
                    depth[a] = db + 1;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        let deepest = depth
            .iter()
            .filter(|&&d| d != UNREACHED)
            .max()
            .map_or(0, |&d| d.min(most) as usize);
        Ok(deepest
            .div_ceil(DEPTH_PER_SUBSTEP)
            .clamp(FEWEST_SUBSTEPS, MAX_SUBSTEPS))
    }

    /// The gathered island (rows prepared, no joints) solved in `count` substeps of the
    /// step (0: [by its depth](Self::substeps_by_depth)): in each, gravity is added, the
    /// impulses of the last substep are applied again (warm start), one sweep holds the
    /// contacts at the separation of the substep (the step's gap moved by the bodies'
    /// displacement so far, to first order) and pushes a penetration beyond the slop out by
    /// the fraction `β'` with `(1 − β')ⁿ = 1 − β` of `contact_beta` (the same fraction per
    /// step as the sweeps' push), the bodies move, and one rigid sweep without the push
    /// relaxes the velocities. Writes the kept
    /// velocity changes into `delta_v`, the displacement beyond them into `push_v` (as a
    /// velocity over the step) and the step's impulses into `lambda`; the certificate is
    /// that of the final velocities against the rows without the push.
    pub(super) fn solve_substeps(
        &mut self,
        count: usize,
        settings: &WorldSettings<T>,
        kinetic: &Kinetic<'_, T>,
    ) -> Result<Outcome<T>, WorldError> {
        // Where each run of rows on one body pair ends.
        self.pair_end.clear();
        let rows = self.rows.as_slice();
        for (i, row) in rows.iter().enumerate() {
            if rows
                .get(i + 1)
                .is_none_or(|next| body_pair(next) != body_pair(row))
            {
                crate::world::capacity::push(&mut self.pair_end, i as u32 + 1, "rows")?;
            }
        }
        let substeps = if count == 0 {
            self.substeps_by_depth()?
        } else {
            count
        };
        let n = T::from(substeps).unwrap_or_else(T::one);
        let (h, sub) = (settings.dt, settings.dt / n);
        let push_fraction = T::one() - (T::one() - settings.contact_beta).powf(n.recip());
        let gravity_step = BodyVelocity {
            linear: settings.gravity * sub,
            angular: xform::Vector::zeros(),
        };
        // `delta_v` holds the bodies' velocities during the substeps (gravity spread over
        // them), `push_v` their displacements so far (`[Δx, Δθ]`).
        self.push_v.clear();
        for (d, b) in self
            .delta_v
            .as_mut_slice()
            .iter_mut()
            .zip(self.bodies.as_slice())
        {
            let free = kinetic.free[*b as usize];
            *d = BodyVelocity {
                linear: free.linear - settings.gravity * h,
                angular: free.angular,
            };
        }
        self.warm_v.clear();
        for _ in self.bodies.as_slice() {
            crate::world::capacity::push(&mut self.push_v, BodyVelocity::default(), "bodies")?;
            crate::world::capacity::push(&mut self.warm_v, BodyVelocity::default(), "bodies")?;
        }
        // The impulses of one substep; their sum over the step is kept in `delta_lambda`.
        let per_substep = n.recip();
        for (l, t) in self
            .lambda
            .as_mut_slice()
            .iter_mut()
            .zip(self.delta_lambda.as_mut_slice())
        {
            *l = if settings.solver.warm_start {
                *l * per_substep
            } else {
                T::zero()
            };
            *t = T::zero();
        }
        // What each row's update reads besides `J`, `M⁻¹Jᵀ` and `λ`, side by side, once
        // for all the sweeps.
        self.limits.clear();
        for (i, c) in self.cache.as_slice().iter().enumerate() {
            let limits = RowLimits::new(
                c,
                self.bounds.as_slice()[i],
                self.separation.as_slice()[i],
                self.carried.as_slice()[i],
            );
            crate::world::capacity::push(&mut self.limits, limits, "rows")?;
        }
        let Self {
            rows,
            cache,
            limits,
            separation,
            delta_v,
            push_v,
            warm_v,
            lambda,
            delta_lambda: total,
            pair_end,
            ..
        } = self;
        let sweep = SweepData {
            rows: rows.as_slice(),
            pair_end: pair_end.as_slice(),
            limits: limits.as_slice(),
            push_rate: push_fraction / sub,
            slop: settings.slop,
            inverse_substep: sub.recip(),
        };
        let (rows, cache) = (rows.as_slice(), cache.as_slice());
        // The warm start's velocity change `M⁻¹Jᵀλ`, row by row for the impulses carried
        // into the step; after each substep it is the bodies' velocity change over the
        // substep beyond gravity (the warm start plus every sweep's change of `λ`), which
        // is the same sum without a pass over the rows.
        let warm = warm_v.as_mut_slice();
        for ((row, c), &l) in rows.iter().zip(cache).zip(lambda.as_slice()) {
            if l != T::zero() {
                apply(warm, row, c, l);
            }
        }
        for k in 0..substeps {
            let velocity = delta_v.as_mut_slice();
            // `warm` keeps the velocity before the warm start, to take the change after.
            for (v, w) in velocity.iter_mut().zip(warm.iter_mut()) {
                v.add_scaled(&gravity_step, T::one());
                let before = *v;
                v.add_scaled(w, T::one());
                *w = before;
            }
            let lambda = lambda.as_mut_slice();
            // Time since the start of the step at the relax of substep `k` (kinematic bodies
            // have moved by their velocity over it), whose separations the push of substep
            // `k + 1` reads.
            let after = sub * T::from(k + 1).unwrap_or_else(T::zero);
            sweep.run(
                cache,
                velocity,
                Sweep::Push,
                push_v.as_slice(),
                separation.as_mut_slice(),
                lambda,
            );
            // The bodies move with the pushed velocities, then the relax.
            for (x, v) in push_v.as_mut_slice().iter_mut().zip(velocity.iter()) {
                x.add_scaled(v, sub);
            }
            sweep.run(
                cache,
                velocity,
                Sweep::Relax { elapsed: after },
                push_v.as_slice(),
                separation.as_mut_slice(),
                lambda,
            );
            for (t, l) in total.as_mut_slice().iter_mut().zip(lambda.iter()) {
                *t = *t + *l;
            }
            for (w, v) in warm.iter_mut().zip(velocity.iter()) {
                let before = *w;
                *w = *v;
                w.add_scaled(&before, -T::one());
            }
        }
        // Kept velocity changes, the displacement beyond them, the step's impulses.
        for (i, b) in self.bodies.as_slice().iter().enumerate() {
            let free = kinetic.free[*b as usize];
            let v = self.delta_v.as_slice()[i];
            let x = self.push_v.as_slice()[i];
            self.push_v.as_mut_slice()[i] = BodyVelocity {
                linear: x.linear / h - v.linear,
                angular: x.angular / h - v.angular,
            };
            self.delta_v.as_mut_slice()[i] = BodyVelocity {
                linear: v.linear - free.linear,
                angular: v.angular - free.angular,
            };
        }
        self.lambda
            .as_mut_slice()
            .copy_from_slice(self.delta_lambda.as_slice());
        for (eta, p) in self.eta.as_mut_slice().iter_mut().zip(self.push.as_slice()) {
            *eta = *eta - *p;
        }
        let op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        let cfm = settings.solver.cfm;
        let (residual, bound_violation) = certify(
            &op,
            self.eta.as_slice(),
            self.bounds.as_slice(),
            cfm,
            self.lambda.as_slice(),
            self.flags.as_slice(),
        );
        let tolerance = settings.solver.tolerance;
        Ok(Outcome {
            certificate: Certificate {
                residual,
                bound_violation,
                iterations: 2 * substeps,
                converged: residual <= tolerance && bound_violation <= tolerance,
                flagged_rows: 0,
                omega: T::one(),
                fallbacks: 0,
            },
            ..Outcome::empty()
        })
    }
}

/// What a sweep of a substep reads: the rows, their runs on one body pair, what each row's
/// update reads besides `J`, `M⁻¹Jᵀ` and `λ` ([`RowLimits`]), the push's velocity per
/// metre of penetration, the slop.
struct SweepData<'a, T> {
    rows: &'a [ConstraintRow<T>],
    /// Where each run of rows on one body pair ends.
    pair_end: &'a [u32],
    limits: &'a [RowLimits<T>],
    push_rate: T,
    slop: T,
    inverse_substep: T,
}

impl<T: Scalar> SweepData<'_, T> {
    /// One sweep over the rows, run by run, with the velocities in `velocity` (absolute;
    /// `carried` adds the kinematic bodies'), the bodies' displacements so far in `moved`
    /// and each contact's separation in `separation` (read by a push, written by a relax):
    /// a contact normal row holds the separation `gap + J·moved + carried·elapsed` (a
    /// speculative gap lets the bodies close it within the substep; with [`Sweep::Push`] a
    /// penetration beyond the slop is pushed out at `push_rate` per metre), a friction row
    /// stops sliding within `μλₙ`, another row holds `J v = 0`.
    fn run(
        &self,
        cache: &[RowCache<T>],
        velocity: &mut [BodyVelocity<T>],
        sweep: Sweep<T>,
        moved: &[BodyVelocity<T>],
        separation: &mut [T],
        lambda: &mut [T],
    ) {
        let mut from = 0;
        for &end in self.pair_end {
            let end = end as usize;
            let mut run = Run::load(self.rows, from, velocity, moved, sweep);
            // The run's rows as slices side by side: no bounds check per row.
            let rows = self.rows[from..end]
                .iter()
                .zip(&self.limits[from..end])
                .zip(&cache[from..end]);
            for (i, ((row, limits), c)) in (from..end).zip(rows) {
                self.row(i, (row, limits, c), &mut run, sweep, separation, lambda);
            }
            run.store(velocity);
            from = end;
        }
    }

    /// Row `i`'s update on the velocities of its run.
    #[inline(always)]
    fn row(
        &self,
        i: usize,
        (row, limits, c): (&ConstraintRow<T>, &RowLimits<T>, &RowCache<T>),
        run: &mut Run<T>,
        sweep: Sweep<T>,
        separation: &mut [T],
        lambda: &mut [T],
    ) {
        let mass = limits.mass;
        if mass == T::zero() {
            return;
        }
        // The target of `J v` and the bounds of the change `δ` of `λ` come before `J v`:
        // from one row's velocity change to the next row's, the dependent operations are
        // then `J v`, one subtraction, one product and the limit (limiting `λ` itself took
        // two additions more).
        let (lambda_i, carried) = (lambda[i], limits.carried);
        let (target, lo, hi) = match limits.kind {
            Kind::Friction { normal } => {
                let most = limits.lo * lambda[normal as usize];
                (-carried, -most, most)
            }
            Kind::Contact => {
                let s = match sweep {
                    Sweep::Push => separation[i],
                    Sweep::Relax { elapsed } => {
                        let mut moved = row.a.dot(&run.moved_a);
                        if let Some(jb) = &row.b {
                            moved = moved + jb.dot(&run.moved_b);
                        }
                        let s = limits.separation + moved + carried * elapsed;
                        separation[i] = s;
                        s
                    }
                };
                let target = if s > T::zero() {
                    -s * self.inverse_substep
                } else if let Sweep::Push = sweep {
                    self.push_rate * (-(s + self.slop)).max(T::zero())
                } else {
                    T::zero()
                };
                (target - carried, limits.lo, limits.hi)
            }
            Kind::Box => (-carried, limits.lo, limits.hi),
        };
        let mut v = row.a.dot(&run.va);
        if let Some(jb) = &row.b {
            v = v + jb.dot(&run.vb);
        }
        let delta = limit(mass * (target - v), lo - lambda_i, hi - lambda_i);
        if delta != T::zero() {
            run.va.add_scaled(&c.a, delta);
            if row.b.is_some() {
                run.vb.add_scaled(&c.b, delta);
            }
            lambda[i] = lambda_i + delta;
        }
    }
}

/// What a row limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A contact normal row (`0 <= λ`), held at its separation.
    Contact,
    /// A friction row, `|λ| <= μ λ[normal]`.
    Friction { normal: u32 },
    /// Fixed limits `[lo, hi]`.
    Box,
}

/// What a row's update reads besides `J`, `M⁻¹Jᵀ` and `λ`, in one place: one array read
/// per row instead of four, and the kind of row decided once for all the sweeps.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct RowLimits<T> {
    /// `1/Γᵢᵢ`, or 0 to skip a row whose `Γᵢᵢ` is not positive.
    mass: T,
    /// The separation at the start of the step (a contact's gap).
    separation: T,
    /// `J v` of bodies the solve does not move (kinematic).
    carried: T,
    /// `lo` of a box row, `μ` of a friction row.
    lo: T,
    hi: T,
    kind: Kind,
}

impl<T: Scalar> RowLimits<T> {
    fn new(c: &RowCache<T>, bound: Bounds<T>, separation: T, carried: T) -> Self {
        let valid = !c.diagonal.is_nan() && c.diagonal > T::zero();
        let mass = if valid { c.diagonal.recip() } else { T::zero() };
        let (lo, hi, kind) = match bound {
            Bounds::Friction { normal, mu } => (
                mu,
                T::zero(),
                Kind::Friction {
                    normal: normal as u32,
                },
            ),
            Bounds::Box { lo, hi } if bound == Bounds::unilateral() => (lo, hi, Kind::Contact),
            Bounds::Box { lo, hi } => (lo, hi, Kind::Box),
        };
        Self {
            mass,
            separation,
            carried,
            lo,
            hi,
            kind,
        }
    }
}

/// A run of rows on one body pair, with the pair's velocities and displacements in locals.
struct Run<T> {
    a: usize,
    b: Option<usize>,
    va: BodyVelocity<T>,
    vb: BodyVelocity<T>,
    moved_a: BodyVelocity<T>,
    moved_b: BodyVelocity<T>,
}

impl<T: Scalar> Run<T> {
    /// The velocities of the run that starts at row `first`, and for a relax (which reads
    /// them) its displacements.
    #[inline(always)]
    fn load(
        rows: &[ConstraintRow<T>],
        first: usize,
        velocity: &[BodyVelocity<T>],
        moved: &[BodyVelocity<T>],
        sweep: Sweep<T>,
    ) -> Self {
        let (a, b) = body_pair(&rows[first]);
        debug_assert_ne!(Some(a), b, "a contact's two bodies differ");
        let relax = matches!(sweep, Sweep::Relax { .. });
        let moved_of = |i: usize| {
            if relax {
                moved[i]
            } else {
                BodyVelocity::default()
            }
        };
        let (vb, moved_b) = b.map_or_else(Default::default, |b| (velocity[b], moved_of(b)));
        Self {
            a,
            b,
            va: velocity[a],
            vb,
            moved_a: moved_of(a),
            moved_b,
        }
    }

    #[inline(always)]
    fn store(&self, velocity: &mut [BodyVelocity<T>]) {
        velocity[self.a] = self.va;
        if let Some(b) = self.b {
            velocity[b] = self.vb;
        }
    }
}

/// Adds row `row`'s velocity change for the impulse `delta` (`M⁻¹Jᵀ δ`, cached in `c`).
#[inline]
fn apply<T: Scalar>(
    velocity: &mut [BodyVelocity<T>],
    row: &ConstraintRow<T>,
    c: &RowCache<T>,
    delta: T,
) {
    velocity[row.a.body].add_scaled(&c.a, delta);
    if let Some(b) = &row.b {
        velocity[b.body].add_scaled(&c.b, delta);
    }
}
