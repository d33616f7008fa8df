//! The value array as an unordered view: order-independent algorithms (sum, count, any/all,
//! min/max, fill, replace, ...) run as linear scans over contiguous memory instead of
//! chasing links. Writing values through the view never changes the links.
use crate::index::Index;
use crate::list::List;
use crate::storage::{Buffer, Storage};

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    /// Every value, in slot (storage) order, not list order. Use it for whatever does not
    /// depend on the order: `list.unordered().iter().sum()`, `.iter().any(..)`,
    /// `.iter().filter(..).count()`, `.contains(..)`.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.reverse();
    /// assert_eq!(l.unordered(), [1, 2, 3]); // slot order, not list order
    /// ```
    #[inline]
    pub fn unordered(&self) -> &[T] {
        self.values.as_slice()
    }

    /// Every value, mutably, in slot order (`fill`, in-place maps). Links are unaffected.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.unordered_mut().iter_mut().for_each(|x| *x *= 10);
    /// assert_eq!(l.to_vec(), [10, 20, 30]);
    /// ```
    #[inline]
    pub fn unordered_mut(&mut self) -> &mut [T] {
        self.values.as_mut_slice()
    }

    /// Sets every element to a clone of `value` (linear scan).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.fill(7);
    /// assert_eq!(l.to_vec(), [7, 7, 7]);
    /// ```
    pub fn fill(&mut self, value: T)
    where
        T: Clone,
    {
        self.values.as_mut_slice().fill(value);
    }

    /// Replaces every element equal to `old` by a clone of `new`; returns how many.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 1].into_iter().collect();
    /// assert_eq!(l.replace(&1, &5), 2);
    /// assert_eq!(l.to_vec(), [5, 2, 5]);
    /// ```
    pub fn replace(&mut self, old: &T, new: &T) -> usize
    where
        T: PartialEq + Clone,
    {
        self.replace_if(|v| v == old, new)
    }

    /// Replaces every element for which `pred` is true by a clone of `new`; returns how many.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// assert_eq!(l.replace_if(|x| *x > 1, &0), 2);
    /// assert_eq!(l.to_vec(), [1, 0, 0]);
    /// ```
    pub fn replace_if(&mut self, mut pred: impl FnMut(&T) -> bool, new: &T) -> usize
    where
        T: Clone,
    {
        let mut n = 0;
        for v in self.values.as_mut_slice() {
            if pred(v) {
                v.clone_from(new);
                n += 1;
            }
        }
        n
    }

    /// How many elements equal `x` (linear scan).
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l: List<i32> = [1, 2, 1].into_iter().collect();
    /// assert_eq!(l.count_of(&1), 2);
    /// ```
    pub fn count_of(&self, x: &T) -> usize
    where
        T: PartialEq,
    {
        self.values.as_slice().iter().filter(|v| *v == x).count()
    }
}
