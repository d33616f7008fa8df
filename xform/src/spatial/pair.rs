//! What motion and force vectors have in common, written once: both are a pair
//! `(angular, linear)` of 3-vectors with the same constructors, 6-vector conversions and
//! linear-space operators. [`Motion`](super::Motion) and [`Force`](super::Force) differ only
//! in how they transform and what they mean, so the shared part is generated for both by
//! one macro instead of being kept as two mirrored copies.

/// The common constructors, conversions and operators of a spatial vector type `$ty` with
/// fields `angular` and `linear`; `$sym` names its parts in the docs (e.g. `(ω, v)`).
macro_rules! spatial_pair {
    ($ty:ident, $sym:literal) => {
        impl<T: num_traits::Float> $ty<T> {
            #[doc = concat!("`", $sym, "` from its angular and linear parts.")]
            ///
            /// # Example
            /// ```
            #[doc = concat!("use xform::{", stringify!($ty), ", Vector};")]
            #[doc = concat!("let x = ", stringify!($ty), "::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));")]
            /// assert_eq!((x.angular, x.linear), (Vector([0.0, 0.0, 1.0]), Vector([1.0, 0.0, 0.0])));
            /// ```
            #[inline]
            pub fn new(angular: $crate::Vector<T, 3>, linear: $crate::Vector<T, 3>) -> Self {
                Self { angular, linear }
            }

            /// Zero in both parts.
            ///
            /// # Example
            /// ```
            #[doc = concat!("use xform::{", stringify!($ty), ", Vector};")]
            #[doc = concat!("assert_eq!(", stringify!($ty), "::<f64>::zero().to_vector(), Vector([0.0; 6]));")]
            /// ```
            #[inline]
            pub fn zero() -> Self {
                Self::new($crate::Vector::zeros(), $crate::Vector::zeros())
            }

            #[doc = concat!("The 6-vector `", $sym, "`, angular part first.")]
            ///
            /// # Example
            /// ```
            #[doc = concat!("use xform::{", stringify!($ty), ", Vector};")]
            #[doc = concat!("let x = ", stringify!($ty), "::new(Vector([0.0, 0.0, 1.0f64]), Vector([1.0, 0.0, 0.0]));")]
            /// assert_eq!(x.to_vector().0, [0.0, 0.0, 1.0, 1.0, 0.0, 0.0]);
            /// ```
            #[inline]
            pub fn to_vector(&self) -> $crate::Vector<T, 6> {
                let (a, l) = (self.angular.0, self.linear.0);
                $crate::Vector([a[0], a[1], a[2], l[0], l[1], l[2]])
            }

            #[doc = concat!("From the 6-vector `", $sym, "`, angular part first.")]
            ///
            /// # Example
            /// ```
            #[doc = concat!("use xform::{", stringify!($ty), ", Vector};")]
            #[doc = concat!("let x = ", stringify!($ty), "::from_vector(&Vector([1.0, 2.0, 3.0, 4.0, 5.0, 6.0f64]));")]
            /// assert_eq!((x.angular, x.linear), (Vector([1.0, 2.0, 3.0]), Vector([4.0, 5.0, 6.0])));
            #[doc = concat!("assert_eq!(", stringify!($ty), "::from_vector(&x.to_vector()), x);")]
            /// ```
            #[inline]
            pub fn from_vector(v: &$crate::Vector<T, 6>) -> Self {
                let c = v.0;
                Self::new($crate::Vector([c[0], c[1], c[2]]), $crate::Vector([c[3], c[4], c[5]]))
            }
        }

        impl<T: num_traits::Float> Default for $ty<T> {
            #[inline]
            fn default() -> Self {
                Self::zero()
            }
        }

        impl<T: num_traits::Float> core::ops::Add for $ty<T> {
            type Output = Self;
            #[inline]
            fn add(self, r: Self) -> Self {
                Self::new(self.angular + r.angular, self.linear + r.linear)
            }
        }

        impl<T: num_traits::Float> core::ops::Sub for $ty<T> {
            type Output = Self;
            #[inline]
            fn sub(self, r: Self) -> Self {
                Self::new(self.angular - r.angular, self.linear - r.linear)
            }
        }

        impl<T: num_traits::Float> core::ops::Neg for $ty<T> {
            type Output = Self;
            #[inline]
            fn neg(self) -> Self {
                Self::new(-self.angular, -self.linear)
            }
        }

        impl<T: num_traits::Float> core::ops::Mul<T> for $ty<T> {
            type Output = Self;
            #[inline]
            fn mul(self, s: T) -> Self {
                Self::new(self.angular * s, self.linear * s)
            }
        }

        impl<T: num_traits::Float> core::ops::AddAssign for $ty<T> {
            #[inline]
            fn add_assign(&mut self, r: Self) {
                *self = *self + r;
            }
        }

        impl<T: num_traits::Float> core::ops::SubAssign for $ty<T> {
            #[inline]
            fn sub_assign(&mut self, r: Self) {
                *self = *self - r;
            }
        }
    };
}
