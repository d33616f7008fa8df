//! On-target harness: runs representative checks of every library crate, on an emulated
//! Cortex-M4F under QEMU (`cargo target-checks`) and on the host (`cargo run -p embedded`),
//! so the two can be compared line by line.
//!
//! Each check prints its name before it runs; the run ends with `N passed, N failed` and
//! exits non-zero on a failed check. On the target a panic (panic-semihosting) or a hard
//! fault also ends the run with a failure exit code.
#![cfg_attr(target_os = "none", no_std, no_main)]

mod check;
mod checks;

use embedded::out;

/// Runs every check group, printing as it goes; returns the number of failures.
fn run_all() -> usize {
    let (mut passed, mut failed) = (0usize, 0usize);
    for group in checks::GROUPS {
        for (name, check) in group.checks {
            out::line(format_args!("check {}::{} ...", group.name, name));
            match check() {
                Ok(()) => {
                    passed += 1;
                    out::line(format_args!("  ok"));
                }
                Err(failure) => {
                    failed += 1;
                    out::line(format_args!("  FAILED: {failure}"));
                }
            }
        }
    }
    out::line(format_args!("{passed} passed, {failed} failed"));
    failed
}

#[cfg(not(target_os = "none"))]
fn main() {
    let failed = run_all();
    std::process::exit(if failed == 0 { 0 } else { 1 });
}

#[cfg(target_os = "none")]
#[allow(
    unsafe_code,
    reason = "cortex-m-rt's #[entry] and #[exception] export symbols by name, which is unsafe to the linter"
)]
mod target {
    use cortex_m_rt::{ExceptionFrame, entry, exception};
    use cortex_m_semihosting::debug::{self, EXIT_FAILURE, EXIT_SUCCESS};
    use panic_semihosting as _;

    #[entry]
    fn main() -> ! {
        let failed = crate::run_all();
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
        crate::out::line(format_args!("HARD FAULT: {frame:?}"));
        debug::exit(EXIT_FAILURE);
        #[allow(clippy::empty_loop)]
        loop {}
    }
}
