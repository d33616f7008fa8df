//! The two FPU instructions stable `core` does not reach for `f32` without `std`.
//!
//! Compiled only for targets whose FPU is FPv4-SP or later (`cfg(fpu_vfp4)`, set by the build
//! script), which have both instructions in every implementation.
//!
//! Rust 1.95 refuses floating-point register operands in `asm!` on these targets (its check
//! asks for the double-precision `vfp2` feature, which an FPv4-SP lacks; rust-lang/rust#159988
//! relaxes it in a later release), but it accepts them as clobbers (`out("s15") _`), which
//! reach LLVM as such (`~{s15}` in the constraint string). So the operands travel in core
//! registers and the block names the `S` registers it overwrites: one `vmov` per operand
//! and one for the result around the arithmetic instruction, no memory and no stack. (The
//! first version saved and restored those registers itself: 7 and 15 instructions.)
#![allow(
    unsafe_code,
    reason = "inline assembly of two FPU instructions; see SAFETY below"
)]

use core::arch::asm;

/// `vsqrt.f32`: IEEE square root, correctly rounded in the FPSCR's rounding mode.
#[inline(always)]
pub(crate) fn sqrt(x: f32) -> f32 {
    let bits: u32;
    // SAFETY: only registers are touched: `s15` is declared clobbered, so the compiler keeps
    // nothing there across the block; `vmov` and `vsqrt.f32` read and write no memory and no
    // stack, and change only FPSCR's cumulative exception bits, not the condition flags. The
    // targets this module is built for (build.rs) all have an FPU with `vsqrt.f32`.
    unsafe {
        asm!(
            "vmov s15, {x}",
            "vsqrt.f32 s15, s15",
            "vmov {y}, s15",
            x = in(reg) x.to_bits(),
            y = lateout(reg) bits,
            out("s15") _,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    f32::from_bits(bits)
}

/// `vfma.f32`: `x·a + b` with one rounding.
#[inline(always)]
pub(crate) fn mul_add(x: f32, a: f32, b: f32) -> f32 {
    let bits: u32;
    // SAFETY: as for `sqrt`: `s13`–`s15` are declared clobbered, only registers are touched,
    // and only FPSCR's cumulative exception bits change. `vfma.f32 Sd, Sn, Sm` computes
    // `Sd + Sn·Sm` into `Sd`; FPv4-SP and later (the only targets this module is built for)
    // implement it.
    unsafe {
        asm!(
            "vmov s13, {b}",
            "vmov s14, {x}",
            "vmov s15, {a}",
            "vfma.f32 s13, s14, s15",
            "vmov {y}, s13",
            x = in(reg) x.to_bits(),
            a = in(reg) a.to_bits(),
            b = in(reg) b.to_bits(),
            y = lateout(reg) bits,
            out("s13") _,
            out("s14") _,
            out("s15") _,
            options(pure, nomem, nostack, preserves_flags),
        );
    }
    f32::from_bits(bits)
}
