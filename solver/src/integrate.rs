//! The integration schemes of “The Mathematics of Havok's Solver” for `q̇ = S(q)v`, `v̇ = M⁻¹f(q, v)`, as reusable
//! functions over fixed-size state arrays.
//!
//! The article's "implicit midpoint" (half step with the derivatives at `t`, full step with the
//! derivatives at `t + h/2`) is the *explicit* midpoint rule; it is provided as
//! [`explicit_midpoint`] and the true implicit midpoint rule `y' = y + h f((y + y')/2)` as
//! [`implicit_midpoint`].
//!
//! For a rigid body, `q = (p, r)` (position and unit quaternion, 7 numbers) and
//! `v = (ṗ, w)` (6 numbers); [`rigid_body_position_rate`] is the article's `q̇ = S v` with the
//! 7 × 6 matrix `S = diag(E₃, ½𝓑(r))`, and [`quaternion_rate_matrix`] is the helper matrix
//! 𝓑. The article prints 𝓑 wrongly (see [`quaternion_rate_matrix`] for the correction).
use num_traits::Float;
use xform::{Matrix, Quaternion};

use crate::SolveError;

/// A second-order system: how positions move with velocities and how velocities change.
///
/// # Example
/// ```
/// use solver::integrate::{SecondOrderSystem, State};
/// /// A particle falling at 10 m/s².
/// struct Fall;
/// impl SecondOrderSystem<f64, 1, 1> for Fall {
///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
///     fn acceleration(&self, _q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [-10.0] }
/// }
/// let start = State { q: [0.0], v: [1.0] };
/// assert_eq!(Fall.acceleration(&start.q, &start.v), [-10.0]);
/// ```
pub trait SecondOrderSystem<T, const NQ: usize, const NV: usize> {
    /// `q̇ = S(q)·v` (identity for plain particles, the quaternion rate for rotations).
    ///
    /// # Example
    /// ```
    /// use solver::integrate::SecondOrderSystem;
    /// /// A particle moving along a line, its velocity the rate of its position.
    /// struct Particle;
    /// impl SecondOrderSystem<f64, 1, 1> for Particle {
    ///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
    ///     fn acceleration(&self, _q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [0.0] }
    /// }
    /// assert_eq!(Particle.position_rate(&[5.0], &[-2.0]), [-2.0]);
    /// ```
    #[must_use]
    fn position_rate(&self, q: &[T; NQ], v: &[T; NV]) -> [T; NQ];

    /// `v̇ = M⁻¹ f(q, v)`.
    ///
    /// # Example
    /// ```
    /// use solver::integrate::SecondOrderSystem;
    /// /// A unit mass on a spring of stiffness 4 N/m: v̇ = −4 q.
    /// struct Spring;
    /// impl SecondOrderSystem<f64, 1, 1> for Spring {
    ///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
    ///     fn acceleration(&self, q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [-4.0 * q[0]] }
    /// }
    /// assert_eq!(Spring.acceleration(&[0.5], &[0.0]), [-2.0]);
    /// ```
    #[must_use]
    fn acceleration(&self, q: &[T; NQ], v: &[T; NV]) -> [T; NV];
}

/// Positions and velocities at one instant.
///
/// # Example
/// ```
/// use solver::integrate::{SecondOrderSystem, State};
/// /// A particle falling at 10 m/s².
/// struct Fall;
/// impl SecondOrderSystem<f64, 1, 1> for Fall {
///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
///     fn acceleration(&self, _q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [-10.0] }
/// }
/// let start = State { q: [0.0], v: [1.0] };
/// let next = solver::integrate::semi_implicit_euler(&Fall, &start, 0.1);
/// assert_eq!(next, State { q: [0.0], v: [0.0] });
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct State<T, const NQ: usize, const NV: usize> {
    /// Configuration q.
    pub q: [T; NQ],
    /// Velocity v.
    pub v: [T; NV],
}

/// Budget for the fixed-point iteration of the implicit schemes.
///
/// # Example
/// ```
/// use solver::integrate::{SecondOrderSystem, State};
/// /// A particle falling at 10 m/s².
/// struct Fall;
/// impl SecondOrderSystem<f64, 1, 1> for Fall {
///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
///     fn acceleration(&self, _q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [-10.0] }
/// }
/// let start = State { q: [0.0], v: [1.0] };
/// use solver::integrate::{ImplicitSettings, implicit_euler};
/// let tight = ImplicitSettings { tolerance: 1e-14, max_iterations: 50 };
/// let next = implicit_euler(&Fall, &start, 0.1, &tight).unwrap();
/// assert!(next.v[0].abs() < 1e-12 && next.q[0].abs() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ImplicitSettings<T> {
    /// Stop when successive iterates differ by at most this (∞-norm).
    pub tolerance: T,
    /// Give up after this many iterations.
    pub max_iterations: usize,
}

impl<T: Float> Default for ImplicitSettings<T> {
    fn default() -> Self {
        Self {
            tolerance: T::epsilon() * T::from(16).unwrap_or_else(T::one),
            max_iterations: 100,
        }
    }
}

fn axpy<T: Float, const N: usize>(x: &[T; N], a: T, y: &[T; N]) -> [T; N] {
    core::array::from_fn(|i| x[i] + a * y[i])
}

fn mid<T: Float, const N: usize>(x: &[T; N], y: &[T; N]) -> [T; N] {
    let half = T::one() / (T::one() + T::one());
    core::array::from_fn(|i| half * (x[i] + y[i]))
}

fn distance<T: Float, const N: usize>(x: &[T; N], y: &[T; N]) -> T {
    x.iter()
        .zip(y)
        .fold(T::zero(), |m, (&a, &b)| m.max((a - b).abs()))
}

/// Explicit Euler: `v' = v + h·v̇(q, v)`, `q' = q + h·S v`.
///
/// # Example
/// ```
/// use solver::integrate::{SecondOrderSystem, State};
/// /// A particle falling at 10 m/s².
/// struct Fall;
/// impl SecondOrderSystem<f64, 1, 1> for Fall {
///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
///     fn acceleration(&self, _q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [-10.0] }
/// }
/// let start = State { q: [0.0], v: [1.0] };
/// let next = solver::integrate::explicit_euler(&Fall, &start, 0.1);
/// assert_eq!(next, State { q: [0.1], v: [0.0] });
/// ```
pub fn explicit_euler<T: Float, const NQ: usize, const NV: usize>(
    system: &impl SecondOrderSystem<T, NQ, NV>,
    s: &State<T, NQ, NV>,
    h: T,
) -> State<T, NQ, NV> {
    State {
        q: axpy(&s.q, h, &system.position_rate(&s.q, &s.v)),
        v: axpy(&s.v, h, &system.acceleration(&s.q, &s.v)),
    }
}

/// Semi-implicit (symplectic) Euler, Havok's scheme: `v' = v + h·v̇(q, v)`,
/// `q' = q + h·S(q) v'`.
///
/// # Example
/// ```
/// use solver::integrate::{SecondOrderSystem, State};
/// /// A particle falling at 10 m/s².
/// struct Fall;
/// impl SecondOrderSystem<f64, 1, 1> for Fall {
///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
///     fn acceleration(&self, _q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [-10.0] }
/// }
/// let start = State { q: [0.0], v: [1.0] };
/// let next = solver::integrate::semi_implicit_euler(&Fall, &start, 0.1);
/// assert_eq!(next, State { q: [0.0], v: [0.0] });
/// ```
pub fn semi_implicit_euler<T: Float, const NQ: usize, const NV: usize>(
    system: &impl SecondOrderSystem<T, NQ, NV>,
    s: &State<T, NQ, NV>,
    h: T,
) -> State<T, NQ, NV> {
    let v = axpy(&s.v, h, &system.acceleration(&s.q, &s.v));
    State {
        q: axpy(&s.q, h, &system.position_rate(&s.q, &v)),
        v,
    }
}

/// Explicit midpoint (what the article calls implicit midpoint): a half explicit step to
/// `t + h/2`, then the full step with the derivatives there.
///
/// # Example
/// ```
/// use solver::integrate::{SecondOrderSystem, State};
/// /// A particle falling at 10 m/s².
/// struct Fall;
/// impl SecondOrderSystem<f64, 1, 1> for Fall {
///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
///     fn acceleration(&self, _q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [-10.0] }
/// }
/// let start = State { q: [0.0], v: [1.0] };
/// let next = solver::integrate::explicit_midpoint(&Fall, &start, 0.1);
/// assert!((next.q[0] - 0.05).abs() < 1e-15 && next.v[0].abs() < 1e-15);
/// ```
pub fn explicit_midpoint<T: Float, const NQ: usize, const NV: usize>(
    system: &impl SecondOrderSystem<T, NQ, NV>,
    s: &State<T, NQ, NV>,
    h: T,
) -> State<T, NQ, NV> {
    let half = h / (T::one() + T::one());
    let half_step = explicit_euler(system, s, half);
    State {
        q: axpy(&s.q, h, &system.position_rate(&half_step.q, &half_step.v)),
        v: axpy(&s.v, h, &system.acceleration(&half_step.q, &half_step.v)),
    }
}

/// Implicit Euler: `v' = v + h·v̇(q', v')`, `q' = q + h·S(q') v'`, solved by fixed-point
/// iteration from a semi-implicit Euler guess (converges when `h` times the Lipschitz
/// constant of the dynamics is below one).
///
/// # Example
/// ```
/// use solver::integrate::{ImplicitSettings, SecondOrderSystem, State};
/// struct Fall;
/// impl SecondOrderSystem<f64, 1, 1> for Fall {
///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
///     fn acceleration(&self, _q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [-10.0] }
/// }
/// let start = State { q: [0.0], v: [1.0] };
/// let next = solver::integrate::implicit_euler(&Fall, &start, 0.1, &ImplicitSettings::default())
///     .unwrap();
/// // q' = q + h·v' with v' = v − h·g = 0.
/// assert!(next.q[0].abs() < 1e-12 && next.v[0].abs() < 1e-12);
/// ```
///
/// # Errors
/// [`SolveError::NotConverged`] if the iteration does not settle within the budget,
/// [`SolveError::Diverged`] (row 0) if it produces a non-finite state.
pub fn implicit_euler<T: Float, const NQ: usize, const NV: usize>(
    system: &impl SecondOrderSystem<T, NQ, NV>,
    s: &State<T, NQ, NV>,
    h: T,
    settings: &ImplicitSettings<T>,
) -> Result<State<T, NQ, NV>, SolveError> {
    fixed_point(s, settings, semi_implicit_euler(system, s, h), |next| {
        State {
            q: axpy(&s.q, h, &system.position_rate(&next.q, &next.v)),
            v: axpy(&s.v, h, &system.acceleration(&next.q, &next.v)),
        }
    })
}

/// Implicit midpoint: `y' = y + h·f((y + y')/2)` for `y = (q, v)`, solved by fixed-point
/// iteration; symplectic and exactly energy-preserving for linear oscillators.
///
/// # Example
/// ```
/// use solver::integrate::{ImplicitSettings, SecondOrderSystem, State};
/// struct Fall;
/// impl SecondOrderSystem<f64, 1, 1> for Fall {
///     fn position_rate(&self, _q: &[f64; 1], v: &[f64; 1]) -> [f64; 1] { *v }
///     fn acceleration(&self, _q: &[f64; 1], _v: &[f64; 1]) -> [f64; 1] { [-10.0] }
/// }
/// let start = State { q: [0.0], v: [1.0] };
/// let next = solver::integrate::implicit_midpoint(&Fall, &start, 0.1, &ImplicitSettings::default())
///     .unwrap();
/// assert!((next.q[0] - 0.05).abs() < 1e-12 && next.v[0].abs() < 1e-12);
/// ```
///
/// # Errors
/// As [`implicit_euler`].
pub fn implicit_midpoint<T: Float, const NQ: usize, const NV: usize>(
    system: &impl SecondOrderSystem<T, NQ, NV>,
    s: &State<T, NQ, NV>,
    h: T,
    settings: &ImplicitSettings<T>,
) -> Result<State<T, NQ, NV>, SolveError> {
    fixed_point(s, settings, explicit_midpoint(system, s, h), |next| {
        let (q, v) = (mid(&s.q, &next.q), mid(&s.v, &next.v));
        State {
            q: axpy(&s.q, h, &system.position_rate(&q, &v)),
            v: axpy(&s.v, h, &system.acceleration(&q, &v)),
        }
    })
}

fn fixed_point<T: Float, const NQ: usize, const NV: usize>(
    start: &State<T, NQ, NV>,
    settings: &ImplicitSettings<T>,
    guess: State<T, NQ, NV>,
    map: impl Fn(&State<T, NQ, NV>) -> State<T, NQ, NV>,
) -> Result<State<T, NQ, NV>, SolveError> {
    let scale = |s: &State<T, NQ, NV>| {
        s.q.iter()
            .chain(s.v.iter())
            .fold(T::one(), |m, &x| m.max(x.abs()))
    };
    let mut current = guess;
    for _ in 0..settings.max_iterations {
        let next = map(&current);
        if !next.q.iter().chain(next.v.iter()).all(|x| x.is_finite()) {
            return Err(SolveError::Diverged { row: 0 });
        }
        let change = distance(&next.q, &current.q).max(distance(&next.v, &current.v));
        current = next;
        if change <= settings.tolerance * scale(start).max(scale(&current)) {
            return Ok(current);
        }
    }
    Err(SolveError::NotConverged)
}

/// The helper matrix 𝓑(q) of the article (4 × 3): `q̇ = ½ 𝓑(q) w` for a quaternion `q`
/// (components `[w, x, y, z]`, scalar first, as [`xform::Quaternion`]) turning with the
/// **world-frame** angular velocity `w`, i.e. `q̇ = ½ (0, w) q`:
///
/// ```text
///        ⎛ −x  −y  −z ⎞
/// 𝓑(q) = ⎜  w   z  −y ⎟      (rows: the rates of w, x, y, z)
///        ⎜ −z   w   x ⎟
///        ⎝  y  −x   w ⎠
/// ```
///
/// # Corrections to “The Mathematics of Havok's Solver”
/// The article (II.1, "A helper matrix for quaternion calculus") prints
/// `((−q₀, −q₁, −q₂), (q₃, q₂, −q₁), (−q₂, q₃, q₁), (q₂, −q₀, q₃))`. Read with the scalar
/// *last* (`q₃ = w`) its first two rows are right, but the third row must end in `q₀` (not
/// `q₁`) and the fourth must start with `q₁` (not `q₂`); read with the scalar first, as the
/// rest of the article does, no row is right. The article also writes `ṙ = ½𝓑(r)Q(w)`, which does
/// not type-check (𝓑 is 4 × 3, `Q(w)` a quaternion): it is `ṙ = ½𝓑(r)w`. The test
/// `integrate::quaternion_rate` checks this matrix against the quaternion product and
/// against a dual-number derivative of `exp(t·w/2)·q`, and shows the printed matrix fails.
///
/// # Example
/// ```
/// use solver::integrate::quaternion_rate_matrix;
/// use solver::xform::{Quaternion, Vector};
/// // A quarter turn about z, then spinning at 2 rad/s about x (world frame).
/// let h = core::f64::consts::FRAC_1_SQRT_2;
/// let q = Quaternion::new(h, 0.0, 0.0, h);
/// let w = Vector([2.0, 0.0, 0.0]);
/// let b = quaternion_rate_matrix(&q) * w;
/// // ½ 𝓑(q) w equals the quaternion product ½ (0, w) q.
/// let expected = Quaternion::new(0.0, w[0], w[1], w[2]) * q;
/// for (got, want) in [b[0], b[1], b[2], b[3]].iter().zip([expected.w, expected.x, expected.y, expected.z]) {
///     assert!((0.5 * got - 0.5 * want).abs() < 1e-15);
/// }
/// ```
#[must_use]
pub fn quaternion_rate_matrix<T: Float>(q: &Quaternion<T>) -> Matrix<T, 4, 3> {
    let (w, x, y, z) = (q.w, q.x, q.y, q.z);
    Matrix([[-x, -y, -z], [w, z, -y], [-z, w, x], [y, -x, w]])
}

/// `q̇ = S(q) v` for one rigid body: `q = (p, r)` as `[pₓ, p_y, p_z, r_w, r_x, r_y, r_z]`
/// and `v = (ṗ, w)` (world-frame angular velocity) as `[ṗₓ, ṗ_y, ṗ_z, wₓ, w_y, w_z]`;
/// `ṗ` passes through and `ṙ = ½ 𝓑(r) w` ([`quaternion_rate_matrix`]). Use it as the
/// `position_rate` of a [`SecondOrderSystem<T, 7, 6>`]. The quaternion is not renormalised
/// (the additive schemes leave the unit sphere at `O(h²)` per step; normalise after a step).
///
/// # Example
/// ```
/// use solver::integrate::rigid_body_position_rate;
/// // At the identity orientation, spinning at 2 rad/s about z: ṙ = ½(0, 0, 0, 2) = (0, 0, 0, 1).
/// let q = [1.0, 2.0, 3.0, 1.0, 0.0, 0.0, 0.0];
/// let rate = rigid_body_position_rate(&q, &[0.5, 0.0, 0.0, 0.0, 0.0, 2.0]);
/// assert_eq!(rate, [0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0]);
/// ```
pub fn rigid_body_position_rate<T: Float>(q: &[T; 7], v: &[T; 6]) -> [T; 7] {
    let r = Quaternion::new(q[3], q[4], q[5], q[6]);
    let b = quaternion_rate_matrix(&r);
    let half = T::one() / (T::one() + T::one());
    let mut rate = [T::zero(); 7];
    rate[..3].copy_from_slice(&v[..3]);
    for (k, row) in b.0.iter().enumerate() {
        rate[3 + k] = half * (row[0] * v[3] + row[1] * v[4] + row[2] * v[5]);
    }
    rate
}
