//! SVG line charts (plotters' SVG backend: no fonts or system libraries needed).
use plotters::prelude::*;
use std::path::Path;

/// One named line of (x, y) points.
#[derive(Debug, Clone)]
pub struct Series {
    /// Legend label.
    pub label: String,
    /// The points, in x order.
    pub points: Vec<(f64, f64)>,
}

/// Axis scaling.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// Linear axis.
    Linear,
    /// Base-10 logarithmic axis (all values must be positive).
    Log,
}

/// Chart description.
#[derive(Debug, Clone)]
pub struct Chart<'a> {
    /// Title above the plot.
    pub title: &'a str,
    /// X axis label.
    pub x_label: &'a str,
    /// Y axis label.
    pub y_label: &'a str,
    /// X axis scaling.
    pub x_scale: Scale,
    /// Y axis scaling.
    pub y_scale: Scale,
}

const COLORS: [RGBColor; 8] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(23, 190, 207),
];

/// Writes `series` as an SVG line chart to `path`.
///
/// # Errors
/// Returns the drawing error as text (for example, an unwritable path).
pub fn line_chart(path: &Path, chart: &Chart<'_>, series: &[Series]) -> Result<(), String> {
    let finite = |v: f64, scale: Scale| v.is_finite() && (scale == Scale::Linear || v > 0.0);
    let pts = || {
        series
            .iter()
            .flat_map(|s| s.points.iter().copied())
            .filter(|&(x, y)| finite(x, chart.x_scale) && finite(y, chart.y_scale))
    };
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for (x, y) in pts() {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        return Err(format!("{}: no finite points to plot", path.display()));
    }
    let pad = |lo: f64, hi: f64, scale: Scale| match scale {
        Scale::Log => (lo / 1.5, hi * 1.5),
        Scale::Linear if hi > lo => (lo - 0.05 * (hi - lo), hi + 0.05 * (hi - lo)),
        Scale::Linear => (lo - 1.0, hi + 1.0),
    };
    let (x0, x1) = pad(x0, x1, chart.x_scale);
    let (y0, y1) = pad(y0, y1, chart.y_scale);
    let root = SVGBackend::new(path, (800, 500)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    macro_rules! draw {
        ($xr:expr, $yr:expr) => {{
            let mut ctx = ChartBuilder::on(&root)
                .caption(chart.title, ("sans-serif", 20))
                .margin(10)
                .x_label_area_size(40)
                .y_label_area_size(70)
                .build_cartesian_2d($xr, $yr)
                .map_err(|e| e.to_string())?;
            ctx.configure_mesh()
                .x_desc(chart.x_label)
                .y_desc(chart.y_label)
                .draw()
                .map_err(|e| e.to_string())?;
            for (i, s) in series.iter().enumerate() {
                let color = COLORS[i % COLORS.len()];
                let points: Vec<(f64, f64)> = s
                    .points
                    .iter()
                    .copied()
                    .filter(|&(x, y)| finite(x, chart.x_scale) && finite(y, chart.y_scale))
                    .collect();
                ctx.draw_series(LineSeries::new(points, color.stroke_width(2)))
                    .map_err(|e| e.to_string())?
                    .label(s.label.clone())
                    .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], color));
            }
            ctx.configure_series_labels()
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()
                .map_err(|e| e.to_string())?;
        }};
    }
    match (chart.x_scale, chart.y_scale) {
        (Scale::Linear, Scale::Linear) => draw!(x0..x1, y0..y1),
        (Scale::Log, Scale::Linear) => draw!((x0..x1).log_scale(), y0..y1),
        (Scale::Linear, Scale::Log) => draw!(x0..x1, (y0..y1).log_scale()),
        (Scale::Log, Scale::Log) => draw!((x0..x1).log_scale(), (y0..y1).log_scale()),
    }
    root.present().map_err(|e| e.to_string())
}
