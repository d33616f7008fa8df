//! Scratch memory the algorithms fill, sized once for a tree: no allocation per call, and
//! the same struct serves RNEA, CRBA, ABA and the kinematics.
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::{ArticulatedInertia, Force, Inertia, Motion, Plx, Vector};

use crate::error::check_len;
use crate::ldl::Ldl;
use crate::{Error, Tree};

/// What one link's pass leaves behind.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LinkScratch<T> {
    /// `ⁱX_λ(i)`: from the parent's frame (or the base) to this link's frame.
    pub(crate) up: Plx<T>,
    /// `ⁱX_0`: from the base frame to this link's frame.
    pub(crate) from_base: Plx<T>,
    /// Spatial velocity (link frame).
    pub(crate) vel: Motion<T>,
    /// Spatial acceleration, or ABA's velocity-product bias `c = v × S q̇` (link frame).
    pub(crate) acc: Motion<T>,
    /// RNEA's net force, or ABA's bias force `pᴬ` (link frame).
    pub(crate) force: Force<T>,
    /// ABA's articulated inertia `Iᴬ` (link frame).
    pub(crate) articulated: ArticulatedInertia<T>,
    /// CRBA's composite inertia `I_c` (link frame).
    pub(crate) composite: Inertia<T>,
    /// ABA: the joint-space inertia `D = Sᵀ Iᴬ S` factored.
    pub(crate) ldl: Ldl<T>,
    /// ABA: `Z = U L⁻ᵀ` with `U = Iᴬ S`, one column per degree of freedom.
    pub(crate) z: [Force<T>; 6],
    /// ABA: `L⁻¹ u`, `u = τ − Sᵀ pᴬ`.
    pub(crate) y: [T; 6],
    /// Time stepping: the joint's configuration at the start of the (sub)step.
    pub(crate) q0: [T; 7],
    /// Time stepping: the joint's velocity at the start of the (sub)step.
    pub(crate) v0: [T; 6],
    /// Time stepping: the joint's accelerations at the last converged midpoint, which give
    /// the next substep's first guess of its midpoint velocity.
    pub(crate) predictor: [T; 6],
}

impl<T: Float> Default for LinkScratch<T> {
    fn default() -> Self {
        Self {
            up: Plx::identity(),
            from_base: Plx::identity(),
            vel: Motion::zero(),
            acc: Motion::zero(),
            force: Force::zero(),
            articulated: ArticulatedInertia::zero(),
            composite: Inertia::zero(),
            ldl: Ldl {
                l: [[T::zero(); 6]; 6],
                inv_diag: [T::zero(); 6],
                n: 0,
            },
            z: [Force::zero(); 6],
            y: [T::zero(); 6],
            q0: [T::zero(); 7],
            v0: [T::zero(); 6],
            predictor: [T::zero(); 6],
        }
    }
}

/// Scratch for the algorithms of one tree (made by [`Workspace::new`]); after
/// [`Tree::forward_kinematics`] or any dynamics call it also holds every link's pose and
/// velocity.
///
/// # Example
/// ```
/// use multibody::{Joint, Link, Tree, Workspace};
/// use xform::{Inertia, Plx};
/// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
/// tree.try_push(Link::new(None, Joint::Spherical, Plx::identity(), Inertia::zero())).unwrap();
/// let ws = Workspace::new(&tree).unwrap();
/// assert_eq!(ws.len(), 1);
/// ```
pub struct Workspace<T, S: Storage> {
    pub(crate) links: S::Buf<LinkScratch<T>>,
    /// Substeps the last split time step took (where the next one starts).
    pub(crate) substeps: usize,
}

impl<T: Float, S: Storage> Workspace<T, S> {
    /// Scratch sized for `tree`.
    ///
    /// # Errors
    /// [`Error::CapacityExceeded`] if the storage cannot hold one entry per link (cannot
    /// happen with the tree's own storage type).
    ///
    /// # Example
    /// ```
    /// use multibody::{Tree, Workspace};
    /// let tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// assert!(Workspace::new(&tree).unwrap().is_empty());
    /// ```
    pub fn new(tree: &Tree<T, S>) -> Result<Self, Error> {
        let mut links = S::Buf::<LinkScratch<T>>::new();
        for _ in 0..tree.len() {
            links
                .try_push(LinkScratch::default())
                .map_err(|_| Error::CapacityExceeded {
                    capacity: links.capacity(),
                })?;
        }
        Ok(Self { links, substeps: 1 })
    }

    /// Number of links it was sized for.
    ///
    /// # Example
    /// ```
    /// use multibody::{Tree, Workspace};
    /// assert_eq!(Workspace::new(&Tree::<f64, cwlist::Fixed<2>>::new()).unwrap().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.links.as_slice().len()
    }

    /// Sized for no links.
    ///
    /// # Example
    /// ```
    /// use multibody::{Tree, Workspace};
    /// assert!(Workspace::new(&Tree::<f64, cwlist::Fixed<2>>::new()).unwrap().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `ⁱX_0` from the last pass: the Plücker transform from base coordinates to link `i`'s
    /// frame (its inverse maps link-frame motions and forces to the base).
    ///
    /// # Panics
    /// If `link` is out of range.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Plx, Vector};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::prismatic(Vector([1.0, 0.0, 0.0])).unwrap(), Plx::identity(), Inertia::zero())).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// tree.forward_kinematics(&mut ws, &[2.0]).unwrap();
    /// assert_eq!(ws.position(0), Vector([2.0, 0.0, 0.0]));
    /// assert_eq!(ws.from_base(0).translation, Vector([2.0, 0.0, 0.0]));
    /// ```
    pub fn from_base(&self, link: usize) -> Plx<T> {
        self.links.as_slice()[link].from_base
    }

    /// The origin of link `i` in base coordinates, from the last pass.
    ///
    /// # Panics
    /// If `link` is out of range.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Plx, Vector};
    /// let z = Joint::revolute(Vector([0.0, 0.0, 1.0f64])).unwrap();
    /// let mut tree = Tree::<f64, cwlist::Fixed<1>>::new();
    /// tree.try_push(Link::new(None, z, Plx::from_translation(Vector([0.0, 0.0, 2.0])), Inertia::zero())).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// tree.forward_kinematics(&mut ws, &[1.0]).unwrap();
    /// assert_eq!(ws.position(0), Vector([0.0, 0.0, 2.0])); // turning about z leaves the origin
    /// ```
    pub fn position(&self, link: usize) -> Vector<T, 3> {
        self.from_base(link).translation
    }

    /// The spatial velocity of link `i` in its own frame, from the last pass that took `v`
    /// ([`Tree::link_velocities`], RNEA or ABA).
    ///
    /// # Panics
    /// If `link` is out of range.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree, Workspace};
    /// use xform::{Inertia, Motion, Plx, Vector};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::prismatic(Vector([1.0, 0.0, 0.0])).unwrap(), Plx::identity(), Inertia::zero())).unwrap();
    /// let mut ws = Workspace::new(&tree).unwrap();
    /// tree.link_velocities(&mut ws, &[0.0], &[3.0]).unwrap();
    /// assert_eq!(ws.velocity(0), Motion::new(Vector([0.0; 3]), Vector([3.0, 0.0, 0.0])));
    /// ```
    pub fn velocity(&self, link: usize) -> Motion<T> {
        self.links.as_slice()[link].vel
    }

    /// `Ok` if sized for `tree`.
    pub(crate) fn check(&self, links: usize) -> Result<(), Error> {
        check_len("workspace", links, self.len())
    }
}

impl<T: Float + core::fmt::Debug, S: Storage> core::fmt::Debug for Workspace<T, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Workspace")
            .field("links", &self.len())
            .finish()
    }
}
