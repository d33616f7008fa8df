//! multibody: Featherstone's algorithms in reduced coordinates (`multibody`) per degree of
//! freedom on trees of different shapes, and the 20-link chain stepped beside rapier3d-f64's
//! multibody joints (also reduced coordinates) in the same process: time per step and energy
//! kept.
use core::hint::black_box;
use std::time::Instant;

use multibody::{Joint, Link, Scheme, Tree, Workspace};
use rapier3d_f64::prelude as rp;
use solver::cwlist::Growable;
use xform::{Inertia, Matrix, Plx, Vector};

use crate::Mode;
use crate::measure::{Ratio, Rounds, budget, ns_per_call};
use crate::table::{Table, ns, ratio_spread};

const G: f64 = 9.81;
const LINKS: usize = 20;
const LINK: f64 = 0.25;

/// A tree to time and its name.
type Named = (&'static str, Tree<f64, Growable>);

fn rod(mass: f64, length: f64, radius: f64, along: Vector<f64, 3>) -> Inertia<f64> {
    // A solid cylinder along `along` (unit, a coordinate axis), centre of mass mid-way.
    let axial = 0.5 * mass * radius * radius;
    let across = mass * length * length / 12.0 + 0.25 * mass * radius * radius;
    let diag = Vector([
        if along.0[0] != 0.0 { axial } else { across },
        if along.0[1] != 0.0 { axial } else { across },
        if along.0[2] != 0.0 { axial } else { across },
    ]);
    Inertia::new(mass, along * (0.5 * length), Matrix::from_diagonal(diag))
}

/// The scenes' 20-link chain (1 kg, 0.25 m rods along +x) on `joint`s.
#[must_use]
pub fn chain(joint: Joint<f64>) -> Tree<f64, Growable> {
    let mut t = Tree::new();
    let x = Vector([1.0, 0.0, 0.0]);
    for i in 0..LINKS {
        let at = if i == 0 {
            Plx::identity()
        } else {
            Plx::from_translation(x * LINK)
        };
        t.try_push(Link::new(
            i.checked_sub(1),
            joint,
            at,
            rod(1.0, LINK, 0.02, x),
        ))
        .expect("chain link");
    }
    t
}

/// A 7-DoF arm shaped like the common collaborative arms: revolute joints about z, y, z, y,
/// z, y, z; links along z of 0.34, 0.2, 0.2, 0.2, 0.2, 0.1, 0.1 m and 4, 4, 3, 2.7, 1.7,
/// 1.8, 0.3 kg.
#[must_use]
pub fn arm7() -> Tree<f64, Growable> {
    let z = Vector([0.0, 0.0, 1.0]);
    let y = Vector([0.0, 1.0, 0.0]);
    let lengths = [0.34, 0.2, 0.2, 0.2, 0.2, 0.1, 0.1];
    let masses = [4.0, 4.0, 3.0, 2.7, 1.7, 1.8, 0.3];
    let mut t = Tree::new();
    for i in 0..7 {
        let axis = if i % 2 == 0 { z } else { y };
        let at = if i == 0 {
            Plx::identity()
        } else {
            Plx::from_translation(z * lengths[i - 1])
        };
        let joint = Joint::revolute(axis).expect("axis");
        t.try_push(Link::new(
            i.checked_sub(1),
            joint,
            at,
            rod(masses[i], lengths[i], 0.05, z),
        ))
        .expect("arm link");
    }
    t
}

/// The trees timed per degree of freedom.
#[must_use]
pub fn trees() -> Vec<Named> {
    vec![
        ("7-DoF arm (revolute)", arm7()),
        (
            "20-link chain, revolute (20 DoF)",
            chain(Joint::revolute(Vector([0.0, 1.0, 0.0])).expect("axis")),
        ),
        ("20-link chain, spherical (60 DoF)", chain(Joint::Spherical)),
    ]
}

/// A deterministic state of `tree`: joint coordinates in about ±1 (quaternions normalized by
/// `Tree::advance` from the neutral pose), velocities and forces in ±1.
#[must_use]
pub fn state(tree: &Tree<f64, Growable>) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut uniform = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    };
    let mut neutral = vec![0.0; tree.nq()];
    tree.neutral(&mut neutral).expect("sizes");
    let turn: Vec<f64> = (0..tree.nv()).map(|_| uniform()).collect();
    let mut q = vec![0.0; tree.nq()];
    tree.advance(&neutral, &turn, 1.0, &mut q).expect("sizes");
    let v = (0..tree.nv()).map(|_| uniform()).collect();
    let tau = (0..tree.nv()).map(|_| uniform()).collect();
    (q, v, tau)
}

/// Nanoseconds per call of RNEA, ABA and CRBA on `tree`.
fn algorithms(mode: &Mode, tree: &Tree<f64, Growable>) -> [f64; 3] {
    let mut ws = Workspace::new(tree).expect("workspace");
    let (q, v, tau) = state(tree);
    let g = Vector([0.0, 0.0, -G]);
    let n = tree.nv();
    let mut out = vec![0.0; n];
    let mut m = vec![0.0; n * n];
    let b = budget(mode.full);
    let rnea = ns_per_call(b, || {
        tree.inverse_dynamics(&mut ws, black_box(&q), &v, &tau, g, &mut out)
            .expect("rnea");
        out[0]
    });
    let aba = ns_per_call(b, || {
        tree.forward_dynamics(&mut ws, black_box(&q), &v, &tau, g, &mut out)
            .expect("aba");
        out[0]
    });
    let crba = ns_per_call(b, || {
        tree.mass_matrix(&mut ws, black_box(&q), &mut m)
            .expect("crba");
        m[0]
    });
    [rnea, aba, crba]
}

/// One run of the revolute chain released horizontally: mean wall time per step (s) and the
/// largest energy change over the run relative to the releasable energy.
#[derive(Debug, Clone, Copy)]
pub struct Run {
    /// Mean wall time per step (s).
    pub step: f64,
    /// Largest |E(t) − E(0)| over the run / releasable potential energy.
    pub energy: f64,
}

fn releasable() -> f64 {
    (0..LINKS).map(|i| G * (i as f64 + 0.5) * LINK).sum()
}

/// Ours: the revolute chain (hinges about z, gravity −y as rapier's), `seconds` at `dt`.
#[must_use]
pub fn run_ours(dt: f64, seconds: f64, scheme: Scheme<f64>) -> Run {
    let tree = chain(Joint::revolute(Vector([0.0, 0.0, 1.0])).expect("axis"));
    let g = Vector([0.0, -G, 0.0]);
    let mut ws = Workspace::new(&tree).expect("workspace");
    let (mut q, mut v, mut a) = (vec![0.0; LINKS], vec![0.0; LINKS], vec![0.0; LINKS]);
    let tau = vec![0.0; LINKS];
    tree.link_velocities(&mut ws, &q, &v).expect("sizes");
    let e0 = tree.kinetic_energy(&ws) + tree.potential_energy(&ws, g);
    let steps = (seconds / dt).round() as usize;
    let (mut elapsed, mut worst) = (0.0, 0.0f64);
    for _ in 0..steps {
        let t = Instant::now();
        tree.step(&mut ws, &mut q, &mut v, &tau, g, dt, scheme, &mut a)
            .expect("step");
        elapsed += t.elapsed().as_secs_f64();
        tree.link_velocities(&mut ws, &q, &v).expect("sizes");
        let e = tree.kinetic_energy(&ws) + tree.potential_energy(&ws, g);
        worst = worst.max((e - e0).abs() / releasable());
    }
    Run {
        step: elapsed / steps as f64,
        energy: worst,
    }
}

/// rapier3d-f64 0.36: the same chain as a multibody of revolute joints about z (bodies with
/// the same mass properties, no colliders), `seconds` at `dt`, `iterations` solver
/// iterations, single thread.
#[must_use]
pub fn run_rapier(dt: f64, seconds: f64, iterations: usize) -> Run {
    let mut w = rp::PhysicsWorld {
        gravity: rp::Vector::new(0.0, -G, 0.0),
        ..rp::PhysicsWorld::default()
    };
    w.integration_parameters.dt = dt;
    w.integration_parameters.num_solver_iterations = iterations;
    let ground = w.bodies.insert(rp::RigidBodyBuilder::fixed().build());
    let (m, r) = (1.0, 0.02);
    let across = m * LINK * LINK / 12.0 + 0.25 * m * r * r;
    let (ix, iy, iz) = (0.5 * m * r * r, across, across);
    let props = rp::MassProperties::new(rp::Vector::ZERO, m, rp::Vector::new(ix, iy, iz));
    let mut handles = Vec::new();
    for i in 0..LINKS {
        let h = w.bodies.insert(
            rp::RigidBodyBuilder::dynamic()
                .translation(rp::Vector::new((i as f64 + 0.5) * LINK, 0.0, 0.0))
                .additional_mass_properties(props)
                .can_sleep(false)
                .build(),
        );
        let (parent, anchor1) = match handles.last() {
            None => (ground, rp::Vector::ZERO),
            Some(&p) => (p, rp::Vector::new(0.5 * LINK, 0.0, 0.0)),
        };
        let joint = rp::RevoluteJointBuilder::new(rp::Vector::Z)
            .local_anchor1(anchor1)
            .local_anchor2(rp::Vector::new(-0.5 * LINK, 0.0, 0.0));
        w.multibody_joints
            .insert(parent, h, joint, true)
            .expect("rapier multibody joint");
        handles.push(h);
    }
    let energy = |w: &rp::PhysicsWorld| {
        handles
            .iter()
            .map(|h| {
                let b = &w.bodies[*h];
                let local = b.rotation().inverse() * b.angvel();
                0.5 * m * b.linvel().length_squared()
                    + 0.5
                        * (ix * local.x * local.x + iy * local.y * local.y + iz * local.z * local.z)
                    + m * G * b.translation().y
            })
            .sum::<f64>()
    };
    let e0 = energy(&w);
    let steps = (seconds / dt).round() as usize;
    let (mut elapsed, mut worst) = (0.0, 0.0f64);
    for _ in 0..steps {
        let t = Instant::now();
        w.step();
        elapsed += t.elapsed().as_secs_f64();
        worst = worst.max((energy(&w) - e0).abs() / releasable());
    }
    Run {
        step: elapsed / steps as f64,
        energy: worst,
    }
}

/// The report section.
#[must_use]
pub fn report(mode: &Mode) -> String {
    let mut out = String::new();
    out.push_str(
        "Featherstone's three algorithms in `multibody` (f64, `Growable` storage, one \
         `Workspace` reused), time per call and per degree of freedom, on an arm and on the \
         scenes' chain with revolute and with spherical joints (random state, gravity on):\n\n",
    );
    let mut t = Table::new([
        "tree",
        "DoF",
        "RNEA",
        "RNEA per DoF",
        "ABA",
        "ABA per DoF",
        "CRBA (M, n×n)",
        "CRBA per DoF²",
    ]);
    for (name, tree) in trees() {
        let [rnea, aba, crba] = algorithms(mode, &tree);
        let n = tree.nv() as f64;
        t.row([
            name.to_string(),
            tree.nv().to_string(),
            ns(rnea),
            ns(rnea / n),
            ns(aba),
            ns(aba / n),
            ns(crba),
            ns(crba / (n * n)),
        ]);
    }
    out.push_str(&t.to_markdown());
    // Side by side: the revolute chain released horizontally in both, rounds interleaved.
    let rounds = if mode.full { 5 } else { 3 };
    let seconds = if mode.full { 10.0 } else { 2.0 };
    out.push_str(&format!(
        "\n**Side by side with rapier3d-f64 0.36's multibody joints** (also reduced \
         coordinates): the 20-link revolute chain released horizontally, {seconds} s, both \
         single-threaded, no colliders; {rounds} rounds per engine interleaved, time ratio \
         fastest round over fastest round (min–max of the rounds). Energy: largest change of \
         kinetic plus potential energy over the run, as a fraction of the energy the chain \
         can release. Ours: `Tree::step` with `Scheme::midpoint()` (implicit midpoint, \
         fixed-point iteration to √ε, adaptive substeps); rapier: `PhysicsWorld::step` with \
         its default 4 solver iterations. Rapier's time is its whole step, with the fixed costs \
         of its pipeline (broad phase, islands, solver set-up), which a scene this small does \
         not amortize; ours is `Tree::step` alone, all a program driving `multibody` calls.\n\n"
    ));
    let mut t = Table::new([
        "Δt",
        "ours: step",
        "ours: ΔE",
        "rapier: step",
        "rapier: ΔE",
        "ours / rapier, time",
    ]);
    for dt in [1e-3, 1.0 / 60.0] {
        let (mut ours, mut theirs) = (Rounds::default(), Rounds::default());
        let (mut ours_e, mut theirs_e) = (0.0, 0.0);
        for _ in 0..rounds {
            let o = run_ours(dt, seconds, Scheme::midpoint());
            let r = run_rapier(dt, seconds, 4);
            ours.0.push(o.step);
            theirs.0.push(r.step);
            (ours_e, theirs_e) = (o.energy, r.energy);
        }
        let ratio = Ratio::of(&ours, &theirs);
        t.row([
            if dt < 2e-3 {
                "1 ms".to_string()
            } else {
                "1/60 s".to_string()
            },
            ns(ours.best() * 1e9),
            format!("{:.3} %", ours_e * 100.0),
            ns(theirs.best() * 1e9),
            format!("{:.3} %", theirs_e * 100.0),
            ratio_spread(&ratio),
        ]);
    }
    out.push_str(&t.to_markdown());
    out.push_str(
        "\n**Which to use when.** Reduced coordinates (`multibody`) for articulated \
         mechanisms — arms, legs, chains, ragdolls without contacts: joints cannot open \
         (there is no joint error to correct), forward dynamics is O(n) by ABA, inverse \
         dynamics (RNEA) gives computed-torque control and the mass matrix (CRBA) model-based \
         control, and the same code runs on dual numbers for derivatives. Maximal coordinates \
         (the `solver` world) for contact-rich scenes — piles, stacks, many free bodies, \
         closed loops — where every body meets others through contacts anyway, the solver \
         treats joints and contacts alike, and a body can be added or removed without \
         rebuilding a tree. `multibody` has no contacts yet: an articulated robot that \
         touches its world needs both.\n",
    );
    out
}
