//! Rigid bodies: mass properties, state, collision shape and surface material.
use num_traits::{Float, FloatConst};
use rotint::BodyInertia;
use xform::{Matrix, Quaternion, UnitQuaternion, Vector};

use super::WorldError;
use super::error::{InertiaFault, Value};
use crate::geometry::{Capsule, Cuboid, ShapeError, Solid, Sphere};

/// How far from 1 the norm of an orientation quaternion may be when a body is added (it is
/// then renormalized): loose enough for quaternions computed in `f32`, tight enough to catch
/// a quaternion that was never normalized.
pub const ORIENTATION_TOLERANCE: f64 = 1e-5;
use super::pose::Pose;

/// The collision shape of a body (centred on its centre of mass, in the body frame).
///
/// # Example
/// ```
/// use solver::world::{RigidBody, Shape};
/// let c = RigidBody::capsule(1.0, 0.2, 0.5f64).unwrap();
/// assert_eq!(c.shape(), Shape::Capsule(0.2, 0.5));
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Shape<T> {
    /// No collisions (links of a chain, free bodies).
    None,
    /// A sphere of this radius.
    Sphere(T),
    /// A box with these half extents along the body axes.
    Box(Vector<T, 3>),
    /// A capsule along the body's y axis: `(radius, half_height)` of its core segment.
    Capsule(T, T),
}

impl<T: Float> Shape<T> {
    /// The shape as collision geometry (`None` for [`Shape::None`]).
    ///
    /// # Errors
    /// [`WorldError::InvalidParameter`] naming the parameter (radius ≤ 0, a half extent ≤ 0,
    /// a negative half height, anything not finite).
    ///
    /// # Example
    /// ```
    /// use solver::world::Shape;
    /// use solver::xform::Vector;
    /// assert!(Shape::Box(Vector([0.5, 0.5, 0.5])).solid().unwrap().is_some());
    /// assert!(Shape::Box(Vector([0.5, 0.0, 0.5])).solid().is_err());
    /// assert!(Shape::<f64>::None.solid().unwrap().is_none());
    /// ```
    pub fn solid(&self) -> Result<Option<Solid<T>>, WorldError> {
        let solid = match *self {
            Shape::None => return Ok(None),
            Shape::Sphere(r) => Sphere::new(r).map(Solid::Sphere),
            Shape::Box(h) => Cuboid::new(h).map(Solid::Cuboid),
            Shape::Capsule(r, h) => Capsule::new(r, h).map(Solid::Capsule),
        };
        solid.map(Some).map_err(|e| match e {
            ShapeError::InvalidParameter {
                parameter, value, ..
            } => WorldError::InvalidParameter {
                what: parameter,
                value: Value(value),
            },
        })
    }
}

/// Surface properties used by contacts.
///
/// # Example
/// ```
/// use solver::world::Material;
/// let m = Material::<f64>::default();
/// assert_eq!((m.friction, m.restitution), (0.5, 0.0));
/// ```
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Material<T> {
    /// Coulomb friction coefficient μ >= 0 (a contact uses the geometric mean of both).
    pub friction: T,
    /// Restitution e in [0, 1] (a contact uses the larger of both).
    pub restitution: T,
}

impl<T: Float> Default for Material<T> {
    /// μ = 0.5, e = 0.
    fn default() -> Self {
        Self {
            friction: T::from(0.5).unwrap_or_else(T::one),
            restitution: T::zero(),
        }
    }
}

impl<T: Float> Material<T> {
    pub(crate) fn validate(&self) -> Result<(), WorldError> {
        if !(self.friction >= T::zero() && self.friction.is_finite()) {
            return Err(WorldError::InvalidParameter {
                what: "friction",
                value: Value::of(self.friction),
            });
        }
        if !(self.restitution >= T::zero() && self.restitution <= T::one()) {
            return Err(WorldError::InvalidParameter {
                what: "restitution",
                value: Value::of(self.restitution),
            });
        }
        Ok(())
    }
}

/// A rigid body: mass, body-frame inertia, pose, velocities, shape and material.
///
/// Build one with [`RigidBody::new`], [`RigidBody::sphere`] or [`RigidBody::fixed`] and the
/// `with_*` methods, then hand it to [`World::add_body`](super::World::add_body), which checks
/// the state.
///
/// The angular velocity is stored in the **body** frame (where Euler's equations and the
/// gyroscopic term live, so a torque-free spin keeps its energy exactly); the accessors and
/// builders speak world frame.
///
/// # Example
/// ```
/// use solver::world::RigidBody;
/// use solver::xform::Vector;
/// let b = RigidBody::cuboid(2.0, Vector([0.5, 0.5, 0.5f64])).unwrap().with_position(Vector([0.0, 0.5, 0.0]));
/// assert_eq!((b.mass(), b.position()[1]), (2.0, 0.5));
/// ```
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(bound(
        serialize = "T: Float + serde::Serialize",
        deserialize = "T: Float + serde::Deserialize<'de>"
    ))
)]
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RigidBody<T> {
    #[cfg_attr(feature = "serde", serde(with = "super::snapshot::unbounded"))]
    pub(crate) mass: T,
    pub(crate) inv_mass: T,
    pub(crate) inertia: Option<BodyInertia<T>>,
    pub(crate) position: Vector<T, 3>,
    pub(crate) orientation: Quaternion<T>,
    pub(crate) linear_velocity: Vector<T, 3>,
    pub(crate) angular_velocity_body: Vector<T, 3>,
    pub(crate) shape: Shape<T>,
    pub(crate) material: Material<T>,
    /// Force at the centre of mass accumulated for the next step (world frame, N).
    pub(crate) force: Vector<T, 3>,
    /// Torque accumulated for the next step (world frame, N·m).
    pub(crate) torque: Vector<T, 3>,
    /// Multiplies the world's gravity for this body.
    pub(crate) gravity_scale: T,
    /// Linear and angular damping rates (1/s).
    pub(crate) damping: (T, T),
    /// Kinematic: infinite mass like a static body, but moved by its velocity each step.
    pub(crate) kinematic: bool,
    /// Collision groups this body belongs to and the groups it collides with.
    pub(crate) filter: (u32, u32),
    /// A sensor: its contacts are reported, never solved.
    pub(crate) sensor: bool,
    /// How long the body has moved slower than the sleep thresholds.
    pub(crate) still_for: T,
    /// Asleep: skipped by the step until its island wakes.
    pub(crate) asleep: bool,
}

impl<T: Float> RigidBody<T> {
    /// A dynamic body with `mass` and body-frame inertia tensor `inertia`, at rest at the
    /// origin.
    ///
    /// # Errors
    /// [`WorldError::InvalidMass`] for a NaN, infinite, zero or negative mass, or one whose
    /// inverse overflows; [`WorldError::InvalidInertia`] unless the tensor is finite,
    /// symmetric, positive definite and obeys the triangle inequality of principal moments
    /// (all judged relative to its own scale).
    ///
    /// # Example
    /// ```
    /// use solver::world::{InertiaFault, RigidBody, WorldError};
    /// use solver::xform::{Matrix, Vector};
    /// let rod = Matrix::from_diagonal(Vector([1e-9, 1.0, 1.0])); // thin, but physical
    /// assert!(RigidBody::<f64>::new(2.0, rod).is_ok());
    /// let impossible = Matrix::from_diagonal(Vector([1.0, 1.0, 5.0]));
    /// assert_eq!(
    ///     RigidBody::<f64>::new(2.0, impossible).unwrap_err(),
    ///     WorldError::InvalidInertia { fault: InertiaFault::TriangleInequality }
    /// );
    /// ```
    pub fn new(mass: T, inertia: Matrix<T, 3, 3>) -> Result<Self, WorldError> {
        if !(mass > T::zero() && mass.is_finite() && mass.recip().is_finite()) {
            return Err(WorldError::InvalidMass {
                value: Value::of(mass),
            });
        }
        super::inertia::check(&inertia).map_err(|fault| WorldError::InvalidInertia { fault })?;
        let inertia = BodyInertia::try_new(inertia).map_err(|_| WorldError::InvalidInertia {
            fault: InertiaFault::NotPositiveDefinite,
        })?;
        Ok(Self {
            mass,
            inv_mass: mass.recip(),
            inertia: Some(inertia),
            ..Self::fixed()
        })
    }

    /// A solid sphere: inertia `2/5 m r²`, shape [`Shape::Sphere`].
    ///
    /// # Errors
    /// [`WorldError::InvalidMass`]; [`WorldError::InvalidParameter`] for a radius that is not
    /// finite and positive.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// let b = RigidBody::sphere(2.0, 0.5f64).unwrap();
    /// assert_eq!(b.mass(), 2.0);
    /// assert!((b.inertia().unwrap().0[0][0] - 0.2).abs() < 1e-15); // 2/5 m r²
    /// assert!(RigidBody::sphere(1.0, -1.0f64).is_err());
    /// ```
    pub fn sphere(mass: T, radius: T) -> Result<Self, WorldError> {
        if !(radius > T::zero() && radius.is_finite()) {
            return Err(WorldError::InvalidParameter {
                what: "radius",
                value: Value::of(radius),
            });
        }
        let moment = T::from(0.4).unwrap_or_else(T::one) * mass * radius * radius;
        let mut body = Self::new(mass, Matrix::from_diagonal(Vector([moment; 3])))?;
        body.shape = Shape::Sphere(radius);
        Ok(body)
    }

    /// A static body: infinite mass, never moves.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// let ground = RigidBody::<f64>::fixed();
    /// assert!(ground.is_static() && ground.inverse_mass() == 0.0);
    /// ```
    pub fn fixed() -> Self {
        Self {
            mass: T::infinity(),
            inv_mass: T::zero(),
            inertia: None,
            position: Vector::zeros(),
            orientation: Quaternion::identity(),
            linear_velocity: Vector::zeros(),
            angular_velocity_body: Vector::zeros(),
            shape: Shape::None,
            material: Material::default(),
            force: Vector::zeros(),
            torque: Vector::zeros(),
            gravity_scale: T::one(),
            damping: (T::zero(), T::zero()),
            kinematic: false,
            filter: (1, u32::MAX),
            sensor: false,
            still_for: T::zero(),
            asleep: false,
        }
    }

    /// At this centre-of-mass position.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::Vector;
    /// let b = RigidBody::sphere(1.0, 0.1f64).unwrap().with_position(Vector([1.0, 2.0, 3.0]));
    /// assert_eq!(b.position(), Vector([1.0, 2.0, 3.0]));
    /// ```
    #[must_use]
    pub fn with_position(mut self, position: Vector<T, 3>) -> Self {
        self.position = position;
        self
    }

    /// With this orientation (body to world); the world-frame angular velocity is kept.
    ///
    /// The type says the quaternion is a unit one: build it with
    /// [`UnitQuaternion::try_new`] (checked), [`UnitQuaternion::try_normalized`], or take a
    /// general quaternion through [`RigidBody::with_orientation_normalized`].
    /// [`World::add_body`](super::World::add_body) still refuses one whose norm is off 1 by
    /// more than [`ORIENTATION_TOLERANCE`] (possible only through
    /// [`UnitQuaternion::new_unchecked`]): a non-unit quaternion is a bug upstream.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::{UnitQuaternion, Vector};
    /// // 90° about z.
    /// let quarter = UnitQuaternion::try_from_axis_angle(&Vector([0.0, 0.0, 1.0]), 1.5707963267948966f64).unwrap();
    /// let b = RigidBody::sphere(1.0, 0.5)
    ///     .unwrap()
    ///     .with_angular_velocity(Vector([1.0, 0.0, 0.0]))
    ///     .with_orientation(quarter);
    /// assert!((b.angular_velocity() - Vector([1.0, 0.0, 0.0])).norm() < 1e-12);
    /// ```
    #[must_use]
    pub fn with_orientation(mut self, orientation: UnitQuaternion<T>) -> Self {
        let world = self.angular_velocity();
        self.orientation = orientation.quaternion();
        if let Ok(unit) = self.orientation.try_normalize() {
            self.angular_velocity_body = unit.conjugate().rotate(&world);
        }
        self
    }

    /// [`RigidBody::with_orientation`] with `orientation / |orientation|`.
    ///
    /// # Errors
    /// [`WorldError::InvalidOrientation`] for a zero or non-finite quaternion.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::{Quaternion, UnitQuaternion};
    /// let b = RigidBody::sphere(1.0, 0.5)
    ///     .unwrap()
    ///     .with_orientation_normalized(Quaternion::new(2.0, 0.0, 0.0, 0.0))
    ///     .unwrap();
    /// assert_eq!(b.orientation(), UnitQuaternion::identity());
    /// assert!(RigidBody::sphere(1.0, 0.5).unwrap().with_orientation_normalized(Quaternion::zero()).is_err());
    /// ```
    pub fn with_orientation_normalized(
        self,
        orientation: Quaternion<T>,
    ) -> Result<Self, WorldError> {
        let unit = UnitQuaternion::try_normalized(orientation).map_err(|_| {
            WorldError::InvalidOrientation {
                norm: Value::of(orientation.norm()),
            }
        })?;
        Ok(self.with_orientation(unit))
    }

    /// With this linear velocity.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::Vector;
    /// let b = RigidBody::sphere(1.0, 0.1f64).unwrap().with_linear_velocity(Vector([0.0, 0.0, 2.0]));
    /// assert_eq!(b.linear_velocity(), Vector([0.0, 0.0, 2.0]));
    /// ```
    #[must_use]
    pub fn with_linear_velocity(mut self, v: Vector<T, 3>) -> Self {
        self.linear_velocity = v;
        self
    }

    /// With this angular velocity (world frame).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::Vector;
    /// let b = RigidBody::sphere(1.0, 0.1f64).unwrap().with_angular_velocity(Vector([0.0, 3.0, 0.0]));
    /// assert_eq!(b.angular_velocity(), Vector([0.0, 3.0, 0.0]));
    /// ```
    #[must_use]
    pub fn with_angular_velocity(mut self, w: Vector<T, 3>) -> Self {
        let q = self.orientation.try_normalize().unwrap_or(self.orientation);
        self.angular_velocity_body = q.conjugate().rotate(&w);
        self
    }

    /// With this collision shape.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, Shape};
    /// let b = RigidBody::sphere(1.0, 0.1f64).unwrap().with_shape(Shape::None);
    /// assert_eq!(b.shape(), Shape::None); // a body that collides with nothing
    /// ```
    #[must_use]
    pub fn with_shape(mut self, shape: Shape<T>) -> Self {
        self.shape = shape;
        self
    }

    /// With this surface material.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody};
    /// let ice = Material { friction: 0.02, restitution: 0.1 };
    /// let b = RigidBody::sphere(1.0, 0.1f64).unwrap().with_material(ice);
    /// assert_eq!(b.material(), ice);
    /// ```
    #[must_use]
    pub fn with_material(mut self, material: Material<T>) -> Self {
        self.material = material;
        self
    }

    /// Whether the body is static.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// assert!(!RigidBody::sphere(1.0, 0.1f64).unwrap().is_static());
    /// ```
    pub fn is_static(&self) -> bool {
        self.inertia.is_none()
    }

    /// The mass (infinite for a static body).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// assert_eq!(RigidBody::sphere(3.0, 0.1f64).unwrap().mass(), 3.0);
    /// ```
    pub fn mass(&self) -> T {
        self.mass
    }

    /// The inverse mass (zero for a static body).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// assert_eq!(RigidBody::sphere(4.0, 0.1f64).unwrap().inverse_mass(), 0.25);
    /// ```
    pub fn inverse_mass(&self) -> T {
        self.inv_mass
    }

    /// The body-frame inertia tensor (`None` for a static body).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// assert!(RigidBody::<f64>::fixed().inertia().is_none());
    /// assert!(RigidBody::sphere(1.0, 0.1f64).unwrap().inertia().is_some());
    /// ```
    pub fn inertia(&self) -> Option<&Matrix<T, 3, 3>> {
        self.inertia.as_ref().map(BodyInertia::tensor)
    }

    /// Centre-of-mass position.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::Vector;
    /// assert_eq!(RigidBody::sphere(1.0, 0.1f64).unwrap().position(), Vector([0.0; 3]));
    /// ```
    pub fn position(&self) -> Vector<T, 3> {
        self.position
    }

    /// Orientation (body to world).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::UnitQuaternion;
    /// assert_eq!(RigidBody::sphere(1.0, 0.1f64).unwrap().orientation(), UnitQuaternion::identity());
    /// ```
    pub fn orientation(&self) -> UnitQuaternion<T> {
        // Normalized when the body is added and by every integration step.
        UnitQuaternion::new_unchecked(self.orientation)
    }

    /// Position and orientation together.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::Vector;
    /// let b = RigidBody::sphere(1.0, 0.1f64).unwrap().with_position(Vector([0.0, 2.0, 0.0]));
    /// assert_eq!(b.pose().point(&Vector([1.0, 0.0, 0.0])), Vector([1.0, 2.0, 0.0]));
    /// ```
    pub fn pose(&self) -> Pose<T> {
        Pose {
            position: self.position,
            orientation: self.orientation,
        }
    }

    /// Linear velocity of the centre of mass.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::Vector;
    /// assert_eq!(RigidBody::sphere(1.0, 0.1f64).unwrap().linear_velocity(), Vector([0.0; 3]));
    /// ```
    pub fn linear_velocity(&self) -> Vector<T, 3> {
        self.linear_velocity
    }

    /// Angular velocity in the world frame.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::Vector;
    /// let b = RigidBody::sphere(1.0, 0.1f64).unwrap().with_angular_velocity(Vector([1.0, 0.0, 0.0]));
    /// assert_eq!(b.angular_velocity(), Vector([1.0, 0.0, 0.0]));
    /// ```
    pub fn angular_velocity(&self) -> Vector<T, 3> {
        self.orientation.rotate(&self.angular_velocity_body)
    }

    /// Angular velocity in the body frame.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::Vector;
    /// // Unrotated: body and world axes agree.
    /// let b = RigidBody::sphere(1.0, 0.1f64).unwrap().with_angular_velocity(Vector([0.0, 1.0, 0.0]));
    /// assert_eq!(b.angular_velocity_body(), b.angular_velocity());
    /// ```
    pub fn angular_velocity_body(&self) -> Vector<T, 3> {
        self.angular_velocity_body
    }

    /// Whether the body sleeps (its island rested for
    /// [`SleepSettings::time`](super::SleepSettings::time); it wakes when a moving body
    /// touches it, a joint pulls it, or the user moves it).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// assert!(!RigidBody::sphere(1.0, 0.5).unwrap().is_sleeping());
    /// ```
    #[must_use]
    pub fn is_sleeping(&self) -> bool {
        self.asleep
    }

    pub(crate) fn wake(&mut self) {
        self.asleep = false;
        self.still_for = T::zero();
    }

    /// The collision shape.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, Shape};
    /// assert_eq!(RigidBody::sphere(1.0, 0.25f64).unwrap().shape(), Shape::Sphere(0.25));
    /// ```
    pub fn shape(&self) -> Shape<T> {
        self.shape
    }

    /// The surface material.
    ///
    /// # Example
    /// ```
    /// use solver::world::{Material, RigidBody};
    /// assert_eq!(RigidBody::sphere(1.0, 0.1f64).unwrap().material(), Material::default());
    /// ```
    pub fn material(&self) -> Material<T> {
        self.material
    }

    /// Kinetic energy `½ m v² + ½ ωᵀ I ω` (zero for a static body).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// use solver::xform::Vector;
    /// let b = RigidBody::sphere(2.0, 0.1f64).unwrap().with_linear_velocity(Vector([3.0, 0.0, 0.0]));
    /// assert_eq!(b.kinetic_energy(), 9.0); // ½ m v²
    /// ```
    pub fn kinetic_energy(&self) -> T {
        let half = T::one() / (T::one() + T::one());
        match &self.inertia {
            None => T::zero(),
            Some(i) => {
                half * self.mass * self.linear_velocity.norm_squared()
                    + i.kinetic_energy(self.angular_velocity_body)
            }
        }
    }

    /// World-frame inverse inertia `R I⁻¹ Rᵀ` (zero for a static body).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// let b = RigidBody::sphere(1.0, 1.0f64).unwrap();
    /// assert!((b.world_inverse_inertia().0[1][1] - 2.5).abs() < 1e-15); // 1/(2/5)
    /// ```
    pub fn world_inverse_inertia(&self) -> Matrix<T, 3, 3> {
        match &self.inertia {
            None => Matrix::zeros(),
            Some(i) => {
                let r = self.orientation.to_matrix();
                r * *i.inverse() * r.transpose()
            }
        }
    }

    /// `Err(what)` naming the first non-finite part of the state.
    pub(crate) fn check_finite(&self) -> Result<(), &'static str> {
        let q = self.orientation;
        if !self.position.is_finite() {
            Err("position")
        } else if !(q.w.is_finite() && q.x.is_finite() && q.y.is_finite() && q.z.is_finite()) {
            Err("orientation")
        } else if !self.linear_velocity.is_finite() {
            Err("linear velocity")
        } else if !self.angular_velocity_body.is_finite() {
            Err("angular velocity")
        } else {
            Ok(())
        }
    }

    /// Checks everything [`World::add_body`](super::World::add_body) requires and normalizes
    /// the orientation.
    pub(crate) fn validated(mut self) -> Result<Self, WorldError> {
        let norm = self.orientation.norm();
        let tolerance = T::from(ORIENTATION_TOLERANCE).unwrap_or_else(T::epsilon);
        let off_unit = (norm - T::one()).abs();
        if off_unit.is_nan() || off_unit > tolerance {
            return Err(WorldError::InvalidOrientation {
                norm: Value::of(norm),
            });
        }
        self.orientation = self.orientation / norm;
        if !self.position.is_finite() {
            return Err(WorldError::NonFinite { what: "position" });
        }
        if !self.linear_velocity.is_finite() {
            return Err(WorldError::NonFinite {
                what: "linear velocity",
            });
        }
        if !self.angular_velocity_body.is_finite() {
            return Err(WorldError::NonFinite {
                what: "angular velocity",
            });
        }
        self.shape.solid()?;
        self.material.validate()?;
        if !self.gravity_scale.is_finite() {
            return Err(WorldError::InvalidParameter {
                what: "gravity scale",
                value: Value::of(self.gravity_scale),
            });
        }
        for (what, rate) in [
            ("linear damping", self.damping.0),
            ("angular damping", self.damping.1),
        ] {
            if !(rate >= T::zero() && rate.is_finite()) {
                return Err(WorldError::InvalidParameter {
                    what,
                    value: Value::of(rate),
                });
            }
        }
        if self.is_static() && !self.kinematic {
            self.linear_velocity = Vector::zeros();
            self.angular_velocity_body = Vector::zeros();
        }
        Ok(self)
    }
}

impl<T: Float + FloatConst> RigidBody<T> {
    /// A solid box of half extents `h`: inertia `m (h_y² + h_z²)/3` and so on, shape
    /// [`Shape::Box`].
    ///
    /// # Errors
    /// [`WorldError::InvalidMass`]; [`WorldError::InvalidParameter`] for a half extent that
    /// is not finite and positive.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, Shape};
    /// use solver::xform::Vector;
    /// let b = RigidBody::cuboid(12.0, Vector([0.5, 0.5, 0.5])).unwrap();
    /// assert_eq!(b.inertia().unwrap()[(0, 0)], 2.0); // 12 · (0.25 + 0.25) / 3
    /// assert!(RigidBody::cuboid(1.0, Vector([0.5, -1.0, 0.5])).is_err());
    /// ```
    pub fn cuboid(mass: T, half_extents: Vector<T, 3>) -> Result<Self, WorldError> {
        Self::of_shape(mass, Shape::Box(half_extents))
    }

    /// A solid capsule along its body y axis (a cylinder of length `2 half_height` with
    /// two hemispherical caps), shape [`Shape::Capsule`].
    ///
    /// # Errors
    /// [`WorldError::InvalidMass`]; [`WorldError::InvalidParameter`] for a radius that is not
    /// finite and positive or a half height that is negative or not finite.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// let c = RigidBody::capsule(1.0, 0.1, 0.4).unwrap();
    /// assert!(c.inertia().unwrap()[(1, 1)] < c.inertia().unwrap()[(0, 0)]); // easy to spin about its axis
    /// assert!(RigidBody::capsule(1.0, 0.0, 0.4).is_err());
    /// ```
    pub fn capsule(mass: T, radius: T, half_height: T) -> Result<Self, WorldError> {
        Self::of_shape(mass, Shape::Capsule(radius, half_height))
    }

    /// A uniform solid of this shape and mass (inertia from the shape).
    fn of_shape(mass: T, shape: Shape<T>) -> Result<Self, WorldError> {
        if !(mass > T::zero() && mass.is_finite()) {
            return Err(WorldError::InvalidMass {
                value: Value::of(mass),
            });
        }
        let solid = shape.solid()?.ok_or(WorldError::InvalidParameter {
            what: "shape (none has no inertia)",
            value: Value(0.0),
        })?;
        let moments = solid.inertia(mass).map_err(|_| WorldError::InvalidMass {
            value: Value::of(mass),
        })?;
        let mut body = Self::new(mass, Matrix::from_diagonal(moments))?;
        body.shape = shape;
        Ok(body)
    }
}
