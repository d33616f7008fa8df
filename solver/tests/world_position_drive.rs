//! Position drives (a spring and damper on a hinge's angle or a prismatic joint's travel),
//! against the scalar recurrence of backward Euler computed here, under both joint schemes:
//!
//! - a wheel on a hinge follows `v' = (v + hΓk(q* − q) ) / (1 + hΓ(c + hk))`,
//!   `q' = q + h v'` step for step (Γ = 1/I);
//! - a weight on a vertical rail comes to rest `m g/k` below the target and its drive
//!   carries `m g Δt` a step;
//! - a drive at its force limit is a constant force: the weight falls at `g − F/m`;
//! - critically damped, the angle reaches the target without overshoot;
//! - bad parameters are refused.
use proptest::prelude::*;
use solver::cwlist::Growable;
use solver::rotint::{ExpMap, Stepper};
use solver::world::{JointScheme, RigidBody, World, WorldError, WorldSettings};
use solver::xform::Vector;

type W = World<f64, Growable>;

fn settings(scheme: JointScheme, gravity: f64) -> WorldSettings<f64> {
    WorldSettings {
        joint_scheme: scheme,
        gravity: Vector([0.0, -gravity, 0.0]),
        sleep: None,
        ..WorldSettings::default()
    }
}

const SCHEMES: [JointScheme; 2] = [JointScheme::Rattle, JointScheme::SymplecticEuler];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn a_driven_wheel_follows_backward_euler(
        mass in 0.1f64..20.0, radius in 0.05f64..1.0, stiffness in 0.1f64..1e4,
        damping_ratio in 0.0f64..2.0, target in -1.5f64..1.5, scheme in 0usize..2,
    ) {
        let mut w = W::new(settings(SCHEMES[scheme], 9.81)).unwrap();
        // The exact exponential map, so that the angle grows by exactly h·ω (the default
        // trig-free map is off by O(θ⁵), 1e-5 of a turn of 0.27 rad).
        w.set_stepper(Stepper::new().with_exp_map(ExpMap::Exact));
        let wheel = w.add_body(RigidBody::sphere(mass, radius).unwrap()).unwrap();
        // The axle is vertical's perpendicular through the centre: gravity exerts no torque.
        let axle = w.add_hinge_joint(wheel, None, Vector([0.0; 3]), Vector([0.0, 0.0, 1.0])).unwrap();
        let inertia = 0.4 * mass * radius * radius;
        let damping = damping_ratio * 2.0 * (stiffness * inertia).sqrt();
        w.set_joint_position_drive(axle, target, stiffness, damping, 1e9).unwrap();
        let (h, gamma) = (w.settings().dt, 1.0 / inertia);
        let (mut q, mut v) = (0.0, 0.0);
        for step in 0..240 {
            w.step().unwrap();
            v = (v + h * gamma * stiffness * (target - q))
                / (1.0 + h * gamma * (damping + h * stiffness));
            q += h * v;
            let (got_q, got_v) = (w.joint_position(axle).unwrap(), w[wheel].angular_velocity()[2]);
            prop_assert!((got_q - q).abs() < 1e-9 * (1.0 + q.abs()), "step {}: angle {} vs {}", step, got_q, q);
            prop_assert!((got_v - v).abs() < 1e-8 * (1.0 + v.abs()), "step {}: rate {} vs {}", step, got_v, v);
        }
    }

    #[test]
    fn a_weight_on_a_spring_rests_m_g_over_k_below_its_target(
        mass in 0.1f64..50.0, stiffness in 10.0f64..1e5, target in -1.0f64..1.0, scheme in 0usize..2,
    ) {
        let g = 9.81;
        let mut w = W::new(settings(SCHEMES[scheme], g)).unwrap();
        let weight = w.add_body(RigidBody::sphere(mass, 0.1).unwrap()).unwrap();
        let rail = w.add_prismatic_joint(weight, None, Vector([0.0; 3]), Vector([0.0, 1.0, 0.0])).unwrap();
        // Over-damped, so that it settles within the run whatever the stiffness.
        let damping = 3.0 * (stiffness * mass).sqrt();
        w.set_joint_position_drive(rail, target, stiffness, damping, 1e9).unwrap();
        for _ in 0..3000 {
            w.step().unwrap();
        }
        let rest = target - mass * g / stiffness;
        let q = w.joint_position(rail).unwrap();
        prop_assert!((q - rest).abs() < 1e-7 * (1.0 + rest.abs()), "rests at {} not {}", q, rest);
        prop_assert!(w[weight].linear_velocity().norm() < 1e-7 * (1.0 + g));
        let carried = w.joint_drive_impulse(rail).unwrap()[2];
        let weight_impulse = mass * g * w.settings().dt;
        prop_assert!((carried - weight_impulse).abs() < 1e-6 * weight_impulse, "carries {} not {}", carried, weight_impulse);
    }

    #[test]
    fn a_drive_at_its_force_limit_is_a_constant_force(
        mass in 0.5f64..20.0, share in 0.05f64..0.95, scheme in 0usize..2,
    ) {
        let g = 9.81;
        let mut w = W::new(settings(SCHEMES[scheme], g)).unwrap();
        let weight = w.add_body(RigidBody::sphere(mass, 0.1).unwrap()).unwrap();
        let rail = w.add_prismatic_joint(weight, None, Vector([0.0; 3]), Vector([0.0, 1.0, 0.0])).unwrap();
        // A stiff spring toward a target far above: it pulls with all it may, `share` of the weight.
        let force = share * mass * g;
        w.set_joint_position_drive(rail, 100.0, 1e6, 0.0, force).unwrap();
        let n = 60;
        for _ in 0..n {
            w.step().unwrap();
        }
        let t = n as f64 * w.settings().dt;
        let expected = -(g - force / mass) * t;
        let v = w[weight].linear_velocity()[1];
        prop_assert!((v - expected).abs() < 1e-9 * (1.0 + expected.abs()), "falls at {} not {}", v, expected);
    }
}

#[test]
fn critically_damped_the_angle_never_overshoots() {
    for scheme in SCHEMES {
        let mut w = W::new(settings(scheme, 0.0)).unwrap();
        let arm = w
            .add_body(RigidBody::cuboid(3.0, Vector([0.5, 0.05, 0.05])).unwrap())
            .unwrap();
        let hinge = w
            .add_hinge_joint(arm, None, Vector([0.0; 3]), Vector([0.0, 0.0, 1.0]))
            .unwrap();
        let inertia: f64 = 3.0 / 3.0 * (0.5 * 0.5 + 0.05 * 0.05); // m (a² + b²)/3 about z
        let stiffness = 500.0;
        let damping = 2.0 * (stiffness * inertia).sqrt();
        w.set_joint_position_drive(hinge, 1.0, stiffness, damping, 1e6)
            .unwrap();
        let mut last = 0.0;
        for step in 0..600 {
            w.step().unwrap();
            let q = w.joint_position(hinge).unwrap();
            assert!(q <= 1.0 + 1e-12, "{scheme:?} step {step}: overshoot to {q}");
            assert!(q >= last - 1e-12, "{scheme:?} step {step}: turned back");
            last = q;
        }
        assert!((last - 1.0).abs() < 1e-6, "{scheme:?}: ended at {last}");
    }
}

#[test]
fn bad_drives_are_refused_and_change_nothing() {
    let mut w = W::new(WorldSettings::default()).unwrap();
    let a = w.add_body(RigidBody::sphere(1.0, 0.1).unwrap()).unwrap();
    let hinge = w
        .add_hinge_joint(a, None, Vector([0.0; 3]), Vector([0.0, 0.0, 1.0]))
        .unwrap();
    let ball = w.add_ball_joint(a, None, Vector([0.0; 3])).unwrap();
    let what = |r: Result<(), WorldError>| match r {
        Err(WorldError::InvalidParameter { what, .. }) => what,
        other => panic!("{other:?}"),
    };
    let before = w.state_hash();
    assert_eq!(
        what(w.set_joint_position_drive(hinge, f64::NAN, 1.0, 0.0, 1.0)),
        "drive target"
    );
    assert_eq!(
        what(w.set_joint_position_drive(hinge, 0.0, -1.0, 0.0, 1.0)),
        "drive stiffness"
    );
    assert_eq!(
        what(w.set_joint_position_drive(hinge, 0.0, 1.0, f64::INFINITY, 1.0)),
        "drive damping"
    );
    assert_eq!(
        what(w.set_joint_position_drive(hinge, 0.0, 1.0, 0.0, -1.0)),
        "drive force"
    );
    assert_eq!(
        what(w.set_joint_position_drive(hinge, 0.0, 0.0, 0.0, 1.0)),
        "drive stiffness (and damping zero)"
    );
    assert!(matches!(
        w.set_joint_position_drive(ball, 0.0, 1.0, 0.0, 1.0),
        Err(WorldError::NoFreeCoordinate { joint }) if joint == ball
    ));
    assert_eq!(w.state_hash(), before);
    // A motor replaces the drive: the wheel turns at the motor's speed, not toward 0.
    w.set_joint_position_drive(hinge, 0.0, 100.0, 1.0, 1e3)
        .unwrap();
    w.set_joint_motor(hinge, 2.0, 1e3).unwrap();
    w.step().unwrap();
    assert!((w[a].angular_velocity()[2] - 2.0).abs() < 1e-9);
}
