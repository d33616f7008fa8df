//! The direct solve of the joint block: Baraff's linear-time factorization of the
//! augmented system on the joint tree ("Linear-time dynamics using Lagrange multipliers",
//! SIGGRAPH 1996).
//!
//! PGS converges on the bilateral joint rows at a rate set by the condition number of
//! `Γ = J M⁻¹ Jᵀ`, which a long chain or a 1000:1 mass ratio makes terrible. Solved exactly,
//! the joint block costs one factorization per step. Instead of forming `Γ` (whose graph
//! fills in at every body with three or more joints), the augmented system
//!
//! ```text
//! [ M   Jᵀ   ] [ y ]   [ 0 ]
//! [ J  −cfm·I] [ μ ] = [ r ]      ⇔   (J M⁻¹ Jᵀ + cfm·I)(−μ) = r,  y = M⁻¹Jᵀ(−μ)
//! ```
//!
//! is factored as `L D Lᵀ` with one node per dynamic body (6×6 block `M`) and one per joint
//! (`rows × rows`), edges being the Jacobian blocks. When the graph of bodies and joints is a
//! forest, eliminating children before parents creates no fill-in: the cost is linear in the
//! number of joints, whatever the mass ratios.
//!
//! Roots: a joint to the world (or to a static body) roots its component when it has one,
//! else a body does. A joint that would close a cycle (two joints between the same bodies, a
//! second joint to the world in one component, a loop of bodies) is left out of the tree and
//! solved iteratively next to the contacts (block Gauss-Seidel) in the position projection;
//! the velocity solve of an island with such joints factors all of them at once instead
//! ([`JointGraph`](super::joint_graph::JointGraph)).
//!
//! A joint node's pivot block `−D` is positive definite when its rows are independent. A
//! pivot that is not (redundant rows of one joint: what is left of the row is below `64 ε`
//! of its diagonal entry) is raised to that floor, a CFM on that pivot alone, and counted in
//! `JointTree::regularized` (reported per step). Body blocks are positive definite in exact
//! arithmetic (the mass matrix plus positive terms) and are only guarded against round-off.
//!
//! # Precision
//! The factors are computed and applied in the scalar's working precision
//! ([`Scalar`](super::Scalar): `f64` for `f64`, pairs of `f32` for `f32`) or, asked for
//! [`Precision::Scalar`], in the scalar itself, and the world refines the answer by a few
//! sweeps whose residual is computed in the scalar through `J` (iterative refinement). An
//! `f32` tree alone is factored in `f32` first, about 20 times cheaper on a Cortex-M4F, and
//! again in pairs only where refinement stalls above the scalar's round-off (LAPACK's
//! mixed-precision `sgesv` scheme; the island's block solve decides). Eliminating a heavy child into a light parent gives the parent a
//! block with entries of the heavy body's size next to the light body's own inertia, and the
//! augmented `LDLᵀ` is not backward stable for `Γ` in that case: measured, factors in plain
//! `f32` left a 1000:1 tree's rows at up to 1e-4 of their scale, and refinement stalled
//! (each sweep gained less than a factor 2), while factors of about 48 bits or more are
//! accurate enough that one or two refinement sweeps reach round-off of the scalar. The
//! pairs of `f32` use `f32` operations only, so an `f32` world never calls software double
//! precision on an FPU without it (Cortex-M4F), and gives the same bits on every target.
//! The redundancy floor of the pivots stays relative to the scalar's `ε`.
// Dense 6×6 block arithmetic reads clearest with explicit row/column indices.
#![allow(clippy::needless_range_loop)]

use cwlist::{Buffer, Storage};

use super::WorldError;
use super::precision::{Arithmetic, Precision, Scalar, Working, WorkingOf};
use crate::{BodyInverseMass, ConstraintRow};

/// A dense 6×6 block (the leading `rows × rows` or `6 × rows` part is used).
pub(super) type Block<W> = [[W; 6]; 6];

const NONE: usize = usize::MAX;

pub(super) fn zero_block<W: Working>() -> Block<W> {
    [[W::zero(); 6]; 6]
}

/// One dynamic body of the augmented system.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BodyNode<W> {
    visited: bool,
    /// Head of the list of incident joint ends (`2·joint + side`).
    first_edge: usize,
    /// Parent joint in the elimination tree.
    parent: usize,
    /// `D`, then `D⁻¹` once eliminated.
    d: Block<W>,
    /// `D⁻¹ H(self, parent)`, 6 × rows of the parent.
    up: Block<W>,
    x: [W; 6],
}

/// One joint of the augmented system.
#[derive(Debug, Clone, Copy)]
pub(crate) struct JointNode<W> {
    /// The dynamic bodies it acts on (`NONE` for the world or a static body).
    ends: [usize; 2],
    /// Next incident joint end of each end's body.
    next_edge: [usize; 2],
    rows: usize,
    first_row: usize,
    /// In the tree (solved directly); false: closes a loop (solved iteratively).
    tree: bool,
    assigned: bool,
    parent: usize,
    child: usize,
    /// A root body to eliminate right after this joint.
    then_root: usize,
    d: Block<W>,
    up: Block<W>,
    x: [W; 6],
}

/// The joint tree of a world and its factorization; scratch kept between steps.
pub(crate) struct JointTree<T: Scalar, S: Storage> {
    bodies: S::Buf<BodyNode<WorkingOf<T>>>,
    joints: S::Buf<JointNode<WorkingOf<T>>>,
    /// Tree joints in breadth-first order (each after its parent body).
    order: S::Buf<usize>,
    queue: S::Buf<usize>,
    tree_rows: usize,
    regularized: usize,
    /// The precision of the last factorization (its solves compute in it).
    precision: Precision,
    scalar: core::marker::PhantomData<T>,
}

impl<T: Scalar, S: Storage> core::fmt::Debug for JointTree<T, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("JointTree")
            .field("tree_joints", &self.order.as_slice().len())
            .field("tree_rows", &self.tree_rows)
            .finish_non_exhaustive()
    }
}

fn push<E>(buf: &mut impl Buffer<E>, e: E) -> Result<(), WorldError> {
    super::capacity::push(buf, e, "joint tree")
}

/// `A⁻¹` of the leading `n × n` block of a symmetric positive (semi)definite `a` by Cholesky.
///
/// A pivot at or below `relative · a_jj` (what is left of a row that depends on the rows
/// before it) is raised to that floor, and `true` returned: a CFM on that pivot alone.
pub(super) fn invert_spd<W: Working>(a: &Block<W>, n: usize, relative: W) -> (Block<W>, bool) {
    let mut floors = [W::zero(); 6];
    for j in 0..n {
        floors[j] = relative * a[j][j].abs();
    }
    invert_spd_with(a, n, &floors, Redundant::Raise)
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
    let mut l = zero_block();
    let mut raised = false;
    let mut dropped = [false; 6];
    for j in 0..n {
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
                l[j] = [W::zero(); 6];
                l[j][j] = W::one();
                continue;
            }
            s = floor;
        }
        let pivot = s.sqrt();
        l[j][j] = pivot;
        for i in j + 1..n {
            let mut t = a[i][j];
            for k in 0..j {
                t = t - l[i][k] * l[j][k];
            }
            l[i][j] = t / pivot;
        }
    }
    // Columns of A⁻¹: solve L Lᵀ x = e_c.
    let mut inv = zero_block();
    for c in 0..n {
        let mut z = [W::zero(); 6];
        for i in 0..n {
            let mut s = if i == c { W::one() } else { W::zero() };
            for k in 0..i {
                s = s - l[i][k] * z[k];
            }
            z[i] = s / l[i][i];
        }
        for i in (0..n).rev() {
            let mut s = z[i];
            for k in i + 1..n {
                s = s - l[k][i] * z[k];
            }
            z[i] = s / l[i][i];
        }
        for i in 0..n {
            inv[i][c] = z[i];
        }
    }
    // Symmetrize (round-off).
    for i in 0..n {
        for j in 0..i {
            let m = (inv[i][j] + inv[j][i]) / (W::one() + W::one());
            inv[i][j] = m;
            inv[j][i] = m;
        }
    }
    for j in (0..n).filter(|&j| dropped[j]) {
        for i in 0..n {
            inv[i][j] = W::zero();
            inv[j][i] = W::zero();
        }
    }
    (inv, raised)
}

/// A stored block of factors in the arithmetic `A`.
fn loaded<T: Scalar, A: Arithmetic<T>>(b: &Block<WorkingOf<T>>) -> Block<A> {
    b.map(|row| row.map(A::from_working))
}

/// A block computed in `A`, stored in the working precision (exactly).
fn stored<T: Scalar, A: Arithmetic<T>>(b: &Block<A>) -> Block<WorkingOf<T>> {
    b.map(|row| row.map(A::to_working))
}

/// `J(row, body)`: the 6-vector of `row` on `body` (zero if the row does not act on it).
pub(super) fn jacobian<T: Scalar>(row: &ConstraintRow<T>, body: usize) -> [WorkingOf<T>; 6] {
    jacobian_in(row, body)
}

/// [`jacobian`] in the arithmetic `A`.
fn jacobian_in<T: Scalar, A: Arithmetic<T>>(row: &ConstraintRow<T>, body: usize) -> [A; 6] {
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

impl<T: Scalar, S: Storage> JointTree<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            bodies: Buffer::new(),
            joints: Buffer::new(),
            order: Buffer::new(),
            queue: Buffer::new(),
            tree_rows: 0,
            regularized: 0,
            precision: Precision::Working,
            scalar: core::marker::PhantomData,
        }
    }

    /// Rows solved directly (all rows of the tree joints).
    pub(crate) fn tree_rows(&self) -> usize {
        self.tree_rows
    }

    /// Pivots raised by the last [`factor`](Self::factor) (redundant joint rows).
    pub(crate) fn regularized(&self) -> usize {
        self.regularized
    }

    /// Whether joint `j` is in the tree (its rows are solved directly).
    pub(crate) fn is_tree_joint(&self, j: usize) -> bool {
        self.joints.as_slice().get(j).is_some_and(|n| n.tree)
    }

    /// Builds the forest from the joints `(a, b, rows)` over `bodies` dynamic bodies (`None`
    /// for an end on the world or a static body); joint rows are numbered consecutively from
    /// 0 in joint order.
    ///
    /// # Errors
    /// [`WorldError::CapacityExceeded`] if a scratch buffer is full.
    pub(crate) fn plan(
        &mut self,
        bodies: usize,
        joints: impl Iterator<Item = (Option<usize>, Option<usize>, usize)>,
    ) -> Result<(), WorldError> {
        self.bodies.clear();
        self.joints.clear();
        self.order.clear();
        self.tree_rows = 0;
        for _ in 0..bodies {
            let node = BodyNode {
                visited: false,
                first_edge: NONE,
                parent: NONE,
                d: zero_block(),
                up: zero_block(),
                x: [WorkingOf::<T>::zero(); 6],
            };
            push(&mut self.bodies, node)?;
        }
        let mut first_row = 0;
        for (j, (a, b, rows)) in joints.enumerate() {
            let ends = [a.unwrap_or(NONE), b.unwrap_or(NONE)];
            let mut node = JointNode {
                ends,
                next_edge: [NONE; 2],
                rows,
                first_row,
                tree: false,
                assigned: false,
                parent: NONE,
                child: NONE,
                then_root: NONE,
                d: zero_block(),
                up: zero_block(),
                x: [WorkingOf::<T>::zero(); 6],
            };
            let bodies = self.bodies.as_mut_slice();
            for side in 0..2 {
                if ends[side] != NONE {
                    node.next_edge[side] = bodies[ends[side]].first_edge;
                    bodies[ends[side]].first_edge = 2 * j + side;
                }
            }
            push(&mut self.joints, node)?;
            first_row += rows;
        }
        // Components with a joint to the world are rooted at their first such joint.
        for j in 0..self.joints.as_slice().len() {
            let node = self.joints.as_slice()[j];
            let single = match node.ends {
                [e, NONE] | [NONE, e] => e,
                _ => NONE,
            };
            if node.assigned || single == NONE {
                continue;
            }
            let joint = &mut self.joints.as_mut_slice()[j];
            joint.assigned = true;
            if self.bodies.as_slice()[single].visited {
                continue; // a second path to the world: a loop
            }
            joint.tree = true;
            joint.child = single;
            self.tree_rows += joint.rows;
            push(&mut self.order, j)?;
            let body = &mut self.bodies.as_mut_slice()[single];
            body.visited = true;
            body.parent = j;
            self.breadth_first(single)?;
        }
        // The others at a body.
        for i in 0..bodies {
            let b = self.bodies.as_slice()[i];
            if b.visited || b.first_edge == NONE {
                continue;
            }
            self.bodies.as_mut_slice()[i].visited = true;
            let before = self.order.as_slice().len();
            self.breadth_first(i)?;
            if let Some(&first) = self.order.as_slice().get(before) {
                self.joints.as_mut_slice()[first].then_root = i;
            }
        }
        Ok(())
    }

    fn breadth_first(&mut self, start: usize) -> Result<(), WorldError> {
        self.queue.clear();
        push(&mut self.queue, start)?;
        let mut head = 0;
        while let Some(&u) = self.queue.as_slice().get(head) {
            head += 1;
            let mut edge = self.bodies.as_slice()[u].first_edge;
            while edge != NONE {
                let (j, side) = (edge / 2, edge % 2);
                let node = self.joints.as_slice()[j];
                edge = node.next_edge[side];
                if node.assigned {
                    continue;
                }
                let other = node.ends[1 - side];
                let joint = &mut self.joints.as_mut_slice()[j];
                joint.assigned = true;
                if other == NONE || self.bodies.as_slice()[other].visited {
                    continue; // closes a loop
                }
                joint.tree = true;
                joint.parent = u;
                joint.child = other;
                self.tree_rows += joint.rows;
                push(&mut self.order, j)?;
                let body = &mut self.bodies.as_mut_slice()[other];
                body.visited = true;
                body.parent = j;
                push(&mut self.queue, other)?;
            }
        }
        Ok(())
    }

    /// Factors the augmented system for the joint rows in `rows` (numbered as in
    /// [`plan`](Self::plan)) and the inverse masses `inverse`, with `cfm` on every joint row,
    /// in `precision` (the working precision wherever it is the scalar's own).
    pub(crate) fn factor(
        &mut self,
        rows: &[ConstraintRow<T>],
        inverse: &[BodyInverseMass<T>],
        cfm: T,
        precision: Precision,
    ) {
        self.precision = if T::WIDER_WORKING {
            precision
        } else {
            Precision::Working
        };
        match self.precision {
            Precision::Scalar => self.factor_in::<T::Single>(rows, inverse, cfm),
            Precision::Working => self.factor_in::<WorkingOf<T>>(rows, inverse, cfm),
        }
    }

    /// The precision of the last factorization.
    pub(crate) fn precision(&self) -> Precision {
        self.precision
    }

    /// [`factor`](Self::factor) computing in `A`; the factors are stored in the working
    /// precision either way (exactly: `A` is at most as wide).
    fn factor_in<A: Arithmetic<T>>(
        &mut self,
        rows: &[ConstraintRow<T>],
        inverse: &[BodyInverseMass<T>],
        cfm: T,
    ) {
        self.regularized = 0;
        let epsilon = A::from_scalar(T::epsilon());
        let redundant = A::from_scalar(T::from(64).unwrap_or_else(T::nan)) * epsilon;
        let Self { bodies, joints, .. } = self;
        let (bodies, joints) = (bodies.as_mut_slice(), joints.as_mut_slice());
        for (node, inv) in bodies.iter_mut().zip(inverse) {
            if !node.visited {
                continue;
            }
            // D = M = diag(m·1, I_world), I_world = (I⁻¹_world)⁻¹.
            let mut inv_i = zero_block::<A>();
            for r in 0..3 {
                for c in 0..3 {
                    inv_i[r][c] = A::from_scalar(inv.inv_inertia[(r, c)]);
                }
            }
            let (inertia, raised) = invert_spd(&inv_i, 3, epsilon);
            self.regularized += usize::from(raised);
            let mut d = zero_block::<A>();
            for k in 0..3 {
                d[k][k] = A::one() / A::from_scalar(inv.inv_mass);
            }
            for r in 0..3 {
                for c in 0..3 {
                    d[3 + r][3 + c] = inertia[r][c];
                }
            }
            node.d = stored(&d);
        }
        for node in joints.iter_mut().filter(|n| n.tree) {
            let mut d = zero_block::<A>();
            for k in 0..node.rows {
                d[k][k] = -A::from_scalar(cfm);
            }
            node.d = stored(&d);
        }
        let order = self.order.as_slice();
        for &j in order.iter().rev() {
            let child = joints[j].child;
            // Body: D⁻¹, up = D⁻¹ Jᵀ (6 × rows), D_joint −= J up.
            let (d_inv, raised) = invert_spd(&loaded::<T, A>(&bodies[child].d), 6, epsilon);
            self.regularized += usize::from(raised);
            let n = joints[j].rows;
            let first = joints[j].first_row;
            let mut jac = zero_block::<A>(); // rows × 6
            for r in 0..n {
                jac[r] = jacobian_in(&rows[first + r], child);
            }
            let mut up = zero_block::<A>();
            for i in 0..6 {
                for r in 0..n {
                    let mut s = A::zero();
                    for k in 0..6 {
                        s = s + d_inv[i][k] * jac[r][k];
                    }
                    up[i][r] = s;
                }
            }
            let body = &mut bodies[child];
            body.d = stored(&d_inv);
            body.up = stored(&up);
            let joint = &mut joints[j];
            // Joint: D is negative definite; D⁻¹ = −(−D)⁻¹, up = D⁻¹ J_parent (rows × 6),
            // D_parent −= J_parentᵀ up.
            let mut negative = zero_block::<A>();
            for r in 0..n {
                for c in 0..n {
                    let mut s = A::zero();
                    for k in 0..6 {
                        s = s + jac[r][k] * up[k][c];
                    }
                    negative[r][c] = s - A::from_working(joint.d[r][c]);
                }
            }
            let (neg_inv, raised) = invert_spd(&negative, n, redundant);
            self.regularized += usize::from(raised);
            let mut d = zero_block::<A>();
            for r in 0..n {
                for c in 0..n {
                    d[r][c] = -neg_inv[r][c];
                }
            }
            joint.d = stored(&d);
            let parent = joint.parent;
            if parent != NONE {
                let mut jp = zero_block::<A>();
                for r in 0..n {
                    jp[r] = jacobian_in(&rows[first + r], parent);
                }
                let mut joint_up = zero_block::<A>();
                for r in 0..n {
                    for k in 0..6 {
                        let mut s = A::zero();
                        for c in 0..n {
                            s = s + d[r][c] * jp[c][k];
                        }
                        joint_up[r][k] = s;
                    }
                }
                joint.up = stored(&joint_up);
                let pd = &mut bodies[parent].d;
                for a in 0..6 {
                    for b in 0..6 {
                        let mut s = A::zero();
                        for r in 0..n {
                            s = s + jp[r][a] * joint_up[r][b];
                        }
                        pd[a][b] = (A::from_working(pd[a][b]) - s).to_working();
                    }
                }
            }
            let root = joints[j].then_root;
            if root != NONE {
                let (d_inv, raised) = invert_spd(&loaded::<T, A>(&bodies[root].d), 6, epsilon);
                self.regularized += usize::from(raised);
                bodies[root].d = stored(&d_inv);
            }
        }
    }

    /// Solves `(J M⁻¹ Jᵀ + cfm·I) δλ = r` for the tree rows with the last factorization:
    /// `rhs(row)` gives `r`, `out(row, δλ)` receives the answer. Computes in the precision
    /// of the factors.
    pub(crate) fn solve(&mut self, rhs: impl Fn(usize) -> T, out: impl FnMut(usize, T)) {
        match self.precision {
            Precision::Scalar => self.solve_in::<T::Single>(rhs, out),
            Precision::Working => self.solve_in::<WorkingOf<T>>(rhs, out),
        }
    }

    fn solve_in<A: Arithmetic<T>>(
        &mut self,
        rhs: impl Fn(usize) -> T,
        mut out: impl FnMut(usize, T),
    ) {
        let Self {
            bodies,
            joints,
            order,
            ..
        } = self;
        let (bodies, joints, order) = (
            bodies.as_mut_slice(),
            joints.as_mut_slice(),
            order.as_slice(),
        );
        let at = |w: WorkingOf<T>| A::from_working(w);
        for &j in order {
            let joint = &mut joints[j];
            joint.x = [WorkingOf::<T>::zero(); 6];
            for r in 0..joint.rows {
                joint.x[r] = rhs(joint.first_row + r).widen();
            }
            bodies[joint.child].x = [WorkingOf::<T>::zero(); 6];
            if joint.then_root != NONE {
                bodies[joint.then_root].x = [WorkingOf::<T>::zero(); 6];
            }
        }
        // Forward: z = L⁻¹ b, children before parents (x_parent −= upᵀ x_child).
        for &j in order.iter().rev() {
            let (child, n) = (joints[j].child, joints[j].rows);
            let body = &bodies[child];
            for r in 0..n {
                let mut s = A::zero();
                for k in 0..6 {
                    s = s + at(body.up[k][r]) * at(body.x[k]);
                }
                joints[j].x[r] = (at(joints[j].x[r]) - s).to_working();
            }
            let parent = joints[j].parent;
            if parent != NONE {
                let joint = &joints[j];
                let x = &mut bodies[parent].x;
                for k in 0..6 {
                    let mut s = A::zero();
                    for r in 0..n {
                        s = s + at(joint.up[r][k]) * at(joint.x[r]);
                    }
                    x[k] = (at(x[k]) - s).to_working();
                }
            }
        }
        // Backward: x = D⁻¹ z − up x_parent, parents before children.
        let times = |d: &Block<WorkingOf<T>>, x: &[WorkingOf<T>; 6], n: usize| {
            let mut y = [A::zero(); 6];
            for i in 0..n {
                for k in 0..n {
                    y[i] = y[i] + at(d[i][k]) * at(x[k]);
                }
            }
            y
        };
        for &j in order {
            let root = joints[j].then_root;
            if root != NONE {
                let y = times(&bodies[root].d, &bodies[root].x, 6);
                bodies[root].x = y.map(A::to_working);
            }
            let n = joints[j].rows;
            let mut xj = times(&joints[j].d, &joints[j].x, n);
            let parent = joints[j].parent;
            if parent != NONE {
                let (xp, up) = (&bodies[parent].x, &joints[j].up);
                for r in 0..n {
                    for k in 0..6 {
                        xj[r] = xj[r] - at(up[r][k]) * at(xp[k]);
                    }
                }
            }
            joints[j].x = xj.map(A::to_working);
            let child = joints[j].child;
            let body = &bodies[child];
            let mut xb = times(&body.d, &body.x, 6);
            for k in 0..6 {
                for r in 0..n {
                    xb[k] = xb[k] - at(body.up[k][r]) * xj[r];
                }
            }
            bodies[child].x = xb.map(A::to_working);
            for r in 0..n {
                out(joints[j].first_row + r, (-xj[r]).to_scalar());
            }
        }
    }
}
