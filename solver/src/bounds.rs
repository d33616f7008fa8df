//! Lower and upper limits of one multiplier, fixed or proportional to another multiplier.
use num_traits::Float;

use crate::RowFlag;

/// The admissible interval `[λ⁻, λ⁺]` of one multiplier.
///
/// Infinite limits are allowed (`-∞` and `+∞` for a bilateral joint row, `[0, +∞)` for a
/// contact). A friction row takes its limits from the current value of its normal row,
/// `±μ·max(λ_normal, 0)`, re-evaluated every time the row is visited (as ODE's `findex`).
///
/// # Example
/// ```
/// use solver::Bounds;
/// let contact = Bounds::unilateral();
/// let friction = Bounds::friction(0, 0.5);
/// let lambda = [4.0, 0.0];
/// assert_eq!(contact.interval(&lambda), (0.0, f64::INFINITY));
/// assert_eq!(friction.interval(&lambda), (-2.0, 2.0));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Bounds<T> {
    /// Fixed limits `lo <= λ <= hi`.
    Box {
        /// Lower limit λ⁻ (may be `-∞`).
        lo: T,
        /// Upper limit λ⁺ (may be `+∞`).
        hi: T,
    },
    /// Coulomb friction: `|λ| <= mu * max(λ[normal], 0)`.
    Friction {
        /// Index of the normal (non-penetration) row this friction row follows.
        normal: usize,
        /// Friction coefficient μ >= 0.
        mu: T,
    },
}

impl<T: Float> Bounds<T> {
    /// Fixed limits `[lo, hi]`.
    ///
    /// # Example
    /// ```
    /// use solver::Bounds;
    /// assert_eq!(Bounds::new(-1.0, 2.0).interval(&[]), (-1.0, 2.0));
    /// ```
    pub fn new(lo: T, hi: T) -> Self {
        Self::Box { lo, hi }
    }

    /// An equality (joint) row: `(-∞, +∞)`.
    ///
    /// # Example
    /// ```
    /// use solver::Bounds;
    /// assert_eq!(Bounds::<f64>::bilateral().interval(&[]), (f64::NEG_INFINITY, f64::INFINITY));
    /// ```
    #[must_use]
    pub fn bilateral() -> Self {
        Self::Box {
            lo: T::neg_infinity(),
            hi: T::infinity(),
        }
    }

    /// A non-penetration row: `[0, +∞)`.
    ///
    /// # Example
    /// ```
    /// use solver::Bounds;
    /// assert_eq!(Bounds::<f32>::unilateral().interval(&[]), (0.0, f32::INFINITY));
    /// ```
    #[must_use]
    pub fn unilateral() -> Self {
        Self::Box {
            lo: T::zero(),
            hi: T::infinity(),
        }
    }

    /// A friction row bounded by `±mu·λ[normal]`.
    ///
    /// # Example
    /// ```
    /// use solver::Bounds;
    /// // A negative normal impulse gives no friction at all.
    /// assert_eq!(Bounds::friction(0, 0.3).interval(&[-1.0]), (0.0, 0.0));
    /// assert_eq!(Bounds::friction(0, 0.25).interval(&[2.0]), (-0.5, 0.5));
    /// ```
    pub fn friction(normal: usize, mu: T) -> Self {
        Self::Friction { normal, mu }
    }

    /// The interval for the current multipliers `lambda`.
    ///
    /// # Example
    /// ```
    /// use solver::Bounds;
    /// assert_eq!(Bounds::friction(1, 0.5).interval(&[0.0, 3.0]), (-1.5, 1.5));
    /// ```
    ///
    /// # Panics
    /// If a friction row's `normal` is out of range of `lambda` (solvers check this first).
    #[inline]
    pub fn interval(&self, lambda: &[T]) -> (T, T) {
        match *self {
            Self::Box { lo, hi } => (lo, hi),
            Self::Friction { normal, mu } => {
                // A comparison, not `max` (a libm call on the Cortex-M4F): a NaN or
                // negative normal impulse gives 0 either way.
                let normal = lambda[normal];
                let limit = mu
                    * if normal > T::zero() {
                        normal
                    } else {
                        T::zero()
                    };
                (-limit, limit)
            }
        }
    }

    /// Whether the limits are usable: no NaN, `lo <= hi`, `lo < +∞`, `hi > -∞`, `mu >= 0`
    /// finite.
    ///
    /// # Example
    /// ```
    /// use solver::Bounds;
    /// assert!(Bounds::new(0.0, 1.0).is_valid());
    /// assert!(!Bounds::new(1.0, 0.0).is_valid());
    /// assert!(!Bounds::friction(0, -0.1).is_valid());
    /// ```
    pub fn is_valid(&self) -> bool {
        match *self {
            Self::Box { lo, hi } => lo <= hi && lo != T::infinity() && hi != T::neg_infinity(),
            Self::Friction { mu, .. } => mu.is_finite() && mu >= T::zero(),
        }
    }
}

impl<T: Float> Bounds<T> {
    /// What is wrong with the limits, if anything: a NaN limit or a non-finite μ is
    /// [`RowFlag::NonFinite`], an empty interval [`RowFlag::InvertedBounds`].
    pub(crate) fn fault(&self) -> Option<RowFlag> {
        match *self {
            Self::Box { lo, hi } if lo.is_nan() || hi.is_nan() => {
                Some(RowFlag::NonFinite { what: "bounds" })
            }
            Self::Friction { mu, .. } if !mu.is_finite() => Some(RowFlag::NonFinite { what: "mu" }),
            _ if !self.is_valid() => Some(RowFlag::InvertedBounds),
            _ => None,
        }
    }

    /// The limits of the sum of `m` merged copies of this row: `m` times as wide.
    pub(crate) fn scaled(&self, m: usize) -> Self {
        let m = T::from(m).unwrap_or_else(T::one);
        match *self {
            Self::Box { lo, hi } => Self::Box {
                lo: lo * m,
                hi: hi * m,
            },
            Self::Friction { normal, mu } => Self::Friction { normal, mu: mu * m },
        }
    }
}

/// `a.max(b)` (NaN ignored, as `Float::max`) by comparison: `Float::max` is a call of libm's
/// `fmaxf` on the Cortex-M4F (about 12 instructions, see [`clamp`]).
#[inline]
pub(crate) fn larger<T: Float>(a: T, b: T) -> T {
    if b > a || a.is_nan() { b } else { a }
}

/// `x` limited to `[lo, hi]` (assumes `lo <= hi`, neither NaN) by two comparisons, one
/// instruction each; a NaN `x` stays NaN, so a non-finite iterate reaches the caller's
/// check instead of becoming a limit. Equal to [`clamp`] for every `x` but NaN.
#[inline]
pub(crate) fn limit<T: Float>(x: T, lo: T, hi: T) -> T {
    if x < lo {
        lo
    } else if x > hi {
        hi
    } else {
        x
    }
}

/// Whether `a` and `b` are both finite, by arithmetic: `x − x` is 0 for a finite `x` and
/// NaN for an infinite or NaN one (IEEE 754, which Rust does not relax). Two subtractions,
/// an addition and one comparison: on the Cortex-M4F half the instructions of two
/// `is_finite` (each moves the value to a core register, masks and compares).
#[inline]
#[allow(
    clippy::eq_op,
    reason = "x − x is the test: 0 exactly when x is finite"
)]
pub(crate) fn both_finite<T: Float>(a: T, b: T) -> bool {
    (a - a) + (b - b) == T::zero()
}

/// Clamps `x` into `[lo, hi]` (assumes `lo <= hi`).
#[inline]
pub(crate) fn clamp<T: Float>(x: T, lo: T, hi: T) -> T {
    // Comparisons, not `Float::max`/`min`: through num-traits' no_std path those are calls to
    // libm's `fmaxf`/`fminf` on the Cortex-M4F (about 12 instructions each) in the row kernel
    // of every sweep. The results are those of `x.max(lo).min(hi)`, NaN included: a NaN `x`
    // gives `lo`, a NaN bound is ignored.
    let x = if x.is_nan() || x < lo { lo } else { x };
    if x > hi { hi } else { x }
}

#[cfg(test)]
mod tests {
    //! The comparison kernels against the standard library's definitions, on random values
    //! and on every pair of special values (±0, subnormals, extremes, ±∞, NaN).
    use super::*;
    use proptest::prelude::*;

    fn specials() -> [f32; 10] {
        [
            0.0,
            -0.0,
            f32::MIN_POSITIVE / 4.0,
            -1.5,
            f32::MAX,
            f32::MIN,
            f32::INFINITY,
            f32::NEG_INFINITY,
            f32::NAN,
            1.0,
        ]
    }

    #[test]
    fn both_finite_on_special_values() {
        for a in specials() {
            for b in specials() {
                assert_eq!(both_finite(a, b), a.is_finite() && b.is_finite(), "{a} {b}");
                let (a, b) = (f64::from(a), f64::from(b));
                assert_eq!(both_finite(a, b), a.is_finite() && b.is_finite(), "{a} {b}");
            }
        }
    }

    #[test]
    fn limit_on_special_values() {
        for x in specials() {
            for lo in specials().into_iter().filter(|v| !v.is_nan()) {
                for hi in specials().into_iter().filter(|&v| !v.is_nan() && v >= lo) {
                    let got = limit(x, lo, hi);
                    if x.is_nan() {
                        assert!(got.is_nan());
                    } else {
                        // The same bits as `clamp` and as std's `max`/`min` (signed zeros too).
                        assert_eq!(got.to_bits(), clamp(x, lo, hi).to_bits(), "{x} {lo} {hi}");
                        assert_eq!(got, x.max(lo).min(hi), "{x} {lo} {hi}");
                    }
                }
            }
        }
    }

    proptest! {
        #[test]
        fn limit_is_std_clamp(x in -1e3..1e3f64, a in -1e3..1e3f64, b in -1e3..1e3f64) {
            let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
            prop_assert_eq!(limit(x, lo, hi), x.clamp(lo, hi));
            prop_assert!(both_finite(x, lo));
            prop_assert!(!both_finite(x / 0.0 + 1.0 / 0.0, lo));
        }
    }
}
