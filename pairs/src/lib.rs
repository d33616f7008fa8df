#![doc = include_str!("../README.md")]
#![no_std]
// docs.rs (nightly) labels every item gated by a feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(all(feature = "std", not(target_os = "none")))]
extern crate std;

mod adapters;
mod error;
mod grid;
mod mutable;
#[cfg(all(feature = "rayon", not(target_os = "none")))]
mod par;
mod shape;
mod tuples;

pub use adapters::{DistinctPairs, Pairs, distinct_pairs, pairs, try_distinct_pairs, try_pairs};
pub use error::Error;
pub use mutable::{
    DistinctPairsMut, PairMut, distinct_pairs_mut, for_each_distinct_pair_mut, for_each_pair_mut,
    try_for_each_distinct_pair_mut,
};
#[cfg(all(feature = "rayon", not(target_os = "none")))]
pub use par::{ParDistinctPairs, ParPairs, par_distinct_pairs, par_pairs};
pub use tuples::{DistinctTuples, distinct_tuples, try_distinct_tuples};
