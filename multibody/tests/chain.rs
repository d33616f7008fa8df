//! The scenes' 20-link chain (0.25 m, 1 kg links) released horizontally, in reduced
//! coordinates, on spherical and on revolute joints: the joints cannot open, and the
//! implicit midpoint rule keeps the energy within 1 % for 10 s at 60 Hz.
use cwlist::Growable;
use multibody::{Joint, Link, Scheme, Tree, Workspace};
use xform::{Inertia, Matrix, Plx, Vector};

const LINKS: usize = 20;
const LENGTH: f64 = 0.25;
const G: Vector<f64, 3> = Vector([0.0, 0.0, -9.81]);

fn chain(joint: Joint<f64>) -> Tree<f64, Growable> {
    let (m, r) = (1.0, 0.02);
    let along = 0.5 * m * r * r;
    let across = m * LENGTH * LENGTH / 12.0 + 0.25 * m * r * r;
    let inertia = Inertia::new(
        m,
        Vector([LENGTH / 2.0, 0.0, 0.0]),
        Matrix::from_diagonal(Vector([along, across, across])),
    );
    let mut t = Tree::new();
    for i in 0..LINKS {
        let at = if i == 0 {
            Plx::identity()
        } else {
            Plx::from_translation(Vector([LENGTH, 0.0, 0.0]))
        };
        t.try_push(Link::new(i.checked_sub(1), joint, at, inertia))
            .unwrap();
    }
    t
}

struct Run {
    /// Largest |E(t) − E(0)| / releasable potential energy over the run.
    worst: f64,
    /// Forward-dynamics calls per step, on average.
    calls: f64,
    converged: bool,
}

fn run(t: &Tree<f64, Growable>, dt: f64, seconds: f64, scheme: Scheme<f64>) -> Run {
    let mut ws = Workspace::new(t).unwrap();
    let mut q = vec![0.0; t.nq()];
    t.neutral(&mut q).unwrap();
    let (mut v, mut a, tau) = (vec![0.0; t.nv()], vec![0.0; t.nv()], vec![0.0; t.nv()]);
    let energy = |ws: &mut Workspace<f64, Growable>, q: &[f64], v: &[f64]| {
        t.link_velocities(ws, q, v).ok()?;
        Some(t.kinetic_energy(ws) + t.potential_energy(ws, G))
    };
    let e0 = energy(&mut ws, &q, &v).unwrap();
    let releasable: f64 = (0..LINKS).map(|i| 9.81 * (i as f64 + 0.5) * LENGTH).sum();
    let steps = (seconds / dt).round() as usize;
    let mut out = Run {
        worst: 0.0,
        calls: 0.0,
        converged: true,
    };
    for _ in 0..steps {
        match t.step(&mut ws, &mut q, &mut v, &tau, G, dt, scheme, &mut a) {
            Ok(r) => {
                out.calls += r.iterations as f64 / steps as f64;
                out.converged &= r.converged;
            }
            Err(_) => {
                out.worst = f64::INFINITY;
                return out;
            }
        }
        let e = energy(&mut ws, &q, &v).unwrap_or(f64::INFINITY);
        out.worst = out.worst.max(((e - e0) / releasable).abs());
    }
    out
}

#[test]
fn chain_keeps_its_energy_at_60_hz() {
    for (name, joint) in [
        ("spherical", Joint::Spherical),
        (
            "revolute",
            Joint::revolute(Vector([0.0, 1.0, 0.0])).unwrap(),
        ),
    ] {
        let t = chain(joint);
        let mid = run(&t, 1.0 / 60.0, 10.0, Scheme::midpoint());
        println!(
            "{name}, 60 Hz, 10 s: midpoint worst |ΔE| {:.3} % of the releasable energy, {:.1} forward-dynamics calls per step",
            mid.worst * 100.0,
            mid.calls
        );
        assert!(
            mid.converged && mid.worst <= 0.01,
            "{name}: {:.3} %",
            mid.worst * 100.0
        );
        // Symplectic Euler, one call per step, cannot follow the whip at 60 Hz: it diverges,
        // and says so with an error rather than a plausible state.
        let euler = run(&t, 1.0 / 60.0, 10.0, Scheme::SymplecticEuler);
        assert!(
            euler.worst > 0.05,
            "{name}: symplectic Euler {:.3} %",
            euler.worst * 100.0
        );
    }
}

/// A body falling along a prismatic joint has a constant acceleration, so the first guess
/// of the midpoint velocity, `v + ½Δt a` with the last midpoint's `a`, is already the fixed
/// point: every step after the first converges in one forward-dynamics call (a first guess
/// of `v` alone takes two), and the motion is the exact parabola.
#[test]
fn the_predicted_first_guess_is_exact_for_a_constant_acceleration() {
    let mut t = Tree::<f64, Growable>::new();
    t.try_push(Link::new(
        None,
        Joint::prismatic(Vector([0.0, 0.0, 1.0])).unwrap(),
        Plx::identity(),
        Inertia::new(2.0, Vector::zeros(), Matrix::zeros()),
    ))
    .unwrap();
    let mut ws = Workspace::new(&t).unwrap();
    let (mut q, mut v, mut a) = ([0.0], [0.0], [0.0]);
    let dt = 1.0 / 100.0;
    for step in 0..100 {
        let r = t
            .step(
                &mut ws,
                &mut q,
                &mut v,
                &[0.0],
                G,
                dt,
                Scheme::midpoint(),
                &mut a,
            )
            .unwrap();
        assert!(r.converged);
        if step > 0 {
            assert_eq!(r.iterations, 1, "step {step}: {r:?}");
        }
    }
    let time = 100.0 * dt;
    approx::assert_relative_eq!(q[0], -0.5 * 9.81 * time * time, max_relative = 1e-12);
    approx::assert_relative_eq!(v[0], -9.81 * time, max_relative = 1e-12);
}
