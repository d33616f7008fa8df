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
    pub const fn order(self) -> u32 {
        match self {
            Self::One => 2,
            Self::Two | Self::Three => 4,
            Self::Four => 6,
        }
    }
}

/// `Ω1 = ½(ω + ω')Δt` with `ω' = ω + αΔt`: the integral of the angular velocity.
#[inline]
pub fn omega1<T: Float>(omega: Vector<T, 3>, alpha: Vector<T, 3>, dt: T) -> Vector<T, 3> {
    let half = T::one() / (T::one() + T::one());
    (omega + alpha * (half * dt)) * dt
}

/// `Ω2 = ± (1/12) α×ω Δt³` (`+` world frame, `-` body frame).
///
/// Equal to `(1/12) ω'×ω Δt²` in the world frame.
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
