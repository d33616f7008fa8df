//! Iterators in list order: by reference, by mutable reference, by value, and by position.
//! All are double-ended and exact-size.
use core::iter::FusedIterator;

use crate::index::Index;
use crate::list::{List, Node, Pos};
use crate::storage::{Buffer, Storage};

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    /// Iterates front to back by reference (walks the links).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.iter().rev().copied().collect::<Vec<_>>(), [3, 2, 1]);
    /// ```
    #[inline]
    pub fn iter(&self) -> Iter<'_, T, Ix> {
        Iter {
            links: Links::new(self.nodes.as_slice(), self.head, self.tail, self.linear),
            values: self.values.as_slice(),
        }
    }

    /// Iterates over the positions front to back (pure traversal: touches only the links).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let values: Vec<i32> = l.positions().map(|p| *l.get(p).unwrap()).collect();
    /// assert_eq!(values, [1, 2, 3]);
    /// ```
    #[inline]
    pub fn positions(&self) -> Positions<'_, Ix> {
        Positions {
            links: Links::new(self.nodes.as_slice(), self.head, self.tail, self.linear),
        }
    }

    /// Iterates front to back by mutable reference.
    ///
    /// Safe Rust cannot hand out `&mut` to array elements in an arbitrary order without a
    /// table of them, so this builds one (`len` references, in the list's own storage kind:
    /// a `Vec` for `Growable`, in place for [`Fixed`](crate::Fixed)).
    /// [`for_each_mut`](Self::for_each_mut) needs no table.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// for x in l.iter_mut() {
    ///     *x += 1;
    /// }
    /// assert_eq!(l.to_vec(), [2, 3, 4]);
    /// ```
    pub fn iter_mut(&mut self) -> IterMut<'_, T, Ix, S> {
        let mut refs = <S::Buf<Option<&mut T>> as Buffer<_>>::new();
        for v in self.values.as_mut_slice() {
            if refs.try_push(Some(v)).is_err() {
                // Same maximum capacity as the value array, which it mirrors.
                unreachable!("cwlist: reference table smaller than the value array");
            }
        }
        IterMut {
            links: Links::new(self.nodes.as_slice(), self.head, self.tail, self.linear),
            refs,
        }
    }

    /// Calls `f` on every element front to back, mutably, walking the links (no table).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.for_each_mut(|x| *x = -*x);
    /// assert_eq!(l.to_vec(), [-1, -2, -3]);
    /// ```
    pub fn for_each_mut(&mut self, mut f: impl FnMut(&mut T)) {
        let nodes = self.nodes.as_slice();
        let values = self.values.as_mut_slice();
        let mut cur = self.head;
        while cur != Ix::NIL {
            let c = cur.to_usize();
            f(&mut values[c]);
            cur = nodes[c].next;
        }
    }
}

/// How many slots a fold's walk from the far end runs ahead ([`Links::fold_slots`]): 64
/// indices on the stack (64 B with `u8` links, 128 B with `u16`), so that lists of up to
/// 128 elements are walked from both ends all the way.
const FAR_AHEAD: usize = 64;

/// Folds of more slots than this are walked from both ends ([`Links::fold_both_ends`]):
/// below it the second chain's fixed cost (a call, the stack, one more mispredicted
/// branch, about 5 ns here) is more than its overlap saves (measured with `u8` links on
/// x86-64: 24 elements 18 → 22 ns, 40 elements 40 → 35 ns, 100 elements 122 → 86 ns).
const BOTH_ENDS_FROM: usize = 32;

/// The shared walking state: the remaining range `front..=back` of the chain and its length.
/// The ends are kept as `usize` so the hot loop does not re-extend the index each step.
#[derive(Debug, Clone)]
struct Links<'a, Ix> {
    nodes: &'a [Node<Ix>],
    front: usize,
    back: usize,
    len: usize,
    /// Slot order is list order: step by one instead of reading the links (the branch is
    /// the same for every step, so it is predicted, and loops over the iterator are
    /// unswitched on it).
    linear: bool,
}

impl<'a, Ix: Index> Links<'a, Ix> {
    #[inline(always)]
    fn new(nodes: &'a [Node<Ix>], front: Ix, back: Ix, linear: bool) -> Self {
        // `black_box` hides that the ends fit in `Ix`. Without it LLVM narrows the
        // loop-carried index to `u8`/`u16` and re-extends it on every step: a register
        // `movzx` on the critical path of the pointer chase (load, extend, load, ...), which
        // made traversal of a cache-resident list about 25% slower (measured: 0.6x vs 0.8x of
        // `LinkedList` at 100 elements with `u8` links). It costs one stack round trip per
        // iterator, not per step.
        Self {
            nodes,
            front: core::hint::black_box(front.to_usize()),
            back: core::hint::black_box(back.to_usize()),
            len: nodes.len(),
            linear,
        }
    }

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        let i = self.front;
        self.front = if self.linear {
            i + 1
        } else {
            self.nodes[i].next.to_usize()
        };
        Some(i)
    }

    /// Skips `k` elements and returns the next one: a tight link-following loop with the
    /// index in a register (the default `nth` calls `next` `k + 1` times through the struct,
    /// which measured about 2x slower per step for the binary search of the sorted-insertion
    /// benchmark).
    #[inline]
    fn nth(&mut self, k: usize) -> Option<usize> {
        if k >= self.len {
            self.len = 0;
            return None;
        }
        self.len -= k + 1;
        if self.linear {
            let i = self.front + k;
            self.front = i + 1;
            return Some(i);
        }
        let mut i = self.front;
        for _ in 0..k {
            i = self.nodes[i].next.to_usize();
        }
        self.front = self.nodes[i].next.to_usize();
        Some(i)
    }

    #[inline]
    fn nth_back(&mut self, k: usize) -> Option<usize> {
        if k >= self.len {
            self.len = 0;
            return None;
        }
        self.len -= k + 1;
        if self.linear {
            let i = self.back - k;
            self.back = i.wrapping_sub(1);
            return Some(i);
        }
        let mut i = self.back;
        for _ in 0..k {
            i = self.nodes[i].prev.to_usize();
        }
        self.back = self.nodes[i].prev.to_usize();
        Some(i)
    }

    /// Folds the remaining slots front to back (`forward`) or back to front. Walks of more
    /// than [`BOTH_ENDS_FROM`] slots follow the links from both ends at once
    /// ([`Self::fold_both_ends`]).
    #[inline]
    fn fold_slots<B>(self, forward: bool, init: B, mut f: impl FnMut(B, usize) -> B) -> B {
        let mut acc = init;
        let mut i = if forward { self.front } else { self.back };
        if self.linear {
            for k in 0..self.len {
                acc = f(acc, if forward { i + k } else { i - k });
            }
            return acc;
        }
        if self.len > BOTH_ENDS_FROM {
            return self.fold_both_ends(forward, acc, f);
        }
        for _ in 0..self.len {
            let node = &self.nodes[i];
            let next = if forward { node.next } else { node.prev };
            acc = f(acc, i);
            i = next.to_usize();
        }
        acc
    }

    /// [`Self::fold_slots`] following the links from both ends at once: each step takes the
    /// next slot in order from the near end and one from the far end, whose slots wait in a
    /// stack until the near end has passed (at most [`FAR_AHEAD`] of them; past that the
    /// near end walks alone).
    ///
    /// A walk is bound by the latency of one load per step (a slot's successor is stored
    /// in the slot); the two chains of loads do not depend on each other, so they overlap.
    /// The stack lives in this frame rather than in the iterator: `next` cannot use it (it
    /// hands out one slot a call), and a buffer in the iterator made short walks through
    /// `next` 2–3× slower (measured with 4 and 12 elements).
    #[inline(never)]
    fn fold_both_ends<B>(self, forward: bool, init: B, mut f: impl FnMut(B, usize) -> B) -> B {
        let (mut near, mut far) = if forward {
            (self.front, self.back)
        } else {
            (self.back, self.front)
        };
        let link = |i: usize, next: bool| {
            let node = &self.nodes[i];
            if next { node.next } else { node.prev }.to_usize()
        };
        let (mut acc, mut ahead) = (init, self.len);
        let mut waiting = heapless::Vec::<Ix, FAR_AHEAD>::new();
        while ahead > 0 {
            let i = near;
            near = link(i, forward);
            ahead -= 1;
            if ahead > 0 && waiting.push(Ix::from_usize(far)).is_ok() {
                far = link(far, !forward);
                ahead -= 1;
            }
            acc = f(acc, i);
        }
        while let Some(i) = waiting.pop() {
            acc = f(acc, i.to_usize());
        }
        acc
    }

    #[inline(always)]
    fn next_back(&mut self) -> Option<usize> {
        if self.len == 0 {
            return None;
        }
        self.len -= 1;
        let i = self.back;
        self.back = if self.linear {
            i.wrapping_sub(1)
        } else {
            self.nodes[i].prev.to_usize()
        };
        Some(i)
    }
}

macro_rules! exact_size {
    ($name:ident <$($g:tt),*> $(where $($w:tt)*)?) => {
        impl<$($g),*> ExactSizeIterator for $name<$($g),*> $(where $($w)*)? {}
        impl<$($g),*> FusedIterator for $name<$($g),*> $(where $($w)*)? {}
    };
}

/// Front-to-back iterator by reference; see [`List::iter`].
///
/// # Example
/// ```
/// let l: cwlist::List<i32> = [1, 2, 3].into_iter().collect();
/// let mut it = l.iter();
/// assert_eq!((it.next(), it.next_back(), it.len()), (Some(&1), Some(&3), 1));
/// ```
#[derive(Debug)]
pub struct Iter<'a, T, Ix> {
    links: Links<'a, Ix>,
    values: &'a [T],
}

impl<T, Ix: Index> Clone for Iter<'_, T, Ix> {
    fn clone(&self) -> Self {
        Self {
            links: self.links.clone(),
            values: self.values,
        }
    }
}

impl<'a, T, Ix: Index> Iterator for Iter<'a, T, Ix> {
    type Item = &'a T;
    #[inline]
    fn next(&mut self) -> Option<&'a T> {
        self.links.next().map(|i| &self.values[i])
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.links.len, Some(self.links.len))
    }
    #[inline]
    fn nth(&mut self, k: usize) -> Option<&'a T> {
        self.links.nth(k).map(|i| &self.values[i])
    }
    #[inline]
    fn count(self) -> usize {
        self.links.len
    }
    #[inline]
    fn last(mut self) -> Option<&'a T> {
        self.next_back()
    }
    #[inline]
    fn fold<B, F: FnMut(B, &'a T) -> B>(self, init: B, mut f: F) -> B {
        let values = self.values;
        self.links
            .fold_slots(true, init, |acc, i| f(acc, &values[i]))
    }
}

impl<'a, T, Ix: Index> DoubleEndedIterator for Iter<'a, T, Ix> {
    #[inline]
    fn next_back(&mut self) -> Option<&'a T> {
        self.links.next_back().map(|i| &self.values[i])
    }
    #[inline]
    fn nth_back(&mut self, k: usize) -> Option<&'a T> {
        self.links.nth_back(k).map(|i| &self.values[i])
    }
    #[inline]
    fn rfold<B, F: FnMut(B, &'a T) -> B>(self, init: B, mut f: F) -> B {
        let values = self.values;
        self.links
            .fold_slots(false, init, |acc, i| f(acc, &values[i]))
    }
}
exact_size!(Iter<'a, T, Ix> where Ix: Index);

/// Front-to-back iterator over positions (links only); see [`List::positions`].
///
/// # Example
/// ```
/// let l: cwlist::List<i32> = [1, 2].into_iter().collect();
/// assert_eq!(l.positions().count(), 2);
/// ```
#[derive(Debug, Clone)]
pub struct Positions<'a, Ix> {
    links: Links<'a, Ix>,
}

impl<Ix: Index> Iterator for Positions<'_, Ix> {
    type Item = Pos;
    #[inline]
    fn next(&mut self) -> Option<Pos> {
        self.links.next().map(Pos)
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.links.len, Some(self.links.len))
    }
    #[inline]
    fn nth(&mut self, k: usize) -> Option<Pos> {
        self.links.nth(k).map(Pos)
    }
    #[inline]
    fn count(self) -> usize {
        self.links.len
    }
    #[inline]
    fn last(mut self) -> Option<Pos> {
        self.next_back()
    }
    #[inline]
    fn fold<B, F: FnMut(B, Pos) -> B>(self, init: B, mut f: F) -> B {
        self.links.fold_slots(true, init, |acc, i| f(acc, Pos(i)))
    }
}

impl<Ix: Index> DoubleEndedIterator for Positions<'_, Ix> {
    #[inline]
    fn next_back(&mut self) -> Option<Pos> {
        self.links.next_back().map(Pos)
    }
    #[inline]
    fn nth_back(&mut self, k: usize) -> Option<Pos> {
        self.links.nth_back(k).map(Pos)
    }
    #[inline]
    fn rfold<B, F: FnMut(B, Pos) -> B>(self, init: B, mut f: F) -> B {
        self.links.fold_slots(false, init, |acc, i| f(acc, Pos(i)))
    }
}
exact_size!(Positions<'a, Ix> where Ix: Index);

/// Front-to-back iterator by mutable reference; see [`List::iter_mut`].
///
/// # Example
/// ```
/// let mut l: cwlist::List<i32> = [1, 2].into_iter().collect();
/// l.iter_mut().rev().for_each(|x| *x *= 3);
/// assert_eq!(l.to_vec(), [3, 6]);
/// ```
pub struct IterMut<'a, T, Ix: Index, S: Storage> {
    links: Links<'a, Ix>,
    refs: S::Buf<Option<&'a mut T>>,
}

impl<T, Ix: Index, S: Storage> core::fmt::Debug for IterMut<'_, T, Ix, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("IterMut")
            .field("remaining", &self.links.len)
            .finish()
    }
}

impl<'a, T, Ix: Index, S: Storage> Iterator for IterMut<'a, T, Ix, S> {
    type Item = &'a mut T;
    #[inline]
    fn next(&mut self) -> Option<&'a mut T> {
        let i = self.links.next()?;
        self.refs.as_mut_slice()[i].take()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.links.len, Some(self.links.len))
    }
}

impl<'a, T, Ix: Index, S: Storage> DoubleEndedIterator for IterMut<'a, T, Ix, S> {
    #[inline]
    fn next_back(&mut self) -> Option<&'a mut T> {
        let i = self.links.next_back()?;
        self.refs.as_mut_slice()[i].take()
    }
}
exact_size!(IterMut<'a, T, Ix, S> where Ix: Index, S: Storage);

/// Owning front-to-back iterator; see [`List::into_iter`](IntoIterator::into_iter).
///
/// # Example
/// ```
/// let l: cwlist::List<i32> = [1, 2, 3].into_iter().collect();
/// assert_eq!(l.into_iter().rev().collect::<Vec<_>>(), [3, 2, 1]);
/// ```
pub struct IntoIter<T, Ix: Index, S: Storage> {
    list: List<T, Ix, S>,
}

impl<T: core::fmt::Debug, Ix: Index, S: Storage> core::fmt::Debug for IntoIter<T, Ix, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("IntoIter").field(&self.list).finish()
    }
}

impl<T, Ix: Index, S: Storage> Iterator for IntoIter<T, Ix, S> {
    type Item = T;
    #[inline]
    fn next(&mut self) -> Option<T> {
        self.list.pop_front()
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.list.len(), Some(self.list.len()))
    }
}

impl<T, Ix: Index, S: Storage> DoubleEndedIterator for IntoIter<T, Ix, S> {
    #[inline]
    fn next_back(&mut self) -> Option<T> {
        self.list.pop_back()
    }
}
exact_size!(IntoIter<T, Ix, S> where Ix: Index, S: Storage);

impl<T, Ix: Index, S: Storage> IntoIterator for List<T, Ix, S> {
    type Item = T;
    type IntoIter = IntoIter<T, Ix, S>;
    fn into_iter(self) -> Self::IntoIter {
        IntoIter { list: self }
    }
}

impl<'a, T, Ix: Index, S: Storage> IntoIterator for &'a List<T, Ix, S> {
    type Item = &'a T;
    type IntoIter = Iter<'a, T, Ix>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<'a, T, Ix: Index, S: Storage> IntoIterator for &'a mut List<T, Ix, S> {
    type Item = &'a mut T;
    type IntoIter = IterMut<'a, T, Ix, S>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter_mut()
    }
}
