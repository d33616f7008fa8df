//! The sequential-impulse form: projected Gauss-Seidel over constraint rows with per-body
//! Jacobian blocks, never forming Γ.
//!
//! Each row caches `M⁻¹Jᵢᵀ` (one 6-vector per body it touches) and `Γᵢᵢ = Jᵢ M⁻¹ Jᵢᵀ`; the
//! solver keeps the accumulated velocity change `Δv = M⁻¹Jᵀλ` per body, so
//! `(Γλ)ᵢ = Jᵢ·Δv` costs O(1) per row and a multiplier change `δ` updates `Δv += M⁻¹Jᵢᵀ δ`.
//! In exact arithmetic this is the same iteration as dense PGS on `Γ = J M⁻¹ Jᵀ`.
use num_traits::Float;
use xform::{Matrix, Vector};

use crate::{RowOperator, SolveError};

/// Inverse mass and world-frame inverse inertia of one body (zero for a static body).
///
/// # Example
/// ```
/// use solver::{BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, JacobianBlock,
///              PgsSettings, RowCache, RowFlag, SequentialImpulse, pgs_sor};
/// use solver::xform::{Matrix, Vector};
/// // A 2 kg body resting on the ground (body 0, static), pushed down at 1 m/s.
/// let bodies = [BodyInverseMass::fixed(),
///               BodyInverseMass { inv_mass: 0.5f64, inv_inertia: Matrix::identity() }];
/// let up = Vector([0.0, 0.0, 1.0]);
/// let rows = [ConstraintRow {
///     a: JacobianBlock { body: 0, linear: -up, angular: Vector([0.0; 3]) },
///     b: Some(JacobianBlock { body: 1, linear: up, angular: Vector([0.0; 3]) }),
/// }];
/// let (mut cache, mut dv) = ([RowCache::default()], [BodyVelocity::default(); 2]);
/// let mut op = SequentialImpulse::new(&bodies, &rows, &mut cache, &mut dv).unwrap();
/// let (mut lambda, mut flags) = ([0.0], [RowFlag::Active]);
/// // η = −J v = 1: the impulse that stops the body is m·1 = 2.
/// pgs_sor(&mut op, &[1.0], &[Bounds::unilateral()], &PgsSettings::default(), &mut lambda,
///         &mut flags).unwrap();
/// assert!((lambda[0] - 2.0).abs() < 1e-12);
/// assert!((op.velocity_change()[1].linear[2] - 1.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyInverseMass<T> {
    /// 1/m (0 for a static body).
    pub inv_mass: T,
    /// I⁻¹ in world coordinates (zero for a static body).
    pub inv_inertia: Matrix<T, 3, 3>,
}

impl<T: Float> BodyInverseMass<T> {
    /// A body that nothing moves.
    ///
    /// # Example
    /// ```
    /// let b = solver::BodyInverseMass::<f64>::fixed();
    /// assert_eq!(b.inv_mass, 0.0);
    /// ```
    #[must_use]
    pub fn fixed() -> Self {
        Self {
            inv_mass: T::zero(),
            inv_inertia: Matrix::zeros(),
        }
    }
}

/// A linear and angular 3-vector pair: a body's velocity (change), or `M⁻¹Jᵀ` of one row.
///
/// # Example
/// ```
/// let v = solver::BodyVelocity::<f32>::default();
/// assert_eq!((v.linear.0, v.angular.0), ([0.0; 3], [0.0; 3]));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BodyVelocity<T> {
    /// Linear part.
    pub linear: Vector<T, 3>,
    /// Angular part.
    pub angular: Vector<T, 3>,
}

impl<T: Float> Default for BodyVelocity<T> {
    fn default() -> Self {
        Self {
            linear: Vector::zeros(),
            angular: Vector::zeros(),
        }
    }
}

impl<T: Float> BodyVelocity<T> {
    #[inline]
    pub(crate) fn add_scaled(&mut self, other: &Self, s: T) {
        self.linear += other.linear * s;
        self.angular += other.angular * s;
    }
}

/// One body's part of a constraint row: `Jᵢ v = linear·v_lin + angular·ω` for that body.
///
/// # Example
/// ```
/// use solver::{BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, JacobianBlock,
///              PgsSettings, RowCache, RowFlag, SequentialImpulse, pgs_sor};
/// use solver::xform::{Matrix, Vector};
/// // A 2 kg body resting on the ground (body 0, static), pushed down at 1 m/s.
/// let bodies = [BodyInverseMass::fixed(),
///               BodyInverseMass { inv_mass: 0.5f64, inv_inertia: Matrix::identity() }];
/// let up = Vector([0.0, 0.0, 1.0]);
/// let rows = [ConstraintRow {
///     a: JacobianBlock { body: 0, linear: -up, angular: Vector([0.0; 3]) },
///     b: Some(JacobianBlock { body: 1, linear: up, angular: Vector([0.0; 3]) }),
/// }];
/// let (mut cache, mut dv) = ([RowCache::default()], [BodyVelocity::default(); 2]);
/// let mut op = SequentialImpulse::new(&bodies, &rows, &mut cache, &mut dv).unwrap();
/// let (mut lambda, mut flags) = ([0.0], [RowFlag::Active]);
/// // η = −J v = 1: the impulse that stops the body is m·1 = 2.
/// pgs_sor(&mut op, &[1.0], &[Bounds::unilateral()], &PgsSettings::default(), &mut lambda,
///         &mut flags).unwrap();
/// assert!((lambda[0] - 2.0).abs() < 1e-12);
/// assert!((op.velocity_change()[1].linear[2] - 1.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct JacobianBlock<T> {
    /// Index into the body slice.
    pub body: usize,
    /// Linear part of the row.
    pub linear: Vector<T, 3>,
    /// Angular part of the row.
    pub angular: Vector<T, 3>,
}

impl<T: Float> JacobianBlock<T> {
    /// `J v` of this block, summed as two interleaved halves of its six entries in memory
    /// order (`[l₀ l₂ a₁]` and `[l₁ a₀ a₂]`): a two-lane SIMD unit computes that as three
    /// lane-wise products and two sums, where the sum of the linear and the angular dot
    /// products needs shuffles to line its pairs up.
    #[inline]
    pub(crate) fn dot(&self, v: &BodyVelocity<T>) -> T {
        let ([l0, l1, l2], [a0, a1, a2]) = (self.linear.0, self.angular.0);
        let ([v0, v1, v2], [w0, w1, w2]) = (v.linear.0, v.angular.0);
        let even = l0 * v0 + l2 * v2 + a1 * w1;
        let odd = l1 * v1 + a0 * w0 + a2 * w2;
        even + odd
    }
}

/// A constraint row acting on one body (against the world) or two.
///
/// # Example
/// ```
/// use solver::{BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, JacobianBlock,
///              PgsSettings, RowCache, RowFlag, SequentialImpulse, pgs_sor};
/// use solver::xform::{Matrix, Vector};
/// // A 2 kg body resting on the ground (body 0, static), pushed down at 1 m/s.
/// let bodies = [BodyInverseMass::fixed(),
///               BodyInverseMass { inv_mass: 0.5f64, inv_inertia: Matrix::identity() }];
/// let up = Vector([0.0, 0.0, 1.0]);
/// let rows = [ConstraintRow {
///     a: JacobianBlock { body: 0, linear: -up, angular: Vector([0.0; 3]) },
///     b: Some(JacobianBlock { body: 1, linear: up, angular: Vector([0.0; 3]) }),
/// }];
/// let (mut cache, mut dv) = ([RowCache::default()], [BodyVelocity::default(); 2]);
/// let mut op = SequentialImpulse::new(&bodies, &rows, &mut cache, &mut dv).unwrap();
/// let (mut lambda, mut flags) = ([0.0], [RowFlag::Active]);
/// // η = −J v = 1: the impulse that stops the body is m·1 = 2.
/// pgs_sor(&mut op, &[1.0], &[Bounds::unilateral()], &PgsSettings::default(), &mut lambda,
///         &mut flags).unwrap();
/// assert!((lambda[0] - 2.0).abs() < 1e-12);
/// assert!((op.velocity_change()[1].linear[2] - 1.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ConstraintRow<T> {
    /// First body's block.
    pub a: JacobianBlock<T>,
    /// Second body's block, if any.
    pub b: Option<JacobianBlock<T>>,
}

/// Per-row cache: `M⁻¹Jᵢᵀ` for both blocks and `Γᵢᵢ`. Caller-provided storage.
///
/// # Example
/// ```
/// use solver::{BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, JacobianBlock,
///              PgsSettings, RowCache, RowFlag, SequentialImpulse, pgs_sor};
/// use solver::xform::{Matrix, Vector};
/// // A 2 kg body resting on the ground (body 0, static), pushed down at 1 m/s.
/// let bodies = [BodyInverseMass::fixed(),
///               BodyInverseMass { inv_mass: 0.5f64, inv_inertia: Matrix::identity() }];
/// let up = Vector([0.0, 0.0, 1.0]);
/// let rows = [ConstraintRow {
///     a: JacobianBlock { body: 0, linear: -up, angular: Vector([0.0; 3]) },
///     b: Some(JacobianBlock { body: 1, linear: up, angular: Vector([0.0; 3]) }),
/// }];
/// let (mut cache, mut dv) = ([RowCache::default()], [BodyVelocity::default(); 2]);
/// let mut op = SequentialImpulse::new(&bodies, &rows, &mut cache, &mut dv).unwrap();
/// let (mut lambda, mut flags) = ([0.0], [RowFlag::Active]);
/// // η = −J v = 1: the impulse that stops the body is m·1 = 2.
/// pgs_sor(&mut op, &[1.0], &[Bounds::unilateral()], &PgsSettings::default(), &mut lambda,
///         &mut flags).unwrap();
/// assert!((lambda[0] - 2.0).abs() < 1e-12);
/// assert!((op.velocity_change()[1].linear[2] - 1.0).abs() < 1e-12);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RowCache<T> {
    pub(crate) a: BodyVelocity<T>,
    pub(crate) b: BodyVelocity<T>,
    pub(crate) diagonal: T,
}

impl<T: Float> Default for RowCache<T> {
    fn default() -> Self {
        Self {
            a: BodyVelocity::default(),
            b: BodyVelocity::default(),
            diagonal: T::zero(),
        }
    }
}

/// The sequential-impulse [`RowOperator`]: pass it to [`pgs_sor`](crate::pgs_sor); after
/// the solve, `velocity_change()` (and the `delta_v` slice you lent) holds `M⁻¹Jᵀλ` per
/// body, the velocity update of the step.
///
/// # Example
/// ```
/// use solver::{BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, JacobianBlock,
///              PgsSettings, RowCache, RowFlag, SequentialImpulse, pgs_sor};
/// use solver::xform::{Matrix, Vector};
/// // A 2 kg body resting on the ground (body 0, static), pushed down at 1 m/s.
/// let bodies = [BodyInverseMass::fixed(),
///               BodyInverseMass { inv_mass: 0.5f64, inv_inertia: Matrix::identity() }];
/// let up = Vector([0.0, 0.0, 1.0]);
/// let rows = [ConstraintRow {
///     a: JacobianBlock { body: 0, linear: -up, angular: Vector([0.0; 3]) },
///     b: Some(JacobianBlock { body: 1, linear: up, angular: Vector([0.0; 3]) }),
/// }];
/// let (mut cache, mut dv) = ([RowCache::default()], [BodyVelocity::default(); 2]);
/// let mut op = SequentialImpulse::new(&bodies, &rows, &mut cache, &mut dv).unwrap();
/// let (mut lambda, mut flags) = ([0.0], [RowFlag::Active]);
/// // η = −J v = 1: the impulse that stops the body is m·1 = 2.
/// pgs_sor(&mut op, &[1.0], &[Bounds::unilateral()], &PgsSettings::default(), &mut lambda,
///         &mut flags).unwrap();
/// assert!((lambda[0] - 2.0).abs() < 1e-12);
/// assert!((op.velocity_change()[1].linear[2] - 1.0).abs() < 1e-12);
/// ```
#[derive(Debug)]
pub struct SequentialImpulse<'a, T> {
    rows: &'a [ConstraintRow<T>],
    cache: &'a mut [RowCache<T>],
    delta_v: &'a mut [BodyVelocity<T>],
}

fn mass_times<T: Float>(body: &BodyInverseMass<T>, block: &JacobianBlock<T>) -> BodyVelocity<T> {
    BodyVelocity {
        linear: block.linear * body.inv_mass,
        angular: body.inv_inertia * block.angular,
    }
}

impl<'a, T: Float> SequentialImpulse<'a, T> {
    /// Prepares the row caches for `rows` acting on `bodies`; `cache` needs one entry per
    /// row and `delta_v` one per body.
    ///
    /// # Example
    /// ```
    /// use solver::{BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, JacobianBlock,
    ///              PgsSettings, RowCache, RowFlag, SequentialImpulse, pgs_sor};
    /// use solver::xform::{Matrix, Vector};
    /// // A 2 kg body resting on the ground (body 0, static), pushed down at 1 m/s.
    /// let bodies = [BodyInverseMass::fixed(),
    ///               BodyInverseMass { inv_mass: 0.5f64, inv_inertia: Matrix::identity() }];
    /// let up = Vector([0.0, 0.0, 1.0]);
    /// let rows = [ConstraintRow {
    ///     a: JacobianBlock { body: 0, linear: -up, angular: Vector([0.0; 3]) },
    ///     b: Some(JacobianBlock { body: 1, linear: up, angular: Vector([0.0; 3]) }),
    /// }];
    /// let (mut cache, mut dv) = ([RowCache::default()], [BodyVelocity::default(); 2]);
    /// let mut op = SequentialImpulse::new(&bodies, &rows, &mut cache, &mut dv).unwrap();
    /// let (mut lambda, mut flags) = ([0.0], [RowFlag::Active]);
    /// // η = −J v = 1: the impulse that stops the body is m·1 = 2.
    /// pgs_sor(&mut op, &[1.0], &[Bounds::unilateral()], &PgsSettings::default(), &mut lambda,
    ///         &mut flags).unwrap();
    /// assert!((lambda[0] - 2.0).abs() < 1e-12);
    /// assert!((op.velocity_change()[1].linear[2] - 1.0).abs() < 1e-12);
    /// ```
    ///
    /// # Errors
    /// [`SolveError::DimensionMismatch`] for a wrong slice length,
    /// [`SolveError::InvalidBodyIndex`] for a block naming a missing body.
    pub fn new(
        bodies: &[BodyInverseMass<T>],
        rows: &'a [ConstraintRow<T>],
        cache: &'a mut [RowCache<T>],
        delta_v: &'a mut [BodyVelocity<T>],
    ) -> Result<Self, SolveError> {
        if cache.len() != rows.len() {
            return Err(SolveError::DimensionMismatch {
                what: "cache",
                expected: rows.len(),
                found: cache.len(),
            });
        }
        if delta_v.len() != bodies.len() {
            return Err(SolveError::DimensionMismatch {
                what: "delta_v",
                expected: bodies.len(),
                found: delta_v.len(),
            });
        }
        for (row, (r, c)) in rows.iter().zip(cache.iter_mut()).enumerate() {
            let body_of = |block: &JacobianBlock<T>| {
                bodies.get(block.body).ok_or(SolveError::InvalidBodyIndex {
                    row,
                    body: block.body,
                })
            };
            c.a = mass_times(body_of(&r.a)?, &r.a);
            c.diagonal = r.a.dot(&c.a);
            c.b = match &r.b {
                Some(b) => {
                    let mb = mass_times(body_of(b)?, b);
                    c.diagonal = c.diagonal + b.dot(&mb);
                    if b.body == r.a.body {
                        // Both blocks on one body: the cross terms count too.
                        c.diagonal = c.diagonal + r.a.dot(&mb) + b.dot(&c.a);
                    }
                    mb
                }
                None => BodyVelocity::default(),
            };
        }
        Ok(Self {
            rows,
            cache,
            delta_v,
        })
    }

    /// An operator over row caches that [`SequentialImpulse::new`] already prepared for
    /// these `rows` and the same bodies (the world's island solve builds them once and
    /// reuses them for its relaxing solve and its checks). `delta_v` is taken as it is.
    pub(crate) fn prepared(
        rows: &'a [ConstraintRow<T>],
        cache: &'a mut [RowCache<T>],
        delta_v: &'a mut [BodyVelocity<T>],
    ) -> Self {
        debug_assert_eq!(rows.len(), cache.len());
        Self {
            rows,
            cache,
            delta_v,
        }
    }

    /// The accumulated velocity change `M⁻¹Jᵀλ` per body.
    ///
    /// # Example
    /// ```
    /// use solver::{BodyInverseMass, BodyVelocity, Bounds, ConstraintRow, JacobianBlock,
    ///              PgsSettings, RowCache, RowFlag, SequentialImpulse, pgs_sor};
    /// use solver::xform::{Matrix, Vector};
    /// // A 2 kg body resting on the ground (body 0, static), pushed down at 1 m/s.
    /// let bodies = [BodyInverseMass::fixed(),
    ///               BodyInverseMass { inv_mass: 0.5f64, inv_inertia: Matrix::identity() }];
    /// let up = Vector([0.0, 0.0, 1.0]);
    /// let rows = [ConstraintRow {
    ///     a: JacobianBlock { body: 0, linear: -up, angular: Vector([0.0; 3]) },
    ///     b: Some(JacobianBlock { body: 1, linear: up, angular: Vector([0.0; 3]) }),
    /// }];
    /// let (mut cache, mut dv) = ([RowCache::default()], [BodyVelocity::default(); 2]);
    /// let mut op = SequentialImpulse::new(&bodies, &rows, &mut cache, &mut dv).unwrap();
    /// let (mut lambda, mut flags) = ([0.0], [RowFlag::Active]);
    /// // η = −J v = 1: the impulse that stops the body is m·1 = 2.
    /// pgs_sor(&mut op, &[1.0], &[Bounds::unilateral()], &PgsSettings::default(), &mut lambda,
    ///         &mut flags).unwrap();
    /// assert!((lambda[0] - 2.0).abs() < 1e-12);
    /// assert!((op.velocity_change()[1].linear[2] - 1.0).abs() < 1e-12);
    /// ```
    #[must_use]
    pub fn velocity_change(&self) -> &[BodyVelocity<T>] {
        self.delta_v
    }
}

impl<T: Float> RowOperator<T> for SequentialImpulse<'_, T> {
    fn rows(&self) -> usize {
        self.rows.len()
    }

    fn diagonal(&self, i: usize) -> T {
        self.cache[i].diagonal
    }

    fn coupling(&self, i: usize, j: usize) -> T {
        let (ri, rj, cj) = (&self.rows[i], &self.rows[j], &self.cache[j]);
        let mut sum = T::zero();
        for block in core::iter::once(&ri.a).chain(ri.b.iter()) {
            if block.body == rj.a.body {
                sum = sum + block.dot(&cj.a);
            }
            if let Some(b) = &rj.b
                && block.body == b.body
            {
                sum = sum + block.dot(&cj.b);
            }
        }
        sum
    }

    // `inline(always)`: the row kernel of every sweep; as calls they cost a frame each
    // (about 40 of the row's instructions on the Cortex-M4F).
    #[inline(always)]
    fn product_row(&self, i: usize, _lambda: &[T]) -> T {
        let r = &self.rows[i];
        let mut s = r.a.dot(&self.delta_v[r.a.body]);
        if let Some(b) = &r.b {
            s = s + b.dot(&self.delta_v[b.body]);
        }
        s
    }

    /// The diagonal alone tells: [`SequentialImpulse::new`] computed it as `J·(M⁻¹Jᵀ)` from
    /// every entry of the row and of its cache, and a non-finite entry makes its product
    /// non-finite (`∞·0` and `NaN·x` are NaN), which no sum brings back (`∞ − ∞` is NaN).
    /// (Checking all 25 entries took 5 % of a box tower's step.)
    fn row_is_finite(&self, i: usize) -> bool {
        self.cache[i].diagonal.is_finite()
    }

    #[inline(always)]
    fn apply(&mut self, i: usize, delta: T) {
        let (r, c) = (&self.rows[i], &self.cache[i]);
        self.delta_v[r.a.body].add_scaled(&c.a, delta);
        if let Some(b) = &r.b {
            self.delta_v[b.body].add_scaled(&c.b, delta);
        }
    }

    fn reset(&mut self, lambda: &[T]) {
        self.delta_v
            .iter_mut()
            .for_each(|v| *v = BodyVelocity::default());
        for (i, &l) in lambda.iter().enumerate() {
            if l != T::zero() {
                self.apply(i, l);
            }
        }
    }
}
