//! The seed's big example: count the distinct pairs of 1..=2^17 whose sum is even.
//!
//! `cargo run --release -p rtphys-pairs --example even_sums` prints 4294901760 and the time taken.
//! With `--features rayon` it also runs the parallel form.
#![allow(clippy::std_instead_of_core, reason = "host example")]

use pairs::distinct_pairs;
use std::time::Instant;

fn main() {
    let v: Vec<u32> = (1..=1 << 17).collect();
    // Even sum: both odd or both even, so 2 * C(2^16, 2) = 2^16 (2^16 - 1).
    let expected: u64 = (1 << 16) * ((1 << 16) - 1);

    let start = Instant::now();
    let count = distinct_pairs(&v)
        .filter(|(a, b)| (*a + *b) % 2 == 0)
        .fold(0u64, |c, _| c + 1);
    let took = start.elapsed();
    println!("{count}");
    println!(
        "distinct pairs of {} values: {} pairs visited in {took:.2?}",
        v.len(),
        distinct_pairs(&v).len_u128()
    );
    assert_eq!(count, expected, "the seed's output is 4294901760");

    #[cfg(feature = "rayon")]
    {
        use rayon::prelude::*;
        let start = Instant::now();
        let par = pairs::par_distinct_pairs(&v)
            .filter(|(a, b)| (*a + *b) % 2 == 0)
            .count() as u64;
        println!("rayon: {par} in {:.2?}", start.elapsed());
        assert_eq!(par, expected);
    }
}
