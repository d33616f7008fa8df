//! How a step runs its data-parallel parts: on the calling thread ([`Sequential`]) or on
//! rayon's threads ([`Parallel`](super::parallel::Parallel), feature `rayon`). Each part
//! computes every item by the same arithmetic whichever runs it, and what is gathered is
//! gathered in index order, so both give the same bits.
use core::cmp::Ordering;
use core::ops::Range;

use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::push;

use super::broad::{BroadPhase, Proxy};
use super::islands::Islands;
use super::rows::Rows;
use crate::world::constraint::ConstraintFunction;
use crate::world::island::{Kinetic, Local, Outcome};
use crate::world::{JointSlot, WorldError, WorldSettings};
use crate::{BodyInverseMass, BodyVelocity};

/// What [`Loops::collect`] calls on each range of indices, with the sink of its items.
pub(crate) type Produce<'a, X> = dyn Fn(Range<usize>, &mut dyn FnMut(X)) + Sync + 'a;

/// The step's loops over bodies and pairs.
pub(crate) trait Loops {
    /// `produce(range, emit)` over consecutive ranges that cover `0..n` (of about `grain`
    /// indices each when run in parallel), each emitting the items of its indices in order:
    /// `out` becomes the items in index order, or the error of the lowest index that emits
    /// one; a full `out` is an error naming it (`what`).
    fn collect<X: Copy + Send>(
        &mut self,
        n: usize,
        grain: usize,
        produce: &Produce<'_, Result<X, WorldError>>,
        out: &mut impl Buffer<X>,
        what: &'static str,
    ) -> Result<(), WorldError>;

    /// `update(i, &mut items[i])` for every item; the error of the lowest index that fails,
    /// if any (every item is visited either way).
    fn each<X: Send, E: Send>(
        &mut self,
        items: &mut [X],
        update: &(dyn Fn(usize, &mut X) -> Result<(), E> + Sync),
    ) -> Result<(), E>;

    /// [`Loops::each`] over two slices of equal length side by side.
    fn each2<X: Send, Y: Send, E: Send>(
        &mut self,
        xs: &mut [X],
        ys: &mut [Y],
        update: &(dyn Fn(usize, &mut X, &mut Y) -> Result<(), E> + Sync),
    ) -> Result<(), E>;

    /// Sorts `items` by `order`, which must be total on them: then every sort gives the
    /// same result.
    fn sort<X: Send>(&mut self, items: &mut [X], order: impl Fn(&X, &X) -> Ordering + Sync);
}

/// Work that can be cut in two independent halves (disjoint outputs), for
/// [`Executor::split_joints`] (only the parallel executor cuts).
#[cfg_attr(
    not(all(feature = "rayon", not(target_os = "none"))),
    allow(dead_code, reason = "only the parallel executor cuts")
)]
pub(crate) trait Halve: Sized + Send {
    /// How much work this part is (rows, items).
    fn weight(&self) -> usize;
    /// Two parts of about half the weight each, or the part itself if it cannot be cut.
    fn halve(self) -> Result<(Self, Self), Self>;
}

/// What [`Executor::split_joints`] calls on each part, with the joints.
pub(crate) type WithJoints<'a, P, T, U> = dyn Fn(P, &[JointSlot<T, U>]) + Sync + 'a;

/// Which candidate pairs of bodies [`Executor::broad_phase`] keeps.
pub(crate) type Keep<'a> = dyn Fn(usize, usize) -> bool + Sync + 'a;

/// The step's loops, its broad phase and its solve of the islands.
pub(crate) trait Executor<T: Scalar, S: Storage, U, B: BroadPhase<T>>: Loops {
    /// Runs `broad_phase` over `proxies`: `report(i, j)` (indices into `proxies`) for each
    /// candidate pair that `keep` accepts, in the broad phase's order; stops at the first
    /// error of `report`.
    fn broad_phase(
        &mut self,
        broad_phase: &mut B,
        proxies: &[Proxy<T>],
        margin: T,
        keep: &Keep<'_>,
        report: &mut dyn FnMut(usize, usize) -> Result<(), WorldError>,
    ) -> Result<(), WorldError>;

    /// `work(part, joints)` over parts of `whole` that cover it: the whole at once on one
    /// thread, or halves side by side ([`Halve`]) down to parts of about `grain` weight
    /// (the threads share `joints`).
    fn split_joints<P: Halve>(
        &mut self,
        whole: P,
        grain: usize,
        joints: &[JointSlot<T, U>],
        work: &WithJoints<'_, P, T, U>,
    );

    /// Solves every awake island; writes impulses into `rows.lambda` and velocity changes
    /// into `delta_v`; `trace` as in [`World::step_traced`](crate::world::World::step_traced).
    #[allow(clippy::too_many_arguments, reason = "the named data of the step")]
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
    ) -> Result<Outcome<T>, WorldError>;
}

/// Everything on the calling thread, island after island.
pub(crate) struct Sequential;

impl<T: Scalar, S: Storage, U: ConstraintFunction<T>, B: BroadPhase<T>> Executor<T, S, U, B>
    for Sequential
{
    fn broad_phase(
        &mut self,
        broad_phase: &mut B,
        proxies: &[Proxy<T>],
        margin: T,
        keep: &Keep<'_>,
        report: &mut dyn FnMut(usize, usize) -> Result<(), WorldError>,
    ) -> Result<(), WorldError> {
        let mut failed = None;
        broad_phase.candidates(proxies, margin, &mut |i, j| {
            if failed.is_none() && keep(i, j) {
                failed = report(i, j).err();
            }
        })?;
        failed.map_or(Ok(()), Err)
    }

    fn split_joints<P: Halve>(
        &mut self,
        whole: P,
        _grain: usize,
        joints: &[JointSlot<T, U>],
        work: &WithJoints<'_, P, T, U>,
    ) {
        work(whole, joints);
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
        super::solve::islands(
            local, islands, rows, inverse, joints, settings, kinetic, delta_v, push_v, trace,
        )
    }
}

impl Loops for Sequential {
    fn collect<X: Copy + Send>(
        &mut self,
        n: usize,
        _grain: usize,
        produce: &Produce<'_, Result<X, WorldError>>,
        out: &mut impl Buffer<X>,
        what: &'static str,
    ) -> Result<(), WorldError> {
        out.clear();
        let mut failed = None;
        produce(0..n, &mut |x| {
            if failed.is_none() {
                failed = x.and_then(|x| push(out, x, what)).err();
            }
        });
        failed.map_or(Ok(()), Err)
    }

    fn each<X: Send, E: Send>(
        &mut self,
        items: &mut [X],
        update: &(dyn Fn(usize, &mut X) -> Result<(), E> + Sync),
    ) -> Result<(), E> {
        let mut failed = None;
        for (i, x) in items.iter_mut().enumerate() {
            if let Err(e) = update(i, x) {
                failed = failed.or(Some(e));
            }
        }
        failed.map_or(Ok(()), Err)
    }

    fn each2<X: Send, Y: Send, E: Send>(
        &mut self,
        xs: &mut [X],
        ys: &mut [Y],
        update: &(dyn Fn(usize, &mut X, &mut Y) -> Result<(), E> + Sync),
    ) -> Result<(), E> {
        let mut failed = None;
        for (i, (x, y)) in xs.iter_mut().zip(ys).enumerate() {
            if let Err(e) = update(i, x, y) {
                failed = failed.or(Some(e));
            }
        }
        failed.map_or(Ok(()), Err)
    }

    fn sort<X: Send>(&mut self, items: &mut [X], order: impl Fn(&X, &X) -> Ordering + Sync) {
        items.sort_unstable_by(order);
    }
}
