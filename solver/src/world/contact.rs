//! Contacts: static planes, the sphere-sphere and sphere-plane tests, and the contact record
//! kept in the world's live contact set between steps.
use num_traits::Float;
use xform::Vector;

use super::body::Material;

/// A static half-space `normal·x >= offset` (the solid side is `normal·x < offset`).
///
/// # Example
/// ```
/// use solver::world::{Material, Plane};
/// use solver::xform::Vector;
/// let p = Plane { normal: Vector([0.0, 0.0, 1.0f64]), offset: 2.0, material: Material::default() };
/// assert_eq!(p.normal.dot(&Vector([0.0, 0.0, 3.0])) - p.offset, 1.0); // height above it
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Plane<T> {
    /// Unit normal pointing out of the solid.
    pub normal: Vector<T, 3>,
    /// Signed distance of the surface from the origin along the normal.
    pub offset: T,
    /// Surface material.
    pub material: Material<T>,
}

/// What body `a` of a contact touches.
///
/// # Example
/// ```
/// use solver::world::{Material, RigidBody, World, WorldSettings};
/// use solver::world::Partner;
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.1, 0.0]))).unwrap();
/// w.step().unwrap();
/// assert_eq!(w.contacts().next().unwrap().partner, Partner::Plane(0));
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Partner {
    /// Another body (index into [`World::bodies`](super::World::bodies);
    /// [`World::body_handle`](super::World::body_handle) gives its handle).
    Body(usize),
    /// A static plane (index into [`World::planes`](super::World::planes)).
    Plane(usize),
}

/// One contact point of the live contact set.
///
/// The normal points from the partner toward body `a`: the normal impulse `λₙ >= 0` pushes
/// `a` along it and the partner against it.
///
/// # Example
/// ```
/// use solver::world::{Material, RigidBody, World, WorldSettings};
/// use solver::xform::Vector;
/// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
/// w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default()).unwrap();
/// w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 0.1, 0.0]))).unwrap();
/// w.step().unwrap();
/// let c = w.contacts().next().unwrap();
/// assert_eq!((c.a, c.normal), (0, Vector([0.0, 1.0, 0.0])));
/// assert!(c.impulse[0] > 0.0); // it carries the weight
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Contact<T> {
    /// The first body, as an index into [`World::bodies`](super::World::bodies) (contacts
    /// are the step's working records; events and queries name bodies by handle).
    pub a: usize,
    /// What it touches.
    pub partner: Partner,
    /// Unit normal, from the partner toward `a`.
    pub normal: Vector<T, 3>,
    /// Separation (negative: penetration depth).
    pub gap: T,
    /// Contact point on the surface of `a`, world frame.
    pub point: Vector<T, 3>,
    /// Which features of the two shapes touch (0 for sphere contacts): with the bodies, the
    /// key that matches a contact with its predecessor of the last step.
    pub feature: u32,
    /// Accumulated impulses of the last step `[normal, tangent 1, tangent 2]` (warm start).
    pub impulse: [T; 3],
}

impl<T> Contact<T> {
    /// Whether either side is a sensor (the contact is reported, never solved).
    pub(crate) fn involves_sensor(&self, bodies: &[super::RigidBody<T>]) -> bool {
        bodies[self.a].sensor || matches!(self.partner, Partner::Body(b) if bodies[b].sensor)
    }
}

/// Narrow phase of two spheres: `(normal from b toward a, gap, point on a)`.
///
/// Coincident centres get the normal `+y` (deterministic).
///
/// # Example
/// ```
/// use solver::xform::Vector;
/// let (normal, gap, point) = solver::world::sphere_sphere(Vector([0.0, 1.5, 0.0]), 0.5, Vector([0.0f64; 3]), 0.5);
/// assert_eq!((normal, gap), (Vector([0.0, 1.0, 0.0]), 0.5));
/// assert_eq!(point, Vector([0.0, 1.0, 0.0])); // on sphere a, facing b
/// ```
pub fn sphere_sphere<T: Float>(
    center_a: Vector<T, 3>,
    radius_a: T,
    center_b: Vector<T, 3>,
    radius_b: T,
) -> (Vector<T, 3>, T, Vector<T, 3>) {
    let d = center_a - center_b;
    let distance = d.norm();
    let normal = if distance > T::zero() {
        d / distance
    } else {
        Vector::unit(1)
    };
    let gap = distance - radius_a - radius_b;
    (normal, gap, center_a - normal * radius_a)
}

/// Narrow phase of a sphere against a plane: `(normal, gap, point on the sphere)`.
///
/// # Example
/// ```
/// use solver::world::{Material, Plane};
/// use solver::xform::Vector;
/// let floor = Plane { normal: Vector([0.0, 1.0, 0.0]), offset: 0.0, material: Material::default() };
/// let (normal, gap, _) = solver::world::sphere_plane(Vector([0.0, 0.4, 0.0f64]), 0.5, &floor);
/// assert!((gap + 0.1).abs() < 1e-15 && normal == Vector([0.0, 1.0, 0.0])); // 10 cm in
/// ```
pub fn sphere_plane<T: Float>(
    center: Vector<T, 3>,
    radius: T,
    plane: &Plane<T>,
) -> (Vector<T, 3>, T, Vector<T, 3>) {
    let gap = plane.normal.dot(&center) - plane.offset - radius;
    (plane.normal, gap, center - plane.normal * radius)
}
