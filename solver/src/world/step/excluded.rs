//! The body pairs whose shapes do not collide because joints hold them: the two bodies of a
//! joint (unless it lets them collide, [`JointSlot::collide_connected`]), and any two bodies
//! welded together through other bodies. Welded bodies move as one rigid body, so a contact
//! between two of them could only ask that body to push itself apart: an infeasible request
//! whose impulse grew every step (100 N·s on a 3.5 kg group) while the welds cancelled it.
use cwlist::{Buffer, Storage};

use super::islands::find;
use crate::world::capacity::push;
use crate::world::{ConstraintFunction, Joint, JointSlot, Scalar, WorldError};

/// Pairs of jointed bodies, and groups of welded bodies.
pub(crate) struct Excluded<S: Storage> {
    /// The body pairs `[low, high]` of joints whose shapes do not collide, sorted.
    pairs: S::Buf<[u32; 2]>,
    /// Each body's welded group: the lowest body welded to it (itself if none), where the
    /// welds let their bodies collide with nobody of the group.
    group: S::Buf<u32>,
}

impl<S: Storage> Excluded<S> {
    pub(crate) fn new() -> Self {
        Self {
            pairs: Buffer::new(),
            group: Buffer::new(),
        }
    }

    /// The pairs and groups of `joints` over `bodies` bodies.
    pub(crate) fn build<T: Scalar, U: ConstraintFunction<T>>(
        &mut self,
        joints: &[JointSlot<T, U>],
        bodies: usize,
    ) -> Result<(), WorldError> {
        self.pairs.clear();
        self.group.clear();
        for i in 0..bodies {
            push(&mut self.group, i as u32, "bodies")?;
        }
        let group = self.group.as_mut_slice();
        for slot in joints.iter().filter(|j| !j.collide_connected) {
            let Some(b) = slot.b else { continue };
            let (low, high) = (slot.a.min(b) as u32, slot.a.max(b) as u32);
            push(&mut self.pairs, [low, high], "joints")?;
            if matches!(slot.joint, Joint::Weld(_)) {
                let (ra, rb) = (find(group, low), find(group, high));
                // The lower root wins: the groups do not depend on the joints' order.
                group[ra.max(rb) as usize] = ra.min(rb);
            }
        }
        for i in 0..bodies {
            let root = find(group, i as u32);
            group[i] = root;
        }
        self.pairs.as_mut_slice().sort_unstable();
        Ok(())
    }

    /// The pairs and groups, shareable between threads.
    pub(crate) fn view(&self) -> ExcludedView<'_> {
        ExcludedView {
            pairs: self.pairs.as_slice(),
            group: self.group.as_slice(),
        }
    }
}

/// Borrowed [`Excluded`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct ExcludedView<'a> {
    pairs: &'a [[u32; 2]],
    group: &'a [u32],
}

impl ExcludedView<'_> {
    /// Whether bodies `a < b` are kept from colliding.
    pub(crate) fn excludes(self, a: usize, b: usize) -> bool {
        self.group[a] == self.group[b] || self.pairs.binary_search(&[a as u32, b as u32]).is_ok()
    }
}
