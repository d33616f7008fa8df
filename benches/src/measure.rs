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

/// The times of one contender over interleaved rounds (any unit), in round order.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Rounds(pub Vec<f64>);

impl Rounds {
    /// The fastest round (`NaN` with no rounds).
    pub fn best(&self) -> f64 {
        self.0.iter().copied().reduce(f64::min).unwrap_or(f64::NAN)
    }

    /// The median round (`NaN` with no rounds).
    pub fn median(&self) -> f64 {
        let mut v = self.0.clone();
        v.sort_by(f64::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or(f64::NAN)
    }

    /// Median round over fastest round (1 when every round took the same time).
    pub fn spread(&self) -> f64 {
        self.median() / self.best()
    }
}

/// Times each of `fs` round by round (`f₀, f₁, …, f₀, f₁, …`), `rounds` rounds sharing
/// `budget`, and returns each contender's time per call (ns) in every round. The batch size of
/// each contender is calibrated once, so that one batch takes its share of a round.
pub fn interleave(budget: Duration, rounds: usize, fs: &mut [&mut dyn FnMut()]) -> Vec<Rounds> {
    let per = budget.as_secs_f64() / (rounds.max(1) * fs.len().max(1)) as f64;
    let batches: Vec<u64> = fs
        .iter_mut()
        .map(|f| {
            let mut batch = 1u64;
            loop {
                let start = Instant::now();
                for _ in 0..batch {
                    f();
                }
                let took = start.elapsed().as_secs_f64();
                if took >= per / 4.0 || batch >= 1 << 30 {
                    break ((per / (took / batch as f64).max(1e-12)) as u64).max(1);
                }
                batch *= 4;
            }
        })
        .collect();
    let mut out = vec![Rounds::default(); fs.len()];
    for _ in 0..rounds {
        for (k, f) in fs.iter_mut().enumerate() {
            let start = Instant::now();
            for _ in 0..batches[k] {
                f();
            }
            out[k]
                .0
                .push(start.elapsed().as_secs_f64() * 1e9 / batches[k] as f64);
        }
    }
    out
}

/// A ratio `a / b` of two contenders timed in the same rounds: fastest round over fastest
/// round, and its spread, the smallest and largest round-by-round ratio (widened to contain
/// the fastest-over-fastest value, which may pair two different rounds).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Ratio {
    /// Fastest round of `a` over fastest round of `b`.
    pub value: f64,
    /// Smallest ratio of one round.
    pub min: f64,
    /// Largest ratio of one round.
    pub max: f64,
}

impl Ratio {
    /// `a / b` from rounds run interleaved (round `i` of `a` beside round `i` of `b`).
    pub fn of(a: &Rounds, b: &Rounds) -> Self {
        let value = a.best() / b.best();
        let (min, max) =
            a.0.iter()
                .zip(&b.0)
                .map(|(x, y)| x / y)
                .fold((value, value), |(lo, hi), r| (lo.min(r), hi.max(r)));
        Self { value, min, max }
    }

    /// The ratio of two runs' total wall times, with the smallest and largest ratio of one
    /// window (`ours[i]` beside `theirs[i]`: the same simulated second in both runs) as
    /// its spread.
    pub fn of_windows(ours: &[f64], theirs: &[f64]) -> Self {
        let total = |w: &[f64]| w.iter().sum::<f64>();
        let (min, max) = ours
            .iter()
            .zip(theirs)
            .map(|(a, b)| a / b)
            .fold((f64::INFINITY, 0.0f64), |(lo, hi), r| {
                (lo.min(r), hi.max(r))
            });
        Self {
            value: total(ours) / total(theirs),
            min,
            max,
        }
    }

    /// A figure without rounds (counts, or a single measurement): no spread.
    pub fn exact(value: f64) -> Self {
        Self {
            value,
            min: value,
            max: value,
        }
    }

    /// `b / a`: the speed-up when `a / b` is a time ratio.
    pub fn inverse(&self) -> Self {
        Self {
            value: 1.0 / self.value,
            min: 1.0 / self.max,
            max: 1.0 / self.min,
        }
    }

    /// The verdict on "ratio ≤ `threshold`": within noise when the threshold lies inside the
    /// spread.
    pub fn at_most(&self, threshold: f64) -> Verdict {
        if self.max <= threshold {
            Verdict::Met
        } else if self.min > threshold {
            Verdict::Missed
        } else {
            Verdict::WithinNoise
        }
    }

    /// The verdict on "ratio ≥ `threshold`": within noise when the threshold lies inside the
    /// spread.
    pub fn at_least(&self, threshold: f64) -> Verdict {
        if self.min >= threshold {
            Verdict::Met
        } else if self.max < threshold {
            Verdict::Missed
        } else {
            Verdict::WithinNoise
        }
    }
}

/// The verdict on a target.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    /// Met, over the whole spread.
    Met,
    /// Missed, over the whole spread.
    Missed,
    /// The threshold lies inside the spread of the measurement.
    WithinNoise,
}

impl Verdict {
    /// The verdict on a figure without noise (a count, an accuracy of a deterministic run).
    pub fn check(pass: bool) -> Self {
        if pass { Self::Met } else { Self::Missed }
    }
}

impl Verdict {
    /// The verdict as the report's tables mark a target: "met", "NOT met" (capitals, so a
    /// miss stands out) or "within noise".
    pub fn marked(self) -> &'static str {
        match self {
            Self::Met => "met",
            Self::Missed => "NOT met",
            Self::WithinNoise => "within noise",
        }
    }
}

impl core::fmt::Display for Verdict {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Self::Met => "met",
            Self::Missed => "missed",
            Self::WithinNoise => "within noise",
        })
    }
}

/// Calls `f` below a frame of `64 · (round mod 8)` bytes, so that successive rounds of a
/// contender run at eight stack positions: a figure kept as the fastest round then does not
/// depend on whether this process's stack happens to collide with its data modulo 4 KiB
/// (`shared/notes/benchmark-noise.md` measured 20–70 % swings from that alone).
pub fn at_stack_offset<R>(round: usize, f: &mut dyn FnMut() -> R) -> R {
    #[inline(never)]
    fn below<const PAD: usize, R>(f: &mut dyn FnMut() -> R) -> R {
        let pad = [0u8; PAD];
        black_box(&pad);
        f()
    }
    match round % 8 {
        0 => below::<0, R>(f),
        1 => below::<64, R>(f),
        2 => below::<128, R>(f),
        3 => below::<192, R>(f),
        4 => below::<256, R>(f),
        5 => below::<320, R>(f),
        6 => below::<384, R>(f),
        _ => below::<448, R>(f),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rounds(v: &[f64]) -> Rounds {
        Rounds(v.to_vec())
    }

    #[test]
    fn ratio_spread_is_the_range_of_round_ratios() {
        let r = Ratio::of(&rounds(&[10.0, 12.0, 11.0]), &rounds(&[5.0, 5.0, 4.0]));
        assert_eq!(r.value, 2.5);
        assert_eq!((r.min, r.max), (2.0, 2.75));
        let s = r.inverse();
        assert_eq!((s.value, s.min, s.max), (0.4, 1.0 / 2.75, 0.5));
    }

    #[test]
    fn verdicts_say_within_noise_when_the_threshold_is_inside_the_spread() {
        let r = Ratio {
            value: 1.9,
            min: 1.8,
            max: 2.1,
        };
        assert_eq!(r.at_most(2.0), Verdict::WithinNoise);
        assert_eq!(r.at_most(2.2), Verdict::Met);
        assert_eq!(r.at_most(1.7), Verdict::Missed);
        assert_eq!(r.at_least(2.0), Verdict::WithinNoise);
        assert_eq!(r.at_least(1.5), Verdict::Met);
        assert_eq!(r.at_least(2.5), Verdict::Missed);
        assert_eq!(Ratio::exact(1.0).at_most(1.0), Verdict::Met);
        assert_eq!(Verdict::check(false).to_string(), "missed");
        assert_eq!(Verdict::WithinNoise.to_string(), "within noise");
        assert_eq!(Verdict::Missed.marked(), "NOT met");
        let w = Ratio::of_windows(&[2.0, 6.0], &[1.0, 2.0]);
        assert_eq!((w.value, w.min, w.max), (8.0 / 3.0, 2.0, 3.0));
    }

    #[test]
    fn interleave_returns_one_time_per_round_and_contender() {
        let mut x = 0u64;
        let mut y = 0u64;
        let t = interleave(
            Duration::from_millis(20),
            4,
            &mut [&mut || x = black_box(x + 1), &mut || {
                for _ in 0..100 {
                    y = black_box(y + 1);
                }
            }],
        );
        assert_eq!(t.len(), 2);
        assert!(t.iter().all(|r| r.0.len() == 4 && r.best() > 0.0));
        assert!(t[1].best() > t[0].best());
    }
}
