//! Removing by index, value or predicate. `remove_if`/`remove_value` use the value-array fast
//! path (the result does not depend on the visiting order); `retain` and `extract_if` visit
//! in list order like std.
use crate::index::Index;
use crate::list::List;
use crate::storage::{Buffer, Storage};

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    /// Removes every element for which `pred` is true and returns how many. Scans the value
    /// array linearly (not the links), so `pred` sees the elements in slot order; the
    /// survivors keep their relative list order. Invalidates every position.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3, 4].into_iter().collect();
    /// assert_eq!(l.remove_if(|x| x % 2 == 0), 2);
    /// assert_eq!(l.to_vec(), [1, 3]);
    /// ```
    pub fn remove_if(&mut self, mut pred: impl FnMut(&T) -> bool) -> usize {
        let mut removed = 0;
        // Backwards: the element moved into a hole comes from a slot already visited.
        for i in (0..self.len()).rev() {
            if pred(&self.values.as_slice()[i]) {
                let _ = self.erase_slot(Ix::from_usize(i));
                removed += 1;
            }
        }
        removed
    }

    /// Removes every element equal to `x` (C++ `list::remove`); returns how many.
    /// Invalidates every position.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 1].into_iter().collect();
    /// assert_eq!(l.remove_value(&1), 2);
    /// assert_eq!(l.to_vec(), [2]);
    /// ```
    pub fn remove_value(&mut self, x: &T) -> usize
    where
        T: PartialEq,
    {
        self.remove_if(|v| v == x)
    }

    /// Keeps only the elements for which `keep` is true, visiting them once each in list
    /// order (std's `retain`). Invalidates every position.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3, 4].into_iter().collect();
    /// l.retain(|x| *x > 2);
    /// assert_eq!(l.to_vec(), [3, 4]);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.retain_mut(|v| keep(v));
    }

    /// Removes and returns the element at index `at` in list order (std's
    /// `LinkedList::remove`), walking from the nearer end: O(min(at, len − at)). Invalidates
    /// the position of the element in the last slot, like [`erase`](Self::erase).
    ///
    /// # Panics
    /// If `at >= len`.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<char> = "abcd".chars().collect();
    /// assert_eq!(l.remove(1), 'b');
    /// assert_eq!(l.remove(2), 'd');
    /// assert_eq!(l.iter().collect::<String>(), "ac");
    /// ```
    pub fn remove(&mut self, at: usize) -> T {
        let len = self.len();
        assert!(
            at < len,
            "cwlist: remove index {at} out of bounds for a list of {len}"
        );
        let slot = if at < len - at {
            (0..at).fold(self.head, |s, _| self.next_of(s))
        } else {
            (at + 1..len).fold(self.tail, |s, _| self.prev_of(s))
        };
        self.erase_slot(slot).0
    }

    /// An iterator that removes and yields, in list order, the elements for which `filter`
    /// returns true (std's `LinkedList::extract_if`). Elements the iterator has not reached
    /// when it is dropped stay in the list, as do those `filter` rejected; `filter` may
    /// change the elements it visits. Invalidates every position.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<u32> = (1..=8).collect();
    /// let evens: Vec<u32> = l.extract_if(|x| *x % 2 == 0).collect();
    /// assert_eq!(evens, [2, 4, 6, 8]);
    /// assert_eq!(l.iter().copied().collect::<Vec<_>>(), [1, 3, 5, 7]);
    /// // Stopping early leaves the rest in place.
    /// let first_big = l.extract_if(|x| *x > 2).next();
    /// assert_eq!(first_big, Some(3));
    /// assert_eq!(l.iter().copied().collect::<Vec<_>>(), [1, 5, 7]);
    /// ```
    pub fn extract_if<F: FnMut(&mut T) -> bool>(
        &mut self,
        filter: F,
    ) -> ExtractIf<'_, T, Ix, S, F> {
        let (cur, unvisited) = (self.head, self.len());
        ExtractIf {
            list: self,
            cur,
            unvisited,
            filter,
        }
    }

    /// Like [`retain`](Self::retain), with mutable access.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3, 4].into_iter().collect();
    /// l.retain_mut(|x| { *x *= 2; *x > 4 });
    /// assert_eq!(l.to_vec(), [6, 8]);
    /// ```
    pub fn retain_mut(&mut self, mut keep: impl FnMut(&mut T) -> bool) {
        let mut cur = self.head;
        while cur != Ix::NIL {
            let mut next = self.next_of(cur);
            if !keep(&mut self.values.as_mut_slice()[cur.to_usize()]) {
                let (_, moved) = self.erase_slot(cur);
                if moved.is_some() && moved == Some(next) {
                    next = cur;
                }
            }
            cur = next;
        }
    }
}

/// The iterator of [`List::extract_if`]: removes and yields the elements its filter accepts.
///
/// # Example
/// ```
/// let mut l: cwlist::List<i32> = [1, 2, 3].into_iter().collect();
/// let odd: Vec<i32> = l.extract_if(|x| *x % 2 == 1).collect();
/// assert_eq!((odd, l.to_vec()), (vec![1, 3], vec![2]));
/// ```
pub struct ExtractIf<'a, T, Ix: Index, S: Storage, F> {
    list: &'a mut List<T, Ix, S>,
    /// The next slot to visit (`NIL` at the end).
    cur: Ix,
    /// Elements not yet shown to the filter: the most the iterator can still yield.
    unvisited: usize,
    filter: F,
}

impl<T, Ix: Index, S: Storage, F: FnMut(&mut T) -> bool> Iterator for ExtractIf<'_, T, Ix, S, F> {
    type Item = T;

    fn next(&mut self) -> Option<T> {
        while self.cur != Ix::NIL {
            let here = self.cur;
            self.cur = self.list.next_of(here);
            self.unvisited -= 1;
            if (self.filter)(&mut self.list.values.as_mut_slice()[here.to_usize()]) {
                let (value, moved) = self.list.erase_slot(here);
                // The last slot's element moved into `here`: follow it if it was next.
                if moved.is_some() && moved == Some(self.cur) {
                    self.cur = here;
                }
                return Some(value);
            }
        }
        None
    }

    /// At most the elements not yet visited, as `std`'s `ExtractIf`.
    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, Some(self.unvisited))
    }
}

impl<T: core::fmt::Debug, Ix: Index, S: Storage, F> core::fmt::Debug
    for ExtractIf<'_, T, Ix, S, F>
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("ExtractIf")
            .field("len", &self.list.len())
            .finish_non_exhaustive()
    }
}
