//! The direct solve of a joint block whose joints close loops: a sparse `LDLᵀ` of
//! `Γ = J M⁻¹ Jᵀ + cfm·I` with one node per joint, in a minimum-degree order.
//!
//! The joint tree ([`JointTree`](super::tree::JointTree)) solves a forest of joints in linear
//! time and leaves every loop-closing joint to block Gauss-Seidel, which converges slowly
//! when loops are many (a ladder, a grid: half of a grid's joints close loops). Here every
//! joint of the island is a node of `Γ` (block of its rows), two joints being neighbours
//! when they share a dynamic body. Gaussian elimination in a minimum-degree order (Tinney
//! and Walker's scheme 2, with the exact external degree of the elimination graph) keeps
//! the fill of a planar network near `n log n`: a 20 × 20 grid's 760 joints fill to 11 104
//! blocks below the diagonal (122 270 block updates to factor).
//!
//! # Where it is used
//! The velocity solve of an island whose joints close loops. The position projection and
//! RATTLE's velocity projection keep the tree, with the loops by sweeps (a few loop rows, at
//! most [`EXACT_ROWS`](crate::world::EXACT_ROWS), are then finished exactly through the
//! Schur complement of the tree's block, as any unconverged block solve): measured on grids
//! of spheres on ball joints hanging from two corners (the largest joint gap over 300
//! steps at 60 Hz, as a fraction of the spacing), the exact velocity solve alone took the
//! gap from 11.4 % to 3.5 % (8 × 8), 369 % to 80 % (12 × 12) and 619 % to 566 % (20 × 20);
//! exact projections as well did better on small grids (2.6 %) but blew up on large ones
//! (1 966 % on 20 × 20): Newton steps solved exactly on a nearly singular network (a flat
//! grid is over-constrained in its plane) move light bodies far, and the sweeps' partial
//! steps act as a damped Newton iteration. Exact projections with Newton steps halved until
//! the error falls (as the projection now does) reached 0.5 % on 8 × 8 and 8 % on 12 × 12,
//! but on 20 × 20 the step after the first failed (`Rotation(TooManySubsteps)`): the grid
//! projected flat exactly left the velocity solve pivots just above the redundancy floor,
//! whose dropping corrupted the factorization (see [`REDUNDANT`]). With every row
//! regularized (measured at 1e-9 of the diagonal) that failure is gone, and exact
//! projections reach 0.57 % (8 × 8), 7.5 % (12 × 12) and 307 % (20 × 20) at about twice the
//! step time; on 20 × 20, 12 Newton iterations a step reach 0.80 % at 42 ms a step (rapier:
//! 0.8 ms). There full Newton steps raise the largest error 2–5×, halved ones barely lower
//! it, and reusing one factorization over several iterations (a chord method) did not
//! contract, so the projections keep the tree and the sweeps.
//!
//! # Phases
//! - [`plan`](JointGraph::plan): the order and the pattern of `L` (symbolic elimination),
//!   kept while the island's joints stay the same, so a steady island plans once.
//! - [`factor`](JointGraph::factor): `Γ` assembled body by body, each row regularized by
//!   a small fraction of its diagonal, then right-looking block `LDLᵀ`. Loops make rows
//!   redundant more often than not: a flat grid of bodies pinned at the midpoints between
//!   them has more in-plane joint rows than in-plane freedoms, so `Γ` is singular, and a
//!   grid that has sagged a little is nearly so. The regularization keeps every pivot at
//!   least that fraction of its diagonal (see [`REDUNDANT`] for the measurements): a
//!   redundant row shares the load of the rows it repeats instead of dividing round-off by
//!   round-off. A pivot that still falls below the floor (round-off gone wrong) is left out
//!   and counted as a regularized pivot, and the factorization is done again with a larger
//!   regularization ([`ESCALATION`]).
//! - [`solve`](JointGraph::solve): forward, diagonal and backward substitution.
//!
//! Like the tree, the factors are computed in the scalar's working precision (`f64`, or
//! pairs of `f32` for an `f32` world), and the world refines the answer by sweeps whose
//! residual is computed in the scalar.
#![allow(clippy::needless_range_loop)]

use cwlist::{Buffer, Storage};

use super::WorldError;
use super::precision::{Scalar, Working, WorkingOf};
use super::spd::{Redundant, invert_spd_with, zero_block};
use super::tree::jacobian;
use crate::{BodyInverseMass, ConstraintRow};

const NONE: u32 = u32::MAX;

/// The relative floor `ρ = max(8 ε, REDUNDANT)` of a redundant row. Every row is first
/// regularized by `2ρ` of its diagonal (`Γ + cfm·I + 2ρ·diag Γ` is factored; the world's
/// refinement then solves against `Γ` itself), so the pivot left of a redundant or nearly
/// redundant row is at least `2ρ` of its diagonal: its impulse stays bounded, and its update
/// of the rows after it is kept. A pivot below `ρ` of its diagonal is then only round-off
/// gone wrong, and is dropped. Why both:
/// - what is left of an exactly redundant row is round-off: of the scalar's rows (`8 ε`: in
///   `f32` a floor of 1e-10 kept such pivots and the solve failed outright) and of many
///   eliminations in `f64` (`ρ`: at 1e-12, flat grids of 12 × 12 and more kept such pivots
///   and blew up); a kept round-off pivot divides round-off by round-off;
/// - dropping a row only *nearly* redundant (a pivot `p` below the floor that is not
///   round-off) skips its update of the rows after it, `C C ᵀ/p` with `|C|² ≈ p·Γ_qq`: as
///   large as their own pivots. A 12 × 12 grid hung from two opposite corners dropped 25 such
///   rows in its second step, solved it to a residual of 2.5e6 and failed
///   (`Rotation(TooManySubsteps)`); regularized, it hangs.
///
/// Before refinement a regularized row's equation holds to about `2ρ` of its diagonal times
/// its impulse; after the world's refinement, the property test of random trees closed by
/// random loops (`world_direct`) holds every row to 1e-4 of the scale in `f64` and 4e-3 in
/// `f32`, as it did when such rows were dropped. In `f32` the floor cannot go lower: the
/// refinement's residual is computed in the scalar, and its round-off (`ε`) divided by a
/// pivot near `ε` becomes impulse.
const REDUNDANT: f64 = 1e-9;

/// A factorization that left a row out is done again with the floor `ρ` (and the
/// regularization `2ρ`) this many times larger, up to [`CEILING`].
///
/// A pivot below `ρ` means that the round-off of the elimination exceeded the
/// regularization, and then the factors cannot be trusted: the row left out skips its
/// update of the rows after it, whose pivots then go wrong too. Measured on a random
/// mechanism of 26 bodies and 35 joints between bodies of 0.1–100 kg
/// (`robustness::random_jointed_mechanisms_keep_stepping`, seed 479, at 30 Hz): a pivot
/// came out as `−5.5e-6` where its floor was `5.6e-7`, the next joints' pivots as `−26` and
/// `−13`, the block Gauss-Seidel around the factors grew its impulses sixteenfold every
/// sweep (to 10²⁷ in 20 sweeps) and the step failed with `Rotation(TooManySubsteps)`.
/// Raising such a pivot to its floor instead of leaving the row out is worse: the floor is
/// below the pivot's true value, so its update `C Cᵀ/p` comes out too large (pivots of
/// `−6.6e5` after it; eight of 1 000 random mechanisms failed a step or ran faster than 100
/// m/s, three when leaving the rows out). Factored again with a larger `ρ` instead, every
/// step of that mechanism's 4 s succeeds. Of random mechanisms 1–1 000, none fails a step
/// and one has a body faster than 100 m/s (without this: one failed step, two such bodies);
/// of 400 whose bodies start overlapping, 15 fail or run that fast, with or without it. The
/// report's grids of ball joints (8 × 8 to 20 × 20, 300 steps hanging from opposite
/// corners) drop no row, so they keep `ρ = 1e-9`.
const ESCALATION: f64 = 100.0;

/// The largest floor `ρ` a factorization is escalated to (a regularization of 0.2 % of each
/// diagonal; the world's refinement sweeps then solve against `Γ` itself).
const CEILING: f64 = 1e-3;

/// A row is reported redundant ([`JointGraph::regularized`]) when its pivot is within this
/// many `ρ` of its diagonal: a redundancy spread over a loop's rows leaves a pivot of a few
/// times the regularization `2ρ`, not exactly `2ρ` (measured: a flat 8 × 8 grid hung from
/// two corners counts 21 rows, 12 × 12 counts 70; a joint repeated on the same bodies, its
/// rows).
const COUNTED_WITHIN: f64 = 64.0;

/// One joint as planned: its dynamic ends (`NONE` for the world or a static body), rows and
/// first row.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Joint {
    ends: [u32; 2],
    rows: u8,
    first_row: u32,
}

/// An entry of an adjacency list of the elimination graph.
#[derive(Debug, Clone, Copy)]
struct Edge {
    node: u32,
    next: u32,
}

/// A joint network with loops and its sparse factorization; scratch kept between steps.
pub(crate) struct JointGraph<T: Scalar, S: Storage> {
    /// The joints of the last plan (compared with the next plan's to reuse it).
    joints: S::Buf<Joint>,
    planned_bodies: usize,
    /// Whether `joints` has a valid plan.
    planned: bool,
    /// Joints in elimination order.
    order: S::Buf<u32>,
    /// Position of each joint in `order`.
    position: S::Buf<u32>,
    /// Where each position's column of `L` starts in `below` (one more entry at the end).
    column_start: S::Buf<u32>,
    /// The joint of each below-diagonal block of `L`, ascending by position in each column.
    below: S::Buf<u32>,
    /// Where each below-diagonal block starts in `values` (one more entry at the end).
    block_start: S::Buf<u32>,
    /// The blocks below the diagonal, each `rows(q) × rows(p)` row-major: `Γ_qp`
    /// (updated), then `L_qp` once its column is eliminated. Packed to the joints' rows, so
    /// a fixed capacity counts scalars and a network of ball joints moves 72 bytes a block.
    values: S::Buf<WorkingOf<T>>,
    /// The `L` blocks of the column being eliminated (room for the largest column).
    scratch: S::Buf<WorkingOf<T>>,
    /// Where each joint's pivot block starts in `pivots`.
    pivot_start: S::Buf<u32>,
    /// Each joint's pivot block, `rows × rows`: `Γ_pp` (updated), then `D⁻¹`.
    pivots: S::Buf<WorkingOf<T>>,
    /// Each joint's floor for its pivots: `max(8 ε, REDUNDANT)` of the diagonal of
    /// `Γ + cfm·I` before elimination. An updated pivot below it is a row that joints
    /// eliminated before already fix, and is left out (module docs).
    floors: S::Buf<WorkingOf<T>>,
    /// The solution, one entry per row (rows numbered as in the plan).
    x: S::Buf<WorkingOf<T>>,
    // Planning scratch: incidence of joints on bodies, the elimination graph, a heap.
    body_first: S::Buf<u32>,
    end_next: S::Buf<u32>,
    first_edge: S::Buf<u32>,
    edges: S::Buf<Edge>,
    degree: S::Buf<u32>,
    mark: S::Buf<u32>,
    heap: S::Buf<u64>,
    neighbours: S::Buf<u32>,
    regularized: usize,
}

impl<T: Scalar, S: Storage> core::fmt::Debug for JointGraph<T, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("JointGraph")
            .field("joints", &self.joints.as_slice().len())
            .field("fill", &self.below.as_slice().len())
            .finish_non_exhaustive()
    }
}

fn push<E>(buf: &mut impl Buffer<E>, e: E) -> Result<(), WorldError> {
    super::capacity::push(buf, e, "joint graph")
}

/// `a −= b cᵀ` for row-major `a` (`n × m`), `b` (`n × k`) and `c` (`m × k`).
#[inline]
fn subtract_product<W: Working>(a: &mut [W], b: &[W], c: &[W], n: usize, m: usize, k: usize) {
    for i in 0..n {
        for j in 0..m {
            let mut s = W::zero();
            for l in 0..k {
                s = s + b[i * k + l] * c[j * k + l];
            }
            a[i * m + j] = a[i * m + j] - s;
        }
    }
}

/// [`subtract_product`] of 3 × 3 blocks (ball joints), each entry summed in the same order
/// (the same bits): loops of a known length, inlined where the caller keeps `c` in
/// registers.
#[inline(always)]
fn subtract_product_3<W: Working>(a: &mut [W], b: &[W], c: &[W; 9]) {
    let (Ok(a), Ok(b)) = (<&mut [W; 9]>::try_from(a), <&[W; 9]>::try_from(b)) else {
        unreachable!("3 × 3 blocks");
    };
    for i in 0..3 {
        for j in 0..3 {
            let mut s = W::zero();
            for l in 0..3 {
                s = s + b[i * 3 + l] * c[j * 3 + l];
            }
            a[i * 3 + j] = a[i * 3 + j] - s;
        }
    }
}

/// Calls `f(n, m)`, with the sizes as constants for 3 × 3 blocks (ball joints): inlined,
/// its loops then unroll (each entry still summed in the same order: the same bits).
#[inline(always)]
fn sized<R>(n: usize, m: usize, f: impl FnOnce(usize, usize) -> R) -> R {
    if (n, m) == (3, 3) { f(3, 3) } else { f(n, m) }
}

/// `l = c d` for row-major `c` (`n × m`) and the `m × m` block `d` (`D⁻¹`), into row-major
/// `l`.
#[inline(always)]
fn times_inverse<W: Working>(l: &mut [W], c: &[W], d: &[[W; 6]; 6], n: usize, m: usize) {
    sized(n, m, |n, m| {
        let (l, c) = (&mut l[..n * m], &c[..n * m]);
        for i in 0..n {
            for j in 0..m {
                let mut s = W::zero();
                for k in 0..m {
                    s = s + c[i * m + k] * d[k][j];
                }
                l[i * m + j] = s;
            }
        }
    });
}

/// `y −= A x` for row-major `A` (`n × m`).
#[inline(always)]
fn subtract_times<W: Working>(y: &mut [W], a: &[W], x: &[W], n: usize, m: usize) {
    sized(n, m, |n, m| {
        let (y, a, x) = (&mut y[..n], &a[..n * m], &x[..m]);
        for i in 0..n {
            let mut s = W::zero();
            for j in 0..m {
                s = s + a[i * m + j] * x[j];
            }
            y[i] = y[i] - s;
        }
    });
}

/// `y −= Aᵀ x` for row-major `A` (`n × m`).
#[inline(always)]
fn subtract_transposed_times<W: Working>(y: &mut [W], a: &[W], x: &[W], n: usize, m: usize) {
    sized(n, m, |n, m| {
        let (y, a, x) = (&mut y[..m], &a[..n * m], &x[..n]);
        for j in 0..m {
            let mut s = W::zero();
            for i in 0..n {
                s = s + a[i * m + j] * x[i];
            }
            y[j] = y[j] - s;
        }
    });
}

impl<T: Scalar, S: Storage> JointGraph<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            joints: Buffer::new(),
            planned_bodies: 0,
            planned: false,
            order: Buffer::new(),
            position: Buffer::new(),
            column_start: Buffer::new(),
            below: Buffer::new(),
            block_start: Buffer::new(),
            values: Buffer::new(),
            scratch: Buffer::new(),
            pivot_start: Buffer::new(),
            pivots: Buffer::new(),
            floors: Buffer::new(),
            x: Buffer::new(),
            body_first: Buffer::new(),
            end_next: Buffer::new(),
            first_edge: Buffer::new(),
            edges: Buffer::new(),
            degree: Buffer::new(),
            mark: Buffer::new(),
            heap: Buffer::new(),
            neighbours: Buffer::new(),
            regularized: 0,
        }
    }

    /// Redundant joint rows of the last [`factor`](Self::factor): rows whose pivot is
    /// within [`COUNTED_WITHIN`] `ρ` of their diagonal, or dropped.
    pub(crate) fn regularized(&self) -> usize {
        self.regularized
    }

    /// Blocks of `L` below the diagonal (the fill of the plan).
    #[cfg(test)]
    pub(crate) fn fill(&self) -> usize {
        self.below.as_slice().len()
    }

    /// Plans the elimination of the joints `(a, b, rows)` over `bodies` dynamic bodies
    /// (`None` for an end on the world or a static body), rows numbered consecutively from 0
    /// in joint order. The last plan is kept when the joints are the same.
    ///
    /// # Errors
    /// [`WorldError::CapacityExceeded`] if a buffer is full (the fill did not fit); the plan
    /// is then invalid and [`factor`](Self::factor) must not be called.
    pub(crate) fn plan(
        &mut self,
        bodies: usize,
        joints: impl Iterator<Item = (Option<usize>, Option<usize>, usize)>,
    ) -> Result<(), WorldError> {
        let index = |e: Option<usize>| e.map_or(NONE, |b| b as u32);
        let mut same = self.planned && bodies == self.planned_bodies;
        let (mut count, mut first_row) = (0, 0);
        for (a, b, rows) in joints {
            let joint = Joint {
                ends: [index(a), index(b)],
                rows: rows as u8,
                first_row,
            };
            first_row += rows as u32;
            match self.joints.as_mut_slice().get_mut(count) {
                Some(old) => {
                    same &= *old == joint;
                    *old = joint;
                }
                None => {
                    same = false;
                    if let Err(e) = push(&mut self.joints, joint) {
                        self.planned = false;
                        return Err(e);
                    }
                }
            }
            count += 1;
        }
        while self.joints.as_slice().len() > count {
            same = false;
            self.joints.pop();
        }
        if same {
            return Ok(());
        }
        self.planned = false;
        self.planned_bodies = bodies;
        self.eliminate(bodies)?;
        self.planned = true;
        Ok(())
    }

    /// Adds the edge `a → b` to the elimination graph.
    fn add_edge(&mut self, a: u32, b: u32) -> Result<(), WorldError> {
        let next = self.first_edge.as_slice()[a as usize];
        self.first_edge.as_mut_slice()[a as usize] = self.edges.as_slice().len() as u32;
        push(&mut self.edges, Edge { node: b, next })
    }

    /// The live neighbours of `a` into `neighbours` (eliminated ones unlinked on the way).
    fn collect_neighbours(&mut self, a: u32) -> Result<(), WorldError> {
        self.neighbours.clear();
        let (first, edges) = (self.first_edge.as_mut_slice(), self.edges.as_mut_slice());
        let position = self.position.as_slice();
        let mut previous = NONE;
        let mut e = first[a as usize];
        while e != NONE {
            let Edge { node, next } = edges[e as usize];
            if position[node as usize] != NONE {
                if previous == NONE {
                    first[a as usize] = next;
                } else {
                    edges[previous as usize].next = next;
                }
            } else {
                push(&mut self.neighbours, node)?;
                previous = e;
            }
            e = next;
        }
        Ok(())
    }

    /// Minimum-degree elimination: the order and the pattern of `L`.
    fn eliminate(&mut self, bodies: usize) -> Result<(), WorldError> {
        let n = self.joints.as_slice().len();
        for buf in [
            &mut self.body_first,
            &mut self.end_next,
            &mut self.first_edge,
            &mut self.degree,
            &mut self.mark,
            &mut self.order,
            &mut self.position,
            &mut self.column_start,
            &mut self.below,
        ] {
            buf.clear();
        }
        self.edges.clear();
        self.heap.clear();
        for _ in 0..bodies {
            push(&mut self.body_first, NONE)?;
        }
        // Incidence: joint ends on each body (end `2j + side`).
        for j in 0..n {
            let ends = self.joints.as_slice()[j].ends;
            for side in 0..2 {
                let body = ends[side];
                if body == NONE {
                    push(&mut self.end_next, NONE)?;
                    continue;
                }
                let first = &mut self.body_first.as_mut_slice()[body as usize];
                push(&mut self.end_next, *first)?;
                *first = (2 * j + side) as u32;
            }
        }
        for _ in 0..n {
            push(&mut self.first_edge, NONE)?;
            push(&mut self.degree, 0)?;
            push(&mut self.mark, NONE)?;
            push(&mut self.position, NONE)?;
        }
        // The graph of Γ: joints sharing a dynamic body.
        for j in 0..n {
            self.mark.as_mut_slice()[j] = j as u32;
            for side in 0..2 {
                let body = self.joints.as_slice()[j].ends[side];
                if body == NONE {
                    continue;
                }
                let mut end = self.body_first.as_slice()[body as usize];
                while end != NONE {
                    let other = end / 2;
                    end = self.end_next.as_slice()[end as usize];
                    if self.mark.as_slice()[other as usize] != j as u32 {
                        self.mark.as_mut_slice()[other as usize] = j as u32;
                        self.add_edge(j as u32, other)?;
                        self.degree.as_mut_slice()[j] += 1;
                    }
                }
            }
            let key = (u64::from(self.degree.as_slice()[j]) << 32) | j as u64;
            self.heap_push(key)?;
        }
        push(&mut self.column_start, 0)?;
        while let Some(key) = self.heap_pop() {
            let (degree, p) = ((key >> 32) as u32, key as u32);
            let live = self.position.as_slice()[p as usize] == NONE;
            if !live || degree != self.degree.as_slice()[p as usize] {
                continue; // a stale entry
            }
            self.position.as_mut_slice()[p as usize] = self.order.as_slice().len() as u32;
            push(&mut self.order, p)?;
            // The column of p: its live neighbours, which become a clique.
            self.collect_neighbours(p)?;
            let column_start = self.below.as_slice().len();
            for &a in self.neighbours.as_slice() {
                push(&mut self.below, a)?;
            }
            for i in column_start..self.below.as_slice().len() {
                let a = self.below.as_slice()[i];
                self.collect_neighbours(a)?;
                for &b in self.neighbours.as_slice() {
                    self.mark.as_mut_slice()[b as usize] = a;
                }
                let mut degree = self.neighbours.as_slice().len() as u32;
                for c in column_start..self.below.as_slice().len() {
                    let b = self.below.as_slice()[c];
                    if b != a && self.mark.as_slice()[b as usize] != a {
                        self.add_edge(a, b)?;
                        degree += 1;
                    }
                }
                self.degree.as_mut_slice()[a as usize] = degree;
                self.heap_push((u64::from(degree) << 32) | u64::from(a))?;
            }
            push(&mut self.column_start, self.below.as_slice().len() as u32)?;
        }
        // Each column's blocks ascending by position (the factor walks them in step).
        let (start, below, position) = (
            self.column_start.as_slice(),
            self.below.as_mut_slice(),
            self.position.as_slice(),
        );
        for k in 0..n {
            below[start[k] as usize..start[k + 1] as usize]
                .sort_unstable_by_key(|&q| position[q as usize]);
        }
        let rows_of =
            |joints: &S::Buf<Joint>, q: u32| u32::from(joints.as_slice()[q as usize].rows);
        self.block_start.clear();
        self.pivot_start.clear();
        self.values.clear();
        self.scratch.clear();
        self.pivots.clear();
        self.floors.clear();
        self.x.clear();
        let (mut at, mut longest) = (0u32, 0u32);
        for k in 0..n {
            let p = self.order.as_slice()[k];
            let (from, to) = (
                self.column_start.as_slice()[k] as usize,
                self.column_start.as_slice()[k + 1] as usize,
            );
            let column = at;
            for e in from..to {
                push(&mut self.block_start, at)?;
                at += rows_of(&self.joints, self.below.as_slice()[e]) * rows_of(&self.joints, p);
            }
            longest = longest.max(at - column);
        }
        push(&mut self.block_start, at)?;
        for _ in 0..at {
            push(&mut self.values, WorkingOf::<T>::zero())?;
        }
        for _ in 0..longest {
            push(&mut self.scratch, WorkingOf::<T>::zero())?;
        }
        let mut at = 0;
        for j in 0..n {
            push(&mut self.pivot_start, at)?;
            at += rows_of(&self.joints, j as u32).pow(2);
            for _ in 0..rows_of(&self.joints, j as u32) {
                push(&mut self.floors, WorkingOf::<T>::zero())?;
                push(&mut self.x, WorkingOf::<T>::zero())?;
            }
        }
        for _ in 0..at {
            push(&mut self.pivots, WorkingOf::<T>::zero())?;
        }
        Ok(())
    }

    fn heap_push(&mut self, key: u64) -> Result<(), WorldError> {
        push(&mut self.heap, key)?;
        let heap = self.heap.as_mut_slice();
        let mut i = heap.len() - 1;
        while i > 0 {
            let parent = (i - 1) / 2;
            if heap[parent] <= heap[i] {
                break;
            }
            heap.swap(parent, i);
            i = parent;
        }
        Ok(())
    }

    fn heap_pop(&mut self) -> Option<u64> {
        let heap = self.heap.as_mut_slice();
        let top = *heap.first()?;
        let last = heap.len() - 1;
        heap.swap(0, last);
        let mut i = 0;
        loop {
            let (l, r) = (2 * i + 1, 2 * i + 2);
            let mut least = i;
            if l < last && heap[l] < heap[least] {
                least = l;
            }
            if r < last && heap[r] < heap[least] {
                least = r;
            }
            if least == i {
                break;
            }
            heap.swap(i, least);
            i = least;
        }
        self.heap.pop();
        Some(top)
    }

    /// The index of the block of row `q` in the column at position `k`, searched from
    /// `cursor` on (a column's entries ascend by position, so a caller walking rows in
    /// ascending order keeps the cursor).
    fn find(&self, k: usize, q: u32, cursor: &mut usize) -> usize {
        let end = self.column_start.as_slice()[k + 1] as usize;
        let below = self.below.as_slice();
        while *cursor < end && below[*cursor] != q {
            *cursor += 1;
        }
        debug_assert!(*cursor < end, "the pattern of L holds the fill");
        *cursor
    }

    /// Factors `Γ + cfm·I` of the joint rows in `rows` (numbered as in
    /// [`plan`](Self::plan)) with the inverse masses `inverse`, regularized by `2ρ`; again
    /// with a larger `ρ` while a row had to be left out ([`ESCALATION`]).
    pub(crate) fn factor(
        &mut self,
        rows: &[ConstraintRow<T>],
        inverse: &[BodyInverseMass<T>],
        cfm: T,
    ) {
        let mut level = (T::from(8).unwrap_or_else(T::nan) * T::epsilon())
            .max(T::from(REDUNDANT).unwrap_or_else(T::nan))
            .widen();
        let step = T::from(ESCALATION).unwrap_or_else(T::nan).widen();
        let ceiling = T::from(CEILING).unwrap_or_else(T::nan).widen();
        while self.factor_at(rows, inverse, cfm, level) && level < ceiling {
            let next = level * step;
            level = if next < ceiling { next } else { ceiling };
        }
    }

    /// [`factor`](Self::factor) with the floor `ρ = redundant`; `true` if a pivot fell below
    /// it (round-off beyond the regularization: the row was left out).
    fn factor_at(
        &mut self,
        rows: &[ConstraintRow<T>],
        inverse: &[BodyInverseMass<T>],
        cfm: T,
        redundant: WorkingOf<T>,
    ) -> bool {
        self.regularized = 0;
        let mut any_dropped = false;
        let regularization = redundant + redundant;
        let within = T::from(COUNTED_WITHIN).unwrap_or_else(T::nan).widen();
        self.values.as_mut_slice().fill(WorkingOf::<T>::zero());
        self.pivots.as_mut_slice().fill(WorkingOf::<T>::zero());
        self.assemble(rows, inverse);
        let Self {
            joints,
            order,
            position,
            column_start,
            below,
            block_start,
            values,
            scratch,
            pivot_start,
            pivots,
            floors,
            regularized,
            ..
        } = self;
        let (joints, order, position) = (joints.as_slice(), order.as_slice(), position.as_slice());
        let (column_start, below) = (column_start.as_slice(), below.as_slice());
        let (block_start, values) = (block_start.as_slice(), values.as_mut_slice());
        let (scratch, floors) = (scratch.as_mut_slice(), floors.as_mut_slice());
        let (pivot_start, pivots) = (pivot_start.as_slice(), pivots.as_mut_slice());
        let rows_of = |q: u32| usize::from(joints[q as usize].rows);
        let pivot_of = |q: u32| pivot_start[q as usize] as usize;
        for (j, joint) in joints.iter().enumerate() {
            let (n, at, first) = (
                rows_of(j as u32),
                pivot_of(j as u32),
                joint.first_row as usize,
            );
            for r in 0..n {
                let diagonal = pivots[at + r * n + r];
                pivots[at + r * n + r] = diagonal + cfm.widen() + regularization * diagonal.abs();
                floors[first + r] = redundant * pivots[at + r * n + r].abs();
            }
        }
        for (k, &p) in order.iter().enumerate() {
            let (np, at) = (rows_of(p), pivot_of(p));
            let mut pivot = zero_block();
            for i in 0..np {
                pivot[i][..np].copy_from_slice(&pivots[at + i * np..at + (i + 1) * np]);
            }
            let first = joints[p as usize].first_row as usize;
            let mut floor = [WorkingOf::<T>::zero(); 6];
            floor[..np].copy_from_slice(&floors[first..first + np]);
            let (d_inv, dropped) = invert_spd_with(&pivot, np, &floor, Redundant::Drop);
            // Redundant rows: a pivot left within `COUNTED_WITHIN · ρ` of its diagonal shows as
            // an entry of `D⁻¹` at least the inverse of that (dropped rows: 0).
            let redundant_rows = (0..np)
                .filter(|&i| d_inv[i][i] * floor[i] * within >= WorkingOf::<T>::one())
                .count();
            *regularized += redundant_rows.max(usize::from(dropped));
            any_dropped |= dropped;
            for i in 0..np {
                pivots[at + i * np..at + (i + 1) * np].copy_from_slice(&d_inv[i][..np]);
            }
            let (first, last) = (column_start[k] as usize, column_start[k + 1] as usize);
            let column = block_start[first] as usize;
            // L = C D⁻¹ of the column into scratch; the column keeps C = Γ_qp for updates.
            for e in first..last {
                let (from, nq) = (block_start[e] as usize, rows_of(below[e]));
                let offset = from - column;
                times_inverse(&mut scratch[offset..], &values[from..], &d_inv, nq, np);
            }
            for e1 in first..last {
                let (q1, from1) = (below[e1], block_start[e1] as usize);
                let n1 = rows_of(q1);
                let mut c1 = [WorkingOf::<T>::zero(); 36];
                c1[..n1 * np].copy_from_slice(&values[from1..from1 + n1 * np]);
                // Ball joints (3 × 3 blocks): the same updates with the sizes known, so
                // `C_q1` stays in registers and the product is inlined (the same bits; a
                // 20 × 20 grid's factorization: 32.1 → 22.5 M instructions with `times_inverse`).
                let ball = (np, n1) == (3, 3);
                let c1_3: [_; 9] = core::array::from_fn(|i| c1[i]);
                let l1 = &scratch[from1 - column..];
                // Γ_q1q1 −= L_q1 C_q1ᵀ.
                let at1 = pivot_of(q1);
                if ball {
                    subtract_product_3(&mut pivots[at1..at1 + 9], &l1[..9], &c1_3);
                } else {
                    subtract_product(&mut pivots[at1..at1 + n1 * n1], l1, &c1, n1, n1, np);
                }
                // Γ_q2q1 −= L_q2 C_q1ᵀ for q2 after q1: in the column of q1.
                let k1 = position[q1 as usize] as usize;
                let mut cursor = column_start[k1] as usize;
                for e2 in e1 + 1..last {
                    let q2 = below[e2];
                    while below[cursor] != q2 {
                        cursor += 1;
                    }
                    debug_assert!(cursor < column_start[k1 + 1] as usize, "L holds the fill");
                    let n2 = rows_of(q2);
                    let target = block_start[cursor] as usize;
                    let l2 = &scratch[block_start[e2] as usize - column..];
                    if ball && n2 == 3 {
                        subtract_product_3(&mut values[target..target + 9], &l2[..9], &c1_3);
                    } else {
                        subtract_product(
                            &mut values[target..target + n2 * n1],
                            l2,
                            &c1,
                            n2,
                            n1,
                            np,
                        );
                    }
                }
            }
            let end = block_start[last] as usize;
            values[column..end].copy_from_slice(&scratch[..end - column]);
        }
        any_dropped
    }

    /// `Γ = J M⁻¹ Jᵀ` into the pivots and the blocks below them, body by body.
    fn assemble(&mut self, rows: &[ConstraintRow<T>], inverse: &[BodyInverseMass<T>]) {
        for (body, inv) in inverse
            .iter()
            .enumerate()
            .take(self.body_first.as_slice().len())
        {
            let mut m_inv = zero_block();
            for k in 0..3 {
                m_inv[k][k] = inv.inv_mass.widen();
                for c in 0..3 {
                    m_inv[3 + k][3 + c] = inv.inv_inertia[(k, c)].widen();
                }
            }
            let mut end = self.body_first.as_slice()[body];
            while end != NONE {
                let a = (end / 2) as usize;
                end = self.end_next.as_slice()[end as usize];
                let ja = self.joints.as_slice()[a];
                let na = usize::from(ja.rows);
                // W = J_a M⁻¹ (rows × 6).
                let mut w = zero_block();
                for r in 0..na {
                    let jac = jacobian(&rows[ja.first_row as usize + r], body);
                    for c in 0..6 {
                        let mut s = WorkingOf::<T>::zero();
                        for m in 0..6 {
                            s = s + jac[m] * m_inv[m][c];
                        }
                        w[r][c] = s;
                    }
                }
                let mut other = self.body_first.as_slice()[body];
                while other != NONE {
                    let b = (other / 2) as usize;
                    other = self.end_next.as_slice()[other as usize];
                    let (pa, pb) = (self.position.as_slice()[a], self.position.as_slice()[b]);
                    // Each unordered pair once: into the earlier one's column (or the pivot).
                    if pb > pa {
                        continue;
                    }
                    let jb = self.joints.as_slice()[b];
                    let nb = usize::from(jb.rows);
                    let mut jac_b = zero_block();
                    for r in 0..nb {
                        jac_b[r] = jacobian(&rows[jb.first_row as usize + r], body);
                    }
                    // Γ_ab += W_a J_bᵀ (a later than or equal to b).
                    let target = if a == b {
                        let from = self.pivot_start.as_slice()[a] as usize;
                        &mut self.pivots.as_mut_slice()[from..from + na * nb]
                    } else {
                        let mut cursor = self.column_start.as_slice()[pb as usize] as usize;
                        let e = self.find(pb as usize, a as u32, &mut cursor);
                        let from = self.block_start.as_slice()[e] as usize;
                        &mut self.values.as_mut_slice()[from..from + na * nb]
                    };
                    for i in 0..na {
                        for j in 0..nb {
                            let mut s = WorkingOf::<T>::zero();
                            for m in 0..6 {
                                s = s + w[i][m] * jac_b[j][m];
                            }
                            target[i * nb + j] = target[i * nb + j] + s;
                        }
                    }
                }
            }
        }
    }

    /// Solves `(Γ + cfm·I) δλ = r` with the last factorization: `rhs(row)` gives `r`,
    /// `out(row, δλ)` receives the answer.
    pub(crate) fn solve(&mut self, rhs: impl Fn(usize) -> T, mut out: impl FnMut(usize, T)) {
        let joints = self.joints.as_slice();
        let x = self.x.as_mut_slice();
        for (r, x) in x.iter_mut().enumerate() {
            *x = rhs(r).widen();
        }
        let (order, start, below) = (
            self.order.as_slice(),
            self.column_start.as_slice(),
            self.below.as_slice(),
        );
        let (block_start, values) = (self.block_start.as_slice(), self.values.as_slice());
        let (pivot_start, pivots) = (self.pivot_start.as_slice(), self.pivots.as_slice());
        let rows_of = |q: usize| usize::from(joints[q].rows);
        let first = |q: usize| joints[q].first_row as usize;
        let block = |e: usize| &values[block_start[e] as usize..block_start[e + 1] as usize];
        // Forward: x_q −= L_qp x_p.
        for (k, &p) in order.iter().enumerate() {
            let (p, mut xp) = (p as usize, [WorkingOf::<T>::zero(); 6]);
            let np = rows_of(p);
            xp[..np].copy_from_slice(&x[first(p)..first(p) + np]);
            for e in start[k] as usize..start[k + 1] as usize {
                let q = below[e] as usize;
                let nq = rows_of(q);
                subtract_times(&mut x[first(q)..first(q) + nq], block(e), &xp, nq, np);
            }
        }
        // Diagonal: x_p = D⁻¹ x_p.
        for p in 0..joints.len() {
            let (n, at, from) = (rows_of(p), pivot_start[p] as usize, first(p));
            let mut y = [WorkingOf::<T>::zero(); 6];
            for i in 0..n {
                for j in 0..n {
                    y[i] = y[i] + pivots[at + i * n + j] * x[from + j];
                }
            }
            x[from..from + n].copy_from_slice(&y[..n]);
        }
        // Backward: x_p −= Σ L_qpᵀ x_q.
        for (k, &p) in order.iter().enumerate().rev() {
            let (p, mut xp) = (p as usize, [WorkingOf::<T>::zero(); 6]);
            let np = rows_of(p);
            xp[..np].copy_from_slice(&x[first(p)..first(p) + np]);
            for e in start[k] as usize..start[k + 1] as usize {
                let q = below[e] as usize;
                let nq = rows_of(q);
                subtract_transposed_times(&mut xp, block(e), &x[first(q)..first(q) + nq], nq, np);
            }
            x[first(p)..first(p) + np].copy_from_slice(&xp[..np]);
        }
        for (r, &v) in x.iter().enumerate() {
            out(r, T::narrow(v));
        }
    }
}

#[cfg(test)]
mod tests;
