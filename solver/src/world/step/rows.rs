//! Constraint rows of the velocity solve, island by island: each joint's rows linearized
//! by dual numbers (`J`, `C`) with the Baumgarte bias `−βC/Δt`, then each contact's normal
//! row (`λ ≥ 0`; restitution, speculative gap or Baumgarte bias) and two friction rows
//! bounded by `±μλₙ`. Rows of one island are contiguous, joints first.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::Vector;

use core::ops::Range;

use super::broad::BroadPhase;
use super::executor::{Executor, Halve};
use super::islands::{GroupsView, Islands, NONE};
use super::push;
use crate::world::capacity::resize;
use crate::world::constraint::{ConstraintFunction, Linearization};
use crate::world::contact::{Contact, Partner, Plane};
use crate::world::drive::{drive_row_count, drive_speed, linearize_coordinate};
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

/// A joint linearized at the poses of `bodies`, written into `out` (see
/// [`Joint::linearization_into`](crate::world::Joint)).
pub(crate) fn linearize_joint<T: Scalar, U: ConstraintFunction<T>>(
    slot: &JointSlot<T, U>,
    bodies: &[RigidBody<T>],
    out: &mut Linearization<T>,
) {
    let pb = slot.b.map_or_else(Pose::identity, |b| bodies[b].pose());
    slot.joint
        .linearization_into(&bodies[slot.a].pose(), &pb, out);
}

/// Each joint of `joints` linearized at the poses of `bodies` ([`linearize_joint`]),
/// written in place over the entries of `out` (resized to one per joint; only new
/// entries are zeroed): `CapacityExceeded` when it is full.
pub(crate) fn linearize_joints<T: Scalar, U: ConstraintFunction<T>>(
    out: &mut impl Buffer<Linearization<T>>,
    joints: impl Iterator<Item = usize> + Clone,
    slots: &[JointSlot<T, U>],
    bodies: &[RigidBody<T>],
) -> Result<(), WorldError> {
    resize(out, joints.clone().count(), Linearization::zero(), "joints")?;
    for (lin, j) in out.as_mut_slice().iter_mut().zip(joints) {
        linearize_joint(&slots[j], bodies, lin);
    }
    Ok(())
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
        joint_row_count(slot),
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

    /// The rows of every awake island; `free` are the velocities before the constraints.
    /// First each joint's, limit's and contact's place in the rows (one pass, which also
    /// clears the impulses of a contact without rows), then the rows themselves, written
    /// in place by `loops`, runs of islands side by side.
    #[allow(clippy::too_many_arguments, reason = "the named data of the step")]
    pub(crate) fn build<U: ConstraintFunction<T>, B: BroadPhase<T>>(
        &mut self,
        exec: &mut impl Executor<T, S, U, B>,
        bodies: &[RigidBody<T>],
        planes: &[Plane<T>],
        joints: &[JointSlot<T, U>],
        contacts: &mut [Contact<T>],
        islands: &Islands<S>,
        free: &[BodyVelocity<T>],
        settings: &WorldSettings<T>,
    ) -> Result<(), WorldError> {
        let total = self.place(bodies, planes, joints, contacts, islands)?;
        let unset = joint_row(0, None, &[T::zero(); 12]);
        resize(&mut self.rows, total, unset, "rows")?;
        resize(&mut self.bounds, total, Bounds::bilateral(), "rows")?;
        for column in [
            &mut self.eta,
            &mut self.push,
            &mut self.separation,
            &mut self.carried,
            &mut self.lambda,
        ] {
            resize(column, total, T::zero(), "rows")?;
        }
        let whole = Part {
            islands: 0..islands.count(),
            first: 0,
            island_end: self.island_end.as_slice(),
            rows: self.rows.as_mut_slice(),
            eta: self.eta.as_mut_slice(),
            push: self.push.as_mut_slice(),
            separation: self.separation.as_mut_slice(),
            carried: self.carried.as_mut_slice(),
            bounds: self.bounds.as_mut_slice(),
            lambda: self.lambda.as_mut_slice(),
        };
        let (contacts, awake) = (&*contacts, islands.awake.as_slice());
        let groups = [islands.joints.view(), islands.contacts.view()];
        exec.split_joints(whole, GRAIN, joints, &|mut part, joints| {
            for k in part.islands.clone() {
                if awake[k] {
                    part.island(k, bodies, planes, joints, contacts, groups, free, settings);
                }
            }
        });
        Ok(())
    }

    /// Where each awake island's joint, limit and contact rows go (`joint_row`,
    /// `drive_row`, `contact_row`, `island_end`); a contact without friction rows (or
    /// without any, a sensor's) loses those impulses. Returns the number of rows.
    fn place<U: ConstraintFunction<T>>(
        &mut self,
        bodies: &[RigidBody<T>],
        planes: &[Plane<T>],
        joints: &[JointSlot<T, U>],
        contacts: &mut [Contact<T>],
        islands: &Islands<S>,
    ) -> Result<usize, WorldError> {
        for column in [&mut self.joint_row, &mut self.drive_row] {
            column.clear();
            for _ in joints {
                push(column, NONE, "rows")?;
            }
        }
        self.contact_row.clear();
        for _ in contacts.iter() {
            push(&mut self.contact_row, NONE, "rows")?;
        }
        self.island_end.clear();
        let mut at = 0;
        for (k, &awake) in islands.awake.as_slice().iter().enumerate() {
            if awake {
                for j in islands.joints.of(k) {
                    self.joint_row.as_mut_slice()[j] = at as u32;
                    at += joint_row_count(&joints[j]);
                }
                for j in islands.joints.of(k) {
                    let n = drive_row_count(&joints[j]);
                    if n > 0 {
                        self.drive_row.as_mut_slice()[j] = at as u32;
                        at += n;
                    }
                }
                for c in islands.contacts.of(k) {
                    let contact = &mut contacts[c];
                    match friction(contact, bodies, planes) {
                        None => contact.impulse = [T::zero(); 3],
                        Some(mu) => {
                            self.contact_row.as_mut_slice()[c] = at as u32;
                            at += 1;
                            if mu > T::zero() {
                                at += 2;
                            } else {
                                (contact.impulse[1], contact.impulse[2]) = (T::zero(), T::zero());
                            }
                        }
                    }
                }
            }
            if at >= NONE as usize {
                return Err(WorldError::CapacityExceeded { what: "rows" });
            }
            push(&mut self.island_end, at as u32, "rows")?;
        }
        Ok(at)
    }
}

/// Rows per task of the parallel build (a row costs about 50 ns).
const GRAIN: usize = 512;

/// How many rows joint `slot` has.
pub(crate) fn joint_row_count<T: Scalar, U: ConstraintFunction<T>>(
    slot: &JointSlot<T, U>,
) -> usize {
    slot.joint.rows().min(crate::world::MAX_JOINT_ROWS)
}

/// A contact's friction coefficient, or `None` for a contact without rows (a sensor's).
fn friction<T: Scalar>(c: &Contact<T>, bodies: &[RigidBody<T>], planes: &[Plane<T>]) -> Option<T> {
    if c.involves_sensor(bodies) {
        return None;
    }
    let material_b = match c.partner {
        Partner::Body(b) => bodies[b].material,
        Partner::Plane(p) => planes[p].material,
    };
    Some(fpu::sqrt(
        bodies[c.a].material.friction * material_b.friction,
    ))
}

/// The rows of consecutive islands, written in place: each column from the islands'
/// first row (`first`, a row index of the step) on.
struct Part<'a, T> {
    islands: Range<usize>,
    first: usize,
    island_end: &'a [u32],
    rows: &'a mut [ConstraintRow<T>],
    eta: &'a mut [T],
    push: &'a mut [T],
    separation: &'a mut [T],
    carried: &'a mut [T],
    bounds: &'a mut [Bounds<T>],
    lambda: &'a mut [T],
}

impl<T: Scalar> Halve for Part<'_, T> {
    fn weight(&self) -> usize {
        self.rows.len()
    }

    /// Cut between islands, at the island boundary nearest the middle row.
    fn halve(self) -> Result<(Self, Self), Self> {
        let Range { start, end } = self.islands;
        if end - start < 2 {
            return Err(self);
        }
        let middle = (self.first + self.rows.len() / 2) as u32;
        let k = start + self.island_end[start..end].partition_point(|&e| e <= middle);
        let k = k.clamp(start + 1, end - 1);
        let cut = self.island_end[k - 1] as usize - self.first;
        let (rows, rows_b) = self.rows.split_at_mut(cut);
        let (eta, eta_b) = self.eta.split_at_mut(cut);
        let (push, push_b) = self.push.split_at_mut(cut);
        let (separation, separation_b) = self.separation.split_at_mut(cut);
        let (carried, carried_b) = self.carried.split_at_mut(cut);
        let (bounds, bounds_b) = self.bounds.split_at_mut(cut);
        let (lambda, lambda_b) = self.lambda.split_at_mut(cut);
        let island_end = self.island_end;
        Ok((
            Part {
                islands: start..k,
                first: self.first,
                island_end,
                rows,
                eta,
                push,
                separation,
                carried,
                bounds,
                lambda,
            },
            Part {
                islands: k..end,
                first: self.first + cut,
                island_end,
                rows: rows_b,
                eta: eta_b,
                push: push_b,
                separation: separation_b,
                carried: carried_b,
                bounds: bounds_b,
                lambda: lambda_b,
            },
        ))
    }
}

impl<T: Scalar> Part<'_, T> {
    /// Writes row `index` (of the step); `carried` from its blocks on kinematic bodies.
    fn put(
        &mut self,
        index: usize,
        row: ConstraintRow<T>,
        (eta, contact_push, separation): (T, T, T),
        bounds: Bounds<T>,
        warm: T,
        (bodies, free): (&[RigidBody<T>], &[BodyVelocity<T>]),
    ) {
        let mut carried = T::zero();
        for block in core::iter::once(&row.a).chain(row.b.iter()) {
            if bodies[block.body].is_kinematic() {
                carried = carried
                    + block.linear.dot(&free[block.body].linear)
                    + block.angular.dot(&free[block.body].angular);
            }
        }
        let i = index - self.first;
        self.carried[i] = carried;
        self.rows[i] = row;
        self.eta[i] = eta;
        self.push[i] = contact_push;
        self.separation[i] = separation;
        self.bounds[i] = bounds;
        self.lambda[i] = warm;
    }

    /// The rows of awake island `k`, at the places [`Rows::place`] gave them.
    #[allow(clippy::too_many_arguments, reason = "the named data of the step")]
    fn island<U: ConstraintFunction<T>>(
        &mut self,
        k: usize,
        bodies: &[RigidBody<T>],
        planes: &[Plane<T>],
        joints: &[JointSlot<T, U>],
        contacts: &[Contact<T>],
        [island_joints, island_contacts]: [GroupsView<'_>; 2],
        free: &[BodyVelocity<T>],
        settings: &WorldSettings<T>,
    ) {
        let mut at = if k == 0 {
            0
        } else {
            self.island_end[k - 1] as usize
        };
        // One linearization written over by every joint (zeroed once, not per joint).
        let mut lin = Linearization::zero();
        for j in island_joints.of(k) {
            self.joint_rows(&mut at, &joints[j], bodies, free, settings, &mut lin);
        }
        // After every joint row: the direct solve takes the island's first rows. Under
        // RATTLE a motor's force acts in two halves, like gravity: this one and the
        // projection's at the end of the step.
        let share = if super::finish::rattles(island_joints, k, settings) {
            (T::one() + T::one()).recip()
        } else {
            T::one()
        };
        for j in island_joints.of(k) {
            self.drive_rows(&mut at, &joints[j], bodies, free, settings, share);
        }
        for c in island_contacts.of(k) {
            self.contact_rows(&mut at, &contacts[c], bodies, planes, free, settings);
        }
        debug_assert_eq!(
            at, self.island_end[k] as usize,
            "island {k}: rows as placed"
        );
    }

    fn joint_rows<U: ConstraintFunction<T>>(
        &mut self,
        at: &mut usize,
        slot: &JointSlot<T, U>,
        bodies: &[RigidBody<T>],
        free: &[BodyVelocity<T>],
        settings: &WorldSettings<T>,
        lin: &mut Linearization<T>,
    ) {
        linearize_joint(slot, bodies, lin);
        debug_assert_eq!(lin.rows, joint_row_count(slot));
        for r in 0..lin.rows {
            let row = joint_row(slot.a, slot.b, &lin.jacobian[r]);
            let bias = crate::stabilization::baumgarte_bias(
                settings.joint_beta,
                lin.value[r],
                settings.dt,
            );
            let eta = bias - row_dot(&row, free);
            self.put(
                *at,
                row,
                (eta, T::zero(), lin.value[r]),
                Bounds::bilateral(),
                slot.warm[r],
                (bodies, free),
            );
            *at += 1;
        }
    }

    /// The rows of a joint's limits and motor ([`drive`](crate::world::drive)), as many as
    /// [`drive_row_count`]. Not inlined: its linearization stays off the frame of the
    /// island's rows (the on-target chain step's stack budget).
    #[inline(never)]
    fn drive_rows<U: ConstraintFunction<T>>(
        &mut self,
        at: &mut usize,
        slot: &JointSlot<T, U>,
        bodies: &[RigidBody<T>],
        free: &[BodyVelocity<T>],
        s: &WorldSettings<T>,
        share: T,
    ) {
        if drive_row_count(slot) == 0 {
            return;
        }
        let pb = slot.b.map_or_else(Pose::identity, |b| bodies[b].pose());
        let Some(lin) = linearize_coordinate(slot, &bodies[slot.a].pose(), &pb) else {
            unreachable!("drive_row_count counts only joints with a coordinate");
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
            .zip(slot.drive.rows().iter().zip(&slot.drive.impulse))
        {
            if on {
                let eta = target - row_dot(&row, free);
                self.put(
                    *at,
                    row,
                    (eta, T::zero(), gap),
                    bounds,
                    warm,
                    (bodies, free),
                );
                *at += 1;
            }
        }
    }

    /// The normal and friction rows of one contact (none for a sensor's).
    fn contact_rows(
        &mut self,
        at: &mut usize,
        c: &Contact<T>,
        bodies: &[RigidBody<T>],
        planes: &[Plane<T>],
        free: &[BodyVelocity<T>],
        s: &WorldSettings<T>,
    ) {
        let Some(mu) = friction(c, bodies, planes) else {
            return;
        };
        let h = s.dt;
        let body_a = &bodies[c.a];
        let (partner_center, b_index) = match c.partner {
            Partner::Body(b) => (Some(bodies[b].position), Some(b)),
            Partner::Plane(_) => (None, None),
        };
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
        let normal_row = *at;
        self.put(
            normal_row,
            normal,
            (eta_n, contact_push, c.gap),
            Bounds::unilateral(),
            c.impulse[0],
            (bodies, free),
        );
        *at += 1;
        if mu > T::zero() {
            let tangents = orthonormal_pair(&c.normal);
            for (t, warm) in tangents.into_iter().zip([c.impulse[1], c.impulse[2]]) {
                let row = make(t);
                let eta_t = -row_dot(&row, free);
                self.put(
                    *at,
                    row,
                    (eta_t, T::zero(), T::zero()),
                    Bounds::friction(normal_row, mu),
                    warm,
                    (bodies, free),
                );
                *at += 1;
            }
        }
    }
}
