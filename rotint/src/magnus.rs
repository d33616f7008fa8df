//! Magnus-series terms for a constant angular acceleration: ω(t) = ω + α t on [0, Δt].
//!
//! The rotation over the step is `exp(Ω)` with `Ω = Ω1 + Ω2 + Ω3 + Ω4 + …` (vector form).
//! For the world frame:
//!
//! * `Ω1 = ½(ω + ω')Δt` — exact integral of ω; global order 2;
//! * `Ω2 = (1/12) α×ω Δt³` — global order 4;
//! * `Ω3 = (1/240) α×(α×ω) Δt⁵` — exactly the whole third Magnus term (it has no Δt⁴ part);
//!   it does not raise the order, it removes the `α²ω Δt⁵` part of the error;
//! * `Ω4 = (1/720) ω̄×(ω̄×(ω̄×α)) Δt⁵` with the midpoint velocity `ω̄ = ½(ω + ω')` — the
//!   leading part of the fourth Magnus term; together with Ω1..Ω3 the series is correct to
//!   `O(Δt⁷)` per step, global order 6.
//!
//! In the body frame the even terms change sign (see [`Frame::even_sign`]).
use num_traits::Float;
use xform::Vector;

use crate::Frame;

/// How many Magnus terms a step uses.
///
/// When the extra terms pay for their cost (measured with the exact exponential map, f64,
/// 1 s runs at Δt = 1/240 … 1/15 s; the table is in the crate README, from
/// `cargo run --release -p benches --bin report -- rotint`): [`Four`](Self::Four) costs
/// 1.19x to 1.20x a [`Two`](Self::Two) step and lowered the error 20x to 1.4e4x in every case above
/// the rounding level, more than shorter order-4 steps would for that cost.
/// [`Three`](Self::Three) costs 1.03x to 1.05x and pays only when `|α|` is comparable to or larger
/// than `|ω|²` (1.6x to 4.8x lower error at `|α|/|ω|²` between 0.24 and 38); at
/// `|α|/|ω|² ≈ 0.04` it gains nothing, and when ω grows large under a strong α it made the
/// error 1.5x larger (the Ω3 and Ω4 error parts partly cancel). With the trig-free cubic map
/// the map's own error dominates and neither pays.
///
/// # Example
/// ```
/// use rotint::{magnus, Frame, MagnusTerms};
/// use rotint::xform::Vector;
/// let (w, a) = (Vector([1.0, 0.0, 0.0f64]), Vector([0.0, 1.0, 0.0]));
/// let one = magnus(w, a, 0.1, MagnusTerms::One, Frame::World);
/// let two = magnus(w, a, 0.1, MagnusTerms::Two, Frame::World);
/// // Ω2 adds the commutator term α×ω Δt³/12 along z.
/// assert!(((two - one).0[2] + 0.1f64.powi(3) / 12.0).abs() < 1e-17);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum MagnusTerms {
    /// Ω1 only: rotate by the mean angular velocity. Global order 2.
    One,
    /// Ω1 + Ω2. Global order 4. The usual choice.
    #[default]
    Two,
    /// Ω1 + Ω2 + Ω3. Still order 4; smaller error constant when |α| is large relative to |ω|².
    Three,
    /// Ω1 + Ω2 + Ω3 + Ω4 (leading part). Global order 6 with an exact exponential map.
    Four,
}

impl MagnusTerms {
    /// The global convergence order of a stepper using these terms and an exact exponential.
    ///
    /// # Example
    /// ```
    /// use rotint::MagnusTerms;
    /// assert_eq!((MagnusTerms::One.order(), MagnusTerms::Two.order()), (2, 4));
    /// ```
    pub const fn order(self) -> u32 {
        match self {
            Self::One => 2,
            Self::Two | Self::Three => 4,
            Self::Four => 6,
        }
    }
}

/// `Ω1 = ½(ω + ω')Δt` with `ω' = ω + αΔt`: the integral of the angular velocity.
///
/// # Example
/// ```
/// use rotint::xform::Vector;
/// // ω from 1 to 3 rad/s over 1 s turns by 2 rad.
/// let o = rotint::magnus::omega1(Vector([0.0, 0.0, 1.0f64]), Vector([0.0, 0.0, 2.0]), 1.0);
/// assert_eq!(o, Vector([0.0, 0.0, 2.0]));
/// ```
#[inline]
pub fn omega1<T: Float>(omega: Vector<T, 3>, alpha: Vector<T, 3>, dt: T) -> Vector<T, 3> {
    let half = T::one() / (T::one() + T::one());
    (omega + alpha * (half * dt)) * dt
}

/// `Ω2 = ± (1/12) α×ω Δt³` (`+` world frame, `-` body frame).
///
/// Equal to `(1/12) ω'×ω Δt²` in the world frame.
///
/// # Example
/// ```
/// use rotint::Frame;
/// use rotint::xform::Vector;
/// let (w, a) = (Vector([1.0, 0.0, 0.0f64]), Vector([0.0, 1.0, 0.0]));
/// let world = rotint::magnus::omega2(w, a, 1.0, Frame::World);
/// assert_eq!(world, Vector([0.0, 0.0, -1.0 / 12.0]));
/// assert_eq!(rotint::magnus::omega2(w, a, 1.0, Frame::Body), -world);
/// ```
#[inline]
pub fn omega2<T: Float>(
    omega: Vector<T, 3>,
    alpha: Vector<T, 3>,
    dt: T,
    frame: Frame,
) -> Vector<T, 3> {
    let c = frame.even_sign::<T>() * dt * dt * dt * lit(1.0 / 12.0);
    alpha.cross(&omega) * c
}

/// `Ω3 = (1/240) α×(α×ω) Δt⁵` (same sign in both frames).
///
/// # Example
/// ```
/// use rotint::xform::Vector;
/// let (w, a) = (Vector([1.0, 0.0, 0.0f64]), Vector([0.0, 1.0, 0.0]));
/// // α×(α×ω) = −ω for α ⟂ ω, |α| = 1.
/// assert_eq!(rotint::magnus::omega3(w, a, 1.0), Vector([-1.0 / 240.0, 0.0, 0.0]));
/// ```
#[inline]
pub fn omega3<T: Float>(omega: Vector<T, 3>, alpha: Vector<T, 3>, dt: T) -> Vector<T, 3> {
    let dt2 = dt * dt;
    alpha.cross(&alpha.cross(&omega)) * (dt2 * dt2 * dt * lit(1.0 / 240.0))
}

/// The leading (`Δt⁵`) part of the fourth Magnus term, `± (1/720) ω̄×(ω̄×(ω̄×α)) Δt⁵` with
/// `ω̄ = ω + ½αΔt` (`+` world, `-` body).
///
/// Written with the midpoint velocity the truncated series is odd in Δt, so its `Δt⁶` part
/// is exact too and a step with Ω1..Ω4 has a local error of `O(Δt⁷)`.
///
/// # Example
/// ```
/// use rotint::Frame;
/// use rotint::xform::Vector;
/// // Parallel ω and α commute: no fourth term.
/// let o = rotint::magnus::omega4(Vector([0.0, 0.0, 1.0f64]), Vector([0.0, 0.0, 2.0]), 0.5, Frame::World);
/// assert_eq!(o, Vector([0.0; 3]));
/// ```
#[inline]
pub fn omega4<T: Float>(
    omega: Vector<T, 3>,
    alpha: Vector<T, 3>,
    dt: T,
    frame: Frame,
) -> Vector<T, 3> {
    let half = T::one() / (T::one() + T::one());
    let mid = omega + alpha * (half * dt);
    let dt2 = dt * dt;
    // ω̄×(ω̄×(ω̄×α)) = -|ω̄|² ω̄×α in three dimensions.
    let c = -frame.even_sign::<T>() * mid.norm_squared() * dt2 * dt2 * dt * lit(1.0 / 720.0);
    mid.cross(&alpha) * c
}

/// The truncated Magnus vector `Ω` for `ω(t) = ω + αt` over `[0, dt]`.
///
/// # Example
/// ```
/// use rotint::{magnus, Frame, MagnusTerms};
/// use rotint::xform::Vector;
/// // A fixed axis: every commutator vanishes and Ω is the swept angle.
/// let o = magnus(Vector([0.0, 1.0, 0.0f64]), Vector([0.0, 2.0, 0.0]), 1.0, MagnusTerms::Four, Frame::Body);
/// assert_eq!(o, Vector([0.0, 2.0, 0.0]));
/// ```
#[inline]
pub fn magnus<T: Float>(
    omega: Vector<T, 3>,
    alpha: Vector<T, 3>,
    dt: T,
    terms: MagnusTerms,
    frame: Frame,
) -> Vector<T, 3> {
    magnus_with_end(omega, omega + alpha * dt, alpha, dt, terms, frame)
}

/// [`magnus`] given the end velocity `end = ω + αΔt` too (the stepper has it already), with
/// `Ω1 = (ω + ω')Δt/2` taken from it.
#[inline]
pub(crate) fn magnus_with_end<T: Float>(
    omega: Vector<T, 3>,
    end: Vector<T, 3>,
    alpha: Vector<T, 3>,
    dt: T,
    terms: MagnusTerms,
    frame: Frame,
) -> Vector<T, 3> {
    let half = T::one() / (T::one() + T::one());
    let mut sum = (omega + end) * (half * dt);
    if terms >= MagnusTerms::Two {
        sum += omega2(omega, alpha, dt, frame);
    }
    if terms >= MagnusTerms::Three {
        sum += omega3(omega, alpha, dt);
    }
    if terms >= MagnusTerms::Four {
        sum += omega4(omega, alpha, dt, frame);
    }
    sum
}

/// A small exact constant in `T` (all uses are integers that every float represents).
#[inline]
pub(crate) fn lit<T: Float>(v: f64) -> T {
    T::from(v).unwrap_or_else(T::nan)
}
