//! A small game-like scene driven the way a game drives a physics engine: a kinematic
//! platform shuttling back and forth, a capsule character that jumps whenever a ray cast
//! down finds ground under its feet, crates dropped onto the platform (those that fall off
//! onto the ground are removed, as a game despawns them), and the contact events counted.
//! 6 s at 60 Hz; one line a second.
//!
//! ```sh
//! cargo run --release -p rtphys-solver --example platformer
//! ```
use solver::cwlist::Growable;
use solver::world::{
    ContactEvent, HitTarget, Material, RayHit, RigidBody, Shape, World, WorldError, WorldSettings,
};
use solver::xform::{Matrix, Vector};

/// How far below the character's feet the ground check looks (m).
const REACH: f64 = 0.05;
/// The character's capsule: radius and half height of its segment (m).
const RADIUS: f64 = 0.3;
const HALF: f64 = 0.4;

fn main() -> Result<(), WorldError> {
    let mut w = World::<f64, Growable>::new(WorldSettings::default())?;
    w.add_plane(Vector([0.0, 1.0, 0.0]), 0.0, Material::default())?;
    let platform = w.add_body(
        RigidBody::kinematic()
            .with_shape(Shape::Box(Vector([2.0, 0.1, 2.0])))
            .with_position(Vector([0.0, 1.0, 0.0]))
            .with_linear_velocity(Vector([1.0, 0.0, 0.0])),
    )?;
    let feet = RADIUS + HALF;
    // A capsule standing on its end tips over; a game's character does not: its rotation is
    // held by an inertia a million times its own (the world has no axis locks yet).
    let upright = Matrix::from_diagonal(Vector([1e6, 1e6, 1e6]));
    let hero = w.add_body(
        RigidBody::new(70.0, upright)?
            .with_shape(Shape::Capsule(RADIUS, HALF))
            .with_position(Vector([0.0, 1.1 + feet, 0.0])),
    )?;
    let mut crates = Vec::new();
    let (mut jumps, mut began, mut ended, mut hero_landings, mut cleared) = (0, 0, 0, 0, 0);
    let steps = 360;
    for n in 0..steps {
        // The platform turns around every 2 s.
        if n % 120 == 60 {
            let v = w[platform].linear_velocity();
            w.set_linear_velocity(platform, -v)?;
        }
        // A crate every 0.75 s, dropped above the platform.
        if n % 45 == 0 && crates.len() < 6 {
            let x = w[platform].position()[0] + 1.2 - 0.5 * crates.len() as f64;
            let body = RigidBody::cuboid(5.0, Vector([0.2, 0.2, 0.2]))?
                .with_position(Vector([x, 3.0, 1.2]));
            crates.push(w.add_body(body)?);
        }
        // Ground check: a ray from the bottom of the capsule's segment, down.
        let foot = w[hero].position() - Vector([0.0, HALF, 0.0]);
        let mut ground: Option<RayHit<f64>> = None;
        w.cast_ray_all(foot, Vector([0.0, -1.0, 0.0]), RADIUS + REACH, &mut |hit| {
            let nearer = ground.is_none_or(|g| hit.distance < g.distance);
            if hit.target != HitTarget::Body(hero) && nearer {
                ground = Some(hit);
            }
        })?;
        let standing = ground.is_some();
        if standing && w[hero].linear_velocity()[1] <= 0.1 && n % 60 == 30 {
            // Jump: 2.5 m/s up on top of whatever carries the character.
            w.apply_impulse(hero, Vector([0.0, 70.0 * 2.5, 0.0]))?;
            jumps += 1;
        }
        w.step()?;
        // Crates that fell off the platform onto the ground are cleared away.
        for k in (0..crates.len()).rev() {
            if w[crates[k]].position()[1] < 0.5 {
                w.remove_body(crates.swap_remove(k))?;
                cleared += 1;
            }
        }
        began += w.contacts_began().len();
        ended += w.contacts_ended().len();
        let with_hero = |e: &&ContactEvent<f64>| e.a == hero || e.partner == HitTarget::Body(hero);
        hero_landings += w.contacts_began().iter().filter(with_hero).count();
        if (n + 1) % 60 == 0 {
            let p = w[hero].position();
            let on = match ground.map(|g| g.target) {
                Some(HitTarget::Body(b)) if b == platform => "the platform".to_string(),
                Some(HitTarget::Body(b)) => b.to_string(),
                Some(HitTarget::Plane(_)) => "the ground".to_string(),
                None => "air".to_string(),
            };
            println!(
                "t = {:.0} s: hero at ({:+.2}, {:.2}) over {on}, platform x = {:+.2}, {} crates ({cleared} cleared), contacts began {began}, ended {ended}, jumps {jumps}",
                (n + 1) as f64 / 60.0,
                p[0],
                p[1],
                w[platform].position()[0],
                crates.len()
            );
        }
    }
    let deepest = w.deepest_penetration();
    println!(
        "the hero's contacts began {hero_landings} times (landings); deepest penetration at the end {:.1} mm",
        deepest * 1e3
    );
    Ok(())
}
