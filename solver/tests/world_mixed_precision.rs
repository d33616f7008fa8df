//! An `f32` joint tree is factored in `f32` first and refined, and factored again in pairs of
//! `f32` where refinement stalls (module `tree`): the answer must hold the joints as well as
//! an `f64` world, on a chain where `f32` factors suffice and on mass ratios where they do
//! not everywhere (the alternating 1000:1 chain falls back to pairs on some steps).
use solver::world::{FixedWorld, JointSolver, RigidBody, Scalar, WorldSettings};
use solver::xform::{Matrix, Vector};

const LINKS: usize = 20;

/// The mass of link `i`.
type MassOf = fn(usize) -> f64;

/// A 20-link chain hanging from a ball joint, at 1 kHz, with link `i` of mass `mass(i)`;
/// fixed storage, so that its velocity solve also goes through the joint tree.
fn chain<T: Scalar>(mass: impl Fn(usize) -> f64) -> FixedWorld<T, 64> {
    let c = |x: f64| T::from(x).unwrap();
    let mut s = WorldSettings::<T> {
        dt: c(1e-3),
        joint_solver: JointSolver::Direct,
        post_stabilization: 3,
        projection_tolerance: c(1e-6),
        ..WorldSettings::default()
    };
    s.solver.omega = T::one();
    let mut w = FixedWorld::<T, 64>::new(s).unwrap();
    let (l, r) = (0.25, 0.02);
    let mut previous = None;
    for i in 0..LINKS {
        let m = mass(i);
        let inertia = Matrix::from_diagonal(Vector([
            c(0.5 * m * r * r),
            c(m * l * l / 12.0 + 0.25 * m * r * r),
            c(m * l * l / 12.0 + 0.25 * m * r * r),
        ]));
        let link = RigidBody::new(c(m), inertia)
            .unwrap()
            .with_position(Vector([c((i as f64 + 0.5) * l), c(0.0), c(0.0)]));
        let id = w.add_body(link).unwrap();
        let pivot = Vector([c(i as f64 * l), c(0.0), c(0.0)]);
        match previous {
            None => w.add_ball_joint(id, None, pivot).unwrap(),
            Some(p) => w.add_ball_joint(p, Some(id), pivot).unwrap(),
        };
        previous = Some(id);
    }
    w
}

/// The largest joint error over `steps` steps, and the tip's position at the end.
fn run<T: Scalar, const N: usize>(w: &mut FixedWorld<T, N>, steps: usize) -> (f64, [f64; 3]) {
    let mut worst = 0.0f64;
    for _ in 0..steps {
        w.step().unwrap();
        worst = worst.max(w.max_joint_error().to_f64().unwrap());
    }
    let tip = w.bodies()[LINKS - 1].position();
    (worst, [0, 1, 2].map(|k| tip[k].to_f64().unwrap()))
}

#[test]
fn f32_chains_hold_their_joints_like_f64_under_mass_ratios() {
    // Fixed worlds of 0.25–0.4 MB, moved by value in an unoptimized build: a large stack.
    std::thread::Builder::new()
        .stack_size(64 << 20)
        .spawn(compare_chains)
        .unwrap()
        .join()
        .unwrap();
}

fn compare_chains() {
    let masses: [(&str, MassOf); 3] = [
        ("uniform", |_| 1.0),
        ("heavy tip 1000:1", |i| {
            if i == LINKS - 1 { 1000.0 } else { 1.0 }
        }),
        (
            "alternating 1000:1",
            |i| if i % 2 == 0 { 1000.0 } else { 1.0 },
        ),
    ];
    for (name, mass) in masses {
        let (e32, tip32) = run(&mut chain::<f32>(mass), 300);
        let (e64, tip64) = run(&mut chain::<f64>(mass), 300);
        // f32 round-off on a 5 m chain is about 1e-6 m; the projection holds 1e-6 m.
        assert!(
            e32 < 2e-5,
            "{name}: f32 joint error {e32:e} m (f64: {e64:e} m)"
        );
        let apart = (0..3)
            .map(|k| (tip32[k] - tip64[k]).abs())
            .fold(0.0, f64::max);
        assert!(
            apart < 1e-3,
            "{name}: f32 tip {tip32:?} vs f64 {tip64:?} after 0.3 s ({apart:e} m apart)"
        );
    }
}
