//! The joint-space inertia `D = Sᵀ U` of one joint (1 × 1 to 6 × 6) in `L Δ Lᵀ` form: no
//! square roots, so it costs one division per degree of freedom and works for any scalar
//! (dual numbers included).
use num_traits::Float;

/// `D = L Δ Lᵀ` with `L` unit lower triangular, for a joint of up to 6 degrees of freedom.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Ldl<T> {
    /// Strictly lower part of `L`, row-major; `l[a][b]` for `b < a`.
    pub(crate) l: [[T; 6]; 6],
    /// `1/Δ_a`.
    pub(crate) inv_diag: [T; 6],
    pub(crate) n: usize,
}

impl<T: Float> Ldl<T> {
    /// Factors the symmetric `d` (its lower triangle is read); `None` if a pivot is not
    /// positive (not positive definite) or not finite.
    pub(crate) fn factor(d: &[[T; 6]; 6], n: usize) -> Option<Self> {
        let mut l = [[T::zero(); 6]; 6];
        let mut diag = [T::zero(); 6];
        let mut inv_diag = [T::zero(); 6];
        for a in 0..n {
            for b in 0..a {
                let mut s = d[a][b];
                for k in 0..b {
                    s = s - l[a][k] * l[b][k] * diag[k];
                }
                l[a][b] = s * inv_diag[b];
            }
            let mut s = d[a][a];
            for k in 0..a {
                s = s - l[a][k] * l[a][k] * diag[k];
            }
            if !(s > T::zero() && s.is_finite()) {
                return None;
            }
            diag[a] = s;
            inv_diag[a] = s.recip();
        }
        Some(Self { l, inv_diag, n })
    }

    /// `y = L⁻¹ x` in place.
    pub(crate) fn forward(&self, x: &mut [T]) {
        for a in 0..self.n {
            for b in 0..a {
                x[a] = x[a] - self.l[a][b] * x[b];
            }
        }
    }

    /// `x = L⁻ᵀ y` in place.
    pub(crate) fn backward(&self, y: &mut [T]) {
        for a in (0..self.n).rev() {
            for b in a + 1..self.n {
                y[a] = y[a] - self.l[b][a] * y[b];
            }
        }
    }
}
