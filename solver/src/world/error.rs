//! Why the world refused an input or a step: each variant names the item at fault (body,
//! joint, setting, parameter) and carries the offending value.
use core::fmt;

use super::handles::{BodyHandle, JointHandle};
use crate::SolveError;

/// A number carried by an error, compared by its bit pattern (so that a NaN that caused an
/// error compares equal to itself in a test), printed as a number.
///
/// # Example
/// ```
/// use solver::world::Value;
/// assert_eq!(Value(f64::NAN), Value(f64::NAN));
/// assert_eq!(Value(1.5).to_string(), "1.5");
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Value(pub f64);

impl Value {
    /// The value of any scalar (NaN if it has no `f64` form).
    pub(crate) fn of<T: num_traits::Float>(x: T) -> Self {
        Self(x.to_f64().unwrap_or(f64::NAN))
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Self) -> bool {
        self.0.to_bits() == other.0.to_bits()
    }
}

impl Eq for Value {}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What is wrong with an inertia tensor.
///
/// # Example
/// ```
/// use solver::world::{InertiaFault, RigidBody, WorldError};
/// use solver::xform::{Matrix, Vector};
/// // Principal moments 1, 1, 3 break I₁ + I₂ ≥ I₃.
/// let e = RigidBody::new(1.0, Matrix::from_diagonal(Vector([1.0, 1.0, 3.0f64]))).unwrap_err();
/// assert!(matches!(e, WorldError::InvalidInertia { fault: InertiaFault::TriangleInequality }));
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InertiaFault {
    /// An entry is NaN or infinite.
    NotFinite,
    /// `I ≠ Iᵀ` beyond round-off.
    NotSymmetric,
    /// A principal moment is zero or negative (relative to the largest).
    NotPositiveDefinite,
    /// The principal moments violate `I₁ + I₂ ≥ I₃`: no distribution of mass has them.
    TriangleInequality,
}

impl fmt::Display for InertiaFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::NotFinite => "an entry is NaN or infinite",
            Self::NotSymmetric => "it is not symmetric",
            Self::NotPositiveDefinite => "a principal moment is not positive",
            Self::TriangleInequality => {
                "its principal moments violate the triangle inequality I1 + I2 >= I3 (no physical body has them)"
            }
        })
    }
}

/// Bad input to the world, reported by the call that introduces it, or a step that could not
/// be taken (then the world is left exactly as it was before the call).
///
/// # Example
/// ```
/// use solver::world::{RigidBody, WorldError};
/// let e = RigidBody::sphere(-1.0, 0.1f64).unwrap_err();
/// assert!(matches!(e, WorldError::InvalidMass { .. }));
/// assert!(e.to_string().contains("mass"));
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorldError {
    /// A mass that is NaN, infinite, zero, negative, or so small that its inverse overflows.
    InvalidMass {
        /// The mass given.
        value: Value,
    },
    /// A body-frame inertia tensor no rigid body can have.
    InvalidInertia {
        /// What is wrong with it.
        fault: InertiaFault,
    },
    /// An orientation quaternion that is zero, not finite, or not of unit length within
    /// [`ORIENTATION_TOLERANCE`](super::ORIENTATION_TOLERANCE)
    /// (use [`RigidBody::with_orientation_normalized`](super::RigidBody::with_orientation_normalized)
    /// to renormalize on purpose).
    InvalidOrientation {
        /// Its norm.
        norm: Value,
    },
    /// A NaN or infinite input; `what` names it.
    NonFinite {
        /// Which input.
        what: &'static str,
    },
    /// A shape, material or joint parameter out of range; `what` names it.
    InvalidParameter {
        /// Which parameter.
        what: &'static str,
        /// The value given.
        value: Value,
    },
    /// A world setting out of range; `setting` names the field of
    /// [`WorldSettings`](super::WorldSettings).
    InvalidSetting {
        /// Which setting.
        setting: &'static str,
        /// The value given.
        value: Value,
    },
    /// A handle whose item was removed (or that this world never gave out): `what` is
    /// "body", "joint" or "plane", with the handle's slot and generation.
    StaleHandle {
        /// Which kind of item.
        what: &'static str,
        /// The handle's slot.
        slot: u32,
        /// The handle's generation.
        generation: u32,
    },
    /// A limit or motor asked of a joint without a free coordinate (only hinges and
    /// prismatic joints have one: an angle, a travel).
    NoFreeCoordinate {
        /// The joint.
        joint: JointHandle,
    },
    /// A joint that connects a body with itself.
    SameBody {
        /// The body.
        body: BodyHandle,
    },
    /// A joint row whose Jacobian vanishes (or is not finite) at the current state, or that
    /// acts only on static bodies: it could never be enforced.
    JacobianVanishes {
        /// The row of the joint (0-based).
        row: usize,
    },
    /// A constraint function that declares no rows or more than
    /// [`MAX_JOINT_ROWS`](crate::world::MAX_JOINT_ROWS).
    InvalidRowCount {
        /// The declared number of rows.
        rows: usize,
    },
    /// A fixed-capacity buffer is full; `what` names it.
    CapacityExceeded {
        /// Which buffer (bodies, joints, planes, contacts, rows, ...).
        what: &'static str,
    },
    /// A body's state is not finite at the start of a step; nothing was changed.
    NonFiniteBody {
        /// The body, as an index into [`World::bodies`](super::World::bodies)
        /// ([`World::body_handle`](super::World::body_handle) gives its handle).
        body: usize,
        /// Which part of its state.
        what: &'static str,
    },
    /// The step would have given a body a non-finite state (the solve or the integration
    /// overflowed); the step was not taken.
    NonFiniteResult {
        /// The body, as an index into [`World::bodies`](super::World::bodies)
        /// ([`World::body_handle`](super::World::body_handle) gives its handle).
        body: usize,
        /// Which part of its state.
        what: &'static str,
    },
    /// The constraint solver refused the problem (its error names the row).
    Solve(SolveError),
    /// The rotation integrator refused the step (for example a spin too fast for the guard).
    Rotation(rotint::Error),
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidMass { value } => write!(
                f,
                "mass {value} is not usable: it must be finite and positive, with a finite inverse"
            ),
            Self::InvalidInertia { fault } => write!(f, "invalid inertia tensor: {fault}"),
            Self::InvalidOrientation { norm } => write!(
                f,
                "orientation quaternion has norm {norm}: it must be a unit quaternion (renormalize it with with_orientation_normalized)"
            ),
            Self::NonFinite { what } => write!(f, "{what} is NaN or infinite"),
            Self::InvalidParameter { what, value } => write!(f, "invalid {what}: {value}"),
            Self::InvalidSetting { setting, value } => {
                write!(f, "world setting `{setting}` is out of range: {value}")
            }
            Self::StaleHandle {
                what,
                slot,
                generation,
            } => write!(
                f,
                "no {what} {slot}v{generation} in this world: it was removed, or never added here"
            ),
            Self::NoFreeCoordinate { joint } => write!(
                f,
                "{joint} has no free coordinate: limits and motors act on a hinge's angle or a prismatic joint's travel"
            ),
            Self::SameBody { body } => write!(f, "a joint connects {body} with itself"),
            Self::JacobianVanishes { row } => write!(
                f,
                "the Jacobian of joint row {row} vanishes (or acts on static bodies only)"
            ),
            Self::InvalidRowCount { rows } => {
                write!(f, "a constraint function must have 1..=6 rows, not {rows}")
            }
            Self::CapacityExceeded { what } => write!(
                f,
                "no room for more {what}: the world's fixed storage is full (the step was not taken)"
            ),
            Self::NonFiniteBody { body, what } => {
                write!(f, "body {body}: {what} is NaN or infinite before the step")
            }
            Self::NonFiniteResult { body, what } => write!(
                f,
                "the step would make the {what} of body {body} NaN or infinite; it was not taken"
            ),
            Self::Solve(e) => write!(f, "constraint solver: {e}"),
            Self::Rotation(e) => write!(f, "rotation integrator: {e}"),
        }
    }
}

impl core::error::Error for WorldError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Solve(e) => Some(e),
            Self::Rotation(e) => Some(e),
            _ => None,
        }
    }
}

impl From<SolveError> for WorldError {
    fn from(e: SolveError) -> Self {
        Self::Solve(e)
    }
}

impl From<rotint::Error> for WorldError {
    fn from(e: rotint::Error) -> Self {
        Self::Rotation(e)
    }
}
