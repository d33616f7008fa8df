//! Why a step could not be taken.
use core::fmt;

/// Why a rotation step or an inertia tensor was rejected.
///
/// Every function that could otherwise return garbage (NaN, a step outside the Magnus
/// convergence region, a solver that did not converge) returns one of these instead.
///
/// # Example
/// ```
/// use rotint::{BodyInertia, Error};
/// use rotint::xform::Vector;
/// let e = BodyInertia::try_from_principal(Vector([0.0, 1.0, 1.0f64])).unwrap_err();
/// assert_eq!(e, Error::InvalidInertia);
/// assert!(!e.to_string().is_empty());
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Error {
    /// An input (orientation, angular velocity, acceleration, torque or time step) was NaN or
    /// infinite.
    NonFinite,
    /// The orientation quaternion is zero, or so large that its squared norm overflows: it
    /// names no rotation, and normalizing it would give NaN or zero.
    InvalidOrientation,
    /// The bound on the rotation per step exceeds the stepper's limit and the guard is set to
    /// [`Guard::Reject`](crate::Guard::Reject).
    StepTooLarge,
    /// Splitting the step to respect the rotation limit would need more substeps than the
    /// guard allows.
    TooManySubsteps,
    /// The inertia tensor is not symmetric positive definite (or not finite).
    InvalidInertia,
    /// A configuration value is out of its documented range.
    InvalidParameter,
    /// The implicit solver did not reach its tolerance within its iteration limit.
    NotConverged,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NonFinite => "non-finite input",
            Self::InvalidOrientation => "orientation quaternion is zero or its norm overflows",
            Self::StepTooLarge => "rotation per step exceeds the Magnus convergence limit",
            Self::TooManySubsteps => "the step needs more substeps than the guard allows",
            Self::InvalidInertia => "inertia tensor is not symmetric positive definite",
            Self::InvalidParameter => "parameter out of range",
            Self::NotConverged => "implicit solver did not converge",
        })
    }
}

impl core::error::Error for Error {}
