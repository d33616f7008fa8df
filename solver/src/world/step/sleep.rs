//! Sleeping: a body whose fastest point (centre speed plus bounding radius times angular
//! speed) moved slower than the threshold accumulates resting time; an
//! awake island whose every body rested long enough goes to sleep with zero velocities.
//! An island with a running motor (a joint's motor with force and a speed) never sleeps:
//! the motor moves it however slowly. Waking happens elsewhere: an island with any awake
//! body is awake as a whole ([`Islands`]), and the world's setters wake the body they
//! change.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use xform::Vector;

use super::islands::Islands;
use super::narrow::bounding_radius;
use crate::world::{JointSlot, RigidBody, SleepSettings};

/// Updates the resting times of the awake bodies of `next` and puts islands to sleep;
/// returns how many bodies sleep after the step.
pub(crate) fn update<T: Scalar, S: Storage, U>(
    next: &mut [RigidBody<T>],
    joints: &[JointSlot<T, U>],
    islands: &Islands<S>,
    sleep: Option<&SleepSettings<T>>,
    h: T,
) -> usize {
    let Some(sleep) = sleep else {
        return 0;
    };
    for (k, &awake) in islands.awake.as_slice().iter().enumerate() {
        if !awake {
            continue;
        }
        let motor = |j: usize| {
            let [speed, force] = joints[j].drive.motor;
            force > T::zero() && speed != T::zero()
        };
        let mut rested = !islands.joints.of(k).any(motor);
        for b in islands.bodies.of(k) {
            let body = &mut next[b];
            // As Box2D v3: the fastest point of the shape's bounding sphere, so a large body
            // turning slowly is not at rest; a body without a shape by its angular speed.
            let spin = body.angular_velocity_body.norm();
            let slow = match bounding_radius(&body.shape) {
                Some(extent) => body.linear_velocity.norm() + extent * spin <= sleep.linear_speed,
                None => {
                    body.linear_velocity.norm() <= sleep.linear_speed && spin <= sleep.angular_speed
                }
            };
            body.still_for = if slow { body.still_for + h } else { T::zero() };
            rested &= body.still_for >= sleep.time;
        }
        if rested {
            for b in islands.bodies.of(k) {
                let body = &mut next[b];
                body.asleep = true;
                body.linear_velocity = Vector::zeros();
                body.angular_velocity_body = Vector::zeros();
            }
        }
    }
    next.iter().filter(|b| b.asleep).count()
}
