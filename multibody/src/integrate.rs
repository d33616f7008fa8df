//! Time stepping in joint coordinates: `q ⊕ v Δt` for every joint type (quaternions through
//! `rotint`'s exact exponential map, so they stay unit and on the rotation group), and two
//! schemes: symplectic Euler (one ABA per step: the firmware's choice) and the implicit
//! midpoint rule (symmetric, second order; its energy error stays bounded instead of
//! drifting, solved by fixed-point iteration on the midpoint velocity).
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::{Quaternion, Rotation, Vector};

use crate::error::check_len;
use crate::{Error, Joint, Tree, Workspace};

/// How [`Tree::step`] advances the state.
///
/// # Example
/// ```
/// use multibody::Scheme;
/// let s = Scheme::<f64>::midpoint();
/// assert!(matches!(s, Scheme::ImplicitMidpoint { .. }));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Scheme<T> {
    /// `v ← v + Δt a(q, v)`, then `q ← q ⊕ Δt v`: first order, symplectic for separable
    /// systems, one forward-dynamics call per step.
    SymplecticEuler,
    /// `v_m = v + ½Δt a(q ⊕ ½Δt v_m, v_m)`, then `q ← q ⊕ Δt v_m`, `v ← 2 v_m − v`: second
    /// order and time-symmetric; `v_m` by fixed-point iteration, from the first guess
    /// `v + ½Δt a` with the accelerations of the last converged midpoint (kept in the
    /// [`Workspace`]), until it moves less than `tolerance` (absolute, in the units of `v`) or
    /// after `max_iterations` forward-dynamics calls. Where the iteration does not converge (the step is long for the motion: a
    /// whipping chain at 60 Hz), the substep is halved, down to `Δt / max_substeps`, and
    /// lengthened again after a fast convergence; [`StepReport`] says how many it took.
    ImplicitMidpoint {
        /// Forward-dynamics calls per (sub)step at most.
        max_iterations: usize,
        /// Largest change of `v_m` between iterations accepted as converged.
        tolerance: T,
        /// The shortest substep is `Δt / max_substeps`.
        max_substeps: usize,
    },
}

impl<T: Float> Scheme<T> {
    /// The implicit midpoint rule with 8 iterations per substep at most (a fast contraction
    /// is what keeps the step accurate, not only convergent), a tolerance of `√ε`, and up to
    /// 128 substeps.
    ///
    /// # Example
    /// ```
    /// use multibody::Scheme;
    /// if let Scheme::ImplicitMidpoint { max_iterations, tolerance, max_substeps } = Scheme::<f64>::midpoint() {
    ///     assert_eq!((max_iterations, max_substeps), (8, 128));
    ///     assert!(tolerance < 1e-7);
    /// }
    /// ```
    pub fn midpoint() -> Self {
        Self::ImplicitMidpoint {
            max_iterations: 8,
            tolerance: T::epsilon().sqrt(),
            max_substeps: 128,
        }
    }
}

/// What one [`Tree::step`] did.
///
/// # Example
/// ```
/// use multibody::StepReport;
/// let r = StepReport { iterations: 1, substeps: 1, converged: true, change: 0.0f64, limit_violation: 0.0 };
/// assert!(r.converged);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct StepReport<T> {
    /// Forward-dynamics calls made, over all substeps and attempts.
    pub iterations: usize,
    /// Substeps the step was split into (1: none).
    pub substeps: usize,
    /// The fixed-point iteration met its tolerance (always true for symplectic Euler).
    pub converged: bool,
    /// The last change of the midpoint velocity (0 for symplectic Euler).
    pub change: T,
    /// After the step, the largest distance any joint is past one of its soft
    /// [`Limits`](crate::Limits) (0 when none is, or none has limits).
    pub limit_violation: T,
}

impl<T: Float> Joint<T> {
    /// `q_out = q ⊕ v Δt`: the joint moved with constant velocity `v` for `dt` (rotations by
    /// the exact exponential map in the link frame, then renormalized).
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// let mut q = [0.0; 4];
    /// // Half a second at π rad/s about x: a quarter turn.
    /// Joint::Spherical.advance(&[1.0, 0.0, 0.0, 0.0], &[core::f64::consts::PI, 0.0, 0.0], 0.5, &mut q);
    /// let h = core::f64::consts::FRAC_1_SQRT_2;
    /// assert!((q[0] - h).abs() < 1e-15 && (q[1] - h).abs() < 1e-15);
    /// ```
    pub fn advance(&self, q: &[T], v: &[T], dt: T, q_out: &mut [T]) {
        let turn = |quat: &[T], w: Vector<T, 3>, dt: T| {
            let q0 = Quaternion::from_array([quat[0], quat[1], quat[2], quat[3]]);
            // Renormalized by hand: a non-finite velocity gives NaN here (and an error at the
            // next dynamics call), not a panic.
            let turned = q0 * rotint::quat_exp(w * dt);
            let n = turned.norm();
            Quaternion::from_array(turned.to_array().map(|x| x / n))
        };
        match self {
            Self::Revolute(_) | Self::Prismatic(_) => q_out[0] = q[0] + v[0] * dt,
            Self::Spherical => {
                let w = Vector([v[0], v[1], v[2]]);
                q_out[..4].copy_from_slice(&turn(q, w, dt).to_array());
            }
            Self::Fixed => {}
            Self::Free => {
                let w = Vector([v[0], v[1], v[2]]);
                let lin = Vector([v[3], v[4], v[5]]);
                // The link-frame velocity turned into the parent at mid-step (second order
                // for a constant twist).
                let mid = turn(&q[3..7], w, dt * (T::one() / (T::one() + T::one())));
                let moved = Rotation::from_quaternion(&mid).apply(&(lin * dt));
                for k in 0..3 {
                    q_out[k] = q[k] + moved.0[k];
                }
                q_out[3..7].copy_from_slice(&turn(&q[3..7], w, dt).to_array());
            }
        }
    }
}

impl<T: Float, S: Storage> Tree<T, S> {
    /// `q_out = q ⊕ v Δt` for every joint.
    ///
    /// # Errors
    /// [`Error::Length`] for slices of the wrong length.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree};
    /// use xform::{Inertia, Plx, Vector};
    /// let mut tree = Tree::<f64, cwlist::Fixed<1>>::new();
    /// tree.try_push(Link::new(None, Joint::prismatic(Vector([1.0, 0.0, 0.0])).unwrap(), Plx::identity(), Inertia::zero())).unwrap();
    /// let mut q = [0.0];
    /// tree.advance(&[1.0], &[2.0], 0.5, &mut q).unwrap();
    /// assert_eq!(q, [2.0]);
    /// ```
    pub fn advance(&self, q: &[T], v: &[T], dt: T, q_out: &mut [T]) -> Result<(), Error> {
        check_len("q", self.nq(), q.len())?;
        check_len("v", self.nv(), v.len())?;
        check_len("q_out", self.nq(), q_out.len())?;
        for (i, link) in self.links().iter().enumerate() {
            let (qr, vr) = self.coordinates(i);
            link.joint
                .advance(&q[qr.clone()], &v[vr], dt, &mut q_out[qr]);
        }
        Ok(())
    }

    /// One time step of `dt` under joint forces `tau`, the links' drives (damping, motors,
    /// soft limits: [`Tree::joint_forces`]) and `gravity`, in place on `q` and `v`; `a`
    /// receives the last accelerations computed.
    ///
    /// # Errors
    /// As [`Tree::forward_dynamics`]. On error `q` and `v` may hold a partial update.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Scheme, Tree, Workspace};
    /// use xform::{Inertia, Matrix, Plx, Vector};
    /// // A point pendulum (1 kg, 1 m) released horizontally keeps its energy: after 2 s at
    /// // 60 Hz the midpoint rule is within 0.1 % of the m g l it had.
    /// let mut tree = Tree::<f64, cwlist::Fixed<1>>::new();
    /// tree.try_push(Link::new(None, Joint::revolute(Vector([0.0, 1.0, 0.0])).unwrap(), Plx::identity(),
    ///     Inertia::new(1.0, Vector([1.0, 0.0, 0.0]), Matrix::zeros()))).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// let g = Vector([0.0, 0.0, -9.81]);
    /// let (mut q, mut v, mut a) = ([0.0], [0.0], [0.0]);
    /// for _ in 0..120 {
    ///     let r = tree.step(&mut ws, &mut q, &mut v, &[0.0], g, 1.0 / 60.0, Scheme::midpoint(), &mut a).unwrap();
    ///     assert!(r.converged);
    /// }
    /// tree.link_velocities(&mut ws, &q, &v).unwrap();
    /// let e = tree.kinetic_energy(&ws) + tree.potential_energy(&ws, g);
    /// assert!(e.abs() < 1e-3 * 9.81, "{e}");
    /// ```
    #[allow(
        clippy::too_many_arguments,
        reason = "the state, its inputs and the scheme"
    )]
    pub fn step(
        &self,
        ws: &mut Workspace<T, S>,
        q: &mut [T],
        v: &mut [T],
        tau: &[T],
        gravity: Vector<T, 3>,
        dt: T,
        scheme: Scheme<T>,
        a: &mut [T],
    ) -> Result<StepReport<T>, Error> {
        match scheme {
            Scheme::SymplecticEuler => {
                self.articulated_body(ws, q, v, tau, gravity, a, true)?;
                for (vi, ai) in v.iter_mut().zip(a.iter()) {
                    *vi = *vi + *ai * dt;
                }
                self.advance_in_place(ws, q, v, dt);
                Ok(StepReport {
                    iterations: 1,
                    substeps: 1,
                    converged: true,
                    change: T::zero(),
                    limit_violation: self.limit_violation(q),
                })
            }
            Scheme::ImplicitMidpoint {
                max_iterations,
                tolerance,
                max_substeps,
            } => {
                self.check_inputs(ws, q, &[("v", v), ("tau", tau)])?;
                check_len("a", self.nv(), a.len())?;
                let mut schedule = Schedule::new(max_substeps, ws.substeps);
                let mut total = StepReport {
                    iterations: 0,
                    substeps: 0,
                    converged: true,
                    change: T::zero(),
                    limit_violation: T::zero(),
                };
                while let Some(m) = schedule.next_length() {
                    let h = schedule.seconds(m, dt);
                    let r =
                        self.midpoint(ws, q, v, tau, gravity, h, max_iterations, tolerance, a)?;
                    total.iterations += r.iterations;
                    total.change = r.change;
                    if !r.converged && schedule.retry_shorter(m) {
                        for i in 0..self.len() {
                            let (qr, vr) = self.coordinates(i);
                            let s = &ws.links.as_slice()[i];
                            q[qr.clone()].copy_from_slice(&s.q0[..qr.len()]);
                            v[vr.clone()].copy_from_slice(&s.v0[..vr.len()]);
                        }
                        continue;
                    }
                    total.converged &= r.converged;
                    total.substeps += 1;
                    // Fast enough (three quarters of the allowed iterations, counting the
                    // one the predicted first guess saves): lengthen.
                    schedule.accept(m, 4 * (r.iterations + 1) <= 3 * max_iterations);
                }
                ws.substeps = schedule.substeps_next();
                total.limit_violation = self.limit_violation(q);
                Ok(total)
            }
        }
    }

    /// `q ← q ⊕ v Δt`, through the workspace's per-link copies.
    fn advance_in_place(&self, ws: &mut Workspace<T, S>, q: &mut [T], v: &[T], dt: T) {
        let scratch = ws.links.as_mut_slice();
        for (i, link) in self.links().iter().enumerate() {
            let (qr, vr) = self.coordinates(i);
            let n = qr.len();
            scratch[i].q0[..n].copy_from_slice(&q[qr.clone()]);
            link.joint
                .advance(&scratch[i].q0[..n], &v[vr], dt, &mut q[qr]);
        }
    }

    #[allow(
        clippy::too_many_arguments,
        reason = "Tree::step's arguments, unpacked"
    )]
    fn midpoint(
        &self,
        ws: &mut Workspace<T, S>,
        q: &mut [T],
        v: &mut [T],
        tau: &[T],
        gravity: Vector<T, 3>,
        dt: T,
        max_iterations: usize,
        tolerance: T,
        a: &mut [T],
    ) -> Result<StepReport<T>, Error> {
        let half = dt * (T::one() / (T::one() + T::one()));
        // Keep q0 and v0 per link; v holds the midpoint velocity while iterating. The first
        // guess is `v0 + ½Δt a` with the accelerations of the last converged midpoint: off
        // by O(Δt²) where `v0` alone is off by O(Δt), so a smooth motion converges in one
        // iteration fewer.
        for i in 0..self.len() {
            let (qr, vr) = self.coordinates(i);
            let s = &mut ws.links.as_mut_slice()[i];
            s.q0[..qr.len()].copy_from_slice(&q[qr]);
            s.v0[..vr.len()].copy_from_slice(&v[vr.clone()]);
            for (k, vj) in v[vr].iter_mut().enumerate() {
                *vj = s.v0[k] + s.predictor[k] * half;
            }
        }
        let mut report = StepReport {
            iterations: 0,
            substeps: 1,
            converged: false,
            change: T::infinity(),
            limit_violation: T::zero(),
        };
        while report.iterations < max_iterations.max(1) {
            // q = q0 ⊕ ½Δt v_m
            for (i, link) in self.links().iter().enumerate() {
                let (qr, vr) = self.coordinates(i);
                let s = &ws.links.as_slice()[i];
                let q0 = s.q0;
                link.joint
                    .advance(&q0[..qr.len()], &v[vr], half, &mut q[qr]);
            }
            self.articulated_body(ws, q, v, tau, gravity, a, true)?;
            report.iterations += 1;
            let mut change = T::zero();
            for i in 0..self.len() {
                let (_, vr) = self.coordinates(i);
                let v0 = ws.links.as_slice()[i].v0;
                for (k, j) in vr.enumerate() {
                    let next = v0[k] + a[j] * half;
                    change = change.max((next - v[j]).abs());
                    v[j] = next;
                }
            }
            let growing = change > report.change;
            report.change = change;
            if change <= tolerance {
                report.converged = true;
                break;
            }
            // Diverging (the step is too long for the iteration): stop at the last iterate
            // and say so, rather than run into infinities.
            if growing && report.iterations > 2 || !change.is_finite() {
                break;
            }
        }
        // q = q0 ⊕ Δt v_m, v = 2 v_m − v0; a converged midpoint's accelerations are the next
        // first guess (a failed one's may be far off).
        for (i, link) in self.links().iter().enumerate() {
            let (qr, vr) = self.coordinates(i);
            let s = &mut ws.links.as_mut_slice()[i];
            let (q0, v0) = (s.q0, s.v0);
            link.joint
                .advance(&q0[..qr.len()], &v[vr.clone()], dt, &mut q[qr]);
            for (k, j) in vr.enumerate() {
                v[j] = v[j] + v[j] - v0[k];
                if report.converged {
                    s.predictor[k] = a[j];
                }
            }
        }
        Ok(report)
    }
}

/// The implicit step's adaptive substeps: halve a substep whose iteration fails (it is
/// retried from its own start), double the next one after a fast convergence; the first
/// substep is as long as the last step's last one. Lengths are whole ticks of
/// `Δt / max_substeps`, so the substeps add up to `Δt` exactly: no sliver of rounding is
/// left over for an extra substep, and every target takes the same substeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Schedule {
    /// Ticks in a step (`max_substeps`, at least 1).
    ticks: usize,
    /// The length asked for next (ticks); the step's end may cut it short.
    length: usize,
    /// Ticks not yet stepped.
    left: usize,
}

impl Schedule {
    /// A step of `max_substeps` ticks, starting with substeps of `1 / substeps` of it.
    fn new(max_substeps: usize, substeps: usize) -> Self {
        let ticks = max_substeps.max(1);
        Self {
            ticks,
            length: (ticks / substeps.clamp(1, ticks)).max(1),
            left: ticks,
        }
    }

    /// The next substep's length in ticks, or `None` when the step is done.
    fn next_length(&self) -> Option<usize> {
        (self.left > 0).then(|| self.length.min(self.left))
    }

    /// `m` ticks in seconds (exactly `dt` for the whole step).
    fn seconds<T: Float>(&self, m: usize, dt: T) -> T {
        if m == self.ticks {
            return dt;
        }
        let count = |n: usize| T::from(n).unwrap_or_else(T::one);
        dt * count(m) / count(self.ticks)
    }

    /// A substep of `m` ticks failed: retry it at half the length, unless it is one tick
    /// already (then it is kept as it is: `false`).
    fn retry_shorter(&mut self, m: usize) -> bool {
        if m <= 1 {
            return false;
        }
        self.length = m / 2;
        true
    }

    /// A substep of `m` ticks is kept; the next is twice as long if it converged `fast`.
    fn accept(&mut self, m: usize, fast: bool) {
        self.left -= m;
        if fast {
            self.length = self.length.max(2 * m).min(self.ticks);
        }
    }

    /// How many substeps of the length asked for last fill a step (where the next starts).
    fn substeps_next(&self) -> usize {
        self.ticks / self.length
    }
}

#[cfg(test)]
mod tests {
    use super::Schedule;
    use proptest::prelude::*;

    proptest! {
        /// Whatever the iterations do, the kept substeps fill the step exactly, each one
        /// tick or more, and the step ends: at most `ticks` kept substeps, each after at most
        /// one halving per bit of `ticks`.
        #[test]
        fn kept_substeps_fill_the_step(
            ticks in 1usize..300,
            start in 0usize..400,
            outcomes in proptest::collection::vec(0u8..3, 0..2000),
        ) {
            let mut s = Schedule::new(ticks, start);
            let (mut kept, mut tries, mut filled) = (0usize, 0usize, 0usize);
            let mut outcome = outcomes.iter().copied().cycle().chain(core::iter::repeat(1));
            while let Some(m) = s.next_length() {
                prop_assert!((1..=ticks).contains(&m));
                tries += 1;
                let bits = (usize::BITS - ticks.leading_zeros()) as usize;
                prop_assert!(tries <= ticks * (bits + 1), "no end after {tries} tries");
                // 0: failed, 1: converged slowly, 2: converged fast.
                match outcome.next().unwrap_or(1) {
                    0 if s.retry_shorter(m) => continue,
                    o => s.accept(m, o == 2),
                }
                kept += 1;
                filled += m;
            }
            prop_assert_eq!(filled, ticks);
            prop_assert!(kept <= ticks);
            prop_assert!((1..=ticks).contains(&s.substeps_next()));
        }
    }

    #[test]
    fn seconds_are_exact_for_the_whole_step_and_proportional_for_a_part() {
        let s = Schedule::new(3, 1);
        let dt = 1.0f64 / 60.0;
        assert_eq!(s.seconds(3, dt), dt);
        approx::assert_relative_eq!(s.seconds(1, dt), dt / 3.0, max_relative = 1e-15);
    }
}
