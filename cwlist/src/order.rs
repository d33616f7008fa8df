//! Reordering by relinking: sort, merge, reverse, unique, and linearize (which restores
//! array order = list order so traversal becomes linear again).
use core::cmp::Ordering;

use crate::error::Error;
use crate::index::Index;
use crate::list::{List, Node};
use crate::storage::{Buffer, Storage};

/// Merges two NIL-terminated chains (next links only), stable: ties take from `a`.
/// Returns (head, tail) of the result; prev links are left stale.
fn merge_chains<T, Ix: Index>(
    nodes: &mut [Node<Ix>],
    values: &[T],
    mut a: Ix,
    mut b: Ix,
    cmp: &mut impl FnMut(&T, &T) -> Ordering,
) -> (Ix, Ix) {
    let (mut head, mut tail) = (Ix::NIL, Ix::NIL);
    while a != Ix::NIL && b != Ix::NIL {
        let e = if cmp(&values[a.to_usize()], &values[b.to_usize()]) != Ordering::Greater {
            let e = a;
            a = nodes[a.to_usize()].next;
            e
        } else {
            let e = b;
            b = nodes[b.to_usize()].next;
            e
        };
        append_link(nodes, &mut head, &mut tail, e);
    }
    let mut rest = if a != Ix::NIL { a } else { b };
    while rest != Ix::NIL {
        let next = nodes[rest.to_usize()].next;
        append_link(nodes, &mut head, &mut tail, rest);
        rest = next;
    }
    (head, tail)
}

#[inline(always)]
fn append_link<Ix: Index>(nodes: &mut [Node<Ix>], head: &mut Ix, tail: &mut Ix, e: Ix) {
    if *tail == Ix::NIL {
        *head = e;
    } else {
        nodes[tail.to_usize()].next = e;
    }
    *tail = e;
    nodes[e.to_usize()].next = Ix::NIL;
}

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    /// Rewrites every prev link and the tail from the next links, starting at the head.
    fn rebuild_prev_links(&mut self) {
        self.linear = false;
        let nodes = self.nodes.as_mut_slice();
        let (mut prev, mut cur) = (Ix::NIL, self.head);
        while cur != Ix::NIL {
            nodes[cur.to_usize()].prev = prev;
            prev = cur;
            cur = nodes[cur.to_usize()].next;
        }
        self.tail = prev;
    }

    /// Stable sort by `cmp` in O(n log n) comparisons, by relinking only: no value moves, no
    /// allocation, and every position keeps naming the same value.
    /// (Bottom-up merge sort on the links.)
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [2, 3, 1].into_iter().collect();
    /// l.sort_by(|a, b| b.cmp(a));
    /// assert_eq!(l.to_vec(), [3, 2, 1]);
    /// ```
    pub fn sort_by(&mut self, mut cmp: impl FnMut(&T, &T) -> Ordering) {
        if self.len() < 2 {
            return;
        }
        let values = self.values.as_slice();
        let nodes = self.nodes.as_mut_slice();
        let mut list = self.head;
        let mut width = 1usize;
        loop {
            let mut p = list;
            let (mut head, mut tail) = (Ix::NIL, Ix::NIL);
            let mut merges = 0usize;
            while p != Ix::NIL {
                merges += 1;
                // Run a = p (width elements), run b starts after it.
                let mut q = p;
                let mut a_len = 0usize;
                while a_len < width && q != Ix::NIL {
                    a_len += 1;
                    q = nodes[q.to_usize()].next;
                }
                let mut b_len = width;
                while a_len > 0 || (b_len > 0 && q != Ix::NIL) {
                    let take_a = if a_len == 0 {
                        false
                    } else if b_len == 0 || q == Ix::NIL {
                        true
                    } else {
                        cmp(&values[p.to_usize()], &values[q.to_usize()]) != Ordering::Greater
                    };
                    let e = if take_a {
                        let e = p;
                        p = nodes[p.to_usize()].next;
                        a_len -= 1;
                        e
                    } else {
                        let e = q;
                        q = nodes[q.to_usize()].next;
                        b_len -= 1;
                        e
                    };
                    if tail == Ix::NIL {
                        head = e;
                    } else {
                        nodes[tail.to_usize()].next = e;
                    }
                    tail = e;
                }
                p = q;
            }
            nodes[tail.to_usize()].next = Ix::NIL;
            list = head;
            if merges <= 1 {
                break;
            }
            width *= 2;
        }
        self.head = list;
        self.rebuild_prev_links();
    }

    /// Stable ascending sort by relinking; see [`sort_by`](Self::sort_by).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [2, 3, 1].into_iter().collect();
    /// l.sort();
    /// assert_eq!(l.to_vec(), [1, 2, 3]);
    /// ```
    pub fn sort(&mut self)
    where
        T: Ord,
    {
        self.sort_by(T::cmp);
    }

    /// Stable sort by a key, by relinking; see [`sort_by`](Self::sort_by).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [-3, 1, 2].into_iter().collect();
    /// l.sort_by_key(|x| x.abs());
    /// assert_eq!(l.to_vec(), [1, 2, -3]);
    /// ```
    pub fn sort_by_key<K: Ord>(&mut self, mut key: impl FnMut(&T) -> K) {
        self.sort_by(|a, b| key(a).cmp(&key(b)));
    }

    /// Merges `other` (sorted by `cmp`) into this list (sorted by `cmp`) in O(n + m): its
    /// values are moved across, then the two chains are merged by relinking. Stable: on ties,
    /// this list's elements come first. `other` is left empty. No position of `self` is
    /// invalidated.
    ///
    /// # Errors
    /// If this list cannot hold them all; then nothing changes.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [5, 3, 1].into_iter().collect();
    /// let mut other: List<i32> = [4, 2].into_iter().collect();
    /// l.try_merge_by(&mut other, |a, b| b.cmp(a)).unwrap();
    /// assert_eq!(l.to_vec(), [5, 4, 3, 2, 1]);
    /// assert!(other.is_empty());
    /// ```
    pub fn try_merge_by<Ix2: Index, S2: Storage>(
        &mut self,
        other: &mut List<T, Ix2, S2>,
        mut cmp: impl FnMut(&T, &T) -> Ordering,
    ) -> Result<(), Error> {
        let a = self.head;
        let old_tail = self.tail;
        let Some((b, _)) = self.splice_chain(self.tail, Ix::NIL, other)? else {
            return Ok(());
        };
        if old_tail == Ix::NIL {
            return Ok(());
        }
        let nodes = self.nodes.as_mut_slice();
        nodes[old_tail.to_usize()].next = Ix::NIL;
        let (head, _) = merge_chains(nodes, self.values.as_slice(), a, b, &mut cmp);
        self.head = head;
        self.rebuild_prev_links();
        Ok(())
    }

    /// Merges sorted `other` into this sorted list; see [`try_merge_by`](Self::try_merge_by).
    ///
    /// # Errors
    /// If this list cannot hold them all; then nothing changes.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 3].into_iter().collect();
    /// let mut other: List<i32> = [2].into_iter().collect();
    /// l.try_merge(&mut other).unwrap();
    /// assert_eq!(l.to_vec(), [1, 2, 3]);
    /// ```
    pub fn try_merge<Ix2: Index, S2: Storage>(
        &mut self,
        other: &mut List<T, Ix2, S2>,
    ) -> Result<(), Error>
    where
        T: Ord,
    {
        self.try_merge_by(other, T::cmp)
    }

    /// Merges sorted `other` into this sorted list; see [`try_merge_by`](Self::try_merge_by).
    ///
    /// # Panics
    /// If this list cannot hold them all.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 4].into_iter().collect();
    /// let mut other: List<i32> = [2, 3].into_iter().collect();
    /// l.merge(&mut other);
    /// assert_eq!(l.to_vec(), [1, 2, 3, 4]);
    /// ```
    pub fn merge<Ix2: Index, S2: Storage>(&mut self, other: &mut List<T, Ix2, S2>)
    where
        T: Ord,
    {
        if let Err(e) = self.try_merge(other) {
            panic!("cwlist: cannot merge: {e}");
        }
    }

    /// Merges sorted `other` into this sorted list by `cmp`; see
    /// [`try_merge_by`](Self::try_merge_by).
    ///
    /// # Panics
    /// If this list cannot hold them all.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [4, 1].into_iter().collect();
    /// let mut other: List<i32> = [3, 2].into_iter().collect();
    /// l.merge_by(&mut other, |a, b| b.cmp(a));
    /// assert_eq!(l.to_vec(), [4, 3, 2, 1]);
    /// ```
    pub fn merge_by<Ix2: Index, S2: Storage>(
        &mut self,
        other: &mut List<T, Ix2, S2>,
        cmp: impl FnMut(&T, &T) -> Ordering,
    ) {
        if let Err(e) = self.try_merge_by(other, cmp) {
            panic!("cwlist: cannot merge: {e}");
        }
    }

    /// Reverses the order by swapping every node's links (one linear pass over the node
    /// array): values are untouched and positions keep naming the same values.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.reverse();
    /// assert_eq!(l.to_vec(), [3, 2, 1]);
    /// ```
    pub fn reverse(&mut self) {
        self.linear = self.len() <= 1;
        for n in self.nodes.as_mut_slice() {
            core::mem::swap(&mut n.prev, &mut n.next);
        }
        core::mem::swap(&mut self.head, &mut self.tail);
    }

    /// Removes consecutive elements for which `same(kept, candidate)` holds, keeping the
    /// first of each run (C++ `std::list::unique`). Returns how many were removed.
    /// Invalidates every position.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, -1, 2, 3, -3].into_iter().collect();
    /// assert_eq!(l.unique_by(|a, b| a.abs() == b.abs()), 2);
    /// assert_eq!(l.to_vec(), [1, 2, 3]);
    /// ```
    pub fn unique_by(&mut self, mut same: impl FnMut(&T, &T) -> bool) -> usize {
        let mut removed = 0;
        let mut cur = self.head;
        if cur == Ix::NIL {
            return 0;
        }
        loop {
            let next = self.next_of(cur);
            if next == Ix::NIL {
                return removed;
            }
            let vals = self.values.as_slice();
            if same(&vals[cur.to_usize()], &vals[next.to_usize()]) {
                let (_, moved) = self.erase_slot(next);
                if moved == Some(cur) {
                    cur = next;
                }
                removed += 1;
            } else {
                cur = next;
            }
        }
    }

    /// Removes consecutive equal elements; see [`unique_by`](Self::unique_by).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 1, 2, 1].into_iter().collect();
    /// assert_eq!(l.unique(), 1); // only consecutive repeats
    /// assert_eq!(l.to_vec(), [1, 2, 1]);
    /// ```
    pub fn unique(&mut self) -> usize
    where
        T: PartialEq,
    {
        self.unique_by(|a, b| a == b)
    }

    /// Permutes both arrays in place (O(n) swaps, no allocation) so that slot order equals
    /// list order: traversal becomes a linear scan again, as after building at the back.
    /// Invalidates every position (the element at index `k` ends in slot `k`).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.reverse();
    /// assert!(!l.is_linear());
    /// l.linearize();
    /// assert!(l.is_linear() && l.unordered() == [3, 2, 1]);
    /// ```
    pub fn linearize(&mut self) {
        let n = self.len();
        let nodes = self.nodes.as_mut_slice();
        // Record each slot's rank in list order in its `prev` field.
        let (mut cur, mut rank) = (self.head, 0usize);
        while cur != Ix::NIL {
            let c = cur.to_usize();
            cur = nodes[c].next;
            nodes[c].prev = Ix::from_usize(rank);
            rank += 1;
        }
        // Cycle-follow the permutation: each swap puts one element in its final slot.
        let values = self.values.as_mut_slice();
        for i in 0..n {
            loop {
                let r = nodes[i].prev.to_usize();
                if r == i {
                    break;
                }
                nodes.swap(i, r);
                values.swap(i, r);
            }
        }
        for (i, node) in nodes.iter_mut().enumerate() {
            node.prev = if i == 0 {
                Ix::NIL
            } else {
                Ix::from_usize(i - 1)
            };
            node.next = if i + 1 == n {
                Ix::NIL
            } else {
                Ix::from_usize(i + 1)
            };
        }
        if n == 0 {
            self.head = Ix::NIL;
            self.tail = Ix::NIL;
        } else {
            self.head = Ix::from_usize(0);
            self.tail = Ix::from_usize(n - 1);
        }
        self.linear = true;
    }

    /// `true` when slot order equals list order (as after [`linearize`](Self::linearize) or
    /// building with `push_back` only).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert!(l.is_linear());
    /// l.push_front(0);
    /// assert!(!l.is_linear());
    /// ```
    pub fn is_linear(&self) -> bool {
        self.linear || self.positions().enumerate().all(|(k, p)| p.slot() == k)
    }
}
