//! One output line, to semihosting on the target and to stdout on the host.

/// Prints one line: through semihosting on the target, to stdout on the host.
#[cfg(target_os = "none")]
pub fn line(args: core::fmt::Arguments<'_>) {
    cortex_m_semihosting::hprintln!("{}", args);
}

/// Prints one line: through semihosting on the target, to stdout on the host.
#[cfg(not(target_os = "none"))]
pub fn line(args: core::fmt::Arguments<'_>) {
    std::println!("{args}");
}

/// Prints `value <name> <bits as hex>`: CI compares these lines between host and target, so a
/// check can prove that both produce the bit-identical result.
pub fn value(name: &str, bits: u64) {
    line(format_args!("value {name} {bits:016x}"));
}
