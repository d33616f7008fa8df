//! The gyroscopic term: `α = I⁻¹(τ − ω×L)`, `L = Iω`, and three ways to advance ω with it.
//!
//! Everything here is in the **body** frame, where the inertia tensor is constant (Euler's
//! equations). Rotate world vectors into the body with `q⁻¹` first, or use
//! [`Stepper::step_with_torque`](crate::Stepper::step_with_torque), which does it for you.
//!
//! # Which scheme when
//!
//! | scheme | cost | torque-free behaviour | use it for |
//! |---|---|---|---|
//! | [`GyroScheme::Explicit`] | one solve with I⁻¹ | energy and \|L\| **grow**; blows up for fast spins of elongated bodies | small `|ω|Δt`, or as a reference; never for long unattended runs |
//! | [`GyroScheme::ImplicitEulerNewton`] | one 3×3 solve | energy and \|L\| **decay** (artificial damping), unconditionally tame | games: what Bullet does, stable and cheap, not accurate |
//! | [`GyroScheme::ImplicitMidpoint`] | 2–4 Newton iterations | energy and \|L\| **conserved** to the solver tolerance | accuracy: precession, the intermediate-axis flip, long runs |
//!
//! The measured drift for principal moments (3, 5, 9), `ω₀ = (0.01, 2, 0.01)` rad/s is in
//! the crate README.
use num_traits::Float;
use xform::{Matrix, Skew, Vector};

use crate::Error;
use crate::magnus::lit;

/// A body-frame inertia tensor with its inverse: symmetric positive definite.
///
/// # Example
/// ```
/// use rotint::BodyInertia;
/// use rotint::xform::Vector;
/// let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0f64])).unwrap();
/// assert_eq!(i.momentum(Vector([1.0, 1.0, 1.0])), Vector([1.0, 2.0, 3.0]));
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyInertia<T> {
    tensor: Matrix<T, 3, 3>,
    inverse: Matrix<T, 3, 3>,
}

impl<T: Float> BodyInertia<T> {
    /// Checks and stores a body-frame inertia tensor.
    ///
    /// # Errors
    /// [`Error::InvalidInertia`] unless the tensor is finite, symmetric (to `8ε` of its largest
    /// entry) and positive definite (positive leading principal minors).
    ///
    /// # Example
    /// ```
    /// use rotint::{BodyInertia, Error};
    /// use rotint::xform::Matrix;
    /// let ok = BodyInertia::try_new(Matrix([[2.0, 0.1, 0.0], [0.1, 3.0, 0.0], [0.0, 0.0, 4.0f64]]));
    /// assert!(ok.is_ok());
    /// let lopsided = Matrix([[1.0, 2.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0f64]]);
    /// assert_eq!(BodyInertia::try_new(lopsided).unwrap_err(), Error::InvalidInertia);
    /// ```
    pub fn try_new(tensor: Matrix<T, 3, 3>) -> Result<Self, Error> {
        if !tensor.is_finite() {
            return Err(Error::InvalidInertia);
        }
        let scale = tensor.amax();
        let tol = scale * T::epsilon() * lit(8.0);
        for i in 0..3 {
            for j in 0..i {
                if (tensor[(i, j)] - tensor[(j, i)]).abs() > tol {
                    return Err(Error::InvalidInertia);
                }
            }
        }
        let m1 = tensor[(0, 0)];
        let m2 = tensor[(0, 0)] * tensor[(1, 1)] - tensor[(0, 1)] * tensor[(1, 0)];
        let m3 = tensor.determinant();
        if !(m1 > T::zero() && m2 > T::zero() && m3 > T::zero()) {
            return Err(Error::InvalidInertia);
        }
        let inverse = tensor.try_inverse().map_err(|_| Error::InvalidInertia)?;
        Ok(Self { tensor, inverse })
    }

    /// A diagonal tensor from the principal moments of inertia.
    ///
    /// # Errors
    /// [`Error::InvalidInertia`] unless every moment is finite and positive.
    ///
    /// # Example
    /// ```
    /// use rotint::BodyInertia;
    /// use rotint::xform::Vector;
    /// assert!(BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0f64])).is_ok());
    /// assert!(BodyInertia::try_from_principal(Vector([1.0, -2.0, 3.0f64])).is_err());
    /// ```
    pub fn try_from_principal(moments: Vector<T, 3>) -> Result<Self, Error> {
        Self::try_new(Matrix::from_diagonal(moments))
    }

    /// The tensor `I` (body frame).
    ///
    /// # Example
    /// ```
    /// use rotint::BodyInertia;
    /// use rotint::xform::Vector;
    /// let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0f64])).unwrap();
    /// assert_eq!(i.tensor().0[1][1], 2.0);
    /// ```
    pub fn tensor(&self) -> &Matrix<T, 3, 3> {
        &self.tensor
    }

    /// The inverse `I⁻¹` (body frame).
    ///
    /// # Example
    /// ```
    /// use rotint::BodyInertia;
    /// use rotint::xform::Vector;
    /// let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 4.0f64])).unwrap();
    /// assert_eq!(i.inverse().0[2][2], 0.25);
    /// ```
    pub fn inverse(&self) -> &Matrix<T, 3, 3> {
        &self.inverse
    }

    /// Angular momentum `L = Iω`.
    ///
    /// # Example
    /// ```
    /// use rotint::BodyInertia;
    /// use rotint::xform::Vector;
    /// let i = BodyInertia::try_from_principal(Vector([2.0, 2.0, 2.0f64])).unwrap();
    /// assert_eq!(i.momentum(Vector([0.0, 1.0, 0.0])), Vector([0.0, 2.0, 0.0]));
    /// ```
    #[inline]
    pub fn momentum(&self, omega: Vector<T, 3>) -> Vector<T, 3> {
        self.tensor * omega
    }

    /// Rotational kinetic energy `½ ω·Iω`.
    ///
    /// # Example
    /// ```
    /// use rotint::BodyInertia;
    /// use rotint::xform::Vector;
    /// let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0f64])).unwrap();
    /// assert_eq!(i.kinetic_energy(Vector([0.0, 0.0, 2.0])), 6.0); // ½·3·2²
    /// ```
    #[inline]
    pub fn kinetic_energy(&self, omega: Vector<T, 3>) -> T {
        omega.dot(&self.momentum(omega)) / (T::one() + T::one())
    }

    /// `α = I⁻¹(τ − ω×L)`: the angular acceleration including the gyroscopic term (seed 001).
    ///
    /// # Example
    /// ```
    /// use rotint::BodyInertia;
    /// use rotint::xform::Vector;
    /// // Spinning about a principal axis: no gyroscopic torque, α = I⁻¹τ.
    /// let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 4.0f64])).unwrap();
    /// let a = i.angular_acceleration(Vector([0.0, 0.0, 5.0]), Vector([0.0, 2.0, 0.0]));
    /// assert_eq!(a, Vector([0.0, 1.0, 0.0]));
    /// ```
    #[inline]
    pub fn angular_acceleration(&self, omega: Vector<T, 3>, torque: Vector<T, 3>) -> Vector<T, 3> {
        self.inverse * (torque - omega.cross(&self.momentum(omega)))
    }

    /// The angular velocity after `dt` with constant body torque `torque`, by `scheme`.
    ///
    /// # Errors
    /// [`Error::NonFinite`] for non-finite input or result; [`Error::InvalidParameter`] for an
    /// implicit-midpoint tolerance that is negative, NaN or infinite (an infinite one would
    /// accept the first iterate); [`Error::NotConverged`] if a Newton matrix is singular or the
    /// midpoint iteration misses its tolerance.
    ///
    /// # Example
    /// ```
    /// use rotint::{BodyInertia, GyroScheme};
    /// use rotint::xform::Vector;
    /// let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0f64])).unwrap();
    /// let w = Vector([0.3, 1.0, -0.2]);
    /// let w1 = i.advance_omega(w, Vector([0.0; 3]), 0.01, GyroScheme::implicit_midpoint()).unwrap();
    /// // Torque-free implicit midpoint keeps the kinetic energy.
    /// assert!((i.kinetic_energy(w1) - i.kinetic_energy(w)).abs() < 1e-15);
    /// ```
    pub fn advance_omega(
        &self,
        omega: Vector<T, 3>,
        torque: Vector<T, 3>,
        dt: T,
        scheme: GyroScheme<T>,
    ) -> Result<Vector<T, 3>, Error> {
        if !(omega.is_finite() && torque.is_finite() && dt.is_finite()) {
            return Err(Error::NonFinite);
        }
        // An infinite tolerance would accept the first iterate as converged.
        if let GyroScheme::ImplicitMidpoint { tolerance, .. } = scheme
            && !(tolerance >= T::zero() && tolerance.is_finite())
        {
            return Err(Error::InvalidParameter);
        }
        let next = match scheme {
            GyroScheme::Explicit => omega + self.angular_acceleration(omega, torque) * dt,
            GyroScheme::ImplicitEulerNewton => {
                // f(x) = I(x − ω) + dt(x×Ix − τ) = 0; one Newton step from x = ω.
                let f = (omega.cross(&self.momentum(omega)) - torque) * dt;
                let j = self.tensor + self.gyro_jacobian(omega) * dt;
                omega - solve(&j, f)?
            }
            GyroScheme::ImplicitMidpoint {
                tolerance,
                max_iterations,
            } => self.implicit_midpoint(omega, torque, dt, tolerance, max_iterations)?,
        };
        if next.is_finite() {
            Ok(next)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// `∂(x × Ix)/∂x = [x]× I − [Ix]×`.
    #[inline]
    fn gyro_jacobian(&self, x: Vector<T, 3>) -> Matrix<T, 3, 3> {
        let a = *Skew::from_vector(x).matrix() * self.tensor;
        a - *Skew::from_vector(self.momentum(x)).matrix()
    }

    /// Solves `I(x − ω) + dt(m×Im − τ) = 0`, `m = ½(ω + x)`, by Newton's method.
    ///
    /// Dotting with m shows `x·Ix = ω·Iω` exactly when τ = 0 (I symmetric), and dotting
    /// `L' − L` with `L' + L = 2Im` shows `|L'| = |L|`: both invariants hold to the accuracy
    /// of the solve.
    fn implicit_midpoint(
        &self,
        omega: Vector<T, 3>,
        torque: Vector<T, 3>,
        dt: T,
        tolerance: T,
        max_iterations: u32,
    ) -> Result<Vector<T, 3>, Error> {
        let half = T::one() / (T::one() + T::one());
        // Explicit prediction: the first Newton step then starts O(dt²) from the root.
        let mut x = omega + self.angular_acceleration(omega, torque) * dt;
        for _ in 0..max_iterations {
            let m = (omega + x) * half;
            let g = self.tensor * (x - omega) + (m.cross(&self.momentum(m)) - torque) * dt;
            let j = self.tensor + self.gyro_jacobian(m) * (dt * half);
            let dx = solve(&j, g)?;
            x -= dx;
            if !x.is_finite() {
                return Err(Error::NonFinite);
            }
            if dx.amax() <= tolerance * x.amax().max(omega.amax()) {
                return Ok(x);
            }
        }
        Err(Error::NotConverged)
    }
}

/// How [`BodyInertia::advance_omega`] integrates `Iω̇ = τ − ω×Iω` over one step.
///
/// # Example
/// ```
/// use rotint::{BodyInertia, GyroScheme};
/// use rotint::xform::Vector;
/// let i = BodyInertia::try_from_principal(Vector([1.0, 2.0, 3.0f64])).unwrap();
/// let w = Vector([0.3, 1.0, -0.2]);
/// let e0 = i.kinetic_energy(w);
/// let gain = i.advance_omega(w, Vector([0.0; 3]), 0.1, GyroScheme::Explicit).unwrap();
/// let loss = i.advance_omega(w, Vector([0.0; 3]), 0.1, GyroScheme::ImplicitEulerNewton).unwrap();
/// assert!(i.kinetic_energy(gain) > e0 && i.kinetic_energy(loss) < e0);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum GyroScheme<T> {
    /// Explicit Euler: `ω' = ω + Δt I⁻¹(τ − ω×Iω)`. Gains energy.
    Explicit,
    /// One Newton step of implicit Euler from `ω` (Bullet's
    /// `computeGyroscopicImpulseImplicit_Body`, here with the torque inside the residual).
    /// Loses energy; stable.
    ImplicitEulerNewton,
    /// Implicit midpoint, Newton-solved until the update is below `tolerance` relative to
    /// `max|ω|`. Conserves kinetic energy and `|L|` for torque-free motion.
    ImplicitMidpoint {
        /// Relative stopping tolerance on the Newton update (e.g. `8ε`).
        tolerance: T,
        /// Iteration limit; [`Error::NotConverged`] beyond it.
        max_iterations: u32,
    },
}

impl<T: Float> GyroScheme<T> {
    /// Implicit midpoint with tolerance `8ε` and at most 16 iterations.
    ///
    /// # Example
    /// ```
    /// use rotint::GyroScheme;
    /// let GyroScheme::ImplicitMidpoint { max_iterations, .. } = GyroScheme::<f64>::implicit_midpoint() else {
    ///     unreachable!()
    /// };
    /// assert_eq!(max_iterations, 16);
    /// ```
    pub fn implicit_midpoint() -> Self {
        Self::ImplicitMidpoint {
            tolerance: T::epsilon() * lit(8.0),
            max_iterations: 16,
        }
    }
}

/// Solves the 3×3 system `j x = b` by the explicit inverse (Cramer).
#[inline]
fn solve<T: Float>(j: &Matrix<T, 3, 3>, b: Vector<T, 3>) -> Result<Vector<T, 3>, Error> {
    j.try_inverse()
        .map(|inv| inv * b)
        .map_err(|_| Error::NotConverged)
}
