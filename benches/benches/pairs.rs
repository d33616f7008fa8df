//! Criterion: the seed's even-sum count over distinct pairs (the `pairs` adapter, a nested
//! index loop, itertools' `tuple_combinations` and `combinations(2)`, rayon), and a mutable
//! pass over distinct pairs against a hand-written `split_at_mut` loop.
//!
//! `cargo bench -p benches --bench pairs`; filter with e.g. `-- "2^17"`.
#![allow(clippy::std_instead_of_core, reason = "host-only benchmark")]
use core::hint::black_box;
use std::time::Duration;

use benches::pairs::{
    CountFn, MutFn, combinations_count, nested_loop_count, pairs_count, pairs_for_loop_count,
    pairs_mut_for_each, pairs_mut_lending, par_pairs_count, split_at_mut_loop,
    tuple_combinations_count, values,
};
use criterion::{Criterion, SamplingMode, Throughput, criterion_group, criterion_main};

fn count_forms(c: &mut Criterion) {
    // 2^12 values (8386560 pairs): every form, including combinations(2), which allocates a
    // Vec per pair and would need minutes per run at the seed's size.
    let v = values(1 << 12);
    let mut g = c.benchmark_group("pairs even-sum count 2^12");
    g.throughput(Throughput::Elements((v.len() * (v.len() - 1) / 2) as u64));
    g.measurement_time(Duration::from_secs(3));
    let forms: [(&str, CountFn); 5] = [
        ("nested index loop", nested_loop_count),
        ("distinct_pairs filter count", pairs_count),
        ("distinct_pairs for loop", pairs_for_loop_count),
        ("itertools tuple_combinations", tuple_combinations_count),
        ("rayon par_distinct_pairs", par_pairs_count),
    ];
    for (name, f) in forms {
        g.bench_function(name, |b| b.iter(|| f(black_box(&v))));
    }
    // About 0.3 s per call: ten flat samples of one call each.
    g.sampling_mode(SamplingMode::Flat).sample_size(10);
    g.bench_function("itertools combinations(2)", |b| {
        b.iter(|| combinations_count(black_box(&v)));
    });
    g.finish();

    // The seed's size, 2^17 values (8589869056 pairs), seconds per call: ten flat samples.
    let v = values(1 << 17);
    let mut g = c.benchmark_group("pairs even-sum count 2^17");
    g.throughput(Throughput::Elements((v.len() * (v.len() - 1) / 2) as u64));
    g.sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(10));
    let forms: [(&str, CountFn); 4] = [
        ("nested index loop", nested_loop_count),
        ("distinct_pairs filter count", pairs_count),
        ("itertools tuple_combinations", tuple_combinations_count),
        ("rayon par_distinct_pairs", par_pairs_count),
    ];
    for (name, f) in forms {
        assert_eq!(f(&v), 4_294_901_760, "{name}: the seed's output");
        g.bench_function(name, |b| b.iter(|| f(black_box(&v))));
    }
    g.finish();
}

fn mutable_forms(c: &mut Criterion) {
    let mut v: Vec<u32> = (0..1u32 << 12)
        .map(|i| i.wrapping_mul(2_654_435_761))
        .collect();
    let mut g = c.benchmark_group("pairs mutable 2^12");
    g.throughput(Throughput::Elements((v.len() * (v.len() - 1) / 2) as u64));
    g.measurement_time(Duration::from_secs(3));
    let forms: [(&str, MutFn); 3] = [
        ("split_at_mut loop", split_at_mut_loop),
        ("for_each_distinct_pair_mut", pairs_mut_for_each),
        ("distinct_pairs_mut lending", pairs_mut_lending),
    ];
    for (name, f) in forms {
        g.bench_function(name, |b| b.iter(|| f(black_box(&mut v))));
    }
    g.finish();
}

criterion_group!(benches, count_forms, mutable_forms);
criterion_main!(benches);
