//! One step of the world: the phases of [`Phase`], in its order, one file each here, each
//! a function over named data; [`Phase`]'s docs are the one description of what each does.
//!
//! The state that lives between steps is owned by the world (bodies, joints, planes, the
//! contact set); everything a phase writes lives in [`Scratch`] until the commit, so a step
//! that fails anywhere leaves the world exactly as it was.
pub(crate) mod bounce;
pub(crate) mod broad;
pub(crate) mod excluded;
pub(crate) mod executor;
pub(crate) mod finish;
pub(crate) mod integrate;
pub(crate) mod islands;
pub(crate) mod narrow;
#[cfg(all(feature = "rayon", not(target_os = "none")))]
pub(crate) mod parallel;
pub(crate) mod persist;
pub(crate) mod predict;
pub(crate) mod rows;
pub(crate) mod sleep;
pub(crate) mod solve;
pub(crate) mod stabilize;

use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::FloatConst;

#[cfg(doc)]
use broad::Grid;

use super::contact::{Contact, Partner};
use super::{BroadPhase, ConstraintFunction, MAX_JOINT_ROWS, StepReport, World, WorldError};
use crate::BodyVelocity;
use crate::world::island::Local;
use islands::Islands;
use narrow::Candidates;
use predict::Motion;
use rows::Rows;

/// The phases of a step, in the order they run, each in its own file under
/// `src/world/step/` (the island solve they share is in `src/world/island/`); handed to the
/// observer of [`World::step_observed`] as each one ends, for profiling.
///
/// # Example
/// ```
/// use solver::world::Phase;
/// assert_eq!((Phase::ALL.len(), Phase::ALL.last()), (13, Some(&Phase::Commit)));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Every body's state checked finite: an error names the body before anything moves.
    Check,
    /// Candidate pairs from the bodies' bounding spheres ([`Grid`] by default,
    /// [`BruteForce`](super::BruteForce) its tested oracle), without the pairs that the
    /// bodies' collision filters or a joint between them exclude.
    Broad,
    /// Contacts at gap ≤ margin, matched with the last step's through a hash index keyed by
    /// (body, partner, feature): warm starts in O(1).
    Narrow,
    /// Union-find over contacts and joints; an island with an awake body wakes as a whole,
    /// resting islands are skipped.
    Islands,
    /// Collisions propagated pair by pair through touching bodies with their restitution
    /// (Guendelman–Bridson–Fedkiw); the velocity solve then treats contacts as inelastic.
    Bounce,
    /// Free motion of the awake bodies: gravity; rotation and gyroscopic term by the Lie
    /// midpoint rule.
    Predict,
    /// Joint rows (`ConstraintFunction::linearization`, Baumgarte bias), then the joints' limit and motor
    /// rows, then contact rows, island by island.
    Rows,
    /// Each awake island's velocity problem, gathered into a local problem and solved: the
    /// joint rows exactly (the joint tree, or every joint by a sparse factorization when
    /// they close loops), other rows by the PGS row kernel, and finished exactly through the
    /// joint block's Schur complement when they are at most
    /// [`EXACT_ROWS`](super::EXACT_ROWS); an unconverged island of at most
    /// [`EXACT_ROWS`](super::EXACT_ROWS) rows finished exactly, a larger one whose
    /// contacts form a tree by the coarse correction (a box tower), a larger island of
    /// contacts that close loops (a pyramid, a pile) in substeps
    /// ([`ContactSolver`](super::ContactSolver)); pushed contacts relaxed without the push
    /// (`relax_sweeps`); an island that gained kinetic energy solved again from zero
    /// impulses. With `rayon`, islands on rayon's threads, bit-identical.
    Solve,
    /// Velocities, impulses kept for warm starting, positions and orientations (moved by
    /// the velocities with the push).
    Integrate,
    /// Newton projection of the joints onto `C = 0` (SHAKE's direction under
    /// [`JointScheme::Rattle`](super::JointScheme::Rattle)).
    Stabilize,
    /// RATTLE's second half for islands with joints: half kick, velocities projected onto
    /// the joints at the new poses, out of the contacts and limits reached, and the motors'
    /// second half.
    Finish,
    /// Resting times updated, islands put to sleep (never one with a running motor).
    Sleep,
    /// The new bodies, contacts and joint impulses replace the old in one go.
    Commit,
}

impl Phase {
    /// Every phase, in order.
    pub const ALL: [Self; 13] = [
        Self::Check,
        Self::Broad,
        Self::Narrow,
        Self::Islands,
        Self::Bounce,
        Self::Predict,
        Self::Rows,
        Self::Solve,
        Self::Integrate,
        Self::Stabilize,
        Self::Finish,
        Self::Sleep,
        Self::Commit,
    ];
}

use executor::{Executor, Sequential};

pub(crate) use crate::world::capacity::push;

/// What the phases of one step write, kept between steps only to reuse the memory.
pub(crate) struct Scratch<T: Scalar, S: Storage> {
    candidates: Candidates<T, S>,
    contacts: S::Buf<Contact<T>>,
    bounce: bounce::Bounce<T, S>,
    islands: Islands<S>,
    motion: Motion<T, S>,
    rows: Rows<T, S>,
    local: Local<T, S>,
    delta_v: S::Buf<BodyVelocity<T>>,
    push_v: S::Buf<BodyVelocity<T>>,
    joint_impulse: S::Buf<[T; MAX_JOINT_ROWS]>,
    /// Each joint's limit and motor impulses ([`JointDrive`](crate::world::drive)).
    drive_impulse: S::Buf<[T; 3]>,
    /// Each joint's impulse over the step (the velocity solve's plus RATTLE's projection).
    joint_total: S::Buf<[T; MAX_JOINT_ROWS]>,
    /// The body pairs that joints keep from colliding.
    excluded: excluded::Excluded<S>,
    /// This step's touching pairs and contact events, committed with the contacts.
    touching: crate::world::events::Touching<T, S>,
    /// The workers' local problems of [`World::step_parallel`].
    #[cfg(all(feature = "rayon", not(target_os = "none")))]
    parallel: parallel::Parallel<T>,
}

impl<T: Scalar, S: Storage> Scratch<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            candidates: Candidates::new(),
            contacts: Buffer::new(),
            bounce: bounce::Bounce::new(),
            islands: Islands::new(),
            motion: Motion::new(),
            rows: Rows::new(),
            local: Local::new(),
            delta_v: Buffer::new(),
            push_v: Buffer::new(),
            joint_impulse: Buffer::new(),
            drive_impulse: Buffer::new(),
            joint_total: Buffer::new(),
            excluded: excluded::Excluded::new(),
            touching: crate::world::events::Touching::new(),
            #[cfg(all(feature = "rayon", not(target_os = "none")))]
            parallel: parallel::Parallel::new(),
        }
    }
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// Advances the world by one step `settings.dt` (the phases are listed in the
    /// [world docs](crate::world)).
    ///
    /// # Errors
    /// [`WorldError::NonFiniteBody`] if a body's state is not finite on entry;
    /// [`WorldError::CapacityExceeded`] naming the buffer that overflowed (fixed storage);
    /// [`WorldError::Solve`], [`WorldError::Rotation`];
    /// [`WorldError::NonFiniteResult`] naming the body whose new state would not be finite. On error the world is exactly as it was (same
    /// [`World::state_hash`], same contacts and warm starts).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// let report = w.step().unwrap();
    /// assert!(report.certificate.converged);
    /// assert!(w[ball].linear_velocity()[1] < 0.0); // falling
    /// ```
    pub fn step(&mut self) -> Result<StepReport<T>, WorldError> {
        self.step_traced(&mut [])
    }

    /// [`World::step`], running each island's velocity solve one sweep at a time and writing
    /// the largest projected residual over the islands after sweep `k + 1` into `trace[k]`
    /// (for convergence plots); with a non-empty `trace` each solve does exactly
    /// `trace.len()` sweeps.
    ///
    /// # Errors
    /// As [`World::step`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    /// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.1, 0.0]))).unwrap();
    /// let mut trace = [0.0; 5];
    /// w.step_traced(&mut trace).unwrap();
    /// assert!(trace.iter().all(|r| r.is_finite()));
    /// ```
    pub fn step_traced(&mut self, trace: &mut [T]) -> Result<StepReport<T>, WorldError> {
        self.step_observed(trace, &mut |_| {})
    }

    /// [`World::step_traced`], calling `ended(phase)` as each [`Phase`] ends (a profiler
    /// reads its clock there; the world itself has none).
    ///
    /// # Errors
    /// As [`World::step`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{Phase, RigidBody, World, WorldSettings};
    /// let mut world = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// world.add_body(RigidBody::sphere(1.0, 0.5).unwrap()).unwrap();
    /// let mut seen = Vec::new();
    /// world.step_observed(&mut [], &mut |p| seen.push(p)).unwrap();
    /// assert_eq!(seen, Phase::ALL);
    /// ```
    pub fn step_observed(
        &mut self,
        trace: &mut [T],
        ended: &mut dyn FnMut(Phase),
    ) -> Result<StepReport<T>, WorldError> {
        self.run(trace, ended, &mut Sequential)
    }

    /// The step, with its loops over bodies, pairs and islands run by `exec`.
    fn run<I: Executor<T, S, U, B>>(
        &mut self,
        trace: &mut [T],
        ended: &mut dyn FnMut(Phase),
        exec: &mut I,
    ) -> Result<StepReport<T>, WorldError> {
        let settings = self.settings;
        let Self {
            bodies: body_buf,
            joints: joint_buf,
            planes,
            body_handles,
            plane_handles,
            contacts,
            touching,
            broad_phase,
            stepper,
            scratch,
            time,
            ..
        } = self;
        let (bodies, joints, planes) =
            (body_buf.as_slice(), joint_buf.as_slice(), planes.as_slice());
        let Scratch {
            candidates,
            contacts: fresh,
            bounce,
            islands,
            motion,
            rows,
            local,
            delta_v,
            push_v,
            joint_impulse,
            drive_impulse,
            joint_total,
            excluded,
            touching: next_touching,
            ..
        } = scratch;

        for (i, b) in bodies.iter().enumerate() {
            b.check_finite()
                .map_err(|what| WorldError::NonFiniteBody { body: i, what })?;
        }
        ended(Phase::Check);
        excluded.build(joints, bodies.len())?;
        candidates.find(exec, broad_phase, bodies, excluded.view(), settings.margin)?;
        ended(Phase::Broad);
        narrow::collide(
            exec,
            bodies,
            planes,
            candidates,
            settings.margin,
            contacts,
            fresh,
        )?;
        ended(Phase::Narrow);
        let link = |c: &Contact<T>| match c.partner {
            Partner::Body(b) => (c.a, Some(b)),
            Partner::Plane(_) => (c.a, None),
        };
        islands.build(
            |i| !bodies[i].is_static(),
            |i| bodies[i].asleep,
            |i| bodies[i].moves(),
            bodies.len(),
            joints.iter().map(|j| (j.a, j.b)),
            fresh.as_slice().iter().map(link),
        )?;
        ended(Phase::Islands);
        motion.masses(exec, bodies)?;
        let impulses = bounce.propagate(
            bodies,
            planes,
            fresh.as_slice(),
            islands,
            motion.inverse.as_slice(),
            &settings,
        )?;
        ended(Phase::Bounce);
        motion.predict(exec, bodies, islands, bounce.delta.as_slice(), &settings)?;
        ended(Phase::Predict);
        rows.build(
            exec,
            bodies,
            planes,
            joints,
            fresh.as_mut_slice(),
            islands,
            motion.free.as_slice(),
            &settings,
        )?;
        ended(Phase::Rows);
        delta_v.clear();
        for _ in bodies {
            push(delta_v, BodyVelocity::default(), "bodies")?;
        }
        trace.iter_mut().for_each(|t| *t = T::zero());
        push_v.clear();
        for _ in bodies {
            push(push_v, BodyVelocity::default(), "bodies")?;
        }
        let outcome = exec.solve(
            local,
            islands,
            rows,
            motion.inverse.as_slice(),
            joints,
            &settings,
            &crate::world::island::Kinetic {
                bodies,
                free: motion.free.as_slice(),
            },
            delta_v.as_mut_slice(),
            push_v.as_mut_slice(),
            trace,
        )?;
        ended(Phase::Solve);
        motion.apply_velocities(exec, delta_v.as_slice());
        joint_impulse.clear();
        drive_impulse.clear();
        for _ in joints {
            push(joint_impulse, [T::zero(); MAX_JOINT_ROWS], "joints")?;
            push(drive_impulse, [T::zero(); 3], "joints")?;
        }
        integrate::keep_impulses(
            rows,
            fresh.as_mut_slice(),
            joints,
            joint_impulse.as_mut_slice(),
            drive_impulse.as_mut_slice(),
        );
        joint_total.clear();
        for warm in joint_impulse.as_slice() {
            push(joint_total, *warm, "joints")?;
        }
        motion.integrate_positions(
            exec,
            stepper,
            settings.dt,
            delta_v.as_slice(),
            push_v.as_slice(),
        )?;
        ended(Phase::Integrate);
        let projection = stabilize::project(
            stabilize::VelocityRows {
                rows: rows.rows.as_slice(),
                first: rows.joint_row.as_slice(),
            },
            motion.inverse.as_slice(),
            motion.next.as_mut_slice(),
            joints,
            islands,
            local,
            &mut motion.backup,
            &mut motion.directions,
            &settings,
        )?;
        ended(Phase::Stabilize);
        finish::finish(
            bodies,
            motion.next.as_mut_slice(),
            joints,
            fresh.as_slice(),
            islands,
            local,
            delta_v,
            &mut motion.directions,
            joint_total.as_mut_slice(),
            drive_impulse.as_mut_slice(),
            &settings,
        )?;
        ended(Phase::Finish);
        let sleeping = sleep::update(
            motion.next.as_mut_slice(),
            joints,
            islands,
            settings.sleep.as_ref(),
            settings.dt,
        );
        for (i, b) in motion.next.as_slice().iter().enumerate() {
            b.check_finite()
                .map_err(|what| WorldError::NonFiniteResult { body: i, what })?;
        }
        ended(Phase::Sleep);
        touching.update(
            exec,
            fresh.as_slice(),
            body_handles,
            plane_handles,
            next_touching,
        )?;
        contacts.commit(fresh)?;
        touching.commit(next_touching);
        // The next step's prediction writes every body of `next` again: on the heap the
        // buffers trade allocations (O(1)); in fixed storage one copy is half a swap's
        // moves (on the Cortex-M4F 20 bodies: about 2 000 instructions less).
        if S::CAPACITY == usize::MAX || body_buf.as_slice().len() != motion.next.as_slice().len() {
            body_buf.swap_contents(&mut motion.next);
        } else {
            body_buf
                .as_mut_slice()
                .copy_from_slice(motion.next.as_slice());
        }
        for (((slot, warm), total), drive) in joint_buf
            .as_mut_slice()
            .iter_mut()
            .zip(joint_impulse.as_slice())
            .zip(joint_total.as_slice())
            .zip(drive_impulse.as_slice())
        {
            (slot.warm, slot.impulse, slot.drive.impulse) = (*warm, *total, *drive);
        }
        *time = *time + settings.dt;
        ended(Phase::Commit);
        let awake_islands = islands.awake.as_slice().iter().filter(|&&a| a).count();
        Ok(StepReport {
            rows: rows.rows.as_slice().len(),
            contacts: contacts.live.as_slice().len(),
            islands: islands.count(),
            awake_islands,
            sleeping_bodies: sleeping,
            collisions: impulses,
            unresolved_contacts: outcome.unresolved,
            energy_resolves: outcome.energy_resolves,
            direct_rows: outcome.direct_rows,
            swept_loops: outcome.swept_loops,
            regularized_pivots: outcome.regularized + projection.regularized,
            projection_iterations: projection.iterations,
            projection_fallbacks: projection.fallbacks,
            certificate: outcome.certificate,
        })
    }
}

#[cfg(all(feature = "rayon", not(target_os = "none")))]
impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst + Send + Sync,
    S: Storage,
    U: ConstraintFunction<T> + Clone + Sync,
    B: BroadPhase<T> + Sync,
{
    /// [`World::step`] on rayon's threads, bit-identical to [`World::step`]: the broad
    /// phase's parts, the narrow phase, the inverse inertias, the free motion, the rows (runs
    /// of islands), the contact events' sort and the integration in chunks of bodies and
    /// pairs, the islands' velocity problems side by side, heaviest first (one big island's
    /// rows and solve still run on one thread; the report's `parallel` section measures the
    /// scaling).
    /// Feature `rayon`. The broad phase is shared between the threads, so it must be `Sync`:
    /// [`Grid`] is for every storage, which code generic over the storage `S` states as
    /// `Grid<S>: Sync`.
    ///
    /// # Errors
    /// As [`World::step`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let build = || {
    ///     let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    ///     w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    ///     for k in 0..4 {
    ///         let at = Vector([3.0 * k as f64, 0.1, 0.0]);
    ///         w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(at)).unwrap();
    ///     }
    ///     w
    /// };
    /// let (mut a, mut b) = (build(), build());
    /// a.step().unwrap();
    /// b.step_parallel().unwrap();
    /// assert_eq!(a.state_hash(), b.state_hash()); // bit-identical
    /// ```
    pub fn step_parallel(&mut self) -> Result<StepReport<T>, WorldError> {
        self.step_parallel_observed(&mut |_| {})
    }

    /// [`World::step_parallel`], calling `ended(phase)` as each [`Phase`] ends, as
    /// [`World::step_observed`] does (for a profile of the parallel step).
    ///
    /// # Errors
    /// As [`World::step`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{Phase, RigidBody, World, WorldSettings};
    /// let mut world = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// world.add_body(RigidBody::sphere(1.0, 0.5).unwrap()).unwrap();
    /// let mut seen = Vec::new();
    /// world.step_parallel_observed(&mut |p| seen.push(p)).unwrap();
    /// assert_eq!(seen, Phase::ALL);
    /// ```
    pub fn step_parallel_observed(
        &mut self,
        ended: &mut dyn FnMut(Phase),
    ) -> Result<StepReport<T>, WorldError> {
        let mut exec = core::mem::take(&mut self.scratch.parallel);
        let result = self.run(&mut [], ended, &mut exec);
        self.scratch.parallel = exec;
        result
    }
}
