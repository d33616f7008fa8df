//! Contact persistence: the live contacts of the last step, indexed by
//! `(body, partner, feature)` in an open-addressing hash table, so that each contact of the
//! new step finds its predecessor (and warm-start impulses) in O(1) expected time.
//!
//! The table maps keys to positions in the contact array and is rebuilt from that array
//! when a step commits; its layout never decides an order, so the step stays deterministic.
use cwlist::{Buffer, Storage};

use crate::world::WorldError;
use crate::world::contact::{Contact, Partner};

const EMPTY: u32 = u32::MAX;

/// What identifies a contact between steps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct ContactKey {
    pub(crate) a: usize,
    pub(crate) partner: Partner,
    pub(crate) feature: u32,
}

impl ContactKey {
    pub(crate) fn of<T>(c: &Contact<T>) -> Self {
        Self {
            a: c.a,
            partner: c.partner,
            feature: c.feature,
        }
    }

    fn hash(&self) -> u64 {
        let partner = match self.partner {
            Partner::Body(b) => b as u64,
            Partner::Plane(p) => (p as u64) | (1 << 63),
        };
        let mut h = (self.a as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        h ^= partner.wrapping_mul(0xc2b2_ae3d_27d4_eb4f);
        h ^= u64::from(self.feature).wrapping_mul(0x1656_67b1_9e37_79f9);
        h ^ (h >> 29)
    }
}

/// The live contacts and their index.
pub(crate) struct ContactSet<T, S: Storage> {
    pub(crate) live: S::Buf<Contact<T>>,
    table: S::Buf<u32>,
}

impl<T: Copy, S: Storage> ContactSet<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            live: Buffer::new(),
            table: Buffer::new(),
        }
    }

    /// The contact of the last step with this key.
    pub(crate) fn find(&self, key: &ContactKey) -> Option<&Contact<T>> {
        let table = self.table.as_slice();
        let size = table.len();
        if size == 0 {
            return None;
        }
        let live = self.live.as_slice();
        let mut slot = (key.hash() % size as u64) as usize;
        for _ in 0..size {
            let at = table[slot];
            if at == EMPTY {
                return None;
            }
            let c = &live[at as usize];
            if ContactKey::of(c) == *key {
                return Some(c);
            }
            slot = if slot + 1 == size { 0 } else { slot + 1 };
        }
        None
    }

    /// Makes `fresh` the live set (the old one goes to `fresh` as scratch) and rebuilds the
    /// index: about twice as many slots as contacts, or as many as the storage holds.
    pub(crate) fn commit(&mut self, fresh: &mut S::Buf<Contact<T>>) -> Result<(), WorldError> {
        core::mem::swap(&mut self.live, fresh);
        let indexed = self.reindex();
        if indexed.is_err() {
            core::mem::swap(&mut self.live, fresh);
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
            let mut slot = (ContactKey::of(c).hash() % size as u64) as usize;
            while table[slot] != EMPTY {
                slot = if slot + 1 == size { 0 } else { slot + 1 };
            }
            table[slot] = i as u32;
        }
        Ok(())
    }
}
