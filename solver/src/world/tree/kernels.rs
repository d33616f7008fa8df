//! The kernels of the joint tree ([`JointTree`](super::JointTree)): one node's blocks before
//! elimination, its elimination into its parent, and its forward and backward substitution.
//! Block sizes are constants (`N` rows, a parent `P` wide), so the loops unroll: on a
//! Cortex-M4F about a third of the instructions of the same loops over run-time sizes.
// Dense block arithmetic reads clearest with explicit row/column indices.
#![allow(clippy::needless_range_loop)]

use super::{BodyNode, JointNode, NONE, Up};
use crate::world::precision::{Arithmetic, Scalar, Working, WorkingOf};
use crate::world::spd::{Block, invert_spd};
use crate::{BodyInverseMass, ConstraintRow};

/// Stores the `R × C` block `b`, computed in `A`, as the leading part of `to` in the working
/// precision (exactly); the rest of `to` is left as it is (zero since `plan`).
pub(super) fn store<T: Scalar, A: Arithmetic<T>, const R: usize, const C: usize>(
    to: &mut Block<WorkingOf<T>>,
    b: &[[A; C]; R],
) {
    for (to, b) in to.iter_mut().zip(b) {
        for (to, b) in to.iter_mut().zip(b) {
            *to = b.to_working();
        }
    }
}

/// A pair of distinct entries of `s`, both mutable.
pub(super) fn pair_mut<E>(s: &mut [E], a: usize, b: usize) -> (&mut E, &mut E) {
    assert_ne!(a, b, "a node is not its own parent");
    if a < b {
        let (x, y) = s.split_at_mut(b);
        (&mut x[a], &mut y[0])
    } else {
        let (x, y) = s.split_at_mut(a);
        (&mut y[0], &mut x[b])
    }
}

/// The `N` rows of `M⁻¹`-weighted Jacobian, `(M⁻¹ J_rᵀ)ᵀ` for each row `J_r` of `jac` on a
/// body of inverse mass `inv`: `M⁻¹ = diag(1/m · 1, I⁻¹_world)` is known, so a contracted
/// body needs no inverse of its own.
fn inverse_mass_times<T: Scalar, A: Arithmetic<T>, const N: usize>(
    jac: &[[A; 6]; N],
    inv: &BodyInverseMass<T>,
) -> [[A; 6]; N] {
    let w = A::from_scalar(inv.inv_mass);
    let m = &inv.inv_inertia;
    let i = [0, 1, 2].map(|r| [0, 1, 2].map(|c| A::from_scalar(m[(r, c)])));
    // Loops, not `from_fn`: its closures were calls on the Cortex-M4F.
    let mut out = [[A::zero(); 6]; N];
    for (out, j) in out.iter_mut().zip(jac) {
        for k in 0..3 {
            out[k] = w * j[k];
            out[k + 3] = i[k][0] * j[3] + i[k][1] * j[4] + i[k][2] * j[5];
        }
    }
    out
}

/// `a · b` of two 6-vectors.
fn dot6<A: Working>(a: &[A; 6], b: &[A; 6]) -> A {
    let mut s = A::zero();
    for k in 0..6 {
        s = s + a[k] * b[k];
    }
    s
}

/// The `N` Jacobian rows of a joint from row `first` on `body`; rows from `count` on are
/// zero (a parent joint of fewer rows than the block's width).
fn jacobian_rows<T: Scalar, A: Arithmetic<T>, const N: usize>(
    rows: &[ConstraintRow<T>],
    (first, count): (usize, usize),
    body: usize,
) -> [[A; 6]; N] {
    let mut out = [[A::zero(); 6]; N];
    for (r, out) in out.iter_mut().enumerate().take(count) {
        *out = jacobian_in(&rows[first + r], body);
    }
    out
}

/// The leading `R × C` part of a stored block in `A`; rows from `count` on are zero.
fn leading<T: Scalar, A: Arithmetic<T>, const R: usize, const C: usize>(
    b: &Block<WorkingOf<T>>,
    count: usize,
) -> [[A; C]; R] {
    let mut out = [[A::zero(); C]; R];
    for (out, b) in out.iter_mut().zip(b).take(count) {
        for (out, b) in out.iter_mut().zip(b) {
            *out = A::from_working(*b);
        }
    }
    out
}

/// Tree joint `j`'s blocks before elimination (`N` rows, its parent node `P` wide), from
/// its Jacobian blocks on its two bodies, each loaded once:
/// - its diagonal block, `−cfm·I − Σ J M⁻¹ Jᵀ` over the contracted bodies it acts on (the
///   kept ones are eliminated into it later);
/// - its edge to its parent node, in its `up` block: `J` on a kept parent body, or
///   `−J M⁻¹ J_kᵀ` through the contracted body it shares with parent joint `k`;
/// - on a kept child body, the edge of that body to it (`Jᵀ`, in the body's `up` block);
/// - on a contracted body whose upper joint it is, `(M⁻¹Jᵀ)ᵀ` in the body's `up` block,
///   for the edges of the joints below (which come after it in `order`).
pub(super) fn start_joint<T: Scalar, A: Arithmetic<T>, const N: usize, const P: usize>(
    bodies: &mut [BodyNode<WorkingOf<T>>],
    joints: &mut [JointNode<WorkingOf<T>>],
    j: usize,
    (rows, inverse): (&[ConstraintRow<T>], &[BodyInverseMass<T>]),
    cfm: T,
) {
    let mut d = [[A::zero(); N]; N];
    for r in 0..N {
        d[r][r] = -A::from_scalar(cfm);
    }
    let joint = &joints[j];
    let (first, child, parent_node) = (joint.first_row, joint.child, joint.parent_node);
    let mut edge = [[A::zero(); P]; N];
    for b in joint.ends {
        if b == NONE {
            continue;
        }
        let jac = jacobian_rows::<T, A, N>(rows, (first, N), b);
        let body = &mut bodies[b];
        if body.kept {
            if b == child {
                let transposed: [[A; N]; 6] =
                    core::array::from_fn(|k| core::array::from_fn(|r| jac[r][k]));
                store::<T, A, 6, N>(&mut body.up, &transposed);
            } else {
                for (edge, jac) in edge.iter_mut().zip(&jac) {
                    for (e, x) in edge.iter_mut().zip(jac) {
                        *e = *x;
                    }
                }
            }
            continue;
        }
        let weighted = inverse_mass_times::<T, A, N>(&jac, &inverse[b]);
        // The lower triangle (all the inverse reads), mirrored.
        for r in 0..N {
            for c in 0..=r {
                d[r][c] = d[r][c] - dot6(&jac[r], &weighted[c]);
                d[c][r] = d[r][c];
            }
        }
        if let Up::Joint { k, via } = parent_node
            && via == b
        {
            let theirs = leading::<T, A, P, 6>(&body.up, joints[k].rows);
            for r in 0..N {
                for c in 0..P {
                    edge[r][c] = -dot6(&jac[r], &theirs[c]);
                }
            }
        }
        let upper = b == child || (body.parent == NONE && body.first_child == j);
        if upper {
            store::<T, A, N, 6>(&mut body.up, &weighted);
        }
    }
    let joint = &mut joints[j];
    store::<T, A, N, N>(&mut joint.d, &d);
    store::<T, A, N, P>(&mut joint.up, &edge);
}

/// Eliminates a node of `N` rows (its block `d`, of sign `sign`: `+1` for a body, `−1` for
/// a joint) into its parent of width `P` through the edge in `up` (`N × P`, the node's block
/// of the augmented matrix in the parent's columns): `d` becomes `D⁻¹`, `up` becomes
/// `D⁻¹ E` and the parent's block loses `Eᵀ D⁻¹ E` (none for a root). `floor` is
/// the relative pivot floor. Returns whether a pivot was raised.
pub(super) fn pivot<T: Scalar, A: Arithmetic<T>, const N: usize, const P: usize>(
    (d, up): (&mut Block<WorkingOf<T>>, &mut Block<WorkingOf<T>>),
    parent: Option<&mut Block<WorkingOf<T>>>,
    sign: A,
    floor: A,
) -> bool {
    let positive: [[A; N]; N] =
        core::array::from_fn(|r| core::array::from_fn(|c| sign * A::from_working(d[r][c])));
    let mut inv = [[A::zero(); N]; N];
    let raised = invert_spd(&positive, floor, &mut inv);
    let inv = inv.map(|row| row.map(|x| sign * x));
    store::<T, A, N, N>(d, &inv);
    let edge = leading::<T, A, N, P>(up, N);
    let mut times = [[A::zero(); P]; N];
    for r in 0..N {
        for c in 0..P {
            let mut s = A::zero();
            for k in 0..N {
                s = s + inv[r][k] * edge[k][c];
            }
            times[r][c] = s;
        }
    }
    store::<T, A, N, P>(up, &times);
    if let Some(pd) = parent {
        for a in 0..P {
            for b in 0..P {
                let mut s = A::zero();
                for r in 0..N {
                    s = s + edge[r][a] * times[r][b];
                }
                pd[a][b] = (A::from_working(pd[a][b]) - s).to_working();
            }
        }
    }
    raised
}

/// Calls `$body` with the const `$p` set to the width of tree joint `$j`'s parent node in
/// `$joints` when the joint has `$n` rows: 6 for a body, the parent joint's rows where they
/// are `$n` (a chain of like joints), else 6 (the parent's rows padded with zero columns:
/// the same products), and `$n` for a root (no parent): few instantiations of each kernel.
macro_rules! parent_width {
    ($joints:expr, $j:expr, $n:ident, $p:ident => $body:expr) => {{
        match $joints[$j].parent_node {
            Up::Root => {
                // (No parent: the width only names the instantiation.)
                const $p: usize = $n;
                $body
            }
            Up::Joint { k, .. } if $joints[k].rows == $n => {
                const $p: usize = $n;
                $body
            }
            _ => {
                const $p: usize = 6;
                $body
            }
        }
    }};
}
pub(super) use parent_width;

/// Eliminates tree joint `j` (`N` rows, its parent node `P` wide) into its parent; `floor`
/// is the relative pivot floor of joints. Returns whether a pivot was raised.
pub(super) fn eliminate_joint<T: Scalar, A: Arithmetic<T>, const N: usize, const P: usize>(
    bodies: &mut [BodyNode<WorkingOf<T>>],
    joints: &mut [JointNode<WorkingOf<T>>],
    j: usize,
    floor: A,
) -> bool {
    let minus = -A::one();
    match joints[j].parent_node {
        Up::Root => {
            let node = &mut joints[j];
            pivot::<T, A, N, P>((&mut node.d, &mut node.up), None, minus, floor)
        }
        Up::Body(p) => {
            let node = &mut joints[j];
            let parent = &mut bodies[p].d;
            pivot::<T, A, N, P>((&mut node.d, &mut node.up), Some(parent), minus, floor)
        }
        Up::Joint { k, .. } => {
            let (node, parent) = pair_mut(joints, j, k);
            let parent = &mut parent.d;
            pivot::<T, A, N, P>((&mut node.d, &mut node.up), Some(parent), minus, floor)
        }
    }
}

/// `J(row, body)`: the 6-vector of `row` on `body` (zero if the row does not act on it).
pub(in crate::world) fn jacobian<T: Scalar>(
    row: &ConstraintRow<T>,
    body: usize,
) -> [WorkingOf<T>; 6] {
    jacobian_in(row, body)
}

/// [`jacobian`] in the arithmetic `A`.
pub(super) fn jacobian_in<T: Scalar, A: Arithmetic<T>>(
    row: &ConstraintRow<T>,
    body: usize,
) -> [A; 6] {
    let pack = |b: &crate::JacobianBlock<T>| {
        [
            A::from_scalar(b.linear[0]),
            A::from_scalar(b.linear[1]),
            A::from_scalar(b.linear[2]),
            A::from_scalar(b.angular[0]),
            A::from_scalar(b.angular[1]),
            A::from_scalar(b.angular[2]),
        ]
    };
    if row.a.body == body {
        pack(&row.a)
    } else {
        row.b
            .as_ref()
            .filter(|b| b.body == body)
            .map_or([A::zero(); 6], pack)
    }
}

/// The forward substitution of a node of `N` rows into its parent of width `P`:
/// `x_parent −= upᵀ x`.
pub(super) fn forward<T: Scalar, A: Arithmetic<T>, const N: usize, const P: usize>(
    up: &Block<WorkingOf<T>>,
    x: &[WorkingOf<T>; 6],
    parent: &mut [WorkingOf<T>; 6],
) {
    let at = |w: WorkingOf<T>| A::from_working(w);
    for c in 0..P {
        let mut s = A::zero();
        for r in 0..N {
            s = s + at(up[r][c]) * at(x[r]);
        }
        parent[c] = (at(parent[c]) - s).to_working();
    }
}

/// The backward substitution of a node of `N` rows under a parent of width `P`:
/// `x = D⁻¹ x − up x_parent`.
pub(super) fn backward<T: Scalar, A: Arithmetic<T>, const N: usize, const P: usize>(
    (d, up): (&Block<WorkingOf<T>>, &Block<WorkingOf<T>>),
    x: &mut [WorkingOf<T>; 6],
    parent: &[WorkingOf<T>; 6],
) {
    let at = |w: WorkingOf<T>| A::from_working(w);
    let y: [A; N] = core::array::from_fn(|r| {
        let mut s = A::zero();
        for k in 0..N {
            s = s + at(d[r][k]) * at(x[k]);
        }
        for c in 0..P {
            s = s - at(up[r][c]) * at(parent[c]);
        }
        s
    });
    for r in 0..N {
        x[r] = y[r].to_working();
    }
}
