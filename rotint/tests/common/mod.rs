//! Independent reference computations shared by the tests (plain f64 arrays, no rotint code).
#![allow(dead_code, unreachable_pub, reason = "each test file uses a subset")]

/// `[w, x, y, z]` Hamilton product, written out independently of xform.
pub fn qmul(p: [f64; 4], q: [f64; 4]) -> [f64; 4] {
    let [pw, px, py, pz] = p;
    let [qw, qx, qy, qz] = q;
    [
        pw * qw - px * qx - py * qy - pz * qz,
        pw * qx + px * qw + py * qz - pz * qy,
        pw * qy - px * qz + py * qw + pz * qx,
        pw * qz + px * qy - py * qx + pz * qw,
    ]
}

pub fn cross(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// Classical RK4 on `q̇ = ½ ω(t) q` (world) or `q̇ = ½ q ω(t)` (body), `ω(t) = ω + αt`, with
/// `n` steps over `[0, t_end]`; the result is normalized once at the end.
pub fn reference(
    q: [f64; 4],
    w: [f64; 3],
    a: [f64; 3],
    t_end: f64,
    n: usize,
    world: bool,
) -> [f64; 4] {
    let rhs = |q: [f64; 4], t: f64| {
        let wt = [0.0, w[0] + a[0] * t, w[1] + a[1] * t, w[2] + a[2] * t];
        let d = if world { qmul(wt, q) } else { qmul(q, wt) };
        d.map(|c| 0.5 * c)
    };
    let axpy = |q: [f64; 4], s: f64, k: [f64; 4]| {
        [
            q[0] + s * k[0],
            q[1] + s * k[1],
            q[2] + s * k[2],
            q[3] + s * k[3],
        ]
    };
    let h = t_end / n as f64;
    let mut q = q;
    for i in 0..n {
        let t = i as f64 * h;
        let k1 = rhs(q, t);
        let k2 = rhs(axpy(q, h / 2.0, k1), t + h / 2.0);
        let k3 = rhs(axpy(q, h / 2.0, k2), t + h / 2.0);
        let k4 = rhs(axpy(q, h, k3), t + h);
        for j in 0..4 {
            q[j] += h / 6.0 * (k1[j] + 2.0 * k2[j] + 2.0 * k3[j] + k4[j]);
        }
    }
    let n = q.iter().map(|c| c * c).sum::<f64>().sqrt();
    q.map(|c| c / n)
}

/// The rotation angle between two unit quaternions (sign-insensitive), robust for small angles.
pub fn angle_between(p: [f64; 4], q: [f64; 4]) -> f64 {
    let r = qmul(p, [q[0], -q[1], -q[2], -q[3]]);
    let v = (r[1] * r[1] + r[2] * r[2] + r[3] * r[3]).sqrt();
    2.0 * v.atan2(r[0].abs())
}

/// 4-point Gauss–Legendre nodes and weights on [0, 1] (exact for degree ≤ 7).
pub fn gauss4() -> [(f64, f64); 4] {
    let a = (3.0 / 7.0 - 2.0 / 7.0 * (6.0f64 / 5.0).sqrt()).sqrt();
    let b = (3.0 / 7.0 + 2.0 / 7.0 * (6.0f64 / 5.0).sqrt()).sqrt();
    let wa = (18.0 + 30.0f64.sqrt()) / 36.0;
    let wb = (18.0 - 30.0f64.sqrt()) / 36.0;
    [
        ((1.0 - b) / 2.0, wb / 2.0),
        ((1.0 - a) / 2.0, wa / 2.0),
        ((1.0 + a) / 2.0, wa / 2.0),
        ((1.0 + b) / 2.0, wb / 2.0),
    ]
}

/// `∫₀ʰ f(t) dt` by 4-point Gauss (exact for polynomials of degree ≤ 7).
pub fn integrate(h: f64, mut f: impl FnMut(f64) -> [f64; 3]) -> [f64; 3] {
    let mut s = [0.0; 3];
    for (x, wgt) in gauss4() {
        let v = f(x * h);
        for k in 0..3 {
            s[k] += wgt * h * v[k];
        }
    }
    s
}

/// The second and third Magnus terms of `A(t) = (ω + αt)×` in the world convention by
/// nested Gauss quadrature of their defining commutator integrals:
/// `Ω2 = ½∫∫_{t2<t1} [A1, A2]`, `Ω3 = ⅙∫∫∫_{t3<t2<t1} ([A1,[A2,A3]] + [A3,[A2,A1]])`.
pub fn magnus_by_quadrature(w: [f64; 3], a: [f64; 3], h: f64) -> ([f64; 3], [f64; 3]) {
    let at = |t: f64| [w[0] + a[0] * t, w[1] + a[1] * t, w[2] + a[2] * t];
    let o2 = integrate(h, |t1| {
        integrate(t1, |t2| cross(at(t1), at(t2))).map(|c| 0.5 * c)
    });
    let o3 = integrate(h, |t1| {
        integrate(t1, |t2| {
            integrate(t2, |t3| {
                let (a1, a2, a3) = (at(t1), at(t2), at(t3));
                let x = cross(a1, cross(a2, a3));
                let y = cross(a3, cross(a2, a1));
                [
                    (x[0] + y[0]) / 6.0,
                    (x[1] + y[1]) / 6.0,
                    (x[2] + y[2]) / 6.0,
                ]
            })
        })
    });
    (o2, o3)
}
