//! The scenes in a browser. The rigid-body world and the scenes' own setups (the file the
//! scenes' tables build their worlds with, `solver/examples/scenes/setups.rs`) compiled to
//! WebAssembly, behind plain exports the page in `www/` calls: pick a scene, advance it by
//! frames, read the bodies' poses, the joints' lines and the live figures with their targets.
//!
//! The same code runs on the host (`cargo run -p rtphys-web --bin native-scenes`), which
//! prints each scene's state hash after a number of frames; the browser test compares the
//! page's hashes with those. Build, serve and test: `scripts/web` (see the README).
//!
//! A demo wrapper, not published: it uses `std` (the module's state sits behind a mutex).
#![allow(
    clippy::field_reassign_with_default,
    reason = "the shared setups read best as the default settings plus the few changes"
)]

pub mod catalogue;
pub mod exports;
pub mod figures;
pub mod model;

/// The scenes' worlds, the file the scenes' tables use (one copy for both).
#[allow(
    dead_code,
    unreachable_pub,
    reason = "shared with the scenes' tables, which use every item; the page uses most"
)]
#[path = "../../solver/examples/scenes/setups.rs"]
pub(crate) mod setups;
