//! Dynamic transforms: a transform together with its linear and angular velocity and
//! acceleration, and the group structure that converts dynamics between frames
//! (seed 000, second article, "The Dynamics of a Transform Hierarchy").
//!
//! A transform `A = (T, R, S)` maps child coordinates to parent coordinates,
//! `A(x) = S R x + T`, with linear part `J = S R`. Its dynamics relative to the parent are
//! `v = Ṫ`, `a = T̈`, and the angular velocity and acceleration `ω, α ∈ so(n)` defined by
//! `Ṙ = ω R` and `R̈ = (α + ω²) R` (the scale is constant). Composing, inverting and
//! differentiating the static transforms gives ([`DynamicTransform::compose`],
//! [`DynamicTransform::inverse`]):
//!
//! | | `A₃ = A₂ ∘ A₁` | `A' = A⁻¹` |
//! |---|---|---|
//! | `v` | `v₂ + J₂ v₁ + ω₂ J₂ T₁` | `J⁻¹ (ω T − v)` |
//! | `a` | `a₂ + J₂ a₁ + (α₂ + ω₂²) J₂ T₁ + 2 ω₂ J₂ v₁` | `J⁻¹ (α T − ω² T + 2 ω v − a)` |
//! | `ω` | `ω₂ + R₂ ω₁ R₂ᵀ` | `−Rᵀ ω R` |
//! | `α` | `α₂ + R₂ α₁ R₂ᵀ + [ω₂, ω₃]` | `−Rᵀ α R` |
//!
//! In a hierarchy, `A₂` is the parent's global (parent-to-world) transform and `A₁` the
//! child's local one: the composition is the local-to-global conversion and
//! [`DynamicTransform::global_to_local`] (and its second written form
//! [`DynamicTransform::try_global_to_local_with_transform`]) the inverse. Instantaneous
//! changes of the rates convert with [`DynamicsDelta`]
//! ([`DynamicTransform::local_delta_to_global`], [`DynamicTransform::global_delta_to_local`],
//! [`DynamicTransform::inherited_delta`]); forces and impulses in the non-inertial frame of
//! a parent are in [`inertial`] and [`impulse`]; whole trees in [`crate::hierarchy`].
//!
//! ```
//! use xform::{DynamicTransform, Skew, Transform, Vector};
//!
//! // A turntable spinning at 2 rad/s about z, and a point 1 m out on it, moving with
//! // (0, 1, 0) m/s relative to the table.
//! let mut table = DynamicTransform::<f64, 3>::identity();
//! table.angular_velocity = Skew::from_vector(Vector([0.0, 0.0, 2.0]));
//! let mut point = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0])));
//! point.velocity = Vector([0.0, 1.0, 0.0]);
//!
//! // Seen from the world: v = u + ω × r, a = ω × (ω × r) + 2 ω × u.
//! let world = table * point;
//! assert!((world.velocity - Vector([0.0, 3.0, 0.0])).norm() < 1e-12);
//! assert!((world.acceleration - Vector([-8.0, 0.0, 0.0])).norm() < 1e-12);
//!
//! // And back: the local dynamics are recovered.
//! let local = table.global_to_local(&world);
//! assert!((local.velocity - point.velocity).norm() < 1e-12);
//!
//! // With no force the point feels centrifugal and Coriolis accelerations in the table frame.
//! let a = table.force_to_local_acceleration(&point, &Vector([0.0; 3]), 1.0);
//! assert!((a.inertial.centrifugal - Vector([4.0, 0.0, 0.0])).norm() < 1e-12);
//! assert!((a.inertial.coriolis - Vector([4.0, 0.0, 0.0])).norm() < 1e-12);
//! ```
//!
//! # Verification
//!
//! `tests/dynamics*.rs` differentiate random paths `T(t) = T₀ + v t + a t²/2`,
//! `R(t) = exp(ω t + α t²/2) R₀` with nested dual numbers (`Dual<Dual<T>>`, the `dual`
//! crate) through the *static* composition and inverse, and compare every closed form here
//! (composition, inverse, both global-to-local forms, every delta rule, the inertial terms,
//! impulses, counteracting) against the exact derivatives, for N = 2, 3, 4 in f64 and f32.
//!
//! # Corrections to the seed
//!
//! Every formula of the article's dynamics sections (seed 000, repeated verbatim in seed 001)
//! was re-derived by differentiating the static group law and is checked this way; none of
//! them is wrong. Points where the text is easy to misread, and how they are handled here:
//!
//! - The second written form of `a₁` contains `v₁` on the right-hand side: `v₁` has to be
//!   computed first (done in [`DynamicTransform::try_global_to_local_with_transform`]).
//! - The 2D centrifugal term is written `(ω₂)² T₁` with `ω₂` the *scalar*: the written sign
//!   is the opposite of the n-D `−ω̃₂² T₁`, the value is the same, because the square of the
//!   2D skew matrix is `−ω² I`. The 2D terms carry no tilde because rotations commute in 2D.
//! - The paths' parameters `ω` and `α` are the angular velocity and acceleration only at
//!   `t = 0`: when `ω` and `α` do not commute, `Ṙ Rᵀ ≠ ω + α t` at other times. The tests
//!   therefore extract `ω = Ṙ Rᵀ` and `α = R̈ Rᵀ − ω²` at the evaluation time.
//! - The article takes the scale positive; nothing depends on it, and negative constant
//!   scales are tested too.
//! - `[ω₂, ω₃] = [ω₂, R₂ ω₁ R₂ᵀ]` and, in the inherited delta, `ω₃ − ω₂ = R₂ ω₁ R₂ᵀ` is the
//!   same before and after the parent's change, so it does not matter which `ω₃` is used.
//! - The correction for immediate children is given for a velocity change only
//!   ([`DynamicTransform::try_counteract_velocity_change`]); the general version for a
//!   change of all four rates is [`DynamicTransform::try_counteract_change`] (the local
//!   delta must be converted with the parent's rates *after* its change).
use core::ops::{Mul, MulAssign};

use num_traits::Float;

use crate::{Error, Matrix, Rotation, Skew, Transform, Vector};

mod delta;
#[cfg(feature = "approx")]
mod impl_approx;
pub mod impulse;
pub mod inertial;
mod kernels;

pub use delta::DynamicsDelta;
pub use inertial::{InertialAccelerations, LocalAcceleration};

use kernels::{
    add, apply, apply_upper, bracket, conjugate, conjugate_transpose, mat_mul, rotate,
    rotate_inverse, skew_is_finite, sub, to_skew, upper,
};

/// A transform with its dynamics relative to its parent frame: `(A, v, a, ω, α)`.
///
/// `parent * child` (or [`DynamicTransform::compose`]) is the dynamics of `A₂ ∘ A₁`, so a
/// child's global dynamics is `parent_global * child_local`. The scale is taken as
/// constant in time; the rotation is assumed to be a proper rotation (SO(n)).
///
/// # Example
/// ```
/// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
/// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
/// let parent = DynamicTransform::new(
///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
/// );
/// // A child 1 m along the parent's x axis, sliding along the parent's y axis.
/// let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0f64])));
/// child.velocity = Vector([0.0, 0.5, 0.0]);
/// let global = parent.compose(&child);
/// // The child's origin moves with the parent, turns with it, and slides.
/// assert!(global.velocity.norm() > 0.0);
/// assert!((parent.try_global_to_local(&global).unwrap().velocity - child.velocity).norm() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "T: serde::Serialize, [T; N]: serde::Serialize, [[T; N]; N]: serde::Serialize",
        deserialize = "T: serde::Deserialize<'de>, [T; N]: serde::Deserialize<'de>, [[T; N]; N]: serde::Deserialize<'de>"
    ))
)]
pub struct DynamicTransform<T, const N: usize> {
    /// The transform `A = (T, R, S)` (child to parent).
    pub transform: Transform<T, N>,
    /// The linear velocity `v = Ṫ`, in the parent basis.
    pub velocity: Vector<T, N>,
    /// The linear acceleration `a = T̈`, in the parent basis.
    pub acceleration: Vector<T, N>,
    /// The angular velocity `ω` with `Ṙ = ω R`, in the parent basis.
    pub angular_velocity: Skew<T, N>,
    /// The angular acceleration `α = ω̇`, so that `R̈ = (α + ω²) R`.
    pub angular_acceleration: Skew<T, N>,
}

impl<T: Float, const N: usize> DynamicTransform<T, N> {
    /// A transform with the given dynamics.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// assert_eq!(parent.angular_velocity.vector(), Vector([0.0, 0.0, 1.0]));
    /// ```
    #[inline]
    pub fn new(
        transform: Transform<T, N>,
        velocity: Vector<T, N>,
        acceleration: Vector<T, N>,
        angular_velocity: Skew<T, N>,
        angular_acceleration: Skew<T, N>,
    ) -> Self {
        Self {
            transform,
            velocity,
            acceleration,
            angular_velocity,
            angular_acceleration,
        }
    }

    /// A transform at rest relative to its parent (all rates zero).
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let f = DynamicTransform::at_rest(Transform::from_scale(2.0f64));
    /// assert_eq!(f.velocity, Vector([0.0; 3]));
    /// ```
    #[inline]
    pub fn at_rest(transform: Transform<T, N>) -> Self {
        Self::new(
            transform,
            Vector::zeros(),
            Vector::zeros(),
            Skew::zero(),
            Skew::zero(),
        )
    }

    /// The identity `(0, id, 1)` with null dynamics: an object is always at rest relative
    /// to itself.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let frame = DynamicTransform::<f64, 3>::identity();
    /// assert_eq!(frame.transform.apply_point(&Vector([1.0, 2.0, 3.0])), Vector([1.0, 2.0, 3.0]));
    /// ```
    #[inline]
    pub fn identity() -> Self {
        Self::at_rest(Transform::identity())
    }

    /// Whether every component is finite.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let frame = DynamicTransform::<f64, 3>::identity();
    /// assert!(frame.is_finite());
    /// let mut bad = frame;
    /// bad.velocity = Vector([f64::NAN, 0.0, 0.0]);
    /// assert!(!bad.is_finite());
    /// ```
    #[inline]
    pub fn is_finite(&self) -> bool {
        self.transform.translation.is_finite()
            && self.transform.rotation.matrix().is_finite()
            && self.transform.scale.is_finite()
            && self.velocity.is_finite()
            && self.acceleration.is_finite()
            && skew_is_finite(&self.angular_velocity)
            && skew_is_finite(&self.angular_acceleration)
    }

    /// The linear part `J = S R` as a matrix.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// assert_eq!(parent.linear(), parent.transform.linear());
    /// ```
    #[inline]
    pub fn linear(&self) -> Matrix<T, N, N> {
        self.transform.linear()
    }

    /// `J x = S R x`: a vector of the child basis expressed in the parent basis.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// let x = Vector([0.3, -1.0, 2.0]);
    /// assert!((parent.to_child_basis(&parent.to_parent_basis(&x)) - x).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn to_parent_basis(&self, x: &Vector<T, N>) -> Vector<T, N> {
        rotate(self.transform.rotation.matrix(), x) * self.transform.scale
    }

    /// `J⁻¹ x = Rᵀ x / S`: a vector of the parent basis expressed in the child basis (not
    /// finite for zero scale).
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// let f = DynamicTransform::at_rest(Transform::from_scale(2.0f64));
    /// assert_eq!(f.to_child_basis(&Vector([2.0, 4.0, 6.0])), Vector([1.0, 2.0, 3.0]));
    /// ```
    #[inline]
    pub fn to_child_basis(&self, x: &Vector<T, N>) -> Vector<T, N> {
        rotate_inverse(self.transform.rotation.matrix(), x)
            * crate::transform::recip_or_nan(self.transform.scale)
    }

    /// `ω̃ = J⁻¹ ω J = Rᵀ ω R`: the angular velocity expressed in this frame's own (child)
    /// basis. The scale cancels.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// // Spinning about z, turned about z: the same axis in its own basis.
    /// assert!((parent.angular_velocity_in_own_basis().vector() - Vector([0.0, 0.0, 1.0])).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn angular_velocity_in_own_basis(&self) -> Skew<T, N> {
        to_skew(conjugate_transpose(
            self.transform.rotation.matrix(),
            &upper(&self.angular_velocity),
        ))
    }

    /// `α̃ = Rᵀ α R`: the angular acceleration in this frame's own (child) basis.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// assert_eq!(parent.angular_acceleration_in_own_basis().vector(), Vector([0.0; 3]));
    /// ```
    #[inline]
    pub fn angular_acceleration_in_own_basis(&self) -> Skew<T, N> {
        to_skew(conjugate_transpose(
            self.transform.rotation.matrix(),
            &upper(&self.angular_acceleration),
        ))
    }

    /// The dynamics of the composition `self ∘ child` (apply `child` first): with `self`
    /// the parent's global dynamics and `child` the child's local dynamics, the child's
    /// global dynamics (the local-to-global conversion).
    ///
    /// `v₃ = v₂ + J₂ v₁ + ω₂ J₂ T₁`,
    /// `a₃ = a₂ + J₂ a₁ + (α₂ + ω₂²) J₂ T₁ + 2 ω₂ J₂ v₁`,
    /// `ω₃ = ω₂ + R₂ ω₁ R₂ᵀ`, `α₃ = α₂ + R₂ α₁ R₂ᵀ + [ω₂, ω₃]`.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// // A child 1 m along the parent's x axis, sliding along the parent's y axis.
    /// let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0f64])));
    /// child.velocity = Vector([0.0, 0.5, 0.0]);
    /// let g = parent.compose(&child);
    /// // The child's origin: the parent's velocity + ω × (its offset) + its own slide (turned).
    /// assert!((g.velocity - (parent.velocity + Vector([0.0, 0.0, 1.0]).cross(&(g.transform.translation - parent.transform.translation)) + parent.to_parent_basis(&child.velocity))).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn compose(&self, child: &Self) -> Self {
        if N == 3 {
            // The same formulas with 3-vectors and cross products: fewer shuffles.
            return kernels::compose_3d(self, child);
        }
        let r2 = self.transform.rotation.matrix();
        let j2t1 = self.to_parent_basis(&child.transform.translation);
        let j2v1 = self.to_parent_basis(&child.velocity);
        let j2a1 = self.to_parent_basis(&child.acceleration);
        let w2 = upper(&self.angular_velocity);
        let al2 = upper(&self.angular_acceleration);
        let w2j2t1 = apply_upper(&w2, &j2t1);
        let velocity = self.velocity + j2v1 + w2j2t1;
        // (α₂ + ω₂²) J₂T₁ + 2 ω₂ J₂v₁ = α₂ J₂T₁ + ω₂ (ω₂ J₂T₁ + 2 J₂v₁)
        let acceleration = self.acceleration
            + j2a1
            + apply_upper(&al2, &j2t1)
            + apply_upper(&w2, &(w2j2t1 + j2v1 + j2v1));
        let w1 = conjugate(r2, &upper(&child.angular_velocity));
        let al1 = conjugate(r2, &upper(&child.angular_acceleration));
        // [ω₂, ω₃] = [ω₂, ω₂ + R₂ω₁R₂ᵀ] = [ω₂, R₂ω₁R₂ᵀ]
        let angular_acceleration = to_skew(add(&add(&al2, &al1), &bracket(&w2, &w1)));
        Self {
            transform: Transform {
                translation: j2t1 + self.transform.translation,
                rotation: Rotation::from_matrix_unchecked(mat_mul(
                    r2,
                    child.transform.rotation.matrix(),
                )),
                scale: self.transform.scale * child.transform.scale,
            },
            velocity,
            acceleration,
            angular_velocity: to_skew(add(&w2, &w1)),
            angular_acceleration,
        }
    }

    /// The child's global dynamics from its local dynamics: `self` is the parent's global
    /// dynamics (the same as [`DynamicTransform::compose`]).
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// // A child 1 m along the parent's x axis, sliding along the parent's y axis.
    /// let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0f64])));
    /// child.velocity = Vector([0.0, 0.5, 0.0]);
    /// assert!((parent.local_to_global(&child).velocity - parent.compose(&child).velocity).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn local_to_global(&self, local: &Self) -> Self {
        self.compose(local)
    }

    /// The dynamics of the inverse transform: the parent relative to the child.
    ///
    /// `v' = J⁻¹ (ω T − v)`, `a' = J⁻¹ (α T − ω² T + 2 ω v − a)`, `ω' = −Rᵀ ω R`,
    /// `α' = −Rᵀ α R`.
    ///
    /// # Errors
    /// [`Error::Singular`] for zero scale, [`Error::NonFinite`] if the result is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// let back = parent.try_inverse().unwrap().try_inverse().unwrap();
    /// assert!((back.velocity - parent.velocity).norm() < 1e-12);
    /// assert!(DynamicTransform::<f64, 3>::at_rest(Transform::from_scale(0.0)).try_inverse().is_err());
    /// ```
    #[inline]
    pub fn try_inverse(&self) -> Result<Self, Error> {
        let transform = self.transform.try_inverse()?;
        let r = self.transform.rotation.matrix();
        let t = &self.transform.translation;
        let w = &self.angular_velocity;
        let jinv = |x: &Vector<T, N>| rotate_inverse(r, x) * transform.scale;
        let wt = apply(w, t);
        let result = Self {
            transform,
            velocity: jinv(&(wt - self.velocity)),
            acceleration: jinv(
                &(apply(&self.angular_acceleration, t)
                    + apply(w, &(self.velocity + self.velocity - wt))
                    - self.acceleration),
            ),
            angular_velocity: -to_skew(conjugate_transpose(r, &upper(w))),
            angular_acceleration: -to_skew(conjugate_transpose(
                r,
                &upper(&self.angular_acceleration),
            )),
        };
        if result.is_finite() {
            Ok(result)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// The dynamics of the inverse transform (see [`DynamicTransform::try_inverse`]).
    ///
    /// # Panics
    /// For zero scale or a non-finite result.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// assert!((parent.inverse().inverse().velocity - parent.velocity).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        match self.try_inverse() {
            Ok(d) => d,
            Err(e) => panic!("DynamicTransform::inverse: {e}"),
        }
    }

    /// The child's local dynamics from its global dynamics `global`; `self` is the
    /// parent's global dynamics. The local transform is `A₁ = A₂⁻¹ ∘ A₃` and the rates use
    /// the differences of the global quantities:
    ///
    /// `v₁ = J₂⁻¹ (v₃ − v₂ − ω₂ (T₃ − T₂))`,
    /// `a₁ = J₂⁻¹ (a₃ − a₂ − (α₂ − ω₂²)(T₃ − T₂) − 2 ω₂ (v₃ − v₂))`,
    /// `ω₁ = R₂ᵀ (ω₃ − ω₂) R₂`, `α₁ = R₂ᵀ (α₃ − α₂ + [ω₃, ω₂]) R₂`.
    ///
    /// # Errors
    /// [`Error::Singular`] if the parent's scale is zero, [`Error::NonFinite`] if the result
    /// is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// // A child 1 m along the parent's x axis, sliding along the parent's y axis.
    /// let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0f64])));
    /// child.velocity = Vector([0.0, 0.5, 0.0]);
    /// let local = parent.try_global_to_local(&parent.compose(&child)).unwrap();
    /// assert!((local.velocity - child.velocity).norm() < 1e-12);
    /// assert!((local.acceleration - child.acceleration).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn try_global_to_local(&self, global: &Self) -> Result<Self, Error> {
        let parent_inverse = self.transform.try_inverse()?;
        let transform = parent_inverse.compose(&global.transform);
        let r2 = self.transform.rotation.matrix();
        let jinv = |x: &Vector<T, N>| rotate_inverse(r2, x) * parent_inverse.scale;
        let w2 = &self.angular_velocity;
        let d = global.transform.translation - self.transform.translation;
        let dv = global.velocity - self.velocity;
        let w2d = apply(w2, &d);
        let (dw, angular_acceleration) = self.local_angular_rates(global);
        let result = Self {
            transform,
            velocity: jinv(&(dv - w2d)),
            // −(α₂ − ω₂²) d − 2 ω₂ dv = −α₂ d + ω₂ (ω₂ d − 2 dv)
            acceleration: jinv(
                &(global.acceleration - self.acceleration - apply(&self.angular_acceleration, &d)
                    + apply(w2, &(w2d - dv - dv))),
            ),
            angular_velocity: dw,
            angular_acceleration,
        };
        if result.is_finite() {
            Ok(result)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// The child's local dynamics from its global dynamics (see
    /// [`DynamicTransform::try_global_to_local`]).
    ///
    /// # Panics
    /// If the parent's scale is zero or the result is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// // A child 1 m along the parent's x axis, sliding along the parent's y axis.
    /// let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0f64])));
    /// child.velocity = Vector([0.0, 0.5, 0.0]);
    /// assert!((parent.global_to_local(&parent.compose(&child)).velocity - child.velocity).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn global_to_local(&self, global: &Self) -> Self {
        match self.try_global_to_local(global) {
            Ok(d) => d,
            Err(e) => panic!("DynamicTransform::global_to_local: {e}"),
        }
    }

    /// The second written form of the global-to-local conversion, for when the child's
    /// local transform `A₁` is already known (as in a hierarchy that stores local
    /// transforms): only the rates of `global` are used, and
    ///
    /// `v₁ = J₂⁻¹ (v₃ − v₂ − ω₂ J₂ T₁)`,
    /// `a₁ = J₂⁻¹ (a₃ − a₂ − (α₂ + ω₂²) J₂ T₁ − 2 ω₂ J₂ v₁)`.
    ///
    /// It agrees with [`DynamicTransform::try_global_to_local`] when
    /// `local_transform = A₂⁻¹ ∘ A₃`.
    ///
    /// # Errors
    /// [`Error::Singular`] if the parent's scale is zero, [`Error::NonFinite`] if the result
    /// is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// // A child 1 m along the parent's x axis, sliding along the parent's y axis.
    /// let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0f64])));
    /// child.velocity = Vector([0.0, 0.5, 0.0]);
    /// let global = parent.compose(&child);
    /// let a = parent.try_global_to_local_with_transform(&child.transform, &global).unwrap();
    /// assert!((a.velocity - child.velocity).norm() < 1e-12);
    /// ```
    #[inline]
    pub fn try_global_to_local_with_transform(
        &self,
        local_transform: &Transform<T, N>,
        global: &Self,
    ) -> Result<Self, Error> {
        if self.transform.scale == T::zero() {
            return Err(Error::Singular);
        }
        let w2 = &self.angular_velocity;
        let j2t1 = self.to_parent_basis(&local_transform.translation);
        let w2j2t1 = apply(w2, &j2t1);
        let velocity = self.to_child_basis(&(global.velocity - self.velocity - w2j2t1));
        let j2v1 = self.to_parent_basis(&velocity);
        let acceleration = self.to_child_basis(
            &(global.acceleration
                - self.acceleration
                - apply(&self.angular_acceleration, &j2t1)
                - apply(w2, &(w2j2t1 + j2v1 + j2v1))),
        );
        let (angular_velocity, angular_acceleration) = self.local_angular_rates(global);
        let result = Self {
            transform: *local_transform,
            velocity,
            acceleration,
            angular_velocity,
            angular_acceleration,
        };
        if result.is_finite() {
            Ok(result)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// `ω₁ = R₂ᵀ (ω₃ − ω₂) R₂` and `α₁ = R₂ᵀ (α₃ − α₂ + [ω₃, ω₂]) R₂`, with `self` the
    /// parent's global dynamics.
    #[inline]
    fn local_angular_rates(&self, global: &Self) -> (Skew<T, N>, Skew<T, N>) {
        let r2 = self.transform.rotation.matrix();
        let w2 = upper(&self.angular_velocity);
        let dw = sub(&upper(&global.angular_velocity), &w2);
        // [ω₃, ω₂] = [ω₃ − ω₂, ω₂]
        let dal = add(
            &sub(
                &upper(&global.angular_acceleration),
                &upper(&self.angular_acceleration),
            ),
            &bracket(&dw, &w2),
        );
        (
            to_skew(conjugate_transpose(r2, &dw)),
            to_skew(conjugate_transpose(r2, &dal)),
        )
    }

    /// The rates `(v, a, ω, α)` as a [`DynamicsDelta`] (the change from rest).
    ///
    /// # Example
    /// ```
    /// use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};
    /// // A parent turning at 1 rad/s about z, 2 m from the origin, moving at 1 m/s along x.
    /// let parent = DynamicTransform::new(
    ///     Transform::new(Vector([2.0, 0.0, 0.0]), Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.3), 1.0),
    ///     Vector([1.0, 0.0, 0.0]), Vector([0.0; 3]),
    ///     Skew::from_vector(Vector([0.0, 0.0, 1.0f64])), Skew::zero(),
    /// );
    /// assert_eq!(parent.rates().velocity, parent.velocity);
    /// ```
    #[inline]
    pub fn rates(&self) -> DynamicsDelta<T, N> {
        DynamicsDelta::new(
            self.velocity,
            self.acceleration,
            self.angular_velocity,
            self.angular_acceleration,
        )
    }
}

impl<T: Float, const N: usize> Default for DynamicTransform<T, N> {
    #[inline]
    fn default() -> Self {
        Self::identity()
    }
}

impl<T: Float, const N: usize> From<Transform<T, N>> for DynamicTransform<T, N> {
    /// The transform at rest.
    #[inline]
    fn from(transform: Transform<T, N>) -> Self {
        Self::at_rest(transform)
    }
}

impl<T: Float, const N: usize> Mul for DynamicTransform<T, N> {
    type Output = Self;
    /// `parent * child` is the dynamics of `A₂ ∘ A₁` (see [`DynamicTransform::compose`]).
    #[inline]
    fn mul(self, child: Self) -> Self {
        self.compose(&child)
    }
}

impl<T: Float, const N: usize> MulAssign for DynamicTransform<T, N> {
    /// `a *= b` is `a = a ∘ b`.
    #[inline]
    fn mul_assign(&mut self, child: Self) {
        *self = self.compose(&child);
    }
}
