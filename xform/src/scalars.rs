//! Flat views of every type's scalars, shared by the optional integrations (`approx`).
use crate::{Force, Matrix, Motion, Plx, Plxb, Quaternion, Rotation, Skew, Transform, Vector};

/// Visits the scalars of two values of the same type pairwise, stopping at the first
/// `false`.
pub(crate) trait Scalars<T> {
    /// Whether `f` holds for every pair of corresponding scalars.
    fn all_pairs(&self, other: &Self, f: &mut dyn FnMut(&T, &T) -> bool) -> bool;
}

impl<T, const N: usize> Scalars<T> for Vector<T, N> {
    fn all_pairs(&self, other: &Self, f: &mut dyn FnMut(&T, &T) -> bool) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| f(a, b))
    }
}

impl<T, const R: usize, const C: usize> Scalars<T> for Matrix<T, R, C> {
    fn all_pairs(&self, other: &Self, f: &mut dyn FnMut(&T, &T) -> bool) -> bool {
        self.0
            .iter()
            .flatten()
            .zip(other.0.iter().flatten())
            .all(|(a, b)| f(a, b))
    }
}

impl<T> Scalars<T> for Quaternion<T> {
    fn all_pairs(&self, o: &Self, f: &mut dyn FnMut(&T, &T) -> bool) -> bool {
        f(&self.w, &o.w) && f(&self.x, &o.x) && f(&self.y, &o.y) && f(&self.z, &o.z)
    }
}

impl<T: num_traits::Float, const N: usize> Scalars<T> for Skew<T, N> {
    fn all_pairs(&self, o: &Self, f: &mut dyn FnMut(&T, &T) -> bool) -> bool {
        self.matrix().all_pairs(o.matrix(), f)
    }
}

impl<T: num_traits::Float, const N: usize> Scalars<T> for Rotation<T, N> {
    fn all_pairs(&self, o: &Self, f: &mut dyn FnMut(&T, &T) -> bool) -> bool {
        self.matrix().all_pairs(o.matrix(), f)
    }
}

impl<T: num_traits::Float, const N: usize> Scalars<T> for Transform<T, N> {
    fn all_pairs(&self, o: &Self, f: &mut dyn FnMut(&T, &T) -> bool) -> bool {
        self.translation.all_pairs(&o.translation, f)
            && self.rotation.all_pairs(&o.rotation, f)
            && f(&self.scale, &o.scale)
    }
}

macro_rules! six {
    ($($ty:ident),*) => {$(
        impl<T> Scalars<T> for $ty<T> {
            fn all_pairs(&self, o: &Self, f: &mut dyn FnMut(&T, &T) -> bool) -> bool {
                self.angular.all_pairs(&o.angular, f) && self.linear.all_pairs(&o.linear, f)
            }
        }
    )*};
}
six!(Motion, Force);

macro_rules! plucker {
    ($($ty:ident),*) => {$(
        impl<T: num_traits::Float> Scalars<T> for $ty<T> {
            fn all_pairs(&self, o: &Self, f: &mut dyn FnMut(&T, &T) -> bool) -> bool {
                self.rotation.all_pairs(&o.rotation, f)
                    && self.translation.all_pairs(&o.translation, f)
            }
        }
    )*};
}
plucker!(Plx, Plxb);
