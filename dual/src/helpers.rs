//! Derivatives of a function written once, generic over `S: Float`: each helper seeds the
//! dual inputs, evaluates, and returns the value together with the derivative.
//!
//! Matrices are row-major arrays: `jacobian[i][j] = ∂fᵢ/∂xⱼ`.
//! No inputs (`N = 0`) or no outputs (`M = 0`) give empty arrays, never a panic
//! (`tests/empty_sizes.rs`).
use crate::{Dual, DualVec, Taylor};
use num_traits::Float;

/// `(f(x), f'(x))` from one evaluation with `Dual`: the seed's `f̃(x, 1) = (f(x), f'(x))`.
///
/// ```
/// use dual::Float;
/// let (v, d) = dual::derivative(|x| x * x.sin(), 2.0_f64);
/// assert_eq!(v, 2.0 * 2.0_f64.sin());
/// assert!((d - (2.0_f64.sin() + 2.0 * 2.0_f64.cos())).abs() < 1e-15);
/// ```
#[inline]
pub fn derivative<T: Float>(mut f: impl FnMut(Dual<T>) -> Dual<T>, x: T) -> (T, T) {
    let r = f(Dual::variable(x));
    (r.re, r.eps)
}

/// `(f(x), f'(x), f''(x))` from one evaluation with the nested `Dual<Dual<T>>`.
///
/// ```
/// use dual::Float;
/// let (v, d1, d2) = dual::second_derivative(|x| x.powi(3), 2.0_f64);
/// assert_eq!((v, d1, d2), (8.0, 12.0, 12.0));
/// ```
#[inline]
pub fn second_derivative<T: Float>(
    mut f: impl FnMut(Dual<Dual<T>>) -> Dual<Dual<T>>,
    x: T,
) -> (T, T, T) {
    let r = f(Dual::new(Dual::variable(x), Dual::constant(T::one())));
    (r.re.re, r.re.eps, r.eps.eps)
}

/// `(f(x), f'(x), f''(x), f'''(x))` from one evaluation with [`Taylor<T, 3>`](Taylor) (the
/// coefficient recurrences of *Evaluating Derivatives*, Griewank and Walther, chapter 13).
///
/// Exact at the singular points of the [`Taylor`] docs, e.g. `|x|·x²` at 0.
///
/// ```
/// use dual::Float;
/// let (v, d1, d2, d3) = dual::third_derivative(|x| x.powi(4), 2.0_f64);
/// assert_eq!((v, d1, d2, d3), (16.0, 32.0, 48.0, 48.0));
/// let (_, _, _, d3) = dual::third_derivative(|x| x.abs() * x * x, 0.0_f64);
/// assert_eq!(d3, 6.0);
/// ```
#[inline]
pub fn third_derivative<T: Float>(
    mut f: impl FnMut(Taylor<T, 3>) -> Taylor<T, 3>,
    x: T,
) -> (T, T, T, T) {
    f(Taylor::variable(x)).third()
}

/// `(f(x), [f'(x), …, f⁽ᴷ⁾(x)])` from one evaluation with [`Taylor<T, K>`](Taylor): every
/// derivative up to order `K` in one pass. `K = 0` gives the value and an empty array.
///
/// ```
/// use dual::Float;
/// // sin at 0: 0, 1, 0, −1, 0, 1.
/// let (v, d) = dual::nth_derivatives::<5, _>(|x| x.sin(), 0.0_f64);
/// assert_eq!((v, d), (0.0, [1.0, 0.0, -1.0, 0.0, 1.0]));
/// let (v, d) = dual::nth_derivatives::<0, _>(|x| x.exp(), 0.0_f64);
/// assert_eq!((v, d), (1.0, []));
/// ```
#[inline]
pub fn nth_derivatives<const K: usize, T: Float>(
    mut f: impl FnMut(Taylor<T, K>) -> Taylor<T, K>,
    x: T,
) -> (T, [T; K]) {
    f(Taylor::variable(x)).derivatives()
}

/// `(V(x), (y·∇)V|ₓ)`: the seed's `Ṽ(x + εy) = V(x) + ε (y·∇)V|ₓ`, one evaluation with `Dual`.
///
/// ```
/// // V(x) = (x0·x1, x0 + x1), direction y = (1, 2): (y·∇)V = (x1 + 2·x0, 3).
/// let (v, dv) = dual::directional_derivative(|[a, b]| [a * b, a + b], [3.0, 4.0], [1.0, 2.0]);
/// assert_eq!((v, dv), ([12.0, 7.0], [10.0, 3.0]));
/// ```
#[inline]
pub fn directional_derivative<T: Float, const N: usize, const M: usize>(
    mut f: impl FnMut([Dual<T>; N]) -> [Dual<T>; M],
    x: [T; N],
    y: [T; N],
) -> ([T; M], [T; M]) {
    let mut input = [Dual::constant(T::zero()); N];
    for ((d, xi), yi) in input.iter_mut().zip(x).zip(y) {
        *d = Dual::new(xi, yi);
    }
    let r = f(input);
    let mut value = [T::zero(); M];
    let mut slope = [T::zero(); M];
    for ((v, e), d) in value.iter_mut().zip(&mut slope).zip(&r) {
        *v = d.re;
        *e = d.eps;
    }
    (value, slope)
}

/// `(f(x), ∇f(x))` of a scalar field from one evaluation with `DualVec<T, N>`.
///
/// ```
/// let (v, g) = dual::gradient(|[a, b]| a * a * b, [3.0_f64, 2.0]);
/// assert_eq!((v, g), (18.0, [12.0, 9.0]));
/// ```
#[inline]
pub fn gradient<T: Float, const N: usize>(
    mut f: impl FnMut([DualVec<T, N>; N]) -> DualVec<T, N>,
    x: [T; N],
) -> (T, [T; N]) {
    let r = f(DualVec::variables(x));
    (r.re, r.eps)
}

/// `(V(x), J)` for `V: Rᴺ → Rᴹ` from ONE evaluation with `DualVec<T, N>` (all `N` directions
/// travel together). `J[i][j] = ∂Vᵢ/∂xⱼ`.
///
/// ```
/// // Lorenz system with σ = 10, ρ = 28, β = 8/3.
/// fn lorenz<S: num_traits::Float>([x, y, z]: [S; 3]) -> [S; 3] {
///     let c = |v: f64| S::from(v).unwrap();
///     [c(10.0) * (y - x), x * (c(28.0) - z) - y, x * y - c(8.0 / 3.0) * z]
/// }
/// let (v, j) = dual::jacobian(lorenz, [1.0, 2.0, 3.0]);
/// assert_eq!(v, lorenz([1.0, 2.0, 3.0]));
/// assert_eq!(j, [[-10.0, 10.0, 0.0], [25.0, -1.0, -1.0], [2.0, 1.0, -8.0 / 3.0]]);
/// assert_eq!(j, dual::jacobian_n_pass(lorenz, [1.0, 2.0, 3.0]).1);
/// ```
#[inline]
pub fn jacobian<T: Float, const N: usize, const M: usize>(
    mut f: impl FnMut([DualVec<T, N>; N]) -> [DualVec<T, N>; M],
    x: [T; N],
) -> ([T; M], [[T; N]; M]) {
    let r = f(DualVec::variables(x));
    // Plain loops, not `array::map`: `map` is not always inlined and then copies the result.
    let mut out = ([T::zero(); M], [[T::zero(); N]; M]);
    for ((v, row), d) in out.0.iter_mut().zip(&mut out.1).zip(&r) {
        *v = d.re;
        *row = d.eps;
    }
    out
}

/// The seed's Jacobian: `N` evaluations with `Dual`, column `j` from the direction `eⱼ`,
/// `[𝔇Ṽ(x, e₁) ⋯ 𝔇Ṽ(x, eₙ)]`. Agrees with [`jacobian`]; useful when `N` is large and the
/// function is cheap to call, or as an independent check.
///
/// ```
/// // V(a, b) = (a·b, a + b): J = [[b, a], [1, 1]].
/// let (v, j) = dual::jacobian_n_pass(|[a, b]| [a * b, a + b], [3.0, 4.0]);
/// assert_eq!(v, [12.0, 7.0]);
/// assert_eq!(j, [[4.0, 3.0], [1.0, 1.0]]);
/// ```
#[inline]
pub fn jacobian_n_pass<T: Float, const N: usize, const M: usize>(
    mut f: impl FnMut([Dual<T>; N]) -> [Dual<T>; M],
    x: [T; N],
) -> ([T; M], [[T; N]; M]) {
    let mut value = [T::zero(); M];
    let mut jac = [[T::zero(); N]; M];
    for j in 0..N {
        let mut input = x.map(Dual::constant);
        input[j].eps = T::one();
        let r = f(input);
        for (i, ri) in r.iter().enumerate() {
            value[i] = ri.re;
            jac[i][j] = ri.eps;
        }
    }
    if N == 0 {
        value = f(x.map(Dual::constant)).map(|d| d.re);
    }
    (value, jac)
}

/// `(f(x), ∇f(x), H)` of a scalar field from one evaluation with the nested
/// `DualVec<DualVec<T, N>, N>` (`H[i][j] = ∂²f/∂xᵢ∂xⱼ`, symmetric).
///
/// ```
/// let (v, g, h) = dual::hessian(|[a, b]| a * a * b, [3.0_f64, 2.0]);
/// assert_eq!((v, g, h), (18.0, [12.0, 9.0], [[4.0, 6.0], [6.0, 0.0]]));
/// ```
#[inline]
pub fn hessian<T: Float, const N: usize>(
    mut f: impl FnMut([DualVec<DualVec<T, N>, N>; N]) -> DualVec<DualVec<T, N>, N>,
    x: [T; N],
) -> (T, [T; N], [[T; N]; N]) {
    let inner = DualVec::variables(x);
    let mut input = inner.map(DualVec::constant);
    for (i, d) in input.iter_mut().enumerate() {
        d.eps[i] = DualVec::constant(T::one());
    }
    let r = f(input);
    (r.re.re, r.re.eps, r.eps.map(|row| row.eps))
}
