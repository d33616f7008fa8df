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
use super::spd::{Block, invert_spd, sized, zero_block};
use crate::{BodyInverseMass, ConstraintRow};

const NONE: usize = usize::MAX;

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
    /// Rows of all the planned joints (tree and loop-closing), numbered from 0.
    joint_rows: usize,
    /// Whether the last [`plan`](JointTree::plan) differs from the one before it.
    replanned: bool,
    /// Whether the last [`plan`](JointTree::plan) ran to the end (its forest can be kept).
    complete: bool,
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

/// `buf` with `len` entries: the first ones kept, new ones made by `new`.
fn resize<E>(buf: &mut impl Buffer<E>, len: usize, new: impl Fn() -> E) -> Result<(), WorldError> {
    while buf.as_slice().len() > len {
        buf.pop();
    }
    while buf.as_slice().len() < len {
        push(buf, new())?;
    }
    Ok(())
}

/// A stored block of factors in the arithmetic `A`.
fn loaded<T: Scalar, A: Arithmetic<T>>(b: &Block<WorkingOf<T>>) -> Block<A> {
    b.map(|row| row.map(A::from_working))
}

/// Stores the `R × C` block `b`, computed in `A`, as the leading part of `to` in the working
/// precision (exactly); the rest of `to` is left as it is (zero since `plan`).
fn store<T: Scalar, A: Arithmetic<T>, const R: usize, const C: usize>(
    to: &mut Block<WorkingOf<T>>,
    b: &[[A; C]; R],
) {
    for (to, b) in to.iter_mut().zip(b) {
        for (to, b) in to.iter_mut().zip(b) {
            *to = b.to_working();
        }
    }
}

/// Eliminates tree joint `j` (of `N` rows, known at compile time so the products unroll)
/// and its child body into the parent body; `floors` are the relative pivot floors of
/// bodies and of joints. Returns the pivots raised.
fn eliminate<T: Scalar, A: Arithmetic<T>, const N: usize>(
    bodies: &mut [BodyNode<WorkingOf<T>>],
    joints: &mut [JointNode<WorkingOf<T>>],
    j: usize,
    rows: &[ConstraintRow<T>],
    [epsilon, redundant]: [A; 2],
) -> usize {
    let child = joints[j].child;
    // Body: D⁻¹, up = D⁻¹ Jᵀ (6 × rows), D_joint −= J up.
    let mut d_inv = [[A::zero(); 6]; 6];
    let body_raised = invert_spd(&loaded::<T, A>(&bodies[child].d), epsilon, &mut d_inv);
    let first = joints[j].first_row;
    let jac: [[A; 6]; N] = core::array::from_fn(|r| jacobian_in(&rows[first + r], child));
    let up: [[A; N]; 6] = core::array::from_fn(|i| {
        core::array::from_fn(|r| {
            let mut s = A::zero();
            for k in 0..6 {
                s = s + d_inv[i][k] * jac[r][k];
            }
            s
        })
    });
    let body = &mut bodies[child];
    store::<T, A, 6, 6>(&mut body.d, &d_inv);
    store::<T, A, 6, N>(&mut body.up, &up);
    let joint = &mut joints[j];
    // Joint: D is negative definite; D⁻¹ = −(−D)⁻¹, up = D⁻¹ J_parent (rows × 6),
    // D_parent −= J_parentᵀ up.
    let negative: [[A; N]; N] = core::array::from_fn(|r| {
        core::array::from_fn(|c| {
            let mut s = A::zero();
            for k in 0..6 {
                s = s + jac[r][k] * up[k][c];
            }
            s - A::from_working(joint.d[r][c])
        })
    });
    let mut neg_inv = [[A::zero(); N]; N];
    let joint_raised = invert_spd(&negative, redundant, &mut neg_inv);
    let d = neg_inv.map(|row| row.map(|x| -x));
    store::<T, A, N, N>(&mut joint.d, &d);
    let parent = joint.parent;
    if parent != NONE {
        let jp: [[A; 6]; N] = core::array::from_fn(|r| jacobian_in(&rows[first + r], parent));
        let joint_up: [[A; 6]; N] = core::array::from_fn(|r| {
            core::array::from_fn(|k| {
                let mut s = A::zero();
                for c in 0..N {
                    s = s + d[r][c] * jp[c][k];
                }
                s
            })
        });
        store::<T, A, N, 6>(&mut joint.up, &joint_up);
        let pd = &mut bodies[parent].d;
        for a in 0..6 {
            for b in 0..6 {
                let mut s = A::zero();
                for r in 0..N {
                    s = s + jp[r][a] * joint_up[r][b];
                }
                pd[a][b] = (A::from_working(pd[a][b]) - s).to_working();
            }
        }
    }
    let mut regularized = usize::from(body_raised) + usize::from(joint_raised);
    let root = joints[j].then_root;
    if root != NONE {
        let mut d_inv = [[A::zero(); 6]; 6];
        let raised = invert_spd(&loaded::<T, A>(&bodies[root].d), epsilon, &mut d_inv);
        regularized += usize::from(raised);
        store::<T, A, 6, 6>(&mut bodies[root].d, &d_inv);
    }
    regularized
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
            joint_rows: 0,
            replanned: true,
            complete: false,
            regularized: 0,
            precision: Precision::Working,
            scalar: core::marker::PhantomData,
        }
    }

    /// Rows solved directly (all rows of the tree joints).
    pub(crate) fn tree_rows(&self) -> usize {
        self.tree_rows
    }

    /// Rows of all the planned joints: the rows `factor` reads are among the first this many.
    pub(crate) fn joint_rows(&self) -> usize {
        self.joint_rows
    }

    /// Whether the last [`plan`](Self::plan) differs from the one before it (bodies, joint
    /// ends or rows): factors of the old plan are no use then.
    pub(crate) fn replanned(&self) -> bool {
        self.replanned
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
        joints: impl Iterator<Item = (Option<usize>, Option<usize>, usize)> + Clone,
    ) -> Result<(), WorldError> {
        // The same joints on the same bodies as the last plan, which ran to the end: the
        // same forest. A step plans an island's tree in its velocity solve, then in every
        // Newton iteration of its projection and in its finish; the scratch is shared by
        // the islands, so this saves the replanning where one island has joints (the
        // f32 chain on the Cortex-M4F: 287 688 → 278 865 instructions a step), not where
        // several take turns.
        if self.complete && self.plans(bodies, joints.clone()) {
            self.replanned = false;
            return Ok(());
        }
        self.complete = false;
        self.order.clear();
        self.tree_rows = 0;
        let mut same = self.bodies.as_slice().len() == bodies;
        // Nodes kept from the last plan keep their blocks: `factor` writes every entry it
        // reads before reading it, and clearing them cost two 6 × 6 blocks a node a step.
        resize(&mut self.bodies, bodies, || BodyNode {
            visited: false,
            first_edge: NONE,
            parent: NONE,
            d: zero_block(),
            up: zero_block(),
            x: [WorkingOf::<T>::zero(); 6],
        })?;
        for node in self.bodies.as_mut_slice() {
            node.visited = false;
            node.first_edge = NONE;
            node.parent = NONE;
        }
        let mut first_row = 0;
        let mut count = 0;
        for (j, (a, b, rows)) in joints.enumerate() {
            let ends = [a.unwrap_or(NONE), b.unwrap_or(NONE)];
            let mut next_edge = [NONE; 2];
            let bodies = self.bodies.as_mut_slice();
            for side in 0..2 {
                if ends[side] != NONE {
                    next_edge[side] = bodies[ends[side]].first_edge;
                    bodies[ends[side]].first_edge = 2 * j + side;
                }
            }
            let node = JointNode {
                ends,
                next_edge,
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
            match self.joints.as_mut_slice().get_mut(j) {
                // Everything but the blocks (see above).
                Some(old) => {
                    same &= (old.ends, old.rows, old.first_row) == (ends, rows, first_row);
                    (old.ends, old.next_edge, old.rows, old.first_row) =
                        (ends, next_edge, rows, first_row);
                    (old.tree, old.assigned) = (false, false);
                    (old.parent, old.child, old.then_root) = (NONE, NONE, NONE);
                }
                None => {
                    same = false;
                    push(&mut self.joints, node)?;
                }
            }
            first_row += rows;
            count += 1;
        }
        while self.joints.as_slice().len() > count {
            same = false;
            self.joints.pop();
        }
        self.replanned = !same;
        self.joint_rows = first_row;
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
        self.complete = true;
        Ok(())
    }

    /// Whether the planned joints are `joints` over `bodies` bodies, in the same order.
    fn plans(
        &self,
        bodies: usize,
        joints: impl Iterator<Item = (Option<usize>, Option<usize>, usize)>,
    ) -> bool {
        let planned = self.joints.as_slice();
        let mut count = 0;
        let mut first_row = 0;
        for (j, (a, b, rows)) in joints.enumerate() {
            let ends = [a.unwrap_or(NONE), b.unwrap_or(NONE)];
            match planned.get(j) {
                Some(old) if (old.ends, old.rows, old.first_row) == (ends, rows, first_row) => {}
                _ => return false,
            }
            first_row += rows;
            count += 1;
        }
        self.bodies.as_slice().len() == bodies && planned.len() == count
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
            let inv_i: [[A; 3]; 3] = core::array::from_fn(|r| {
                core::array::from_fn(|c| A::from_scalar(inv.inv_inertia[(r, c)]))
            });
            let mut inertia = [[A::zero(); 3]; 3];
            let raised = invert_spd(&inv_i, epsilon, &mut inertia);
            self.regularized += usize::from(raised);
            let mass = A::one() / A::from_scalar(inv.inv_mass);
            let d: [[A; 6]; 6] = core::array::from_fn(|r| {
                core::array::from_fn(|c| match (r, c) {
                    (0..3, _) if r == c => mass,
                    (3.., 3..) => inertia[r - 3][c - 3],
                    _ => A::zero(),
                })
            });
            store::<T, A, 6, 6>(&mut node.d, &d);
        }
        for node in joints.iter_mut().filter(|n| n.tree) {
            for r in 0..node.rows {
                for c in 0..node.rows {
                    node.d[r][c] = if r == c {
                        (-A::from_scalar(cfm)).to_working()
                    } else {
                        WorkingOf::<T>::zero()
                    };
                }
            }
        }
        let order = self.order.as_slice();
        for &j in order.iter().rev() {
            self.regularized += sized!(joints[j].rows, N => eliminate::<T, A, N>(
                bodies,
                joints,
                j,
                rows,
                [epsilon, redundant]
            ));
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
        for &j in order {
            let joint = &mut joints[j];
            let (first, rows) = (joint.first_row, joint.rows);
            // Built entry by entry (a zeroed array written over was a `memclr` call a joint
            // on the Cortex-M4F).
            joint.x = core::array::from_fn(|r| {
                if r < rows {
                    rhs(first + r).widen()
                } else {
                    WorkingOf::<T>::zero()
                }
            });
            bodies[joint.child].x = [WorkingOf::<T>::zero(); 6];
            if joint.then_root != NONE {
                bodies[joint.then_root].x = [WorkingOf::<T>::zero(); 6];
            }
        }
        // Forward: z = L⁻¹ b, children before parents (x_parent −= upᵀ x_child).
        for &j in order.iter().rev() {
            sized!(joints[j].rows, N => forward::<T, A, N>(bodies, joints, j));
        }
        // Backward: x = D⁻¹ z − up x_parent, parents before children.
        for &j in order {
            sized!(joints[j].rows, N => backward::<T, A, N>(bodies, joints, j));
            // The joint's `x`, stored exactly in the working precision.
            let joint = &joints[j];
            for r in 0..joint.rows {
                out(
                    joint.first_row + r,
                    (-A::from_working(joint.x[r])).to_scalar(),
                );
            }
        }
    }
}

/// `D x` for the leading `N × N` part of a stored block, in `A`.
fn times<T: Scalar, A: Arithmetic<T>, const N: usize>(
    d: &Block<WorkingOf<T>>,
    x: &[WorkingOf<T>; 6],
) -> [A; N] {
    let mut y = [A::zero(); N];
    for i in 0..N {
        for k in 0..N {
            y[i] = y[i] + A::from_working(d[i][k]) * A::from_working(x[k]);
        }
    }
    y
}

/// The forward substitution of tree joint `j` (`N` rows) and its child body.
fn forward<T: Scalar, A: Arithmetic<T>, const N: usize>(
    bodies: &mut [BodyNode<WorkingOf<T>>],
    joints: &mut [JointNode<WorkingOf<T>>],
    j: usize,
) {
    let at = |w: WorkingOf<T>| A::from_working(w);
    let body = &bodies[joints[j].child];
    for r in 0..N {
        let mut s = A::zero();
        for k in 0..6 {
            s = s + at(body.up[k][r]) * at(body.x[k]);
        }
        joints[j].x[r] = (at(joints[j].x[r]) - s).to_working();
    }
    let joint = &joints[j];
    if joint.parent != NONE {
        let x = &mut bodies[joint.parent].x;
        for k in 0..6 {
            let mut s = A::zero();
            for r in 0..N {
                s = s + at(joint.up[r][k]) * at(joint.x[r]);
            }
            x[k] = (at(x[k]) - s).to_working();
        }
    }
}

/// The backward substitution of tree joint `j` (`N` rows) and its child body (and the root
/// body eliminated after it).
fn backward<T: Scalar, A: Arithmetic<T>, const N: usize>(
    bodies: &mut [BodyNode<WorkingOf<T>>],
    joints: &mut [JointNode<WorkingOf<T>>],
    j: usize,
) {
    let at = |w: WorkingOf<T>| A::from_working(w);
    let root = joints[j].then_root;
    if root != NONE {
        let y = times::<T, A, 6>(&bodies[root].d, &bodies[root].x);
        bodies[root].x = y.map(A::to_working);
    }
    let mut xj = times::<T, A, N>(&joints[j].d, &joints[j].x);
    let parent = joints[j].parent;
    if parent != NONE {
        let (xp, up) = (&bodies[parent].x, &joints[j].up);
        for r in 0..N {
            for k in 0..6 {
                xj[r] = xj[r] - at(up[r][k]) * at(xp[k]);
            }
        }
    }
    for r in 0..N {
        joints[j].x[r] = xj[r].to_working();
    }
    let body = &mut bodies[joints[j].child];
    let mut xb = times::<T, A, 6>(&body.d, &body.x);
    for k in 0..6 {
        for r in 0..N {
            xb[k] = xb[k] - at(body.up[k][r]) * xj[r];
        }
    }
    body.x = xb.map(A::to_working);
}
