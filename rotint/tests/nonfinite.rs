//! No NaN laundering: every public function of `rotint`, fed a NaN, `+∞` or `-∞` in any one
//! scalar of its input, returns NaN (or `±∞`) somewhere in its output, or an `Err` (every
//! fallible function here documents `Error::NonFinite` or the error named in its docs), or,
//! for `Partial` entries, the clean output (the poisoned scalar is not read by contract).
//! It never returns a plausible finite value.
//!
//! The harness is the one of `xform/tests/nonfinite.rs`: [`P`] hands out jittered base values
//! (random per proptest case) and replaces the `target`-th scalar with the bad value; the
//! clean run must be finite, then every scalar is poisoned in turn with NaN, `+∞`, `-∞`.
//!
//! Functions without a floating-point input are listed in [`NO_FLOAT_INPUT`] instead; a
//! second test parses `rotint/src` and fails if a `pub fn` is in neither list.
//!
//! **FUTURE AUTHORS: every new public function of `rotint` gets an entry in `ENTRIES` below.**
use core::panic::AssertUnwindSafe;
use std::panic::catch_unwind;

use proptest::prelude::*;
use rotint::magnus::{omega1, omega2, omega3, omega4};
use rotint::{
    BodyInertia, ExpMap, Frame, GyroScheme, MagnusTerms, Stepper, cubic_angle,
    cubic_angle_error_bound, magnus, matrix_exp, quat_exp, quat_exp_cubic, quat_exp_quintic,
};
use xform::{Matrix, Quaternion, Vector};

/// Hands out input scalars, poisoning the `target`-th.
struct P {
    target: usize,
    count: usize,
    bad: f64,
    rng: u64,
}

impl P {
    fn new(seed: u64, target: usize, bad: f64) -> Self {
        Self {
            target,
            count: 0,
            bad,
            rng: seed | 1,
        }
    }
    /// Uniform in [-0.1, 0.1), xorshift64.
    fn jitter(&mut self) -> f64 {
        self.rng ^= self.rng << 13;
        self.rng ^= self.rng >> 7;
        self.rng ^= self.rng << 17;
        ((self.rng >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 0.2
    }
    fn raw(&mut self, x: f64) -> f64 {
        let i = self.count;
        self.count += 1;
        if i == self.target { self.bad } else { x }
    }
    fn s(&mut self, x: f64) -> f64 {
        let j = self.jitter();
        self.raw(x + j)
    }
    fn v(&mut self, x: [f64; 3]) -> Vector<f64, 3> {
        Vector(x.map(|c| self.s(c)))
    }
    /// A unit quaternion near the rotation vector `rv`, each component poisonable.
    fn uq(&mut self, rv: [f64; 3]) -> Quaternion<f64> {
        let j = Vector(rv.map(|c| c + self.jitter()));
        Quaternion::from_array(
            Quaternion::from_rotation_vector(&j)
                .to_array()
                .map(|c| self.raw(c)),
        )
    }
    fn rot(&mut self, rv: [f64; 3]) -> Matrix<f64, 3, 3> {
        let j = Vector(rv.map(|c| c + self.jitter()));
        Matrix(
            xform::rodrigues::matrix_from_rotation_vector(&j)
                .0
                .map(|r| r.map(|c| self.raw(c))),
        )
    }
    /// A body inertia from poisonable principal moments (an `Err` if poisoned).
    fn inertia(&mut self) -> Result<BodyInertia<f64>, rotint::Error> {
        BodyInertia::try_from_principal(self.v([3.0, 5.0, 9.0]))
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// NaN/∞ somewhere in the output, or an `Err`.
    Strict,
    /// As `Strict`, or the clean output (the poisoned scalar is not read, by contract).
    Partial,
}

type Entry = (&'static str, Kind, fn(&mut P) -> String);

macro_rules! e {
    ($name:literal, $kind:ident, |$p:ident| $body:expr) => {
        ($name, Kind::$kind, |$p: &mut P| format!("{:?}", $body))
    };
    ($name:literal, |$p:ident| $body:expr) => {
        e!($name, Strict, |$p| $body)
    };
}

const W: [f64; 3] = [0.5, -1.0, 2.0];
const A: [f64; 3] = [0.3, 0.2, -0.4];
const TAU: [f64; 3] = [0.1, -0.3, 0.2];

fn stepper(frame: Frame, terms: MagnusTerms, map: ExpMap) -> Stepper<f64> {
    Stepper::new()
        .with_frame(frame)
        .with_terms(terms)
        .with_exp_map(map)
}

/// Every public function of `rotint` with a floating-point input. Add new ones here.
const ENTRIES: &[Entry] = &[
    // ---- exponential maps
    e!("ExpMap::quaternion Exact", |p| ExpMap::Exact
        .quaternion(p.v(W))),
    e!("ExpMap::quaternion TrigFreeCubic", |p| {
        ExpMap::TrigFreeCubic.quaternion(p.v(W))
    }),
    e!("ExpMap::quaternion TrigFreeQuintic", |p| {
        ExpMap::TrigFreeQuintic.quaternion(p.v(W))
    }),
    e!("exp_map::quat_exp", |p| quat_exp(p.v(W))),
    e!("exp_map::quat_exp small", |p| quat_exp(Vector([
        p.raw(1e-5),
        p.raw(0.0),
        p.raw(-2e-5)
    ]))),
    e!("exp_map::matrix_exp", |p| matrix_exp(p.v(W))),
    e!("exp_map::quat_exp_cubic", |p| quat_exp_cubic(p.v(W))),
    e!("exp_map::quat_exp_quintic", |p| quat_exp_quintic(p.v(W))),
    e!("exp_map::cubic_angle", |p| cubic_angle(p.s(0.5))),
    e!("exp_map::cubic_angle_error_bound", |p| {
        cubic_angle_error_bound(p.s(0.5))
    }),
    // ---- Magnus terms
    e!("magnus::omega1", |p| omega1(p.v(W), p.v(A), p.s(0.1))),
    e!("magnus::omega2", |p| omega2(
        p.v(W),
        p.v(A),
        p.s(0.1),
        Frame::Body
    )),
    e!("magnus::omega3", |p| omega3(p.v(W), p.v(A), p.s(0.1))),
    e!("magnus::omega4", |p| omega4(
        p.v(W),
        p.v(A),
        p.s(0.1),
        Frame::World
    )),
    e!("magnus::magnus One", |p| magnus(
        p.v(W),
        p.v(A),
        p.s(0.1),
        MagnusTerms::One,
        Frame::World
    )),
    e!("magnus::magnus Four", |p| magnus(
        p.v(W),
        p.v(A),
        p.s(0.1),
        MagnusTerms::Four,
        Frame::Body
    )),
    // ---- BodyInertia
    e!("BodyInertia::try_new", |p| {
        let m = p.rot([0.1, 0.2, 0.3]);
        let d = Matrix::from_diagonal(Vector([3.0, 5.0, 9.0]));
        // R D Rᵀ with poisoned R entries: symmetric only if clean.
        BodyInertia::try_new(m * d * m.transpose())
    }),
    e!("BodyInertia::try_new entry", |p| {
        let mut t = Matrix::from_diagonal(Vector([3.0, 5.0, 9.0]));
        for i in 0..3 {
            for j in 0..3 {
                t.0[i][j] = p.raw(t.0[i][j]);
            }
        }
        BodyInertia::try_new(t)
    }),
    e!("BodyInertia::try_from_principal", |p| p.inertia()),
    e!("BodyInertia::tensor/inverse", |p| p
        .inertia()
        .map(|i| (*i.tensor(), *i.inverse()))),
    e!("BodyInertia::momentum", |p| p
        .inertia()
        .map(|i| i.momentum(p.v(W)))),
    e!("BodyInertia::kinetic_energy", |p| p
        .inertia()
        .map(|i| i.kinetic_energy(p.v(W)))),
    e!("BodyInertia::angular_acceleration", |p| {
        p.inertia()
            .map(|i| i.angular_acceleration(p.v(W), p.v(TAU)))
    }),
    e!("BodyInertia::advance_omega Explicit", |p| {
        p.inertia()
            .and_then(|i| i.advance_omega(p.v(W), p.v(TAU), p.s(0.01), GyroScheme::Explicit))
    }),
    e!("BodyInertia::advance_omega ImplicitEulerNewton", |p| {
        p.inertia().and_then(|i| {
            i.advance_omega(p.v(W), p.v(TAU), p.s(0.01), GyroScheme::ImplicitEulerNewton)
        })
    }),
    e!("BodyInertia::advance_omega ImplicitMidpoint", |p| {
        p.inertia().and_then(|i| {
            i.advance_omega(p.v(W), p.v(TAU), p.s(0.01), GyroScheme::implicit_midpoint())
        })
    }),
    e!(
        "BodyInertia::advance_omega ImplicitMidpoint tolerance",
        |p| {
            let scheme = GyroScheme::ImplicitMidpoint {
                tolerance: p.raw(1e-14),
                max_iterations: 16,
            };
            p.inertia()
                .and_then(|i| i.advance_omega(p.v(W), p.v(TAU), p.s(0.01), scheme))
        }
    ),
    // ---- Stepper
    e!("Stepper::try_with_max_angle", |p| Stepper::<f64>::new()
        .try_with_max_angle(p.s(1.0))
        .map(|s| s.max_angle())),
    e!("Stepper::rotation_vector", |p| {
        stepper(Frame::World, MagnusTerms::Three, ExpMap::Exact).rotation_vector(
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::substeps", |p| Stepper::<f64>::new().substeps(
        p.v(W),
        p.v(A),
        p.s(0.1)
    )),
    e!("Stepper::step world", |p| {
        stepper(Frame::World, MagnusTerms::Two, ExpMap::TrigFreeCubic).step(
            p.uq([0.1, 0.2, 0.3]),
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::step body exact", |p| {
        stepper(Frame::Body, MagnusTerms::Four, ExpMap::Exact).step(
            p.uq([0.1, 0.2, 0.3]),
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::step substepping", |p| {
        stepper(Frame::Body, MagnusTerms::Two, ExpMap::TrigFreeQuintic).step(
            p.uq([0.1, 0.2, 0.3]),
            p.v([5.0, 8.0, -3.0]),
            p.v(A),
            p.s(0.5),
        )
    }),
    e!("Stepper::step_unguarded", |p| {
        stepper(Frame::World, MagnusTerms::Two, ExpMap::TrigFreeCubic).step_unguarded(
            p.uq([0.1, 0.2, 0.3]),
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::step_matrix", |p| {
        stepper(Frame::World, MagnusTerms::Two, ExpMap::Exact).step_matrix(
            p.rot([0.1, 0.2, 0.3]),
            p.v(W),
            p.v(A),
            p.s(0.1),
        )
    }),
    e!("Stepper::step_with_torque world midpoint", |p| {
        let i = p.inertia();
        i.and_then(|i| {
            stepper(Frame::World, MagnusTerms::Two, ExpMap::TrigFreeCubic).step_with_torque(
                p.uq([0.1, 0.2, 0.3]),
                p.v(W),
                p.v(TAU),
                p.s(0.05),
                &i,
                GyroScheme::implicit_midpoint(),
            )
        })
    }),
    e!("Stepper::step_with_torque body explicit", |p| {
        let i = p.inertia();
        i.and_then(|i| {
            stepper(Frame::Body, MagnusTerms::Three, ExpMap::Exact).step_with_torque(
                p.uq([0.1, 0.2, 0.3]),
                p.v(W),
                p.v(TAU),
                p.s(0.05),
                &i,
                GyroScheme::Explicit,
            )
        })
    }),
    e!("Stepper::step_with_torque substepping", |p| {
        let i = p.inertia();
        i.and_then(|i| {
            stepper(Frame::Body, MagnusTerms::Two, ExpMap::TrigFreeCubic).step_with_torque(
                p.uq([0.1, 0.2, 0.3]),
                p.v([5.0, 8.0, -3.0]),
                p.v(TAU),
                p.s(0.3),
                &i,
                GyroScheme::ImplicitEulerNewton,
            )
        })
    }),
];

/// Public functions without a floating-point input (nothing to poison).
const NO_FLOAT_INPUT: &[&str] = &[
    "Frame::even_sign",
    "MagnusTerms::order",
    "GyroScheme::implicit_midpoint",
    "Stepper::new",
    "Stepper::convergence_limit",
    "Stepper::with_terms",
    "Stepper::with_exp_map",
    "Stepper::with_frame",
    "Stepper::with_guard",
    "Stepper::terms",
    "Stepper::exp_map",
    "Stepper::frame",
    "Stepper::max_angle",
    "Stepper::guard",
];

/// Every `pub fn` in `rotint/src`, as `Type::name` (the type of the enclosing `impl`) or
/// `module::name` for free functions.
fn public_functions() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut names = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let file = entry.unwrap().path();
        if file.extension().is_none_or(|e| e != "rs") {
            continue;
        }
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
            } else if let Some(rest) = line
                .strip_prefix("pub fn ")
                .or_else(|| line.strip_prefix("pub const fn "))
            {
                names.push(format!(
                    "{module}::{}",
                    rest.split(['(', '<']).next().unwrap()
                ));
            } else if let (Some(rest), Some(t)) = (
                line.trim_start()
                    .strip_prefix("pub fn ")
                    .or_else(|| line.trim_start().strip_prefix("pub const fn ")),
                &ty,
            ) {
                names.push(format!("{t}::{}", rest.split(['(', '<']).next().unwrap()));
            }
        }
    }
    names
}

/// The list above cannot fall behind the crate: every public function is named by an entry
/// (`Type::a/b rest` names `Type::a` and `Type::b`, `module::f` a free function) or listed in
/// [`NO_FLOAT_INPUT`].
#[test]
fn every_public_function_has_an_entry() {
    let named: Vec<String> = ENTRIES
        .iter()
        .filter_map(|e| {
            let (ty, fns) = e.0.split(' ').next()?.split_once("::")?;
            Some(fns.split('/').map(move |f| format!("{ty}::{f}")))
        })
        .flatten()
        .collect();
    let all = public_functions();
    let missing: Vec<&String> = all
        .iter()
        .filter(|n| !named.contains(n) && !NO_FLOAT_INPUT.contains(&n.as_str()))
        .collect();
    assert!(
        missing.is_empty(),
        "public functions of rotint without an entry in ENTRIES (add one, or to NO_FLOAT_INPUT \
         if it takes no float): {missing:?}"
    );
    // The parser sees the crate: a few known functions are found.
    for known in [
        "Stepper::step",
        "magnus::omega3",
        "BodyInertia::advance_omega",
    ] {
        assert!(
            all.iter().any(|n| n == known),
            "{known} not found by the parser"
        );
    }
}

/// Tokens of a `Debug` string that show a poisoned value.
fn poisoned(s: &str) -> bool {
    s.starts_with("Err(")
        || s.contains(" Err(")
        || s.contains("(Err(")
        || s.split(|c: char| !(c.is_ascii_alphanumeric() || c == '.'))
            .any(|t| t == "NaN" || t == "inf")
}

fn run(f: fn(&mut P) -> String, seed: u64, target: usize, bad: f64) -> (Option<String>, usize) {
    let mut p = P::new(seed, target, bad);
    let out = catch_unwind(AssertUnwindSafe(|| f(&mut p))).ok();
    (out, p.count)
}

/// Every entry's first failure, one line each.
fn check_all(seed: u64) -> Result<(), String> {
    let failures: Vec<String> = ENTRIES
        .iter()
        .filter_map(|&(name, kind, f)| check(seed, name, kind, f).err())
        .collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

fn check(seed: u64, name: &str, kind: Kind, f: fn(&mut P) -> String) -> Result<(), String> {
    {
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
                    None => false,
                    Some(s) => poisoned(s) || (kind == Kind::Partial && *s == clean),
                };
                if !ok {
                    return Err(format!(
                        "{name}: input scalar {target} = {bad} gave {} (clean: {clean})",
                        out.as_deref().unwrap_or("a panic")
                    ));
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn no_function_launders_nan_or_infinity(seed in any::<u64>()) {
        let r = check_all(seed);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

/// The harness itself: a laundering function is caught (so the property above can fail).
#[test]
fn the_check_catches_a_laundering_function() {
    let launder: fn(&mut P) -> String = |p| format!("{:?}", p.s(1.0).max(0.0));
    let (clean, n) = run(launder, 7, usize::MAX, 0.0);
    assert_eq!(n, 1);
    let (out, _) = run(launder, 7, 0, f64::NAN);
    let out = out.unwrap();
    assert!(!poisoned(&out) && out != clean.unwrap());
}
