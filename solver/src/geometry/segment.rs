//! Closest points on segments (Ericson, *Real-Time Collision Detection*, §5.1.2 and §5.1.9).
use num_traits::Float;
use xform::Vector;

/// Closest points of two segments `p1 + s·d1` and `p2 + t·d2`, `s, t ∈ [0, 1]`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct SegmentPair<T> {
    pub(crate) s: T,
    pub(crate) t: T,
    pub(crate) on_first: Vector<T, 3>,
    pub(crate) on_second: Vector<T, 3>,
}

fn clamp01<T: Float>(x: T) -> T {
    x.max(T::zero()).min(T::one())
}

/// Parameter in `[0, 1]` of the point of segment `p + s·d` closest to `q`.
pub(crate) fn closest_on_segment<T: Float>(
    p: &Vector<T, 3>,
    d: &Vector<T, 3>,
    q: &Vector<T, 3>,
) -> T {
    let dd = d.dot(d);
    if dd > T::zero() {
        clamp01((*q - *p).dot(d) / dd)
    } else {
        T::zero()
    }
}

/// The closest points of two segments. For parallel segments the first parameter is 0
/// (then clamped), one of the many closest pairs.
pub(crate) fn closest_segment_segment<T: Float>(
    p1: &Vector<T, 3>,
    d1: &Vector<T, 3>,
    p2: &Vector<T, 3>,
    d2: &Vector<T, 3>,
) -> SegmentPair<T> {
    let r = *p1 - *p2;
    let a = d1.dot(d1);
    let e = d2.dot(d2);
    let f = d2.dot(&r);
    let zero = T::zero();
    let (s, t) = if a <= zero && e <= zero {
        (zero, zero)
    } else if a <= zero {
        (zero, clamp01(f / e))
    } else {
        let c = d1.dot(&r);
        if e <= zero {
            (clamp01(-c / a), zero)
        } else {
            let b = d1.dot(d2);
            let denom = a * e - b * b;
            let mut s = if denom > T::epsilon() * a * e {
                clamp01((b * f - c * e) / denom)
            } else {
                zero
            };
            let mut t = (b * s + f) / e;
            if t < zero {
                t = zero;
                s = clamp01(-c / a);
            } else if t > T::one() {
                t = T::one();
                s = clamp01((b - c) / a);
            }
            (s, t)
        }
    };
    SegmentPair {
        s,
        t,
        on_first: *p1 + *d1 * s,
        on_second: *p2 + *d2 * t,
    }
}
