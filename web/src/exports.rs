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

use std::sync::{Mutex, PoisonError};

use crate::catalogue::{SCENES, Scene};
use crate::model::Look;

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
            i32::try_from(s.model.looks().len()).unwrap_or(i32::MAX)
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

/// Writes the scene's fixed description as JSON: every body's look, the planes, the
/// anchors to the world, the joint count, the time step and the steps per frame (0 bytes
/// without a scene).
#[unsafe(no_mangle)]
pub extern "C" fn describe() -> u32 {
    with(|v| {
        let Some(scene) = v.scene.as_ref() else {
            return put_text(v, "");
        };
        let model = &scene.model;
        let looks: Vec<String> = model
            .looks()
            .iter()
            .map(|look| match *look {
                Look::Sphere(r) => format!(r#"{{"shape":"sphere","radius":{r}}}"#),
                Look::Box(h) => format!(r#"{{"shape":"box","half":{}}}"#, triple(h)),
                Look::Capsule(r, h) => {
                    format!(r#"{{"shape":"capsule","radius":{r},"half_height":{h}}}"#)
                }
                Look::Block(h) => format!(r#"{{"shape":"none","half":{}}}"#, triple(h)),
                Look::Dot => r#"{"shape":"none"}"#.to_string(),
            })
            .collect();
        let planes: Vec<String> = model
            .planes()
            .iter()
            .map(|(n, d)| format!(r#"{{"normal":{},"offset":{d}}}"#, triple(n.0)))
            .collect();
        let anchors: Vec<String> = model.world_anchors().iter().map(|a| triple(a.0)).collect();
        let out = format!(
            r#"{{"bodies":[{}],"planes":[{}],"world_anchors":[{}],"joints":{},"dt":{},"steps_per_frame":{}}}"#,
            looks.join(","),
            planes.join(","),
            anchors.join(","),
            model.joint_count(),
            model.dt(),
            scene.steps_per_frame
        );
        put_text(v, &out)
    })
}

fn triple(x: [f64; 3]) -> String {
    format!("[{},{},{}]", x[0], x[1], x[2])
}

/// Fills the pose buffer (7 numbers per body) and returns where it starts.
#[unsafe(no_mangle)]
pub extern "C" fn poses() -> *const f64 {
    with(|v| {
        v.poses.clear();
        if let Some(scene) = v.scene.as_ref() {
            scene.model.poses(&mut v.poses);
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
            scene.model.joint_lines(&mut v.lines);
        }
        v.lines.as_ptr()
    })
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
    let time = scene.model.time();
    let mut out = format!(
        r#"{{"scene":"{}","time":{time},"steps":{},"hash":"{:016x}","figures":["#,
        SCENES[scene.index].name,
        scene.steps,
        scene.model.state_hash()
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
