//! The crate's error type.
use core::fmt;

/// Why an operation could not produce a result.
///
/// # Example
/// ```
/// let e = xform::Vector([0.0f64; 3]).try_normalize().unwrap_err();
/// assert_eq!(e, xform::Error::ZeroNorm);
/// assert_eq!(e.to_string(), "zero length");
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Error {
    /// A matrix (or transform) has no inverse: a zero pivot or zero scale.
    Singular,
    /// A vector or quaternion of zero length cannot be normalized or inverted.
    ZeroNorm,
    /// An input or result contains NaN or infinity.
    NonFinite,
    /// A matrix is not a rotation (not orthonormal or determinant not +1) within tolerance.
    NotARotation,
    /// A matrix is not skew-symmetric within tolerance.
    NotSkewSymmetric,
    /// A quaternion's norm is not 1 within tolerance.
    NotUnit,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Singular => "singular matrix or zero scale",
            Self::ZeroNorm => "zero length",
            Self::NonFinite => "NaN or infinite value",
            Self::NotARotation => "matrix is not a rotation",
            Self::NotSkewSymmetric => "matrix is not skew-symmetric",
            Self::NotUnit => "quaternion is not of unit norm",
        })
    }
}

impl core::error::Error for Error {}
