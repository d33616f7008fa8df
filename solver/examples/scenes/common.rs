//! What every scene shares: the world type, metric rows, the table, plot helpers.
use std::path::Path;

use crate::plot::{Chart, Scale, Series, line_chart};

pub(crate) use crate::setups::SceneWorld;

/// One line of a scene's table.
pub(crate) struct Metric {
    pub(crate) name: String,
    pub(crate) value: String,
    pub(crate) target: String,
    /// `Some(pass)` when the line is a target.
    pub(crate) pass: Option<bool>,
}

impl Metric {
    pub(crate) fn info(name: &str, value: String) -> Self {
        Self {
            name: name.into(),
            value,
            target: "-".into(),
            pass: None,
        }
    }

    pub(crate) fn target(name: &str, value: String, target: &str, pass: bool) -> Self {
        Self {
            name: name.into(),
            value,
            target: target.into(),
            pass: Some(pass),
        }
    }

    pub(crate) fn verdict(&self) -> Option<bool> {
        self.pass
    }
}

/// Counts the steps whose velocity solve converged (the certificate's verdict under the
/// scene's solver tolerance).
#[derive(Debug, Default)]
pub(crate) struct Converged {
    steps: usize,
    converged: usize,
}

impl Converged {
    /// One step of `world`, counted.
    pub(crate) fn step(&mut self, world: &mut SceneWorld) -> solver::world::StepReport<f64> {
        let report = world.step().expect("step");
        self.steps += 1;
        self.converged += usize::from(report.certificate.converged);
        report
    }

    /// The table line.
    pub(crate) fn metric(&self, tolerance: f64) -> Metric {
        Metric::info(
            &format!("steps whose velocity solve converged (residual ≤ {tolerance:e})"),
            format!(
                "{} of {} ({:.0} %)",
                self.converged,
                self.steps,
                100.0 * self.converged as f64 / self.steps.max(1) as f64
            ),
        )
    }
}

/// Prints a scene's table in markdown.
pub(crate) fn print_table(title: &str, rows: &[Metric]) {
    println!("\n## {title}\n");
    println!("| metric | measured | target | |");
    println!("|---|---|---|---|");
    for r in rows {
        let verdict = match r.pass {
            Some(true) => "PASS",
            Some(false) => "MISS",
            None => "",
        };
        println!("| {} | {} | {} | {} |", r.name, r.value, r.target, verdict);
    }
}

/// Writes one chart, reporting (not failing on) a drawing error; `targets` are the table's
/// targets for the plotted quantity, drawn as dashed lines (y value, legend name).
pub(crate) fn chart(
    dir: &Path,
    file: &str,
    title: &str,
    (x_label, y_label): (&str, &str),
    y_scale: Scale,
    series: Vec<Series>,
    targets: &[(f64, &str)],
) {
    let path = dir.join(file);
    let c = Chart {
        title,
        x_label,
        y_label,
        x_scale: Scale::Linear,
        y_scale,
        targets,
    };
    match line_chart(&path, &c, &series) {
        Ok(()) => println!("  wrote {}", path.display()),
        Err(e) => println!("  (plot {file} not written: {e})"),
    }
}

pub(crate) fn series(label: &str, points: Vec<(f64, f64)>) -> Series {
    Series {
        label: label.into(),
        points,
    }
}

/// Residual after each sweep of one traced step (for the residual-vs-iterations plot); an
/// exact zero (a direct solve) drawn at 1e-16, so the log axis stays short.
pub(crate) fn residual_trace(world: &mut SceneWorld, sweeps: usize) -> Vec<(f64, f64)> {
    let mut trace = vec![0.0; sweeps];
    match world.step_traced(&mut trace) {
        Ok(_) => trace
            .iter()
            .enumerate()
            .map(|(k, &r)| ((k + 1) as f64, r.max(1e-16)))
            .collect(),
        Err(e) => {
            println!("  traced step failed: {e}");
            Vec::new()
        }
    }
}
