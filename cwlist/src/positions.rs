//! C++-style positions: walk to an element once, then insert, erase or relink there in O(1).
use crate::index::Index;
use crate::list::{List, Pos, full_panic};
use crate::storage::{Buffer, Storage};

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    #[inline(always)]
    fn to_pos(i: Ix) -> Option<Pos> {
        (i != Ix::NIL).then(|| Pos(i.to_usize()))
    }

    #[inline(always)]
    fn slot_of(&self, p: Pos) -> Ix {
        assert!(p.0 < self.len(), "cwlist: position {} out of bounds", p.0);
        Ix::from_usize(p.0)
    }

    /// Position of the first element.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let p = l.front_pos().unwrap();
    /// assert_eq!(l.get(p), Some(&1));
    /// ```
    #[inline]
    pub fn front_pos(&self) -> Option<Pos> {
        Self::to_pos(self.head)
    }

    /// Position of the last element.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.get(l.back_pos().unwrap()), Some(&3));
    /// ```
    #[inline]
    pub fn back_pos(&self) -> Option<Pos> {
        Self::to_pos(self.tail)
    }

    /// Position of the element after `p`.
    ///
    /// # Panics
    /// If `p` is out of bounds.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let first = l.front_pos().unwrap();
    /// assert_eq!(l.get(l.next_pos(first).unwrap()), Some(&2));
    /// assert_eq!(l.next_pos(l.back_pos().unwrap()), None);
    /// ```
    #[inline]
    pub fn next_pos(&self, p: Pos) -> Option<Pos> {
        Self::to_pos(self.next_of(self.slot_of(p)))
    }

    /// Position of the element before `p`.
    ///
    /// # Panics
    /// If `p` is out of bounds.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let last = l.back_pos().unwrap();
    /// assert_eq!(l.get(l.prev_pos(last).unwrap()), Some(&2));
    /// ```
    #[inline]
    pub fn prev_pos(&self, p: Pos) -> Option<Pos> {
        Self::to_pos(self.prev_of(self.slot_of(p)))
    }

    /// The element at `p` (`None` if `p` is out of bounds).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l = List::<i32>::new();
    /// let p = l.insert_before(None, 5);
    /// assert_eq!(l.get(p), Some(&5));
    /// ```
    #[inline]
    pub fn get(&self, p: Pos) -> Option<&T> {
        self.values.as_slice().get(p.0)
    }

    /// The element at `p`, mutably (`None` if `p` is out of bounds).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l = List::<i32>::new();
    /// let p = l.insert_before(None, 5);
    /// *l.get_mut(p).unwrap() += 1;
    /// assert_eq!(l.get(p), Some(&6));
    /// ```
    #[inline]
    pub fn get_mut(&mut self, p: Pos) -> Option<&mut T> {
        self.values.as_mut_slice().get_mut(p.0)
    }

    /// Inserts `value` before `p` (at the back if `p` is `None`, like C++ `insert(end(), v)`)
    /// and returns its position. No position is invalidated.
    ///
    /// # Errors
    /// Hands `value` back if the list is at [`max_len`](Self::max_len).
    ///
    /// # Panics
    /// If `p` is out of bounds.
    ///
    /// # Example
    /// ```
    /// let mut l = cwlist::FixedList::<i32, 2>::new();
    /// let a = l.try_insert_before(None, 2).unwrap(); // at the back
    /// l.try_insert_before(Some(a), 1).unwrap();
    /// assert_eq!(l.iter().copied().collect::<Vec<_>>(), [1, 2]);
    /// assert_eq!(l.try_insert_before(None, 3), Err(3));
    /// ```
    pub fn try_insert_before(&mut self, p: Option<Pos>, value: T) -> Result<Pos, T> {
        let (prev, next) = match p {
            Some(p) => {
                let s = self.slot_of(p);
                (self.prev_of(s), s)
            }
            None => (self.tail, Ix::NIL),
        };
        self.link_new(value, prev, next).map(|i| Pos(i.to_usize()))
    }

    /// Inserts `value` after `p` (at the front if `p` is `None`) and returns its position.
    /// No position is invalidated.
    ///
    /// # Errors
    /// Hands `value` back if the list is at [`max_len`](Self::max_len).
    ///
    /// # Panics
    /// If `p` is out of bounds.
    ///
    /// # Example
    /// ```
    /// let mut l = cwlist::FixedList::<i32, 2>::new();
    /// let a = l.try_insert_after(None, 1).unwrap(); // at the front
    /// l.try_insert_after(Some(a), 2).unwrap();
    /// assert_eq!(l.iter().copied().collect::<Vec<_>>(), [1, 2]);
    /// ```
    pub fn try_insert_after(&mut self, p: Option<Pos>, value: T) -> Result<Pos, T> {
        let (prev, next) = match p {
            Some(p) => {
                let s = self.slot_of(p);
                (s, self.next_of(s))
            }
            None => (Ix::NIL, self.head),
        };
        self.link_new(value, prev, next).map(|i| Pos(i.to_usize()))
    }

    /// Inserts `value` before `p` (at the back if `None`); see
    /// [`try_insert_before`](Self::try_insert_before).
    ///
    /// # Panics
    /// If `p` is out of bounds or the list is full.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let two = l.next_pos(l.front_pos().unwrap()).unwrap();
    /// l.insert_before(Some(two), 9);
    /// assert_eq!(l.to_vec(), [1, 9, 2, 3]);
    /// ```
    pub fn insert_before(&mut self, p: Option<Pos>, value: T) -> Pos {
        match self.try_insert_before(p, value) {
            Ok(p) => p,
            Err(_) => full_panic(self.max_len()),
        }
    }

    /// Inserts `value` after `p` (at the front if `None`); see
    /// [`try_insert_after`](Self::try_insert_after).
    ///
    /// # Panics
    /// If `p` is out of bounds or the list is full.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let first = l.front_pos().unwrap();
    /// l.insert_after(Some(first), 9);
    /// assert_eq!(l.to_vec(), [1, 9, 2, 3]);
    /// ```
    pub fn insert_after(&mut self, p: Option<Pos>, value: T) -> Pos {
        match self.try_insert_after(p, value) {
            Ok(p) => p,
            Err(_) => full_panic(self.max_len()),
        }
    }

    /// Erases the element at `p` in O(1) and returns it with the position of the element
    /// that followed it (already corrected for the move below).
    ///
    /// Invalidates `p`, and the element that was in the last slot moves to slot `p`: a
    /// position equal to the old [`len`](Self::len)` - 1` now names nothing.
    ///
    /// # Panics
    /// If `p` is out of bounds.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let first = l.front_pos().unwrap();
    /// let (v, next) = l.erase(first);
    /// assert_eq!((v, next.and_then(|p| l.get(p))), (1, Some(&2)));
    /// ```
    pub fn erase(&mut self, p: Pos) -> (T, Option<Pos>) {
        let s = self.slot_of(p);
        let mut next = self.next_of(s);
        let (value, moved) = self.erase_slot(s);
        if moved.is_some() && moved == Some(next) {
            next = s;
        }
        (value, Self::to_pos(next))
    }

    /// Relinks the element at `p` to sit just before `target` (at the back if `None`): O(1),
    /// no value moves, no position is invalidated (C++ `splice` within one list).
    ///
    /// # Panics
    /// If `p` or `target` is out of bounds.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let first = l.front_pos().unwrap();
    /// l.move_before(first, None); // to the back
    /// assert_eq!(l.to_vec(), [2, 3, 1]);
    /// ```
    pub fn move_before(&mut self, p: Pos, target: Option<Pos>) {
        let s = self.slot_of(p);
        let t = target.map_or(Ix::NIL, |t| self.slot_of(t));
        if s == t {
            return;
        }
        self.unlink(s);
        let prev = if t == Ix::NIL {
            self.tail
        } else {
            self.prev_of(t)
        };
        self.link_between(s, prev, t);
    }

    /// Relinks the element at `p` to sit just after `target` (at the front if `None`): O(1),
    /// no value moves, no position is invalidated.
    ///
    /// # Panics
    /// If `p` or `target` is out of bounds.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let last = l.back_pos().unwrap();
    /// l.move_after(last, None); // to the front
    /// assert_eq!(l.to_vec(), [3, 1, 2]);
    /// ```
    pub fn move_after(&mut self, p: Pos, target: Option<Pos>) {
        let s = self.slot_of(p);
        let t = target.map_or(Ix::NIL, |t| self.slot_of(t));
        if s == t {
            return;
        }
        self.unlink(s);
        let next = if t == Ix::NIL {
            self.head
        } else {
            self.next_of(t)
        };
        self.link_between(s, t, next);
    }
}

impl<T, Ix: Index, S: Storage> core::ops::Index<Pos> for List<T, Ix, S> {
    type Output = T;
    /// # Panics
    /// If `p` is out of bounds.
    fn index(&self, p: Pos) -> &T {
        &self.values.as_slice()[p.0]
    }
}

impl<T, Ix: Index, S: Storage> core::ops::IndexMut<Pos> for List<T, Ix, S> {
    /// # Panics
    /// If `p` is out of bounds.
    fn index_mut(&mut self, p: Pos) -> &mut T {
        &mut self.values.as_mut_slice()[p.0]
    }
}
