//! Why the world refused an input or a step.
use core::fmt;

use crate::SolveError;

/// Bad input to the world, reported by the call that introduces it, or a step that could not
/// be taken (then the world is left exactly as it was before the call).
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorldError {
    /// A mass that is NaN, infinite, zero or negative.
    InvalidMass,
    /// A body-frame inertia tensor that is not finite, symmetric and positive definite
    /// (for example singular).
    InvalidInertia,
    /// A zero or non-finite orientation quaternion.
    InvalidOrientation,
    /// A NaN or infinite value; `what` names it.
    NonFinite {
        /// Which input.
        what: &'static str,
    },
    /// A body's state is not finite at the start of a step (changed through a path that
    /// skipped the checks, e.g. a user constraint gone wrong); nothing was changed.
    NonFiniteBody {
        /// The body.
        body: usize,
        /// Which part of its state.
        what: &'static str,
    },
    /// The step would have given a body a non-finite state (the solve or the integration
    /// overflowed); the step was not taken.
    NonFiniteResult {
        /// The body.
        body: usize,
        /// Which part of its state.
        what: &'static str,
    },
    /// A shape or material parameter out of range (radius <= 0, friction < 0,
    /// restitution outside [0, 1], zero plane normal); `what` names it.
    InvalidParameter {
        /// Which parameter.
        what: &'static str,
    },
    /// A body index that does not exist.
    BodyOutOfRange {
        /// The index given.
        body: usize,
        /// How many bodies the world has.
        bodies: usize,
    },
    /// A joint that connects a body with itself.
    SameBody {
        /// The body.
        body: usize,
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
        /// Which buffer (bodies, joints, planes, contacts, rows).
        what: &'static str,
    },
    /// A world setting is out of range.
    InvalidSettings(&'static str),
    /// The constraint solver refused the problem.
    Solve(SolveError),
    /// The rotation integrator refused the step (for example a spin too fast for the guard).
    Rotation(rotint::Error),
}

impl fmt::Display for WorldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidMass => f.write_str("mass must be finite and positive"),
            Self::InvalidInertia => {
                f.write_str("inertia tensor must be finite, symmetric and positive definite")
            }
            Self::InvalidOrientation => f.write_str("orientation quaternion is zero or not finite"),
            Self::NonFinite { what } => write!(f, "{what} is NaN or infinite"),
            Self::NonFiniteBody { body, what } => {
                write!(f, "body {body}: {what} is NaN or infinite before the step")
            }
            Self::NonFiniteResult { body, what } => write!(
                f,
                "the step would make the {what} of body {body} NaN or infinite; it was not taken"
            ),
            Self::InvalidParameter { what } => write!(f, "invalid {what}"),
            Self::BodyOutOfRange { body, bodies } => {
                write!(
                    f,
                    "body index {body} out of range (the world has {bodies} bodies)"
                )
            }
            Self::SameBody { body } => write!(f, "a joint connects body {body} with itself"),
            Self::JacobianVanishes { row } => write!(
                f,
                "the Jacobian of joint row {row} vanishes (or acts on static bodies only)"
            ),
            Self::InvalidRowCount { rows } => {
                write!(f, "a constraint function must have 1..=6 rows, not {rows}")
            }
            Self::CapacityExceeded { what } => write!(f, "no room for more {what}"),
            Self::InvalidSettings(what) => write!(f, "invalid world settings: {what}"),
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
