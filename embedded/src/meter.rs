//! The cost of one call on the emulated Cortex-M4F: retired instructions and peak stack.
//!
//! # Instructions
//! QEMU's `-icount shift=S` retires every guest instruction in exactly `2^S` ns of *virtual*
//! time, and the board's timers (CMSDK APB timers on mps2-an386, clocked at 25 MHz = 40 ns
//! per tick) run on that virtual clock. So a timer difference is an instruction count:
//! `instructions = ticks · 40 / 2^S`. With `S = 10` (1024 ns per instruction, 25.6 ticks per
//! instruction) the rounding error of one reading is below 0.04 instruction, so the rounded
//! count is exact — the harness checks that on a block of 1000 `nop`s before it measures
//! anything, and refuses to run otherwise (no `-icount`, a different shift, another board).
//! Nothing depends on the host's load: two runs print the same numbers.
//!
//! Timer 0 (32 bits, full rate) gives the fine count; it wraps after 2^32 ticks, about
//! 168 M instructions, so the dual timer's first counter runs beside it at 1/256 of the rate
//! and tells how many times it wrapped.
//!
//! The counted instructions are those between the two timer reads, minus the same reading of
//! an empty call (the calibration): the call itself, its prologue and epilogue are counted,
//! the reads are not.
//!
//! DWT's cycle counter is not modelled by QEMU (it reads 0) and SysTick has 24 bits (it
//! wraps every 655 k instructions at `S = 10`), which is why the CMSDK timers are used.
//!
//! # Stack
//! Before the call the harness paints the stack below the caller's stack pointer with a
//! pattern (in one `asm!` block, so painting needs no stack of its own); after it, the
//! lowest word that no longer holds the pattern is the deepest the call went. The figure is
//! the bytes below the caller's stack pointer, i.e. everything the call and its callees
//! pushed. A callee that happens to store the pattern itself at its very deepest word
//! would be under-reported by those words; the pattern is chosen to be an unlikely value
//! (it is a NaN as f32 and an odd misaligned address).
//!
//! On the host there is no counter: [`Meter::new`] returns `None`.

/// The `-icount shift` the runner must use (`.cargo/config.toml`, `scripts/target-costs`).
pub const ICOUNT_SHIFT: u32 = 10;

/// Nanoseconds per timer tick (the board's 25 MHz peripheral clock).
pub const NS_PER_TICK: u64 = 40;
/// The dual timer's counter runs at 1/256 of the fine timer's rate.
pub const COARSE_PRESCALE: u64 = 256;

/// Timer ticks between two readings `(coarse, fine)` of the two down-counters: the fine
/// difference modulo 2^32, with the number of wraps taken from the coarse difference.
///
/// Exact while the coarse counter itself has not wrapped (2^40 ticks: about 43·10⁹
/// instructions at `ICOUNT_SHIFT = 10`); the coarse estimate is within 256 ticks of the true
/// count, far inside the 2^31 that picking the number of wraps tolerates.
///
/// # Example
/// ```
/// use embedded::meter::ticks;
/// // 5·2^32 + 7 ticks: the fine counter wrapped five times, the coarse one says so.
/// let n: u64 = 5 * (1 << 32) + 7;
/// let (c0, f0) = (u32::MAX, u32::MAX);
/// let (c1, f1) = (c0.wrapping_sub((n / 256) as u32), f0.wrapping_sub(n as u32));
/// assert_eq!(ticks((c0, f0), (c1, f1)), n);
/// ```
#[must_use]
pub fn ticks((c0, f0): (u32, u32), (c1, f1): (u32, u32)) -> u64 {
    let fine = u64::from(f0.wrapping_sub(f1));
    let coarse = u64::from(c0.wrapping_sub(c1)) * COARSE_PRESCALE;
    let wraps = (coarse.saturating_sub(fine) + (1 << 31)) >> 32;
    fine + (wraps << 32)
}

// One tick is 40/1024 of an instruction: the rounding error of a difference (at most one
// tick at each end) stays far below half an instruction.
const _: () = assert!(2 * NS_PER_TICK < (1 << ICOUNT_SHIFT) / 2);

/// Instructions in `ticks` timer ticks: `ticks · 40 / 2^ICOUNT_SHIFT`, rounded to nearest.
///
/// # Example
/// ```
/// use embedded::meter::instructions;
/// // 1000 instructions are 1 024 000 ns of virtual time, 25 600 ticks of 40 ns.
/// assert_eq!(instructions(25_600), 1000);
/// assert_eq!(instructions(25_599), 1000); // one tick short still rounds to 1000
/// ```
#[must_use]
pub fn instructions(ticks: u64) -> u64 {
    let half = 1u64 << (ICOUNT_SHIFT - 1);
    (ticks * NS_PER_TICK + half) >> ICOUNT_SHIFT
}

/// What one call cost.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Cost {
    /// Retired instructions of the call (calibrated: the measuring itself is subtracted).
    pub instructions: u64,
    /// Bytes of stack below the caller's stack pointer that the call touched.
    pub stack: usize,
    /// Whether the call touched the lowest painted word (then `stack` is a lower bound).
    pub stack_overflowed_paint: bool,
}

/// Why the counter cannot be trusted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MeterError {
    /// A block of exactly 1000 instructions did not count as 1000 (the figure it gave):
    /// QEMU runs without `-icount shift=10`, or on a board whose timers differ.
    NotExact(u64),
}

impl core::fmt::Display for MeterError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::NotExact(n) => write!(
                f,
                "a block of 1000 instructions counted as {n}: run under `qemu-system-arm \
                 -machine mps2-an386 -icount shift={ICOUNT_SHIFT}`"
            ),
        }
    }
}

impl core::error::Error for MeterError {}

#[cfg(target_os = "none")]
pub use target::Meter;

#[cfg(not(target_os = "none"))]
pub use host::Meter;

#[cfg(not(target_os = "none"))]
mod host {
    use super::{Cost, MeterError};

    /// No instruction counter on the host: [`Meter::new`] gives `Ok(None)`.
    #[derive(Debug)]
    pub struct Meter(());

    impl Meter {
        /// `Ok(None)`: the host has no deterministic counter.
        ///
        /// # Errors
        /// Never on the host.
        pub fn new(_paint_bytes: usize) -> Result<Option<Self>, MeterError> {
            Ok(None)
        }

        /// Unreachable on the host (no `Meter` exists there); runs `f` and reports zero.
        pub fn measure(&self, f: &mut dyn FnMut()) -> Cost {
            f();
            Cost {
                instructions: 0,
                stack: 0,
                stack_overflowed_paint: false,
            }
        }
    }
}

#[cfg(target_os = "none")]
#[allow(
    unsafe_code,
    reason = "memory-mapped timer registers and painting the free stack need raw pointers and asm"
)]
mod target {
    use super::{Cost, MeterError, instructions, ticks};
    use core::ptr::{read_volatile, write_volatile};

    /// CMSDK APB timer 0 of mps2-an386 (AN386 keeps AN385's peripheral map).
    const TIMER0: usize = 0x4000_0000;
    /// CMSDK APB dual timer, counter 1.
    const DUALTIMER1: usize = 0x4000_2000;
    /// Painted into the free stack: a NaN as f32, an odd address.
    const PATTERN: u32 = 0xA5C3_5A3D;

    unsafe extern "C" {
        /// End of `.bss`/`.uninit` (cortex-m-rt's link script): the stack must stay above it.
        static __sheap: u32;
    }

    /// Counts instructions and paints the stack; see the [module docs](super).
    #[derive(Debug)]
    pub struct Meter {
        overhead: u64,
        paint_bytes: usize,
    }

    #[inline(always)]
    fn read() -> (u32, u32) {
        // SAFETY: fixed device registers of the board, read-only access.
        unsafe {
            let coarse = read_volatile((DUALTIMER1 + 4) as *const u32);
            let fine = read_volatile((TIMER0 + 4) as *const u32);
            (coarse, fine)
        }
    }

    /// Paints `[max(sp - bytes, heap start), sp)` and returns `(sp, lowest painted)`.
    #[inline(always)]
    fn paint(bytes: usize) -> (usize, usize) {
        let floor = (&raw const __sheap) as usize;
        let sp: usize;
        // SAFETY: reads the stack pointer only.
        unsafe {
            core::arch::asm!("mov {}, sp", out(reg) sp, options(nomem, nostack, preserves_flags));
        }
        let lo = (sp.saturating_sub(bytes).max(floor) + 3) & !3;
        if lo < sp {
            // SAFETY: the words between the heap start and the stack pointer belong to no
            // one (no interrupts run, no heap); the loop itself uses registers only.
            unsafe {
                core::arch::asm!(
                    "2:",
                    "str {pat}, [{p}], #4",
                    "cmp {p}, {end}",
                    "blo 2b",
                    p = inout(reg) lo => _,
                    end = in(reg) sp,
                    pat = in(reg) PATTERN,
                    options(nostack),
                );
            }
        }
        (sp, lo)
    }

    /// Lowest word in `[lo, sp)` that lost the pattern: bytes used below `sp`.
    fn deepest(sp: usize, lo: usize) -> (usize, bool) {
        let mut p = lo;
        // SAFETY: the same words that `paint` wrote.
        while p < sp && unsafe { read_volatile(p as *const u32) } == PATTERN {
            p += 4;
        }
        (sp - p, p == lo && lo < sp)
    }

    impl Meter {
        /// Starts the timers, calibrates the empty call and checks that a block of 1000
        /// instructions counts as exactly 1000. Paints `paint_bytes` of stack per call.
        ///
        /// # Errors
        /// [`MeterError::NotExact`] when the count is not exact (no `-icount shift=10`).
        pub fn new(paint_bytes: usize) -> Result<Option<Self>, MeterError> {
            // SAFETY: fixed device registers; nothing else uses these timers.
            unsafe {
                write_volatile(TIMER0 as *mut u32, 0); // stop
                write_volatile((TIMER0 + 8) as *mut u32, u32::MAX); // reload
                write_volatile((TIMER0 + 4) as *mut u32, u32::MAX); // value
                write_volatile(TIMER0 as *mut u32, 1); // enable, no interrupt
                write_volatile((DUALTIMER1 + 8) as *mut u32, 0);
                write_volatile(DUALTIMER1 as *mut u32, u32::MAX); // load
                // enable | free-running | prescale /256 | 32-bit | wrapping
                write_volatile((DUALTIMER1 + 8) as *mut u32, 0x80 | (0b10 << 2) | 0x02);
            }
            let mut meter = Self {
                overhead: 0,
                paint_bytes,
            };
            meter.overhead = meter.measure(&mut || {}).instructions;
            let block = meter.measure(&mut || {
                // SAFETY: 1000 `nop`s.
                unsafe { core::arch::asm!(".rept 1000", "nop", ".endr", options(nomem, nostack)) }
            });
            if block.instructions != 1000 {
                return Err(MeterError::NotExact(block.instructions));
            }
            Ok(Some(meter))
        }

        /// Instructions and peak stack of one call of `f`.
        #[inline(never)]
        pub fn measure(&self, f: &mut dyn FnMut()) -> Cost {
            let f = core::hint::black_box(f);
            let (sp, lo) = paint(self.paint_bytes);
            core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
            let t0 = read();
            f();
            let t1 = read();
            core::sync::atomic::compiler_fence(core::sync::atomic::Ordering::SeqCst);
            let (stack, overflowed) = deepest(sp, lo);
            Cost {
                instructions: instructions(ticks(t0, t1)).saturating_sub(self.overhead),
                stack,
                stack_overflowed_paint: overflowed,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{COARSE_PRESCALE, ICOUNT_SHIFT, NS_PER_TICK, instructions, ticks};
    use proptest::prelude::*;

    /// The two down-counters as QEMU's timers show them at virtual time `t` ns, started at
    /// `start` ns with the given initial values: whole ticks elapsed, floor or ceiling.
    fn reading(t: u64, start: u64, (c_init, f_init): (u32, u32), ceil: bool) -> (u32, u32) {
        let elapsed = t - start;
        let fine = if ceil {
            elapsed.div_ceil(NS_PER_TICK)
        } else {
            elapsed / NS_PER_TICK
        };
        let coarse = elapsed / (NS_PER_TICK * COARSE_PRESCALE);
        (
            c_init.wrapping_sub(coarse as u32),
            f_init.wrapping_sub(fine as u32),
        )
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// Any number of instructions up to 2^35 (far beyond the fine timer's 168 M
        /// instruction wrap, inside the coarse one's 43·10⁹), any start, any initial counter values and either rounding of
        /// partial ticks: the count comes back exactly.
        #[test]
        fn counts_are_exact(
            n in 0u64..(1 << 35),
            before in 0u64..(1 << 30),
            start in 0u64..(1 << 20),
            init in (any::<u32>(), any::<u32>()),
            ceil in any::<bool>(),
        ) {
            let ns = 1u64 << ICOUNT_SHIFT;
            let t0 = start + before * ns;
            let t1 = t0 + n * ns;
            let r0 = reading(t0, start, init, ceil);
            let r1 = reading(t1, start, init, ceil);
            prop_assert_eq!(instructions(ticks(r0, r1)), n);
        }
    }

    /// Known values: 26 ticks are 1040 ns, one instruction; 25 600 ticks, 1000.
    #[test]
    fn known_counts() {
        assert_eq!(instructions(0), 0);
        assert_eq!(instructions(26), 1); // 1040 ns
        assert_eq!(instructions(25_600), 1000);
    }
}
