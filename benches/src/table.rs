//! Markdown tables.
use std::fmt::Write;

/// A markdown table built row by row.
#[derive(Debug, Clone)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
}

impl Table {
    /// A table with these column headers.
    pub fn new<S: ToString>(header: impl IntoIterator<Item = S>) -> Self {
        Self {
            header: header.into_iter().map(|s| s.to_string()).collect(),
            rows: Vec::new(),
        }
    }

    /// Appends a row (one cell per header column).
    pub fn row<S: ToString>(&mut self, cells: impl IntoIterator<Item = S>) -> &mut Self {
        let row: Vec<String> = cells.into_iter().map(|s| s.to_string()).collect();
        assert_eq!(
            row.len(),
            self.header.len(),
            "row width must match the header"
        );
        self.rows.push(row);
        self
    }

    /// The table as markdown, ending in a newline.
    pub fn to_markdown(&self) -> String {
        let mut out = String::new();
        let line = |out: &mut String, cells: &[String]| {
            out.push('|');
            for c in cells {
                let _ = write!(out, " {c} |");
            }
            out.push('\n');
        };
        line(&mut out, &self.header);
        line(&mut out, &vec!["---".to_string(); self.header.len()]);
        for r in &self.rows {
            line(&mut out, r);
        }
        out
    }
}

/// A time in nanoseconds with a sensible unit.
pub fn ns(t: f64) -> String {
    if t < 1e3 {
        format!("{t:.1} ns")
    } else if t < 1e6 {
        format!("{:.2} µs", t / 1e3)
    } else if t < 1e9 {
        format!("{:.2} ms", t / 1e6)
    } else {
        format!("{:.2} s", t / 1e9)
    }
}

/// A ratio such as `2.35x`.
pub fn ratio(r: f64) -> String {
    format!("{r:.2}x")
}

/// A ratio with its spread over rounds, such as `2.35x (2.20–2.51)`; without spread `2.35x`.
pub fn ratio_spread(r: &crate::measure::Ratio) -> String {
    if r.min == r.max {
        ratio(r.value)
    } else {
        format!("{:.2}x ({:.2}–{:.2})", r.value, r.min, r.max)
    }
}
