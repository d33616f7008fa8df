//! Generational handles: the names a program keeps for bodies, joints and planes.
//!
//! The world stores each kind of item in a dense array (the step walks arrays, not maps),
//! and a removal closes the gap, keeping the others' order. A handle is a slot in a table
//! that follows its item to wherever it moved, plus the slot's generation: removing an item
//! frees its slot and bumps the generation, so the old handle is refused
//! ([`WorldError::StaleHandle`]) even after the slot names a new item. A slot whose
//! generation reached `u32::MAX` is retired, never reused, so handles never alias.
//! The same scheme as rapier's arenas and Box2D v3's ids.
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

use cwlist::{Buffer, Storage};

use super::WorldError;
use super::capacity::{push, remove_at};

/// What a handle names; implemented by [`BodyKind`], [`JointKind`] and [`PlaneKind`] only.
///
/// # Example
/// ```
/// use solver::world::{BodyKind, Kind, PlaneKind};
/// assert_eq!((BodyKind::NAME, PlaneKind::NAME), ("body", "plane"));
/// ```
pub trait Kind: sealed::Sealed {
    /// The item's name in errors and in `Display` ("body", "joint", "plane").
    const NAME: &'static str;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::BodyKind {}
    impl Sealed for super::JointKind {}
    impl Sealed for super::PlaneKind {}
}

/// Marks a [`BodyHandle`].
///
/// # Example
/// ```
/// use solver::world::{BodyHandle, BodyKind, Handle};
/// let h: Handle<BodyKind> = BodyHandle::from_parts(0, 0);
/// assert_eq!(h.to_string(), "body 0v0");
/// ```
#[derive(Debug)]
pub enum BodyKind {}
/// Marks a [`JointHandle`].
///
/// # Example
/// ```
/// use solver::world::{Handle, JointHandle, JointKind};
/// let h: Handle<JointKind> = JointHandle::from_parts(2, 1);
/// assert_eq!(h.to_string(), "joint 2v1");
/// ```
#[derive(Debug)]
pub enum JointKind {}
/// Marks a [`PlaneHandle`].
///
/// # Example
/// ```
/// use solver::world::{Handle, PlaneHandle, PlaneKind};
/// let h: Handle<PlaneKind> = PlaneHandle::from_parts(1, 0);
/// assert_eq!(h.to_string(), "plane 1v0");
/// ```
#[derive(Debug)]
pub enum PlaneKind {}

impl Kind for BodyKind {
    const NAME: &'static str = "body";
}
impl Kind for JointKind {
    const NAME: &'static str = "joint";
}
impl Kind for PlaneKind {
    const NAME: &'static str = "plane";
}

/// A body of a world, as [`World::add_body`](super::World::add_body) returned it.
///
/// # Example
/// ```
/// use solver::world::{BodyHandle, RigidBody, World, WorldSettings};
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let ball: BodyHandle = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
/// w.apply_impulse(ball, solver::xform::Vector([1.0, 0.0, 0.0])).unwrap();
/// assert_eq!(w[ball].linear_velocity()[0], 1.0);
/// ```
pub type BodyHandle = Handle<BodyKind>;
/// A joint of a world, as the joint adders return it.
///
/// # Example
/// ```
/// use solver::world::{JointHandle, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let bob = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
/// let pin: JointHandle = w.add_ball_joint(bob, None, Vector([0.0, 1.0, 0.0])).unwrap();
/// w.remove_joint(pin).unwrap();
/// assert!(w.joint(pin).is_err());
/// ```
pub type JointHandle = Handle<JointKind>;
/// A static plane of a world, as [`World::add_plane`](super::World::add_plane) returned it.
///
/// # Example
/// ```
/// use solver::world::{Material, PlaneHandle, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let floor: PlaneHandle = w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// assert_eq!(w.plane(floor).unwrap().offset, 0.0);
/// ```
pub type PlaneHandle = Handle<PlaneKind>;

/// A generational handle: a slot and the slot's generation when the item was added. Valid
/// until its item is removed; after that every use is an error naming it, never another
/// item. Cheap to copy, hash and compare; `Display` writes `body 3v1` (slot 3, generation 1).
/// With the `serde` feature it serializes as its slot and generation, so handles saved
/// beside a world's snapshot name the same items in the world read back.
///
/// # Example
/// ```
/// use solver::world::{RigidBody, World, WorldError, WorldSettings};
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let old = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
/// w.remove_body(old).unwrap();
/// let new = w.add_body(RigidBody::sphere(2.0, 0.1).unwrap()).unwrap();
/// assert_eq!(new.slot(), old.slot()); // the slot is reused...
/// assert_ne!(new, old); // ...under a new generation
/// assert!(matches!(w.body(old), Err(WorldError::StaleHandle { what: "body", .. })));
/// assert_eq!(w.body(new).unwrap().mass(), 2.0);
/// assert_eq!(old.to_string(), "body 0v0");
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound = "")
)]
pub struct Handle<K> {
    slot: u32,
    generation: u32,
    #[cfg_attr(feature = "serde", serde(skip))]
    kind: PhantomData<fn() -> K>,
}

impl<K> Handle<K> {
    /// A handle from its parts (to restore one a program stored as numbers). A made-up
    /// handle is safe: the world refuses it unless it names a live item.
    ///
    /// # Example
    /// ```
    /// use solver::world::BodyHandle;
    /// let h = BodyHandle::from_parts(3, 1);
    /// assert_eq!((h.slot(), h.generation()), (3, 1));
    /// ```
    pub const fn from_parts(slot: u32, generation: u32) -> Self {
        Self {
            slot,
            generation,
            kind: PhantomData,
        }
    }

    /// The slot in the world's handle table.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// assert_eq!(w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap().slot(), 0);
    /// ```
    pub const fn slot(&self) -> u32 {
        self.slot
    }

    /// How many items the slot held before this one.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// w.remove_body(a).unwrap();
    /// assert_eq!(w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap().generation(), 1);
    /// ```
    pub const fn generation(&self) -> u32 {
        self.generation
    }

    fn key(&self) -> (u32, u32) {
        (self.slot, self.generation)
    }
}

impl<K> Clone for Handle<K> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<K> Copy for Handle<K> {}
impl<K> PartialEq for Handle<K> {
    fn eq(&self, other: &Self) -> bool {
        self.key() == other.key()
    }
}
impl<K> Eq for Handle<K> {}
impl<K> PartialOrd for Handle<K> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<K> Ord for Handle<K> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.key().cmp(&other.key())
    }
}
impl<K> Hash for Handle<K> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.key().hash(state);
    }
}
impl<K: Kind> fmt::Debug for Handle<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}Handle({}v{})", K::NAME, self.slot, self.generation)
    }
}
impl<K: Kind> fmt::Display for Handle<K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}v{}", K::NAME, self.slot, self.generation)
    }
}

const NONE: u32 = u32::MAX;

/// One slot of the table: its generation, and where its item is in the dense array (live)
/// or the next free slot (free).
#[derive(Debug, Clone, Copy)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
struct Entry {
    generation: u32,
    live: bool,
    at: u32,
}

/// The handle table of one kind of item, beside the item's dense array (the same length).
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound = "")
)]
pub(crate) struct Handles<S: Storage> {
    #[cfg_attr(feature = "serde", serde(with = "super::snapshot::buf"))]
    entries: S::Buf<Entry>,
    /// The slot of each item of the dense array.
    #[cfg_attr(feature = "serde", serde(with = "super::snapshot::buf"))]
    owners: S::Buf<u32>,
    /// The first free slot, or `NONE`.
    free: u32,
}

impl<S: Storage> Clone for Handles<S> {
    fn clone(&self) -> Self {
        Self {
            entries: self.entries.clone_buf(),
            owners: self.owners.clone_buf(),
            free: self.free,
        }
    }
}

impl<S: Storage> Handles<S> {
    pub(crate) fn new() -> Self {
        Self {
            entries: Buffer::new(),
            owners: Buffer::new(),
            free: NONE,
        }
    }

    /// Where `h`'s item is in the dense array.
    pub(crate) fn index<K: Kind>(&self, h: Handle<K>) -> Result<usize, WorldError> {
        match self.entries.as_slice().get(h.slot as usize) {
            Some(e) if e.live && e.generation == h.generation => Ok(e.at as usize),
            _ => Err(WorldError::StaleHandle {
                what: K::NAME,
                slot: h.slot,
                generation: h.generation,
            }),
        }
    }

    /// The handle of the item at `index` of the dense array.
    pub(crate) fn handle<K: Kind>(&self, index: usize) -> Option<Handle<K>> {
        let slot = *self.owners.as_slice().get(index)?;
        let e = self.entries.as_slice()[slot as usize];
        Some(Handle::from_parts(slot, e.generation))
    }

    /// The handle of the item at `index`, which the caller knows is in range (an index of
    /// the dense array beside this table).
    pub(crate) fn at<K: Kind>(&self, index: usize) -> Handle<K> {
        let slot = self.owners.as_slice()[index];
        Handle::from_parts(slot, self.entries.as_slice()[slot as usize].generation)
    }

    /// A handle for the item just appended to the dense array (at `owners.len()`).
    ///
    /// # Errors
    /// [`WorldError::CapacityExceeded`] naming `what` when the table is full; the table is
    /// unchanged then.
    pub(crate) fn insert<K: Kind>(&mut self, what: &'static str) -> Result<Handle<K>, WorldError> {
        let index = self.owners.as_slice().len() as u32;
        let slot = if self.free != NONE {
            self.free
        } else {
            let slot = self.entries.as_slice().len() as u32;
            push(
                &mut self.entries,
                Entry {
                    generation: 0,
                    live: false,
                    at: NONE,
                },
                what,
            )?;
            slot
        };
        if let Err(e) = push(&mut self.owners, slot, what) {
            if slot != self.free {
                self.entries.pop();
            }
            return Err(e);
        }
        let entry = &mut self.entries.as_mut_slice()[slot as usize];
        if slot == self.free {
            self.free = entry.at;
        }
        entry.live = true;
        entry.at = index;
        Ok(Handle::from_parts(slot, entry.generation))
    }

    /// Whether the table is whole for a dense array of `len` items: each item's slot is live
    /// and points back at it, no other slot is live, and the free list runs through every
    /// free slot once (what a snapshot's table must be before a world trusts it).
    #[cfg(feature = "serde")]
    pub(crate) fn check(&self, len: usize) -> Result<(), &'static str> {
        let (entries, owners) = (self.entries.as_slice(), self.owners.as_slice());
        if owners.len() != len {
            return Err("holds another number of items than the world");
        }
        for (k, &slot) in owners.iter().enumerate() {
            match entries.get(slot as usize) {
                Some(e) if e.live && e.at as usize == k => {}
                _ => return Err("an item's slot does not point back at it"),
            }
        }
        if entries.iter().filter(|e| e.live).count() != len {
            return Err("a live slot owns no item");
        }
        let free = entries
            .iter()
            .filter(|e| !e.live && e.generation != u32::MAX)
            .count();
        let (mut slot, mut walked) = (self.free, 0);
        while slot != NONE {
            match entries.get(slot as usize) {
                Some(e) if !e.live && e.generation != u32::MAX && walked < free => {
                    walked += 1;
                    slot = e.at;
                }
                _ => return Err("the free list is broken"),
            }
        }
        if walked == free {
            Ok(())
        } else {
            Err("the free list misses a free slot")
        }
    }

    /// Frees the handle of the item at `index` (the caller removes the item, keeping the
    /// order of the rest), and moves the later items' handles one place down.
    pub(crate) fn remove(&mut self, index: usize) {
        let slot = remove_at(&mut self.owners, index);
        let entry = &mut self.entries.as_mut_slice()[slot as usize];
        entry.live = false;
        if entry.generation == u32::MAX {
            entry.at = NONE; // retired: a reused slot would alias the last handle
        } else {
            entry.generation += 1;
            entry.at = self.free;
            self.free = slot;
        }
        let entries = self.entries.as_mut_slice();
        for (k, &owner) in self.owners.as_slice().iter().enumerate().skip(index) {
            entries[owner as usize].at = k as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Table = Handles<cwlist::Fixed<4>>;

    #[test]
    fn handles_follow_their_items_and_refuse_once_removed() {
        let mut t = Table::new();
        let h: [BodyHandle; 3] = core::array::from_fn(|_| t.insert("bodies").unwrap());
        assert_eq!(t.index(h[2]), Ok(2));
        t.remove(0);
        assert!(t.index(h[0]).is_err());
        assert_eq!((t.index(h[1]), t.index(h[2])), (Ok(0), Ok(1)));
        let again: BodyHandle = t.insert("bodies").unwrap();
        assert_eq!((again.slot(), again.generation()), (0, 1));
        assert_eq!(t.index(again), Ok(2));
        assert_eq!(t.handle::<BodyKind>(2), Some(again));
        assert!(t.index(h[0]).is_err());
    }

    #[test]
    fn a_full_table_says_so_and_stays_as_it_was() {
        let mut t = Table::new();
        for _ in 0..4 {
            t.insert::<BodyKind>("bodies").unwrap();
        }
        assert_eq!(
            t.insert::<BodyKind>("bodies"),
            Err(WorldError::CapacityExceeded { what: "bodies" })
        );
        t.remove(3);
        assert!(t.insert::<BodyKind>("bodies").is_ok());
    }

    #[test]
    fn a_slot_at_the_last_generation_is_retired() {
        let mut t = Table::new();
        let h: BodyHandle = t.insert("bodies").unwrap();
        t.entries.as_mut_slice()[0].generation = u32::MAX;
        t.remove(0);
        let next: BodyHandle = t.insert("bodies").unwrap();
        assert_eq!(next.slot(), 1);
        assert!(t.index(h).is_err());
        assert!(t.index(BodyHandle::from_parts(0, u32::MAX)).is_err());
    }
}
