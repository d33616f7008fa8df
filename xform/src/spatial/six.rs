//! What motion and force vectors share: one implementation of the 6-vector operations
//! (construction, the `(angular, linear)` 6-vector, `+ − neg` and scaling), generated for
//! both types so that they stay distinct types (a force is not added to a motion by mistake).

/// The common constructors, conversions and arithmetic of a spatial vector type `$T` with
/// fields `angular` and `linear`.
macro_rules! spatial_vector {
    ($T:ident, $what:literal, $parts:literal) => {
        impl<T: Float> $T<T> {
            #[doc = concat!("`", $parts, "`.")]
            ///
            /// # Example
            /// ```
            #[doc = concat!("use xform::{", stringify!($T), ", Vector};")]
            #[doc = concat!("let x = ", stringify!($T), "::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));")]
            /// assert_eq!((x.angular, x.linear), (Vector([0.0, 1.0, 0.0]), Vector([2.0, 0.0, 3.0])));
            /// ```
            #[inline]
            pub fn new(angular: Vector<T, 3>, linear: Vector<T, 3>) -> Self {
                Self { angular, linear }
            }

            #[doc = concat!("The zero ", $what, ".")]
            ///
            /// # Example
            /// ```
            #[doc = concat!("use xform::{", stringify!($T), ", Vector};")]
            #[doc = concat!("assert_eq!(", stringify!($T), "::<f64>::zero().to_vector(), Vector([0.0; 6]));")]
            /// ```
            #[inline]
            pub fn zero() -> Self {
                Self::new(Vector::zeros(), Vector::zeros())
            }

            #[doc = concat!("The 6-vector `", $parts, "`, angular part first.")]
            ///
            /// # Example
            /// ```
            #[doc = concat!("use xform::{", stringify!($T), ", Vector};")]
            #[doc = concat!("let x = ", stringify!($T), "::new(Vector([0.0, 1.0, 0.0f64]), Vector([2.0, 0.0, 3.0]));")]
            /// assert_eq!(x.to_vector().0, [0.0, 1.0, 0.0, 2.0, 0.0, 3.0]);
            /// ```
            #[inline]
            pub fn to_vector(&self) -> Vector<T, 6> {
                let (a, l) = (self.angular.0, self.linear.0);
                Vector([a[0], a[1], a[2], l[0], l[1], l[2]])
            }

            #[doc = concat!("From the 6-vector `", $parts, "`.")]
            ///
            /// # Example
            /// ```
            #[doc = concat!("use xform::{", stringify!($T), ", Vector};")]
            #[doc = concat!("let x = ", stringify!($T), "::from_vector(&Vector([1.0, 2.0, 3.0, 4.0, 5.0, 6.0f64]));")]
            /// assert_eq!((x.angular, x.linear), (Vector([1.0, 2.0, 3.0]), Vector([4.0, 5.0, 6.0])));
            #[doc = concat!("assert_eq!(", stringify!($T), "::from_vector(&x.to_vector()), x);")]
            /// ```
            #[inline]
            pub fn from_vector(v: &Vector<T, 6>) -> Self {
                let c = v.0;
                Self::new(Vector([c[0], c[1], c[2]]), Vector([c[3], c[4], c[5]]))
            }
        }

        impl<T: Float> Default for $T<T> {
            #[inline]
            fn default() -> Self {
                Self::zero()
            }
        }

        impl<T: Float> Add for $T<T> {
            type Output = Self;
            #[inline]
            fn add(self, r: Self) -> Self {
                Self::new(self.angular + r.angular, self.linear + r.linear)
            }
        }

        impl<T: Float> Sub for $T<T> {
            type Output = Self;
            #[inline]
            fn sub(self, r: Self) -> Self {
                Self::new(self.angular - r.angular, self.linear - r.linear)
            }
        }

        impl<T: Float> Neg for $T<T> {
            type Output = Self;
            #[inline]
            fn neg(self) -> Self {
                Self::new(-self.angular, -self.linear)
            }
        }

        impl<T: Float> Mul<T> for $T<T> {
            type Output = Self;
            #[inline]
            fn mul(self, s: T) -> Self {
                Self::new(self.angular * s, self.linear * s)
            }
        }

        impl<T: Float> AddAssign for $T<T> {
            #[inline]
            fn add_assign(&mut self, r: Self) {
                *self = *self + r;
            }
        }

        impl<T: Float> SubAssign for $T<T> {
            #[inline]
            fn sub_assign(&mut self, r: Self) {
                *self = *self - r;
            }
        }
    };
}

pub(crate) use spatial_vector;
