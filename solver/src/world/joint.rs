//! The built-in joints, each a constraint function `C(q)` (their Jacobians come from
//! [`linearize`](super::linearize) like any user constraint: none is written by hand).
use num_traits::Float;
use xform::Vector;

use super::constraint::{ConstraintFunction, NoUserConstraint};
use super::pose::{Lift, Pose};

/// Point-to-point (ball-and-socket): anchor `anchor_a` of body a coincides with
/// `anchor_b` of body b. Three rows, `C = x_b − x_a`.
///
/// # Example
/// ```
/// use solver::world::{Ball, ConstraintFunction, Pose};
/// use solver::xform::Vector;
/// let pin = Ball { anchor_a: Vector([0.0, 0.5, 0.0]), anchor_b: Vector([0.0, 1.0, 0.0f64]) };
/// let mut c = [0.0; 3];
/// pin.evaluate(&Pose::identity(), &Pose::identity(), &mut c);
/// assert_eq!(c, [0.0, 0.5, 0.0]); // anchor b − anchor a
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ball<T> {
    /// Anchor in body a's frame.
    pub anchor_a: Vector<T, 3>,
    /// Anchor in body b's frame (world coordinates for a joint to the world).
    pub anchor_b: Vector<T, 3>,
}

impl<T: Float> ConstraintFunction<T> for Ball<T> {
    fn rows(&self) -> usize {
        3
    }

    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]) {
        let gap = b.point(&self.anchor_b) - a.point(&self.anchor_a);
        c[..3].copy_from_slice(&gap.0);
    }
}

/// Keeps two anchors at a fixed distance: one row, `C = |x_b − x_a| − length`.
///
/// # Example
/// ```
/// use solver::world::{ConstraintFunction, Distance, Pose};
/// use solver::xform::Vector;
/// let rope = Distance { anchor_a: Vector([0.0f64; 3]), anchor_b: Vector([0.0, 3.0, 0.0]), length: 2.0 };
/// let mut c = [0.0; 1];
/// rope.evaluate(&Pose::identity(), &Pose::identity(), &mut c);
/// assert_eq!(c, [1.0]); // 3 m apart, 2 m wanted
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Distance<T> {
    /// Anchor in body a's frame.
    pub anchor_a: Vector<T, 3>,
    /// Anchor in body b's frame (world coordinates for a joint to the world).
    pub anchor_b: Vector<T, 3>,
    /// The rest distance (> 0: at zero length the direction, and so the Jacobian, is lost).
    pub length: T,
}

impl<T: Float> ConstraintFunction<T> for Distance<T> {
    fn rows(&self) -> usize {
        1
    }

    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]) {
        let d = b.point(&self.anchor_b) - a.point(&self.anchor_a);
        c[0] = d.norm() - S::lift(self.length);
    }
}

/// A revolute joint: a ball joint plus two rows that keep axis `axis_a` of body a
/// perpendicular to the two body-b directions `perp_b` orthogonal to `axis_b`, so the
/// axes stay aligned and only rotation about them is free. Five rows.
///
/// # Example
/// ```
/// use solver::world::{Ball, ConstraintFunction, Hinge};
/// use solver::xform::Vector;
/// let ball = Ball { anchor_a: Vector([0.0f64; 3]), anchor_b: Vector([0.0; 3]) };
/// let h = Hinge::new(ball, Vector([0.0, 0.0, 1.0]), Vector([0.0, 0.0, 1.0]));
/// assert_eq!(h.rows(), 5); // 3 for the point, 2 for the axis
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hinge<T> {
    /// The shared point.
    pub ball: Ball<T>,
    /// Unit hinge axis in body a's frame.
    pub axis_a: Vector<T, 3>,
    /// Two unit directions in body b's frame, orthogonal to each other and to the hinge axis
    /// of body b.
    pub perp_b: [Vector<T, 3>; 2],
}

/// Two unit vectors completing the unit vector `n` to a right-handed orthonormal basis
/// (deterministic: the same `n` always gives the same pair).
///
/// # Example
/// ```
/// use solver::xform::Vector;
/// let n = Vector([0.0, 0.0, 1.0f64]);
/// let [t1, t2] = solver::world::orthonormal_pair(&n);
/// assert!(t1.dot(&n).abs() < 1e-15 && t2.dot(&n).abs() < 1e-15 && t1.dot(&t2).abs() < 1e-15);
/// assert!((t1.cross(&t2) - n).norm() < 1e-15); // right-handed
/// ```
pub fn orthonormal_pair<T: Float>(n: &Vector<T, 3>) -> [Vector<T, 3>; 2] {
    // Pick the world axis least aligned with n.
    let (ax, ay, az) = (n[0].abs(), n[1].abs(), n[2].abs());
    let helper = if ax <= ay && ax <= az {
        Vector::unit(0)
    } else if ay <= az {
        Vector::unit(1)
    } else {
        Vector::unit(2)
    };
    let t1 = n.cross(&helper);
    let t1 = t1 / t1.norm();
    [t1, n.cross(&t1)]
}

impl<T: Float> Hinge<T> {
    /// A hinge from unit axes in both body frames (the perpendiculars are derived).
    ///
    /// # Example
    /// ```
    /// use solver::world::{Ball, ConstraintFunction, Hinge, Pose};
    /// use solver::xform::Vector;
    /// let ball = Ball { anchor_a: Vector([0.0f64; 3]), anchor_b: Vector([0.0; 3]) };
    /// let h = Hinge::new(ball, Vector([0.0, 0.0, 1.0]), Vector([0.0, 0.0, 1.0]));
    /// let mut c = [1.0; 5];
    /// h.evaluate(&Pose::identity(), &Pose::identity(), &mut c);
    /// assert_eq!(c, [0.0; 5]); // aligned: satisfied
    /// ```
    pub fn new(ball: Ball<T>, axis_a: Vector<T, 3>, axis_b: Vector<T, 3>) -> Self {
        Self {
            ball,
            axis_a,
            perp_b: orthonormal_pair(&axis_b),
        }
    }
}

impl<T: Float> ConstraintFunction<T> for Hinge<T> {
    fn rows(&self) -> usize {
        5
    }

    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]) {
        self.ball.evaluate(a, b, &mut c[..3]);
        let axis = a.direction(&self.axis_a);
        c[3] = axis.dot(&b.direction(&self.perp_b[0]));
        c[4] = axis.dot(&b.direction(&self.perp_b[1]));
    }
}

/// A joint of the world: one of the built-in kinds or a user constraint function `U`.
///
/// # Example
/// ```
/// use solver::world::{Ball, ConstraintFunction, Joint};
/// use solver::xform::Vector;
/// let j: Joint<f64> = Joint::Ball(Ball { anchor_a: Vector([0.0; 3]), anchor_b: Vector([0.0; 3]) });
/// assert_eq!(j.rows(), 3);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Joint<T, U = NoUserConstraint> {
    /// Point-to-point.
    Ball(Ball<T>),
    /// Fixed distance between anchors.
    Distance(Distance<T>),
    /// Revolute.
    Hinge(Hinge<T>),
    /// A user constraint function.
    User(U),
}

impl<T: Float, U: ConstraintFunction<T>> ConstraintFunction<T> for Joint<T, U> {
    fn rows(&self) -> usize {
        match self {
            Self::Ball(j) => j.rows(),
            Self::Distance(j) => j.rows(),
            Self::Hinge(j) => j.rows(),
            Self::User(j) => j.rows(),
        }
    }

    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]) {
        match self {
            Self::Ball(j) => j.evaluate(a, b, c),
            Self::Distance(j) => j.evaluate(a, b, c),
            Self::Hinge(j) => j.evaluate(a, b, c),
            Self::User(j) => j.evaluate(a, b, c),
        }
    }
}
