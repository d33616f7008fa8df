//! Substeps for an island of contacts alone ([`ContactSolver::Substeps`](crate::world::ContactSolver::Substeps)): the step cut into
//! substeps, each with one sweep that pushes penetrating contacts apart and one rigid
//! relaxing sweep, as in the substepped solvers of Box2D v3 and rapier (Catto, "Solver2D",
//! 2024; Macklin et al., "Small steps in physics simulation", SCA 2019), with the rigid
//! push of [`WorldSettings::contact_beta`] instead of their soft springs, whose sag grows
//! with the load a contact carries.
use core::ops::Range;

use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::colors::Colors;
#[cfg(all(feature = "rayon", not(target_os = "none")))]
use super::lanes::{Atomics, SideBySide};
use super::lanes::{Cells, InOrder, Lanes, Store, Workers};
use super::{Kinetic, Local, Outcome, row_dot};
use crate::world::{WorldError, WorldSettings};
use crate::{
    BodyVelocity, Bounds, Certificate, ConstraintRow, RowCache, SequentialImpulse, certify,
};

/// Whether a sweep pushes penetrating contacts apart (the solve) or not (the relax).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sweep {
    Push,
    Relax,
}

impl<T: Scalar, S: Storage> Local<T, S> {
    /// The gathered island (rows prepared, no joints) solved in `substeps` substeps of the
    /// step: in each, gravity is added, the impulses of the last substep are applied again
    /// (warm start), one sweep holds the contacts at the separation of the substep (the
    /// step's gap moved by the bodies' displacement so far, to first order) and pushes a
    /// penetration beyond the slop out by the fraction `β'` with `(1 − β')ⁿ = 1 − β` of
    /// `contact_beta` (the same fraction per step as the sweeps' push), the bodies move,
    /// and one rigid sweep without the push relaxes the velocities. Writes the kept
    /// velocity changes into `delta_v`, the displacement beyond them into `push_v` (as a
    /// velocity over the step) and the step's impulses into `lambda`; the certificate is
    /// that of the final velocities against the rows without the push.
    pub(super) fn solve_substeps(
        &mut self,
        substeps: usize,
        settings: &WorldSettings<T>,
        kinetic: &Kinetic<'_, T>,
        workers: Workers,
    ) -> Result<Outcome<T>, WorldError> {
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
        for _ in self.bodies.as_slice() {
            crate::world::capacity::push(&mut self.push_v, BodyVelocity::default(), "bodies")?;
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
        // Each row's effective mass, once for all the sweeps (0: the row is skipped).
        self.schur.clear();
        for c in self.cache.as_slice() {
            let valid = !c.diagonal.is_nan() && c.diagonal > T::zero();
            let mass = if valid { c.diagonal.recip() } else { T::zero() };
            crate::world::capacity::push(&mut self.schur, mass, "rows")?;
        }
        if !self.coloring.colored() {
            // Rows given in row order (not gathered in colours): one group, in order.
            self.coloring.in_row_order(self.rows.as_slice().len())?;
        }
        let Self {
            rows,
            cache,
            schur: masses,
            delta_v,
            push_v,
            separation,
            carried,
            bounds,
            lambda,
            delta_lambda: total,
            coloring,
            ..
        } = self;
        let sweep = SweepData {
            rows: rows.as_slice(),
            cache: cache.as_slice(),
            separation: separation.as_slice(),
            carried: carried.as_slice(),
            bounds: bounds.as_slice(),
            masses: masses.as_slice(),
            push_rate: push_fraction / sub,
            slop: settings.slop,
            inverse_substep: sub.recip(),
        };
        let plan = Substeps {
            sweep: &sweep,
            colors: coloring.colors(),
            count: substeps,
            sub,
            gravity_step,
        };
        let (velocity, impulses) = (delta_v.as_mut_slice(), lambda.as_mut_slice());
        match workers {
            Workers::Caller => {
                let store = Cells::new(velocity, impulses);
                plan.run(&store, &InOrder, push_v.as_mut_slice(), total.as_mut_slice());
            }
            #[cfg(all(feature = "rayon", not(target_os = "none")))]
            Workers::Rayon => {
                let store = Atomics::new(velocity, impulses);
                plan.run(&store, &SideBySide, push_v.as_mut_slice(), total.as_mut_slice());
                store.read_into(velocity, impulses);
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

/// The substeps' loop over the store of the velocities and impulses.
struct Substeps<'a, T> {
    sweep: &'a SweepData<'a, T>,
    colors: Colors<'a>,
    count: usize,
    sub: T,
    gravity_step: BodyVelocity<T>,
}

impl<T: Scalar> Substeps<'_, T> {
    /// Every substep: gravity, the warm start, the pushing sweep, the move, the relaxing
    /// sweep; `moved` collects the displacements, `total` the impulses.
    fn run<St: Store<T>, L: Lanes<St>>(
        &self,
        store: &St,
        lanes: &L,
        moved: &mut [BodyVelocity<T>],
        total: &mut [T],
    ) {
        let sweep = self.sweep;
        for k in 0..self.count {
            for i in 0..moved.len() {
                let mut v = store.velocity(i);
                v.add_scaled(&self.gravity_step, T::one());
                store.set_velocity(i, v);
            }
            lanes.colors(self.colors, store, &|st: &St, rows: Range<usize>| {
                for i in rows {
                    let l = st.lambda(i);
                    if l != T::zero() {
                        apply(st, &sweep.rows[i], &sweep.cache[i], l);
                    }
                }
            });
            // Time since the start of the step at the sweeps of substep `k` (kinematic bodies
            // have moved by their velocity over it).
            let before = self.sub * T::from(k).unwrap_or_else(T::zero);
            let shared: &[BodyVelocity<T>] = moved;
            lanes.colors(self.colors, store, &|st: &St, rows: Range<usize>| {
                sweep.group(st, rows, Sweep::Push, shared, before);
            });
            // The bodies move with the pushed velocities, then the relax.
            for (i, x) in moved.iter_mut().enumerate() {
                x.add_scaled(&store.velocity(i), self.sub);
            }
            let shared: &[BodyVelocity<T>] = moved;
            let after = before + self.sub;
            lanes.colors(self.colors, store, &|st: &St, rows: Range<usize>| {
                sweep.group(st, rows, Sweep::Relax, shared, after);
            });
            for (i, t) in total.iter_mut().enumerate() {
                *t = *t + store.lambda(i);
            }
        }
    }
}

/// What a sweep of a substep reads: the rows and their caches, each row's separation at the
/// start of the step (a contact's gap), the bounds, the push's velocity per metre of
/// penetration, the slop.
struct SweepData<'a, T> {
    rows: &'a [ConstraintRow<T>],
    cache: &'a [RowCache<T>],
    separation: &'a [T],
    /// `J v` of bodies the solve does not move (kinematic), per row.
    carried: &'a [T],
    bounds: &'a [Bounds<T>],
    /// Each row's `1/Γᵢᵢ`, or 0 to skip a row whose `Γᵢᵢ` is not positive.
    masses: &'a [T],
    push_rate: T,
    slop: T,
    inverse_substep: T,
}

impl<T: Scalar> SweepData<'_, T> {
    /// One sweep over a group of rows, with the velocities and impulses in `store`
    /// (absolute velocities; `carried` adds the kinematic bodies') and the bodies'
    /// displacements so far in `moved`, `elapsed` into the step: a contact normal row holds
    /// the separation `gap + J·moved + carried·elapsed` (a speculative gap lets the bodies
    /// close it within the substep; with [`Sweep::Push`] a penetration beyond the slop is
    /// pushed out at `push_rate` per metre), a friction row stops sliding within `μλₙ`,
    /// another row holds `J v = 0`.
    #[inline]
    fn group(
        &self,
        store: &impl Store<T>,
        rows: Range<usize>,
        sweep: Sweep,
        moved: &[BodyVelocity<T>],
        elapsed: T,
    ) {
        for i in rows {
            let mass = self.masses[i];
            if mass == T::zero() {
                continue;
            }
            let row = &self.rows[i];
            let mut v = row.a.dot(&store.velocity(row.a.body));
            if let Some(b) = &row.b {
                v = v + b.dot(&store.velocity(b.body));
            }
            let v = v + self.carried[i];
            let lambda = store.lambda(i);
            let new = match self.bounds[i] {
                Bounds::Friction { normal, mu } => {
                    let limit = mu * store.lambda(normal);
                    clamp(lambda - mass * v, -limit, limit)
                }
                Bounds::Box { lo, hi } if lo == T::zero() && hi == T::infinity() => {
                    let s = self.separation[i] + row_dot(row, moved) + self.carried[i] * elapsed;
                    let target = if s > T::zero() {
                        -s * self.inverse_substep
                    } else if sweep == Sweep::Push {
                        self.push_rate * (-(s + self.slop)).max(T::zero())
                    } else {
                        T::zero()
                    };
                    clamp(lambda + mass * (target - v), T::zero(), T::infinity())
                }
                Bounds::Box { lo, hi } => clamp(lambda - mass * v, lo, hi),
            };
            let delta = new - lambda;
            if delta != T::zero() {
                apply(store, row, &self.cache[i], delta);
                store.set_lambda(i, new);
            }
        }
    }
}

/// Adds row `row`'s velocity change for the impulse `delta` (`M⁻¹Jᵀ δ`, cached in `c`).
#[inline]
fn apply<T: Scalar>(
    store: &impl Store<T>,
    row: &ConstraintRow<T>,
    c: &RowCache<T>,
    delta: T,
) {
    let mut a = store.velocity(row.a.body);
    a.add_scaled(&c.a, delta);
    store.set_velocity(row.a.body, a);
    if let Some(b) = &row.b {
        let mut v = store.velocity(b.body);
        v.add_scaled(&c.b, delta);
        store.set_velocity(b.body, v);
    }
}

/// `x` limited to `[lo, hi]` by two comparisons, which compile to one instruction each
/// (`Float::max`/`min` also order NaN and signed zeros, several more); a NaN `x` stays NaN,
/// so a non-finite impulse reaches the step's check instead of being clamped to a bound.
#[inline]
fn clamp<T: Scalar>(x: T, lo: T, hi: T) -> T {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}
