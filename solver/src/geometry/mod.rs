//! Collision geometry: shapes (sphere, box, capsule, half-space), their inertia, and the
//! contact manifolds of every pair with a box or a capsule. Pure geometry: no world, no
//! allocation, generic over `num_traits::Float`.
//!
//! # Conventions
//! A contact function takes shape A with its [`Isometry`], shape B with its placement, and a
//! `margin`, and returns a [`Manifold`] of at most four [`ContactPoint`]s, each reported
//! when its gap is `<= margin` (so touching shapes, gap 0, are reported with margin 0):
//! - `normal`: unit, **from B toward A** (the direction that separates A), as in the
//!   world's `sphere_sphere` / `sphere_plane`;
//! - `gap`: signed separation along the normal, negative when penetrating;
//! - `point`: on A's surface, world frame ([`ContactPoint::point_on_b`] gives B's);
//! - `feature`: a [`FeatureId`] that stays the same while the same features touch.
//!
//! [`Manifold::flipped`] turns the manifold of (A, B) into that of (B, A).
//!
//! Capsules are along their local y axis; boxes are centred, edges along the local axes.
//!
//! | A \ B | half-space | sphere | box | capsule |
//! |---|---|---|---|---|
//! | sphere | [`sphere_plane`] (1) | [`sphere_sphere`] (1) | flip [`cuboid_sphere`] | flip [`capsule_sphere`] |
//! | box | [`cuboid_plane`] (≤ 4) | [`cuboid_sphere`] (1) | [`cuboid_cuboid`] (≤ 4) | flip [`capsule_cuboid`] |
//! | capsule | [`capsule_plane`] (≤ 2) | [`capsule_sphere`] (1) | [`capsule_cuboid`] (≤ 2) | [`capsule_capsule`] (≤ 2) |
//!
//! ("flip": call with the shapes swapped and [`Manifold::flipped`]; feature ids are kept.)
//! [`Solid`] holds any of the three solids and dispatches every pair, flips included.
//!
//! Algorithms: box–box is the separating-axis test over 15 axes with Sutherland–Hodgman
//! clipping of the incident face against the reference face (as in Box2D and ODE's
//! `dBoxBox`); capsules reduce to their core segment (closest points of segments, Ericson,
//! *Real-Time Collision Detection* §5.1.9) and a sphere-swept radius.
//!
//! ```
//! use solver::geometry::{Cuboid, HalfSpace, Isometry, cuboid_plane};
//! use solver::xform::Vector;
//! let crate_box = Cuboid::new(Vector([0.5f64, 0.25, 0.5]))?;
//! let ground = HalfSpace::new(Vector([0.0, 1.0, 0.0]), 0.0)?;
//! let resting = Isometry::translation(Vector([0.0, 0.25, 0.0]));
//! let m = cuboid_plane(&crate_box, &resting, &ground, 0.0);
//! assert_eq!(m.len(), 4);
//! assert!(m.iter().all(|c| c.gap.abs() < 1e-12 && c.normal == Vector([0.0, 1.0, 0.0])));
//! # Ok::<(), solver::geometry::ShapeError>(())
//! ```
mod capsule;
mod capsule_capsule;
mod capsule_cuboid;
mod capsule_plane;
mod capsule_sphere;
mod clip;
mod cuboid;
mod cuboid_cuboid;
mod cuboid_plane;
mod cuboid_sphere;
mod error;
mod halfspace;
mod inertia;
mod isometry;
mod manifold;
mod segment;
mod solid;
mod sphere;
mod sphere_contacts;

pub use capsule::Capsule;
pub use capsule_capsule::capsule_capsule;
pub use capsule_cuboid::capsule_cuboid;
pub use capsule_plane::capsule_plane;
pub use capsule_sphere::capsule_sphere;
pub use cuboid::Cuboid;
pub use cuboid_cuboid::cuboid_cuboid;
pub use cuboid_plane::cuboid_plane;
pub use cuboid_sphere::cuboid_sphere;
pub use error::ShapeError;
pub use halfspace::HalfSpace;
pub use isometry::Isometry;
pub use manifold::{ContactPoint, FeatureId, MAX_MANIFOLD_POINTS, Manifold};
pub use solid::Solid;
pub use sphere::Sphere;
pub use sphere_contacts::{sphere_plane, sphere_sphere};
