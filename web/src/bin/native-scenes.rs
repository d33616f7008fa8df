//! Each scene of the page, run natively: prints one JSON line per scene with its state hash
//! and figures after `frames` animation frames (default 60), the values the browser test
//! compares the page's with.
//!
//! `cargo run --release -p rtphys-web --bin native-scenes [-- <frames>]`
use rtphys_web::catalogue::{SCENES, Scene};
use rtphys_web::exports::status_json;

fn main() {
    let frames: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 60,
        Some(Ok(n)) => n,
        Some(Err(e)) => {
            eprintln!("frames must be a count: {e}");
            std::process::exit(2);
        }
    };
    for (index, entry) in SCENES.iter().enumerate() {
        let mut scene = Scene::new(index).expect("every index of SCENES builds");
        for _ in 0..frames {
            if let Err(e) = scene.frame() {
                eprintln!("{}: step {} failed: {e}", entry.name, scene.steps + 1);
                std::process::exit(1);
            }
        }
        println!("{}", status_json(&scene));
    }
}
