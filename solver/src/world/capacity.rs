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

/// Makes a world buffer `len` long, new entries `value` (a buffer refilled every step
/// keeps its length from the last step, so only the growth is written twice); when it is
/// full, an error naming it (`what`).
pub(crate) fn resize<E: Copy>(
    buf: &mut impl Buffer<E>,
    len: usize,
    value: E,
    what: &'static str,
) -> Result<(), WorldError> {
    while buf.as_slice().len() > len {
        buf.pop();
    }
    while buf.as_slice().len() < len {
        push(buf, value, what)?;
    }
    Ok(())
}

/// Makes a world buffer a copy of `items` (with [`resize`] first: a buffer refilled every
/// step copies in bulk instead of pushing item by item); when it is full, an error naming
/// it (`what`).
pub(crate) fn copy_into<E: Copy>(
    buf: &mut impl Buffer<E>,
    items: &[E],
    what: &'static str,
) -> Result<(), WorldError> {
    let Some(&first) = items.first() else {
        buf.clear();
        return Ok(());
    };
    resize(buf, items.len(), first, what)?;
    buf.as_mut_slice().copy_from_slice(items);
    Ok(())
}

/// Removes and returns item `i`, keeping the order of the rest (O(len − i)).
///
/// # Panics
/// If `i` is out of range (callers resolve a handle first).
pub(crate) fn remove_at<E>(buf: &mut impl Buffer<E>, i: usize) -> E {
    buf.as_mut_slice()[i..].rotate_left(1);
    let Some(e) = buf.pop() else {
        unreachable!("item {i} was in range")
    };
    e
}

/// Keeps the items for which `keep` holds, in order; returns how many went.
pub(crate) fn retain<E>(buf: &mut impl Buffer<E>, mut keep: impl FnMut(&E) -> bool) -> usize {
    let items = buf.as_mut_slice();
    let mut kept = 0;
    for k in 0..items.len() {
        if keep(&items[k]) {
            items.swap(kept, k);
            kept += 1;
        }
    }
    let gone = items.len() - kept;
    for _ in 0..gone {
        buf.pop();
    }
    gone
}
