//! PGS-SOR over every row of the island in sequential-impulse form, and what it left
//! unresolved.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::{Local, Outcome};
use crate::world::WorldError;
use crate::{
    BodyVelocity, Bounds, Certificate, PgsSettings, RowOperator, SequentialImpulse, pgs_sor,
};

impl<T: Scalar, S: Storage> Local<T, S> {
    /// `outcome` with the contacts its solve left unresolved counted.
    pub(super) fn count_unresolved(
        &mut self,
        outcome: Outcome<T>,
        settings: &PgsSettings<T>,
    ) -> Result<Outcome<T>, WorldError> {
        Ok(Outcome {
            unresolved: self.unresolved(&outcome.certificate, settings)?,
            ..outcome
        })
    }

    pub(super) fn clear_velocity_changes(&mut self) {
        for d in self.delta_v.as_mut_slice() {
            *d = BodyVelocity::default();
        }
    }

    /// How many contact normal rows (unilateral) keep a projected residual above the
    /// tolerance: contacts the solve could not hold this step (0 when it converged).
    pub(super) fn unresolved(
        &mut self,
        c: &Certificate<T>,
        settings: &PgsSettings<T>,
    ) -> Result<usize, WorldError> {
        if c.converged {
            return Ok(0);
        }
        let op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        let lambda = self.lambda.as_slice();
        let mut count = 0;
        for (i, (b, eta)) in self
            .bounds
            .as_slice()
            .iter()
            .zip(self.eta.as_slice())
            .enumerate()
        {
            // Unilateral: a finite lower limit (a bilateral joint row's is −∞).
            if !matches!(b, Bounds::Box { lo, hi } if *hi == T::infinity() && lo.is_finite()) {
                continue;
            }
            let (lo, hi) = b.interval(lambda);
            let r = op.product_row(i, lambda) + settings.cfm * lambda[i] - *eta;
            let defect = (lambda[i] - crate::bounds::clamp(lambda[i] - r, lo, hi)).abs();
            if defect.is_nan() || defect > settings.tolerance {
                count += 1;
            }
        }
        Ok(count)
    }

    /// PGS-SOR over every row in sequential-impulse form.
    pub(super) fn solve_rows(
        &mut self,
        settings: &PgsSettings<T>,
        trace: &mut [T],
    ) -> Result<Certificate<T>, WorldError> {
        let mut op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
        let (lambda, flags) = (self.lambda.as_mut_slice(), self.flags.as_mut_slice());
        if trace.is_empty() {
            return Ok(pgs_sor(&mut op, eta, bounds, settings, lambda, flags)?);
        }
        let mut certificate = None;
        for (k, slot) in trace.iter_mut().enumerate() {
            let one = PgsSettings {
                max_iterations: 1,
                tolerance: T::zero(),
                warm_start: k > 0 || settings.warm_start,
                ..*settings
            };
            let c = pgs_sor(&mut op, eta, bounds, &one, lambda, flags)?;
            *slot = slot.max(c.residual);
            certificate = Some(Certificate {
                iterations: k + 1,
                converged: c.residual <= settings.tolerance
                    && c.bound_violation <= settings.tolerance,
                ..c
            });
        }
        // `trace` is not empty here (the caller runs `pgs_sor` directly otherwise).
        certificate.ok_or(WorldError::InvalidSetting {
            setting: "trace length",
            value: crate::world::Value(0.0),
        })
    }
}
