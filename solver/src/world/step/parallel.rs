//! The velocity solve of the islands on rayon's threads (feature `rayon`,
//! [`World::step_parallel`](crate::world::World::step_parallel)): each island is gathered
//! into its own [`Local`] problem, solved, and the results scattered in island order — the
//! same arithmetic as the sequential solve, so the same bits.
#[cfg(feature = "rayon")]
use crate::world::Scalar;
#[cfg(feature = "rayon")]
use cwlist::{Buffer, Growable, Storage};

#[cfg(feature = "rayon")]
use super::islands::Islands;
#[cfg(feature = "rayon")]
use super::rows::Rows;
#[cfg(feature = "rayon")]
use crate::world::constraint::ConstraintFunction;
#[cfg(feature = "rayon")]
use crate::world::island::Kinetic;
#[cfg(feature = "rayon")]
use crate::world::island::{Local, Outcome};
#[cfg(feature = "rayon")]
use crate::world::{JointSlot, WorldError, WorldSettings};
#[cfg(feature = "rayon")]
use crate::{BodyInverseMass, BodyVelocity};

/// One island solved on a worker: what the solve reported and what it changed.
#[cfg(feature = "rayon")]
struct Solved<T> {
    island: usize,
    outcome: Outcome<T>,
    /// The island's impulses, in its row order.
    lambda: alloc::vec::Vec<T>,
    /// Global indices of its bodies and their velocity changes.
    bodies: alloc::vec::Vec<usize>,
    delta_v: alloc::vec::Vec<BodyVelocity<T>>,
    push_v: alloc::vec::Vec<BodyVelocity<T>>,
}

/// [`super::solve::islands`] with the islands spread over rayon's threads.
#[cfg(feature = "rayon")]
#[allow(clippy::too_many_arguments, reason = "the named data of the step")]
pub(crate) fn islands<T, S, U>(
    islands: &Islands<S>,
    rows: &mut Rows<T, S>,
    inverse: &[BodyInverseMass<T>],
    joints: &[JointSlot<T, U>],
    settings: &WorldSettings<T>,
    kinetic: &Kinetic<'_, T>,
    delta_v: &mut [BodyVelocity<T>],
    push_v: &mut [BodyVelocity<T>],
) -> Result<Outcome<T>, WorldError>
where
    T: Scalar + Send + Sync,
    S: Storage,
    U: ConstraintFunction<T> + Sync,
{
    use rayon::prelude::*;
    let awake: alloc::vec::Vec<usize> = islands
        .awake
        .as_slice()
        .iter()
        .enumerate()
        .filter_map(|(k, &a)| a.then_some(k))
        .collect();
    let (bodies, joint_groups, view) = (islands.bodies.view(), islands.joints.view(), rows.view());
    // One local problem per rayon job (not per island: it holds the exact solver's
    // matrices); each island hands back only its impulses and velocity changes.
    let solved: alloc::vec::Vec<Result<Solved<T>, WorldError>> = awake
        .par_iter()
        .map_init(Local::<T, Growable>::new, |local, &k| {
            local.gather_bodies(bodies.of(k), |b| inverse[b])?;
            local.gather_rows(k, view)?;
            let outcome =
                local.solve_island(joint_groups.of(k), joints, settings, kinetic, &mut [])?;
            Ok(Solved {
                island: k,
                outcome,
                lambda: local.lambda.as_slice().to_vec(),
                bodies: local.globals().collect(),
                delta_v: local.delta_v.as_slice().to_vec(),
                push_v: local.push_v.as_slice().to_vec(),
            })
        })
        .collect();
    let mut outcome = Outcome::empty();
    for island in solved {
        let island = island?;
        let from = rows.view().island(island.island).start;
        rows.lambda.as_mut_slice()[from..from + island.lambda.len()]
            .copy_from_slice(&island.lambda);
        for (&b, d) in island.bodies.iter().zip(&island.delta_v) {
            delta_v[b] = *d;
        }
        for (&b, p) in island.bodies.iter().zip(&island.push_v) {
            push_v[b] = *p;
        }
        outcome = outcome.merge(island.outcome);
    }
    Ok(outcome)
}

/// The islands on rayon's threads.
#[cfg(feature = "rayon")]
pub(crate) struct Parallel;

#[cfg(feature = "rayon")]
impl<T, S, U> super::SolveIslands<T, S, U> for Parallel
where
    T: Scalar + Send + Sync,
    S: Storage,
    U: ConstraintFunction<T> + Sync,
{
    fn solve(
        &mut self,
        local: &mut Local<T, S>,
        islands_: &Islands<S>,
        rows: &mut Rows<T, S>,
        inverse: &[BodyInverseMass<T>],
        joints: &[JointSlot<T, U>],
        settings: &WorldSettings<T>,
        kinetic: &Kinetic<'_, T>,
        delta_v: &mut [BodyVelocity<T>],
        push_v: &mut [BodyVelocity<T>],
        trace: &mut [T],
    ) -> Result<Outcome<T>, WorldError> {
        if trace.is_empty() {
            islands(
                islands_, rows, inverse, joints, settings, kinetic, delta_v, push_v,
            )
        } else {
            // A traced solve runs the islands in order, one sweep at a time.
            super::solve::islands(
                local, islands_, rows, inverse, joints, settings, kinetic, delta_v, push_v, trace,
            )
        }
    }
}
