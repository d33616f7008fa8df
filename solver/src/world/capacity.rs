//! The one path from a full fixed-capacity buffer to [`WorldError::CapacityExceeded`].
use cwlist::Buffer;

use super::WorldError;

/// Appends to a world buffer; when it is full, an error naming it (`what`).
pub(crate) fn push<E>(
    buf: &mut impl Buffer<E>,
    e: E,
    what: &'static str,
) -> Result<(), WorldError> {
    buf.try_push(e)
        .map_err(|_| WorldError::CapacityExceeded { what })
}
