//! The chain of [`crate::scenes`] in reduced coordinates: the same 20 rods (1 kg, 0.25 m,
//! radius 0.02 m) on revolute joints about y, along +x from the origin, released at rest
//! under gravity −z, in `multibody`'s fixed storage. Its step is measured on the target (the
//! cost table's ABA rows) and stepped 1000 times at 1 kHz by the `chain` binary, whose final
//! state hash the host must reproduce.
use cwlist::Fixed;
use multibody::{Error, Joint, Link, Scheme, StepReport, Tree, Workspace};
use num_traits::Float;
use xform::{Inertia, Matrix, Plx, Vector};

/// Links (and joint coordinates) of the chain.
pub const LINKS: usize = 20;
/// Length of one link (m).
pub const LINK_LENGTH: f64 = 0.25;
/// The step (s): 1 kHz.
pub const DT: f64 = 1e-3;

/// The chain's tree.
pub type ChainTree<T> = Tree<T, Fixed<LINKS>>;

fn lit<T: Float>(x: f64) -> T {
    T::from(x).unwrap_or_else(T::nan)
}

/// The 20-link revolute chain along +x.
///
/// # Example
/// ```
/// let tree = embedded::articulated::tree::<f32>().unwrap();
/// assert_eq!((tree.len(), tree.nv()), (20, 20));
/// ```
///
/// # Errors
/// A [`multibody::Error`] if the tree rejects a link (it does not for these values).
pub fn tree<T: Float>() -> Result<ChainTree<T>, Error> {
    let (m, r, l) = (1.0, 0.02, LINK_LENGTH);
    let along = 0.5 * m * r * r;
    let across = m * l * l / 12.0 + 0.25 * m * r * r;
    let inertia = Inertia::new(
        lit(m),
        Vector([lit(l / 2.0), T::zero(), T::zero()]),
        Matrix::from_diagonal(Vector([lit(along), lit(across), lit(across)])),
    );
    let hinge = Joint::revolute(Vector([T::zero(), T::one(), T::zero()]))
        .ok_or(Error::BadAxis { link: 0 })?;
    let mut tree = ChainTree::new();
    for i in 0..LINKS {
        let at = if i == 0 {
            Plx::identity()
        } else {
            Plx::from_translation(Vector([lit(l), T::zero(), T::zero()]))
        };
        tree.try_push(Link::new(i.checked_sub(1), hinge, at, inertia))?;
    }
    Ok(tree)
}

/// The chain in motion: tree, scratch and state, with no joint forces.
#[derive(Debug)]
pub struct Chain<T: Float> {
    /// The tree.
    pub tree: ChainTree<T>,
    /// Scratch for its algorithms.
    pub workspace: Workspace<T, Fixed<LINKS>>,
    /// Joint angles (rad).
    pub q: [T; LINKS],
    /// Joint rates (rad/s).
    pub v: [T; LINKS],
    /// The last joint accelerations (rad/s²).
    pub a: [T; LINKS],
    /// Time (s).
    pub time: T,
}

impl<T: Float> Chain<T> {
    /// The chain at rest, straight along +x.
    ///
    /// # Example
    /// ```
    /// let chain = embedded::articulated::Chain::<f64>::new().unwrap();
    /// assert!(chain.q.iter().all(|&x| x == 0.0));
    /// ```
    ///
    /// # Errors
    /// As [`tree`].
    pub fn new() -> Result<Self, Error> {
        let tree = tree()?;
        let workspace = Workspace::new(&tree)?;
        Ok(Self {
            tree,
            workspace,
            q: [T::zero(); LINKS],
            v: [T::zero(); LINKS],
            a: [T::zero(); LINKS],
            time: T::zero(),
        })
    }

    /// Gravity, −z (m/s²).
    #[must_use]
    pub fn gravity() -> Vector<T, 3> {
        Vector([T::zero(), T::zero(), lit(-9.81)])
    }

    /// The firmware's scheme: the implicit midpoint rule at the precision's tolerance
    /// (`Scheme::midpoint`), since symplectic Euler's single ABA per step does not hold
    /// the whipping chain's energy even at 1 kHz.
    #[must_use]
    pub fn scheme() -> Scheme<T> {
        Scheme::midpoint()
    }

    /// One step of [`DT`] under `scheme`.
    ///
    /// # Example
    /// ```
    /// use embedded::articulated::Chain;
    /// let mut chain = Chain::<f32>::new().unwrap();
    /// let r = chain.step(Chain::scheme()).unwrap();
    /// // A positive turn about y takes +x towards −z: the chain starts to fall.
    /// assert!(r.converged && chain.v[0] > 0.0);
    /// ```
    ///
    /// # Errors
    /// As `multibody::Tree::step` (a non-finite state).
    pub fn step(&mut self, scheme: Scheme<T>) -> Result<StepReport<T>, Error> {
        let report = self.tree.step(
            &mut self.workspace,
            &mut self.q,
            &mut self.v,
            &[T::zero(); LINKS],
            Self::gravity(),
            lit(DT),
            scheme,
            &mut self.a,
        )?;
        self.time = self.time + lit(DT);
        Ok(report)
    }

    /// Energy (J): kinetic plus potential (zero at the start's height).
    ///
    /// # Example
    /// ```
    /// let mut chain = embedded::articulated::Chain::<f64>::new().unwrap();
    /// assert_eq!(chain.energy().unwrap(), 0.0);
    /// ```
    ///
    /// # Errors
    /// As `multibody::Tree::link_velocities`.
    pub fn energy(&mut self) -> Result<T, Error> {
        self.tree
            .link_velocities(&mut self.workspace, &self.q, &self.v)?;
        Ok(self.tree.kinetic_energy(&self.workspace)
            + self.tree.potential_energy(&self.workspace, Self::gravity()))
    }

    /// FNV-1a over the bits of every angle and rate (as f64), the same on every machine
    /// that computes the same state.
    ///
    /// # Example
    /// ```
    /// let a = embedded::articulated::Chain::<f32>::new().unwrap();
    /// let b = embedded::articulated::Chain::<f32>::new().unwrap();
    /// assert_eq!(a.state_hash(), b.state_hash());
    /// ```
    #[must_use]
    pub fn state_hash(&self) -> u64 {
        let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
        for x in self.q.iter().chain(&self.v) {
            let bits = x.to_f64().map_or(u64::MAX, f64::to_bits);
            for byte in bits.to_le_bytes() {
                hash ^= u64::from(byte);
                hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
            }
        }
        hash
    }
}
