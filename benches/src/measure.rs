//! Wall-clock timing for the report: median of batches, robust enough for ratios measured in
//! one run (criterion does the careful statistics in `cargo bench`).
use core::hint::black_box;
use std::time::{Duration, Instant};

/// Median time of one call of `f`, in nanoseconds, measured over about `budget`.
///
/// The batch size is calibrated so that one batch takes about a twentieth of the budget;
/// the median over the batches discards outliers from the other core's load.
pub fn ns_per_call<R>(budget: Duration, mut f: impl FnMut() -> R) -> f64 {
    let mut batch = 1u64;
    let target = budget / 20;
    loop {
        let start = Instant::now();
        for _ in 0..batch {
            black_box(f());
        }
        let took = start.elapsed();
        if took >= target / 4 || batch >= 1 << 40 {
            let per_call = took.as_secs_f64() / batch as f64;
            batch = ((target.as_secs_f64() / per_call.max(1e-12)) as u64).max(1);
            break;
        }
        batch *= 4;
    }
    let mut samples: Vec<f64> = (0..15)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..batch {
                black_box(f());
            }
            start.elapsed().as_secs_f64() * 1e9 / batch as f64
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

/// The timing budget per measured function: short for the quick report, longer for `--full`.
pub fn budget(full: bool) -> Duration {
    if full {
        Duration::from_millis(1500)
    } else {
        Duration::from_millis(150)
    }
}
