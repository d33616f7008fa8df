//! One step of the 20-link chain (f32, 1 kHz) between two marker calls, for a flat
//! instruction profile from QEMU's execution log (`scripts/target-profile`). The markers are
//! unmangled functions the script finds in the log; everything executed between them is the
//! step, and the calls of a third marker as each phase ends split it by phase. On the host
//! it only runs the step.
#![cfg_attr(target_os = "none", no_std, no_main)]

use embedded::{out, scenes};

/// Steps run before the profiled one (the first steps differ from later ones only slightly),
/// unless `PROFILE_WARM` at build time says otherwise (step 41 is the first with a Newton
/// iteration of the position projection).
fn warm() -> usize {
    option_env!("PROFILE_WARM")
        .and_then(|s| s.parse().ok())
        .unwrap_or(10)
}

#[allow(
    unsafe_code,
    reason = "#[no_mangle] names the marker for the profile script"
)]
mod markers {
    /// Called right before the profiled step.
    #[unsafe(no_mangle)]
    #[inline(never)]
    pub(crate) extern "C" fn profile_begin() {
        // Distinct bodies, so the linker cannot fold the two markers into one address.
        core::hint::black_box(1u32);
    }

    /// Called as each phase of the step ends (`World::step_observed`), for the profile by
    /// phase.
    #[unsafe(no_mangle)]
    #[inline(never)]
    pub(crate) extern "C" fn profile_mark() {
        core::hint::black_box(3u32);
    }

    /// Called right after the profiled step.
    #[unsafe(no_mangle)]
    #[inline(never)]
    pub(crate) extern "C" fn profile_end() {
        core::hint::black_box(2u32);
    }
}

fn run() -> usize {
    let mut world = match scenes::chain::<f32>() {
        Ok(w) => w,
        Err(e) => {
            out::line(format_args!("profile: scene rejected: {e}"));
            return 1;
        }
    };
    for _ in 0..warm() {
        if world.step().is_err() {
            return 1;
        }
    }
    markers::profile_begin();
    let r = world.step_observed(&mut [], &mut |_| markers::profile_mark());
    markers::profile_end();
    out::line(format_args!(
        "profile: step {} ok: {}",
        warm() + 1,
        r.is_ok()
    ));
    usize::from(r.is_err())
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
