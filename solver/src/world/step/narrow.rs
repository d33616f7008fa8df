//! Narrow phase: the contact points of each candidate pair and of each body against the
//! planes, matched with the last step's contacts (warm-start impulses) through the
//! [`ContactSet`] index.
use cwlist::{Buffer, Storage};
use num_traits::Float;

use super::broad::{BroadPhase, Proxy};
use super::persist::{ContactSet, PairKey, warm_start};
use super::push;
use crate::geometry::{HalfSpace, Isometry, Manifold};
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
    pub(crate) fn find<B: BroadPhase<T>>(
        &mut self,
        broad_phase: &mut B,
        bodies: &[RigidBody<T>],
        excluded: &[[u32; 2]],
        margin: T,
    ) -> Result<(), WorldError> {
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
        let mut full = false;
        broad_phase.candidates(proxies, margin, &mut |i, j| {
            let (a, b) = (proxies[i].body, proxies[j].body);
            let (a, b) = (a.min(b), a.max(b));
            if bodies[a].is_static() && bodies[b].is_static()
                || !bodies[a].collides_with(&bodies[b])
                || excluded.binary_search(&[a as u32, b as u32]).is_ok()
            {
                return;
            }
            full |= pairs.try_push([a as u32, b as u32]).is_err();
        })?;
        if full {
            return Err(WorldError::CapacityExceeded {
                what: "candidate pairs",
            });
        }
        Ok(())
    }
}

/// Writes the contacts of this step into `fresh`: each candidate pair and each
/// (body, plane) pair whose surfaces come within `margin` (gap `<= margin`, so bodies built
/// exactly touching get their contact whatever the rounding), with the impulses of its
/// predecessor in `previous` (zero for a new contact).
pub(crate) fn collide<T: Float, S: Storage>(
    bodies: &[RigidBody<T>],
    planes: &[Plane<T>],
    candidates: &Candidates<T, S>,
    margin: T,
    previous: &ContactSet<T, S>,
    fresh: &mut S::Buf<Contact<T>>,
) -> Result<(), WorldError> {
    fresh.clear();
    let mut emit = |a: usize, partner: Partner, manifold: Manifold<T>| -> Result<(), WorldError> {
        let first = fresh.as_slice().len();
        for p in manifold.iter() {
            if p.gap > margin {
                continue;
            }
            let contact = Contact {
                a,
                partner,
                normal: p.normal,
                gap: p.gap,
                point: p.point,
                feature: p.feature.0,
                impulse: [T::zero(); 3],
            };
            push(fresh, contact, "contacts")?;
        }
        let old = previous.pair(&PairKey { a, partner });
        warm_start(old, &mut fresh.as_mut_slice()[first..], margin);
        Ok(())
    };
    let pose = |b: &RigidBody<T>| Isometry::new(b.position, b.orientation);
    // Contacts with the planes first: the sweeps then carry the ground's support up a
    // stack within one sweep instead of one contact per sweep.
    for (i, body) in bodies.iter().enumerate() {
        if body.is_static() {
            continue;
        }
        if let Some(solid) = body.shape.solid()? {
            for (k, plane) in planes.iter().enumerate() {
                let half_space = HalfSpace {
                    normal: plane.normal,
                    offset: plane.offset,
                };
                emit(
                    i,
                    Partner::Plane(k),
                    solid.contact_plane(&pose(body), &half_space, margin),
                )?;
            }
        }
    }
    for &[a, b] in candidates.pairs.as_slice() {
        let (a, b) = (a as usize, b as usize);
        let (ba, bb) = (&bodies[a], &bodies[b]);
        if let (Some(sa), Some(sb)) = (ba.shape.solid()?, bb.shape.solid()?) {
            emit(
                a,
                Partner::Body(b),
                sa.contact(&pose(ba), &sb, &pose(bb), margin),
            )?;
        }
    }
    Ok(())
}
