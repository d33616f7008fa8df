#![doc = include_str!("../README.md")]
#![no_std]
// docs.rs (nightly) labels every item gated by a feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;

mod cursor;
mod error;
mod index;
mod iter;
mod list;
mod order;
mod positions;
mod remove;
#[cfg(feature = "serde")]
mod serde_impl;
mod splice;
mod storage;
mod traits;
mod unordered;
#[cfg(feature = "alloc")]
mod vec;

pub use cursor::{Cursor, CursorMut};
pub use error::Error;
pub use index::Index;
pub use iter::{IntoIter, Iter, IterMut, Positions};
pub use list::{FixedList, List, Node, Pos};
pub use remove::ExtractIf;
#[cfg(feature = "alloc")]
pub use storage::Growable;
pub use storage::{Buffer, Fixed, Storage};
