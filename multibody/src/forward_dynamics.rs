//! The articulated-body algorithm (ABA, RBDA Table 7.1): joint accelerations from joint
//! forces in O(n), three passes over the tree. Each joint's `D = Sᵀ Iᴬ S` is factored
//! `L Δ Lᵀ` (no square roots), so the rank-`k` update `Iᴬ − U D⁻¹ Uᵀ` is `k` symmetric
//! rank-one updates by the columns of `Z = U L⁻ᵀ`.
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::{ArticulatedInertia, Force, Motion, Vector};

use crate::error::check_len;
use crate::ldl::Ldl;
use crate::workspace::LinkScratch;
use crate::{Error, Joint, Tree, Workspace};

impl<T: Float, S: Storage> Tree<T, S> {
    /// Forward dynamics by ABA: the joint accelerations `a` (length [`Tree::nv`]) that joint
    /// forces `tau` produce at configuration `q` and velocity `v` under `gravity` (base
    /// coordinates). The links' drives are not included (add [`Tree::joint_forces`] to `tau`
    /// for them; [`Tree::step`] does).
    ///
    /// # Errors
    /// [`Error::Length`] for slices of the wrong length; [`Error::NonFiniteInput`] for NaN or
    /// infinity in `q`, `v`, `tau` or `gravity`; [`Error::SingularJointInertia`] if a joint
    /// moves no mass (a massless leaf, say), where the acceleration is not determined.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Matrix, Plx, Vector};
    /// // A point pendulum (2 kg, 0.5 m) released horizontally: θ̈ = g / l (a positive turn about
    /// // y takes x towards −z, downwards).
    /// let mut tree = Tree::<f64, cwlist::Fixed<1>>::new();
    /// tree.try_push(Link::new(None, Joint::revolute(Vector([0.0, 1.0, 0.0])).unwrap(), Plx::identity(),
    ///     Inertia::new(2.0, Vector([0.5, 0.0, 0.0]), Matrix::zeros()))).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// let mut a = [0.0];
    /// tree.forward_dynamics(&mut ws, &[0.0], &[0.0], &[0.0], Vector([0.0, 0.0, -9.81]), &mut a).unwrap();
    /// assert!((a[0] - 9.81 / 0.5).abs() < 1e-12);
    /// ```
    pub fn forward_dynamics(
        &self,
        ws: &mut Workspace<T, S>,
        q: &[T],
        v: &[T],
        tau: &[T],
        gravity: Vector<T, 3>,
        a: &mut [T],
    ) -> Result<(), Error> {
        self.articulated_body(ws, q, v, tau, gravity, a, false)
    }

    /// ABA with `tau`, plus each link's [`Drive`](crate::Drive) force where `driven`.
    #[allow(
        clippy::too_many_arguments,
        reason = "forward_dynamics' arguments and the drive switch"
    )]
    pub(crate) fn articulated_body(
        &self,
        ws: &mut Workspace<T, S>,
        q: &[T],
        v: &[T],
        tau: &[T],
        gravity: Vector<T, 3>,
        a: &mut [T],
        driven: bool,
    ) -> Result<(), Error> {
        self.check_inputs(ws, q, &[("v", v), ("tau", tau)])?;
        crate::kinematics::finite("gravity", &gravity.0)?;
        check_len("a", self.nv(), a.len())?;
        // Pass 1, outwards: velocities, velocity-product accelerations and bias forces.
        self.descend(ws, q, Some(v), |i, s, _| {
            let link = &self.links()[i];
            let (_, vr) = self.coordinates(i);
            s.acc = s.vel.cross_motion(&link.joint.motion(&v[vr]));
            let inertia = &link.inertia;
            s.articulated = ArticulatedInertia::from(*inertia);
            s.force = s.vel.cross_force(&inertia.apply(&s.vel));
        });
        // Pass 2, inwards: articulated inertias and bias forces.
        let scratch = ws.links.as_mut_slice();
        for i in (0..self.len()).rev() {
            let link = &self.links()[i];
            let joint = &link.joint;
            let (qr, vr) = self.coordinates(i);
            let drive = (driven && link.drive.is_active()).then_some(&link.drive);
            // The joint force on degree of freedom `r`: given, plus the drive's.
            let joint_force = |r: usize| {
                let given = tau[vr.start + r];
                drive.map_or(given, |d| given + d.force(q[qr.start], v[vr.start + r]))
            };
            let s = &mut scratch[i];
            if joint.nv() == 1 {
                // One degree of freedom (revolute, prismatic): D, Z and y are scalars and a
                // force, with no factorization.
                let column = joint.column(0);
                let u = s.articulated.apply(&column);
                let d = column.dot(&u);
                if !(d > T::zero() && d.is_finite()) {
                    return Err(Error::SingularJointInertia { link: i });
                }
                s.z[0] = u;
                s.y[0] = joint_force(0) - column.dot(&s.force);
                s.ldl.n = 1;
                s.ldl.inv_diag[0] = d.recip();
            } else {
                let mut forces = [T::zero(); 6];
                for (r, f) in forces.iter_mut().enumerate().take(vr.len()) {
                    *f = joint_force(r);
                }
                joint_factor(joint, s, &forces).ok_or(Error::SingularJointInertia { link: i })?;
            }
            if let Some(p) = link.parent {
                // Iᵃ = Iᴬ − Z Δ⁻¹ Zᵀ, pᵃ = pᴬ + Iᵃ c + Z Δ⁻¹ y, in place: pass 3 reads
                // neither `articulated` nor `force`.
                for r in 0..s.ldl.n {
                    let scale = s.ldl.inv_diag[r];
                    s.articulated.sub_scaled_outer(&s.z[r], scale);
                    s.force += s.z[r] * (s.y[r] * scale);
                }
                s.force += s.articulated.apply(&s.acc);
                let to_parent = s.up.inverse_apply_articulated(&s.articulated);
                let f = s.up.inverse_apply_force(&s.force);
                scratch[p].articulated += to_parent;
                scratch[p].force += f;
            }
        }
        // Pass 3, outwards: accelerations.
        let base = Motion::new(Vector::zeros(), -gravity);
        for i in 0..self.len() {
            let link = &self.links()[i];
            let (_, vr) = self.coordinates(i);
            let carried = match link.parent {
                Some(p) => scratch[p].acc,
                None => base,
            };
            let s = &mut scratch[i];
            let a_prime = s.up.apply_motion(&carried) + s.acc;
            let out = &mut a[vr];
            for (r, o) in out.iter_mut().enumerate() {
                *o = (s.y[r] - s.z[r].dot(&a_prime)) * s.ldl.inv_diag[r];
            }
            s.ldl.backward(out);
            s.acc = a_prime + link.joint.motion(out);
        }
        Ok(())
    }
}

/// A joint of several degrees of freedom: `U = Iᴬ S`, `D = Sᵀ U` factored `L Δ Lᵀ`,
/// `Z = U L⁻ᵀ` and `y = L⁻¹ (τ − Sᵀ pᴬ)` into the link's scratch; `None` if `D` is not
/// positive definite.
fn joint_factor<T: Float>(joint: &Joint<T>, s: &mut LinkScratch<T>, tau: &[T]) -> Option<()> {
    let k = joint.nv();
    let mut u_cols = [Force::zero(); 6];
    let mut d = [[T::zero(); 6]; 6];
    let mut u = [T::zero(); 6];
    joint.project(&s.force, &mut u[..k]);
    for (c, uc) in u_cols.iter_mut().enumerate().take(k) {
        *uc = s.articulated.apply(&joint.column(c));
    }
    for (r, row) in d.iter_mut().enumerate().take(k) {
        let sr = joint.column(r);
        for (c, uc) in u_cols.iter().enumerate().take(k) {
            row[c] = sr.dot(uc);
        }
        u[r] = tau[r] - u[r];
    }
    let ldl = Ldl::factor(&d, k)?;
    for (r, ur) in u_cols.iter().enumerate().take(k) {
        let mut zr = *ur;
        for (b, zb) in s.z.iter().enumerate().take(r) {
            zr -= *zb * ldl.l[r][b];
        }
        s.z[r] = zr;
    }
    ldl.forward(&mut u[..k]);
    s.y = u;
    s.ldl = ldl;
    Some(())
}
