//! Gathering an island into a [`Local`] problem (body indices renumbered; blocks on static
//! bodies left out) and scattering its result back.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::Local;
use crate::world::WorldError;
use crate::world::capacity::{push, resize};
use crate::{BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, JacobianBlock};

/// The rows of every island of a step, borrowed (the rows phase builds them), shareable
/// between threads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct RowsView<'a, T> {
    pub(crate) rows: &'a [ConstraintRow<T>],
    pub(crate) eta: &'a [T],
    pub(crate) push: &'a [T],
    pub(crate) separation: &'a [T],
    pub(crate) carried: &'a [T],
    pub(crate) bounds: &'a [Bounds<T>],
    pub(crate) lambda: &'a [T],
    /// Where each island's rows end ([`RowsView::island`]); one entry per island.
    pub(crate) island_end: &'a [u32],
}

impl<T> RowsView<'_, T> {
    /// Island `k`'s rows.
    pub(crate) fn island(&self, k: usize) -> core::ops::Range<usize> {
        let from = if k == 0 {
            0
        } else {
            self.island_end[k - 1] as usize
        };
        from..self.island_end[k] as usize
    }
}

/// The local index of global body `b` among an island's `bodies`, or `None` for a body
/// outside the island (static), read from `slot_of` (global body -> its index when its
/// island was last gathered; a stale entry fails the check).
pub(super) fn local_of(bodies: &[u32], slot_of: &[u32], b: usize) -> Option<usize> {
    match slot_of.get(b) {
        Some(&i) if bodies.get(i as usize) == Some(&(b as u32)) => Some(i as usize),
        _ => None,
    }
}

/// A row without Jacobian (on body 0): no effect on any velocity.
fn empty_row<T: Scalar>() -> ConstraintRow<T> {
    ConstraintRow {
        a: JacobianBlock {
            body: 0,
            linear: xform::Vector::zeros(),
            angular: xform::Vector::zeros(),
        },
        b: None,
    }
}

impl<T: Scalar, S: Storage> Local<T, S> {
    /// `row` in the island's numbering, without its blocks on bodies outside the island:
    /// those bodies are static (their velocity changes are zero), so `J Δv` and `M⁻¹Jᵀ` are
    /// the same without them.
    pub(super) fn local_row(&self, row: &ConstraintRow<T>) -> ConstraintRow<T> {
        let (bodies, slot_of) = (self.bodies.as_slice(), self.slot_of.as_slice());
        // Renumbered in place (building blocks as `Option`s copied the row through the
        // stack twice more: on the Cortex-M4F about half of `add_row`).
        let mut local = *row;
        let b = local.b.as_mut().and_then(|b| {
            local_of(bodies, slot_of, b.body).map(|i| {
                b.body = i;
            })
        });
        match (local_of(bodies, slot_of, row.a.body), b) {
            (Some(a), Some(())) => local.a.body = a,
            (Some(a), None) => {
                local.a.body = a;
                local.b = None;
            }
            (None, Some(())) => {
                // `take` leaves `None` behind.
                if let Some(b) = local.b.take() {
                    local.a = b;
                }
            }
            // A row of an island acts on one of its bodies (islands group rows by their
            // dynamic bodies); kept harmless if not: no Jacobian, so no effect.
            (None, None) => local = empty_row(),
        }
        local
    }

    /// Gathers island `k`'s bodies with their inverse masses `metric(global body)`.
    pub(crate) fn gather_bodies(
        &mut self,
        bodies: impl Iterator<Item = usize>,
        metric: impl Fn(usize) -> BodyInverseMass<T>,
    ) -> Result<(), WorldError> {
        self.bodies.clear();
        self.inverse.clear();
        self.inputs_factored = false;
        self.delta_v.clear();
        for (i, b) in bodies.enumerate() {
            while self.slot_of.as_slice().len() <= b {
                push(&mut self.slot_of, 0, "bodies")?;
            }
            self.slot_of.as_mut_slice()[b] = i as u32;
            push(&mut self.bodies, b as u32, "bodies")?;
            push(&mut self.inverse, metric(b), "bodies")?;
            push(&mut self.delta_v, BodyVelocity::default(), "bodies")?;
        }
        Ok(())
    }

    /// Gathers island `k`'s rows of `rows`, renumbered (after [`Self::gather_bodies`]).
    pub(crate) fn gather_rows(
        &mut self,
        k: usize,
        rows: RowsView<'_, T>,
    ) -> Result<(), WorldError> {
        let range = rows.island(k);
        let from = range.start;
        self.inputs_factored = false;
        // The columns copied whole, the rows renumbered in place.
        for (column, source) in [
            (&mut self.eta, rows.eta),
            (&mut self.push, rows.push),
            (&mut self.separation, rows.separation),
            (&mut self.carried, rows.carried),
            (&mut self.lambda, rows.lambda),
        ] {
            resize(column, range.len(), T::zero(), "rows")?;
            column
                .as_mut_slice()
                .copy_from_slice(&source[range.clone()]);
        }
        resize(&mut self.bounds, range.len(), Bounds::bilateral(), "rows")?;
        for (b, source) in self
            .bounds
            .as_mut_slice()
            .iter_mut()
            .zip(&rows.bounds[range.clone()])
        {
            *b = match *source {
                Bounds::Friction { normal, mu } => Bounds::Friction {
                    normal: normal - from,
                    mu,
                },
                b => b,
            };
        }
        self.rows.clear();
        for row in &rows.rows[range] {
            let local = self.local_row(row);
            push(&mut self.rows, local, "rows")?;
        }
        Ok(())
    }

    /// Starts the rows anew with `n` rows, each to be written by
    /// [`set_bilateral_row`](Self::set_bilateral_row); more may follow by
    /// [`add_row`](Self::add_row) (global body indices; friction bounds are not allowed):
    /// the position projection and the final velocity projection build their own rows. A
    /// buffer keeps its length from the last island, so an island of the same rows writes
    /// them in place (pushing every column of every row was half of `add_row` on the
    /// Cortex-M4F).
    pub(crate) fn start_rows(&mut self, n: usize) -> Result<(), WorldError> {
        self.inputs_factored = false;
        resize(&mut self.rows, n, empty_row(), "rows")?;
        for column in [
            &mut self.eta,
            &mut self.push,
            &mut self.separation,
            &mut self.carried,
            &mut self.lambda,
        ] {
            resize(column, n, T::zero(), "rows")?;
        }
        resize(&mut self.bounds, n, Bounds::bilateral(), "rows")
    }

    /// Writes row `i` of those [`start_rows`](Self::start_rows) made: a bilateral `row`
    /// (global body indices) and its `η`.
    pub(crate) fn set_bilateral_row(&mut self, i: usize, row: &ConstraintRow<T>, eta: T) {
        self.rows.as_mut_slice()[i] = self.local_row(row);
        self.eta.as_mut_slice()[i] = eta;
        for column in [
            &mut self.push,
            &mut self.separation,
            &mut self.carried,
            &mut self.lambda,
        ] {
            column.as_mut_slice()[i] = T::zero();
        }
        self.bounds.as_mut_slice()[i] = Bounds::bilateral();
    }

    /// Appends rows after [`start_rows`](Self::start_rows).
    pub(crate) fn add_rows(
        &mut self,
        rows: impl Iterator<Item = (ConstraintRow<T>, T, Bounds<T>)>,
    ) -> Result<(), WorldError> {
        for (row, eta, bounds) in rows {
            self.add_row(&row, eta, bounds)?;
        }
        Ok(())
    }

    /// Appends one row (global body indices), its `η` and bounds, after
    /// [`start_rows`](Self::start_rows).
    #[inline]
    pub(crate) fn add_row(
        &mut self,
        row: &ConstraintRow<T>,
        eta: T,
        bounds: Bounds<T>,
    ) -> Result<(), WorldError> {
        self.inputs_factored = false;
        let local = self.local_row(row);
        push(&mut self.rows, local, "rows")?;
        push(&mut self.eta, eta, "rows")?;
        push(&mut self.push, T::zero(), "rows")?;
        push(&mut self.separation, T::zero(), "rows")?;
        push(&mut self.carried, T::zero(), "rows")?;
        push(&mut self.bounds, bounds, "rows")?;
        push(&mut self.lambda, T::zero(), "rows")?;
        Ok(())
    }

    /// Writes the island's impulses into the global `lambda` from its first row `from`, and
    /// its velocity changes into `delta_v` (global).
    pub(crate) fn scatter(
        &self,
        from: usize,
        global_lambda: &mut [T],
        delta_v: &mut [BodyVelocity<T>],
        push_v: &mut [BodyVelocity<T>],
    ) {
        let lambda = self.lambda.as_slice();
        global_lambda[from..from + lambda.len()].copy_from_slice(lambda);
        for (b, d) in self.globals().zip(self.delta_v.as_slice()) {
            delta_v[b] = *d;
        }
        for (b, p) in self.globals().zip(self.push_v.as_slice()) {
            push_v[b] = *p;
        }
    }
}

/// The bodies a local row acts on, `(a, b)`: the key of a run of rows on one body pair (a
/// contact's normal and friction rows, and a manifold's points, are consecutive).
pub(super) fn body_pair<T>(row: &ConstraintRow<T>) -> (usize, Option<usize>) {
    (row.a.body, row.b.as_ref().map(|b| b.body))
}

#[inline]
fn block_dot<T: Scalar>(b: &JacobianBlock<T>, v: &BodyVelocity<T>) -> T {
    b.linear.dot(&v.linear) + b.angular.dot(&v.angular)
}

/// `J v` over the world's velocities.
#[inline]
pub(crate) fn row_dot<T: Scalar>(row: &ConstraintRow<T>, v: &[BodyVelocity<T>]) -> T {
    let mut s = block_dot(&row.a, &v[row.a.body]);
    if let Some(b) = &row.b {
        s = s + block_dot(b, &v[b.body]);
    }
    s
}
