//! The velocity solve, island by island: each awake island's bodies and rows are gathered
//! into a [`Local`] problem and solved there ([`crate::world::island`]); then its impulses
//! and velocity changes are scattered back.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::islands::Islands;
use super::rows::Rows;
use crate::world::constraint::ConstraintFunction;
use crate::world::island::{Kinetic, Local, Outcome};
use crate::world::{JointSlot, WorldError};
use crate::{BodyInverseMass, BodyVelocity};

/// Solves every awake island in turn with one reusable [`Local`]; writes the impulses into
/// `rows.lambda` and the velocity changes into `delta_v`.
#[allow(clippy::too_many_arguments, reason = "the named data of the step")]
pub(crate) fn islands<T: Scalar, S: Storage, U: ConstraintFunction<T>>(
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
        local.gather_bodies(islands.bodies.of(k), |b| inverse[b])?;
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
