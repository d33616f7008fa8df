//! Integration: the velocities after the impulses, the impulses kept for warm starting, then
//! positions `p' = p + Δt v'` and orientations through rotint's guarded stepper (body frame).
use cwlist::{Buffer, Storage};
use num_traits::Float;
use rotint::Stepper;
use xform::Vector;

use core::convert::Infallible;

use super::executor::Loops;
use super::islands::NONE;
use super::predict::Motion;
use super::rows::Rows;
use crate::BodyVelocity;
use crate::world::WorldError;
use crate::world::contact::Contact;
use crate::world::{JointSlot, MAX_JOINT_ROWS, constraint::ConstraintFunction};

impl<T: crate::world::Scalar, S: Storage> Motion<T, S> {
    /// `v' = v* + Δv` for every body that took part in the solve (`delta_v` is zero for the
    /// others).
    pub(crate) fn apply_velocities(&mut self, loops: &mut impl Loops, delta_v: &[BodyVelocity<T>]) {
        let free = self.free.as_slice();
        let applied: Result<(), Infallible> = loops.each(self.next.as_mut_slice(), &|i, next| {
            let (f, d) = (&free[i], &delta_v[i]);
            if next.is_static() || next.asleep {
                return Ok(());
            }
            next.linear_velocity = f.linear + d.linear;
            if d.angular != Vector::zeros() {
                next.angular_velocity_body = next
                    .orientation
                    .conjugate()
                    .rotate(&(f.angular + d.angular));
            }
            Ok(())
        });
        let Ok(()) = applied;
    }

    /// Positions and orientations of the awake dynamic bodies from their new velocities: a
    /// body no constraint pushed (`Δω = 0`) turns by its free rotation (world-frame angular
    /// momentum kept, see `predict`), the others by rotint's stepper with their new `ω`.
    /// Each body also moves by `push`, the velocity by which the contacts' push moves it
    /// beyond the velocity it keeps (see
    /// [`Local::solve_island`](super::solve::Local::solve_island)).
    pub(crate) fn integrate_positions(
        &mut self,
        loops: &mut impl Loops,
        stepper: &Stepper<T>,
        h: T,
        delta_v: &[BodyVelocity<T>],
        push: &[BodyVelocity<T>],
    ) -> Result<(), WorldError> {
        let turns = self.turn.as_slice();
        loops.each(self.next.as_mut_slice(), &|i, next| {
            let (turn, d, push) = (&turns[i], &delta_v[i], &push[i]);
            if next.is_kinematic() {
                return Ok(next.glide(h)?);
            }
            if next.is_static() || next.asleep {
                return Ok(());
            }
            next.position += (next.linear_velocity + push.linear) * h;
            let still = d.angular == Vector::zeros() && push.angular == Vector::zeros();
            next.orientation = match turn {
                Some(q) if still => (next.orientation * *q)
                    .try_normalize()
                    .map_err(|_| rotint::Error::NonFinite)?,
                _ => {
                    let omega = next.angular_velocity_body
                        + next.orientation.conjugate().rotate(&push.angular);
                    stepper.step(next.orientation, omega, Vector::zeros(), h)?.0
                }
            };
            Ok(())
        })
    }
}

/// Stores the solved impulses: into each contact (`[normal, tangent 1, tangent 2]`), into
/// `joint_impulse` per joint and into `drive_impulse` per joint (limits and motor, zero
/// for rows that are off), for the next step's warm start.
pub(crate) fn keep_impulses<T: Float, S: Storage, U: ConstraintFunction<T>>(
    rows: &Rows<T, S>,
    contacts: &mut [Contact<T>],
    joints: &[JointSlot<T, U>],
    joint_impulse: &mut [[T; MAX_JOINT_ROWS]],
    drive_impulse: &mut [[T; 3]],
) {
    let lambda = rows.lambda.as_slice();
    let bounds = rows.bounds.as_slice();
    let drive_rows = rows
        .drive_row
        .as_slice()
        .iter()
        .zip(rows.joint_row.as_slice());
    for ((slot, impulse), (&first, &joint_first)) in
        joints.iter().zip(drive_impulse.iter_mut()).zip(drive_rows)
    {
        // A sleeping joint keeps its impulses; an awake one without drive rows has none.
        *impulse = if joint_first == NONE {
            slot.drive.impulse
        } else {
            [T::zero(); 3]
        };
        if first != NONE {
            let mut row = first as usize;
            for (on, out) in slot.drive.rows().into_iter().zip(impulse.iter_mut()) {
                if on {
                    *out = lambda[row];
                    row += 1;
                }
            }
        }
    }
    for ((slot, impulse), &first) in joints
        .iter()
        .zip(joint_impulse.iter_mut())
        .zip(rows.joint_row.as_slice())
    {
        *impulse = slot.warm;
        if first != NONE {
            let (first, n) = (first as usize, slot.joint.rows());
            impulse[..n].copy_from_slice(&lambda[first..first + n]);
        }
    }
    for (c, &row) in contacts.iter_mut().zip(rows.contact_row.as_slice()) {
        if row == NONE {
            continue;
        }
        let row = row as usize;
        c.impulse[0] = lambda[row];
        // Friction rows, if any, follow their normal row.
        let friction = matches!(
            bounds.get(row + 1),
            Some(&crate::Bounds::Friction { normal, .. }) if normal == row
        );
        if friction {
            c.impulse[1] = lambda[row + 1];
            c.impulse[2] = lambda[row + 2];
        }
    }
}
