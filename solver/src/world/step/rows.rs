//! Constraint rows of the velocity solve, island by island: each joint's rows linearized
//! by dual numbers (`J`, `C`) with the Baumgarte bias `−βC/Δt`, then each contact's normal
//! row (`λ ≥ 0`; restitution, speculative gap or Baumgarte bias) and two friction rows
//! bounded by `±μλₙ`. Rows of one island are contiguous, joints first.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::Vector;

use super::islands::{Islands, NONE};
use super::push;
use crate::world::constraint::{ConstraintFunction, Linearization, linearize};
use crate::world::contact::{Contact, Partner, Plane};
use crate::world::drive::{drive_speed, linearize_coordinate};
use crate::world::island::{RowsView, row_dot};
use crate::world::joint::orthonormal_pair;
use crate::world::pose::Pose;
use crate::world::{JointSlot, RigidBody, WorldError, WorldSettings};
use crate::{BodyVelocity, Bounds, ConstraintRow, JacobianBlock};

/// Every row of the step with its right-hand side, bounds and warm start.
pub(crate) struct Rows<T, S: Storage> {
    pub(crate) rows: S::Buf<ConstraintRow<T>>,
    pub(crate) eta: S::Buf<T>,
    /// The part of each row's `eta` that pushes penetrating contacts apart (Baumgarte beyond
    /// the slop); zero on every other row. The relaxing solve takes it out again
    /// ([`Local::solve_island`](super::solve::Local::solve_island)).
    pub(crate) push: S::Buf<T>,
    /// Each row's position-level value: a contact normal row's gap (negative: penetration),
    /// a joint row's constraint value `C` (0 when it holds); 0 on friction rows. Substeps
    /// move it with the bodies ([`Local::solve_substeps`](super::solve::Local)).
    pub(crate) separation: S::Buf<T>,
    /// `J v` of each row's blocks on kinematic bodies (a velocity the solve does not
    /// change; 0 for every other row). Substeps add it to the bodies' `J v`.
    pub(crate) carried: S::Buf<T>,
    pub(crate) bounds: S::Buf<Bounds<T>>,
    /// The warm start on entry to the solve, the impulses after it.
    pub(crate) lambda: S::Buf<T>,
    /// Where each island's rows end ([`RowsView::island`]); one entry per island.
    pub(crate) island_end: S::Buf<u32>,
    /// First row of each joint ([`NONE`]: its island sleeps).
    pub(crate) joint_row: S::Buf<u32>,
    /// First row of each joint's limits and motor ([`NONE`]: none this step), in the
    /// order of [`JointDrive::rows`](crate::world::drive::JointDrive::rows).
    pub(crate) drive_row: S::Buf<u32>,
    /// Normal row of each contact ([`NONE`]: no row this step).
    pub(crate) contact_row: S::Buf<u32>,
}

/// The 12 Jacobian entries `[v_a, ω_a, v_b, ω_b]` of one joint row as a constraint row.
pub(crate) fn joint_row<T: Float>(
    a: usize,
    b: Option<usize>,
    jacobian: &[T; 12],
) -> ConstraintRow<T> {
    let block = |body: usize, offset: usize| JacobianBlock {
        body,
        linear: Vector([jacobian[offset], jacobian[offset + 1], jacobian[offset + 2]]),
        angular: Vector([
            jacobian[offset + 3],
            jacobian[offset + 4],
            jacobian[offset + 5],
        ]),
    };
    ConstraintRow {
        a: block(a, 0),
        b: b.map(|b| block(b, 6)),
    }
}

/// A joint linearized at the poses of `bodies`.
pub(crate) fn linearize_joint<T: Scalar, U: ConstraintFunction<T>>(
    slot: &JointSlot<T, U>,
    bodies: &[RigidBody<T>],
) -> Linearization<T> {
    let pb = slot.b.map_or_else(Pose::identity, |b| bodies[b].pose());
    linearize(&slot.joint, &bodies[slot.a].pose(), &pb)
}

/// A joint's constraint values `C` at the poses of `bodies` (plain numbers, no Jacobian)
/// and its number of rows.
pub(crate) fn joint_value<T: Scalar, U: ConstraintFunction<T>>(
    slot: &JointSlot<T, U>,
    bodies: &[RigidBody<T>],
) -> ([T; crate::world::MAX_JOINT_ROWS], usize) {
    let pb = slot.b.map_or_else(Pose::identity, |b| bodies[b].pose());
    (
        crate::world::constraint_value(&slot.joint, &bodies[slot.a].pose(), &pb),
        slot.joint.rows().min(crate::world::MAX_JOINT_ROWS),
    )
}

impl<T: Scalar, S: Storage> Rows<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            rows: Buffer::new(),
            eta: Buffer::new(),
            push: Buffer::new(),
            separation: Buffer::new(),
            carried: Buffer::new(),
            bounds: Buffer::new(),
            lambda: Buffer::new(),
            island_end: Buffer::new(),
            joint_row: Buffer::new(),
            drive_row: Buffer::new(),
            contact_row: Buffer::new(),
        }
    }

    pub(crate) fn view(&self) -> RowsView<'_, T> {
        RowsView {
            rows: self.rows.as_slice(),
            eta: self.eta.as_slice(),
            push: self.push.as_slice(),
            separation: self.separation.as_slice(),
            carried: self.carried.as_slice(),
            bounds: self.bounds.as_slice(),
            lambda: self.lambda.as_slice(),
            island_end: self.island_end.as_slice(),
        }
    }

    fn clear(&mut self) {
        self.rows.clear();
        self.eta.clear();
        self.push.clear();
        self.separation.clear();
        self.carried.clear();
        self.bounds.clear();
        self.lambda.clear();
        self.island_end.clear();
        self.joint_row.clear();
        self.drive_row.clear();
        self.contact_row.clear();
    }

    fn len(&self) -> usize {
        self.rows.as_slice().len()
    }

    fn push_row(
        &mut self,
        row: ConstraintRow<T>,
        (eta, contact_push, separation): (T, T, T),
        bounds: Bounds<T>,
        warm: T,
        (bodies, free): (&[RigidBody<T>], &[BodyVelocity<T>]),
    ) -> Result<usize, WorldError> {
        let index = self.len();
        let mut carried = T::zero();
        for block in core::iter::once(&row.a).chain(row.b.iter()) {
            if bodies[block.body].is_kinematic() {
                carried = carried
                    + block.linear.dot(&free[block.body].linear)
                    + block.angular.dot(&free[block.body].angular);
            }
        }
        push(&mut self.carried, carried, "rows")?;
        push(&mut self.rows, row, "rows")?;
        push(&mut self.eta, eta, "rows")?;
        push(&mut self.push, contact_push, "rows")?;
        push(&mut self.separation, separation, "rows")?;
        push(&mut self.bounds, bounds, "rows")?;
        push(&mut self.lambda, warm, "rows")?;
        Ok(index)
    }

    /// The rows of every awake island; `free` are the velocities before the constraints.
    #[allow(clippy::too_many_arguments, reason = "the named data of the step")]
    pub(crate) fn build<U: ConstraintFunction<T>>(
        &mut self,
        bodies: &[RigidBody<T>],
        planes: &[Plane<T>],
        joints: &[JointSlot<T, U>],
        contacts: &mut [Contact<T>],
        islands: &Islands<S>,
        free: &[BodyVelocity<T>],
        settings: &WorldSettings<T>,
    ) -> Result<(), WorldError> {
        self.clear();
        for _ in joints {
            push(&mut self.joint_row, NONE, "rows")?;
            push(&mut self.drive_row, NONE, "rows")?;
        }
        for _ in contacts.iter() {
            push(&mut self.contact_row, NONE, "rows")?;
        }
        let awake = islands.awake.as_slice();
        for (k, &awake) in awake.iter().enumerate() {
            if awake {
                self.island_rows(k, bodies, planes, joints, contacts, islands, free, settings)?;
            }
            if self.len() >= NONE as usize {
                return Err(WorldError::CapacityExceeded { what: "rows" });
            }
            let end = self.len() as u32;
            push(&mut self.island_end, end, "rows")?;
        }
        Ok(())
    }

    /// The rows of awake island `k`.
    #[allow(clippy::too_many_arguments, reason = "the named data of the step")]
    fn island_rows<U: ConstraintFunction<T>>(
        &mut self,
        k: usize,
        bodies: &[RigidBody<T>],
        planes: &[Plane<T>],
        joints: &[JointSlot<T, U>],
        contacts: &mut [Contact<T>],
        islands: &Islands<S>,
        free: &[BodyVelocity<T>],
        settings: &WorldSettings<T>,
    ) -> Result<(), WorldError> {
        for j in islands.joints.of(k) {
            let first = self.len() as u32;
            self.joint_rows(&joints[j], bodies, free, settings)?;
            self.joint_row.as_mut_slice()[j] = first;
        }
        // After every joint row: the direct solve takes the island's first rows. Under
        // RATTLE a motor's force acts in two halves, like gravity: this one and the
        // projection's at the end of the step.
        let share = if super::finish::rattles(islands.joints.view(), k, settings) {
            (T::one() + T::one()).recip()
        } else {
            T::one()
        };
        for j in islands.joints.of(k) {
            let first = self.len() as u32;
            if self.drive_rows(&joints[j], bodies, free, settings, share)? {
                self.drive_row.as_mut_slice()[j] = first;
            }
        }
        for c in islands.contacts.of(k) {
            if let Some(row) =
                self.contact_rows(&mut contacts[c], bodies, planes, free, settings)?
            {
                self.contact_row.as_mut_slice()[c] = row as u32;
            }
        }
        Ok(())
    }

    fn joint_rows<U: ConstraintFunction<T>>(
        &mut self,
        slot: &JointSlot<T, U>,
        bodies: &[RigidBody<T>],
        free: &[BodyVelocity<T>],
        settings: &WorldSettings<T>,
    ) -> Result<(), WorldError> {
        let lin = linearize_joint(slot, bodies);
        for r in 0..lin.rows {
            let row = joint_row(slot.a, slot.b, &lin.jacobian[r]);
            let bias = crate::stabilization::baumgarte_bias(
                settings.joint_beta,
                lin.value[r],
                settings.dt,
            );
            let eta = bias - row_dot(&row, free);
            self.push_row(
                row,
                (eta, T::zero(), lin.value[r]),
                Bounds::bilateral(),
                slot.warm[r],
                (bodies, free),
            )?;
        }
        Ok(())
    }

    /// The rows of a joint's limits and motor ([`drive`](crate::world::drive)); returns
    /// whether it has any. Not inlined: its linearization stays off the frame of the
    /// island's rows (the on-target chain step's stack budget).
    #[inline(never)]
    fn drive_rows<U: ConstraintFunction<T>>(
        &mut self,
        slot: &JointSlot<T, U>,
        bodies: &[RigidBody<T>],
        free: &[BodyVelocity<T>],
        s: &WorldSettings<T>,
        share: T,
    ) -> Result<bool, WorldError> {
        let present = slot.drive.rows();
        if !present.contains(&true) {
            return Ok(false);
        }
        let pb = slot.b.map_or_else(Pose::identity, |b| bodies[b].pose());
        let Some(lin) = linearize_coordinate(slot, &bodies[slot.a].pose(), &pb) else {
            return Ok(false);
        };
        let (q, h) = (lin.value[0], s.dt);
        let forward = joint_row(slot.a, slot.b, &lin.jacobian[0]);
        let backward = joint_row(slot.a, slot.b, &lin.jacobian[0].map(|x| -x));
        let [lower, upper] = slot.drive.limits;
        // A limit: speculative while the coordinate is short of it, pushed back past it.
        let limit = |gap: T| {
            if gap > T::zero() {
                -gap / h
            } else {
                -s.joint_beta * gap / h
            }
        };
        let speed = drive_speed(slot, bodies, &lin, s.gravity, h);
        let most = slot.drive.motor[1] * h * share;
        let rows = [
            (forward, limit(q - lower), Bounds::unilateral(), q - lower),
            (backward, limit(upper - q), Bounds::unilateral(), upper - q),
            (forward, speed, Bounds::new(-most, most), T::zero()),
        ];
        for ((row, target, bounds, gap), (&on, &warm)) in rows
            .into_iter()
            .zip(present.iter().zip(&slot.drive.impulse))
        {
            if on {
                let eta = target - row_dot(&row, free);
                self.push_row(row, (eta, T::zero(), gap), bounds, warm, (bodies, free))?;
            }
        }
        Ok(true)
    }

    /// The normal and friction rows of one contact; returns the normal row.
    fn contact_rows(
        &mut self,
        c: &mut Contact<T>,
        bodies: &[RigidBody<T>],
        planes: &[Plane<T>],
        free: &[BodyVelocity<T>],
        s: &WorldSettings<T>,
    ) -> Result<Option<usize>, WorldError> {
        if c.involves_sensor(bodies) {
            c.impulse = [T::zero(); 3];
            return Ok(None);
        }
        let h = s.dt;
        let body_a = &bodies[c.a];
        let (partner_center, material_b, b_index) = match c.partner {
            Partner::Body(b) => (Some(bodies[b].position), bodies[b].material, Some(b)),
            Partner::Plane(p) => (None, planes[p].material, None),
        };
        let mu = fpu::sqrt(body_a.material.friction * material_b.friction);
        let r_a = c.point - body_a.position;
        let r_b = partner_center.map(|p| c.point - p);
        let make = |dir: Vector<T, 3>| ConstraintRow {
            a: JacobianBlock {
                body: c.a,
                linear: dir,
                angular: r_a.cross(&dir),
            },
            b: b_index.zip(r_b).map(|(b, r)| JacobianBlock {
                body: b,
                linear: -dir,
                angular: -r.cross(&dir),
            }),
        };
        let normal = make(c.normal);
        // Restitution was applied by the collision phase (`bounce`): here every contact is
        // inelastic, with a speculative bias for a gap and Baumgarte beyond the slop.
        let (bias, contact_push) = if c.gap > T::zero() {
            (-c.gap / h, T::zero())
        } else {
            let push = s.contact_beta * (-c.gap - s.slop).max(T::zero()) / h;
            (push, push)
        };
        let eta_n = bias - row_dot(&normal, free);
        let normal_row = self.push_row(
            normal,
            (eta_n, contact_push, c.gap),
            Bounds::unilateral(),
            c.impulse[0],
            (bodies, free),
        )?;
        if mu > T::zero() {
            let tangents = orthonormal_pair(&c.normal);
            for (t, warm) in tangents.into_iter().zip([c.impulse[1], c.impulse[2]]) {
                let row = make(t);
                let eta_t = -row_dot(&row, free);
                self.push_row(
                    row,
                    (eta_t, T::zero(), T::zero()),
                    Bounds::friction(normal_row, mu),
                    warm,
                    (bodies, free),
                )?;
            }
        } else {
            c.impulse[1] = T::zero();
            c.impulse[2] = T::zero();
        }
        Ok(Some(normal_row))
    }
}
