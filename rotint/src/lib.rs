#![doc = include_str!("../README.md")]
#![no_std]
// docs.rs (nightly) labels every item gated by a feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod accurate;
mod error;
mod exp_map;
mod frame;
mod gyro;
pub mod magnus;
mod stepper;

pub use error::Error;
pub use exp_map::{
    ExpMap, cubic_angle, cubic_angle_error_bound, matrix_exp, quat_exp, quat_exp_cubic,
    quat_exp_quintic,
};
pub use frame::Frame;
pub use gyro::{BodyInertia, GyroScheme};
pub use magnus::{MagnusTerms, magnus};
pub use stepper::{Guard, Stepper};
/// The vector, matrix and quaternion types used here, re-exported so users can name them
/// without a direct dependency.
pub use xform;
