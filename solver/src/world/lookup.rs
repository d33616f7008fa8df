//! Reading the world's items: the dense arrays (bodies, planes, joints, contacts) and each
//! item by its handle, with the handle of each index.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::FloatConst;

use super::{
    BodyHandle, BroadPhase, ConstraintFunction, Contact, JointHandle, JointSlot, Plane,
    PlaneHandle, RigidBody, World, WorldError,
};

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// The bodies, in the order they were added (a removal closes its gap, so an index
    /// moves when an earlier body goes; name a body by its handle, [`World::body_handle`]
    /// gives the handle of an index).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// assert_eq!(w.bodies().len(), 1);
    /// assert_eq!(w.body_handle(0), Some(ball));
    /// ```
    pub fn bodies(&self) -> &[RigidBody<T>] {
        self.bodies.as_slice()
    }

    /// One body.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`] if it was removed.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// assert_eq!(w.body(ball).unwrap().mass(), 1.0);
    /// w.remove_body(ball).unwrap();
    /// assert!(w.body(ball).is_err());
    /// ```
    pub fn body(&self, h: BodyHandle) -> Result<&RigidBody<T>, WorldError> {
        Ok(&self.bodies.as_slice()[self.body_index(h)?])
    }

    /// Where body `h` is in [`World::bodies`] (and in [`JointSlot::a`], [`Contact::a`], the
    /// indices the world reports).
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`] if it was removed.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// assert_eq!(w.body_index(b), Ok(1));
    /// w.remove_body(a).unwrap();
    /// assert_eq!(w.body_index(b), Ok(0)); // the gap closed
    /// ```
    pub fn body_index(&self, h: BodyHandle) -> Result<usize, WorldError> {
        self.body_handles.index(h)
    }

    /// The handle of the body at `index` of [`World::bodies`], `None` past the end.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// assert_eq!((w.body_handle(0), w.body_handle(1)), (Some(a), None));
    /// ```
    pub fn body_handle(&self, index: usize) -> Option<BodyHandle> {
        self.body_handles.handle(index)
    }

    /// The handles of the bodies, in the order of [`World::bodies`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// w.remove_body(a).unwrap();
    /// assert!(w.body_handles().eq([b]));
    /// ```
    pub fn body_handles(&self) -> impl Iterator<Item = BodyHandle> + '_ {
        (0..self.bodies.as_slice().len()).filter_map(|i| self.body_handle(i))
    }

    /// Body `h`, woken (every change the user makes to a body wakes it).
    pub(super) fn body_mut(&mut self, h: BodyHandle) -> Result<&mut RigidBody<T>, WorldError> {
        let i = self.body_index(h)?;
        let body = &mut self.bodies.as_mut_slice()[i];
        body.wake();
        Ok(body)
    }

    /// Wakes the body at `index` of the dense array.
    pub(super) fn wake_at(&mut self, index: usize) {
        self.bodies.as_mut_slice()[index].wake();
    }

    /// One plane.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`] if it was removed.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let floor = w.add_plane(Vector([0.0, 1.0, 0.0]), -1.0, Material::default()).unwrap();
    /// assert_eq!(w.plane(floor).unwrap().offset, -1.0);
    /// ```
    pub fn plane(&self, h: PlaneHandle) -> Result<&Plane<T>, WorldError> {
        Ok(&self.planes.as_slice()[self.plane_handles.index(h)?])
    }

    /// The handle of the plane at `index` of [`World::planes`], `None` past the end.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let floor = w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    /// assert_eq!(w.plane_handle(0), Some(floor));
    /// ```
    pub fn plane_handle(&self, index: usize) -> Option<PlaneHandle> {
        self.plane_handles.handle(index)
    }

    /// One joint: its bodies (as indices into [`World::bodies`]), constraint, impulses.
    ///
    /// # Errors
    /// [`WorldError::StaleHandle`] if it was removed.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// let j = w.add_ball_joint(b, None, Vector([0.0, 1.0, 0.0])).unwrap();
    /// assert_eq!(w.joint(j).unwrap().b, None);
    /// ```
    pub fn joint(&self, h: JointHandle) -> Result<&JointSlot<T, U>, WorldError> {
        self.slot(h)
    }

    /// The handle of the joint at `index` of [`World::joints`], `None` past the end.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// let j = w.add_ball_joint(b, None, Vector([0.0, 1.0, 0.0])).unwrap();
    /// assert_eq!(w.joint_handle(0), Some(j));
    /// ```
    pub fn joint_handle(&self, index: usize) -> Option<JointHandle> {
        self.joint_handles.handle(index)
    }

    /// Joint `h`'s slot.
    pub(super) fn slot(&self, h: JointHandle) -> Result<&JointSlot<T, U>, WorldError> {
        Ok(&self.joints.as_slice()[self.joint_handles.index(h)?])
    }

    /// Joint `h`'s slot, to change.
    pub(super) fn slot_mut(&mut self, h: JointHandle) -> Result<&mut JointSlot<T, U>, WorldError> {
        let j = self.joint_handles.index(h)?;
        Ok(&mut self.joints.as_mut_slice()[j])
    }

    /// The static planes.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.add_plane(Vector([0.0, 1.0, 0.0]), -1.0, Material::default()).unwrap();
    /// assert_eq!(w.planes()[0].offset, -1.0);
    /// ```
    pub fn planes(&self) -> &[Plane<T>] {
        self.planes.as_slice()
    }

    /// The joints.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// w.add_ball_joint(ball, None, Vector([0.0, 2.0, 0.0])).unwrap();
    /// assert_eq!(w.joints().len(), 1);
    /// ```
    pub fn joints(&self) -> &[JointSlot<T, U>] {
        self.joints.as_slice()
    }

    /// The live contacts (in list order).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    /// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.1, 0.0]))).unwrap();
    /// w.step().unwrap();
    /// assert_eq!(w.contacts().count(), 1);
    /// ```
    pub fn contacts(&self) -> impl Iterator<Item = &Contact<T>> + '_ {
        self.contacts.live.as_slice().iter()
    }

    /// How many contacts are live.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    /// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.1, 0.0]))).unwrap();
    /// w.step().unwrap();
    /// assert_eq!(w.contact_count(), 1);
    /// ```
    pub fn contact_count(&self) -> usize {
        self.contacts.live.as_slice().len()
    }
}

/// `world[handle]`: body `handle`, as [`World::body`] gives it.
///
/// # Panics
/// If the body was removed (a stale handle); [`World::body`] returns the error instead.
///
/// # Example
/// ```
/// use solver::world::{RigidBody, World, WorldSettings};
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let ball = w.add_body(RigidBody::sphere(2.0, 0.1).unwrap()).unwrap();
/// assert_eq!(w[ball].mass(), 2.0);
/// ```
impl<T, S, U, B> core::ops::Index<BodyHandle> for World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    type Output = RigidBody<T>;

    fn index(&self, h: BodyHandle) -> &RigidBody<T> {
        match self.body(h) {
            Ok(body) => body,
            Err(e) => panic!("{e}"),
        }
    }
}
