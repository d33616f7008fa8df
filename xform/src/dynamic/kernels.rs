//! Skew-aware building blocks shared by the dynamics. Intermediate so(n) values are raw
//! `N × N` arrays of which only the strict upper triangle is computed ("upper" arrays); a
//! [`Skew`] is built once per result. Products skip the zero diagonal, so a dynamic
//! composition costs a small multiple of a static one.
//!
//! Sums start from `-0.0`, the additive identity that the optimizer folds away (`x + 0.0`
//! cannot be folded because of `-0.0 + 0.0 = +0.0`).
//!
//! The rotation arguments are proper rotations (SO(n)): in 2D the adjoint action is then
//! trivial and in 3D it is the rotation of the identified vector.
#![allow(
    clippy::needless_range_loop,
    reason = "matrix index arithmetic reads clearer with explicit indices"
)]

use num_traits::Float;

use crate::{Matrix, Skew, Vector};

/// A raw so(n) value: only the strict upper triangle is meaningful.
pub(crate) type Upper<T, const N: usize> = [[T; N]; N];

/// The additive identity that folds away: `-0.0 + x == x` for every `x`.
#[inline(always)]
fn sum_start<T: Float>() -> T {
    -T::zero()
}

/// Entry `(i, j)` of the skew matrix whose strict upper triangle is `m`.
#[inline(always)]
fn entry<T: Float, const N: usize>(m: &Upper<T, N>, i: usize, j: usize) -> T {
    if i < j {
        m[i][j]
    } else if i > j {
        -m[j][i]
    } else {
        T::zero()
    }
}

/// The upper triangle of a skew matrix.
#[inline(always)]
pub(crate) fn upper<T: Float, const N: usize>(w: &Skew<T, N>) -> Upper<T, N> {
    w.matrix().0
}

/// The skew matrix with the given strict upper triangle.
#[inline(always)]
pub(crate) fn to_skew<T: Float, const N: usize>(mut m: Upper<T, N>) -> Skew<T, N> {
    for i in 0..N {
        m[i][i] = T::zero();
        for j in i + 1..N {
            m[j][i] = -m[i][j];
        }
    }
    // `m` is exactly skew by construction: no projection needed.
    Skew::from_exact_skew_unchecked(Matrix(m))
}

/// `a + b` on upper triangles.
#[inline(always)]
pub(crate) fn add<T: Float, const N: usize>(a: &Upper<T, N>, b: &Upper<T, N>) -> Upper<T, N> {
    let mut out = *a;
    for i in 0..N {
        for j in i + 1..N {
            out[i][j] = a[i][j] + b[i][j];
        }
    }
    out
}

/// `a − b` on upper triangles.
#[inline(always)]
pub(crate) fn sub<T: Float, const N: usize>(a: &Upper<T, N>, b: &Upper<T, N>) -> Upper<T, N> {
    let mut out = *a;
    for i in 0..N {
        for j in i + 1..N {
            out[i][j] = a[i][j] - b[i][j];
        }
    }
    out
}

/// `ω v` for the skew matrix with upper triangle `w` (`ω v⊥` in 2D, `ω × v` in 3D).
#[inline(always)]
pub(crate) fn apply_upper<T: Float, const N: usize>(
    w: &Upper<T, N>,
    v: &Vector<T, N>,
) -> Vector<T, N> {
    Vector(core::array::from_fn(|i| {
        let mut acc = sum_start();
        for k in 0..N {
            if k != i {
                acc = acc + entry(w, i, k) * v.0[k];
            }
        }
        acc
    }))
}

/// `ω v` for a [`Skew`].
#[inline(always)]
pub(crate) fn apply<T: Float, const N: usize>(w: &Skew<T, N>, v: &Vector<T, N>) -> Vector<T, N> {
    apply_upper(&upper(w), v)
}

/// The adjoint action `R ω Rᵀ` (with `transpose`, `Rᵀ ω R`) on an upper triangle.
#[inline(always)]
fn conjugate_impl<T: Float, const N: usize>(
    r: &Matrix<T, N, N>,
    w: &Upper<T, N>,
    transpose: bool,
) -> Upper<T, N> {
    if N <= 2 {
        // SO(2) is abelian (and so(1) is {0}).
        return *w;
    }
    let r = &r.0;
    let rr = |i: usize, j: usize| if transpose { r[j][i] } else { r[i][j] };
    let mut out = [[T::zero(); N]; N];
    if N == 3 {
        // so(3) ≅ R³ and R [w]× Rᵀ = [R w]× for a proper rotation.
        let wv = [-w[1][2], w[0][2], -w[0][1]];
        let u: [T; 3] =
            core::array::from_fn(|i| rr(i, 0) * wv[0] + rr(i, 1) * wv[1] + rr(i, 2) * wv[2]);
        out[0][1] = -u[2];
        out[0][2] = u[1];
        out[1][2] = -u[0];
        return out;
    }
    // P = R ω (zero diagonal of ω skipped), then the upper triangle of P Rᵀ.
    let mut p = [[T::zero(); N]; N];
    for i in 0..N {
        for k in 0..N {
            let mut acc = sum_start();
            for l in 0..N {
                if l != k {
                    acc = acc + rr(i, l) * entry(w, l, k);
                }
            }
            p[i][k] = acc;
        }
    }
    for i in 0..N {
        for j in i + 1..N {
            let mut acc = sum_start();
            for k in 0..N {
                acc = acc + p[i][k] * rr(j, k);
            }
            out[i][j] = acc;
        }
    }
    out
}

/// `R ω Rᵀ`: an angular quantity of the child frame expressed in the parent frame.
#[inline(always)]
pub(crate) fn conjugate<T: Float, const N: usize>(
    r: &Matrix<T, N, N>,
    w: &Upper<T, N>,
) -> Upper<T, N> {
    conjugate_impl(r, w, false)
}

/// `Rᵀ ω R`: an angular quantity of the parent frame expressed in the child frame.
#[inline(always)]
pub(crate) fn conjugate_transpose<T: Float, const N: usize>(
    r: &Matrix<T, N, N>,
    w: &Upper<T, N>,
) -> Upper<T, N> {
    conjugate_impl(r, w, true)
}

/// The commutator `[a, b] = a b − b a` on upper triangles, skipping the zero diagonals
/// (zero in 2D, the cross product in 3D).
#[inline(always)]
pub(crate) fn bracket<T: Float, const N: usize>(a: &Upper<T, N>, b: &Upper<T, N>) -> Upper<T, N> {
    let mut out = [[T::zero(); N]; N];
    if N <= 2 {
        return out;
    }
    for i in 0..N {
        for j in i + 1..N {
            let mut acc = sum_start();
            for k in 0..N {
                if k != i && k != j {
                    acc = acc + (entry(a, i, k) * entry(b, k, j) - entry(b, i, k) * entry(a, k, j));
                }
            }
            out[i][j] = acc;
        }
    }
    out
}

/// `R v`.
#[inline(always)]
pub(crate) fn rotate<T: Float, const N: usize>(
    r: &Matrix<T, N, N>,
    v: &Vector<T, N>,
) -> Vector<T, N> {
    Vector(core::array::from_fn(|i| {
        let mut acc = sum_start();
        for k in 0..N {
            acc = acc + r.0[i][k] * v.0[k];
        }
        acc
    }))
}

/// `Rᵀ v` (the inverse rotation) without forming the transpose.
#[inline(always)]
pub(crate) fn rotate_inverse<T: Float, const N: usize>(
    r: &Matrix<T, N, N>,
    v: &Vector<T, N>,
) -> Vector<T, N> {
    Vector(core::array::from_fn(|j| {
        let mut acc = sum_start();
        for i in 0..N {
            acc = acc + r.0[i][j] * v.0[i];
        }
        acc
    }))
}

/// `A B` for square matrices (the rotation part of a composition).
#[inline(always)]
pub(crate) fn mat_mul<T: Float, const N: usize>(
    a: &Matrix<T, N, N>,
    b: &Matrix<T, N, N>,
) -> Matrix<T, N, N> {
    Matrix(core::array::from_fn(|i| {
        core::array::from_fn(|j| {
            let mut acc = sum_start();
            for k in 0..N {
                acc = acc + a.0[i][k] * b.0[k][j];
            }
            acc
        })
    }))
}

/// Whether every entry of a skew matrix is finite.
#[inline]
pub(crate) fn skew_is_finite<T: Float, const N: usize>(w: &Skew<T, N>) -> bool {
    w.matrix().is_finite()
}
