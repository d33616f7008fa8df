//! The list itself: two contiguous arrays (links, values), head and tail, and the O(1)
//! primitives every other operation is built from (link a new slot, unlink, erase by moving
//! the last slot into the hole).
use crate::error::Error;
use crate::index::Index;
use crate::storage::{Buffer, Storage};

/// The links of one element: previous and next slot, or [`Index::NIL`]. Nothing else, so a
/// node is `2 * size_of::<Ix>()` bytes and pure traversal touches only this array.
///
/// # Example
/// ```
/// assert_eq!(core::mem::size_of::<cwlist::Node<u16>>(), 4); // two u16 links
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Node<Ix> {
    pub(crate) prev: Ix,
    pub(crate) next: Ix,
}

impl<Ix: Index> Node<Ix> {
    /// The previous slot, if any.
    ///
    /// # Example
    /// ```
    /// // A default node links slot 0 both ways (NIL is the index type's maximum).
    /// let n = cwlist::Node::<u8>::default();
    /// assert_eq!(n.prev(), Some(0));
    /// ```
    pub fn prev(&self) -> Option<usize> {
        (self.prev != Ix::NIL).then(|| self.prev.to_usize())
    }
    /// The next slot, if any.
    ///
    /// # Example
    /// ```
    /// let n = cwlist::Node::<u16>::default();
    /// assert_eq!(n.next(), Some(0));
    /// ```
    pub fn next(&self) -> Option<usize> {
        (self.next != Ix::NIL).then(|| self.next.to_usize())
    }
}

/// Where an element sits in the arrays (its slot). Obtained from the list; it stays valid
/// across insertions, sorting and relinking, and is invalidated only as the
/// [crate docs](crate#which-operations-invalidate-which-positions) describe (erasure moves the
/// last element into the hole!). A stale position is never unsafe: it names whatever element
/// now occupies the slot, and a slot past the end makes the accessors panic or return `None`.
///
/// # Example
/// ```
/// let mut l: cwlist::List<i32> = [1, 2].into_iter().collect();
/// let p = l.front_pos().unwrap();
/// l.push_front(0); // insertions keep positions valid
/// assert_eq!(l.get(p), Some(&1));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pos(pub(crate) usize);

impl Pos {
    /// The slot number: the index into [`List::unordered`].
    ///
    /// # Example
    /// ```
    /// let l: cwlist::List<i32> = [1, 2].into_iter().collect();
    /// assert_eq!(l.back_pos().unwrap().slot(), 1);
    /// ```
    pub fn slot(self) -> usize {
        self.0
    }
}

macro_rules! define_list {
    ($($default:tt)*) => {
        /// A doubly linked list whose links and values live in two contiguous arrays.
        ///
        /// `Ix` is the link type (`u8`, `u16`, `u32`, `usize`; at most `Ix::MAX` elements),
        /// `S` the storage: `Growable` (feature `alloc`, the default) or
        /// [`Fixed<N>`](crate::Fixed) (no allocation).
        ///
        /// Insertion appends to both arrays and links; erasure moves the last element into
        /// the hole: both O(1), no per-element allocation.
        ///
        /// # Example
        /// ```
        /// // u8 links: at most 255 elements, two bytes of links per element.
        /// let mut l = cwlist::FixedList::<char, 8, u8>::new();
        /// l.extend("abc".chars());
        /// l.push_front('z');
        /// assert_eq!(l.iter().collect::<String>(), "zabc");
        /// ```
        pub struct List<T, Ix: Index $($default)*> {
            pub(crate) nodes: S::Buf<Node<Ix>>,
            pub(crate) values: S::Buf<T>,
            pub(crate) head: Ix,
            pub(crate) tail: Ix,
            /// `true` only if slot order is list order (slot `k` holds the `k`-th element):
            /// iteration then steps through the arrays without reading links. Kept by
            /// `push_back`, `pop_back`, `linearize` and construction in order; any other
            /// relinking clears it (conservatively). `check_invariants` verifies it.
            pub(crate) linear: bool,
        }
    };
}
#[cfg(feature = "alloc")]
define_list!(= u32, S: Storage = crate::Growable);
#[cfg(not(feature = "alloc"))]
define_list!(, S: Storage);

/// A list in place with room for `N` elements (no allocation).
///
/// # Example
/// ```
/// let mut l = cwlist::FixedList::<i32, 3>::new();
/// l.extend([1, 2, 3]);
/// assert_eq!(l.try_push_back(4), Err(4));
/// ```
pub type FixedList<T, const N: usize, Ix = u32> = List<T, Ix, crate::Fixed<N>>;

impl<T, Ix: Index, S: Storage> Default for List<T, Ix, S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    /// An empty list (allocates nothing).
    ///
    /// A fixed capacity that the index type cannot address is a compile-time error, not a
    /// list that silently holds fewer elements:
    ///
    /// ```
    /// let mut small = cwlist::FixedList::<u32, 255, u8>::new(); // u8 addresses 255 slots
    /// small.push_back(7);
    /// assert_eq!(small.len(), 1);
    /// ```
    ///
    /// ```compile_fail
    /// // error: this fixed capacity is more than the list's index type can address
    /// let too_big = cwlist::FixedList::<u32, 300, u8>::new();
    /// ```
    pub fn new() -> Self {
        const {
            assert!(
                S::CAPACITY == usize::MAX || S::CAPACITY <= Ix::MAX_LEN,
                "this fixed capacity is more than the list's index type can address: \
                 use a wider index type (u8 addresses 255 elements, u16 65 535, u32 about 4e9)"
            );
        }
        Self {
            nodes: Buffer::new(),
            values: Buffer::new(),
            head: Ix::NIL,
            tail: Ix::NIL,
            linear: true,
        }
    }

    /// Number of elements.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.values.as_slice().len()
    }

    /// `true` when there are no elements.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// assert!(List::<i32>::new().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The most elements this list can ever hold: the smaller of what `Ix` can address and
    /// what the storage can hold.
    ///
    /// # Example
    /// ```
    /// let l = cwlist::List::<u8, u8>::new();
    /// assert_eq!(l.max_len(), 255); // u8 links address 255 elements
    /// ```
    pub fn max_len(&self) -> usize {
        Self::limit()
    }

    #[inline(always)]
    fn limit() -> usize {
        let cap = <S::Buf<T> as Buffer<T>>::max_capacity();
        if cap < Ix::MAX_LEN { cap } else { Ix::MAX_LEN }
    }

    /// Elements it can hold without reallocating.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l = List::<i32>::with_capacity(10);
    /// assert!(l.capacity() >= 10);
    /// ```
    pub fn capacity(&self) -> usize {
        let (a, b) = (self.nodes.capacity(), self.values.capacity());
        let c = if a < b { a } else { b };
        if c < Self::limit() { c } else { Self::limit() }
    }

    /// Why `additional` more elements would not fit, if they would not.
    pub(crate) fn check_room(&self, additional: usize) -> Result<(), Error> {
        let want = self.len().checked_add(additional);
        match want {
            Some(w) if w <= Self::limit() => Ok(()),
            _ if Ix::MAX_LEN <= <S::Buf<T> as Buffer<T>>::max_capacity() => {
                Err(Error::IndexSpaceExhausted)
            }
            _ => Err(Error::StorageFull),
        }
    }

    /// Makes room for `additional` more elements in both arrays.
    ///
    /// # Errors
    /// [`Error::IndexSpaceExhausted`] or [`Error::StorageFull`] if the list could never hold
    /// them, [`Error::AllocationFailed`] if the allocator refused. Nothing changes then.
    ///
    /// # Example
    /// ```
    /// let mut l = cwlist::FixedList::<i32, 4>::new();
    /// assert!(l.try_reserve(4).is_ok());
    /// assert_eq!(l.try_reserve(5), Err(cwlist::Error::StorageFull));
    /// ```
    pub fn try_reserve(&mut self, additional: usize) -> Result<(), Error> {
        self.check_room(additional)?;
        if self.nodes.try_reserve(additional) && self.values.try_reserve(additional) {
            Ok(())
        } else {
            Err(Error::AllocationFailed)
        }
    }

    /// Makes room for `additional` more elements.
    ///
    /// # Panics
    /// If [`try_reserve`](Self::try_reserve) fails.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l = List::<i32>::new();
    /// l.reserve(100);
    /// assert!(l.capacity() >= 100);
    /// ```
    pub fn reserve(&mut self, additional: usize) {
        if let Err(e) = self.try_reserve(additional) {
            panic!("cwlist: cannot reserve {additional} elements: {e}");
        }
    }

    /// Releases unused capacity (no effect on fixed storage).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l = List::<i32>::with_capacity(100);
    /// l.push_back(1);
    /// l.shrink_to_fit();
    /// assert!(l.capacity() < 100);
    /// ```
    pub fn shrink_to_fit(&mut self) {
        self.nodes.shrink_to_fit();
        self.values.shrink_to_fit();
    }

    /// Removes every element (drops the values in slot order). Invalidates every position.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.clear();
    /// assert!(l.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.nodes.clear();
        self.values.clear();
        self.head = Ix::NIL;
        self.tail = Ix::NIL;
        self.linear = true;
    }

    #[inline(always)]
    pub(crate) fn node(&self, i: usize) -> Node<Ix> {
        self.nodes.as_slice()[i]
    }

    #[inline(always)]
    pub(crate) fn next_of(&self, i: Ix) -> Ix {
        self.nodes.as_slice()[i.to_usize()].next
    }

    #[inline(always)]
    pub(crate) fn prev_of(&self, i: Ix) -> Ix {
        self.nodes.as_slice()[i.to_usize()].prev
    }

    #[inline(always)]
    pub(crate) fn set_next(&mut self, i: Ix, next: Ix) {
        if i == Ix::NIL {
            self.head = next;
        } else {
            self.nodes.as_mut_slice()[i.to_usize()].next = next;
        }
    }

    #[inline(always)]
    pub(crate) fn set_prev(&mut self, i: Ix, prev: Ix) {
        if i == Ix::NIL {
            self.tail = prev;
        } else {
            self.nodes.as_mut_slice()[i.to_usize()].prev = prev;
        }
    }

    /// Appends `value` to the arrays and links it between `prev` and `next` (adjacent, or
    /// NIL at the ends). Returns the new slot, or the value when full.
    pub(crate) fn link_new(&mut self, value: T, prev: Ix, next: Ix) -> Result<Ix, T> {
        let slot = self.len();
        if slot >= Self::limit() {
            return Err(value);
        }
        self.values.try_push(value)?;
        if let Err(_node) = self.nodes.try_push(Node { prev, next }) {
            // Both buffers have the same maximum capacity, so this cannot happen; keep the
            // arrays equal in length and hand the value back anyway.
            let value = self.values.pop();
            return match value {
                Some(v) => Err(v),
                None => unreachable_state(),
            };
        }
        let i = Ix::from_usize(slot);
        // Appending after the tail keeps slot order = list order.
        self.linear &= prev == self.tail && next == Ix::NIL;
        self.set_next(prev, i);
        self.set_prev(next, i);
        Ok(i)
    }

    /// Detaches slot `i` from its neighbours (the node keeps its stale links).
    #[inline]
    pub(crate) fn unlink(&mut self, i: Ix) {
        self.linear = false;
        let n = self.node(i.to_usize());
        self.set_next(n.prev, n.next);
        self.set_prev(n.next, n.prev);
    }

    /// Links the detached slot `i` between adjacent `prev` and `next`.
    #[inline]
    pub(crate) fn link_between(&mut self, i: Ix, prev: Ix, next: Ix) {
        self.linear = false;
        self.nodes.as_mut_slice()[i.to_usize()] = Node { prev, next };
        self.set_next(prev, i);
        self.set_prev(next, i);
    }

    /// Erases slot `i`: unlinks it, moves the last slot into the hole and relinks the moved
    /// node. Returns the value and, if an element moved, the slot it moved from (it now
    /// lives at `i`).
    pub(crate) fn erase_slot(&mut self, i: Ix) -> (T, Option<Ix>) {
        let iu = i.to_usize();
        let last = self.len() - 1;
        // In a linear list the last slot is the tail: removing it keeps the list linear.
        let linear = self.linear && iu == last;
        self.unlink(i);
        self.linear = linear;
        let _ = self.nodes.swap_remove(iu);
        let value = self.values.swap_remove(iu);
        if iu == last {
            return (value, None);
        }
        let moved = self.node(iu);
        self.set_next(moved.prev, i);
        self.set_prev(moved.next, i);
        (value, Some(Ix::from_usize(last)))
    }

    /// The first element.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.front(), Some(&1));
    /// ```
    #[inline]
    pub fn front(&self) -> Option<&T> {
        self.get_slot(self.head)
    }
    /// The last element.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.back(), Some(&3));
    /// ```
    #[inline]
    pub fn back(&self) -> Option<&T> {
        self.get_slot(self.tail)
    }
    /// The first element, mutably.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// *l.front_mut().unwrap() = 9;
    /// assert_eq!(l.front(), Some(&9));
    /// ```
    pub fn front_mut(&mut self) -> Option<&mut T> {
        self.get_slot_mut(self.head)
    }
    /// The last element, mutably.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// *l.back_mut().unwrap() = 9;
    /// assert_eq!(l.back(), Some(&9));
    /// ```
    pub fn back_mut(&mut self) -> Option<&mut T> {
        self.get_slot_mut(self.tail)
    }

    #[inline(always)]
    pub(crate) fn get_slot(&self, i: Ix) -> Option<&T> {
        if i == Ix::NIL {
            None
        } else {
            self.values.as_slice().get(i.to_usize())
        }
    }

    #[inline(always)]
    pub(crate) fn get_slot_mut(&mut self, i: Ix) -> Option<&mut T> {
        if i == Ix::NIL {
            None
        } else {
            self.values.as_mut_slice().get_mut(i.to_usize())
        }
    }

    /// Prepends `value`.
    ///
    /// # Errors
    /// Hands `value` back if the list is at [`max_len`](Self::max_len).
    ///
    /// # Example
    /// ```
    /// let mut l = cwlist::FixedList::<i32, 1>::new();
    /// assert_eq!(l.try_push_front(1), Ok(()));
    /// assert_eq!(l.try_push_front(2), Err(2)); // full: the value comes back
    /// ```
    pub fn try_push_front(&mut self, value: T) -> Result<(), T> {
        self.link_new(value, Ix::NIL, self.head).map(|_| ())
    }

    /// Appends `value`.
    ///
    /// # Errors
    /// Hands `value` back if the list is at [`max_len`](Self::max_len).
    ///
    /// # Example
    /// ```
    /// let mut l = cwlist::FixedList::<i32, 1>::new();
    /// assert_eq!(l.try_push_back(1), Ok(()));
    /// assert_eq!(l.try_push_back(2), Err(2));
    /// ```
    pub fn try_push_back(&mut self, value: T) -> Result<(), T> {
        self.link_new(value, self.tail, Ix::NIL).map(|_| ())
    }

    /// Prepends `value`.
    ///
    /// # Panics
    /// If the list is at [`max_len`](Self::max_len) (use [`try_push_front`](Self::try_push_front)).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.push_front(0);
    /// assert_eq!(l.to_vec(), [0, 1, 2, 3]);
    /// ```
    pub fn push_front(&mut self, value: T) {
        if self.try_push_front(value).is_err() {
            full_panic(Self::limit());
        }
    }

    /// Appends `value`.
    ///
    /// # Panics
    /// If the list is at [`max_len`](Self::max_len) (use [`try_push_back`](Self::try_push_back)).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.push_back(4);
    /// assert_eq!(l.to_vec(), [1, 2, 3, 4]);
    /// ```
    pub fn push_back(&mut self, value: T) {
        if self.try_push_back(value).is_err() {
            full_panic(Self::limit());
        }
    }

    /// Resizes to `new_len` (C++ `list::resize`): removes elements from the back, or appends
    /// values made by `f` at the back. Shrinking invalidates positions like
    /// [`pop_back`](Self::pop_back); growing invalidates none.
    ///
    /// # Errors
    /// If `new_len` exceeds [`max_len`](Self::max_len); then nothing changes.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut n = 10;
    /// l.try_resize_with(5, || { n += 1; n }).unwrap();
    /// assert_eq!(l.to_vec(), [1, 2, 3, 11, 12]);
    /// ```
    pub fn try_resize_with(
        &mut self,
        new_len: usize,
        mut f: impl FnMut() -> T,
    ) -> Result<(), Error> {
        if new_len > self.len() {
            self.check_room(new_len - self.len())?;
            let _ = self.try_reserve(new_len - self.len());
            while self.len() < new_len {
                if self.try_push_back(f()).is_err() {
                    full_panic(Self::limit());
                }
            }
        } else {
            while self.len() > new_len {
                let _ = self.pop_back();
            }
        }
        Ok(())
    }

    /// Resizes to `new_len`, appending clones of `value`; see
    /// [`try_resize_with`](Self::try_resize_with).
    ///
    /// # Panics
    /// If `new_len` exceeds [`max_len`](Self::max_len).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.resize(1, 0);
    /// assert_eq!(l.to_vec(), [1]);
    /// l.resize(3, 7);
    /// assert_eq!(l.to_vec(), [1, 7, 7]);
    /// ```
    pub fn resize(&mut self, new_len: usize, value: T)
    where
        T: Clone,
    {
        if let Err(e) = self.try_resize_with(new_len, || value.clone()) {
            panic!("cwlist: cannot resize to {new_len}: {e}");
        }
    }

    /// Removes the first element. Moves the element in the last slot into the hole.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.pop_front(), Some(1));
    /// assert_eq!(l.len(), 2);
    /// ```
    pub fn pop_front(&mut self) -> Option<T> {
        (self.head != Ix::NIL).then(|| self.erase_slot(self.head).0)
    }

    /// Removes the last element. Moves the element in the last slot into the hole.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.pop_back(), Some(3));
    /// assert_eq!(l.len(), 2);
    /// ```
    pub fn pop_back(&mut self) -> Option<T> {
        (self.tail != Ix::NIL).then(|| self.erase_slot(self.tail).0)
    }

    /// `true` if some element equals `x` (scans the value array, not the links).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert!(l.contains(&2) && !l.contains(&5));
    /// ```
    pub fn contains(&self, x: &T) -> bool
    where
        T: PartialEq,
    {
        self.values.as_slice().contains(x)
    }

    /// Checks every internal invariant in O(n): equal array lengths, head and tail, links
    /// consistent in both directions, every slot reached exactly once. For tests and debug
    /// assertions.
    ///
    /// # Errors
    /// A description of the first broken invariant.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.reverse();
    /// assert_eq!(l.check_invariants(), Ok(()));
    /// ```
    pub fn check_invariants(&self) -> Result<(), &'static str> {
        let n = self.len();
        let nodes = self.nodes.as_slice();
        if nodes.len() != n {
            return Err("node and value arrays differ in length");
        }
        if n > Self::limit() {
            return Err("more elements than the index type can address");
        }
        if n == 0 {
            return if self.head == Ix::NIL && self.tail == Ix::NIL {
                Ok(())
            } else {
                Err("empty list with a head or tail")
            };
        }
        if self.head == Ix::NIL || self.tail == Ix::NIL {
            return Err("non-empty list without head or tail");
        }
        if nodes[self.head.to_usize()].prev != Ix::NIL {
            return Err("head has a predecessor");
        }
        if nodes[self.tail.to_usize()].next != Ix::NIL {
            return Err("tail has a successor");
        }
        let (mut cur, mut prev, mut steps) = (self.head, Ix::NIL, 0usize);
        while cur != Ix::NIL {
            let c = cur.to_usize();
            if c >= n {
                return Err("link points past the end of the arrays");
            }
            if nodes[c].prev != prev {
                return Err("prev link does not match the forward walk");
            }
            steps += 1;
            if steps > n {
                return Err("cycle in the next links");
            }
            prev = cur;
            cur = nodes[c].next;
        }
        if prev != self.tail {
            return Err("forward walk does not end at the tail");
        }
        if steps != n {
            return Err("not every slot is linked");
        }
        if self.linear {
            let (mut cur, mut k) = (self.head, 0usize);
            while cur != Ix::NIL {
                if cur.to_usize() != k {
                    return Err("marked linear but slot order is not list order");
                }
                cur = nodes[cur.to_usize()].next;
                k += 1;
            }
        }
        Ok(())
    }
}

#[cold]
#[inline(never)]
pub(crate) fn full_panic(limit: usize) -> ! {
    panic!("cwlist: the list is full ({limit} elements)")
}

#[cold]
#[inline(never)]
fn unreachable_state() -> ! {
    panic!("cwlist: node and value arrays out of step")
}
