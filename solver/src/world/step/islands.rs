//! Islands: the dynamic bodies split into groups that touch or are jointed (union-find over
//! contacts and joints, static bodies and planes connecting nothing), solved independently
//! and put to sleep as a whole.
use cwlist::{Buffer, Storage};

use crate::world::WorldError;

/// No island (static bodies).
pub(crate) const NONE: u32 = u32::MAX;

fn full() -> WorldError {
    WorldError::CapacityExceeded { what: "islands" }
}

fn push<E>(buf: &mut impl Buffer<E>, e: E) -> Result<(), WorldError> {
    crate::world::capacity::push(buf, e, "islands")
}

/// The root of `i` in the union-find forest `parent` (path halving).
pub(crate) fn find(parent: &mut [u32], mut i: u32) -> u32 {
    while parent[i as usize] != i {
        let up = parent[parent[i as usize] as usize];
        parent[i as usize] = up;
        i = up;
    }
    i
}

/// Items (bodies, joints or contacts) grouped by island: island `k`'s are
/// `items[end[k - 1]..end[k]]` (from 0 for the first), in increasing order. One entry per
/// island, so `N` islands fit a buffer of `N`.
pub(crate) struct Groups<S: Storage> {
    end: S::Buf<u32>,
    items: S::Buf<u32>,
}

/// Borrowed [`Groups`], shareable between threads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GroupsView<'a> {
    end: &'a [u32],
    items: &'a [u32],
}

impl<'a> GroupsView<'a> {
    fn range(self, k: usize) -> core::ops::Range<usize> {
        let from = if k == 0 { 0 } else { self.end[k - 1] as usize };
        from..self.end[k] as usize
    }

    /// Island `k`'s items.
    pub(crate) fn of(self, k: usize) -> impl Iterator<Item = usize> + Clone + 'a {
        self.items[self.range(k)].iter().map(|&i| i as usize)
    }

    /// How many items island `k` has.
    pub(crate) fn count(self, k: usize) -> usize {
        self.range(k).len()
    }
}

impl<S: Storage> Groups<S> {
    fn new() -> Self {
        Self {
            end: Buffer::new(),
            items: Buffer::new(),
        }
    }

    pub(crate) fn view(&self) -> GroupsView<'_> {
        GroupsView {
            end: self.end.as_slice(),
            items: self.items.as_slice(),
        }
    }

    /// Island `k`'s items.
    pub(crate) fn of(&self, k: usize) -> impl Iterator<Item = usize> + Clone + '_ {
        self.view().of(k)
    }

    /// How many items island `k` has.
    pub(crate) fn count(&self, k: usize) -> usize {
        self.view().count(k)
    }

    /// Counting sort of `island_of` (one island per item, [`NONE`] for none).
    fn build(
        &mut self,
        islands: usize,
        island_of: impl Iterator<Item = u32> + Clone,
    ) -> Result<(), WorldError> {
        self.end.clear();
        self.items.clear();
        for _ in 0..islands {
            push(&mut self.end, 0)?;
        }
        // Counts, then each island's start; the fill below moves every start to its end.
        let end = self.end.as_mut_slice();
        for k in island_of.clone().filter(|&k| k != NONE) {
            end[k as usize] += 1;
        }
        let mut total = 0;
        for e in end.iter_mut() {
            let count = *e;
            *e = total;
            total += count;
        }
        for _ in 0..total {
            push(&mut self.items, 0)?;
        }
        let (end, items) = (self.end.as_mut_slice(), self.items.as_mut_slice());
        for (i, k) in island_of.enumerate().filter(|&(_, k)| k != NONE) {
            items[end[k as usize] as usize] = i as u32;
            end[k as usize] += 1;
        }
        Ok(())
    }
}

/// The islands of one step.
pub(crate) struct Islands<S: Storage> {
    parent: S::Buf<u32>,
    /// Island of each body ([`NONE`] for static bodies).
    pub(crate) of_body: S::Buf<u32>,
    /// Whether each island has an awake body (then all of it is awake this step).
    pub(crate) awake: S::Buf<bool>,
    pub(crate) bodies: Groups<S>,
    pub(crate) joints: Groups<S>,
    pub(crate) contacts: Groups<S>,
}

impl<S: Storage> Islands<S> {
    pub(crate) fn new() -> Self {
        Self {
            parent: Buffer::new(),
            of_body: Buffer::new(),
            awake: Buffer::new(),
            bodies: Groups::new(),
            joints: Groups::new(),
            contacts: Groups::new(),
        }
    }

    /// How many islands there are.
    pub(crate) fn count(&self) -> usize {
        self.awake.as_slice().len()
    }

    /// Splits the bodies (`dynamic[i]`, `asleep[i]`) into islands linked by `links`
    /// (pairs of body indices, `None` for the world), numbered in order of their lowest
    /// body; then groups the joints and contacts (`joint_links`, `contact_links`). An island
    /// touching a body that `moves` (a kinematic body with a velocity) is awake.
    #[allow(clippy::too_many_arguments, reason = "the named inputs of the phase")]
    pub(crate) fn build<J, C>(
        &mut self,
        dynamic: impl Fn(usize) -> bool,
        asleep: impl Fn(usize) -> bool,
        moves: impl Fn(usize) -> bool,
        bodies: usize,
        joint_links: J,
        contact_links: C,
    ) -> Result<(), WorldError>
    where
        J: Iterator<Item = (usize, Option<usize>)> + Clone,
        C: Iterator<Item = (usize, Option<usize>)> + Clone,
    {
        if bodies >= NONE as usize {
            return Err(full());
        }
        self.parent.clear();
        self.of_body.clear();
        self.awake.clear();
        for i in 0..bodies {
            push(&mut self.parent, i as u32)?;
        }
        let parent = self.parent.as_mut_slice();
        for (a, b) in joint_links.clone().chain(contact_links.clone()) {
            let Some(b) = b else { continue };
            if !(dynamic(a) && dynamic(b)) {
                continue;
            }
            let (ra, rb) = (find(parent, a as u32), find(parent, b as u32));
            // The lower root wins: the result does not depend on the link order.
            let (low, high) = (ra.min(rb), ra.max(rb));
            parent[high as usize] = low;
        }
        let mut islands = 0u32;
        for i in 0..bodies {
            let island = if dynamic(i) {
                let root = find(self.parent.as_mut_slice(), i as u32) as usize;
                if root == i {
                    islands += 1;
                    push(&mut self.awake, false)?;
                    islands - 1
                } else {
                    // The root is lower than `i`, so it already has its island.
                    self.of_body.as_slice()[root]
                }
            } else {
                NONE
            };
            push(&mut self.of_body, island)?;
            if island != NONE && !asleep(i) {
                self.awake.as_mut_slice()[island as usize] = true;
            }
        }
        for (a, b) in contact_links.clone() {
            let Some(b) = b else { continue };
            for (mover, other) in [(a, b), (b, a)] {
                let island = self.of_body.as_slice()[other];
                if moves(mover) && island != NONE {
                    self.awake.as_mut_slice()[island as usize] = true;
                }
            }
        }
        let n = islands as usize;
        let of = self.of_body.as_slice();
        self.bodies.build(n, of.iter().copied())?;
        let link = |(a, b): (usize, Option<usize>)| match of[a] {
            NONE => b.map_or(NONE, |b| of[b]),
            k => k,
        };
        self.joints.build(n, joint_links.map(link))?;
        self.contacts.build(n, contact_links.map(link))?;
        Ok(())
    }
}
