//! Ray casts against the world's shapes: spheres, boxes, capsules and planes, each solid (a
//! ray that starts inside a shape hits it at distance 0). [`World::cast_ray`] tests every
//! body with a shape and every plane (O(bodies + planes) per ray, no allocation, nothing to
//! build); many rays at once go through a [`QueryTree`](super::QueryTree) instead.
use crate::world::Scalar;
use cwlist::{Buffer, Storage};
use num_traits::FloatConst;
use xform::Vector;

use super::{
    BodyHandle, BroadPhase, ConstraintFunction, Plane, PlaneHandle, RigidBody, Shape, World,
    WorldError,
};
use crate::world::error::Value;

/// A body or a plane, by handle: what a ray or a probe hit, or what a body touches
/// ([`ContactEvent::partner`](super::ContactEvent::partner)).
///
/// # Example
/// ```
/// use solver::world::{HitTarget, Material, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let ground = w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// let hit = w.cast_ray(Vector([0.0, 2.0, 0.0]), Vector([0.0, -1.0, 0.0]), 10.0).unwrap().unwrap();
/// assert_eq!(hit.target, HitTarget::Plane(ground));
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum HitTarget {
    /// A body.
    Body(BodyHandle),
    /// A static plane.
    Plane(PlaneHandle),
}

/// A ray's hit: what it hit, how far along the ray, where, and the surface normal there.
///
/// # Example
/// ```
/// use solver::world::{HitTarget, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// let b = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap()).unwrap();
/// let hit = w.cast_ray(Vector([-3.0, 0.0, 0.0]), Vector([1.0, 0.0, 0.0]), 10.0).unwrap().unwrap();
/// assert_eq!((hit.target, hit.distance), (HitTarget::Body(b), 2.5));
/// assert_eq!((hit.point, hit.normal), (Vector([-0.5, 0.0, 0.0]), Vector([-1.0, 0.0, 0.0])));
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RayHit<T> {
    /// The body or plane hit.
    pub target: HitTarget,
    /// Distance along the ray (the direction is normalized), 0 if the ray starts inside.
    pub distance: T,
    /// The point hit.
    pub point: Vector<T, 3>,
    /// The outward surface normal at the point (against the ray if it starts inside).
    pub normal: Vector<T, 3>,
}

/// A ray from `origin` along the unit vector `direction`, up to `max_distance`.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ray<T> {
    pub(super) origin: Vector<T, 3>,
    pub(super) direction: Vector<T, 3>,
    pub(super) max_distance: T,
}

impl<T: Scalar> Ray<T> {
    /// The ray a query asks for, checked.
    ///
    /// # Errors
    /// As [`World::cast_ray`].
    pub(super) fn new(
        origin: Vector<T, 3>,
        direction: Vector<T, 3>,
        max_distance: T,
    ) -> Result<Self, WorldError> {
        if !origin.is_finite() {
            return Err(WorldError::NonFinite { what: "ray origin" });
        }
        if !direction.is_finite() {
            return Err(WorldError::NonFinite {
                what: "ray direction",
            });
        }
        let length = direction.norm();
        if length <= T::zero() || !length.is_finite() {
            return Err(WorldError::InvalidParameter {
                what: "ray direction (length)",
                value: Value::of(length),
            });
        }
        if max_distance.is_nan() || max_distance < T::zero() {
            return Err(WorldError::InvalidParameter {
                what: "ray max distance",
                value: Value::of(max_distance),
            });
        }
        Ok(Self {
            origin,
            direction: direction / length,
            max_distance,
        })
    }

    fn at(&self, t: T) -> Vector<T, 3> {
        self.origin + self.direction * t
    }

    /// The hit on `target` at distance `t` with this normal.
    pub(super) fn hit(&self, target: HitTarget, (t, normal): (T, Vector<T, 3>)) -> RayHit<T> {
        RayHit {
            target,
            distance: t,
            point: self.at(t),
            normal,
        }
    }
}

/// The entering distance and outward normal of a ray against a sphere of radius `r` at the
/// origin (the ray in the sphere's frame); `(0, −d)` from inside.
fn sphere<T: Scalar>(ray: &Ray<T>, r: T) -> Option<(T, Vector<T, 3>)> {
    let (o, d) = (ray.origin, ray.direction);
    let c = o.dot(&o) - r * r;
    if c <= T::zero() {
        return Some((T::zero(), -d));
    }
    let b = o.dot(&d);
    let disc = b * b - c;
    if b >= T::zero() || disc < T::zero() {
        return None;
    }
    let t = -b - fpu::sqrt(disc);
    let n = ray.at(t);
    let len = n.norm();
    Some((t, if len > T::zero() { n / len } else { -d }))
}

/// The same against a box of half extents `h` centred at the origin (slab method).
fn cuboid<T: Scalar>(ray: &Ray<T>, h: Vector<T, 3>) -> Option<(T, Vector<T, 3>)> {
    let (o, d) = (ray.origin, ray.direction);
    if (0..3).all(|k| o[k].abs() <= h[k]) {
        return Some((T::zero(), -d));
    }
    let (mut enter, mut exit, mut axis) = (T::neg_infinity(), T::infinity(), 0);
    for k in 0..3 {
        if d[k] == T::zero() {
            if o[k].abs() > h[k] {
                return None;
            }
            continue;
        }
        let (a, b) = ((-h[k] - o[k]) / d[k], (h[k] - o[k]) / d[k]);
        let (near, far) = (a.min(b), a.max(b));
        if near > enter {
            (enter, axis) = (near, k);
        }
        exit = exit.min(far);
    }
    if enter > exit || enter < T::zero() {
        return None;
    }
    let mut n = Vector::zeros();
    n[axis] = if d[axis] > T::zero() {
        -T::one()
    } else {
        T::one()
    };
    Some((enter, n))
}

/// The same against a capsule of radius `r` about the segment `y ∈ [−hh, hh]`: the
/// cylinder's side, then the end spheres.
fn capsule<T: Scalar>(ray: &Ray<T>, r: T, hh: T) -> Option<(T, Vector<T, 3>)> {
    let (o, d) = (ray.origin, ray.direction);
    let inside = {
        let y = o[1].max(-hh).min(hh);
        let q = o - Vector([T::zero(), y, T::zero()]);
        q.dot(&q) <= r * r
    };
    if inside {
        return Some((T::zero(), -d));
    }
    let mut best: Option<(T, Vector<T, 3>)> = None;
    let mut keep = |hit: Option<(T, Vector<T, 3>)>| {
        if let Some((t, n)) = hit
            && best.is_none_or(|(b, _)| t < b)
        {
            best = Some((t, n));
        }
    };
    // The side: |(o + t d)ₓ,𝓏|² = r² with the hit's y within the segment.
    let a = d[0] * d[0] + d[2] * d[2];
    if a > T::zero() {
        let b = o[0] * d[0] + o[2] * d[2];
        let c = o[0] * o[0] + o[2] * o[2] - r * r;
        let disc = b * b - a * c;
        if disc >= T::zero() {
            let t = (-b - fpu::sqrt(disc)) / a;
            let p = ray.at(t);
            if t >= T::zero() && p[1].abs() <= hh {
                keep(Some((t, Vector([p[0] / r, T::zero(), p[2] / r]))));
            }
        }
    }
    for end in [-hh, hh] {
        let shifted = Ray {
            origin: o - Vector([T::zero(), end, T::zero()]),
            ..*ray
        };
        keep(sphere(&shifted, r));
    }
    best
}

/// The hit of `ray` (world frame) on `body`'s shape within its reach, if any.
pub(super) fn on_body<T: Scalar>(ray: &Ray<T>, body: &RigidBody<T>) -> Option<(T, Vector<T, 3>)> {
    let q = body.orientation;
    let local = Ray {
        origin: q.conjugate().rotate(&(ray.origin - body.position)),
        direction: q.conjugate().rotate(&ray.direction),
        max_distance: ray.max_distance,
    };
    let hit = match body.shape {
        Shape::None => None,
        Shape::Sphere(r) => sphere(&local, r),
        Shape::Box(h) => cuboid(&local, h),
        Shape::Capsule(r, hh) => capsule(&local, r, hh),
    }?;
    (hit.0 <= ray.max_distance).then(|| (hit.0, q.rotate(&hit.1)))
}

/// The hit of `ray` on `plane`'s solid half-space within its reach, if any.
fn on_plane<T: Scalar>(ray: &Ray<T>, plane: &Plane<T>) -> Option<(T, Vector<T, 3>)> {
    let above = plane.normal.dot(&ray.origin) - plane.offset;
    let hit = if above <= T::zero() {
        Some((T::zero(), -ray.direction))
    } else {
        let closing = plane.normal.dot(&ray.direction);
        (closing < T::zero()).then(|| (above / -closing, plane.normal))
    }?;
    (hit.0 <= ray.max_distance).then_some(hit)
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// The first body or plane hit by the ray from `origin` along `direction` within
    /// `max_distance` (a character's ground check, a line of sight). Shapes are solid: a ray
    /// that starts inside one hits it at distance 0. Of equal distances, bodies come before
    /// planes and lower indices first.
    ///
    /// # Errors
    /// [`WorldError::NonFinite`] for an origin or direction that is not finite;
    /// [`WorldError::InvalidParameter`] for a zero direction or a negative or NaN
    /// `max_distance` (∞ is allowed).
    ///
    /// # Example
    /// ```
    /// use solver::world::{HitTarget, RigidBody, Shape, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let floor = RigidBody::fixed().with_shape(Shape::Box(Vector([5.0, 0.5, 5.0])));
    /// let f = w.add_body(floor.with_position(Vector([0.0, -0.5, 0.0]))).unwrap();
    /// // A character at y = 1.2 checks for ground within 1.5 m below it.
    /// let hit = w.cast_ray(Vector([1.0, 1.2, 0.0]), Vector([0.0, -1.0, 0.0]), 1.5).unwrap();
    /// let hit = hit.unwrap();
    /// assert_eq!(hit.target, HitTarget::Body(f));
    /// assert!((hit.distance - 1.2).abs() < 1e-12 && hit.normal == Vector([0.0, 1.0, 0.0]));
    /// assert!(w.cast_ray(Vector([1.0, 1.2, 0.0]), Vector([0.0, 1.0, 0.0]), 1.5).unwrap().is_none());
    /// ```
    pub fn cast_ray(
        &self,
        origin: Vector<T, 3>,
        direction: Vector<T, 3>,
        max_distance: T,
    ) -> Result<Option<RayHit<T>>, WorldError> {
        let mut first: Option<RayHit<T>> = None;
        self.cast_ray_all(origin, direction, max_distance, &mut |hit| {
            if first.is_none_or(|f| hit.distance < f.distance) {
                first = Some(hit);
            }
        })?;
        Ok(first)
    }

    /// Every body and plane hit by the ray within `max_distance`, handed to `hit` in body
    /// then plane order (not sorted by distance; no allocation).
    ///
    /// # Errors
    /// As [`World::cast_ray`].
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// for k in 0..3 {
    ///     let at = Vector([2.0 * k as f64, 0.0, 0.0]);
    ///     w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(at)).unwrap();
    /// }
    /// let mut distances = Vec::new();
    /// w.cast_ray_all(Vector([-1.0, 0.0, 0.0]), Vector([1.0, 0.0, 0.0]), 3.0, &mut |h| {
    ///     distances.push(h.distance)
    /// })
    /// .unwrap();
    /// assert_eq!(distances, [0.5, 2.5]); // the third sphere starts at 4.5, beyond 3 m
    /// ```
    pub fn cast_ray_all(
        &self,
        origin: Vector<T, 3>,
        direction: Vector<T, 3>,
        max_distance: T,
        hit: &mut dyn FnMut(RayHit<T>),
    ) -> Result<(), WorldError> {
        let ray = Ray::new(origin, direction, max_distance)?;
        for (i, body) in self.bodies.as_slice().iter().enumerate() {
            if let Some(h) = on_body(&ray, body) {
                hit(ray.hit(HitTarget::Body(self.body_handles.at(i)), h));
            }
        }
        self.planes_hit(&ray, hit);
        Ok(())
    }

    /// Hands `hit` each plane `ray` hits, in index order.
    pub(super) fn planes_hit(&self, ray: &Ray<T>, hit: &mut dyn FnMut(RayHit<T>)) {
        for (i, plane) in self.planes.as_slice().iter().enumerate() {
            if let Some(h) = on_plane(ray, plane) {
                hit(ray.hit(HitTarget::Plane(self.plane_handles.at(i)), h));
            }
        }
    }
}
