//! xform: 3D f32 similarity transforms (compose, inverse, apply to a point) against glam's
//! `Affine3A` (SIMD 3x4 affine) and nalgebra's `Similarity3` (unit quaternion + translation +
//! scale), on the same random transforms and points, in one run.
//!
//! Every workload maps a batch of `BATCH` inputs to a batch of outputs, so the numbers are
//! throughput per operation with the inputs in memory, as in a transform hierarchy update.
use core::hint::black_box;

use xform::{Quaternion, Rotation, Transform, Transform3A, UnitQuaternion, Vector};

use crate::table::{Table, ns, ratio};

/// Operations per timed batch.
pub const BATCH: usize = 1024;

/// The same transforms and points in the three libraries.
#[derive(Debug, Clone)]
pub struct Workload {
    /// xform transforms.
    pub xform: Vec<Transform<f32, 3>>,
    /// Second operands for composition.
    pub xform_b: Vec<Transform<f32, 3>>,
    /// The same transforms in xform's padded layout.
    pub packed: Vec<Transform3A<f32>>,
    /// Second operands, padded.
    pub packed_b: Vec<Transform3A<f32>>,
    /// xform points.
    pub points: Vec<Vector<f32, 3>>,
    /// glam transforms.
    pub glam: Vec<glam::Affine3A>,
    /// glam second operands.
    pub glam_b: Vec<glam::Affine3A>,
    /// glam points.
    pub glam_points: Vec<glam::Vec3>,
    /// nalgebra transforms.
    pub na: Vec<nalgebra::Similarity3<f32>>,
    /// nalgebra second operands.
    pub na_b: Vec<nalgebra::Similarity3<f32>>,
    /// nalgebra points.
    pub na_points: Vec<nalgebra::Point3<f32>>,
    /// The transforms' rotations as xform unit quaternions, then the second operands'.
    pub quats: [Vec<UnitQuaternion<f32>>; 2],
    /// The same rotations as glam quaternions.
    pub glam_quats: [Vec<glam::Quat>; 2],
    /// The same rotations as nalgebra unit quaternions.
    pub na_quats: [Vec<nalgebra::UnitQuaternion<f32>>; 2],
}

/// A small deterministic generator (xorshift), so every run times the same inputs.
fn uniform(state: &mut u64) -> f32 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    ((*state >> 40) as f32 / (1u64 << 24) as f32) * 2.0 - 1.0
}

fn random_transform(
    s: &mut u64,
) -> (
    Transform<f32, 3>,
    glam::Affine3A,
    nalgebra::Similarity3<f32>,
) {
    let q = Quaternion::new(uniform(s), uniform(s), uniform(s), uniform(s) + 0.1).normalize();
    let t = Vector([uniform(s) * 10.0, uniform(s) * 10.0, uniform(s) * 10.0]);
    let scale = 1.0 + 0.5 * uniform(s);
    let x = Transform::new(t, Rotation::from_quaternion(&q), scale);
    let gq = glam::Quat::from_xyzw(q.x, q.y, q.z, q.w);
    let g = glam::Affine3A::from_scale_rotation_translation(
        glam::Vec3::splat(scale),
        gq,
        glam::Vec3::from(t.0),
    );
    let nq =
        nalgebra::UnitQuaternion::from_quaternion(nalgebra::Quaternion::new(q.w, q.x, q.y, q.z));
    let n =
        nalgebra::Similarity3::from_parts(nalgebra::Translation3::new(t[0], t[1], t[2]), nq, scale);
    (x, g, n)
}

impl Workload {
    /// `BATCH` random transforms, second operands and points.
    pub fn new() -> Self {
        let mut s = 0x9E37_79B9_7F4A_7C15u64;
        let (mut xform, mut glam, mut na) = (vec![], vec![], vec![]);
        let (mut xform_b, mut glam_b, mut na_b) = (vec![], vec![], vec![]);
        let (mut points, mut glam_points, mut na_points) = (vec![], vec![], vec![]);
        for _ in 0..BATCH {
            let (x, g, n) = random_transform(&mut s);
            xform.push(x);
            glam.push(g);
            na.push(n);
            let (x, g, n) = random_transform(&mut s);
            xform_b.push(x);
            glam_b.push(g);
            na_b.push(n);
            let p = [
                uniform(&mut s) * 5.0,
                uniform(&mut s) * 5.0,
                uniform(&mut s) * 5.0,
            ];
            points.push(Vector(p));
            glam_points.push(glam::Vec3::from(p));
            na_points.push(nalgebra::Point3::new(p[0], p[1], p[2]));
        }
        let packed = xform.iter().map(Transform3A::from_transform).collect();
        let packed_b = xform_b.iter().map(Transform3A::from_transform).collect();
        let quats = [&na, &na_b].map(|v| {
            v.iter()
                .map(|n| {
                    let q = n.isometry.rotation.quaternion();
                    UnitQuaternion::new_unchecked(Quaternion::new(q.w, q.i, q.j, q.k))
                })
                .collect::<Vec<_>>()
        });
        let glam_quats = [&na, &na_b].map(|v| {
            v.iter()
                .map(|n| {
                    let q = n.isometry.rotation.quaternion();
                    glam::Quat::from_xyzw(q.i, q.j, q.k, q.w)
                })
                .collect::<Vec<_>>()
        });
        let na_quats = [&na, &na_b].map(|v| v.iter().map(|n| n.isometry.rotation).collect());
        Self {
            xform,
            xform_b,
            packed,
            packed_b,
            points,
            glam,
            glam_b,
            glam_points,
            na,
            na_b,
            na_points,
            quats,
            glam_quats,
            na_quats,
        }
    }

    /// Largest difference between the three libraries' results (a sanity check that the
    /// timed code computes the same thing).
    pub fn max_disagreement(&self) -> f32 {
        let mut worst = 0.0f32;
        for i in 0..BATCH {
            let p = self.xform[i]
                .compose(&self.xform_b[i])
                .apply_point(&self.points[i]);
            let g = (self.glam[i] * self.glam_b[i]).transform_point3(self.glam_points[i]);
            let n = (self.na[i] * self.na_b[i]).transform_point(&self.na_points[i]);
            for k in 0..3 {
                worst = worst.max((p[k] - g[k]).abs()).max((p[k] - n[k]).abs());
            }
            let q = self.packed[i]
                .compose(&self.packed_b[i])
                .apply_point(&self.points[i]);
            for k in 0..3 {
                worst = worst.max((q[k] - g[k]).abs());
            }
            let inv = self.xform[i].inverse().apply_point(&self.points[i]);
            let pinv = self.packed[i].inverse().apply_point(&self.points[i]);
            let ginv = self.glam[i].inverse().transform_point3(self.glam_points[i]);
            for k in 0..3 {
                worst = worst
                    .max((inv[k] - ginv[k]).abs())
                    .max((pinv[k] - ginv[k]).abs());
            }
        }
        worst
    }

    /// Largest difference between the three libraries' quaternion products on this batch.
    pub fn max_quaternion_disagreement(&self) -> f32 {
        let mut worst = 0.0f32;
        for i in 0..BATCH {
            let x = (self.quats[0][i] * self.quats[1][i]).quaternion();
            let g = self.glam_quats[0][i] * self.glam_quats[1][i];
            let n = (self.na_quats[0][i] * self.na_quats[1][i]).into_inner();
            for (a, (b, c)) in [x.w, x.x, x.y, x.z].into_iter().zip([
                (g.w, n.w),
                (g.x, n.i),
                (g.y, n.j),
                (g.z, n.k),
            ]) {
                worst = worst.max((a - b).abs()).max((a - c).abs());
            }
        }
        worst
    }
}

/// xform: the quaternion product of the batch pairwise.
pub fn xform_quaternion_product(w: &Workload, out: &mut [UnitQuaternion<f32>]) {
    for ((o, a), b) in out.iter_mut().zip(&w.quats[0]).zip(&w.quats[1]) {
        *o = *a * *b;
    }
}

/// glam: the quaternion product of the batch pairwise.
pub fn glam_quaternion_product(w: &Workload, out: &mut [glam::Quat]) {
    for ((o, a), b) in out.iter_mut().zip(&w.glam_quats[0]).zip(&w.glam_quats[1]) {
        *o = *a * *b;
    }
}

/// nalgebra: the quaternion product of the batch pairwise.
pub fn na_quaternion_product(w: &Workload, out: &mut [nalgebra::UnitQuaternion<f32>]) {
    for ((o, a), b) in out.iter_mut().zip(&w.na_quats[0]).zip(&w.na_quats[1]) {
        *o = *a * *b;
    }
}

impl Default for Workload {
    fn default() -> Self {
        Self::new()
    }
}

/// xform: compose the batch pairwise.
pub fn xform_compose(w: &Workload, out: &mut [Transform<f32, 3>]) {
    for ((o, a), b) in out.iter_mut().zip(&w.xform).zip(&w.xform_b) {
        *o = *a * *b;
    }
}

/// xform `Transform3A`: compose the batch pairwise.
pub fn packed_compose(w: &Workload, out: &mut [Transform3A<f32>]) {
    for ((o, a), b) in out.iter_mut().zip(&w.packed).zip(&w.packed_b) {
        *o = *a * *b;
    }
}

/// glam: compose the batch pairwise.
pub fn glam_compose(w: &Workload, out: &mut [glam::Affine3A]) {
    for ((o, a), b) in out.iter_mut().zip(&w.glam).zip(&w.glam_b) {
        *o = *a * *b;
    }
}

/// nalgebra: compose the batch pairwise.
pub fn na_compose(w: &Workload, out: &mut [nalgebra::Similarity3<f32>]) {
    for ((o, a), b) in out.iter_mut().zip(&w.na).zip(&w.na_b) {
        *o = *a * *b;
    }
}

/// xform: invert the batch.
pub fn xform_inverse(w: &Workload, out: &mut [Transform<f32, 3>]) {
    for (o, a) in out.iter_mut().zip(&w.xform) {
        *o = a.inverse();
    }
}

/// xform `Transform3A`: invert the batch.
pub fn packed_inverse(w: &Workload, out: &mut [Transform3A<f32>]) {
    for (o, a) in out.iter_mut().zip(&w.packed) {
        *o = a.inverse();
    }
}

/// glam: invert the batch.
pub fn glam_inverse(w: &Workload, out: &mut [glam::Affine3A]) {
    for (o, a) in out.iter_mut().zip(&w.glam) {
        *o = a.inverse();
    }
}

/// nalgebra: invert the batch.
pub fn na_inverse(w: &Workload, out: &mut [nalgebra::Similarity3<f32>]) {
    for (o, a) in out.iter_mut().zip(&w.na) {
        *o = a.inverse();
    }
}

/// xform: apply each transform to its point.
pub fn xform_apply(w: &Workload, out: &mut [Vector<f32, 3>]) {
    for ((o, a), p) in out.iter_mut().zip(&w.xform).zip(&w.points) {
        *o = a.apply_point(p);
    }
}

/// xform `Transform3A`: apply each transform to its point.
pub fn packed_apply(w: &Workload, out: &mut [Vector<f32, 3>]) {
    for ((o, a), p) in out.iter_mut().zip(&w.packed).zip(&w.points) {
        *o = a.apply_point(p);
    }
}

/// glam: apply each transform to its point.
pub fn glam_apply(w: &Workload, out: &mut [glam::Vec3]) {
    for ((o, a), p) in out.iter_mut().zip(&w.glam).zip(&w.glam_points) {
        *o = a.transform_point3(*p);
    }
}

/// nalgebra: apply each transform to its point.
pub fn na_apply(w: &Workload, out: &mut [nalgebra::Point3<f32>]) {
    for ((o, a), p) in out.iter_mut().zip(&w.na).zip(&w.na_points) {
        *o = a.transform_point(p);
    }
}

/// Times the three libraries on compose, inverse and apply, and returns the markdown table.
pub fn report(mode: &crate::Mode) -> String {
    let w = Workload::new();
    let budget = crate::measure::budget(mode.full);
    let per_op = |ns_batch: f64| ns_batch / BATCH as f64;
    let mut xt = vec![Transform::identity(); BATCH];
    let mut pt = vec![Transform3A::identity(); BATCH];
    let mut gt = vec![glam::Affine3A::IDENTITY; BATCH];
    let mut nt = vec![nalgebra::Similarity3::identity(); BATCH];
    let mut xp = vec![Vector::zeros(); BATCH];
    let mut gp = vec![glam::Vec3::ZERO; BATCH];
    let mut np = vec![nalgebra::Point3::origin(); BATCH];
    let mut xq = vec![UnitQuaternion::identity(); BATCH];
    let mut gq = vec![glam::Quat::IDENTITY; BATCH];
    let mut nq = vec![nalgebra::UnitQuaternion::identity(); BATCH];

    let time = |f: &mut dyn FnMut()| per_op(crate::measure::ns_per_call(budget, f));
    // The machine is shared: measure the three libraries in interleaved rounds and keep each
    // one's fastest round, so a burst of load on the other core does not decide a ratio.
    let rounds = if mode.full { 11 } else { 7 };
    let mut best = [[f64::INFINITY; 4]; 3];
    // Transform3A / glam in each round, per operation: the spread beside the verdict.
    let mut round_ratios: [Vec<f64>; 3] = Default::default();
    // The quaternion product: xform, glam, nalgebra.
    let mut quat_best = [f64::INFINITY; 3];
    let mut quat_ratios = Vec::new();
    for _ in 0..rounds {
        let q = [
            time(&mut || xform_quaternion_product(black_box(&w), black_box(&mut xq))),
            time(&mut || glam_quaternion_product(black_box(&w), black_box(&mut gq))),
            time(&mut || na_quaternion_product(black_box(&w), black_box(&mut nq))),
        ];
        quat_ratios.push(q[0] / q[1]);
        for (b, t) in quat_best.iter_mut().zip(q) {
            *b = b.min(t);
        }
        let round = [
            [
                time(&mut || xform_compose(black_box(&w), black_box(&mut xt))),
                time(&mut || packed_compose(black_box(&w), black_box(&mut pt))),
                time(&mut || glam_compose(black_box(&w), black_box(&mut gt))),
                time(&mut || na_compose(black_box(&w), black_box(&mut nt))),
            ],
            [
                time(&mut || xform_inverse(black_box(&w), black_box(&mut xt))),
                time(&mut || packed_inverse(black_box(&w), black_box(&mut pt))),
                time(&mut || glam_inverse(black_box(&w), black_box(&mut gt))),
                time(&mut || na_inverse(black_box(&w), black_box(&mut nt))),
            ],
            [
                time(&mut || xform_apply(black_box(&w), black_box(&mut xp))),
                time(&mut || packed_apply(black_box(&w), black_box(&mut xp))),
                time(&mut || glam_apply(black_box(&w), black_box(&mut gp))),
                time(&mut || na_apply(black_box(&w), black_box(&mut np))),
            ],
        ];
        for (ratios, r) in round_ratios.iter_mut().zip(&round) {
            ratios.push(r[1] / r[2]);
        }
        for (b, r) in best.iter_mut().zip(round) {
            for (x, y) in b.iter_mut().zip(r) {
                *x = x.min(y);
            }
        }
    }
    // Targets of issue 20 for the vectorised layout against glam.
    let rows = [
        ("compose `a * b`", best[0], 1.2, &round_ratios[0]),
        ("inverse", best[1], 1.0, &round_ratios[1]),
        ("apply to a point", best[2], 1.1, &round_ratios[2]),
    ];

    let mut table = Table::new([
        "3D f32, per operation",
        "xform Transform",
        "xform Transform3A",
        "glam Affine3A",
        "nalgebra Similarity3",
        "Transform / glam",
        "Transform3A / glam (rounds min–max)",
        "Transform3A / nalgebra",
        "target (Transform3A / glam)",
    ]);
    for (name, [x, p, g, n], target, ratios) in rows {
        let lo = ratios.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = ratios.iter().copied().fold(0.0, f64::max);
        table.row([
            name.to_string(),
            ns(x),
            ns(p),
            ns(g),
            ns(n),
            ratio(x / g),
            format!("{} ({lo:.2}–{hi:.2})", ratio(p / g)),
            ratio(p / n),
            if p / g <= target && hi <= target {
                format!("<= {target} met")
            } else if p / g <= target {
                format!("<= {target} met in the fastest rounds, within noise")
            } else {
                format!("<= {target} NOT met")
            },
        ]);
    }
    let [qx, qg, qn] = quat_best;
    let (qlo, qhi) = quat_ratios
        .iter()
        .fold((f64::INFINITY, 0.0f64), |(lo, hi), &r| {
            (lo.min(r), hi.max(r))
        });
    let mut quat_table = Table::new([
        "3D f32, per operation",
        "xform UnitQuaternion",
        "glam Quat",
        "nalgebra UnitQuaternion",
        "xform / glam (rounds min–max)",
        "xform / nalgebra",
        "target (xform / glam, issue 31)",
    ]);
    quat_table.row([
        "quaternion product `p * q`".to_string(),
        ns(qx),
        ns(qg),
        ns(qn),
        format!("{} ({qlo:.2}–{qhi:.2})", ratio(qx / qg)),
        ratio(qx / qn),
        if qx / qg <= 1.0 && qhi <= 1.0 {
            "<= 1 met".to_string()
        } else if qx / qg <= 1.0 {
            "<= 1 met in the fastest rounds, within noise".to_string()
        } else {
            "<= 1 NOT met".to_string()
        },
    ]);
    format!(
        "Batches of {BATCH} random similarity transforms (scale, rotation, translation) and \
         points, time per operation (fastest of {rounds} interleaved rounds), all three \
         libraries in the same run. `Transform3A` is xform's padded, 16-byte aligned layout of \
         the same 3D similarity (columns of s·R and t in four lanes, 64 bytes in f32), with the \
         `simd` feature (explicit 4-lane SIMD through `wide`'s safe types); `Transform<f32, 3>` is the general N-dimensional type. The largest \
         disagreement between the libraries' results on this batch is {:.1e}.\n\n{}\n\
         The rotations of the same batch as unit quaternions, multiplied pairwise in the same \
         rounds (largest disagreement {:.1e}):\n\n{}",
        w.max_disagreement(),
        table.to_markdown(),
        w.max_quaternion_disagreement(),
        quat_table.to_markdown()
    )
}
