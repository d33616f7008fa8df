//! Euler angles: the 12 axis sequences (6 Tait–Bryan, 6 proper Euler), intrinsic and
//! extrinsic, to and from rotation matrices and quaternions, and the rates: the matrices
//! that map angle rates to the body-frame and world-frame angular velocity, their inverses
//! (an error at gimbal lock, carrying the distance to it), following "Rotations, sequential
//! rotations and the rates of sequential rotations" (the articles' kinematics notes).
//!
//! Conventions: rotations are active and right-handed; an **intrinsic** sequence `i-j-k`
//! with angles `(a, b, c)` rotates about the body's `i` axis, then the new `j` axis, then the
//! newest `k` axis: `R = Rᵢ(a) Rⱼ(b) Rₖ(c)`. An **extrinsic** sequence rotates about the fixed
//! axes `i`, `j`, `k` in that order: `R = Rₖ(c) Rⱼ(b) Rᵢ(a)`, the intrinsic `k-j-i` sequence
//! with the angles reversed. Ranges returned by the conversions from a matrix: `a, c` in
//! `(−π, π]`; `b` in `[−π/2, π/2]` (Tait–Bryan) or `[0, π]` (proper Euler).
//!
//! Gimbal lock: at `cos b = 0` (Tait–Bryan) or `sin b = 0` (proper Euler) the first and last
//! axes line up and only `a ± c` is defined; [`EulerAngles::from_matrix`] then returns
//! `c = 0` with the whole turn in `a`, and the rate inverses return [`GimbalLock`].
use core::fmt;

use num_traits::Float;

use crate::{Matrix, Quaternion, Vector};

/// The axes of an Euler-angle sequence, first to last.
///
/// # Example
/// ```
/// use xform::euler::Sequence;
/// assert_eq!(Sequence::ALL.len(), 12);
/// assert_eq!(Sequence::ALL.iter().filter(|s| s.is_proper()).count(), 6);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sequence {
    /// Tait–Bryan x-y-z.
    XYZ,
    /// Tait–Bryan x-z-y.
    XZY,
    /// Tait–Bryan y-x-z.
    YXZ,
    /// Tait–Bryan y-z-x.
    YZX,
    /// Tait–Bryan z-x-y.
    ZXY,
    /// Tait–Bryan z-y-x (yaw, pitch, roll of aerospace, intrinsic).
    ZYX,
    /// Proper Euler x-y-x.
    XYX,
    /// Proper Euler x-z-x.
    XZX,
    /// Proper Euler y-x-y.
    YXY,
    /// Proper Euler y-z-y.
    YZY,
    /// Proper Euler z-x-z (the classical one).
    ZXZ,
    /// Proper Euler z-y-z.
    ZYZ,
}

impl Sequence {
    /// Every sequence, Tait–Bryan first.
    pub const ALL: [Sequence; 12] = [
        Sequence::XYZ,
        Sequence::XZY,
        Sequence::YXZ,
        Sequence::YZX,
        Sequence::ZXY,
        Sequence::ZYX,
        Sequence::XYX,
        Sequence::XZX,
        Sequence::YXY,
        Sequence::YZY,
        Sequence::ZXZ,
        Sequence::ZYZ,
    ];

    /// The axis indices (0 = x, 1 = y, 2 = z), first to last.
    ///
    /// # Example
    /// ```
    /// use xform::euler::Sequence;
    /// assert_eq!(Sequence::ZYX.axes(), [2, 1, 0]);
    /// ```
    #[must_use]
    pub const fn axes(self) -> [usize; 3] {
        match self {
            Sequence::XYZ => [0, 1, 2],
            Sequence::XZY => [0, 2, 1],
            Sequence::YXZ => [1, 0, 2],
            Sequence::YZX => [1, 2, 0],
            Sequence::ZXY => [2, 0, 1],
            Sequence::ZYX => [2, 1, 0],
            Sequence::XYX => [0, 1, 0],
            Sequence::XZX => [0, 2, 0],
            Sequence::YXY => [1, 0, 1],
            Sequence::YZY => [1, 2, 1],
            Sequence::ZXZ => [2, 0, 2],
            Sequence::ZYZ => [2, 1, 2],
        }
    }

    /// Whether the first and last axes are the same (proper Euler) rather than all three
    /// different (Tait–Bryan).
    ///
    /// # Example
    /// ```
    /// use xform::euler::Sequence;
    /// assert!(Sequence::ZXZ.is_proper() && !Sequence::XYZ.is_proper());
    /// ```
    #[must_use]
    pub const fn is_proper(self) -> bool {
        let a = self.axes();
        a[0] == a[2]
    }

    /// The same axes in reverse order (an extrinsic sequence's intrinsic twin).
    ///
    /// # Example
    /// ```
    /// use xform::euler::Sequence;
    /// assert_eq!(Sequence::XYZ.reversed(), Sequence::ZYX);
    /// assert_eq!(Sequence::ZXZ.reversed(), Sequence::ZXZ);
    /// ```
    #[must_use]
    pub const fn reversed(self) -> Sequence {
        match self {
            Sequence::XYZ => Sequence::ZYX,
            Sequence::XZY => Sequence::YZX,
            Sequence::YXZ => Sequence::ZXY,
            Sequence::YZX => Sequence::XZY,
            Sequence::ZXY => Sequence::YXZ,
            Sequence::ZYX => Sequence::XYZ,
            proper => proper,
        }
    }
}

/// Whether the rotations are about the moving body axes or the fixed world axes.
///
/// # Example
/// ```
/// use xform::euler::{EulerAngles, Frame, Sequence};
/// let e = EulerAngles::new([0.1f64, 0.2, 0.3], Sequence::XYZ, Frame::Extrinsic);
/// let i = EulerAngles::new([0.3f64, 0.2, 0.1], Sequence::ZYX, Frame::Intrinsic);
/// assert!((e.to_matrix() - i.to_matrix()).amax() < 1e-15);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Frame {
    /// About the body's axes as they turn: `R = Rᵢ(a) Rⱼ(b) Rₖ(c)`.
    Intrinsic,
    /// About the fixed axes: `R = Rₖ(c) Rⱼ(b) Rᵢ(a)`.
    Extrinsic,
}

/// An angle-rate inverse asked at (or within round-off of) gimbal lock: the rate matrix is
/// singular. `distance` is `|cos b|` (Tait–Bryan) or `|sin b|` (proper Euler), 0 at the lock.
///
/// # Example
/// ```
/// use xform::euler::{EulerAngles, Frame, Sequence};
/// use xform::Vector;
/// let lock = EulerAngles::new([0.0, core::f64::consts::FRAC_PI_2, 0.0], Sequence::XYZ, Frame::Intrinsic);
/// let err = lock.rates_from_body_omega(&Vector([1.0, 0.0, 0.0])).unwrap_err();
/// assert!(err.distance < 1e-15);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct GimbalLock<T> {
    /// How far the configuration is from the lock (`|cos b|` or `|sin b|`).
    pub distance: T,
}

impl<T: fmt::Display> fmt::Display for GimbalLock<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "gimbal lock: the first and last axes are aligned (distance {}), the angle rates \
             are not defined by the angular velocity",
            self.distance
        )
    }
}

impl<T: fmt::Debug + fmt::Display> core::error::Error for GimbalLock<T> {}

/// Three angles about a [`Sequence`] of axes, intrinsic or extrinsic.
///
/// # Example
/// ```
/// use xform::euler::{EulerAngles, Frame, Sequence};
/// use xform::Vector;
/// // Yaw 90° about z, then pitch 0, roll 0 (intrinsic z-y-x): x turns into y.
/// let e = EulerAngles::new([core::f64::consts::FRAC_PI_2, 0.0, 0.0], Sequence::ZYX, Frame::Intrinsic);
/// let x = e.to_matrix() * Vector([1.0, 0.0, 0.0]);
/// assert!((x - Vector([0.0, 1.0, 0.0])).norm() < 1e-15);
/// let back = EulerAngles::from_matrix(&e.to_matrix(), Sequence::ZYX, Frame::Intrinsic);
/// assert!((back.angles[0] - core::f64::consts::FRAC_PI_2).abs() < 1e-15);
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct EulerAngles<T> {
    /// The angles (radians), in the order the rotations are applied.
    pub angles: [T; 3],
    /// The axes.
    pub sequence: Sequence,
    /// Body (intrinsic) or fixed (extrinsic) axes.
    pub frame: Frame,
}

/// `Rᵢ(angle)`, the elementary rotation about axis `i`.
fn elementary<T: Float>(i: usize, angle: T) -> Matrix<T, 3, 3> {
    let (s, c) = angle.sin_cos();
    let (j, k) = ((i + 1) % 3, (i + 2) % 3);
    let mut m = Matrix::identity();
    m.0[j][j] = c;
    m.0[k][k] = c;
    m.0[j][k] = -s;
    m.0[k][j] = s;
    m
}

/// The sign of the permutation `(i, j, k)` of `(0, 1, 2)`: +1 if cyclic.
fn parity<T: Float>(i: usize, j: usize) -> T {
    if (i + 1) % 3 == j {
        T::one()
    } else {
        -T::one()
    }
}

/// The third axis, different from `i` and `j`.
fn other(i: usize, j: usize) -> usize {
    3 - i - j
}

/// Unit vector along axis `i`.
fn unit<T: Float>(i: usize) -> Vector<T, 3> {
    Vector::unit(i)
}

impl<T: Float> EulerAngles<T> {
    /// Angles about `sequence` in `frame`.
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// let e = EulerAngles::new([0.1, 0.2, 0.3], Sequence::XYZ, Frame::Extrinsic);
    /// assert_eq!(e.angles, [0.1, 0.2, 0.3]);
    /// ```
    #[must_use]
    pub fn new(angles: [T; 3], sequence: Sequence, frame: Frame) -> Self {
        Self {
            angles,
            sequence,
            frame,
        }
    }

    /// The intrinsic twin: the same rotation as intrinsic axes and angles.
    fn intrinsic(&self) -> ([usize; 3], [T; 3]) {
        match self.frame {
            Frame::Intrinsic => (self.sequence.axes(), self.angles),
            Frame::Extrinsic => {
                let [a, b, c] = self.angles;
                (self.sequence.reversed().axes(), [c, b, a])
            }
        }
    }

    /// The rotation matrix.
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// // Extrinsic x-y-z with (a, b, c) is intrinsic z-y-x with (c, b, a).
    /// let ext = EulerAngles::new([0.1f64, 0.2, 0.3], Sequence::XYZ, Frame::Extrinsic).to_matrix();
    /// let int = EulerAngles::new([0.3, 0.2, 0.1], Sequence::ZYX, Frame::Intrinsic).to_matrix();
    /// assert!((ext - int).0.iter().flatten().all(|d| d.abs() < 1e-15));
    /// ```
    #[must_use]
    pub fn to_matrix(&self) -> Matrix<T, 3, 3> {
        let ([i, j, k], [a, b, c]) = self.intrinsic();
        elementary(i, a) * elementary(j, b) * elementary(k, c)
    }

    /// The unit quaternion (the product of the three elementary quaternions).
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// let e = EulerAngles::new([0.4f64, -0.3, 1.2], Sequence::ZXZ, Frame::Intrinsic);
    /// let q = e.to_quaternion();
    /// let d = q.to_matrix() - e.to_matrix();
    /// assert!(d.0.iter().flatten().all(|x| x.abs() < 1e-15));
    /// ```
    #[must_use]
    pub fn to_quaternion(&self) -> Quaternion<T> {
        let ([i, j, k], [a, b, c]) = self.intrinsic();
        let q = |axis: usize, angle: T| Quaternion::from_axis_angle(&unit(axis), angle);
        q(i, a) * q(j, b) * q(k, c)
    }

    /// The angles of rotation matrix `m` about `sequence` in `frame` (ranges in the module
    /// docs; at gimbal lock `c = 0`, or `a = 0` for an extrinsic sequence, whose angles are
    /// the intrinsic twin's reversed). A matrix with a NaN or infinite entry gives NaN angles.
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// let e = EulerAngles::new([0.3f64, 1.1, -2.0], Sequence::YXZ, Frame::Intrinsic);
    /// let back = EulerAngles::from_matrix(&e.to_matrix(), Sequence::YXZ, Frame::Intrinsic);
    /// assert!(back.angles.iter().zip(e.angles).all(|(x, y)| (x - y).abs() < 1e-14));
    /// // At gimbal lock (pitch ±90°) only a − c is defined: c comes back 0.
    /// let lock = EulerAngles::new([0.5, core::f64::consts::FRAC_PI_2, 0.2], Sequence::XYZ, Frame::Intrinsic);
    /// let back = EulerAngles::from_matrix(&lock.to_matrix(), Sequence::XYZ, Frame::Intrinsic);
    /// assert_eq!(back.angles[2], 0.0);
    /// assert!((back.to_matrix() - lock.to_matrix()).0.iter().flatten().all(|d| d.abs() < 1e-14));
    /// ```
    #[must_use]
    pub fn from_matrix(m: &Matrix<T, 3, 3>, sequence: Sequence, frame: Frame) -> Self {
        if m.0.iter().flatten().any(|x| !x.is_finite()) {
            return Self::new([T::nan(); 3], sequence, frame);
        }
        let axes = match frame {
            Frame::Intrinsic => sequence.axes(),
            Frame::Extrinsic => sequence.reversed().axes(),
        };
        let [a, b, c] = intrinsic_angles(&m.0, axes);
        let angles = match frame {
            Frame::Intrinsic => [a, b, c],
            Frame::Extrinsic => [c, b, a],
        };
        Self::new(angles, sequence, frame)
    }

    /// The angles of unit quaternion `q` (normalized first; the zero or a non-finite
    /// quaternion gives NaN angles).
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// use xform::{Quaternion, Vector};
    /// let q = Quaternion::from_axis_angle(&Vector([0.0, 0.0, 1.0]), 0.7f64);
    /// let e = EulerAngles::from_quaternion(&q, Sequence::ZYX, Frame::Intrinsic);
    /// assert!((e.angles[0] - 0.7).abs() < 1e-15 && e.angles[1].abs() < 1e-15);
    /// ```
    #[must_use]
    pub fn from_quaternion(q: &Quaternion<T>, sequence: Sequence, frame: Frame) -> Self {
        match q.try_normalize() {
            Ok(u) => Self::from_matrix(&u.to_matrix(), sequence, frame),
            Err(_) => Self::new([T::nan(); 3], sequence, frame),
        }
    }

    /// How far from gimbal lock: `|cos b|` (Tait–Bryan) or `|sin b|` (proper Euler), 1 at
    /// the farthest and 0 at the lock.
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// let e = EulerAngles::new([0.0, core::f64::consts::FRAC_PI_2, 0.0], Sequence::ZYX, Frame::Intrinsic);
    /// assert!(e.gimbal_distance() < 1e-15);
    /// ```
    #[must_use]
    pub fn gimbal_distance(&self) -> T {
        let b = self.angles[1];
        if self.sequence.is_proper() {
            b.sin().abs()
        } else {
            b.cos().abs()
        }
    }

    /// The matrix `E` with `ω_body = E · (ȧ₁, ȧ₂, ȧ₃)`: the angular velocity in the body frame
    /// from the rates of the angles, in the angles' order.
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// use xform::Vector;
    /// // Intrinsic x-y-z at zero angles: each rate spins about its own axis.
    /// let e = EulerAngles::new([0.0; 3], Sequence::XYZ, Frame::Intrinsic);
    /// assert_eq!(e.body_rate_matrix() * Vector([1.0, 2.0, 3.0]), Vector([1.0, 2.0, 3.0]));
    /// ```
    #[must_use]
    pub fn body_rate_matrix(&self) -> Matrix<T, 3, 3> {
        let ([i, j, k], [_, b, c]) = self.intrinsic();
        // ω_body = Rₖᵀ Rⱼᵀ eᵢ ȧ + Rₖᵀ eⱼ ḃ + eₖ ċ (intrinsic order).
        let rk = elementary(k, c).transpose();
        let cols = [
            rk * (elementary(j, b).transpose() * unit(i)),
            rk * unit(j),
            unit(k),
        ];
        self.in_angle_order(cols)
    }

    /// The matrix `E` with `ω_world = E · (ȧ₁, ȧ₂, ȧ₃)`: the angular velocity in the world
    /// frame from the rates of the angles, in the angles' order.
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// use xform::Vector;
    /// // Extrinsic rates are about the fixed axes at zero angles, too.
    /// let e = EulerAngles::new([0.0; 3], Sequence::ZYX, Frame::Extrinsic);
    /// assert_eq!(e.world_rate_matrix() * Vector([1.0, 0.0, 0.0]), Vector([0.0, 0.0, 1.0]));
    /// ```
    #[must_use]
    pub fn world_rate_matrix(&self) -> Matrix<T, 3, 3> {
        let ([i, j, k], [a, b, _]) = self.intrinsic();
        // ω_world = eᵢ ȧ + Rᵢ eⱼ ḃ + Rᵢ Rⱼ eₖ ċ (intrinsic order).
        let ri = elementary(i, a);
        let cols = [unit(i), ri * unit(j), ri * (elementary(j, b) * unit(k))];
        self.in_angle_order(cols)
    }

    /// Columns given in the intrinsic twin's order, as a matrix in this sequence's order.
    fn in_angle_order(&self, cols: [Vector<T, 3>; 3]) -> Matrix<T, 3, 3> {
        let cols = match self.frame {
            Frame::Intrinsic => cols,
            Frame::Extrinsic => [cols[2], cols[1], cols[0]],
        };
        Matrix::from_rows(cols).transpose()
    }

    /// The angle rates from the body-frame angular velocity: `E⁻¹ ω_body`.
    ///
    /// # Errors
    /// [`GimbalLock`] when the distance to the lock ([`EulerAngles::gimbal_distance`]) is
    /// below `√ε` (the rates grow as its inverse) or not finite.
    ///
    /// A NaN or infinite angle that the lock test does not read gives NaN rates (never a
    /// panic or a plausible value).
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// use xform::Vector;
    /// let e = EulerAngles::new([0.2, 0.4, -0.1], Sequence::ZXZ, Frame::Intrinsic);
    /// let rates = Vector([0.3, -0.5, 1.0]);
    /// let back = e.rates_from_body_omega(&(e.body_rate_matrix() * rates)).unwrap();
    /// assert!((back - rates).norm() < 1e-13);
    /// let lock = EulerAngles::new([0.2, 0.0, -0.1], Sequence::ZXZ, Frame::Intrinsic);
    /// assert!(lock.rates_from_body_omega(&Vector([0.0, 0.0, 1.0])).is_err());
    /// ```
    pub fn rates_from_body_omega(
        &self,
        omega: &Vector<T, 3>,
    ) -> Result<Vector<T, 3>, GimbalLock<T>> {
        self.check_lock()?;
        Ok(solve_rates(&self.body_rate_matrix(), omega))
    }

    /// The angle rates from the world-frame angular velocity: `E⁻¹ ω_world`.
    ///
    /// # Errors
    /// [`GimbalLock`] as [`EulerAngles::rates_from_body_omega`].
    ///
    /// # Example
    /// ```
    /// use xform::euler::{EulerAngles, Frame, Sequence};
    /// use xform::Vector;
    /// let e = EulerAngles::new([0.2, 0.4, -0.1], Sequence::XYZ, Frame::Extrinsic);
    /// let rates = Vector([0.3, -0.5, 1.0]);
    /// let back = e.rates_from_world_omega(&(e.world_rate_matrix() * rates)).unwrap();
    /// assert!((back - rates).norm() < 1e-13);
    /// ```
    pub fn rates_from_world_omega(
        &self,
        omega: &Vector<T, 3>,
    ) -> Result<Vector<T, 3>, GimbalLock<T>> {
        self.check_lock()?;
        Ok(solve_rates(&self.world_rate_matrix(), omega))
    }

    fn check_lock(&self) -> Result<(), GimbalLock<T>> {
        let distance = self.gimbal_distance();
        if distance.is_finite() && distance >= fpu::sqrt(T::epsilon()) {
            Ok(())
        } else {
            Err(GimbalLock { distance })
        }
    }
}

/// The intrinsic angles `(a, b, c)` of `m` about axes `[i, j, k]`.
fn intrinsic_angles<T: Float>(r: &[[T; 3]; 3], [i, j, k]: [usize; 3]) -> [T; 3] {
    let eps = T::epsilon();
    if i == k {
        // Proper Euler: R = Rᵢ(a) Rⱼ(b) Rᵢ(c), m the third axis, s the parity of (i, j, m).
        let m = other(i, j);
        let s: T = parity(i, j);
        let sin_b = fpu::sqrt(r[i][j] * r[i][j] + r[i][m] * r[i][m]);
        let b = sin_b.atan2(r[i][i]);
        if sin_b <= eps * T::from(4).unwrap_or_else(T::one) {
            // Lock: column j of Rᵢ(a)Rⱼ(b) is Rᵢ(a)eⱼ = cos a eⱼ + s sin a eₘ.
            let a = (s * r[m][j]).atan2(r[j][j]);
            return [a, b, T::zero()];
        }
        let a = r[j][i].atan2(-s * r[m][i]);
        let c = r[i][j].atan2(s * r[i][m]);
        [a, b, c]
    } else {
        // Tait–Bryan: R = Rᵢ(a) Rⱼ(b) Rₖ(c), s the parity of (i, j, k); R[i][k] = s sin b.
        let s: T = parity(i, j);
        let cos_b = fpu::sqrt(r[i][i] * r[i][i] + r[i][j] * r[i][j]);
        let b = (s * r[i][k]).atan2(cos_b);
        if cos_b <= eps * T::from(4).unwrap_or_else(T::one) {
            // Lock: column j of Rᵢ(a)Rⱼ(b) is Rᵢ(a)eⱼ = cos a eⱼ + s sin a eₖ.
            let a = (s * r[k][j]).atan2(r[j][j]);
            return [a, b, T::zero()];
        }
        let a = (-s * r[j][k]).atan2(r[k][k]);
        let c = (-s * r[i][j]).atan2(r[i][i]);
        [a, b, c]
    }
}

/// `m⁻¹ ω`, NaN when `m` has no finite inverse (a NaN or infinite angle; the lock itself is
/// caught before).
fn solve_rates<T: Float>(m: &Matrix<T, 3, 3>, omega: &Vector<T, 3>) -> Vector<T, 3> {
    m.try_inverse()
        .map_or_else(|_| Vector([T::nan(); 3]), |inv| inv * *omega)
}
