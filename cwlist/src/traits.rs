//! Standard traits. Comparison, hashing and `Debug` follow list order; `Clone` copies both
//! arrays as they are (no relinking), so the clone has the same positions.
use core::cmp::Ordering;
use core::fmt;
use core::hash::{Hash, Hasher};

use crate::index::Index;
use crate::list::{List, full_panic};
use crate::storage::{Buffer, Storage};

impl<T: Clone, Ix: Index, S: Storage> Clone for List<T, Ix, S> {
    fn clone(&self) -> Self {
        Self {
            nodes: self.nodes.clone_buf(),
            values: self.values.clone_buf(),
            head: self.head,
            tail: self.tail,
            linear: self.linear,
        }
    }
}

impl<T: fmt::Debug, Ix: Index, S: Storage> fmt::Debug for List<T, Ix, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T, U, Ix, Ix2, S, S2> PartialEq<List<U, Ix2, S2>> for List<T, Ix, S>
where
    T: PartialEq<U>,
    Ix: Index,
    Ix2: Index,
    S: Storage,
    S2: Storage,
{
    fn eq(&self, other: &List<U, Ix2, S2>) -> bool {
        self.len() == other.len() && self.iter().zip(other.iter()).all(|(a, b)| a == b)
    }
}

impl<T: Eq, Ix: Index, S: Storage> Eq for List<T, Ix, S> {}

impl<T: PartialOrd, Ix: Index, S: Storage> PartialOrd for List<T, Ix, S> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        self.iter().partial_cmp(other.iter())
    }
}

impl<T: Ord, Ix: Index, S: Storage> Ord for List<T, Ix, S> {
    fn cmp(&self, other: &Self) -> Ordering {
        self.iter().cmp(other.iter())
    }
}

impl<T: Hash, Ix: Index, S: Storage> Hash for List<T, Ix, S> {
    /// Length, then the elements in list order (like std's `LinkedList`), so equal lists hash
    /// equally whatever their slot layout.
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_usize(self.len());
        for v in self {
            v.hash(state);
        }
    }
}

impl<T, Ix: Index, S: Storage> Extend<T> for List<T, Ix, S> {
    /// Appends every item at the back.
    ///
    /// # Panics
    /// If the list becomes full (extend a fixed list only with what fits, or use
    /// `try_push_back`).
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        let iter = iter.into_iter();
        let _ = self.try_reserve(iter.size_hint().0);
        for v in iter {
            if self.try_push_back(v).is_err() {
                full_panic(self.max_len());
            }
        }
    }
}

impl<'a, T: Copy + 'a, Ix: Index, S: Storage> Extend<&'a T> for List<T, Ix, S> {
    /// Appends a copy of every item at the back.
    ///
    /// # Panics
    /// If the list becomes full.
    fn extend<I: IntoIterator<Item = &'a T>>(&mut self, iter: I) {
        self.extend(iter.into_iter().copied());
    }
}

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    /// Builds a linear list from the items of `iter` while they fit, losing none: if one does
    /// not fit (the index type's or the fixed storage's limit, or a refused allocation), the
    /// list so far and that item come back, and the rest stay in `iter`. The fallible
    /// [`FromIterator`], which panics instead.
    ///
    /// # Errors
    /// `(list so far, the item that did not fit)`.
    ///
    /// # Example
    /// ```
    /// use cwlist::FixedList;
    /// let mut items = 1..=5;
    /// let (list, refused) = FixedList::<u32, 3>::try_from_iter(&mut items).unwrap_err();
    /// assert_eq!(list.iter().copied().collect::<Vec<_>>(), [1, 2, 3]);
    /// assert_eq!(refused, 4);
    /// assert_eq!(items.next(), Some(5)); // not taken
    /// let list = FixedList::<u32, 3>::try_from_iter(&mut (7..9)).unwrap();
    /// assert_eq!(list.len(), 2);
    /// ```
    pub fn try_from_iter(iter: &mut impl Iterator<Item = T>) -> Result<Self, (Self, T)> {
        let mut list = Self::new();
        let _ = list.try_reserve(iter.size_hint().0);
        for v in iter {
            if let Err(v) = list.try_push_back(v) {
                return Err((list, v));
            }
        }
        Ok(list)
    }
}

impl<T, Ix: Index, S: Storage> FromIterator<T> for List<T, Ix, S> {
    /// Builds a linear list (slot order = list order).
    ///
    /// # Panics
    /// If the items do not fit: more than the index type addresses (255 with `u8`) or the
    /// fixed storage holds. [`List::try_from_iter`] hands the overflow back instead.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut list = Self::new();
        list.extend(iter);
        list
    }
}

impl<T, Ix: Index, S: Storage, const N: usize> From<[T; N]> for List<T, Ix, S> {
    /// # Panics
    /// If `N` elements do not fit.
    fn from(values: [T; N]) -> Self {
        values.into_iter().collect()
    }
}
