//! Why a checked constructor refused its input.
use core::fmt;

/// The error of the checked constructors [`try_pairs`](crate::try_pairs) and
/// [`try_distinct_pairs`](crate::try_distinct_pairs).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// The number of pairs does not fit in `usize`, so `len()` could not report it.
    TooManyPairs {
        /// Number of elements of the source.
        elements: usize,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::TooManyPairs { elements } => write!(
                f,
                "the pairs of {elements} elements are more than usize::MAX = {}",
                usize::MAX
            ),
        }
    }
}

impl core::error::Error for Error {}
