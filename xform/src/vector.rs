//! `Vector<T, N>`: a fixed-size column vector, the one vector type of the workspace.
use core::array;
use core::ops::{
    Add, AddAssign, Div, DivAssign, Index, IndexMut, Mul, MulAssign, Neg, Sub, SubAssign,
};

use num_traits::Float;

use crate::Error;

/// A column vector of `N` scalars.
///
/// The field is public so that literals and pattern matching stay cheap:
/// `Vector([1.0, 2.0, 3.0])`. Arithmetic is component-wise; `*` and `/` take a scalar.
///
/// # Example
/// ```
/// use xform::Vector;
/// let v = Vector([1.0, 2.0, 3.0]) + Vector([1.0, 1.0, 1.0]) * 2.0;
/// assert_eq!(v, Vector([3.0, 4.0, 5.0]));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "[T; N]: serde::Serialize",
        deserialize = "[T; N]: serde::Deserialize<'de>"
    ))
)]
#[repr(transparent)]
pub struct Vector<T, const N: usize>(pub [T; N]);

/// A 2-vector.
///
/// # Example
/// ```
/// let v: xform::Vector2<f64> = xform::Vector([3.0, 4.0]);
/// assert_eq!(v.norm(), 5.0);
/// ```
pub type Vector2<T> = Vector<T, 2>;
/// A 3-vector.
///
/// # Example
/// ```
/// let v: xform::Vector3<f64> = xform::Vector::unit(1);
/// assert_eq!(v.y(), 1.0);
/// ```
pub type Vector3<T> = Vector<T, 3>;
/// A 4-vector.
///
/// # Example
/// ```
/// let v: xform::Vector4<f32> = xform::Vector::splat(0.5);
/// assert_eq!(v.dot(&v), 1.0);
/// ```
pub type Vector4<T> = Vector<T, 4>;

impl<T, const N: usize> Vector<T, N> {
    /// Wraps an array.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector::new([1.0, 2.0]).0, [1.0, 2.0]);
    /// ```
    #[inline]
    pub const fn new(components: [T; N]) -> Self {
        Self(components)
    }

    /// The components as an array.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1, 2, 3]).into_array(), [1, 2, 3]);
    /// ```
    #[inline]
    pub fn into_array(self) -> [T; N] {
        self.0
    }

    /// The components as a slice-backed array reference.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1, 2]).as_array(), &[1, 2]);
    /// ```
    #[inline]
    pub const fn as_array(&self) -> &[T; N] {
        &self.0
    }

    /// Applies `f` to each component (e.g. to change the scalar type).
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1.0, 4.0f64]).map(f64::sqrt), Vector([1.0, 2.0]));
    /// ```
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> Vector<U, N> {
        Vector(self.0.map(f))
    }
}

impl<T: Float, const N: usize> Vector<T, N> {
    /// The zero vector.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector::<f64, 3>::zeros(), Vector([0.0; 3]));
    /// ```
    #[inline]
    pub fn zeros() -> Self {
        Self([T::zero(); N])
    }

    /// Every component equal to `value`.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector::<f32, 2>::splat(1.5), Vector([1.5, 1.5]));
    /// ```
    #[inline]
    pub fn splat(value: T) -> Self {
        Self([value; N])
    }

    /// The `i`-th standard basis vector.
    ///
    /// # Panics
    /// If `i >= N`.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector::<f64, 3>::unit(2), Vector([0.0, 0.0, 1.0]));
    /// ```
    #[inline]
    pub fn unit(i: usize) -> Self {
        assert!(i < N, "basis index out of range");
        let mut v = Self::zeros();
        v.0[i] = T::one();
        v
    }

    /// Component-wise combination of two vectors.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1.0, 5.0]).zip_map(Vector([3.0, 2.0]), f64::max), Vector([3.0, 5.0]));
    /// ```
    #[inline]
    pub fn zip_map(self, other: Self, mut f: impl FnMut(T, T) -> T) -> Self {
        Self(array::from_fn(|i| f(self.0[i], other.0[i])))
    }

    /// Euclidean inner product.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1.0, 2.0, 3.0]).dot(&Vector([4.0, 5.0, 6.0])), 32.0);
    /// ```
    #[inline]
    pub fn dot(&self, other: &Self) -> T {
        dot(&self.0, &other.0)
    }

    /// Squared Euclidean length (no square root, so it is smooth at zero for dual numbers).
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([3.0, 4.0]).norm_squared(), 25.0);
    /// ```
    #[inline]
    pub fn norm_squared(&self) -> T {
        self.dot(self)
    }

    /// Euclidean length.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([3.0, 4.0]).norm(), 5.0);
    /// ```
    #[inline]
    pub fn norm(&self) -> T {
        fpu::sqrt(self.norm_squared())
    }

    /// The unit vector in the same direction.
    ///
    /// # Panics
    /// If the length is zero or not finite (use [`Vector::try_normalize`] to handle that).
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([0.0, 2.0]).normalize(), Vector([0.0, 1.0]));
    /// ```
    #[inline]
    pub fn normalize(&self) -> Self {
        match self.try_normalize() {
            Ok(v) => v,
            Err(e) => panic!("Vector::normalize: {e}"),
        }
    }

    /// The unit vector in the same direction.
    ///
    /// # Errors
    /// [`Error::ZeroNorm`] if the length is zero, [`Error::NonFinite`] if it is NaN or infinite.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([0.0, 3.0]).try_normalize(), Ok(Vector([0.0, 1.0])));
    /// assert_eq!(Vector([0.0f64; 2]).try_normalize(), Err(xform::Error::ZeroNorm));
    /// ```
    #[inline]
    pub fn try_normalize(&self) -> Result<Self, Error> {
        let n = self.norm();
        if !n.is_finite() {
            Err(Error::NonFinite)
        } else if n == T::zero() {
            Err(Error::ZeroNorm)
        } else {
            Ok(*self / n)
        }
    }

    /// Component-wise product.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1.0, 2.0]).component_mul(&Vector([3.0, 4.0])), Vector([3.0, 8.0]));
    /// ```
    #[inline]
    pub fn component_mul(&self, other: &Self) -> Self {
        self.zip_map(*other, |a, b| a * b)
    }

    /// Largest absolute component (the max norm).
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1.0, -7.0, 3.0]).amax(), 7.0);
    /// ```
    #[inline]
    pub fn amax(&self) -> T {
        amax_of(self.0.iter())
    }

    /// Whether every component is finite.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert!(Vector([1.0, 2.0]).is_finite() && !Vector([1.0, f64::NAN]).is_finite());
    /// ```
    #[inline]
    pub fn is_finite(&self) -> bool {
        self.0.iter().all(|c| c.is_finite())
    }

    /// `self + t (other - self)`.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([0.0, 0.0]).lerp(&Vector([2.0, 4.0]), 0.5), Vector([1.0, 2.0]));
    /// ```
    #[inline]
    pub fn lerp(&self, other: &Self, t: T) -> Self {
        *self + (*other - *self) * t
    }
}

impl<T: Copy, const N: usize> Vector<T, N> {
    /// First component.
    ///
    /// # Panics
    /// If `N < 1` (a compile-time constant, so in practice never silently).
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1, 2, 3]).x(), 1);
    /// ```
    #[inline]
    pub fn x(&self) -> T {
        self.0[0]
    }
    /// Second component.
    ///
    /// # Panics
    /// If `N < 2`.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1, 2, 3]).y(), 2);
    /// ```
    #[inline]
    pub fn y(&self) -> T {
        self.0[1]
    }
    /// Third component.
    ///
    /// # Panics
    /// If `N < 3`.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1, 2, 3]).z(), 3);
    /// ```
    #[inline]
    pub fn z(&self) -> T {
        self.0[2]
    }
    /// Fourth component.
    ///
    /// # Panics
    /// If `N < 4`.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1, 2, 3, 4]).w(), 4);
    /// ```
    #[inline]
    pub fn w(&self) -> T {
        self.0[3]
    }
}

impl<T: Float> Vector<T, 3> {
    /// Cross product `self × other`.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1.0, 0.0, 0.0]).cross(&Vector([0.0, 1.0, 0.0])), Vector([0.0, 0.0, 1.0]));
    /// ```
    #[inline]
    pub fn cross(&self, other: &Self) -> Self {
        let [a1, a2, a3] = self.0;
        let [b1, b2, b3] = other.0;
        Self([a2 * b3 - a3 * b2, a3 * b1 - a1 * b3, a1 * b2 - a2 * b1])
    }
}

impl<T: Float> Vector<T, 2> {
    /// The perpendicular vector `(x, y)⊥ = (-y, x)`: rotation by +90°.
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1.0, 0.0]).perp(), Vector([-0.0, 1.0]));
    /// ```
    #[inline]
    pub fn perp(&self) -> Self {
        Self([-self.0[1], self.0[0]])
    }

    /// The 2D cross product `x₁ y₂ - y₁ x₂ = self⊥ · other` (the z part of the 3D cross
    /// product of the two vectors lifted to z = 0).
    ///
    /// # Example
    /// ```
    /// use xform::Vector;
    /// assert_eq!(Vector([1.0, 0.0]).perp_dot(&Vector([0.0, 1.0])), 1.0);
    /// ```
    #[inline]
    pub fn perp_dot(&self, other: &Self) -> T {
        self.0[0] * other.0[1] - self.0[1] * other.0[0]
    }
}

/// `Σ aₖ bₖ`, summed left to right starting from the first product (0 for `N = 0`).
///
/// Not from `0 + a₀b₀`: in IEEE arithmetic `0 + x` is not `x` (for `x = -0`), so a zero start
/// costs one addition per dot product that the optimizer may not remove. Every matrix-vector
/// product of the crate goes through here.
#[inline(always)]
pub(crate) fn dot<T: Float, const N: usize>(a: &[T; N], b: &[T; N]) -> T {
    if N == 0 {
        return T::zero();
    }
    let mut sum = a[0] * b[0];
    for k in 1..N {
        sum = sum + a[k] * b[k];
    }
    sum
}

impl<T: Float, const N: usize> Default for Vector<T, N> {
    #[inline]
    fn default() -> Self {
        Self::zeros()
    }
}

impl<T, const N: usize> From<[T; N]> for Vector<T, N> {
    #[inline]
    fn from(components: [T; N]) -> Self {
        Self(components)
    }
}

impl<T, const N: usize> From<Vector<T, N>> for [T; N] {
    #[inline]
    fn from(v: Vector<T, N>) -> Self {
        v.0
    }
}

impl<T, const N: usize> Index<usize> for Vector<T, N> {
    type Output = T;
    #[inline]
    fn index(&self, i: usize) -> &T {
        &self.0[i]
    }
}

impl<T, const N: usize> IndexMut<usize> for Vector<T, N> {
    #[inline]
    fn index_mut(&mut self, i: usize) -> &mut T {
        &mut self.0[i]
    }
}

impl<T: Float, const N: usize> Add for Vector<T, N> {
    type Output = Self;
    #[inline]
    fn add(self, rhs: Self) -> Self {
        Self(array::from_fn(|i| self.0[i] + rhs.0[i]))
    }
}

impl<T: Float, const N: usize> Sub for Vector<T, N> {
    type Output = Self;
    #[inline]
    fn sub(self, rhs: Self) -> Self {
        Self(array::from_fn(|i| self.0[i] - rhs.0[i]))
    }
}

impl<T: Float, const N: usize> Neg for Vector<T, N> {
    type Output = Self;
    #[inline]
    fn neg(self) -> Self {
        Self(self.0.map(|c| -c))
    }
}

impl<T: Float, const N: usize> Mul<T> for Vector<T, N> {
    type Output = Self;
    #[inline]
    fn mul(self, rhs: T) -> Self {
        Self(self.0.map(|c| c * rhs))
    }
}

impl<T: Float, const N: usize> Div<T> for Vector<T, N> {
    type Output = Self;
    #[inline]
    fn div(self, rhs: T) -> Self {
        Self(self.0.map(|c| c / rhs))
    }
}

impl<T: Float, const N: usize> AddAssign for Vector<T, N> {
    #[inline]
    fn add_assign(&mut self, rhs: Self) {
        *self = *self + rhs;
    }
}

impl<T: Float, const N: usize> SubAssign for Vector<T, N> {
    #[inline]
    fn sub_assign(&mut self, rhs: Self) {
        *self = *self - rhs;
    }
}

impl<T: Float, const N: usize> MulAssign<T> for Vector<T, N> {
    #[inline]
    fn mul_assign(&mut self, rhs: T) {
        *self = *self * rhs;
    }
}

impl<T: Float, const N: usize> DivAssign<T> for Vector<T, N> {
    #[inline]
    fn div_assign(&mut self, rhs: T) {
        *self = *self / rhs;
    }
}

macro_rules! scalar_times_vector {
    ($($t:ty),*) => {$(
        impl<const N: usize> Mul<Vector<$t, N>> for $t {
            type Output = Vector<$t, N>;
            #[inline]
            fn mul(self, rhs: Vector<$t, N>) -> Vector<$t, N> {
                rhs * self
            }
        }
    )*};
}
scalar_times_vector!(f32, f64);

/// The largest absolute value, NaN if any value is NaN (`max` alone would skip it and return
/// a plausible finite maximum).
#[inline]
pub(crate) fn amax_of<'a, T: Float + 'a>(values: impl Iterator<Item = &'a T>) -> T {
    values.fold(T::zero(), |m, &c| {
        if c.is_nan() || m.is_nan() {
            T::nan()
        } else {
            m.max(c.abs())
        }
    })
}
