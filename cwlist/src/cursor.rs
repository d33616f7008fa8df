//! Cursors: a position that can move both ways, including onto a "ghost" element between the
//! back and the front (like std's `LinkedList` cursors), and edit the list around itself.
use crate::error::Error;
use crate::index::Index;
use crate::list::{List, Pos, full_panic};
use crate::storage::Storage;

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    /// A cursor at the front element (at the ghost if the list is empty).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_front().current(), Some(&1));
    /// ```
    pub fn cursor_front(&self) -> Cursor<'_, T, Ix, S> {
        Cursor {
            list: self,
            cur: self.head,
            index: 0,
        }
    }

    /// A cursor at the back element (at the ghost if the list is empty).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_back().current(), Some(&3));
    /// ```
    pub fn cursor_back(&self) -> Cursor<'_, T, Ix, S> {
        Cursor {
            list: self,
            cur: self.tail,
            index: self.len().saturating_sub(1),
        }
    }

    /// An editing cursor at the front element (at the ghost if the list is empty).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// *l.cursor_front_mut().current().unwrap() = 0;
    /// assert_eq!(l.to_vec(), [0, 2, 3]);
    /// ```
    pub fn cursor_front_mut(&mut self) -> CursorMut<'_, T, Ix, S> {
        CursorMut {
            cur: self.head,
            index: 0,
            list: self,
        }
    }

    /// An editing cursor at the back element (at the ghost if the list is empty).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.cursor_back_mut().insert_after(4);
    /// assert_eq!(l.to_vec(), [1, 2, 3, 4]);
    /// ```
    pub fn cursor_back_mut(&mut self) -> CursorMut<'_, T, Ix, S> {
        CursorMut {
            cur: self.tail,
            index: self.len().saturating_sub(1),
            list: self,
        }
    }
}

/// Moves `(cur, index)` one step; shared by both cursors. At the ghost, `index == len`.
#[inline]
fn step_next<T, Ix: Index, S: Storage>(list: &List<T, Ix, S>, cur: &mut Ix, index: &mut usize) {
    if *cur == Ix::NIL {
        *cur = list.head;
        *index = 0;
    } else {
        *cur = list.next_of(*cur);
        *index += 1;
    }
}

#[inline]
fn step_prev<T, Ix: Index, S: Storage>(list: &List<T, Ix, S>, cur: &mut Ix, index: &mut usize) {
    if *cur == Ix::NIL {
        *cur = list.tail;
        *index = list.len().saturating_sub(1);
    } else {
        *cur = list.prev_of(*cur);
        *index = if *cur == Ix::NIL {
            list.len()
        } else {
            *index - 1
        };
    }
}

fn neighbour<T, Ix: Index, S: Storage>(list: &List<T, Ix, S>, cur: Ix, forward: bool) -> Ix {
    match (cur == Ix::NIL, forward) {
        (true, true) => list.head,
        (true, false) => list.tail,
        (false, true) => list.next_of(cur),
        (false, false) => list.prev_of(cur),
    }
}

/// A read-only cursor; see [`List::cursor_front`].
///
/// # Example
/// ```
/// let l: cwlist::List<i32> = [1, 2].into_iter().collect();
/// let mut c = l.cursor_front();
/// c.move_next();
/// assert_eq!(c.current(), Some(&2));
/// ```
pub struct Cursor<'a, T, Ix: Index, S: Storage> {
    list: &'a List<T, Ix, S>,
    cur: Ix,
    index: usize,
}

impl<T, Ix: Index, S: Storage> Clone for Cursor<'_, T, Ix, S> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, Ix: Index, S: Storage> Copy for Cursor<'_, T, Ix, S> {}

impl<T, Ix: Index, S: Storage> core::fmt::Debug for Cursor<'_, T, Ix, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("Cursor").field(&self.index()).finish()
    }
}

impl<'a, T, Ix: Index, S: Storage> Cursor<'a, T, Ix, S> {
    /// Index of the current element in list order (`None` at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_front();
    /// c.move_next();
    /// assert_eq!(c.index(), Some(1));
    /// c.move_next();
    /// c.move_next(); // the ghost
    /// assert_eq!(c.index(), None);
    /// ```
    pub fn index(&self) -> Option<usize> {
        (self.cur != Ix::NIL).then_some(self.index)
    }
    /// Position of the current element (`None` at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let c = l.cursor_back();
    /// assert_eq!(c.position(), l.back_pos());
    /// ```
    pub fn position(&self) -> Option<Pos> {
        (self.cur != Ix::NIL).then(|| Pos(self.cur.to_usize()))
    }
    /// Moves to the next element (from the back onto the ghost, from the ghost to the front).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_back();
    /// c.move_next(); // onto the ghost
    /// assert_eq!(c.current(), None);
    /// c.move_next(); // around to the front
    /// assert_eq!(c.current(), Some(&1));
    /// ```
    pub fn move_next(&mut self) {
        step_next(self.list, &mut self.cur, &mut self.index);
    }
    /// Moves to the previous element (from the front onto the ghost, from the ghost to the back).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_front();
    /// c.move_prev();
    /// assert_eq!(c.current(), None);
    /// c.move_prev();
    /// assert_eq!(c.current(), Some(&3));
    /// ```
    pub fn move_prev(&mut self) {
        step_prev(self.list, &mut self.cur, &mut self.index);
    }
    /// The current element (`None` at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_front().current(), Some(&1));
    /// ```
    pub fn current(&self) -> Option<&'a T> {
        self.list.get_slot(self.cur)
    }
    /// The element after the current one (the front, at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_front().peek_next(), Some(&2));
    /// ```
    pub fn peek_next(&self) -> Option<&'a T> {
        self.list.get_slot(neighbour(self.list, self.cur, true))
    }
    /// The element before the current one (the back, at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_back().peek_prev(), Some(&2));
    /// ```
    pub fn peek_prev(&self) -> Option<&'a T> {
        self.list.get_slot(neighbour(self.list, self.cur, false))
    }
    /// The list's first element.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_back().front(), Some(&1));
    /// ```
    pub fn front(&self) -> Option<&'a T> {
        self.list.front()
    }
    /// The list's last element.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_front().back(), Some(&3));
    /// ```
    pub fn back(&self) -> Option<&'a T> {
        self.list.back()
    }
    /// The list the cursor walks.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_front().as_list().len(), 3);
    /// ```
    pub fn as_list(&self) -> &'a List<T, Ix, S> {
        self.list
    }
}

/// An editing cursor; see [`List::cursor_front_mut`]. Edits keep the cursor on the same
/// element (or as documented per method), even when an erase moves that element's slot.
///
/// # Example
/// ```
/// let mut l: cwlist::List<i32> = [1, 3].into_iter().collect();
/// let mut c = l.cursor_front_mut();
/// c.insert_after(2);
/// assert_eq!(l.to_vec(), [1, 2, 3]);
/// ```
pub struct CursorMut<'a, T, Ix: Index, S: Storage> {
    list: &'a mut List<T, Ix, S>,
    cur: Ix,
    index: usize,
}

impl<T, Ix: Index, S: Storage> core::fmt::Debug for CursorMut<'_, T, Ix, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_tuple("CursorMut").field(&self.index()).finish()
    }
}

impl<T, Ix: Index, S: Storage> CursorMut<'_, T, Ix, S> {
    /// Index of the current element in list order (`None` at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_back_mut();
    /// assert_eq!(c.index(), Some(2));
    /// c.move_next();
    /// assert_eq!(c.index(), None);
    /// ```
    pub fn index(&self) -> Option<usize> {
        (self.cur != Ix::NIL).then_some(self.index)
    }
    /// Position of the current element (`None` at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let back = l.back_pos();
    /// assert_eq!(l.cursor_back_mut().position(), back);
    /// ```
    pub fn position(&self) -> Option<Pos> {
        (self.cur != Ix::NIL).then(|| Pos(self.cur.to_usize()))
    }
    /// A read-only cursor at the same place.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let c = l.cursor_front_mut();
    /// assert_eq!(c.as_cursor().peek_next(), Some(&2));
    /// ```
    pub fn as_cursor(&self) -> Cursor<'_, T, Ix, S> {
        Cursor {
            list: self.list,
            cur: self.cur,
            index: self.index,
        }
    }
    /// Moves to the next element (from the back onto the ghost, from the ghost to the front).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_front_mut();
    /// c.move_next();
    /// *c.current().unwrap() = 9;
    /// assert_eq!(l.to_vec(), [1, 9, 3]);
    /// ```
    pub fn move_next(&mut self) {
        step_next(self.list, &mut self.cur, &mut self.index);
    }
    /// Moves to the previous element (from the front onto the ghost, from the ghost to the back).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_back_mut();
    /// c.move_prev();
    /// *c.current().unwrap() = 9;
    /// assert_eq!(l.to_vec(), [1, 9, 3]);
    /// ```
    pub fn move_prev(&mut self) {
        step_prev(self.list, &mut self.cur, &mut self.index);
    }
    /// The current element (`None` at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_front_mut();
    /// *c.current().unwrap() *= 10;
    /// assert_eq!(l.to_vec(), [10, 2, 3]);
    /// ```
    pub fn current(&mut self) -> Option<&mut T> {
        self.list.get_slot_mut(self.cur)
    }
    /// The element after the current one (the front, at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// *l.cursor_front_mut().peek_next().unwrap() = 0;
    /// assert_eq!(l.to_vec(), [1, 0, 3]);
    /// ```
    pub fn peek_next(&mut self) -> Option<&mut T> {
        let n = neighbour(self.list, self.cur, true);
        self.list.get_slot_mut(n)
    }
    /// The element before the current one (the back, at the ghost).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// *l.cursor_back_mut().peek_prev().unwrap() = 0;
    /// assert_eq!(l.to_vec(), [1, 0, 3]);
    /// ```
    pub fn peek_prev(&mut self) -> Option<&mut T> {
        let p = neighbour(self.list, self.cur, false);
        self.list.get_slot_mut(p)
    }

    /// Keeps the ghost's index equal to the length.
    fn fix_ghost(&mut self) {
        if self.cur == Ix::NIL {
            self.index = self.list.len();
        }
    }

    /// Inserts `value` after the current element (at the front, at the ghost).
    ///
    /// # Errors
    /// Hands `value` back if the list is full.
    ///
    /// # Example
    /// ```
    /// let mut l = cwlist::FixedList::<i32, 2>::new();
    /// l.push_back(1);
    /// let mut c = l.cursor_front_mut();
    /// assert_eq!(c.try_insert_after(2), Ok(()));
    /// assert_eq!(c.try_insert_after(3), Err(3)); // full
    /// ```
    pub fn try_insert_after(&mut self, value: T) -> Result<(), T> {
        let next = neighbour(self.list, self.cur, true);
        self.list.link_new(value, self.cur, next)?;
        self.fix_ghost();
        Ok(())
    }

    /// Inserts `value` before the current element (at the back, at the ghost).
    ///
    /// # Errors
    /// Hands `value` back if the list is full.
    ///
    /// # Example
    /// ```
    /// let mut l = cwlist::FixedList::<i32, 2>::new();
    /// l.push_back(2);
    /// let mut c = l.cursor_front_mut();
    /// assert_eq!(c.try_insert_before(1), Ok(()));
    /// assert_eq!(c.index(), Some(1)); // still on 2
    /// assert_eq!(l.iter().copied().collect::<Vec<_>>(), [1, 2]);
    /// ```
    pub fn try_insert_before(&mut self, value: T) -> Result<(), T> {
        let prev = neighbour(self.list, self.cur, false);
        self.list.link_new(value, prev, self.cur)?;
        self.index += 1;
        Ok(())
    }

    /// Inserts `value` after the current element (at the front, at the ghost).
    ///
    /// # Panics
    /// If the list is full.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.cursor_front_mut().insert_after(9);
    /// assert_eq!(l.to_vec(), [1, 9, 2, 3]);
    /// ```
    pub fn insert_after(&mut self, value: T) {
        if self.try_insert_after(value).is_err() {
            full_panic(self.list.max_len());
        }
    }

    /// Inserts `value` before the current element (at the back, at the ghost).
    ///
    /// # Panics
    /// If the list is full.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.cursor_back_mut().insert_before(9);
    /// assert_eq!(l.to_vec(), [1, 2, 9, 3]);
    /// ```
    pub fn insert_before(&mut self, value: T) {
        if self.try_insert_before(value).is_err() {
            full_panic(self.list.max_len());
        }
    }

    /// Erases slot `s`, keeping the cursor on its element if that element moved.
    fn erase_tracking(&mut self, s: Ix) -> T {
        let (value, moved) = self.list.erase_slot(s);
        if moved.is_some() && moved == Some(self.cur) {
            self.cur = s;
        }
        value
    }

    /// Removes the current element and moves to the next one (the ghost if it was the back).
    /// Returns `None` at the ghost.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_front_mut();
    /// assert_eq!(c.remove_current(), Some(1));
    /// assert_eq!(c.current(), Some(&mut 2)); // moved to the next
    /// assert_eq!(l.to_vec(), [2, 3]);
    /// ```
    pub fn remove_current(&mut self) -> Option<T> {
        if self.cur == Ix::NIL {
            return None;
        }
        let s = self.cur;
        self.cur = self.list.next_of(s);
        let value = self.erase_tracking(s);
        self.fix_ghost();
        Some(value)
    }

    /// Prepends `value` to the list; the cursor stays on its element.
    ///
    /// # Errors
    /// Hands `value` back if the list is full.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_back_mut();
    /// assert_eq!(c.try_push_front(0), Ok(()));
    /// assert_eq!(c.index(), Some(3)); // same element, one further
    /// assert_eq!(l.to_vec(), [0, 1, 2, 3]);
    /// ```
    pub fn try_push_front(&mut self, value: T) -> Result<(), T> {
        self.list.try_push_front(value)?;
        self.index += 1;
        Ok(())
    }

    /// Appends `value` to the list; the cursor stays on its element.
    ///
    /// # Errors
    /// Hands `value` back if the list is full.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_front_mut();
    /// assert_eq!(c.try_push_back(4), Ok(()));
    /// assert_eq!(l.to_vec(), [1, 2, 3, 4]);
    /// ```
    pub fn try_push_back(&mut self, value: T) -> Result<(), T> {
        self.list.try_push_back(value)?;
        self.fix_ghost();
        Ok(())
    }

    /// Prepends `value` to the list; the cursor stays on its element (std's
    /// `CursorMut::push_front`).
    ///
    /// # Panics
    /// If the list is full (use [`try_push_front`](Self::try_push_front)).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<u8> = [2, 3].into_iter().collect();
    /// let mut c = l.cursor_front_mut();
    /// c.push_front(1);
    /// assert_eq!(c.current(), Some(&mut 2));
    /// assert_eq!(l.iter().copied().collect::<Vec<_>>(), [1, 2, 3]);
    /// ```
    pub fn push_front(&mut self, value: T) {
        if self.try_push_front(value).is_err() {
            full_panic(self.list.max_len());
        }
    }

    /// Appends `value` to the list; the cursor stays on its element (std's
    /// `CursorMut::push_back`).
    ///
    /// # Panics
    /// If the list is full (use [`try_push_back`](Self::try_push_back)).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<u8> = [1, 2].into_iter().collect();
    /// let mut c = l.cursor_front_mut();
    /// c.push_back(3);
    /// assert_eq!(c.current(), Some(&mut 1));
    /// assert_eq!(l.iter().copied().collect::<Vec<_>>(), [1, 2, 3]);
    /// ```
    pub fn push_back(&mut self, value: T) {
        if self.try_push_back(value).is_err() {
            full_panic(self.list.max_len());
        }
    }

    /// Removes the list's first element; if the cursor was on it, it moves to the next one.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_back_mut();
    /// assert_eq!(c.pop_front(), Some(1));
    /// assert_eq!(c.current(), Some(&mut 3));
    /// ```
    pub fn pop_front(&mut self) -> Option<T> {
        let h = self.list.head;
        if h == Ix::NIL {
            return None;
        }
        if self.cur == h {
            return self.remove_current();
        }
        let value = self.erase_tracking(h);
        self.index -= 1;
        Some(value)
    }

    /// Removes the list's last element; if the cursor was on it, it moves to the ghost.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_back_mut();
    /// assert_eq!(c.pop_back(), Some(3));
    /// assert_eq!(c.current(), None); // it was on the back: now the ghost
    /// ```
    pub fn pop_back(&mut self) -> Option<T> {
        let t = self.list.tail;
        if t == Ix::NIL {
            return None;
        }
        if self.cur == t {
            self.cur = Ix::NIL;
        }
        let value = self.erase_tracking(t);
        self.fix_ghost();
        Some(value)
    }

    /// The list's first element.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_back_mut().front(), Some(&1));
    /// ```
    pub fn front(&self) -> Option<&T> {
        self.list.front()
    }
    /// The list's last element.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.cursor_front_mut().back(), Some(&3));
    /// ```
    pub fn back(&self) -> Option<&T> {
        self.list.back()
    }
    /// The list's first element, mutably.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// *l.cursor_back_mut().front_mut().unwrap() = 0;
    /// assert_eq!(l.to_vec(), [0, 2, 3]);
    /// ```
    pub fn front_mut(&mut self) -> Option<&mut T> {
        self.list.front_mut()
    }
    /// The list's last element, mutably.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// *l.cursor_front_mut().back_mut().unwrap() = 0;
    /// assert_eq!(l.to_vec(), [1, 2, 0]);
    /// ```
    pub fn back_mut(&mut self) -> Option<&mut T> {
        self.list.back_mut()
    }

    /// Removes the current element and returns it as a one-element list; the cursor moves
    /// to the next element (the ghost if it was the back). `None` at the ghost.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut c = l.cursor_front_mut();
    /// let one = c.remove_current_as_list().unwrap();
    /// assert_eq!(one.to_vec(), [1]);
    /// assert_eq!(l.to_vec(), [2, 3]);
    /// ```
    pub fn remove_current_as_list(&mut self) -> Option<List<T, Ix, S>> {
        let v = self.remove_current()?;
        let mut single = List::new();
        if single.try_push_back(v).is_err() {
            // A storage that held this element can hold one.
            full_panic(single.max_len());
        }
        Some(single)
    }

    /// Moves every element after the current one into a new list, which is returned (the
    /// whole list at the ghost). The cursor stays on its element, which becomes the back.
    /// O(moved) value moves; invalidates every position.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let tail = l.cursor_front_mut().split_after();
    /// assert_eq!((l.to_vec(), tail.to_vec()), (vec![1], vec![2, 3]));
    /// ```
    pub fn split_after(&mut self) -> List<T, Ix, S> {
        let mut out = List::new();
        while self.list.tail != self.cur {
            let t = self.list.tail;
            let v = self.erase_tracking(t);
            if out.try_push_front(v).is_err() {
                // `out` has the same storage and fewer elements than the list had.
                full_panic(out.max_len());
            }
        }
        self.fix_ghost();
        out
    }

    /// Moves every element before the current one into a new list, which is returned (the
    /// whole list at the ghost). The cursor stays on its element, which becomes the front.
    /// O(moved) value moves; invalidates every position.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let head = l.cursor_back_mut().split_before();
    /// assert_eq!((head.to_vec(), l.to_vec()), (vec![1, 2], vec![3]));
    /// ```
    pub fn split_before(&mut self) -> List<T, Ix, S> {
        let mut out = List::new();
        while self.list.head != self.cur {
            let h = self.list.head;
            let v = self.erase_tracking(h);
            if out.try_push_back(v).is_err() {
                full_panic(out.max_len());
            }
        }
        self.index = 0;
        self.fix_ghost();
        out
    }

    /// Moves all of `other` in after the current element (at the front, at the ghost),
    /// keeping their order; `other` is left empty. The cursor stays on its element.
    ///
    /// # Errors
    /// If the list cannot hold them all; then nothing changes.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut other: List<i32> = [8, 9].into_iter().collect();
    /// l.cursor_front_mut().try_splice_after(&mut other).unwrap();
    /// assert_eq!(l.to_vec(), [1, 8, 9, 2, 3]);
    /// ```
    pub fn try_splice_after<Ix2: Index, S2: Storage>(
        &mut self,
        other: &mut List<T, Ix2, S2>,
    ) -> Result<(), Error> {
        let next = neighbour(self.list, self.cur, true);
        self.list.splice_chain(self.cur, next, other)?;
        self.fix_ghost();
        Ok(())
    }

    /// Moves all of `other` in before the current element (at the back, at the ghost),
    /// keeping their order; `other` is left empty. The cursor stays on its element.
    ///
    /// # Errors
    /// If the list cannot hold them all; then nothing changes.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let mut other: List<i32> = [8, 9].into_iter().collect();
    /// l.cursor_front_mut().try_splice_before(&mut other).unwrap();
    /// assert_eq!(l.to_vec(), [8, 9, 1, 2, 3]);
    /// ```
    pub fn try_splice_before<Ix2: Index, S2: Storage>(
        &mut self,
        other: &mut List<T, Ix2, S2>,
    ) -> Result<(), Error> {
        let m = other.len();
        let prev = neighbour(self.list, self.cur, false);
        self.list.splice_chain(prev, self.cur, other)?;
        self.index += m;
        Ok(())
    }

    /// Moves all of `other` in after the current element; see
    /// [`try_splice_after`](Self::try_splice_after).
    ///
    /// # Panics
    /// If the list cannot hold them all.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let other: List<i32> = [0].into_iter().collect();
    /// l.cursor_back_mut().splice_after(other);
    /// assert_eq!(l.to_vec(), [1, 2, 3, 0]);
    /// ```
    pub fn splice_after<Ix2: Index, S2: Storage>(&mut self, mut other: List<T, Ix2, S2>) {
        if let Err(e) = self.try_splice_after(&mut other) {
            panic!("cwlist: cannot splice: {e}");
        }
    }

    /// Moves all of `other` in before the current element; see
    /// [`try_splice_before`](Self::try_splice_before).
    ///
    /// # Panics
    /// If the list cannot hold them all.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// let other: List<i32> = [0].into_iter().collect();
    /// l.cursor_back_mut().splice_before(other);
    /// assert_eq!(l.to_vec(), [1, 2, 0, 3]);
    /// ```
    pub fn splice_before<Ix2: Index, S2: Storage>(&mut self, mut other: List<T, Ix2, S2>) {
        if let Err(e) = self.try_splice_before(&mut other) {
            panic!("cwlist: cannot splice: {e}");
        }
    }
}
