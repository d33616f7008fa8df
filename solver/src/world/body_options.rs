//! What a body does beyond its mass and pose: kinematic motion, collision filters and
//! sensors, forces, gravity scale and damping (the builders, accessors and the step's
//! helpers for them).
use num_traits::Float;
use xform::Vector;

use super::RigidBody;

impl<T: Float> RigidBody<T> {
    /// A kinematic body: infinite mass like [`RigidBody::fixed`] (nothing pushes it, its
    /// contacts push dynamic bodies), moved each step by the velocities it is given
    /// ([`RigidBody::with_linear_velocity`], [`World::set_linear_velocity`](super::World::set_linear_velocity)
    /// and their angular forms): a moving platform, a conveyor, a robot's driven base. It
    /// passes through static and other kinematic bodies (no contacts between them), and
    /// keeps awake what it touches while it moves.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, Shape, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let platform = RigidBody::kinematic()
    ///     .with_shape(Shape::Box(Vector([2.0, 0.1, 2.0])))
    ///     .with_linear_velocity(Vector([1.0, 0.0, 0.0]));
    /// let p = w.add_body(platform).unwrap();
    /// for _ in 0..60 {
    ///     w.step().unwrap();
    /// }
    /// assert!((w[p].position()[0] - 1.0).abs() < 1e-12); // 1 m/s for 1 s
    /// assert!(w[p].is_kinematic() && w[p].is_static());
    /// ```
    pub fn kinematic() -> Self {
        Self {
            kinematic: true,
            ..Self::fixed()
        }
    }

    /// Whether the body is kinematic ([`RigidBody::kinematic`]; it is also
    /// [static](RigidBody::is_static): infinite mass).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// assert!(RigidBody::<f64>::kinematic().is_kinematic());
    /// assert!(!RigidBody::<f64>::fixed().is_kinematic());
    /// ```
    pub fn is_kinematic(&self) -> bool {
        self.kinematic
    }

    /// A kinematic body with a velocity: it pushes, and keeps awake, what it touches.
    pub(crate) fn moves(&self) -> bool {
        self.kinematic
            && (self.linear_velocity != Vector::zeros()
                || self.angular_velocity_body != Vector::zeros())
    }

    /// Moves a kinematic body by its velocities over `h`: the centre by `v h`, the
    /// orientation by the exact exponential of `ω h` (world frame, kept constant).
    pub(crate) fn glide(&mut self, h: T) -> Result<(), rotint::Error> {
        self.position += self.linear_velocity * h;
        if self.angular_velocity_body != Vector::zeros() {
            let omega = self.orientation.rotate(&self.angular_velocity_body);
            let turned = (rotint::quat_exp(omega * h) * self.orientation)
                .try_normalize()
                .map_err(|_| rotint::Error::NonFinite)?;
            self.orientation = turned;
            self.angular_velocity_body = turned.conjugate().rotate(&omega);
        }
        Ok(())
    }

    /// With collision `groups` (bits of the groups it belongs to; group 1 by default) and
    /// `mask` (bits of the groups it collides with; all by default). Two bodies collide when
    /// each one's groups meet the other's mask; bodies always collide with planes.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut s = WorldSettings::default();
    /// s.gravity = Vector::zeros();
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(s).unwrap();
    /// // A ghost in group 2 that collides only with group 2: passes through the ball.
    /// let ghost = RigidBody::sphere(1.0, 0.5).unwrap().with_collision_filter(0b10, 0b10);
    /// let g = w.add_body(ghost.with_linear_velocity(Vector([2.0, 0.0, 0.0]))).unwrap();
    /// w.add_body(RigidBody::sphere(1.0, 0.5).unwrap().with_position(Vector([1.5, 0.0, 0.0]))).unwrap();
    /// for _ in 0..60 {
    ///     w.step().unwrap();
    /// }
    /// assert_eq!(w.contact_count(), 0);
    /// assert_eq!(w[g].linear_velocity()[0], 2.0);
    /// ```
    #[must_use]
    pub fn with_collision_filter(mut self, groups: u32, mask: u32) -> Self {
        self.filter = (groups, mask);
        self
    }

    /// The collision groups and mask ([`RigidBody::with_collision_filter`]).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// assert_eq!(RigidBody::sphere(1.0, 0.1f64).unwrap().collision_filter(), (1, u32::MAX));
    /// ```
    pub fn collision_filter(&self) -> (u32, u32) {
        self.filter
    }

    /// As a sensor (`true`): its shape's contacts are found and reported
    /// ([`World::contacts`](super::World::contacts), the contact events) but push nothing,
    /// and nothing pushes it: a trigger volume.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, Shape, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let zone = RigidBody::fixed().with_shape(Shape::Box(Vector([1.0, 0.2, 1.0]))).with_sensor(true);
    /// let z = w.add_body(zone).unwrap();
    /// let ball = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_position(Vector([0.0, 1.0, 0.0]))).unwrap();
    /// let mut entered = false;
    /// for _ in 0..60 {
    ///     w.step().unwrap();
    ///     entered |= !w.contacts_began().is_empty();
    /// }
    /// assert!(entered && w[ball].position()[1] < -0.5); // reported, fell through
    /// assert!(w[z].is_sensor());
    /// ```
    #[must_use]
    pub fn with_sensor(mut self, sensor: bool) -> Self {
        self.sensor = sensor;
        self
    }

    /// Whether the body is a sensor ([`RigidBody::with_sensor`]).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// assert!(!RigidBody::sphere(1.0, 0.1f64).unwrap().is_sensor());
    /// ```
    pub fn is_sensor(&self) -> bool {
        self.sensor
    }

    /// Whether the filters of `self` and `other` let them collide.
    pub(crate) fn collides_with(&self, other: &Self) -> bool {
        self.filter.0 & other.filter.1 != 0 && other.filter.0 & self.filter.1 != 0
    }

    /// With its gravity multiplied by `scale` (1 by default; 0 floats, −1 falls up). A scale
    /// that is not finite is refused by [`World::add_body`](super::World::add_body).
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let balloon = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap().with_gravity_scale(0.0)).unwrap();
    /// w.step().unwrap();
    /// assert_eq!(w[balloon].linear_velocity()[1], 0.0);
    /// ```
    #[must_use]
    pub fn with_gravity_scale(mut self, scale: T) -> Self {
        self.gravity_scale = scale;
        self
    }

    /// With linear and angular damping rates `c` (1/s, 0 by default): each step multiplies
    /// the free velocities by `1/(1 + Δt·c)`, which never reverses them at any `Δt`
    /// (Box2D's form). Negative or non-finite rates are refused by
    /// [`World::add_body`](super::World::add_body).
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut s = WorldSettings::default();
    /// s.gravity = Vector::zeros();
    /// s.dt = 0.1;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(s).unwrap();
    /// let b = RigidBody::sphere(1.0, 0.1).unwrap().with_linear_velocity(Vector([2.0, 0.0, 0.0]));
    /// let b = w.add_body(b.with_damping(1.0, 0.0)).unwrap();
    /// w.step().unwrap();
    /// assert!((w[b].linear_velocity()[0] - 2.0 / 1.1).abs() < 1e-15);
    /// ```
    #[must_use]
    pub fn with_damping(mut self, linear: T, angular: T) -> Self {
        self.damping = (linear, angular);
        self
    }

    /// The force accumulated for the next step (world frame, N), which that step applies at
    /// the centre of mass and then clears ([`World::apply_force`](super::World::apply_force)).
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// w.apply_force(b, Vector([3.0, 0.0, 0.0])).unwrap();
    /// assert_eq!(w[b].force(), Vector([3.0, 0.0, 0.0]));
    /// w.step().unwrap();
    /// assert_eq!(w[b].force(), Vector::zeros());
    /// ```
    pub fn force(&self) -> Vector<T, 3> {
        self.force
    }

    /// The torque accumulated for the next step (world frame, N·m), applied and cleared by it.
    ///
    /// # Example
    /// ```
    /// use solver::world::{RigidBody, World, WorldSettings};
    /// use solver::xform::Vector;
    /// let mut w = World::<f64, solver::cwlist::Growable>::new(WorldSettings::default()).unwrap();
    /// let b = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    /// w.apply_torque(b, Vector([0.0, 0.0, 1.0])).unwrap();
    /// assert_eq!(w[b].torque(), Vector([0.0, 0.0, 1.0]));
    /// ```
    pub fn torque(&self) -> Vector<T, 3> {
        self.torque
    }

    /// The factor on the world's gravity for this body.
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// assert_eq!(RigidBody::sphere(1.0, 0.1f64).unwrap().gravity_scale(), 1.0);
    /// ```
    pub fn gravity_scale(&self) -> T {
        self.gravity_scale
    }

    /// The linear and angular damping rates (1/s).
    ///
    /// # Example
    /// ```
    /// use solver::world::RigidBody;
    /// let b = RigidBody::sphere(1.0, 0.1f64).unwrap().with_damping(0.5, 0.25);
    /// assert_eq!(b.damping(), (0.5, 0.25));
    /// ```
    pub fn damping(&self) -> (T, T) {
        self.damping
    }

    /// The body's free acceleration: gravity times its scale plus its force over its mass
    /// (zero for a static body).
    pub(crate) fn acceleration(&self, gravity: Vector<T, 3>) -> Vector<T, 3> {
        if self.is_static() {
            return Vector::zeros();
        }
        gravity * self.gravity_scale + self.force * self.inv_mass
    }
}
