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

/// Three scalars.
type V3<T> = [T; 3];

/// `ω × p` read from the stored skew matrix `[ω]×` (N = 3): the off-diagonal entries of
/// each row, `m[0][1] p₁ + m[0][2] p₂` etc. For an exactly skew matrix this is the cross
/// product `ω × p` with the same products and the same rounding, without extracting `ω`.
#[inline(always)]
fn skew_apply3<T: Float, const N: usize>(w: &Skew<T, N>, p: &V3<T>) -> V3<T> {
    let m = &w.matrix().0;
    [
        m[0][1] * p[1] + m[0][2] * p[2],
        m[1][0] * p[0] + m[1][2] * p[2],
        m[2][0] * p[0] + m[2][1] * p[1],
    ]
}

#[inline(always)]
fn add3<T: Float>(a: &V3<T>, b: &V3<T>) -> V3<T> {
    [a[0] + b[0], a[1] + b[1], a[2] + b[2]]
}

/// `R x` for the first three entries (N = 3).
#[inline(always)]
fn rotate3<T: Float, const N: usize>(r: &Matrix<T, N, N>, x: &V3<T>) -> V3<T> {
    core::array::from_fn(|i| r.0[i][0] * x[0] + r.0[i][1] * x[1] + r.0[i][2] * x[2])
}

/// The vector `(x, y, z)` of a 3D skew matrix (N = 3).
#[inline(always)]
fn vee3<T: Float, const N: usize>(w: &Skew<T, N>) -> V3<T> {
    let m = &w.matrix().0;
    [m[2][1], m[0][2], m[1][0]]
}

/// The skew matrix of a vector, as an `N × N` skew (N = 3).
#[inline(always)]
fn hat3<T: Float, const N: usize>(w: &V3<T>) -> Skew<T, N> {
    let mut m = [[T::zero(); N]; N];
    m[0][1] = -w[2];
    m[0][2] = w[1];
    m[1][2] = -w[0];
    m[1][0] = w[2];
    m[2][0] = -w[1];
    m[2][1] = w[0];
    Skew::from_exact_skew_unchecked(Matrix(m))
}

/// A vector of the first three entries (N = 3; the rest, if any, zero).
#[inline(always)]
fn widen3<T: Float, const N: usize>(x: V3<T>) -> Vector<T, N> {
    Vector(core::array::from_fn(
        |i| if i < 3 { x[i] } else { T::zero() },
    ))
}

/// The composition of dynamic transforms written with 3-vectors for the angular
/// quantities (cross products instead of skew-matrix products). The caller guarantees
/// `N == 3`. The terms are those of the generic path; the linear quantities use
/// `J₂ = s₂ R₂` formed once (`(s₂ R₂) x` instead of `(R₂ x) s₂`, equal up to rounding).
#[inline(always)]
pub(crate) fn compose_3d<T: Float, const N: usize>(
    parent: &super::DynamicTransform<T, N>,
    child: &super::DynamicTransform<T, N>,
) -> super::DynamicTransform<T, N> {
    debug_assert!(N == 3);
    let r2 = parent.transform.rotation.matrix();
    let s2 = parent.transform.scale;
    // J₂ = s₂ R₂ once, then J₂ x for the three linear quantities.
    let j2: [V3<T>; 3] =
        core::array::from_fn(|i| [r2.0[i][0] * s2, r2.0[i][1] * s2, r2.0[i][2] * s2]);
    let jx = |x: &[T; N]| -> V3<T> {
        core::array::from_fn(|i| j2[i][0] * x[0] + j2[i][1] * x[1] + j2[i][2] * x[2])
    };
    let j2t1 = jx(&child.transform.translation.0);
    let j2v1 = jx(&child.velocity.0);
    let j2a1 = jx(&child.acceleration.0);
    let w2m = &parent.angular_velocity;
    let w2 = vee3(w2m);
    let al2 = vee3(&parent.angular_acceleration);
    let w2j2t1 = skew_apply3(w2m, &j2t1);
    let two_j2v1 = add3(&j2v1, &j2v1);
    let al2j2t1 = skew_apply3(&parent.angular_acceleration, &j2t1);
    let coriolis_centripetal = skew_apply3(w2m, &add3(&w2j2t1, &two_j2v1));
    let t2 = &parent.transform.translation.0;
    let v2 = &parent.velocity.0;
    let a2 = &parent.acceleration.0;
    let w1 = rotate3(r2, &vee3(&child.angular_velocity));
    let al1 = rotate3(r2, &vee3(&child.angular_acceleration));
    let w2w1 = skew_apply3(w2m, &w1);
    super::DynamicTransform {
        transform: crate::Transform {
            translation: widen3([j2t1[0] + t2[0], j2t1[1] + t2[1], j2t1[2] + t2[2]]),
            // The static product: the same sums in the same order as `mat_mul`.
            rotation: parent.transform.rotation * child.transform.rotation,
            scale: s2 * child.transform.scale,
        },
        velocity: widen3(core::array::from_fn(|i| v2[i] + j2v1[i] + w2j2t1[i])),
        acceleration: widen3(core::array::from_fn(|i| {
            a2[i] + j2a1[i] + al2j2t1[i] + coriolis_centripetal[i]
        })),
        angular_velocity: hat3(&add3(&w2, &w1)),
        angular_acceleration: hat3(&add3(&add3(&al2, &al1), &w2w1)),
    }
}
