//! Constraint functions `C(q)` written once, generic over the scalar, and their Jacobians
//! computed by forward-mode automatic differentiation with `DualVec<T, 12>`.
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

use super::pose::{Lift, Pose, lift_vector};

/// Most rows one constraint function may have.
pub const MAX_JOINT_ROWS: usize = 6;

/// A bilateral constraint `C(q_a, q_b) = 0` between two bodies (or a body and the world).
///
/// Write [`evaluate`](Self::evaluate) once, generic over `S: Lift<T>`; the world evaluates it
/// with `S = T` for the position error and with `S = DualVec<T, 12>` for the Jacobian.
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

type D12<T> = DualVec<T, 12>;

fn perturbed<T: Float>(pose: &Pose<T>, vars: &[D12<T>; 12], first: usize) -> Pose<D12<T>> {
    let half = D12::<T>::lift(T::one() / (T::one() + T::one()));
    let delta_p = Vector([vars[first], vars[first + 1], vars[first + 2]]);
    let turn = Quaternion::new(
        D12::lift(T::one()),
        vars[first + 3] * half,
        vars[first + 4] * half,
        vars[first + 5] * half,
    );
    let q = pose.orientation;
    Pose {
        position: lift_vector(&pose.position) + delta_p,
        orientation: turn
            * Quaternion::new(
                D12::lift(q.w),
                D12::lift(q.x),
                D12::lift(q.y),
                D12::lift(q.z),
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
    let vars = DualVec::variables([T::zero(); 12]);
    let (pa, pb) = (perturbed(a, &vars, 0), perturbed(b, &vars, 6));
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
