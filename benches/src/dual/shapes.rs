//! Eight functions of common shapes, written the way a user writes generic code
//! (`S: Float`, constants through `S::from`), none of them used to tune `dual`: a planar
//! kinematic chain, a rational field, softmax with log-sum-exp, a long Horner polynomial,
//! the Robertson kinetics (literal constants), a 4-body gravity field (12→12), a triangle's
//! normal and area, and a Gaussian RBF field. Each has a hand-written Jacobian and a num-dual
//! (`DualSVec64`) twin; the report times `dual::jacobian`, `dual::jacobian_n_pass`, the
//! hand-written Jacobian, central differences and num-dual in the same run.
use super::{c, central, max_rel, num_dual_jacobian};
use crate::measure::{budget, ns_per_call};
use crate::table::{Table, ns, ratio};
use ::dual::Float;
use core::hint::black_box;

/// Link lengths of [`arm`].
pub const ARM_L: [f64; 6] = [1.0, 0.8, 0.6, 0.5, 0.4, 0.3];

/// Planar 6-link arm: joint angles → end-effector `(x, y, heading)`, 6→3.
#[inline(always)]
pub fn arm<S: Float>(q: [S; 6]) -> [S; 3] {
    let (mut x, mut y, mut th) = (S::zero(), S::zero(), S::zero());
    for (qi, l) in q.into_iter().zip(ARM_L) {
        th = th + qi;
        let (s, co) = th.sin_cos();
        x = x + co * c::<S>(l);
        y = y + s * c::<S>(l);
    }
    [x, y, th]
}

/// Hand-written Jacobian of [`arm`].
#[inline(always)]
pub fn arm_jacobian(q: [f64; 6]) -> ([f64; 3], [[f64; 6]; 3]) {
    let mut th = 0.0;
    let mut ls = [0.0; 6];
    let mut lc = [0.0; 6];
    for k in 0..6 {
        th += q[k];
        let (s, co) = th.sin_cos();
        ls[k] = ARM_L[k] * s;
        lc[k] = ARM_L[k] * co;
    }
    let mut j = [[0.0; 6]; 3];
    let (mut sx, mut sy) = (0.0, 0.0);
    for k in (0..6).rev() {
        sx += ls[k];
        sy += lc[k];
        j[0][k] = -sx;
        j[1][k] = sy;
        j[2][k] = 1.0;
    }
    ([sy, sx, th], j)
}

/// A rational field, 3→3.
#[inline(always)]
pub fn rational<S: Float>([x, y, z]: [S; 3]) -> [S; 3] {
    let one = S::one();
    [
        (x + c::<S>(2.0) * y) / (one + z * z),
        x * y / (one + x * x + y * y),
        (one + x * z) / (c::<S>(3.0) + y * y),
    ]
}

/// Hand-written Jacobian of [`rational`].
#[inline(always)]
pub fn rational_jacobian([x, y, z]: [f64; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    // One reciprocal per denominator.
    let (i1, i2, i3) = (
        1.0 / (1.0 + z * z),
        1.0 / (1.0 + x * x + y * y),
        1.0 / (3.0 + y * y),
    );
    let (r1, r2, r3) = ((x + 2.0 * y) * i1, x * y * i2, (1.0 + x * z) * i3);
    (
        [r1, r2, r3],
        [
            [i1, 2.0 * i1, -2.0 * r1 * z * i1],
            [(y - 2.0 * r2 * x) * i2, (x - 2.0 * r2 * y) * i2, 0.0],
            [z * i3, -2.0 * r3 * y * i3, x * i3],
        ],
    )
}

/// Softmax of 5 scores and their log-sum-exp, 5→6 (exp/log).
#[inline(always)]
pub fn softmax<S: Float>(x: [S; 5]) -> [S; 6] {
    let e = x.map(S::exp);
    let sum = e.iter().fold(S::zero(), |a, &b| a + b);
    let mut out = [S::zero(); 6];
    for (o, ei) in out.iter_mut().zip(e) {
        *o = ei / sum;
    }
    out[5] = sum.ln();
    out
}

/// Hand-written Jacobian of [`softmax`].
#[inline(always)]
pub fn softmax_jacobian(x: [f64; 5]) -> ([f64; 6], [[f64; 5]; 6]) {
    let e = x.map(f64::exp);
    let sum: f64 = e.iter().sum();
    let mut v = [0.0; 6];
    let mut j = [[0.0; 5]; 6];
    for i in 0..5 {
        v[i] = e[i] / sum;
    }
    v[5] = sum.ln();
    for i in 0..5 {
        for k in 0..5 {
            j[i][k] = -v[i] * v[k];
        }
        j[i][i] += v[i];
        j[5][i] = v[i];
    }
    (v, j)
}

/// Coefficients of the degree-12 polynomial of [`horner`], constant term first.
pub const POLY: [f64; 13] = [
    0.3, -1.2, 0.7, 0.05, -0.33, 0.21, -0.08, 0.015, -0.004, 0.0009, -0.00012, 0.00001, -7e-7,
];

/// `p(u)` by Horner's rule.
#[inline(always)]
fn poly<S: Float>(u: S) -> S {
    let mut acc = c::<S>(POLY[12]);
    for &a in POLY[..12].iter().rev() {
        acc = acc * u + c::<S>(a);
    }
    acc
}

/// A degree-12 polynomial in Horner form at three linear combinations, 3→3.
#[inline(always)]
pub fn horner<S: Float>([x, y, z]: [S; 3]) -> [S; 3] {
    [
        poly(x + c::<S>(0.5) * y),
        poly(y - c::<S>(0.3) * z),
        poly(z + c::<S>(0.2) * x),
    ]
}

/// Hand-written Jacobian of [`horner`] (value and slope in one Horner pass).
#[inline(always)]
pub fn horner_jacobian([x, y, z]: [f64; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    let pd = |u: f64| {
        let (mut p, mut d) = (POLY[12], 0.0);
        for &a in POLY[..12].iter().rev() {
            d = d * u + p;
            p = p * u + a;
        }
        (p, d)
    };
    let (p0, d0) = pd(x + 0.5 * y);
    let (p1, d1) = pd(y - 0.3 * z);
    let (p2, d2) = pd(z + 0.2 * x);
    (
        [p0, p1, p2],
        [
            [d0, 0.5 * d0, 0.0],
            [0.0, d1, -0.3 * d1],
            [0.2 * d2, 0.0, d2],
        ],
    )
}

/// Robertson's stiff kinetics, 3→3: a cheap polynomial full of literal constants.
#[inline(always)]
pub fn robertson<S: Float>([a, b, cc]: [S; 3]) -> [S; 3] {
    let k1 = c::<S>(0.04);
    let k2 = c::<S>(1e4);
    let k3 = c::<S>(3e7);
    [
        -k1 * a + k2 * b * cc,
        k1 * a - k2 * b * cc - k3 * b * b,
        k3 * b * b,
    ]
}

/// Hand-written Jacobian of [`robertson`].
#[inline(always)]
pub fn robertson_jacobian([a, b, cc]: [f64; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    (
        [
            -0.04 * a + 1e4 * b * cc,
            0.04 * a - 1e4 * b * cc - 3e7 * b * b,
            3e7 * b * b,
        ],
        [
            [-0.04, 1e4 * cc, 1e4 * b],
            [0.04, -1e4 * cc - 6e7 * b, -1e4 * b],
            [0.0, 6e7 * b, 0.0],
        ],
    )
}

/// Masses of [`gravity`].
pub const MASSES: [f64; 4] = [1.0, 0.5, 2.0, 0.8];

/// Gravitational forces on 4 bodies (G = 1) from their positions, 12→12.
#[inline(always)]
pub fn gravity<S: Float>(p: [S; 12]) -> [S; 12] {
    let mut f = [S::zero(); 12];
    for i in 0..4 {
        for j in i + 1..4 {
            let d = [
                p[3 * j] - p[3 * i],
                p[3 * j + 1] - p[3 * i + 1],
                p[3 * j + 2] - p[3 * i + 2],
            ];
            let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            let inv = r2.sqrt().recip();
            let k = c::<S>(MASSES[i] * MASSES[j]) * inv * inv * inv;
            for a in 0..3 {
                f[3 * i + a] = f[3 * i + a] + k * d[a];
                f[3 * j + a] = f[3 * j + a] - k * d[a];
            }
        }
    }
    f
}

/// Hand-written Jacobian of [`gravity`]: per pair `K = m_i m_j (I/r³ − 3 d dᵀ/r⁵)`.
#[inline(always)]
pub fn gravity_jacobian(p: [f64; 12]) -> ([f64; 12], [[f64; 12]; 12]) {
    let mut f = [0.0; 12];
    let mut jac = [[0.0; 12]; 12];
    for i in 0..4 {
        for j in i + 1..4 {
            let d = [
                p[3 * j] - p[3 * i],
                p[3 * j + 1] - p[3 * i + 1],
                p[3 * j + 2] - p[3 * i + 2],
            ];
            let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
            let inv = 1.0 / r2.sqrt();
            let m = MASSES[i] * MASSES[j];
            let k = m * inv * inv * inv;
            let k5 = 3.0 * k * inv * inv;
            for a in 0..3 {
                f[3 * i + a] += k * d[a];
                f[3 * j + a] -= k * d[a];
                for b in 0..3 {
                    let kab = if a == b { k } else { 0.0 } - k5 * d[a] * d[b];
                    jac[3 * i + a][3 * j + b] += kab;
                    jac[3 * i + a][3 * i + b] -= kab;
                    jac[3 * j + a][3 * j + b] -= kab;
                    jac[3 * j + a][3 * i + b] += kab;
                }
            }
        }
    }
    (f, jac)
}

/// Cross product.
#[inline(always)]
fn cross<S: Float>(a: [S; 3], b: [S; 3]) -> [S; 3] {
    [
        a[1] * b[2] - a[2] * b[1],
        a[2] * b[0] - a[0] * b[2],
        a[0] * b[1] - a[1] * b[0],
    ]
}

/// A triangle's normal `(b − a)×(c − a)` and area from its vertices, 9→4.
#[inline(always)]
pub fn triangle<S: Float>(v: [S; 9]) -> [S; 4] {
    let e1 = [v[3] - v[0], v[4] - v[1], v[5] - v[2]];
    let e2 = [v[6] - v[0], v[7] - v[1], v[8] - v[2]];
    let n = cross(e1, e2);
    let area = c::<S>(0.5) * (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    [n[0], n[1], n[2], area]
}

/// Hand-written Jacobian of [`triangle`]: `∂n/∂a = −[b − c]×`, `∂n/∂b = −[c − a]×`,
/// `∂n/∂c = −[a − b]×`, `∂area = ½ n̂ᵀ ∂n`.
#[inline(always)]
pub fn triangle_jacobian(v: [f64; 9]) -> ([f64; 4], [[f64; 9]; 4]) {
    let vert = |k: usize| [v[3 * k], v[3 * k + 1], v[3 * k + 2]];
    let (a, b, cc) = (vert(0), vert(1), vert(2));
    let sub = |p: [f64; 3], q: [f64; 3]| [p[0] - q[0], p[1] - q[1], p[2] - q[2]];
    let n = cross(sub(b, a), sub(cc, a));
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    let half_inv = 0.5 / len;
    let mut jac = [[0.0; 9]; 4];
    for (k, w) in [sub(b, cc), sub(cc, a), sub(a, b)].into_iter().enumerate() {
        // −[w]× as rows.
        let m = [[0.0, w[2], -w[1]], [-w[2], 0.0, w[0]], [w[1], -w[0], 0.0]];
        for r in 0..3 {
            for col in 0..3 {
                jac[r][3 * k + col] = m[r][col];
            }
        }
        for col in 0..3 {
            jac[3][3 * k + col] =
                (n[0] * m[0][col] + n[1] * m[1][col] + n[2] * m[2][col]) * half_inv;
        }
    }
    ([n[0], n[1], n[2], 0.5 * len], jac)
}

/// Centres and weights of [`rbf`]: `(cx, cy, w)`.
pub const RBF: [(f64, f64, f64); 8] = [
    (0.0, 0.0, 1.0),
    (1.0, 0.5, -0.7),
    (-0.8, 1.2, 0.4),
    (0.3, -1.1, 0.9),
    (1.5, -0.4, -0.3),
    (-1.3, -0.9, 0.6),
    (0.6, 1.7, -0.5),
    (-0.2, 0.8, 0.2),
];

/// A Gaussian radial-basis field of 8 centres, 2→1.
#[inline(always)]
pub fn rbf<S: Float>([x, y]: [S; 2]) -> [S; 1] {
    let mut f = S::zero();
    for (cx, cy, w) in RBF {
        let (dx, dy) = (x - c::<S>(cx), y - c::<S>(cy));
        f = f + c::<S>(w) * (-(dx * dx + dy * dy) * c::<S>(2.0)).exp();
    }
    [f]
}

/// Hand-written gradient of [`rbf`].
#[inline(always)]
pub fn rbf_jacobian([x, y]: [f64; 2]) -> ([f64; 1], [[f64; 2]; 1]) {
    let (mut f, mut gx, mut gy) = (0.0, 0.0, 0.0);
    for (cx, cy, w) in RBF {
        let (dx, dy) = (x - cx, y - cy);
        let e = w * (-(dx * dx + dy * dy) * 2.0).exp();
        f += e;
        gx -= 4.0 * dx * e;
        gy -= 4.0 * dy * e;
    }
    ([f], [[gx, gy]])
}

/// The same functions for num-dual (its `DualNum` is not `num_traits::Float`).
pub mod peer {
    use super::{ARM_L, MASSES, POLY, RBF};
    use num_dual::{DualNum, DualSVec64};

    /// [`super::arm`].
    #[inline(always)]
    pub fn arm(q: [DualSVec64<6>; 6]) -> [DualSVec64<6>; 3] {
        let z = DualSVec64::from(0.0);
        let (mut x, mut y, mut th) = (z, z, z);
        for (qi, l) in q.into_iter().zip(ARM_L) {
            th += qi;
            let (s, co) = th.sin_cos();
            x += co * l;
            y += s * l;
        }
        [x, y, th]
    }

    /// [`super::rational`].
    #[inline(always)]
    pub fn rational([x, y, z]: [DualSVec64<3>; 3]) -> [DualSVec64<3>; 3] {
        [
            (x + y * 2.0) / (z * z + 1.0),
            x * y / (x * x + y * y + 1.0),
            (x * z + 1.0) / (y * y + 3.0),
        ]
    }

    /// [`super::softmax`].
    #[inline(always)]
    pub fn softmax(x: [DualSVec64<5>; 5]) -> [DualSVec64<5>; 6] {
        let e = x.map(|v| v.exp());
        let mut sum = DualSVec64::from(0.0);
        for ei in e {
            sum += ei;
        }
        let mut out = [DualSVec64::from(0.0); 6];
        for (o, ei) in out.iter_mut().zip(e) {
            *o = ei / sum;
        }
        out[5] = sum.ln();
        out
    }

    fn poly(u: DualSVec64<3>) -> DualSVec64<3> {
        let mut acc = DualSVec64::from(POLY[12]);
        for &a in POLY[..12].iter().rev() {
            acc = acc * u + a;
        }
        acc
    }

    /// [`super::horner`].
    #[inline(always)]
    pub fn horner([x, y, z]: [DualSVec64<3>; 3]) -> [DualSVec64<3>; 3] {
        [poly(x + y * 0.5), poly(y - z * 0.3), poly(z + x * 0.2)]
    }

    /// [`super::robertson`].
    #[inline(always)]
    pub fn robertson([a, b, c]: [DualSVec64<3>; 3]) -> [DualSVec64<3>; 3] {
        [
            -a * 0.04 + b * c * 1e4,
            a * 0.04 - b * c * 1e4 - b * b * 3e7,
            b * b * 3e7,
        ]
    }

    /// [`super::gravity`].
    #[inline(always)]
    pub fn gravity(p: [DualSVec64<12>; 12]) -> [DualSVec64<12>; 12] {
        let mut f = [DualSVec64::from(0.0); 12];
        for i in 0..4 {
            for j in i + 1..4 {
                let d = [
                    p[3 * j] - p[3 * i],
                    p[3 * j + 1] - p[3 * i + 1],
                    p[3 * j + 2] - p[3 * i + 2],
                ];
                let r2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
                let inv = r2.sqrt().recip();
                let k = inv * inv * inv * (MASSES[i] * MASSES[j]);
                for a in 0..3 {
                    f[3 * i + a] += k * d[a];
                    f[3 * j + a] -= k * d[a];
                }
            }
        }
        f
    }

    /// [`super::triangle`].
    #[inline(always)]
    pub fn triangle(v: [DualSVec64<9>; 9]) -> [DualSVec64<9>; 4] {
        let e1 = [v[3] - v[0], v[4] - v[1], v[5] - v[2]];
        let e2 = [v[6] - v[0], v[7] - v[1], v[8] - v[2]];
        let n = [
            e1[1] * e2[2] - e1[2] * e2[1],
            e1[2] * e2[0] - e1[0] * e2[2],
            e1[0] * e2[1] - e1[1] * e2[0],
        ];
        let area = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt() * 0.5;
        [n[0], n[1], n[2], area]
    }

    /// [`super::rbf`].
    #[inline(always)]
    pub fn rbf([x, y]: [DualSVec64<2>; 2]) -> [DualSVec64<2>; 1] {
        let mut f = DualSVec64::from(0.0);
        for (cx, cy, w) in RBF {
            let (dx, dy) = (x - cx, y - cy);
            f += (-(dx * dx + dy * dy) * 2.0).exp() * w;
        }
        [f]
    }
}

/// Evaluation points (generic, not tuned: no zeros, no symmetric values).
pub const ARM_X: [f64; 6] = [0.3, -0.4, 0.9, 0.2, -1.1, 0.5];
/// Evaluation point of [`rational`].
pub const RATIONAL_X: [f64; 3] = [0.7, -1.3, 0.4];
/// Evaluation point of [`softmax`].
pub const SOFTMAX_X: [f64; 5] = [0.2, -1.0, 0.5, 1.4, -0.3];
/// Evaluation point of [`horner`].
pub const HORNER_X: [f64; 3] = [0.8, -0.6, 1.1];
/// Evaluation point of [`robertson`].
pub const ROBERTSON_X: [f64; 3] = [0.9, 3e-5, 0.1];
/// Evaluation point of [`gravity`].
pub const GRAVITY_X: [f64; 12] = [
    0.0, 0.1, -0.2, 1.0, 0.3, 0.1, -0.4, 1.2, 0.5, 0.6, -0.9, 0.7,
];
/// Evaluation point of [`triangle`].
pub const TRIANGLE_X: [f64; 9] = [0.1, 0.2, -0.3, 1.2, 0.1, 0.4, -0.2, 0.9, 0.6];
/// Evaluation point of [`rbf`].
pub const RBF_X: [f64; 2] = [0.35, -0.25];

/// Times of one function's five methods over interleaved rounds.
struct Times {
    one: Vec<f64>,
    npass: Vec<f64>,
    hand: Vec<f64>,
    fd: Vec<f64>,
    peer: Vec<f64>,
}

/// Best-round ratio `a/b` and the median of the per-round ratios.
fn ratios(a: &[f64], b: &[f64]) -> (f64, f64) {
    let best = a.iter().copied().fold(f64::INFINITY, f64::min)
        / b.iter().copied().fold(f64::INFINITY, f64::min);
    let mut per: Vec<f64> = a.iter().zip(b).map(|(x, y)| x / y).collect();
    per.sort_by(f64::total_cmp);
    (best, per[per.len() / 2])
}

type Jf<const N: usize, const M: usize> = fn([f64; N]) -> ([f64; M], [[f64; N]; M]);
type Pf<const N: usize, const M: usize> =
    fn([f64; N]) -> (nalgebra::SVector<f64, M>, nalgebra::SMatrix<f64, M, N>);

/// One function: its five Jacobian methods, checked against each other, then timed.
#[allow(clippy::too_many_arguments, reason = "one row of the table")]
fn measure<const N: usize, const M: usize>(
    mode: &crate::Mode,
    x: [f64; N],
    one: Jf<N, M>,
    npass: Jf<N, M>,
    hand: Jf<N, M>,
    fd: Jf<N, M>,
    peer: Pf<N, M>,
    name: &str,
) -> Times {
    let h = hand(x).1;
    assert!(max_rel(&one(x).1, &h) < 1e-12, "{name}: dual vs hand");
    assert!(max_rel(&npass(x).1, &h) < 1e-12, "{name}: n-pass vs hand");
    let pm = peer(x).1;
    let mut pj = [[0.0; N]; M];
    for (i, row) in pj.iter_mut().enumerate() {
        for (k, e) in row.iter_mut().enumerate() {
            *e = pm[(i, k)];
        }
    }
    assert!(max_rel(&pj, &h) < 1e-12, "{name}: num-dual vs hand");
    let fd_err = max_rel(&fd(x).1, &h);
    assert!(
        fd_err < 1e-4,
        "{name}: central differences far off ({fd_err:e})"
    );
    let rounds = if mode.full { 9 } else { 7 };
    let b = budget(mode.full) / 3;
    let mut t = Times {
        one: vec![],
        npass: vec![],
        hand: vec![],
        fd: vec![],
        peer: vec![],
    };
    for _ in 0..rounds {
        t.one.push(ns_per_call(b, || one(black_box(x))));
        t.hand.push(ns_per_call(b, || hand(black_box(x))));
        t.fd.push(ns_per_call(b, || fd(black_box(x))));
        t.npass.push(ns_per_call(b, || npass(black_box(x))));
        t.peer.push(ns_per_call(b, || peer(black_box(x))));
    }
    t
}

macro_rules! jac_fns {
    ($($name:ident: $f:ident, $n:expr, $m:expr;)*) => {
        /// `dual::jacobian` and `dual::jacobian_n_pass` of each function (named, so the
        /// benchmark calls the same code the report times).
        pub mod jac {
            $(
                /// `dual::jacobian` of the function of the same name.
                pub fn $name(x: [f64; $n]) -> ([f64; $m], [[f64; $n]; $m]) {
                    ::dual::jacobian(super::$f, x)
                }
            )*
        }
        /// `dual::jacobian_n_pass` of each function.
        pub mod jac_n {
            $(
                /// `dual::jacobian_n_pass` of the function of the same name.
                pub fn $name(x: [f64; $n]) -> ([f64; $m], [[f64; $n]; $m]) {
                    ::dual::jacobian_n_pass(super::$f, x)
                }
            )*
        }
    };
}
jac_fns! {
    arm: arm, 6, 3;
    rational: rational, 3, 3;
    softmax: softmax, 5, 6;
    horner: horner, 3, 3;
    robertson: robertson, 3, 3;
    gravity: gravity, 12, 12;
    triangle: triangle, 9, 4;
    rbf: rbf, 2, 1;
}

/// The eight-function table and the targets of issue 19, as markdown.
pub fn report(mode: &crate::Mode) -> String {
    let mut rows: Vec<(String, Times)> = Vec::new();
    macro_rules! run {
        ($label:literal, $f:ident, $hand:ident, $x:expr) => {
            rows.push((
                $label.to_string(),
                measure(
                    mode,
                    $x,
                    jac::$f,
                    jac_n::$f,
                    $hand,
                    |x| central($f::<f64>, x),
                    |x| num_dual_jacobian(peer::$f, x),
                    $label,
                ),
            ));
        };
    }
    run!("kinematic chain, 6 links (6→3)", arm, arm_jacobian, ARM_X);
    run!(
        "rational field (3→3)",
        rational,
        rational_jacobian,
        RATIONAL_X
    );
    run!(
        "softmax + log-sum-exp (5→6)",
        softmax,
        softmax_jacobian,
        SOFTMAX_X
    );
    run!("Horner, degree 12 (3→3)", horner, horner_jacobian, HORNER_X);
    run!(
        "Robertson kinetics, constants (3→3)",
        robertson,
        robertson_jacobian,
        ROBERTSON_X
    );
    run!(
        "gravity, 4 bodies (12→12)",
        gravity,
        gravity_jacobian,
        GRAVITY_X
    );
    run!(
        "triangle normal + area (9→4)",
        triangle,
        triangle_jacobian,
        TRIANGLE_X
    );
    run!(
        "Gaussian RBF field, 8 centres (2→1)",
        rbf,
        rbf_jacobian,
        RBF_X
    );

    let mut table = Table::new([
        "function",
        "dual::jacobian",
        "/ hand-written",
        "/ central diff.",
        "/ num-dual DualSVec64",
        "/ jacobian_n_pass",
    ]);
    let cell = |(best, med): (f64, f64)| format!("{} (median {})", ratio(best), ratio(med));
    let (mut vs_hand, mut vs_fd, mut vs_peer, mut vs_n) = (vec![], vec![], vec![], vec![]);
    for (name, t) in &rows {
        let best_one = t.one.iter().copied().fold(f64::INFINITY, f64::min);
        let (h, f, p, n) = (
            ratios(&t.one, &t.hand),
            ratios(&t.one, &t.fd),
            ratios(&t.one, &t.peer),
            ratios(&t.one, &t.npass),
        );
        table.row([
            name.clone(),
            ns(best_one),
            cell(h),
            cell(f),
            cell(p),
            cell(n),
        ]);
        vs_hand.push(h);
        vs_fd.push(f);
        vs_peer.push(p);
        vs_n.push(n);
    }
    let median = |v: &[(f64, f64)]| {
        let mut b: Vec<f64> = v.iter().map(|r| r.0).collect();
        b.sort_by(f64::total_cmp);
        (b[(b.len() - 1) / 2] + b[b.len() / 2]) / 2.0
    };
    let worst = |v: &[(f64, f64)]| v.iter().map(|r| r.0).fold(0.0, f64::max);
    let worst_med = |v: &[(f64, f64)]| v.iter().map(|r| r.1).fold(0.0, f64::max);
    let verdict = |got: f64, target: f64, noisy: f64| {
        if got <= target {
            "met".to_string()
        } else if noisy <= target {
            "NOT met (within noise: a median round meets it)".to_string()
        } else {
            "NOT met".to_string()
        }
    };
    let median_med = |v: &[(f64, f64)]| {
        let mut b: Vec<f64> = v.iter().map(|r| r.1).collect();
        b.sort_by(f64::total_cmp);
        (b[(b.len() - 1) / 2] + b[b.len() / 2]) / 2.0
    };
    let best_of = |v: &[(f64, f64)]| v.iter().map(|r| r.0.min(r.1)).fold(0.0, f64::max);
    let mut targets = Table::new([
        "target",
        "measured (best rounds)",
        "median rounds",
        "verdict",
    ]);
    let mut target = |label: &str, got: f64, med: f64, limit: f64| {
        targets.row([
            label.to_string(),
            ratio(got),
            ratio(med),
            verdict(got, limit, med.min(got)),
        ]);
    };
    target(
        "median ≤ 1.5x hand-written",
        median(&vs_hand),
        median_med(&vs_hand),
        1.5,
    );
    target(
        "worst ≤ 2.0x hand-written",
        worst(&vs_hand),
        worst_med(&vs_hand),
        2.0,
    );
    target(
        "worst ≤ 1.0x central differences",
        worst(&vs_fd),
        worst_med(&vs_fd),
        1.0,
    );
    target(
        "median ≤ 0.5x num-dual",
        median(&vs_peer),
        median_med(&vs_peer),
        0.5,
    );
    target(
        "worst ≤ 1.0x num-dual",
        worst(&vs_peer),
        worst_med(&vs_peer),
        1.0,
    );
    target(
        "jacobian never slower than jacobian_n_pass (worst ≤ 1.0x)",
        worst(&vs_n),
        best_of(&vs_n),
        1.0,
    );
    format!(
        "Eight functions of common shapes (`benches/src/dual/shapes.rs`, written as generic \
         `S: Float` user code, not used to tune `dual`). Time of `dual::jacobian` per full \
         Jacobian and its ratio to each method, timed in {} interleaved rounds in one run; \
         the ratio of the fastest rounds, with the median of the per-round ratios beside it \
         (the spread).\n\n{}\nTargets (issue 19):\n\n{}",
        if mode.full { 9 } else { 7 },
        table.to_markdown(),
        targets.to_markdown()
    )
}
