//! `ArticulatedInertia<T>`: a symmetric 6 × 6 inertia that need not be a rigid body's — the
//! apparent inertia of a body with the subtree it drags along (RBDA §7.1), which the
//! articulated-body algorithm builds from the leaves inwards.
use core::ops::{Add, AddAssign, Sub};

use num_traits::Float;

use super::{Force, Inertia, Motion, Plx, blocks, cross_matrix};
use crate::{Matrix, Vector};

/// A symmetric spatial inertia `[[A, B], [Bᵀ, C]]` (angular part first), `A` and `C`
/// symmetric.
///
/// # Example
/// ```
/// use xform::{ArticulatedInertia, Inertia, Matrix, Motion, Vector};
/// let rigid = Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity());
/// let a = ArticulatedInertia::from(rigid);
/// let m = Motion::new(Vector([0.3, -0.2, 1.0]), Vector([1.0, 2.0, 0.5]));
/// assert!((a.apply(&m).to_vector() - rigid.apply(&m).to_vector()).norm() < 1e-15);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ArticulatedInertia<T> {
    /// `A`: angular block (symmetric).
    pub angular: Matrix<T, 3, 3>,
    /// `B`: the upper-right coupling block (the lower-left is `Bᵀ`).
    pub coupling: Matrix<T, 3, 3>,
    /// `C`: linear block (symmetric).
    pub linear: Matrix<T, 3, 3>,
}

impl<T: Float> ArticulatedInertia<T> {
    /// The zero inertia.
    ///
    /// # Example
    /// ```
    /// use xform::ArticulatedInertia;
    /// assert_eq!(ArticulatedInertia::<f64>::zero().to_matrix(), xform::Matrix::zeros());
    /// ```
    #[inline]
    pub fn zero() -> Self {
        Self {
            angular: Matrix::zeros(),
            coupling: Matrix::zeros(),
            linear: Matrix::zeros(),
        }
    }

    /// The force `(A ω + B v, Bᵀ ω + C v)` that accelerates the articulated body by `m`.
    ///
    /// # Example
    /// ```
    /// use xform::{ArticulatedInertia, Inertia, Matrix, Motion, Vector};
    /// let a = ArticulatedInertia::from(Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity()));
    /// let m = Motion::new(Vector([0.3, -0.2, 1.0]), Vector([1.0, 2.0, 0.5]));
    /// assert!((a.to_matrix() * m.to_vector() - a.apply(&m).to_vector()).norm() < 1e-14);
    /// ```
    #[inline]
    pub fn apply(&self, m: &Motion<T>) -> Force<T> {
        Force::new(
            self.angular * m.angular + self.coupling * m.linear,
            transpose_times(&self.coupling, &m.angular) + self.linear * m.linear,
        )
    }

    /// Subtracts `s u uᵀ` (a symmetric rank-one update; ABA's `U D⁻¹ Uᵀ` is a sum of these).
    ///
    /// # Example
    /// ```
    /// use xform::{ArticulatedInertia, Force, Inertia, Matrix, Vector};
    /// let mut a = ArticulatedInertia::from(Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity()));
    /// let u = Force::new(Vector([1.0, 0.0, 0.5]), Vector([0.0, 2.0, 0.0]));
    /// let before = a.to_matrix();
    /// a.sub_scaled_outer(&u, 0.5);
    /// let uv = u.to_vector();
    /// assert!((before - uv.outer(&uv) * 0.5 - a.to_matrix()).amax() < 1e-15);
    /// ```
    #[inline]
    pub fn sub_scaled_outer(&mut self, u: &Force<T>, s: T) {
        let (a, l) = (u.angular * s, u.linear * s);
        self.angular -= a.outer(&u.angular);
        self.coupling -= a.outer(&u.linear);
        self.linear -= l.outer(&u.linear);
    }

    /// The 6 × 6 matrix `[[A, B], [Bᵀ, C]]`.
    ///
    /// # Example
    /// ```
    /// use xform::{ArticulatedInertia, Inertia, Matrix, Vector};
    /// let a = ArticulatedInertia::from(Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity()));
    /// assert_eq!(a.to_matrix(), Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity()).to_matrix());
    /// ```
    #[inline]
    pub fn to_matrix(&self) -> Matrix<T, 6, 6> {
        blocks(
            &self.angular,
            &self.coupling,
            &self.coupling.transpose(),
            &self.linear,
        )
    }

    /// `[[1, r×], [0, 1]] M [[1, 0], [−r×, 1]]`: the same inertia about an origin moved by
    /// `−r` (no rotation).
    #[inline]
    fn shifted(&self, r: &Vector<T, 3>) -> Self {
        let rx = cross_matrix(r);
        let b = self.coupling + rx * self.linear;
        Self {
            angular: self.angular + rx * self.coupling.transpose() - b * rx,
            coupling: b,
            linear: self.linear,
        }
    }

    /// `diag(E, E) M diag(Eᵀ, Eᵀ)`.
    #[inline]
    fn rotated(&self, e: &Matrix<T, 3, 3>) -> Self {
        let et = e.transpose();
        Self {
            angular: *e * self.angular * et,
            coupling: *e * self.coupling * et,
            linear: *e * self.linear * et,
        }
    }
}

/// `Mᵀ v` without forming the transpose.
#[inline]
fn transpose_times<T: Float>(m: &Matrix<T, 3, 3>, v: &Vector<T, 3>) -> Vector<T, 3> {
    let c = &m.0;
    let v = &v.0;
    Vector([
        c[0][0] * v[0] + c[1][0] * v[1] + c[2][0] * v[2],
        c[0][1] * v[0] + c[1][1] * v[1] + c[2][1] * v[2],
        c[0][2] * v[0] + c[1][2] * v[1] + c[2][2] * v[2],
    ])
}

impl<T: Float> From<Inertia<T>> for ArticulatedInertia<T> {
    /// A rigid body is its own articulated body: `A = Ī`, `B = h×`, `C = m 1`.
    #[inline]
    fn from(i: Inertia<T>) -> Self {
        Self {
            angular: i.origin_inertia,
            coupling: cross_matrix(&i.first_moment),
            linear: Matrix::identity() * i.mass,
        }
    }
}

impl<T: Float> Default for ArticulatedInertia<T> {
    #[inline]
    fn default() -> Self {
        Self::zero()
    }
}

impl<T: Float> Add for ArticulatedInertia<T> {
    type Output = Self;
    #[inline]
    fn add(self, r: Self) -> Self {
        Self {
            angular: self.angular + r.angular,
            coupling: self.coupling + r.coupling,
            linear: self.linear + r.linear,
        }
    }
}

impl<T: Float> AddAssign for ArticulatedInertia<T> {
    #[inline]
    fn add_assign(&mut self, r: Self) {
        *self = *self + r;
    }
}

impl<T: Float> Sub for ArticulatedInertia<T> {
    type Output = Self;
    #[inline]
    fn sub(self, r: Self) -> Self {
        Self {
            angular: self.angular - r.angular,
            coupling: self.coupling - r.coupling,
            linear: self.linear - r.linear,
        }
    }
}

impl<T: Float> Plx<T> {
    /// `X* M X⁻¹`: an articulated inertia given in A coordinates, in B coordinates.
    ///
    /// # Example
    /// ```
    /// use xform::{ArticulatedInertia, Inertia, Matrix, Plx, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let a = ArticulatedInertia::from(Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity()));
    /// let explicit = x.to_force_matrix() * a.to_matrix() * x.inverse().to_matrix();
    /// assert!((x.apply_articulated(&a).to_matrix() - explicit).amax() < 1e-13);
    /// ```
    #[inline]
    pub fn apply_articulated(&self, m: &ArticulatedInertia<T>) -> ArticulatedInertia<T> {
        m.shifted(&-self.translation)
            .rotated(self.rotation.matrix())
    }

    /// `Xᵀ M X`: an articulated inertia given in B coordinates, in A coordinates (how ABA
    /// hands a child's inertia to its parent).
    ///
    /// # Example
    /// ```
    /// use xform::{ArticulatedInertia, Inertia, Matrix, Plx, Rotation, Vector};
    /// let x = Plx::new(Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7), Vector([1.0, -2.0, 0.5f64]));
    /// let a = ArticulatedInertia::from(Inertia::new(2.0f64, Vector([0.0, 1.0, 0.0]), Matrix::identity()));
    /// let explicit = x.to_matrix().transpose() * a.to_matrix() * x.to_matrix();
    /// assert!((x.inverse_apply_articulated(&a).to_matrix() - explicit).amax() < 1e-13);
    /// ```
    #[inline]
    pub fn inverse_apply_articulated(&self, m: &ArticulatedInertia<T>) -> ArticulatedInertia<T> {
        m.rotated(&self.rotation.matrix().transpose())
            .shifted(&self.translation)
    }
}
