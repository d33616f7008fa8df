//! Shared helpers of the property tests: scalar conversion, tolerant comparison, random
//! rotations in any dimension, and the independent reference computations (explicit
//! augmented matrices, matrix exponential by series, Levi-Civita cross product).
#![allow(
    dead_code,
    unreachable_pub,
    reason = "each test binary uses a subset; shared by path"
)]

use approx::RelativeEq;
use num_traits::Float;
use xform::{Matrix, Rotation, Transform, Vector};

/// A scalar of the tested type.
pub trait Scalar: Float + RelativeEq<Epsilon = Self> + core::fmt::Debug {}
impl<T: Float + RelativeEq<Epsilon = T> + core::fmt::Debug> Scalar for T {}

/// Coordinates of points and translations.
pub const COORD: core::ops::Range<f64> = -10.0..10.0;
/// Angles in radians.
pub const ANGLE: core::ops::Range<f64> = -3.1..3.1;
/// Magnitude of uniform scales (the sign is drawn separately).
pub const SCALE: core::ops::Range<f64> = 0.25..4.0;
/// Components of unit-ish quantities (angular velocities, quaternions).
pub const UNIT: core::ops::Range<f64> = -1.0..1.0;

/// `x` as the tested scalar.
pub fn c<T: Float>(x: f64) -> T {
    T::from(x).expect("representable")
}

/// A vector of the tested scalar from f64 components.
pub fn v<T: Float, const N: usize>(a: [f64; N]) -> Vector<T, N> {
    Vector(a.map(c))
}

/// Element-wise relative comparison with an absolute floor `tol * scale`.
pub fn slices_close<T: Scalar>(a: &[T], b: &[T], tol: T, scale: T) -> bool {
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| x.relative_eq(y, tol * scale, tol))
}

/// Vectors equal within `tol` (absolute floor scaled by `scale`).
pub fn vec_close<T: Scalar, const N: usize>(
    a: &Vector<T, N>,
    b: &Vector<T, N>,
    tol: T,
    scale: T,
) -> bool {
    slices_close(&a.0, &b.0, tol, scale)
}

/// Matrices equal within `tol` (absolute floor scaled by `scale`).
pub fn mat_close<T: Scalar, const R: usize, const C: usize>(
    a: &Matrix<T, R, C>,
    b: &Matrix<T, R, C>,
    tol: T,
    scale: T,
) -> bool {
    a.0.iter()
        .zip(&b.0)
        .all(|(x, y)| slices_close(x, y, tol, scale))
}

/// A rotation in N dimensions: the product of Givens rotations over every plane (i, j),
/// taking angles from `angles` cyclically (so every rotation of SO(n) is reachable).
pub fn rotation<T: Float, const N: usize>(angles: &[f64]) -> Rotation<T, N> {
    let mut r = Rotation::identity();
    let mut k = 0;
    for i in 0..N {
        for j in i + 1..N {
            r = Rotation::from_plane_angle(i, j, c(angles[k % angles.len()])) * r;
            k += 1;
        }
    }
    r
}

/// The explicit augmented matrix `[[s R, t], [0, 1]]` of size `M = N + 1`, written out
/// entry by entry (independent of `Transform::to_augmented`).
pub fn augmented<T: Float, const N: usize, const M: usize>(a: &Transform<T, N>) -> Matrix<T, M, M> {
    assert_eq!(M, N + 1);
    let r = a.rotation.matrix();
    let mut m = Matrix::<T, M, M>::zeros();
    for i in 0..N {
        for j in 0..N {
            m.0[i][j] = a.scale * r.0[i][j];
        }
        m.0[i][N] = a.translation.0[i];
    }
    m.0[N][N] = T::one();
    m
}

/// The homogeneous point `(p, 1)`.
pub fn homogeneous<T: Float, const N: usize, const M: usize>(p: &Vector<T, N>) -> Vector<T, M> {
    assert_eq!(M, N + 1);
    let mut h = Vector::<T, M>::zeros();
    h.0[..N].copy_from_slice(&p.0);
    h.0[N] = T::one();
    h
}

/// Plain triple-loop matrix product (independent of `Matrix * Matrix`).
pub fn matmul<T: Float, const R: usize, const K: usize, const C: usize>(
    a: &Matrix<T, R, K>,
    b: &Matrix<T, K, C>,
) -> Matrix<T, R, C> {
    let mut m = Matrix::zeros();
    for i in 0..R {
        for j in 0..C {
            let mut s = T::zero();
            for k in 0..K {
                s = s + a.0[i][k] * b.0[k][j];
            }
            m.0[i][j] = s;
        }
    }
    m
}

/// Plain matrix-vector product.
pub fn matvec<T: Float, const R: usize, const C: usize>(
    a: &Matrix<T, R, C>,
    x: &Vector<T, C>,
) -> Vector<T, R> {
    let mut y = Vector::zeros();
    for i in 0..R {
        for k in 0..C {
            y.0[i] = y.0[i] + a.0[i][k] * x.0[k];
        }
    }
    y
}

/// The matrix exponential by scaling and squaring of its Taylor series (independent of
/// Rodrigues' formula).
pub fn expm<T: Float, const N: usize>(a: &Matrix<T, N, N>) -> Matrix<T, N, N> {
    let mut squarings = 0;
    let mut scaled = *a;
    while scaled.amax() > c(0.125) {
        scaled *= c::<T>(0.5);
        squarings += 1;
    }
    let mut term = Matrix::<T, N, N>::identity();
    let mut sum = term;
    for k in 1..20 {
        term = matmul(&term, &scaled) * (T::one() / c(f64::from(k)));
        sum += term;
    }
    for _ in 0..squarings {
        sum = matmul(&sum, &sum);
    }
    sum
}

/// The cross product by the Levi-Civita symbol, `(a × b)_i = ε_ijk a_j b_k`.
pub fn levi_civita_cross<T: Float>(a: &Vector<T, 3>, b: &Vector<T, 3>) -> Vector<T, 3> {
    let mut out = Vector::zeros();
    for i in 0..3 {
        for j in 0..3 {
            for k in 0..3 {
                let eps = match (i, j, k) {
                    (0, 1, 2) | (1, 2, 0) | (2, 0, 1) => 1.0,
                    (0, 2, 1) | (2, 1, 0) | (1, 0, 2) => -1.0,
                    _ => 0.0,
                };
                out.0[i] = out.0[i] + c::<T>(eps) * a.0[j] * b.0[k];
            }
        }
    }
    out
}

/// The cross-product matrix written out entry by entry.
pub fn cross_matrix<T: Float>(a: &Vector<T, 3>) -> Matrix<T, 3, 3> {
    let [x, y, z] = a.0;
    let o = T::zero();
    Matrix([[o, -z, y], [z, o, -x], [-y, x, o]])
}

/// Determinant by the Leibniz permutation expansion (independent of elimination).
pub fn leibniz_det<T: Float, const N: usize>(a: &Matrix<T, N, N>) -> T {
    fn rec<T: Float, const N: usize>(
        a: &Matrix<T, N, N>,
        row: usize,
        used: &mut [bool; N],
        sign: T,
    ) -> T {
        if row == N {
            return sign;
        }
        let mut s = T::zero();
        let mut inversions_sign = sign;
        for col in 0..N {
            if used[col] {
                continue;
            }
            used[col] = true;
            s = s + a.0[row][col] * rec(a, row + 1, used, inversions_sign);
            used[col] = false;
            inversions_sign = -inversions_sign;
        }
        s
    }
    rec(a, 0, &mut [false; N], T::one())
}
