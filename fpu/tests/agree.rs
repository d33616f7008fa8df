//! The functions against libm's correctly rounded `sqrtf`/`fmaf` and `sqrt`/`fma` (on the
//! host the software path; the `embedded` harness runs the same comparison on the FPU path).
use proptest::prelude::*;

fn same(a: f32, b: f32) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

fn any_f32() -> impl Strategy<Value = f32> {
    prop_oneof![
        any::<u32>().prop_map(f32::from_bits),
        Just(0.0f32),
        Just(-0.0f32),
        Just(f32::INFINITY),
        Just(f32::NEG_INFINITY),
        Just(f32::NAN),
        Just(f32::from_bits(1)),
        Just(f32::MIN_POSITIVE),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]
    #[test]
    fn sqrt_is_sqrtf(x in any_f32()) {
        prop_assert!(same(fpu::sqrt(x), libm::sqrtf(x)));
    }

    #[test]
    fn mul_add_is_fmaf(x in any_f32(), a in any_f32(), b in any_f32()) {
        prop_assert!(same(fpu::mul_add(x, a, b), libm::fmaf(x, a, b)));
    }

    #[test]
    fn f64_is_float(x in any::<u64>().prop_map(f64::from_bits), a in -1e3..1e3f64) {
        let (s, f) = (fpu::sqrt(x), fpu::mul_add(x, a, 1.0));
        prop_assert!(s.to_bits() == libm::sqrt(x).to_bits() || (s.is_nan() && x.is_nan() || x < 0.0));
        prop_assert!(f.to_bits() == libm::fma(x, a, 1.0).to_bits() || f.is_nan());
        prop_assert_eq!(fpu::length2(3.0f64, 4.0), 5.0);
    }
}

/// Units in the last place of an `f32` of magnitude `|v|` (normal range).
fn ulp32(v: f64) -> f64 {
    let v = v.abs().max(f64::from(f32::MIN_POSITIVE));
    2f64.powi(v.log2().floor() as i32 - 23)
}

/// `fpu::sin_cos(x)` against `f64`'s sine and cosine of the same `f32` argument: within two
/// units in the last place, plus the reduction's absolute error (`x` near a multiple of π,
/// where the sine is small: ≤ 2·10⁻¹¹ for `|x| ≤ 4096`). Returns the larger error in ulps of
/// results above 10⁻³ and the larger absolute error.
fn sin_cos_error(x: f32) -> (f64, f64) {
    let (s, c) = fpu::sin_cos(x);
    let (es, ec) = f64::from(x).sin_cos();
    let (mut ulps, mut abs): (f64, f64) = (0.0, 0.0);
    for (got, exact) in [(s, es), (c, ec)] {
        let tol = 2.0 * ulp32(exact) + 2e-11;
        assert!(
            approx::abs_diff_eq!(f64::from(got), exact, epsilon = tol),
            "sin_cos({x:e}): {got:e} against {exact:e}"
        );
        let e = (f64::from(got) - exact).abs();
        abs = abs.max(e);
        if exact.abs() > 1e-3 {
            ulps = ulps.max(e / ulp32(exact));
        }
    }
    (ulps, abs)
}

#[test]
fn sin_cos_on_a_million_arguments() {
    // Every 8 000th f32 bit pattern in [0, 4096] (about 1.1·10⁵ of them, tiny ones included),
    // then a uniform grid of 10⁶ over [−4096, 4096].
    let top = 4096f32.to_bits();
    let (mut ulps, mut abs): (f64, f64) = (0.0, 0.0);
    let mut take = |x: f32| {
        let (u, a) = sin_cos_error(x);
        ulps = ulps.max(u);
        abs = abs.max(a);
    };
    for bits in (0..=top).step_by(8_000) {
        take(f32::from_bits(bits));
        take(-f32::from_bits(bits));
    }
    for k in 0..1_000_000u32 {
        take(-4096.0 + 8192.0 * (k as f32 + 0.5) / 1e6);
    }
    println!("fpu::sin_cos: largest error {ulps:.2} ulp (results above 1e-3), {abs:.2e} absolute");
    // Odd and even exactly; zero's signs.
    assert_eq!(fpu::sin_cos(0.0f32), (0.0, 1.0));
    assert!(fpu::sin_cos(-0.0f32).0.is_sign_negative());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]
    #[test]
    fn sin_cos_is_accurate(x in -4096.0f32..4096.0) {
        let _ = sin_cos_error(x);
        let (s, c) = fpu::sin_cos(x);
        prop_assert_eq!(fpu::sin_cos(-x), (-s, c));
        prop_assert!(approx::abs_diff_eq!(s * s + c * c, 1.0, epsilon = 3.0 * f32::EPSILON));
    }

    /// Beyond 4096, ±∞ and NaN, and for other scalars: `Float::sin_cos`, bit for bit.
    #[test]
    fn sin_cos_falls_back(x in any_f32(), y in any::<u64>().prop_map(f64::from_bits)) {
        if x.is_nan() || x.abs() > 4096.0 {
            let (s, c) = fpu::sin_cos(x);
            let (ls, lc) = num_traits::Float::sin_cos(x);
            prop_assert!(same(s, ls) && same(c, lc));
        }
        let (s, c) = fpu::sin_cos(y);
        let (ls, lc) = num_traits::Float::sin_cos(y);
        prop_assert!((s.to_bits() == ls.to_bits() || s.is_nan() && ls.is_nan())
            && (c.to_bits() == lc.to_bits() || c.is_nan() && lc.is_nan()));
    }
}
