//! The harness of the no-NaN-laundering tests of `xform` (`tests/nonfinite_all.rs`) and
//! `rotint` (`rotint/tests/nonfinite.rs`, which includes this file by path).
//!
//! Each entry builds its inputs through a [`P`], which hands out jittered base values (random
//! per proptest case) and replaces the `target`-th scalar it hands out with the bad value. An
//! entry is first run clean (its output must be finite, so the check can fail), its scalars are
//! counted, then each one is poisoned in turn with NaN, `+∞` and `-∞`. The output (its `Debug`
//! string) must then show NaN/∞ or an `Err`, or match the entry's [`Kind`].
use core::panic::AssertUnwindSafe;
use std::panic::catch_unwind;
use std::path::{Path, PathBuf};

/// Hands out input scalars, poisoning the `target`-th. Each test adds its own builders in an
/// `impl P` block.
pub(crate) struct P {
    target: usize,
    count: usize,
    bad: f64,
    rng: u64,
}

impl P {
    pub(crate) fn new(seed: u64, target: usize, bad: f64) -> Self {
        Self {
            target,
            count: 0,
            bad,
            rng: seed | 1,
        }
    }
    /// Uniform in [-0.1, 0.1), xorshift64.
    pub(crate) fn jitter(&mut self) -> f64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        ((self.rng >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 0.2
    }
    /// A scalar exactly as given, poisoned if it is the target.
    pub(crate) fn raw(&mut self, x: f64) -> f64 {
        let i = self.count;
        self.count += 1;
        if i == self.target { self.bad } else { x }
    }
    /// A free scalar near `x`.
    pub(crate) fn s(&mut self, x: f64) -> f64 {
        let j = self.jitter();
        self.raw(x + j)
    }
}

/// What a poisoned input may give besides NaN/∞ in the output or an `Err`.
#[derive(Clone, Copy, PartialEq)]
#[allow(dead_code, reason = "not every test uses every kind")]
pub(crate) enum Kind {
    /// Nothing else.
    Strict,
    /// The clean output (the poisoned scalar is not read, by contract).
    Partial,
    /// A panic (documented in the function's `# Panics`).
    Panics,
    /// The clean output or a panic.
    PartialPanics,
}

/// One public function (or a few named together): its name, as `Type::a/b rest` groups
/// separated by `, `, its kind and its evaluation, formatted with `Debug`.
pub(crate) type Entry = (&'static str, Kind, fn(&mut P) -> String);

/// An [`Entry`] from a closure over `P`.
#[macro_export]
macro_rules! e {
    ($name:literal, $kind:ident, |$p:ident| $body:expr) => {
        ($name, Kind::$kind, |$p: &mut P| format!("{:?}", $body))
    };
    ($name:literal, |$p:ident| $body:expr) => {
        e!($name, Strict, |$p| $body)
    };
}

/// Tokens of a `Debug` string that show a poisoned value.
pub(crate) fn poisoned(s: &str) -> bool {
    s.starts_with("Err(")
        || s.contains(" Err(")
        || s.contains("(Err(")
        || s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
            .any(|t| t == "NaN" || t == "inf")
}

/// The output of one run (`None` if it panicked) and the number of scalars it read.
pub(crate) fn run(
    f: fn(&mut P) -> String,
    seed: u64,
    target: usize,
    bad: f64,
) -> (Option<String>, usize) {
    let mut p = P::new(seed, target, bad);
    let out = catch_unwind(AssertUnwindSafe(|| f(&mut p))).ok();
    (out, p.count)
}

/// Every entry's first failure, one line each.
pub(crate) fn check_all(entries: &[Entry], seed: u64) -> Result<(), String> {
    // The documented panics would print a message each; keep the output readable.
    std::panic::set_hook(Box::new(|_| {}));
    let failures: Vec<String> = entries
        .iter()
        .filter_map(|&(name, kind, f)| check(seed, name, kind, f).err())
        .collect();
    let _ = std::panic::take_hook();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

fn check(seed: u64, name: &str, kind: Kind, f: fn(&mut P) -> String) -> Result<(), String> {
    let (clean, n) = run(f, seed, usize::MAX, 0.0);
    let clean = clean.ok_or_else(|| format!("{name}: panicked on clean input"))?;
    if poisoned(&clean) {
        return Err(format!("{name}: clean input gave {clean}"));
    }
    if n == 0 {
        return Err(format!("{name}: reads no scalar"));
    }
    for target in 0..n {
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let (out, _) = run(f, seed, target, bad);
            let ok = match &out {
                None => matches!(kind, Kind::Panics | Kind::PartialPanics),
                Some(s) => {
                    poisoned(s)
                        || (matches!(kind, Kind::Partial | Kind::PartialPanics) && *s == clean)
                }
            };
            if !ok {
                return Err(format!(
                    "{name}: input scalar {target} = {bad} gave {} (clean: {clean})",
                    out.as_deref().unwrap_or("a panic")
                ));
            }
        }
    }
    Ok(())
}

/// The harness itself: a laundering function is caught (so the property can fail).
pub(crate) fn assert_the_check_catches_a_laundering_function() {
    let launder: fn(&mut P) -> String = |p| format!("{:?}", p.s(1.0).max(0.0));
    let (clean, n) = run(launder, 7, usize::MAX, 0.0);
    assert_eq!(n, 1);
    let (out, _) = run(launder, 7, 0, f64::NAN);
    let out = out.unwrap();
    assert!(!poisoned(&out) && out != clean.unwrap());
}

/// Every `pub fn` under `src`, as `Type::name` (the type of the enclosing `impl`) or
/// `module::name` for a free function.
pub(crate) fn public_functions(src: &Path) -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }
    let mut files = Vec::new();
    walk(src, &mut files);
    let mut names = Vec::new();
    for file in files {
        let module = file.file_stem().unwrap().to_string_lossy().into_owned();
        let mut ty: Option<String> = None;
        for line in std::fs::read_to_string(&file).unwrap().lines() {
            if let Some(rest) = line.strip_prefix("impl") {
                // `impl<...> Type<...> {` or `impl<...> Trait for Type<...> {`.
                let mut head = rest.rsplit(" for ").next().unwrap_or(rest);
                if rest == head && head.starts_with('<') {
                    let mut depth = 0;
                    for (i, c) in head.char_indices() {
                        depth += match c {
                            '<' => 1,
                            '>' => -1,
                            _ => 0,
                        };
                        if depth == 0 {
                            head = &head[i + 1..];
                            break;
                        }
                    }
                }
                ty = head
                    .trim_start()
                    .split(|c: char| !c.is_alphanumeric() && c != '_')
                    .next()
                    .map(str::to_owned);
            } else if let Some(rest) = public_fn(line) {
                names.push(format!("{module}::{rest}"));
            } else if let (Some(rest), Some(t)) = (public_fn(line.trim_start()), &ty) {
                names.push(format!("{t}::{rest}"));
            }
        }
    }
    names
}

/// The name of the function a `pub fn` or `pub const fn` line declares.
fn public_fn(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix("pub fn ")
        .or_else(|| line.strip_prefix("pub const fn "))?;
    rest.split(['(', '<']).next()
}

/// The public functions under `src` named by no entry and not in `no_float_input`; `known`
/// must be found (the parser sees the crate).
pub(crate) fn missing_entries(
    entries: &[Entry],
    no_float_input: &[&str],
    src: &Path,
    known: &[&str],
) -> Vec<String> {
    let named: Vec<String> = entries
        .iter()
        .flat_map(|e| e.0.split(", "))
        .filter_map(|group| {
            let (ty, fns) = group.split(' ').next()?.split_once("::")?;
            Some(fns.split('/').map(move |f| format!("{ty}::{f}")))
        })
        .flatten()
        .collect();
    let all = public_functions(src);
    for k in known {
        assert!(all.iter().any(|n| n == k), "{k} not found by the parser");
    }
    all.into_iter()
        .filter(|n| !named.contains(n) && !no_float_input.contains(&n.as_str()))
        .collect()
}
