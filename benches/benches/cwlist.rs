//! Criterion: the seed's three experiments at one representative size each: pure traversal
//! and accumulate of 100 000 64-byte values in Random order (cwlist vs LinkedList), and
//! sorted insertion of 2 000 random 256-byte values (cwlist vs LinkedList vs Vec).
use core::hint::black_box;

use benches::cwlist::{
    Order, accumulate_cw, accumulate_std, build_cw, build_std, random_keys, sorted_insert_cw,
    sorted_insert_std, sorted_insert_vec, traverse_cw, traverse_std,
};
use criterion::{Criterion, criterion_group, criterion_main};

fn traversal(c: &mut Criterion) {
    let n = 100_000;
    let cw = build_cw::<u32, 64>(n, Order::Random);
    let st = build_std::<64>(n, Order::Random);
    let mut g = c.benchmark_group("cwlist 1e5 x 64 B, Random order");
    g.bench_function("pure traversal: cwlist", |b| {
        b.iter(|| traverse_cw(black_box(&cw)))
    });
    g.bench_function("pure traversal: LinkedList", |b| {
        b.iter(|| traverse_std(black_box(&st)))
    });
    g.bench_function("accumulate: cwlist", |b| {
        b.iter(|| accumulate_cw(black_box(&cw)))
    });
    g.bench_function("accumulate: LinkedList", |b| {
        b.iter(|| accumulate_std(black_box(&st)))
    });
    g.finish();
}

fn sorted_insertion(c: &mut Criterion) {
    let keys = random_keys(2_000);
    let mut g = c.benchmark_group("cwlist sorted insertion 2000 x 256 B");
    g.sample_size(10);
    g.bench_function("cwlist", |b| {
        b.iter(|| sorted_insert_cw::<u16, 256>(black_box(&keys)))
    });
    g.bench_function("LinkedList", |b| {
        b.iter(|| sorted_insert_std::<256>(black_box(&keys)))
    });
    g.bench_function("Vec", |b| {
        b.iter(|| sorted_insert_vec::<256>(black_box(&keys)))
    });
    g.finish();
}

criterion_group!(benches, traversal, sorted_insertion);
criterion_main!(benches);
