//! Post-stabilization: Newton iterations projecting each awake island's new poses back onto
//! its joints' `C = 0`, re-linearized (`ConstraintFunction::linearization`) each iteration.
//!
//! Each iteration solves `J W⁻¹ Jᵀ δλ = −C` with the direct joint solve (`W = M/m` per
//! body: unit mass, rotations weighted by the radius of gyration, so mass ratios do not
//! stall Newton) and moves the bodies by `Δq = W⁻¹Jᵀδλ` (orientations by the exponential
//! map) and their velocities by `Δq/Δt`: velocities left alone keep the motion that
//! violated the joints, and a taut chain with a heavy end then turns unstable (measured in
//! the chain scene). A Newton step that does not lower the largest joint error is undone and
//! halved, down to 1/64 of it (then the island keeps its error until the next step): on
//! grids of ball joints the whole step moved light bodies far along nearly singular
//! directions and the gap grew (12 × 12 grid, largest gap over 300 steps at 60 Hz: 80–182 %
//! of the spacing across start positions perturbed by 10⁻¹³–10⁻¹¹ m, one of them ending in
//! an error; with the halving 13–31 %, none).
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::FloatConst;
use xform::Vector;

use super::islands::Islands;
use super::rows::{joint_row, joint_row_count, joint_value, linearize_joints};
use crate::world::constraint::ConstraintFunction;
use crate::world::constraint::Linearization;
use crate::world::island::Local;
use crate::world::{JointScheme, JointSlot, JointSolver, RigidBody, WorldError, WorldSettings};
use crate::{BodyInverseMass, BodyVelocity, ConstraintRow, PgsSettings};

/// The shortest step along a Newton correction before the projection gives up on it.
const MIN_SCALE: f64 = 1.0 / 64.0;

/// What the projection did: Newton iterations (the most of any island) and pivots raised
/// by regularization.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Projection {
    pub(crate) iterations: usize,
    pub(crate) regularized: usize,
    /// Islands whose SHAKE iteration stopped contracting and fell back to Newton.
    pub(crate) fallbacks: usize,
}

/// The velocity solve's constraint rows and the first row of each joint in them (the
/// joints' Jacobians at the start of the step).
#[derive(Clone, Copy)]
pub(crate) struct VelocityRows<'a, T> {
    pub(crate) rows: &'a [ConstraintRow<T>],
    pub(crate) first: &'a [u32],
}

/// Projects every awake island with joints; `next` holds the new poses and velocities.
#[allow(clippy::too_many_arguments, reason = "the named data of the step")]
pub(crate) fn project<T, S, U>(
    velocity_rows: VelocityRows<'_, T>,
    inverse: &[BodyInverseMass<T>],
    next: &mut [RigidBody<T>],
    joints: &[JointSlot<T, U>],
    islands: &Islands<S>,
    local: &mut Local<T, S>,
    backup: &mut S::Buf<RigidBody<T>>,
    directions: &mut S::Buf<Linearization<T>>,
    settings: &WorldSettings<T>,
) -> Result<Projection, WorldError>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T>,
{
    let mut out = Projection::default();
    if settings.post_stabilization == 0 {
        return Ok(out);
    }
    let solver = PgsSettings {
        warm_start: false,
        tolerance: T::zero(),
        ..settings.solver
    };
    for (k, &awake) in islands.awake.as_slice().iter().enumerate() {
        if !awake || islands.joints.count(k) == 0 {
            continue;
        }
        let error_of = |bodies: &[RigidBody<T>]| {
            islands.joints.of(k).fold(T::zero(), |m, j| {
                let (c, rows) = joint_value(&joints[j], bodies);
                c[..rows]
                    .iter()
                    .fold(m, |m, c| crate::bounds::larger(m, c.abs()))
            })
        };
        // RATTLE (SHAKE's half): the correction acts along M⁻¹J(q)ᵀ at the start of the
        // step, like the constraint impulse of the velocity solve, so that the velocity
        // `Δq/Δt` it adds keeps the tangential motion (symplectic). With that direction fixed
        // the iteration is a chord method: when the joints turn far in one step it stops
        // contracting, and the island falls back (for this step) to Newton re-linearized at
        // the new pose in the unit-mass metric `M/m` — robust, but it loses energy; so does
        // the symplectic-Euler scheme, which always uses it.
        let mut shake = settings.joint_scheme == JointScheme::Rattle;
        let mut budget = settings.post_stabilization;
        // SHAKE's directions, the joints' Jacobians at the start of the step, are the
        // velocity solve's joint rows (`velocity_rows`), linearized at the same poses.
        // (`directions` is not cleared: `linearize_joints` writes every entry it resizes
        // to, and kept entries are not zeroed again, 300 B a joint in f32.)
        let mut error = error_of(next);
        let mut iterations = 0;
        let half = (T::one() + T::one()).recip();
        'newton: while iterations < budget && error > settings.projection_tolerance {
            iterations += 1;
            backup.clear();
            for b in islands.bodies.of(k) {
                backup
                    .try_push(next[b])
                    .map_err(|_| WorldError::CapacityExceeded { what: "bodies" })?;
            }
            let bodies = &*next;
            local.gather_bodies(islands.bodies.of(k), |b| {
                if shake {
                    inverse[b]
                } else {
                    BodyInverseMass {
                        inv_mass: T::one(),
                        inv_inertia: bodies[b].world_inverse_inertia() * bodies[b].mass,
                    }
                }
            })?;
            if !shake {
                // Newton: the Jacobians at the new pose, refreshed every iteration.
                linearize_joints(directions, islands.joints.of(k), joints, bodies)?;
            }
            let cached = directions.as_slice();
            let count = islands.joints.of(k).map(|j| joint_row_count(&joints[j]));
            local.start_rows(count.sum())?;
            let mut i = 0;
            for (n, j) in islands.joints.of(k).enumerate() {
                let slot = &joints[j];
                let (value, rows) = joint_value(slot, bodies);
                let first = velocity_rows.first[j] as usize;
                for (r, &value) in value.iter().enumerate().take(rows) {
                    let eta = -value;
                    if shake {
                        local.set_bilateral_row(i, &velocity_rows.rows[first + r], eta);
                    } else {
                        let row = joint_row(slot.a, slot.b, &cached[n].jacobian[r]);
                        local.set_bilateral_row(i, &row, eta);
                    }
                    i += 1;
                }
            }
            let outcome = local.solve(
                islands.joints.of(k),
                joints,
                JointSolver::Direct,
                &solver,
                &mut [],
            )?;
            out.regularized += outcome.regularized;
            // The step along the correction: whole, or for Newton halved until the error
            // falls (a nearly singular network, a flat grid, asks for long moves of light
            // bodies that a linearization cannot predict).
            let mut scale = T::one();
            loop {
                for (b, d) in local.globals().zip(local.delta_v.as_slice()) {
                    let d = BodyVelocity {
                        linear: d.linear * scale,
                        angular: d.angular * scale,
                    };
                    correct(&mut next[b], &d, settings.dt)
                        .map_err(|what| WorldError::NonFiniteResult { body: b, what })?;
                }
                let after = error_of(next);
                let wanted = if shake { error * half } else { error };
                if after <= wanted {
                    error = after;
                    break;
                }
                for (b, saved) in islands.bodies.of(k).zip(backup.as_slice()) {
                    next[b] = *saved;
                }
                if shake {
                    // Not contracting: fall back to Newton for this step.
                    shake = false;
                    budget = iterations + settings.post_stabilization;
                    out.fallbacks += 1;
                    continue 'newton;
                }
                scale = scale * half;
                if scale < T::from(MIN_SCALE).unwrap_or_else(T::zero) {
                    break 'newton;
                }
            }
        }
        out.iterations = out.iterations.max(iterations);
    }
    Ok(out)
}

/// Moves `body` by the projection's correction `d` (a displacement and a rotation vector)
/// and its velocities by `d/h`. A diverging projection can make `d` so large that the
/// rotation is not finite: then `Err` names the orientation (the step is refused, the world
/// kept), never a panic.
fn correct<T: Scalar>(
    body: &mut RigidBody<T>,
    d: &BodyVelocity<T>,
    h: T,
) -> Result<(), &'static str> {
    body.position += d.linear;
    body.linear_velocity += d.linear / h;
    if d.angular != Vector::zeros() {
        let turn = rotint::quat_exp(d.angular);
        body.orientation = (turn * body.orientation)
            .try_normalize()
            .map_err(|_| "orientation")?;
        let w = body.orientation.rotate(&body.angular_velocity_body) + d.angular / h;
        body.angular_velocity_body = body.orientation.conjugate().rotate(&w);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_traits::Float;

    /// Issue 34, case 1: a diverging projection's rotation (|Δθ|² overflows, so the
    /// exponential map is NaN) used to panic in `Quaternion::normalize`.
    #[test]
    fn a_correction_too_large_to_rotate_is_an_error_not_a_panic() {
        let mut body = RigidBody::sphere(450.0, 0.008).unwrap();
        let huge = BodyVelocity {
            linear: Vector::zeros(),
            angular: Vector([1e200, 0.0, 0.0]),
        };
        assert_eq!(correct(&mut body, &huge, 3e-4), Err("orientation"));
        let small = BodyVelocity {
            linear: Vector([1e-3, 0.0, 0.0]),
            angular: Vector([1e-3, 0.0, 0.0]),
        };
        let mut body = RigidBody::sphere(450.0, 0.008).unwrap();
        assert_eq!(correct(&mut body, &small, 3e-4), Ok(()));
        assert!((body.orientation.norm() - 1.0).abs() < 1e-15);
    }
}
