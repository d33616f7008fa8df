#![doc = include_str!("../README.md")]
#![no_std]
// docs.rs (nightly) labels every item gated by a feature with that feature.
#![cfg_attr(docsrs, feature(doc_cfg))]
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
///
/// # Example
/// ```
/// use dual::{Dual, Float};
/// let y = Dual::variable(0.5f64).sin(); // (sin 0.5, cos 0.5)
/// assert_eq!((y.re, y.eps), (0.5f64.sin(), 0.5f64.cos()));
/// ```
pub type Dual<T> = Jet<T, T>;

/// A dual number carrying `N` directional derivatives at once (`eps: [T; N]`), so a whole
/// Jacobian of `V: Rᴺ → Rᴹ` takes one evaluation. No allocation.
///
/// # Example
/// ```
/// use dual::{DualVec, Float};
/// let [x, y] = DualVec::<f64, 2>::variables([1.0, 2.0]);
/// let r = (x * x + y * y).sqrt(); // ∇r = (x, y)/r
/// let n = 5.0f64.sqrt();
/// assert!((r.eps[0] - 1.0 / n).abs() < 1e-15 && (r.eps[1] - 2.0 / n).abs() < 1e-15);
/// ```
pub type DualVec<T, const N: usize> = Jet<T, [T; N]>;

/// `Dual<f32>`.
///
/// # Example
/// ```
/// let y = dual::Dual32::variable(3.0) * dual::Dual32::variable(3.0);
/// assert_eq!((y.re, y.eps), (9.0f32, 6.0));
/// ```
pub type Dual32 = Dual<f32>;
/// `Dual<f64>`.
///
/// # Example
/// ```
/// let y = dual::Dual64::variable(3.0) * dual::Dual64::constant(2.0);
/// assert_eq!((y.re, y.eps), (6.0, 2.0));
/// ```
pub type Dual64 = Dual<f64>;
