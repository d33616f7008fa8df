//! Contact points, their feature ids and the fixed-size manifold that holds them.
use num_traits::Float;
use xform::Vector;

/// Which features of the two shapes touch, for matching a contact point with the one of the
/// previous step (warm starting).
///
/// Opaque: two points of the same shape pair with equal ids come from the same pair of
/// features (face/edge/vertex of a box, end/side of a capsule), and the id stays the same
/// while those features keep touching. Ids are only comparable between calls of the same
/// contact function on the same (ordered) shape pair.
///
/// ```
/// use solver::geometry::{Cuboid, HalfSpace, Isometry, cuboid_plane};
/// use solver::xform::Vector;
/// let cube = Cuboid::new(Vector([0.5f64, 0.5, 0.5]))?;
/// let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
/// let m1 = cuboid_plane(&cube, &Isometry::translation(Vector([0.0, 0.5, 0.0])), &ground, 0.01);
/// let m2 = cuboid_plane(&cube, &Isometry::translation(Vector([0.001, 0.499, 0.0])), &ground, 0.01);
/// assert_eq!(m1.len(), 4);
/// assert!(m1.iter().zip(m2.iter()).all(|(p, q)| p.feature == q.feature));
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct FeatureId(pub u32);

/// Kinds of contact feature (the top byte of a [`FeatureId`]).
pub(crate) mod kind {
    pub(crate) const BOX_PLANE: u32 = 1;
    pub(crate) const BOX_SPHERE: u32 = 2;
    pub(crate) const BOX_BOX_FACE: u32 = 3;
    pub(crate) const BOX_BOX_EDGE: u32 = 4;
    pub(crate) const CAPSULE_PLANE: u32 = 5;
    pub(crate) const CAPSULE_SPHERE: u32 = 6;
    pub(crate) const CAPSULE_CAPSULE: u32 = 7;
    pub(crate) const CAPSULE_BOX_FACE: u32 = 8;
    pub(crate) const CAPSULE_BOX_EDGE: u32 = 9;
    pub(crate) const CAPSULE_BOX_POINT: u32 = 10;
    pub(crate) const SPHERE: u32 = 11;
    pub(crate) const NON_FINITE: u32 = 255;
}

impl FeatureId {
    /// `kind` in the top byte, `detail` (24 bits) below.
    pub(crate) fn new(kind: u32, detail: u32) -> Self {
        Self((kind << 24) | (detail & 0x00ff_ffff))
    }
}

/// One contact point between shape A (the first argument of a contact function) and
/// shape B (the second).
///
/// Conventions (the same as the world's `sphere_sphere` and `sphere_plane`):
/// - `normal` is a unit vector pointing **from B toward A**: pushing A along it separates
///   the shapes;
/// - `gap` is the signed separation along `normal` (negative: penetration depth);
/// - `point` is the contact point **on the surface of A**, world frame; the matching point on
///   B is [`ContactPoint::point_on_b`] `= point − normal·gap`.
///
/// ```
/// use solver::geometry::{HalfSpace, Isometry, Sphere, sphere_plane};
/// use solver::xform::Vector;
/// // A ball of radius 0.5 whose centre is 0.4 above the ground: 0.1 deep.
/// let ball = Sphere::new(0.5f64)?;
/// let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
/// let c = sphere_plane(&ball, &Isometry::translation(Vector([0.0, 0.4, 0.0])), &ground, 0.0)
///     .as_slice()[0];
/// assert_eq!(c.normal, Vector([0.0, 1.0, 0.0])); // from the ground (B) toward the ball (A)
/// assert!((c.gap + 0.1).abs() < 1e-12);
/// assert!((c.point - Vector([0.0, -0.1, 0.0])).norm() < 1e-12); // on the ball
/// assert!(c.point_on_b().norm() < 1e-12); // on the ground
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ContactPoint<T> {
    /// Contact point on A's surface (world frame).
    pub point: Vector<T, 3>,
    /// Unit normal from B toward A.
    pub normal: Vector<T, 3>,
    /// Signed separation (negative: penetration).
    pub gap: T,
    /// Which features touch (stable while they keep touching).
    pub feature: FeatureId,
}

impl<T: Float> ContactPoint<T> {
    /// The matching point on B's surface: `point − normal·gap`.
    ///
    /// ```
    /// use solver::geometry::{ContactPoint, FeatureId};
    /// use solver::xform::Vector;
    /// let c = ContactPoint {
    ///     point: Vector([0.0, 1.0, 0.0]),
    ///     normal: Vector([0.0, 1.0, 0.0]),
    ///     gap: 0.5,
    ///     feature: FeatureId(0),
    /// };
    /// assert_eq!(c.point_on_b(), Vector([0.0, 0.5, 0.0]));
    /// ```
    #[must_use]
    pub fn point_on_b(&self) -> Vector<T, 3> {
        self.point - self.normal * self.gap
    }

    /// The same contact seen with the shapes swapped: normal reversed, point moved to the
    /// other surface, gap and feature kept.
    ///
    /// ```
    /// use solver::geometry::{ContactPoint, FeatureId};
    /// use solver::xform::Vector;
    /// let c = ContactPoint {
    ///     point: Vector([0.0, 1.0, 0.0]),
    ///     normal: Vector([0.0, 1.0, 0.0]),
    ///     gap: 0.5,
    ///     feature: FeatureId(7),
    /// };
    /// let f = c.flipped();
    /// assert_eq!(f.normal, Vector([0.0, -1.0, 0.0]));
    /// assert_eq!(f.point, Vector([0.0, 0.5, 0.0]));
    /// assert_eq!(f.point_on_b(), c.point);
    /// ```
    #[must_use]
    pub fn flipped(&self) -> Self {
        Self {
            point: self.point_on_b(),
            normal: -self.normal,
            gap: self.gap,
            feature: self.feature,
        }
    }

    /// A point whose every number is NaN (the answer to non-finite input).
    pub(crate) fn nan() -> Self {
        let nan = Vector::splat(T::nan());
        Self {
            point: nan,
            normal: nan,
            gap: T::nan(),
            feature: FeatureId::new(kind::NON_FINITE, 0),
        }
    }
}

/// Most points a [`Manifold`] holds.
pub const MAX_MANIFOLD_POINTS: usize = 4;

/// Up to [`MAX_MANIFOLD_POINTS`] contact points of one shape pair (no allocation).
///
/// Empty when the shapes are farther apart than the margin. Non-finite input gives one
/// point whose numbers are all NaN.
///
/// ```
/// use solver::geometry::{Capsule, HalfSpace, Isometry, capsule_plane};
/// use solver::xform::{Quaternion, Vector};
/// let capsule = Capsule::new(0.1f64, 0.5)?;
/// // Lying along x (its axis is local y), resting on the ground y = 0.
/// let lying = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), core::f64::consts::FRAC_PI_2);
/// let pose = Isometry::new(Vector([0.0, 0.1, 0.0]), lying);
/// let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
/// let m = capsule_plane(&capsule, &pose, &ground, 0.01);
/// assert_eq!(m.len(), 2);
/// assert!(m.iter().all(|c| c.gap.abs() < 1e-12));
/// # Ok::<(), solver::geometry::ShapeError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Manifold<T> {
    points: [ContactPoint<T>; MAX_MANIFOLD_POINTS],
    len: usize,
}

impl<T: Float> Default for Manifold<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Float> Manifold<T> {
    /// No contact.
    ///
    /// ```
    /// use solver::geometry::Manifold;
    /// assert!(Manifold::<f64>::new().is_empty());
    /// ```
    #[must_use]
    pub fn new() -> Self {
        let zero = ContactPoint {
            point: Vector::zeros(),
            normal: Vector::zeros(),
            gap: T::zero(),
            feature: FeatureId(0),
        };
        Self {
            points: [zero; MAX_MANIFOLD_POINTS],
            len: 0,
        }
    }

    /// One NaN point (the answer to non-finite input).
    pub(crate) fn nan() -> Self {
        let mut m = Self::new();
        m.push(ContactPoint::nan());
        m
    }

    /// Adds a point; beyond [`MAX_MANIFOLD_POINTS`] the point is dropped (the contact
    /// functions reduce their candidates first, so this never happens there).
    pub(crate) fn push(&mut self, point: ContactPoint<T>) {
        if self.len < MAX_MANIFOLD_POINTS {
            self.points[self.len] = point;
            self.len += 1;
        }
    }

    /// The points.
    ///
    /// ```
    /// use solver::geometry::Manifold;
    /// assert!(Manifold::<f32>::new().as_slice().is_empty());
    /// ```
    #[must_use]
    pub fn as_slice(&self) -> &[ContactPoint<T>] {
        &self.points[..self.len]
    }

    /// The points, mutable (for frame changes inside the crate).
    pub(crate) fn as_slice_mut(&mut self) -> &mut [ContactPoint<T>] {
        &mut self.points[..self.len]
    }

    /// How many points.
    ///
    /// ```
    /// use solver::geometry::Manifold;
    /// assert_eq!(Manifold::<f32>::new().len(), 0);
    /// ```
    #[must_use]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no point.
    ///
    /// ```
    /// use solver::geometry::Manifold;
    /// assert!(Manifold::<f32>::new().is_empty());
    /// ```
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Iterates over the points.
    ///
    /// ```
    /// use solver::geometry::Manifold;
    /// assert_eq!(Manifold::<f64>::new().iter().count(), 0);
    /// ```
    pub fn iter(&self) -> core::slice::Iter<'_, ContactPoint<T>> {
        self.as_slice().iter()
    }

    /// The smallest gap (`None` when empty; NaN if a gap is NaN).
    ///
    /// ```
    /// use solver::geometry::{Isometry, Sphere, Cuboid, cuboid_sphere};
    /// use solver::xform::Vector;
    /// let m = cuboid_sphere(
    ///     &Cuboid::new(Vector([1.0, 1.0, 1.0]))?,
    ///     &Isometry::identity(),
    ///     &Sphere::new(0.5)?,
    ///     &Isometry::translation(Vector([0.0, 1.25, 0.0])),
    ///     0.0,
    /// );
    /// assert_eq!(m.min_gap(), Some(-0.25));
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn min_gap(&self) -> Option<T> {
        let mut it = self.iter().map(|c| c.gap);
        let first = it.next()?;
        Some(it.fold(first, |m, g| if g < m || g.is_nan() { g } else { m }))
    }

    /// Every point [`flipped`](ContactPoint::flipped): the manifold of (B, A).
    ///
    /// ```
    /// use solver::geometry::{Isometry, Sphere, Cuboid, cuboid_sphere};
    /// use solver::xform::Vector;
    /// let m = cuboid_sphere(
    ///     &Cuboid::new(Vector([1.0, 1.0, 1.0]))?,
    ///     &Isometry::identity(),
    ///     &Sphere::new(0.5)?,
    ///     &Isometry::translation(Vector([0.0, 1.25, 0.0])),
    ///     0.0,
    /// );
    /// // Sphere first: the normal points from the box toward the sphere.
    /// assert_eq!(m.flipped().as_slice()[0].normal, Vector([0.0, 1.0, 0.0]));
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    #[must_use]
    pub fn flipped(&self) -> Self {
        let mut out = *self;
        for p in &mut out.points[..out.len] {
            *p = p.flipped();
        }
        out
    }
}

impl<'a, T: Float> IntoIterator for &'a Manifold<T> {
    type Item = &'a ContactPoint<T>;
    type IntoIter = core::slice::Iter<'a, ContactPoint<T>>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// Chooses at most four of `candidates` (all roughly in one plane with normal `normal`) that
/// keep the deepest point and span the largest area: the deepest point, the point farthest
/// from it, the point farthest from the line through both, then the point that adds the
/// most area on the other side. Ties go to the lower index, so the choice is deterministic.
pub(crate) fn reduce_to_four<T: Float>(
    candidates: &[ContactPoint<T>],
    normal: &Vector<T, 3>,
) -> Manifold<T> {
    let mut out = Manifold::new();
    if candidates.len() <= MAX_MANIFOLD_POINTS {
        for c in candidates {
            out.push(*c);
        }
        return out;
    }
    let argmax = |score: &dyn Fn(&ContactPoint<T>) -> T| -> usize {
        let mut best = 0;
        let mut best_score = T::neg_infinity();
        for (i, c) in candidates.iter().enumerate() {
            let s = score(c);
            if s > best_score {
                best = i;
                best_score = s;
            }
        }
        best
    };
    let i0 = argmax(&|c| -c.gap);
    let p0 = candidates[i0].point;
    let i1 = argmax(&|c| (c.point - p0).norm_squared());
    let p1 = candidates[i1].point;
    let area = |a: &Vector<T, 3>, b: &Vector<T, 3>, c: &Vector<T, 3>| -> T {
        (*b - *a).cross(&(*c - *a)).dot(normal)
    };
    let i2 = argmax(&|c| area(&p0, &p1, &c.point).abs());
    let p2 = candidates[i2].point;
    // Orient the triangle counter-clockwise about `normal`, then take the point farthest
    // outside one of its edges.
    let (q0, q1, q2) = if area(&p0, &p1, &p2) >= T::zero() {
        (p0, p1, p2)
    } else {
        (p0, p2, p1)
    };
    let i3 = argmax(&|c| {
        let p = c.point;
        let outside = [area(&q0, &q1, &p), area(&q1, &q2, &p), area(&q2, &q0, &p)];
        -outside.iter().fold(T::infinity(), |m, &a| m.min(a))
    });
    for i in [i0, i1, i2, i3] {
        if !out.iter().any(|c| c.feature == candidates[i].feature) {
            out.push(candidates[i]);
        }
    }
    out
}
