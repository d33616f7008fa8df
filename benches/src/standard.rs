//! The field's standard tests, ours and rapier3d-f64's side by side in one run: a
//! ball-joint pendulum (energy and period over 100 periods), a 20-link chain released
//! horizontally (energy and joint gap over 10 s), a touching Newton's cradle (outcome of the
//! first impact), each with the time per step.
#![allow(
    clippy::std_instead_of_core,
    clippy::field_reassign_with_default,
    reason = "host-only benchmark; settings read best as the defaults plus changes"
)]

use std::time::Instant;

use rapier3d_f64::prelude as rp;
use solver::cwlist::Growable;
use solver::world::{Material, RigidBody, World, WorldSettings};
use solver::xform::{Matrix, Vector};

use crate::Mode;
use crate::measure::{Ratio, Rounds, Verdict};
use crate::table::{Table, ratio_spread};

const G: f64 = 9.81;

type Ours = World<f64, Growable>;

/// What one run of a standard test measured.
#[derive(Debug, Clone, Copy, Default)]
pub struct Figures {
    /// Relative change of total energy (or of the outcome measure).
    pub energy: f64,
    /// Relative period error (pendulum) or largest joint gap relative to the link.
    pub second: f64,
    /// Mean wall time per step (s).
    pub step: f64,
}

fn rapier_world(dt: f64, iterations: usize) -> rp::PhysicsWorld {
    let mut w = rp::PhysicsWorld::default();
    w.gravity = rp::Vector::new(0.0, -G, 0.0);
    w.integration_parameters.dt = dt;
    w.integration_parameters.num_solver_iterations = iterations;
    w
}

fn ground(w: &mut rp::PhysicsWorld) -> rp::RigidBodyHandle {
    w.bodies.insert(rp::RigidBodyBuilder::fixed().build())
}

/// The bob (a 5 cm sphere) turns with the string: a physical pendulum, whose period is a
/// simple pendulum's of length `I_pivot / (m L) = L + (2/5) r² / L`.
const EQUIVALENT_LENGTH: f64 = 1.0 + 0.4 * 0.05 * 0.05;

/// Period of a simple pendulum of length `l` released from `theta` (arithmetic-geometric mean).
#[must_use]
pub fn pendulum_period(l: f64, theta: f64) -> f64 {
    let (mut a, mut b) = (1.0f64, (theta / 2.0).cos());
    for _ in 0..40 {
        (a, b) = ((a + b) / 2.0, (a * b).sqrt());
    }
    2.0 * std::f64::consts::PI * (l / G).sqrt() / a
}

/// Upward zero crossings of `x` give the measured period.
struct Period {
    prev: f64,
    crossings: Vec<f64>,
}

impl Period {
    fn see(&mut self, t: f64, dt: f64, x: f64) {
        if self.prev < 0.0 && x >= 0.0 {
            self.crossings.push(t - dt * x / (x - self.prev));
        }
        self.prev = x;
    }
    fn mean(&self) -> f64 {
        let c = &self.crossings;
        (c[c.len() - 1] - c[0]) / (c.len() - 1).max(1) as f64
    }
}

/// Ball-joint pendulum, 1 m, bob 1 kg (r = 5 cm), 100 periods: ours.
#[must_use]
pub fn pendulum_ours(theta: f64, dt: f64) -> Figures {
    pendulum_ours_with(theta, dt, WorldSettings::default())
}

/// [`pendulum_ours`] with other settings (Δt and sleeping are set here).
#[must_use]
pub fn pendulum_ours_with(theta: f64, dt: f64, mut s: WorldSettings<f64>) -> Figures {
    s.dt = dt;
    s.sleep = None;
    let mut w = Ours::new(s).expect("settings");
    let p = Vector([theta.sin(), -theta.cos(), 0.0]);
    let b = w
        .add_body(RigidBody::sphere(1.0, 0.05).expect("bob").with_position(p))
        .expect("room");
    w.add_ball_joint(b, None, Vector::zeros()).expect("joint");
    let e0 = G * (1.0 - theta.cos());
    let period = pendulum_period(EQUIVALENT_LENGTH, theta);
    let steps = (100.0 * period / dt).round() as usize;
    let mut seen = Period {
        prev: p[0],
        crossings: Vec::new(),
    };
    let start = Instant::now();
    for k in 0..steps {
        w.step().expect("step");
        seen.see((k + 1) as f64 * dt, dt, w[b].position()[0]);
    }
    let step = start.elapsed().as_secs_f64() / steps as f64;
    let e = w.kinetic_energy() + w.potential_energy() + G;
    Figures {
        energy: (e - e0) / e0,
        second: seen.mean() / period - 1.0,
        step,
    }
}

/// The same pendulum in rapier (spherical impulse joint, ball collider of the same mass).
#[must_use]
pub fn pendulum_rapier(theta: f64, dt: f64, iterations: usize) -> Figures {
    let mut w = rapier_world(dt, iterations);
    let fixed = ground(&mut w);
    let p = rp::Vector::new(theta.sin(), -theta.cos(), 0.0);
    let bob = w.bodies.insert(
        rp::RigidBodyBuilder::dynamic()
            .translation(p)
            .can_sleep(false)
            .build(),
    );
    let volume = 4.0 / 3.0 * std::f64::consts::PI * 0.05f64.powi(3);
    let collider = rp::ColliderBuilder::ball(0.05)
        .density(1.0 / volume)
        .build();
    w.colliders.insert_with_parent(collider, bob, &mut w.bodies);
    let joint = rp::SphericalJointBuilder::new()
        .local_anchor1(rp::Vector::new(0.0, 0.0, 0.0))
        .local_anchor2(-p);
    w.impulse_joints.insert(fixed, bob, joint, true);
    let e0 = G * (1.0 - theta.cos());
    let period = pendulum_period(EQUIVALENT_LENGTH, theta);
    let steps = (100.0 * period / dt).round() as usize;
    let mut seen = Period {
        prev: p.x,
        crossings: Vec::new(),
    };
    let start = Instant::now();
    for k in 0..steps {
        w.step();
        seen.see((k + 1) as f64 * dt, dt, w.bodies[bob].translation().x);
    }
    let step = start.elapsed().as_secs_f64() / steps as f64;
    let b = &w.bodies[bob];
    let (v, y) = (b.linvel(), b.translation().y);
    // Kinetic energy of the bob (a sphere turning with the string too) plus potential.
    let inertia = 0.4 * 0.05 * 0.05;
    let e = 0.5 * v.length_squared() + 0.5 * inertia * b.angvel().length_squared() + G * y + G;
    Figures {
        energy: (e - e0) / e0,
        second: seen.mean() / period - 1.0,
        step,
    }
}

const LINKS: usize = 20;
const LINK: f64 = 0.25;

fn link_inertia() -> [f64; 3] {
    let (m, r) = (1.0, 0.02);
    let across = m * LINK * LINK / 12.0 + 0.25 * m * r * r;
    [0.5 * m * r * r, across, across]
}

/// Potential energy the hanging chain can release: the scale of the chain's energy change.
fn chain_scale() -> f64 {
    (0..LINKS).map(|i| G * (i as f64 + 0.5) * LINK).sum()
}

/// 20-link chain released horizontally, 10 s: ours.
#[must_use]
pub fn chain_ours(dt: f64) -> Figures {
    let mut s = WorldSettings::default();
    s.dt = dt;
    s.sleep = None;
    let mut w = Ours::new(s).expect("settings");
    let inertia = Matrix::from_diagonal(Vector(link_inertia()));
    let mut previous = None;
    for i in 0..LINKS {
        let link = RigidBody::new(1.0, inertia)
            .expect("link")
            .with_position(Vector([(i as f64 + 0.5) * LINK, 0.0, 0.0]));
        let id = w.add_body(link).expect("room");
        let pivot = Vector([i as f64 * LINK, 0.0, 0.0]);
        match previous {
            None => w.add_ball_joint(id, None, pivot),
            Some(p) => w.add_ball_joint(p, Some(id), pivot),
        }
        .expect("joint");
        previous = Some(id);
    }
    let e0 = w.kinetic_energy() + w.potential_energy();
    let steps = (10.0 / dt).round() as usize;
    let mut gap = 0.0f64;
    let start = Instant::now();
    for _ in 0..steps {
        w.step().expect("step");
        gap = gap.max(w.max_joint_error());
    }
    let step = start.elapsed().as_secs_f64() / steps as f64;
    let e = w.kinetic_energy() + w.potential_energy();
    Figures {
        energy: (e - e0) / chain_scale(),
        second: gap / LINK,
        step,
    }
}

/// The same chain in rapier (spherical impulse joints, bodies with the same mass
/// properties and no colliders).
#[must_use]
pub fn chain_rapier(dt: f64, iterations: usize) -> Figures {
    let mut w = rapier_world(dt, iterations);
    let fixed = ground(&mut w);
    let [ix, iy, iz] = link_inertia();
    let props = rp::MassProperties::new(
        rp::Vector::new(0.0, 0.0, 0.0),
        1.0,
        rp::Vector::new(ix, iy, iz),
    );
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
            None => (fixed, rp::Vector::new(0.0, 0.0, 0.0)),
            Some(&p) => (p, rp::Vector::new(0.5 * LINK, 0.0, 0.0)),
        };
        let joint = rp::SphericalJointBuilder::new()
            .local_anchor1(anchor1)
            .local_anchor2(rp::Vector::new(-0.5 * LINK, 0.0, 0.0));
        w.impulse_joints.insert(parent, h, joint, true);
        handles.push(h);
    }
    let energy = |w: &rp::PhysicsWorld| {
        handles
            .iter()
            .map(|h| {
                let b = &w.bodies[*h];
                let omega = b.angvel();
                // ½ωᵀIω in the body frame.
                let local = b.rotation().inverse() * omega;
                0.5 * b.linvel().length_squared()
                    + 0.5
                        * (ix * local.x * local.x + iy * local.y * local.y + iz * local.z * local.z)
                    + G * b.translation().y
            })
            .sum::<f64>()
    };
    let e0 = energy(&w);
    let steps = (10.0 / dt).round() as usize;
    let mut gap = 0.0f64;
    let start = Instant::now();
    let mut elapsed = 0.0;
    for _ in 0..steps {
        let t = Instant::now();
        w.step();
        elapsed += t.elapsed().as_secs_f64();
        let end = |h: rp::RigidBodyHandle, x: f64| {
            let b = &w.bodies[h];
            b.translation() + *b.rotation() * rp::Vector::new(x, 0.0, 0.0)
        };
        let mut previous = rp::Vector::new(0.0, 0.0, 0.0);
        for (i, h) in handles.iter().enumerate() {
            let near = end(*h, -0.5 * LINK);
            gap = gap.max((near - previous).length());
            previous = end(*h, 0.5 * LINK);
            let _ = i;
        }
    }
    let _ = start;
    Figures {
        energy: (energy(&w) - e0) / chain_scale(),
        second: gap / LINK,
        step: elapsed / steps as f64,
    }
}

const BALLS: usize = 5;
const R: f64 = 0.05;

/// Touching cradle, one ball released from 30°: the balls' horizontal velocities after the
/// first impact step, as fractions of the incoming speed (ours).
#[must_use]
pub fn cradle_ours(dt: f64, released: usize) -> Vec<f64> {
    let mut s = WorldSettings::default();
    s.dt = dt;
    s.sleep = None;
    let mut w = Ours::new(s).expect("settings");
    let material = Material {
        friction: 0.0,
        restitution: 1.0,
    };
    let a = 30f64.to_radians();
    for i in 0..BALLS {
        let x = i as f64 * 2.0 * R;
        let c = if i < released {
            Vector([x - a.sin(), 1.0 - a.cos(), 0.0])
        } else {
            Vector([x, 0.0, 0.0])
        };
        let id = w
            .add_body(
                RigidBody::sphere(1.0, R)
                    .expect("ball")
                    .with_material(material)
                    .with_position(c),
            )
            .expect("room");
        w.add_distance_joint(id, None, c, Vector([x, 1.0, 0.0]))
            .expect("string");
    }
    for _ in 0..(2.0 / dt) as usize {
        let v_in = w.bodies()[0].linear_velocity()[0];
        if w.step().expect("step").collisions > 0 {
            return w
                .bodies()
                .iter()
                .map(|b| b.linear_velocity()[0] / v_in)
                .collect();
        }
    }
    vec![f64::NAN; BALLS]
}

/// The same cradle in rapier (ball colliders, restitution 1, no friction, spherical joints
/// to the pivots, which hold the string length like our distance joints for a ball).
#[must_use]
pub fn cradle_rapier(dt: f64, released: usize, iterations: usize) -> Vec<f64> {
    let mut w = rapier_world(dt, iterations);
    let fixed = ground(&mut w);
    let volume = 4.0 / 3.0 * std::f64::consts::PI * R.powi(3);
    let a = 30f64.to_radians();
    let mut handles = Vec::new();
    for i in 0..BALLS {
        let x = i as f64 * 2.0 * R;
        let c = if i < released {
            rp::Vector::new(x - a.sin(), 1.0 - a.cos(), 0.0)
        } else {
            rp::Vector::new(x, 0.0, 0.0)
        };
        let h = w.bodies.insert(
            rp::RigidBodyBuilder::dynamic()
                .translation(c)
                .can_sleep(false)
                .build(),
        );
        let collider = rp::ColliderBuilder::ball(R)
            .density(1.0 / volume)
            .restitution(1.0)
            .friction(0.0)
            .build();
        w.colliders.insert_with_parent(collider, h, &mut w.bodies);
        let pivot = rp::Vector::new(x, 1.0, 0.0);
        let joint = rp::SphericalJointBuilder::new()
            .local_anchor1(pivot)
            .local_anchor2(pivot - c);
        w.impulse_joints.insert(fixed, h, joint, true);
        handles.push(h);
    }
    let mut last_before = vec![0.0; BALLS];
    for _ in 0..(2.0 / dt) as usize {
        let before: Vec<f64> = handles.iter().map(|h| w.bodies[*h].linvel().x).collect();
        w.step();
        let after: Vec<f64> = handles.iter().map(|h| w.bodies[*h].linvel().x).collect();
        // The first step in which a resting ball starts to move is the impact.
        if after[released..].iter().any(|v| v.abs() > 1e-3) {
            let v_in = before[0];
            return after.iter().map(|v| v / v_in).collect();
        }
        last_before = before;
    }
    let _ = last_before;
    vec![f64::NAN; BALLS]
}

/// Time per step of ours over rapier (4): the runs already made are round one, `again` makes
/// one more pair of runs (ours, rapier) per further round.
fn step_ratio(first: (f64, f64), rounds: usize, again: impl Fn() -> (f64, f64)) -> Ratio {
    let (mut ours, mut theirs) = (Rounds(vec![first.0]), Rounds(vec![first.1]));
    for _ in 1..rounds {
        let (o, r) = again();
        ours.0.push(o);
        theirs.0.push(r);
    }
    Ratio::of(&ours, &theirs)
}

fn pct(x: f64) -> String {
    format!("{:+.3} %", x * 100.0)
}

fn us(s: f64) -> String {
    format!("{:.1} µs", s * 1e6)
}

fn list(v: &[f64]) -> String {
    let shown: Vec<String> = v.iter().map(|x| format!("{x:+.2}")).collect();
    format!("[{}]", shown.join(", "))
}

/// The report section.
#[must_use]
pub fn report(mode: &Mode) -> String {
    // Runs per engine behind each time ratio (its spread is the min–max over them).
    let rounds = if mode.full { 4 } else { 2 };
    let mut md = String::from(
        "The same scenes in both engines, built from the same numbers, one thread, sleeping off. Ours with default settings; rapier with default settings (`num_solver_iterations` = 4 substeps) and with 10. Energy changes are of total (kinetic + potential) energy; the chain's is relative to the potential energy it can release (490.5 J).\n\n",
    );
    let mut t = Table::new([
        "test",
        "measure",
        "ours",
        "rapier (4)",
        "rapier (10)",
        "target (ours)",
    ]);
    for (dt, label) in [(1.0 / 60.0, "60 Hz"), (1e-3, "1 ms")] {
        let tighter = if dt < 0.01 { 10.0 } else { 1.0 };
        for (theta, e_target, p_target) in [(1.0, 0.01, 0.005), (2.5, 0.02, 0.01)] {
            let o = pendulum_ours(theta, dt);
            let r4 = pendulum_rapier(theta, dt, 4);
            let r10 = pendulum_rapier(theta, dt, 10);
            let (e_t, p_t) = (e_target / tighter, p_target / tighter);
            t.row([
                format!("pendulum θ₀ = {theta} rad, {label}, 100 periods"),
                "energy change".into(),
                pct(o.energy),
                pct(r4.energy),
                pct(r10.energy),
                format!(
                    "≤ {} %: {}",
                    e_t * 100.0,
                    Verdict::check(o.energy.abs() <= e_t)
                ),
            ]);
            t.row([
                String::new(),
                "period error".into(),
                pct(o.second),
                pct(r4.second),
                pct(r10.second),
                format!(
                    "≤ {} %: {}",
                    p_t * 100.0,
                    Verdict::check(o.second.abs() <= p_t)
                ),
            ]);
            t.row([
                String::new(),
                "time per step".into(),
                us(o.step),
                us(r4.step),
                us(r10.step),
                format!(
                    "{} rapier (4)",
                    ratio_spread(&step_ratio((o.step, r4.step), rounds, || (
                        pendulum_ours(theta, dt).step,
                        pendulum_rapier(theta, dt, 4).step
                    )))
                ),
            ]);
        }
        let o = chain_ours(dt);
        let r4 = chain_rapier(dt, 4);
        let r10 = chain_rapier(dt, 10);
        let (e_t, g_t) = (0.05 / tighter, 0.001 / tighter);
        t.row([
            format!("20-link chain released horizontally, {label}, 10 s"),
            "energy change".into(),
            pct(o.energy),
            pct(r4.energy),
            pct(r10.energy),
            format!(
                "≤ {} %: {}",
                e_t * 100.0,
                Verdict::check(o.energy.abs() <= e_t)
            ),
        ]);
        t.row([
            String::new(),
            "largest joint gap / link".into(),
            pct(o.second),
            pct(r4.second),
            pct(r10.second),
            format!("≤ {} %: {}", g_t * 100.0, Verdict::check(o.second <= g_t)),
        ]);
        t.row([
            String::new(),
            "time per step".into(),
            us(o.step),
            us(r4.step),
            us(r10.step),
            format!(
                "{} rapier (4)",
                ratio_spread(&step_ratio((o.step, r4.step), rounds, || (
                    chain_ours(dt).step,
                    chain_rapier(dt, 4).step
                )))
            ),
        ]);
        for released in 1..=3 {
            let o = cradle_ours(dt, released);
            let textbook = o.iter().enumerate().all(|(i, v)| {
                let expected = if i >= BALLS - released { 1.0 } else { 0.0 };
                (v - expected).abs() <= 0.01
            });
            t.row([
                format!("touching cradle, {released} released, {label}"),
                "velocities after impact / incoming".into(),
                list(&o),
                list(&cradle_rapier(dt, released, 4)),
                list(&cradle_rapier(dt, released, 10)),
                format!("textbook within 0.01: {}", Verdict::check(textbook)),
            ]);
        }
    }
    md.push_str(&t.to_markdown());
    md.push_str("\n**Time integration of joints** (the comparison behind `JointScheme`): the pendulum above, ours with each scheme.\n\n");
    let mut schemes = Table::new([
        "scheme",
        "θ₀ = 1, 60 Hz: ΔE/E, period",
        "θ₀ = 2.5, 60 Hz",
        "θ₀ = 1, 1 ms",
        "θ₀ = 2.5, 1 ms",
    ]);
    let candidates: [(&str, WorldSettings<f64>); 3] = [
        (
            "RATTLE (default): half kicks, SHAKE-direction projection, velocity projection at the new pose",
            WorldSettings::default(),
        ),
        (
            "symplectic Euler + Newton projection at the new pose (v += Δq/Δt)",
            {
                let mut s = WorldSettings::default();
                s.joint_scheme = solver::world::JointScheme::SymplecticEuler;
                s
            },
        ),
        ("symplectic Euler, Baumgarte only (no projection)", {
            let mut s = WorldSettings::default();
            s.joint_scheme = solver::world::JointScheme::SymplecticEuler;
            s.post_stabilization = 0;
            s
        }),
    ];
    for (name, settings) in candidates {
        let cell = |theta: f64, dt: f64| {
            let f = pendulum_ours_with(theta, dt, settings);
            format!("{}, {}", pct(f.energy), pct(f.second))
        };
        schemes.row([
            name.to_string(),
            cell(1.0, 1.0 / 60.0),
            cell(2.5, 1.0 / 60.0),
            cell(1.0, 1e-3),
            cell(2.5, 1e-3),
        ]);
    }
    md.push_str(&schemes.to_markdown());
    md
}
