//! The parallel step (`World::step_parallel`) against the sequential one on every core the
//! machine has: rayon pools of 1, 2, 4, 8 and 16 threads (those the machine has), each
//! scene built afresh per run, rounds interleaved. Two scenes: many islands (64 separate
//! piles of 100 spheres on one floor) and one large island (a pile of 4 000 spheres in a
//! box). Every parallel run must end in the sequential run's state, bit for bit.
#![allow(clippy::std_instead_of_core, reason = "host-only benchmark")]

use std::time::Instant;

use solver::cwlist::Growable;
use solver::world::{Phase, World};

use crate::Mode;
use crate::measure::{Ratio, Rounds, Verdict};
use crate::table::{Table, ratio_spread};

/// Steps run before the clock starts (the piles fall and first touch), then steps timed.
const WARM: usize = 20;

/// A scene of the section: its name and its builder.
type Scene = (&'static str, fn() -> World<f64, Growable>);

fn scenes() -> [Scene; 2] {
    [
        (
            "64 separate piles of 100 spheres",
            crate::world::separate_piles,
        ),
        ("one pile of 4 000 spheres in a box", || {
            crate::world::our_world::<Growable>(4000, crate::world::settings()).1
        }),
    ]
}

/// The thread counts measured: 1, 2, 4, 8, 16 up to the machine's, and the machine's.
fn thread_counts() -> Vec<usize> {
    let most = std::thread::available_parallelism().map_or(1, usize::from);
    let mut counts: Vec<usize> = [1, 2, 4, 8, 16]
        .into_iter()
        .filter(|&n| n <= most)
        .collect();
    if counts.last() != Some(&most) {
        counts.push(most);
    }
    counts
}

/// Runs `steps` timed steps after [`WARM`]; returns seconds, the final state hash, the time
/// per phase (s, summed) and the CPU time the process used while timed (s).
fn run(build: fn() -> World<f64, Growable>, steps: usize, parallel: bool) -> Timed {
    let mut world = build();
    for _ in 0..WARM {
        if parallel {
            world.step_parallel().expect("step");
        } else {
            world.step().expect("step");
        }
    }
    let mut phases = [0.0; Phase::ALL.len()];
    let cpu = crate::pairs::process_cpu_ns();
    let start = Instant::now();
    let mut islands = 0;
    for _ in 0..steps {
        let mut last = Instant::now();
        let mut k = 0;
        let mut ended = |_| {
            let now = Instant::now();
            phases[k] += (now - last).as_secs_f64();
            (last, k) = (now, k + 1);
        };
        let report = if parallel {
            world.step_parallel_observed(&mut ended)
        } else {
            world.step_observed(&mut [], &mut ended)
        };
        islands = report.expect("step").awake_islands;
    }
    let seconds = start.elapsed().as_secs_f64();
    let cpu = match (cpu, crate::pairs::process_cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 * 1e-9,
        _ => f64::NAN,
    };
    Timed {
        seconds,
        hash: world.state_hash(),
        phases,
        cpu,
        islands,
    }
}

struct Timed {
    seconds: f64,
    hash: u64,
    phases: [f64; Phase::ALL.len()],
    cpu: f64,
    islands: usize,
}

/// The report section.
#[must_use]
pub fn report(mode: &Mode) -> String {
    let steps = if mode.full { 120 } else { 60 };
    let rounds = if mode.full { 5 } else { 3 };
    let counts = thread_counts();
    let pools: Vec<rayon::ThreadPool> = counts
        .iter()
        .map(|&n| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build()
                .expect("thread pool")
        })
        .collect();
    let mut md = format!(
        "**Every core.** `World::step_parallel` in rayon pools of {counts:?} threads against `World::step` on one, {WARM} steps to start, then {steps} steps timed, fastest of {rounds} interleaved rounds, a fresh scene each run ({} logical CPUs). A speed-up is the sequential time over the parallel one, with the range over single rounds; \"CPUs busy\" is the process's CPU time over the wall time of the fastest parallel round. Targets: ≥ 1.8x on 2 threads, ≥ 6x on 8 or more.\n\n",
        std::thread::available_parallelism().map_or(0, usize::from),
    );
    let mut table = Table::new([
        "scene",
        "awake islands",
        "step (1 thread, sequential)",
        "threads",
        "step (parallel)",
        "speed-up",
        "CPUs busy",
        "target",
        "same bits",
    ]);
    let mut profiles = Vec::new();
    for (name, build) in scenes() {
        let mut sequential = Rounds::default();
        let mut parallel: Vec<Rounds> = vec![Rounds::default(); counts.len()];
        let mut busy = vec![0.0_f64; counts.len()];
        let mut same = vec![true; counts.len()];
        let (mut islands, mut seq_phases) = (0, [0.0; Phase::ALL.len()]);
        let mut par_phases = [0.0; Phase::ALL.len()];
        for _ in 0..rounds {
            let one = run(build, steps, false);
            if sequential.0.iter().all(|&t| one.seconds < t) {
                seq_phases = one.phases;
            }
            sequential.0.push(one.seconds);
            islands = one.islands;
            for (i, pool) in pools.iter().enumerate() {
                let many = pool.install(|| run(build, steps, true));
                same[i] &= many.hash == one.hash;
                if parallel[i].0.iter().all(|&t| many.seconds < t) {
                    busy[i] = many.cpu / many.seconds;
                    if i + 1 == pools.len() {
                        par_phases = many.phases;
                    }
                }
                parallel[i].0.push(many.seconds);
            }
        }
        for (i, &n) in counts.iter().enumerate() {
            let speedup = Ratio::of(&sequential, &parallel[i]);
            let target = match n {
                2 => speedup.at_least(1.8).to_string(),
                n if n >= 8 => speedup.at_least(6.0).to_string(),
                _ => "—".to_string(),
            };
            table.row([
                if i == 0 {
                    name.to_string()
                } else {
                    String::new()
                },
                if i == 0 {
                    islands.to_string()
                } else {
                    String::new()
                },
                if i == 0 {
                    ms(sequential.best() / steps as f64)
                } else {
                    String::new()
                },
                n.to_string(),
                ms(parallel[i].best() / steps as f64),
                ratio_spread(&speedup),
                format!("{:.2}", busy[i]),
                target,
                Verdict::check(same[i]).to_string(),
            ]);
        }
        profiles.push((name, seq_phases, par_phases));
    }
    md.push_str(&table.to_markdown());
    let most = counts.last().copied().unwrap_or(1);
    md.push_str(&format!(
        "\nWhere the time goes: each phase per step, sequential and on {most} threads (fastest round); a phase that does not shrink runs on one thread.\n\n"
    ));
    let mut header = vec!["scene".to_string(), "run".to_string()];
    header.extend(Phase::ALL.iter().map(|p| format!("{p:?}").to_lowercase()));
    let mut phases = Table::new(header);
    for (name, seq, par) in profiles {
        for (label, times) in [
            ("sequential".to_string(), seq),
            (format!("{most} threads"), par),
        ] {
            let mut row = vec![name.to_string(), label];
            row.extend(
                times
                    .iter()
                    .map(|t| format!("{:.3}", t * 1e3 / steps as f64)),
            );
            phases.row(row);
        }
    }
    md.push_str(&phases.to_markdown());
    md.push('\n');
    md
}

fn ms(s: f64) -> String {
    format!("{:.2} ms", s * 1e3)
}
