//! Collisions before contacts (Guendelman, Bridson and Fedkiw, "Nonconvex rigid bodies with
//! stacking", SIGGRAPH 2003): impulses with each pair's restitution are propagated through
//! the touching bodies, contact by contact, sweep after sweep, until nothing approaches;
//! then the velocity solve treats every contact as inelastic.
//!
//! One solve with a restitution bias per contact (what most engines do) spreads an impact
//! over every touching body at once: a ball released into a row of touching balls then
//! pushes the whole row, and balls that should stay put leave (a touching Newton's cradle
//! with e = 1 sends balls 4 and 5 off at half speed and bounces ball 1 back). Pairwise
//! propagation gives the textbook outcome: n balls in, n balls out, momentum and energy
//! kept by every e = 1 exchange.
//!
//! The test uses the velocities at the start of the step (before gravity), so a resting
//! contact never bounces on the gravity of one step; it applies to contacts closing faster
//! than [`WorldSettings::restitution_threshold`] that touch or would touch within the step.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};

use super::islands::Islands;
use super::push;
use crate::world::contact::{Contact, Partner, Plane};
use crate::world::{RigidBody, WorldError, WorldSettings};
use crate::{BodyInverseMass, BodyVelocity};

/// At most this many sweeps over an island's contacts per step (a chain of `n` touching
/// bodies needs about `n` to carry an impact through).
const MAX_SWEEPS: usize = 64;

/// What the collision phase did to the start-of-step velocities.
pub(crate) struct Bounce<T, S: Storage> {
    /// Velocity change of each body (world frame), added before gravity.
    pub(crate) delta: S::Buf<BodyVelocity<T>>,
    /// Whether each contact took part (then its row has no restitution bias).
    pub(crate) bounced: S::Buf<bool>,
}

impl<T: Scalar, S: Storage> Bounce<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            delta: Buffer::new(),
            bounced: Buffer::new(),
        }
    }

    /// Propagates the collisions of every awake island; `inverse` are the bodies' world
    /// inverse masses. Returns the number of collision impulses applied.
    pub(crate) fn propagate(
        &mut self,
        bodies: &[RigidBody<T>],
        planes: &[Plane<T>],
        contacts: &[Contact<T>],
        islands: &Islands<S>,
        inverse: &[BodyInverseMass<T>],
        settings: &WorldSettings<T>,
    ) -> Result<usize, WorldError> {
        self.delta.clear();
        self.bounced.clear();
        for _ in bodies {
            push(&mut self.delta, BodyVelocity::default(), "bodies")?;
        }
        for _ in contacts {
            push(&mut self.bounced, false, "contacts")?;
        }
        let mut impulses = 0;
        let (delta, bounced) = (self.delta.as_mut_slice(), self.bounced.as_mut_slice());
        let velocity = |i: usize, delta: &[BodyVelocity<T>]| BodyVelocity {
            linear: bodies[i].linear_velocity + delta[i].linear,
            angular: bodies[i].angular_velocity() + delta[i].angular,
        };
        for (k, &awake) in islands.awake.as_slice().iter().enumerate() {
            if !awake {
                continue;
            }
            for _ in 0..MAX_SWEEPS {
                let mut any = false;
                for c in islands.contacts.of(k) {
                    let contact = &contacts[c];
                    if contact.involves_sensor(bodies) {
                        continue;
                    }
                    let (b, material_b) = match contact.partner {
                        Partner::Body(b) => (Some(b), bodies[b].material),
                        Partner::Plane(p) => (None, planes[p].material),
                    };
                    let e = bodies[contact.a]
                        .material
                        .restitution
                        .max(material_b.restitution);
                    if e <= T::zero() {
                        continue;
                    }
                    let n = contact.normal;
                    let ra = contact.point - bodies[contact.a].position;
                    let va = velocity(contact.a, delta);
                    let mut vn = n.dot(&(va.linear + va.angular.cross(&ra)));
                    let rb = b.map(|b| contact.point - bodies[b].position);
                    if let (Some(b), Some(rb)) = (b, rb) {
                        let vb = velocity(b, delta);
                        vn = vn - n.dot(&(vb.linear + vb.angular.cross(&rb)));
                    }
                    let closing = -vn > settings.restitution_threshold;
                    let touches = contact.gap + vn * settings.dt <= T::zero();
                    if !(closing && touches) {
                        continue;
                    }
                    // k = n·(M_a⁻¹ + [r_a]ᵀ I_a⁻¹ [r_a] + the same for b)·n
                    let ta = ra.cross(&n);
                    let mut k_inv = inverse[contact.a].inv_mass
                        + ta.dot(&(inverse[contact.a].inv_inertia * ta));
                    if let (Some(b), Some(rb)) = (b, rb) {
                        let tb = rb.cross(&n);
                        k_inv =
                            k_inv + inverse[b].inv_mass + tb.dot(&(inverse[b].inv_inertia * tb));
                    }
                    if k_inv <= T::zero() {
                        continue;
                    }
                    let j = -(T::one() + e) * vn / k_inv;
                    let ia = &inverse[contact.a];
                    delta[contact.a].linear += n * (j * ia.inv_mass);
                    delta[contact.a].angular += ia.inv_inertia * ta * j;
                    if let (Some(b), Some(rb)) = (b, rb) {
                        let ib = &inverse[b];
                        delta[b].linear -= n * (j * ib.inv_mass);
                        delta[b].angular -= ib.inv_inertia * rb.cross(&n) * j;
                    }
                    bounced[c] = true;
                    impulses += 1;
                    any = true;
                }
                if !any {
                    break;
                }
            }
        }
        Ok(impulses)
    }
}
