//! A firmware-shaped run: the 20-link chain in f32 and fixed storage, stepped 1000 times at
//! 1 kHz of simulated time (one second), as a control loop would step it — first the world's
//! (maximal coordinates, ball joints), then `multibody`'s (reduced coordinates, revolute
//! joints, implicit midpoint). On the target (QEMU, `-icount shift=10`) it prints each run's
//! instruction count summary per step — min, median, max — and the deepest stack of any
//! step; on the target and on the host it prints each final state hash as a `value` line,
//! which `scripts/target-costs` compares between the two.
//!
//! Run it with `scripts/ci-embedded` or
//! `cargo run --release -p embedded --bin chain --target thumbv7em-none-eabihf`.
#![cfg_attr(target_os = "none", no_std, no_main)]

use embedded::articulated::Chain;
use embedded::meter::{Cost, Meter};
use embedded::{out, scenes};

/// Steps of the run: one second at 1 kHz.
const STEPS: usize = 1000;
/// The budget for one step: 1 kHz on a 168 MHz Cortex-M4F at one cycle per instruction.
const STEP_BUDGET: u32 = 168_000;
/// The stack budget for one step.
const STACK_BUDGET: usize = 8 * 1024;
/// Stack budget of one multibody step (issue 35 asks ≤ 4 KiB for the ABA step).
const MULTIBODY_STACK_BUDGET: usize = 4 * 1024;

fn run() -> usize {
    let meter = match Meter::new(16 * 1024) {
        Ok(m) => m,
        Err(e) => {
            out::line(format_args!("chain: {e}"));
            return 1;
        }
    };
    let mut world = match scenes::chain::<f32>() {
        Ok(w) => w,
        Err(e) => {
            out::line(format_args!("chain: scene rejected: {e}"));
            return 1;
        }
    };
    let mut counts = [0u32; STEPS];
    let mut stack = 0usize;
    // Newton iterations of the position projection: in the first 100 steps and in all.
    let (mut newton_first, mut newton) = (0usize, 0usize);
    for (k, count) in counts.iter_mut().enumerate() {
        let mut result = Ok(());
        let mut step = || {
            result = world.step().map(|report| {
                newton += report.projection_iterations;
                if k < 100 {
                    newton_first += report.projection_iterations;
                }
            });
        };
        match &meter {
            Some(m) => {
                let c = m.measure(&mut step);
                *count = u32::try_from(c.instructions).unwrap_or(u32::MAX);
                stack = stack.max(c.stack);
            }
            None => step(),
        }
        if let Err(e) = result {
            out::line(format_args!("chain: step {k} failed: {e}"));
            return 1;
        }
    }
    let hash = world.state_hash();
    let tip = world.bodies()[scenes::CHAIN_LINKS - 1].position();
    out::line(format_args!(
        "chain: {STEPS} steps at 1 kHz, t = {} s, tip at ({:.4}, {:.4}, {:.4}) m, joint error {:.2e} m",
        world.time(),
        tip[0],
        tip[1],
        tip[2],
        world.max_joint_error()
    ));
    out::line(format_args!(
        "chain: projection iterations per step: {:.2} over the first 100 steps, {:.2} over all",
        newton_first as f64 / 100.0,
        newton as f64 / STEPS as f64
    ));
    if meter.is_some() {
        counts.sort_unstable();
        let (min, median, max) = (counts[0], counts[STEPS / 2], counts[STEPS - 1]);
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        out::line(format_args!(
            "chain: instructions per step min {min} median {median} max {max} (total {total}); \
             deepest stack {stack} B"
        ));
        out::line(format_args!(
            "chain: budget {STEP_BUDGET} instructions per step: {}; stack budget {STACK_BUDGET} B: {}",
            if max <= STEP_BUDGET { "met" } else { "NOT met" },
            if stack <= STACK_BUDGET {
                "met"
            } else {
                "NOT met"
            }
        ));
    }
    out::value("chain_1000_steps_hash", hash);
    run_multibody(meter.as_ref())
}

/// The same chain in reduced coordinates: 1000 implicit-midpoint steps at 1 kHz.
fn run_multibody(meter: Option<&Meter>) -> usize {
    let mut chain = match Chain::<f32>::new() {
        Ok(c) => c,
        Err(e) => {
            out::line(format_args!("multibody chain: tree rejected: {e}"));
            return 1;
        }
    };
    let releasable: f32 = (0..embedded::articulated::LINKS)
        .map(|i| 9.81 * (i as f32 + 0.5) * embedded::articulated::LINK_LENGTH as f32)
        .sum();
    let mut counts = [0u32; STEPS];
    let (mut stack, mut calls, mut unconverged, mut drift) = (0usize, 0usize, 0usize, 0.0f32);
    for (k, count) in counts.iter_mut().enumerate() {
        let mut result = Ok(());
        let mut step = || {
            result = chain.step(Chain::scheme()).map(|r| {
                calls += r.iterations;
                unconverged += usize::from(!r.converged);
            });
        };
        let cost = match meter {
            Some(m) => m.measure(&mut step),
            None => {
                step();
                Cost::default()
            }
        };
        *count = u32::try_from(cost.instructions).unwrap_or(u32::MAX);
        stack = stack.max(cost.stack);
        let energy = result.and_then(|()| chain.energy());
        match energy {
            Ok(e) => drift = drift.max(e.abs() / releasable),
            Err(e) => {
                out::line(format_args!("multibody chain: step {k} failed: {e}"));
                return 1;
            }
        }
    }
    out::line(format_args!(
        "multibody chain: {STEPS} steps at 1 kHz, t = {} s, root angle {:.4} rad, largest energy \
         change {:.3} % of the releasable energy, {:.2} ABA calls per step, {unconverged} \
         steps unconverged",
        chain.time,
        chain.q[0],
        100.0 * drift,
        calls as f32 / STEPS as f32,
    ));
    if meter.is_some() {
        counts.sort_unstable();
        let (min, median, max) = (counts[0], counts[STEPS / 2], counts[STEPS - 1]);
        out::line(format_args!(
            "multibody chain: instructions per step min {min} median {median} max {max}; \
             deepest stack {stack} B"
        ));
        out::line(format_args!(
            "multibody chain: budget {STEP_BUDGET} instructions per step: {}; stack budget \
             {MULTIBODY_STACK_BUDGET} B: {}",
            if max <= STEP_BUDGET { "met" } else { "NOT met" },
            if stack <= MULTIBODY_STACK_BUDGET {
                "met"
            } else {
                "NOT met"
            }
        ));
    }
    out::value("multibody_chain_1000_steps_hash", chain.state_hash());
    0
}

#[cfg(not(target_os = "none"))]
fn main() {
    std::process::exit(if run() == 0 { 0 } else { 1 });
}

#[cfg(target_os = "none")]
#[allow(
    unsafe_code,
    reason = "cortex-m-rt's #[entry] and #[exception] export symbols by name"
)]
mod target {
    use cortex_m_rt::{ExceptionFrame, entry, exception};
    use cortex_m_semihosting::debug::{self, EXIT_FAILURE, EXIT_SUCCESS};
    use panic_semihosting as _;

    #[entry]
    fn main() -> ! {
        let failed = crate::run();
        debug::exit(if failed == 0 {
            EXIT_SUCCESS
        } else {
            EXIT_FAILURE
        });
        #[allow(clippy::empty_loop)]
        loop {}
    }

    /// cortex-m-rt's default handler spins forever; report and fail instead.
    #[exception]
    unsafe fn HardFault(frame: &ExceptionFrame) -> ! {
        embedded::out::line(format_args!("HARD FAULT: {frame:?}"));
        debug::exit(EXIT_FAILURE);
        #[allow(clippy::empty_loop)]
        loop {}
    }
}
