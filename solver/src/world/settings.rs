//! The knobs of a world step.
use num_traits::Float;
use rotint::GyroScheme;
use xform::Vector;

use super::error::Value;
use super::{JointScheme, WorldError};
use crate::PgsSettings;

/// The most substeps of a step ([`ContactSolver::Substeps`]).
pub(crate) const MAX_SUBSTEPS: usize = 64;

/// Settings of [`World::step`](super::World::step).
///
/// # Example
/// ```
/// use solver::world::WorldSettings;
/// let mut s = WorldSettings::<f64>::default();
/// s.dt = 1.0 / 240.0;
/// s.solver.max_iterations = 8;
/// assert!(s.validate().is_ok());
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct WorldSettings<T> {
    /// Fixed time step Δt (seconds). Default 1/60.
    pub dt: T,
    /// Gravitational acceleration (m/s²). Default `[0, −9.81, 0]`.
    pub gravity: Vector<T, 3>,
    /// The PGS-SOR settings of the velocity solve (iterations, ω, CFM, warm start). The
    /// default tolerance, 1e-3 on the projected residual `|λ − Π(λ − (Γλ − η))|` (a velocity
    /// error of about 1 mm/s at unit mass), makes [`StepReport::certificate`]'s `converged`
    /// true on a well-posed scene and ends the sweeps early once it holds.
    ///
    /// Default: at most 20 warm-started sweeps, tolerance 1e-3, ω = 1.
    ///
    /// [`StepReport::certificate`]: super::StepReport::certificate
    pub solver: PgsSettings<T>,
    /// Per-step Baumgarte fraction β of joint errors removed by the velocity solve
    /// (`B = −βC/Δt`); [`erp_to_beta`](crate::stabilization::erp_to_beta) converts an ERP.
    /// Default 0.2.
    pub joint_beta: T,
    /// Per-step Baumgarte fraction β of contact penetration beyond `slop` (the push; see
    /// `relax_sweeps`). Default 0.4.
    pub contact_beta: T,
    /// Penetration left uncorrected (avoids jitter of resting contacts), m. Default 0.001.
    pub slop: T,
    /// Sweeps of the relaxing solve that keeps the push of `contact_beta` out of the
    /// velocities. When a contact penetrates beyond the slop, the velocity solve runs with
    /// the push, the positions move by its velocities, and the rows are solved again without
    /// the push (warm-started, at most this many sweeps) for the velocities the bodies keep
    /// (split impulse; Box2D's "relax"): a stack pushed out of penetration does not keep the
    /// push as kinetic energy, and a Newton's cradle at 60 Hz does not pass it down the
    /// row. 0: one solve, the push stays in the velocities (plain Baumgarte). Default 2.
    pub relax_sweeps: usize,
    /// Contacts are created once the gap is below this; a positive gap is handled
    /// speculatively (the approach may close it, not more). Default 0.01 m.
    pub margin: T,
    /// Approach speeds above this bounce with the contact's restitution. Default 0.1 m/s.
    pub restitution_threshold: T,
    /// How ω is advanced with the gyroscopic term `−ω×Iω` (body frame, rotint); `None`
    /// neglects it. Default: the energy-conserving implicit midpoint rule.
    pub gyroscopic: Option<GyroScheme<T>>,
    /// How the joint rows of the velocity solve are solved. Default [`JointSolver::Direct`].
    pub joint_solver: JointSolver,
    /// Most Newton iterations of the nonlinear position projection after each step
    /// (post-stabilization): each re-linearizes the joints at the new poses (dual-number
    /// Jacobians), solves `J W⁻¹ Jᵀ δλ = −C(q')` (tree joints directly, loop-closing joints
    /// by `solver.max_iterations` Gauss-Seidel sweeps) and moves the bodies by
    /// `Δq = W⁻¹Jᵀδλ` (orientations by the exponential map) and their velocities by `Δq/Δt`.
    /// `W = M/m` per body (unit mass, rotations weighted by the radius of gyration), so mass
    /// ratios do not stall Newton. Converges quadratically near `C = 0`. 0 turns it off.
    /// Default 3.
    pub post_stabilization: usize,
    /// The projection stops once every joint row satisfies `|C| <= projection_tolerance`.
    /// Default 1e-6.
    pub projection_tolerance: T,
    /// When resting islands go to sleep; `None` keeps every body awake. Default
    /// [`SleepSettings::default`] (on).
    pub sleep: Option<SleepSettings<T>>,
    /// How islands with joints are integrated in time. Default [`JointScheme::Rattle`].
    pub joint_scheme: JointScheme,
    /// How islands of contacts alone (no joints) are solved. Default
    /// [`ContactSolver::default`] (substeps where contacts close loops).
    pub contact_solver: ContactSolver,
}

/// The velocity solve of an island without joints (an island with joints is always solved
/// by the sweeps of [`WorldSettings::solver`]).
///
/// # Example
/// ```
/// use solver::world::{ContactSolver, WorldSettings};
/// let mut s = WorldSettings::<f64>::default();
/// assert_eq!(s.contact_solver, ContactSolver::BY_DEPTH);
/// s.contact_solver = ContactSolver::Substeps { count: 8 };
/// assert!(s.validate().is_ok());
/// s.contact_solver = ContactSolver::Substeps { count: 65 };
/// assert!(s.validate().is_err());
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContactSolver {
    /// PGS-SOR sweeps of [`WorldSettings::solver`] over the whole step (warm-started,
    /// certified, with the relaxing solve of `relax_sweeps`, the exact finish of small
    /// islands and the coarse correction on trees) on every island.
    Sweeps,
    /// Sweeps where they converge (islands of at most [`EXACT_ROWS`](super::EXACT_ROWS)
    /// rows, finished exactly, and islands whose touching pairs may form a tree, finished by
    /// the coarse correction: towers, the 1000:1 stacks, the cradle), and on a larger
    /// island whose contacts close loops (pyramids, walls, piles) the step cut into `count`
    /// substeps (1–64), each with one sweep that holds the contacts at their separation of
    /// the substep and pushes penetration out (the fraction of `contact_beta` per step),
    /// the bodies moved, and one rigid relaxing sweep: what Box2D v3 and rapier do, with a
    /// rigid push instead of their soft springs. `count: 0` ([`ContactSolver::BY_DEPTH`])
    /// chooses the count of each island by its depth. A traced step
    /// ([`World::step_traced`](super::World::step_traced)) uses sweeps everywhere.
    Substeps {
        /// Substeps per step (1–64), or 0 to choose them by the island's depth.
        count: usize,
    },
}

impl ContactSolver {
    /// Substeps chosen island by island from its depth `d`, the most contacts between a body
    /// and the ground (static bodies and planes, kinematic bodies): `clamp(⌈d/2⌉, 8, 64)`.
    ///
    /// Why: a sweep of one substep carries the load of a contact little further than the
    /// next layer, so a stack needs substeps in proportion to its height. Measured on wall
    /// pyramids of 1 m boxes at 60 Hz (largest drift of any box over 10 s, as a fraction of
    /// a box; the time per step on one core of the development machine):
    ///
    /// | rows (depth) | 8 substeps | by depth |
    /// | --- | --- | --- |
    /// | 20 | 0.49 %, 1.9 ms | 0.29 % (10 substeps), 2.1 ms |
    /// | 30 | 1.54 %, 4.8 ms | 0.42 % (15), 6.5 ms |
    /// | 40 | 5.1 % within 4 s, 9.0 ms | 0.55 % (20), 14.3 ms |
    /// | 60 | 55 %, 24.7 ms | 0.87 % (30), 57 ms |
    /// | 100 | collapses (10⁴ %), 73 ms | 1.58 % (50), 342 ms |
    ///
    /// Piles in a box stay shallow however many bodies they hold, since a body's depth counts
    /// to the nearest wall as well as to the floor: the report's piles of 1 000 to 16 000
    /// spheres take 8 substeps at rest (16 000: 9), up to 12 while a column taller than 16
    /// layers falls clear of the walls; the capsule pile and the dominoes keep 8.
    ///
    /// # Example
    /// ```
    /// use solver::world::ContactSolver;
    /// assert_eq!(ContactSolver::BY_DEPTH, ContactSolver::Substeps { count: 0 });
    /// ```
    pub const BY_DEPTH: Self = Self::Substeps { count: 0 };
}

impl Default for ContactSolver {
    /// [`ContactSolver::BY_DEPTH`]: 10 substeps for the scenes' 210-box pyramid (0.29 % of
    /// a box over 10 s, where sweeps alone drift 6.5 %), 8 for a shallow island, and as
    /// many as a taller stack needs.
    fn default() -> Self {
        Self::BY_DEPTH
    }
}

/// When an island of bodies goes to sleep: every body of it moved slower than the speeds
/// for `time` seconds — the fastest point of its bounding sphere (`|v| + r|ω|`) below
/// `linear_speed`, or for a body without a shape `|v|` below `linear_speed` and `|ω|`
/// below `angular_speed`. A sleeping island costs nothing in the solve and integration; it
/// wakes when an awake body touches it or a joint connects it to one, and a body the user
/// moves or pushes wakes at once.
///
/// # Example
/// ```
/// use solver::world::{SleepSettings, WorldSettings};
/// let mut s = WorldSettings::<f64>::default();
/// s.sleep = Some(SleepSettings { time: 1.0, ..SleepSettings::default() });
/// assert!(s.validate().is_ok());
/// s.sleep = None; // never sleep
/// assert!(s.validate().is_ok());
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct SleepSettings<T> {
    /// Speed of the fastest point below which a body counts as resting (m/s).
    pub linear_speed: T,
    /// Angular speed below which a body without a shape counts as resting (rad/s).
    pub angular_speed: T,
    /// How long every body of an island must rest before it sleeps (s).
    pub time: T,
}

impl<T: Float> Default for SleepSettings<T> {
    /// 0.05 m/s, 0.05 rad/s, 0.5 s (Box2D's defaults for a 1 m scale).
    fn default() -> Self {
        let c = |v: f64| T::from(v).unwrap_or_else(T::zero);
        Self {
            linear_speed: c(0.05),
            angular_speed: c(0.05),
            time: c(0.5),
        }
    }
}

/// The solver of the joint rows in the velocity solve.
///
/// # Example
/// ```
/// use solver::world::{JointSolver, WorldSettings};
/// let mut s = WorldSettings::<f64>::default();
/// assert_eq!(s.joint_solver, JointSolver::Direct);
/// s.joint_solver = JointSolver::Pgs;
/// assert!(s.validate().is_ok());
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum JointSolver {
    /// Every row (joints and contacts) by PGS-SOR sweeps: cheap, but slow to converge on
    /// long chains and mass ratios.
    Pgs,
    /// The joint rows solved exactly inside block Gauss-Seidel sweeps whose other blocks
    /// (contacts) are projected rows: a joint tree by a linear-time sparse `LDLᵀ` of the
    /// augmented system (Baraff 1996); joints that close loops, in the velocity solve, by a
    /// sparse `LDLᵀ` of `J M⁻¹ Jᵀ` in a minimum-degree order (in the position projection
    /// the loop-closing joints are swept next to the tree). Without contacts one sweep is
    /// exact.
    #[default]
    Direct,
}

impl<T: Float> Default for WorldSettings<T> {
    /// 60 Hz, g = 9.81 m/s² along −y, at most 20 warm-started sweeps to a residual of 1e-3,
    /// joints solved directly with β = 0.2, contacts pushed out by β = 0.4 of their
    /// penetration beyond a 1 mm slop with 2 relaxing sweeps (the push moves positions only,
    /// so it can be stiffer than a push kept in the velocities), 1 cm margin, bounce above
    /// 0.1 m/s, energy-conserving gyroscopic term, up to 3 Newton iterations of position
    /// projection to |C| <= 1e-6, sleeping on ([`SleepSettings::default`]), large islands
    /// of contacts that close loops solved in substeps by their depth, at least 8
    /// ([`ContactSolver::BY_DEPTH`]).
    fn default() -> Self {
        let c = |v: f64| T::from(v).unwrap_or_else(T::zero);
        Self {
            dt: c(1.0 / 60.0),
            gravity: Vector([T::zero(), c(-9.81), T::zero()]),
            solver: PgsSettings {
                max_iterations: 20,
                tolerance: c(1e-3),
                warm_start: true,
                detect_duplicates: false,
                ..PgsSettings::default()
            },
            joint_beta: c(0.2),
            contact_beta: c(0.4),
            slop: c(0.001),
            relax_sweeps: 2,
            margin: c(0.01),
            restitution_threshold: c(0.1),
            gyroscopic: Some(GyroScheme::implicit_midpoint()),
            joint_solver: JointSolver::Direct,
            post_stabilization: 3,
            projection_tolerance: c(1e-6),
            sleep: Some(SleepSettings::default()),
            joint_scheme: JointScheme::Rattle,
            contact_solver: ContactSolver::default(),
        }
    }
}

impl<T: Float> WorldSettings<T> {
    /// Checks every range.
    ///
    /// # Errors
    /// [`WorldError::InvalidSetting`] naming the field and its value, or the solver's own
    /// check ([`WorldError::Solve`]).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Value, WorldError, WorldSettings};
    /// let mut s = WorldSettings::<f64>::default();
    /// s.margin = f64::NAN;
    /// assert_eq!(
    ///     s.validate(),
    ///     Err(WorldError::InvalidSetting { setting: "margin", value: Value(f64::NAN) })
    /// );
    /// ```
    pub fn validate(&self) -> Result<(), WorldError> {
        let bad = |setting: &'static str, value: T| {
            Err(WorldError::InvalidSetting {
                setting,
                value: Value::of(value),
            })
        };
        let finite_non_negative = |x: T| x >= T::zero() && x.is_finite();
        let unit = |x: T| x >= T::zero() && x <= T::one();
        if !(self.dt > T::zero() && self.dt.is_finite()) {
            return bad("dt", self.dt);
        }
        if let Some(g) = self.gravity.0.iter().find(|g| !g.is_finite()) {
            return bad("gravity", *g);
        }
        let ranged = [
            ("joint_beta", self.joint_beta, unit(self.joint_beta)),
            ("contact_beta", self.contact_beta, unit(self.contact_beta)),
            ("slop", self.slop, finite_non_negative(self.slop)),
            ("margin", self.margin, finite_non_negative(self.margin)),
            (
                "restitution_threshold",
                self.restitution_threshold,
                finite_non_negative(self.restitution_threshold),
            ),
            (
                "projection_tolerance",
                self.projection_tolerance,
                finite_non_negative(self.projection_tolerance),
            ),
            (
                "solver.tolerance",
                self.solver.tolerance,
                finite_non_negative(self.solver.tolerance),
            ),
        ];
        for (setting, value, ok) in ranged {
            if !ok {
                return bad(setting, value);
            }
        }
        if let Some(GyroScheme::ImplicitMidpoint {
            tolerance,
            max_iterations,
        }) = self.gyroscopic
        {
            if !(tolerance > T::zero() && tolerance.is_finite()) {
                return bad("gyroscopic.tolerance", tolerance);
            }
            if max_iterations == 0 {
                return bad("gyroscopic.max_iterations", T::zero());
            }
        }
        if let Some(sleep) = &self.sleep {
            for (setting, value) in [
                ("sleep.linear_speed", sleep.linear_speed),
                ("sleep.angular_speed", sleep.angular_speed),
                ("sleep.time", sleep.time),
            ] {
                if !finite_non_negative(value) {
                    return bad(setting, value);
                }
            }
        }
        if let ContactSolver::Substeps { count } = self.contact_solver
            && count > MAX_SUBSTEPS
        {
            return bad(
                "contact_solver.count",
                T::from(count).unwrap_or_else(T::infinity),
            );
        }
        self.solver.validate()?;
        Ok(())
    }
}
