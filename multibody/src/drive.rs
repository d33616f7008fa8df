//! What acts on a joint besides the forces a program passes in: viscous damping, a motor
//! (a PD controller with a force limit) and soft position limits, as joint forces computed
//! from the joint's own coordinate and rate. [`Tree::step`](crate::Tree::step) adds them at
//! every forward-dynamics evaluation, so the implicit midpoint rule treats them implicitly.
//!
//! Limits are soft (a spring and damper that push only while the joint is past a bound, the
//! way MuJoCo's soft constraints and penalty methods work): a joint can pass its bound by a
//! little, which [`StepReport::limit_violation`](crate::StepReport::limit_violation) reports
//! after every step. A stiffer spring violates less and needs shorter steps.
use cwlist::Storage;
use num_traits::Float;

use crate::error::check_len;
use crate::{Error, Tree};

/// A PD motor on a one-degree-of-freedom joint: `τ = clamp(kp (q* − q) + kd (v* − v), ±max)`.
/// `stiffness = 0` makes it a velocity motor.
///
/// # Example
/// ```
/// use multibody::Motor;
/// let m = Motor { target_position: 1.0, target_velocity: 0.0, stiffness: 10.0, damping: 1.0, max_force: 5.0 };
/// assert_eq!(m.force(0.75, 0.5), 2.0); // 10·0.25 − 1·0.5
/// assert_eq!(m.force(0.0, 0.0), 5.0); // clamped
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Motor<T> {
    /// `q*` (rad or m).
    pub target_position: T,
    /// `v*` (rad/s or m/s).
    pub target_velocity: T,
    /// `kp` (N·m/rad or N/m), ≥ 0.
    pub stiffness: T,
    /// `kd` (N·m·s/rad or N·s/m), ≥ 0.
    pub damping: T,
    /// The largest force the motor gives, ≥ 0 (may be infinite).
    pub max_force: T,
}

impl<T: Float> Motor<T> {
    /// The motor's force at coordinate `q` and rate `v`.
    ///
    /// # Example
    /// ```
    /// use multibody::Motor;
    /// let spin = Motor { target_position: 0.0, target_velocity: 2.0, stiffness: 0.0, damping: 3.0, max_force: f64::INFINITY };
    /// assert_eq!(spin.force(100.0, 1.0), 3.0);
    /// ```
    pub fn force(&self, q: T, v: T) -> T {
        let f =
            self.stiffness * (self.target_position - q) + self.damping * (self.target_velocity - v);
        f.max(-self.max_force).min(self.max_force)
    }

    fn is_valid(&self) -> bool {
        [
            self.target_position,
            self.target_velocity,
            self.stiffness,
            self.damping,
        ]
        .iter()
        .all(|x| x.is_finite())
            && self.stiffness >= T::zero()
            && self.damping >= T::zero()
            && self.max_force >= T::zero()
    }
}

/// Soft position limits of a one-degree-of-freedom joint: past a bound, a spring of
/// `stiffness` and a damper of `damping` push it back (never pull).
///
/// # Example
/// ```
/// use multibody::Limits;
/// let l = Limits { lower: -1.0, upper: 1.0, stiffness: 1e4, damping: 10.0 };
/// assert_eq!(l.force(0.5, 3.0), 0.0);       // inside: nothing
/// assert_eq!(l.force(1.25, 0.0), -2500.0);  // a quarter past the upper bound
/// assert_eq!(l.force(1.25, -500.0), 0.0);   // leaving fast: the damper may not pull
/// assert_eq!(l.violation(1.25), 0.25);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Limits<T> {
    /// Lower bound (rad or m).
    pub lower: T,
    /// Upper bound, ≥ `lower`.
    pub upper: T,
    /// Spring past a bound (N·m/rad or N/m), > 0.
    pub stiffness: T,
    /// Damper past a bound, ≥ 0.
    pub damping: T,
}

impl<T: Float> Limits<T> {
    /// The limit's force at coordinate `q` and rate `v`.
    ///
    /// # Example
    /// ```
    /// use multibody::Limits;
    /// let l = Limits { lower: 0.0, upper: 2.0, stiffness: 100.0, damping: 0.0 };
    /// assert_eq!(l.force(-0.25, 0.0), 25.0);
    /// ```
    pub fn force(&self, q: T, v: T) -> T {
        let zero = T::zero();
        if q > self.upper {
            (-self.stiffness * (q - self.upper) - self.damping * v).min(zero)
        } else if q < self.lower {
            (self.stiffness * (self.lower - q) - self.damping * v).max(zero)
        } else {
            zero
        }
    }

    /// How far `q` is past a bound (0 inside).
    ///
    /// # Example
    /// ```
    /// use multibody::Limits;
    /// let l = Limits { lower: 0.0, upper: 2.0, stiffness: 100.0, damping: 0.0 };
    /// assert_eq!((l.violation(-0.5), l.violation(1.0)), (0.5, 0.0));
    /// ```
    pub fn violation(&self, q: T) -> T {
        (q - self.upper).max(self.lower - q).max(T::zero())
    }

    fn is_valid(&self) -> bool {
        [self.lower, self.upper, self.stiffness, self.damping]
            .iter()
            .all(|x| x.is_finite())
            && self.lower <= self.upper
            && self.stiffness > T::zero()
            && self.damping >= T::zero()
    }
}

/// Everything that drives or resists one joint ([`Link::with_drive`](crate::Link::with_drive)):
/// viscous damping on every degree of freedom (`τ = −c v`), and for revolute and prismatic
/// joints a motor and limits.
///
/// # Example
/// ```
/// use multibody::{Drive, Limits};
/// let d = Drive { damping: 0.5, ..Drive::none() }
///     .with_limits(Limits { lower: -1.0, upper: 1.0, stiffness: 1e3, damping: 1.0 });
/// assert_eq!(d.force(0.0, 2.0), -1.0);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Drive<T> {
    /// Viscous damping `c` ≥ 0 on each degree of freedom.
    pub damping: T,
    /// A motor (one-degree-of-freedom joints).
    pub motor: Option<Motor<T>>,
    /// Soft limits (one-degree-of-freedom joints).
    pub limits: Option<Limits<T>>,
}

impl<T: Float> Drive<T> {
    /// Nothing: a free joint (the default of every link).
    ///
    /// # Example
    /// ```
    /// use multibody::Drive;
    /// assert_eq!(Drive::<f64>::none().force(1.0, 1.0), 0.0);
    /// ```
    pub fn none() -> Self {
        Self {
            damping: T::zero(),
            motor: None,
            limits: None,
        }
    }

    /// With this motor.
    ///
    /// # Example
    /// ```
    /// use multibody::{Drive, Motor};
    /// let d = Drive::none().with_motor(Motor { target_position: 0.0, target_velocity: 1.0, stiffness: 0.0, damping: 2.0, max_force: 1.0 });
    /// assert_eq!(d.force(0.0, 0.0), 1.0);
    /// ```
    #[must_use]
    pub fn with_motor(self, motor: Motor<T>) -> Self {
        Self {
            motor: Some(motor),
            ..self
        }
    }

    /// With these limits.
    ///
    /// # Example
    /// ```
    /// use multibody::{Drive, Limits};
    /// let d = Drive::none().with_limits(Limits { lower: 0.0, upper: 0.0, stiffness: 1.0, damping: 0.0 });
    /// assert_eq!(d.force(1.0, 0.0), -1.0);
    /// ```
    #[must_use]
    pub fn with_limits(self, limits: Limits<T>) -> Self {
        Self {
            limits: Some(limits),
            ..self
        }
    }

    /// The joint force on one degree of freedom at coordinate `q` and rate `v` (for a joint
    /// of several, only the damping applies, with `q` unused).
    ///
    /// # Example
    /// ```
    /// use multibody::Drive;
    /// assert_eq!(Drive { damping: 2.0, ..Drive::none() }.force(0.0, 3.0), -6.0);
    /// ```
    pub fn force(&self, q: T, v: T) -> T {
        let mut f = -self.damping * v;
        if let Some(m) = &self.motor {
            f = f + m.force(q, v);
        }
        if let Some(l) = &self.limits {
            f = f + l.force(q, v);
        }
        f
    }

    /// The same drive in another scalar type ([`Tree::map`]).
    pub(crate) fn map<U: Float>(&self, f: impl Fn(T) -> U) -> Drive<U> {
        Drive {
            damping: f(self.damping),
            motor: self.motor.map(|m| Motor {
                target_position: f(m.target_position),
                target_velocity: f(m.target_velocity),
                stiffness: f(m.stiffness),
                damping: f(m.damping),
                max_force: f(m.max_force),
            }),
            limits: self.limits.map(|l| Limits {
                lower: f(l.lower),
                upper: f(l.upper),
                stiffness: f(l.stiffness),
                damping: f(l.damping),
            }),
        }
    }

    /// Whether anything acts (a tree skips the drive's arithmetic otherwise).
    pub(crate) fn is_active(&self) -> bool {
        self.damping != T::zero() || self.motor.is_some() || self.limits.is_some()
    }

    /// Finite, non-negative gains, ordered bounds; a motor or limits only on a joint of one
    /// degree of freedom.
    pub(crate) fn is_valid_for(&self, dofs: usize) -> bool {
        self.damping.is_finite()
            && self.damping >= T::zero()
            && self.motor.is_none_or(|m| dofs == 1 && m.is_valid())
            && self.limits.is_none_or(|l| dofs == 1 && l.is_valid())
    }
}

impl<T: Float> Default for Drive<T> {
    fn default() -> Self {
        Self::none()
    }
}

impl<T: Float, S: Storage> Tree<T, S> {
    /// Every joint's drive force at `q`, `v` ([`Drive::force`]) into `out` (length
    /// [`Tree::nv`]): what [`Tree::step`] adds to the joint forces it is given.
    ///
    /// # Errors
    /// [`Error::Length`] for slices of the wrong length.
    ///
    /// # Example
    /// ```
    /// use multibody::{Drive, Joint, Link, Tree};
    /// use xform::{Inertia, Plx, Vector};
    /// let hinge = Joint::revolute(Vector([0.0, 0.0, 1.0f64])).unwrap();
    /// let mut tree = Tree::<f64, cwlist::Fixed<1>>::new();
    /// tree.try_push(Link::new(None, hinge, Plx::identity(), Inertia::zero())
    ///     .with_drive(Drive { damping: 0.5, ..Drive::none() })).unwrap();
    /// let mut tau = [0.0];
    /// tree.joint_forces(&[0.0], &[2.0], &mut tau).unwrap();
    /// assert_eq!(tau, [-1.0]);
    /// ```
    pub fn joint_forces(&self, q: &[T], v: &[T], out: &mut [T]) -> Result<(), Error> {
        check_len("q", self.nq(), q.len())?;
        check_len("v", self.nv(), v.len())?;
        check_len("out", self.nv(), out.len())?;
        for (i, link) in self.links().iter().enumerate() {
            let (qr, vr) = self.coordinates(i);
            for j in vr {
                out[j] = link.drive.force(q[qr.start], v[j]);
            }
        }
        Ok(())
    }

    /// The largest distance any joint is past one of its limits at `q` (0 within all).
    pub(crate) fn limit_violation(&self, q: &[T]) -> T {
        self.links()
            .iter()
            .enumerate()
            .filter_map(|(i, link)| {
                let l = link.drive.limits?;
                Some(l.violation(q[self.coordinates(i).0.start]))
            })
            .fold(T::zero(), T::max)
    }
}
