//! The kinematic tree: links stored parents first, each with its joint, where the joint sits
//! on the parent, and its inertia.
use cwlist::{Buffer, Storage};
use num_traits::Float;
use xform::{Inertia, Plx, Rotation};

use crate::{Drive, Error, Joint};

/// One link (body) of a tree and the joint that connects it to its parent.
///
/// # Example
/// ```
/// use multibody::{Joint, Link};
/// use xform::{Inertia, Matrix, Plx, Vector};
/// let link = Link::new(None, Joint::revolute(Vector([0.0, 0.0, 1.0f64])).unwrap(), Plx::identity(),
///     Inertia::new(1.0, Vector([0.5, 0.0, 0.0]), Matrix::identity() * 0.01));
/// assert_eq!(link.parent, None); // attached to the fixed base
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Link<T> {
    /// The parent link, or `None` for the fixed base (the world frame).
    pub parent: Option<usize>,
    /// The joint between the parent and this link.
    pub joint: Joint<T>,
    /// `X_T`: from the parent's frame to the joint's predecessor frame (where the joint sits
    /// on the parent and how its axes are turned).
    pub placement: Plx<T>,
    /// The link's spatial inertia in its own frame.
    pub inertia: Inertia<T>,
    /// Damping, motor and limits of the joint ([`Drive::none`] unless set with
    /// [`Link::with_drive`]); [`Tree::step`] applies them.
    pub drive: Drive<T>,
}

impl<T: Float> Link<T> {
    /// A link; see the fields.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link};
    /// use xform::{Inertia, Plx};
    /// let l = Link::new(Some(0), Joint::<f64>::Fixed, Plx::identity(), Inertia::zero());
    /// assert_eq!(l.parent, Some(0));
    /// ```
    pub fn new(
        parent: Option<usize>,
        joint: Joint<T>,
        placement: Plx<T>,
        inertia: Inertia<T>,
    ) -> Self {
        Self {
            parent,
            joint,
            placement,
            inertia,
            drive: Drive::none(),
        }
    }

    /// The link with `drive` on its joint (checked by [`Tree::try_push`]).
    ///
    /// # Example
    /// ```
    /// use multibody::{Drive, Joint, Link};
    /// use xform::{Inertia, Plx, Vector};
    /// let hinge = Joint::revolute(Vector([0.0, 0.0, 1.0f64])).unwrap();
    /// let l = Link::new(None, hinge, Plx::identity(), Inertia::zero())
    ///     .with_drive(Drive { damping: 0.1, ..Drive::none() });
    /// assert_eq!(l.drive.damping, 0.1);
    /// ```
    #[must_use]
    pub fn with_drive(self, drive: Drive<T>) -> Self {
        Self { drive, ..self }
    }
}

/// Where one link's coordinates start in the tree's `q` and `v` vectors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Offsets {
    pub(crate) q: usize,
    pub(crate) v: usize,
}

/// A kinematic tree of links in reduced coordinates, stored in `S` ([`cwlist::Fixed<N>`]
/// for firmware, [`cwlist::Growable`] with the `alloc` feature).
///
/// The configuration `q` and velocity `v` are the joints' coordinates in link order
/// ([`Joint::nq`] and [`Joint::nv`] entries each).
///
/// # Example
/// ```
/// use cwlist::Fixed;
/// use multibody::{Joint, Link, Tree};
/// use xform::{Inertia, Matrix, Plx, Vector};
/// let rod = Inertia::new(1.0f64, Vector([0.5, 0.0, 0.0]), Matrix::identity() * 0.01);
/// let hinge = Joint::revolute(Vector([0.0, 0.0, 1.0])).unwrap();
/// let mut tree = Tree::<f64, Fixed<4>>::new();
/// let a = tree.try_push(Link::new(None, hinge, Plx::identity(), rod)).unwrap();
/// tree.try_push(Link::new(Some(a), hinge, Plx::from_translation(Vector([1.0, 0.0, 0.0])), rod)).unwrap();
/// assert_eq!((tree.len(), tree.nq(), tree.nv()), (2, 2, 2));
/// ```
pub struct Tree<T, S: Storage> {
    pub(crate) links: S::Buf<Link<T>>,
    pub(crate) offsets: S::Buf<Offsets>,
    nq: usize,
    nv: usize,
}

impl<T: Float, S: Storage> Tree<T, S> {
    /// An empty tree (only the fixed base).
    ///
    /// # Example
    /// ```
    /// use multibody::Tree;
    /// assert!(Tree::<f64, cwlist::Fixed<3>>::new().is_empty());
    /// ```
    pub fn new() -> Self {
        Self {
            links: Buffer::new(),
            offsets: Buffer::new(),
            nq: 0,
            nv: 0,
        }
    }

    /// Appends a link and returns its index.
    ///
    /// # Errors
    /// [`Error::UnknownParent`] if the parent is not an earlier link; [`Error::BadAxis`] for a
    /// revolute or prismatic axis that is not a finite unit vector (use [`Joint::revolute`]);
    /// [`Error::NonFiniteLink`] for NaN or infinity in the inertia or placement;
    /// [`Error::BadDrive`] for a drive with a NaN, a negative gain, crossed limits, or a motor
    /// or limits on a joint of other than one degree of freedom;
    /// [`Error::CapacityExceeded`] when the storage is full. The tree is unchanged on error.
    ///
    /// # Example
    /// ```
    /// use multibody::{Error, Joint, Link, Tree};
    /// use xform::{Inertia, Plx};
    /// let mut tree = Tree::<f64, cwlist::Fixed<1>>::new();
    /// let l = Link::new(None, Joint::Spherical, Plx::identity(), Inertia::zero());
    /// assert_eq!(tree.try_push(l), Ok(0));
    /// assert_eq!(tree.try_push(l), Err(Error::CapacityExceeded { capacity: 1 }));
    /// let orphan = Link::new(Some(5), Joint::Spherical, Plx::identity(), Inertia::zero());
    /// assert_eq!(Tree::<f64, cwlist::Fixed<2>>::new().try_push(orphan), Err(Error::UnknownParent { link: 0, parent: 5 }));
    /// ```
    pub fn try_push(&mut self, link: Link<T>) -> Result<usize, Error> {
        let index = self.len();
        if let Some(parent) = link.parent
            && parent >= index
        {
            return Err(Error::UnknownParent {
                link: index,
                parent,
            });
        }
        if let Joint::Revolute(a) | Joint::Prismatic(a) = link.joint {
            let one = T::one();
            let tol = T::epsilon().sqrt();
            if !(a.is_finite() && (a.norm() - one).abs() <= tol) {
                return Err(Error::BadAxis { link: index });
            }
        }
        let x = &link.placement;
        if !(link.inertia.is_finite()
            && x.rotation.matrix().is_finite()
            && x.translation.is_finite())
        {
            return Err(Error::NonFiniteLink { link: index });
        }
        if !link.drive.is_valid_for(link.joint.nv()) {
            return Err(Error::BadDrive { link: index });
        }
        let full = Error::CapacityExceeded {
            capacity: self.links.capacity().max(index),
        };
        let at = Offsets {
            q: self.nq,
            v: self.nv,
        };
        self.offsets.try_push(at).map_err(|_| full)?;
        if self.links.try_push(link).is_err() {
            self.offsets.pop();
            return Err(full);
        }
        self.nq += link.joint.nq();
        self.nv += link.joint.nv();
        Ok(index)
    }

    /// The links, parents first.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree};
    /// use xform::{Inertia, Plx};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::Free, Plx::identity(), Inertia::zero())).unwrap();
    /// assert_eq!(tree.links()[0].joint, Joint::Free);
    /// ```
    pub fn links(&self) -> &[Link<T>] {
        self.links.as_slice()
    }

    /// Number of links.
    ///
    /// # Example
    /// ```
    /// assert_eq!(multibody::Tree::<f64, cwlist::Fixed<2>>::new().len(), 0);
    /// ```
    pub fn len(&self) -> usize {
        self.links.as_slice().len()
    }

    /// No links.
    ///
    /// # Example
    /// ```
    /// assert!(multibody::Tree::<f64, cwlist::Fixed<2>>::new().is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Length of the configuration vector `q`.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree};
    /// use xform::{Inertia, Plx};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::Free, Plx::identity(), Inertia::zero())).unwrap();
    /// assert_eq!((tree.nq(), tree.nv()), (7, 6));
    /// ```
    pub fn nq(&self) -> usize {
        self.nq
    }

    /// Length of the velocity vector `v` (degrees of freedom).
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree};
    /// use xform::{Inertia, Plx};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::Spherical, Plx::identity(), Inertia::zero())).unwrap();
    /// assert_eq!(tree.nv(), 3);
    /// ```
    pub fn nv(&self) -> usize {
        self.nv
    }

    /// The link's slices of `q` and `v`: `(q range, v range)`.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree};
    /// use xform::{Inertia, Plx};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::Free, Plx::identity(), Inertia::zero())).unwrap();
    /// tree.try_push(Link::new(Some(0), Joint::Spherical, Plx::identity(), Inertia::zero())).unwrap();
    /// assert_eq!(tree.coordinates(1), (7..11, 6..9));
    /// ```
    pub fn coordinates(&self, link: usize) -> (core::ops::Range<usize>, core::ops::Range<usize>) {
        let at = self.offsets.as_slice()[link];
        let j = &self.links.as_slice()[link].joint;
        (at.q..at.q + j.nq(), at.v..at.v + j.nv())
    }

    /// The neutral configuration (every joint at zero, identity quaternions) into `q`.
    ///
    /// # Errors
    /// [`Error::Length`] if `q` is not [`Tree::nq`] long.
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree};
    /// use xform::{Inertia, Plx};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::Spherical, Plx::identity(), Inertia::zero())).unwrap();
    /// let mut q = [0.5; 4];
    /// tree.neutral(&mut q).unwrap();
    /// assert_eq!(q, [1.0, 0.0, 0.0, 0.0]);
    /// ```
    pub fn neutral(&self, q: &mut [T]) -> Result<(), Error> {
        crate::error::check_len("q", self.nq, q.len())?;
        for i in 0..self.len() {
            let (qr, _) = self.coordinates(i);
            self.links()[i].joint.neutral(&mut q[qr]);
        }
        Ok(())
    }

    /// The same tree in another scalar type (`f32` from `f64`, or dual numbers for
    /// derivatives).
    ///
    /// # Example
    /// ```
    /// use multibody::{Joint, Link, Tree};
    /// use xform::{Inertia, Plx};
    /// let mut tree = Tree::<f64, cwlist::Fixed<2>>::new();
    /// tree.try_push(Link::new(None, Joint::Spherical, Plx::identity(), Inertia::zero())).unwrap();
    /// let t32: Tree<f32, cwlist::Fixed<2>> = tree.map(|x| x as f32);
    /// assert_eq!(t32.nv(), 3);
    /// ```
    pub fn map<U: Float>(&self, f: impl Fn(T) -> U) -> Tree<U, S> {
        let mut out = Tree::<U, S>::new();
        for l in self.links() {
            let x = &l.placement;
            let i = &l.inertia;
            let link = Link {
                parent: l.parent,
                joint: l.joint.map(&f),
                placement: Plx::new(
                    Rotation::from_matrix_unchecked(x.rotation.matrix().map(&f)),
                    x.translation.map(&f),
                ),
                inertia: Inertia {
                    mass: f(i.mass),
                    first_moment: i.first_moment.map(&f),
                    origin_inertia: i.origin_inertia.map(&f),
                },
                drive: l.drive.map(&f),
            };
            // Same storage, same count: cannot overflow; the checks passed for `self`.
            let pushed = out.links.try_push(link).is_ok()
                && out.offsets.try_push(Offsets::default()).is_ok();
            debug_assert!(pushed);
        }
        for (o, s) in out
            .offsets
            .as_mut_slice()
            .iter_mut()
            .zip(self.offsets.as_slice())
        {
            *o = *s;
        }
        out.nq = self.nq;
        out.nv = self.nv;
        out
    }
}

impl<T: Float, S: Storage> Default for Tree<T, S> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Float, S: Storage> Clone for Tree<T, S> {
    fn clone(&self) -> Self {
        self.map(|x| x)
    }
}

impl<T: Float + core::fmt::Debug, S: Storage> core::fmt::Debug for Tree<T, S> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Tree")
            .field("links", &self.links())
            .field("nq", &self.nq)
            .field("nv", &self.nv)
            .finish()
    }
}
