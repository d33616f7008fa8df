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
    buf.try_push(e).map_err(|_| full())
}

/// Items (bodies, joints or contacts) grouped by island: `items[start[k]..start[k + 1]]` are
/// island `k`'s, in increasing order.
pub(crate) struct Groups<S: Storage> {
    start: S::Buf<u32>,
    items: S::Buf<u32>,
}

/// Borrowed [`Groups`], shareable between threads.
#[derive(Debug, Clone, Copy)]
pub(crate) struct GroupsView<'a> {
    start: &'a [u32],
    items: &'a [u32],
}

impl<'a> GroupsView<'a> {
    /// Island `k`'s items.
    pub(crate) fn of(self, k: usize) -> impl Iterator<Item = usize> + Clone + 'a {
        let (from, to) = (self.start[k] as usize, self.start[k + 1] as usize);
        self.items[from..to].iter().map(|&i| i as usize)
    }

    /// How many items island `k` has.
    pub(crate) fn count(self, k: usize) -> usize {
        (self.start[k + 1] - self.start[k]) as usize
    }
}

impl<S: Storage> Groups<S> {
    fn new() -> Self {
        Self {
            start: Buffer::new(),
            items: Buffer::new(),
        }
    }

    pub(crate) fn view(&self) -> GroupsView<'_> {
        GroupsView {
            start: self.start.as_slice(),
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
        self.start.clear();
        self.items.clear();
        for _ in 0..=islands {
            push(&mut self.start, 0)?;
        }
        let start = self.start.as_mut_slice();
        for k in island_of.clone().filter(|&k| k != NONE) {
            start[k as usize + 1] += 1;
        }
        for k in 0..islands {
            start[k + 1] += start[k];
        }
        let total = start[islands] as usize;
        for _ in 0..total {
            push(&mut self.items, 0)?;
        }
        // `start[k]` walks forward while filling and ends at the next island's start.
        let (start, items) = (self.start.as_mut_slice(), self.items.as_mut_slice());
        for (i, k) in island_of.enumerate().filter(|&(_, k)| k != NONE) {
            items[start[k as usize] as usize] = i as u32;
            start[k as usize] += 1;
        }
        for k in (1..=islands).rev() {
            start[k] = start[k - 1];
        }
        start[0] = 0;
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

    fn find(parent: &mut [u32], mut i: u32) -> u32 {
        while parent[i as usize] != i {
            // Path halving.
            let up = parent[parent[i as usize] as usize];
            parent[i as usize] = up;
            i = up;
        }
        i
    }

    /// Splits the bodies (`dynamic[i]`, `asleep[i]`) into islands linked by `links`
    /// (pairs of body indices, `None` for the world), numbered in order of their lowest
    /// body; then groups the joints and contacts (`joint_links`, `contact_links`).
    pub(crate) fn build<J, C>(
        &mut self,
        dynamic: impl Fn(usize) -> bool,
        asleep: impl Fn(usize) -> bool,
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
            let (ra, rb) = (Self::find(parent, a as u32), Self::find(parent, b as u32));
            // The lower root wins: the result does not depend on the link order.
            let (low, high) = (ra.min(rb), ra.max(rb));
            parent[high as usize] = low;
        }
        let mut islands = 0u32;
        for i in 0..bodies {
            let island = if dynamic(i) {
                let root = Self::find(self.parent.as_mut_slice(), i as u32) as usize;
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
