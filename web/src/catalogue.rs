//! The scenes the page offers: the scenes' worlds (`setups`, the same code the tables run)
//! with their live figures and how many steps one animation frame takes.
use solver::world::ContactSolver;

use crate::figures::{Figure, Keep, Quantity, Style};
use crate::model::{Articulated, Model};
use crate::setups::{articulated, boxes, chain, cradle, large, pile, spin, standard};

/// One entry of the scene picker.
#[derive(Debug, Clone, Copy)]
pub struct Entry {
    /// The name in the picker.
    pub name: &'static str,
    /// One sentence on what to watch.
    pub about: &'static str,
    /// Builds the world or tree and its figures.
    build: fn() -> (Model, Vec<Figure>),
}

/// Every scene, in the picker's order.
pub const SCENES: &[Entry] = &[
    Entry {
        name: "Newton's cradle, 1 ball, 1 ms",
        about: "Five touching balls (e = 1) on strings: one comes in, one leaves, the others stay.",
        build: || cradle_scene(1, 1e-3, 1e-6),
    },
    Entry {
        name: "Newton's cradle, 3 balls, 1 ms",
        about: "Three come in, three leave with the incoming speed, two stay.",
        build: || cradle_scene(3, 1e-3, 1e-6),
    },
    Entry {
        name: "Newton's cradle, 1 ball, 60 Hz",
        about: "The same at a game's step: the impact still passes along the row in one step.",
        build: || cradle_scene(1, 1.0 / 60.0, 1e-3),
    },
    Entry {
        name: "20-link chain",
        about: "A chain of 20 rods on ball joints released horizontally at 60 Hz: no joint opens.",
        build: || chain_scene(false),
    },
    Entry {
        name: "20-link chain ending in a 1000:1 ball",
        about: "The same chain holding a ball 1000 times heavier than a link.",
        build: || chain_scene(true),
    },
    Entry {
        name: "Pendulum, θ₀ = 1 rad, 60 Hz",
        about: "A ball-joint pendulum: the total energy stays put over many periods.",
        build: || pendulum_scene(1.0 / 60.0, 0.01),
    },
    Entry {
        name: "Pendulum, θ₀ = 1 rad, 1 ms",
        about: "The same at 1 ms steps, ten times tighter.",
        build: || pendulum_scene(1e-3, 0.001),
    },
    Entry {
        name: "1000:1 sphere stack",
        about: "A 1000 kg sphere resting on a 1 kg sphere on the ground: the light one is not crushed.",
        build: || stack_scene(standard::sphere),
    },
    Entry {
        name: "1000:1 box stack",
        about: "A 1000 kg box on a 1 kg box on the ground.",
        build: || stack_scene(standard::cube),
    },
    Entry {
        name: "20-box tower",
        about: "Twenty 1 m boxes stacked: none moves by more than 1 % of its size.",
        build: || boxes_scene(&boxes::tower(20)),
    },
    Entry {
        name: "210-box pyramid",
        about: "A wall pyramid with a base of 20: each box stands on two, so its contacts close loops.",
        build: || boxes_scene(&boxes::pyramid(20)),
    },
    Entry {
        name: "107 spheres in a box",
        about: "Five layers dropped into a box settle and stay still, without sinking into each other.",
        build: pile_scene,
    },
    Entry {
        name: "4000 spheres in a box",
        about: "Thousands of spheres poured in layers settle and fall asleep.",
        build: large_scene,
    },
    Entry {
        name: "20-link chain, reduced coordinates",
        about: "The same chain as an articulated tree (multibody crate): no joint can open.",
        build: tree_chain_scene,
    },
    Entry {
        name: "6-joint arm tracking a trajectory",
        about: "An arm driven by computed torque (RNEA) at 1 kHz, started 0.1 rad off its path.",
        build: arm_scene,
    },
    Entry {
        name: "Intermediate-axis flip",
        about: "A free body spun about its middle axis flips over and over; energy is kept to 1e-9.",
        build: spin_scene,
    },
];

/// A scene being watched: its world or tree, figures and the steps one frame takes.
#[derive(Debug)]
pub struct Scene {
    /// Index into [`SCENES`].
    pub index: usize,
    /// The world or tree it steps.
    pub model: Model,
    /// Its live figures.
    pub figures: Vec<Figure>,
    /// Steps per animation frame (about real time at 60 frames per second).
    pub steps_per_frame: usize,
    /// Steps taken since the scene was built.
    pub steps: u64,
}

impl Scene {
    /// Builds scene `index` of [`SCENES`]; `None` past the end.
    pub fn new(index: usize) -> Option<Self> {
        let entry = SCENES.get(index)?;
        let (model, figures) = (entry.build)();
        let steps_per_frame = ((1.0 / 60.0) / model.dt()).round().max(1.0) as usize;
        Some(Self {
            index,
            model,
            figures,
            steps_per_frame,
            steps: 0,
        })
    }

    /// One step, measured.
    ///
    /// # Errors
    /// The step's error as text (a world's full buffer, a body gone non-finite).
    pub fn step(&mut self) -> Result<(), String> {
        let facts = self.model.step()?;
        self.steps += 1;
        for f in &mut self.figures {
            f.after_step(&self.model, facts);
        }
        Ok(())
    }

    /// One animation frame: [`Scene::steps_per_frame`] steps.
    ///
    /// # Errors
    /// The first step error.
    pub fn frame(&mut self) -> Result<(), String> {
        for _ in 0..self.steps_per_frame {
            self.step()?;
        }
        Ok(())
    }
}

fn converged() -> Figure {
    Figure::info(
        "steps whose solve converged",
        Quantity::ConvergedSteps {
            converged: 0.0,
            steps: 0.0,
        },
        Keep::Latest,
        Style::Percent(0),
    )
}

fn cradle_scene(released: usize, dt: f64, limit: f64) -> (Model, Vec<Figure>) {
    let model = Model::World(Box::new(cradle::build(released, dt)));
    let e = model.energy();
    let figures = vec![
        Figure::info(
            "total energy change over one step / (E + 5 m g L), largest",
            Quantity::StepEnergyChange {
                before: e,
                offset: cradle::BALLS as f64 * standard::G * cradle::STRING,
            },
            Keep::Largest,
            Style::Scientific,
        )
        .at_most(limit),
        Figure::info(
            "(E − E₀) / E₀, E₀ the released balls' swing energy",
            Quantity::EnergyChange { start: e, scale: e },
            Keep::Latest,
            Style::Scientific,
        ),
        Figure::info(
            "largest string length error / string",
            Quantity::JointGap {
                length: cradle::STRING,
            },
            Keep::Largest,
            Style::Scientific,
        ),
        converged(),
    ];
    (model, figures)
}

fn chain_scene(heavy: bool) -> (Model, Vec<Figure>) {
    let model = Model::World(Box::new(chain::build(heavy, chain::settings())));
    let figures = vec![
        Figure::info(
            "largest joint gap / link length",
            Quantity::JointGap {
                length: chain::LENGTH,
            },
            Keep::Largest,
            Style::Percent(3),
        )
        .at_most(if heavy { 0.05 } else { 0.01 }),
        Figure::info(
            "total energy change / releasable potential energy",
            Quantity::EnergyChange {
                start: model.energy(),
                scale: chain::releasable(heavy),
            },
            Keep::Latest,
            Style::Percent(2),
        )
        .at_most(0.05)
        .from_time(5.0),
        converged(),
    ];
    (model, figures)
}

fn pendulum_scene(dt: f64, limit: f64) -> (Model, Vec<Figure>) {
    let theta: f64 = 1.0;
    let model = Model::World(Box::new(standard::pendulum(theta, dt).0));
    let figures = vec![
        Figure::info(
            "total energy change / E₀ (E₀ the swing energy)",
            Quantity::EnergyChange {
                start: model.energy(),
                scale: standard::G * standard::STRING * (1.0 - libm::cos(theta)),
            },
            Keep::Latest,
            Style::Percent(4),
        )
        .at_most(limit),
        Figure::info(
            "largest joint gap / string",
            Quantity::JointGap {
                length: standard::STRING,
            },
            Keep::Largest,
            Style::Scientific,
        ),
    ];
    (model, figures)
}

fn stack_scene(body: fn(f64) -> solver::world::RigidBody<f64>) -> (Model, Vec<Figure>) {
    let model = Model::World(Box::new(standard::stack(1000.0, body)));
    let figures = vec![
        Figure::info(
            "deepest penetration / light body's size, largest",
            Quantity::Penetration {
                size: 2.0 * standard::STACKED,
            },
            Keep::Largest,
            Style::Percent(4),
        )
        .at_most(0.01),
        converged(),
    ];
    (model, figures)
}

fn boxes_scene(centres: &[solver::xform::Vector<f64, 3>]) -> (Model, Vec<Figure>) {
    let model = Model::World(Box::new(boxes::build(centres, ContactSolver::default())));
    let figures = vec![
        Figure::info(
            "largest drift of a box from its start / box size",
            Quantity::Drift {
                starts: centres.to_vec(),
                size: 2.0 * boxes::HALF,
            },
            Keep::Largest,
            Style::Percent(2),
        )
        .at_most(0.01),
        converged(),
    ];
    (model, figures)
}

fn pile_scene() -> (Model, Vec<Figure>) {
    let model = Model::World(Box::new(pile::build(pile::settings())));
    let figures = vec![
        Figure::info(
            "deepest penetration / radius",
            Quantity::Penetration { size: pile::RADIUS },
            Keep::Latest,
            Style::Percent(3),
        )
        .at_most(0.01)
        .from_time(2.0),
        Figure::info(
            "fastest sphere (m/s)",
            Quantity::FastestBody,
            Keep::Latest,
            Style::Scientific,
        )
        .at_most(1e-3)
        .from_time(2.0),
        converged(),
    ];
    (model, figures)
}

fn large_scene() -> (Model, Vec<Figure>) {
    let model = Model::World(Box::new(large::build()));
    let figures = vec![
        Figure::info(
            "deepest penetration / radius",
            Quantity::Penetration {
                size: large::RADIUS,
            },
            Keep::Latest,
            Style::Percent(3),
        )
        .at_most(0.02)
        .from_time(4.0),
        Figure::info(
            "sleeping spheres",
            Quantity::SleepingBodies,
            Keep::Latest,
            Style::Count,
        ),
        converged(),
    ];
    (model, figures)
}

fn spin_scene() -> (Model, Vec<Figure>) {
    let model = Model::World(Box::new(spin::build(1e-3)));
    let e = model.energy();
    let figures = vec![
        Figure::info(
            "intermediate-axis flips",
            Quantity::Flips {
                sign: 1.0,
                count: 0.0,
            },
            Keep::Latest,
            Style::Count,
        )
        .at_least(1.0)
        .from_time(100.0),
        Figure::info(
            "largest relative energy drift",
            Quantity::EnergyChange { start: e, scale: e },
            Keep::Largest,
            Style::Scientific,
        )
        .at_most(1e-9),
    ];
    (model, figures)
}

fn tree_chain_scene() -> (Model, Vec<Figure>) {
    let model = Model::Tree(Box::new(Articulated::new(
        articulated::chain(),
        1.0 / 60.0,
        false,
    )));
    let figures = vec![
        Figure::info(
            "energy change / releasable potential energy (implicit midpoint)",
            Quantity::EnergyChange {
                start: model.energy(),
                scale: articulated::releasable(),
            },
            Keep::Largest,
            Style::Percent(3),
        )
        .at_most(0.01),
        Figure::info(
            "largest joint gap, measured from the link poses (m)",
            Quantity::JointGap { length: 1.0 },
            Keep::Largest,
            Style::Scientific,
        )
        .at_most(1e-12),
        converged(),
    ];
    (model, figures)
}

fn arm_scene() -> (Model, Vec<Figure>) {
    let model = Model::Tree(Box::new(Articulated::new(articulated::arm(), 1e-3, true)));
    let figures = vec![
        Figure::info(
            "largest joint tracking error (rad)",
            Quantity::TrackingError,
            Keep::Latest,
            Style::Scientific,
        )
        .at_most(1e-2)
        .from_time(1.0),
        converged(),
    ];
    (model, figures)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every scene builds, steps a frame and shows finite figures; the world is the one the
    /// scenes' tables run (same hash after the same steps, built twice).
    #[test]
    fn every_scene_builds_steps_and_is_deterministic() {
        for (i, entry) in SCENES.iter().enumerate() {
            let mut a = Scene::new(i).unwrap();
            let mut b = Scene::new(i).unwrap();
            for _ in 0..3 {
                a.frame().unwrap();
                b.frame().unwrap();
            }
            assert_eq!(a.model.state_hash(), b.model.state_hash(), "{}", entry.name);
            assert!(a.steps_per_frame >= 1);
            for f in &a.figures {
                assert!(
                    f.value.is_finite(),
                    "{}: {} = {}",
                    entry.name,
                    f.name,
                    f.value
                );
            }
        }
        assert!(Scene::new(SCENES.len()).is_none());
    }

    /// The cradle's figure measures what its table does: after the first impact at 1 ms the
    /// per-step energy change stays within the table's 1e-6.
    #[test]
    fn the_cradle_keeps_energy_through_the_impact() {
        let mut s = Scene::new(0).unwrap();
        for _ in 0..70 {
            s.frame().unwrap();
        }
        assert_eq!(
            s.figures[0].verdict(s.model.time()),
            Some(true),
            "{:?}",
            s.figures[0]
        );
    }
}
