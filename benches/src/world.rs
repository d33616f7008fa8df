//! The rigid-body world: how a step scales with the number of bodies (split by phase), the
//! same pile in rapier3d-f64 in the same run, and fixed against growable storage.
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

use std::time::Instant;

use rapier3d_f64::prelude as rp;
use solver::cwlist::{Fixed, Growable};
use solver::world::{BroadPhase, Grid, Material, Phase, Proxy, RigidBody, World, WorldSettings};
use solver::xform::Vector;

use crate::Mode;
use crate::measure::{Ratio, Rounds, Verdict};
use crate::table::{Table, ratio_spread};

/// Sphere radius of the piles (m).
pub const RADIUS: f64 = 0.1;
/// Friction of every surface.
pub const FRICTION: f64 = 0.5;
/// Time step (s).
pub const DT: f64 = 1.0 / 60.0;
/// Solver sweeps per step in our world.
pub const SWEEPS: usize = 10;

/// A pile of `n` spheres dropped into an open box: the box's inner width and the sphere
/// centres (a jittered lattice, 2.4 radii apart, about as tall as wide).
#[must_use]
pub fn pile(n: usize) -> (f64, Vec<[f64; 3]>) {
    let pitch = 2.4 * RADIUS;
    let side = ((n as f64).cbrt().ceil() as usize).max(1);
    let width = side as f64 * pitch;
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut jitter = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        ((seed >> 11) as f64 / (1u64 << 53) as f64 - 0.5) * 0.1 * RADIUS
    };
    let centres = (0..n)
        .map(|i| {
            let (x, z, y) = (i % side, (i / side) % side, i / (side * side));
            [
                (x as f64 + 0.5) * pitch + jitter(),
                RADIUS + 0.02 + y as f64 * pitch,
                (z as f64 + 0.5) * pitch + jitter(),
            ]
        })
        .collect();
    (width, centres)
}

/// The floor and four walls of the box: `(normal, offset)` with `normal·x >= offset` free.
fn walls(width: f64) -> [([f64; 3], f64); 5] {
    [
        ([0.0, 1.0, 0.0], 0.0),
        ([1.0, 0.0, 0.0], 0.0),
        ([-1.0, 0.0, 0.0], -width),
        ([0.0, 0.0, 1.0], 0.0),
        ([0.0, 0.0, -1.0], -width),
    ]
}

/// Deepest penetration of the spheres into each other or the box (m), measured the same way
/// for both engines (the grid broad phase finds the pairs).
#[must_use]
pub fn deepest_penetration(width: f64, centres: &[[f64; 3]]) -> f64 {
    let proxies: Vec<Proxy<f64>> = centres
        .iter()
        .enumerate()
        .map(|(body, c)| Proxy {
            body,
            center: Vector(*c),
            radius: RADIUS,
        })
        .collect();
    let mut deepest = 0.0_f64;
    Grid::<Growable>::default()
        .candidates(&proxies, 0.0, &mut |i, j| {
            let d = (proxies[i].center - proxies[j].center).norm();
            deepest = deepest.max(2.0 * RADIUS - d);
        })
        .expect("growable");
    for c in centres {
        for (n, d) in walls(width) {
            let gap = n[0] * c[0] + n[1] * c[1] + n[2] * c[2] - d - RADIUS;
            deepest = deepest.max(-gap);
        }
    }
    deepest
}

/// The settings of our runs: the defaults with Δt, [`SWEEPS`] and sleeping off.
#[must_use]
pub fn settings() -> WorldSettings<f64> {
    let mut s = WorldSettings::default();
    s.dt = DT;
    s.solver.max_iterations = SWEEPS;
    s.sleep = None;
    s
}

/// Our world with the pile of `n` spheres in its open box, and the box's width.
pub fn our_world<S: solver::cwlist::Storage>(
    n: usize,
    s: WorldSettings<f64>,
) -> (f64, World<f64, S>) {
    let mut world = World::<f64, S>::new(s).expect("settings");
    let material = Material {
        friction: FRICTION,
        restitution: 0.0,
    };
    let (width, centres) = pile(n);
    for (n, d) in walls(width) {
        world.add_plane(Vector(n), d, material).expect("plane");
    }
    for c in centres {
        let ball = RigidBody::sphere(1.0, RADIUS)
            .expect("sphere")
            .with_material(material)
            .with_position(Vector(c));
        world.add_body(ball).expect("room");
    }
    (width, world)
}

/// Per-step measurements of a run.
#[derive(Debug, Clone, Default)]
pub struct Run {
    /// Wall time of each step (s).
    pub steps: Vec<f64>,
    /// Time per phase summed over the run (s), in [`Phase::ALL`] order.
    pub phases: [f64; Phase::ALL.len()],
    /// Mean contacts per step.
    pub contacts: f64,
    /// Deepest penetration over the last half of the run (m).
    pub deepest: f64,
}

impl Run {
    /// Mean step time (s).
    #[must_use]
    pub fn mean(&self) -> f64 {
        self.steps.iter().sum::<f64>() / self.steps.len().max(1) as f64
    }
    /// Slowest step (s).
    #[must_use]
    pub fn worst(&self) -> f64 {
        self.steps.iter().copied().fold(0.0, f64::max)
    }
}

/// Runs our world's pile of `n` spheres for `steps` steps.
#[must_use]
pub fn run_ours(n: usize, steps: usize) -> Run {
    run_ours_with(n, steps, settings())
}

/// [`run_ours`] with other settings.
#[must_use]
pub fn run_ours_with(n: usize, steps: usize, s: WorldSettings<f64>) -> Run {
    let (width, mut world) = our_world::<Growable>(n, s);
    let mut run = Run::default();
    let mut contacts = 0usize;
    for k in 0..steps {
        let start = Instant::now();
        let mut last = start;
        let mut phase = 0;
        let report = world
            .step_observed(&mut [], &mut |_| {
                let now = Instant::now();
                run.phases[phase] += (now - last).as_secs_f64();
                last = now;
                phase += 1;
            })
            .expect("step");
        run.steps.push(start.elapsed().as_secs_f64());
        contacts += report.contacts;
        if k >= steps / 2 {
            let centres: Vec<[f64; 3]> = world.bodies().iter().map(|b| b.position().0).collect();
            run.deepest = run.deepest.max(deepest_penetration(width, &centres));
        }
    }
    run.contacts = contacts as f64 / steps.max(1) as f64;
    run
}

/// Runs rapier3d-f64's pile of `n` spheres for `steps` steps: single thread, sleeping
/// off, the same Δt, friction, restitution and radius; `iterations` sets
/// `num_solver_iterations` (substeps of one PGS and one stabilization iteration each).
#[must_use]
pub fn run_rapier(n: usize, steps: usize, iterations: usize) -> Run {
    let (width, centres) = pile(n);
    let mut bodies = rp::RigidBodySet::new();
    let mut colliders = rp::ColliderSet::new();
    let half = width / 2.0;
    let thick = 1.0;
    let boxes = [
        (
            [half, -thick, half],
            [half + 2.0 * thick, thick, half + 2.0 * thick],
        ),
        (
            [-thick, half, half],
            [thick, half + 2.0 * thick, half + 2.0 * thick],
        ),
        (
            [width + thick, half, half],
            [thick, half + 2.0 * thick, half + 2.0 * thick],
        ),
        (
            [half, half, -thick],
            [half + 2.0 * thick, half + 2.0 * thick, thick],
        ),
        (
            [half, half, width + thick],
            [half + 2.0 * thick, half + 2.0 * thick, thick],
        ),
    ];
    for (c, h) in boxes {
        let wall = rp::ColliderBuilder::cuboid(h[0], h[1], h[2])
            .translation(rp::Vector::new(c[0], c[1], c[2]))
            .friction(FRICTION)
            .restitution(0.0)
            .build();
        colliders.insert(wall);
    }
    let handles: Vec<_> = centres
        .iter()
        .map(|c| {
            let body = rp::RigidBodyBuilder::dynamic()
                .translation(rp::Vector::new(c[0], c[1], c[2]))
                .can_sleep(false)
                .build();
            let handle = bodies.insert(body);
            let ball = rp::ColliderBuilder::ball(RADIUS)
                .friction(FRICTION)
                .restitution(0.0)
                .density(1.0 / (4.0 / 3.0 * std::f64::consts::PI * RADIUS.powi(3)))
                .build();
            colliders.insert_with_parent(ball, handle, &mut bodies);
            handle
        })
        .collect();
    let mut world = rp::PhysicsWorld {
        bodies,
        colliders,
        ..rp::PhysicsWorld::default()
    };
    world.gravity = rp::Vector::new(0.0, -9.81, 0.0);
    world.integration_parameters.dt = DT;
    world.integration_parameters.num_solver_iterations = iterations;
    let mut run = Run::default();
    let mut contacts = 0usize;
    for k in 0..steps {
        let start = Instant::now();
        world.step();
        run.steps.push(start.elapsed().as_secs_f64());
        contacts += world
            .narrow_phase
            .contact_pairs()
            .filter(|p| p.has_any_active_contact())
            .map(|p| {
                p.manifolds()
                    .iter()
                    .map(|m| m.data.solver_contacts.len())
                    .sum::<usize>()
            })
            .sum::<usize>();
        if k >= steps / 2 {
            let centres: Vec<[f64; 3]> = handles
                .iter()
                .map(|h| {
                    let t = world.bodies[*h].translation();
                    [t.x, t.y, t.z]
                })
                .collect();
            run.deepest = run.deepest.max(deepest_penetration(width, &centres));
        }
    }
    run.contacts = contacts as f64 / steps.max(1) as f64;
    run
}

/// Least-squares slope of `ln y` against `ln x`.
#[must_use]
pub fn growth_exponent(points: &[(f64, f64)]) -> f64 {
    let n = points.len() as f64;
    let (sx, sy) = points
        .iter()
        .fold((0.0, 0.0), |(a, b), &(x, y)| (a + x.ln(), b + y.ln()));
    let (mx, my) = (sx / n, sy / n);
    let (num, den) = points.iter().fold((0.0, 0.0), |(a, b), &(x, y)| {
        let dx = x.ln() - mx;
        (a + dx * (y.ln() - my), b + dx * dx)
    });
    num / den
}

fn ms(s: f64) -> String {
    format!("{:.2} ms", s * 1e3)
}

/// The report section.
#[must_use]
pub fn report(mode: &Mode) -> String {
    let seconds = if mode.full { 3.0 } else { 1.5 };
    let steps = (seconds / DT).round() as usize;
    let sizes = [1000, 2000, 4000, 8000, 16000];
    let mut md = format!(
        "**Scaling.** A pile of N spheres (r = {RADIUS} m, μ = {FRICTION}, e = 0) dropped into an open box, {steps} steps at 60 Hz ({seconds} s, settling), {SWEEPS} solver sweeps, f64, sleeping off, one thread. Time per step (mean and worst), and the share of each phase.\n\n"
    );
    let mut table = Table::new([
        "N",
        "contacts/step",
        "mean step",
        "worst step",
        "per body",
        "broad",
        "narrow",
        "islands",
        "rows",
        "solve",
        "integrate",
        "other",
    ]);
    let mut points = Vec::new();
    let mut worst_all = 0.0_f64;
    for &n in &sizes {
        let run = run_ours(n, steps);
        let total: f64 = run.phases.iter().sum();
        let share = |p: Phase| {
            let i = Phase::ALL.iter().position(|&q| q == p).unwrap_or(0);
            format!("{:.0} %", 100.0 * run.phases[i] / total)
        };
        let named = [
            Phase::Broad,
            Phase::Narrow,
            Phase::Islands,
            Phase::Rows,
            Phase::Solve,
            Phase::Integrate,
        ];
        let other: f64 = Phase::ALL
            .iter()
            .zip(run.phases)
            .filter(|(p, _)| !named.contains(p))
            .map(|(_, t)| t)
            .sum();
        table.row([
            n.to_string(),
            format!("{:.0}", run.contacts),
            ms(run.mean()),
            ms(run.worst()),
            format!("{:.2} µs", run.mean() * 1e6 / n as f64),
            share(Phase::Broad),
            share(Phase::Narrow),
            share(Phase::Islands),
            share(Phase::Rows),
            share(Phase::Solve),
            share(Phase::Integrate),
            format!("{:.0} %", 100.0 * other / total),
        ]);
        points.push((n as f64, run.mean()));
        worst_all = worst_all.max(run.worst());
    }
    md.push_str(&table.to_markdown());
    let exponent = growth_exponent(&points);
    md.push_str(&format!(
        "\nFitted growth exponent of the mean step time from 1k to 16k: **{exponent:.2}** (one run per size; target ≤ 1.15: {}). Worst single step over all sizes: {} ({} a 16.7 ms frame).\n\n",
        Verdict::check(exponent <= 1.15),
        ms(worst_all),
        if worst_all <= DT { "within" } else { "over" },
    ));

    md.push_str(&islands_scaling(steps));

    // Side by side with rapier.
    md.push_str(&format!(
        "**Side by side with rapier3d-f64 0.36** (same scene, Δt, radius, friction, restitution; both single-threaded, sleeping off; {steps} steps). Iterations are not the same knob: ours solve a pile's island, whose contacts close loops, in the default substeps of one pushing and one relaxing sweep (`ContactSolver::BY_DEPTH`: one per two contacts of depth, at least 8; these piles take 8, up to 12 while a column taller than 16 layers settles clear of the walls; islands small enough or shaped as trees by up to {SWEEPS} PGS sweeps); rapier's `num_solver_iterations` counts substeps of one PGS and one stabilization iteration each (default 4), shown at 4 and at {SWEEPS}. Deepest penetration over the second half of the run, measured the same way for both.\n\n"
    ));
    let mut side = Table::new([
        "N",
        "ours: mean step",
        "rapier (4): mean step",
        "ours / rapier (4) (min–max over rounds)",
        "rapier (10): mean step",
        "ours / rapier (10) (min–max over rounds)",
        "ours: deepest",
        "rapier (4): deepest",
        "rapier (10): deepest",
        "target vs rapier (4): time ≤ 1.0x, penetration ≤",
    ]);
    let rounds = if mode.full { 3 } else { 2 };
    for n in [1000, 10000] {
        // Interleaved rounds; the fastest mean of each engine is kept, and every round's
        // mean for the spread of the ratios.
        let mut best = [f64::INFINITY; 3];
        let mut means = [Rounds::default(), Rounds::default(), Rounds::default()];
        let mut runs: [Option<Run>; 3] = [None, None, None];
        for _ in 0..rounds {
            let r = [
                run_ours(n, steps),
                run_rapier(n, steps, 4),
                run_rapier(n, steps, SWEEPS),
            ];
            for (k, r) in r.into_iter().enumerate() {
                means[k].0.push(r.mean());
                if r.mean() < best[k] {
                    best[k] = r.mean();
                    runs[k] = Some(r);
                }
            }
        }
        let deep = |k: usize| runs[k].as_ref().map_or(f64::NAN, |r| r.deepest);
        let vs4 = Ratio::of(&means[0], &means[1]);
        side.row([
            n.to_string(),
            ms(best[0]),
            ms(best[1]),
            ratio_spread(&vs4),
            ms(best[2]),
            ratio_spread(&Ratio::of(&means[0], &means[2])),
            format!("{:.2} mm", deep(0) * 1e3),
            format!("{:.2} mm", deep(1) * 1e3),
            format!("{:.2} mm", deep(2) * 1e3),
            format!(
                "time {}, penetration {}",
                vs4.at_most(1.0),
                Verdict::check(deep(0) <= deep(1))
            ),
        ]);
    }
    md.push_str(&side.to_markdown());
    md.push('\n');

    // Fixed storage, f32, 256 spheres: the embedded path on the host.
    let fixed_steps = 120;
    let (mut fixed_rounds, mut growable_rounds) = (Rounds::default(), Rounds::default());
    for _ in 0..5 {
        // A fixed-capacity world lives inline (megabytes at this capacity): give it a
        // thread with room, as firmware would give it a static.
        let fixed = std::thread::Builder::new()
            .stack_size(512 << 20)
            .spawn(move || time_f32::<Fixed<4096>>(256, fixed_steps))
            .expect("thread")
            .join()
            .expect("fixed run");
        fixed_rounds.0.push(fixed);
        growable_rounds
            .0
            .push(time_f32::<Growable>(256, fixed_steps));
    }
    let (fixed_time, growable_time) = (fixed_rounds.best(), growable_rounds.best());
    let fixed_ratio = Ratio::of(&fixed_rounds, &growable_rounds);
    md.push_str(&format!(
        "**Embedded path on the host.** The same pile with 256 spheres in f32, {fixed_steps} steps, `Fixed<4096>` storage (no allocation) against growable storage, fastest of 5 alternated runs: {} against {} per step, **{}** (min–max over rounds; target ≤ 1.1x: {}).\n",
        ms(fixed_time / fixed_steps as f64),
        ms(growable_time / fixed_steps as f64),
        ratio_spread(&fixed_ratio),
        fixed_ratio.at_most(1.1),
    ));
    md
}

/// `chains` separate 2-link chains of 0.1 m spheres on ball joints, each hanging from a
/// point of the world by its first sphere, released sideways: every chain is an island of
/// its own, whose joints go through the direct solve, the projection and RATTLE's finish.
#[must_use]
pub fn separate_chains(chains: usize) -> World<f64, Growable> {
    let mut s = settings();
    s.sleep = None;
    let mut world = World::<f64, Growable>::new(s).expect("settings");
    for k in 0..chains {
        let (x, z) = ((k % 100) as f64 * 2.0, (k / 100) as f64 * 2.0);
        let mut previous = None;
        for link in 0..2 {
            let at = |d: f64| Vector([x + d, 5.0, z]);
            let ball = RigidBody::sphere(1.0, RADIUS)
                .expect("sphere")
                .with_position(at(0.5 * (link + 1) as f64));
            let handle = world.add_body(ball).expect("room");
            world
                .add_ball_joint(handle, previous, at(0.5 * link as f64))
                .expect("joint");
            previous = Some(handle);
        }
    }
    world
}

/// Step time against the number of islands: separate hanging chains ([`separate_chains`]),
/// whose per-island phases must cost each island its own bodies only.
fn islands_scaling(steps: usize) -> String {
    let mut md = format!(
        "**Many islands.** N bodies as N/2 separate 2-link chains of spheres on ball joints, each hanging from a point of the world and released sideways (every chain an island of its own: direct joint solve, position projection, RATTLE's velocity projection), {steps} steps at 60 Hz, default settings, sleeping off, one thread.\n\n"
    );
    let mut table = Table::new(["N", "islands", "mean step", "per body"]);
    let mut points = Vec::new();
    for n in [1000usize, 2000, 4000, 8000] {
        let mut world = separate_chains(n / 2);
        let start = Instant::now();
        let mut islands = 0;
        for _ in 0..steps {
            islands = world.step().expect("step").islands;
        }
        let mean = start.elapsed().as_secs_f64() / steps as f64;
        table.row([
            n.to_string(),
            islands.to_string(),
            ms(mean),
            format!("{:.2} µs", mean * 1e6 / n as f64),
        ]);
        points.push((n as f64, mean));
    }
    md.push_str(&table.to_markdown());
    let exponent = growth_exponent(&points);
    md.push_str(&format!(
        "\nFitted growth exponent of the mean step time from 1k to 8k bodies: **{exponent:.2}** (one run per size; target ≤ 1.15: {}).\n\n",
        Verdict::check(exponent <= 1.15),
    ));
    md
}

/// Seconds for `steps` steps of an f32 pile of `n` spheres in storage `S`.
fn time_f32<S: solver::cwlist::Storage>(n: usize, steps: usize) -> f64 {
    let mut s = WorldSettings::<f32>::default();
    s.dt = DT as f32;
    s.solver.max_iterations = SWEEPS;
    s.sleep = None;
    let mut world = World::<f32, S>::new(s).expect("settings");
    let (width, centres) = pile(n);
    let material = Material {
        friction: FRICTION as f32,
        restitution: 0.0,
    };
    for (n, d) in walls(width) {
        world
            .add_plane(Vector(n.map(|x| x as f32)), d as f32, material)
            .expect("plane");
    }
    for c in centres {
        let ball = RigidBody::sphere(1.0, RADIUS as f32)
            .expect("sphere")
            .with_material(material)
            .with_position(Vector(c.map(|x| x as f32)));
        world.add_body(ball).expect("room");
    }
    let start = Instant::now();
    for _ in 0..steps {
        world.step().expect("step");
    }
    start.elapsed().as_secs_f64()
}

/// 64 separate piles of 100 spheres on one floor, sleeping off.
pub fn separate_piles() -> World<f64, Growable> {
    let s = settings();
    let mut world = World::<f64, Growable>::new(s).expect("settings");
    let material = Material {
        friction: FRICTION,
        restitution: 0.0,
    };
    world
        .add_plane(Vector([0.0, 1.0, 0.0]), 0.0, material)
        .expect("plane");
    let (_, centres) = pile(100);
    for pile in 0..64 {
        let offset = [f64::from(pile % 8) * 3.0, 0.0, f64::from(pile / 8) * 3.0];
        for c in &centres {
            let ball = RigidBody::sphere(1.0, RADIUS)
                .expect("sphere")
                .with_material(material)
                .with_position(Vector([c[0] + offset[0], c[1], c[2] + offset[2]]));
            world.add_body(ball).expect("room");
        }
    }
    world
}
