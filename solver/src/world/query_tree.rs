//! Many queries at once: a bounding-volume tree over the bodies' bounding spheres, built in
//! O(n log n) by median splits along the longest axis, so that each ray cast, overlap or
//! point query visits O(log n) boxes plus the bodies it nearly touches instead of every body.
//!
//! The tree is built for one state of the world and borrows it while it answers
//! ([`World::queries`]), so it can never answer for bodies that have since moved. It
//! answers exactly as the world's own queries ([`World::cast_ray`], [`World::overlaps`],
//! [`World::bodies_at`]): the same per-shape tests on the bodies its boxes let through, and
//! every plane (planes are unbounded; a world has few).
use crate::world::Scalar;
use core::cell::Cell;
use core::cmp::Ordering;

use cwlist::{Buffer, Storage};
use num_traits::FloatConst;
use xform::{UnitQuaternion, Vector};

use super::capacity::push;
use super::overlap::{Probe, holds};
use super::raycast::{Ray, on_body};
use super::step::narrow::bounding_radius;
use super::{
    BodyHandle, BroadPhase, ConstraintFunction, HitTarget, RayHit, RigidBody, Shape, World,
    WorldError,
};

/// Most bodies in a leaf of the tree.
const LEAF_SIZE: usize = 4;

/// Deeper than any tree of at most `u32::MAX` bodies split at medians gets (about 31).
const MAX_DEPTH: usize = 64;

/// One body in the tree: its bounding sphere.
#[derive(Debug, Clone, Copy)]
struct Item<T> {
    center: Vector<T, 3>,
    radius: T,
    body: u32,
}

/// A box of the tree: a leaf holds `items[first..first + count]`; an inner node
/// (`count == 0`) has its two children at `first` and `first + 1`, split along `axis`
/// (the first child holds the lower centres).
#[derive(Debug, Clone, Copy)]
struct Node<T> {
    lo: Vector<T, 3>,
    hi: Vector<T, 3>,
    first: u32,
    count: u32,
    axis: u8,
}

/// The storage of a bounding-volume tree over a world's bodies, for many ray casts, overlap
/// and point queries on one state of the world ([`World::queries`] builds it and answers
/// through it). Keep one and build it again each time the world has stepped: its buffers
/// are reused. In [`cwlist::Fixed<N>`] storage it holds the `N` bodies of a fixed world.
///
/// # Example
/// ```
/// use solver::world::{QueryTree, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// for k in 0..100 {
///     let at = Vector([k as f64, 0.0, 0.0]);
///     w.add_body(RigidBody::sphere(1.0, 0.25).unwrap().with_position(at)).unwrap();
/// }
/// let mut tree = QueryTree::new();
/// let q = w.queries(&mut tree).unwrap();
/// let down = Vector([0.0, -1.0, 0.0]);
/// let hits = (0..100).filter(|&k| q.cast_ray(Vector([k as f64, 5.0, 0.0]), down, 10.0).unwrap().is_some());
/// assert_eq!(hits.count(), 100);
/// ```
pub struct QueryTree<T, S: Storage> {
    items: S::Buf<Item<T>>,
    nodes: S::Buf<Node<T>>,
}

impl<T, S: Storage> Default for QueryTree<T, S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T, S: Storage> core::fmt::Debug for QueryTree<T, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("QueryTree")
            .field("bodies", &self.items.as_slice().len())
            .field("nodes", &self.nodes.as_slice().len())
            .finish()
    }
}

impl<T, S: Storage> QueryTree<T, S> {
    /// An empty tree (nothing allocated until it is built).
    ///
    /// # Example
    /// ```
    /// use solver::world::QueryTree;
    /// let tree = QueryTree::<f64, solver::cwlist::Fixed<64>>::new();
    /// assert!(format!("{tree:?}").contains("bodies: 0"));
    /// ```
    pub fn new() -> Self {
        Self {
            items: Buffer::new(),
            nodes: Buffer::new(),
        }
    }
}

fn depth_exceeded() -> WorldError {
    WorldError::CapacityExceeded {
        what: "query tree depth",
    }
}

impl<T: Scalar, S: Storage> QueryTree<T, S> {
    /// Builds the tree over the bodies with a shape (the body indices of `bodies`).
    fn build(&mut self, bodies: &[RigidBody<T>]) -> Result<(), WorldError> {
        self.items.clear();
        self.nodes.clear();
        for (i, body) in bodies.iter().enumerate() {
            if let Some(radius) = bounding_radius(&body.shape) {
                let item = Item {
                    center: body.position,
                    radius,
                    body: u32::try_from(i).map_err(|_| depth_exceeded())?,
                };
                push(&mut self.items, item, "query tree")?;
            }
        }
        let n = self.items.as_slice().len();
        if n == 0 {
            return Ok(());
        }
        let empty = Node {
            lo: Vector::zeros(),
            hi: Vector::zeros(),
            first: 0,
            count: 0,
            axis: 0,
        };
        push(&mut self.nodes, empty, "query tree")?;
        // Top down: split each range at the median centre along its widest spread. Each
        // entry of the stack is a node still to split and its range of items.
        let mut stack = [(0u32, 0usize, 0usize); MAX_DEPTH];
        stack[0] = (0, 0, n);
        let mut depth = 1;
        while depth > 0 {
            depth -= 1;
            let (node, start, end) = stack[depth];
            let items = &mut self.items.as_mut_slice()[start..end];
            let (lo, hi) = bounds(items.iter().map(|it| (it.center, it.center)));
            let spread = hi - lo;
            let axis = (1..3).fold(0, |a, k| if spread[k] > spread[a] { k } else { a });
            let mut filled = Node {
                first: start as u32,
                count: items.len() as u32,
                axis: axis as u8,
                ..empty
            };
            if items.len() > LEAF_SIZE && spread[axis] > T::zero() {
                let mid = items.len() / 2;
                items.select_nth_unstable_by(mid, |a, b| {
                    a.center[axis]
                        .partial_cmp(&b.center[axis])
                        .unwrap_or(Ordering::Equal)
                });
                let first = self.nodes.as_slice().len();
                push(&mut self.nodes, empty, "query tree")?;
                push(&mut self.nodes, empty, "query tree")?;
                filled.first = first as u32;
                filled.count = 0;
                if depth + 2 > MAX_DEPTH {
                    return Err(depth_exceeded());
                }
                stack[depth] = (first as u32 + 1, start + mid, end);
                stack[depth + 1] = (first as u32, start, start + mid);
                depth += 2;
            }
            self.nodes.as_mut_slice()[node as usize] = filled;
        }
        // Bottom up: children come after their parent, so one backward pass sizes every box.
        let (nodes, items) = (self.nodes.as_mut_slice(), self.items.as_slice());
        for k in (0..nodes.len()).rev() {
            let node = nodes[k];
            let first = node.first as usize;
            let (lo, hi) = if node.count > 0 {
                let leaf = &items[first..first + node.count as usize];
                bounds(leaf.iter().map(Item::bounding_box))
            } else {
                bounds(
                    [first, first + 1]
                        .into_iter()
                        .map(|c| (nodes[c].lo, nodes[c].hi)),
                )
            };
            (nodes[k].lo, nodes[k].hi) = (lo, hi);
        }
        Ok(())
    }

    /// The bodies whose bounding spheres `keep` accepts, in the leaves whose boxes `enter`
    /// lets through, depth first; the upper child first along the axes `upper_first` marks
    /// (a ray going down an axis meets the upper child first).
    fn walk<'t>(
        &'t self,
        upper_first: [bool; 3],
        enter: impl FnMut(&Vector<T, 3>, &Vector<T, 3>) -> bool + 't,
        keep: impl FnMut(&Vector<T, 3>, T) -> bool + 't,
    ) -> impl Iterator<Item = usize> + 't {
        Walk {
            nodes: self.nodes.as_slice(),
            items: self.items.as_slice(),
            stack: [0; MAX_DEPTH],
            depth: usize::from(!self.nodes.as_slice().is_empty()),
            leaf: 0..0,
            upper_first,
            enter,
            keep,
        }
    }
}

/// A bounding sphere's radius widened by a few rounding errors of its coordinates, so that
/// no shape the sphere holds pokes out of it or of its box, whatever the rounding.
fn widened<T: Scalar>(center: &Vector<T, 3>, radius: T) -> T {
    let scale = center.0.iter().fold(radius, |m, c| m.max(c.abs()));
    radius + scale * T::epsilon() * T::from(16.0).unwrap_or_else(T::one)
}

impl<T: Scalar> Item<T> {
    /// The box around the (widened) bounding sphere.
    fn bounding_box(&self) -> (Vector<T, 3>, Vector<T, 3>) {
        let reach = Vector([widened(&self.center, self.radius); 3]);
        (self.center - reach, self.center + reach)
    }
}

/// Whether `ray` passes within `radius` of `center` before `reach`.
fn ray_nears<T: Scalar>(ray: &Ray<T>, center: &Vector<T, 3>, radius: T, reach: T) -> bool {
    let t = (*center - ray.origin)
        .dot(&ray.direction)
        .max(T::zero())
        .min(reach);
    let r = widened(center, radius);
    (ray.origin + ray.direction * t - *center).norm_squared() <= r * r
}

/// The smallest box around `boxes` (at least one).
fn bounds<T: Scalar>(
    mut boxes: impl Iterator<Item = (Vector<T, 3>, Vector<T, 3>)>,
) -> (Vector<T, 3>, Vector<T, 3>) {
    let first = boxes.next().unwrap_or((Vector::zeros(), Vector::zeros()));
    boxes.fold(first, |(lo, hi), (l, h)| {
        (
            Vector(core::array::from_fn(|k| lo[k].min(l[k]))),
            Vector(core::array::from_fn(|k| hi[k].max(h[k]))),
        )
    })
}

/// The depth-first walk of [`QueryTree::walk`]: a stack of nodes still to open and the rest
/// of the leaf being read.
struct Walk<'t, T, F, K> {
    nodes: &'t [Node<T>],
    items: &'t [Item<T>],
    stack: [u32; MAX_DEPTH],
    depth: usize,
    leaf: core::ops::Range<usize>,
    upper_first: [bool; 3],
    enter: F,
    keep: K,
}

impl<T: Copy, F, K> Iterator for Walk<'_, T, F, K>
where
    F: FnMut(&Vector<T, 3>, &Vector<T, 3>) -> bool,
    K: FnMut(&Vector<T, 3>, T) -> bool,
{
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        loop {
            for k in self.leaf.by_ref() {
                let item = &self.items[k];
                if (self.keep)(&item.center, item.radius) {
                    return Some(item.body as usize);
                }
            }
            if self.depth == 0 {
                return None;
            }
            self.depth -= 1;
            let node = &self.nodes[self.stack[self.depth] as usize];
            if !(self.enter)(&node.lo, &node.hi) {
                continue;
            }
            let first = node.first as usize;
            if node.count > 0 {
                self.leaf = first..first + node.count as usize;
            } else {
                // A tree of median splits is at most about log2(n) deep: both children fit.
                let upper = u32::from(self.upper_first[node.axis as usize]);
                self.stack[self.depth] = first as u32 + 1 - upper;
                self.stack[self.depth + 1] = first as u32 + upper;
                self.depth += 2;
            }
        }
    }
}

/// Whether `ray` passes through the box `lo..hi` before `reach` (slab test).
fn ray_enters<T: Scalar>(ray: &Ray<T>, lo: &Vector<T, 3>, hi: &Vector<T, 3>, reach: T) -> bool {
    let (mut enter, mut exit) = (T::zero(), reach);
    for k in 0..3 {
        let (o, d) = (ray.origin[k], ray.direction[k]);
        if d == T::zero() {
            if o < lo[k] || o > hi[k] {
                return false;
            }
            continue;
        }
        let (a, b) = ((lo[k] - o) / d, (hi[k] - o) / d);
        enter = enter.max(a.min(b));
        exit = exit.min(a.max(b));
    }
    enter <= exit
}

/// A world's queries through a [`QueryTree`] built for its present state
/// ([`World::queries`]); the world cannot change while they are asked. Each answers as the
/// world's own query of the same name, in O(log n) plus the bodies near the query.
///
/// # Example
/// ```
/// use solver::world::{HitTarget, Material, QueryTree, RigidBody, Shape, World, WorldSettings};
/// use solver::xform::{UnitQuaternion, Vector};
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let ground = w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// let ball = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(Vector([2.0, 0.5, 0.0]))).unwrap();
/// let mut tree = QueryTree::new();
/// let q = w.queries(&mut tree).unwrap();
/// let hit = q.cast_ray(Vector([2.0, 3.0, 0.0]), Vector([0.0, -1.0, 0.0]), 10.0).unwrap().unwrap();
/// assert_eq!((hit.target, hit.distance), (HitTarget::Body(ball), 2.0));
/// assert_eq!(q.bodies_at(Vector([2.0, 0.5, 0.0])).unwrap().collect::<Vec<_>>(), [ball]);
/// let probe = Shape::Box(Vector([0.5, 0.5, 0.5]));
/// let touched: Vec<_> = q.overlaps(probe, Vector([1.0, 0.5, 0.0]), UnitQuaternion::identity()).unwrap().collect();
/// assert_eq!(touched, [HitTarget::Body(ball), HitTarget::Plane(ground)]);
/// ```
pub struct Queries<'w, T: Scalar, S: Storage, U, B> {
    world: &'w World<T, S, U, B>,
    tree: &'w QueryTree<T, S>,
}

impl<T: Scalar, S: Storage, U, B> core::fmt::Debug for Queries<'_, T, S, U, B> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Queries").field("tree", self.tree).finish()
    }
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// Builds `tree` over the bodies as they are now and returns the queries that go
    /// through it: for many ray casts or overlap tests on one state (a frame's ground
    /// checks, line-of-sight tests, explosions). O(n log n) to build; the world's own
    /// queries need nothing built and suit a few queries a step.
    ///
    /// # Errors
    /// [`WorldError::CapacityExceeded`] (`"query tree"`) if a fixed tree cannot hold the
    /// bodies.
    ///
    /// # Example
    /// ```
    /// use solver::world::{QueryTree, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap()).unwrap();
    /// let mut tree = QueryTree::new();
    /// let under = w.queries(&mut tree).unwrap().bodies_at(Vector([0.0, 0.4, 0.0])).unwrap().count();
    /// assert_eq!(under, 1);
    /// w.set_position(b, Vector([5.0, 0.0, 0.0])).unwrap(); // the tree is rebuilt for the new state
    /// let under = w.queries(&mut tree).unwrap().bodies_at(Vector([0.0, 0.4, 0.0])).unwrap().count();
    /// assert_eq!(under, 0);
    /// ```
    pub fn queries<'w>(
        &'w self,
        tree: &'w mut QueryTree<T, S>,
    ) -> Result<Queries<'w, T, S, U, B>, WorldError> {
        tree.build(self.bodies.as_slice())?;
        Ok(Queries { world: self, tree })
    }
}

impl<'w, T, S, U, B> Queries<'w, T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// As [`World::cast_ray`]: the first body or plane hit within `max_distance`, of equal
    /// distances bodies first and lower indices first.
    ///
    /// # Errors
    /// As [`World::cast_ray`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{HitTarget, QueryTree, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let near = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(Vector([2.0, 0.0, 0.0]))).unwrap();
    /// w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(Vector([4.0, 0.0, 0.0]))).unwrap();
    /// let mut tree = QueryTree::new();
    /// let q = w.queries(&mut tree).unwrap();
    /// let hit = q.cast_ray(Vector([0.0; 3]), Vector([1.0, 0.0, 0.0]), 10.0).unwrap().unwrap();
    /// assert_eq!((hit.target, hit.distance), (HitTarget::Body(near), 1.5));
    /// ```
    pub fn cast_ray(
        &self,
        origin: Vector<T, 3>,
        direction: Vector<T, 3>,
        max_distance: T,
    ) -> Result<Option<RayHit<T>>, WorldError> {
        let ray = Ray::new(origin, direction, max_distance)?;
        let w = self.world;
        let bodies = w.bodies.as_slice();
        // The nearest body so far, (distance, index, normal); boxes beyond it are skipped.
        let reach = Cell::new(max_distance);
        let mut best: Option<(T, usize, Vector<T, 3>)> = None;
        let down = ray.direction.0.map(|d| d < T::zero());
        let bodies_met = self.tree.walk(
            down,
            |lo, hi| ray_enters(&ray, lo, hi, reach.get()),
            |c, r| ray_nears(&ray, c, r, reach.get()),
        );
        for i in bodies_met {
            if let Some((t, normal)) = on_body(&ray, &bodies[i])
                && best.is_none_or(|(bt, bi, _)| t < bt || (t == bt && i < bi))
            {
                best = Some((t, i, normal));
                reach.set(t);
            }
        }
        let mut first =
            best.map(|(t, i, n)| ray.hit(HitTarget::Body(w.body_handles.at(i)), (t, n)));
        w.planes_hit(&ray, &mut |h| {
            if first.is_none_or(|f| h.distance < f.distance) {
                first = Some(h);
            }
        });
        Ok(first)
    }

    /// As [`World::cast_ray_all`]: every body and plane hit within `max_distance`, bodies
    /// in the tree's order (not by index or distance), then planes.
    ///
    /// # Errors
    /// As [`World::cast_ray`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{QueryTree, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// for k in 0..10 {
    ///     w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(Vector([2.0 * k as f64, 0.0, 0.0]))).unwrap();
    /// }
    /// let mut tree = QueryTree::new();
    /// let mut distances = Vec::new();
    /// w.queries(&mut tree).unwrap().cast_ray_all(Vector([-1.0, 0.0, 0.0]), Vector([1.0, 0.0, 0.0]), 5.0, &mut |h| distances.push(h.distance)).unwrap();
    /// distances.sort_by(f64::total_cmp);
    /// assert_eq!(distances, [0.5, 2.5, 4.5]);
    /// ```
    pub fn cast_ray_all(
        &self,
        origin: Vector<T, 3>,
        direction: Vector<T, 3>,
        max_distance: T,
        hit: &mut dyn FnMut(RayHit<T>),
    ) -> Result<(), WorldError> {
        let ray = Ray::new(origin, direction, max_distance)?;
        let w = self.world;
        let bodies_met = self.tree.walk(
            [false; 3],
            |lo, hi| ray_enters(&ray, lo, hi, max_distance),
            |c, r| ray_nears(&ray, c, r, max_distance),
        );
        for i in bodies_met {
            if let Some(h) = on_body(&ray, &w.bodies.as_slice()[i]) {
                hit(ray.hit(HitTarget::Body(w.body_handles.at(i)), h));
            }
        }
        w.planes_hit(&ray, hit);
        Ok(())
    }

    /// As [`World::overlaps`]: the bodies and planes that `shape`, placed at `position`
    /// turned by `orientation`, overlaps or touches; bodies in the tree's order, then
    /// planes.
    ///
    /// # Errors
    /// As [`World::overlaps`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{HitTarget, QueryTree, RigidBody, Shape, World, WorldSettings};
    /// use solver::xform::{UnitQuaternion, Vector};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// for k in 0..10 {
    ///     w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(Vector([2.0 * k as f64, 0.0, 0.0]))).unwrap();
    /// }
    /// let mut tree = QueryTree::new();
    /// let q = w.queries(&mut tree).unwrap();
    /// let blast = Shape::Sphere(2.0);
    /// assert_eq!(q.overlaps(blast, Vector([9.0, 0.0, 0.0]), UnitQuaternion::identity()).unwrap().count(), 2);
    /// ```
    pub fn overlaps(
        &self,
        shape: Shape<T>,
        position: Vector<T, 3>,
        orientation: UnitQuaternion<T>,
    ) -> Result<impl Iterator<Item = HitTarget> + 'w, WorldError> {
        let probe = Probe::new(shape, position, orientation)?;
        let (center, radius) = (probe.center(), probe.radius);
        let w = self.world;
        let near = move |lo: &Vector<T, 3>, hi: &Vector<T, 3>| {
            let gap: Vector<T, 3> = Vector(core::array::from_fn(|k| {
                (lo[k] - center[k]).max(center[k] - hi[k]).max(T::zero())
            }));
            gap.norm_squared() <= radius * radius
        };
        let meets = move |c: &Vector<T, 3>, r: T| {
            let reach = widened(c, r) + radius;
            (*c - center).norm_squared() <= reach * reach
        };

        let bodies = self
            .tree
            .walk([false; 3], near, meets)
            .filter(move |&i| probe.touches_body(&w.bodies.as_slice()[i]))
            .map(move |i| HitTarget::Body(w.body_handles.at(i)));
        Ok(bodies.chain(w.planes_touched(probe)))
    }

    /// As [`World::bodies_at`]: the bodies whose shapes hold `point`, in the tree's order.
    ///
    /// # Errors
    /// As [`World::bodies_at`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{QueryTree, RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let rod = w.add_body(RigidBody::capsule(1.0, 0.1, 0.5).unwrap()).unwrap();
    /// let mut tree = QueryTree::new();
    /// let q = w.queries(&mut tree).unwrap();
    /// assert_eq!(q.bodies_at(Vector([0.0, 0.55, 0.0])).unwrap().collect::<Vec<_>>(), [rod]);
    /// assert_eq!(q.bodies_at(Vector([0.0, 0.65, 0.0])).unwrap().count(), 0);
    /// ```
    pub fn bodies_at(
        &self,
        point: Vector<T, 3>,
    ) -> Result<impl Iterator<Item = BodyHandle> + 'w, WorldError> {
        if !point.is_finite() {
            return Err(WorldError::NonFinite {
                what: "query point",
            });
        }
        let w = self.world;
        let inside = move |lo: &Vector<T, 3>, hi: &Vector<T, 3>| {
            (0..3).all(|k| lo[k] <= point[k] && point[k] <= hi[k])
        };
        Ok(self
            .tree
            .walk([false; 3], inside, move |c, r| {
                let r = widened(c, r);
                (point - *c).norm_squared() <= r * r
            })
            .filter(move |&i| holds(&w.bodies.as_slice()[i], &point))
            .map(move |i| w.body_handles.at(i)))
    }
}
