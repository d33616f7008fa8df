//! The composite-rigid-body algorithm (CRBA, RBDA Table 6.2): the joint-space mass matrix
//! `M(q)`, symmetric positive definite, from each subtree's composite inertia.
use cwlist::{Buffer, Storage};
use num_traits::Float;

use crate::error::check_len;
use crate::{Error, Tree, Workspace};

impl<T: Float, S: Storage> Tree<T, S> {
    /// The mass matrix `M(q)` by CRBA into `m` (row-major, [`Tree::nv`]² entries): the
    /// kinetic energy is `½ vᵀ M v`.
    ///
    /// # Errors
    /// [`Error::Length`] for `q`, `m` or a workspace of the wrong size;
    /// [`Error::NonFiniteInput`] for NaN or infinity in `q`.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Matrix, Plx, Vector};
    /// // A point mass of 2 kg at 0.5 m from a hinge: M = m l² = 0.5.
    /// let mut tree = Tree::<f64, cwlist::Fixed<1>>::new();
    /// tree.try_push(Link::new(None, Joint::revolute(Vector([0.0, 1.0, 0.0])).unwrap(), Plx::identity(),
    ///     Inertia::new(2.0, Vector([0.5, 0.0, 0.0]), Matrix::zeros()))).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// let mut m = [0.0];
    /// tree.mass_matrix(&mut ws, &[0.3], &mut m).unwrap();
    /// assert!((m[0] - 0.5).abs() < 1e-15);
    /// ```
    pub fn mass_matrix(&self, ws: &mut Workspace<T, S>, q: &[T], m: &mut [T]) -> Result<(), Error> {
        self.check_inputs(ws, q, &[])?;
        let nv = self.nv();
        check_len("mass matrix", nv * nv, m.len())?;
        self.descend(ws, q, None, |i, s, _| s.composite = self.links()[i].inertia);
        let scratch = ws.links.as_mut_slice();
        for i in (0..self.len()).rev() {
            if let Some(p) = self.links()[i].parent {
                let add = scratch[i].up.inverse_apply_inertia(&scratch[i].composite);
                scratch[p].composite += add;
            }
        }
        m.fill(T::zero());
        for (i, link) in self.links().iter().enumerate() {
            let (_, vi) = self.coordinates(i);
            for (a, row) in vi.clone().enumerate() {
                // The force that moves subtree i with unit velocity of this degree of freedom,
                // carried inwards joint by joint.
                let mut f = scratch[i].composite.apply(&link.joint.column(a));
                let mut j = i;
                loop {
                    let (_, vj) = self.coordinates(j);
                    let joint = &self.links()[j].joint;
                    for (c, col) in vj.enumerate() {
                        let h = joint.column(c).dot(&f);
                        m[row * nv + col] = h;
                        m[col * nv + row] = h;
                    }
                    match self.links()[j].parent {
                        Some(p) => {
                            f = scratch[j].up.inverse_apply_force(&f);
                            j = p;
                        }
                        None => break,
                    }
                }
            }
        }
        Ok(())
    }
}
