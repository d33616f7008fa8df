//! Moving whole lists in: append, splice at a position, and split off a tail.
//!
//! The values must live in this list's value array, so splicing moves the other list's
//! values across (O(m), like the seed says); the other list's internal order of slots is
//! kept (reversed), so its layout is not scrambled.
use crate::error::Error;
use crate::index::Index;
use crate::list::{List, Node, Pos, full_panic};
use crate::storage::{Buffer, Storage};

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    /// Moves all of `other` in between the adjacent `prev` and `next` (NIL at the ends) and
    /// returns the slots of its first and last element. `other` is left empty.
    pub(crate) fn splice_chain<Ix2: Index, S2: Storage>(
        &mut self,
        prev: Ix,
        next: Ix,
        other: &mut List<T, Ix2, S2>,
    ) -> Result<Option<(Ix, Ix)>, Error> {
        let m = other.len();
        if m == 0 {
            return Ok(None);
        }
        self.check_room(m)?;
        self.linear = false;
        // Best effort: avoids repeated growth; pushes below abort on OOM like Vec::push.
        let _ = self.nodes.try_reserve(m) && self.values.try_reserve(m);
        let off = self.len();
        // Other's slot j becomes off + (m - 1 - j): values are popped from its back.
        let map = |j: Ix2| {
            if j == Ix2::NIL {
                Ix::NIL
            } else {
                Ix::from_usize(off + m - 1 - j.to_usize())
            }
        };
        let (first, last) = (map(other.head), map(other.tail));
        while let (Some(v), Some(n)) = (other.values.pop(), other.nodes.pop()) {
            let node = Node {
                prev: map(n.prev),
                next: map(n.next),
            };
            if self.values.try_push(v).is_err() || self.nodes.try_push(node).is_err() {
                unreachable!("cwlist: room was checked before splicing");
            }
        }
        other.head = Ix2::NIL;
        other.tail = Ix2::NIL;
        self.nodes.as_mut_slice()[first.to_usize()].prev = prev;
        self.set_next(prev, first);
        self.nodes.as_mut_slice()[last.to_usize()].next = next;
        self.set_prev(next, last);
        Ok(Some((first, last)))
    }

    /// Moves every element of `other` to the back of this list in O(m) (values are moved
    /// across); `other` is left empty. No position of `self` is invalidated; every position
    /// of `other` is.
    ///
    /// # Errors
    /// If this list cannot hold them all; then nothing changes.
    ///
    /// # Example
    /// ```
    /// let mut l = cwlist::FixedList::<i32, 3>::new();
    /// let mut other: cwlist::List<i32> = [1, 2, 3, 4].into_iter().collect();
    /// assert!(l.try_append(&mut other).is_err()); // does not fit: nothing moves
    /// assert_eq!(other.len(), 4);
    /// ```
    pub fn try_append<Ix2: Index, S2: Storage>(
        &mut self,
        other: &mut List<T, Ix2, S2>,
    ) -> Result<(), Error> {
        self.splice_chain(self.tail, Ix::NIL, other).map(|_| ())
    }

    /// Moves every element of `other` to the back of this list; see
    /// [`try_append`](Self::try_append).
    ///
    /// # Panics
    /// If this list cannot hold them all.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut other: List<i32> = [4, 5].into_iter().collect();
    /// l.append(&mut other);
    /// assert_eq!(l.to_vec(), [1, 2, 3, 4, 5]);
    /// assert!(other.is_empty());
    /// ```
    pub fn append<Ix2: Index, S2: Storage>(&mut self, other: &mut List<T, Ix2, S2>) {
        if let Err(e) = self.try_append(other) {
            panic!("cwlist: cannot append: {e}");
        }
    }

    /// Moves every element of `other` in before `p` (at the back if `None`), keeping their
    /// order: C++ `splice(pos, other)`. O(m); no position of `self` is invalidated.
    ///
    /// # Errors
    /// If this list cannot hold them all; then nothing changes.
    ///
    /// # Panics
    /// If `p` is out of bounds.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut other: List<i32> = [8, 9].into_iter().collect();
    /// let at = l.back_pos();
    /// l.try_splice_before(at, &mut other).unwrap();
    /// assert_eq!(l.to_vec(), [1, 2, 8, 9, 3]);
    /// ```
    pub fn try_splice_before<Ix2: Index, S2: Storage>(
        &mut self,
        p: Option<Pos>,
        other: &mut List<T, Ix2, S2>,
    ) -> Result<(), Error> {
        let (prev, next) = match p {
            Some(p) => {
                assert!(p.0 < self.len(), "cwlist: position {} out of bounds", p.0);
                let s = Ix::from_usize(p.0);
                (self.prev_of(s), s)
            }
            None => (self.tail, Ix::NIL),
        };
        self.splice_chain(prev, next, other).map(|_| ())
    }

    /// Moves every element of `other` in before `p`; see
    /// [`try_splice_before`](Self::try_splice_before).
    ///
    /// # Panics
    /// If `p` is out of bounds or this list cannot hold them all.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut other: List<i32> = [0].into_iter().collect();
    /// let at = l.front_pos();
    /// l.splice_before(at, &mut other);
    /// assert_eq!(l.to_vec(), [0, 1, 2, 3]);
    /// ```
    pub fn splice_before<Ix2: Index, S2: Storage>(
        &mut self,
        p: Option<Pos>,
        other: &mut List<T, Ix2, S2>,
    ) {
        if let Err(e) = self.try_splice_before(p, other) {
            panic!("cwlist: cannot splice: {e}");
        }
    }

    /// Splits the list in two at index `at`: returns the elements `at..`, keeps `..at`.
    /// O(len - at) value moves. Invalidates every position.
    ///
    /// # Panics
    /// If `at > len`.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let tail = l.split_off(1);
    /// assert_eq!((l.to_vec(), tail.to_vec()), (vec![1], vec![2, 3]));
    /// ```
    pub fn split_off(&mut self, at: usize) -> Self {
        let len = self.len();
        assert!(at <= len, "cwlist: split index {at} out of bounds ({len})");
        let mut tail = Self::new();
        let _ = tail.try_reserve(len - at);
        for _ in at..len {
            match self.pop_back() {
                Some(v) => {
                    if tail.try_push_front(v).is_err() {
                        full_panic(tail.max_len());
                    }
                }
                None => break,
            }
        }
        tail
    }
}
