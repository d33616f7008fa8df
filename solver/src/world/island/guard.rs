//! The energy guard: an island of contacts whose solved velocities have more kinetic energy
//! than its free motion is solved again from zero impulses.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::{Local, Outcome, Start};
use crate::world::{RigidBody, WorldError};
use crate::{BodyVelocity, PgsSettings};

/// Kinetic energy of a body moving with its free velocity plus a change: what the velocity
/// solve's energy guard compares ([`Local::solve_island`](super::solve::Local::solve_island)).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Kinetic<'a, T> {
    pub(crate) bodies: &'a [RigidBody<T>],
    /// Velocity before the constraints (world frame), per body.
    pub(crate) free: &'a [BodyVelocity<T>],
}

impl<T: Scalar> Kinetic<'_, T> {
    /// `½ m |v|² + ½ ωᵀ I ω` of body `b` at its free velocity plus `change` (world frame).
    pub(crate) fn of(&self, b: usize, change: &BodyVelocity<T>) -> T {
        let (body, free) = (&self.bodies[b], &self.free[b]);
        let Some(inertia) = &body.inertia else {
            return T::zero();
        };
        let v = free.linear + change.linear;
        let w = body
            .orientation
            .conjugate()
            .rotate(&(free.angular + change.angular));
        let half = (T::one() + T::one()).recip();
        half * body.mass * v.norm_squared() + inertia.kinetic_energy(w)
    }
}

impl<T: Scalar, S: Storage> Local<T, S> {
    /// The energy guard of [`Self::solve_island`]: if the velocity changes give the island
    /// more kinetic energy than its free motion has (beyond a thousandth of it), solves the rows
    /// (whose `η` holds no push) again from zero impulses with `settings`, and returns that
    /// solve's outcome with `energy_resolves` counted; otherwise `outcome`. From zero, each
    /// sweep of inelastic contact rows only lowers `½λᵀΓλ − λᵀη`, which bounds the kinetic
    /// energy the impulses add (a speculative gap's bias only loosens a row), so the
    /// result cannot gain energy the way a warm start the sweeps did not undo can.
    pub(super) fn guard_energy(
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
}
