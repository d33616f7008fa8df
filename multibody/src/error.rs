//! Why a tree could not be built or an algorithm could not run.
use core::fmt;

/// The errors of this crate; each names the offending link or argument.
///
/// # Example
/// ```
/// use multibody::Error;
/// let e = Error::UnknownParent { link: 3, parent: 7 };
/// assert_eq!(e.to_string(), "link 3 names parent 7, which is not an earlier link");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// The storage is full (`Fixed<N>`): the link was not added.
    CapacityExceeded {
        /// How many links the storage holds.
        capacity: usize,
    },
    /// A link's parent must be an earlier link (the tree is stored parents first).
    UnknownParent {
        /// The index the new link would have had.
        link: usize,
        /// The parent it named.
        parent: usize,
    },
    /// A revolute or prismatic joint's axis is zero or not finite.
    BadAxis {
        /// The link whose joint it is.
        link: usize,
    },
    /// A link's inertia or placement contains NaN or infinity.
    NonFiniteLink {
        /// The link.
        link: usize,
    },
    /// A link's drive is invalid: a NaN or infinite gain or target, a negative gain,
    /// `lower > upper`, a limit stiffness that is not positive, or a motor or limits on a
    /// joint of other than one degree of freedom.
    BadDrive {
        /// The link.
        link: usize,
    },
    /// A slice argument has the wrong length.
    Length {
        /// Which argument (`"q"`, `"v"`, `"a"`, `"tau"`, `"mass matrix"`, ...).
        what: &'static str,
        /// The length the tree needs.
        expected: usize,
        /// The length given.
        got: usize,
    },
    /// The joint-space inertia seen by a link's joint is not positive definite (a massless
    /// subtree that the joint can move): forward dynamics has no unique answer.
    SingularJointInertia {
        /// The link whose joint it is.
        link: usize,
    },
    /// An input (q, v, τ, gravity) contains NaN or infinity.
    NonFiniteInput {
        /// Which argument.
        what: &'static str,
    },
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::CapacityExceeded { capacity } => {
                write!(f, "the tree's storage is full ({capacity} links)")
            }
            Self::UnknownParent { link, parent } => write!(
                f,
                "link {link} names parent {parent}, which is not an earlier link"
            ),
            Self::BadAxis { link } => {
                write!(f, "the joint axis of link {link} is zero or not finite")
            }
            Self::NonFiniteLink { link } => {
                write!(f, "the inertia or placement of link {link} is not finite")
            }
            Self::BadDrive { link } => write!(
                f,
                "the drive of link {link} is invalid (a NaN, a negative gain, crossed limits, or a motor or limits on a joint of other than one degree of freedom)"
            ),
            Self::Length {
                what,
                expected,
                got,
            } => write!(f, "`{what}` has {got} entries, the tree needs {expected}"),
            Self::SingularJointInertia { link } => write!(
                f,
                "the joint of link {link} moves no mass (its joint-space inertia is not positive definite)"
            ),
            Self::NonFiniteInput { what } => write!(f, "`{what}` contains NaN or infinity"),
        }
    }
}

impl core::error::Error for Error {}

/// `Ok` when `got == expected`, else [`Error::Length`] naming `what`.
pub(crate) fn check_len(what: &'static str, expected: usize, got: usize) -> Result<(), Error> {
    if got == expected {
        Ok(())
    } else {
        Err(Error::Length {
            what,
            expected,
            got,
        })
    }
}
