//! The built-in joints, each a constraint function `C(q)` with its Jacobian written out
//! ([`ConstraintFunction::linearization`]; tested against the dual-number derivative
//! [`linearize`](super::linearize) that user constraints get).
//!
//! Every built-in row has one of two forms, in the world frame, with `s = R r` a body's
//! anchor offset and `δθ` a small world-frame turn (`δx = δθ × x` for a vector carried by
//! the body), rows laid out `[v_a, ω_a, v_b, ω_b]`:
//! - *along* `n`: `n·(p_b − p_a)` with `p = x + s` has the row `[−n, n × ℓ_a, n, s_b × n]`,
//!   where `ℓ_a = s_a` for a fixed `n` (`δ(n·p_a) = n·(δx_a + δθ_a × s_a)`), and also for
//!   `|p_b − p_a|` with `n` its direction (`δ|d| = n·δd`); when `n` turns with body a,
//!   `ℓ_a = s_a + d` (the extra `d·(δθ_a × n) = δθ_a·(n × d)`);
//! - *between directions* `u` of body a and `w` of body b: `u·w` has the row
//!   `[0, u × w, 0, w × u]` (`δ(u·w) = δθ_a·(u × w) + δθ_b·(w × u)`).
use num_traits::Float;
use xform::{Quaternion, Vector};

use super::constraint::{ConstraintFunction, Linearization, NoUserConstraint, constraint_value};
use super::pose::{Lift, Pose};

/// A row from its four parts.
fn row<T: Float>(parts: [Vector<T, 3>; 4]) -> [T; 12] {
    let mut out = [T::zero(); 12];
    for (chunk, part) in out.chunks_exact_mut(3).zip(parts) {
        chunk.copy_from_slice(&part.0);
    }
    out
}

/// The row of `n·(p_b − p_a)` (module docs): `lever_a` is `s_a`, or `s_a + d` when `n`
/// turns with body a.
fn along<T: Float>(n: Vector<T, 3>, lever_a: &Vector<T, 3>, s_b: &Vector<T, 3>) -> [T; 12] {
    row([-n, n.cross(lever_a), n, s_b.cross(&n)])
}

/// The row of `u·w`, `u` a direction of body a and `w` one of body b.
fn between<T: Float>(u: &Vector<T, 3>, w: &Vector<T, 3>) -> [T; 12] {
    row([Vector::zeros(), u.cross(w), Vector::zeros(), w.cross(u)])
}

/// A built-in joint, whose Jacobian rows are written out (module docs).
trait WrittenRows<T: Float>: ConstraintFunction<T> {
    /// The first [`rows`](ConstraintFunction::rows) rows of `J` at poses `a` and `b`, into
    /// `rows[..rows()]` (a slice: a weld writes its alignment's rows after its ball's).
    fn jacobian_into(&self, a: &Pose<T>, b: &Pose<T>, rows: &mut [[T; 12]]);
}

/// `C` from [`ConstraintFunction::evaluate`] and the rows of `c` written into `out` (rows
/// beyond [`rows`](ConstraintFunction::rows) are left as they were), which the caller owns:
/// a result returned by value was copied on its way out and again into the step's
/// buffers (316 B in f32, per joint and linearization).
fn written_into<T: Float, C: WrittenRows<T>>(
    c: &C,
    a: &Pose<T>,
    b: &Pose<T>,
    out: &mut Linearization<T>,
) {
    out.rows = c.rows();
    out.value = constraint_value(c, a, b);
    c.jacobian_into(a, b, &mut out.jacobian);
}

/// [`written_into`] a new linearization.
fn written<T: Float, C: WrittenRows<T>>(c: &C, a: &Pose<T>, b: &Pose<T>) -> Linearization<T> {
    let mut out = Linearization::zero();
    written_into(c, a, b, &mut out);
    out
}

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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

    fn linearization(&self, a: &Pose<T>, b: &Pose<T>) -> Linearization<T> {
        written(self, a, b)
    }
}

impl<T: Float> WrittenRows<T> for Ball<T> {
    /// The three rows, one per world axis.
    fn jacobian_into(&self, a: &Pose<T>, b: &Pose<T>, rows: &mut [[T; 12]]) {
        let (s_a, s_b) = (a.direction(&self.anchor_a), b.direction(&self.anchor_b));
        for (k, r) in rows[..3].iter_mut().enumerate() {
            *r = along(Vector::unit(k), &s_a, &s_b);
        }
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

    fn linearization(&self, a: &Pose<T>, b: &Pose<T>) -> Linearization<T> {
        written(self, a, b)
    }
}

impl<T: Float> WrittenRows<T> for Distance<T> {
    fn jacobian_into(&self, a: &Pose<T>, b: &Pose<T>, rows: &mut [[T; 12]]) {
        let (s_a, s_b) = (a.direction(&self.anchor_a), b.direction(&self.anchor_b));
        let d = b.position + s_b - a.position - s_a;
        rows[0] = along(d / d.norm(), &s_a, &s_b);
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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

    fn linearization(&self, a: &Pose<T>, b: &Pose<T>) -> Linearization<T> {
        written(self, a, b)
    }
}

impl<T: Float> WrittenRows<T> for Hinge<T> {
    fn jacobian_into(&self, a: &Pose<T>, b: &Pose<T>, rows: &mut [[T; 12]]) {
        self.ball.jacobian_into(a, b, rows);
        let axis = a.direction(&self.axis_a);
        for (r, perp) in rows[3..5].iter_mut().zip(&self.perp_b) {
            *r = between(&axis, &b.direction(perp));
        }
    }
}

/// Three rows that lock the relative orientation of two bodies: body b keeps the rotation
/// `relative` against body a (`q_a⁻¹ q_b` when the joint is made; the world's rotation
/// against a for a joint to the world). With `Aᵢ = R_a eᵢ` and `Bᵢ = R_b relative⁻¹ eᵢ`,
/// equal when the joint holds, the rows are `A₁·B₂`, `A₂·B₀` and `A₀·B₁`: a small rotation
/// `δθ` of b against a changes them by `−δθ·A₀`, `−δθ·A₁`, `−δθ·A₂`, three independent
/// rows. Four numbers instead of two frames keep every joint slot small (the weld and the
/// slider are the largest joints).
///
/// # Example
/// ```
/// use solver::world::{Alignment, ConstraintFunction, Pose};
/// use solver::xform::{Quaternion, Vector};
/// let lock = Alignment::<f64>::identity();
/// let mut c = [1.0; 3];
/// lock.evaluate(&Pose::identity(), &Pose::identity(), &mut c);
/// assert_eq!(c, [0.0; 3]);
/// let turned = Pose {
///     position: Vector([0.0; 3]),
///     orientation: Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.1),
/// };
/// lock.evaluate(&Pose::identity(), &turned, &mut c);
/// assert!((c[2] + 0.1f64.sin()).abs() < 1e-15); // A₀·B₁ = −sin θ, θ about z
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Alignment<T> {
    /// Body b's rotation against body a to keep (a unit quaternion).
    pub relative: Quaternion<T>,
}

impl<T: Float> Alignment<T> {
    /// Bodies whose orientations agree.
    ///
    /// # Example
    /// ```
    /// let lock = solver::world::Alignment::<f32>::identity();
    /// assert_eq!(lock.relative, solver::xform::Quaternion::identity());
    /// ```
    pub fn identity() -> Self {
        Self {
            relative: Quaternion::identity(),
        }
    }

    /// The frames `Aᵢ` (in body a) and `Bᵢ` (in body b) that the joint keeps aligned.
    fn frames(&self) -> [[Vector<T, 3>; 3]; 2] {
        let back = self.relative.conjugate();
        let axes: [Vector<T, 3>; 3] = [Vector::unit(0), Vector::unit(1), Vector::unit(2)];
        [axes, axes.map(|e| back.rotate(&e))]
    }

    /// The angle in radians of the rotation that takes frame a onto frame b in the world,
    /// at poses `a` and `b`: 0 when the joint holds.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Alignment, Pose};
    /// use solver::xform::{Quaternion, Vector};
    /// let b = Pose {
    ///     position: Vector([0.0; 3]),
    ///     orientation: Quaternion::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.3),
    /// };
    /// let angle = Alignment::identity().angle(&Pose::identity(), &b);
    /// assert!((angle - 0.3f64).abs() < 1e-12);
    /// ```
    pub fn angle(&self, a: &Pose<T>, b: &Pose<T>) -> T {
        // trace(R) = Σ Aᵢ·Bᵢ = 1 + 2 cos θ; sin θ from the skew part: |Σ Aᵢ × Bᵢ| = 2 sin θ.
        let (mut cos2, mut sin2) = (T::zero(), Vector::zeros());
        let [frame_a, frame_b] = self.frames();
        for (fa, fb) in frame_a.iter().zip(&frame_b) {
            let (x, y) = (a.direction(fa), b.direction(fb));
            cos2 = cos2 + x.dot(&y);
            sin2 += x.cross(&y);
        }
        sin2.norm().atan2(cos2 - T::one())
    }
}

impl<T: Float> ConstraintFunction<T> for Alignment<T> {
    fn rows(&self) -> usize {
        3
    }

    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]) {
        let [frame_a, frame_b] = self.frames();
        let axis_a = |i: usize| a.direction(&frame_a[i]);
        let axis_b = |i: usize| b.direction(&frame_b[i]);
        c[0] = axis_a(1).dot(&axis_b(2));
        c[1] = axis_a(2).dot(&axis_b(0));
        c[2] = axis_a(0).dot(&axis_b(1));
    }

    fn linearization(&self, a: &Pose<T>, b: &Pose<T>) -> Linearization<T> {
        written(self, a, b)
    }
}

impl<T: Float> WrittenRows<T> for Alignment<T> {
    /// The three rows (the pairs of [`evaluate`](ConstraintFunction::evaluate)).
    fn jacobian_into(&self, a: &Pose<T>, b: &Pose<T>, rows: &mut [[T; 12]]) {
        let [frame_a, frame_b] = self.frames();
        let axis_a = frame_a.map(|e| a.direction(&e));
        let axis_b = frame_b.map(|e| b.direction(&e));
        for (r, (i, j)) in rows[..3].iter_mut().zip([(1, 2), (2, 0), (0, 1)]) {
            *r = between(&axis_a[i], &axis_b[j]);
        }
    }
}

/// A weld (fixed joint): a ball joint and an [`Alignment`], so the two bodies move as one.
/// Six rows.
///
/// # Example
/// ```
/// use solver::world::{Alignment, Ball, ConstraintFunction, Pose, Weld};
/// use solver::xform::Vector;
/// let ball = Ball { anchor_a: Vector([0.5f64, 0.0, 0.0]), anchor_b: Vector([-0.5, 0.0, 0.0]) };
/// let weld = Weld { ball, alignment: Alignment::identity() };
/// assert_eq!(weld.rows(), 6);
/// let b = Pose { position: Vector([1.0, 0.0, 0.0]), ..Pose::identity() };
/// let mut c = [1.0; 6];
/// weld.evaluate(&Pose::identity(), &b, &mut c);
/// assert_eq!(c, [0.0; 6]);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Weld<T> {
    /// The shared point.
    pub ball: Ball<T>,
    /// The locked orientation.
    pub alignment: Alignment<T>,
}

impl<T: Float> ConstraintFunction<T> for Weld<T> {
    fn rows(&self) -> usize {
        6
    }

    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]) {
        self.ball.evaluate(a, b, &mut c[..3]);
        self.alignment.evaluate(a, b, &mut c[3..6]);
    }

    fn linearization(&self, a: &Pose<T>, b: &Pose<T>) -> Linearization<T> {
        written(self, a, b)
    }
}

impl<T: Float> WrittenRows<T> for Weld<T> {
    fn jacobian_into(&self, a: &Pose<T>, b: &Pose<T>, rows: &mut [[T; 12]]) {
        self.ball.jacobian_into(a, b, rows);
        self.alignment.jacobian_into(a, b, &mut rows[3..]);
    }
}

/// A prismatic joint (slider): body b's anchor moves along the axis through body a's anchor,
/// and the bodies keep their relative orientation ([`Alignment`]). Five rows: the offset
/// `d = x_b − x_a` of the anchors along the two directions of body a orthogonal to the axis
/// ([`orthonormal_pair`] of it), then the alignment. The travel is `d · axis`
/// ([`Prismatic::travel`]).
///
/// # Example
/// ```
/// use solver::world::{Alignment, ConstraintFunction, Pose, Prismatic};
/// use solver::xform::Vector;
/// let slider = Prismatic::new(Vector([0.0f64; 3]), Vector([0.0; 3]), Vector([1.0, 0.0, 0.0]), Alignment::identity());
/// assert_eq!(slider.rows(), 5);
/// let b = Pose { position: Vector([2.0, 0.0, 0.0]), ..Pose::identity() };
/// let mut c = [1.0; 5];
/// slider.evaluate(&Pose::identity(), &b, &mut c);
/// assert_eq!(c, [0.0; 5]); // 2 m along the axis: free
/// assert_eq!(slider.travel(&Pose::identity(), &b), 2.0);
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prismatic<T> {
    /// Anchor in body a's frame.
    pub anchor_a: Vector<T, 3>,
    /// Anchor in body b's frame (world coordinates for a joint to the world).
    pub anchor_b: Vector<T, 3>,
    /// Unit sliding axis in body a's frame.
    pub axis_a: Vector<T, 3>,
    /// The locked orientation.
    pub alignment: Alignment<T>,
}

impl<T: Float> Prismatic<T> {
    /// A slider from the anchors and the unit axis in body a's frame.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Alignment, Prismatic};
    /// use solver::xform::Vector;
    /// let s = Prismatic::new(Vector([0.0f64; 3]), Vector([0.0; 3]), Vector([0.0, 1.0, 0.0]), Alignment::identity());
    /// assert_eq!(s.axis_a, Vector([0.0, 1.0, 0.0]));
    /// ```
    pub fn new(
        anchor_a: Vector<T, 3>,
        anchor_b: Vector<T, 3>,
        axis_a: Vector<T, 3>,
        alignment: Alignment<T>,
    ) -> Self {
        Self {
            anchor_a,
            anchor_b,
            axis_a,
            alignment,
        }
    }

    /// How far body b's anchor is along the axis from body a's, at poses `a` and `b`.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Alignment, Pose, Prismatic};
    /// use solver::xform::Vector;
    /// let s = Prismatic::new(Vector([0.0f64; 3]), Vector([0.0; 3]), Vector([0.0, 0.0, 1.0]), Alignment::identity());
    /// let b = Pose { position: Vector([0.0, 0.0, -0.25]), ..Pose::identity() };
    /// assert_eq!(s.travel(&Pose::identity(), &b), -0.25);
    /// ```
    pub fn travel(&self, a: &Pose<T>, b: &Pose<T>) -> T {
        (b.point(&self.anchor_b) - a.point(&self.anchor_a)).dot(&a.direction(&self.axis_a))
    }

    /// The anchors' offset across the axis in metres (0 when the joint holds).
    pub(crate) fn offset(&self, a: &Pose<T>, b: &Pose<T>) -> T {
        let d = b.point(&self.anchor_b) - a.point(&self.anchor_a);
        let along = a.direction(&self.axis_a);
        (d - along * d.dot(&along)).norm()
    }
}

impl<T: Float> ConstraintFunction<T> for Prismatic<T> {
    fn rows(&self) -> usize {
        5
    }

    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]) {
        let d = b.point(&self.anchor_b) - a.point(&self.anchor_a);
        let across = orthonormal_pair(&self.axis_a);
        c[0] = d.dot(&a.direction(&across[0]));
        c[1] = d.dot(&a.direction(&across[1]));
        self.alignment.evaluate(a, b, &mut c[2..5]);
    }

    fn linearization(&self, a: &Pose<T>, b: &Pose<T>) -> Linearization<T> {
        written(self, a, b)
    }
}

impl<T: Float> WrittenRows<T> for Prismatic<T> {
    fn jacobian_into(&self, a: &Pose<T>, b: &Pose<T>, rows: &mut [[T; 12]]) {
        let s_b = b.direction(&self.anchor_b);
        let lever_a = b.position + s_b - a.position; // s_a + d, d = p_b − p_a
        for (r, n) in rows[..2].iter_mut().zip(orthonormal_pair(&self.axis_a)) {
            *r = along(a.direction(&n), &lever_a, &s_b);
        }
        self.alignment.jacobian_into(a, b, &mut rows[2..]);
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
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Joint<T, U = NoUserConstraint> {
    /// Point-to-point.
    Ball(Ball<T>),
    /// Fixed distance between anchors.
    Distance(Distance<T>),
    /// Revolute.
    Hinge(Hinge<T>),
    /// Fixed: the bodies move as one.
    Weld(Weld<T>),
    /// Sliding along an axis, orientation locked.
    Prismatic(Prismatic<T>),
    /// A user constraint function.
    User(U),
}

impl<T: Float, U: ConstraintFunction<T>> Joint<T, U> {
    /// [`ConstraintFunction::linearization`] written into `out` (a built-in kind writes its
    /// rows in place, see [`written_into`]; a user function's result is copied).
    pub(crate) fn linearization_into(&self, a: &Pose<T>, b: &Pose<T>, out: &mut Linearization<T>) {
        match self {
            Self::Ball(j) => written_into(j, a, b, out),
            Self::Distance(j) => written_into(j, a, b, out),
            Self::Hinge(j) => written_into(j, a, b, out),
            Self::Weld(j) => written_into(j, a, b, out),
            Self::Prismatic(j) => written_into(j, a, b, out),
            Self::User(j) => *out = j.linearization(a, b),
        }
    }
}

impl<T: Float, U: ConstraintFunction<T>> ConstraintFunction<T> for Joint<T, U> {
    fn rows(&self) -> usize {
        match self {
            Self::Ball(j) => j.rows(),
            Self::Distance(j) => j.rows(),
            Self::Hinge(j) => j.rows(),
            Self::Weld(j) => j.rows(),
            Self::Prismatic(j) => j.rows(),
            Self::User(j) => j.rows(),
        }
    }

    fn evaluate<S: Lift<T>>(&self, a: &Pose<S>, b: &Pose<S>, c: &mut [S]) {
        match self {
            Self::Ball(j) => j.evaluate(a, b, c),
            Self::Distance(j) => j.evaluate(a, b, c),
            Self::Hinge(j) => j.evaluate(a, b, c),
            Self::Weld(j) => j.evaluate(a, b, c),
            Self::Prismatic(j) => j.evaluate(a, b, c),
            Self::User(j) => j.evaluate(a, b, c),
        }
    }

    fn linearization(&self, a: &Pose<T>, b: &Pose<T>) -> Linearization<T> {
        let mut out = Linearization::zero();
        self.linearization_into(a, b, &mut out);
        out
    }
}
