//! The SVG writer produces a file with the title, labels and every series.
use benches::plot::{Chart, Scale, Series, line_chart};

#[test]
fn writes_svg_with_labels_and_series() {
    let dir = std::env::temp_dir().join(format!("benches-plot-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("chart.svg");
    let series = [
        Series {
            label: "squares".into(),
            points: (1..10).map(|i| (i as f64, (i * i) as f64)).collect(),
        },
        Series {
            label: "cubes".into(),
            points: (1..10).map(|i| (i as f64, (i * i * i) as f64)).collect(),
        },
    ];
    let chart = Chart {
        title: "Powers",
        x_label: "n",
        y_label: "value",
        x_scale: Scale::Log,
        y_scale: Scale::Log,
        targets: &[],
    };
    line_chart(&path, &chart, &series).unwrap();
    let svg = std::fs::read_to_string(&path).unwrap();
    for needle in ["<svg", "Powers", "squares", "cubes", "<polyline"] {
        assert!(svg.contains(needle), "SVG lacks {needle}");
    }
    assert!(
        line_chart(&dir.join("empty.svg"), &chart, &[]).is_err(),
        "no points is an error"
    );
}
