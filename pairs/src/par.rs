//! Parallel iteration with rayon (feature `rayon`): the pairs are split by rank, so both
//! halves of every split hold the same number of pairs, not the same number of rows (the
//! rows of distinct pairs shrink from `N - 1` to 1, so splitting rows would leave one thread
//! with three quarters of the work).
use crate::adapters::{DistinctPairs, Pairs, distinct_pairs, pairs};
use rayon::iter::plumbing::{
    Consumer, Folder, Producer, ProducerCallback, UnindexedConsumer, bridge,
};
use rayon::iter::{IndexedParallelIterator, IntoParallelIterator, ParallelIterator};

/// Hands a sequential adapter to rayon as a producer that splits it by rank in O(1).
struct RankSplit<P>(P);

macro_rules! par_adapter {
    ($par:ident, $par_fn:ident, $seq:ident, $ctor:ident, $what:literal) => {
        #[doc = concat!("The ", $what, " of a sequence as a rayon `IndexedParallelIterator`, split evenly by rank. Built by [`", stringify!($ctor), "`] or `into_par_iter()` on a [`", stringify!($seq), "`].")]
        ///
        /// Each piece runs the sequential adapter's `fold`, i.e. nested loops.
        ///
        /// # Example
        /// ```
        /// use rayon::prelude::*;
        #[doc = concat!("let sum: u64 = pairs::", stringify!($par_fn), "(1..=100u64).map(|(a, b)| a * b).sum();")]
        #[doc = concat!("let seq: u64 = pairs::", stringify!($ctor), "(1..=100u64).map(|(a, b)| a * b).sum();")]
        /// assert_eq!(sum, seq);
        /// ```
        ///
        /// # Panics
        ///
        /// Rayon needs the length as a `usize`: driving it panics if more than `usize::MAX`
        /// pairs remain (see the crate docs on overflow).
        #[derive(Debug, Clone)]
        #[must_use = "iterators are lazy and do nothing unless consumed"]
        pub struct $par<I>
        where
            I: Iterator + Clone,
            I::Item: Clone,
        {
            seq: $seq<I>,
        }

        impl<I> Producer for RankSplit<$seq<I>>
        where
            I: DoubleEndedIterator + Clone + Send,
            I::Item: Clone + Send,
        {
            type Item = (I::Item, I::Item);
            type IntoIter = $seq<I>;

            fn into_iter(self) -> Self::IntoIter {
                self.0
            }

            /// Nested loops (the sequential `fold`), checking `full()` once per row, instead
            /// of rayon's default per-item `next()` loop.
            fn fold_with<F>(self, folder: F) -> F
            where
                F: Folder<Self::Item>,
            {
                if folder.full() {
                    return folder;
                }
                self.0
                    .fold_rows_until(folder, |folder, pair| folder.consume(pair), F::full)
            }

            fn split_at(self, index: usize) -> (Self, Self) {
                let (left, right) = self.0.split_at(index);
                (RankSplit(left), RankSplit(right))
            }
        }

        impl<I> ParallelIterator for $par<I>
        where
            I: DoubleEndedIterator + Clone + Send,
            I::Item: Clone + Send,
        {
            type Item = (I::Item, I::Item);

            fn drive_unindexed<C>(self, consumer: C) -> C::Result
            where
                C: UnindexedConsumer<Self::Item>,
            {
                bridge(self, consumer)
            }

            fn opt_len(&self) -> Option<usize> {
                self.seq.checked_len()
            }
        }

        impl<I> IndexedParallelIterator for $par<I>
        where
            I: DoubleEndedIterator + Clone + Send,
            I::Item: Clone + Send,
        {
            fn len(&self) -> usize {
                self.seq.len()
            }

            fn drive<C>(self, consumer: C) -> C::Result
            where
                C: Consumer<Self::Item>,
            {
                bridge(self, consumer)
            }

            fn with_producer<CB>(self, callback: CB) -> CB::Output
            where
                CB: ProducerCallback<Self::Item>,
            {
                callback.callback(RankSplit(self.seq))
            }
        }

        impl<I> IntoParallelIterator for $seq<I>
        where
            I: DoubleEndedIterator + Clone + Send,
            I::Item: Clone + Send,
        {
            type Iter = $par<I>;
            type Item = (I::Item, I::Item);

            fn into_par_iter(self) -> Self::Iter {
                $par { seq: self }
            }
        }

        #[doc = concat!("The ", $what, " of `x` in parallel: [`", stringify!($ctor), "`](crate::", stringify!($ctor), ") as a rayon iterator. The source must be double-ended (slices, ranges, the adapters).")]
        ///
        /// # Panics
        ///
        /// See the type's docs: more than `usize::MAX` pairs cannot be driven by rayon.
        ///
        /// # Example
        /// ```
        /// use rayon::prelude::*;
        #[doc = concat!("let n = pairs::", stringify!($par_fn), "(0..50u32).filter(|(a, b)| (a + b) % 7 == 0).count();")]
        #[doc = concat!("assert_eq!(n, pairs::", stringify!($ctor), "(0..50u32).filter(|(a, b)| (a + b) % 7 == 0).count());")]
        /// ```
        pub fn $par_fn<X>(x: X) -> $par<X::IntoIter>
        where
            X: IntoIterator,
            X::IntoIter: DoubleEndedIterator + Clone + Send,
            X::Item: Clone + Send,
        {
            $par { seq: $ctor(x) }
        }
    };
}

par_adapter!(ParPairs, par_pairs, Pairs, pairs, "ordered pairs");
par_adapter!(
    ParDistinctPairs,
    par_distinct_pairs,
    DistinctPairs,
    distinct_pairs,
    "distinct pairs"
);
