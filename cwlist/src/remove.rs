//! Removing by value or predicate. `remove_if`/`remove_value` use the value-array fast path
//! (the result does not depend on the visiting order); `retain` visits in list order like std.
use crate::index::Index;
use crate::list::List;
use crate::storage::{Buffer, Storage};

impl<T, Ix: Index, S: Storage> List<T, Ix, S> {
    /// Removes every element for which `pred` is true and returns how many. Scans the value
    /// array linearly (not the links), so `pred` sees the elements in slot order; the
    /// survivors keep their relative list order. Invalidates every position.
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
    pub fn remove_value(&mut self, x: &T) -> usize
    where
        T: PartialEq,
    {
        self.remove_if(|v| v == x)
    }

    /// Keeps only the elements for which `keep` is true, visiting them once each in list
    /// order (std's `retain`). Invalidates every position.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.retain_mut(|v| keep(v));
    }

    /// Like [`retain`](Self::retain), with mutable access.
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
