//! Mass properties: the diagonal body-frame inertia of each solid shape for a given mass
//! (uniform density).
use num_traits::{Float, FloatConst};
use xform::Vector;

use super::capsule::Capsule;
use super::cuboid::Cuboid;
use super::error::{ShapeError, check_positive};
use super::sphere::Sphere;

fn constant<T: Float>(x: f64) -> T {
    T::from(x).unwrap_or_else(T::nan)
}

impl<T: Float> Sphere<T> {
    /// Principal moments of a solid sphere of this `mass`: `(2/5) m r²` about every axis.
    ///
    /// # Errors
    /// [`ShapeError::InvalidParameter`] naming `mass` unless it is finite and `> 0`.
    ///
    /// ```
    /// use solver::geometry::Sphere;
    /// let i = Sphere::new(0.5f64)?.inertia(2.0)?;
    /// assert!((i[0] - 0.2).abs() < 1e-15 && i[0] == i[1] && i[1] == i[2]);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    pub fn inertia(&self, mass: T) -> Result<Vector<T, 3>, ShapeError> {
        check_positive("sphere", "mass", mass)?;
        let r = self.radius();
        Ok(Vector::splat(constant::<T>(0.4) * mass * r * r))
    }
}

impl<T: Float> Cuboid<T> {
    /// Principal moments of a solid box of this `mass` with half extents `(a, b, c)`:
    /// `m(b² + c²)/3`, `m(a² + c²)/3`, `m(a² + b²)/3` (the familiar `m(w² + d²)/12` with
    /// full widths).
    ///
    /// # Errors
    /// [`ShapeError::InvalidParameter`] naming `mass` unless it is finite and `> 0`.
    ///
    /// ```
    /// use solver::geometry::Cuboid;
    /// use solver::xform::Vector;
    /// let i = Cuboid::new(Vector([1.0, 2.0, 3.0]))?.inertia(3.0)?;
    /// assert_eq!(i, Vector([13.0, 10.0, 5.0]));
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    pub fn inertia(&self, mass: T) -> Result<Vector<T, 3>, ShapeError> {
        check_positive("cuboid", "mass", mass)?;
        let h = self.half_extents();
        let (a2, b2, c2) = (h[0] * h[0], h[1] * h[1], h[2] * h[2]);
        let third = mass / constant::<T>(3.0);
        Ok(Vector([
            third * (b2 + c2),
            third * (a2 + c2),
            third * (a2 + b2),
        ]))
    }
}

impl<T: Float + FloatConst> Capsule<T> {
    /// Principal moments of a solid capsule of this `mass` (axis y, radius `r`, cylinder
    /// length `H = 2·half_height`), the mass split by volume between the cylinder
    /// (`m_c ∝ π r² H`) and the two hemispherical caps together (`m_s ∝ 4/3 π r³`):
    ///
    /// ```text
    /// I_y = m_c r²/2 + m_s · 2r²/5
    /// I_x = I_z = m_c (r²/4 + H²/12) + m_s (2r²/5 + H²/4 + 3Hr/8)
    /// ```
    ///
    /// The caps' term is each hemisphere's moment about its own centre of mass
    /// (`(2/5 − 9/64) m r²`, the centre `3r/8` from its flat face), shifted by the parallel
    /// axis theorem to the distance `H/2 + 3r/8` from the capsule's centre.
    ///
    /// # Errors
    /// [`ShapeError::InvalidParameter`] naming `mass` unless it is finite and `> 0`.
    ///
    /// ```
    /// use solver::geometry::{Capsule, Sphere};
    /// // Zero half height: a sphere.
    /// let c = Capsule::new(0.5, 0.0)?.inertia(2.0)?;
    /// let s = Sphere::new(0.5)?.inertia(2.0)?;
    /// assert!((c - s).norm() < 1e-15);
    /// # Ok::<(), solver::geometry::ShapeError>(())
    /// ```
    pub fn inertia(&self, mass: T) -> Result<Vector<T, 3>, ShapeError> {
        check_positive("capsule", "mass", mass)?;
        let r = self.radius();
        let length = self.half_height() + self.half_height();
        let cylinder = T::PI() * r * r * length;
        let caps = constant::<T>(4.0 / 3.0) * T::PI() * r * r * r;
        let m_c = mass * cylinder / (cylinder + caps);
        let m_s = mass * caps / (cylinder + caps);
        let r2 = r * r;
        let two_fifths = constant::<T>(0.4);
        let axial = m_c * r2 / constant(2.0) + m_s * two_fifths * r2;
        let across = m_c * (r2 / constant(4.0) + length * length / constant(12.0))
            + m_s
                * (two_fifths * r2
                    + length * length / constant(4.0)
                    + constant::<T>(3.0 / 8.0) * length * r);
        Ok(Vector([across, axial, across]))
    }
}
