//! The world scenes whose step is measured on the target, in fixed-capacity storage (no
//! allocator), generic over the scalar so that f32 and f64 build the same scene.
//!
//! - [`chain`]: a 20-link chain of rods joined by ball joints, hanging from a fixed point,
//!   released horizontally; stepped at 1 kHz with the settings of the chain scene of
//!   `solver`'s `scenes` example (direct joint solve, 20 sweeps, 3 projection iterations).
//! - [`spheres_in_box`]: `side × side × layers` spheres of radius 0.1 m stacked in a box of
//!   five planes (floor and four walls), each resting on the one below with a 1 mm gap,
//!   friction 0.5, stepped at 120 Hz with the settings of the pile scene (30 sweeps), sleeping
//!   off so that every measured step is an awake one.
use num_traits::Float;
use solver::world::{
    FixedWorld, JointSolver, Material, RigidBody, Scalar, WorldError, WorldSettings,
};
use solver::xform::{Matrix, Vector};

/// Links of the chain.
pub const CHAIN_LINKS: usize = 20;
/// Length of one link (m).
pub const LINK_LENGTH: f64 = 0.25;
/// Capacity of the chain's world: 20 bodies, 60 joint rows.
pub const CHAIN_CAPACITY: usize = 64;
/// The chain's world.
pub type ChainWorld<T> = FixedWorld<T, CHAIN_CAPACITY>;

/// Sphere radius in the box (m).
pub const RADIUS: f64 = 0.1;

fn lit<T: Float>(x: f64) -> T {
    T::from(x).unwrap_or_else(T::nan)
}

fn v3<T: Float>(x: f64, y: f64, z: f64) -> Vector<T, 3> {
    Vector([lit(x), lit(y), lit(z)])
}

/// The chain's settings: 1 kHz, 20 sweeps, ω = 1, β = 0.2, direct joint solve, at most 3
/// Newton iterations of position projection to 1e-6 m.
#[must_use]
pub fn chain_settings<T: Float>() -> WorldSettings<T> {
    let mut s = WorldSettings::<T> {
        dt: lit(1e-3),
        joint_beta: lit(0.2),
        joint_solver: JointSolver::Direct,
        post_stabilization: 3,
        projection_tolerance: lit(1e-6),
        ..WorldSettings::default()
    };
    s.solver.max_iterations = 20;
    s.solver.omega = T::one();
    s
}

/// The 20-link chain (unit-mass rods of 0.25 m, radius 0.02 m) along +x from a ball joint
/// at the origin, at rest.
///
/// # Example
/// ```
/// let mut world = embedded::scenes::chain::<f32>().unwrap();
/// assert_eq!(world.bodies().len(), 20);
/// world.step().unwrap();
/// assert!(world.max_joint_error() < 1e-4);
/// ```
///
/// # Errors
/// A [`WorldError`] if the world rejects a body or joint (it does not for these values).
pub fn chain<T: Scalar>() -> Result<ChainWorld<T>, WorldError> {
    let mut world = ChainWorld::<T>::new(chain_settings())?;
    let (m, r, l) = (1.0, 0.02, LINK_LENGTH);
    let along = 0.5 * m * r * r;
    let across = m * l * l / 12.0 + 0.25 * m * r * r;
    let inertia = Matrix::from_diagonal(v3(along, across, across));
    let mut previous = None;
    for i in 0..CHAIN_LINKS {
        let link =
            RigidBody::new(lit(m), inertia)?.with_position(v3((i as f64 + 0.5) * l, 0.0, 0.0));
        let id = world.add_body(link)?;
        let pivot = v3(i as f64 * l, 0.0, 0.0);
        match previous {
            None => world.add_ball_joint(id, None, pivot)?,
            Some(p) => world.add_ball_joint(p, Some(id), pivot)?,
        };
        previous = Some(id);
    }
    Ok(world)
}

/// The box scene's settings: 120 Hz, 30 sweeps, slop 0.05 mm, margin 1 cm, β = 0.2, no
/// sleeping.
#[must_use]
pub fn box_settings<T: Float>() -> WorldSettings<T> {
    let mut s = WorldSettings::<T> {
        dt: lit(1.0 / 120.0),
        slop: lit(0.0005 * RADIUS),
        margin: lit(0.1 * RADIUS),
        contact_beta: lit(0.2),
        // Awake steps are measured: a resting island would otherwise fall asleep after 0.5 s.
        sleep: None,
        ..WorldSettings::default()
    };
    s.solver.max_iterations = 30;
    s
}

/// `side × side × layers` spheres (1 kg, radius 0.1 m) in columns 1 mm apart inside a box
/// just wide enough, each 1 mm above the one below, with a tiny deterministic offset per
/// sphere so the columns are not perfectly balanced.
///
/// # Example
/// ```
/// use embedded::scenes::spheres_in_box;
/// // A `FixedWorld<f32, 192>` is 0.7 MB, moved several times on the way in an unoptimized
/// // build: a thread with room for it.
/// std::thread::Builder::new().stack_size(64 << 20).spawn(|| {
///     let mut world = spheres_in_box::<f32, 192>(4, 1).unwrap();
///     assert_eq!(world.bodies().len(), 16);
///     world.step().unwrap();
///     assert!(world.contact_count() >= 16); // every sphere on the floor
///     // Too small a capacity is an error, not a panic.
///     assert!(spheres_in_box::<f32, 8>(4, 1).is_err());
/// }).unwrap().join().unwrap();
/// ```
///
/// # Errors
/// A [`WorldError`] if the world runs out of room (`N` too small) or rejects a value.
pub fn spheres_in_box<T: Scalar, const N: usize>(
    side: usize,
    layers: usize,
) -> Result<FixedWorld<T, N>, WorldError> {
    let mut world = FixedWorld::<T, N>::new(box_settings())?;
    fill_box(&mut world, side, layers)?;
    Ok(world)
}

/// Fills an empty `world` with the scene of [`spheres_in_box`], in place: a world of
/// megabytes is then never moved (each move can cost a copy on the stack, and the target's
/// stack holds only a few).
///
/// # Example
/// ```
/// use embedded::scenes::fill_box;
/// use solver::world::{FixedWorld, WorldSettings};
/// std::thread::Builder::new().stack_size(64 << 20).spawn(|| {
///     let mut world = FixedWorld::<f32, 192>::new(WorldSettings::default()).unwrap();
///     fill_box(&mut world, 4, 1).unwrap();
///     assert_eq!(world.bodies().len(), 16);
/// }).unwrap().join().unwrap();
/// ```
///
/// # Errors
/// As [`spheres_in_box`].
pub fn fill_box<T: Scalar, const N: usize>(
    world: &mut FixedWorld<T, N>,
    side: usize,
    layers: usize,
) -> Result<(), WorldError> {
    world.set_settings(box_settings())?;
    let material = Material {
        friction: lit(0.5),
        restitution: T::zero(),
    };
    let pitch = 2.0 * RADIUS + 0.001;
    let width = side as f64 * pitch + 0.001;
    let planes = [
        (v3(0.0, 1.0, 0.0), 0.0),
        (v3(1.0, 0.0, 0.0), 0.0),
        (v3(-1.0, 0.0, 0.0), -width),
        (v3(0.0, 0.0, 1.0), 0.0),
        (v3(0.0, 0.0, -1.0), -width),
    ];
    for (n, d) in planes {
        world.add_plane(n, lit(d), material)?;
    }
    let mut k = 0u32;
    for layer in 0..layers {
        for i in 0..side {
            for j in 0..side {
                // A deterministic offset of at most ±0.2 mm (no RNG needed on the target).
                k = k.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                let jitter = (f64::from((k >> 16) & 0xff) / 255.0 - 0.5) * 4e-4;
                let p = v3(
                    0.001 + RADIUS + i as f64 * pitch + jitter,
                    RADIUS + 0.001 + layer as f64 * pitch,
                    0.001 + RADIUS + j as f64 * pitch - jitter,
                );
                let ball = RigidBody::sphere(T::one(), lit(RADIUS))?
                    .with_material(material)
                    .with_position(p);
                world.add_body(ball)?;
            }
        }
    }
    Ok(())
}
