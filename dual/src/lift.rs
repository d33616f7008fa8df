//! Lifting constants into a scalar type: code written once, generic over `S: Lift<T>`, runs
//! with plain numbers (`S = T`) and with dual numbers (`S = Dual<T>`, `DualVec<T, N>`),
//! which then carry derivatives through it.
use num_traits::Float;

use crate::{Jet, Tangent, Taylor};

/// A scalar into which constants of type `T` can be lifted: `T` itself, and every dual
/// number over `T` (as a constant: derivative part zero).
///
/// # Example
/// ```
/// use dual::{Dual, Lift, derivative};
/// // A function written once over any scalar that lifts f64 constants.
/// fn spring<S: Lift<f64>>(x: S) -> S {
///     let k = S::lift(3.0);
///     k * x * x / S::lift(2.0)
/// }
/// assert_eq!(spring(2.0), 6.0);
/// assert_eq!(derivative(spring::<Dual<f64>>, 2.0), (6.0, 6.0)); // (½kx², kx)
/// ```
pub trait Lift<T>: Float {
    /// `value` as this scalar (derivative part zero).
    ///
    /// # Example
    /// ```
    /// use dual::{Dual, Lift};
    /// let c = <Dual<f64> as Lift<f64>>::lift(2.5);
    /// assert_eq!((c.re, c.eps), (2.5, 0.0));
    /// assert_eq!(<f32 as Lift<f32>>::lift(1.5), 1.5);
    /// ```
    #[must_use]
    fn lift(value: T) -> Self;
}

impl<T: Float> Lift<T> for T {
    #[inline(always)]
    fn lift(value: T) -> T {
        value
    }
}

impl<T: Float, D: Tangent<T>> Lift<T> for Jet<T, D>
where
    Jet<T, D>: Float,
{
    #[inline(always)]
    fn lift(value: T) -> Self {
        Jet::constant(value)
    }
}

impl<T: Float, const K: usize> Lift<T> for Taylor<T, K> {
    /// A constant series: every coefficient beyond the value is zero.
    ///
    /// ```
    /// use dual::{Lift, Taylor};
    /// let c = <Taylor<f64, 2> as Lift<f64>>::lift(3.0);
    /// assert_eq!(c.derivatives(), (3.0, [0.0, 0.0]));
    /// ```
    #[inline]
    fn lift(value: T) -> Self {
        Taylor::constant(value)
    }
}
