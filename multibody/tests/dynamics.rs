//! RNEA, CRBA and ABA on random trees of every joint type, each against an independent
//! computation: ABA inverts RNEA; CRBA's M is symmetric positive definite and equals the
//! dual-number Jacobian of RNEA with respect to the accelerations; ½ vᵀ M v is the sum of the
//! links' kinetic energies; RNEA matches the closed-form equations of a 2-link planar arm;
//! the Jacobian matches the dual-number derivative of forward kinematics.
use approx::relative_eq;
use cwlist::Growable;
use dual::Dual;
use multibody::{Error, Joint, Link, Tree, Workspace};
use proptest::prelude::*;
use xform::{Inertia, Matrix, Motion, Plx, Rotation, Vector};

type T64 = Tree<f64, Growable>;

fn vec3(r: core::ops::Range<f64>) -> impl Strategy<Value = Vector<f64, 3>> {
    proptest::array::uniform3(r).prop_map(Vector)
}

fn rotation() -> impl Strategy<Value = Rotation<f64, 3>> {
    (vec3(-1.0..1.0), -3.0..3.0f64).prop_filter_map("zero axis", |(a, t)| {
        (a.norm() > 0.1).then(|| Rotation::from_axis_angle(&a.normalize(), t))
    })
}

/// A physical rigid body: mass, centre of mass, principal moments obeying the triangle
/// inequality, turned at random.
fn inertia() -> impl Strategy<Value = Inertia<f64>> {
    (
        0.2..3.0f64,
        vec3(-0.5..0.5),
        rotation(),
        proptest::array::uniform3(0.05..0.5f64),
    )
        .prop_map(|(m, c, r, p)| {
            let d = Matrix::from_diagonal(Vector([p[1] + p[2], p[0] + p[2], p[0] + p[1]]));
            let e = *r.matrix();
            Inertia::new(m, c, e * d * e.transpose())
        })
}

fn joint(kinds: &'static [u8]) -> impl Strategy<Value = Joint<f64>> {
    (proptest::sample::select(kinds), vec3(-1.0..1.0)).prop_filter_map(
        "zero axis",
        |(k, a)| match k {
            0 => Joint::revolute(a),
            1 => Joint::prismatic(a),
            2 => Some(Joint::Spherical),
            3 => Some(Joint::Fixed),
            _ => Some(Joint::Free),
        },
    )
}

const ALL: &[u8] = &[0, 1, 2, 3, 4];
const ONE_DOF: &[u8] = &[0, 1];

/// A random tree of 1..=7 links with random parents, joints, placements and inertias.
fn tree(kinds: &'static [u8]) -> impl Strategy<Value = T64> {
    proptest::collection::vec(
        (
            any::<prop::sample::Index>(),
            any::<bool>(),
            joint(kinds),
            rotation(),
            vec3(-1.0..1.0),
            inertia(),
        ),
        1..=7,
    )
    .prop_map(|links| {
        let mut t = T64::new();
        for (i, (pick, root, j, e, r, inertia)) in links.into_iter().enumerate() {
            let parent = (i > 0 && !root).then(|| pick.index(i));
            t.try_push(Link::new(parent, j, Plx::new(e, r), inertia))
                .unwrap();
        }
        t
    })
}

/// A random state for `t`: q with unit quaternions, v, a, in ranges a robot meets.
fn state(t: &T64, seed: &[f64]) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let mut it = seed.iter().copied().cycle();
    let mut q = vec![0.0; t.nq()];
    for (i, l) in t.links().iter().enumerate() {
        let (qr, _) = t.coordinates(i);
        let qs = &mut q[qr];
        for x in qs.iter_mut() {
            *x = it.next().unwrap();
        }
        let quat = match l.joint {
            Joint::Spherical => Some(0),
            Joint::Free => Some(3),
            _ => None,
        };
        if let Some(at) = quat {
            let n = qs[at..at + 4]
                .iter()
                .map(|x| x * x)
                .sum::<f64>()
                .sqrt()
                .max(1e-3);
            qs[at..at + 4].iter_mut().for_each(|x| *x /= n);
            if n <= 1e-3 {
                qs[at..at + 4].copy_from_slice(&[1.0, 0.0, 0.0, 0.0]);
            }
        }
    }
    let v = (0..t.nv()).map(|_| it.next().unwrap()).collect();
    let a = (0..t.nv()).map(|_| 2.0 * it.next().unwrap()).collect();
    (q, v, a)
}

const G: Vector<f64, 3> = Vector([0.0, 0.0, -9.81]);

fn close(a: &[f64], b: &[f64], tol: f64) -> bool {
    let scale = b.iter().fold(1.0f64, |m, x| m.max(x.abs()));
    a.len() == b.len()
        && a.iter()
            .zip(b)
            .all(|(x, y)| relative_eq!(*x, *y, epsilon = tol * scale))
}

/// Cholesky of the row-major n × n `m`: `Some` iff positive definite.
fn cholesky(m: &[f64], n: usize) -> Option<Vec<f64>> {
    let mut l = vec![0.0; n * n];
    for i in 0..n {
        for j in 0..=i {
            let s = m[i * n + j] - (0..j).map(|k| l[i * n + k] * l[j * n + k]).sum::<f64>();
            if i == j {
                if s <= 0.0 {
                    return None;
                }
                l[i * n + i] = s.sqrt();
            } else {
                l[i * n + j] = s / l[j * n + j];
            }
        }
    }
    Some(l)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn aba_inverts_rnea(t in tree(ALL), seed in proptest::collection::vec(-1.0..1.0f64, 64)) {
        let (q, v, a) = state(&t, &seed);
        let mut ws = Workspace::new(&t).unwrap();
        let mut tau = vec![0.0; t.nv()];
        t.inverse_dynamics(&mut ws, &q, &v, &a, G, &mut tau).unwrap();
        let mut back = vec![0.0; t.nv()];
        t.forward_dynamics(&mut ws, &q, &v, &tau, G, &mut back).unwrap();
        prop_assert!(close(&back, &a, 1e-9), "ABA {back:?} vs a {a:?}");
    }

    #[test]
    fn crba_is_the_derivative_of_rnea(t in tree(ALL), seed in proptest::collection::vec(-1.0..1.0f64, 64)) {
        let (q, v, a) = state(&t, &seed);
        let n = t.nv();
        let mut ws = Workspace::new(&t).unwrap();
        let mut m = vec![0.0; n * n];
        t.mass_matrix(&mut ws, &q, &mut m).unwrap();
        for i in 0..n {
            for j in 0..n {
                prop_assert_eq!(m[i * n + j], m[j * n + i]);
            }
        }
        prop_assert!(cholesky(&m, n).is_some(), "M not positive definite: {m:?}");
        // Column k of M is ∂τ/∂a_k: RNEA on dual numbers with a seeded along e_k.
        let td = t.map(Dual::constant);
        let mut wsd = Workspace::new(&td).unwrap();
        let qd: Vec<_> = q.iter().map(|&x| Dual::constant(x)).collect();
        let vd: Vec<_> = v.iter().map(|&x| Dual::constant(x)).collect();
        let gd = G.map(Dual::constant);
        let mut taud = vec![Dual::constant(0.0); n];
        for k in 0..n {
            let ad: Vec<_> = a.iter().enumerate().map(|(i, &x)| Dual::new(x, if i == k { 1.0 } else { 0.0 })).collect();
            td.inverse_dynamics(&mut wsd, &qd, &vd, &ad, gd, &mut taud).unwrap();
            let col: Vec<f64> = taud.iter().map(|d| d.eps).collect();
            let mcol: Vec<f64> = (0..n).map(|i| m[i * n + k]).collect();
            prop_assert!(close(&col, &mcol, 1e-10), "column {k}: {col:?} vs {mcol:?}");
        }
        // τ = M a + b(q, v): RNEA is affine in a with the CRBA matrix.
        let mut tau = vec![0.0; n];
        let mut bias = vec![0.0; n];
        t.inverse_dynamics(&mut ws, &q, &v, &a, G, &mut tau).unwrap();
        t.inverse_dynamics(&mut ws, &q, &v, &vec![0.0; n], G, &mut bias).unwrap();
        let ma: Vec<f64> = (0..n).map(|i| bias[i] + (0..n).map(|j| m[i * n + j] * a[j]).sum::<f64>()).collect();
        prop_assert!(close(&ma, &tau, 1e-10));
        // ½ vᵀ M v is the links' kinetic energy.
        t.link_velocities(&mut ws, &q, &v).unwrap();
        let vmv: f64 = (0..n).map(|i| v[i] * (0..n).map(|j| m[i * n + j] * v[j]).sum::<f64>()).sum::<f64>() * 0.5;
        prop_assert!(close(&[t.kinetic_energy(&ws)], &[vmv], 1e-10));
    }

    #[test]
    fn jacobian_is_the_derivative_of_kinematics(
        t in tree(ONE_DOF),
        seed in proptest::collection::vec(-1.0..1.0f64, 64),
        link_pick in any::<prop::sample::Index>(),
        point in vec3(-1.0..1.0),
    ) {
        // One-degree-of-freedom joints, so q̇ = v: d/dt of a body point's base position
        // along q + t v is the point's velocity from J v.
        let (q, v, _) = state(&t, &seed);
        let link = link_pick.index(t.len());
        let mut ws = Workspace::new(&t).unwrap();
        let mut jac = vec![Motion::zero(); t.nv()];
        t.jacobian(&mut ws, &q, link, &mut jac).unwrap();
        let twist = jac.iter().zip(&v).fold(Motion::zero(), |s, (c, &x)| s + *c * x);
        let base_point = {
            let x = ws.from_base(link);
            x.translation + x.rotation.apply_inverse(&point)
        };
        let td = t.map(Dual::constant);
        let mut wsd = Workspace::new(&td).unwrap();
        let qd: Vec<_> = q.iter().zip(&v).map(|(&x, &dx)| Dual::new(x, dx)).collect();
        td.forward_kinematics(&mut wsd, &qd).unwrap();
        let x = wsd.from_base(link);
        let moving = x.translation + x.rotation.apply_inverse(&point.map(Dual::constant));
        let rate: Vec<f64> = moving.0.iter().map(|d| d.eps).collect();
        prop_assert!(close(&rate, &twist.point_velocity(&base_point).0, 1e-10));
        // The same velocity from the outward pass, carried to the base.
        t.link_velocities(&mut ws, &q, &v).unwrap();
        let from_pass = ws.from_base(link).inverse_apply_motion(&ws.velocity(link));
        prop_assert!(close(&from_pass.to_vector().0, &twist.to_vector().0, 1e-10));
    }
}

/// A 2-link planar arm in the x–z plane (hinges about −y... here +y), point masses at the
/// link ends: the textbook equations (Spong, *Robot Modeling and Control*, §7.3 with point
/// masses), written out independently.
#[test]
fn two_link_planar_arm_matches_closed_form() {
    let (m1, m2, l1, l2, g) = (1.3, 0.7, 0.9, 0.6, 9.81);
    // Hinge about −y so that a positive angle turns x towards +z (counter-clockwise in x–z).
    let hinge = Joint::revolute(Vector([0.0, -1.0, 0.0])).unwrap();
    let mut t = T64::new();
    t.try_push(Link::new(
        None,
        hinge,
        Plx::identity(),
        Inertia::new(m1, Vector([l1, 0.0, 0.0]), Matrix::zeros()),
    ))
    .unwrap();
    t.try_push(Link::new(
        Some(0),
        hinge,
        Plx::from_translation(Vector([l1, 0.0, 0.0])),
        Inertia::new(m2, Vector([l2, 0.0, 0.0]), Matrix::zeros()),
    ))
    .unwrap();
    let mut ws = Workspace::new(&t).unwrap();
    for &(q1, q2, d1, d2, a1, a2) in &[
        (0.3, -0.7, 0.5, 1.2, -0.4, 2.0),
        (1.9, 2.5, -1.5, 0.2, 0.9, -1.1),
        (0.0, 0.0, 0.0, 0.0, 0.0, 0.0),
        (-2.8, 1.0, 3.0, -2.0, 0.1, 0.3),
    ] {
        let (c2, s2) = (f64::cos(q2), f64::sin(q2));
        let m11 = m1 * l1 * l1 + m2 * (l1 * l1 + 2.0 * l1 * l2 * c2 + l2 * l2);
        let m12 = m2 * (l1 * l2 * c2 + l2 * l2);
        let m22 = m2 * l2 * l2;
        let h = m2 * l1 * l2 * s2;
        // Gravity along −z; heights z1 = l1 sin q1, z2 = z1 + l2 sin(q1 + q2).
        let g1 = (m1 + m2) * g * l1 * f64::cos(q1) + m2 * g * l2 * f64::cos(q1 + q2);
        let g2 = m2 * g * l2 * f64::cos(q1 + q2);
        let tau1 = m11 * a1 + m12 * a2 - h * (2.0 * d1 * d2 + d2 * d2) + g1;
        let tau2 = m12 * a1 + m22 * a2 + h * d1 * d1 + g2;
        let mut tau = [0.0; 2];
        t.inverse_dynamics(
            &mut ws,
            &[q1, q2],
            &[d1, d2],
            &[a1, a2],
            Vector([0.0, 0.0, -g]),
            &mut tau,
        )
        .unwrap();
        assert!(
            close(&tau, &[tau1, tau2], 1e-12),
            "{tau:?} vs {:?}",
            [tau1, tau2]
        );
        let mut m = [0.0; 4];
        t.mass_matrix(&mut ws, &[q1, q2], &mut m).unwrap();
        assert!(close(&m, &[m11, m12, m12, m22], 1e-12));
    }
}

#[test]
fn errors_name_what_is_wrong() {
    let mut t = T64::new();
    let body = Inertia::new(1.0, Vector([0.1, 0.0, 0.0]), Matrix::identity() * 0.01);
    t.try_push(Link::new(None, Joint::Free, Plx::identity(), body))
        .unwrap();
    assert_eq!(
        t.try_push(Link::new(
            None,
            Joint::Revolute(Vector([0.0, 0.0, 2.0])),
            Plx::identity(),
            body
        )),
        Err(Error::BadAxis { link: 1 })
    );
    let nan = Inertia::new(f64::NAN, Vector([0.0; 3]), Matrix::identity());
    assert_eq!(
        t.try_push(Link::new(Some(0), Joint::Fixed, Plx::identity(), nan)),
        Err(Error::NonFiniteLink { link: 1 })
    );
    assert_eq!((t.len(), t.nq(), t.nv()), (1, 7, 6));
    let mut ws = Workspace::new(&t).unwrap();
    let mut q = [0.0; 7];
    t.neutral(&mut q).unwrap();
    let mut a = [0.0; 6];
    assert_eq!(
        t.forward_dynamics(&mut ws, &q[..6], &[0.0; 6], &[0.0; 6], G, &mut a),
        Err(Error::Length {
            what: "q",
            expected: 7,
            got: 6
        })
    );
    let mut bad_v = [0.0; 6];
    bad_v[2] = f64::NAN;
    assert_eq!(
        t.forward_dynamics(&mut ws, &q, &bad_v, &[0.0; 6], G, &mut a),
        Err(Error::NonFiniteInput { what: "v" })
    );
    assert_eq!(
        t.forward_dynamics(
            &mut ws,
            &q,
            &[0.0; 6],
            &[0.0; 6],
            Vector([0.0, f64::INFINITY, 0.0]),
            &mut a
        ),
        Err(Error::NonFiniteInput { what: "gravity" })
    );
    // A free body falls at g whatever its orientation.
    t.forward_dynamics(&mut ws, &q, &[0.0; 6], &[0.0; 6], G, &mut a)
        .unwrap();
    assert!(close(&a, &[0.0, 0.0, 0.0, 0.0, 0.0, -9.81], 1e-14), "{a:?}");
    // A massless leaf that a joint can move: no unique acceleration.
    t.try_push(Link::new(
        Some(0),
        Joint::revolute(Vector([1.0, 0.0, 0.0])).unwrap(),
        Plx::identity(),
        Inertia::zero(),
    ))
    .unwrap();
    let mut ws = Workspace::new(&t).unwrap();
    let mut q = [0.0; 8];
    t.neutral(&mut q).unwrap();
    let mut a = [0.0; 7];
    assert_eq!(
        t.forward_dynamics(&mut ws, &q, &[0.0; 7], &[0.0; 7], G, &mut a),
        Err(Error::SingularJointInertia { link: 1 })
    );
    // Fixed capacity is an error, not a panic.
    let mut small = Tree::<f64, cwlist::Fixed<1>>::new();
    small
        .try_push(Link::new(None, Joint::Fixed, Plx::identity(), body))
        .unwrap();
    assert_eq!(
        small.try_push(Link::new(None, Joint::Fixed, Plx::identity(), body)),
        Err(Error::CapacityExceeded { capacity: 1 })
    );
}

/// The same checks in f32 on a fixed-capacity tree: the firmware configuration.
#[test]
fn f32_fixed_storage_agrees_with_f64() {
    let hinge = Joint::revolute(Vector([0.0, 1.0, 0.0])).unwrap();
    let rod = Inertia::new(
        0.5,
        Vector([0.25, 0.0, 0.0]),
        Matrix::from_diagonal(Vector([1e-4, 2.6e-3, 2.6e-3])),
    );
    let mut t = Tree::<f64, cwlist::Fixed<20>>::new();
    for i in 0..20usize {
        let at = if i == 0 {
            Plx::identity()
        } else {
            Plx::from_translation(Vector([0.5, 0.0, 0.0]))
        };
        t.try_push(Link::new(i.checked_sub(1), hinge, at, rod))
            .unwrap();
    }
    let t32 = t.map(|x| x as f32);
    let q: Vec<f64> = (0..20).map(|i| 0.1 * f64::sin(i as f64)).collect();
    let v: Vec<f64> = (0..20).map(|i| 0.5 * f64::cos(i as f64)).collect();
    let (mut ws, mut ws32) = (Workspace::new(&t).unwrap(), Workspace::new(&t32).unwrap());
    let mut a = [0.0; 20];
    t.forward_dynamics(&mut ws, &q, &v, &[0.0; 20], G, &mut a)
        .unwrap();
    let q32: Vec<f32> = q.iter().map(|&x| x as f32).collect();
    let v32: Vec<f32> = v.iter().map(|&x| x as f32).collect();
    let mut a32 = [0.0f32; 20];
    t32.forward_dynamics(
        &mut ws32,
        &q32,
        &v32,
        &[0.0; 20],
        G.map(|x| x as f32),
        &mut a32,
    )
    .unwrap();
    let a32: Vec<f64> = a32.iter().map(|&x| x as f64).collect();
    assert!(close(&a32, &a, 1e-3), "{a32:?} vs {a:?}");
}
