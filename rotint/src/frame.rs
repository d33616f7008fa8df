//! Which side the angular velocity acts on: the two conventions of the rotation ODE.

/// The frame in which the angular velocity ω (and acceleration α) is expressed.
///
/// The choice changes the ODE, and with it the sign of the even Magnus terms.
///
/// # Example
/// ```
/// use rotint::{Frame, Stepper};
/// use rotint::xform::{Quaternion, Vector};
/// // The same spin in world and body axes gives the same orientation.
/// let q0 = rotint::quat_exp(Vector([0.3, 0.0, 0.0f64]));
/// let w_body = Vector([0.0, 0.0, 1.0]);
/// let w_world = q0.rotate(&w_body);
/// let z = Vector([0.0; 3]);
/// let (qb, _) = Stepper::new().with_frame(Frame::Body).step(q0, w_body, z, 0.1).unwrap();
/// let (qw, _) = Stepper::new().with_frame(Frame::World).step(q0, w_world, z, 0.1).unwrap();
/// assert!((qb - qw).norm() < 1e-15);
/// ```
///
/// The default is [`Frame::Body`], as for [`Stepper::new`](crate::Stepper::new): Euler's
/// equations live there, and the energy-conserving midpoint step keeps its invariants to
/// rounding without converting ω every step.
///
/// ```
/// assert_eq!(rotint::Frame::default(), rotint::Frame::Body);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Frame {
    /// ω in world coordinates: `q̇ = ½ ω q`, `Ṙ = ω× R`; the step is `q' = exp(½Ω) q`
    /// (left multiplication). This is the seed's convention.
    World,
    /// ω in body coordinates: `q̇ = ½ q ω`, `Ṙ = R ω×`; the step is `q' = q exp(½Ω)`
    /// (right multiplication). Euler's equations (the gyroscopic term) live here.
    #[default]
    Body,
}

impl Frame {
    /// The sign of the even Magnus terms (Ω2, Ω4): `+1` in the world frame, `-1` in the body
    /// frame.
    ///
    /// Why: `Y' = Y A` is `(Yᵀ)' = -A Yᵀ`, so the body-frame series is the world series of `-A`
    /// transposed, which flips every term of even degree in A.
    ///
    /// # Example
    /// ```
    /// use rotint::Frame;
    /// assert_eq!((Frame::World.even_sign::<f64>(), Frame::Body.even_sign::<f64>()), (1.0, -1.0));
    /// ```
    #[inline]
    pub fn even_sign<T: num_traits::Float>(self) -> T {
        match self {
            Self::World => T::one(),
            Self::Body => -T::one(),
        }
    }
}
