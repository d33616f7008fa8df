//! SVG line charts, shared by the benchmark report and the scenes (plotters' SVG backend: no
//! fonts or system libraries are needed to write them).
//!
//! Layout, top to bottom: the title (wrapped to the canvas width), the plot with labelled
//! axes, and the legend in rows below the plot, outside the data. Ticks are chosen here, not
//! by plotters: a log axis ticks at decades (`1e-15`, `1e-12`, ...; `0.01`, `0.1`, `1`, `10`
//! when every decade is short to write) with labels written from the exponent, never from a
//! rounded float; a linear axis ticks at 1, 2 or 5 × 10ᵏ with exactly the decimals the step
//! needs. `benches/tests/plots.rs` renders charts of every kind to pixels and checks that all
//! text lies inside the canvas and the legend outside the data.
use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint};
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
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
    /// Base-10 logarithmic axis (points with a value ≤ 0 on it are left out).
    Log,
}

/// Chart description.
#[derive(Debug, Clone)]
pub struct Chart<'a> {
    /// Title above the plot (wrapped onto several lines when it is wider than the canvas).
    pub title: &'a str,
    /// X axis label, with its unit in parentheses.
    pub x_label: &'a str,
    /// Y axis label, with its unit in parentheses.
    pub y_label: &'a str,
    /// X axis scaling.
    pub x_scale: Scale,
    /// Y axis scaling.
    pub y_scale: Scale,
    /// Targets drawn as dashed horizontal lines at these y values, each named in the legend
    /// (lines with the same name share one entry: `|ΔE| ≤ 5 %` at +5 and -5).
    pub targets: &'a [(f64, &'a str)],
}

/// Canvas width (px).
const WIDTH: u32 = 800;
/// Height of the plot with its axes (px); the title and the legend add to it.
const PLOT_HEIGHT: u32 = 460;
/// Free space at the canvas edges (px).
const MARGIN: u32 = 12;
/// Font sizes in plotters' units (its SVG backend writes `size / 1.24` as the px size).
const TITLE_FONT: f64 = 22.0;
const TICK_FONT: f64 = 15.0;
const DESC_FONT: f64 = 16.0;
const LEGEND_FONT: f64 = 15.0;
/// Advance per character, in em, of the widest common "sans-serif" a viewer may pick (DejaVu
/// Sans: lower case about 0.55 em, digits 0.64 em), so estimated widths are upper bounds.
const EM_PER_CHAR: f64 = 0.62;
/// Legend: swatch length, gap after it, gap between entries, row height (px).
const SWATCH: u32 = 26;
const SWATCH_GAP: u32 = 6;
const ENTRY_GAP: u32 = 22;
const LEGEND_ROW: u32 = 22;
/// Space between the x axis description and the legend (px).
const LEGEND_TOP: u32 = 8;

/// The colours of target lines, one per target name (dark red, purple, dark orange).
const TARGET_COLORS: [RGBColor; 3] = [
    RGBColor(200, 0, 0),
    RGBColor(120, 40, 160),
    RGBColor(200, 110, 0),
];
/// Series with at most this many points get a marker on each: measured points, not a trace.
const MARKED_POINTS: usize = 40;

/// The ten colours of the usual categorical palette; series past the tenth are drawn thinner.
const COLORS: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// Pixel size of a font given in plotters' units.
fn font_px(font: f64) -> f64 {
    font / 1.24
}

/// Upper estimate of the rendered width of `text` (px).
fn text_width(text: &str, font: f64) -> f64 {
    text.chars().count() as f64 * EM_PER_CHAR * font_px(font)
}

/// `text` broken at spaces into lines no wider than `width` px (a single longer word stays
/// whole).
fn wrap(text: &str, font: f64, width: f64) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if !line.is_empty() && text_width(&candidate, font) > width {
            lines.push(core::mem::replace(&mut line, word.to_string()));
        } else {
            line = candidate;
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// An axis: its range, the labelled ticks and the unlabelled grid lines.
#[derive(Debug, Clone, PartialEq)]
struct Axis {
    lo: f64,
    hi: f64,
    ticks: Vec<(f64, String)>,
    light: Vec<f64>,
}

impl Axis {
    /// The label of the tick at `v` (the values given to plotters come back unchanged).
    fn label(&self, v: f64) -> String {
        self.ticks
            .iter()
            .find(|(t, _)| *t == v)
            .map_or_else(|| format!("{v:e}"), |(_, s)| s.clone())
    }

    /// Width of the widest tick label (px).
    fn label_width(&self) -> f64 {
        self.ticks
            .iter()
            .map(|(_, s)| text_width(s, TICK_FONT))
            .fold(0.0, f64::max)
    }

    fn values(&self) -> Vec<f64> {
        self.ticks.iter().map(|(v, _)| *v).collect()
    }
}

/// A plotters coordinate on a linear or log axis whose ticks are the [`Axis`]'s.
struct Ticked {
    log: Option<LogCoord<f64>>,
    linear: RangedCoordf64,
    bold: Vec<f64>,
    light: Vec<f64>,
}

impl Ticked {
    fn new(axis: &Axis, scale: Scale) -> Self {
        Self {
            log: (scale == Scale::Log).then(|| (axis.lo..axis.hi).log_scale().into()),
            linear: (axis.lo..axis.hi).into(),
            bold: axis.values(),
            light: axis.light.clone(),
        }
    }
}

impl Ranged for Ticked {
    type ValueType = f64;
    type FormatOption = DefaultFormatting;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        match &self.log {
            Some(log) => log.map(value, limit),
            None => self.linear.map(value, limit),
        }
    }

    fn key_points<Hint: KeyPointHint>(&self, hint: Hint) -> Vec<f64> {
        if hint.weight().allow_light_points() {
            self.light.clone()
        } else {
            self.bold.clone()
        }
    }

    fn range(&self) -> core::ops::Range<f64> {
        self.linear.range()
    }
}

/// `10^k` written out: `1000`, `0.01`, or `1e-15` unless `plain`.
fn decade(k: i32, plain: bool) -> String {
    match (plain, k) {
        (false, _) => format!("1e{k}"),
        (true, 0..) => format!("1{}", "0".repeat(k.unsigned_abs() as usize)),
        (true, _) => format!("0.{}1", "0".repeat(k.unsigned_abs() as usize - 1)),
    }
}

/// `m × 10^k` (m in 1..=9) written out exactly.
fn mantissa_decade(m: u32, k: i32, plain: bool) -> String {
    if !plain {
        return format!("{m}e{k}");
    }
    match k {
        0.. => format!("{m}{}", "0".repeat(k.unsigned_abs() as usize)),
        _ => format!("0.{}{m}", "0".repeat(k.unsigned_abs() as usize - 1)),
    }
}

/// A log axis over `[lo, hi]` (both > 0).
fn log_axis(lo: f64, hi: f64) -> Axis {
    let (a, b) = (lo.log10().ceil() as i32, hi.log10().floor() as i32);
    // Plain numbers while every one is short (0.000001 .. 1000000), exponents otherwise.
    let plain = a >= -6 && b <= 6;
    let decades: Vec<i32> = (a..=b).collect();
    let pow = |k: i32| 10f64.powi(k);
    if decades.len() >= 3 {
        // At most 9 labels: every decade, or every second, fifth, ... (multiples of the stride).
        let need = decades.len().div_ceil(9);
        let stride = [1, 2, 3, 5, 10, 20, 25, 50, 100]
            .into_iter()
            .find(|&s| s >= need)
            .unwrap_or(need) as i32;
        let mut ticks = Vec::new();
        let mut light = Vec::new();
        for &k in &decades {
            if k.rem_euclid(stride) == 0 {
                ticks.push((pow(k), decade(k, plain)));
            } else if decades.len() <= 40 {
                light.push(pow(k));
            }
        }
        if stride == 1 && decades.len() <= 6 {
            for k in a - 1..=b {
                light.extend(
                    (2..=9)
                        .map(|m| f64::from(m) * pow(k))
                        .filter(|v| (lo..=hi).contains(v)),
                );
            }
        }
        return Axis {
            lo,
            hi,
            ticks,
            light,
        };
    }
    // At most two decades inside: 1, 2 and 5 × 10^k.
    let mut ticks = Vec::new();
    for k in a - 2..=b + 1 {
        for m in [1, 2, 5] {
            let v = f64::from(m) * pow(k);
            if (lo..=hi).contains(&v) {
                ticks.push((v, mantissa_decade(m, k, plain)));
            }
        }
    }
    if ticks.len() < 2 {
        // A very narrow range: linear ticks placed on the log axis.
        let lin = linear_axis(lo, hi);
        return Axis {
            lo,
            hi,
            ticks: lin.ticks,
            light: Vec::new(),
        };
    }
    Axis {
        lo,
        hi,
        ticks,
        light: Vec::new(),
    }
}

/// A linear axis over `[lo, hi]` (lo < hi): ticks at multiples of 1, 2 or 5 × 10^k, 4 to 10
/// of them.
fn linear_axis(lo: f64, hi: f64) -> Axis {
    let raw = (hi - lo) / 7.0;
    let mag = 10f64.powf(raw.log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0]
        .into_iter()
        .map(|m| m * mag)
        .find(|&s| s >= raw)
        .unwrap_or(10.0 * mag);
    let step_exp = (step.log10() + 1e-9).floor() as i32;
    let first = (lo / step).ceil() as i64;
    let last = (hi / step).floor() as i64;
    let values: Vec<f64> = (first..=last).map(|k| k as f64 * step).collect();
    let largest = values.iter().fold(0.0f64, |a, v| a.max(v.abs()));
    let scientific = largest >= 1e5 || (largest > 0.0 && largest < 1e-3);
    let ticks = values
        .iter()
        .map(|&v| {
            let v = if v.abs() < step * 1e-6 { 0.0 } else { v };
            let text = if v == 0.0 && scientific {
                "0".to_string()
            } else if scientific {
                let e = largest.log10().floor() as i32;
                let decimals = (e - step_exp).max(0) as usize;
                let m = v / 10f64.powi(e);
                format!("{m:.decimals$}e{e}")
            } else {
                let decimals = (-step_exp).max(0) as usize;
                format!("{v:.decimals$}")
            };
            (v, text)
        })
        .collect();
    Axis {
        lo,
        hi,
        ticks,
        light: Vec::new(),
    }
}

/// The axis for data in `[lo, hi]` on `scale`, padded so no line touches the frame. A
/// value axis (`around`) over two decades or more on a log scale reaches out to the decades
/// around the data, so its highest and lowest points lie between labelled ticks.
fn axis(lo: f64, hi: f64, scale: Scale, around: bool) -> Axis {
    match scale {
        Scale::Log if around && hi / lo >= 1e2 => log_axis(
            10f64.powf((lo / 1.2).log10().floor()),
            10f64.powf((hi * 1.2).log10().ceil()),
        ),
        Scale::Log => log_axis(lo / 1.5, hi * 1.5),
        Scale::Linear if hi > lo => {
            let pad = 0.05 * (hi - lo);
            linear_axis(lo - pad, hi + pad)
        }
        Scale::Linear => {
            let pad = if lo == 0.0 { 1.0 } else { 0.1 * lo.abs() };
            linear_axis(lo - pad, hi + pad)
        }
    }
}

/// Whether `v` can be drawn on an axis of `scale`.
fn drawable(v: f64, scale: Scale) -> bool {
    v.is_finite() && (scale == Scale::Linear || v > 0.0)
}

/// The legend entries (labels) placed in rows below the plot: (entry index, x, row).
fn legend_layout(labels: &[&str]) -> Vec<(usize, u32, u32)> {
    let room = WIDTH - 2 * MARGIN;
    let (mut x, mut row) = (0, 0);
    let mut out = Vec::new();
    for (i, label) in labels.iter().enumerate() {
        let w = SWATCH + SWATCH_GAP + text_width(label, LEGEND_FONT).ceil() as u32;
        if x > 0 && x + w > room {
            x = 0;
            row += 1;
        }
        out.push((i, MARGIN + x, row));
        x += w + ENTRY_GAP;
    }
    out
}

/// The chart as SVG text.
///
/// # Errors
/// Returns the drawing error as text, or a message when no point can be drawn.
pub fn line_chart_svg(chart: &Chart<'_>, series: &[Series]) -> Result<String, String> {
    let keep = |&(x, y): &(f64, f64)| drawable(x, chart.x_scale) && drawable(y, chart.y_scale);
    let (mut x0, mut x1, mut y0, mut y1) = (f64::MAX, f64::MIN, f64::MAX, f64::MIN);
    for &(x, y) in series
        .iter()
        .flat_map(|s| s.points.iter())
        .filter(|p| keep(p))
    {
        x0 = x0.min(x);
        x1 = x1.max(x);
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    if x0 > x1 {
        return Err(format!("{}: no finite points to plot", chart.title));
    }
    for &(y, _) in chart
        .targets
        .iter()
        .filter(|t| drawable(t.0, chart.y_scale))
    {
        y0 = y0.min(y);
        y1 = y1.max(y);
    }
    // The legend: every series, then each target name once.
    let mut target_names: Vec<&str> = Vec::new();
    for &(_, name) in chart.targets {
        if !target_names.contains(&name) {
            target_names.push(name);
        }
    }
    let labels: Vec<&str> = series
        .iter()
        .map(|s| s.label.as_str())
        .chain(target_names.iter().copied())
        .collect();
    let xa = axis(x0, x1, chart.x_scale, false);
    let ya = axis(y0, y1, chart.y_scale, true);

    let title = wrap(chart.title, TITLE_FONT, f64::from(WIDTH - 2 * MARGIN));
    let title_line = (font_px(TITLE_FONT) * 1.3).ceil() as u32;
    let title_height = MARGIN + title_line * title.len() as u32 + 4;
    let legend = legend_layout(&labels);
    let legend_rows = legend.last().map_or(0, |&(_, _, r)| r + 1);
    let legend_height = LEGEND_TOP + legend_rows * LEGEND_ROW + MARGIN;
    let height = title_height + PLOT_HEIGHT + legend_height;

    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, height)).into_drawing_area();
        root.fill(&WHITE).map_err(|e| e.to_string())?;
        let (top, rest) = root.split_vertically(title_height);
        let (plot_area, legend_area) = rest.split_vertically(PLOT_HEIGHT);

        let title_style = ("sans-serif", TITLE_FONT)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Center, VPos::Top));
        for (i, line) in title.iter().enumerate() {
            let y = MARGIN + title_line * i as u32;
            top.draw(&Text::new(
                line.as_str(),
                ((WIDTH / 2) as i32, y as i32),
                title_style.clone(),
            ))
            .map_err(|e| e.to_string())?;
        }

        // Left: tick labels, tick marks and the rotated axis description; right: half of the
        // last x tick label, which is centred on the axis end.
        let desc_px = font_px(DESC_FONT);
        let y_area = (ya.label_width() + 12.0 + desc_px * 1.6).ceil() as u32;
        let right = xa
            .ticks
            .last()
            .map_or(0.0, |(_, s)| text_width(s, TICK_FONT) / 2.0)
            .max(f64::from(MARGIN)) as u32
            + 4;
        let x_area = (font_px(TICK_FONT) + desc_px + 24.0).ceil() as u32;
        let fx = |v: &f64| xa.label(*v);
        let fy = |v: &f64| ya.label(*v);
        let mut ctx = ChartBuilder::on(&plot_area)
            .margin_top(6)
            .margin_left(MARGIN)
            .margin_right(right)
            .margin_bottom(0)
            .x_label_area_size(x_area)
            .y_label_area_size(y_area)
            .build_cartesian_2d(
                Ticked::new(&xa, chart.x_scale),
                Ticked::new(&ya, chart.y_scale),
            )
            .map_err(|e| e.to_string())?;
        ctx.configure_mesh()
            .x_desc(chart.x_label)
            .y_desc(chart.y_label)
            .x_label_formatter(&fx)
            .y_label_formatter(&fy)
            .label_style(("sans-serif", TICK_FONT))
            .axis_desc_style(("sans-serif", DESC_FONT))
            .bold_line_style(RGBColor(200, 200, 200))
            .light_line_style(RGBColor(236, 236, 236))
            .draw()
            .map_err(|e| e.to_string())?;
        for (i, s) in series.iter().enumerate() {
            let width = if i < COLORS.len() { 2 } else { 1 };
            let color = COLORS[i % COLORS.len()];
            let points: Vec<(f64, f64)> = s.points.iter().copied().filter(|p| keep(p)).collect();
            ctx.draw_series(LineSeries::new(points.clone(), color.stroke_width(width)))
                .map_err(|e| e.to_string())?;
            if points.len() <= MARKED_POINTS {
                ctx.draw_series(points.iter().map(|&p| Circle::new(p, 4, color.filled())))
                    .map_err(|e| e.to_string())?;
            }
        }
        for &(y, name) in chart
            .targets
            .iter()
            .filter(|t| drawable(t.0, chart.y_scale))
        {
            let k = target_names.iter().position(|n| *n == name).unwrap_or(0);
            ctx.draw_series(DashedLineSeries::new(
                [(xa.lo, y), (xa.hi, y)],
                10,
                6,
                TARGET_COLORS[k % TARGET_COLORS.len()].stroke_width(2),
            ))
            .map_err(|e| e.to_string())?;
        }

        let legend_style = ("sans-serif", LEGEND_FONT)
            .into_font()
            .color(&BLACK)
            .pos(Pos::new(HPos::Left, VPos::Center));
        for (i, x, row) in legend {
            let y = (LEGEND_TOP + row * LEGEND_ROW + LEGEND_ROW / 2) as i32;
            let x = x as i32;
            if i < series.len() {
                let color = COLORS[i % COLORS.len()];
                let width = if i < COLORS.len() { 3 } else { 1 };
                legend_area
                    .draw(&PathElement::new(
                        vec![(x, y), (x + SWATCH as i32, y)],
                        color.stroke_width(width),
                    ))
                    .map_err(|e| e.to_string())?;
            } else {
                // A target: a dashed swatch.
                for k in 0..3 {
                    legend_area
                        .draw(&PathElement::new(
                            vec![(x + 10 * k, y), (x + 10 * k + 6, y)],
                            TARGET_COLORS[(i - series.len()) % TARGET_COLORS.len()].stroke_width(3),
                        ))
                        .map_err(|e| e.to_string())?;
                }
            }
            legend_area
                .draw(&Text::new(
                    labels[i],
                    (x + (SWATCH + SWATCH_GAP) as i32, y),
                    legend_style.clone(),
                ))
                .map_err(|e| e.to_string())?;
        }
        root.present().map_err(|e| e.to_string())?;
    }
    Ok(svg)
}

/// Writes `series` as an SVG line chart to `path`.
///
/// # Errors
/// Returns the drawing or writing error as text (for example, an unwritable path).
pub fn line_chart(path: &Path, chart: &Chart<'_>, series: &[Series]) -> Result<(), String> {
    let svg = line_chart_svg(chart, series)?;
    std::fs::write(path, svg).map_err(|e| format!("{}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn labels(a: &Axis) -> Vec<&str> {
        a.ticks.iter().map(|(_, s)| s.as_str()).collect()
    }

    #[test]
    fn log_ticks_are_decades_written_from_the_exponent() {
        let a = log_axis(3e-16, 2e-12);
        assert_eq!(labels(&a), ["1e-15", "1e-14", "1e-13", "1e-12"]);
        assert_eq!(
            labels(&log_axis(1.5e-15, 2e-13)),
            [
                "2e-15", "5e-15", "1e-14", "2e-14", "5e-14", "1e-13", "2e-13"
            ]
        );
        let a = log_axis(1e-300, 1e10);
        assert!(a.ticks.len() <= 9 && a.ticks.len() >= 5, "{:?}", labels(&a));
        assert!(labels(&a).iter().all(|s| s.starts_with("1e")));
        assert_eq!(
            labels(&log_axis(0.005, 200.0)),
            ["0.01", "0.1", "1", "10", "100"]
        );
        assert_eq!(labels(&log_axis(0.3, 4.0)), ["0.5", "1", "2"]);
    }

    #[test]
    fn linear_ticks_have_the_decimals_the_step_needs() {
        assert_eq!(
            labels(&linear_axis(-0.1, 2.1)),
            ["0.0", "0.5", "1.0", "1.5", "2.0"]
        );
        assert_eq!(
            labels(&linear_axis(-5.0, 105.0)),
            ["0", "20", "40", "60", "80", "100"]
        );
        assert_eq!(
            labels(&linear_axis(-0.0021, 0.0001)),
            ["-0.0020", "-0.0015", "-0.0010", "-0.0005", "0.0000"]
        );
        assert_eq!(
            labels(&linear_axis(0.0, 3.1e-4)),
            [
                "0", "0.5e-4", "1.0e-4", "1.5e-4", "2.0e-4", "2.5e-4", "3.0e-4"
            ]
        );
        assert_eq!(
            labels(&linear_axis(0.0, 2.2e6)),
            ["0", "0.5e6", "1.0e6", "1.5e6", "2.0e6"]
        );
    }

    #[test]
    fn long_titles_wrap_within_the_width() {
        let t = "a title long enough that it cannot fit on one line of an eight hundred pixel canvas at twenty-two points";
        let lines = wrap(t, TITLE_FONT, 776.0);
        assert!(lines.len() >= 2);
        assert!(lines.iter().all(|l| text_width(l, TITLE_FONT) <= 776.0));
        assert_eq!(lines.join(" "), t);
    }
}
