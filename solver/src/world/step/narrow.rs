//! Narrow phase: the contact points of each candidate pair and of each body against the
//! planes, matched with the last step's contacts (warm-start impulses) through the
//! [`ContactSet`] index.
use cwlist::{Buffer, Storage};
use num_traits::Float;

use super::broad::{BroadPhase, Proxy};
use super::excluded::ExcludedView;
use super::executor::{Executor, Loops};
use super::persist::{ContactSet, PairKey, warm_start};
use super::push;
use crate::geometry::MAX_MANIFOLD_POINTS;
use crate::geometry::{HalfSpace, Isometry, Manifold};
use crate::world::Scalar;
use crate::world::contact::{Contact, Partner, Plane};
use crate::world::{RigidBody, Shape, WorldError};

/// The bounding sphere of a body's shape, if it has one (shapes were checked on entry).
pub(crate) fn bounding_radius<T: Float>(shape: &Shape<T>) -> Option<T> {
    match *shape {
        Shape::None => None,
        Shape::Sphere(r) => Some(r),
        Shape::Box(h) => Some(h.norm()),
        Shape::Capsule(r, h) => Some(r + h),
    }
}

/// The candidate pairs of the broad phase, as body indices (`a < b`).
pub(crate) struct Candidates<T, S: Storage> {
    proxies: S::Buf<Proxy<T>>,
    pub(crate) pairs: S::Buf<[u32; 2]>,
}

impl<T: Float, S: Storage> Candidates<T, S> {
    pub(crate) fn new() -> Self {
        Self {
            proxies: Buffer::new(),
            pairs: Buffer::new(),
        }
    }

    /// Runs the broad phase over the bodies' bounding spheres; pairs of two static bodies
    /// are left out. Sleeping bodies keep their contacts: they hold their island together
    /// and support it the moment it wakes.
    pub(crate) fn find<U, B: BroadPhase<T>>(
        &mut self,
        exec: &mut impl Executor<T, S, U, B>,
        broad_phase: &mut B,
        bodies: &[RigidBody<T>],
        excluded: ExcludedView<'_>,
        margin: T,
    ) -> Result<(), WorldError>
    where
        T: Scalar,
    {
        self.proxies.clear();
        self.pairs.clear();
        for (i, b) in bodies.iter().enumerate() {
            if let Some(radius) = bounding_radius(&b.shape) {
                let proxy = Proxy {
                    body: i,
                    center: b.position,
                    radius,
                };
                push(&mut self.proxies, proxy, "proxies")?;
            }
        }
        let Self { proxies, pairs } = self;
        let proxies = proxies.as_slice();
        let bodies_of = |i: usize, j: usize| {
            let (a, b) = (proxies[i].body, proxies[j].body);
            (a.min(b), a.max(b))
        };
        let keep = |i: usize, j: usize| {
            let (a, b) = bodies_of(i, j);
            !(bodies[a].is_static() && bodies[b].is_static()
                || !bodies[a].collides_with(&bodies[b])
                || excluded.excludes(a, b))
        };
        exec.broad_phase(broad_phase, proxies, margin, &keep, &mut |i, j| {
            let (a, b) = bodies_of(i, j);
            push(pairs, [a as u32, b as u32], "candidate pairs")
        })
    }
}

/// Bodies or pairs per parallel task of the narrow phase (0.1–1 µs each).
const GRAIN: usize = 64;

/// Writes the contacts of this step into `fresh`: each candidate pair and each
/// (body, plane) pair whose surfaces come within `margin` (gap `<= margin`, so bodies built
/// exactly touching get their contact whatever the rounding), with the impulses of its
/// predecessor in `previous` (zero for a new contact). The pairs are collided by `loops`;
/// the contacts come out in the same order either way: each body's planes, then the
/// candidate pairs.
pub(crate) fn collide<T: Scalar, S: Storage>(
    loops: &mut impl Loops,
    bodies: &[RigidBody<T>],
    planes: &[Plane<T>],
    candidates: &Candidates<T, S>,
    margin: T,
    previous: &ContactSet<T, S>,
    fresh: &mut S::Buf<Contact<T>>,
) -> Result<(), WorldError> {
    fresh.clear();
    let previous = previous.index();
    // The contacts of one manifold, warm-started from the pair's last ones.
    let contacts =
        |a: usize, partner: Partner, manifold: Manifold<T>, emit: &mut dyn FnMut(Contact<T>)| {
            // Most candidates (a body against a far wall, a pair whose bounding spheres
            // barely overlap) have no point within the margin: no lookup for them.
            if !manifold.iter().any(|p| p.gap <= margin) {
                return;
            }
            let unset = Contact {
                a,
                partner,
                normal: xform::Vector::zeros(),
                gap: T::zero(),
                point: xform::Vector::zeros(),
                feature: 0,
                impulse: [T::zero(); 3],
            };
            let mut kept = [unset; MAX_MANIFOLD_POINTS];
            let mut n = 0;
            for p in manifold.iter().filter(|p| p.gap <= margin) {
                kept[n] = Contact {
                    a,
                    partner,
                    normal: p.normal,
                    gap: p.gap,
                    point: p.point,
                    feature: p.feature.0,
                    impulse: [T::zero(); 3],
                };
                n += 1;
            }
            warm_start(
                previous.pair(&PairKey { a, partner }),
                &mut kept[..n],
                margin,
            );
            kept[..n].iter().for_each(|c| emit(*c));
        };
    let pose = |b: &RigidBody<T>| Isometry::new(b.position, b.orientation);
    // Contacts with the planes first: the sweeps then carry the ground's support up a
    // stack within one sweep instead of one contact per sweep.
    let with_planes = |i: usize, emit: &mut dyn FnMut(Result<Contact<T>, WorldError>)| {
        let body = &bodies[i];
        if body.is_static() {
            return;
        }
        match body.shape.solid() {
            Err(e) => emit(Err(e)),
            Ok(None) => {}
            Ok(Some(solid)) => {
                let radius = bounding_radius(&body.shape).unwrap_or_else(T::infinity);
                for (k, plane) in planes.iter().enumerate() {
                    // Beyond the margin by the bounding sphere alone (a wall across the
                    // room): no point of the shape comes within it. A NaN position fails
                    // the test and reaches the shape's own routine.
                    if plane.normal.dot(&body.position) - plane.offset - radius > margin {
                        continue;
                    }
                    let half_space = HalfSpace {
                        normal: plane.normal,
                        offset: plane.offset,
                    };
                    let manifold = solid.contact_plane(&pose(body), &half_space, margin);
                    contacts(i, Partner::Plane(k), manifold, &mut |c| emit(Ok(c)));
                }
            }
        }
    };
    let pairs = candidates.pairs.as_slice();
    let with_body = |k: usize, emit: &mut dyn FnMut(Result<Contact<T>, WorldError>)| {
        let [a, b] = pairs[k].map(|i| i as usize);
        let (ba, bb) = (&bodies[a], &bodies[b]);
        match (ba.shape.solid(), bb.shape.solid()) {
            (Err(e), _) | (_, Err(e)) => emit(Err(e)),
            (Ok(Some(sa)), Ok(Some(sb))) => {
                let manifold = sa.contact(&pose(ba), &sb, &pose(bb), margin);
                contacts(a, Partner::Body(b), manifold, &mut |c| emit(Ok(c)));
            }
            _ => {}
        }
    };
    // Indices below `bodies.len()` are bodies against the planes, the rest candidate pairs.
    loops.collect(
        bodies.len() + pairs.len(),
        GRAIN,
        &|range, emit| {
            for i in range {
                match i.checked_sub(bodies.len()) {
                    None => with_planes(i, emit),
                    Some(k) => with_body(k, emit),
                }
            }
        },
        fresh,
        "contacts",
    )
}
