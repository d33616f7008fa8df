//! An exact solver for small box-bounded MLCPs: a primal active-set (principal pivoting)
//! method on the equivalent strictly convex quadratic program, in fixed-capacity storage.
//!
//! For symmetric positive definite `A = Γ + cfm·I`, the MLCP `r = Aλ − η`,
//! `λ⁻ ≤ λ ≤ λ⁺`, complementarity, is exactly the optimality condition of
//! `min ½λᵀAλ − ηᵀλ` over the box. Each pivot either moves to the minimiser on the current
//! free set (solving `A_FF λ_F = η_F − A_FB λ_B` by LU with partial pivoting and one step
//! of iterative refinement, in fixed-capacity arrays) or, when a bound blocks the way, fixes that row at the bound; at a subspace
//! minimiser the bound row with the most negative multiplier is released. The objective
//! strictly decreases between releases, so no working set repeats and the method ends in
//! finitely many pivots with λ exact up to rounding.
//!
//! Friction rows (limits `±μλ_normal`) make the problem non-convex. They enter the same
//! pivoting scheme as *linked* rows: a friction row at a limit is the linear equation
//! `λ_t = ±μ λ_normal`, substituted into the subspace system (which is then unsymmetric, one
//! more reason for LU), and the ratio test follows the moving limits
//! `μλ_normal ∓ λ_t ≥ 0`. Termination is no longer guaranteed by convexity, so a pivot budget
//! bounds the work and [`SolveError::NotConverged`] reports exhaustion.
#![allow(
    clippy::needless_range_loop,
    reason = "dense linear algebra reads clearest with explicit indices"
)]

use num_traits::Float;

use crate::pgs::{certify, check_shape, flag_rows, gather, multiplicity, scatter};
use crate::{Bounds, Certificate, DenseMatrix, PgsSettings, RowFlag, SolveError, pgs_sor_observed};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Free,
    /// At the lower limit (for a friction row: linked, `λ = −μλ_normal`).
    Lower,
    /// At the upper limit (for a friction row: linked, `λ = +μλ_normal`).
    Upper,
    /// Equal limits, a flagged row, or friction whose normal multiplier is zero.
    Fixed,
}

/// How much work an exact solve took, and the certificate of its answer.
///
/// # Example
/// ```
/// use solver::{Bounds, ExactSolver, RowFlag};
/// // A box row that hits its upper limit and a free row coupled to it.
/// let gamma = [2.0, 1.0, 1.0, 2.0];
/// let bounds = [Bounds::new(-1.0, 1.0), Bounds::bilateral()];
/// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
/// let report = ExactSolver::<f64, 4>::new()
///     .try_solve(&gamma, &[4.0, 0.0], &bounds, 0.0, false, &mut lambda, &mut flags)
///     .unwrap();
/// // λ₀ = 1 (at its limit), then 2λ₁ = −1.
/// assert_eq!(lambda, [1.0, -0.5]);
/// assert!(report.residual < 1e-15 && report.pivots >= 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ExactReport<T> {
    /// Projected residual of the answer, as in [`Certificate`](crate::Certificate)
    /// (rounding level at an exact solution).
    pub residual: T,
    /// Largest bound violation of the answer (zero up to rounding).
    pub bound_violation: T,
    /// Active-set pivots (subspace solves).
    pub pivots: usize,
    /// Rounds of frozen friction limits (0 without friction rows).
    pub friction_rounds: usize,
    /// Rows flagged and left at zero.
    pub flagged_rows: usize,
}

/// What [`ExactSolver::pgs_subspace`] did: the certificate of its answer (over every row,
/// `iterations` counting PGS sweeps only) and the exact solves it ran.
///
/// # Example
/// ```
/// use solver::{Bounds, ExactSolver, PgsSettings, RowFlag};
/// let gamma = [1.0, 0.9, 0.9, 1.0];
/// let settings = PgsSettings { tolerance: 1e-12, max_iterations: 1000, ..PgsSettings::default() };
/// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
/// let report = ExactSolver::<f64, 2>::new()
///     .pgs_subspace(&gamma, &[1.0, 1.0], &[Bounds::bilateral(); 2], &settings, 3,
///                   &mut lambda, &mut flags, |_, _| {})
///     .unwrap();
/// assert_eq!((report.polishes, report.accepted), (1, 1));
/// assert!(report.certificate.converged && report.certificate.iterations == 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SubspaceReport<T> {
    /// The certificate of the returned λ.
    pub certificate: Certificate<T>,
    /// Exact subspace solves attempted.
    pub polishes: usize,
    /// Exact subspace solves kept (they lowered the projected residual).
    pub accepted: usize,
    /// Active-set pivots over all polishes.
    pub pivots: usize,
}

/// Exact MLCP solver for at most `N` rows; all storage is inside the value (about
/// `16·N²` bytes for f64), nothing is allocated.
///
/// # Example
/// ```
/// use solver::{Bounds, ExactSolver, RowFlag};
/// // A box row that hits its upper limit and a free row coupled to it.
/// let gamma = [2.0, 1.0, 1.0, 2.0];
/// let bounds = [Bounds::new(-1.0, 1.0), Bounds::bilateral()];
/// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
/// let report = ExactSolver::<f64, 4>::new()
///     .try_solve(&gamma, &[4.0, 0.0], &bounds, 0.0, false, &mut lambda, &mut flags)
///     .unwrap();
/// // λ₀ = 1 (at its limit), then 2λ₁ = −1.
/// assert_eq!(lambda, [1.0, -0.5]);
/// assert!(report.residual < 1e-15 && report.pivots >= 1);
/// ```
#[derive(Debug, Clone)]
pub struct ExactSolver<T, const N: usize> {
    matrix: [[T; N]; N],
    factor: [[T; N]; N],
    perm: [usize; N],
    free: [usize; N],
    position: [usize; N],
    /// What row `j` adds to each free row's equation in the subspace system, classified
    /// once per system: `Γᵢⱼ·coefficient[j]` to column `column[j]`, or for [`KNOWN`] the
    /// term `Γᵢⱼ·coefficient[j]·known[j]` taken to the right-hand side ([`SKIPPED`]: a
    /// flagged row, nothing).
    column: [usize; N],
    coefficient: [T; N],
    known: [T; N],
    state: [State; N],
    x: [T; N],
    rhs: [T; N],
    work: [T; N],
    step: [T; N],
    lo: [T; N],
    hi: [T; N],
    saved: [T; N],
    /// Whether friction limits follow the normal rows (`true`) or are frozen in `lo`/`hi`.
    linked: bool,
    /// Pivot budget per convex solve (`0` means `50·n + 100`).
    pub max_pivots: usize,
    /// Budget of frozen-limit rounds for friction rows.
    pub max_friction_rounds: usize,
}

impl<T: Float, const N: usize> Default for ExactSolver<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

/// [`ExactSolver`]'s `column` of a row whose term goes to the right-hand side.
const KNOWN: usize = usize::MAX;
/// [`ExactSolver`]'s `column` of a flagged row, which adds nothing.
const SKIPPED: usize = usize::MAX - 1;

fn friction_of<T: Float>(b: &Bounds<T>) -> Option<(usize, T)> {
    match *b {
        Bounds::Friction { normal, mu } => Some((normal, mu)),
        Bounds::Box { .. } => None,
    }
}

impl<T: Float, const N: usize> ExactSolver<T, N> {
    /// A solver with zeroed storage and the default budget.
    ///
    /// # Example
    /// ```
    /// let solver = solver::ExactSolver::<f32, 8>::new();
    /// assert_eq!(solver.max_pivots, 0); // 0: the default budget 50·n + 100
    /// ```
    #[must_use]
    pub fn new() -> Self {
        Self {
            matrix: [[T::zero(); N]; N],
            factor: [[T::zero(); N]; N],
            perm: [0; N],
            free: [0; N],
            position: [usize::MAX; N],
            column: [KNOWN; N],
            coefficient: [T::zero(); N],
            known: [T::zero(); N],
            state: [State::Free; N],
            x: [T::zero(); N],
            rhs: [T::zero(); N],
            work: [T::zero(); N],
            step: [T::zero(); N],
            lo: [T::zero(); N],
            hi: [T::zero(); N],
            saved: [T::zero(); N],
            linked: false,
            max_pivots: 0,
            max_friction_rounds: 500,
        }
    }

    /// Solves `(Γ + cfm·I)λ − η = r` with the bounds and complementarity exactly.
    ///
    /// # Example
    /// ```
    /// use solver::{Bounds, ExactSolver, RowFlag};
    /// // A box row that hits its upper limit and a free row coupled to it.
    /// let gamma = [2.0, 1.0, 1.0, 2.0];
    /// let bounds = [Bounds::new(-1.0, 1.0), Bounds::bilateral()];
    /// let (mut lambda, mut flags) = ([0.0; 2], [RowFlag::Active; 2]);
    /// let report = ExactSolver::<f64, 4>::new()
    ///     .try_solve(&gamma, &[4.0, 0.0], &bounds, 0.0, false, &mut lambda, &mut flags)
    ///     .unwrap();
    /// // λ₀ = 1 (at its limit), then 2λ₁ = −1.
    /// assert_eq!(lambda, [1.0, -0.5]);
    /// assert!(report.residual < 1e-15 && report.pivots >= 1);
    /// ```
    ///
    /// `gamma` is row-major `n × n`, `n = eta.len() <= N`, symmetric and positive definite
    /// on the active rows (or made so by `cfm > 0`). A friction row's normal row must have
    /// fixed limits with `lo >= 0`. With `warm_start`, `lambda` on entry seeds the active
    /// set (rows at a limit start there), which makes this a cheap *polish* of a projected
    /// Gauss-Seidel answer. Rows are flagged as in [`pgs_sor`](crate::pgs_sor): bad rows are
    /// left at zero, a merged row shares its representative's impulse equally, and a
    /// redundant row is kept (so dependent rows need `cfm > 0`, else
    /// [`SolveError::Singular`]). The report's residual covers every row.
    ///
    /// # Errors
    /// [`SolveError::CapacityExceeded`] if `n > N`; shape errors as
    /// [`pgs_sor`](crate::pgs_sor); [`SolveError::InvalidSettings`] for a negative or
    /// non-finite `cfm` or a friction row on a normal row without `lo >= 0`;
    /// [`SolveError::Singular`] if the free rows are dependent; [`SolveError::NotConverged`]
    /// if the pivot budget runs out. On error `lambda` is all zeros.
    #[allow(clippy::too_many_arguments, reason = "the MLCP data plus outputs")]
    pub fn try_solve(
        &mut self,
        gamma: &[T],
        eta: &[T],
        bounds: &[Bounds<T>],
        cfm: T,
        warm_start: bool,
        lambda: &mut [T],
        flags: &mut [RowFlag],
    ) -> Result<ExactReport<T>, SolveError> {
        let result = self.try_solve_unguarded(gamma, eta, bounds, cfm, warm_start, lambda, flags);
        if result.is_err() {
            lambda.iter_mut().for_each(|l| *l = T::zero());
        }
        result
    }

    #[allow(clippy::too_many_arguments, reason = "the MLCP data plus outputs")]
    fn try_solve_unguarded(
        &mut self,
        gamma: &[T],
        eta: &[T],
        bounds: &[Bounds<T>],
        cfm: T,
        warm_start: bool,
        lambda: &mut [T],
        flags: &mut [RowFlag],
    ) -> Result<ExactReport<T>, SolveError> {
        let n = eta.len();
        if n > N {
            return Err(SolveError::CapacityExceeded {
                rows: n,
                capacity: N,
            });
        }
        let g = DenseMatrix::new(gamma, n)?;
        check_shape(n, eta, bounds, lambda.len(), flags.len())?;
        if !(cfm >= T::zero() && cfm.is_finite()) {
            return Err(SolveError::InvalidSettings("cfm must be finite and >= 0"));
        }
        for b in bounds {
            if let Some((normal, _)) = friction_of(b) {
                match bounds[normal] {
                    Bounds::Box { lo, .. } if lo >= T::zero() => {}
                    _ => {
                        return Err(SolveError::InvalidSettings(
                            "exact solver: a friction row's normal row needs limits with lo >= 0",
                        ));
                    }
                }
            }
        }
        let flagged_rows = flag_rows(&g, eta, bounds, cfm, true, flags);
        for i in 0..n {
            if !warm_start || flags[i].is_bad_input() || !lambda[i].is_finite() {
                lambda[i] = T::zero();
            }
        }
        // Merged rows: the representative carries the sum of its copies, in limits as wide.
        let mut op = g;
        gather(&mut op, lambda, flags);
        let mut scaled = [Bounds::bilateral(); N];
        for i in 0..n {
            scaled[i] = bounds[i].scaled(multiplicity(flags[i]));
        }
        match self.solve_rounds(&g, eta, &scaled[..n], cfm, lambda, flags) {
            Ok((pivots, friction_rounds)) => {
                scatter(&mut op, lambda, flags);
                let (residual, bound_violation) = certify(&g, eta, bounds, cfm, lambda, flags);
                Ok(ExactReport {
                    residual,
                    bound_violation,
                    pivots,
                    friction_rounds,
                    flagged_rows,
                })
            }
            Err(e) => {
                lambda.iter_mut().for_each(|l| *l = T::zero());
                Err(e)
            }
        }
    }

    /// [`try_solve`](Self::try_solve) for callers that know the input is valid.
    ///
    /// # Example
    /// ```
    /// use solver::{Bounds, ExactSolver, RowFlag};
    /// let (mut lambda, mut flags) = ([0.0; 1], [RowFlag::Active; 1]);
    /// ExactSolver::<f64, 1>::new().solve(&[4.0], &[2.0], &[Bounds::unilateral()], 0.0, false,
    ///                                    &mut lambda, &mut flags);
    /// assert_eq!(lambda, [0.5]);
    /// ```
    ///
    /// # Panics
    /// On any error of [`try_solve`](Self::try_solve).
    #[allow(clippy::too_many_arguments, reason = "the MLCP data plus outputs")]
    pub fn solve(
        &mut self,
        gamma: &[T],
        eta: &[T],
        bounds: &[Bounds<T>],
        cfm: T,
        warm_start: bool,
        lambda: &mut [T],
        flags: &mut [RowFlag],
    ) -> ExactReport<T> {
        match self.try_solve(gamma, eta, bounds, cfm, warm_start, lambda, flags) {
            Ok(report) => report,
            Err(e) => panic!("exact MLCP solve failed: {e}"),
        }
    }

    /// Subspace-minimization PGS: blocks of `every` PGS-SOR sweeps (as
    /// [`pgs_sor`](crate::pgs_sor), with `settings`), each followed by an exact solve on the
    /// active set the sweeps found (this solver warm-started from the iterate, the
    /// "polish"), kept only when it lowers the projected residual. A PGS iterate identifies
    /// the active set long before it is accurate, so the polish jumps to the exact answer
    /// that plain sweeps approach slowly (long chains, mass ratios, ω too large).
    ///
    /// `observe(k, λ)` is called after every sweep as in
    /// [`pgs_sor_observed`](crate::pgs_sor_observed) (a polish shows at the next sweep).
    /// A failed polish (singular active set, pivot budget) is skipped, not an error.
    ///
    /// # Errors
    /// [`SolveError::CapacityExceeded`] if `eta.len() > N`; otherwise as
    /// [`pgs_sor`](crate::pgs_sor). On error `lambda` is all zeros.
    ///
    /// # Example
    /// ```
    /// use solver::{Bounds, ExactSolver, PgsSettings, RowFlag};
    /// // A 3-row chain: slow for plain PGS, exact after the first polish.
    /// let gamma = [2.0, -1.0, 0.0, -1.0, 2.0, -1.0, 0.0, -1.0, 2.0];
    /// let eta = [1.0, 0.0, 0.0];
    /// let settings = PgsSettings { tolerance: 1e-12, max_iterations: 100, ..PgsSettings::default() };
    /// let (mut lambda, mut flags) = ([0.0; 3], [RowFlag::Active; 3]);
    /// let report = ExactSolver::<f64, 4>::new()
    ///     .pgs_subspace(&gamma, &eta, &[Bounds::bilateral(); 3], &settings, 2, &mut lambda,
    ///                   &mut flags, |_, _| {})
    ///     .unwrap();
    /// assert!(report.certificate.converged && report.certificate.iterations == 2);
    /// assert!((lambda[0] - 0.75).abs() < 1e-12);
    /// ```
    #[allow(
        clippy::too_many_arguments,
        reason = "the MLCP data, the schedule and outputs"
    )]
    pub fn pgs_subspace(
        &mut self,
        gamma: &[T],
        eta: &[T],
        bounds: &[Bounds<T>],
        settings: &PgsSettings<T>,
        every: usize,
        lambda: &mut [T],
        flags: &mut [RowFlag],
        mut observe: impl FnMut(usize, &[T]),
    ) -> Result<SubspaceReport<T>, SolveError> {
        let n = eta.len();
        if n > N {
            lambda.iter_mut().for_each(|l| *l = T::zero());
            return Err(SolveError::CapacityExceeded {
                rows: n,
                capacity: N,
            });
        }
        let g = DenseMatrix::new(gamma, n).inspect_err(|_| {
            lambda.iter_mut().for_each(|l| *l = T::zero());
        })?;
        let every = every.max(1);
        let mut report = SubspaceReport {
            certificate: Certificate {
                residual: T::infinity(),
                bound_violation: T::infinity(),
                iterations: 0,
                converged: false,
                flagged_rows: 0,
                omega: settings.omega,
                fallbacks: 0,
            },
            polishes: 0,
            accepted: 0,
            pivots: 0,
        };
        let mut trial = [T::zero(); N];
        let mut done = 0;
        loop {
            let block = PgsSettings {
                max_iterations: every.min(settings.max_iterations - done),
                warm_start: settings.warm_start || done > 0,
                ..*settings
            };
            let mut op = g;
            let c = pgs_sor_observed(&mut op, eta, bounds, &block, lambda, flags, |k, l| {
                observe(done + k, l)
            })?;
            done += c.iterations;
            report.certificate = Certificate {
                iterations: done,
                fallbacks: report.certificate.fallbacks + c.fallbacks,
                ..c
            };
            if c.converged || done >= settings.max_iterations {
                return Ok(report);
            }
            trial[..n].copy_from_slice(lambda);
            report.polishes += 1;
            let mut trial_flags = [RowFlag::Active; N];
            if let Ok(polish) = self.try_solve(
                gamma,
                eta,
                bounds,
                settings.cfm,
                true,
                &mut trial[..n],
                &mut trial_flags[..n],
            ) {
                report.pivots += polish.pivots;
                let before = c.residual.max(c.bound_violation);
                let after = polish.residual.max(polish.bound_violation);
                if after < before {
                    report.accepted += 1;
                    lambda.copy_from_slice(&trial[..n]);
                    report.certificate.residual = polish.residual;
                    report.certificate.bound_violation = polish.bound_violation;
                    if polish.residual <= settings.tolerance
                        && polish.bound_violation <= settings.tolerance
                    {
                        report.certificate.converged = true;
                        return Ok(report);
                    }
                }
            }
        }
    }

    /// Friction data of row `i` when limits are linked, `None` when frozen.
    fn friction(&self, bounds: &[Bounds<T>], i: usize) -> Option<(usize, T)> {
        if self.linked {
            friction_of(&bounds[i])
        } else {
            None
        }
    }

    /// Current limits of row `i`.
    fn limits(&self, bounds: &[Bounds<T>], i: usize, lambda: &[T]) -> (T, T) {
        if self.linked {
            bounds[i].interval(lambda)
        } else {
            (self.lo[i], self.hi[i])
        }
    }

    /// Freezes every row's limits at the current multipliers; returns the largest change
    /// of a friction limit and the largest friction limit.
    fn freeze(&mut self, bounds: &[Bounds<T>], lambda: &[T]) -> (T, T) {
        let mut change = T::zero();
        let mut scale = T::zero();
        for (i, b) in bounds.iter().enumerate() {
            let (lo, hi) = b.interval(lambda);
            if friction_of(b).is_some() {
                change = change.max((hi - self.hi[i]).abs());
                scale = scale.max(hi);
            }
            self.lo[i] = lo;
            self.hi[i] = hi;
        }
        (change, scale)
    }

    /// Convex solves with frozen friction limits, each followed by an attempt to finish
    /// exactly with linked limits; without friction a single convex solve.
    fn solve_rounds(
        &mut self,
        g: &DenseMatrix<'_, T>,
        eta: &[T],
        bounds: &[Bounds<T>],
        cfm: T,
        lambda: &mut [T],
        flags: &[RowFlag],
    ) -> Result<(usize, usize), SolveError> {
        let n = eta.len();
        let has_friction = bounds.iter().any(|b| friction_of(b).is_some());
        let budget = if self.max_pivots == 0 {
            50 * n + 100
        } else {
            self.max_pivots
        };
        self.linked = false;
        self.freeze(bounds, lambda);
        let mut pivots = 0;
        for round in 0..=self.max_friction_rounds {
            self.linked = false;
            pivots += self.active_set(g, eta, bounds, cfm, lambda, flags, budget)?;
            if !has_friction {
                return Ok((pivots, 0));
            }
            // Try to finish exactly: friction rows at a limit become linked equations.
            self.saved[..n].copy_from_slice(lambda);
            self.linked = true;
            match self.active_set(g, eta, bounds, cfm, lambda, flags, 4 * n + 20) {
                Ok(p) => return Ok((pivots + p, round + 1)),
                Err(SolveError::NotConverged | SolveError::Singular) => {
                    lambda.copy_from_slice(&self.saved[..n]);
                }
                Err(e) => return Err(e),
            }
            self.linked = false;
            let (change, scale) = self.freeze(bounds, lambda);
            if change <= T::epsilon() * T::from(64).unwrap_or_else(T::one) * scale {
                return Ok((pivots, round + 1));
            }
        }
        Err(SolveError::NotConverged)
    }

    /// Places every row in its initial state, box rows before friction rows.
    fn initial_states(&mut self, bounds: &[Bounds<T>], lambda: &mut [T], flags: &[RowFlag]) {
        for pass_friction in [false, true] {
            for i in 0..lambda.len() {
                if self.friction(bounds, i).is_some() != pass_friction {
                    continue;
                }
                let (lo, hi) = self.limits(bounds, i, lambda);
                self.state[i] = if !flags[i].is_active() {
                    lambda[i] = T::zero();
                    State::Fixed
                } else if lo == hi && !pass_friction {
                    lambda[i] = lo;
                    State::Fixed
                } else if lambda[i] <= lo {
                    lambda[i] = lo;
                    State::Lower
                } else if lambda[i] >= hi {
                    lambda[i] = hi;
                    State::Upper
                } else {
                    State::Free
                };
            }
        }
    }

    /// Friction whose normal multiplier is held at zero has the single value zero.
    fn update_zero_friction(&mut self, bounds: &[Bounds<T>], lambda: &mut [T], flags: &[RowFlag]) {
        for t in 0..lambda.len() {
            let Some((normal, _)) = self.friction(bounds, t) else {
                continue;
            };
            if !flags[t].is_active() {
                continue;
            }
            if self.state[normal] != State::Free && lambda[normal] <= T::zero() {
                self.state[t] = State::Fixed;
                lambda[t] = T::zero();
            } else if self.state[t] == State::Fixed {
                self.state[t] = State::Free;
            }
        }
    }

    /// Assembles and solves the subspace system for the free rows (linked friction rows
    /// substituted); leaves the free values in `self.x[..m]`.
    fn subspace_solve(
        &mut self,
        g: &DenseMatrix<'_, T>,
        eta: &[T],
        bounds: &[Bounds<T>],
        cfm: T,
        lambda: &[T],
        flags: &[RowFlag],
    ) -> Result<usize, SolveError> {
        let n = eta.len();
        let mut m = 0;
        for i in 0..n {
            if self.state[i] == State::Free {
                self.free[m] = i;
                self.position[i] = m;
                m += 1;
            } else {
                self.position[i] = usize::MAX;
            }
        }
        // Each row's part in every equation, once: a free row is its own column, a linked
        // friction row `±μ` times its normal's (or, with the normal at a limit, a known
        // term), any other row its value.
        for j in 0..n {
            let (column, coefficient, known) = if !flags[j].is_active() {
                (SKIPPED, T::zero(), T::zero())
            } else {
                match (self.state[j], self.friction(bounds, j)) {
                    (State::Free, _) => (self.position[j], T::one(), T::zero()),
                    (State::Lower | State::Upper, Some((normal, mu))) => {
                        let s = if self.state[j] == State::Upper {
                            mu
                        } else {
                            -mu
                        };
                        match self.position[normal] {
                            usize::MAX => (KNOWN, s, lambda[normal]),
                            p => (p, s, T::zero()),
                        }
                    }
                    _ => (KNOWN, T::one(), lambda[j]),
                }
            };
            self.column[j] = column;
            self.coefficient[j] = coefficient;
            self.known[j] = known;
        }
        for a in 0..m {
            let i = self.free[a];
            self.matrix[a][..m].fill(T::zero());
            self.matrix[a][a] = cfm;
            let mut rhs = eta[i];
            // (`x·1` is `x`: the same bits as the terms written out.)
            for (j, &gij) in g.row(i).iter().enumerate() {
                match self.column[j] {
                    SKIPPED => {}
                    KNOWN => rhs = rhs - gij * self.coefficient[j] * self.known[j],
                    c => self.matrix[a][c] = self.matrix[a][c] + gij * self.coefficient[j],
                }
            }
            self.rhs[a] = rhs;
        }
        for a in 0..m {
            self.factor[a][..m].copy_from_slice(&self.matrix[a][..m]);
        }
        lu(&mut self.factor, &mut self.perm, m)?;
        self.x[..m].copy_from_slice(&self.rhs[..m]);
        lu_solve(&self.factor, &self.perm, m, &mut self.x);
        // One step of iterative refinement against the assembled matrix.
        for a in 0..m {
            let mut r = self.rhs[a];
            for b in 0..m {
                r = r - self.matrix[a][b] * self.x[b];
            }
            self.work[a] = r;
        }
        lu_solve(&self.factor, &self.perm, m, &mut self.work);
        for a in 0..m {
            self.x[a] = self.x[a] + self.work[a];
        }
        if !self.x[..m].iter().all(|x| x.is_finite()) {
            return Err(SolveError::Singular);
        }
        Ok(m)
    }

    #[allow(clippy::too_many_arguments, reason = "the MLCP data plus the budget")]
    fn active_set(
        &mut self,
        g: &DenseMatrix<'_, T>,
        eta: &[T],
        bounds: &[Bounds<T>],
        cfm: T,
        lambda: &mut [T],
        flags: &[RowFlag],
        budget: usize,
    ) -> Result<usize, SolveError> {
        let n = eta.len();
        self.initial_states(bounds, lambda, flags);
        let slack = T::epsilon() * T::from(64).unwrap_or_else(T::one);
        for pivot in 1..=budget {
            self.update_zero_friction(bounds, lambda, flags);
            let m = self.subspace_solve(g, eta, bounds, cfm, lambda, flags)?;
            // Direction toward the subspace solution: free rows first, then linked rows.
            for i in 0..n {
                self.step[i] = match self.position[i] {
                    usize::MAX => T::zero(),
                    p => self.x[p] - lambda[i],
                };
            }
            for i in 0..n {
                if let (State::Lower | State::Upper, Some((normal, mu))) =
                    (self.state[i], self.friction(bounds, i))
                {
                    let s = if self.state[i] == State::Upper {
                        mu
                    } else {
                        -mu
                    };
                    self.step[i] = s * self.step[normal];
                }
            }
            // Ratio test: the first limit (fixed, or moving with a normal row) in the way.
            let mut alpha = T::one();
            let mut blocking = None;
            for k in 0..m {
                let i = self.free[k];
                let p = self.step[i];
                let (gap_up, rate_up, gap_down, rate_down) = match self.friction(bounds, i) {
                    None => {
                        let (lo, hi) = self.limits(bounds, i, lambda);
                        (hi - lambda[i], -p, lambda[i] - lo, p)
                    }
                    Some((normal, mu)) => {
                        let limit = mu * lambda[normal].max(T::zero());
                        let rate = mu * self.step[normal];
                        (limit - lambda[i], rate - p, limit + lambda[i], rate + p)
                    }
                };
                for (gap, rate, state) in [
                    (gap_up, rate_up, State::Upper),
                    (gap_down, rate_down, State::Lower),
                ] {
                    if rate < T::zero() && gap.is_finite() {
                        let t = (gap / -rate).max(T::zero());
                        if t < alpha {
                            alpha = t;
                            blocking = Some((i, state));
                        }
                    }
                }
            }
            for i in 0..n {
                if self.step[i] != T::zero() {
                    lambda[i] = lambda[i] + alpha * self.step[i];
                }
            }
            if blocking.is_none() {
                for k in 0..m {
                    lambda[self.free[k]] = self.x[k];
                }
            }
            self.snap(bounds, lambda);
            if let Some((b, state)) = blocking {
                self.state[b] = state;
                self.snap(bounds, lambda);
                continue;
            }
            // At the subspace solution: release the limit row whose residual has the wrong
            // sign by the largest (rounding-aware) amount.
            let mut worst = T::zero();
            let mut release = None;
            for i in 0..n {
                let sign = match self.state[i] {
                    State::Lower => T::one(),
                    State::Upper => -T::one(),
                    State::Free | State::Fixed => continue,
                };
                let (r, size) = residual_row(g, eta, cfm, lambda, flags, i);
                let wrong = -sign * r - slack * size;
                if wrong > worst {
                    worst = wrong;
                    release = Some(i);
                }
            }
            match release {
                Some(i) => self.state[i] = State::Free,
                None => return Ok(pivot),
            }
        }
        Err(SolveError::NotConverged)
    }

    /// Puts rows at a limit exactly on it (box rows first, then linked friction rows).
    fn snap(&self, bounds: &[Bounds<T>], lambda: &mut [T]) {
        for pass_friction in [false, true] {
            for i in 0..lambda.len() {
                if self.friction(bounds, i).is_some() != pass_friction {
                    continue;
                }
                let (lo, hi) = self.limits(bounds, i, lambda);
                match self.state[i] {
                    State::Lower => lambda[i] = lo,
                    State::Upper => lambda[i] = hi,
                    State::Free | State::Fixed => {}
                }
            }
        }
    }
}

/// `rᵢ = ((Γ + cfm·I)λ − η)ᵢ` over active columns and the size of its terms (for a
/// rounding-aware sign test).
fn residual_row<T: Float>(
    g: &DenseMatrix<'_, T>,
    eta: &[T],
    cfm: T,
    lambda: &[T],
    flags: &[RowFlag],
    i: usize,
) -> (T, T) {
    let mut r = cfm * lambda[i] - eta[i];
    let mut size = (cfm * lambda[i]).abs() + eta[i].abs();
    for j in 0..eta.len() {
        if flags[j].is_active() {
            let t = g.get(i, j) * lambda[j];
            r = r + t;
            size = size + t.abs();
        }
    }
    (r, size)
}

/// In-place LU factorisation with partial pivoting of the leading `m × m` block
/// (`perm[k]` is the row swapped into place `k`).
fn lu<T: Float, const N: usize>(
    a: &mut [[T; N]; N],
    perm: &mut [usize; N],
    m: usize,
) -> Result<(), SolveError> {
    let mut scale = T::zero();
    for row in a.iter().take(m) {
        for &v in &row[..m] {
            scale = scale.max(v.abs());
        }
    }
    let tiny = scale * T::epsilon();
    for k in 0..m {
        let mut p = k;
        for i in k + 1..m {
            if a[i][k].abs() > a[p][k].abs() {
                p = i;
            }
        }
        perm[k] = p;
        a.swap(k, p);
        let pivot = a[k][k];
        if pivot.abs() <= tiny || !pivot.is_finite() || pivot.is_nan() {
            return Err(SolveError::Singular);
        }
        for i in k + 1..m {
            let f = a[i][k] / pivot;
            a[i][k] = f;
            for j in k + 1..m {
                a[i][j] = a[i][j] - f * a[k][j];
            }
        }
    }
    Ok(())
}

/// Solves with the factors of [`lu`], in place on the leading `m` entries.
fn lu_solve<T: Float, const N: usize>(
    a: &[[T; N]; N],
    perm: &[usize; N],
    m: usize,
    x: &mut [T; N],
) {
    for k in 0..m {
        x.swap(k, perm[k]);
    }
    for i in 0..m {
        let mut s = x[i];
        for k in 0..i {
            s = s - a[i][k] * x[k];
        }
        x[i] = s;
    }
    for i in (0..m).rev() {
        let mut s = x[i];
        for k in i + 1..m {
            s = s - a[i][k] * x[k];
        }
        x[i] = s / a[i][i];
    }
}
