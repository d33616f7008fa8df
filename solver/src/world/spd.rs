//! Small dense symmetric positive (semi)definite blocks, at most 6 × 6 (a body's or a
//! joint's block in the joint tree and the joint graph): the inverse by Cholesky with a
//! floor on each pivot, for sizes known at compile time ([`sized!`]), so the loops unroll.

// Index loops read as the formulas (and unroll: the sizes are constants).
#![allow(clippy::needless_range_loop)]

use super::precision::Working;

/// A dense 6×6 block (the leading `rows × rows` or `6 × rows` part is used).
pub(super) type Block<W> = [[W; 6]; 6];

/// Evaluates `$body` with the const `$n` set to the run-time size `$rows` (1 to 6; larger
/// is 6), so kernels generic over a block size are called with the size known at compile
/// time.
macro_rules! sized {
    ($rows:expr, $n:ident => $body:expr) => {{
        debug_assert!((1..=6).contains(&$rows), "a block has 1 to 6 rows");
        match $rows {
            1 => {
                const $n: usize = 1;
                $body
            }
            2 => {
                const $n: usize = 2;
                $body
            }
            3 => {
                const $n: usize = 3;
                $body
            }
            4 => {
                const $n: usize = 4;
                $body
            }
            5 => {
                const $n: usize = 5;
                $body
            }
            _ => {
                const $n: usize = 6;
                $body
            }
        }
    }};
}
pub(super) use sized;

pub(super) fn zero_block<W: Working>() -> Block<W> {
    [[W::zero(); 6]; 6]
}

/// `A⁻¹` of a symmetric positive (semi)definite `a` by Cholesky.
///
/// A pivot at or below `relative · a_jj` (what is left of a row that depends on the rows
/// before it) is raised to that floor, and `true` returned: a CFM on that pivot alone.
/// The inverse is written into `inverse` (every entry), where the caller keeps it: a
/// returned block was copied on its way out (144 B in f32 for 6 × 6).
pub(super) fn invert_spd<W: Working, const N: usize>(
    a: &[[W; N]; N],
    relative: W,
    inverse: &mut [[W; N]; N],
) -> bool {
    let floors = core::array::from_fn(|j| relative * a[j][j].abs());
    invert_sized(a, &floors, Redundant::Raise, inverse)
}

/// What [`invert_spd_with`] does with a pivot at or below its floor.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Redundant {
    /// Raises it to the floor (a CFM on that pivot alone).
    Raise,
    /// Leaves the row out: its row and column of `A⁻¹` are zero. Right for a row that
    /// rows eliminated before it fix already, whose pivot is round-off: dividing by it
    /// would amplify round-off into the rows after it.
    Drop,
}

/// [`invert_spd`] with the floor of each pivot given; `true` if a pivot was at its floor.
pub(super) fn invert_spd_with<W: Working>(
    a: &Block<W>,
    n: usize,
    floors: &[W; 6],
    redundant: Redundant,
) -> (Block<W>, bool) {
    /// The leading `N × N` part, inverted and padded with zeros.
    fn padded<W: Working, const N: usize>(
        a: &Block<W>,
        floors: &[W; 6],
        redundant: Redundant,
    ) -> (Block<W>, bool) {
        let leading = core::array::from_fn(|i| core::array::from_fn(|j| a[i][j]));
        let mut inv = [[W::zero(); N]; N];
        let raised = invert_sized::<W, N>(
            &leading,
            &core::array::from_fn(|j| floors[j]),
            redundant,
            &mut inv,
        );
        let mut out = zero_block();
        for (row, inv_row) in out.iter_mut().zip(&inv) {
            row[..N].copy_from_slice(inv_row);
        }
        (out, raised)
    }
    if n == 0 {
        return (zero_block(), false);
    }
    sized!(n, N => padded::<W, N>(a, floors, redundant))
}

/// [`invert_spd_with`] for a size known at compile time: the loops unroll and the factor
/// stays in registers (on a Cortex-M4F about a third of the instructions of the same loops
/// over a run-time size). Cholesky `A = L Lᵀ`, then `A⁻¹ = L⁻ᵀ L⁻¹` (LAPACK's `potri`)
/// into `inv` (every entry written).
fn invert_sized<W: Working, const N: usize>(
    a: &[[W; N]; N],
    floors: &[W; N],
    redundant: Redundant,
    inv: &mut [[W; N]; N],
) -> bool {
    let mut l = [[W::zero(); N]; N];
    let mut raised = false;
    let mut dropped = [false; N];
    for j in 0..N {
        let mut s = a[j][j];
        for k in 0..j {
            s = s - l[j][k] * l[j][k];
        }
        let floor = floors[j].max(W::min_positive());
        if s.is_nan() || s <= floor {
            raised = true;
            if redundant == Redundant::Drop {
                // Row j decouples: unit diagonal, nothing else in its row or column.
                dropped[j] = true;
                l[j] = [W::zero(); N];
                l[j][j] = W::one();
                continue;
            }
            s = floor;
        }
        let pivot = s.sqrt();
        l[j][j] = pivot;
        for i in j + 1..N {
            let mut t = a[i][j];
            for k in 0..j {
                t = t - l[i][k] * l[j][k];
            }
            l[i][j] = t / pivot;
        }
    }
    // A⁻¹ = L⁻ᵀ L⁻¹: first the lower triangle of L⁻¹ column by column, then the lower
    // triangle of the product, mirrored (symmetric by construction). About half the
    // operations of solving L Lᵀ x = e_c for every column.
    let mut l_inv = [[W::zero(); N]; N];
    for c in 0..N {
        l_inv[c][c] = W::one() / l[c][c];
        for i in c + 1..N {
            let mut s = W::zero();
            for k in c..i {
                s = s + l[i][k] * l_inv[k][c];
            }
            l_inv[i][c] = -s / l[i][i];
        }
    }
    for i in 0..N {
        for j in 0..=i {
            let mut s = W::zero();
            for k in i..N {
                s = s + l_inv[k][i] * l_inv[k][j];
            }
            inv[i][j] = s;
            inv[j][i] = s;
        }
    }
    for j in (0..N).filter(|&j| dropped[j]) {
        for i in 0..N {
            inv[i][j] = W::zero();
            inv[j][i] = W::zero();
        }
    }
    raised
}
