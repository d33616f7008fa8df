//! The live figures a scene shows beside its picture: the quantities the scenes' tables
//! print (energy, drift, joint gap, penetration, ...), measured after every step, each with
//! the table's target where the table has one.
use core::fmt::Write as _;

use solver::xform::Vector;

use crate::model::{Model, StepFacts};

/// Which value of a quantity a figure shows: the latest, or the largest magnitude so far.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Keep {
    /// The value after the latest step.
    Latest,
    /// The largest magnitude over every step so far.
    Largest,
}

/// What a figure measures after each step.
#[derive(Debug, Clone)]
pub enum Quantity {
    /// `(E − E₀) / scale`, E = kinetic + potential energy, E₀ at the start.
    EnergyChange {
        /// The energy at the start.
        start: f64,
        /// What the change is judged against (J).
        scale: f64,
    },
    /// The energy change over one step / `(E before + offset)`: the cradle's impact figure.
    StepEnergyChange {
        /// Energy before the step (J), updated each step.
        before: f64,
        /// Added to the energy before the step in the denominator (J).
        offset: f64,
    },
    /// The largest joint error (m) / `length`.
    JointGap {
        /// Link length (m).
        length: f64,
    },
    /// The largest distance of a body from its start / `size`.
    Drift {
        /// Every body's starting centre.
        starts: Vec<Vector<f64, 3>>,
        /// Body size (m).
        size: f64,
    },
    /// The deepest penetration / `size`.
    Penetration {
        /// Body size the depth is judged against (m).
        size: f64,
    },
    /// The fastest body (m/s).
    FastestBody,
    /// Sign changes of body 0's body-frame angular velocity about y (intermediate-axis
    /// flips).
    Flips {
        /// The current sign of ω_y.
        sign: f64,
        /// Flips so far.
        count: f64,
    },
    /// Sleeping bodies (from the step's report).
    SleepingBodies,
    /// The arm's largest joint error against its trajectory (rad).
    TrackingError,
    /// Steps whose velocity solve converged, as a percentage of the steps.
    ConvergedSteps {
        /// Converged steps so far.
        converged: f64,
        /// Steps so far.
        steps: f64,
    },
}

/// How a figure's value is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A fraction written as a percentage with this many decimals.
    Percent(usize),
    /// Scientific notation, 2 decimals.
    Scientific,
    /// A count.
    Count,
}

/// A target: the value must stay at or below (`Some(true)` for above) the limit.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Target {
    /// The limit, in the value's own units (a fraction for percentages).
    pub limit: f64,
    /// `true`: the value must be at least `limit`; `false`: at most.
    pub at_least: bool,
    /// Judged only from this simulated time on (s): a settling pile is judged once settled.
    pub from_time: f64,
}

/// One live figure.
#[derive(Debug, Clone)]
pub struct Figure {
    /// What it is, as the table names it.
    pub name: &'static str,
    /// What is measured.
    pub quantity: Quantity,
    /// Latest or largest.
    pub keep: Keep,
    /// How it is written.
    pub style: Style,
    /// The table's target, if it has one.
    pub target: Option<Target>,
    /// The value shown.
    pub value: f64,
}

impl Figure {
    /// A figure without a target.
    pub fn info(name: &'static str, quantity: Quantity, keep: Keep, style: Style) -> Self {
        Self {
            name,
            quantity,
            keep,
            style,
            target: None,
            value: 0.0,
        }
    }

    /// The same with a target at most `limit`.
    #[must_use]
    pub fn at_most(mut self, limit: f64) -> Self {
        self.target = Some(Target {
            limit,
            at_least: false,
            from_time: 0.0,
        });
        self
    }

    /// The same with a target at least `limit`.
    #[must_use]
    pub fn at_least(mut self, limit: f64) -> Self {
        self.target = Some(Target {
            limit,
            at_least: true,
            from_time: 0.0,
        });
        self
    }

    /// The target judged only from `time` (s) on.
    #[must_use]
    pub fn from_time(mut self, time: f64) -> Self {
        if let Some(t) = &mut self.target {
            t.from_time = time;
        }
        self
    }

    /// Measures after a step of `model` that reported `facts`.
    pub fn after_step(&mut self, model: &Model, facts: StepFacts) {
        let world = match model {
            Model::World(w) => Some(w),
            Model::Tree(_) => None,
        };
        let now = match &mut self.quantity {
            Quantity::EnergyChange { start, scale } => (model.energy() - *start) / *scale,
            Quantity::StepEnergyChange { before, offset } => {
                let e = model.energy();
                let change = (e - *before) / (*before + *offset);
                *before = e;
                change
            }
            Quantity::JointGap { length } => model.max_joint_gap() / *length,
            // A world's figures asked of a tree (no scene does) show NaN, not a value.
            Quantity::Drift { starts, size } => world.map_or(f64::NAN, |w| {
                w.bodies()
                    .iter()
                    .zip(starts.iter())
                    .map(|(b, s)| (b.position() - *s).norm())
                    .fold(0.0, f64::max)
                    / *size
            }),
            Quantity::Penetration { size } => {
                world.map_or(f64::NAN, |w| w.deepest_penetration() / *size)
            }
            Quantity::FastestBody => model.max_speed(),
            Quantity::Flips { sign, count } => match world {
                Some(w) => {
                    let omega_y = w.bodies()[0].angular_velocity_body()[1];
                    if omega_y * *sign < 0.0 {
                        *count += 1.0;
                        *sign = -*sign;
                    }
                    *count
                }
                None => f64::NAN,
            },
            Quantity::SleepingBodies => facts.sleeping_bodies as f64,
            Quantity::TrackingError => model.tracking_error(),
            Quantity::ConvergedSteps { converged, steps } => {
                *steps += 1.0;
                *converged += f64::from(u8::from(facts.converged));
                *converged / *steps
            }
        };
        self.value = match self.keep {
            Keep::Latest => now,
            // NaN is kept: a figure that went NaN shows NaN, never a plausible value.
            Keep::Largest if now.is_nan() || self.value.is_nan() => f64::NAN,
            Keep::Largest if now.abs() > self.value.abs() => now,
            Keep::Largest => self.value,
        };
    }

    /// `Some(pass)` once the target applies at simulated time `time`; `None` without one.
    pub fn verdict(&self, time: f64) -> Option<bool> {
        let t = self.target?;
        if time < t.from_time {
            return None;
        }
        let v = self.value.abs();
        Some(if t.at_least {
            v >= t.limit
        } else {
            v <= t.limit
        })
    }

    /// The value as the table writes it.
    pub fn shown(&self) -> String {
        written(self.value, self.style)
    }

    /// The target as the table writes it (`-` without one).
    pub fn target_shown(&self) -> String {
        self.target.map_or_else(
            || "-".into(),
            |t| {
                let relation = if t.at_least { "≥" } else { "≤" };
                let when = if t.from_time > 0.0 {
                    format!(" from {} s", t.from_time)
                } else {
                    String::new()
                };
                let limit = match self.style {
                    Style::Percent(_) => format!("{} %", t.limit * 100.0),
                    Style::Scientific => format!("{:e}", t.limit),
                    Style::Count => format!("{}", t.limit),
                };
                format!("{relation} {limit}{when}")
            },
        )
    }

    /// The figure as one JSON object (name, value, shown, target, pass).
    pub fn json(&self, time: f64, out: &mut String) {
        let pass = match self.verdict(time) {
            Some(true) => "true",
            Some(false) => "false",
            None => "null",
        };
        let value = if self.value.is_finite() {
            format!("{:e}", self.value)
        } else {
            "null".into()
        };
        let _ = write!(
            out,
            r#"{{"name":"{}","value":{value},"shown":"{}","target":"{}","pass":{pass}}}"#,
            self.name,
            self.shown(),
            self.target_shown()
        );
    }
}

fn written(value: f64, style: Style) -> String {
    match style {
        Style::Percent(decimals) => format!("{:.*} %", decimals, value * 100.0),
        Style::Scientific => format!("{value:.2e}"),
        Style::Count => format!("{value:.0}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn largest_keeps_the_largest_magnitude_and_a_nan() {
        let mut world =
            crate::setups::SceneWorld::new(solver::world::WorldSettings::default()).unwrap();
        world
            .add_body(solver::world::RigidBody::sphere(1.0, 0.1).unwrap())
            .unwrap();
        let mut largest =
            Figure::info("v", Quantity::FastestBody, Keep::Largest, Style::Scientific);
        let mut latest = Figure::info("v", Quantity::FastestBody, Keep::Latest, Style::Scientific);
        world.step().unwrap();
        let facts = StepFacts {
            converged: true,
            sleeping_bodies: 0,
        };
        let handle = world.body_handle(0).unwrap();
        let mut model = Model::World(Box::new(world));
        largest.after_step(&model, facts);
        if let Model::World(w) = &mut model {
            w.set_linear_velocity(handle, Vector::zeros()).unwrap();
        }
        latest.after_step(&model, facts);
        largest.after_step(&model, facts);
        assert_eq!(latest.value, 0.0);
        assert!(
            (largest.value - 9.81 / 60.0).abs() < 1e-12,
            "{}",
            largest.value
        );
        largest.value = f64::NAN;
        largest.after_step(&model, facts);
        assert!(largest.value.is_nan(), "a NaN figure stays NaN");
    }

    #[test]
    fn verdicts_follow_the_target_and_its_start() {
        let mut f = Figure::info(
            "gap",
            Quantity::FastestBody,
            Keep::Latest,
            Style::Percent(2),
        )
        .at_most(0.01)
        .from_time(2.0);
        f.value = 0.02;
        assert_eq!(f.verdict(1.0), None);
        assert_eq!(f.verdict(2.0), Some(false));
        f.value = 0.005;
        assert_eq!(f.verdict(2.5), Some(true));
        assert_eq!(f.shown(), "0.50 %");
        assert_eq!(f.target_shown(), "≤ 1 % from 2 s");
        let g =
            Figure::info("flips", Quantity::FastestBody, Keep::Latest, Style::Count).at_least(1.0);
        assert_eq!(g.verdict(0.0), Some(false));
        assert_eq!(g.target_shown(), "≥ 1");
    }
}
