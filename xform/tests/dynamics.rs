//! The closed forms of `DynamicTransform` (composition, inverse, global-to-local in both
//! written forms, every delta rule, inertial accelerations, impulses, counteracting an
//! inherited change) against the exact time derivatives of composed random paths, taken
//! with nested dual numbers; and the group laws. N = 2, 3, 4, for f64 and f32.
mod dynamics_support;

use approx::RelativeEq;
use core::fmt::Debug;
use dynamics_support::*;
use num_traits::Float;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use xform::{DynamicTransform, DynamicsDelta, Matrix, Vector};

trait Scalar: Float + RelativeEq<Epsilon = Self> + Debug + 'static {}
impl<F: Float + RelativeEq<Epsilon = F> + Debug + 'static> Scalar for F {}

type R = Result<(), TestCaseError>;

fn at<F: Scalar>(t: f64) -> F {
    c(t)
}

/// The exact dynamics of `p` at `t`.
fn dyn_path<F: Scalar, const N: usize>(p: &PathParams<N>, t: f64) -> DynamicTransform<F, N> {
    dynamics_of(|s| p.at(s), at(t))
}

/// The exact dynamics at τ = 0 of `through(parent) ∘ through(child)`.
fn dyn_composed<F: Scalar, const N: usize>(
    parent: &DynamicTransform<F, N>,
    child: &DynamicTransform<F, N>,
) -> DynamicTransform<F, N> {
    let (p, q) = (ThroughPath(*parent), ThroughPath(*child));
    dynamics_of(|s| p.at(s) * q.at(s), F::zero())
}

fn check_compose<F: Scalar, const N: usize>(
    p1: &PathParams<N>,
    p2: &PathParams<N>,
    t: f64,
    tol: F,
) -> R {
    let d1 = dyn_path::<F, N>(p1, t);
    let d2 = dyn_path::<F, N>(p2, t);
    let d3 = dynamics_of(|s| p2.at(s) * p1.at(s), at(t));
    close(&(d2 * d1), &d3, tol, "compose")?;
    close(&d2.local_to_global(&d1), &d3, tol, "local_to_global")
}

fn check_inverse<F: Scalar, const N: usize>(p: &PathParams<N>, t: f64, tol: F) -> R {
    let d = dyn_path::<F, N>(p, t);
    let exact = dynamics_of(|s| p.at(s).inverse(), at(t));
    close(&d.inverse(), &exact, tol, "inverse")
}

fn check_global_to_local<F: Scalar, const N: usize>(
    p1: &PathParams<N>,
    p2: &PathParams<N>,
    t: f64,
    tol: F,
) -> R {
    let d1 = dyn_path::<F, N>(p1, t);
    let d2 = dyn_path::<F, N>(p2, t);
    let d3 = dynamics_of(|s| p2.at(s) * p1.at(s), at(t));
    // First written form (differences of global quantities).
    close(&d2.global_to_local(&d3), &d1, tol, "global_to_local")?;
    // Second written form (uses the known local translation and v₁).
    let second = d2
        .try_global_to_local_with_transform(&d1.transform, &d3)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    close(&second, &d1, tol, "global_to_local_with_transform")?;
    // "The dynamics of the inverse of A₂ combined with the composition with A₃".
    close(&(d2.inverse() * d3), &d1, tol, "inverse then compose")
}

fn check_group_laws<F: Scalar, const N: usize>(
    p1: &PathParams<N>,
    p2: &PathParams<N>,
    p3: &PathParams<N>,
    t: f64,
    tol: F,
) -> R {
    let (a, b, d) = (
        dyn_path::<F, N>(p1, t),
        dyn_path::<F, N>(p2, t),
        dyn_path::<F, N>(p3, t),
    );
    let id = DynamicTransform::<F, N>::identity();
    close(&((a * b) * d), &(a * (b * d)), tol, "associativity")?;
    close(&(a * id), &a, tol, "right identity")?;
    close(&(id * a), &a, tol, "left identity")?;
    close(&(a * a.inverse()), &id, tol, "right inverse")?;
    close(&(a.inverse() * a), &id, tol, "left inverse")?;
    close(&a.inverse().inverse(), &a, tol, "double inverse")?;
    // The identity's dynamics are null: a constant path at the identity.
    let still = dynamics_of(|_| xform::Transform::identity(), at(t));
    close(&still, &id, tol, "identity is at rest")
}

fn check_local_delta<F: Scalar, const N: usize>(
    p1: &PathParams<N>,
    p2: &PathParams<N>,
    t: f64,
    dl: &DeltaParams<N>,
    tol: F,
) -> R {
    let d1 = dyn_path::<F, N>(p1, t);
    let d2 = dyn_path::<F, N>(p2, t);
    let delta1 = delta_of::<F, N>(dl);
    let before = dyn_composed(&d2, &d1);
    let after = dyn_composed(&d2, &delta1.applied_to(&d1));
    let exact = DynamicsDelta::between(&before, &after);
    close_delta(
        &d2.local_delta_to_global(&delta1),
        &exact,
        tol,
        "local delta to global",
    )?;
    // The per-component forms of the seed's sketch give the same.
    let per_component = DynamicsDelta::new(
        d2.transform_delta_velocity(&delta1.velocity),
        d2.transform_delta_acceleration(&delta1.velocity, &delta1.acceleration),
        d2.transform_delta_angular_velocity(&delta1.angular_velocity),
        d2.transform_delta_angular_acceleration(
            &delta1.angular_velocity,
            &delta1.angular_acceleration,
        ),
    );
    close_delta(&per_component, &exact, tol, "per-component local delta")?;
    close_delta(
        &d2.global_delta_to_local(&exact),
        &delta1,
        tol,
        "global delta to local",
    )
}

fn check_inherited_delta<F: Scalar, const N: usize>(
    p1: &PathParams<N>,
    p2: &PathParams<N>,
    t: f64,
    dl: &DeltaParams<N>,
    tol: F,
) -> R {
    let d1 = dyn_path::<F, N>(p1, t);
    let d2 = dyn_path::<F, N>(p2, t);
    let delta2 = delta_of::<F, N>(dl);
    let before = dyn_composed(&d2, &d1);
    let after = dyn_composed(&delta2.applied_to(&d2), &d1);
    let exact = DynamicsDelta::between(&before, &after);
    close_delta(
        &d2.inherited_delta(&d1, &delta2),
        &exact,
        tol,
        "inherited delta",
    )
}

fn check_force<F: Scalar, const N: usize>(
    p1: &PathParams<N>,
    p2: &PathParams<N>,
    t: f64,
    force: &[f64; N],
    mass: f64,
    tol: F,
) -> R {
    let d1 = dyn_path::<F, N>(p1, t);
    let d2 = dyn_path::<F, N>(p2, t);
    let (f, m) = (v::<F, N>(force), c::<F>(mass));
    let local = d2.force_to_local_acceleration(&d1, &f, m);
    // Moving the child locally with that acceleration gives it the global acceleration F/m.
    let mut child = d1;
    child.acceleration = local.total();
    let global = dyn_composed(&d2, &child);
    close_vec(&global.acceleration, &(f / m), tol, "F = m a in the world")?;
    // Each named term against explicit matrix products, ω̃ = R₂ᵀ ω₂ R₂ etc.
    let r = *d2.transform.rotation.matrix();
    let rt = r.transpose();
    let w: Matrix<F, N, N> = rt * *d2.angular_velocity.matrix() * r;
    let al: Matrix<F, N, N> = rt * *d2.angular_acceleration.matrix() * r;
    let s = d2.transform.scale;
    let t1 = d1.transform.translation;
    let two = F::one() + F::one();
    close_vec(&local.applied, &((rt * f) / (s * m)), tol, "applied")?;
    close_vec(
        &local.inertial.linear,
        &-((rt * d2.acceleration) / s),
        tol,
        "linear",
    )?;
    close_vec(&local.inertial.euler, &-(al * t1), tol, "euler")?;
    close_vec(
        &local.inertial.centrifugal,
        &-(w * w * t1),
        tol,
        "centrifugal",
    )?;
    close_vec(
        &local.inertial.coriolis,
        &-(w * d1.velocity * two),
        tol,
        "coriolis",
    )?;
    Ok(())
}

fn check_impulse<F: Scalar, const N: usize>(
    p1: &PathParams<N>,
    p2: &PathParams<N>,
    t: f64,
    impulse: &[f64; N],
    mass: f64,
    tol: F,
) -> R {
    let d1 = dyn_path::<F, N>(p1, t);
    let d2 = dyn_path::<F, N>(p2, t);
    let (p, m) = (v::<F, N>(impulse), c::<F>(mass));
    let local = d2.impulse_to_local_delta(&p, m);
    let before = dyn_composed(&d2, &d1);
    let after = dyn_composed(&d2, &local.applied_to(&d1));
    let exact = DynamicsDelta::between(&before, &after);
    // The child's global velocity changes by Δp/m and nothing else changes.
    close_delta(&exact, &DynamicsDelta::from_velocity(p / m), tol, "impulse")
}

fn check_counteract<F: Scalar, const N: usize>(
    p1: &PathParams<N>,
    p2: &PathParams<N>,
    p0: &PathParams<N>,
    t: f64,
    dl: &DeltaParams<N>,
    tol: F,
) -> R {
    let d1 = dyn_path::<F, N>(p1, t);
    let d2 = dyn_path::<F, N>(p2, t);
    let grandchild = dyn_path::<F, N>(p0, t);
    let before = dyn_composed(&d2, &d1);
    // Velocity only: the seed's formula.
    let dv = v::<F, N>(&dl.0);
    let fix = d2
        .try_counteract_velocity_change(&dv)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let parent_after = DynamicsDelta::from_velocity(dv).applied_to(&d2);
    let after = dyn_composed(&parent_after, &fix.applied_to(&d1));
    close(&after, &before, tol, "velocity change counteracted")?;
    // Grandchildren inherit the correction: their global dynamics are unchanged too.
    let g_before = d2 * d1 * grandchild;
    let g_after = parent_after * fix.applied_to(&d1) * grandchild;
    close(&g_after, &g_before, tol, "grandchild unchanged")?;
    // Every rate changed.
    let change = delta_of::<F, N>(dl);
    let fix = d2
        .try_counteract_change(&d1, &change)
        .map_err(|e| TestCaseError::fail(format!("{e}")))?;
    let after = dyn_composed(&change.applied_to(&d2), &fix.applied_to(&d1));
    close(&after, &before, tol, "general change counteracted")
}

macro_rules! dynamics_tests {
    ($name:ident, $f:ty, $n:literal, $tol:expr) => {
        mod $name {
            use super::*;
            const TOL: $f = $tol;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(96))]

                #[test]
                fn compose(p1 in path::<$n>(), p2 in path::<$n>(), t in time()) {
                    check_compose::<$f, $n>(&p1, &p2, t, TOL)?;
                }

                #[test]
                fn inverse(p in path::<$n>(), t in time()) {
                    check_inverse::<$f, $n>(&p, t, TOL)?;
                }

                #[test]
                fn global_to_local(p1 in path::<$n>(), p2 in path::<$n>(), t in time()) {
                    check_global_to_local::<$f, $n>(&p1, &p2, t, TOL)?;
                }

                #[test]
                fn group_laws(p1 in path::<$n>(), p2 in path::<$n>(), p3 in path::<$n>(), t in time()) {
                    check_group_laws::<$f, $n>(&p1, &p2, &p3, t, TOL)?;
                }

                #[test]
                fn local_and_global_deltas(p1 in path::<$n>(), p2 in path::<$n>(), t in time(), d in delta::<$n>()) {
                    check_local_delta::<$f, $n>(&p1, &p2, t, &d, TOL)?;
                }

                #[test]
                fn inherited_delta(p1 in path::<$n>(), p2 in path::<$n>(), t in time(), d in delta::<$n>()) {
                    check_inherited_delta::<$f, $n>(&p1, &p2, t, &d, TOL)?;
                }

                #[test]
                fn force_to_local_acceleration(
                    p1 in path::<$n>(), p2 in path::<$n>(), t in time(),
                    f in vector::<$n>(RATE), m in MASS,
                ) {
                    check_force::<$f, $n>(&p1, &p2, t, &f, m, TOL)?;
                }

                #[test]
                fn impulse(
                    p1 in path::<$n>(), p2 in path::<$n>(), t in time(),
                    p in vector::<$n>(RATE), m in MASS,
                ) {
                    check_impulse::<$f, $n>(&p1, &p2, t, &p, m, TOL)?;
                }

                #[test]
                fn counteract_inherited(
                    p1 in path::<$n>(), p2 in path::<$n>(), p0 in path::<$n>(), t in time(),
                    d in delta::<$n>(),
                ) {
                    check_counteract::<$f, $n>(&p1, &p2, &p0, t, &d, TOL)?;
                }
            }
        }
    };
}

dynamics_tests!(f64_n2, f64, 2, 1e-9);
dynamics_tests!(f64_n3, f64, 3, 1e-9);
dynamics_tests!(f64_n4, f64, 4, 1e-9);
dynamics_tests!(f32_n2, f32, 2, 2e-3);
dynamics_tests!(f32_n3, f32, 3, 2e-3);
dynamics_tests!(f32_n4, f32, 4, 2e-3);

/// Fails on purpose-built wrong inputs: the checks above can fail.
#[test]
fn a_wrong_formula_is_detected() {
    let p1 = PathParams::<3> {
        t0: [0.3, -0.2, 0.5],
        v: [0.1, 0.4, -0.3],
        a: [0.2, 0.0, 0.1],
        w: [[0.0, 0.7, -0.2], [0.0, 0.0, 0.4], [0.0, 0.0, 0.0]],
        al: [[0.0, -0.3, 0.5], [0.0, 0.0, 0.2], [0.0, 0.0, 0.0]],
        log_r0: [[0.0, 0.4, 0.1], [0.0, 0.0, -0.6], [0.0, 0.0, 0.0]],
        scale: 1.3,
    };
    let p2 = PathParams::<3> {
        scale: -0.8,
        t0: [1.0, 0.5, -0.4],
        ..p1.clone()
    };
    let d1 = dyn_path::<f64, 3>(&p1, 0.1);
    let d2 = dyn_path::<f64, 3>(&p2, 0.1);
    let d3 = dynamics_of(|s| p2.at(s) * p1.at(s), 0.1);
    let mut wrong = d2 * d1;
    // The Coriolis term with a factor 1 instead of 2.
    wrong.acceleration -= d2.angular_velocity * d2.to_parent_basis(&d1.velocity);
    assert!(close(&wrong, &d3, 1e-9, "wrong").is_err());
    assert!(close(&(d2 * d1), &d3, 1e-9, "right").is_ok());
    let _: Vector<f64, 3> = wrong.velocity;
}
