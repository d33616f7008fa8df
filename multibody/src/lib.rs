//! Articulated bodies in reduced (joint) coordinates on Featherstone's spatial algebra
//! ([`xform::spatial`]): kinematic trees of revolute, prismatic, spherical, fixed and free
//! joints, and the three O(n)-or-O(n²) algorithms robotics libraries (RBDL, Pinocchio,
//! MuJoCo) are built on:
//!
//! | what | method | algorithm |
//! |---|---|---|
//! | poses, velocities, Jacobians | [`Tree::forward_kinematics`], [`Tree::link_velocities`], [`Tree::jacobian`] | RBDA §4 |
//! | inverse dynamics `τ(q, v, a)` | [`Tree::inverse_dynamics`] | recursive Newton–Euler (RNEA, RBDA Table 5.1) |
//! | mass matrix `M(q)` | [`Tree::mass_matrix`] | composite rigid body (CRBA, RBDA Table 6.2) |
//! | forward dynamics `a(q, v, τ)` | [`Tree::forward_dynamics`] | articulated body (ABA, RBDA Table 7.1) |
//! | a time step with damping, motors, soft limits | [`Tree::step`], [`Drive`] | implicit midpoint or symplectic Euler |
//!
//! Joints hold exactly by construction: there are no constraint rows. Everything is generic
//! over `num_traits::Float`, so the same tree evaluated with `dual::Dual` numbers gives
//! derivatives (the tests check CRBA's `M` against the dual-number Jacobian of RNEA with
//! respect to `a`). Storage is [`cwlist::Fixed<N>`] (no allocation, firmware) or
//! `cwlist::Growable` (feature `alloc`).
//!
//! Conventions: spatial vectors angular part first; each link's velocity and forces are in
//! its own frame; Plücker transforms in the left-associative `plx` convention of *Rigid Body
//! Dynamics Algorithms* (Featherstone, 2008) — see the article *Spatial vector algebra*
//! (docs/references.md) for the transforms and their corrected force dual.
//!
//! # Example
//! ```
//! use multibody::{Joint, Link, Tree, Workspace};
//! use xform::{Inertia, Matrix, Plx, Vector};
//! // A double pendulum of point masses on 1 m rods, hinged about y, released horizontally.
//! let bob = Inertia::new(1.0f64, Vector([1.0, 0.0, 0.0]), Matrix::zeros());
//! let hinge = Joint::revolute(Vector([0.0, 1.0, 0.0])).unwrap();
//! let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
//! tree.try_push(Link::new(None, hinge, Plx::identity(), bob)).unwrap();
//! tree.try_push(Link::new(Some(0), hinge, Plx::from_translation(Vector([1.0, 0.0, 0.0])), bob)).unwrap();
//! let mut ws = Workspace::new(&tree).unwrap();
//! let g = Vector([0.0, 0.0, -9.81]);
//! let (q, v) = ([0.0, 0.0], [0.0, 0.0]);
//! let mut a = [0.0; 2];
//! tree.forward_dynamics(&mut ws, &q, &v, &[0.0, 0.0], g, &mut a).unwrap();
//! // Inverse dynamics of those accelerations needs no joint force.
//! let mut tau = [1.0; 2];
//! tree.inverse_dynamics(&mut ws, &q, &v, &a, g, &mut tau).unwrap();
//! assert!(tau.iter().all(|t| t.abs() < 1e-12));
//! ```
#![no_std]
#![forbid(unsafe_code)]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod drive;
mod error;
mod forward_dynamics;
mod integrate;
mod inverse_dynamics;
mod joint;
mod kinematics;
mod ldl;
mod mass_matrix;
mod tree;
mod workspace;

pub use drive::{Drive, Limits, Motor};
pub use error::Error;
pub use integrate::{Scheme, StepReport};
pub use joint::Joint;
pub use tree::{Link, Tree};
pub use workspace::Workspace;
