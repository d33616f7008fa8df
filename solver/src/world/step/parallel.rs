//! The step on rayon's threads (feature `rayon`,
//! [`World::step_parallel`](crate::world::World::step_parallel)): the loops over bodies and
//! pairs run in chunks whose results are gathered in index order, and the islands' velocity
//! problems are solved side by side, each gathered into a local problem of its worker and
//! scattered back in island order — the same arithmetic as the sequential step, so the same
//! bits.
use std::sync::Mutex;

use crate::world::Scalar;
use cwlist::{Buffer, Growable, Storage};
use rayon::prelude::*;

use super::broad::{BroadPhase, Proxy};
use super::executor::{Executor, Halve, Keep, Loops, Produce, Sequential, WithJoints};
use super::islands::Islands;
use super::rows::Rows;
use crate::world::constraint::ConstraintFunction;
use crate::world::island::{Kinetic, Local, Outcome};
use crate::world::{JointSlot, WorldError, WorldSettings};
use crate::{BodyInverseMass, BodyVelocity};

/// Items per task of the loops over bodies and pairs: large enough that a task's work
/// (a body's free motion, a pair's contacts: 0.1–1 µs each) outweighs rayon's scheduling.
const CHUNK: usize = 64;
/// A run of consecutive islands solved by one task: what each solve reported and changed,
/// the islands' impulses and bodies one after another.
struct Solved<T> {
    /// Per island: its index, its outcome, how many impulses, bodies and pushes (none, or
    /// one per body) it has.
    islands: alloc::vec::Vec<(usize, Outcome<T>, usize, usize, usize)>,
    lambda: alloc::vec::Vec<T>,
    /// Global indices of the bodies and their velocity changes.
    bodies: alloc::vec::Vec<usize>,
    delta_v: alloc::vec::Vec<BodyVelocity<T>>,
    push_v: alloc::vec::Vec<BodyVelocity<T>>,
}

/// The executor of [`World::step_parallel`](crate::world::World::step_parallel): one local
/// problem per rayon worker, kept between steps so that its buffers are not grown again.
pub(crate) struct Parallel<T: Scalar> {
    locals: alloc::vec::Vec<Mutex<Local<T, Growable>>>,
}

impl<T: Scalar> Parallel<T> {
    pub(crate) fn new() -> Self {
        Self {
            locals: alloc::vec::Vec::new(),
        }
    }
}

impl<T: Scalar> Default for Parallel<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, S, U, B> Executor<T, S, U, B> for Parallel<T>
where
    T: Scalar,
    S: Storage,
    U: ConstraintFunction<T> + Sync,
    B: BroadPhase<T> + Sync,
{
    /// The broad phase's parts side by side, their pairs gathered in part order (the
    /// order of `candidates`); a broad phase without parts runs on this thread.
    fn broad_phase(
        &mut self,
        broad_phase: &mut B,
        proxies: &[Proxy<T>],
        margin: T,
        keep: &Keep<'_>,
        report: &mut dyn FnMut(usize, usize) -> Result<(), WorldError>,
    ) -> Result<(), WorldError> {
        let parts = broad_phase.parts(proxies, margin)?;
        if parts == 0 {
            return <Sequential as Executor<T, S, U, B>>::broad_phase(
                &mut Sequential,
                broad_phase,
                proxies,
                margin,
                keep,
                report,
            );
        }
        let broad_phase = &*broad_phase;
        ordered(
            parts,
            1,
            &|range, emit| {
                for k in range {
                    broad_phase.part(proxies, margin, k, &mut |i, j| {
                        if keep(i, j) {
                            emit([i, j]);
                        }
                    });
                }
            },
            &mut |[i, j]| report(i, j),
        )
    }

    fn split_joints<P: Halve>(
        &mut self,
        whole: P,
        grain: usize,
        joints: &[JointSlot<T, U>],
        work: &WithJoints<'_, P, T, U>,
    ) {
        split_on_threads(whole, grain.max(1), &|part| work(part, joints));
    }

    fn solve(
        &mut self,
        local: &mut Local<T, S>,
        islands: &Islands<S>,
        rows: &mut Rows<T, S>,
        inverse: &[BodyInverseMass<T>],
        joints: &[JointSlot<T, U>],
        settings: &WorldSettings<T>,
        kinetic: &Kinetic<'_, T>,
        delta_v: &mut [BodyVelocity<T>],
        push_v: &mut [BodyVelocity<T>],
        trace: &mut [T],
    ) -> Result<Outcome<T>, WorldError> {
        if !trace.is_empty() {
            // A traced solve runs the islands in order, one sweep at a time.
            return super::solve::islands(
                local, islands, rows, inverse, joints, settings, kinetic, delta_v, push_v, trace,
            );
        }
        let workers = rayon::current_num_threads().max(1);
        while self.locals.len() < workers {
            self.locals.push(Mutex::new(Local::new()));
        }
        // Consecutive awake islands grouped into tasks of about equal work (rows and
        // bodies), several tasks per worker so that the workers stay balanced.
        let work = |k: usize| rows.view().island(k).len() + islands.bodies.count(k) + 1;
        let awake: alloc::vec::Vec<usize> = islands
            .awake
            .as_slice()
            .iter()
            .enumerate()
            .filter_map(|(k, &a)| a.then_some(k))
            .collect();
        let total: usize = awake.iter().map(|&k| work(k)).sum();
        let share = total.div_ceil(16 * workers).max(1);
        let mut groups: alloc::vec::Vec<&[usize]> = alloc::vec::Vec::new();
        let (mut start, mut load) = (0, 0);
        for (i, &k) in awake.iter().enumerate() {
            load += work(k);
            if load >= share || i + 1 == awake.len() {
                groups.push(&awake[start..=i]);
                (start, load) = (i + 1, 0);
            }
        }
        let (bodies, joint_groups, view) =
            (islands.bodies.view(), islands.joints.view(), rows.view());
        let locals = &self.locals;
        // The heaviest groups start first, so that no large island starts last and keeps
        // one thread busy while the others wait; results come back in island order.
        let mut heaviest: alloc::vec::Vec<usize> = (0..groups.len()).collect();
        heaviest.sort_by_key(|&g| {
            core::cmp::Reverse(groups[g].iter().map(|&k| work(k)).sum::<usize>())
        });
        let mut solved: alloc::vec::Vec<(usize, Result<Solved<T>, WorldError>)> = heaviest
            .par_iter()
            .with_max_len(1)
            .map(|&g| {
                let group = groups[g];
                let worker = rayon::current_thread_index().unwrap_or(0) % locals.len();
                let mut local = locals[worker]
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                let mut out = Solved {
                    islands: alloc::vec::Vec::with_capacity(group.len()),
                    lambda: alloc::vec::Vec::new(),
                    bodies: alloc::vec::Vec::new(),
                    delta_v: alloc::vec::Vec::new(),
                    push_v: alloc::vec::Vec::new(),
                };
                for &k in group {
                    local.gather_bodies(bodies.of(k), |b| inverse[b])?;
                    local.gather_rows(k, view)?;
                    let outcome = local.solve_island(
                        joint_groups.of(k),
                        joints,
                        settings,
                        kinetic,
                        &mut [],
                    )?;
                    let (lambda, delta) = (local.lambda.as_slice(), local.delta_v.as_slice());
                    let pushes = local.push_v.as_slice().len();
                    out.islands
                        .push((k, outcome, lambda.len(), delta.len(), pushes));
                    out.lambda.extend_from_slice(lambda);
                    out.bodies.extend(local.globals());
                    out.delta_v.extend_from_slice(delta);
                    out.push_v.extend_from_slice(local.push_v.as_slice());
                }
                Ok(out)
            })
            .enumerate()
            .map(|(i, out)| (heaviest[i], out))
            .collect();
        solved.sort_unstable_by_key(|&(g, _)| g);
        // Scattered and merged in island order, as the sequential solve does.
        let mut outcome = Outcome::empty();
        for (_, group) in solved {
            let group = group?;
            let (mut at_row, mut at_body, mut at_push) = (0, 0, 0);
            for &(k, island, impulses, count, pushes) in &group.islands {
                let from = rows.view().island(k).start;
                rows.lambda.as_mut_slice()[from..from + impulses]
                    .copy_from_slice(&group.lambda[at_row..at_row + impulses]);
                let moved = &group.bodies[at_body..at_body + count];
                for (&b, d) in moved.iter().zip(&group.delta_v[at_body..at_body + count]) {
                    delta_v[b] = *d;
                }
                for (&b, p) in moved.iter().zip(&group.push_v[at_push..at_push + pushes]) {
                    push_v[b] = *p;
                }
                (at_row, at_body, at_push) = (at_row + impulses, at_body + count, at_push + pushes);
                outcome = outcome.merge(island);
            }
        }
        Ok(outcome)
    }
}

impl<T: Scalar> Loops for Parallel<T> {
    /// The chunks' items gathered side by side, then copied side by side into `out` at
    /// their places (`out` keeps its length from the last step: only growth is written
    /// twice).
    fn collect<X: Copy + Send>(
        &mut self,
        n: usize,
        grain: usize,
        produce: &Produce<'_, Result<X, WorldError>>,
        out: &mut impl Buffer<X>,
        what: &'static str,
    ) -> Result<(), WorldError> {
        let grain = grain.max(1);
        let chunks: alloc::vec::Vec<Result<alloc::vec::Vec<X>, WorldError>> = (0..n
            .div_ceil(grain))
            .into_par_iter()
            .map(|c| {
                let mut items = alloc::vec::Vec::new();
                let mut failed = None;
                produce(c * grain..n.min((c + 1) * grain), &mut |x| match x {
                    Ok(x) if failed.is_none() => items.push(x),
                    Ok(_) => {}
                    Err(e) => failed = failed.or(Some(e)),
                });
                failed.map_or(Ok(items), Err)
            })
            .collect();
        let chunks = chunks
            .into_iter()
            .collect::<Result<alloc::vec::Vec<_>, _>>()?;
        let total = chunks.iter().map(alloc::vec::Vec::len).sum();
        let Some(&filler) = chunks.iter().find_map(|c| c.first()) else {
            out.clear();
            return Ok(());
        };
        crate::world::capacity::resize(out, total, filler, what)?;
        let mut places = alloc::vec::Vec::with_capacity(chunks.len());
        let mut rest = out.as_mut_slice();
        for chunk in &chunks {
            let (place, tail) = rest.split_at_mut(chunk.len());
            places.push(place);
            rest = tail;
        }
        places
            .into_par_iter()
            .zip(chunks.into_par_iter())
            .for_each(|(place, chunk)| place.copy_from_slice(&chunk));
        Ok(())
    }

    fn each<X: Send, E: Send>(
        &mut self,
        items: &mut [X],
        update: &(dyn Fn(usize, &mut X) -> Result<(), E> + Sync),
    ) -> Result<(), E> {
        first_error(
            items
                .par_chunks_mut(CHUNK)
                .enumerate()
                .map(|(c, chunk)| {
                    let mut failed = None;
                    for (k, x) in chunk.iter_mut().enumerate() {
                        if let Err(e) = update(c * CHUNK + k, x) {
                            failed = failed.or(Some(e));
                        }
                    }
                    failed
                })
                .collect(),
        )
    }

    fn each2<X: Send, Y: Send, E: Send>(
        &mut self,
        xs: &mut [X],
        ys: &mut [Y],
        update: &(dyn Fn(usize, &mut X, &mut Y) -> Result<(), E> + Sync),
    ) -> Result<(), E> {
        first_error(
            xs.par_chunks_mut(CHUNK)
                .zip(ys.par_chunks_mut(CHUNK))
                .enumerate()
                .map(|(c, (xs, ys))| {
                    let mut failed = None;
                    for (k, (x, y)) in xs.iter_mut().zip(ys).enumerate() {
                        if let Err(e) = update(c * CHUNK + k, x, y) {
                            failed = failed.or(Some(e));
                        }
                    }
                    failed
                })
                .collect(),
        )
    }

    fn sort<X: Send>(
        &mut self,
        items: &mut [X],
        order: impl Fn(&X, &X) -> core::cmp::Ordering + Sync,
    ) {
        items.par_sort_unstable_by(order);
    }
}

/// `produce(range, emit)` over consecutive ranges of about `grain` indices that cover
/// `0..n`, side by side; `consume` takes every item in index order and may stop with an
/// error.
fn ordered<X: Send, E>(
    n: usize,
    grain: usize,
    produce: &Produce<'_, X>,
    consume: &mut dyn FnMut(X) -> Result<(), E>,
) -> Result<(), E> {
    let grain = grain.max(1);
    let chunks: alloc::vec::Vec<alloc::vec::Vec<X>> = (0..n.div_ceil(grain))
        .into_par_iter()
        .map(|c| {
            let mut items = alloc::vec::Vec::new();
            produce(c * grain..n.min((c + 1) * grain), &mut |x| items.push(x));
            items
        })
        .collect();
    chunks.into_iter().flatten().try_for_each(consume)
}

/// `work` over `part`, or over its halves side by side while it weighs more than `grain`.
fn split_on_threads<P: Halve>(part: P, grain: usize, work: &(dyn Fn(P) + Sync)) {
    if part.weight() <= grain {
        return work(part);
    }
    match part.halve() {
        Ok((left, right)) => {
            rayon::join(
                || split_on_threads(left, grain, work),
                || split_on_threads(right, grain, work),
            );
        }
        Err(part) => work(part),
    }
}

/// The first chunk's error, if any.
fn first_error<E>(chunks: alloc::vec::Vec<Option<E>>) -> Result<(), E> {
    chunks.into_iter().flatten().next().map_or(Ok(()), Err)
}
