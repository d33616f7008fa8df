//! Joint models (RBDA Table 4.1): what each joint type contributes to a link's pose and
//! velocity. Every joint's motion subspace `S` is constant in the link's own frame, so the
//! bias `c_J = Ṡ q̇` is zero for all of them.
//!
//! | joint | `q` | `v` | `X_J(q)` | `S` |
//! |---|---|---|---|---|
//! | revolute about unit `a` | angle | rate | `rot(R(a, q)ᵀ)` | `(a, 0)` |
//! | prismatic along unit `a` | offset | rate | `xlt(a q)` | `(0, a)` |
//! | spherical | unit quaternion `(w, x, y, z)` | `ω` in the link frame | `rot(R(q)ᵀ)` | `[1; 0]` |
//! | fixed | — | — | `1` | — |
//! | free | position `p` in the parent, then a unit quaternion | `(ω, v)` in the link frame | `plx(R(q)ᵀ, p)` | `1₆` |
use num_traits::Float;
use xform::{Force, Motion, Plx, Quaternion, Rotation, Vector, rodrigues};

/// A joint between a link and its parent.
///
/// # Example
/// ```
/// use multibody::Joint;
/// use xform::Vector;
/// let j = Joint::revolute(Vector([0.0, 0.0, 2.0f64])).unwrap();
/// assert_eq!((j.nq(), j.nv()), (1, 1));
/// assert_eq!(Joint::<f64>::Free.nq(), 7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Joint<T> {
    /// Rotation by `q` about the unit axis (joint-frame coordinates).
    Revolute(Vector<T, 3>),
    /// Translation by `q` along the unit axis (joint-frame coordinates).
    Prismatic(Vector<T, 3>),
    /// Any rotation: `q` a unit quaternion `(w, x, y, z)`, `v` the angular velocity in the
    /// link frame.
    Spherical,
    /// No motion: the link is welded to its parent.
    Fixed,
    /// Six degrees of freedom (a floating base): `q = (p, quaternion)`, `v = (ω, v)` in the
    /// link frame (`v` the velocity of the link origin).
    Free,
}

impl<T: Float> Joint<T> {
    /// A revolute joint about `axis` (normalized); `None` if the axis is zero or not finite.
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// use xform::Vector;
    /// assert_eq!(Joint::revolute(Vector([0.0, 3.0, 0.0f64])), Some(Joint::Revolute(Vector([0.0, 1.0, 0.0]))));
    /// assert_eq!(Joint::revolute(Vector([0.0, 0.0, 0.0f64])), None);
    /// ```
    pub fn revolute(axis: Vector<T, 3>) -> Option<Self> {
        unit(axis).map(Self::Revolute)
    }

    /// A prismatic joint along `axis` (normalized); `None` if the axis is zero or not finite.
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// use xform::Vector;
    /// assert_eq!(Joint::prismatic(Vector([2.0, 0.0, 0.0f64])), Some(Joint::Prismatic(Vector([1.0, 0.0, 0.0]))));
    /// ```
    pub fn prismatic(axis: Vector<T, 3>) -> Option<Self> {
        unit(axis).map(Self::Prismatic)
    }

    /// Number of position coordinates.
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// assert_eq!(Joint::<f64>::Spherical.nq(), 4);
    /// ```
    pub fn nq(&self) -> usize {
        match self {
            Self::Revolute(_) | Self::Prismatic(_) => 1,
            Self::Spherical => 4,
            Self::Fixed => 0,
            Self::Free => 7,
        }
    }

    /// Number of velocity coordinates (degrees of freedom).
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// assert_eq!(Joint::<f64>::Spherical.nv(), 3);
    /// ```
    pub fn nv(&self) -> usize {
        match self {
            Self::Revolute(_) | Self::Prismatic(_) => 1,
            Self::Spherical => 3,
            Self::Fixed => 0,
            Self::Free => 6,
        }
    }

    /// The zero configuration: angle and offset 0, identity quaternions.
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// let mut q = [9.0f64; 4];
    /// Joint::Spherical.neutral(&mut q);
    /// assert_eq!(q, [1.0, 0.0, 0.0, 0.0]);
    /// ```
    pub fn neutral(&self, q: &mut [T]) {
        q.fill(T::zero());
        match self {
            Self::Spherical => q[0] = T::one(),
            Self::Free => q[3] = T::one(),
            _ => {}
        }
    }

    /// `X_J(q)`: the Plücker transform from the joint's predecessor frame to the link frame.
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// use xform::{Motion, Vector};
    /// let x = Joint::revolute(Vector([0.0, 0.0, 1.0f64])).unwrap().transform(&[core::f64::consts::FRAC_PI_2]);
    /// // The predecessor's x axis is the link's −y axis after a quarter turn.
    /// let m = x.apply_motion(&Motion::new(Vector([1.0, 0.0, 0.0]), Vector([0.0; 3])));
    /// assert!((m.angular - Vector([0.0, -1.0, 0.0])).norm() < 1e-15);
    /// ```
    pub fn transform(&self, q: &[T]) -> Plx<T> {
        match self {
            // The inverse rotation is the rotation by −q. `fpu::sin_cos` keeps an f32 tree in
            // f32 arithmetic (libm's `sincosf` works in f64: software on a Cortex-M4F).
            Self::Revolute(axis) => {
                let (s, c) = fpu::sin_cos(q[0]);
                Plx::from_rotation(Rotation::from_matrix_unchecked(
                    rodrigues::matrix_from_axis_sin_cos(axis, -s, c),
                ))
            }
            Self::Prismatic(axis) => Plx::from_translation(*axis * q[0]),
            Self::Spherical => Plx::from_rotation(quaternion_rotation(&q[0..4]).inverse()),
            Self::Fixed => Plx::identity(),
            Self::Free => Plx::new(
                quaternion_rotation(&q[3..7]).inverse(),
                Vector([q[0], q[1], q[2]]),
            ),
        }
    }

    /// Column `k` of the motion subspace `S` (link-frame coordinates).
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// use xform::{Motion, Vector};
    /// let s = Joint::prismatic(Vector([0.0, 1.0, 0.0f64])).unwrap().column(0);
    /// assert_eq!(s, Motion::new(Vector([0.0; 3]), Vector([0.0, 1.0, 0.0])));
    /// ```
    pub fn column(&self, k: usize) -> Motion<T> {
        match self {
            Self::Revolute(axis) => Motion::new(*axis, Vector::zeros()),
            Self::Prismatic(axis) => Motion::new(Vector::zeros(), *axis),
            Self::Spherical | Self::Free => {
                let mut s = [T::zero(); 6];
                s[k] = T::one();
                Motion::from_vector(&Vector(s))
            }
            Self::Fixed => Motion::zero(),
        }
    }

    /// `S v`: the link's velocity relative to its predecessor, for joint velocities `v`.
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// use xform::{Motion, Vector};
    /// let m = Joint::<f64>::Spherical.motion(&[1.0, 2.0, 3.0]);
    /// assert_eq!(m, Motion::new(Vector([1.0, 2.0, 3.0]), Vector([0.0; 3])));
    /// ```
    pub fn motion(&self, v: &[T]) -> Motion<T> {
        match self {
            Self::Revolute(axis) => Motion::new(*axis * v[0], Vector::zeros()),
            Self::Prismatic(axis) => Motion::new(Vector::zeros(), *axis * v[0]),
            Self::Spherical => Motion::new(Vector([v[0], v[1], v[2]]), Vector::zeros()),
            Self::Fixed => Motion::zero(),
            Self::Free => Motion::new(Vector([v[0], v[1], v[2]]), Vector([v[3], v[4], v[5]])),
        }
    }

    /// `Sᵀ f` into `out` (length [`Joint::nv`]): the generalized force of the spatial force `f`.
    ///
    /// # Example
    /// ```
    /// use multibody::Joint;
    /// use xform::{Force, Vector};
    /// let mut tau = [0.0f64];
    /// Joint::revolute(Vector([0.0, 0.0, 1.0f64])).unwrap().project(&Force::new(Vector([1.0, 2.0, 3.0]), Vector([4.0, 5.0, 6.0])), &mut tau);
    /// assert_eq!(tau, [3.0]); // the moment about the axis
    /// ```
    pub fn project(&self, f: &Force<T>, out: &mut [T]) {
        match self {
            Self::Revolute(axis) => out[0] = axis.dot(&f.angular),
            Self::Prismatic(axis) => out[0] = axis.dot(&f.linear),
            Self::Spherical => out[..3].copy_from_slice(&f.angular.0),
            Self::Fixed => {}
            Self::Free => out[..6].copy_from_slice(&f.to_vector().0),
        }
    }

    /// The same joint in another scalar type.
    pub(crate) fn map<U: Float>(&self, f: &impl Fn(T) -> U) -> Joint<U> {
        match self {
            Self::Revolute(a) => Joint::Revolute(a.map(f)),
            Self::Prismatic(a) => Joint::Prismatic(a.map(f)),
            Self::Spherical => Joint::Spherical,
            Self::Fixed => Joint::Fixed,
            Self::Free => Joint::Free,
        }
    }
}

/// The rotation of the unit quaternion stored `(w, x, y, z)` in `q`.
fn quaternion_rotation<T: Float>(q: &[T]) -> Rotation<T, 3> {
    Rotation::from_quaternion(&Quaternion::from_array([q[0], q[1], q[2], q[3]]))
}

/// `axis / |axis|`, if that is finite and the axis is not zero.
fn unit<T: Float>(axis: Vector<T, 3>) -> Option<Vector<T, 3>> {
    let n = axis.norm();
    (n > T::zero() && n.is_finite()).then(|| axis * n.recip())
}
