//! Contact events: the pairs (a body and a body or a plane) that began or stopped touching in
//! the last step. A pair touches while one of its contact points is at or below zero gap or
//! carries a normal impulse (speculative points of a pair still apart do not count).
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::Vector;

use core::cmp::Ordering;

use super::capacity::{push, retain};
use super::contact::{Contact, Partner};
use super::handles::Handles;
use super::step::executor::Loops;
use super::step::persist::PairKey;
use super::{BodyHandle, BroadPhase, ConstraintFunction, HitTarget, World, WorldError};

/// A pair that began or stopped touching: the two, and (for a pair that began) the deepest
/// point of its contact, the normal there and the normal impulse summed over its points
/// (N·s, the velocity solve's); a pair that ended carries what it had in its last step.
///
/// # Example
/// ```
/// use solver::world::{HitTarget, Material, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let ground = w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.5, 0.0]))).unwrap();
/// let mut landed = None;
/// for k in 0..60 {
///     w.step().unwrap();
///     if let Some(e) = w.contacts_began().first() {
///         landed = Some((k, e.a, e.partner));
///     }
/// }
/// let (_, a, partner) = landed.unwrap();
/// assert_eq!((a, partner), (ball, HitTarget::Plane(ground)));
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactEvent<T> {
    /// The first body.
    pub a: BodyHandle,
    /// What it touches.
    pub partner: HitTarget,
    /// The deepest contact point of the pair (world frame, on `a`).
    pub point: Vector<T, 3>,
    /// The normal there, from the partner toward `a`.
    pub normal: Vector<T, 3>,
    /// The pair's normal impulse, summed over its points (N·s).
    pub impulse: T,
}

impl<T> ContactEvent<T> {
    fn key(&self) -> (BodyHandle, HitTarget) {
        (self.a, self.partner)
    }

    /// Whether the pair names `item` (a body or a plane).
    fn names(&self, item: HitTarget) -> bool {
        HitTarget::Body(self.a) == item || self.partner == item
    }
}

/// The touching pairs of the last step, sorted by pair, and its events.
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(
        serialize = "T: serde::Serialize",
        deserialize = "T: serde::Deserialize<'de>"
    ))
)]
pub(crate) struct Touching<T, S: Storage> {
    #[cfg_attr(feature = "serde", serde(with = "super::snapshot::buf"))]
    pairs: S::Buf<ContactEvent<T>>,
    #[cfg_attr(feature = "serde", serde(with = "super::snapshot::buf"))]
    began: S::Buf<ContactEvent<T>>,
    #[cfg_attr(feature = "serde", serde(with = "super::snapshot::buf"))]
    ended: S::Buf<ContactEvent<T>>,
}

impl<T: Copy, S: Storage> Clone for Touching<T, S> {
    fn clone(&self) -> Self {
        Self {
            pairs: self.pairs.clone_buf(),
            began: self.began.clone_buf(),
            ended: self.ended.clone_buf(),
        }
    }
}

impl<T: Float, S: Storage> Touching<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            pairs: Buffer::new(),
            began: Buffer::new(),
            ended: Buffer::new(),
        }
    }

    /// The first touching pair (index) that names a removed body or plane or breaks the
    /// order [`Touching::update`] keeps, if any (a snapshot's pairs are checked with it).
    #[cfg(feature = "serde")]
    pub(crate) fn check(&self, bodies: &Handles<S>, planes: &Handles<S>) -> Result<(), usize> {
        let pairs = self.pairs.as_slice();
        for (i, e) in pairs.iter().enumerate() {
            let partner_live = match e.partner {
                HitTarget::Body(b) => bodies.index(b).is_ok(),
                HitTarget::Plane(p) => planes.index(p).is_ok(),
            };
            let ordered = i == 0 || pairs[i - 1].key() < e.key();
            if bodies.index(e.a).is_err() || !partner_live || !ordered {
                return Err(i);
            }
        }
        Ok(())
    }

    /// Builds into `next` the touching pairs of `contacts` and their events against `self`
    /// (nothing of `self` changes: [`Touching::commit`] swaps them in).
    pub(crate) fn update(
        &self,
        loops: &mut impl Loops,
        contacts: &[Contact<T>],
        bodies: &Handles<S>,
        planes: &Handles<S>,
        next: &mut Self,
    ) -> Result<(), WorldError>
    where
        T: Send,
    {
        next.pairs.clear();
        next.began.clear();
        next.ended.clear();
        // One entry per pair: a pair's contacts are consecutive (one manifold); its touching
        // points in the order of their positions give the first point and, summed in that
        // order, the impulse.
        let mut run_start = 0;
        for (i, c) in contacts.iter().enumerate() {
            let first_of_pair = i == 0 || PairKey::of(&contacts[i - 1]) != PairKey::of(c);
            if first_of_pair {
                run_start = next.pairs.as_slice().len();
            }
            if c.gap <= T::zero() || c.impulse[0] > T::zero() {
                let event = ContactEvent {
                    a: bodies.at(c.a),
                    partner: match c.partner {
                        Partner::Body(b) => HitTarget::Body(bodies.at(b)),
                        Partner::Plane(p) => HitTarget::Plane(planes.at(p)),
                    },
                    point: c.point,
                    normal: c.normal,
                    impulse: c.impulse[0],
                };
                push(&mut next.pairs, event, "contact events")?;
            }
            let last_of_pair = contacts
                .get(i + 1)
                .is_none_or(|d| PairKey::of(d) != PairKey::of(c));
            if last_of_pair {
                merge_run(&mut next.pairs, run_start);
            }
        }
        // Every pair once: its key orders it whatever sorts it.
        loops.sort(next.pairs.as_mut_slice(), |x, y| x.key().cmp(&y.key()));
        let (old, new) = (self.pairs.as_slice(), next.pairs.as_slice());
        let (mut i, mut j) = (0, 0);
        while i < old.len() || j < new.len() {
            match (old.get(i), new.get(j)) {
                (Some(o), Some(n)) if o.key() == n.key() => (i, j) = (i + 1, j + 1),
                (Some(o), Some(n)) if o.key() < n.key() => {
                    push(&mut next.ended, *o, "contact events")?;
                    i += 1;
                }
                (Some(o), None) => {
                    push(&mut next.ended, *o, "contact events")?;
                    i += 1;
                }
                (_, Some(n)) => {
                    push(&mut next.began, *n, "contact events")?;
                    j += 1;
                }
                (None, None) => break,
            }
        }
        Ok(())
    }

    /// Forgets the touching pairs of a removed body or plane (`item`), so that the next step
    /// reports no end for them; returns how many pairs went.
    pub(crate) fn forget(&mut self, item: HitTarget) -> usize {
        retain(&mut self.pairs, |e| !e.names(item))
    }

    /// Takes `next`'s pairs and events as the last step's.
    pub(crate) fn commit(&mut self, next: &mut Self) {
        self.pairs.swap_contents(&mut next.pairs);
        self.began.swap_contents(&mut next.began);
        self.ended.swap_contents(&mut next.ended);
    }
}

/// The touching points of one pair, `pairs[start..]`, merged into one entry: the first by
/// position (a stable insertion sort: a manifold has a few points), the impulses summed in
/// that order.
fn merge_run<T: Float>(pairs: &mut impl Buffer<ContactEvent<T>>, start: usize) {
    let run = &mut pairs.as_mut_slice()[start..];
    if run.len() < 2 {
        return;
    }
    for i in 1..run.len() {
        let mut j = i;
        while j > 0 && run[j].point.0.partial_cmp(&run[j - 1].point.0) == Some(Ordering::Less) {
            run.swap(j, j - 1);
            j -= 1;
        }
    }
    let impulse = run[1..]
        .iter()
        .fold(run[0].impulse, |sum, e| sum + e.impulse);
    run[0].impulse = impulse;
    while pairs.as_slice().len() > start + 1 {
        pairs.pop();
    }
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + num_traits::FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// The pairs that began touching in the last step, sorted by pair (by the handles of
    /// the body, then of its partner, bodies before planes).
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut s = WorldSettings::default();
    /// s.gravity = Vector::zeros();
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(s).unwrap();
    /// let a = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_linear_velocity(Vector([3.0, 0.0, 0.0]))).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(Vector([2.0, 0.0, 0.0]))).unwrap();
    /// let mut began = 0;
    /// for _ in 0..30 {
    ///     w.step().unwrap();
    ///     began += w.contacts_began().len();
    /// }
    /// assert_eq!(began, 1); // they met once
    /// ```
    pub fn contacts_began(&self) -> &[ContactEvent<T>] {
        self.touching.began.as_slice()
    }

    /// The pairs that stopped touching in the last step, with what they had in the step
    /// before, sorted by pair.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.1, 0.0]))).unwrap();
    /// w.step().unwrap();
    /// w.set_linear_velocity(ball, Vector([0.0, 5.0, 0.0])).unwrap(); // thrown up
    /// let mut ended = 0;
    /// for _ in 0..10 {
    ///     w.step().unwrap();
    ///     ended += w.contacts_ended().len();
    /// }
    /// assert_eq!(ended, 1);
    /// ```
    pub fn contacts_ended(&self) -> &[ContactEvent<T>] {
        self.touching.ended.as_slice()
    }
}
