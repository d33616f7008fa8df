//! The scalars a world runs on, and the precision its direct joint solve factors in.
//!
//! The augmented `LDLᵀ` of the joint tree is not backward stable for `Γ = J M⁻¹ Jᵀ` under
//! mass ratios (module `tree`): factored in `f32`, a 1000:1 tree's joint rows held only to
//! 1e-4 of their scale, and nearly redundant loops of the joint graph lost their equations.
//! So each scalar names a working precision for the two factorizations: `f64` for `f64`,
//! and for `f32` a [`Twofold`] — an unevaluated sum of two `f32`, about 48 bits, computed
//! with `f32` operations only (error-free two-sum and two-product), so an `f32` world never
//! calls software double precision on an FPU that has none (Cortex-M4F).
use core::fmt::Debug;
use core::ops::{Add, Div, Mul, Neg, Sub};

use num_traits::Float;
use num_traits::float::FloatConst;

use super::twofold::Twofold;

/// A scalar a [`World`](super::World) can run on: `f32` or `f64`.
///
/// Sealed: the world's direct joint solve factors in a working precision chosen per scalar
/// (`f64` for `f64`; for `f32`, pairs of `f32` with error-free transformations, about 48
/// bits, so an `f32` world does no `f64` arithmetic at all).
///
/// # Example
/// ```
/// use solver::world::{Scalar, World, WorldSettings};
/// fn empty<T: Scalar>() -> World<T, solver::cwlist::Growable> {
///     World::new(WorldSettings::default()).unwrap()
/// }
/// assert_eq!(empty::<f32>().bodies().len(), 0);
/// assert_eq!(empty::<f64>().time(), 0.0);
/// ```
pub trait Scalar: Float + FloatConst + Debug + Send + Sync + sealed::Sealed {}

impl Scalar for f32 {}
impl Scalar for f64 {}

pub(crate) mod sealed {
    /// The working precision of a scalar (see the module docs).
    pub trait Sealed: Sized {
        /// What the joint tree and the joint graph factor in.
        type Working: super::Arithmetic<Self>;
        /// Whether `Working` is wider than the scalar (then the joint tree first tries
        /// factors in the scalar itself, [`Precision::Scalar`](super::Precision)).
        const WIDER_WORKING: bool;
        /// The scalar as an [`Arithmetic`](super::Arithmetic) of itself (`Self`).
        type Single: super::Arithmetic<Self>;
        /// `self` exactly.
        fn widen(self) -> Self::Working;
        /// Rounded to the scalar.
        fn narrow(w: Self::Working) -> Self;
    }

    impl Sealed for f32 {
        type Working = super::Twofold;
        const WIDER_WORKING: bool = true;
        type Single = f32;
        fn widen(self) -> super::Twofold {
            super::Twofold::from(self)
        }
        fn narrow(w: super::Twofold) -> f32 {
            w.rounded()
        }
    }

    impl Sealed for f64 {
        type Working = f64;
        const WIDER_WORKING: bool = false;
        type Single = f64;
        fn widen(self) -> f64 {
            self
        }
        fn narrow(w: f64) -> f64 {
            w
        }
    }
}

/// The working precision of scalar `T`.
pub(crate) type WorkingOf<T> = <T as sealed::Sealed>::Working;

/// The arithmetic the factorizations need.
pub trait Working:
    Copy
    + Send
    + Sync
    + Debug
    + PartialOrd
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Div<Output = Self>
    + Neg<Output = Self>
{
    /// 0.
    fn zero() -> Self;
    /// 1.
    fn one() -> Self;
    /// The square root, correctly rounded or nearly (NaN below zero).
    fn sqrt(self) -> Self;
    /// `|x|`.
    fn abs(self) -> Self;
    /// Whether it is NaN.
    fn is_nan(self) -> bool;
    /// The larger of the two (`other` if `self` is NaN).
    fn max(self, other: Self) -> Self {
        if self >= other || other.is_nan() {
            self
        } else {
            other
        }
    }
    /// The smallest positive normal number.
    fn min_positive() -> Self;
}

impl Working for f64 {
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
    fn sqrt(self) -> Self {
        Float::sqrt(self)
    }
    fn abs(self) -> Self {
        Float::abs(self)
    }
    fn is_nan(self) -> bool {
        Float::is_nan(self)
    }
    fn max(self, other: Self) -> Self {
        Float::max(self, other)
    }
    fn min_positive() -> Self {
        f64::MIN_POSITIVE
    }
}

impl Working for f32 {
    fn zero() -> Self {
        0.0
    }
    fn one() -> Self {
        1.0
    }
    fn sqrt(self) -> Self {
        fpu::sqrt(self)
    }
    fn abs(self) -> Self {
        Float::abs(self)
    }
    fn is_nan(self) -> bool {
        Float::is_nan(self)
    }
    fn min_positive() -> Self {
        f32::MIN_POSITIVE
    }
}

/// An arithmetic the joint tree of scalar `T` factors and solves in: the scalar itself or
/// its working precision, with the conversions to both (exact where they widen).
pub trait Arithmetic<T: sealed::Sealed>: Working {
    /// `x` in this arithmetic.
    fn from_scalar(x: T) -> Self;
    /// Rounded to the scalar.
    fn to_scalar(self) -> T;
    /// A stored factor entry in this arithmetic (rounded if this is the scalar).
    fn from_working(w: WorkingOf<T>) -> Self;
    /// Stored as a factor entry (exact).
    fn to_working(self) -> WorkingOf<T>;
}

impl Arithmetic<f32> for f32 {
    #[inline(always)]
    fn from_scalar(x: f32) -> Self {
        x
    }
    #[inline(always)]
    fn to_scalar(self) -> f32 {
        self
    }
    #[inline(always)]
    fn from_working(w: Twofold) -> Self {
        w.rounded()
    }
    #[inline(always)]
    fn to_working(self) -> Twofold {
        Twofold::from(self)
    }
}

impl Arithmetic<f32> for Twofold {
    #[inline(always)]
    fn from_scalar(x: f32) -> Self {
        Twofold::from(x)
    }
    #[inline(always)]
    fn to_scalar(self) -> f32 {
        self.rounded()
    }
    #[inline(always)]
    fn from_working(w: Twofold) -> Self {
        w
    }
    #[inline(always)]
    fn to_working(self) -> Twofold {
        self
    }
}

impl Arithmetic<f64> for f64 {
    #[inline(always)]
    fn from_scalar(x: f64) -> Self {
        x
    }
    #[inline(always)]
    fn to_scalar(self) -> f64 {
        self
    }
    #[inline(always)]
    fn from_working(w: f64) -> Self {
        w
    }
    #[inline(always)]
    fn to_working(self) -> f64 {
        self
    }
}

/// The precision of a joint tree's factors.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Precision {
    /// The scalar's own: about 20 times cheaper than pairs of `f32` on a Cortex-M4F, and
    /// enough wherever iterative refinement converges (LAPACK's `sgesv` mixed-precision
    /// scheme, with a fallback to the working precision where it does not).
    Scalar,
    /// The scalar's working precision ([`WorkingOf`]).
    Working,
}
