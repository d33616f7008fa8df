//! Criterion: 3D f32 similarity transforms, xform against glam `Affine3A` and nalgebra
//! `Similarity3`: compose, inverse and apply over a batch of random inputs.
use core::hint::black_box;

use benches::xform::{
    BATCH, Workload, glam_apply, glam_compose, glam_inverse, na_apply, na_compose, na_inverse,
    xform_apply, xform_compose, xform_inverse,
};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xform::{Transform, Vector};

fn transforms(c: &mut Criterion) {
    let w = Workload::new();
    let mut xt = vec![Transform::identity(); BATCH];
    let mut gt = vec![glam::Affine3A::IDENTITY; BATCH];
    let mut nt = vec![nalgebra::Similarity3::identity(); BATCH];
    let mut xp = vec![Vector::zeros(); BATCH];
    let mut gp = vec![glam::Vec3::ZERO; BATCH];
    let mut np = vec![nalgebra::Point3::origin(); BATCH];

    let mut g = c.benchmark_group("xform 3D f32 compose");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function("xform Transform", |b| {
        b.iter(|| xform_compose(black_box(&w), &mut xt))
    });
    g.bench_function("glam Affine3A", |b| {
        b.iter(|| glam_compose(black_box(&w), &mut gt))
    });
    g.bench_function("nalgebra Similarity3", |b| {
        b.iter(|| na_compose(black_box(&w), &mut nt))
    });
    g.finish();

    let mut g = c.benchmark_group("xform 3D f32 inverse");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function("xform Transform", |b| {
        b.iter(|| xform_inverse(black_box(&w), &mut xt))
    });
    g.bench_function("glam Affine3A", |b| {
        b.iter(|| glam_inverse(black_box(&w), &mut gt))
    });
    g.bench_function("nalgebra Similarity3", |b| {
        b.iter(|| na_inverse(black_box(&w), &mut nt))
    });
    g.finish();

    let mut g = c.benchmark_group("xform 3D f32 apply");
    g.throughput(Throughput::Elements(BATCH as u64));
    g.bench_function("xform Transform", |b| {
        b.iter(|| xform_apply(black_box(&w), &mut xp))
    });
    g.bench_function("glam Affine3A", |b| {
        b.iter(|| glam_apply(black_box(&w), &mut gp))
    });
    g.bench_function("nalgebra Similarity3", |b| {
        b.iter(|| na_apply(black_box(&w), &mut np))
    });
    g.finish();
}

criterion_group!(benches, transforms);
criterion_main!(benches);
