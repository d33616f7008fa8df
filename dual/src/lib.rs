#![doc = include_str!("../README.md")]
#![no_std]
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod float;
mod helpers;
#[cfg(feature = "approx")]
mod impl_approx;
mod jet;
mod lift;
mod num_impls;
mod ops;
mod tangent;
mod taylor;
mod taylor_float;
mod taylor_ops;

pub use helpers::{
    derivative, directional_derivative, gradient, hessian, jacobian, jacobian_n_pass,
    nth_derivatives, second_derivative, third_derivative,
};
pub use jet::Jet;
pub use lift::Lift;
/// Re-exported so users can name `Float`/`FloatConst` without a direct dependency.
pub use num_traits;
pub use num_traits::{Float, FloatConst};
pub use tangent::Tangent;
pub use taylor::Taylor;

/// A dual number `re + ε·eps` with one derivative direction (`eps: T`).
///
/// Nest it, `Dual<Dual<T>>`, for second derivatives.
pub type Dual<T> = Jet<T, T>;

/// A dual number carrying `N` directional derivatives at once (`eps: [T; N]`), so a whole
/// Jacobian of `V: Rᴺ → Rᴹ` takes one evaluation. No allocation.
pub type DualVec<T, const N: usize> = Jet<T, [T; N]>;

/// `Dual<f32>`.
pub type Dual32 = Dual<f32>;
/// `Dual<f64>`.
pub type Dual64 = Dual<f64>;
