//! One output line, to semihosting on the target and to stdout on the host.

#[cfg(target_os = "none")]
pub(crate) fn line(args: core::fmt::Arguments<'_>) {
    cortex_m_semihosting::hprintln!("{}", args);
}

#[cfg(not(target_os = "none"))]
pub(crate) fn line(args: core::fmt::Arguments<'_>) {
    std::println!("{args}");
}

/// Prints `value <name> <bits as hex>`: CI compares these lines between host and target, so a
/// check can prove that both produce the bit-identical result.
#[allow(
    dead_code,
    reason = "used by the checks of crates that print comparable values"
)]
pub(crate) fn value(name: &str, bits: u64) {
    line(format_args!("value {name} {bits:016x}"));
}
