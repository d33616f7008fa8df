//! The exact finish of an island whose joint rows are solved directly and whose other rows
//! (limits, motors, contacts, joints outside the tree) are few: the Schur complement of the
//! direct block.
//!
//! Block Gauss-Seidel relaxes a motor row against the bare inverse masses of its two bodies,
//! while the joints make it drive the whole chain beyond them: on a six-joint arm 200
//! sweeps left residuals of 0.05–0.2. With `F = Γ_DD + cfm` factored (the direct rows `D`)
//! and the other rows `N` at most [`EXACT_ROWS`], the island's problem is exactly
//!
//! ```text
//! S λ_N = η_N − Γ_ND F⁻¹ η_D  (with the bounds of N),   S = Γ_NN − Γ_ND F⁻¹ Γ_DN,
//! λ_D = F⁻¹ (η_D − Γ_DN λ_N),
//! ```
//!
//! `S` dense and small, solved by the exact pivoting solver. Each column of `S` takes one
//! direct solve and one `M⁻¹Jᵀ` product, so the cost is `|N|` solves of the joint block.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::{Direct, EXACT_ROWS, Local};
use crate::world::WorldError;
use crate::world::capacity::push;
use crate::{
    Bounds, Certificate, PgsSettings, RowFlag, RowOperator, SequentialImpulse, SolveError, certify,
};

/// How many times the largest impulse one row of `N` needs alone the exact answer may
/// reach before it is taken for a squeeze (see [`largest_plausible_impulse`]).
const SQUEEZE: u16 = 1000;

impl<T: Scalar, S: Storage> Local<T, S> {
    /// Finishes an unconverged block solve exactly when the rows outside the direct block
    /// are at most [`EXACT_ROWS`]; keeps the sweeps' answer if the exact solver fails or
    /// does no better. Not inlined: its fixed arrays would enlarge the caller's frame on
    /// every solve (the on-target chain step's stack budget).
    #[inline(never)]
    pub(super) fn finish_with_schur(
        &mut self,
        c: Certificate<T>,
        settings: &PgsSettings<T>,
    ) -> Result<Certificate<T>, WorldError> {
        let n = self.rows.as_slice().len();
        let direct_row = self.direct_row.as_slice();
        let is_direct = |i: usize| direct_row.get(i).copied().unwrap_or(false);
        let mut others = [0usize; EXACT_ROWS];
        let mut m = 0;
        for i in (0..n).filter(|&i| !is_direct(i)) {
            if m == EXACT_ROWS {
                return Ok(c);
            }
            others[m] = i;
            m += 1;
        }
        if c.converged || m == 0 {
            return Ok(c);
        }
        // The bounds of N, a friction row's normal renumbered within N.
        let mut bounds_n = [Bounds::bilateral(); EXACT_ROWS];
        for (slot, &i) in bounds_n.iter_mut().zip(&others[..m]) {
            *slot = match self.bounds.as_slice()[i] {
                Bounds::Friction { normal, mu } => {
                    let Some(at) = others[..m].iter().position(|&k| k == normal) else {
                        return Ok(c);
                    };
                    Bounds::Friction { normal: at, mu }
                }
                b => b,
            };
        }
        self.schur.clear();
        for _ in 0..n {
            push(&mut self.schur, T::zero(), "rows")?;
        }
        let cfm = settings.cfm;
        let Self {
            rows,
            cache,
            delta_v,
            eta,
            lambda,
            flags,
            delta_lambda,
            schur,
            tree,
            graph,
            direct,
            gamma,
            exact,
            bounds,
            ..
        } = self;
        let (eta, lambda) = (eta.as_slice(), lambda.as_mut_slice());
        let (x, unit) = (delta_lambda.as_mut_slice(), schur.as_mut_slice());
        let mut op = SequentialImpulse::prepared(
            rows.as_slice(),
            cache.as_mut_slice(),
            delta_v.as_mut_slice(),
        );
        let mut solve_direct = |rhs: &dyn Fn(usize) -> T, out: &mut [T]| {
            let write = |i: usize, v: T| out[i] = v;
            match *direct {
                Direct::Tree => tree.solve(rhs, write),
                Direct::Graph => graph.solve(rhs, write),
            }
        };
        // Products `Γ λ` go through `M⁻¹Jᵀλ` (one reset), then row products. Columns of S:
        let mut alone = [T::zero(); EXACT_ROWS];
        for b in 0..m {
            let j = others[b];
            unit.fill(T::zero());
            unit[j] = T::one();
            op.reset(unit);
            // Γ_Dj, then x = F⁻¹ Γ_Dj on D (zero on N).
            let column: &dyn Fn(usize) -> T = &|d| op.product_row(d, unit);
            x.fill(T::zero());
            solve_direct(column, x);
            for &k in &others[..m] {
                x[k] = T::zero();
            }
            let gamma_nj: [T; EXACT_ROWS] = core::array::from_fn(|a| {
                if a < m {
                    op.product_row(others[a], unit)
                } else {
                    T::zero()
                }
            });
            alone[b] = gamma_nj[b];
            op.reset(x);
            for a in 0..m {
                gamma[a * m + b] = gamma_nj[a] - op.product_row(others[a], x);
            }
        }
        let dependent = dependent_on_joints(&gamma[..m * m], &alone[..m]);
        // The right-hand side of N.
        x.fill(T::zero());
        solve_direct(&|d| eta[d], x);
        for &k in &others[..m] {
            x[k] = T::zero();
        }
        op.reset(x);
        let rhs: [T; EXACT_ROWS] = core::array::from_fn(|a| {
            if a < m && !dependent[a] {
                eta[others[a]] - op.product_row(others[a], x)
            } else {
                T::zero()
            }
        });
        let start = |a: usize| {
            if a < m && !dependent[a] {
                lambda[others[a]]
            } else {
                T::zero()
            }
        };
        let mut trial: [T; EXACT_ROWS] = core::array::from_fn(start);
        // A dependent row's impulse is held at zero: a unit row and column of S, no
        // bounds, a zero right-hand side.
        for a in (0..m).filter(|&a| dependent[a]) {
            for k in 0..m {
                gamma[a * m + k] = T::zero();
                gamma[k * m + a] = T::zero();
            }
            gamma[a * m + a] = T::one();
            bounds_n[a] = Bounds::bilateral();
        }
        let mut flags_n = [RowFlag::Active; EXACT_ROWS];
        let s = &gamma[..m * m];
        let reach = largest_plausible_impulse(s, &rhs[..m]);
        let mut solved = exact.try_solve(
            s,
            &rhs[..m],
            &bounds_n[..m],
            cfm,
            true,
            &mut trial[..m],
            &mut flags_n[..m],
        );
        if matches!(solved, Err(SolveError::Singular | SolveError::NotConverged)) {
            // Dependent rows: regularize by √ε of the largest diagonal entry (as the polish).
            let largest = (0..m)
                .filter(|&a| !dependent[a])
                .fold(T::zero(), |w, a| w.max(s[a * m + a]));
            let floor = cfm + fpu::sqrt(T::epsilon()) * largest;
            trial = core::array::from_fn(start);
            solved = exact.try_solve(
                s,
                &rhs[..m],
                &bounds_n[..m],
                floor,
                true,
                &mut trial[..m],
                &mut flags_n[..m],
            );
        }
        // NaN in either counts as beyond.
        let within = trial[..m].iter().all(|t| t.abs() <= reach);
        let beyond = !within;
        if solved.is_err() || beyond {
            op.reset(lambda);
            return Ok(c);
        }
        // λ_D = F⁻¹ (η_D − Γ_DN λ_N).
        unit.fill(T::zero());
        for a in 0..m {
            unit[others[a]] = trial[a];
        }
        op.reset(unit);
        let coupled: &dyn Fn(usize) -> T = &|d| eta[d] - op.product_row(d, unit);
        x.fill(T::zero());
        solve_direct(coupled, x);
        for a in 0..m {
            x[others[a]] = trial[a];
        }
        op.reset(x);
        let bounds = bounds.as_slice();
        let flags = flags.as_mut_slice();
        let (residual, bound_violation) = certify(&op, eta, bounds, cfm, x, flags);
        // Judged on the rows it can move: a dependent row's defect is the same whatever
        // its impulse (the sweeps' grows by the same amount every step in vain).
        // (`unit` is free again: the right-hand side with each dependent row's set to what
        // it has, so that it counts as solved.)
        unit.copy_from_slice(eta);
        for a in (0..m).filter(|&a| dependent[a]) {
            unit[others[a]] = op.product_row(others[a], x) + cfm * x[others[a]];
        }
        let (free, _) = certify(&op, unit, bounds, cfm, x, flags);
        if free.is_finite() && free < c.residual {
            lambda.copy_from_slice(x);
            Ok(Certificate {
                residual,
                bound_violation,
                converged: residual <= settings.tolerance && bound_violation <= settings.tolerance,
                ..c
            })
        } else {
            op.reset(lambda);
            Ok(c)
        }
    }
}

/// Which rows of `N` the joints already hold: a row whose diagonal in the Schur complement
/// `S` is at most `√ε` of its diagonal alone (`Γ_aa`, in `alone`) cannot move its bodies
/// relative to each other beyond what the direct rows allow. A contact between two bodies
/// welded to a third is one: its `S_aa` is round-off (10⁻¹³ of `Γ_aa` in f64), and asking it
/// to separate them, an infeasible request, gave impulses of 10¹² and a body spinning past
/// the rotation integrator's limit. Such a row keeps a zero impulse (its residual stays,
/// reported as unresolved). `√ε` leaves physical ratios alone: a contact on a light body
/// welded to a heavy one has `S_aa/Γ_aa` about their mass ratio (6·10⁷:1 in f64 and
/// 2·10³:1 in f32 pass).
fn dependent_on_joints<T: Scalar>(s: &[T], alone: &[T]) -> [bool; EXACT_ROWS] {
    let m = alone.len();
    let floor = fpu::sqrt(T::epsilon());
    core::array::from_fn(|a| a < m && s[a * m + a] <= floor * alone[a])
}

/// The largest impulse a plausible answer of `S λ = rhs` has: [`SQUEEZE`] times the largest
/// that one row needs alone, `|rhs_a| / S_aa`. Rows of `N` can add up (a heavy body on a
/// light one's contact), but not by thousands: near-dependent rows can. A box joined by a
/// ball joint to the body another box is welded to, overlapping that box and resting on the
/// floor, is a toggle: its contacts and the joint make a near-null combination of `S`, and
/// the exact answer put 7·10³ to 7·10⁶ N·s along it (10⁴–10⁷ times the rows' own need). Its
/// velocities were right, but the next step, warm-started from it at a slightly different
/// pose, spun the bodies past the rotation integrator's limit. Beyond this bound the
/// sweeps' answer stays (its residual is reported).
fn largest_plausible_impulse<T: Scalar>(s: &[T], rhs: &[T]) -> T {
    let m = rhs.len();
    let alone = (0..m).fold(T::zero(), |w, a| w.max(rhs[a].abs() / s[a * m + a]));
    alone * T::from(SQUEEZE).unwrap_or_else(T::nan)
}
