//! Contact persistence: the live contacts of the last step, indexed by pair
//! `(body, partner)` in an open-addressing hash table, so that each new manifold finds its
//! predecessor (and its warm-start impulses) in O(1) expected time. Within a manifold (at
//! most a few points) a contact is matched first by its feature id, then by proximity.
//!
//! The table maps keys to positions in the contact array and is rebuilt from that array
//! when a step commits; its layout never decides an order, so the step stays deterministic.
use cwlist::{Buffer, Storage};

use num_traits::Float;

use crate::world::WorldError;
use crate::world::capacity::retain;
use crate::world::contact::{Contact, Partner};
use crate::world::joint::orthonormal_pair;

const EMPTY: u32 = u32::MAX;

/// The pair a contact belongs to: its first body and what it touches. The contacts of one
/// pair (one manifold) are contiguous in the contact array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct PairKey {
    pub(crate) a: usize,
    pub(crate) partner: Partner,
}

impl PairKey {
    pub(crate) fn of<T>(c: &Contact<T>) -> Self {
        Self {
            a: c.a,
            partner: c.partner,
        }
    }

    fn hash(&self) -> u64 {
        let partner = match self.partner {
            Partner::Body(b) => b as u64,
            Partner::Plane(p) => (p as u64) | (1 << 63),
        };
        let h = (self.a as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ partner.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        h ^ (h >> 29)
    }
}

/// Gives the new contacts of one pair (`fresh`) the impulses of their predecessors in `old`,
/// the same pair's contacts of the last step: first the contact with the same feature id,
/// else the nearest unclaimed one whose point is within `reach` (feature ids of aligned
/// boxes change when a vertex slides across a clipping plane by a hair, and a tower whose
/// contacts lose their warm start every few steps never converges). Each old contact
/// warm-starts at most one new one, so no impulse is counted twice.
pub(crate) fn warm_start<T: Float>(old: &[Contact<T>], fresh: &mut [Contact<T>], reach: T) {
    // Manifolds hold at most a few points: bitmasks of 64 cover them (the rest start cold).
    let mut claimed = 0u64;
    let mut matched = 0u64;
    let bit = |k: usize| if k < 64 { 1u64 << k } else { 0 };
    for (i, c) in fresh.iter_mut().enumerate() {
        let same = old
            .iter()
            .enumerate()
            .find(|(j, o)| o.feature == c.feature && claimed & bit(*j) == 0 && *j < 64);
        if let Some((j, o)) = same {
            c.impulse = carried_impulse(o, &c.normal);
            claimed |= bit(j);
            matched |= bit(i);
        }
    }
    for (i, c) in fresh.iter_mut().enumerate() {
        if i >= 64 || matched & bit(i) != 0 {
            continue;
        }
        let nearest = old
            .iter()
            .enumerate()
            .filter(|(j, _)| *j < 64 && claimed & bit(*j) == 0)
            .map(|(j, o)| (j, (o.point - c.point).norm()))
            .filter(|&(_, d)| d <= reach)
            .min_by(|x, y| x.1.partial_cmp(&y.1).unwrap_or(core::cmp::Ordering::Equal));
        if let Some((j, _)) = nearest {
            c.impulse = carried_impulse(&old[j], &c.normal);
            claimed |= bit(j);
        }
    }
}

/// The warm-start impulse of a matched contact: the normal part as it was, the friction part
/// as the same world-frame vector expressed in the tangent basis of the new normal. The basis
/// ([`orthonormal_pair`]) switches its helper axis when the normal's smallest component
/// changes, so carrying the two numbers over would turn a resting box's friction by 90°.
fn carried_impulse<T: Float>(old: &Contact<T>, normal: &xform::Vector<T, 3>) -> [T; 3] {
    let [t1, t2] = orthonormal_pair(&old.normal);
    let friction = t1 * old.impulse[1] + t2 * old.impulse[2];
    let [u1, u2] = orthonormal_pair(normal);
    [old.impulse[0], friction.dot(&u1), friction.dot(&u2)]
}

/// A [`ContactSet`] to look pairs up in.
#[derive(Clone, Copy)]
pub(crate) struct ContactIndex<'a, T> {
    live: &'a [Contact<T>],
    table: &'a [u32],
}

impl<'a, T> ContactIndex<'a, T> {
    /// The last step's contacts of one pair (its manifold), empty if it had none.
    pub(crate) fn pair(self, key: &PairKey) -> &'a [Contact<T>] {
        let (table, live) = (self.table, self.live);
        let size = table.len();
        if size == 0 {
            return &[];
        }
        let mut slot = (key.hash() % size as u64) as usize;
        for _ in 0..size {
            let at = table[slot];
            if at == EMPTY {
                return &[];
            }
            let first = at as usize;
            if PairKey::of(&live[first]) == *key {
                let run = live[first..]
                    .iter()
                    .take_while(|c| PairKey::of(c) == *key)
                    .count();
                return &live[first..first + run];
            }
            slot = if slot + 1 == size { 0 } else { slot + 1 };
        }
        &[]
    }
}

pub(crate) struct ContactSet<T, S: Storage> {
    pub(crate) live: S::Buf<Contact<T>>,
    table: S::Buf<u32>,
}

impl<T: Copy, S: Storage> Clone for ContactSet<T, S> {
    fn clone(&self) -> Self {
        Self {
            live: self.live.clone_buf(),
            table: self.table.clone_buf(),
        }
    }
}

impl<T: Copy, S: Storage> ContactSet<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            live: Buffer::new(),
            table: Buffer::new(),
        }
    }

    /// The contact set of a snapshot: `live` as saved, its index rebuilt.
    #[cfg(feature = "serde")]
    pub(crate) fn restore(live: S::Buf<Contact<T>>) -> Result<Self, WorldError>
    where
        T: Float,
    {
        let mut set = Self {
            live,
            table: Buffer::new(),
        };
        set.reindex()?;
        Ok(set)
    }

    /// The set read-only, as plain slices that threads can share.
    pub(crate) fn index(&self) -> ContactIndex<'_, T> {
        ContactIndex {
            live: self.live.as_slice(),
            table: self.table.as_slice(),
        }
    }

    /// Drops the contacts `gone` selects and renames the indices of the rest (`rename`, which
    /// must keep their order: a removal closes a gap), then rebuilds the index; returns how
    /// many went.
    pub(crate) fn remove_where(
        &mut self,
        gone: impl Fn(&Contact<T>) -> bool,
        rename: impl Fn(&mut Contact<T>),
    ) -> usize
    where
        T: Float,
    {
        let went = retain(&mut self.live, |c| !gone(c));
        self.live.as_mut_slice().iter_mut().for_each(rename);
        if self.reindex().is_err() {
            // Unreachable in practice (fewer contacts than the last index held); without
            // an index the next step only starts these contacts cold.
            self.table.clear();
        }
        went
    }

    /// Makes `fresh` the live set (the old one goes to `fresh` as scratch) and rebuilds the
    /// index: about twice as many slots as contacts, or as many as the storage holds.
    pub(crate) fn commit(&mut self, fresh: &mut S::Buf<Contact<T>>) -> Result<(), WorldError> {
        self.live.swap_contents(fresh);
        let indexed = self.reindex();
        if indexed.is_err() {
            self.live.swap_contents(fresh);
            let _ = self.reindex();
        }
        indexed
    }

    fn reindex(&mut self) -> Result<(), WorldError> {
        let live = self.live.as_slice();
        if live.len() >= EMPTY as usize {
            return Err(WorldError::CapacityExceeded {
                what: "contact index",
            });
        }
        let wanted = (2 * live.len() + 1).min(<S::Buf<u32> as Buffer<u32>>::max_capacity());
        self.table.clear();
        if live.is_empty() {
            return Ok(());
        }
        let size = wanted.max(live.len());
        if !self.table.try_reserve(size) {
            return Err(WorldError::CapacityExceeded {
                what: "contact index",
            });
        }
        for _ in 0..size {
            self.table
                .try_push(EMPTY)
                .map_err(|_| WorldError::CapacityExceeded {
                    what: "contact index",
                })?;
        }
        let table = self.table.as_mut_slice();
        for (i, c) in live.iter().enumerate() {
            // Only the first contact of each pair's run is indexed.
            if i > 0 && PairKey::of(&live[i - 1]) == PairKey::of(c) {
                continue;
            }
            let mut slot = (PairKey::of(c).hash() % size as u64) as usize;
            while table[slot] != EMPTY {
                slot = if slot + 1 == size { 0 } else { slot + 1 };
            }
            table[slot] = i as u32;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use approx::assert_relative_eq;
    use xform::Vector;

    fn contact(feature: u32, point: [f64; 3], normal: [f64; 3], impulse: [f64; 3]) -> Contact<f64> {
        Contact {
            a: 0,
            partner: Partner::Body(1),
            normal: Vector(normal),
            gap: 0.0,
            point: Vector(point),
            feature,
            impulse,
        }
    }

    fn friction(c: &Contact<f64>) -> Vector<f64, 3> {
        let [t1, t2] = orthonormal_pair(&c.normal);
        t1 * c.impulse[1] + t2 * c.impulse[2]
    }

    #[test]
    fn friction_keeps_its_world_direction_when_the_tangent_basis_switches() {
        // (0, −1, 0) picks the x helper axis, the slightly tilted normal the z helper axis:
        // the two bases differ by 90°, the carried friction must not.
        let old = contact(1, [0.5, 1.0, 0.5], [0.0, -1.0, 0.0], [0.2, 0.03, -0.04]);
        let normal = Vector([-2e-5, -1.0, -2e-7]);
        let normal = normal / normal.norm();
        let mut new = [contact(1, [0.5, 1.0, 0.5], normal.0, [0.0; 3])];
        warm_start(&[old], &mut new, 0.01);
        assert_eq!(new[0].impulse[0], 0.2);
        let (was, is) = (friction(&old), friction(&new[0]));
        assert_relative_eq!(is.norm(), was.norm(), max_relative = 1e-9);
        assert!((is - was).norm() < 1e-4 * was.norm());
    }

    #[test]
    fn contacts_match_by_feature_then_by_proximity_each_old_one_once() {
        let n = [0.0, 1.0, 0.0];
        let old = [
            contact(1, [0.0, 0.0, 0.0], n, [1.0, 0.0, 0.0]),
            contact(2, [1.0, 0.0, 0.0], n, [2.0, 0.0, 0.0]),
            contact(3, [0.0, 0.0, 1.0], n, [3.0, 0.0, 0.0]),
        ];
        let mut new = [
            contact(9, [1.001, 0.0, 0.0], n, [0.0; 3]), // feature changed, point moved 1 mm
            contact(1, [0.0, 0.0, 0.0], n, [0.0; 3]),
            contact(8, [1.002, 0.0, 0.0], n, [0.0; 3]), // near old 2 too, but it is taken
            contact(7, [5.0, 0.0, 0.0], n, [0.0; 3]),   // nowhere near any old contact
        ];
        warm_start(&old, &mut new, 0.01);
        let normal: [f64; 4] = core::array::from_fn(|i| new[i].impulse[0]);
        assert_eq!(normal, [2.0, 1.0, 0.0, 0.0]);
    }
}
