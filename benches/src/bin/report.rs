//! Runs a quick version of every comparison in one process, prints markdown tables of ratios
//! against the peers measured in the same run and writes them with SVG plots to
//! `target/report/` (`report.md`, `plots/`). `--write` refreshes the README's Performance
//! section and `docs/plots` instead; `--full` runs the long version; other arguments name the
//! sections to run (then the README is never touched).
#![allow(clippy::std_instead_of_core, reason = "host-only binary")]

use benches::{Mode, SECTIONS};
use std::path::PathBuf;
use std::time::Instant;

const BEGIN: &str = "<!-- report:begin -->";
const END: &str = "<!-- report:end -->";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let full = args.iter().any(|a| a == "--full");
    let write = args.iter().any(|a| a == "--write");
    let only: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..");
    let out = root.join("target/report");
    let mode = Mode {
        full,
        plot_dir: if write {
            root.join("docs/plots")
        } else {
            out.join("plots")
        },
    };
    std::fs::create_dir_all(&mode.plot_dir).expect("create the plot folder");

    let mut body = String::new();
    body.push_str(&format!(
        "Measured on {} ({}), {} build, `{}` mode, load average {} at the start. A time ratio is \
         the fastest round over the fastest round, with the smallest and largest ratio of one \
         round in parentheses; a target is \"met\" or \"missed\" over that whole spread, and \
         \"within noise\" when its threshold lies inside it.\n\n",
        machine(),
        std::env::consts::ARCH,
        if cfg!(debug_assertions) {
            "debug"
        } else {
            "release"
        },
        if full { "--full" } else { "quick" },
        load_average()
    ));
    let started = Instant::now();
    for (name, section) in SECTIONS {
        if !only.is_empty() && !only.iter().any(|o| o.as_str() == *name) {
            continue;
        }
        eprintln!("[{:6.1}s] {name} ...", started.elapsed().as_secs_f64());
        let md = section(&mode);
        println!("## {name}\n\n{md}");
        body.push_str(&format!("### {name}\n\n{md}\n"));
    }
    eprintln!("[{:6.1}s] done", started.elapsed().as_secs_f64());
    body.push_str(&format!("Load average {} at the end.\n", load_average()));
    if write && only.is_empty() {
        update_readme(&root.join("README.md"), &body);
    } else {
        let path = out.join("report.md");
        std::fs::write(&path, &body).expect("write target/report/report.md");
        eprintln!(
            "wrote {} and plots in {} (README untouched; --write updates it)",
            path.display(),
            mode.plot_dir.display()
        );
    }
}

/// The 1-minute load average, where /proc/loadavg exists.
fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_string))
        .unwrap_or_else(|| "?".to_string())
}

/// CPU model from /proc/cpuinfo, where there is one.
fn machine() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("model name"))
                .map(|l| l.split(':').nth(1).unwrap_or("").trim().to_string())
        })
        .unwrap_or_else(|| "unknown CPU".to_string())
}

/// Replaces the text between the report markers in the README.
fn update_readme(path: &std::path::Path, body: &str) {
    let Ok(readme) = std::fs::read_to_string(path) else {
        return;
    };
    let (Some(b), Some(e)) = (readme.find(BEGIN), readme.find(END)) else {
        eprintln!("README has no report markers; not updated");
        return;
    };
    let updated = format!("{}{BEGIN}\n{body}{}", &readme[..b], &readme[e..]);
    std::fs::write(path, updated).expect("write README");
    eprintln!("README Performance section updated");
}
