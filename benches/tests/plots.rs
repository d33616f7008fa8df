//! Every kind of chart the plotting module writes (linear and log axes on either side, many
//! series, long titles and labels, awkward data) is rendered to pixels with resvg, laying the
//! text out with the system's fonts, and checked the way a reader would look at it: something
//! is drawn, every piece of text lies inside the canvas, no two pieces of text overlap, tick
//! labels are short numbers (no `…999999984e-15`), and the title and legend stay off the data.
//!
//! The PNGs are left in `target/tmp/plots/` for looking at.
#![allow(
    clippy::std_instead_of_core,
    clippy::std_instead_of_alloc,
    reason = "host-only test"
)]

use std::sync::{Arc, OnceLock};

use benches::plot::{Chart, Scale, Series, line_chart, line_chart_svg};
use resvg::tiny_skia::{Pixmap, Rect, Transform};
use resvg::usvg::{self, Node, Paint};

/// The palette of the plotting module's first series (the data lines, 2 px wide).
const FIRST_COLOR: (u8, u8, u8) = (31, 119, 180);

fn fonts() -> Arc<usvg::fontdb::Database> {
    static DB: OnceLock<Arc<usvg::fontdb::Database>> = OnceLock::new();
    DB.get_or_init(|| {
        let mut db = usvg::fontdb::Database::new();
        db.load_system_fonts();
        // "sans-serif" as a browser would resolve it on this machine.
        let family = [
            "DejaVu Sans",
            "Liberation Sans",
            "Noto Sans",
            "Arial",
            "Helvetica",
        ]
        .into_iter()
        .find(|f| {
            db.faces()
                .any(|face| face.families.iter().any(|(name, _)| name == f))
        })
        .expect(
            "no sans-serif system font to lay the charts' text out (install fonts-dejavu-core)",
        );
        db.set_sans_serif_family(family);
        Arc::new(db)
    })
    .clone()
}

/// One piece of text as laid out: its string and its box on the canvas.
#[derive(Debug)]
struct Placed {
    text: String,
    bbox: Rect,
}

/// What the checks need from a parsed chart.
#[derive(Debug, Default)]
struct Parts {
    texts: Vec<Placed>,
    /// Union of the boxes of the data lines (paths 2 px wide in a palette colour).
    data: Option<Rect>,
}

fn union(a: Option<Rect>, b: Rect) -> Option<Rect> {
    Some(match a {
        None => b,
        Some(a) => Rect::from_ltrb(
            a.left().min(b.left()),
            a.top().min(b.top()),
            a.right().max(b.right()),
            a.bottom().max(b.bottom()),
        )
        .expect("finite box"),
    })
}

fn collect(group: &usvg::Group, parts: &mut Parts) {
    for node in group.children() {
        match node {
            Node::Group(g) => collect(g, parts),
            Node::Text(t) => parts.texts.push(Placed {
                text: t.chunks().iter().map(|c| c.text()).collect(),
                bbox: t.abs_bounding_box(),
            }),
            Node::Path(p) => {
                let is_data = p.stroke().is_some_and(|s| {
                    s.width().get() == 2.0
                        && matches!(s.paint(), Paint::Color(c) if (c.red, c.green, c.blue) != (0, 0, 0)
                            && !(c.red == c.green && c.green == c.blue))
                });
                if is_data {
                    parts.data = union(parts.data, node.abs_bounding_box());
                }
            }
            Node::Image(_) => {}
        }
    }
}

fn overlap(a: &Rect, b: &Rect) -> bool {
    a.left() < b.right() && b.left() < a.right() && a.top() < b.bottom() && b.top() < a.bottom()
}

/// Renders `chart` and checks it; returns the laid-out text for case-specific checks.
fn check(name: &str, chart: &Chart<'_>, series: &[Series]) -> Vec<Placed> {
    let svg = line_chart_svg(chart, series).unwrap_or_else(|e| panic!("{name}: {e}"));
    let opt = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    let tree = usvg::Tree::from_str(&svg, &opt).unwrap_or_else(|e| panic!("{name}: {e}"));
    let (w, h) = (tree.size().width(), tree.size().height());

    let mut parts = Parts::default();
    collect(tree.root(), &mut parts);
    let written = svg.matches("<text").count();
    assert!(written > 0, "{name}: no text written");
    assert_eq!(
        parts.texts.len(),
        written,
        "{name}: some text could not be laid out with the system fonts"
    );

    // Every piece of text inside the canvas (half a pixel of anti-aliasing allowed).
    for t in &parts.texts {
        let b = &t.bbox;
        assert!(
            b.width() > 0.0 && b.height() > 0.0,
            "{name}: {:?} has an empty box",
            t.text
        );
        assert!(
            b.left() >= -0.5 && b.top() >= -0.5 && b.right() <= w + 0.5 && b.bottom() <= h + 0.5,
            "{name}: {:?} at {b:?} is cut off by the {w} x {h} canvas",
            t.text
        );
    }
    // No two pieces of text overlap (tick labels, axis descriptions, title, legend).
    for (i, a) in parts.texts.iter().enumerate() {
        for b in &parts.texts[i + 1..] {
            assert!(
                !overlap(&a.bbox, &b.bbox),
                "{name}: {:?} at {:?} overlaps {:?} at {:?}",
                a.text,
                a.bbox,
                b.text,
                b.bbox
            );
        }
    }
    // Title and legend are off the data.
    let data = parts.data.unwrap_or_else(|| panic!("{name}: no data line"));
    let off_data: Vec<&str> = series
        .iter()
        .map(|s| s.label.as_str())
        .chain(chart.title.split_whitespace())
        .collect();
    for t in &parts.texts {
        let is_legend = series.iter().any(|s| s.label == t.text);
        let is_title = !is_legend && t.text.split_whitespace().all(|w| off_data.contains(&w));
        if is_legend || is_title {
            assert!(
                !overlap(&t.bbox, &data),
                "{name}: {:?} at {:?} lies on the data {data:?}",
                t.text,
                t.bbox
            );
        }
    }
    // The whole title is written (wrapped, not cut): its lines, top to bottom, above the data.
    let title_words: Vec<&str> = parts
        .texts
        .iter()
        .filter(|t| {
            t.text.contains(' ')
                && chart.title.contains(t.text.as_str())
                && !series.iter().any(|s| s.label == t.text)
        })
        .inspect(|t| {
            assert!(
                t.bbox.bottom() < data.top(),
                "{name}: title line {:?} below the data top",
                t.text
            )
        })
        .flat_map(|t| t.text.split_whitespace())
        .collect();
    assert_eq!(
        title_words.join(" "),
        chart.title.split_whitespace().collect::<Vec<_>>().join(" "),
        "{name}: title"
    );

    // Pixels: something drawn, the data lines among it.
    let mut pixmap = Pixmap::new(w.ceil() as u32, h.ceil() as u32).expect("canvas");
    resvg::render(&tree, Transform::identity(), &mut pixmap.as_mut());
    let px = pixmap.pixels();
    let inked = px
        .iter()
        .filter(|p| p.alpha() > 0 && (p.red(), p.green(), p.blue()) != (255, 255, 255))
        .count();
    assert!(
        inked * 100 > px.len(),
        "{name}: only {inked} of {} pixels drawn",
        px.len()
    );
    let first = px
        .iter()
        .filter(|p| (p.red(), p.green(), p.blue()) == FIRST_COLOR)
        .count();
    assert!(first > 20, "{name}: the first series is not visible");

    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("plots");
    std::fs::create_dir_all(&dir).expect("png folder");
    pixmap
        .save_png(dir.join(format!("{name}.png")))
        .expect("png");
    parts.texts
}

fn series(label: &str, f: impl Fn(f64) -> f64, xs: impl Iterator<Item = f64>) -> Series {
    Series {
        label: label.to_string(),
        points: xs.map(|x| (x, f(x))).collect(),
    }
}

fn chart<'a>(title: &'a str, x_label: &'a str, y_label: &'a str, x: Scale, y: Scale) -> Chart<'a> {
    Chart {
        title,
        x_label,
        y_label,
        x_scale: x,
        y_scale: y,
        targets: &[],
    }
}

/// Tick labels: short numbers written from exact values.
fn assert_short_ticks(name: &str, texts: &[Placed], expected: &[&str]) {
    for t in texts {
        let numeric = t
            .text
            .chars()
            .all(|c| c.is_ascii_digit() || "-.e".contains(c));
        if numeric {
            assert!(
                t.text.len() <= 7 && !t.text.contains("0000000") && !t.text.contains("9999"),
                "{name}: tick label {:?}",
                t.text
            );
        }
    }
    for e in expected {
        assert!(
            texts.iter().any(|t| t.text == *e),
            "{name}: no tick {e:?} among {:?}",
            texts.iter().map(|t| &t.text).collect::<Vec<_>>()
        );
    }
}

#[test]
fn linear_axes_two_series() {
    let t = (0..=400).map(|k| k as f64 * 0.05);
    let s = [
        series(
            "ω_y (intermediate axis)",
            |t| 2.0 * (0.3 * t).cos(),
            t.clone(),
        ),
        series("ω_x", |t| 0.4 * (0.3 * t).sin(), t),
    ];
    let texts = check(
        "linear",
        &chart(
            "Spinning body: body-frame angular velocity",
            "time (s)",
            "ω (rad/s)",
            Scale::Linear,
            Scale::Linear,
        ),
        &s,
    );
    assert_short_ticks("linear", &texts, &["0", "20", "-2", "2"]);
}

#[test]
fn log_y_over_thirty_decades() {
    let s = [series(
        "residual",
        |k| 10f64.powf(-k / 5.0),
        (0..=150).map(f64::from),
    )];
    let texts = check(
        "log_y",
        &chart(
            "Residual after each sweep",
            "sweep",
            "largest projected residual (m/s)",
            Scale::Linear,
            Scale::Log,
        ),
        &s,
    );
    assert_short_ticks("log_y", &texts, &["1e-30", "1e0"]);
}

#[test]
fn log_y_few_decades_of_tiny_values() {
    let s = [series(
        "energy drift",
        |t| 1e-15 * (1.0 + t),
        (1..=100).map(f64::from),
    )];
    let texts = check(
        "log_y_tiny",
        &chart(
            "Spinning body: relative kinetic-energy drift",
            "time (s)",
            "|E − E₀| / E₀ (relative)",
            Scale::Linear,
            Scale::Log,
        ),
        &s,
    );
    assert_short_ticks("log_y_tiny", &texts, &["2e-15", "5e-15", "1e-14", "1e-13"]);
}

#[test]
fn log_log_many_series_long_title_and_labels() {
    let labels: Vec<String> = (0..14)
        .map(|i| format!("series {i}: a legend label long enough to need its own row"))
        .collect();
    let s: Vec<Series> = labels
        .iter()
        .enumerate()
        .map(|(i, l)| {
            series(
                l,
                |n| (1.0 + i as f64) * n.powf(0.5 + 0.05 * i as f64),
                (0..=40).map(|k| 10f64.powf(f64::from(k) / 10.0)),
            )
        })
        .collect();
    let title = "cwlist sorted insertion at every list size from one to ten thousand: LinkedList time divided by cwlist time, with fourteen value sizes side by side";
    let texts = check(
        "log_log",
        &chart(
            title,
            "list size (elements)",
            "time ratio (LinkedList / cwlist)",
            Scale::Log,
            Scale::Log,
        ),
        &s,
    );
    assert_short_ticks("log_log", &texts, &["1", "10", "100", "1000", "10000"]);
}

#[test]
fn log_x_narrow_range_and_negative_linear_y() {
    let s = [
        series(
            "f32",
            |x| -0.002 * x,
            (0..=30).map(|k| 0.3 + 0.1 * f64::from(k)),
        ),
        series(
            "f64",
            |x| -0.001 * x,
            (0..=30).map(|k| 0.3 + 0.1 * f64::from(k)),
        ),
    ];
    let texts = check(
        "log_x_narrow",
        &chart(
            "A narrow log axis and small negative values",
            "step (ms)",
            "(E − E₀) / E₀ (%)",
            Scale::Log,
            Scale::Linear,
        ),
        &s,
    );
    assert_short_ticks("log_x_narrow", &texts, &["1", "2"]);
}

#[test]
fn awkward_data_constant_nan_and_zero_on_log_axes() {
    let s = [
        Series {
            label: "constant".into(),
            points: (0..10).map(|k| (f64::from(k), 3e-9)).collect(),
        },
        Series {
            label: "with NaN and zeros".into(),
            points: vec![(0.0, 0.0), (1.0, f64::NAN), (2.0, 1e-9), (3.0, 2e-9)],
        },
    ];
    check(
        "awkward",
        &chart(
            "Constant series, NaN and zeros",
            "time (s)",
            "value (m)",
            Scale::Linear,
            Scale::Log,
        ),
        &s,
    );
}

#[test]
fn a_chart_with_nothing_to_draw_is_an_error_not_an_empty_file() {
    let s = [Series {
        label: "all NaN".into(),
        points: vec![(0.0, f64::NAN), (1.0, f64::INFINITY)],
    }];
    let c = chart("Nothing", "x", "y", Scale::Linear, Scale::Linear);
    assert!(line_chart_svg(&c, &s).is_err());
    let path = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("nothing.svg");
    let _ = std::fs::remove_file(&path);
    assert!(line_chart(&path, &c, &s).is_err());
    assert!(!path.exists());
}

/// Targets are dashed lines inside the axis range (the range grows to hold them), named once
/// in the legend however many lines share a name; series of few points get a marker on each;
/// a log axis over several decades reaches the decades around the data and writes them as
/// plain numbers.
#[test]
fn targets_markers_and_plain_log_ticks() {
    let sizes = [10.0f64, 100.0, 1000.0, 1e4, 1e5];
    let s = [Series {
        label: "measured at five sizes".into(),
        points: sizes.iter().map(|&n| (n, 0.004 * n.sqrt())).collect(),
    }];
    let targets = [(5.0, "target: ≤ 5 %"), (0.02, "floor: 0.02 %")];
    let mut c = chart(
        "Five sizes, two targets",
        "size",
        "drift (%)",
        Scale::Log,
        Scale::Log,
    );
    c.targets = &targets;
    let texts = check("targets", &c, &s);
    let svg = line_chart_svg(&c, &s).unwrap();
    assert_eq!(svg.matches("<circle").count(), 5, "a marker per point");
    assert!(
        svg.contains("stroke-dasharray") || svg.matches("<polyline").count() >= 3,
        "dashed target lines"
    );
    for name in ["target: ≤ 5 %", "floor: 0.02 %"] {
        assert_eq!(
            svg.matches(name).count(),
            1,
            "{name} named once in the legend"
        );
    }
    // Data from 0.0126 % to 1.26 % and targets at 0.02 % and 5 %: ticks from 0.01 to 10,
    // written plainly.
    assert_short_ticks("targets", &texts, &["0.01", "0.1", "1", "10"]);
}
