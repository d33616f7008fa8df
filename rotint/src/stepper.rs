//! The rotation stepper: `(orientation, ω, α, Δt) → (orientation', ω')` for a constant
//! angular acceleration, with a guard on the rotation per step.
use num_traits::{Float, FloatConst};
use xform::{Matrix, Quaternion, Vector};

use crate::accurate;
use crate::exp_map::unnormalized;
use crate::magnus::{magnus, magnus_with_end};
use crate::{BodyInertia, Error, ExpMap, Frame, GyroScheme, MagnusTerms};

/// What the stepper does when the rotation in one step could exceed its limit.
///
/// # Example
/// ```
/// use rotint::{Error, Guard, Stepper};
/// use rotint::xform::{Quaternion, Vector};
/// let fast = Vector([0.0, 0.0, 30.0f64]); // 3 rad in 0.1 s
/// let z = Vector([0.0; 3]);
/// let reject = Stepper::new().with_guard(Guard::Reject);
/// assert_eq!(reject.step(Quaternion::identity(), fast, z, 0.1), Err(Error::StepTooLarge));
/// assert!(Stepper::new().step(Quaternion::identity(), fast, z, 0.1).is_ok()); // substeps
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Guard {
    /// Split the step into the fewest equal substeps that each respect the limit (exact for
    /// constant α: ω is advanced linearly through the substeps); fail with
    /// [`Error::TooManySubsteps`] if more than `max_substeps` would be needed.
    Substep {
        /// Upper limit on the number of substeps of one call.
        max_substeps: u32,
    },
    /// Fail with [`Error::StepTooLarge`].
    Reject,
}

impl Default for Guard {
    fn default() -> Self {
        Self::Substep { max_substeps: 64 }
    }
}

/// Integrates orientation under constant angular acceleration with a truncated Magnus series.
///
/// The rotation per step is bounded by `θ̂ = |Δt| max(|ω|, |ω'|)`, an upper bound of the path
/// length `∫|ω(t)|dt` because `|ω + αt|` is convex in t. The Magnus series converges when
/// `∫‖ω(t)×‖₂ dt = ∫|ω(t)|dt < π` (Moan & Niesen 2008, spectral norm); the seed's
/// `π/√2 ≈ 127°` is the same theorem with the Frobenius norm (`‖ω×‖_F = √2|ω|`), valid but
/// conservative. The default limit is the seed's `π/√2`; accuracy, not convergence, is
/// usually the reason to choose a smaller one.
///
/// # Example
/// ```
/// use rotint::Stepper;
/// use rotint::xform::{Quaternion, Vector};
/// // 60 steps of 1/60 s at 1 rad/s about z: one radian.
/// let st = Stepper::new();
/// let (mut q, mut w) = (Quaternion::identity(), Vector([0.0, 0.0, 1.0f64]));
/// for _ in 0..60 {
///     (q, w) = st.step(q, w, Vector([0.0; 3]), 1.0 / 60.0).unwrap();
/// }
/// // The default trig-free map is off by about θ⁵/480 per step (θ = 1/60 rad).
/// assert!((q.angle() - 1.0).abs() < 1e-8);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stepper<T> {
    terms: MagnusTerms,
    exp_map: ExpMap,
    frame: Frame,
    max_angle: T,
    guard: Guard,
}

impl<T: Float + FloatConst> Default for Stepper<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Float + FloatConst> Stepper<T> {
    /// Ω1+Ω2 (order 4), the trig-free cubic exponential, body frame, limit `π/√2`,
    /// substepping up to 64 times.
    ///
    /// The body frame is the default because it is the cheaper one for
    /// [`Stepper::step_with_torque`]: a world-frame ω goes through `q⁻¹` and `q'` every step,
    /// and to keep the energy of a long run that round trip is computed in double length
    /// (about 200 ns more per step on x86-64, ≈ 300 → 510 ns). Both frames then keep it
    /// equally well: over 1e5 steps of a free asymmetric body (`rotint/tests/long_runs.rs`,
    /// implicit midpoint) the energy drifts 2.9e-14 in the body frame and 4.2e-14 in the
    /// world frame (1.1e-11 with ordinary arithmetic). Choose [`Frame::World`] with
    /// [`Stepper::with_frame`] when ω comes in world axes.
    ///
    /// # Example
    /// ```
    /// use rotint::{Frame, Stepper};
    /// assert_eq!(Stepper::<f64>::new().frame(), Frame::Body);
    /// ```
    pub fn new() -> Self {
        Self {
            terms: MagnusTerms::Two,
            exp_map: ExpMap::TrigFreeCubic,
            frame: Frame::Body,
            max_angle: T::PI() * T::FRAC_1_SQRT_2(),
            guard: Guard::default(),
        }
    }

    /// The largest rotation-per-step limit accepted: π, the Magnus convergence radius.
    ///
    /// # Example
    /// ```
    /// assert_eq!(rotint::Stepper::<f64>::convergence_limit(), core::f64::consts::PI);
    /// ```
    pub fn convergence_limit() -> T {
        T::PI()
    }

    /// Uses these Magnus terms.
    ///
    /// # Example
    /// ```
    /// use rotint::{MagnusTerms, Stepper};
    /// assert_eq!(Stepper::<f64>::new().with_terms(MagnusTerms::Three).terms(), MagnusTerms::Three);
    /// ```
    #[must_use]
    pub fn with_terms(mut self, terms: MagnusTerms) -> Self {
        self.terms = terms;
        self
    }

    /// Uses this exponential map for quaternions (matrices always use the exact map).
    ///
    /// # Example
    /// ```
    /// use rotint::{ExpMap, Stepper};
    /// assert_eq!(Stepper::<f64>::new().with_exp_map(ExpMap::Exact).exp_map(), ExpMap::Exact);
    /// ```
    #[must_use]
    pub fn with_exp_map(mut self, exp_map: ExpMap) -> Self {
        self.exp_map = exp_map;
        self
    }

    /// Interprets ω and α in this frame.
    ///
    /// # Example
    /// ```
    /// use rotint::{Frame, Stepper};
    /// assert_eq!(Stepper::<f64>::new().with_frame(Frame::World).frame(), Frame::World);
    /// ```
    #[must_use]
    pub fn with_frame(mut self, frame: Frame) -> Self {
        self.frame = frame;
        self
    }

    /// Uses this guard policy.
    ///
    /// # Example
    /// ```
    /// use rotint::{Guard, Stepper};
    /// assert_eq!(Stepper::<f64>::new().with_guard(Guard::Reject).guard(), Guard::Reject);
    /// ```
    #[must_use]
    pub fn with_guard(mut self, guard: Guard) -> Self {
        self.guard = guard;
        self
    }

    /// Sets the limit on the rotation bound per (sub)step, in radians.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] unless `0 < max_angle ≤ π` ([`Stepper::convergence_limit`]).
    ///
    /// # Example
    /// ```
    /// use rotint::Stepper;
    /// assert_eq!(Stepper::<f64>::new().try_with_max_angle(0.5).unwrap().max_angle(), 0.5);
    /// assert!(Stepper::<f64>::new().try_with_max_angle(4.0).is_err()); // beyond π
    /// ```
    pub fn try_with_max_angle(mut self, max_angle: T) -> Result<Self, Error> {
        if max_angle > T::zero() && max_angle <= Self::convergence_limit() {
            self.max_angle = max_angle;
            Ok(self)
        } else {
            Err(Error::InvalidParameter)
        }
    }

    /// The Magnus terms in use.
    ///
    /// # Example
    /// ```
    /// use rotint::{MagnusTerms, Stepper};
    /// assert_eq!(Stepper::<f32>::new().terms(), MagnusTerms::Two);
    /// ```
    pub fn terms(&self) -> MagnusTerms {
        self.terms
    }

    /// The quaternion exponential map in use.
    ///
    /// # Example
    /// ```
    /// use rotint::{ExpMap, Stepper};
    /// assert_eq!(Stepper::<f32>::new().exp_map(), ExpMap::TrigFreeCubic);
    /// ```
    pub fn exp_map(&self) -> ExpMap {
        self.exp_map
    }

    /// The frame of ω and α.
    ///
    /// # Example
    /// ```
    /// use rotint::{Frame, Stepper};
    /// assert_eq!(Stepper::<f32>::new().with_frame(Frame::World).frame(), Frame::World);
    /// ```
    pub fn frame(&self) -> Frame {
        self.frame
    }

    /// The rotation limit per (sub)step.
    ///
    /// # Example
    /// ```
    /// use rotint::Stepper;
    /// let limit = core::f64::consts::PI * core::f64::consts::FRAC_1_SQRT_2;
    /// assert_eq!(Stepper::<f64>::new().max_angle(), limit);
    /// ```
    pub fn max_angle(&self) -> T {
        self.max_angle
    }

    /// The guard policy.
    ///
    /// # Example
    /// ```
    /// use rotint::{Guard, Stepper};
    /// assert_eq!(Stepper::<f64>::new().guard(), Guard::Substep { max_substeps: 64 });
    /// ```
    pub fn guard(&self) -> Guard {
        self.guard
    }

    /// The Magnus rotation vector Ω of one step (no guard).
    ///
    /// # Example
    /// ```
    /// use rotint::Stepper;
    /// use rotint::xform::Vector;
    /// let v = Stepper::new().rotation_vector(Vector([0.0, 0.0, 1.0f64]), Vector([0.0; 3]), 0.5);
    /// assert_eq!(v, Vector([0.0, 0.0, 0.5]));
    /// ```
    #[inline]
    pub fn rotation_vector(&self, omega: Vector<T, 3>, alpha: Vector<T, 3>, dt: T) -> Vector<T, 3> {
        magnus(omega, alpha, dt, self.terms, self.frame)
    }

    /// How many equal substeps keep `|Δt| max(|ω|, |ω'|)` within the limit.
    ///
    /// # Errors
    /// [`Error::NonFinite`] for non-finite input; [`Error::StepTooLarge`] or
    /// [`Error::TooManySubsteps`] as the guard decides.
    ///
    /// # Example
    /// ```
    /// use rotint::Stepper;
    /// use rotint::xform::Vector;
    /// let st = Stepper::<f64>::new().try_with_max_angle(1.0).unwrap();
    /// assert_eq!(st.substeps(Vector([0.0, 0.0, 25.0]), Vector([0.0; 3]), 0.1), Ok(3)); // 2.5 rad
    /// ```
    pub fn substeps(&self, omega: Vector<T, 3>, alpha: Vector<T, 3>, dt: T) -> Result<u32, Error> {
        let end = omega + alpha * dt;
        let (w2, e2) = (omega.norm_squared(), end.norm_squared());
        // One finiteness test covers ω, α (through ω'), Δt and overflow of the norms.
        if !(w2 + e2 + dt).is_finite() {
            return Err(Error::NonFinite);
        }
        // Squared bound first: the common in-range case needs no square root.
        let bound2 = dt * dt * if w2 > e2 { w2 } else { e2 };
        if !bound2.is_finite() {
            return Err(Error::NonFinite);
        }
        if bound2 <= self.max_angle * self.max_angle {
            return Ok(1);
        }
        let bound = fpu::sqrt(bound2);
        match self.guard {
            Guard::Reject => Err(Error::StepTooLarge),
            Guard::Substep { max_substeps } => {
                let n = (bound / self.max_angle).ceil();
                match n.to_u32() {
                    Some(n) if n <= max_substeps => Ok(n),
                    _ => Err(Error::TooManySubsteps),
                }
            }
        }
    }

    /// Advances a unit quaternion and the angular velocity by `dt` under constant `alpha`.
    ///
    /// World frame: `q' = exp(½Ω) q`; body frame: `q' = q exp(½Ω)`. The result is
    /// normalized once, by its own norm (one square root and one division per step; so it
    /// stays unit to a few ulps indefinitely). Returns `(q', ω + α dt)`.
    ///
    /// The common case (one step within the limit, finite input) is inlined and branch-light;
    /// substepping and the diagnosis of bad input run out of line.
    ///
    /// # Errors
    /// [`Error::NonFinite`] if any input is NaN or infinite; [`Error::InvalidOrientation`] if
    /// `q` is zero or its squared norm overflows; [`Error::StepTooLarge`] or
    /// [`Error::TooManySubsteps`] from the guard (see [`Stepper::substeps`]).
    ///
    /// # Example
    /// ```
    /// use rotint::Stepper;
    /// use rotint::xform::{Quaternion, Vector};
    /// let (q, w) = Stepper::new()
    ///     .with_exp_map(rotint::ExpMap::Exact)
    ///     .step(Quaternion::identity(), Vector([0.0, 0.0, 1.0f64]), Vector([0.0, 0.0, 2.0]), 1.0)
    ///     .unwrap();
    /// assert!((q.angle() - 2.0).abs() < 1e-14 && w == Vector([0.0, 0.0, 3.0]));
    /// ```
    #[inline]
    pub fn step(
        &self,
        q: Quaternion<T>,
        omega: Vector<T, 3>,
        alpha: Vector<T, 3>,
        dt: T,
    ) -> Result<(Quaternion<T>, Vector<T, 3>), Error> {
        let end = omega + alpha * dt;
        let bound2 = dt * dt * omega.norm_squared().max(end.norm_squared());
        // True only for finite ω, α, Δt (a NaN or infinity makes `bound2` NaN or infinite).
        if bound2 <= self.max_angle * self.max_angle {
            let (p, n2) = self.advance(q, omega, end, alpha, dt);
            // True only for a finite, nonzero q (a NaN or infinity in q reaches n2).
            if n2 > T::zero() && n2 < T::infinity() {
                return Ok((p * fpu::sqrt(n2).recip(), end));
            }
        }
        self.step_slow(q, omega, alpha, dt)
    }

    /// [`Stepper::step`] outside its fast path: checks, substeps, errors.
    #[cold]
    #[inline(never)]
    fn step_slow(
        &self,
        q: Quaternion<T>,
        omega: Vector<T, 3>,
        alpha: Vector<T, 3>,
        dt: T,
    ) -> Result<(Quaternion<T>, Vector<T, 3>), Error> {
        if !q.is_finite() {
            return Err(Error::NonFinite);
        }
        let q2 = q.norm_squared();
        if !(q2 > T::zero() && q2 < T::infinity()) {
            return Err(Error::InvalidOrientation);
        }
        let n = self.substeps(omega, alpha, dt)?;
        if n == 1 {
            return Ok((self.step_unguarded(q, omega, alpha, dt), omega + alpha * dt));
        }
        let h = dt / T::from(n).ok_or(Error::TooManySubsteps)?;
        let (mut q, mut w) = (q, omega);
        for i in 0..n {
            q = self.step_unguarded(q, w, alpha, h);
            // ω at the end of substep i, from the start value (no accumulated rounding).
            let t = h * T::from(i + 1).ok_or(Error::TooManySubsteps)?;
            w = omega + alpha * t;
        }
        Ok((q, omega + alpha * dt))
    }

    /// One quaternion step without the guard (the caller has checked the rotation bound).
    ///
    /// No input is checked: `q` must be finite and nonzero (a zero `q` gives NaN components),
    /// and the step must be within the Magnus bound. [`Stepper::step`] is the checked form.
    ///
    /// # Example
    /// ```
    /// use rotint::Stepper;
    /// use rotint::xform::{Quaternion, Vector};
    /// let q = Stepper::new().step_unguarded(Quaternion::identity(), Vector([0.5, 0.0, 0.0f64]), Vector([0.0; 3]), 1.0);
    /// assert!((q.angle() - 0.5).abs() < 1e-3); // the trig-free map's error at 0.5 rad
    /// ```
    #[inline]
    pub fn step_unguarded(
        &self,
        q: Quaternion<T>,
        omega: Vector<T, 3>,
        alpha: Vector<T, 3>,
        dt: T,
    ) -> Quaternion<T> {
        let (p, n2) = self.advance(q, omega, omega + alpha * dt, alpha, dt);
        p * fpu::sqrt(n2).recip()
    }

    /// The unnormalized product of the orientation and the step's rotation, and its squared
    /// norm.
    #[inline]
    fn advance(
        &self,
        q: Quaternion<T>,
        omega: Vector<T, 3>,
        end: Vector<T, 3>,
        alpha: Vector<T, 3>,
        dt: T,
    ) -> (Quaternion<T>, T) {
        let v = magnus_with_end(omega, end, alpha, dt, self.terms, self.frame);
        let e = unnormalized(self.exp_map, v);
        let p = match self.frame {
            Frame::World => e * q,
            Frame::Body => q * e,
        };
        // The product's own norm: normalizing by |e||q| computed from the factors is off the
        // critical path but leaves the product's rounding (measured 5ε in |q|² instead of ≤ 4ε).
        (p, p.norm_squared())
    }

    /// Advances a rotation matrix (exact Rodrigues exponential) and ω; the matrix twin of
    /// [`Stepper::step`]. World frame `R' = exp(Ω×) R`, body frame `R' = R exp(Ω×)`.
    ///
    /// The matrix is not re-orthonormalized (the seed's point: quaternions are cheaper to
    /// keep valid).
    ///
    /// # Errors
    /// As [`Stepper::step`].
    ///
    /// # Example
    /// ```
    /// use rotint::{ExpMap, Stepper};
    /// use rotint::xform::{Matrix, Vector};
    /// let st = Stepper::new().with_exp_map(ExpMap::Exact);
    /// let (r, _) = st.step_matrix(Matrix::identity(), Vector([0.0, 0.0, core::f64::consts::FRAC_PI_2]), Vector([0.0; 3]), 1.0).unwrap();
    /// assert!((r * Vector([1.0, 0.0, 0.0]) - Vector([0.0, 1.0, 0.0])).norm() < 1e-15);
    /// ```
    pub fn step_matrix(
        &self,
        r: Matrix<T, 3, 3>,
        omega: Vector<T, 3>,
        alpha: Vector<T, 3>,
        dt: T,
    ) -> Result<(Matrix<T, 3, 3>, Vector<T, 3>), Error> {
        if !r.is_finite() {
            return Err(Error::NonFinite);
        }
        let n = self.substeps(omega, alpha, dt)?;
        let h = dt / T::from(n).ok_or(Error::TooManySubsteps)?;
        let mut r = r;
        let mut w = omega;
        for i in 0..n {
            let e = crate::matrix_exp(self.rotation_vector(w, alpha, h));
            r = match self.frame {
                Frame::World => e * r,
                Frame::Body => r * e,
            };
            let t = h * T::from(i + 1).ok_or(Error::TooManySubsteps)?;
            w = omega + alpha * t;
        }
        Ok((r, omega + alpha * dt))
    }
}

impl<T: Float + FloatConst> Stepper<T> {
    /// One rigid-body rotation step with torque and the gyroscopic term: advances ω with
    /// `scheme` (body frame, where the inertia is constant), then the orientation with the
    /// body-frame Magnus series for the constant acceleration `(ω' − ω)/Δt` that joins the two
    /// velocities.
    ///
    /// `q` must be a unit quaternion (as every step returns): a non-unit `q` would scale the
    /// frame conversions of ω and torque by `|q|²`.
    ///
    /// `omega` and `torque` are in this stepper's [`Frame`] and so is the returned ω'. A
    /// world torque is converted to the body with the orientation at the start of the step
    /// and held constant in the body over the step. The guard splits the step into equal
    /// substeps (each with its own ω advance) when needed.
    ///
    /// # Errors
    /// - [`Error::NonFinite`] for non-finite input, or an ω advance that overflows;
    /// - [`Error::InvalidOrientation`] for a zero (or overflowing) `q`;
    /// - [`Error::StepTooLarge`] / [`Error::TooManySubsteps`] from the guard, as in
    ///   [`Stepper::step`]. A diverging [`GyroScheme::Explicit`] run ends here: its `|ω|Δt`
    ///   passes the guard's limit long before ω overflows, so the error is `TooManySubsteps`
    ///   (default guard) or `StepTooLarge` (`Guard::Reject`), not `NonFinite` (which
    ///   [`BodyInertia::advance_omega`] alone reports once ω overflows);
    /// - [`Error::InvalidParameter`] and [`Error::NotConverged`] from the scheme, as in
    ///   [`BodyInertia::advance_omega`].
    ///
    /// # Example
    /// ```
    /// use rotint::{BodyInertia, GyroScheme, Stepper};
    /// use rotint::xform::{Quaternion, Vector};
    /// let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0f64])).unwrap();
    /// let w = Vector([0.1, 2.0, 0.1]);
    /// let (q, w1) = Stepper::new()
    ///     .step_with_torque(Quaternion::identity(), w, Vector([0.0; 3]), 0.01, &i, GyroScheme::implicit_midpoint())
    ///     .unwrap();
    /// assert!((q.norm() - 1.0).abs() < 1e-15);
    /// assert!((i.kinetic_energy(w1) - i.kinetic_energy(w)).abs() < 1e-15);
    /// ```
    pub fn step_with_torque(
        &self,
        q: Quaternion<T>,
        omega: Vector<T, 3>,
        torque: Vector<T, 3>,
        dt: T,
        inertia: &BodyInertia<T>,
        scheme: GyroScheme<T>,
    ) -> Result<(Quaternion<T>, Vector<T, 3>), Error> {
        if !(q.is_finite() && omega.is_finite() && torque.is_finite() && dt.is_finite()) {
            return Err(Error::NonFinite);
        }
        let q2 = q.norm_squared();
        if !(q2 > T::zero() && q2 < T::infinity()) {
            return Err(Error::InvalidOrientation);
        }
        if dt == T::zero() {
            return Ok((q, omega));
        }
        // World frame: ω goes to the body by a rotation rounded once (and ω' comes back the
        // same way). With ordinary arithmetic the rounding of that round trip is biased and
        // the energy of a free body drifted linearly: 1.1e-11 over 1e5 steps, now 4.2e-14
        // (`tests/long_runs.rs`). The torque is an input of the step, not carried from step to
        // step, so ordinary arithmetic (by q/|q|) is enough for it.
        let (omega_b, torque_b) = match self.frame {
            Frame::World => {
                let c = q.conjugate();
                (
                    accurate::rotate(&c, &omega),
                    torque + (c.rotate(&torque) - torque) / q2,
                )
            }
            Frame::Body => (omega, torque),
        };
        let full = inertia.advance_omega(omega_b, torque_b, dt, scheme)?;
        let n = self.substeps(omega_b, (full - omega_b) / dt, dt)?;
        let h = dt / T::from(n).ok_or(Error::TooManySubsteps)?;
        let (mut q, mut w) = (q, omega_b);
        for _ in 0..n {
            let next = if n == 1 {
                full
            } else {
                inertia.advance_omega(w, torque_b, h, scheme)?
            };
            if n > 1 && self.substeps(w, (next - w) / h, h)? > 1 {
                return Err(Error::TooManySubsteps);
            }
            let omega_vec = magnus(w, (next - w) / h, h, self.terms, Frame::Body);
            q = renormalize(q * self.exp_map.quaternion(omega_vec));
            w = next;
        }
        let out = match self.frame {
            Frame::World => accurate::rotate(&q, &w),
            Frame::Body => w,
        };
        Ok((q, out))
    }
}

/// Scales `q` back to unit length.
///
/// A product of unit quaternions is unit to a few ulps, `|q|² = 1 + δ`; then `(3 - |q|²)/2`
/// is `1/|q|` to `O(δ²)` with no square root. Further from unit the exact normalization is
/// used.
#[inline]
pub(crate) fn renormalize<T: Float>(q: Quaternion<T>) -> Quaternion<T> {
    let n2 = q.norm_squared();
    let one = T::one();
    let two = one + one;
    let delta = n2 - one;
    // |δ| < 64ε keeps the neglected O(δ²) far below rounding (and needs no run-time sqrt).
    if delta.abs() < T::epsilon() * (two * two * two * two * two * two) {
        q * ((two + one - n2) / two)
    } else {
        q / fpu::sqrt(n2)
    }
}
