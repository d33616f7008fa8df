//! The second half of RATTLE for islands with joints ([`JointScheme::Rattle`]): the
//! second half kick of gravity, then the velocities projected onto the tangent space of the
//! joints at the new poses (`J(q') v' = 0`, M-orthogonally) and out of the contacts and the
//! joint limits reached (`Jₙ v' ≥ 0`).
//!
//! The step's first half (half kick, velocity solve, drift, position projection with
//! `v = Δq/Δt`) is SHAKE; with this half the scheme is symmetric and symplectic, so a
//! pendulum's energy oscillates by O(Δt²) instead of decaying: the velocity of the chord is
//! not projected onto the old tangent and then lost at the next step.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::FloatConst;
use xform::Vector;

use super::islands::{GroupsView, Islands};
use super::rows::{joint_row, linearize_joints};
use crate::world::capacity::resize;
use crate::world::constraint::{ConstraintFunction, Linearization};
use crate::world::contact::{Contact, Partner};
use crate::world::drive::{drive_speed, linearize_coordinate};
use crate::world::island::Local;
use crate::world::pose::Pose;
use crate::world::{JointSlot, JointSolver, MAX_JOINT_ROWS, RigidBody, WorldError, WorldSettings};
use crate::{BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, JacobianBlock, PgsSettings};

/// Whether island `k` is integrated by RATTLE: it has joints, the scheme is chosen and the
/// position projection (SHAKE's half) is on.
pub(crate) fn rattles<T>(joints: GroupsView<'_>, k: usize, settings: &WorldSettings<T>) -> bool {
    settings.joint_scheme == JointScheme::Rattle
        && settings.post_stabilization > 0
        && joints.count(k) > 0
}

/// How islands with joints are integrated in time.
///
/// Measured on a ball-joint pendulum (1 m, θ₀ = 1 rad, 100 periods at 60 Hz): RATTLE keeps
/// the energy, the symplectic-Euler split loses most of it (see the solver README's table).
///
/// # Example
/// ```
/// use solver::world::{JointScheme, WorldSettings};
/// assert_eq!(WorldSettings::<f64>::default().joint_scheme, JointScheme::Rattle);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JointScheme {
    /// Half kick, velocity solve at the old pose, drift, position projection (SHAKE), half
    /// kick and velocity projection at the new pose: symmetric and symplectic.
    #[default]
    Rattle,
    /// Full kick, velocity solve at the old pose, drift, position projection: the
    /// semi-implicit Euler step of most engines, which loses energy at every step the joints
    /// turn.
    SymplecticEuler,
}

/// Joint `slot`'s coordinate at the poses of `bodies` and which rows its drive adds at the
/// end of the step: a limit reached or passed (lower, upper), a motor.
fn end_rows<T: Scalar, U>(
    slot: &JointSlot<T, U>,
    bodies: &[RigidBody<T>],
) -> (Option<Linearization<T>>, [bool; 3]) {
    let [lower, upper] = slot.drive.limits;
    let motor = slot.drive.motor[1] > T::zero();
    if lower == T::neg_infinity() && upper == T::infinity() && !motor {
        return (None, [false; 3]);
    }
    let pb = slot
        .b
        .map_or_else(crate::world::Pose::identity, |b| bodies[b].pose());
    let lin = linearize_coordinate(slot, &bodies[slot.a].pose(), &pb);
    let on = lin.as_ref().map_or([false; 3], |lin| {
        let q = lin.value[0];
        [q <= lower, q >= upper, motor]
    });
    (lin, on)
}

/// Appends joint `slot`'s end-of-step drive rows ([`end_rows`]) to `local`: a limit as a
/// contact (`±J v' ≥ 0`), the motor as `J v' = speed` with half the step's force. Not
/// inlined: its linearization stays off the frame of the island loop.
#[inline(never)]
fn add_end_rows<T: Scalar, S: Storage, U>(
    local: &mut Local<T, S>,
    slot: &JointSlot<T, U>,
    (start, bodies): (&[RigidBody<T>], &[RigidBody<T>]),
    v: &[BodyVelocity<T>],
    (half, gravity): (T, Vector<T, 3>),
) -> Result<(), WorldError> {
    let (Some(lin), on) = end_rows(slot, bodies) else {
        return Ok(());
    };
    let forward = joint_row(slot.a, slot.b, &lin.jacobian[0]);
    let backward = joint_row(slot.a, slot.b, &lin.jacobian[0].map(|x| -x));
    // The speed the velocity solve held, from the state the step started with.
    let speed = if on[2] {
        let pb = slot.b.map_or_else(Pose::identity, |b| start[b].pose());
        linearize_coordinate(slot, &start[slot.a].pose(), &pb)
            .map_or(slot.drive.motor[0], |at_start| {
                drive_speed(slot, start, &at_start, gravity, half + half)
            })
    } else {
        T::zero()
    };
    let most = slot.drive.motor[1] * half;
    let rows = [
        (forward, T::zero(), Bounds::unilateral()),
        (backward, T::zero(), Bounds::unilateral()),
        (forward, speed, Bounds::new(-most, most)),
    ];
    for ((row, target, bounds), on) in rows.into_iter().zip(on) {
        if on {
            let eta = target - crate::world::island::row_dot(&row, v);
            local.add_row(&row, eta, bounds)?;
        }
    }
    Ok(())
}

/// Applies the second half to every awake island that [`rattles`]; `next` holds the new
/// poses and the velocities `Δq/Δt` of the drift.
#[allow(clippy::too_many_arguments, reason = "the named data of the step")]
pub(crate) fn finish<T, S, U>(
    start: &[RigidBody<T>],
    next: &mut [RigidBody<T>],
    joints: &[JointSlot<T, U>],
    contacts: &[Contact<T>],
    islands: &Islands<S>,
    local: &mut Local<T, S>,
    velocity: &mut S::Buf<BodyVelocity<T>>,
    directions: &mut S::Buf<Linearization<T>>,
    joint_impulse: &mut [[T; MAX_JOINT_ROWS]],
    drive_impulse: &mut [[T; 3]],
    settings: &WorldSettings<T>,
) -> Result<(), WorldError>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T>,
{
    let half = settings.dt / (T::one() + T::one());
    // To the velocity solve's tolerance, as the velocity solve: an island of joints alone
    // is still refined to round-off (the block solve's refinement asks that of a tree), but
    // one where contacts meet joints (a pile of ragdolls) converges slowly, and sweeping it
    // on to round-off, as this solve did, bought nothing: over 6 s of the report's three
    // ragdoll piles the mean penetration of the last 3 s went 2.35 → 1.56, 1.84 → 1.37 and
    // 1.64 → 1.31 mm, the deepest 6.3 → 8.9, 23.2 → 6.2 and 13.4 → 4.0 mm, and the step
    // 1 % faster; the pendulum, chain and cradle tests gave the same figures.
    let solver = PgsSettings {
        warm_start: false,
        ..settings.solver
    };
    // Every body's velocity, once (an island reads its own bodies' and static ones'); each
    // island refreshes its own bodies' linear velocities after their half kick.
    let mut gathered = false;
    for (k, &awake) in islands.awake.as_slice().iter().enumerate() {
        if !awake || !rattles(islands.joints.view(), k, settings) {
            continue;
        }
        if !gathered {
            // Written over what the buffer holds (the velocity solve's changes, read no
            // more; pushed, the velocities were a copy call each).
            resize(velocity, next.len(), BodyVelocity::default(), "bodies")?;
            for (v, b) in velocity.as_mut_slice().iter_mut().zip(next.iter()) {
                *v = BodyVelocity {
                    linear: b.linear_velocity,
                    angular: b.angular_velocity(),
                };
            }
            gathered = true;
        }
        for b in islands.bodies.of(k) {
            // The second half of gravity and of the force the step started with.
            next[b].linear_velocity += start[b].acceleration(settings.gravity) * half;
            velocity.as_mut_slice()[b].linear = next[b].linear_velocity;
        }
        let bodies = &*next;
        let v = velocity.as_slice();
        local.gather_bodies(islands.bodies.of(k), |b| BodyInverseMass {
            inv_mass: bodies[b].inv_mass,
            inv_inertia: bodies[b].world_inverse_inertia(),
        })?;
        linearize_joints(directions, islands.joints.of(k), joints, bodies)?;
        let cached = directions.as_slice();
        // The joint rows first, in joint order (a plain loop: an iterator of row tuples
        // copied each row on its way).
        local.start_rows(cached.iter().map(|lin| lin.rows).sum())?;
        let mut i = 0;
        for (n, j) in islands.joints.of(k).enumerate() {
            let (slot, lin) = (&joints[j], &cached[n]);
            for jacobian in &lin.jacobian[..lin.rows] {
                let row = joint_row(slot.a, slot.b, jacobian);
                let eta = -crate::world::island::row_dot(&row, v);
                local.set_bilateral_row(i, &row, eta);
                i += 1;
            }
        }
        // Only contacts that touch after the drift: a contact still apart is the next
        // step's (its speculative row and the collision phase decide then).
        let contact_rows = islands.contacts.of(k).filter_map(|c| {
            let c = &contacts[c];
            if c.involves_sensor(start) {
                return None;
            }
            let moved = |body: usize| bodies[body].position - start[body].position;
            let mut gap = c.gap + c.normal.dot(&moved(c.a));
            if let Partner::Body(b) = c.partner {
                gap = gap - c.normal.dot(&moved(b));
            }
            if gap > T::zero() {
                return None;
            }
            let block = |body: usize, sign: T| {
                let r = c.point - bodies[body].position;
                JacobianBlock {
                    body,
                    linear: c.normal * sign,
                    angular: r.cross(&c.normal) * sign,
                }
            };
            let row = ConstraintRow {
                a: block(c.a, T::one()),
                b: match c.partner {
                    Partner::Body(b) => Some(block(b, -T::one())),
                    Partner::Plane(_) => None,
                },
            };
            let eta = -crate::world::island::row_dot(&row, v);
            Some((row, eta, Bounds::unilateral()))
        });
        // Joint limits reached after the drift, like contacts, and motors with the second
        // half of their force (the velocity solve had the first), after the joint rows.
        for j in islands.joints.of(k) {
            add_end_rows(
                local,
                &joints[j],
                (start, bodies),
                v,
                (half, settings.gravity),
            )?;
        }
        local.add_rows(contact_rows)?;
        local.solve(
            islands.joints.of(k),
            joints,
            JointSolver::Direct,
            &solver,
            &mut [],
        )?;
        // The projection's impulses on the joint rows (first, in joint order) complete the
        // joints' impulses of the step.
        let mut lambda = local.lambda.as_slice().iter();
        for (n, j) in islands.joints.of(k).enumerate() {
            for (total, l) in joint_impulse[j][..cached[n].rows]
                .iter_mut()
                .zip(&mut lambda)
            {
                *total = *total + *l;
            }
        }
        for j in islands.joints.of(k) {
            let on = end_rows(&joints[j], bodies).1;
            for (total, _) in drive_impulse[j].iter_mut().zip(on).filter(|(_, on)| *on) {
                if let Some(l) = lambda.next() {
                    *total = *total + *l;
                }
            }
        }
        for (b, d) in local.globals().zip(local.delta_v.as_slice()) {
            let body = &mut next[b];
            body.linear_velocity += d.linear;
            if d.angular != Vector::zeros() {
                let w = body.angular_velocity() + d.angular;
                body.angular_velocity_body = body.orientation.conjugate().rotate(&w);
            }
        }
    }
    Ok(())
}
