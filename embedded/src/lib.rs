//! Support shared by the harness binaries: output to semihosting or stdout ([`out`]), the
//! deterministic instruction counter and stack painter ([`meter`]), the f32 functions whose
//! disassembly CI checks ([`probe`]), and the scenes whose cost and state hash are measured on
//! the target and compared with the host ([`scenes`]).
//!
//! The binaries: `embedded` (the checks of every crate, `cargo target-checks`), `costs` (the
//! README's cost table, `scripts/target-costs`), `chain` (the firmware-shaped 1 kHz chain run,
//! `cargo target-chain`) and `profile` (one chain step between markers,
//! `scripts/target-profile`).
#![no_std]

#[cfg(not(target_os = "none"))]
extern crate std;

#[cfg(feature = "multibody")]
pub mod articulated;
pub mod meter;
pub mod out;
pub mod probe;
#[cfg(feature = "solver")]
pub mod scenes;
