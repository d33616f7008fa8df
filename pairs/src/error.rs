//! Why a checked constructor refused its input.
use core::fmt;

/// The error of the checked constructors [`try_pairs`](crate::try_pairs),
/// [`try_distinct_pairs`](crate::try_distinct_pairs) and
/// [`try_distinct_tuples`](crate::try_distinct_tuples).
///
/// # Example
/// ```
/// let e = pairs::try_pairs(0..u64::MAX).unwrap_err();
/// assert!(matches!(e, pairs::Error::TooManyPairs { .. }));
/// assert!(e.to_string().contains("more than usize::MAX"));
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// The number of pairs does not fit in `usize`, so `len()` could not report it.
    TooManyPairs {
        /// Number of elements of the source.
        elements: usize,
    },
    /// The number of `k`-element subsets does not fit in `usize`.
    TooManyTuples {
        /// Number of elements of the source.
        elements: usize,
        /// Elements per tuple.
        k: usize,
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
            Self::TooManyTuples { elements, k } => write!(
                f,
                "the {k}-element subsets of {elements} elements are more than usize::MAX = {}",
                usize::MAX
            ),
        }
    }
}

impl core::error::Error for Error {}
