//! Errors of shape construction.
use core::fmt;

/// A shape parameter that is out of range: which one, and the offending value (as `f64`,
/// `NaN` if it could not be represented).
///
/// ```
/// use solver::geometry::{ShapeError, Sphere};
/// let e = Sphere::new(-1.0).unwrap_err();
/// assert!(matches!(e, ShapeError::InvalidParameter { shape: "sphere", parameter: "radius", .. }));
/// assert_eq!(e.to_string(), "invalid sphere parameter `radius` = -1: must be finite and > 0");
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum ShapeError {
    /// A parameter outside its documented range or not finite.
    InvalidParameter {
        /// The shape (`"sphere"`, `"cuboid"`, `"capsule"`, `"half-space"`).
        shape: &'static str,
        /// The parameter (`"radius"`, `"half_extents[1]"`, `"half_height"`, ...).
        parameter: &'static str,
        /// Its value.
        value: f64,
        /// What it must be (`"finite and > 0"`, `"finite and >= 0"`, ...).
        requirement: &'static str,
    },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::InvalidParameter {
                shape,
                parameter,
                value,
                requirement,
            } => write!(
                f,
                "invalid {shape} parameter `{parameter}` = {value}: must be {requirement}"
            ),
        }
    }
}

impl core::error::Error for ShapeError {}

fn invalid<T: num_traits::Float>(
    shape: &'static str,
    parameter: &'static str,
    value: T,
    requirement: &'static str,
) -> ShapeError {
    ShapeError::InvalidParameter {
        shape,
        parameter,
        value: value.to_f64().unwrap_or(f64::NAN),
        requirement,
    }
}

/// `Ok(())` if `value` is finite and `> 0`, else the error naming it.
pub(crate) fn check_positive<T: num_traits::Float>(
    shape: &'static str,
    parameter: &'static str,
    value: T,
) -> Result<(), ShapeError> {
    if value.is_finite() && value > T::zero() {
        Ok(())
    } else {
        Err(invalid(shape, parameter, value, "finite and > 0"))
    }
}

/// `Ok(())` if `value` is finite and `>= 0`, else the error naming it.
pub(crate) fn check_non_negative<T: num_traits::Float>(
    shape: &'static str,
    parameter: &'static str,
    value: T,
) -> Result<(), ShapeError> {
    if value.is_finite() && value >= T::zero() {
        Ok(())
    } else {
        Err(invalid(shape, parameter, value, "finite and >= 0"))
    }
}
