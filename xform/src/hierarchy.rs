//! A transform hierarchy stored flat: each node has an optional parent index, and parents
//! come before their children (topological order). One forward pass turns local frames
//! into global ones; one pass turns global frames back into local ones.
//!
//! The walk is generic over [`Frame`], implemented for [`Transform`] (static hierarchy) and
//! [`DynamicTransform`] (the same walk also carries velocities and accelerations).
//!
//! ```
//! use xform::hierarchy::Hierarchy;
//! use xform::{DynamicTransform, Transform, Vector};
//!
//! // world <- 0 <- 1 <- 2, and 3 directly under the world.
//! let parents = [None, Some(0), Some(1), None];
//! let tree = Hierarchy::try_new(&parents).unwrap();
//! let mut local = [DynamicTransform::<f64, 3>::identity(); 4];
//! local[0].velocity = Vector([1.0, 0.0, 0.0]);
//! local[2].transform = Transform::from_translation(Vector([0.0, 2.0, 0.0]));
//! let mut global = local;
//! tree.try_to_global(&local, &mut global).unwrap();
//! assert_eq!(global[2].velocity, Vector([1.0, 0.0, 0.0])); // inherited from node 0
//! let mut back = global;
//! tree.try_to_local(&global, &mut back).unwrap();
//! assert!((back[2].velocity - local[2].velocity).norm() < 1e-12);
//! ```
use core::fmt;

use num_traits::Float;

use crate::{DynamicTransform, Error, Transform};

/// Something that composes like a child-to-parent transform.
///
/// # Example
/// ```
/// use xform::hierarchy::Frame;
/// use xform::{Transform, Vector};
/// let parent = Transform::from_translation(Vector([1.0, 0.0]));
/// let child = Transform::from_scale(2.0);
/// let global = Frame::compose_frames(&parent, &child);
/// assert_eq!(global.apply_point(&Vector([1.0, 1.0])), Vector([3.0, 2.0]));
/// ```
pub trait Frame: Copy {
    /// The global frame of a child: `parent_global ∘ local`.
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Frame;
    /// use xform::{Transform, Vector};
    /// let g = Frame::compose_frames(&Transform::from_scale(2.0), &Transform::from_translation(Vector([1.0, 0.0])));
    /// assert_eq!(g.apply_point(&Vector([0.0, 0.0])), Vector([2.0, 0.0]));
    /// ```
    fn compose_frames(parent_global: &Self, local: &Self) -> Self;

    /// The local frame of a child from its global frame: `parent_global⁻¹ ∘ global`.
    ///
    /// # Errors
    /// If the parent's frame cannot be inverted or the result is not finite.
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Frame;
    /// use xform::{Transform, Vector};
    /// let parent = Transform::from_translation(Vector([1.0, 0.0]));
    /// let global = Transform::from_translation(Vector([3.0, 0.0]));
    /// let local = Frame::try_relative(&parent, &global).unwrap();
    /// assert_eq!(local.apply_point(&Vector([0.0, 0.0])), Vector([2.0, 0.0]));
    /// assert!(Frame::try_relative(&Transform::from_scale(0.0), &global).is_err());
    /// ```
    fn try_relative(parent_global: &Self, global: &Self) -> Result<Self, Error>;
}

impl<T: Float, const N: usize> Frame for Transform<T, N> {
    #[inline]
    fn compose_frames(parent_global: &Self, local: &Self) -> Self {
        parent_global.compose(local)
    }

    #[inline]
    fn try_relative(parent_global: &Self, global: &Self) -> Result<Self, Error> {
        Ok(parent_global.try_inverse()?.compose(global))
    }
}

impl<T: Float, const N: usize> Frame for DynamicTransform<T, N> {
    #[inline]
    fn compose_frames(parent_global: &Self, local: &Self) -> Self {
        parent_global.compose(local)
    }

    #[inline]
    fn try_relative(parent_global: &Self, global: &Self) -> Result<Self, Error> {
        parent_global.try_global_to_local(global)
    }
}

/// Why a hierarchy walk could not run.
///
/// # Example
/// ```
/// use xform::hierarchy::{Hierarchy, HierarchyError};
/// assert_eq!(Hierarchy::try_new(&[Some(1), None]).unwrap_err(), HierarchyError::ParentNotBefore { node: 0, parent: 1 });
/// ```
#[non_exhaustive]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HierarchyError {
    /// A node's parent does not come before it (not topological order, or a cycle).
    ParentNotBefore {
        /// The node.
        node: usize,
        /// Its parent index.
        parent: usize,
    },
    /// A frame slice does not have one entry per node.
    LengthMismatch {
        /// The number of nodes.
        nodes: usize,
        /// The length of the slice.
        len: usize,
    },
    /// The local frame of `node` could not be computed (its parent's frame is singular or
    /// the result is not finite).
    Frame {
        /// The node.
        node: usize,
        /// The underlying error.
        error: Error,
    },
}

impl fmt::Display for HierarchyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ParentNotBefore { node, parent } => {
                write!(
                    f,
                    "node {node} has parent {parent}, which does not come before it"
                )
            }
            Self::LengthMismatch { nodes, len } => {
                write!(f, "{len} frames given for {nodes} nodes")
            }
            Self::Frame { node, error } => write!(f, "node {node}: {error}"),
        }
    }
}

impl core::error::Error for HierarchyError {}

/// A validated view of parent indices: `parents[i]` is `None` for a child of the world and
/// `Some(p)` with `p < i` otherwise.
///
/// # Example
/// ```
/// use xform::hierarchy::Hierarchy;
/// use xform::{Transform, Vector};
/// let tree = Hierarchy::try_new(&[None, Some(0)]).unwrap();
/// let local = [Transform::from_translation(Vector([1.0, 0.0])), Transform::from_scale(2.0)];
/// let mut global = local;
/// tree.try_to_global(&local, &mut global).unwrap();
/// assert_eq!(global[1].apply_point(&Vector([1.0, 1.0])), Vector([3.0, 2.0]));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Hierarchy<'a> {
    parents: &'a [Option<usize>],
}

impl<'a> Hierarchy<'a> {
    /// Checks that every parent comes before its child.
    ///
    /// # Errors
    /// [`HierarchyError::ParentNotBefore`] for the first node that violates it.
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Hierarchy;
    /// assert!(Hierarchy::try_new(&[None, Some(0), Some(0)]).is_ok());
    /// assert!(Hierarchy::try_new(&[None, Some(1)]).is_err()); // a node is its own parent
    /// ```
    pub fn try_new(parents: &'a [Option<usize>]) -> Result<Self, HierarchyError> {
        for (node, parent) in parents.iter().enumerate() {
            if let Some(p) = *parent
                && p >= node
            {
                return Err(HierarchyError::ParentNotBefore { node, parent: p });
            }
        }
        Ok(Self { parents })
    }

    /// The parent indices.
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Hierarchy;
    /// let parents = [None, Some(0)];
    /// assert_eq!(Hierarchy::try_new(&parents).unwrap().parents(), &parents);
    /// ```
    #[inline]
    pub fn parents(&self) -> &'a [Option<usize>] {
        self.parents
    }

    /// The number of nodes.
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Hierarchy;
    /// assert_eq!(Hierarchy::try_new(&[None, Some(0), None]).unwrap().len(), 3);
    /// ```
    #[inline]
    pub fn len(&self) -> usize {
        self.parents.len()
    }

    /// Whether there are no nodes.
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Hierarchy;
    /// assert!(Hierarchy::try_new(&[]).unwrap().is_empty());
    /// ```
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.parents.is_empty()
    }

    fn check_len(&self, len: usize) -> Result<(), HierarchyError> {
        if len == self.parents.len() {
            Ok(())
        } else {
            Err(HierarchyError::LengthMismatch {
                nodes: self.parents.len(),
                len,
            })
        }
    }

    /// Every node's global frame from the local frames, in one forward pass:
    /// `global[i] = global[parent] ∘ local[i]`.
    ///
    /// # Errors
    /// [`HierarchyError::LengthMismatch`] if a slice has the wrong length.
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Hierarchy;
    /// use xform::{Transform, Vector};
    /// let tree = Hierarchy::try_new(&[None, Some(0)]).unwrap();
    /// let local = [Transform::from_translation(Vector([1.0, 0.0])), Transform::from_scale(2.0)];
    /// let mut global = local;
    /// tree.try_to_global(&local, &mut global).unwrap();
    /// assert_eq!(global[1].apply_point(&Vector([0.0, 0.0])), Vector([1.0, 0.0]));
    /// assert!(tree.try_to_global(&local[..1], &mut global).is_err()); // one frame per node
    /// ```
    pub fn try_to_global<F: Frame>(
        &self,
        local: &[F],
        global: &mut [F],
    ) -> Result<(), HierarchyError> {
        self.check_len(local.len())?;
        self.check_len(global.len())?;
        for (i, (parent, l)) in self.parents.iter().zip(local).enumerate() {
            global[i] = match *parent {
                None => *l,
                Some(p) => F::compose_frames(&global[p], l),
            };
        }
        Ok(())
    }

    /// Replaces local frames by global ones in place (parents are finished before their
    /// children read them).
    ///
    /// # Errors
    /// [`HierarchyError::LengthMismatch`] if the slice has the wrong length.
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Hierarchy;
    /// use xform::{Transform, Vector};
    /// let tree = Hierarchy::try_new(&[None, Some(0)]).unwrap();
    /// let mut frames = [Transform::from_translation(Vector([1.0, 0.0])), Transform::from_translation(Vector([0.0, 1.0]))];
    /// tree.try_to_global_in_place(&mut frames).unwrap();
    /// assert_eq!(frames[1].apply_point(&Vector([0.0, 0.0])), Vector([1.0, 1.0]));
    /// ```
    pub fn try_to_global_in_place<F: Frame>(&self, frames: &mut [F]) -> Result<(), HierarchyError> {
        self.check_len(frames.len())?;
        for (i, parent) in self.parents.iter().enumerate() {
            if let Some(p) = *parent {
                frames[i] = F::compose_frames(&frames[p], &frames[i]);
            }
        }
        Ok(())
    }

    /// Every node's local frame from the global frames: `local[i] = global[parent]⁻¹ ∘
    /// global[i]` (for dynamic transforms, the global-to-local conversion).
    ///
    /// # Errors
    /// [`HierarchyError::LengthMismatch`] if a slice has the wrong length,
    /// [`HierarchyError::Frame`] if a parent's frame is singular or a result not finite
    /// (`local` is then partly written).
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Hierarchy;
    /// use xform::{Transform, Vector};
    /// let tree = Hierarchy::try_new(&[None, Some(0)]).unwrap();
    /// let local = [Transform::from_translation(Vector([1.0, 0.0])), Transform::from_scale(2.0)];
    /// let mut global = local;
    /// tree.try_to_global(&local, &mut global).unwrap();
    /// let mut back = global;
    /// tree.try_to_local(&global, &mut back).unwrap();
    /// assert!((back[1].apply_point(&Vector([1.0, 1.0])) - local[1].apply_point(&Vector([1.0, 1.0]))).norm() < 1e-15);
    /// ```
    pub fn try_to_local<F: Frame>(
        &self,
        global: &[F],
        local: &mut [F],
    ) -> Result<(), HierarchyError> {
        self.check_len(global.len())?;
        self.check_len(local.len())?;
        for (i, (parent, g)) in self.parents.iter().zip(global).enumerate() {
            local[i] = match *parent {
                None => *g,
                Some(p) => F::try_relative(&global[p], g)
                    .map_err(|error| HierarchyError::Frame { node: i, error })?,
            };
        }
        Ok(())
    }

    /// Replaces global frames by local ones in place, children first so that each parent's
    /// global frame is still there when its children need it.
    ///
    /// # Errors
    /// As [`Hierarchy::try_to_local`] (the slice is then partly converted).
    ///
    /// # Example
    /// ```
    /// use xform::hierarchy::Hierarchy;
    /// use xform::{Transform, Vector};
    /// let tree = Hierarchy::try_new(&[None, Some(0)]).unwrap();
    /// let mut frames = [Transform::from_translation(Vector([1.0, 0.0])), Transform::from_translation(Vector([1.0, 1.0]))];
    /// tree.try_to_local_in_place(&mut frames).unwrap();
    /// assert_eq!(frames[1].apply_point(&Vector([0.0, 0.0])), Vector([0.0, 1.0]));
    /// ```
    pub fn try_to_local_in_place<F: Frame>(&self, frames: &mut [F]) -> Result<(), HierarchyError> {
        self.check_len(frames.len())?;
        for (i, parent) in self.parents.iter().enumerate().rev() {
            if let Some(p) = *parent {
                frames[i] = F::try_relative(&frames[p], &frames[i])
                    .map_err(|error| HierarchyError::Frame { node: i, error })?;
            }
        }
        Ok(())
    }
}
