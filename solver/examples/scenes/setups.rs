//! The scenes' worlds, built and ready to step. One copy, shared by the scenes' tables
//! (`examples/scenes.rs`) and the browser build (`web/`, which includes this file by
//! `#[path]`), so the page steps exactly the worlds the tables measure.
//! Sines and cosines come from `libm`, not std, whose platform versions may differ in the
//! last bit between native and WebAssembly.
use solver::world::{
    BodyHandle, ContactSolver, JointSolver, Material, RigidBody, Shape, World, WorldSettings,
};
use solver::xform::{Inertia, Matrix, Plx, Rotation, Vector};

/// The world of the scenes: f64, growable storage.
pub(crate) type SceneWorld = World<f64, solver::cwlist::Growable>;

/// A small deterministic generator for scene jitter (no dependency).
pub(crate) struct Lcg(pub(crate) u64);

impl Lcg {
    /// Uniform in [-1, 1).
    pub(crate) fn next(&mut self) -> f64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 11) as f64 / (1u64 << 53) as f64) * 2.0 - 1.0
    }
}

/// Adds the planes `(normal, offset)`, all of `material`.
fn add_planes(world: &mut SceneWorld, planes: &[(Vector<f64, 3>, f64)], material: Material<f64>) {
    for &(n, d) in planes {
        world.add_plane(n, d, material).expect("valid plane");
    }
}

/// An open box of side `width` with its corner at the origin: floor and four walls.
fn open_box(width: f64) -> [(Vector<f64, 3>, f64); 5] {
    [
        (Vector([0.0, 1.0, 0.0]), 0.0),
        (Vector([1.0, 0.0, 0.0]), 0.0),
        (Vector([-1.0, 0.0, 0.0]), -width),
        (Vector([0.0, 0.0, 1.0]), 0.0),
        (Vector([0.0, 0.0, -1.0]), -width),
    ]
}

/// Newton's cradle: 5 touching balls (gap 0, e = 1, no friction) on 1 m strings (distance
/// joints), the first `released` pulled back 30°.
pub(crate) mod cradle {
    use super::*;

    pub(crate) const BALLS: usize = 5;
    pub(crate) const RADIUS: f64 = 0.05;
    pub(crate) const STRING: f64 = 1.0;
    pub(crate) const RELEASE_DEG: f64 = 30.0;

    pub(crate) fn build(released: usize, dt: f64) -> SceneWorld {
        let mut s = WorldSettings::default();
        s.dt = dt;
        s.sleep = None;
        let mut world = SceneWorld::new(s).expect("valid settings");
        let material = Material {
            friction: 0.0,
            restitution: 1.0,
        };
        let a = RELEASE_DEG.to_radians();
        for i in 0..BALLS {
            let x = i as f64 * 2.0 * RADIUS; // touching: gap 0
            let pivot = Vector([x, STRING, 0.0]);
            let center = if i < released {
                Vector([
                    x - STRING * libm::sin(a),
                    STRING - STRING * libm::cos(a),
                    0.0,
                ])
            } else {
                Vector([x, 0.0, 0.0])
            };
            let ball = RigidBody::sphere(1.0, RADIUS)
                .expect("valid ball")
                .with_material(material)
                .with_position(center);
            let id = world.add_body(ball).expect("room");
            world
                .add_distance_joint(id, None, center, pivot)
                .expect("valid string");
        }
        world
    }
}

/// A 20-link chain of 0.25 m rods on ball joints, released horizontally from the origin;
/// `heavy` hangs a 1000 kg ball (r = 0.1 m) at its end.
pub(crate) mod chain {
    use super::*;

    pub(crate) const LINKS: usize = 20;
    pub(crate) const LENGTH: f64 = 0.25;
    /// Newton iterations of the position projection at most per step.
    pub(crate) const PROJECTION: usize = 3;

    /// The scene's settings: 60 Hz, 20 sweeps, the direct joint solve and the projection.
    pub(crate) fn settings() -> WorldSettings<f64> {
        let mut s = WorldSettings::default();
        s.solver.max_iterations = 20;
        s.solver.omega = 1.0;
        s.joint_beta = 0.2;
        s.joint_solver = JointSolver::Direct;
        s.post_stabilization = PROJECTION;
        s.projection_tolerance = 1e-6;
        s
    }

    pub(crate) fn build(heavy: bool, settings: WorldSettings<f64>) -> SceneWorld {
        let mut world = SceneWorld::new(settings).expect("valid settings");
        let (m, r) = (1.0, 0.02);
        let along = 0.5 * m * r * r;
        let across = m * LENGTH * LENGTH / 12.0 + 0.25 * m * r * r;
        let inertia = Matrix::from_diagonal(Vector([along, across, across]));
        let mut previous = None;
        for i in 0..LINKS {
            let link = RigidBody::new(m, inertia)
                .expect("valid link")
                .with_position(Vector([(i as f64 + 0.5) * LENGTH, 0.0, 0.0]));
            let id = world.add_body(link).expect("room");
            let pivot = Vector([i as f64 * LENGTH, 0.0, 0.0]);
            match previous {
                None => world.add_ball_joint(id, None, pivot),
                Some(p) => world.add_ball_joint(p, Some(id), pivot),
            }
            .expect("valid joint");
            previous = Some(id);
        }
        if heavy {
            let radius = 0.1;
            let end = LINKS as f64 * LENGTH;
            let ball = RigidBody::sphere(1000.0 * m, radius)
                .expect("valid ball")
                .with_shape(Shape::None)
                .with_position(Vector([end + radius, 0.0, 0.0]));
            let id = world.add_body(ball).expect("room");
            world
                .add_ball_joint(previous.expect("links"), Some(id), Vector([end, 0.0, 0.0]))
                .expect("valid joint");
        }
        world
    }

    /// The potential energy the chain released horizontally gives up by hanging straight
    /// down (links 1 kg; the heavy chain's 1000 kg ball, r = 0.1 m, at its end).
    pub(crate) fn releasable(heavy: bool) -> f64 {
        let links: f64 = (0..LINKS).map(|i| 9.81 * (i as f64 + 0.5) * LENGTH).sum();
        let ball = if heavy {
            1000.0 * 9.81 * (LINKS as f64 * LENGTH + 0.1)
        } else {
            0.0
        };
        links + ball
    }
}

/// 107 spheres (r = 0.1 m) dropped in 5 layers into a box, friction 0.5, at 120 Hz.
pub(crate) mod pile {
    use super::*;

    pub(crate) const RADIUS: f64 = 0.1;

    pub(crate) fn settings() -> WorldSettings<f64> {
        let mut s = WorldSettings::default();
        s.dt = 1.0 / 120.0;
        s.solver.max_iterations = 30;
        s.slop = 0.0005 * RADIUS;
        s.margin = 0.1 * RADIUS;
        s.contact_beta = 0.2;
        // The targets measure how still the solver holds the pile: sleeping would zero the
        // velocities it measures (the large scene shows sleeping).
        s.sleep = None;
        s
    }

    pub(crate) fn build(s: WorldSettings<f64>) -> SceneWorld {
        let mut world = SceneWorld::new(s).expect("valid settings");
        let material = Material {
            friction: 0.5,
            restitution: 0.0,
        };
        add_planes(&mut world, &open_box(10.0 * RADIUS + 0.002), material);
        let mut rng = Lcg(7);
        let pitch = 2.0 * RADIUS;
        let rise = 2.0_f64.sqrt() * RADIUS + 0.03;
        for layer in 0..5 {
            let (count, offset) = if layer % 2 == 0 {
                (5, RADIUS)
            } else {
                (4, 2.0 * RADIUS)
            };
            for i in 0..count {
                for k in 0..count {
                    let jitter = Vector([rng.next(), 0.0, rng.next()]) * 0.0005;
                    let p = Vector([
                        offset + i as f64 * pitch + 0.001,
                        RADIUS + 0.01 + layer as f64 * rise,
                        offset + k as f64 * pitch + 0.001,
                    ]) + jitter;
                    let ball = RigidBody::sphere(1.0, RADIUS)
                        .expect("valid sphere")
                        .with_material(material)
                        .with_position(p);
                    world.add_body(ball).expect("room");
                }
            }
        }
        world
    }
}

/// A free body with principal moments 1, 2, 3 spun about its intermediate axis (the
/// Dzhanibekov flip), no gravity.
pub(crate) mod spin {
    use super::*;

    pub(crate) const MOMENTS: Vector<f64, 3> = Vector([1.0, 2.0, 3.0]);

    pub(crate) fn build(dt: f64) -> SceneWorld {
        let mut s = WorldSettings::default();
        s.dt = dt;
        s.gravity = Vector::zeros();
        s.sleep = None;
        let mut world = SceneWorld::new(s).expect("valid settings");
        let body = RigidBody::new(1.0, Matrix::from_diagonal(MOMENTS))
            .expect("valid body")
            .with_angular_velocity(Vector([0.01, 2.0, 0.01]));
        world.add_body(body).expect("room");
        world
    }
}

/// 4000 spheres (r = 0.1 m) poured in layers into a box, default settings (60 Hz, sleeping).
pub(crate) mod large {
    use super::*;

    pub(crate) const RADIUS: f64 = 0.1;
    pub(crate) const SPHERES: usize = 4000;

    pub(crate) fn build() -> SceneWorld {
        let mut world = SceneWorld::new(WorldSettings::default()).expect("valid settings");
        let material = Material {
            friction: 0.5,
            restitution: 0.0,
        };
        let pitch = 2.4 * RADIUS;
        let side = 16;
        add_planes(&mut world, &open_box(side as f64 * pitch), material);
        let mut rng = Lcg(11);
        for i in 0..SPHERES {
            let (x, z, y) = (i % side, (i / side) % side, i / (side * side));
            let p = Vector([
                (x as f64 + 0.5) * pitch + rng.next() * 0.01,
                RADIUS + 0.02 + y as f64 * pitch,
                (z as f64 + 0.5) * pitch + rng.next() * 0.01,
            ]);
            let ball = RigidBody::sphere(1.0, RADIUS)
                .expect("valid sphere")
                .with_material(material)
                .with_position(p);
            world.add_body(ball).expect("room");
        }
        world
    }
}

/// 1 m boxes of 1 kg standing on the ground: a 20-box tower and a 20-row pyramid.
pub(crate) mod boxes {
    use super::*;

    pub(crate) const HALF: f64 = 0.5;

    /// Centres of a tower of `n` boxes.
    pub(crate) fn tower(n: usize) -> Vec<Vector<f64, 3>> {
        (0..n)
            .map(|k| Vector([0.0, HALF + 2.0 * HALF * k as f64, 0.0]))
            .collect()
    }

    /// Centres of a wall pyramid with `rows` boxes in its base row.
    pub(crate) fn pyramid(rows: usize) -> Vec<Vector<f64, 3>> {
        (0..rows)
            .flat_map(|row| {
                let n = rows - row;
                (0..n).map(move |i| {
                    Vector([
                        (i as f64 - (n - 1) as f64 / 2.0) * 2.0 * HALF,
                        HALF + 2.0 * HALF * row as f64,
                        0.0,
                    ])
                })
            })
            .collect()
    }

    /// Boxes at `centres` on the ground, at 60 Hz, sleeping off (every step's drift is
    /// measured).
    pub(crate) fn build(centres: &[Vector<f64, 3>], contact_solver: ContactSolver) -> SceneWorld {
        let mut s = WorldSettings::default();
        s.sleep = None;
        s.contact_solver = contact_solver;
        let mut world = SceneWorld::new(s).expect("valid settings");
        world
            .add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
            .expect("plane");
        for c in centres {
            let b = RigidBody::cuboid(1.0, Vector([HALF; 3]))
                .expect("valid box")
                .with_position(*c);
            world.add_body(b).expect("room");
        }
        world
    }
}

/// The standard tests: a ball-joint pendulum and the 1000:1 stacks.
pub(crate) mod standard {
    use super::*;

    pub(crate) const G: f64 = 9.81;
    /// The pendulum's string (m) and its bob's radius (m).
    pub(crate) const STRING: f64 = 1.0;
    pub(crate) const BOB: f64 = 0.05;
    /// The stacks' light body: a sphere of radius, or a box of half extent, 0.1 m.
    pub(crate) const STACKED: f64 = 0.1;

    /// A 1 kg bob (r = 5 cm) on a 1 m ball-joint string from the origin, released from
    /// `theta` rad; its handle.
    pub(crate) fn pendulum(theta: f64, dt: f64) -> (SceneWorld, BodyHandle) {
        let mut s = WorldSettings::default();
        s.dt = dt;
        s.sleep = None;
        let mut world = SceneWorld::new(s).expect("valid settings");
        let p = Vector([libm::sin(theta), -libm::cos(theta), 0.0]) * STRING;
        let bob = world
            .add_body(RigidBody::sphere(1.0, BOB).expect("bob").with_position(p))
            .expect("room");
        world
            .add_ball_joint(bob, None, Vector::zeros())
            .expect("joint");
        (world, bob)
    }

    /// A body of `ratio` kg on one of 1 kg on the ground, 60 Hz, sleeping off; `body(mass)`
    /// makes the sphere or the box.
    pub(crate) fn stack(ratio: f64, body: impl Fn(f64) -> RigidBody<f64>) -> SceneWorld {
        let mut s = WorldSettings::default();
        s.sleep = None;
        let mut world = SceneWorld::new(s).expect("valid settings");
        world
            .add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())
            .expect("plane");
        for (mass, y) in [(1.0, STACKED), (ratio, 3.0 * STACKED)] {
            world
                .add_body(body(mass).with_position(Vector([0.0, y, 0.0])))
                .expect("room");
        }
        world
    }

    /// The light (1 kg) and heavy sphere of the sphere stack.
    pub(crate) fn sphere(mass: f64) -> RigidBody<f64> {
        RigidBody::sphere(mass, STACKED).expect("ball")
    }

    /// The boxes of the box stack.
    pub(crate) fn cube(mass: f64) -> RigidBody<f64> {
        RigidBody::cuboid(mass, Vector([STACKED; 3])).expect("box")
    }
}

/// Articulated bodies in reduced coordinates (the `multibody` crate): the chain's 20 rods on
/// spherical joints, and a 6-joint arm with its trajectory.
pub(crate) mod articulated {
    use super::*;
    use solver::cwlist::Growable;
    use solver::multibody::{Joint, Link, Tree};

    pub(crate) const LINKS: usize = 20;
    pub(crate) const LENGTH: f64 = 0.25;
    /// The world's default gravity (−y), so that the chain falls as the world's does.
    pub(crate) const G: Vector<f64, 3> = Vector([0.0, -9.81, 0.0]);

    /// The world's 20-link chain (1 kg, 0.25 m rods of radius 2 cm) on spherical joints.
    pub(crate) fn chain() -> Tree<f64, Growable> {
        let (m, r) = (1.0, 0.02);
        let along = 0.5 * m * r * r;
        let across = m * LENGTH * LENGTH / 12.0 + 0.25 * m * r * r;
        let rod = Inertia::new(
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
            t.try_push(Link::new(i.checked_sub(1), Joint::Spherical, at, rod))
                .expect("room");
        }
        t
    }

    /// The potential energy the chain released horizontally gives up by hanging down.
    pub(crate) fn releasable() -> f64 {
        (0..LINKS).map(|i| 9.81 * (i as f64 + 0.5) * LENGTH).sum()
    }

    /// Arm link length (m).
    pub(crate) const ARM_LINK: f64 = 0.3;
    /// The arm's PD gains on the tracking error (computed torque).
    pub(crate) const ARM_GAINS: (f64, f64) = (400.0, 40.0);

    /// A 6-joint arm: revolute axes z, y, y, x, y, x; 0.3 m links of 2 kg down to 0.5 kg,
    /// each turned 0.3 rad about x from its parent.
    pub(crate) fn arm() -> Tree<f64, Growable> {
        let axes = [
            Vector([0.0, 0.0, 1.0]),
            Vector([0.0, 1.0, 0.0]),
            Vector([0.0, 1.0, 0.0]),
            Vector([1.0, 0.0, 0.0]),
            Vector([0.0, 1.0, 0.0]),
            Vector([1.0, 0.0, 0.0]),
        ];
        let mut t = Tree::<f64, Growable>::new();
        for (i, axis) in axes.iter().enumerate() {
            let m = 2.0 - 0.3 * i as f64;
            let l = ARM_LINK;
            let body = Inertia::new(
                m,
                Vector([l / 2.0, 0.0, 0.0]),
                Matrix::from_diagonal(Vector([1e-3, m * l * l / 12.0, m * l * l / 12.0])),
            );
            let at = if i == 0 {
                Plx::identity()
            } else {
                Plx::new(
                    Rotation::from_axis_angle(&Vector([1.0, 0.0, 0.0]), 0.3),
                    Vector([l, 0.0, 0.0]),
                )
            };
            let joint = Joint::revolute(*axis).expect("unit axis");
            t.try_push(Link::new(i.checked_sub(1), joint, at, body))
                .expect("room");
        }
        t
    }

    /// The arm's trajectory `q_d(t) = A sin(ω t + φ)` for `n` joints: positions, velocities
    /// and accelerations at `time`.
    pub(crate) fn arm_desired(n: usize, time: f64) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
        let mut qd = vec![0.0; n];
        let mut vd = vec![0.0; n];
        let mut ad = vec![0.0; n];
        for j in 0..n {
            let (amp, w, phase) = (0.8 - 0.1 * j as f64, 1.0 + 0.4 * j as f64, 0.7 * j as f64);
            qd[j] = amp * libm::sin(w * time + phase);
            vd[j] = amp * w * libm::cos(w * time + phase);
            ad[j] = -amp * w * w * libm::sin(w * time + phase);
        }
        (qd, vd, ad)
    }
}
