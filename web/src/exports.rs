//! The module's interface to the page: plain `extern "C"` functions on numbers (no binding
//! generator, so the build needs nothing beyond cargo), and buffers in linear memory that the
//! page reads through typed arrays: the bodies' poses and the joints' lines (`f64`), and one
//! text buffer (UTF-8 JSON) for everything else.
//!
//! Functions that write text return its length in bytes; [`text`] gives where it starts.
//! The page must re-read `memory.buffer` after every call (memory may grow).
#![allow(
    unsafe_code,
    reason = "`#[unsafe(no_mangle)]` gives the exports their names; there is no unsafe operation"
)]

use core::fmt::Write as _;
use std::sync::{Mutex, PoisonError};

use solver::world::{Joint, Shape};
use solver::xform::Vector;

use crate::catalogue::{SCENES, Scene};

/// What the page is watching, and the buffers it reads.
struct Viewer {
    scene: Option<Scene>,
    /// 7 numbers per body: position x, y, z and orientation x, y, z, w.
    poses: Vec<f64>,
    /// 12 numbers per joint: body a's centre, its anchor, the other anchor, the other centre
    /// (the world anchor again for a joint to the world).
    lines: Vec<f64>,
    text: String,
}

static VIEWER: Mutex<Viewer> = Mutex::new(Viewer {
    scene: None,
    poses: Vec::new(),
    lines: Vec::new(),
    text: String::new(),
});

fn with<R>(f: impl FnOnce(&mut Viewer) -> R) -> R {
    f(&mut VIEWER.lock().unwrap_or_else(PoisonError::into_inner))
}

/// Replaces the text buffer with `s`; its length in bytes.
fn put_text(v: &mut Viewer, s: &str) -> u32 {
    v.text.clear();
    v.text.push_str(s);
    u32::try_from(v.text.len()).unwrap_or(u32::MAX)
}

/// How many scenes the picker offers.
#[unsafe(no_mangle)]
pub extern "C" fn scene_count() -> u32 {
    u32::try_from(SCENES.len()).unwrap_or(u32::MAX)
}

/// Writes `{"name": …, "about": …}` of scene `index` to the text buffer (0 bytes past the
/// end).
#[unsafe(no_mangle)]
pub extern "C" fn scene_info(index: u32) -> u32 {
    with(|v| match SCENES.get(index as usize) {
        Some(e) => put_text(
            v,
            &format!(r#"{{"name":"{}","about":"{}"}}"#, e.name, e.about),
        ),
        None => put_text(v, ""),
    })
}

/// Builds scene `index` afresh; its body count, or -1 if there is no such scene.
#[unsafe(no_mangle)]
pub extern "C" fn load(index: u32) -> i32 {
    with(|v| {
        v.scene = Scene::new(index as usize);
        v.scene.as_ref().map_or(-1, |s| {
            i32::try_from(s.world.bodies().len()).unwrap_or(i32::MAX)
        })
    })
}

/// Advances the scene by `steps` world steps (the page takes `steps_per_frame` of them per
/// animation frame, one for a single step): 1 on success; after an error (a step failed, or
/// no scene is loaded) minus the length of its message in the text buffer.
#[unsafe(no_mangle)]
pub extern "C" fn advance(steps: u32) -> i32 {
    with(|v| {
        let Some(scene) = v.scene.as_mut() else {
            let n = put_text(v, "no scene loaded");
            return -i32::try_from(n).unwrap_or(i32::MAX);
        };
        for _ in 0..steps {
            if let Err(e) = scene.step() {
                let message = format!("step {} failed: {e}", scene.steps + 1);
                let n = put_text(v, &message);
                return -i32::try_from(n).unwrap_or(i32::MAX);
            }
        }
        1
    })
}

/// Writes the scene's fixed description as JSON: every body's shape, the planes, the
/// time step and the steps per frame (0 bytes without a scene).
#[unsafe(no_mangle)]
pub extern "C" fn describe() -> u32 {
    with(|v| {
        let Some(scene) = v.scene.as_ref() else {
            return put_text(v, "");
        };
        let mut out = String::from(r#"{"bodies":["#);
        for (k, b) in scene.world.bodies().iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = match b.shape() {
                // Drawn as the box of the same mass and principal moments (the diagonal
                // of the body-frame inertia): a chain's rods, the spinning body's block.
                Shape::None => match (b.inertia(), b.mass()) {
                    (Some(i), m) if m > 0.0 => {
                        let half = |k: usize| {
                            let (j, l) = ((k + 1) % 3, (k + 2) % 3);
                            (1.5 / m * (i[(j, j)] + i[(l, l)] - i[(k, k)]))
                                .max(0.0)
                                .sqrt()
                        };
                        write!(
                            out,
                            r#"{{"shape":"none","half":[{},{},{}]}}"#,
                            half(0),
                            half(1),
                            half(2)
                        )
                    }
                    _ => write!(out, r#"{{"shape":"none"}}"#),
                },
                Shape::Sphere(r) => write!(out, r#"{{"shape":"sphere","radius":{r}}}"#),
                Shape::Box(h) => write!(
                    out,
                    r#"{{"shape":"box","half":[{},{},{}]}}"#,
                    h[0], h[1], h[2]
                ),
                Shape::Capsule(r, h) => {
                    write!(
                        out,
                        r#"{{"shape":"capsule","radius":{r},"half_height":{h}}}"#
                    )
                }
            };
        }
        out.push_str(r#"],"planes":["#);
        for (k, p) in scene.world.planes().iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let n = p.normal;
            let _ = write!(
                out,
                r#"{{"normal":[{},{},{}],"offset":{}}}"#,
                n[0], n[1], n[2], p.offset
            );
        }
        // Where joints hold bodies to the world: what hangs from them can swing anywhere
        // within reach below them (the page frames the view with it).
        out.push_str(r#"],"world_anchors":["#);
        let mut first = true;
        for slot in scene.world.joints().iter().filter(|s| s.b.is_none()) {
            let (_, anchor) = anchors(&slot.joint);
            let _ = write!(
                out,
                "{}[{},{},{}]",
                if first { "" } else { "," },
                anchor[0],
                anchor[1],
                anchor[2]
            );
            first = false;
        }
        let _ = write!(
            out,
            r#"],"joints":{},"dt":{},"steps_per_frame":{}}}"#,
            scene.world.joints().len(),
            scene.world.settings().dt,
            scene.steps_per_frame
        );
        put_text(v, &out)
    })
}

/// Fills the pose buffer (7 numbers per body) and returns where it starts.
#[unsafe(no_mangle)]
pub extern "C" fn poses() -> *const f64 {
    with(|v| {
        v.poses.clear();
        if let Some(scene) = v.scene.as_ref() {
            for b in scene.world.bodies() {
                let p = b.pose();
                let q = p.orientation;
                v.poses.extend(p.position.0);
                v.poses.extend([q.x, q.y, q.z, q.w]);
            }
        }
        v.poses.as_ptr()
    })
}

/// Fills the joint-line buffer (12 numbers per joint) and returns where it starts.
#[unsafe(no_mangle)]
pub extern "C" fn joint_lines() -> *const f64 {
    with(|v| {
        v.lines.clear();
        if let Some(scene) = v.scene.as_ref() {
            let bodies = scene.world.bodies();
            for slot in scene.world.joints() {
                let a = bodies[slot.a].pose();
                let b = slot.b.map(|i| bodies[i].pose());
                let (local_a, local_b) = anchors(&slot.joint);
                let anchor_b = b.map_or(local_b, |p| p.point(&local_b));
                let centre_b = b.map_or(anchor_b, |p| p.position);
                for point in [a.position, a.point(&local_a), anchor_b, centre_b] {
                    v.lines.extend(point.0);
                }
            }
        }
        v.lines.as_ptr()
    })
}

/// A joint's anchors in its bodies' frames (the second in the world's for a joint to the
/// world); a user constraint's are the bodies' centres.
fn anchors<U>(joint: &Joint<f64, U>) -> (Vector<f64, 3>, Vector<f64, 3>) {
    match joint {
        Joint::Ball(j) => (j.anchor_a, j.anchor_b),
        Joint::Distance(j) => (j.anchor_a, j.anchor_b),
        Joint::Hinge(j) => (j.ball.anchor_a, j.ball.anchor_b),
        Joint::Weld(j) => (j.ball.anchor_a, j.ball.anchor_b),
        Joint::Prismatic(j) => (j.anchor_a, j.anchor_b),
        Joint::User(_) => (Vector::zeros(), Vector::zeros()),
    }
}

/// Writes the live state as JSON: simulated time, steps, the state hash (16 hex digits)
/// and the figures with their targets and verdicts (0 bytes without a scene).
#[unsafe(no_mangle)]
pub extern "C" fn status() -> u32 {
    with(|v| {
        let Some(scene) = v.scene.as_ref() else {
            return put_text(v, "");
        };
        let out = status_json(scene);
        put_text(v, &out)
    })
}

/// The text of [`status`] for `scene` (also what the native run prints).
pub fn status_json(scene: &Scene) -> String {
    let time = scene.world.time();
    let mut out = format!(
        r#"{{"scene":"{}","time":{time},"steps":{},"hash":"{:016x}","figures":["#,
        SCENES[scene.index].name,
        scene.steps,
        scene.world.state_hash()
    );
    for (k, f) in scene.figures.iter().enumerate() {
        if k > 0 {
            out.push(',');
        }
        f.json(time, &mut out);
    }
    out.push_str("]}");
    out
}

/// Where the text buffer starts (its length is what the last text-writing call returned).
#[unsafe(no_mangle)]
pub extern "C" fn text() -> *const u8 {
    with(|v| v.text.as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text_of(len: u32) -> String {
        with(|v| v.text[..len as usize].to_string())
    }

    /// The interface as the page drives it: load, describe, advance, read poses and status.
    #[test]
    fn the_page_s_calls_in_order() {
        assert_eq!(load(scene_count()), -1);
        assert!(advance(1) < 0, "no scene: an error");
        assert!(text_of(scene_info(0)).contains("cradle"));
        let bodies = load(0);
        assert_eq!(bodies, 5);
        let d = text_of(describe());
        assert!(d.contains(r#""shape":"sphere","radius":0.05"#), "{d}");
        assert!(d.contains(r#""joints":5"#), "{d}");
        assert!(d.contains(r#""world_anchors":[[0,1,0],[0.1,1,0],"#), "{d}");
        assert_eq!(advance(34), 1);
        poses();
        joint_lines();
        with(|v| {
            assert_eq!(v.poses.len(), 7 * 5);
            assert_eq!(v.lines.len(), 12 * 5);
            // A string's world end is its pivot, 1 m above the ball at rest.
            assert_eq!(v.lines[6..9], [0.0, 1.0, 0.0]);
        });
        let s = text_of(status());
        assert!(s.contains(r#""steps":34"#), "{s}");
        assert!(s.contains(r#""hash":""#), "{s}");
    }
}
