//! Support shared by the harness binaries: output to semihosting or stdout ([`out`]), the
//! deterministic instruction counter and stack painter ([`meter`]), and the scenes whose
//! cost and state hash are measured on the target and compared with the host ([`scenes`]).
#![no_std]

#[cfg(not(target_os = "none"))]
extern crate std;

pub mod meter;
pub mod out;
pub mod probe;
#[cfg(feature = "solver")]
pub mod scenes;
