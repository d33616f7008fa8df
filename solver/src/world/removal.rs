//! Removing bodies, joints and planes. A removal closes the item's gap in its dense array
//! (the others keep their order, so the step's results for them do not depend on what was
//! removed before them), frees its handle, and takes along what cannot outlive it: a
//! body's joints, contacts and touching pairs, a plane's contacts. Whatever the removed
//! item touched or held is woken, so that a box resting on a removed one falls.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::FloatConst;

use super::capacity::remove_at;
use super::contact::Partner;
use super::{
    BodyHandle, BroadPhase, ConstraintFunction, HitTarget, JointHandle, PlaneHandle, World,
    WorldError,
};

/// What went with a removed body or plane.
///
/// # Example
/// ```
/// use solver::world::{Material, Removed, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let floor = w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.1, 0.0]))).unwrap();
/// w.add_ball_joint(ball, None, Vector([0.0, 1.0, 0.0])).unwrap();
/// w.step().unwrap();
/// assert_eq!(w.remove_body(ball).unwrap(), Removed { joints: 1, contacts: 1 });
/// assert_eq!((w.joints().len(), w.contact_count()), (0, 0));
/// assert_eq!(w.remove_plane(floor).unwrap(), Removed { joints: 0, contacts: 0 });
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Removed {
    /// Joints removed with the body (their handles are stale from now on).
    pub joints: usize,
    /// Contact points of the last step removed with it (their warm starts are lost).
    pub contacts: usize,
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// Removes a body with its joints and contacts, and wakes the bodies it touched or was
    /// jointed to. Its handle and its joints' handles are stale from now on; the other
    /// bodies keep their handles and their order in [`World::bodies`]. O(bodies + joints +
    /// contacts), no allocation. Its touching pairs end without a
    /// [`World::contacts_ended`] event (the returned [`Removed`] counts them).
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`] if it was already removed; the world is unchanged.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    /// let cube = |y: f64| RigidBody::cuboid(1.0, Vector([0.5; 3])).unwrap().with_position(Vector([0.0, y, 0.0]));
    /// let low = w.add_body(cube(0.5)).unwrap();
    /// let high = w.add_body(cube(1.5)).unwrap();
    /// for _ in 0..120 {
    ///     w.step().unwrap(); // the stack comes to rest and sleeps
    /// }
    /// assert!(w[high].is_sleeping());
    /// w.remove_body(low).unwrap();
    /// assert!(!w[high].is_sleeping()); // woken: its support is gone
    /// for _ in 0..60 {
    ///     w.step().unwrap();
    /// }
    /// assert!((w[high].position()[1] - 0.5).abs() < 0.01); // fell onto the floor
    /// assert!(w.remove_body(low).is_err()); // stale
    /// ```
    pub fn remove_body(&mut self, h: BodyHandle) -> Result<Removed, WorldError> {
        let i = self.body_index(h)?;
        let bodies = self.bodies.as_mut_slice();
        for c in self.contacts.live.as_slice() {
            match c.partner {
                Partner::Body(b) if c.a == i => bodies[b].wake(),
                Partner::Body(b) if b == i => bodies[c.a].wake(),
                _ => {}
            }
        }
        let mut joints = 0;
        for j in (0..self.joints.as_slice().len()).rev() {
            let (a, b) = (self.joints.as_slice()[j].a, self.joints.as_slice()[j].b);
            if a == i || b == Some(i) {
                for end in core::iter::once(a).chain(b) {
                    bodies[end].wake();
                }
                remove_at(&mut self.joints, j);
                self.joint_handles.remove(j);
                joints += 1;
            }
        }
        let later = |k: usize| if k > i { k - 1 } else { k };
        for slot in self.joints.as_mut_slice() {
            slot.a = later(slot.a);
            slot.b = slot.b.map(later);
        }
        let contacts = self.contacts.remove_where(
            |c| c.a == i || c.partner == Partner::Body(i),
            |c| {
                c.a = later(c.a);
                if let Partner::Body(b) = &mut c.partner {
                    *b = later(*b);
                }
            },
        );
        self.touching.forget(HitTarget::Body(h));
        remove_at(&mut self.bodies, i);
        self.body_handles.remove(i);
        Ok(Removed { joints, contacts })
    }

    /// Removes a joint and wakes its bodies. Its handle is stale from now on; the other
    /// joints keep theirs.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`] if it was already removed; the world is unchanged.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let bob = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// let rope = w.add_ball_joint(bob, None, Vector([0.0, 1.0, 0.0])).unwrap();
    /// w.step().unwrap();
    /// assert_eq!(w[bob].linear_velocity()[1], 0.0); // held
    /// w.remove_joint(rope).unwrap(); // cut
    /// w.step().unwrap();
    /// assert!(w[bob].linear_velocity()[1] < 0.0); // falls
    /// assert!(w.remove_joint(rope).is_err());
    /// ```
    pub fn remove_joint(&mut self, h: JointHandle) -> Result<(), WorldError> {
        let j = self.joint_handles.index(h)?;
        let slot = remove_at(&mut self.joints, j);
        self.joint_handles.remove(j);
        self.wake_at(slot.a);
        if let Some(b) = slot.b {
            self.wake_at(b);
        }
        Ok(())
    }

    /// Removes a static plane with its contacts and wakes the bodies that touched it. Its
    /// handle is stale from now on; the other planes keep theirs.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`] if it was already removed; the world is unchanged.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let trapdoor = w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.1, 0.0]))).unwrap();
    /// for _ in 0..60 {
    ///     w.step().unwrap();
    /// }
    /// assert_eq!(w.remove_plane(trapdoor).unwrap().contacts, 1);
    /// for _ in 0..60 {
    ///     w.step().unwrap();
    /// }
    /// assert!(w[ball].position()[1] < -1.0); // fell through where the floor was
    /// ```
    pub fn remove_plane(&mut self, h: PlaneHandle) -> Result<Removed, WorldError> {
        let p = self.plane_handles.index(h)?;
        let bodies = self.bodies.as_mut_slice();
        for c in self.contacts.live.as_slice() {
            if c.partner == Partner::Plane(p) {
                bodies[c.a].wake();
            }
        }
        let contacts = self.contacts.remove_where(
            |c| c.partner == Partner::Plane(p),
            |c| {
                if let Partner::Plane(q) = &mut c.partner
                    && *q > p
                {
                    *q -= 1;
                }
            },
        );
        self.touching.forget(HitTarget::Plane(h));
        remove_at(&mut self.planes, p);
        self.plane_handles.remove(p);
        Ok(Removed {
            joints: 0,
            contacts,
        })
    }
}
