//! Free motion: gravity and the gyroscopic term (rotint's body-frame Euler equations) give
//! each awake body its velocity before the constraints act; sleeping and static bodies keep
//! theirs (zero).
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::Vector;

use super::islands::{Islands, NONE};
use super::push;
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
}

impl<T: Float, S: Storage> Motion<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            next: Buffer::new(),
            inverse: Buffer::new(),
            free: Buffer::new(),
        }
    }

    /// Copies the bodies into `next`, waking every body of an awake island and giving the
    /// awake ones their free-motion velocities.
    pub(crate) fn predict(
        &mut self,
        bodies: &[RigidBody<T>],
        islands: &Islands<S>,
        settings: &WorldSettings<T>,
    ) -> Result<(), WorldError> {
        let (h, g) = (settings.dt, settings.gravity);
        self.next.clear();
        self.inverse.clear();
        self.free.clear();
        let awake = islands.awake.as_slice();
        for (body, &island) in bodies.iter().zip(islands.of_body.as_slice()) {
            let mut next = *body;
            if island != NONE && awake[island as usize] {
                if next.asleep {
                    next.wake();
                }
                if let Some(inertia) = &body.inertia {
                    next.linear_velocity = body.linear_velocity + g * h;
                    if let Some(scheme) = settings.gyroscopic {
                        next.angular_velocity_body = inertia.advance_omega(
                            body.angular_velocity_body,
                            Vector::zeros(),
                            h,
                            scheme,
                        )?;
                    }
                }
            }
            push(&mut self.next, next, "bodies")?;
            let inverse = BodyInverseMass {
                inv_mass: body.inv_mass,
                inv_inertia: body.world_inverse_inertia(),
            };
            push(&mut self.inverse, inverse, "bodies")?;
            let free = BodyVelocity {
                linear: next.linear_velocity,
                angular: next.orientation.rotate(&next.angular_velocity_body),
            };
            push(&mut self.free, free, "bodies")?;
        }
        Ok(())
    }
}
