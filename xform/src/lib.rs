#![doc = include_str!("../README.md")]
#![no_std]
// docs.rs (nightly) labels every item gated by a feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod dynamic;
mod error;
pub mod euler;
pub mod hierarchy;
#[cfg(feature = "approx")]
mod impl_approx;
#[cfg(feature = "mint")]
mod impl_mint;
mod matrix;
mod quaternion;
pub mod rodrigues;
mod rotation;
#[cfg(feature = "approx")]
mod scalars;
mod skew;
pub mod spatial;
mod transform;
mod transform3a;
mod unit_quaternion;
mod vector;

pub use dynamic::{DynamicTransform, DynamicsDelta};
pub use error::Error;
pub use hierarchy::Hierarchy;
pub use matrix::{Matrix, Matrix2, Matrix3, Matrix4, Matrix6};
pub use quaternion::Quaternion;
pub use rotation::Rotation;
pub use skew::Skew;
pub use spatial::{ArticulatedInertia, Force, Inertia, Motion, Plx, Plxb};
pub use transform::Transform;
#[cfg(not(feature = "simd"))]
#[doc(hidden)]
pub use transform3a::Lanes;
pub use transform3a::{Lane4, Transform3A};
pub use unit_quaternion::UnitQuaternion;
pub use vector::{Vector, Vector2, Vector3, Vector4};
