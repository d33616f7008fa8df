//! xform dynamics in f32 on the target: a spinning parent seen from outside and from
//! inside (composition, inverse, global-to-local, inertial and impulse terms, the hierarchy
//! walk), each against values known from elementary rigid-body kinematics.
use crate::check::{Check, Failure, close, ensure};
use core::hint::black_box;
use xform::dynamic::inertial::{centrifugal_2d, coriolis_2d, euler_2d};
use xform::hierarchy::Hierarchy;
use xform::{DynamicTransform, DynamicsDelta, Rotation, Skew, Transform, Vector};

pub(crate) const CHECKS: &[Check] = &[
    (
        "point on a turntable: global velocity and acceleration",
        turntable,
    ),
    ("dynamic inverse composes to rest", inverse_to_rest),
    (
        "global to local returns the local dynamics",
        global_to_local,
    ),
    ("2D centrifugal, Coriolis and Euler terms", inertial_2d),
    ("impulse on a child of a spinning parent", impulse),
    (
        "delta conversions and counteracting a parent's change",
        deltas,
    ),
    (
        "hierarchy walk down a spinning arm and back",
        hierarchy_walk,
    ),
];

/// A `Result` from the library as a check result.
fn ok<T, E>(r: Result<T, E>, what: &'static str) -> Result<T, Failure> {
    match r {
        Ok(v) => Ok(v),
        Err(_) => {
            let Err(failure) = ensure(false, what) else {
                unreachable!("ensure(false) fails")
            };
            Err(failure)
        }
    }
}

fn vclose<const N: usize>(
    got: &Vector<f32, N>,
    want: [f32; N],
    tol: f32,
    what: &'static str,
) -> Result<(), Failure> {
    for i in 0..N {
        close(f64::from(got[i]), f64::from(want[i]), f64::from(tol), what)?;
    }
    Ok(())
}

/// A parent at the origin spinning at `w` rad/s about z.
fn spinning(w: f32) -> DynamicTransform<f32, 3> {
    let mut d = DynamicTransform::identity();
    d.angular_velocity = Skew::from_vector(Vector([0.0, 0.0, black_box(w)]));
    d
}

fn turntable() -> Result<(), Failure> {
    // A point at r = (1, 0, 0) on a table spinning at ω = 2 about z, moving with
    // u = (0, 1, 0) relative to the table. From outside: v = u + ω × r = (0, 3, 0),
    // a = ω × (ω × r) + 2 ω × u = (-4, 0, 0) + (-4, 0, 0) = (-8, 0, 0).
    let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0])));
    child.velocity = Vector([0.0, black_box(1.0), 0.0]);
    let global = spinning(2.0) * child;
    vclose(&global.velocity, [0.0, 3.0, 0.0], 1e-6, "v = u + w x r")?;
    vclose(
        &global.acceleration,
        [-8.0, 0.0, 0.0],
        1e-6,
        "centripetal + Coriolis",
    )?;
    vclose(
        &global.angular_velocity.vector(),
        [0.0, 0.0, 2.0],
        1e-6,
        "inherited spin",
    )?;
    crate::out::value(
        "xform_dynamics.turntable.ax",
        u64::from(global.acceleration[0].to_bits()),
    );
    Ok(())
}

fn inverse_to_rest() -> Result<(), Failure> {
    let r = Rotation::from_axis_angle(&Vector([0.6, 0.0, 0.8]), black_box(0.7_f32));
    let d = DynamicTransform::new(
        Transform::new(Vector([1.0, -2.0, 0.5]), r, 1.5),
        Vector([0.3, 0.1, -0.2]),
        Vector([-0.4, 0.2, 0.6]),
        Skew::from_vector(Vector([0.5, -1.0, 0.25])),
        Skew::from_vector(Vector([0.2, 0.3, -0.7])),
    );
    let inv = d.inverse();
    crate::out::value(
        "xform_dynamics.inverse.ax",
        u64::from(inv.acceleration[0].to_bits()),
    );
    let id = d * inv;
    let rates = DynamicsDelta::between(&DynamicTransform::identity(), &id);
    let tol = 2e-5;
    vclose(&rates.velocity, [0.0; 3], tol, "A A^-1 has no velocity")?;
    vclose(
        &rates.acceleration,
        [0.0; 3],
        tol,
        "A A^-1 has no acceleration",
    )?;
    vclose(
        &rates.angular_velocity.vector(),
        [0.0; 3],
        tol,
        "no angular velocity",
    )?;
    vclose(
        &rates.angular_acceleration.vector(),
        [0.0; 3],
        tol,
        "no angular acceleration",
    )?;
    vclose(
        &id.transform.translation,
        [0.0; 3],
        tol,
        "A A^-1 at the origin",
    )?;
    close(f64::from(id.transform.scale), 1.0, 1e-6, "unit scale")
}

fn global_to_local() -> Result<(), Failure> {
    let mut parent = spinning(1.5);
    parent.transform.scale = 2.0;
    parent.velocity = Vector([0.0, 0.0, 1.0]);
    parent.angular_acceleration = Skew::from_vector(Vector([0.0, 0.5, 0.0]));
    let mut local = DynamicTransform::at_rest(Transform::from_translation(Vector([0.5, 0.5, 0.0])));
    local.velocity = Vector([black_box(0.25), 0.0, -0.5]);
    local.acceleration = Vector([0.0, 1.0, 0.0]);
    local.angular_velocity = Skew::from_vector(Vector([1.0, 0.0, 0.0]));
    let back = parent.global_to_local(&(parent * local));
    let tol = 1e-5;
    vclose(&back.velocity, [0.25, 0.0, -0.5], tol, "local velocity")?;
    vclose(
        &back.acceleration,
        [0.0, 1.0, 0.0],
        tol,
        "local acceleration",
    )?;
    vclose(
        &back.angular_velocity.vector(),
        [1.0, 0.0, 0.0],
        tol,
        "local spin",
    )?;
    vclose(
        &back.angular_acceleration.vector(),
        [0.0; 3],
        tol,
        "no local angular acceleration",
    )?;
    vclose(
        &back.transform.translation,
        [0.5, 0.5, 0.0],
        tol,
        "local position",
    )
}

fn inertial_2d() -> Result<(), Failure> {
    // ω = 3, α = 0.5, child at r = (2, 0) moving with u = (0, 1):
    // centrifugal ω² r = (18, 0), Coriolis −2 ω u⊥ = (6, 0), Euler −α r⊥ = (0, −1).
    let mut parent = DynamicTransform::<f32, 2>::identity();
    parent.angular_velocity = Skew::from_scalar(black_box(3.0));
    parent.angular_acceleration = Skew::from_scalar(0.5);
    let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([2.0, 0.0])));
    child.velocity = Vector([0.0, 1.0]);
    let terms = ok(parent.try_inertial_accelerations(&child), "inertial terms")?;
    vclose(&terms.centrifugal, [18.0, 0.0], 1e-5, "centrifugal")?;
    vclose(&terms.coriolis, [6.0, 0.0], 1e-5, "Coriolis")?;
    vclose(&terms.euler, [0.0, -1.0], 1e-5, "Euler")?;
    let r = child.transform.translation;
    vclose(
        &centrifugal_2d(3.0, &r),
        [18.0, 0.0],
        1e-5,
        "centrifugal 2D form",
    )?;
    vclose(
        &coriolis_2d(3.0, &child.velocity),
        [6.0, 0.0],
        1e-5,
        "Coriolis 2D form",
    )?;
    vclose(&euler_2d(0.5, &r), [0.0, -1.0], 1e-5, "Euler 2D form")
}

fn impulse() -> Result<(), Failure> {
    // Parent spinning at 1 about z; impulse (1, 0, 0) on a child of mass 2:
    // Δv₁ = (0.5, 0, 0), Δa₁ = −(2/m) ω × p = −(0, 1, 0).
    let parent = spinning(1.0);
    let d = parent.impulse_to_local_delta(&Vector([black_box(1.0), 0.0, 0.0]), 2.0);
    vclose(&d.velocity, [0.5, 0.0, 0.0], 1e-6, "impulse velocity")?;
    vclose(
        &d.acceleration,
        [0.0, -1.0, 0.0],
        1e-6,
        "impulse Coriolis acceleration",
    )?;
    // The child's global velocity changes by p/m and its global acceleration not at all.
    let child = DynamicTransform::at_rest(Transform::from_translation(Vector([0.0, 1.0, 0.0])));
    let before = parent * child;
    let after = parent * d.applied_to(&child);
    vclose(
        &(after.velocity - before.velocity),
        [0.5, 0.0, 0.0],
        1e-6,
        "global dv = p/m",
    )?;
    vclose(
        &(after.acceleration - before.acceleration),
        [0.0; 3],
        1e-6,
        "global da = 0",
    )
}

fn deltas() -> Result<(), Failure> {
    // Parent spinning at 1 about z; a local change Δv₁ = (1, 0, 0) of a child appears
    // globally as Δv₃ = (1, 0, 0), Δa₃ = 2 ω × Δv₃ = (0, 2, 0), and converts back.
    let parent = spinning(black_box(1.0));
    let local = DynamicsDelta::from_velocity(Vector([1.0, 0.0, 0.0]));
    let global = parent.local_delta_to_global(&local);
    vclose(&global.velocity, [1.0, 0.0, 0.0], 1e-6, "global dv")?;
    vclose(
        &global.acceleration,
        [0.0, 2.0, 0.0],
        1e-6,
        "global da (Coriolis)",
    )?;
    let back = ok(
        parent.try_global_delta_to_local(&global),
        "global to local delta",
    )?;
    vclose(&back.velocity, [1.0, 0.0, 0.0], 1e-6, "local dv back")?;
    vclose(&back.acceleration, [0.0; 3], 1e-6, "local da back")?;
    // The parent's global velocity changes by (1, 0, 0): the correction for a child is
    // Δv₁ = −(1, 0, 0), Δa₁ = 2 ω × Δv = (0, 2, 0), and the child's global dynamics stay.
    let dv = Vector([1.0, 0.0, 0.0]);
    let fix = ok(parent.try_counteract_velocity_change(&dv), "counteract")?;
    vclose(&fix.velocity, [-1.0, 0.0, 0.0], 1e-6, "counteracting dv")?;
    vclose(&fix.acceleration, [0.0, 2.0, 0.0], 1e-6, "counteracting da")?;
    let mut child = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0])));
    child.velocity = Vector([0.0, 0.5, 0.0]);
    let before = parent * child;
    let after = DynamicsDelta::from_velocity(dv).applied_to(&parent) * fix.applied_to(&child);
    vclose(
        &(after.velocity - before.velocity),
        [0.0; 3],
        1e-6,
        "child keeps its global velocity",
    )?;
    vclose(
        &(after.acceleration - before.acceleration),
        [0.0; 3],
        1e-6,
        "child keeps its global acceleration",
    )
}

fn hierarchy_walk() -> Result<(), Failure> {
    // Root spinning at ω = 1 about z, two links of length 1 along x at rest locally:
    // the tip at (2, 0, 0) moves with (0, 2, 0) and accelerates with −ω² r = (−2, 0, 0).
    let parents = [None, Some(0), Some(1)];
    let tree = ok(Hierarchy::try_new(&parents), "tree")?;
    let link = DynamicTransform::at_rest(Transform::from_translation(Vector([1.0, 0.0, 0.0])));
    let local = [spinning(black_box(1.0)), link, link];
    let mut global = local;
    ok(tree.try_to_global(&local, &mut global), "walk")?;
    vclose(
        &global[2].transform.translation,
        [2.0, 0.0, 0.0],
        1e-6,
        "tip position",
    )?;
    vclose(&global[2].velocity, [0.0, 2.0, 0.0], 1e-6, "tip velocity")?;
    vclose(
        &global[2].acceleration,
        [-2.0, 0.0, 0.0],
        1e-6,
        "tip acceleration",
    )?;
    let mut back = global;
    ok(tree.try_to_local(&global, &mut back), "reverse walk")?;
    for node in &back[1..] {
        vclose(&node.velocity, [0.0; 3], 1e-6, "links at rest locally")?;
        vclose(
            &node.acceleration,
            [0.0; 3],
            1e-6,
            "links unaccelerated locally",
        )?;
    }
    crate::out::value(
        "xform_dynamics.tip.vy",
        u64::from(global[2].velocity[1].to_bits()),
    );
    Ok(())
}
