//! The recursive Newton–Euler algorithm (RNEA, RBDA Table 5.1): the joint forces that give
//! a tree the accelerations `a`, `τ = M(q) a + C(q, v) v + g(q)`, in O(n).
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::{Motion, Vector};

use crate::error::check_len;
use crate::{Error, Tree, Workspace};

impl<T: Float, S: Storage> Tree<T, S> {
    /// Inverse dynamics by RNEA: the joint forces `tau` (length [`Tree::nv`]) that produce
    /// joint accelerations `a` at configuration `q` and velocity `v` under `gravity` (base
    /// coordinates, e.g. `(0, 0, −9.81)`).
    ///
    /// # Errors
    /// [`Error::Length`] for slices of the wrong length; [`Error::NonFiniteInput`] for NaN or
    /// infinity in `q`, `v`, `a` or `gravity`.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Matrix, Plx, Vector};
    /// // A 2 kg point mass on a 0.5 m massless rod, hinged about y, held horizontal (q = 0,
    /// // the rod along x): it needs m g l = 9.81 N·m about −y.
    /// let mut tree = Tree::<f64, cwlist::Fixed<1>>::new();
    /// tree.try_push(Link::new(None, Joint::revolute(Vector([0.0, 1.0, 0.0])).unwrap(), Plx::identity(),
    ///     Inertia::new(2.0, Vector([0.5, 0.0, 0.0]), Matrix::zeros()))).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// let mut tau = [0.0];
    /// tree.inverse_dynamics(&mut ws, &[0.0], &[0.0], &[0.0], Vector([0.0, 0.0, -9.81]), &mut tau).unwrap();
    /// assert!((tau[0] + 9.81).abs() < 1e-12);
    /// ```
    pub fn inverse_dynamics(
        &self,
        ws: &mut Workspace<T, S>,
        q: &[T],
        v: &[T],
        a: &[T],
        gravity: Vector<T, 3>,
        tau: &mut [T],
    ) -> Result<(), Error> {
        self.check_inputs(ws, q, &[("v", v), ("a", a)])?;
        crate::kinematics::finite("gravity", &gravity.0)?;
        check_len("tau", self.nv(), tau.len())?;
        // The base accelerates upwards at g: gravity without a force term per link.
        let base = Motion::new(Vector::zeros(), -gravity);
        self.descend(ws, q, Some(v), |i, s, parent| {
            let link = &self.links()[i];
            let (_, vr) = self.coordinates(i);
            let carried = s.up.apply_motion(&parent.map_or(base, |p| p.acc));
            let vj = link.joint.motion(&v[vr.clone()]);
            s.acc = carried + link.joint.motion(&a[vr]) + s.vel.cross_motion(&vj);
            let i = &link.inertia;
            s.force = i.apply(&s.acc) + s.vel.cross_force(&i.apply(&s.vel));
        });
        let scratch = ws.links.as_mut_slice();
        for i in (0..self.len()).rev() {
            let link = &self.links()[i];
            let (_, vr) = self.coordinates(i);
            let f = scratch[i].force;
            link.joint.project(&f, &mut tau[vr]);
            if let Some(p) = link.parent {
                let up = scratch[i].up;
                scratch[p].force += up.inverse_apply_force(&f);
            }
        }
        Ok(())
    }
}
