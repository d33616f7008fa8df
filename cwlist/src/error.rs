//! Why an operation that adds elements was refused.
use core::fmt;

/// The list could not take the elements: nothing was moved or changed.
///
/// Single-element insertions (`try_push_back`, `try_insert_before`, ...) hand the value back
/// instead (`Result<_, T>`), so no data is ever lost; this error is for bulk operations
/// (`try_append`, `try_splice_before`, `try_merge`, `try_from_vec`, `try_reserve`).
///
/// # Example
/// ```
/// let mut small = cwlist::FixedList::<i32, 1>::new();
/// let mut two: cwlist::List<i32> = [1, 2].into_iter().collect();
/// assert_eq!(small.try_append(&mut two), Err(cwlist::Error::StorageFull));
/// assert!(!cwlist::Error::StorageFull.to_string().is_empty());
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// The index type cannot address that many elements (e.g. more than 255 with `u8`).
    IndexSpaceExhausted,
    /// The fixed-capacity storage is full.
    StorageFull,
    /// The allocator refused to grow the growable storage.
    AllocationFailed,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::IndexSpaceExhausted => "the index type cannot address that many elements",
            Self::StorageFull => "the fixed-capacity storage is full",
            Self::AllocationFailed => "the allocator refused to grow the storage",
        })
    }
}

impl core::error::Error for Error {}
