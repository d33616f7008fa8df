//! The check groups: one per library crate, each behind the harness feature of the same name
//! (all on by default), so `.text` can be measured per crate's checks.
//!
//! To add a crate: a module `<crate>.rs` with `pub(crate) const CHECKS: &[Check]`, a feature
//! `<crate> = ["dep:<crate>"]` listed in `all`, and one `Group` line below.
use crate::check::Group;

#[cfg(feature = "cwlist")]
mod cwlist;
#[cfg(feature = "dual")]
mod dual;
#[cfg(feature = "pairs")]
mod pairs;
mod platform;
#[cfg(feature = "rotint")]
mod rotint;
#[cfg(feature = "solver")]
mod solver;
#[cfg(feature = "solver")]
mod world;
#[cfg(feature = "xform")]
mod xform;
#[cfg(feature = "xform")]
mod xform_dynamics;

/// Every group that this build includes, in run order.
pub(crate) const GROUPS: &[Group] = &[
    Group {
        name: "platform",
        checks: platform::CHECKS,
    },
    #[cfg(feature = "dual")]
    Group {
        name: "dual",
        checks: dual::CHECKS,
    },
    #[cfg(feature = "rotint")]
    Group {
        name: "rotint",
        checks: rotint::CHECKS,
    },
    #[cfg(feature = "xform")]
    Group {
        name: "xform",
        checks: xform::CHECKS,
    },
    #[cfg(feature = "xform")]
    Group {
        name: "xform dynamics",
        checks: xform_dynamics::CHECKS,
    },
    #[cfg(feature = "pairs")]
    Group {
        name: "pairs",
        checks: pairs::CHECKS,
    },
    #[cfg(feature = "solver")]
    Group {
        name: "solver",
        checks: solver::CHECKS,
    },
    #[cfg(feature = "solver")]
    Group {
        name: "world",
        checks: world::CHECKS,
    },
    #[cfg(feature = "cwlist")]
    Group {
        name: "cwlist",
        checks: cwlist::CHECKS,
    },
];
