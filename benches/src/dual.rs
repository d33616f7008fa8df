//! dual: Jacobians of four models, one-pass `DualVec` against a hand-written analytic
//! Jacobian, central finite differences, the n-pass `Dual` Jacobian and num-dual's
//! `DualSVec64` (nalgebra-backed vector dual).
use crate::measure::{budget, ns_per_call};
use crate::table::{Table, ns, ratio};
use ::dual::Float;
use core::hint::black_box;
use num_dual::DualSVec64;

pub mod shapes;

/// Converts an f64 constant into the scalar type of a generic model.
#[inline(always)]
fn c<S: Float>(v: f64) -> S {
    S::from(v).unwrap_or_else(S::nan)
}

/// Lorenz system (σ = 10, ρ = 28, β = 8/3), R³ → R³.
#[inline(always)]
pub fn lorenz<S: Float>([x, y, z]: [S; 3]) -> [S; 3] {
    [
        c::<S>(10.0) * (y - x),
        x * (c::<S>(28.0) - z) - y,
        x * y - c::<S>(8.0 / 3.0) * z,
    ]
}

/// Hand-written Jacobian of [`lorenz`].
#[inline(always)]
pub fn lorenz_jacobian([x, y, z]: [f64; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    (
        lorenz([x, y, z]),
        [[-10.0, 10.0, 0.0], [28.0 - z, -1.0, -x], [y, x, -8.0 / 3.0]],
    )
}

/// A trig-heavy field R³ → R³.
#[inline(always)]
pub fn trig<S: Float>([x, y, z]: [S; 3]) -> [S; 3] {
    let (sx, cx) = x.sin_cos();
    let (sy, cy) = y.sin_cos();
    let (sxz, cxz) = (x * z).sin_cos();
    [sx * cy + z, cxz - sy * z, sxz * cx + y * y]
}

/// Hand-written Jacobian of [`trig`].
#[inline(always)]
pub fn trig_jacobian([x, y, z]: [f64; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    let (sx, cx) = x.sin_cos();
    let (sy, cy) = y.sin_cos();
    let (sxz, cxz) = (x * z).sin_cos();
    (
        [sx * cy + z, cxz - sy * z, sxz * cx + y * y],
        [
            [cx * cy, -sx * sy, 1.0],
            [-sxz * z, -cy * z, -sxz * x - sy],
            [cxz * z * cx - sxz * sx, 2.0 * y, cxz * x * cx],
        ],
    )
}

/// NIST StRD Rat43 data (x, y).
pub const RAT43: [(f64, f64); 15] = [
    (1.0, 16.08),
    (2.0, 33.83),
    (3.0, 65.80),
    (4.0, 97.20),
    (5.0, 191.55),
    (6.0, 326.20),
    (7.0, 386.87),
    (8.0, 520.53),
    (9.0, 590.03),
    (10.0, 651.92),
    (11.0, 724.93),
    (12.0, 699.56),
    (13.0, 689.96),
    (14.0, 637.56),
    (15.0, 717.41),
];

/// NIST certified Rat43 parameters.
pub const RAT43_B: [f64; 4] = [699.64, 5.2771, 0.75962, 1.2792];

/// Rat43 residuals `b1 / (1 + exp(b2 − b3 x))^(1/b4) − y`, R⁴ → R¹⁵ (dual exponent).
#[inline(always)]
pub fn rat43<S: Float>([b1, b2, b3, b4]: [S; 4]) -> [S; 15] {
    let inv_b4 = b4.recip();
    // A loop rather than `RAT43.map(..)`: `array::map` with this closure is not inlined.
    let mut r = [S::zero(); 15];
    for (ri, &(x, y)) in r.iter_mut().zip(&RAT43) {
        *ri = b1 / (S::one() + (b2 - b3 * c::<S>(x)).exp()).powf(inv_b4) - c::<S>(y);
    }
    r
}

/// Hand-written Jacobian of [`rat43`].
#[inline(always)]
pub fn rat43_jacobian([b1, b2, b3, b4]: [f64; 4]) -> ([f64; 15], [[f64; 4]; 15]) {
    let mut v = [0.0; 15];
    let mut j = [[0.0; 4]; 15];
    let inv_b4 = 1.0 / b4;
    for (i, (x, y)) in RAT43.into_iter().enumerate() {
        let e = (b2 - b3 * x).exp();
        let u = 1.0 + e;
        let p = u.powf(inv_b4);
        let q = b1 / p;
        v[i] = q - y;
        let d2 = -q * inv_b4 * e / u;
        j[i] = [1.0 / p, d2, -x * d2, q * u.ln() * inv_b4 * inv_b4];
    }
    (v, j)
}

/// Time step of [`ekf`].
pub const DT: f64 = 0.01;

/// A 6-state constant-turn-rate model of an EKF predict step: state
/// `[px, py, θ, v, ω, a]` (position, heading, speed, turn rate, acceleration), with drag on
/// `v`, decay of `ω` and a first-order acceleration state.
#[inline(always)]
pub fn ekf<S: Float>([px, py, th, v, w, a]: [S; 6]) -> [S; 6] {
    let dt = c::<S>(DT);
    let th1 = th + w * dt;
    let (s0, c0) = th.sin_cos();
    let (s1, c1) = th1.sin_cos();
    let r = v / w;
    [
        px + r * (s1 - s0),
        py + r * (c0 - c1),
        th1,
        v + (a - c::<S>(0.05) * v * v) * dt,
        w * c::<S>(1.0 - 0.2 * DT),
        a * c::<S>((-DT / 0.5).exp()),
    ]
}

/// Hand-written Jacobian of [`ekf`].
#[inline(always)]
pub fn ekf_jacobian([px, py, th, v, w, a]: [f64; 6]) -> ([f64; 6], [[f64; 6]; 6]) {
    let th1 = th + w * DT;
    let (s0, c0) = th.sin_cos();
    let (s1, c1) = th1.sin_cos();
    let iw = 1.0 / w;
    let r = v * iw;
    let (ds, dc) = (s1 - s0, c0 - c1);
    let decay_w = 1.0 - 0.2 * DT;
    let decay_a = (-DT / 0.5f64).exp();
    (
        [
            px + r * ds,
            py + r * dc,
            th1,
            v + (a - 0.05 * v * v) * DT,
            w * decay_w,
            a * decay_a,
        ],
        [
            [
                1.0,
                0.0,
                r * (c1 - c0),
                iw * ds,
                -r * iw * ds + r * c1 * DT,
                0.0,
            ],
            [
                0.0,
                1.0,
                r * (s1 - s0),
                iw * dc,
                -r * iw * dc + r * s1 * DT,
                0.0,
            ],
            [0.0, 0.0, 1.0, 0.0, DT, 0.0],
            [0.0, 0.0, 0.0, 1.0 - 0.1 * v * DT, 0.0, DT],
            [0.0, 0.0, 0.0, 0.0, decay_w, 0.0],
            [0.0, 0.0, 0.0, 0.0, 0.0, decay_a],
        ],
    )
}

/// Central finite differences: `2N` evaluations, step `h = ∛ε·max(1, |xⱼ|)`.
#[inline(always)]
pub fn central<const N: usize, const M: usize>(
    f: impl Fn([f64; N]) -> [f64; M],
    x: [f64; N],
) -> ([f64; M], [[f64; N]; M]) {
    let mut j = [[0.0; N]; M];
    for k in 0..N {
        let h = 6.0e-6 * x[k].abs().max(1.0);
        let (mut xp, mut xm) = (x, x);
        xp[k] += h;
        xm[k] -= h;
        let (fp, fm) = (f(xp), f(xm));
        for i in 0..M {
            j[i][k] = (fp[i] - fm[i]) / (2.0 * h);
        }
    }
    (f(x), j)
}

/// The same models for num-dual (its `DualNum` trait is not `num_traits::Float`).
pub mod peer {
    use super::{DT, RAT43};
    use num_dual::{DualNum, DualSVec64};

    /// [`super::lorenz`] for num-dual.
    #[inline(always)]
    pub fn lorenz([x, y, z]: [DualSVec64<3>; 3]) -> [DualSVec64<3>; 3] {
        [(y - x) * 10.0, x * (-z + 28.0) - y, x * y - z * (8.0 / 3.0)]
    }

    /// [`super::trig`] for num-dual.
    #[inline(always)]
    pub fn trig([x, y, z]: [DualSVec64<3>; 3]) -> [DualSVec64<3>; 3] {
        let (sx, cx) = x.sin_cos();
        let (sy, cy) = y.sin_cos();
        let (sxz, cxz) = (x * z).sin_cos();
        [sx * cy + z, cxz - sy * z, sxz * cx + y * y]
    }

    /// [`super::rat43`] for num-dual (`powd`: dual exponent).
    #[inline(always)]
    pub fn rat43([b1, b2, b3, b4]: [DualSVec64<4>; 4]) -> [DualSVec64<4>; 15] {
        let inv_b4 = b4.recip();
        let mut r = [DualSVec64::from(0.0); 15];
        for (ri, &(x, y)) in r.iter_mut().zip(&RAT43) {
            *ri = b1 / ((b2 - b3 * x).exp() + 1.0).powd(inv_b4) - y;
        }
        r
    }

    /// [`super::ekf`] for num-dual.
    #[inline(always)]
    pub fn ekf([px, py, th, v, w, a]: [DualSVec64<6>; 6]) -> [DualSVec64<6>; 6] {
        let th1 = th + w * DT;
        let (s0, c0) = th.sin_cos();
        let (s1, c1) = th1.sin_cos();
        let r = v / w;
        [
            px + r * (s1 - s0),
            py + r * (c0 - c1),
            th1,
            v + (a - v * v * 0.05) * DT,
            w * (1.0 - 0.2 * DT),
            a * (-DT / 0.5f64).exp(),
        ]
    }
}

/// num-dual's one-pass Jacobian through its `jacobian` helper (nalgebra vectors in and out).
#[inline(always)]
pub fn num_dual_jacobian<const N: usize, const M: usize>(
    f: impl Fn([DualSVec64<N>; N]) -> [DualSVec64<N>; M],
    x: [f64; N],
) -> (nalgebra::SVector<f64, M>, nalgebra::SMatrix<f64, M, N>) {
    num_dual::jacobian(
        |v: nalgebra::SVector<DualSVec64<N>, N>| nalgebra::SVector::from(f(v.into())),
        &nalgebra::SVector::from(x),
    )
}

/// A Jacobian method: `x ↦ (f(x), J)`.
type JacobianFn<const N: usize, const M: usize> = fn([f64; N]) -> ([f64; M], [[f64; N]; M]);
/// num-dual's Jacobian, in nalgebra types.
type PeerJacobianFn<const N: usize, const M: usize> =
    fn([f64; N]) -> (nalgebra::SVector<f64, M>, nalgebra::SMatrix<f64, M, N>);

/// The four models with their evaluation point, as a table row builder.
struct Case<const N: usize, const M: usize> {
    name: &'static str,
    x: [f64; N],
    /// Central differences of the model (the model inlined into `central`, as the other
    /// methods' models are inlined into theirs: a function pointer here would make every one
    /// of the `2N + 1` evaluations an indirect call).
    fd: JacobianFn<N, M>,
    one_pass: JacobianFn<N, M>,
    n_pass: JacobianFn<N, M>,
    hand: JacobianFn<N, M>,
    peer: PeerJacobianFn<N, M>,
}

/// Largest relative difference between two Jacobians.
pub(crate) fn max_rel<const N: usize, const M: usize>(a: &[[f64; N]; M], b: &[[f64; N]; M]) -> f64 {
    let mut worst = 0.0f64;
    for (ra, rb) in a.iter().zip(b) {
        for (x, y) in ra.iter().zip(rb) {
            worst = worst.max((x - y).abs() / y.abs().max(1.0));
        }
    }
    worst
}

impl<const N: usize, const M: usize> Case<N, M> {
    /// Times every method in this process and appends the row.
    fn measure(&self, mode: &crate::Mode, table: &mut Table) {
        let b = budget(mode.full);
        let x = self.x;
        // Correctness first: all methods agree with the hand-written Jacobian.
        let hand = (self.hand)(x).1;
        let one = (self.one_pass)(x).1;
        let npass = (self.n_pass)(x).1;
        let fd = (self.fd)(x).1;
        let peer_m = (self.peer)(x).1;
        let mut peer = [[0.0; N]; M];
        for (i, row) in peer.iter_mut().enumerate() {
            for (k, e) in row.iter_mut().enumerate() {
                *e = peer_m[(i, k)];
            }
        }
        assert!(max_rel(&one, &hand) < 1e-12, "{}: dual vs hand", self.name);
        assert_eq!(one, npass, "{}: one-pass vs n-pass", self.name);
        assert!(
            max_rel(&peer, &hand) < 1e-12,
            "{}: num-dual vs hand",
            self.name
        );
        let fd_err = max_rel(&fd, &hand);

        // The machine may be shared: time the five methods in interleaved rounds and keep
        // each one's fastest round, so a burst of load elsewhere does not decide a ratio.
        let rounds = if mode.full { 7 } else { 5 };
        let b = b / 2;
        let [mut t_one, mut t_hand, mut t_fd, mut t_npass, mut t_peer] = [f64::INFINITY; 5];
        for _ in 0..rounds {
            t_one = t_one.min(ns_per_call(b, || (self.one_pass)(black_box(x))));
            t_hand = t_hand.min(ns_per_call(b, || (self.hand)(black_box(x))));
            t_fd = t_fd.min(ns_per_call(b, || (self.fd)(black_box(x))));
            t_npass = t_npass.min(ns_per_call(b, || (self.n_pass)(black_box(x))));
            t_peer = t_peer.min(ns_per_call(b, || (self.peer)(black_box(x))));
        }
        table.row([
            format!("{} ({N}→{M})", self.name),
            ns(t_one),
            format!("{} ({})", ns(t_hand), ratio(t_one / t_hand)),
            format!("{} ({})", ns(t_fd), ratio(t_one / t_fd)),
            format!("{} ({})", ns(t_peer), ratio(t_one / t_peer)),
            format!("{} ({})", ns(t_npass), ratio(t_one / t_npass)),
            format!("{fd_err:.1e}"),
        ]);
    }
}

/// `dual::jacobian` of [`lorenz`].
pub fn lorenz_dual(x: [f64; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    ::dual::jacobian(lorenz, x)
}
/// `dual::jacobian` of [`trig`].
pub fn trig_dual(x: [f64; 3]) -> ([f64; 3], [[f64; 3]; 3]) {
    ::dual::jacobian(trig, x)
}
/// `dual::jacobian` of [`rat43`].
pub fn rat43_dual(x: [f64; 4]) -> ([f64; 15], [[f64; 4]; 15]) {
    ::dual::jacobian(rat43, x)
}
/// `dual::jacobian` of [`ekf`].
pub fn ekf_dual(x: [f64; 6]) -> ([f64; 6], [[f64; 6]; 6]) {
    ::dual::jacobian(ekf, x)
}

/// Evaluation points.
pub const LORENZ_X: [f64; 3] = [1.5, -2.0, 20.0];
/// Evaluation point of [`trig`].
pub const TRIG_X: [f64; 3] = [0.3, -1.2, 0.7];
/// Evaluation point of [`ekf`].
pub const EKF_X: [f64; 6] = [3.0, -1.0, 0.4, 12.0, 0.3, 0.5];

/// The report section: a table of Jacobian times and ratios (dual / other).
pub fn report(mode: &crate::Mode) -> String {
    let mut table = Table::new([
        "model",
        "dual::jacobian (DualVec)",
        "hand-written (dual/hand)",
        "central diff. (dual/fd)",
        "num-dual DualSVec64 (dual/num-dual)",
        "jacobian_n_pass (dual/n-pass)",
        "fd max rel. error",
    ]);
    Case {
        name: "Lorenz",
        x: LORENZ_X,
        fd: |x| central(lorenz::<f64>, x),
        one_pass: lorenz_dual,
        n_pass: |x| ::dual::jacobian_n_pass(lorenz, x),
        hand: lorenz_jacobian,
        peer: |x| num_dual_jacobian(peer::lorenz, x),
    }
    .measure(mode, &mut table);
    Case {
        name: "trig field",
        x: TRIG_X,
        fd: |x| central(trig::<f64>, x),
        one_pass: trig_dual,
        n_pass: |x| ::dual::jacobian_n_pass(trig, x),
        hand: trig_jacobian,
        peer: |x| num_dual_jacobian(peer::trig, x),
    }
    .measure(mode, &mut table);
    Case {
        name: "Rat43 residuals",
        x: RAT43_B,
        fd: |x| central(rat43::<f64>, x),
        one_pass: rat43_dual,
        n_pass: |x| ::dual::jacobian_n_pass(rat43, x),
        hand: rat43_jacobian,
        peer: |x| num_dual_jacobian(peer::rat43, x),
    }
    .measure(mode, &mut table);
    Case {
        name: "EKF 6-state",
        x: EKF_X,
        fd: |x| central(ekf::<f64>, x),
        one_pass: ekf_dual,
        n_pass: |x| ::dual::jacobian_n_pass(ekf, x),
        hand: ekf_jacobian,
        peer: |x| num_dual_jacobian(peer::ekf, x),
    }
    .measure(mode, &mut table);
    format!(
        "Time per full Jacobian (value included), fastest of 5 (quick) or 7 (`--full`) \
         interleaved rounds of the median of batches, f64; ratio = dual's time / \
         the other's (targets: ≤ 1.25x hand-written, ≤ 0.5x central differences, ≤ 1x num-dual).\n\n{}\n{}",
        table.to_markdown(),
        shapes::report(mode)
    )
}
