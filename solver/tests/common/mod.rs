//! Random rigid-body MLCPs shared by the integration tests: bodies with mass ratios up to a
//! chosen bound, rows of every kind, and Γ = J M⁻¹ Jᵀ formed explicitly (independently of
//! the sparse operator) from the full 6n-column Jacobian.
#![allow(dead_code, unreachable_pub, reason = "each test file uses a part")]

use solver::{BodyInverseMass, Bounds, ConstraintRow, JacobianBlock};
use xform::{Matrix, Vector};

/// SplitMix64: a tiny deterministic generator (no rand dependency).
#[derive(Debug, Clone)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    pub fn range(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * self.unit()
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Which kinds of rows a random problem may contain.
#[derive(Debug, Clone, Copy)]
pub struct Mix {
    pub bilateral: bool,
    pub unilateral: bool,
    pub boxed: bool,
    pub friction: bool,
}

pub const ALL: Mix = Mix {
    bilateral: true,
    unilateral: true,
    boxed: true,
    friction: true,
};

/// A random rigid-body MLCP in f64.
#[derive(Debug, Clone)]
pub struct Problem {
    pub n: usize,
    pub bodies: Vec<BodyInverseMass<f64>>,
    pub rows: Vec<ConstraintRow<f64>>,
    pub gamma: Vec<f64>,
    pub eta: Vec<f64>,
    pub bounds: Vec<Bounds<f64>>,
}

fn random_vector(rng: &mut Rng) -> Vector<f64, 3> {
    Vector([
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
        rng.range(-1.0, 1.0),
    ])
}

fn block(rng: &mut Rng, body: usize) -> JacobianBlock<f64> {
    JacobianBlock {
        body,
        linear: random_vector(rng),
        angular: random_vector(rng),
    }
}

/// `rows` constraint rows on about `rows/2 + 2` bodies whose masses span `mass_ratio`.
pub fn random_problem(rng: &mut Rng, rows: usize, mass_ratio: f64, mix: Mix) -> Problem {
    let nb = rows / 2 + 2;
    let bodies: Vec<_> = (0..nb)
        .map(|_| {
            let mass = mass_ratio.powf(rng.unit());
            let b = Matrix::<f64, 3, 3>::from_fn(|_, _| rng.range(-1.0, 1.0));
            let spd = (b * b.transpose()) * (1.0 / 3.0) + Matrix::identity() * 0.5;
            BodyInverseMass {
                inv_mass: 1.0 / mass,
                inv_inertia: spd * (1.0 / mass),
            }
        })
        .collect();
    let mut kinds = Vec::new();
    if mix.bilateral {
        kinds.push(0);
    }
    if mix.unilateral {
        kinds.push(1);
    }
    if mix.boxed {
        kinds.push(2);
    }
    if mix.friction {
        kinds.push(3);
    }
    let mut constraint_rows = Vec::new();
    let mut bounds = Vec::new();
    while constraint_rows.len() < rows {
        let a = rng.below(nb);
        let b = if rng.unit() < 0.75 {
            let mut b = rng.below(nb - 1);
            if b >= a {
                b += 1;
            }
            Some(b)
        } else {
            None
        };
        let kind = kinds[rng.below(kinds.len())];
        let row = |rng: &mut Rng| ConstraintRow {
            a: block(rng, a),
            b: b.map(|b| block(rng, b)),
        };
        match kind {
            0 => bounds.push(Bounds::bilateral()),
            1 => bounds.push(Bounds::unilateral()),
            2 => bounds.push(Bounds::new(rng.range(-2.0, 0.0), rng.range(0.0, 2.0))),
            _ => {
                // A contact: normal row plus up to two friction rows on the same bodies.
                let normal = constraint_rows.len();
                constraint_rows.push(row(rng));
                bounds.push(Bounds::unilateral());
                let mu = rng.range(0.1, 1.0);
                for _ in 0..2 {
                    if constraint_rows.len() < rows {
                        constraint_rows.push(row(rng));
                        bounds.push(Bounds::friction(normal, mu));
                    }
                }
                continue;
            }
        }
        constraint_rows.push(row(rng));
    }
    let n = rows;
    let gamma = dense_gamma(&bodies, &constraint_rows);
    let eta = (0..n).map(|_| rng.range(-1.0, 1.0)).collect();
    Problem {
        n,
        bodies,
        rows: constraint_rows,
        gamma,
        eta,
        bounds,
    }
}

/// Γ = J M⁻¹ Jᵀ from the explicit `n × 6nb` Jacobian and block-diagonal `6nb × 6nb` M⁻¹.
pub fn dense_gamma(bodies: &[BodyInverseMass<f64>], rows: &[ConstraintRow<f64>]) -> Vec<f64> {
    let cols = 6 * bodies.len();
    let n = rows.len();
    let mut j = vec![0.0; n * cols];
    for (i, r) in rows.iter().enumerate() {
        for blk in core::iter::once(&r.a).chain(r.b.iter()) {
            for k in 0..3 {
                j[i * cols + 6 * blk.body + k] += blk.linear[k];
                j[i * cols + 6 * blk.body + 3 + k] += blk.angular[k];
            }
        }
    }
    let mut minv = vec![0.0; cols * cols];
    for (b, body) in bodies.iter().enumerate() {
        for k in 0..3 {
            minv[(6 * b + k) * cols + 6 * b + k] = body.inv_mass;
            for l in 0..3 {
                minv[(6 * b + 3 + k) * cols + 6 * b + 3 + l] = body.inv_inertia.0[k][l];
            }
        }
    }
    let mut jm = vec![0.0; n * cols];
    for i in 0..n {
        for c in 0..cols {
            jm[i * cols + c] = (0..cols)
                .map(|k| j[i * cols + k] * minv[k * cols + c])
                .sum();
        }
    }
    let mut gamma = vec![0.0; n * n];
    for i in 0..n {
        for k in 0..n {
            gamma[i * n + k] = (0..cols).map(|c| jm[i * cols + c] * j[k * cols + c]).sum();
        }
    }
    gamma
}

/// `‖a − b‖∞ / max(‖b‖∞, tiny)`.
pub fn relative_error(a: &[f64], b: &[f64]) -> f64 {
    let scale = b.iter().fold(0.0f64, |m, x| m.max(x.abs())).max(1e-300);
    a.iter()
        .zip(b)
        .fold(0.0f64, |m, (x, y)| m.max((x - y).abs()))
        / scale
}

/// Whether Γ is positive definite with a Cholesky pivot ratio above `1e-8` (condition number
/// roughly below 1e8): the problems on which "the" solution is well defined.
pub fn is_well_posed(gamma: &[f64], n: usize) -> bool {
    let mut l = gamma.to_vec();
    let largest = (0..n).map(|i| gamma[i * n + i]).fold(0.0f64, f64::max);
    for j in 0..n {
        let mut d = l[j * n + j];
        for k in 0..j {
            d -= l[j * n + k] * l[j * n + k];
        }
        if d.is_nan() || d <= 1e-8 * largest {
            return false;
        }
        let d = d.sqrt();
        l[j * n + j] = d;
        for i in j + 1..n {
            let mut s = l[i * n + j];
            for k in 0..j {
                s -= l[i * n + k] * l[j * n + k];
            }
            l[i * n + j] = s / d;
        }
    }
    true
}

/// A random problem as [`random_problem`], redrawn until [`is_well_posed`]; also returns how
/// many draws were rejected.
pub fn well_posed_problem(
    rng: &mut Rng,
    rows: usize,
    mass_ratio: f64,
    mix: Mix,
) -> (Problem, usize) {
    let mut rejected = 0;
    loop {
        let p = random_problem(rng, rows, mass_ratio, mix);
        if is_well_posed(&p.gamma, p.n) {
            return (p, rejected);
        }
        rejected += 1;
    }
}
