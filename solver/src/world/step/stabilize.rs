//! Post-stabilization: Newton iterations projecting each awake island's new poses back onto
//! its joints' `C = 0`, re-linearized with the dual-number Jacobians each iteration.
//!
//! Each iteration solves `J W⁻¹ Jᵀ δλ = −C` with the direct joint solve (`W = M/m` per
//! body: unit mass, rotations weighted by the radius of gyration, so mass ratios do not
//! stall Newton) and moves the bodies by `Δq = W⁻¹Jᵀδλ` (orientations by the exponential
//! map) and their velocities by `Δq/Δt`: velocities left alone keep the motion that
//! violated the joints, and a taut chain with a heavy end then turns unstable (measured in
//! the chain scene).
use cwlist::{Buffer, Storage};
use num_traits::{Float, FloatConst};
use xform::Vector;

use super::islands::Islands;
use super::rows::{joint_row, linearize_joint};
use super::solve::Local;
use crate::world::constraint::ConstraintFunction;
use crate::world::{JointSlot, JointSolver, RigidBody, WorldError, WorldSettings};
use crate::{BodyInverseMass, PgsSettings};

/// What the projection did: Newton iterations (the most of any island) and pivots raised
/// by regularization.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Projection {
    pub(crate) iterations: usize,
    pub(crate) regularized: usize,
}

/// Projects every awake island with joints; `next` holds the new poses and velocities.
pub(crate) fn project<T, S, U>(
    next: &mut [RigidBody<T>],
    joints: &[JointSlot<T, U>],
    islands: &Islands<S>,
    local: &mut Local<T, S>,
    settings: &WorldSettings<T>,
) -> Result<Projection, WorldError>
where
    T: Float + FloatConst,
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
        let mut iterations = 0;
        while iterations < settings.post_stabilization {
            let error = islands.joints.of(k).fold(T::zero(), |m, j| {
                let lin = linearize_joint(&joints[j], next);
                lin.value[..lin.rows].iter().fold(m, |m, c| m.max(c.abs()))
            });
            if error <= settings.projection_tolerance {
                break;
            }
            iterations += 1;
            let bodies = &*next;
            local.gather_bodies(k, islands.bodies.view(), |b| BodyInverseMass {
                inv_mass: T::one(),
                inv_inertia: bodies[b].world_inverse_inertia() * bodies[b].mass,
            })?;
            local.set_rows(islands.joints.of(k).flat_map(|j| {
                let slot = &joints[j];
                let lin = linearize_joint(slot, bodies);
                (0..lin.rows)
                    .map(move |r| (joint_row(slot.a, slot.b, &lin.jacobian[r]), -lin.value[r]))
            }))?;
            let outcome = local.solve(
                islands.joints.of(k),
                joints,
                JointSolver::Direct,
                &solver,
                &mut [],
            )?;
            out.regularized += outcome.regularized;
            let h = settings.dt;
            for (b, d) in local.globals().zip(local.delta_v.as_slice()) {
                let body = &mut next[b];
                body.position += d.linear;
                body.linear_velocity += d.linear / h;
                if d.angular != Vector::zeros() {
                    let turn = rotint::quat_exp(d.angular);
                    body.orientation = (turn * body.orientation).normalize();
                    let w = body.orientation.rotate(&body.angular_velocity_body) + d.angular / h;
                    body.angular_velocity_body = body.orientation.conjugate().rotate(&w);
                }
            }
        }
        out.iterations = out.iterations.max(iterations);
    }
    Ok(out)
}
