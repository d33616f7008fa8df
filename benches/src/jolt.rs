//! Jolt Physics 5.0.0 beside rapier: a small world of boxes, spheres and capsules driven
//! through Jolt's C API (`joltc-sys`), on one thread (a job system of 0 workers), with Jolt's
//! defaults (10 velocity and 2 position iterations, 0.02 m speculative distance and
//! penetration slop, gravity −9.81 m/s² along y: the C API exposes neither its
//! `PhysicsSettings` nor its gravity), but without its default damping (0.05 /s), which
//! the scenes do not have. Masses are set through each shape's density, the only
//! way the C API offers; Jolt combines two frictions as their geometric mean, so a scene that
//! gives every body the same μ gets μ at every contact.
#![allow(
    unsafe_code,
    reason = "Jolt is C++ behind a C API: every call into it is a foreign call"
)]

use core::ffi::{c_uint, c_void};
use std::sync::Once;

use joltc_sys as j;

/// A body's shape, in metres.
#[derive(Debug, Clone, Copy)]
pub enum JoltShape {
    /// A box of these half extents (Jolt rounds its edges by its default convex radius,
    /// 5 cm, which its collision uses and its mass ignores).
    Cuboid([f64; 3]),
    /// A sphere of this radius.
    Sphere(f64),
    /// A capsule along the body's y axis: radius and the cylinder's half height.
    Capsule {
        /// Radius of the caps and the cylinder.
        radius: f64,
        /// Half the length of the cylinder between the caps' centres.
        half_height: f64,
    },
}

impl JoltShape {
    fn volume(self) -> f64 {
        use core::f64::consts::PI;
        match self {
            Self::Cuboid(h) => 8.0 * h[0] * h[1] * h[2],
            Self::Sphere(r) => 4.0 / 3.0 * PI * r * r * r,
            Self::Capsule {
                radius,
                half_height,
            } => PI * radius * radius * (2.0 * half_height + 4.0 / 3.0 * radius),
        }
    }
}

/// A body to add: its shape and mass (≤ 0: static), pose, spin and material.
#[derive(Debug, Clone, Copy)]
pub struct JoltBody {
    /// The shape.
    pub shape: JoltShape,
    /// Mass (kg), set through the shape's density; ≤ 0 makes the body static.
    pub mass: f64,
    /// Position of the centre (m).
    pub centre: [f64; 3],
    /// Orientation, a unit quaternion (x, y, z, w).
    pub rotation: [f64; 4],
    /// Angular velocity at the start (rad/s).
    pub angular_velocity: [f64; 3],
    /// Friction coefficient.
    pub friction: f64,
    /// Restitution coefficient.
    pub restitution: f64,
}

impl JoltBody {
    /// A body at rest at `centre`, unturned, with μ = 0.5 and e = 0.
    #[must_use]
    pub fn new(shape: JoltShape, mass: f64, centre: [f64; 3]) -> Self {
        Self {
            shape,
            mass,
            centre,
            rotation: [0.0, 0.0, 0.0, 1.0],
            angular_velocity: [0.0; 3],
            friction: 0.5,
            restitution: 0.0,
        }
    }
}

/// Object layers: what does not move, what does.
const STATIC: j::JPC_ObjectLayer = 0;
const MOVING: j::JPC_ObjectLayer = 1;

unsafe extern "C" fn layer_count(_: *const c_void) -> c_uint {
    2
}

unsafe extern "C" fn broad_layer(
    _: *const c_void,
    layer: j::JPC_ObjectLayer,
) -> j::JPC_BroadPhaseLayer {
    layer as j::JPC_BroadPhaseLayer
}

unsafe extern "C" fn object_vs_broad(
    _: *const c_void,
    layer: j::JPC_ObjectLayer,
    broad: j::JPC_BroadPhaseLayer,
) -> bool {
    layer == MOVING || j::JPC_ObjectLayer::from(broad) == MOVING
}

unsafe extern "C" fn object_vs_object(
    _: *const c_void,
    a: j::JPC_ObjectLayer,
    b: j::JPC_ObjectLayer,
) -> bool {
    a == MOVING || b == MOVING
}

/// Jolt's process-wide set-up (allocator, factory, type registry), once.
fn init_process() {
    static INIT: Once = Once::new();
    // SAFETY: called once per process before any other Jolt call, as Jolt requires.
    INIT.call_once(|| unsafe {
        j::JPC_RegisterDefaultAllocator();
        j::JPC_FactoryInit();
        j::JPC_RegisterTypes();
    });
}

fn vec3(v: [f64; 3]) -> j::JPC_Vec3 {
    j::JPC_Vec3 {
        x: v[0] as f32,
        y: v[1] as f32,
        z: v[2] as f32,
        // Jolt keeps z in the padding lane too.
        _w: v[2] as f32,
    }
}

/// A Jolt physics system with the bodies added to it, in the order added.
#[derive(Debug)]
pub struct JoltWorld {
    system: *mut j::JPC_PhysicsSystem,
    temp: *mut j::JPC_TempAllocatorImpl,
    jobs: *mut j::JPC_JobSystemThreadPool,
    broad_phase_layers: *mut j::JPC_BroadPhaseLayerInterface,
    object_vs_broad: *mut j::JPC_ObjectVsBroadPhaseLayerFilter,
    object_vs_object: *mut j::JPC_ObjectLayerPairFilter,
    bodies: Vec<j::JPC_BodyID>,
    optimized: bool,
}

impl JoltWorld {
    /// An empty world for at most `max_bodies` bodies, stepped on the calling thread.
    #[must_use]
    pub fn new(max_bodies: u32) -> Self {
        init_process();
        // Body pairs and contact constraints: 8 a body covers a pyramid (about 2.5 contacts a
        // box) with room. Jolt takes its per-step buffers for these from the temporary
        // allocator and aborts the process when that runs out (64 MB did not hold 40 000
        // contact constraints).
        let pairs = (max_bodies * 8).max(1024);
        // SAFETY: plain constructors; the filters have no state (`self` is null) and live
        // as long as the system (dropped after it).
        unsafe {
            let temp = j::JPC_TempAllocatorImpl_new(256 << 20);
            let jobs = j::JPC_JobSystemThreadPool_new3(
                j::JPC_MAX_PHYSICS_JOBS as c_uint,
                j::JPC_MAX_PHYSICS_BARRIERS as c_uint,
                0,
            );
            let broad_phase_layers = j::JPC_BroadPhaseLayerInterface_new(
                core::ptr::null(),
                j::JPC_BroadPhaseLayerInterfaceFns {
                    GetNumBroadPhaseLayers: Some(layer_count),
                    GetBroadPhaseLayer: Some(broad_layer),
                },
            );
            let object_vs_broad = j::JPC_ObjectVsBroadPhaseLayerFilter_new(
                core::ptr::null(),
                j::JPC_ObjectVsBroadPhaseLayerFilterFns {
                    ShouldCollide: Some(object_vs_broad),
                },
            );
            let object_vs_object = j::JPC_ObjectLayerPairFilter_new(
                core::ptr::null(),
                j::JPC_ObjectLayerPairFilterFns {
                    ShouldCollide: Some(object_vs_object),
                },
            );
            let system = j::JPC_PhysicsSystem_new();
            j::JPC_PhysicsSystem_Init(
                system,
                max_bodies,
                0,
                pairs,
                pairs,
                broad_phase_layers,
                object_vs_broad,
                object_vs_object,
            );
            Self {
                system,
                temp,
                jobs,
                broad_phase_layers,
                object_vs_broad,
                object_vs_object,
                bodies: Vec::new(),
                optimized: false,
            }
        }
    }

    /// Adds the scenes' ground, a static box of 200 m × 2 m × 200 m whose top face is the
    /// plane y = 0, with friction `friction`.
    pub fn add_ground(&mut self, friction: f64) -> usize {
        let mut ground = JoltBody::new(
            JoltShape::Cuboid([100.0, 1.0, 100.0]),
            0.0,
            [0.0, -1.0, 0.0],
        );
        ground.friction = friction;
        self.add(&ground)
    }

    /// Adds a body; returns its index among the added bodies.
    ///
    /// # Panics
    /// If Jolt refuses the shape (its message is in the panic) or the world is full.
    pub fn add(&mut self, body: &JoltBody) -> usize {
        let JoltBody {
            shape,
            mass,
            centre,
            rotation,
            angular_velocity,
            friction,
            restitution,
        } = *body;
        let density = if mass > 0.0 {
            mass / shape.volume()
        } else {
            1.0
        };
        // SAFETY: the settings structs are filled by Jolt's own defaults before use; the
        // shape pointer is checked, handed to the body (which holds a reference) and our
        // reference released.
        unsafe {
            let mut made: *mut j::JPC_Shape = core::ptr::null_mut();
            let mut error: *mut j::JPC_String = core::ptr::null_mut();
            let ok = match shape {
                JoltShape::Cuboid(h) => {
                    let mut s = core::mem::zeroed::<j::JPC_BoxShapeSettings>();
                    j::JPC_BoxShapeSettings_default(&mut s);
                    s.HalfExtent = vec3(h);
                    s.Density = density as f32;
                    j::JPC_BoxShapeSettings_Create(&s, &mut made, &mut error)
                }
                JoltShape::Sphere(r) => {
                    let mut s = core::mem::zeroed::<j::JPC_SphereShapeSettings>();
                    j::JPC_SphereShapeSettings_default(&mut s);
                    s.Radius = r as f32;
                    s.Density = density as f32;
                    j::JPC_SphereShapeSettings_Create(&s, &mut made, &mut error)
                }
                JoltShape::Capsule {
                    radius,
                    half_height,
                } => {
                    let mut s = core::mem::zeroed::<j::JPC_CapsuleShapeSettings>();
                    j::JPC_CapsuleShapeSettings_default(&mut s);
                    s.Radius = radius as f32;
                    s.HalfHeightOfCylinder = half_height as f32;
                    s.Density = density as f32;
                    j::JPC_CapsuleShapeSettings_Create(&s, &mut made, &mut error)
                }
            };
            if !ok {
                let text = std::ffi::CStr::from_ptr(j::JPC_String_c_str(error))
                    .to_string_lossy()
                    .into_owned();
                j::JPC_String_delete(error);
                panic!("Jolt refused the shape {shape:?}: {text}");
            }
            let mut b = core::mem::zeroed::<j::JPC_BodyCreationSettings>();
            j::JPC_BodyCreationSettings_default(&mut b);
            b.Position = vec3(centre);
            b.Rotation = j::JPC_Quat {
                x: rotation[0] as f32,
                y: rotation[1] as f32,
                z: rotation[2] as f32,
                w: rotation[3] as f32,
            };
            let moving = mass > 0.0;
            b.MotionType = if moving {
                j::JPC_MOTION_TYPE_DYNAMIC
            } else {
                j::JPC_MOTION_TYPE_STATIC
            };
            b.ObjectLayer = if moving { MOVING } else { STATIC };
            b.AngularVelocity = vec3(angular_velocity);
            b.AllowSleeping = false;
            // Jolt damps every body by default (0.05 /s); the scenes have no damping.
            b.LinearDamping = 0.0;
            b.AngularDamping = 0.0;
            b.Friction = friction as f32;
            b.Restitution = restitution as f32;
            b.Shape = made;
            let interface = j::JPC_PhysicsSystem_GetBodyInterface(self.system);
            let body = j::JPC_BodyInterface_CreateBody(interface, &b);
            j::JPC_Shape_Release(made);
            assert!(
                !body.is_null(),
                "Jolt's world is full ({} bodies)",
                self.bodies.len()
            );
            let id = j::JPC_Body_GetID(body);
            let activation = if moving {
                j::JPC_ACTIVATION_ACTIVATE
            } else {
                j::JPC_ACTIVATION_DONT_ACTIVATE
            };
            j::JPC_BodyInterface_AddBody(interface, id, activation);
            self.bodies.push(id);
        }
        self.optimized = false;
        self.bodies.len() - 1
    }

    /// One step of `dt` seconds (one collision step).
    ///
    /// # Errors
    /// Jolt's update error flags (a cache or the contact buffer full) as text.
    pub fn step(&mut self, dt: f64) -> Result<(), String> {
        // SAFETY: every pointer was made by `new` and lives until `drop`.
        let error = unsafe {
            if !self.optimized {
                j::JPC_PhysicsSystem_OptimizeBroadPhase(self.system);
                self.optimized = true;
            }
            j::JPC_PhysicsSystem_Update(self.system, dt as f32, 1, self.temp, self.jobs)
        };
        if error == j::JPC_PHYSICS_UPDATE_ERROR_NONE {
            Ok(())
        } else {
            Err(format!("Jolt's update failed (error flags {error:#x})"))
        }
    }

    /// Position and orientation (quaternion x, y, z, w) of body `k`.
    #[must_use]
    pub fn pose(&self, k: usize) -> ([f64; 3], [f64; 4]) {
        let mut p = vec3([0.0; 3]);
        let mut q = j::JPC_Quat {
            x: 0.0,
            y: 0.0,
            z: 0.0,
            w: 1.0,
        };
        // SAFETY: the body was added by `add` and never removed.
        unsafe {
            let interface = j::JPC_PhysicsSystem_GetBodyInterface(self.system);
            j::JPC_BodyInterface_GetPositionAndRotation(interface, self.bodies[k], &mut p, &mut q);
        }
        (
            [f64::from(p.x), f64::from(p.y), f64::from(p.z)],
            [
                f64::from(q.x),
                f64::from(q.y),
                f64::from(q.z),
                f64::from(q.w),
            ],
        )
    }
}

impl Drop for JoltWorld {
    fn drop(&mut self) {
        // SAFETY: each pointer was made by `new`; bodies go before the system, the system
        // before the filters it uses.
        unsafe {
            let interface = j::JPC_PhysicsSystem_GetBodyInterface(self.system);
            for &id in &self.bodies {
                j::JPC_BodyInterface_RemoveBody(interface, id);
                j::JPC_BodyInterface_DestroyBody(interface, id);
            }
            j::JPC_PhysicsSystem_delete(self.system);
            j::JPC_ObjectLayerPairFilter_delete(self.object_vs_object);
            j::JPC_ObjectVsBroadPhaseLayerFilter_delete(self.object_vs_broad);
            j::JPC_BroadPhaseLayerInterface_delete(self.broad_phase_layers);
            j::JPC_JobSystemThreadPool_delete(self.jobs);
            j::JPC_TempAllocatorImpl_delete(self.temp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A free sphere falls as semi-implicit Euler under −9.81 m/s² along y says, and a box
    /// set on a static ground box stays where it was put: the wrapper passes poses, masses,
    /// layers and the step through as meant.
    #[test]
    fn falls_and_rests() {
        let mut w = JoltWorld::new(8);
        w.add(&JoltBody::new(
            JoltShape::Cuboid([10.0, 1.0, 10.0]),
            0.0,
            [0.0, -1.0, 0.0],
        ));
        let ball = w.add(&JoltBody::new(
            JoltShape::Sphere(0.5),
            1.0,
            [20.0, 10.0, 0.0],
        ));
        let cube = w.add(&JoltBody::new(
            JoltShape::Cuboid([0.5; 3]),
            1.0,
            [0.0, 0.5, 0.0],
        ));
        let dt = 1.0 / 60.0;
        for _ in 0..60 {
            w.step(dt).expect("step");
        }
        let fall = 9.81 * dt * dt * (60.0 * 61.0 / 2.0);
        let (p, _) = w.pose(ball);
        assert!((p[1] - (10.0 - fall)).abs() < 1e-3, "sphere at {p:?}");
        let (p, q) = w.pose(cube);
        assert!(
            (p[1] - 0.5).abs() < 0.03 && p[0].abs() < 1e-3,
            "box at {p:?}"
        );
        assert!((q[3].abs() - 1.0).abs() < 1e-4, "box turned: {q:?}");
    }
}
