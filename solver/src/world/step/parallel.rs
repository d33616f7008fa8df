//! The velocity solve of the islands on rayon's threads (feature `rayon`): each island is
//! gathered into its own [`Local`] problem, solved, and the results scattered in island
//! order — the same arithmetic as the sequential solve, so the same bits.
#[cfg(feature = "rayon")]
use cwlist::{Buffer, Growable, Storage};
#[cfg(feature = "rayon")]
use num_traits::Float;

#[cfg(feature = "rayon")]
use super::islands::Islands;
#[cfg(feature = "rayon")]
use super::rows::Rows;
#[cfg(feature = "rayon")]
use super::solve::{Local, Outcome};
#[cfg(feature = "rayon")]
use crate::world::constraint::ConstraintFunction;
#[cfg(feature = "rayon")]
use crate::world::{JointSlot, WorldError, WorldSettings};
#[cfg(feature = "rayon")]
use crate::{BodyInverseMass, BodyVelocity};

/// What the world's scalar and user constraints must be to be solved on several threads:
/// `Send + Sync` with the `rayon` feature, anything without it (so single-threaded users
/// are not bound by it).
#[cfg(feature = "rayon")]
pub trait Shareable: Send + Sync {}
#[cfg(feature = "rayon")]
impl<X: Send + Sync + ?Sized> Shareable for X {}

/// What the world's scalar and user constraints must be to be solved on several threads:
/// `Send + Sync` with the `rayon` feature, anything without it (so single-threaded users
/// are not bound by it).
#[cfg(not(feature = "rayon"))]
pub trait Shareable {}
#[cfg(not(feature = "rayon"))]
impl<X: ?Sized> Shareable for X {}

/// One island solved on a worker: its index, its local problem and what the solve reported.
#[cfg(feature = "rayon")]
type Solved<T> = (usize, Local<T, Growable>, Outcome<T>);

/// [`super::solve::islands`] with the islands spread over rayon's threads.
#[cfg(feature = "rayon")]
#[allow(clippy::too_many_arguments, reason = "the named data of the step")]
pub(crate) fn islands<T, S, U>(
    islands: &Islands<S>,
    rows: &mut Rows<T, S>,
    inverse: &[BodyInverseMass<T>],
    joints: &[JointSlot<T, U>],
    settings: &WorldSettings<T>,
    delta_v: &mut [BodyVelocity<T>],
) -> Result<Outcome<T>, WorldError>
where
    T: Float + Send + Sync,
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
    let solved: alloc::vec::Vec<Result<Solved<T>, WorldError>> = awake
        .par_iter()
        .map(|&k| {
            let mut local = Local::<T, Growable>::new();
            local.gather_bodies(k, bodies, |b| inverse[b])?;
            local.gather_rows(k, view)?;
            let outcome = local.solve(
                joint_groups.of(k),
                joints,
                settings.joint_solver,
                &settings.solver,
                &mut [],
            )?;
            Ok((k, local, outcome))
        })
        .collect();
    let mut outcome = Outcome::empty();
    for island in solved {
        let (k, local, o) = island?;
        local.scatter(
            k,
            rows.island_start.as_slice(),
            rows.lambda.as_mut_slice(),
            delta_v,
        );
        outcome = outcome.merge(o);
    }
    Ok(outcome)
}
