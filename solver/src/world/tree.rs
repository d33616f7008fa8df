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
//! Contraction: a body that at most two tree joints act on (every link of a chain, the limbs
//! of a ragdoll) is eliminated first. Its block is `M`, whose inverse is known, so it needs
//! no 6×6 inverse: it adds `−J M⁻¹ Jᵀ` to its joints' blocks and, between two joints, an
//! edge `−J₁ M⁻¹ J₂ᵀ` (the entries of `Γ` it gives). Joints and the bodies kept (three or
//! more tree joints, where `Γ` would fill in) still form a forest, factored by one kernel per
//! pair of node sizes. On the Cortex-M4F the f32 20-link chain's factorization went from
//! about 56 000 to 29 000 instructions (a 6×6 inverse a link was most of it).
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

mod kernels;

use super::WorldError;
use super::precision::{Arithmetic, Precision, Scalar, Working, WorkingOf};
use super::spd::{Block, invert_spd, sized, zero_block};
use crate::{BodyInverseMass, ConstraintRow};
pub(super) use kernels::jacobian;
use kernels::{backward, eliminate_joint, forward, parent_width, pivot, start_joint, store};

const NONE: usize = usize::MAX;

/// Where a tree joint's node is eliminated to: its parent in the factored forest.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Up {
    /// Nowhere: a root of the factored forest.
    Root,
    /// Body `p`, kept: the edge is the joint's Jacobian block on it.
    Body(usize),
    /// Tree joint `k`: both act on the contracted body `via`, and the edge is
    /// `−J_j,via M⁻¹ J_k,viaᵀ`.
    Joint { k: usize, via: usize },
}

/// One dynamic body of the augmented system.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BodyNode<W> {
    visited: bool,
    /// A node of the factored forest (three or more tree joints act on it); else it is
    /// contracted: eliminated first, with its known `M⁻¹`.
    kept: bool,
    /// Tree joints acting on it (planning scratch).
    degree: usize,
    /// The first tree joint below it, for a contracted root (planning scratch).
    first_child: usize,
    /// Head of the list of incident joint ends (`2·joint + side`).
    first_edge: usize,
    /// Parent joint in the elimination tree.
    parent: usize,
    /// `D`, then `D⁻¹` once eliminated.
    d: Block<W>,
    /// Kept: `D⁻¹ E`, 6 × rows of the parent joint. Contracted: `(M⁻¹Jᵀ)ᵀ` of the joint
    /// above it while the tree is factored (for the edge of the joint below).
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
    /// A root body, kept, to eliminate right after this joint.
    then_root: usize,
    /// Where its node is eliminated to.
    parent_node: Up,
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
            kept: false,
            degree: 0,
            first_child: NONE,
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
                parent_node: Up::Root,
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
        self.contract();
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

    /// Which bodies stay nodes of the factored forest and where each tree joint's node is
    /// eliminated to. A body under at most two tree joints is contracted: eliminated first,
    /// with its known `M⁻¹`, it joins its joints by an edge (or adds to the one joint's
    /// block); the forest stays a forest.
    fn contract(&mut self) {
        let (bodies, joints) = (self.bodies.as_mut_slice(), self.joints.as_mut_slice());
        for b in bodies.iter_mut() {
            b.degree = usize::from(b.parent != NONE);
            b.first_child = NONE;
        }
        let order = self.order.as_slice();
        for &j in order {
            let p = joints[j].parent;
            if p != NONE {
                bodies[p].degree += 1;
            }
        }
        for b in bodies.iter_mut() {
            b.kept = b.degree >= 3;
        }
        for &j in order {
            let p = joints[j].parent;
            joints[j].parent_node = if p == NONE {
                Up::Root
            } else if bodies[p].kept {
                Up::Body(p)
            } else if bodies[p].parent != NONE {
                Up::Joint {
                    k: bodies[p].parent,
                    via: p,
                }
            } else if bodies[p].first_child == NONE {
                // A contracted root: its first joint roots the factored tree, the
                // second (if any) hangs from it.
                bodies[p].first_child = j;
                Up::Root
            } else {
                Up::Joint {
                    k: bodies[p].first_child,
                    via: p,
                }
            };
            let root = joints[j].then_root;
            if root != NONE && !bodies[root].kept {
                joints[j].then_root = NONE;
            }
        }
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

    /// The nodes and the elimination order (tree joints, parents first).
    #[allow(
        clippy::type_complexity,
        reason = "three slices of the tree, named where used"
    )]
    fn parts(
        &mut self,
    ) -> (
        &mut [BodyNode<WorkingOf<T>>],
        &mut [JointNode<WorkingOf<T>>],
        &[usize],
    ) {
        (
            self.bodies.as_mut_slice(),
            self.joints.as_mut_slice(),
            self.order.as_slice(),
        )
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
        let epsilon = A::from_scalar(T::epsilon());
        let redundant = A::from_scalar(T::from(64).unwrap_or_else(T::nan)) * epsilon;
        let mut regularized = 0;
        let (bodies, joints, order) = self.parts();
        for (node, inv) in bodies.iter_mut().zip(inverse) {
            if !node.kept {
                continue;
            }
            // D = M = diag(m·1, I_world), I_world = (I⁻¹_world)⁻¹.
            let inv_i: [[A; 3]; 3] = core::array::from_fn(|r| {
                core::array::from_fn(|c| A::from_scalar(inv.inv_inertia[(r, c)]))
            });
            let mut inertia = [[A::zero(); 3]; 3];
            let raised = invert_spd(&inv_i, epsilon, &mut inertia);
            regularized += usize::from(raised);
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
        for &j in order {
            sized!(joints[j].rows, N => parent_width!(joints, j, N, P =>
                start_joint::<T, A, N, P>(bodies, joints, j, (rows, inverse), cfm)
            ));
        }
        // Children before parents: a kept body into the joint above it, the joint into its
        // parent node, a kept root last.
        for &j in order.iter().rev() {
            let n = joints[j].rows;
            let child = &mut bodies[joints[j].child];
            if child.kept {
                // Into the joint above it: the edge is the joint's `Jᵀ` on it.
                let parent = Some(&mut joints[j].d);
                let raised = sized!(n, N => pivot::<T, A, 6, N>(
                    (&mut child.d, &mut child.up), parent, A::one(), epsilon
                ));
                regularized += usize::from(raised);
            }
            let raised = sized!(n, N => parent_width!(joints, j, N, P =>
                eliminate_joint::<T, A, N, P>(bodies, joints, j, redundant)
            ));
            regularized += usize::from(raised);
            let root = joints[j].then_root;
            if root != NONE {
                let node = &mut bodies[root];
                let raised =
                    pivot::<T, A, 6, 6>((&mut node.d, &mut node.up), None, A::one(), epsilon);
                regularized += usize::from(raised);
            }
        }
        self.regularized = regularized;
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
        let (bodies, joints, order) = self.parts();
        let zero = [WorkingOf::<T>::zero(); 6];
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
            bodies[joint.child].x = zero;
            if joint.then_root != NONE {
                bodies[joint.then_root].x = zero;
            }
        }
        // Forward: z = L⁻¹ b, children before parents (x_parent −= upᵀ x).
        for &j in order.iter().rev() {
            let n = joints[j].rows;
            let child = joints[j].child;
            if bodies[child].kept {
                let body = &bodies[child];
                sized!(n, N => forward::<T, A, 6, N>(&body.up, &body.x, &mut joints[j].x));
            }
            sized!(n, N => parent_width!(joints, j, N, P => {
                let (up, x) = (joints[j].up, joints[j].x);
                match joints[j].parent_node {
                    Up::Root => {}
                    Up::Body(p) => forward::<T, A, N, P>(&up, &x, &mut bodies[p].x),
                    Up::Joint { k, .. } => forward::<T, A, N, P>(&up, &x, &mut joints[k].x),
                }
            }));
        }
        // Backward: x = D⁻¹ z − up x_parent, parents before children.
        for &j in order {
            let root = joints[j].then_root;
            if root != NONE {
                let body = &mut bodies[root];
                backward::<T, A, 6, 6>((&body.d, &body.up), &mut body.x, &zero);
            }
            let n = joints[j].rows;
            sized!(n, N => parent_width!(joints, j, N, P => {
                let parent = match joints[j].parent_node {
                    Up::Root => zero,
                    Up::Body(p) => bodies[p].x,
                    Up::Joint { k, .. } => joints[k].x,
                };
                let joint = &mut joints[j];
                backward::<T, A, N, P>((&joint.d, &joint.up), &mut joint.x, &parent);
            }));
            let joint = &joints[j];
            for r in 0..n {
                out(
                    joint.first_row + r,
                    (-A::from_working(joint.x[r])).to_scalar(),
                );
            }
            let body = &mut bodies[joint.child];
            if body.kept {
                sized!(n, N => backward::<T, A, 6, N>((&body.d, &body.up), &mut body.x, &joint.x));
            }
        }
    }
}
