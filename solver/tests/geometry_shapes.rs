//! Shape construction (errors name the bad parameter), non-finite input to the contact
//! functions (NaN out, never a plausible contact or an empty manifold), and the inertia
//! helpers against numerical integration of the solid (Simpson over slices for sphere and
//! capsule, a midpoint grid for the box), f64 and f32.
use approx::relative_eq;
use proptest::prelude::*;
use solver::geometry::{
    Capsule, Cuboid, HalfSpace, Isometry, Manifold, ShapeError, Sphere, capsule_capsule,
    capsule_cuboid, capsule_plane, capsule_sphere, cuboid_cuboid, cuboid_plane, cuboid_sphere,
};
use solver::xform::{Quaternion, Vector};

fn parameter(e: ShapeError) -> &'static str {
    match e {
        ShapeError::InvalidParameter { parameter, .. } => parameter,
        _ => "?",
    }
}

#[test]
fn bad_parameters_are_named() {
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
        assert_eq!(parameter(Sphere::new(bad).unwrap_err()), "radius");
        for k in 0..3 {
            let mut h = Vector([1.0; 3]);
            h[k] = bad;
            let e = Cuboid::new(h).unwrap_err();
            assert_eq!(
                parameter(e),
                ["half_extents[0]", "half_extents[1]", "half_extents[2]"][k]
            );
            assert!(e.to_string().contains(parameter(e)), "{e}");
        }
        assert_eq!(parameter(Capsule::new(bad, 1.0).unwrap_err()), "radius");
        assert_eq!(
            parameter(Sphere::new(1.0).unwrap().inertia(bad).unwrap_err()),
            "mass"
        );
        assert_eq!(
            parameter(
                Cuboid::new(Vector([1.0; 3]))
                    .unwrap()
                    .inertia(bad)
                    .unwrap_err()
            ),
            "mass"
        );
        assert_eq!(
            parameter(Capsule::new(1.0, 1.0).unwrap().inertia(bad).unwrap_err()),
            "mass"
        );
    }
    // A capsule's half height may be zero, not negative or non-finite.
    assert!(Capsule::new(1.0, 0.0).is_ok());
    for bad in [-1e-300, f64::NAN, f64::INFINITY] {
        assert_eq!(
            parameter(Capsule::new(1.0, bad).unwrap_err()),
            "half_height"
        );
    }
    assert_eq!(
        parameter(HalfSpace::new(Vector([0.0; 3]), 0.0).unwrap_err()),
        "normal"
    );
    assert_eq!(
        parameter(HalfSpace::new(Vector([f64::NAN, 1.0, 0.0]), 0.0).unwrap_err()),
        "normal"
    );
    assert_eq!(
        parameter(HalfSpace::new(Vector([0.0, 1.0, 0.0]), f64::INFINITY).unwrap_err()),
        "offset"
    );
    let e = Sphere::new(-2.0f32).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid sphere parameter `radius` = -2: must be finite and > 0"
    );
    let _: &dyn core::error::Error = &e;
}

fn all_nan(m: &Manifold<f64>) -> bool {
    m.len() == 1 && {
        let c = m.as_slice()[0];
        c.gap.is_nan()
            && c.point
                .0
                .iter()
                .chain(c.normal.0.iter())
                .all(|x| x.is_nan())
    }
}

#[test]
fn non_finite_input_gives_nan() {
    let cube = Cuboid::new(Vector([0.5; 3])).unwrap();
    let capsule = Capsule::new(0.2, 0.5).unwrap();
    let ball = Sphere::new(0.3).unwrap();
    let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0).unwrap();
    let good = Isometry::translation(Vector([0.0, 0.4, 0.0]));
    let bad_poses = [
        Isometry::translation(Vector([f64::NAN, 0.4, 0.0])),
        Isometry::new(
            Vector([0.0, 0.4, 0.0]),
            Quaternion::new(f64::NAN, 0.0, 0.0, 0.0),
        ),
        Isometry::translation(Vector([0.0, f64::INFINITY, 0.0])),
    ];
    let nan_plane = HalfSpace {
        normal: Vector([0.0, f64::NAN, 0.0]),
        offset: 0.0,
    };
    for bad in bad_poses {
        for (x, y) in [(bad, good), (good, bad)] {
            assert!(all_nan(&cuboid_cuboid(&cube, &x, &cube, &y, 0.0)));
            assert!(all_nan(&cuboid_sphere(&cube, &x, &ball, &y, 0.0)));
            assert!(all_nan(&capsule_sphere(&capsule, &x, &ball, &y, 0.0)));
            assert!(all_nan(&capsule_capsule(&capsule, &x, &capsule, &y, 0.0)));
            assert!(all_nan(&capsule_cuboid(&capsule, &x, &cube, &y, 0.0)));
        }
        assert!(all_nan(&cuboid_plane(&cube, &bad, &ground, 0.0)));
        assert!(all_nan(&capsule_plane(&capsule, &bad, &ground, 0.0)));
    }
    assert!(all_nan(&cuboid_plane(&cube, &good, &nan_plane, 0.0)));
    assert!(all_nan(&capsule_plane(&capsule, &good, &nan_plane, 0.0)));
    assert!(all_nan(&cuboid_cuboid(
        &cube,
        &good,
        &cube,
        &good,
        f64::NAN
    )));
    // Finite input far apart: empty, not NaN.
    let far = Isometry::translation(Vector([10.0, 0.0, 0.0]));
    assert!(cuboid_cuboid(&cube, &good, &cube, &far, 0.0).is_empty());
    assert!(capsule_cuboid(&capsule, &good, &cube, &far, 0.0).is_empty());
}

/// Simpson's rule on [a, b] with `n` (even) intervals.
fn simpson(f: impl Fn(f64) -> f64, a: f64, b: f64, n: usize) -> f64 {
    let h = (b - a) / n as f64;
    let mut sum = f(a) + f(b);
    for i in 1..n {
        sum += f(a + h * i as f64) * if i % 2 == 1 { 4.0 } else { 2.0 };
    }
    sum * h / 3.0
}

/// (mass, I_axis, I_across) of a solid of revolution about y with disc radius `rho(y)` on
/// [-l, l], unit density, piecewise on the `breaks`: discs contribute `πρ⁴/2` about the
/// axis and `πρ⁴/4 + πρ²y²` across it.
fn revolution(rho: impl Fn(f64) -> f64, breaks: &[f64]) -> (f64, f64, f64) {
    let (mut m, mut ia, mut ix) = (0.0, 0.0, 0.0);
    let pi = core::f64::consts::PI;
    for w in breaks.windows(2) {
        let (a, b) = (w[0], w[1]);
        if b <= a {
            continue;
        }
        m += simpson(|y| pi * rho(y).powi(2), a, b, 400);
        ia += simpson(|y| pi * rho(y).powi(4) / 2.0, a, b, 400);
        ix += simpson(
            |y| pi * rho(y).powi(4) / 4.0 + pi * rho(y).powi(2) * y * y,
            a,
            b,
            400,
        );
    }
    (m, ia, ix)
}

macro_rules! inertia_tests {
    ($name:ident, $t:ty, $eps:expr) => {
        mod $name {
            use super::*;
            type T = $t;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(64))]

                #[test]
                fn capsule_matches_integration(r in 0.05..2.0f64, h in 0.0..3.0f64, mass in 0.1..100.0f64) {
                    let c = Capsule::new(r as T, h as T).unwrap();
                    let got = c.inertia(mass as T).unwrap();
                    let rho = |y: f64| {
                        let a = y.abs();
                        if a <= h { r } else { (r * r - (a - h) * (a - h)).max(0.0).sqrt() }
                    };
                    let (m, ia, ix) = revolution(rho, &[-h - r, -h, 0.0, h, h + r]);
                    let scale = mass / m;
                    prop_assert!(relative_eq!(got[1] as f64, ia * scale, max_relative = $eps));
                    prop_assert!(relative_eq!(got[0] as f64, ix * scale, max_relative = $eps));
                    prop_assert!(relative_eq!(got[2] as f64, ix * scale, max_relative = $eps));
                }

                #[test]
                fn sphere_matches_integration(r in 0.05..2.0f64, mass in 0.1..100.0f64) {
                    let got = Sphere::new(r as T).unwrap().inertia(mass as T).unwrap();
                    let rho = |y: f64| (r * r - y * y).max(0.0).sqrt();
                    let (m, ia, ix) = revolution(rho, &[-r, 0.0, r]);
                    for k in 0..3 {
                        let expected = if k == 1 { ia } else { ix } * mass / m;
                        prop_assert!(relative_eq!(got[k] as f64, expected, max_relative = $eps));
                    }
                }

                #[test]
                fn box_matches_integration(h in [0.05..2.0f64, 0.05..2.0f64, 0.05..2.0f64], mass in 0.1..100.0f64) {
                    let got = Cuboid::new(Vector(h.map(|x| x as T))).unwrap().inertia(mass as T).unwrap();
                    // Midpoint rule on a 40³ grid of the moments ∫(y² + z²) etc.
                    let n = 40;
                    let mut acc = [0.0f64; 3];
                    for i in 0..n {
                        for j in 0..n {
                            for k in 0..n {
                                let p = [i, j, k].map(|s| (s as f64 + 0.5) / n as f64 * 2.0 - 1.0);
                                let p = [p[0] * h[0], p[1] * h[1], p[2] * h[2]];
                                acc[0] += p[1] * p[1] + p[2] * p[2];
                                acc[1] += p[0] * p[0] + p[2] * p[2];
                                acc[2] += p[0] * p[0] + p[1] * p[1];
                            }
                        }
                    }
                    let cells = (n * n * n) as f64;
                    for k in 0..3 {
                        // The midpoint rule underestimates ∫x² by the factor 1 − 1/n².
                        let expected = mass * acc[k] / cells / (1.0 - 1.0 / (n * n) as f64);
                        prop_assert!(relative_eq!(got[k] as f64, expected, max_relative = $eps));
                    }
                }
            }
        }
    };
}

inertia_tests!(f64_inertia, f64, 1e-9);
inertia_tests!(f32_inertia, f32, 1e-5);
