//! Forward kinematics: each link's transform from its parent and from the base, its
//! velocity, its Jacobian, and the tree's energy.
use cwlist::Storage;
use num_traits::Float;
use xform::{Motion, Plx, Vector};

use crate::error::check_len;
use crate::{Error, Tree, Workspace};

impl<T: Float, S: Storage> Tree<T, S> {
    /// The checks every algorithm makes: workspace size, slice lengths, finite inputs.
    pub(crate) fn check_inputs(
        &self,
        ws: &Workspace<T, S>,
        q: &[T],
        rest: &[(&'static str, &[T])],
    ) -> Result<(), Error> {
        ws.check(self.len())?;
        check_len("q", self.nq(), q.len())?;
        finite("q", q)?;
        for &(what, x) in rest {
            check_len(what, self.nv(), x.len())?;
            finite(what, x)?;
        }
        Ok(())
    }

    /// Fills every link's transforms (and, given `v`, velocities) from the base outwards;
    /// `visit(i, scratch, parent scratch)` runs after each link is placed.
    pub(crate) fn descend(
        &self,
        ws: &mut Workspace<T, S>,
        q: &[T],
        v: Option<&[T]>,
        mut visit: impl FnMut(
            usize,
            &mut crate::workspace::LinkScratch<T>,
            Option<&crate::workspace::LinkScratch<T>>,
        ),
    ) {
        use cwlist::Buffer;
        let scratch = ws.links.as_mut_slice();
        for (i, link) in self.links().iter().enumerate() {
            let (qr, vr) = self.coordinates(i);
            let up = link.joint.transform(&q[qr]).compose(&link.placement);
            let (before, rest) = scratch.split_at_mut(i);
            let s = &mut rest[0];
            let parent = link.parent.map(|p| &before[p]);
            s.up = up;
            s.from_base = match parent {
                Some(p) => up.compose(&p.from_base),
                None => up,
            };
            if let Some(v) = v {
                let carried = parent.map_or_else(Motion::zero, |p| up.apply_motion(&p.vel));
                s.vel = carried + link.joint.motion(&v[vr]);
            }
            visit(i, s, parent);
        }
    }

    /// Every link's pose for configuration `q`, into the workspace
    /// ([`Workspace::from_base`], [`Workspace::position`]).
    ///
    /// # Errors
    /// [`Error::Length`] for a `q` or workspace of the wrong size; [`Error::NonFiniteInput`]
    /// for NaN or infinity in `q`.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Plx, Vector};
    /// // Two hinges about z, 1 m apart: at q = (90°, 0) the second link's origin is at (0, 1, 0).
    /// let z = Joint::revolute(Vector([0.0, 0.0, 1.0f64])).unwrap();
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, z, Plx::identity(), Inertia::zero())).unwrap();
    /// tree.try_push(Link::new(Some(0), z, Plx::from_translation(Vector([1.0, 0.0, 0.0])), Inertia::zero())).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// tree.forward_kinematics(&mut ws, &[core::f64::consts::FRAC_PI_2, 0.0]).unwrap();
    /// assert!((ws.position(1) - Vector([0.0, 1.0, 0.0])).norm() < 1e-15);
    /// ```
    pub fn forward_kinematics(&self, ws: &mut Workspace<T, S>, q: &[T]) -> Result<(), Error> {
        self.check_inputs(ws, q, &[])?;
        self.descend(ws, q, None, |_, _, _| {});
        Ok(())
    }

    /// Every link's pose and spatial velocity (link frame, [`Workspace::velocity`]).
    ///
    /// # Errors
    /// As [`Tree::forward_kinematics`], for `q` and `v`.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Plx, Vector};
    /// let z = Joint::revolute(Vector([0.0, 0.0, 1.0f64])).unwrap();
    /// let mut tree = Tree::<f64, cwlist::Fixed<1>>::new();
    /// tree.try_push(Link::new(None, z, Plx::identity(), Inertia::zero())).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// tree.link_velocities(&mut ws, &[0.4], &[2.0]).unwrap();
    /// assert_eq!(ws.velocity(0).angular, Vector([0.0, 0.0, 2.0]));
    /// ```
    pub fn link_velocities(&self, ws: &mut Workspace<T, S>, q: &[T], v: &[T]) -> Result<(), Error> {
        self.check_inputs(ws, q, &[("v", v)])?;
        self.descend(ws, q, Some(v), |_, _, _| {});
        Ok(())
    }

    /// The Jacobian of `link` at `q`: `out[k]` is the spatial velocity, in base coordinates
    /// (about the base origin), that a unit velocity of degree of freedom `k` gives the link;
    /// so the link's velocity is `Σₖ out[k] v[k]`. Columns of joints that do not move the
    /// link are zero.
    ///
    /// # Errors
    /// As [`Tree::forward_kinematics`]; [`Error::Length`] if `out` is not [`Tree::nv`] long.
    ///
    /// # Panics
    /// If `link` is out of range.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Motion, Plx, Vector};
    /// let z = Joint::revolute(Vector([0.0, 0.0, 1.0f64])).unwrap();
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, z, Plx::identity(), Inertia::zero())).unwrap();
    /// tree.try_push(Link::new(Some(0), z, Plx::from_translation(Vector([1.0, 0.0, 0.0])), Inertia::zero())).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// let mut j = [Motion::zero(); 2];
    /// tree.jacobian(&mut ws, &[0.0, 0.0], 1, &mut j).unwrap();
    /// // The second hinge's axis passes through (1, 0, 0): about the origin it moves the
    /// // origin's point along y.
    /// assert_eq!(j[1], Motion::new(Vector([0.0, 0.0, 1.0]), Vector([0.0, -1.0, 0.0])));
    /// ```
    pub fn jacobian(
        &self,
        ws: &mut Workspace<T, S>,
        q: &[T],
        link: usize,
        out: &mut [Motion<T>],
    ) -> Result<(), Error> {
        assert!(link < self.len(), "link {link} out of range");
        check_len("jacobian", self.nv(), out.len())?;
        self.forward_kinematics(ws, q)?;
        out.fill(Motion::zero());
        let mut at = Some(link);
        while let Some(j) = at {
            let to_base = ws.from_base(j);
            let joint = &self.links()[j].joint;
            let (_, vr) = self.coordinates(j);
            for (k, col) in out[vr].iter_mut().enumerate() {
                *col = to_base.inverse_apply_motion(&joint.column(k));
            }
            at = self.links()[j].parent;
        }
        Ok(())
    }

    /// Kinetic energy `Σ ½ vᵢ·Iᵢ vᵢ` of the velocities of the last pass that took `v`.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Matrix, Plx, Vector};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::prismatic(Vector([1.0, 0.0, 0.0])).unwrap(), Plx::identity(),
    ///     Inertia::new(2.0, Vector([0.0; 3]), Matrix::identity()))).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// tree.link_velocities(&mut ws, &[0.0], &[3.0]).unwrap();
    /// assert_eq!(tree.kinetic_energy(&ws), 9.0);
    /// ```
    pub fn kinetic_energy(&self, ws: &Workspace<T, S>) -> T {
        use cwlist::Buffer;
        self.links()
            .iter()
            .zip(ws.links.as_slice())
            .fold(T::zero(), |e, (l, s)| e + l.inertia.kinetic_energy(&s.vel))
    }

    /// Potential energy `−Σ mᵢ g·cᵢ` in the gravity field `gravity` (base coordinates), `cᵢ`
    /// each link's centre of mass, at the poses of the last pass.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Matrix, Plx, Vector};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::prismatic(Vector([0.0, 0.0, 1.0])).unwrap(), Plx::identity(),
    ///     Inertia::new(2.0, Vector([0.0; 3]), Matrix::identity()))).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// tree.forward_kinematics(&mut ws, &[1.5]).unwrap();
    /// assert_eq!(tree.potential_energy(&ws, Vector([0.0, 0.0, -10.0])), 30.0);
    /// ```
    pub fn potential_energy(&self, ws: &Workspace<T, S>, gravity: Vector<T, 3>) -> T {
        use cwlist::Buffer;
        self.links()
            .iter()
            .zip(ws.links.as_slice())
            .fold(T::zero(), |e, (l, s)| {
                let x: &Plx<T> = &s.from_base;
                let i = &l.inertia;
                // m (r + Eᵀ c) = m r + Eᵀ h, in base coordinates.
                let moment = x.translation * i.mass + x.rotation.apply_inverse(&i.first_moment);
                e - gravity.dot(&moment)
            })
    }
}

/// `Ok` if every entry is finite, else [`Error::NonFiniteInput`] naming `what`.
pub(crate) fn finite<T: Float>(what: &'static str, x: &[T]) -> Result<(), Error> {
    if x.iter().all(|e| e.is_finite()) {
        Ok(())
    } else {
        Err(Error::NonFiniteInput { what })
    }
}
