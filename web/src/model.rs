//! What a scene steps: a rigid-body world (maximal coordinates) or an articulated tree
//! (reduced coordinates, the `multibody` crate), behind the few questions the page asks of
//! either: how each body looks, where it is, where the joints are, the energy, the hash.
use solver::cwlist::Growable;
use solver::multibody::{Scheme, Tree, Workspace};
use solver::world::{Joint, Shape};
use solver::xform::{Inertia, Matrix, UnitQuaternion, Vector};

use crate::setups::SceneWorld;
use crate::setups::articulated::{ARM_GAINS, G, arm_desired};

/// How a body is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Look {
    /// A sphere of this radius.
    Sphere(f64),
    /// A box of these half extents.
    Box([f64; 3]),
    /// A capsule along y: radius, half height of its core.
    Capsule(f64, f64),
    /// A body without a collision shape, as the box of the same mass and principal moments
    /// (from the diagonal of its inertia about the centre of mass, in the body frame).
    Block([f64; 3]),
    /// A body without shape or inertia: a dot.
    Dot,
}

/// What happened in one step, for the figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepFacts {
    /// The velocity solve (world) or the implicit step's iteration (tree) converged.
    pub converged: bool,
    /// Bodies asleep after the step (0 for a tree).
    pub sleeping_bodies: usize,
}

/// An articulated tree with its state, stepped at a fixed Δt under the world's gravity.
#[derive(Debug)]
pub struct Articulated {
    tree: Tree<f64, Growable>,
    ws: Workspace<f64, Growable>,
    q: Vec<f64>,
    v: Vec<f64>,
    a: Vec<f64>,
    tau: Vec<f64>,
    dt: f64,
    time: f64,
    /// Drives the joints along the arm's trajectory by computed torque.
    tracking: bool,
}

impl Articulated {
    /// `tree` at rest in its neutral pose, or started on the arm's trajectory 0.1 rad off
    /// when `tracking`.
    pub fn new(tree: Tree<f64, Growable>, dt: f64, tracking: bool) -> Self {
        let mut ws = Workspace::new(&tree).expect("sized");
        let (nq, nv) = (tree.nq(), tree.nv());
        let (mut q, mut v) = (vec![0.0; nq], vec![0.0; nv]);
        tree.neutral(&mut q).expect("sized");
        if tracking {
            let (q0, v0, _) = arm_desired(nv, 0.0);
            q = q0.iter().map(|x| x + 0.1).collect();
            v = v0;
        }
        tree.link_velocities(&mut ws, &q, &v).expect("finite");
        Self {
            tree,
            ws,
            q,
            v,
            a: vec![0.0; nv],
            tau: vec![0.0; nv],
            dt,
            time: 0.0,
            tracking,
        }
    }

    fn step(&mut self) -> Result<StepFacts, String> {
        if self.tracking {
            let n = self.tree.nv();
            let (qd, vd, ad) = arm_desired(n, self.time);
            let (kp, kd) = ARM_GAINS;
            let command: Vec<f64> = (0..n)
                .map(|j| ad[j] + kd * (vd[j] - self.v[j]) + kp * (qd[j] - self.q[j]))
                .collect();
            self.tree
                .inverse_dynamics(&mut self.ws, &self.q, &self.v, &command, G, &mut self.tau)
                .map_err(|e| e.to_string())?;
        }
        let report = self
            .tree
            .step(
                &mut self.ws,
                &mut self.q,
                &mut self.v,
                &self.tau,
                G,
                self.dt,
                Scheme::midpoint(),
                &mut self.a,
            )
            .map_err(|e| e.to_string())?;
        self.time += self.dt;
        self.tree
            .link_velocities(&mut self.ws, &self.q, &self.v)
            .map_err(|e| e.to_string())?;
        Ok(StepFacts {
            converged: report.converged,
            sleeping_bodies: 0,
        })
    }

    /// Where link `i`'s parent (or the base) holds it: the joint, in base coordinates.
    fn joint_point(&self, i: usize) -> Vector<f64, 3> {
        let link = &self.tree.links()[i];
        match link.parent {
            None => link.placement.translation,
            Some(p) => self.body_point(p, &link.placement.translation),
        }
    }

    /// A point given in link `i`'s frame, in base coordinates.
    fn body_point(&self, i: usize, local: &Vector<f64, 3>) -> Vector<f64, 3> {
        let x = self.ws.from_base(i);
        x.translation + x.rotation.apply_inverse(local)
    }

    /// The largest distance between a joint's point on the parent and the child's origin
    /// (m): the joint gap measured from the poses.
    pub fn max_joint_gap(&self) -> f64 {
        (0..self.tree.len())
            .map(|i| (self.joint_point(i) - self.ws.position(i)).norm())
            .fold(0.0, largest)
    }

    /// The largest joint error against the arm's trajectory (rad; 0 when not tracking).
    pub fn tracking_error(&self) -> f64 {
        if !self.tracking {
            return 0.0;
        }
        let (qd, _, _) = arm_desired(self.tree.nv(), self.time);
        self.q
            .iter()
            .zip(&qd)
            .map(|(q, d)| (q - d).abs())
            .fold(0.0, largest)
    }
}

/// A world or a tree.
#[derive(Debug)]
pub enum Model {
    /// Rigid bodies, planes and joints in maximal coordinates (both boxed: each is large).
    World(Box<SceneWorld>),
    /// An articulated tree in reduced coordinates.
    Tree(Box<Articulated>),
}

impl Model {
    /// One step.
    ///
    /// # Errors
    /// The step's error, as text.
    pub fn step(&mut self) -> Result<StepFacts, String> {
        match self {
            Self::World(w) => {
                let r = w.step().map_err(|e| e.to_string())?;
                Ok(StepFacts {
                    converged: r.certificate.converged,
                    sleeping_bodies: r.sleeping_bodies,
                })
            }
            Self::Tree(t) => t.step(),
        }
    }

    /// Simulated time (s).
    pub fn time(&self) -> f64 {
        match self {
            Self::World(w) => w.time(),
            Self::Tree(t) => t.time,
        }
    }

    /// The time step (s).
    pub fn dt(&self) -> f64 {
        match self {
            Self::World(w) => w.settings().dt,
            Self::Tree(t) => t.dt,
        }
    }

    /// Kinetic plus potential energy (J).
    pub fn energy(&self) -> f64 {
        match self {
            Self::World(w) => w.kinetic_energy() + w.potential_energy(),
            Self::Tree(t) => t.tree.kinetic_energy(&t.ws) + t.tree.potential_energy(&t.ws, G),
        }
    }

    /// The largest joint gap (m).
    pub fn max_joint_gap(&self) -> f64 {
        match self {
            Self::World(w) => w.max_joint_error(),
            Self::Tree(t) => t.max_joint_gap(),
        }
    }

    /// Every body's look.
    pub fn looks(&self) -> Vec<Look> {
        match self {
            Self::World(w) => w
                .bodies()
                .iter()
                .map(|b| match b.shape() {
                    Shape::Sphere(r) => Look::Sphere(r),
                    Shape::Box(h) => Look::Box(h.0),
                    Shape::Capsule(r, h) => Look::Capsule(r, h),
                    Shape::None => match b.inertia() {
                        Some(i) if b.mass() > 0.0 => Look::Block(block(b.mass(), i)),
                        _ => Look::Dot,
                    },
                })
                .collect(),
            Self::Tree(t) => t
                .tree
                .links()
                .iter()
                .map(|l| link_look(&l.inertia))
                .collect(),
        }
    }

    /// 7 numbers per body (position x, y, z; orientation x, y, z, w) appended to `out`.
    pub fn poses(&self, out: &mut Vec<f64>) {
        match self {
            Self::World(w) => {
                for b in w.bodies() {
                    let p = b.pose();
                    let q = p.orientation;
                    out.extend(p.position.0);
                    out.extend([q.x, q.y, q.z, q.w]);
                }
            }
            Self::Tree(t) => {
                for (i, l) in t.tree.links().iter().enumerate() {
                    let x = t.ws.from_base(i);
                    // The link's frame turned into base coordinates: the inverse rotation.
                    let q = UnitQuaternion::from_rotation(&x.rotation.inverse()).quaternion();
                    out.extend(t.body_point(i, &l.inertia.com()).0);
                    out.extend([q.x, q.y, q.z, q.w]);
                }
            }
        }
    }

    /// Joints drawn as lines: per joint 12 numbers appended to `out` (the first body's
    /// centre, its anchor, the other anchor, the other centre; a joint to the world or the
    /// base ends at its anchor there).
    pub fn joint_lines(&self, out: &mut Vec<f64>) {
        match self {
            Self::World(w) => {
                let bodies = w.bodies();
                for slot in w.joints() {
                    let a = bodies[slot.a].pose();
                    let b = slot.b.map(|i| bodies[i].pose());
                    let (local_a, local_b) = anchors(&slot.joint);
                    let anchor_b = b.map_or(local_b, |p| p.point(&local_b));
                    let centre_b = b.map_or(anchor_b, |p| p.position);
                    for point in [a.position, a.point(&local_a), anchor_b, centre_b] {
                        out.extend(point.0);
                    }
                }
            }
            Self::Tree(t) => {
                for (i, l) in t.tree.links().iter().enumerate() {
                    let centre = t.body_point(i, &l.inertia.com());
                    let joint = t.joint_point(i);
                    let parent = l
                        .parent
                        .map_or(joint, |p| t.body_point(p, &t.tree.links()[p].inertia.com()));
                    for point in [centre, t.ws.position(i), joint, parent] {
                        out.extend(point.0);
                    }
                }
            }
        }
    }

    /// How many joints [`Model::joint_lines`] draws.
    pub fn joint_count(&self) -> usize {
        match self {
            Self::World(w) => w.joints().len(),
            Self::Tree(t) => t.tree.len(),
        }
    }

    /// Planes `(normal, offset)`.
    pub fn planes(&self) -> Vec<(Vector<f64, 3>, f64)> {
        match self {
            Self::World(w) => w.planes().iter().map(|p| (p.normal, p.offset)).collect(),
            Self::Tree(_) => Vec::new(),
        }
    }

    /// Where joints hold bodies to the world or the base: what hangs from them can swing
    /// anywhere within reach below them (the page frames its view with it).
    pub fn world_anchors(&self) -> Vec<Vector<f64, 3>> {
        match self {
            Self::World(w) => w
                .joints()
                .iter()
                .filter(|s| s.b.is_none())
                .map(|s| anchors(&s.joint).1)
                .collect(),
            Self::Tree(t) => (0..t.tree.len())
                .filter(|&i| t.tree.links()[i].parent.is_none())
                .map(|i| t.joint_point(i))
                .collect(),
        }
    }

    /// A 64-bit hash of the state's bits: the world's [`state_hash`](solver::world::World::state_hash),
    /// or FNV-1a over the tree's positions and velocities.
    pub fn state_hash(&self) -> u64 {
        match self {
            Self::World(w) => w.state_hash(),
            Self::Tree(t) => {
                let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
                for x in t.q.iter().chain(&t.v) {
                    for byte in x.to_bits().to_le_bytes() {
                        hash ^= u64::from(byte);
                        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
                    }
                }
                hash
            }
        }
    }

    /// The arm's tracking error (rad; 0 for anything else).
    pub fn tracking_error(&self) -> f64 {
        match self {
            Self::World(_) => 0.0,
            Self::Tree(t) => t.tracking_error(),
        }
    }

    /// The fastest body (m/s; the world's only).
    pub fn max_speed(&self) -> f64 {
        match self {
            Self::World(w) => w.max_speed(),
            Self::Tree(_) => 0.0,
        }
    }
}

/// The larger of two figures, NaN if either is (`f64::max` would drop a NaN).
fn largest(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else {
        a.max(b)
    }
}

/// Half extents of the box with mass `m` and the diagonal of `inertia` as its moments:
/// `a_k² = 3 (I_j + I_l − I_k) / (2 m)`.
fn block(m: f64, inertia: &Matrix<f64, 3, 3>) -> [f64; 3] {
    core::array::from_fn(|k| {
        let (j, l) = ((k + 1) % 3, (k + 2) % 3);
        (1.5 / m * (inertia[(j, j)] + inertia[(l, l)] - inertia[(k, k)]))
            .max(0.0)
            .sqrt()
    })
}

fn link_look(inertia: &Inertia<f64>) -> Look {
    let m = inertia.mass;
    if m > 0.0 {
        Look::Block(block(m, &inertia.inertia_at_com()))
    } else {
        Look::Dot
    }
}

/// A joint's anchors in its bodies' frames (the second in the world's for a joint to the
/// world); a user constraint's are the bodies' centres.
fn anchors<U>(joint: &Joint<f64, U>) -> (Vector<f64, 3>, Vector<f64, 3>) {
    match joint {
        Joint::Ball(j) => (j.anchor_a, j.anchor_b),
        Joint::Distance(j) => (j.anchor_a, j.anchor_b),
        Joint::Hinge(j) => (j.ball.anchor_a, j.ball.anchor_b),
        Joint::Weld(j) => (j.ball.anchor_a, j.ball.anchor_b),
        Joint::Prismatic(j) => (j.anchor_a, j.anchor_b),
        Joint::User(_) => (Vector::zeros(), Vector::zeros()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::setups::articulated::{LENGTH, chain};

    /// The box of a body's inertia is the body when the body is a box.
    #[test]
    fn the_block_of_a_box_is_the_box() {
        let half = [0.5, 0.2, 0.1];
        let m = 3.0;
        let i = |a: f64, b: f64| m / 3.0 * (a * a + b * b);
        let inertia = Matrix::from_diagonal(Vector([
            i(half[1], half[2]),
            i(half[0], half[2]),
            i(half[0], half[1]),
        ]));
        let got = block(m, &inertia);
        for k in 0..3 {
            assert!((got[k] - half[k]).abs() < 1e-12, "{got:?}");
        }
    }

    /// The multibody chain starts straight along x: link `i`'s centre at `(i + ½) L`, every
    /// joint closed, and its joint lines start at the base.
    #[test]
    fn the_tree_s_poses_and_joints_start_where_the_chain_lies() {
        let m = Model::Tree(Box::new(Articulated::new(chain(), 1.0 / 60.0, false)));
        let mut poses = Vec::new();
        m.poses(&mut poses);
        for i in 0..20 {
            assert!((poses[7 * i] - (i as f64 + 0.5) * LENGTH).abs() < 1e-12);
            assert_eq!(poses[7 * i + 6], 1.0, "unturned");
        }
        assert_eq!(m.max_joint_gap(), 0.0);
        assert_eq!(m.world_anchors(), vec![Vector::zeros()]);
        let mut lines = Vec::new();
        m.joint_lines(&mut lines);
        assert_eq!(lines.len(), 12 * m.joint_count());
        assert_eq!(lines[6..9], [0.0, 0.0, 0.0]);
    }

    #[test]
    fn largest_keeps_a_nan() {
        assert!(largest(1.0, f64::NAN).is_nan() && largest(f64::NAN, 1.0).is_nan());
        assert_eq!(largest(1.0, 2.0), 2.0);
    }
}
