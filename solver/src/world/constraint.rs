//! Constraint functions `C(q)` written once, generic over the scalar, and their Jacobians
//! computed by forward-mode automatic differentiation with `DualVec<T, 12>` (the default of
//! [`ConstraintFunction::linearization`]; the built-in joints write their rows out, about
//! a tenth of the work, and are tested against it).
//!
//! The twelve directions are the velocity coordinates of the two bodies,
//! `(v_a, ω_a, v_b, ω_b)` (world frame). A body's pose is perturbed as
//! `p + δp`, `q ⊗ … = (1, δθ/2) q` (a world-frame rotation by `δθ`, exact to first order, which
//! is all a derivative at `δ = 0` sees), so `∂C/∂(δp, δθ)` is directly the row `J` with
//! `Ċ = J v`: the matrix `S(q)` of the seed (`q̇ = S v`) is applied by the chain rule and
//! never written down.
use dual::DualVec;
use num_traits::Float;
use xform::{Quaternion, Vector};

use super::pose::{Lift, Pose};

/// Most rows one constraint function may have.
pub const MAX_JOINT_ROWS: usize = 6;

/// A bilateral constraint `C(q_a, q_b) = 0` between two bodies (or a body and the world).
///
/// Write [`evaluate`](Self::evaluate) once, generic over `S: Lift<T>`; the world evaluates it
/// with `S = T` for the position error and, unless [`linearization`](Self::linearization) is
/// written out, with `S = DualVec<T, 12>` for the Jacobian.
///
/// ```
/// use solver::world::{ConstraintFunction, Lift, Pose};
/// use solver::xform::Vector;
///
/// /// Keeps body a's centre at height `h` (one row).
/// struct Height(f64);
/// impl ConstraintFunction<f64> for Height {
///     fn rows(&self) -> usize { 1 }
///     fn evaluate<S: Lift<f64>>(&self, a: &Pose<S>, _b: &Pose<S>, c: &mut [S]) {
///         c[0] = a.position[1] - S::lift(self.0);
///     }
/// }
/// let pose = Pose { position: Vector([0.0, 2.0, 0.0]), orientation: Default::default() };
/// let lin = solver::world::linearize(&Height(1.5), &pose, &Pose::identity());
/// assert_eq!(lin.value[0], 0.5);
/// assert_eq!(lin.jacobian[0][1], 1.0); // ∂C/∂v_a,y
/// ```
pub trait ConstraintFunction<T: Float> {
    /// The number of rows, `1..=MAX_JOINT_ROWS`.
    ///
    /// # Example
    /// ```
    /// use solver::world::{ConstraintFunction, Distance};
    /// use solver::xform::Vector;
    /// let d = Distance { anchor_a: Vector([0.0f64; 3]), anchor_b: Vector([0.0; 3]), length: 1.0 };
    /// assert_eq!(d.rows(), 1);
    /// ```
    fn rows(&self) -> usize;

    /// Writes `C(a, b)` into `c[..self.rows()]`; `b` is [`Pose::identity`] for a joint to
    /// the world.
    ///
    /// # Example
    /// ```
    /// use solver::world::{ConstraintFunction, Distance, Pose};
    /// use solver::xform::Vector;
    /// let d = Distance { anchor_a: Vector([0.0f64; 3]), anchor_b: Vector([0.0, 0.0, 4.0]), length: 1.0 };
    /// let mut c = [0.0];
    /// d.evaluate(&Pose::identity(), &Pose::identity(), &mut c);
    /// assert_eq!(c, [3.0]);
    /// ```
    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]);

    /// `C` and its Jacobian at poses `a` and `b`: what the world calls every time it
    /// linearizes the constraint. The default is [`linearize`], the derivative of
    /// [`evaluate`](Self::evaluate) by `DualVec<T, 12>`; override it only with the same
    /// numbers computed faster (the built-in joints write their rows out, a few cross
    /// products each, and are tested against [`linearize`]).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Ball, ConstraintFunction, Pose, linearize};
    /// use solver::xform::Vector;
    /// let pin = Ball { anchor_a: Vector([0.0f64, 0.5, 0.0]), anchor_b: Vector([0.0; 3]) };
    /// let turned = Pose { orientation: solver::xform::Quaternion::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.4), ..Pose::identity() };
    /// let written = pin.linearization(&turned, &Pose::identity());
    /// let derived = linearize(&pin, &turned, &Pose::identity());
    /// for (w, d) in written.jacobian.iter().flatten().zip(derived.jacobian.iter().flatten()) {
    ///     assert!((w - d).abs() < 1e-15);
    /// }
    /// ```
    fn linearization(&self, a: &Pose<T>, b: &Pose<T>) -> Linearization<T>
    where
        Self: Sized,
    {
        linearize(self, a, b)
    }
}

/// The user-constraint type of a world that has none: it cannot be constructed.
///
/// # Example
/// ```
/// use solver::world::{Joint, NoUserConstraint};
/// // The default user-constraint type: a world without user constraints names it.
/// let _: Option<Joint<f64, NoUserConstraint>> = None;
/// assert_eq!(core::mem::size_of::<NoUserConstraint>(), 0);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoUserConstraint {}

impl<T: Float> ConstraintFunction<T> for NoUserConstraint {
    fn rows(&self) -> usize {
        match *self {}
    }

    fn evaluate<S: Lift<T>>(&self, _a: &Pose<S>, _b: &Pose<S>, _c: &mut [S]) {
        match *self {}
    }
}

/// The value and Jacobian of a constraint function at one state.
///
/// # Example
/// ```
/// use solver::world::{Ball, Pose};
/// use solver::xform::Vector;
/// let pin = Ball { anchor_a: Vector([0.0f64; 3]), anchor_b: Vector([0.0, 1.0, 0.0]) };
/// let lin = solver::world::linearize(&pin, &Pose::identity(), &Pose::identity());
/// assert_eq!(lin.jacobian[0][6], 1.0); // ∂C₀/∂v_b,x
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Linearization<T> {
    /// How many rows are used.
    pub rows: usize,
    /// `C(q)` per row.
    pub value: [T; MAX_JOINT_ROWS],
    /// `J` per row: `[v_a (3), ω_a (3), v_b (3), ω_b (3)]`, world frame.
    pub jacobian: [[T; 12]; MAX_JOINT_ROWS],
}

impl<T: Float> Linearization<T> {
    /// No rows, every number zero: a result to be written in place.
    pub(crate) fn zero() -> Self {
        Self {
            rows: 0,
            value: [T::zero(); MAX_JOINT_ROWS],
            jacobian: [[T::zero(); 12]; MAX_JOINT_ROWS],
        }
    }
}

type D12<T> = DualVec<T, 12>;

/// The pose displaced by the 6 variables `vars[first..first + 6]` (translation, then a
/// small rotation `δθ` applied in the world frame), at zero displacement: the value is the
/// pose and each derivative is seeded directly. The orientation `(1, δθ/2) ⊗ q` has
/// derivative `½ eₖ ⊗ q` along `δθₖ` (`eₖ` the pure unit quaternion), written out here
/// instead of a quaternion product of 13-component dual numbers (12 of them zero in `q`).
fn perturbed<T: Float>(pose: &Pose<T>, first: usize) -> Pose<D12<T>> {
    let seeded = |re: T, k: usize, d: T| {
        let mut eps = [T::zero(); 12];
        eps[first + k] = d;
        D12::new(re, eps)
    };
    let p = pose.position;
    let q = pose.orientation;
    let half = T::one() / (T::one() + T::one());
    let (w, x, y, z) = (q.w * half, q.x * half, q.y * half, q.z * half);
    // ½ eₖ ⊗ q for k = x, y, z, as (w, x, y, z).
    let turned = [[-x, w, -z, y], [-y, z, w, -x], [-z, -y, x, w]];
    let component = |re: T, c: usize| {
        let mut eps = [T::zero(); 12];
        for (k, t) in turned.iter().enumerate() {
            eps[first + 3 + k] = t[c];
        }
        D12::new(re, eps)
    };
    Pose {
        position: Vector([
            seeded(p[0], 0, T::one()),
            seeded(p[1], 1, T::one()),
            seeded(p[2], 2, T::one()),
        ]),
        orientation: Quaternion::new(
            component(q.w, 0),
            component(q.x, 1),
            component(q.y, 2),
            component(q.z, 3),
        ),
    }
}

/// Evaluates `c` and its Jacobian at the poses `a`, `b` in one pass with `DualVec<T, 12>`.
///
/// Rows beyond `min(c.rows(), MAX_JOINT_ROWS)` are zero.
///
/// # Example
/// ```
/// use solver::world::{Ball, Pose};
/// use solver::xform::Vector;
/// let pin = Ball { anchor_a: Vector([0.0f64; 3]), anchor_b: Vector([0.0, 1.0, 0.0]) };
/// let lin = solver::world::linearize(&pin, &Pose::identity(), &Pose::identity());
/// assert_eq!((lin.rows, lin.value[1]), (3, 1.0));
/// assert_eq!(lin.jacobian[1][1], -1.0); // moving a up closes the gap
/// ```
pub fn linearize<T: Float, C: ConstraintFunction<T>>(
    c: &C,
    a: &Pose<T>,
    b: &Pose<T>,
) -> Linearization<T> {
    let (pa, pb) = (perturbed(a, 0), perturbed(b, 6));
    let rows = c.rows().min(MAX_JOINT_ROWS);
    let mut out = [D12::<T>::lift(T::zero()); MAX_JOINT_ROWS];
    c.evaluate(&pa, &pb, &mut out[..rows]);
    Linearization {
        rows,
        value: out.map(|d| d.re),
        jacobian: out.map(|d| d.eps),
    }
}

/// Evaluates only the value `C(a, b)` (plain scalars, no derivatives).
///
/// # Example
/// ```
/// use solver::world::{Ball, Pose};
/// use solver::xform::Vector;
/// let pin = Ball { anchor_a: Vector([0.0f64; 3]), anchor_b: Vector([0.0, 1.0, 0.0]) };
/// let c = solver::world::constraint_value(&pin, &Pose::identity(), &Pose::identity());
/// assert_eq!(&c[..3], &[0.0, 1.0, 0.0]);
/// ```
pub fn constraint_value<T: Float, C: ConstraintFunction<T>>(
    c: &C,
    a: &Pose<T>,
    b: &Pose<T>,
) -> [T; MAX_JOINT_ROWS] {
    let mut out = [T::zero(); MAX_JOINT_ROWS];
    let rows = c.rows().min(MAX_JOINT_ROWS);
    c.evaluate(a, b, &mut out[..rows]);
    out
}
