//! Featherstone's spatial vector algebra in Plücker coordinates (3D only).
//!
//! Ordering: angular part first, as in Featherstone's *Rigid Body Dynamics Algorithms* and
//! RBDL: a motion is `(ω, v)` (angular velocity, linear velocity of the body point at the
//! frame origin), a force is `(n, f)` (moment about the origin, linear force). The power is
//! `m · f = ω·n + v·f`.
//!
//! Two conventions for Plücker transforms share the same data `(E, r)` (rotation `E` from
//! frame A coordinates to frame B coordinates, position `r` of B's origin in A coordinates):
//! - [`Plx`] (left-associative, RBDA/RBDL `plx`): `X = [[E, 0], [-E r×, E]]`, and
//!   `x1 * x2` has the matrix `X1 X2` (apply `x2` first).
//! - [`Plxb`] (right-associative, TDS/brax): `Y = [[Eᵀ, 0], [-Eᵀ r×, Eᵀ]]`, and `y1 * y2`
//!   has the matrix `Y2 Y1` (apply `y1` first).
//!
//! Forces transform with `X* = X⁻ᵀ`, so that power is invariant: `(X m)·(X* f) = m·f`.

mod articulated;
mod cross;
mod force;
mod inertia;
mod motion;
mod plx;
mod plxb;
mod six;

pub use articulated::ArticulatedInertia;
pub use force::Force;
pub use inertia::Inertia;
pub use motion::Motion;
pub use plx::Plx;
pub use plxb::Plxb;

use num_traits::Float;

use crate::{Matrix, Skew, Vector};

/// The 6 × 6 matrix `[[a, b], [c, d]]` from four 3 × 3 blocks.
#[inline]
pub(crate) fn blocks<T: Float>(
    a: &Matrix<T, 3, 3>,
    b: &Matrix<T, 3, 3>,
    c: &Matrix<T, 3, 3>,
    d: &Matrix<T, 3, 3>,
) -> Matrix<T, 6, 6> {
    let mut m = Matrix::zeros();
    m.set_block(0, 0, a);
    m.set_block(0, 3, b);
    m.set_block(3, 0, c);
    m.set_block(3, 3, d);
    m
}

/// The cross-product matrix `v×`.
#[inline]
pub(crate) fn cross_matrix<T: Float>(v: &Vector<T, 3>) -> Matrix<T, 3, 3> {
    Skew::from_vector(*v).into_matrix()
}
