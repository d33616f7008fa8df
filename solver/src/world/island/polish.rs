//! The exact finish of a small island the sweeps left unconverged.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::{EXACT_ROWS, Local};
use crate::world::WorldError;
use crate::{Certificate, PgsSettings, RowOperator, SequentialImpulse, SolveError, certify};

impl<T: Scalar, S: Storage> Local<T, S> {
    /// Finishes an unconverged solve of a small island exactly ([`EXACT_ROWS`]); keeps the
    /// sweeps' answer if the exact solver fails or does no better.
    pub(super) fn polish(
        &mut self,
        c: Certificate<T>,
        settings: &PgsSettings<T>,
        allowed: bool,
    ) -> Result<Certificate<T>, WorldError> {
        let n = self.rows.as_slice().len();
        if c.converged || !allowed || n == 0 || n > EXACT_ROWS {
            return Ok(c);
        }
        let mut op = SequentialImpulse::prepared(
            self.rows.as_slice(),
            self.cache.as_mut_slice(),
            self.delta_v.as_mut_slice(),
        );
        for i in 0..n {
            for j in 0..n {
                self.gamma[i * n + j] = op.coupling(i, j);
            }
        }
        let trial = self.delta_lambda.as_mut_slice();
        let lambda = self.lambda.as_mut_slice();
        trial.copy_from_slice(lambda);
        let (eta, bounds) = (self.eta.as_slice(), self.bounds.as_slice());
        let flags = self.flags.as_mut_slice();
        let cfm = settings.cfm;
        let gamma = &self.gamma[..n * n];
        let mut exact = self
            .exact
            .try_solve(gamma, eta, bounds, cfm, true, trial, flags);
        if matches!(exact, Err(SolveError::Singular | SolveError::NotConverged)) {
            // Dependent rows (the four corners of a box face constrain three freedoms):
            // regularize by √ε of the largest diagonal entry, a residual far below the
            // tolerance, and try again from the sweeps' answer.
            let largest = (0..n).fold(T::zero(), |m, i| m.max(gamma[i * n + i]));
            let floor = cfm + fpu::sqrt(T::epsilon()) * largest;
            trial.copy_from_slice(lambda);
            exact = self
                .exact
                .try_solve(gamma, eta, bounds, floor, true, trial, flags);
        }
        match exact {
            Ok(report) if report.residual < c.residual => {
                lambda.copy_from_slice(trial);
                op.reset(lambda);
                let (residual, bound_violation) = certify(&op, eta, bounds, cfm, lambda, flags);
                Ok(Certificate {
                    residual,
                    bound_violation,
                    converged: residual <= settings.tolerance
                        && bound_violation <= settings.tolerance,
                    ..c
                })
            }
            // `lambda` still holds the sweeps' answer; the flags are not read after this.
            _ => {
                op.reset(lambda);
                Ok(c)
            }
        }
    }
}
