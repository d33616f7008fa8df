#![doc = include_str!("../README.md")]
#![no_std]
// docs.rs (nightly) labels every item gated by a feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

#[cfg(feature = "alloc")]
extern crate alloc;
#[cfg(all(feature = "rayon", not(target_os = "none")))]
extern crate std;

mod bounds;
mod certificate;
mod dense;
mod error;
mod exact;
pub mod geometry;
pub mod integrate;
mod operator;
mod pgs;
mod settings;
mod sparse;
pub mod stabilization;
pub mod world;

pub use bounds::Bounds;
pub use certificate::{Certificate, RowFlag};
pub use cwlist;
pub use dense::{DenseMatrix, solve_dense};
pub use dual;
pub use error::SolveError;
pub use exact::{ExactReport, ExactSolver, SubspaceReport};
pub use multibody;
pub use operator::RowOperator;
pub use pairs;
pub use pgs::{certify, pgs_sor, pgs_sor_observed, relax_row};
pub(crate) use pgs::{pgs_sor_continued, row_defect};
pub use rotint;
pub use settings::{BadRows, FALLBACK_PATIENCE, Fallback, PROBE_WINDOW, PgsSettings};
pub use sparse::{
    BodyInverseMass, BodyVelocity, ConstraintRow, JacobianBlock, RowCache, SequentialImpulse,
};
pub use xform;
