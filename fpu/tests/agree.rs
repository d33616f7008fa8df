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
