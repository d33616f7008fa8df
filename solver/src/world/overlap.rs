//! Overlap and point queries: which bodies (and planes) a shape placed in the world would
//! touch, and which bodies hold a point. Every body with a shape and every plane is tested
//! with the narrow phase's own contact routines (O(bodies + planes) per query, no
//! allocation, nothing to build), sensors included; many queries at once go through a
//! [`QueryTree`](super::QueryTree) instead.
use crate::world::Scalar;
use cwlist::Buffer;
use num_traits::FloatConst;
use xform::{UnitQuaternion, Vector};

use super::step::narrow::bounding_radius;
use super::{
    BodyHandle, BroadPhase, ConstraintFunction, HitTarget, Plane, RigidBody, Shape, World,
    WorldError,
};
use crate::geometry::{HalfSpace, Isometry, Manifold, Solid};

/// A shape placed in the world to find what it touches.
#[derive(Clone, Copy)]
pub(super) struct Probe<T> {
    solid: Solid<T>,
    pose: Isometry<T>,
    /// A sphere about the probe's position that holds the shape.
    pub(super) radius: T,
}

fn touches<T: Scalar>(m: Manifold<T>) -> bool {
    m.min_gap().is_some_and(|g| g <= T::zero())
}

impl<T: Scalar> Probe<T> {
    /// The probe a query asks for, checked.
    ///
    /// # Errors
    /// As [`World::overlaps`].
    pub(super) fn new(
        shape: Shape<T>,
        position: Vector<T, 3>,
        orientation: UnitQuaternion<T>,
    ) -> Result<Self, WorldError> {
        let quaternion = orientation.quaternion();
        if !position.is_finite() || !quaternion.is_finite() {
            return Err(WorldError::NonFinite { what: "query pose" });
        }
        let solid = shape.solid()?.ok_or(WorldError::InvalidParameter {
            what: "query shape (none)",
            value: super::error::Value::of(T::zero()),
        })?;
        Ok(Self {
            solid,
            pose: Isometry::new(position, quaternion),
            radius: bounding_radius(&shape).unwrap_or_else(T::zero),
        })
    }

    /// The probe's position.
    pub(super) fn center(&self) -> Vector<T, 3> {
        self.pose.position
    }

    /// Whether the probe overlaps or touches `body`'s shape (gap ≤ 0).
    pub(super) fn touches_body(&self, body: &RigidBody<T>) -> bool {
        body.shape.solid().ok().flatten().is_some_and(|other| {
            let other_pose = Isometry::new(body.position(), body.orientation().quaternion());
            touches(
                self.solid
                    .contact(&self.pose, &other, &other_pose, T::zero()),
            )
        })
    }

    /// Whether the probe overlaps or touches `plane`'s half-space.
    pub(super) fn touches_plane(&self, plane: &Plane<T>) -> bool {
        HalfSpace::new(plane.normal, plane.offset)
            .is_ok_and(|h| touches(self.solid.contact_plane(&self.pose, &h, T::zero())))
    }
}

/// Whether `point` (world) lies in or on `body`'s shape (`false` without a shape).
pub(super) fn holds<T: Scalar>(body: &RigidBody<T>, point: &Vector<T, 3>) -> bool {
    let local = body.pose().to_local(point);
    match body.shape {
        Shape::None => false,
        Shape::Sphere(r) => local.norm() <= r,
        Shape::Box(h) => (0..3).all(|k| local[k].abs() <= h[k]),
        Shape::Capsule(r, half) => {
            // The segment along local y.
            let y = local[1].max(-half).min(half);
            (local - Vector([T::zero(), y, T::zero()])).norm() <= r
        }
    }
}

impl<T, S, U, B> World<T, S, U, B>
where
    T: Scalar + FloatConst,
    S: cwlist::Storage,
    U: ConstraintFunction<T> + Clone,
    B: BroadPhase<T>,
{
    /// The bodies and planes that `shape`, placed at `position` turned by `orientation`,
    /// overlaps or touches (gap ≤ 0), bodies first in index order, then planes.
    ///
    /// # Errors
    /// [`WorldError::NonFinite`] for a non-finite position or orientation, and the errors
    /// of [`Shape::solid`] for a shape that is not a solid (`Shape::None` included:
    /// [`WorldError::InvalidParameter`]).
    ///
    /// # Example
    /// ```
    /// use solver::world::{HitTarget, Material, RigidBody, Shape, World, WorldSettings};
    /// use solver::xform::{UnitQuaternion, Vector};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let ground = w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(Vector([2.0, 0.5, 0.0]))).unwrap();
    /// // A 1 m box resting on the ground next to the ball, touching both.
    /// let probe = Shape::Box(Vector([0.5, 0.5, 0.5]));
    /// let at = Vector([1.0, 0.5, 0.0]);
    /// let hits: Vec<_> = w.overlaps(probe, at, UnitQuaternion::identity()).unwrap().collect();
    /// assert_eq!(hits, [HitTarget::Body(ball), HitTarget::Plane(ground)]);
    /// ```
    pub fn overlaps(
        &self,
        shape: Shape<T>,
        position: Vector<T, 3>,
        orientation: UnitQuaternion<T>,
    ) -> Result<impl Iterator<Item = HitTarget> + '_, WorldError> {
        let probe = Probe::new(shape, position, orientation)?;
        let bodies = (0..self.bodies.as_slice().len())
            .filter(move |&i| probe.touches_body(&self.bodies.as_slice()[i]))
            .map(|i| HitTarget::Body(self.body_handles.at(i)));
        Ok(bodies.chain(self.planes_touched(probe)))
    }

    /// The planes `probe` touches, in index order.
    pub(super) fn planes_touched(&self, probe: Probe<T>) -> impl Iterator<Item = HitTarget> + '_ {
        (0..self.planes.as_slice().len())
            .filter(move |&p| probe.touches_plane(&self.planes.as_slice()[p]))
            .map(|p| HitTarget::Plane(self.plane_handles.at(p)))
    }

    /// The bodies whose shapes hold `point` (inside or on the surface), in index order.
    ///
    /// # Errors
    /// [`WorldError::NonFinite`] for a non-finite point.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let rod = w.add_body(RigidBody::capsule(1.0, 0.1, 0.5).unwrap()).unwrap();
    /// let crate_ = w.add_body(RigidBody::cuboid(1.0, Vector([0.3, 0.3, 0.3])).unwrap().with_position(Vector([0.0, 0.7, 0.0]))).unwrap();
    /// let at = |y: f64| w.bodies_at(Vector([0.0, y, 0.0])).unwrap().collect::<Vec<_>>();
    /// assert_eq!(at(0.0), [rod]);
    /// assert_eq!(at(0.5), [rod, crate_]); // the rod's end reaches into the crate
    /// assert!(at(1.5).is_empty());
    /// ```
    pub fn bodies_at(
        &self,
        point: Vector<T, 3>,
    ) -> Result<impl Iterator<Item = BodyHandle> + '_, WorldError> {
        if !point.is_finite() {
            return Err(WorldError::NonFinite {
                what: "query point",
            });
        }
        Ok(self
            .bodies()
            .iter()
            .enumerate()
            .filter(move |(_, b)| holds(b, &point))
            .map(|(i, _)| self.body_handles.at(i)))
    }
}
