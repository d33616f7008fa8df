//! Free motion: gravity and the gyroscopic term give each awake body its velocity before
//! the constraints act; sleeping and static bodies keep theirs (zero).
//!
//! With the implicit-midpoint scheme the rotation and the gyroscopic term are integrated
//! together ([`free_rotation`]): the body-frame angular momentum is carried by the same
//! rotation `Q = exp(hΩ)` that turns the body, `R' = R Q`, `L_b' = Qᵀ L_b`, with the
//! midpoint rate `Ω = I⁻¹ (L_b + L_b')/2`. Then `R' L_b' = R L_b`: the world-frame angular
//! momentum is kept to round-off, and because `Q` turns about `Ω` itself,
//! `E' − E = (L_b' − L_b)·Ω = 0`: the energy too. Integrating `ω` first and the rotation
//! after with the new `ω` (as Bullet and Box2D do) keeps `|L|` and `E` but lets the vector `L`
//! drift at first order in `Δt`.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use rotint::{BodyInertia, GyroScheme};
use xform::{Quaternion, Vector};

use super::executor::Loops;
use super::finish::rattles;
use super::islands::{GroupsView, Islands, NONE};
use crate::world::capacity::resize;
use crate::world::{RigidBody, WorldError, WorldSettings};
use crate::{BodyInverseMass, BodyVelocity};

/// The bodies as the step moves them, with what the velocity solve needs of each.
pub(crate) struct Motion<T, S: Storage> {
    /// Every body's state after this step (written phase by phase, committed at the end).
    pub(crate) next: S::Buf<RigidBody<T>>,
    /// World-frame inverse mass and inertia at the start of the step.
    pub(crate) inverse: S::Buf<BodyInverseMass<T>>,
    /// Velocity before the constraints (world frame).
    pub(crate) free: S::Buf<BodyVelocity<T>>,
    /// The body-frame rotation of the step if no constraint acts on the body
    /// ([`free_rotation`]; `None`: the integrator turns the body by its new `ω`).
    pub(crate) turn: S::Buf<Option<Quaternion<T>>>,
    /// Scratch of the position projection (an island's bodies before an iteration).
    pub(crate) backup: S::Buf<RigidBody<T>>,
    /// Scratch of the position projection (an island's joints linearized at the start).
    pub(crate) directions: S::Buf<crate::world::Linearization<T>>,
}

/// The torque-free rotation of one step by the Lie midpoint rule (see the module docs):
/// returns the new body-frame angular velocity and the body-frame rotation `Q` with
/// `q' = q Q`. `Ω` solves `Ω = I⁻¹ (L_b + exp(−hΩ) L_b)/2` by fixed-point iteration, a
/// contraction only while `h|ω|` is small against the inertia's anisotropy: when it does not
/// converge, the step is split into 2, 4, … equal sub-steps (up to [`MAX_SPLIT`]) composed
/// in order. Each sub-step keeps the world-frame momentum and the energy, so the composition
/// does too.
///
/// # Errors
/// [`rotint::Error::NotConverged`] if even [`MAX_SPLIT`] sub-steps do not converge.
pub(crate) fn free_rotation<T: Scalar>(
    inertia: &BodyInertia<T>,
    omega: Vector<T, 3>,
    h: T,
    tolerance: T,
    max_iterations: u32,
) -> Result<(Vector<T, 3>, Quaternion<T>), rotint::Error> {
    let mut split = 1usize;
    loop {
        let part = h / T::from(split).unwrap_or_else(T::one);
        let mut rate = omega;
        let mut total = Quaternion::identity();
        let mut converged = true;
        for _ in 0..split {
            match lie_midpoint(inertia, rate, part, tolerance, max_iterations) {
                Some((next, turn)) => {
                    rate = next;
                    total *= turn;
                }
                None => {
                    converged = false;
                    break;
                }
            }
        }
        if converged {
            let total = total
                .try_normalize()
                .map_err(|_| rotint::Error::NonFinite)?;
            return Ok((rate, total));
        }
        if split >= MAX_SPLIT {
            return Err(rotint::Error::NotConverged);
        }
        split *= 2;
    }
}

/// Most sub-steps [`free_rotation`] splits a step into (`h|ω|` up to about 1000× the
/// contraction limit).
pub(crate) const MAX_SPLIT: usize = 1024;

/// One Lie-midpoint rotation of length `h`, `None` if the fixed point is not reached.
fn lie_midpoint<T: Scalar>(
    inertia: &BodyInertia<T>,
    omega: Vector<T, 3>,
    h: T,
    tolerance: T,
    max_iterations: u32,
) -> Option<(Vector<T, 3>, Quaternion<T>)> {
    let momentum = *inertia.tensor() * omega;
    let half = (T::one() + T::one()).recip();
    let after = |rate: Vector<T, 3>| {
        let turn = rotint::quat_exp(rate * h);
        (turn, turn.conjugate().rotate(&momentum))
    };
    let mut rate = omega;
    for _ in 0..max_iterations {
        let (_, later) = after(rate);
        let next = *inertia.inverse() * ((momentum + later) * half);
        let change = (next - rate).norm();
        rate = next;
        if change <= tolerance * rate.norm() {
            let (turn, later) = after(rate);
            return Some((*inertia.inverse() * later, turn));
        }
    }
    None
}

impl<T: Scalar, S: Storage> Motion<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            next: Buffer::new(),
            inverse: Buffer::new(),
            free: Buffer::new(),
            turn: Buffer::new(),
            backup: Buffer::new(),
            directions: Buffer::new(),
        }
    }

    /// The bodies' world-frame inverse masses and inertias at the start of the step.
    pub(crate) fn masses(
        &mut self,
        loops: &mut impl Loops,
        bodies: &[RigidBody<T>],
    ) -> Result<(), WorldError> {
        resize(
            &mut self.inverse,
            bodies.len(),
            BodyInverseMass::fixed(),
            "bodies",
        )?;
        let inverses: Result<(), core::convert::Infallible> =
            loops.each(self.inverse.as_mut_slice(), &|i, inverse| {
                *inverse = BodyInverseMass {
                    inv_mass: bodies[i].inv_mass,
                    inv_inertia: bodies[i].world_inverse_inertia(),
                };
                Ok(())
            });
        let Ok(()) = inverses;
        Ok(())
    }

    /// Copies the bodies into `next`, waking every body of an awake island and giving the
    /// awake ones their free-motion velocities: the collision impulses `bounce` (world
    /// frame), then gravity (times the body's scale) and the accumulated force, the
    /// accumulated torque, the gyroscopic term, damping; the accumulators are cleared.
    pub(crate) fn predict(
        &mut self,
        loops: &mut impl Loops,
        bodies: &[RigidBody<T>],
        islands: &Islands<S>,
        bounce: &[BodyVelocity<T>],
        settings: &WorldSettings<T>,
    ) -> Result<(), WorldError> {
        let Self {
            next, free, turn, ..
        } = self;
        let n = bodies.len();
        match bodies.first() {
            Some(first) => resize(next, n, *first, "bodies")?,
            None => next.clear(),
        }
        resize(free, n, BodyVelocity::default(), "bodies")?;
        resize(turn, n, None, "bodies")?;
        let (awake, of_body, joints) = (
            islands.awake.as_slice(),
            islands.of_body.as_slice(),
            islands.joints.view(),
        );
        loops.each2(
            next.as_mut_slice(),
            turn.as_mut_slice(),
            &|i, next, turn| {
                *next = bodies[i];
                *turn = free_motion(
                    next, &bodies[i], of_body[i], awake, joints, &bounce[i], settings,
                )?;
                Ok::<(), WorldError>(())
            },
        )?;
        let next = next.as_slice();
        let free_velocity: Result<(), core::convert::Infallible> =
            loops.each(free.as_mut_slice(), &|i, free| {
                let body = &next[i];
                *free = BodyVelocity {
                    linear: body.linear_velocity,
                    angular: body.orientation.rotate(&body.angular_velocity_body),
                };
                Ok(())
            });
        let Ok(()) = free_velocity;
        Ok(())
    }
}

/// Moves `next` (a copy of `body`) by its free motion (see [`Motion::predict`]); returns
/// its free rotation, if any. What the motion does not change (inertia, force, torque,
/// damping) is read from `body`, without a second copy.
fn free_motion<T: Scalar>(
    next: &mut RigidBody<T>,
    body: &RigidBody<T>,
    island: u32,
    awake: &[bool],
    joints: GroupsView<'_>,
    jump: &BodyVelocity<T>,
    settings: &WorldSettings<T>,
) -> Result<Option<Quaternion<T>>, WorldError> {
    let (h, g) = (settings.dt, settings.gravity);
    if jump.linear != Vector::zeros() || jump.angular != Vector::zeros() {
        next.linear_velocity += jump.linear;
        let w = next.angular_velocity() + jump.angular;
        next.angular_velocity_body = next.orientation.conjugate().rotate(&w);
    }
    let mut turn = None;
    if island != NONE && awake[island as usize] {
        if next.asleep {
            next.wake();
        }
        if let Some(inertia) = &body.inertia {
            // RATTLE's first half kick; the second comes after the projection.
            let kick = if rattles(joints, island as usize, settings) {
                h / (T::one() + T::one())
            } else {
                h
            };
            next.linear_velocity += body.acceleration(g) * kick;
            // A torque acts as the angular impulse τΔt at the start of the step,
            // then the body turns freely.
            let omega = if body.torque == Vector::zeros() {
                next.angular_velocity_body
            } else {
                let tau = body.orientation.conjugate().rotate(&body.torque);
                next.angular_velocity_body + *inertia.inverse() * tau * h
            };
            next.angular_velocity_body = omega;
            match settings.gyroscopic {
                Some(GyroScheme::ImplicitMidpoint {
                    tolerance,
                    max_iterations,
                }) => {
                    let (omega, q) = free_rotation(inertia, omega, h, tolerance, max_iterations)?;
                    next.angular_velocity_body = omega;
                    turn = Some(q);
                }
                Some(scheme) => {
                    next.angular_velocity_body =
                        inertia.advance_omega(omega, Vector::zeros(), h, scheme)?;
                }
                None => {}
            }
            let (linear, angular) = body.damping;
            if linear != T::zero() {
                next.linear_velocity /= T::one() + h * linear;
            }
            if angular != T::zero() {
                next.angular_velocity_body /= T::one() + h * angular;
            }
        }
    }
    // This step applies the accumulated force and torque; the next starts afresh.
    (next.force, next.torque) = (Vector::zeros(), Vector::zeros());
    Ok(turn)
}
