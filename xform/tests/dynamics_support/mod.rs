//! Shared helpers of the dynamics tests: random paths `T(t) = T0 + v t + a t²/2`,
//! `R(t) = exp(ω t + α t²/2) R0`, their exact dynamics from nested dual numbers, and
//! comparisons. Included by the `dynamics*.rs` test files with `mod dynamics_support;`.
#![allow(
    dead_code,
    unreachable_pub,
    missing_docs,
    reason = "test helpers shared by several test files"
)]

use approx::relative_eq;
use dual::Dual;
use num_traits::Float;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use xform::{DynamicTransform, DynamicsDelta, Matrix, Rotation, Skew, Transform, Vector};

/// Range of translations.
pub const TRANSLATION: f64 = 2.0;
/// Range of the entries of linear and angular velocities and accelerations.
pub const RATE: f64 = 1.5;
/// Range of the entries of the logarithm of the initial rotation.
pub const ROTATION_LOG: f64 = 2.0;
/// Range of the magnitude of the scale (its sign is random too).
pub const SCALE: core::ops::Range<f64> = 0.5..2.0;
/// Range of the time at which a path is differentiated.
pub const TIME: f64 = 0.5;
/// Range of masses.
pub const MASS: core::ops::Range<f64> = 0.2..5.0;

/// A random path, stored in f64 and converted to the scalar under test.
#[derive(Debug, Clone)]
pub struct PathParams<const N: usize> {
    pub t0: [f64; N],
    pub v: [f64; N],
    pub a: [f64; N],
    pub w: [[f64; N]; N],
    pub al: [[f64; N]; N],
    pub log_r0: [[f64; N]; N],
    pub scale: f64,
}

fn vec_strategy<const N: usize>(r: f64) -> impl Strategy<Value = [f64; N]> {
    proptest::array::uniform::<_, N>(-r..r)
}

fn mat_strategy<const N: usize>(r: f64) -> impl Strategy<Value = [[f64; N]; N]> {
    proptest::array::uniform::<_, N>(proptest::array::uniform::<_, N>(-r..r))
}

/// Random path parameters in the named ranges.
pub fn path<const N: usize>() -> impl Strategy<Value = PathParams<N>> {
    (
        vec_strategy::<N>(TRANSLATION),
        vec_strategy::<N>(RATE),
        vec_strategy::<N>(RATE),
        mat_strategy::<N>(RATE),
        mat_strategy::<N>(RATE),
        mat_strategy::<N>(ROTATION_LOG),
        SCALE,
        any::<bool>(),
    )
        .prop_map(|(t0, v, a, w, al, log_r0, s, negative)| PathParams {
            t0,
            v,
            a,
            w,
            al,
            log_r0,
            scale: if negative { -s } else { s },
        })
}

/// A random time.
pub fn time() -> impl Strategy<Value = f64> {
    -TIME..TIME
}

/// A rate change `(Δv, Δa, Δω, Δα)` as f64 arrays (the skew parts are antisymmetrized).
pub type DeltaParams<const N: usize> = ([f64; N], [f64; N], [[f64; N]; N], [[f64; N]; N]);

/// A random rate change in the named ranges.
pub fn delta<const N: usize>() -> impl Strategy<Value = DeltaParams<N>> {
    (
        vec_strategy::<N>(RATE),
        vec_strategy::<N>(RATE),
        mat_strategy::<N>(RATE),
        mat_strategy::<N>(RATE),
    )
}

/// A random vector in `±r`.
pub fn vector<const N: usize>(r: f64) -> impl Strategy<Value = [f64; N]> {
    vec_strategy::<N>(r)
}

pub fn c<S: Float>(x: f64) -> S {
    S::from(x).unwrap()
}

pub fn v<S: Float, const N: usize>(x: &[f64; N]) -> Vector<S, N> {
    Vector(x.map(c))
}

pub fn m<S: Float, const N: usize>(x: &[[f64; N]; N]) -> Matrix<S, N, N> {
    Matrix(x.map(|r| r.map(c)))
}

pub fn skew<S: Float, const N: usize>(x: &[[f64; N]; N]) -> Skew<S, N> {
    Skew::from_antisymmetric_part(&m(x))
}

pub fn delta_of<F: Float, const N: usize>(d: &DeltaParams<N>) -> DynamicsDelta<F, N> {
    DynamicsDelta::new(v(&d.0), v(&d.1), skew(&d.2), skew(&d.3))
}

/// `exp(x)` by scaling and squaring a Taylor series, for any scalar (dual numbers too):
/// independent of the crate's closed-form exponentials and valid in every dimension.
pub fn expm<S: Float, const N: usize>(x: &Matrix<S, N, N>) -> Matrix<S, N, N> {
    const SQUARINGS: i32 = 6;
    let scaled = *x * S::from(0.5f64.powi(SQUARINGS)).unwrap();
    let mut sum = Matrix::<S, N, N>::identity();
    let mut term = Matrix::<S, N, N>::identity();
    for k in 1..=14 {
        term = term * scaled * (S::one() / S::from(k).unwrap());
        sum += term;
    }
    for _ in 0..SQUARINGS {
        sum = sum * sum;
    }
    sum
}

impl<const N: usize> PathParams<N> {
    /// The transform at time `t`, in any scalar.
    pub fn at<S: Float>(&self, t: S) -> Transform<S, N> {
        let half = c::<S>(0.5);
        let translation =
            v::<S, N>(&self.t0) + v::<S, N>(&self.v) * t + v::<S, N>(&self.a) * (half * t * t);
        let w = *skew::<S, N>(&self.w).matrix();
        let al = *skew::<S, N>(&self.al).matrix();
        let r0 = expm(skew::<S, N>(&self.log_r0).matrix());
        let r = expm(&(w * t + al * (half * t * t))) * r0;
        Transform::new(
            translation,
            Rotation::from_matrix_unchecked(r),
            c(self.scale),
        )
    }

    /// The path through a dynamic transform: at time 0 it has exactly those dynamics.
    pub fn through<F: Float>(d: &DynamicTransform<F, N>) -> ThroughPath<F, N> {
        ThroughPath(*d)
    }
}

/// `τ ↦ (T + v τ + a τ²/2, exp(ω τ + α τ²/2) R, S)`: at `τ = 0` its dynamics are `d`.
#[derive(Debug, Clone, Copy)]
pub struct ThroughPath<F, const N: usize>(pub DynamicTransform<F, N>);

fn lift<F: Float, S: Float>(x: F) -> S {
    S::from(x).unwrap()
}

impl<F: Float, const N: usize> ThroughPath<F, N> {
    pub fn at<S: Float>(&self, t: S) -> Transform<S, N> {
        let d = &self.0;
        let lv = |x: &Vector<F, N>| Vector(x.0.map(lift::<F, S>));
        let lm = |x: &Matrix<F, N, N>| Matrix(x.0.map(|r| r.map(lift::<F, S>)));
        let half = c::<S>(0.5);
        let translation = lv(&d.transform.translation)
            + lv(&d.velocity) * t
            + lv(&d.acceleration) * (half * t * t);
        let x = lm(d.angular_velocity.matrix()) * t
            + lm(d.angular_acceleration.matrix()) * (half * t * t);
        let r = expm(&x) * lm(d.transform.rotation.matrix());
        Transform::new(
            translation,
            Rotation::from_matrix_unchecked(r),
            lift(d.transform.scale),
        )
    }
}

type D2<F> = Dual<Dual<F>>;

/// The exact dynamics at `t0` of a path of transforms: value, first and second derivative
/// from one evaluation with `Dual<Dual<F>>`, then `ω = Ṙ Rᵀ`, `α = R̈ Rᵀ − ω²`.
pub fn dynamics_of<F: Float, const N: usize>(
    path: impl Fn(D2<F>) -> Transform<D2<F>, N>,
    t0: F,
) -> DynamicTransform<F, N> {
    let t = Dual::new(Dual::variable(t0), Dual::constant(F::one()));
    let a = path(t);
    let val = |x: D2<F>| x.re.re;
    let d1 = |x: D2<F>| x.re.eps;
    let d2 = |x: D2<F>| x.eps.eps;
    let rm = a.rotation.matrix();
    let r = rm.map(val);
    let rd = rm.map(d1);
    let rdd = rm.map(d2);
    let w = rd * r.transpose();
    let al = rdd * r.transpose() - w * w;
    DynamicTransform::new(
        Transform::new(
            a.translation.map(val),
            Rotation::from_matrix_unchecked(r),
            a.scale.re.re,
        ),
        a.translation.map(d1),
        a.translation.map(d2),
        Skew::from_antisymmetric_part(&w),
        Skew::from_antisymmetric_part(&al),
    )
}

/// Every number of a dynamic transform, in a fixed order.
pub fn flat<F: Float, const N: usize>(d: &DynamicTransform<F, N>) -> Vec<F> {
    let mut out = Vec::new();
    out.extend(d.transform.translation.0);
    out.extend(d.transform.rotation.matrix().0.iter().flatten());
    out.push(d.transform.scale);
    out.extend(flat_delta(&d.rates()));
    out
}

/// Every number of a rate change.
pub fn flat_delta<F: Float, const N: usize>(d: &DynamicsDelta<F, N>) -> Vec<F> {
    let mut out = Vec::new();
    out.extend(d.velocity.0);
    out.extend(d.acceleration.0);
    out.extend(d.angular_velocity.matrix().0.iter().flatten());
    out.extend(d.angular_acceleration.matrix().0.iter().flatten());
    out
}

/// Element-wise `relative_eq!` with absolute and relative tolerance `tol`.
pub fn close_slices<F: Float + approx::RelativeEq<Epsilon = F> + core::fmt::Debug>(
    got: &[F],
    want: &[F],
    tol: F,
    what: &str,
) -> Result<(), TestCaseError> {
    prop_assert_eq!(got.len(), want.len());
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        prop_assert!(
            relative_eq!(*g, *w, epsilon = tol, max_relative = tol),
            "{what}[{i}]: got {g:?}, want {w:?}\n got  {got:?}\n want {want:?}"
        );
    }
    Ok(())
}

pub fn close<F: Float + approx::RelativeEq<Epsilon = F> + core::fmt::Debug, const N: usize>(
    got: &DynamicTransform<F, N>,
    want: &DynamicTransform<F, N>,
    tol: F,
    what: &str,
) -> Result<(), TestCaseError> {
    close_slices(&flat(got), &flat(want), tol, what)
}

pub fn close_delta<
    F: Float + approx::RelativeEq<Epsilon = F> + core::fmt::Debug,
    const N: usize,
>(
    got: &DynamicsDelta<F, N>,
    want: &DynamicsDelta<F, N>,
    tol: F,
    what: &str,
) -> Result<(), TestCaseError> {
    close_slices(&flat_delta(got), &flat_delta(want), tol, what)
}

pub fn close_vec<F: Float + approx::RelativeEq<Epsilon = F> + core::fmt::Debug, const N: usize>(
    got: &Vector<F, N>,
    want: &Vector<F, N>,
    tol: F,
    what: &str,
) -> Result<(), TestCaseError> {
    close_slices(&got.0, &want.0, tol, what)
}
