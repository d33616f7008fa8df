//! What a check is and how it reports a failure without allocating.
use core::fmt;

/// A named check: returns `Err` with what went wrong.
pub(crate) type Check = (&'static str, fn() -> Result<(), Failure>);

/// The checks of one library crate.
pub(crate) struct Group {
    pub(crate) name: &'static str,
    pub(crate) checks: &'static [Check],
}

/// Why a check failed: a message and, for numeric comparisons, what was seen and expected.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Failure {
    what: &'static str,
    numbers: Option<(f64, f64, f64)>,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.numbers {
            None => f.write_str(self.what),
            Some((got, expected, tol)) => {
                write!(
                    f,
                    "{}: got {got:e}, expected {expected:e} (tolerance {tol:e})",
                    self.what
                )
            }
        }
    }
}

/// Fails with `what` unless `condition` holds.
pub(crate) fn ensure(condition: bool, what: &'static str) -> Result<(), Failure> {
    if condition {
        Ok(())
    } else {
        Err(Failure {
            what,
            numbers: None,
        })
    }
}

/// Fails unless `|got - expected| <= tol * max(1, |expected|)` (NaN always fails).
pub(crate) fn close(got: f64, expected: f64, tol: f64, what: &'static str) -> Result<(), Failure> {
    let scale = if expected.abs() > 1.0 {
        expected.abs()
    } else {
        1.0
    };
    if (got - expected).abs() <= tol * scale {
        Ok(())
    } else {
        Err(Failure {
            what,
            numbers: Some((got, expected, tol)),
        })
    }
}
