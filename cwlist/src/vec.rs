//! Conversions from and to `Vec` (feature `alloc`): the values array is taken over as it is
//! and linked in order, and given back after an in-place permutation into list order.
use alloc::vec::Vec;

use crate::Growable;
use crate::error::Error;
use crate::index::Index;
use crate::list::{List, Node};

impl<T, Ix: Index> List<T, Ix, Growable> {
    /// An empty list with room for `capacity` elements in both arrays.
    ///
    /// # Panics
    /// If `capacity` exceeds what `Ix` can address.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let l = List::<i32>::with_capacity(8);
    /// assert!(l.is_empty() && l.capacity() >= 8);
    /// ```
    pub fn with_capacity(capacity: usize) -> Self {
        let mut list = Self::new();
        list.reserve(capacity);
        list
    }

    /// Takes `values` over as the value array (no value moves) and links it in order.
    ///
    /// # Errors
    /// Hands `values` back with [`Error::IndexSpaceExhausted`] if `Ix` cannot address them.
    ///
    /// # Example
    /// ```
    /// let l = cwlist::List::<i32, u8>::try_from_vec(vec![1, 2]).unwrap();
    /// assert_eq!(l.to_vec(), [1, 2]);
    /// let (back, e) = cwlist::List::<i32, u8>::try_from_vec(vec![0; 300]).unwrap_err();
    /// assert_eq!((back.len(), e), (300, cwlist::Error::IndexSpaceExhausted));
    /// ```
    pub fn try_from_vec(values: Vec<T>) -> Result<Self, (Vec<T>, Error)> {
        let n = values.len();
        if n > Ix::MAX_LEN {
            return Err((values, Error::IndexSpaceExhausted));
        }
        let mut nodes = Vec::new();
        if nodes.try_reserve_exact(n).is_err() {
            return Err((values, Error::AllocationFailed));
        }
        nodes.extend((0..n).map(|i| Node {
            prev: if i == 0 {
                Ix::NIL
            } else {
                Ix::from_usize(i - 1)
            },
            next: if i + 1 == n {
                Ix::NIL
            } else {
                Ix::from_usize(i + 1)
            },
        }));
        let (head, tail) = if n == 0 {
            (Ix::NIL, Ix::NIL)
        } else {
            (Ix::from_usize(0), Ix::from_usize(n - 1))
        };
        Ok(Self {
            nodes,
            values,
            head,
            tail,
            linear: true,
        })
    }

    /// The values in list order, reusing the value array: an in-place O(n) permutation
    /// ([`linearize`](Self::linearize)), no copy when the list is already linear.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.reverse();
    /// assert_eq!(l.into_vec(), [3, 2, 1]);
    /// ```
    pub fn into_vec(mut self) -> Vec<T> {
        if !self.is_linear() {
            self.linearize();
        }
        let mut values = core::mem::take(&mut self.values);
        values.shrink_to_fit();
        values
    }

    /// The values in list order, as a new `Vec` of clones.
    ///
    /// # Example
    /// ```
    /// use cwlist::List;
    /// let mut l: List<i32> = [1, 2, 3].into_iter().collect();
    /// l.push_front(0);
    /// assert_eq!(l.to_vec(), [0, 1, 2, 3]);
    /// ```
    pub fn to_vec(&self) -> Vec<T>
    where
        T: Clone,
    {
        self.iter().cloned().collect()
    }
}

impl<T, Ix: Index> TryFrom<Vec<T>> for List<T, Ix, Growable> {
    type Error = (Vec<T>, Error);
    /// See [`List::try_from_vec`].
    fn try_from(values: Vec<T>) -> Result<Self, Self::Error> {
        Self::try_from_vec(values)
    }
}

impl<T, Ix: Index> From<List<T, Ix, Growable>> for Vec<T> {
    /// See [`List::into_vec`].
    fn from(list: List<T, Ix, Growable>) -> Self {
        list.into_vec()
    }
}
