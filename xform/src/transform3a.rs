//! `Transform3A<T>`: the 3D similarity transform of [`Transform`] in a layout the compiler
//! vectorises: the rotation's columns and the translation are padded to four lanes and the
//! struct is 16-byte aligned (the layout of glam's `Affine3A`), so that applying and composing
//! become 4-lane SIMD products in safe, generic code.
use core::ops::Mul;

use num_traits::Float;

use crate::{Error, Matrix, Rotation, Transform, Vector};

/// A 3D similarity transform `p ↦ s R p + t` for batch work: the same map as
/// [`Transform<T, 3>`], stored as glam's `Affine3A` stores an affine map: the three columns of
/// the linear part `s R` and `t`, each padded to four lanes (`[T; 4]`, 16-byte aligned). The
/// scale also rides in the translation's fourth lane, so an `f32` transform is 64 bytes.
///
/// Use it where many transforms are applied or composed (hierarchies, skinning, particle
/// systems); [`Transform`] stays the general `N`-dimensional type. Converting to it divides
/// `s R` by `s` again: exact for `s = ±1` (rigid transforms) and powers of two, otherwise
/// within an ulp per entry; a zero scale keeps no rotation.
///
/// The scalar is `f32` or `f64` ([`Lane4`]). With the `simd` feature the products run as
/// explicit 4-lane SIMD (`wide`'s safe vector types, scalar code on targets without SIMD):
/// glam's speed in a batch loop and in a dependent walk alike. Without it they are plain
/// 4-element arrays, which the compiler vectorises less reliably (in a batch loop it may
/// vectorise across transforms with gathers instead).
///
/// # Example
/// ```
/// use xform::{Rotation, Transform, Transform3A, Vector};
/// let t = Transform::new(Vector([1.0, 2.0, 3.0]), Rotation::from_rotation_vector(&Vector([0.0, 0.0, 0.5])), 2.0f32);
/// let a = Transform3A::from_transform(&t);
/// let p = Vector([0.5, -1.0, 2.0]);
/// assert!((a.apply_point(&p) - t.apply_point(&p)).norm() < 1e-6);
/// assert_eq!(a.to_transform(), t); // scale 2: exact
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
#[repr(C, align(16))]
pub struct Transform3A<T> {
    /// Columns of `s R`, fourth lane 0.
    cols: [[T; 4]; 3],
    /// `t` in lanes 0–2, the scale `s` in lane 3.
    translation_scale: [T; 4],
}

/// The scalars `Transform3A` computes with in four lanes: `f32` and `f64` (with the `simd`
/// feature `wide::f32x4`, one SSE register, and `wide::f64x4`).
///
/// Sealed: implemented for `f32` and `f64` only.
///
/// # Example
/// ```
/// use xform::{Lane4, Transform3A, Vector};
/// // Generic code over the two scalars a `Transform3A` accepts.
/// fn moved<T: Lane4>(a: &Transform3A<T>, p: Vector<T, 3>) -> Vector<T, 3> {
///     a.apply_point(&p)
/// }
/// assert_eq!(moved(&Transform3A::identity(), Vector([1.0f32, 2.0, 3.0])), Vector([1.0, 2.0, 3.0]));
/// assert_eq!(moved(&Transform3A::identity(), Vector([1.0f64, 2.0, 3.0])), Vector([1.0, 2.0, 3.0]));
/// ```
pub trait Lane4: Float + sealed::Sealed {
    /// Four lanes of `Self`.
    #[doc(hidden)]
    type X4: Copy + core::ops::Add<Output = Self::X4> + core::ops::Mul<Output = Self::X4>;
    /// Loads four lanes.
    #[doc(hidden)]
    fn load(a: [Self; 4]) -> Self::X4;
    /// One value in every lane.
    #[doc(hidden)]
    fn splat(x: Self) -> Self::X4;
    /// Stores four lanes.
    #[doc(hidden)]
    fn store(v: Self::X4) -> [Self; 4];
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for f32 {}
    impl Sealed for f64 {}
}

#[cfg(feature = "simd")]
impl Lane4 for f32 {
    type X4 = wide::f32x4;
    #[inline(always)]
    fn load(a: [f32; 4]) -> wide::f32x4 {
        wide::f32x4::new(a)
    }
    #[inline(always)]
    fn splat(x: f32) -> wide::f32x4 {
        wide::f32x4::splat(x)
    }
    #[inline(always)]
    fn store(v: wide::f32x4) -> [f32; 4] {
        v.to_array()
    }
}

#[cfg(feature = "simd")]
impl Lane4 for f64 {
    type X4 = wide::f64x4;
    #[inline(always)]
    fn load(a: [f64; 4]) -> wide::f64x4 {
        wide::f64x4::new(a)
    }
    #[inline(always)]
    fn splat(x: f64) -> wide::f64x4 {
        wide::f64x4::splat(x)
    }
    #[inline(always)]
    fn store(v: wide::f64x4) -> [f64; 4] {
        v.to_array()
    }
}

/// Four lanes as a plain array (without the `simd` feature): the compiler may vectorise it.
#[cfg(not(feature = "simd"))]
#[doc(hidden)]
#[derive(Debug, Clone, Copy)]
pub struct Lanes<T>([T; 4]);

#[cfg(not(feature = "simd"))]
impl<T: Float> core::ops::Add for Lanes<T> {
    type Output = Self;
    #[inline(always)]
    fn add(self, r: Self) -> Self {
        Self(core::array::from_fn(|k| self.0[k] + r.0[k]))
    }
}

#[cfg(not(feature = "simd"))]
impl<T: Float> core::ops::Mul for Lanes<T> {
    type Output = Self;
    #[inline(always)]
    fn mul(self, r: Self) -> Self {
        Self(core::array::from_fn(|k| self.0[k] * r.0[k]))
    }
}

macro_rules! array_lanes {
    ($($t:ty),*) => {$(
        #[cfg(not(feature = "simd"))]
        impl Lane4 for $t {
            type X4 = Lanes<$t>;
            #[inline(always)]
            fn load(a: [$t; 4]) -> Lanes<$t> {
                Lanes(a)
            }
            #[inline(always)]
            fn splat(x: $t) -> Lanes<$t> {
                Lanes([x; 4])
            }
            #[inline(always)]
            fn store(v: Lanes<$t>) -> [$t; 4] {
                v.0
            }
        }
    )*};
}
array_lanes!(f32, f64);

/// `c₀ x + c₁ y + c₂ z`, four lanes at once (the one kernel of every product here).
#[inline(always)]
fn combine<T: Lane4>(c: &[[T; 4]; 3], x: T, y: T, z: T) -> T::X4 {
    T::load(c[0]) * T::splat(x) + T::load(c[1]) * T::splat(y) + T::load(c[2]) * T::splat(z)
}

impl<T: Lane4> Transform3A<T> {
    /// `p ↦ s R p + t`.
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform3A, Vector};
    /// let a = Transform3A::new(Vector([1.0, 0.0, 0.0]), Rotation::identity(), 3.0f64);
    /// assert_eq!(a.apply_point(&Vector([1.0, 1.0, 1.0])), Vector([4.0, 3.0, 3.0]));
    /// ```
    #[inline]
    pub fn new(translation: Vector<T, 3>, rotation: Rotation<T, 3>, scale: T) -> Self {
        let m = &rotation.matrix().0;
        let z = T::zero();
        let [x, y, w] = translation.0;
        Self {
            cols: core::array::from_fn(|j| [m[0][j] * scale, m[1][j] * scale, m[2][j] * scale, z]),
            translation_scale: [x, y, w, scale],
        }
    }

    /// The identity.
    ///
    /// # Example
    /// ```
    /// use xform::{Transform3A, Vector};
    /// let p = Vector([1.0, 2.0, 3.0f32]);
    /// assert_eq!(Transform3A::identity().apply_point(&p), p);
    /// ```
    #[inline]
    pub fn identity() -> Self {
        Self::new(Vector::zeros(), Rotation::identity(), T::one())
    }

    /// The same transform as `t`.
    ///
    /// # Example
    /// ```
    /// use xform::{Transform, Transform3A, Vector};
    /// let t = Transform::<f64, 3>::from_translation(Vector([0.0, 1.0, 0.0]));
    /// assert_eq!(Transform3A::from_transform(&t).translation(), Vector([0.0, 1.0, 0.0]));
    /// ```
    #[inline]
    pub fn from_transform(t: &Transform<T, 3>) -> Self {
        Self::new(t.translation, t.rotation, t.scale)
    }

    /// The same transform as a [`Transform<T, 3>`] (exact).
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform, Transform3A, Vector};
    /// let t = Transform::new(Vector([1.0, 2.0, 3.0]), Rotation::from_rotation_vector(&Vector([0.3, 0.0, 0.1])), 0.5f64);
    /// assert_eq!(Transform3A::from_transform(&t).to_transform(), t);
    /// ```
    #[inline]
    pub fn to_transform(&self) -> Transform<T, 3> {
        Transform::new(self.translation(), self.rotation(), self.scale())
    }

    /// The translation `t`.
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform3A, Vector};
    /// let a = Transform3A::new(Vector([1.0, 2.0, 3.0f32]), Rotation::identity(), 2.0);
    /// assert_eq!(a.translation(), Vector([1.0, 2.0, 3.0]));
    /// ```
    #[inline]
    pub fn translation(&self) -> Vector<T, 3> {
        let [x, y, z, _] = self.translation_scale;
        Vector([x, y, z])
    }

    /// The rotation `R` (`s R / s`: see the type's docs for when it is exact; NaN for a zero
    /// scale).
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform3A, Vector};
    /// let r = Rotation::from_rotation_vector(&Vector([0.0, 0.2, 0.0f64]));
    /// assert_eq!(Transform3A::new(Vector::zeros(), r, 1.0).rotation(), r);
    /// ```
    #[inline]
    pub fn rotation(&self) -> Rotation<T, 3> {
        let (c, scale) = (&self.cols, self.scale());
        Rotation::from_matrix_unchecked(Matrix(core::array::from_fn(|i| {
            [c[0][i] / scale, c[1][i] / scale, c[2][i] / scale]
        })))
    }

    /// The uniform scale `s`.
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform3A, Vector};
    /// assert_eq!(Transform3A::new(Vector::zeros(), Rotation::identity(), 4.0f32).scale(), 4.0);
    /// ```
    #[inline]
    pub fn scale(&self) -> T {
        self.translation_scale[3]
    }

    /// Applies the transform to a point: `s R p + t`.
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform3A, Vector};
    /// let quarter = Rotation::from_rotation_vector(&Vector([0.0, 0.0, core::f64::consts::FRAC_PI_2]));
    /// let a = Transform3A::new(Vector([0.0, 0.0, 1.0]), quarter, 2.0);
    /// assert!((a.apply_point(&Vector([1.0, 0.0, 0.0])) - Vector([0.0, 2.0, 1.0])).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn apply_point(&self, p: &Vector<T, 3>) -> Vector<T, 3> {
        let [x, y, z] = p.0;
        let r = combine(&self.cols, x, y, z) + T::load(self.translation_scale);
        let [a, b, c, _] = T::store(r);
        Vector([a, b, c])
    }

    /// Applies the linear part to a direction: `s R v` (no translation).
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform3A, Vector};
    /// let a = Transform3A::new(Vector([5.0, 5.0, 5.0f32]), Rotation::identity(), 2.0);
    /// assert_eq!(a.apply_vector(&Vector([1.0, 0.0, 0.0])), Vector([2.0, 0.0, 0.0]));
    /// ```
    #[inline]
    pub fn apply_vector(&self, v: &Vector<T, 3>) -> Vector<T, 3> {
        let [x, y, z] = v.0;
        let [a, b, c, _] = T::store(combine(&self.cols, x, y, z));
        Vector([a, b, c])
    }

    /// The composition `self ∘ first` (apply `first`, then `self`):
    /// `(s₁s₂, R₁R₂, t₁ + s₁R₁t₂)`, as [`Transform::compose`].
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform3A, Vector};
    /// let r = Rotation::from_rotation_vector(&Vector([0.1, 0.2, 0.3f64]));
    /// let a = Transform3A::new(Vector([1.0, 0.0, 0.0]), r, 2.0);
    /// let b = Transform3A::new(Vector([0.0, 1.0, 0.0]), r.inverse(), 0.5);
    /// let p = Vector([0.3, -0.2, 0.9]);
    /// assert!((a.compose(&b).apply_point(&p) - a.apply_point(&b.apply_point(&p))).norm() < 1e-15);
    /// ```
    #[inline]
    pub fn compose(&self, first: &Self) -> Self {
        let a = &self.cols;
        let cols = first.cols.map(|c| T::store(combine(a, c[0], c[1], c[2])));
        let [x, y, z, s2] = first.translation_scale;
        let s1 = self.scale();
        // Lane 3 of the sum is s₁ (from `t`'s lane); it becomes s₁s₂.
        let mut translation_scale = T::store(combine(a, x, y, z) + T::load(self.translation_scale));
        translation_scale[3] = s1 * s2;
        Self {
            cols,
            translation_scale,
        }
    }

    /// The inverse `p ↦ (1/s) Rᵀ (p − t)`, as [`Transform::try_inverse`].
    ///
    /// # Errors
    /// [`Error::Singular`] for zero scale, [`Error::NonFinite`] for a non-finite scale or
    /// result.
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform3A, Vector};
    /// let a = Transform3A::new(Vector([1.0, 2.0, 3.0]), Rotation::from_rotation_vector(&Vector([0.4, 0.0, 0.2])), 2.0f64);
    /// let p = Vector([0.5, -1.0, 0.25]);
    /// assert!((a.try_inverse().unwrap().apply_point(&a.apply_point(&p)) - p).norm() < 1e-14);
    /// assert_eq!(Transform3A::new(Vector::zeros(), Rotation::identity(), 0.0f64).try_inverse(), Err(xform::Error::Singular));
    /// ```
    #[inline]
    pub fn try_inverse(&self) -> Result<Self, Error> {
        let s = self.scale();
        if !s.is_finite() {
            return Err(Error::NonFinite);
        }
        if s == T::zero() {
            return Err(Error::Singular);
        }
        let inv_s = T::one() / s;
        let c = &self.cols;
        let z = T::zero();
        // (s R)⁻¹ = (1/s) Rᵀ = (s R)ᵀ / s²: the rows of s R, scaled, become the columns.
        let k = inv_s * inv_s;
        let rows: [[T; 4]; 3] = core::array::from_fn(|j| [c[0][j], c[1][j], c[2][j], z]);
        let cols = rows.map(|r| T::store(T::load(r) * T::splat(k)));
        let [x, y, w, _] = self.translation_scale;
        // t' = −(s R)ᵀ t / s².
        let mut translation_scale = T::store(combine(&rows, x, y, w) * T::splat(-k));
        translation_scale[3] = inv_s;
        let out = Self {
            cols,
            translation_scale,
        };
        if inv_s.is_finite() && out.translation().is_finite() {
            Ok(out)
        } else {
            Err(Error::NonFinite)
        }
    }

    /// The inverse transform.
    ///
    /// # Panics
    /// For zero or non-finite scale (see [`Transform3A::try_inverse`]).
    ///
    /// # Example
    /// ```
    /// use xform::{Rotation, Transform3A, Vector};
    /// let a = Transform3A::new(Vector([1.0, 2.0, 3.0f32]), Rotation::identity(), 1.0);
    /// assert_eq!(a.inverse().apply_point(&Vector([1.0, 2.0, 3.0])), Vector([0.0, 0.0, 0.0]));
    /// ```
    #[inline]
    pub fn inverse(&self) -> Self {
        match self.try_inverse() {
            Ok(t) => t,
            Err(e) => panic!("Transform3A::inverse: {e}"),
        }
    }
}

impl<T: Lane4> Default for Transform3A<T> {
    #[inline]
    fn default() -> Self {
        Self::identity()
    }
}

impl<T: Lane4> From<Transform<T, 3>> for Transform3A<T> {
    #[inline]
    fn from(t: Transform<T, 3>) -> Self {
        Self::from_transform(&t)
    }
}

impl<T: Lane4> From<Transform3A<T>> for Transform<T, 3> {
    #[inline]
    fn from(a: Transform3A<T>) -> Self {
        a.to_transform()
    }
}

impl<T: Lane4> Mul for Transform3A<T> {
    type Output = Self;
    /// `self ∘ rhs` (apply `rhs` first).
    #[inline]
    fn mul(self, rhs: Self) -> Self {
        self.compose(&rhs)
    }
}

impl<T: Lane4> Mul<Vector<T, 3>> for Transform3A<T> {
    type Output = Vector<T, 3>;
    /// [`Transform3A::apply_point`].
    #[inline]
    fn mul(self, p: Vector<T, 3>) -> Vector<T, 3> {
        self.apply_point(&p)
    }
}
