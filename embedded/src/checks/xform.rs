//! xform in f32 on the target: transforms, Rodrigues near 0 and π, quaternions and the
//! spatial algebra, each against an independently known value.
use crate::check::{Check, Failure, close, ensure};
use core::f32::consts::{FRAC_PI_2, PI};
use core::hint::black_box;
use xform::rodrigues::{matrix_from_axis_angle, rotation_vector_from_matrix};
use xform::{Force, Motion, Plx, Plxb, Quaternion, Rotation, Skew, Transform, Vector};

pub(crate) const CHECKS: &[Check] = &[
    ("transform compose, apply and inverse", transform_group),
    ("4D transform against its augmented matrix", transform_4d),
    ("so(3) bracket is the cross product", skew_bracket),
    ("quaternion rotates like its matrix", quaternion_rotate),
    (
        "Rodrigues axis-angle round trip near 0 and pi",
        rodrigues_round_trip,
    ),
    ("quaternion exp/log", quaternion_exp_log),
    (
        "Plucker transforms: power invariance, conventions",
        spatial_power,
    ),
];

fn vclose<const N: usize>(
    got: &Vector<f32, N>,
    want: [f32; N],
    tol: f32,
    what: &'static str,
) -> Result<(), Failure> {
    for i in 0..N {
        close(f64::from(got[i]), f64::from(want[i]), f64::from(tol), what)?;
    }
    Ok(())
}

fn transform_group() -> Result<(), Failure> {
    // A quarter turn about z, scale 2, then translate by (1, 0, 0): x ↦ (1, 2, 0).
    let r = Rotation::from_axis_angle(&Vector([0.0, 0.0, 1.0]), black_box(FRAC_PI_2));
    let a = Transform::new(Vector([1.0, 0.0, 0.0]), r, 2.0);
    let p = a.apply_point(&Vector([1.0, 0.0, 0.0]));
    vclose(&p, [1.0, 2.0, 0.0], 1e-6, "A(x) = (1, 2, 0)")?;
    // A ∘ A maps x to A((1, 2, 0)) = 2·(-2, 1, 0) + (1, 0, 0) = (-3, 2, 0).
    let aa = a * a;
    vclose(
        &aa.apply_point(&Vector([1.0, 0.0, 0.0])),
        [-3.0, 2.0, 0.0],
        1e-6,
        "(A∘A)(x)",
    )?;
    close(f64::from(aa.scale), 4.0, 1e-7, "scales multiply")?;
    let back = a.inverse().apply_point(&p);
    vclose(&back, [1.0, 0.0, 0.0], 1e-6, "A⁻¹(A(x)) = x")?;
    crate::out::value("xform.transform.apply.y", u64::from(p[1].to_bits()));
    ensure(
        a.try_inverse().is_ok() && Transform::<f32, 3>::from_scale(0.0).try_inverse().is_err(),
        "zero scale is singular",
    )
}

fn transform_4d() -> Result<(), Failure> {
    let r = Rotation::<f32, 4>::from_plane_angle(0, 3, black_box(0.7))
        * Rotation::from_plane_angle(1, 2, -0.3);
    let a = Transform::new(Vector([1.0, -2.0, 0.5, 3.0]), r, 1.5);
    let p = Vector([0.2, 0.4, -1.0, 2.0]);
    let m = a.to_augmented();
    let h = m * Vector([p[0], p[1], p[2], p[3], 1.0]);
    let q = a.apply_point(&p);
    vclose(
        &q,
        [h[0], h[1], h[2], h[3]],
        1e-5,
        "apply = augmented matrix product",
    )?;
    close(f64::from(h[4]), 1.0, 1e-7, "homogeneous coordinate stays 1")?;
    vclose(&a.inverse().apply_point(&q), p.0, 1e-5, "4D inverse")
}

fn skew_bracket() -> Result<(), Failure> {
    let a = Skew::from_vector(Vector([1.0f32, 0.0, 0.0]));
    let b = Skew::from_vector(Vector([0.0f32, 1.0, 0.0]));
    // [x̂, ŷ] = x̂ × ŷ = ẑ.
    vclose(&a.bracket(&b).vector(), [0.0, 0.0, 1.0], 1e-7, "[x, y] = z")?;
    let s2 = Skew::<f32, 2>::from_scalar(2.0);
    vclose(
        &s2.apply(&Vector([1.0, 0.0])),
        [0.0, 2.0],
        1e-7,
        "2D action ω v⊥",
    )
}

fn quaternion_rotate() -> Result<(), Failure> {
    let axis = Vector([1.0f32, 1.0, 1.0]).normalize();
    let angle = black_box(2.0 * PI / 3.0);
    // A third of a turn about (1,1,1) permutes the axes: x → y.
    let q = Quaternion::from_axis_angle(&axis, angle);
    vclose(
        &q.rotate(&Vector([1.0, 0.0, 0.0])),
        [0.0, 1.0, 0.0],
        1e-6,
        "q x = y",
    )?;
    let m = q.to_matrix();
    vclose(
        &(m * Vector([0.0, 1.0, 0.0])),
        [0.0, 0.0, 1.0],
        1e-6,
        "R y = z",
    )?;
    let r = matrix_from_axis_angle(&axis, angle);
    for i in 0..3 {
        for j in 0..3 {
            close(
                f64::from(m.0[i][j]),
                f64::from(r.0[i][j]),
                1e-6,
                "quaternion matrix = Rodrigues",
            )?;
        }
    }
    crate::out::value(
        "xform.quaternion.rotate.z",
        u64::from(q.rotate(&Vector([0.0, 1.0, 0.0]))[2].to_bits()),
    );
    Ok(())
}

fn rodrigues_round_trip() -> Result<(), Failure> {
    let axis = Vector([0.0f32, 0.6, 0.8]);
    for angle in [black_box(1e-6f32), 0.5, PI - 1e-3, PI] {
        let m = matrix_from_axis_angle(&axis, angle);
        let r = rotation_vector_from_matrix(&m);
        ensure(r.is_finite(), "finite rotation vector")?;
        close(
            f64::from(r.norm()),
            f64::from(angle),
            2e-6,
            "angle recovered",
        )?;
        let sign = if r.dot(&axis) < 0.0 { -1.0 } else { 1.0 };
        vclose(&(r * (sign / angle)), axis.0, 1e-4, "axis recovered")?;
    }
    Ok(())
}

fn quaternion_exp_log() -> Result<(), Failure> {
    // exp(π/2 · i) = i.
    let e = Quaternion::from_vector(Vector([black_box(FRAC_PI_2), 0.0, 0.0])).exp();
    close(f64::from(e.w), 0.0, 1e-7, "exp(π/2 i).w")?;
    close(f64::from(e.x), 1.0, 1e-7, "exp(π/2 i).x")?;
    let l = Quaternion::new(0.0f32, 0.0, 1.0, 0.0).log();
    close(f64::from(l.y), f64::from(FRAC_PI_2), 1e-6, "log j = π/2 j")?;
    ensure(
        Quaternion::<f32>::zero().try_log().is_err(),
        "log 0 is an error",
    )
}

fn spatial_power() -> Result<(), Failure> {
    let e = Rotation::from_axis_angle(&Vector([0.0f32, 0.0, 1.0]), black_box(0.4));
    let x = Plx::new(e, Vector([1.0, -2.0, 0.5]));
    let m = Motion::new(Vector([0.1, 0.2, -0.3]), Vector([1.0, 0.0, 2.0]));
    let f = Force::new(Vector([0.5, -1.0, 0.0]), Vector([0.0, 3.0, 1.0]));
    // ω·n + v·f = 0.05 - 0.2 + 0 + 0 + 0 + 2 = 1.85.
    close(f64::from(m.dot(&f)), 1.85, 1e-6, "power")?;
    close(
        f64::from(x.apply_motion(&m).dot(&x.apply_force(&f))),
        1.85,
        1e-5,
        "power invariant under X, X*",
    )?;
    // Spinning about z: the body point at the new origin r = x̂ moves with ω × r = ŷ.
    let t = Plx::from_translation(Vector([1.0, 0.0, 0.0]));
    let spin = Motion::new(Vector([0.0, 0.0, 1.0]), Vector([0.0, 0.0, 0.0]));
    vclose(
        &t.apply_motion(&spin).linear,
        [0.0, 1.0, 0.0],
        1e-7,
        "v' = v - r × ω",
    )?;
    // plxb(E, r) = plx(Eᵀ, r), and composition orders agree.
    let y = Plxb::new(e, Vector([0.0, 1.0, 0.0]));
    let via_plx = y.to_plx().apply_motion(&m);
    vclose(
        &y.apply_motion(&m).linear,
        via_plx.linear.0,
        1e-6,
        "plxb = plx(Eᵀ, r)",
    )?;
    let ab = (y * y).apply_motion(&m);
    let seq = y.apply_motion(&y.apply_motion(&m));
    vclose(
        &ab.angular,
        seq.angular.0,
        1e-6,
        "right-associative compose",
    )?;
    vclose(&ab.linear, seq.linear.0, 1e-5, "right-associative compose")
}
