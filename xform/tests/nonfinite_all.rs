//! No NaN laundering: every public function of `xform`, fed a NaN, `+∞` or `-∞` in any one
//! scalar of its input, returns NaN (or `±∞`) somewhere in its output, or an `Err`, or (for
//! the functions marked `panics`, whose `# Panics` section says so) panics. It never returns a
//! plausible finite value.
//!
//! The harness (`tests/support/nonfinite.rs`, shared with `rotint`) runs each entry clean, then
//! with each scalar it reads poisoned in turn by NaN, `+∞` and `-∞`.
//!
//! Entries marked `Partial` read only part of their input by contract (an accessor, a
//! transform of a direction that ignores the translation, the body rates of Euler angles,
//! which do not depend on the first angle, ...): for them an output equal to
//! the clean output is accepted too (the poisoned scalar was not read).
//!
//! **FUTURE AUTHORS: every new public function of `xform` gets an entry in `ENTRIES` below.**
//! The list is kept here, next to the test, so that a function cannot be forgotten silently.
#[path = "support/nonfinite.rs"]
mod support;

use proptest::prelude::*;
use support::{Entry, Kind, P};
use xform::dynamic::inertial;
use xform::euler::{EulerAngles, Frame, Sequence};
use xform::hierarchy::Hierarchy;
use xform::rodrigues;
use xform::{
    ArticulatedInertia, DynamicTransform, DynamicsDelta, Force, Inertia, Matrix, Motion, Plx, Plxb,
    Quaternion, Rotation, Skew, Transform, Transform3A, UnitQuaternion, Vector,
};

impl P {
    fn v<const N: usize>(&mut self, x: [f64; N]) -> Vector<f64, N> {
        Vector(x.map(|c| self.s(c)))
    }
    fn m<const R: usize, const C: usize>(&mut self, x: [[f64; C]; R]) -> Matrix<f64, R, C> {
        Matrix(x.map(|r| r.map(|c| self.s(c))))
    }
    fn q(&mut self, x: [f64; 4]) -> Quaternion<f64> {
        Quaternion::from_array(x.map(|c| self.s(c)))
    }
    /// A unit quaternion near the rotation vector `rv`, each component poisonable.
    fn uq(&mut self, rv: [f64; 3]) -> Quaternion<f64> {
        let j = Vector(rv.map(|c| c + self.jitter()));
        Quaternion::from_array(
            Quaternion::from_rotation_vector(&j)
                .to_array()
                .map(|c| self.raw(c)),
        )
    }
    fn rot3(&mut self, rv: [f64; 3]) -> Rotation<f64, 3> {
        let j = Vector(rv.map(|c| c + self.jitter()));
        let m = rodrigues::matrix_from_rotation_vector(&j);
        Rotation::from_matrix_unchecked(Matrix(m.0.map(|r| r.map(|c| self.raw(c)))))
    }
    fn rot2(&mut self, a: f64) -> Rotation<f64, 2> {
        let m = *Rotation::from_angle(a + self.jitter()).matrix();
        Rotation::from_matrix_unchecked(Matrix(m.0.map(|r| r.map(|c| self.raw(c)))))
    }
    fn sk3(&mut self, w: [f64; 3]) -> Skew<f64, 3> {
        Skew::from_vector(self.v(w))
    }
    fn sk2(&mut self, w: f64) -> Skew<f64, 2> {
        Skew::from_scalar(self.s(w))
    }
    fn tf3(&mut self) -> Transform<f64, 3> {
        Transform::new(
            self.v([0.5, -1.0, 2.0]),
            self.rot3([0.3, 0.5, -0.2]),
            self.s(1.5),
        )
    }
    fn tf2(&mut self) -> Transform<f64, 2> {
        Transform::new(self.v([0.5, -1.0]), self.rot2(0.7), self.s(1.5))
    }
    fn dt3(&mut self) -> DynamicTransform<f64, 3> {
        DynamicTransform::new(
            self.tf3(),
            self.v([0.1, 0.2, -0.3]),
            self.v([-0.4, 0.5, 0.6]),
            self.sk3([0.7, -0.8, 0.9]),
            self.sk3([1.0, 1.1, -1.2]),
        )
    }
    fn dt2(&mut self) -> DynamicTransform<f64, 2> {
        DynamicTransform::new(
            self.tf2(),
            self.v([0.1, 0.2]),
            self.v([-0.4, 0.5]),
            self.sk2(0.7),
            self.sk2(-0.8),
        )
    }
    fn dd3(&mut self) -> DynamicsDelta<f64, 3> {
        DynamicsDelta::new(
            self.v([0.3, -0.2, 0.1]),
            self.v([0.5, 0.4, -0.6]),
            self.sk3([0.2, 0.3, 0.4]),
            self.sk3([-0.1, 0.6, 0.2]),
        )
    }
    fn motion(&mut self) -> Motion<f64> {
        Motion::new(self.v([0.1, 0.2, 0.3]), self.v([0.4, -0.5, 0.6]))
    }
    fn force(&mut self) -> Force<f64> {
        Force::new(self.v([0.7, 0.2, -0.3]), self.v([0.1, 0.5, 0.9]))
    }
    fn plx(&mut self) -> Plx<f64> {
        Plx::new(self.rot3([0.2, -0.4, 0.6]), self.v([1.0, 2.0, -0.5]))
    }
    fn plxb(&mut self) -> Plxb<f64> {
        Plxb::new(self.rot3([-0.3, 0.1, 0.5]), self.v([0.5, -1.0, 1.5]))
    }
    /// A rigid body's inertia: mass, centre of mass and principal moments all read.
    fn inertia(&mut self) -> Inertia<f64> {
        Inertia::new(
            self.s(2.0),
            self.v([0.1, -0.2, 0.3]),
            Matrix::from_diagonal(self.v([1.0, 1.5, 2.0])),
        )
    }
    /// An articulated inertia that is not a rigid body's (a rank-one update of one).
    fn articulated(&mut self) -> ArticulatedInertia<f64> {
        let mut a = ArticulatedInertia::from(self.inertia());
        a.sub_scaled_outer(&self.force(), self.s(0.01));
        a
    }
    fn angles(&mut self) -> EulerAngles<f64> {
        EulerAngles::new(
            [self.s(0.4), self.s(0.9), self.s(-0.7)],
            SEQ,
            Frame::Intrinsic,
        )
    }
}

/// A predicate's "false" as NaN, so that the generic check applies (`is_finite` must say
/// false for a poisoned input).
fn flag(ok: bool) -> f64 {
    if ok { 1.0 } else { f64::NAN }
}

const SEQ: Sequence = Sequence::ZYX;

/// Every public function of `xform`. Add new ones here.
const ENTRIES: &[Entry] = &[
    // ---- Vector
    e!("Vector::dot", |p| p
        .v([1.0, 2.0, 3.0])
        .dot(&p.v([0.5, -1.0, 2.0]))),
    e!("Vector::norm_squared", |p| p
        .v([1.0, 2.0, 3.0])
        .norm_squared()),
    e!("Vector::norm", |p| p.v([1.0, 2.0, 3.0]).norm()),
    e!("Vector::normalize", Panics, |p| p
        .v([1.0, 2.0, 3.0])
        .normalize()),
    e!("Vector::try_normalize", |p| p
        .v([1.0, 2.0, 3.0])
        .try_normalize()),
    e!("Vector::component_mul", |p| p
        .v([1.0, 2.0])
        .component_mul(&p.v([3.0, 4.0]))),
    e!("Vector::amax", |p| p.v([1.0, -2.0, 3.0]).amax()),
    e!("Vector::is_finite", |p| flag(
        p.v([1.0, -2.0, 3.0]).is_finite()
    )),
    e!("Vector::lerp", |p| p
        .v([1.0, 2.0])
        .lerp(&p.v([3.0, 4.0]), p.s(0.3))),
    e!("Vector::cross", |p| p
        .v([1.0, 2.0, 3.0])
        .cross(&p.v([-1.0, 0.5, 2.0]))),
    e!("Vector::perp", |p| p.v([1.0, 2.0]).perp()),
    e!("Vector::perp_dot", |p| p
        .v([1.0, 2.0])
        .perp_dot(&p.v([-0.5, 3.0]))),
    e!("Vector::outer", |p| p
        .v([1.0, 2.0])
        .outer(&p.v([3.0, 4.0, 5.0]))),
    e!("Vector::zip_map", |p| p
        .v([1.0, 2.0])
        .zip_map(p.v([3.0, 4.0]), |a, b| a * b)),
    e!("Vector::map", |p| p.v([1.0, 2.0]).map(|a| a * 2.0)),
    e!("Vector::new/as_array", |p| *Vector::new(
        p.v([1.0, 2.0, 3.0]).0
    )
    .as_array()),
    e!("Vector::x", Partial, |p| p.v([1.0, 2.0, 3.0, 4.0]).x()),
    e!("Vector::y", Partial, |p| p.v([1.0, 2.0, 3.0, 4.0]).y()),
    e!("Vector::z", Partial, |p| p.v([1.0, 2.0, 3.0, 4.0]).z()),
    e!("Vector::w", Partial, |p| p.v([1.0, 2.0, 3.0, 4.0]).w()),
    e!("Vector + - * / neg", |p| {
        let (a, b, s) = (p.v([1.0, 2.0]), p.v([3.0, 4.0]), p.s(2.0));
        [(a + b), (a - b), (a * s), (a / s), (-a), (s * a)]
    }),
    // ---- Matrix
    e!("Vector::splat/into_array", |p| Vector::<f64, 3>::splat(
        p.s(1.0)
    )
    .into_array()),
    e!("Matrix::map", |p| p
        .m([[1.0, 2.0], [4.0, 5.0]])
        .map(|a| a * 2.0)),
    e!("Matrix::from_fn", |p| {
        let v = p.v([1.0, 2.0]);
        Matrix::<f64, 2, 2>::from_fn(|i, j| v.0[i] * v.0[j])
    }),
    e!(
        "Transform::new, DynamicTransform::new, DynamicsDelta::new, Motion::new, Force::new, Plx::new, Plxb::new, EulerAngles::new, Rotation::from_matrix_unchecked",
        |p| {
            (
                Transform::new(p.v([0.5, -1.0]), p.rot2(0.7), p.s(1.5)),
                p.dt2(),
                p.dd3(),
                p.motion(),
                p.force(),
                p.plx(),
                p.plxb(),
                p.angles(),
            )
        }
    ),
    e!("Matrix::transpose", |p| p
        .m([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
        .transpose()),
    e!("Matrix::scale", |p| p
        .m([[1.0, 2.0], [4.0, 5.0]])
        .scale(p.s(2.0))),
    e!("Matrix::amax", |p| p.m([[1.0, 2.0], [4.0, 5.0]]).amax()),
    e!("Matrix::norm", |p| p.m([[1.0, 2.0], [4.0, 5.0]]).norm()),
    e!("Matrix::is_finite", |p| flag(
        p.m([[1.0, 2.0], [4.0, 5.0]]).is_finite()
    )),
    e!("Matrix::row", Partial, |p| p
        .m([[1.0, 2.0], [4.0, 5.0]])
        .row(1)),
    e!("Matrix::col", Partial, |p| p
        .m([[1.0, 2.0], [4.0, 5.0]])
        .col(0)),
    e!("Matrix::block", Partial, |p| p
        .m([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.5]])
        .block::<2, 2>(1, 1)),
    e!("Matrix::set_block", Partial, |p| {
        let mut m = p.m([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.5]]);
        m.set_block(0, 1, &p.m([[1.0], [2.0]]));
        m
    }),
    e!("Matrix::new", |p| Matrix::new(
        p.m([[1.0, 2.0], [3.0, 4.0]]).0
    )),
    e!("Matrix::from_rows/from_cols", |p| {
        let (a, b) = (p.v([1.0, 2.0]), p.v([3.0, 4.0]));
        (Matrix::from_rows([a, b]), Matrix::from_cols([a, b]))
    }),
    e!("Matrix::from_diagonal", |p| Matrix::from_diagonal(
        p.v([1.0, 2.0, 3.0])
    )),
    e!("Matrix::diagonal", Partial, |p| p
        .m([[1.0, 2.0], [4.0, 5.0]])
        .diagonal()),
    e!("Matrix::trace", Partial, |p| p
        .m([[1.0, 2.0], [4.0, 5.0]])
        .trace()),
    e!("Matrix::determinant 2", |p| p
        .m([[1.0, 2.0], [4.0, 5.0]])
        .determinant()),
    e!("Matrix::determinant 3", |p| p
        .m([[2.0, 1.0, 0.5], [0.3, 3.0, 1.0], [1.0, 0.2, 4.0]])
        .determinant()),
    e!("Matrix::determinant 4", |p| {
        p.m([
            [2.0, 1.0, 0.5, 0.1],
            [0.3, 3.0, 1.0, 0.2],
            [1.0, 0.2, 4.0, 0.3],
            [0.1, 0.4, 0.2, 5.0],
        ])
        .determinant()
    }),
    e!("Matrix::try_inverse 2", |p| p
        .m([[1.0, 2.0], [4.0, 5.0]])
        .try_inverse()),
    e!("Matrix::try_inverse 3", |p| p
        .m([[2.0, 1.0, 0.5], [0.3, 3.0, 1.0], [1.0, 0.2, 4.0]])
        .try_inverse()),
    e!("Matrix::try_inverse 6", |p| {
        let mut m = Matrix::<f64, 6, 6>::identity() * 3.0;
        for i in 0..6 {
            for j in 0..6 {
                m.0[i][j] = p.s(m.0[i][j]);
            }
        }
        m.try_inverse()
    }),
    e!("Matrix::inverse", Panics, |p| p
        .m([[2.0, 1.0, 0.5], [0.3, 3.0, 1.0], [1.0, 0.2, 4.0]])
        .inverse()),
    e!("Matrix * Matrix, * Vector, + - * neg", |p| {
        let (a, b, v, s) = (
            p.m([[1.0, 2.0], [4.0, 5.0]]),
            p.m([[0.5, 1.0], [2.0, -1.0]]),
            p.v([1.0, 2.0]),
            p.s(3.0),
        );
        (a * b, a * v, a + b, a - b, a * s, -a)
    }),
    // ---- Skew
    e!("Skew::from_antisymmetric_part", Partial, |p| {
        Skew::from_antisymmetric_part(&p.m([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.5]]))
    }),
    e!("Skew::try_from_matrix", |p| {
        Skew::try_from_matrix(
            &p.m([[0.0, 2.0, 3.0], [-2.0, 0.0, 6.0], [-3.0, -6.0, 0.0]]),
            p.raw(1.0),
        )
    }),
    e!("Skew::from_plane", |p| Skew::<f64, 4>::from_plane(
        1,
        3,
        p.s(0.5)
    )),
    e!("Skew::wedge", |p| Skew::wedge(
        &p.v([1.0, 2.0, 3.0, 4.0]),
        &p.v([0.5, -1.0, 2.0, 0.3])
    )),
    e!("Skew::matrix/into_matrix", |p| {
        let s = p.sk3([1.0, 2.0, 3.0]);
        (*s.matrix(), s.into_matrix())
    }),
    e!("Skew::apply", |p| p
        .sk3([1.0, 2.0, 3.0])
        .apply(&p.v([0.5, 0.1, -0.2]))),
    e!("Skew::bracket", |p| p
        .sk3([1.0, 2.0, 3.0])
        .bracket(&p.sk3([0.5, 0.1, -0.2]))),
    e!("Skew::rotated_by", |p| p
        .sk3([1.0, 2.0, 3.0])
        .rotated_by(&p.rot3([0.5, 0.1, -0.2]))),
    e!("Skew::magnitude", |p| p.sk3([1.0, 2.0, 3.0]).magnitude()),
    e!("Skew::from_scalar/scalar", |p| Skew::from_scalar(p.s(1.0))
        .scalar()),
    e!("Skew::apply_2d", |p| p.sk2(1.0).apply_2d(&p.v([0.5, 0.1]))),
    e!("Skew::from_vector/vector", |p| Skew::from_vector(
        p.v([1.0, 2.0, 3.0])
    )
    .vector()),
    e!("Skew::apply_3d", |p| p
        .sk3([1.0, 2.0, 3.0])
        .apply_3d(&p.v([0.5, 0.1, -0.2]))),
    e!("Skew::exp 2", |p| p.sk2(1.0).exp()),
    e!("Skew::exp 3", |p| p.sk3([1.0, 2.0, 3.0]).exp()),
    e!("Skew + - neg * scalar * vector", |p| {
        let (a, b, s, v) = (
            p.sk3([1.0, 2.0, 3.0]),
            p.sk3([0.5, 0.1, -0.2]),
            p.s(2.0),
            p.v([1.0, 0.0, 0.5]),
        );
        (a + b, a - b, -a, a * s, a * v)
    }),
    // ---- Rotation
    e!("Rotation::try_from_matrix", |p| {
        let r = p.rot3([0.1, 0.2, 0.3]);
        Rotation::try_from_matrix(*r.matrix(), p.raw(1e-6))
    }),
    e!("Rotation::from_plane_angle", |p| {
        Rotation::<f64, 4>::from_plane_angle(0, 2, p.s(0.5))
    }),
    e!("Rotation::matrix/into_matrix", |p| {
        let r = p.rot3([0.1, 0.2, 0.3]);
        (*r.matrix(), r.into_matrix())
    }),
    e!("Rotation::inverse", |p| p.rot3([0.1, 0.2, 0.3]).inverse()),
    e!("Rotation::apply", |p| p
        .rot3([0.1, 0.2, 0.3])
        .apply(&p.v([1.0, -2.0, 0.5]))),
    e!("Rotation::apply_inverse", |p| p
        .rot3([0.1, 0.2, 0.3])
        .apply_inverse(&p.v([1.0, -2.0, 0.5]))),
    e!("Rotation::try_orthonormalize", |p| p
        .rot3([0.1, 0.2, 0.3])
        .try_orthonormalize()),
    e!("Rotation::from_angle", |p| Rotation::from_angle(p.s(0.5))),
    e!("Rotation::angle", Partial, |p| p.rot2(0.5).angle()),
    e!("Rotation::log 2", Partial, |p| p.rot2(0.5).log()),
    e!("Rotation::from_axis_angle", |p| Rotation::from_axis_angle(
        &p.v([0.0, 0.6, 0.8]),
        p.s(0.5)
    )),
    e!("Rotation::try_from_axis_angle", |p| {
        Rotation::try_from_axis_angle(&p.v([0.0, 0.6, 0.8]), p.s(0.5))
    }),
    e!("Rotation::from_rotation_vector", |p| {
        Rotation::from_rotation_vector(&p.v([0.1, 0.6, 0.8]))
    }),
    e!("Rotation::to_rotation_vector", |p| p
        .rot3([0.1, 0.2, 0.3])
        .to_rotation_vector()),
    e!("Rotation::to_rotation_vector near pi", |p| p
        .rot3([0.1, 3.0, 0.3])
        .to_rotation_vector()),
    e!("Rotation::to_axis_angle", |p| p
        .rot3([0.1, 0.2, 0.3])
        .to_axis_angle()),
    e!("Rotation::from_quaternion", |p| Rotation::from_quaternion(
        &p.uq([0.1, 0.2, 0.3])
    )),
    e!("Rotation::to_quaternion", |p| p
        .rot3([0.1, 0.2, 0.3])
        .to_quaternion()),
    e!("Rotation::to_quaternion near pi", |p| p
        .rot3([0.1, 3.0, 0.3])
        .to_quaternion()),
    e!("Rotation::log 3", |p| p.rot3([0.1, 0.2, 0.3]).log()),
    e!("Rotation * Rotation, * Vector", |p| {
        let (a, b, v) = (
            p.rot3([0.1, 0.2, 0.3]),
            p.rot3([-0.3, 0.2, 0.1]),
            p.v([1.0, 2.0, 3.0]),
        );
        (a * b, a * v)
    }),
    // ---- rodrigues
    e!("rodrigues::matrix_from_rotation_vector", |p| {
        rodrigues::matrix_from_rotation_vector(&p.v([0.1, 0.2, 0.3]))
    }),
    e!("rodrigues::matrix_from_axis_angle", |p| {
        rodrigues::matrix_from_axis_angle(&p.v([0.0, 0.6, 0.8]), p.s(1.0))
    }),
    e!("rodrigues::matrix_from_axis_sin_cos", |p| {
        rodrigues::matrix_from_axis_sin_cos(&p.v([0.0, 0.6, 0.8]), p.s(0.6), p.s(0.8))
    }),
    e!("rodrigues::rotation_vector_from_matrix", |p| {
        rodrigues::rotation_vector_from_matrix(p.rot3([0.1, 0.2, 0.3]).matrix())
    }),
    e!("rodrigues::rotation_vector_from_matrix near pi", |p| {
        rodrigues::rotation_vector_from_matrix(p.rot3([0.1, 3.1, 0.3]).matrix())
    }),
    e!("rodrigues::axis_angle_from_matrix", |p| {
        rodrigues::axis_angle_from_matrix(p.rot3([0.1, 0.2, 0.3]).matrix())
    }),
    // ---- Quaternion
    e!("Quaternion::from_parts", |p| Quaternion::from_parts(
        p.s(1.0),
        p.v([0.1, 0.2, 0.3])
    )),
    e!("Quaternion::from_vector", |p| Quaternion::from_vector(
        p.v([0.1, 0.2, 0.3])
    )),
    e!("Quaternion::scalar", Partial, |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .scalar()),
    e!("Quaternion::vector", Partial, |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .vector()),
    e!("Quaternion::new", |p| {
        let [w, x, y, z] = p.q([1.0, 0.1, 0.2, 0.3]).to_array();
        Quaternion::new(w, x, y, z)
    }),
    e!("Quaternion::to_array/from_array", |p| {
        Quaternion::from_array(p.q([1.0, 0.1, 0.2, 0.3]).to_array())
    }),
    e!("Quaternion::conjugate", |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .conjugate()),
    e!("Quaternion::dot", |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .dot(&p.q([0.5, -0.1, 0.7, 0.3]))),
    e!("Quaternion::norm_squared", |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .norm_squared()),
    e!("Quaternion::norm", |p| p.q([1.0, 0.1, 0.2, 0.3]).norm()),
    e!("Quaternion::try_inverse", |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .try_inverse()),
    e!("Quaternion::inverse", Panics, |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .inverse()),
    e!("Quaternion::try_normalize", |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .try_normalize()),
    e!("Quaternion::normalize", Panics, |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .normalize()),
    e!("Quaternion::rotate", |p| p
        .uq([0.1, 0.2, 0.3])
        .rotate(&p.v([1.0, 2.0, 3.0]))),
    e!("Quaternion::to_matrix", |p| p
        .uq([0.1, 0.2, 0.3])
        .to_matrix()),
    e!("Quaternion::from_matrix", |p| Quaternion::from_matrix(
        p.rot3([0.1, 0.2, 0.3]).matrix()
    )),
    e!("Quaternion::from_matrix near pi", |p| {
        Quaternion::from_matrix(p.rot3([3.0, 0.2, 0.3]).matrix())
    }),
    e!("Quaternion::exp", |p| p.q([0.5, 0.1, 0.2, 0.3]).exp()),
    e!("Quaternion::exp small", |p| Quaternion::new(
        p.s(0.5),
        p.raw(1e-5),
        p.raw(2e-5),
        p.raw(0.0)
    )
    .exp()),
    e!("Quaternion::try_log", |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .try_log()),
    e!("Quaternion::log", Panics, |p| p
        .q([1.0, 0.1, 0.2, 0.3])
        .log()),
    e!("Quaternion::from_axis_angle", |p| {
        Quaternion::from_axis_angle(&p.v([0.0, 0.6, 0.8]), p.s(1.0))
    }),
    e!("Quaternion::try_from_axis_angle", |p| {
        Quaternion::try_from_axis_angle(&p.v([0.0, 0.6, 0.8]), p.s(1.0))
    }),
    e!("Quaternion::from_rotation_vector", |p| {
        Quaternion::from_rotation_vector(&p.v([0.1, 0.2, 0.3]))
    }),
    e!("Quaternion::try_to_rotation_vector", |p| p
        .uq([0.1, 0.2, 0.3])
        .try_to_rotation_vector()),
    e!("Quaternion::to_rotation_vector", Panics, |p| p
        .uq([0.1, 0.2, 0.3])
        .to_rotation_vector()),
    e!("Quaternion::to_axis_angle", Panics, |p| p
        .uq([0.1, 0.2, 0.3])
        .to_axis_angle()),
    e!("Quaternion::angle", |p| p.uq([0.1, 0.2, 0.3]).angle()),
    e!("Quaternion::slerp", |p| p
        .uq([0.1, 0.2, 0.3])
        .slerp(&p.uq([-0.5, 0.2, 1.0]), p.s(0.3))),
    e!("Quaternion::is_finite", |p| flag(
        p.q([1.0, 0.1, 0.2, 0.3]).is_finite()
    )),
    e!("Quaternion * + - neg scalar", |p| {
        let (a, b, s, v) = (
            p.q([1.0, 0.1, 0.2, 0.3]),
            p.q([0.5, -0.1, 0.7, 0.3]),
            p.s(2.0),
            p.v([1.0, 2.0, 3.0]),
        );
        (a * b, a * v, a + b, a - b, -a, a * s, a / s)
    }),
    // ---- UnitQuaternion
    e!("UnitQuaternion::try_new", |p| {
        UnitQuaternion::try_new(p.uq([0.1, 0.2, 0.3]), p.raw(1e-3))
    }),
    e!("UnitQuaternion::try_normalized", |p| {
        UnitQuaternion::try_normalized(p.q([1.0, 0.1, 0.2, 0.3]))
    }),
    e!("UnitQuaternion::new_unchecked/quaternion/into", |p| {
        let q = UnitQuaternion::new_unchecked(p.uq([0.1, 0.2, 0.3]));
        (q.quaternion(), Quaternion::from(q))
    }),
    e!("UnitQuaternion::try_from_axis_angle", |p| {
        UnitQuaternion::try_from_axis_angle(&p.v([0.0, 0.6, 0.8]), p.s(1.0))
    }),
    e!("UnitQuaternion::from_rotation", |p| {
        UnitQuaternion::from_rotation(&p.rot3([0.1, 0.2, 0.3]))
    }),
    e!("UnitQuaternion::to_rotation/to_matrix", |p| {
        let q = UnitQuaternion::new_unchecked(p.uq([0.1, 0.2, 0.3]));
        (q.to_rotation(), q.to_matrix())
    }),
    e!("UnitQuaternion::rotate", |p| {
        let (q, v) = (
            UnitQuaternion::new_unchecked(p.uq([0.1, 0.2, 0.3])),
            p.v([1.0, 2.0, 3.0]),
        );
        q.rotate(&v)
    }),
    e!("UnitQuaternion::inverse/renormalize/mul", |p| {
        let (a, b) = (
            UnitQuaternion::new_unchecked(p.uq([0.1, 0.2, 0.3])),
            UnitQuaternion::new_unchecked(p.uq([0.3, -0.2, 0.1])),
        );
        (a.inverse(), a.renormalize(), a * b)
    }),
    e!("UnitQuaternion::angle", |p| {
        UnitQuaternion::new_unchecked(p.uq([0.1, 0.2, 0.3])).angle()
    }),
    e!("UnitQuaternion::slerp", |p| {
        let (a, b) = (
            UnitQuaternion::new_unchecked(p.uq([0.1, 0.2, 0.3])),
            UnitQuaternion::new_unchecked(p.uq([0.3, -0.2, 0.1])),
        );
        a.slerp(&b, p.s(0.4))
    }),
    // ---- Transform
    // ---- Transform3A
    e!(
        "Transform3A::new/translation/rotation/scale/to_transform",
        |p| {
            let a = Transform3A::new(p.v([0.5, -1.0, 2.0]), p.rot3([0.3, 0.5, -0.2]), p.s(1.5));
            (a.translation(), a.rotation(), a.scale(), a.to_transform())
        }
    ),
    e!("Transform3A::from_transform", |p| {
        Transform3A::from_transform(&p.tf3())
    }),
    e!("Transform3A::apply_point", |p| Transform3A::from_transform(
        &p.tf3()
    )
    .apply_point(&p.v([1.0, 2.0, 3.0]))),
    e!("Transform3A::apply_vector", Partial, |p| {
        Transform3A::from_transform(&p.tf3()).apply_vector(&p.v([1.0, 2.0, 3.0]))
    }),
    e!("Transform3A::compose", |p| {
        let (a, b) = (p.tf3(), p.tf3());
        Transform3A::from_transform(&a).compose(&Transform3A::from_transform(&b))
    }),
    e!("Transform3A::try_inverse", |p| Transform3A::from_transform(
        &p.tf3()
    )
    .try_inverse()),
    e!("Transform3A::inverse", Panics, |p| {
        Transform3A::from_transform(&p.tf3()).inverse()
    }),
    e!("Transform::from_translation", |p| {
        Transform::from_translation(p.v([1.0, 2.0]))
    }),
    e!("Transform::from_rotation", |p| Transform::from_rotation(
        p.rot2(0.5)
    )),
    e!(
        "Transform::from_scale",
        |p| Transform::<f64, 2>::from_scale(p.s(2.0))
    ),
    e!("Transform::apply_point", |p| p
        .tf3()
        .apply_point(&p.v([1.0, 2.0, 3.0]))),
    e!("Transform::apply_vector", Partial, |p| p
        .tf3()
        .apply_vector(&p.v([1.0, 2.0, 3.0]))),
    e!("Transform::apply_normal", Partial, |p| p
        .tf3()
        .apply_normal(&p.v([1.0, 2.0, 3.0]))),
    e!("Transform::linear", Partial, |p| p.tf3().linear()),
    e!("Transform::normal_matrix", Partial, |p| p
        .tf3()
        .normal_matrix()),
    e!("Transform::compose", |p| p.tf3().compose(&p.tf3())),
    e!("Transform::try_inverse", |p| p.tf3().try_inverse()),
    e!("Transform::inverse", Panics, |p| p.tf3().inverse()),
    e!("Transform::try_apply_inverse_point", |p| p
        .tf3()
        .try_apply_inverse_point(&p.v([1.0, 2.0, 3.0]))),
    e!("Transform::to_augmented", |p| (
        p.tf3().to_augmented(),
        p.tf2().to_augmented()
    )),
    e!("Transform * Transform, * Vector", |p| {
        let (a, b, v) = (p.tf2(), p.tf2(), p.v([1.0, 2.0]));
        (a * b, a * v)
    }),
    // ---- DynamicTransform
    e!("DynamicTransform::at_rest", |p| DynamicTransform::at_rest(
        p.tf3()
    )),
    e!("DynamicTransform::is_finite", |p| flag(p.dt3().is_finite())),
    e!("DynamicTransform::linear", Partial, |p| p.dt3().linear()),
    e!("DynamicTransform::to_parent_basis", Partial, |p| p
        .dt3()
        .to_parent_basis(&p.v([1.0, 2.0, 3.0]))),
    e!("DynamicTransform::to_child_basis", Partial, |p| p
        .dt3()
        .to_child_basis(&p.v([1.0, 2.0, 3.0]))),
    e!(
        "DynamicTransform::angular_velocity_in_own_basis",
        Partial,
        |p| p.dt3().angular_velocity_in_own_basis()
    ),
    e!(
        "DynamicTransform::angular_acceleration_in_own_basis",
        Partial,
        |p| p.dt3().angular_acceleration_in_own_basis()
    ),
    e!("DynamicTransform::compose 3", |p| p.dt3().compose(&p.dt3())),
    e!("DynamicTransform::compose 2", |p| p.dt2().compose(&p.dt2())),
    e!("DynamicTransform::local_to_global", |p| p
        .dt3()
        .local_to_global(&p.dt3())),
    e!("DynamicTransform::try_inverse", |p| p.dt3().try_inverse()),
    e!("DynamicTransform::inverse", Panics, |p| p.dt3().inverse()),
    e!("DynamicTransform::try_global_to_local", |p| p
        .dt3()
        .try_global_to_local(&p.dt3())),
    e!("DynamicTransform::global_to_local", Panics, |p| p
        .dt3()
        .global_to_local(&p.dt3())),
    e!(
        "DynamicTransform::try_global_to_local_with_transform",
        Partial,
        |p| {
            p.dt3()
                .try_global_to_local_with_transform(&p.tf3(), &p.dt3())
        }
    ),
    e!("DynamicTransform::rates", Partial, |p| p.dt3().rates()),
    e!("DynamicTransform * DynamicTransform", |p| p.dt2() * p.dt2()),
    e!("DynamicTransform::local_delta_to_global", Partial, |p| p
        .dt3()
        .local_delta_to_global(&p.dd3())),
    e!("DynamicTransform::transform_delta_velocity", Partial, |p| p
        .dt3()
        .transform_delta_velocity(&p.v([1.0, 2.0, 3.0]))),
    e!(
        "DynamicTransform::transform_delta_acceleration",
        Partial,
        |p| {
            p.dt3()
                .transform_delta_acceleration(&p.v([1.0, 2.0, 3.0]), &p.v([0.5, -0.5, 0.2]))
        }
    ),
    e!(
        "DynamicTransform::transform_delta_angular_velocity",
        Partial,
        |p| {
            p.dt3()
                .transform_delta_angular_velocity(&p.sk3([1.0, 2.0, 3.0]))
        }
    ),
    e!(
        "DynamicTransform::transform_delta_angular_acceleration",
        Partial,
        |p| {
            p.dt3().transform_delta_angular_acceleration(
                &p.sk3([1.0, 2.0, 3.0]),
                &p.sk3([0.5, -0.5, 0.2]),
            )
        }
    ),
    e!(
        "DynamicTransform::try_global_delta_to_local",
        Partial,
        |p| p.dt3().try_global_delta_to_local(&p.dd3())
    ),
    e!(
        "DynamicTransform::global_delta_to_local",
        PartialPanics,
        |p| p.dt3().global_delta_to_local(&p.dd3())
    ),
    e!("DynamicTransform::inherited_delta", Partial, |p| p
        .dt3()
        .inherited_delta(&p.dt3(), &p.dd3())),
    e!(
        "DynamicTransform::try_impulse_to_local_delta",
        Partial,
        |p| {
            p.dt3()
                .try_impulse_to_local_delta(&p.v([1.0, 2.0, 3.0]), p.s(2.0))
        }
    ),
    e!(
        "DynamicTransform::impulse_to_local_delta",
        PartialPanics,
        |p| {
            p.dt3()
                .impulse_to_local_delta(&p.v([1.0, 2.0, 3.0]), p.s(2.0))
        }
    ),
    e!(
        "DynamicTransform::try_counteract_velocity_change",
        Partial,
        |p| {
            p.dt3()
                .try_counteract_velocity_change(&p.v([1.0, 2.0, 3.0]))
        }
    ),
    e!("DynamicTransform::try_counteract_change", Partial, |p| p
        .dt3()
        .try_counteract_change(&p.dt3(), &p.dd3())),
    e!(
        "DynamicTransform::try_inertial_accelerations",
        Partial,
        |p| p.dt3().try_inertial_accelerations(&p.dt3())
    ),
    e!("InertialAccelerations::total", Partial, |p| p
        .dt3()
        .try_inertial_accelerations(&p.dt3())
        .map(|a| a.total())),
    e!(
        "DynamicTransform::try_force_to_local_acceleration",
        Partial,
        |p| {
            p.dt3()
                .try_force_to_local_acceleration(&p.dt3(), &p.v([1.0, 2.0, 3.0]), p.s(2.0))
        }
    ),
    e!("LocalAcceleration::total", Partial, |p| {
        p.dt3()
            .try_force_to_local_acceleration(&p.dt3(), &p.v([1.0, 2.0, 3.0]), p.s(2.0))
            .map(|a| a.total())
    }),
    e!(
        "DynamicTransform::force_to_local_acceleration",
        PartialPanics,
        |p| {
            p.dt3()
                .force_to_local_acceleration(&p.dt3(), &p.v([1.0, 2.0, 3.0]), p.s(2.0))
        }
    ),
    // ---- DynamicsDelta
    e!("DynamicsDelta::from_velocity", |p| {
        DynamicsDelta::from_velocity(p.v([1.0, 2.0, 3.0]))
    }),
    e!("DynamicsDelta::between", Partial, |p| {
        DynamicsDelta::between(&p.dt3(), &p.dt3())
    }),
    e!("DynamicsDelta::applied_to", |p| p
        .dd3()
        .applied_to(&p.dt3())),
    e!("DynamicsDelta + - neg", |p| {
        let (a, b) = (p.dd3(), p.dd3());
        (a + b, a - b, -a)
    }),
    // ---- dynamic::inertial free functions
    e!("inertial::centrifugal_3d", |p| inertial::centrifugal_3d(
        &p.v([1.0, 2.0, 3.0]),
        &p.v([0.5, -1.0, 0.2])
    )),
    e!("inertial::coriolis_3d", |p| inertial::coriolis_3d(
        &p.v([1.0, 2.0, 3.0]),
        &p.v([0.5, -1.0, 0.2])
    )),
    e!("inertial::euler_3d", |p| inertial::euler_3d(
        &p.v([1.0, 2.0, 3.0]),
        &p.v([0.5, -1.0, 0.2])
    )),
    e!("inertial::centrifugal_2d", |p| inertial::centrifugal_2d(
        p.s(1.0),
        &p.v([0.5, -1.0])
    )),
    e!("inertial::coriolis_2d", |p| inertial::coriolis_2d(
        p.s(1.0),
        &p.v([0.5, -1.0])
    )),
    e!("inertial::euler_2d", |p| inertial::euler_2d(
        p.s(1.0),
        &p.v([0.5, -1.0])
    )),
    // ---- Hierarchy
    e!("Hierarchy::try_to_global", |p| {
        let parents = [None, Some(0), Some(1)];
        let h = Hierarchy::try_new(&parents).unwrap();
        let local = [p.tf3(), p.tf3(), p.tf3()];
        let mut global = local;
        h.try_to_global(&local, &mut global).map(|()| global)
    }),
    e!("Hierarchy::try_to_global_in_place", |p| {
        let parents = [None, Some(0), Some(1)];
        let h = Hierarchy::try_new(&parents).unwrap();
        let mut f = [p.dt3(), p.dt3(), p.dt3()];
        h.try_to_global_in_place(&mut f).map(|()| f)
    }),
    e!("Hierarchy::try_to_local", |p| {
        let parents = [None, Some(0), Some(1)];
        let h = Hierarchy::try_new(&parents).unwrap();
        let global = [p.tf3(), p.tf3(), p.tf3()];
        let mut local = global;
        h.try_to_local(&global, &mut local).map(|()| local)
    }),
    e!("Hierarchy::try_to_local_in_place", |p| {
        let parents = [None, Some(0), Some(1)];
        let h = Hierarchy::try_new(&parents).unwrap();
        let mut f = [p.dt3(), p.dt3(), p.dt3()];
        h.try_to_local_in_place(&mut f).map(|()| f)
    }),
    // ---- spatial
    e!("Motion::to_vector/from_vector", |p| Motion::from_vector(
        &p.motion().to_vector()
    )),
    e!("Motion::point_velocity", |p| p
        .motion()
        .point_velocity(&p.v([1.0, 2.0, 3.0]))),
    e!("Motion::cross_motion", |p| p
        .motion()
        .cross_motion(&p.motion())),
    e!("Motion::cross_force", |p| p
        .motion()
        .cross_force(&p.force())),
    e!("Motion::cross_motion_matrix", |p| p
        .motion()
        .cross_motion_matrix()),
    e!("Motion::cross_force_matrix", |p| p
        .motion()
        .cross_force_matrix()),
    e!("Motion::dot", |p| p.motion().dot(&p.force())),
    e!("Motion + - neg *", |p| {
        let (a, b, s) = (p.motion(), p.motion(), p.s(2.0));
        (a + b, a - b, -a, a * s)
    }),
    e!("Force::to_vector/from_vector", |p| Force::from_vector(
        &p.force().to_vector()
    )),
    e!("Force::at_point", |p| Force::at_point(
        p.v([1.0, 2.0, 3.0]),
        &p.v([0.5, -1.0, 0.2])
    )),
    e!("Force::dot", |p| p.force().dot(&p.motion())),
    e!("Force + - neg *", |p| {
        let (a, b, s) = (p.force(), p.force(), p.s(2.0));
        (a + b, a - b, -a, a * s)
    }),
    e!("Plx::from_rotation", |p| Plx::from_rotation(
        p.rot3([0.1, 0.2, 0.3])
    )),
    e!("Plx::from_translation", |p| Plx::from_translation(
        p.v([1.0, 2.0, 3.0])
    )),
    e!("Plx::from_rigid_child_to_parent", Partial, |p| {
        Plx::from_rigid_child_to_parent(&p.tf3())
    }),
    e!("Plx::to_plxb", |p| p.plx().to_plxb()),
    e!("Plx::compose", |p| p.plx().compose(&p.plx())),
    e!("Plx::inverse", |p| p.plx().inverse()),
    e!("Plx::apply_motion", |p| p.plx().apply_motion(&p.motion())),
    e!("Plx::apply_force", |p| p.plx().apply_force(&p.force())),
    e!("Plx::inverse_apply_motion", |p| p
        .plx()
        .inverse_apply_motion(&p.motion())),
    e!("Plx::inverse_apply_force", |p| p
        .plx()
        .inverse_apply_force(&p.force())),
    e!("Plx::to_matrix", |p| p.plx().to_matrix()),
    e!("Plx::to_force_matrix", |p| p.plx().to_force_matrix()),
    e!("Plx * Plx, * Motion, * Force", |p| {
        let (a, b, m, f) = (p.plx(), p.plx(), p.motion(), p.force());
        (a * b, a * m, a * f)
    }),
    e!("Plxb::from_rigid_pose", Partial, |p| Plxb::from_rigid_pose(
        &p.tf3()
    )),
    e!("Plxb::to_plx", |p| p.plxb().to_plx()),
    e!("Plxb::compose", |p| p.plxb().compose(&p.plxb())),
    e!("Plxb::inverse", |p| p.plxb().inverse()),
    e!("Plxb::apply_motion", |p| p.plxb().apply_motion(&p.motion())),
    e!("Plxb::apply_force", |p| p.plxb().apply_force(&p.force())),
    e!("Plxb::inverse_apply_motion", |p| p
        .plxb()
        .inverse_apply_motion(&p.motion())),
    e!("Plxb::inverse_apply_force", |p| p
        .plxb()
        .inverse_apply_force(&p.force())),
    e!("Plxb::to_matrix", |p| p.plxb().to_matrix()),
    e!("Plxb::to_force_matrix", |p| p.plxb().to_force_matrix()),
    e!("Plxb * Plxb", |p| p.plxb() * p.plxb()),
    e!("Inertia::new", |p| p.inertia()),
    e!("Inertia::try_new", |p| Inertia::try_new(
        p.s(2.0),
        p.v([0.1, -0.2, 0.3]),
        Matrix::from_diagonal(p.v([1.0, 1.5, 2.0]))
    )),
    e!("Inertia::com", Partial, |p| p.inertia().com()),
    e!("Inertia::inertia_at_com", |p| p.inertia().inertia_at_com()),
    e!("Inertia::apply", |p| p.inertia().apply(&p.motion())),
    e!("Inertia::kinetic_energy", |p| p
        .inertia()
        .kinetic_energy(&p.motion())),
    e!("Inertia::to_matrix", |p| p.inertia().to_matrix()),
    e!("Inertia::is_finite", |p| flag(p.inertia().is_finite())),
    e!("Inertia +", |p| p.inertia() + p.inertia()),
    e!("Plx::apply_inertia", |p| p
        .plx()
        .apply_inertia(&p.inertia())),
    e!("Plx::inverse_apply_inertia", |p| p
        .plx()
        .inverse_apply_inertia(&p.inertia())),
    e!("Plxb::apply_inertia", |p| p
        .plxb()
        .apply_inertia(&p.inertia())),
    e!("Plxb::inverse_apply_inertia", |p| p
        .plxb()
        .inverse_apply_inertia(&p.inertia())),
    e!("ArticulatedInertia::sub_scaled_outer", |p| p.articulated()),
    e!("ArticulatedInertia::apply", |p| p
        .articulated()
        .apply(&p.motion())),
    e!("ArticulatedInertia::to_matrix", |p| p
        .articulated()
        .to_matrix()),
    e!("ArticulatedInertia + -", |p| {
        let (a, b) = (p.articulated(), p.articulated());
        (a + b, a - b)
    }),
    e!("Plx::apply_articulated", |p| p
        .plx()
        .apply_articulated(&p.articulated())),
    e!("Plx::inverse_apply_articulated", |p| p
        .plx()
        .inverse_apply_articulated(&p.articulated())),
    // ---- euler
    e!("EulerAngles::to_matrix", |p| p.angles().to_matrix()),
    e!("EulerAngles::to_quaternion", |p| {
        EulerAngles::new(p.angles().angles, Sequence::XYX, Frame::Extrinsic).to_quaternion()
    }),
    e!("EulerAngles::from_matrix", |p| {
        EulerAngles::from_matrix(p.rot3([0.1, 0.2, 0.3]).matrix(), SEQ, Frame::Intrinsic)
    }),
    e!("EulerAngles::from_matrix proper", |p| {
        EulerAngles::from_matrix(
            p.rot3([0.1, 0.9, 0.3]).matrix(),
            Sequence::ZXZ,
            Frame::Extrinsic,
        )
    }),
    e!("EulerAngles::from_quaternion", |p| {
        EulerAngles::from_quaternion(&p.uq([0.1, 0.2, 0.3]), SEQ, Frame::Intrinsic)
    }),
    e!("EulerAngles::gimbal_distance", Partial, |p| p
        .angles()
        .gimbal_distance()),
    e!("EulerAngles::body_rate_matrix", Partial, |p| p
        .angles()
        .body_rate_matrix()),
    e!("EulerAngles::world_rate_matrix", Partial, |p| p
        .angles()
        .world_rate_matrix()),
    e!("EulerAngles::rates_from_body_omega", Partial, |p| {
        p.angles().rates_from_body_omega(&p.v([0.1, 0.2, 0.3]))
    }),
    e!("EulerAngles::rates_from_world_omega", Partial, |p| {
        p.angles().rates_from_world_omega(&p.v([0.1, 0.2, 0.3]))
    }),
    e!("Quaternion::derivative_body", |p| {
        p.uq([0.1, 0.2, 0.3]).derivative_body(&p.v([0.1, 0.2, 0.3]))
    }),
    e!("Quaternion::derivative_world", |p| {
        p.uq([0.1, 0.2, 0.3])
            .derivative_world(&p.v([0.1, 0.2, 0.3]))
    }),
];

/// Public functions that take no floating-point input (nothing to poison): constants,
/// identities and index bookkeeping.
const NO_FLOAT_INPUT: &[&str] = &[
    "Transform3A::identity",
    "Sequence::axes",
    "Sequence::is_proper",
    "Sequence::reversed",
    "DynamicsDelta::zero",
    "DynamicTransform::identity",
    "Hierarchy::try_new",
    "Hierarchy::parents",
    "Hierarchy::len",
    "Hierarchy::is_empty",
    "Matrix::zeros",
    "Matrix::identity",
    "Quaternion::identity",
    "Quaternion::zero",
    "Rotation::identity",
    "Skew::zero",
    "Force::zero",
    "Motion::zero",
    "Inertia::zero",
    "ArticulatedInertia::zero",
    "Plx::identity",
    "Plxb::identity",
    "Transform::identity",
    "UnitQuaternion::identity",
    "Vector::zeros",
    "Vector::unit",
];

/// The list above cannot fall behind the crate: every public function is named by an entry
/// or listed in [`NO_FLOAT_INPUT`].
#[test]
fn every_public_function_has_an_entry() {
    let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let known = [
        "Transform::compose",
        "rodrigues::axis_angle_from_matrix",
        "EulerAngles::to_matrix",
    ];
    let missing = support::missing_entries(ENTRIES, NO_FLOAT_INPUT, &src, &known);
    assert!(
        missing.is_empty(),
        "public functions of xform without an entry in ENTRIES (add one, or to NO_FLOAT_INPUT \
         if it takes no float): {missing:?}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn no_function_launders_nan_or_infinity(seed in any::<u64>()) {
        let r = support::check_all(ENTRIES, seed);
        prop_assert!(r.is_ok(), "{}", r.unwrap_err());
    }
}

#[test]
fn the_check_catches_a_laundering_function() {
    support::assert_the_check_catches_a_laundering_function();
}
