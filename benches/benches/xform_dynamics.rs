//! Criterion: the global dynamics of a 100k-node hierarchy (3D f32) against the static walk
//! over the same tree, and the reverse (global-to-local) walk.
use core::hint::black_box;

use benches::xform_dynamics::{NODES, Shape, Workload, dynamic_walk, reverse_walk, static_walk};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

fn walks(c: &mut Criterion) {
    for shape in [Shape::Near, Shape::Anywhere] {
        let w = Workload::new(NODES, shape);
        let tree = w.tree();
        let mut fixed = w.fixed.clone();
        let mut global = w.dynamic.clone();
        let mut local = w.dynamic.clone();
        let mut g = c.benchmark_group(format!("xform dynamics 100k hierarchy, {}", shape.name()));
        g.throughput(Throughput::Elements(NODES as u64));
        g.sample_size(20);
        g.bench_function("static walk", |b| {
            b.iter(|| static_walk(&tree, black_box(&w), &mut fixed))
        });
        g.bench_function("dynamic walk", |b| {
            b.iter(|| dynamic_walk(&tree, black_box(&w), &mut global))
        });
        g.bench_function("reverse walk", |b| {
            b.iter(|| reverse_walk(&tree, black_box(&global), &mut local))
        });
        g.finish();
    }
}

criterion_group!(benches, walks);
criterion_main!(benches);
