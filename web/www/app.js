// The scenes in 3D: the world runs in the WebAssembly module (the same Rust code as the
// native scenes); this file only draws what the module's exports report.
import * as THREE from 'three';
import { OrbitControls } from './vendor/OrbitControls.js';

const { instance } = await WebAssembly.instantiate(
  await (await fetch('pkg/rtphys_web.wasm')).arrayBuffer(), {});
const wasm = instance.exports;
const utf8 = new TextDecoder();
// Text exports return a length; the bytes start at wasm.text(). Memory may grow on any call,
// so views are made afresh each time.
const text = (len) => utf8.decode(new Uint8Array(wasm.memory.buffer, wasm.text(), len));
const numbers = (ptr, n) => new Float64Array(wasm.memory.buffer, ptr, n);

const canvas = document.getElementById('view');
// preserveDrawingBuffer: the browser test reads the canvas back to check it is not blank.
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(window.devicePixelRatio);
const scene3d = new THREE.Scene();
const background = new THREE.Color(0x2b3038);
scene3d.background = background;
const camera = new THREE.PerspectiveCamera(45, 1, 0.01, 1000);
const controls = new OrbitControls(camera, canvas);
scene3d.add(new THREE.HemisphereLight(0xffffff, 0x404850, 1.6));
const sun = new THREE.DirectionalLight(0xffffff, 1.8);
sun.position.set(3, 8, 5);
scene3d.add(sun);

const palette = [0xe07a5f, 0x81b29a, 0xf2cc8f, 0x3d85c6, 0xb5838d, 0x9c89b8, 0x6d9dc5, 0xd4a373];
let current = { group: null, bodies: [], lines: null, joints: 0, stepsPerFrame: 1, index: 0 };
let playing = true;

function fitCamera(centre, extent) {
  controls.target.copy(centre);
  const d = Math.max(extent, 0.3) * 2.2 + 0.2;
  camera.position.set(centre.x + 0.35 * d, centre.y + 0.3 * d, centre.z + d);
  camera.near = d / 500;
  camera.far = d * 50;
  camera.updateProjectionMatrix();
  controls.update();
}

// One mesh per shape kind: spheres and boxes share a unit geometry as instances (4000
// spheres draw in one call); capsules and shapeless bodies are single meshes.
function buildBodies(description, group) {
  const bodies = description.bodies;
  const material = new THREE.MeshStandardMaterial({ roughness: 0.55, metalness: 0.05 });
  const kinds = { sphere: [], box: [] };
  bodies.forEach((b, i) => { if (kinds[b.shape]) kinds[b.shape].push(i); });
  const instanced = {};
  const geometry = {
    sphere: new THREE.SphereGeometry(1, 24, 16),
    box: new THREE.BoxGeometry(2, 2, 2),
  };
  for (const kind of ['sphere', 'box']) {
    if (kinds[kind].length === 0) continue;
    const mesh = new THREE.InstancedMesh(geometry[kind], material, kinds[kind].length);
    kinds[kind].forEach((body, k) => mesh.setColorAt(k, new THREE.Color(palette[body % palette.length])));
    group.add(mesh);
    instanced[kind] = mesh;
  }
  const slots = bodies.map((b, i) => {
    if (b.shape === 'sphere') {
      return { mesh: instanced.sphere, k: kinds.sphere.indexOf(i), scale: new THREE.Vector3(b.radius, b.radius, b.radius) };
    }
    if (b.shape === 'box') {
      return { mesh: instanced.box, k: kinds.box.indexOf(i), scale: new THREE.Vector3(...b.half) };
    }
    const color = new THREE.Color(palette[i % palette.length]);
    // A capsule; a body without a shape as the box of its mass and principal moments
    // (a chain's rods, the spinning block), or a dot.
    const geometry = b.shape === 'capsule'
      ? new THREE.CapsuleGeometry(b.radius, 2 * b.half_height, 6, 16)
      : b.half ? new THREE.BoxGeometry(...b.half.map((h) => 2 * Math.max(h, 0.02 * Math.max(...b.half))))
        : new THREE.SphereGeometry(0.025, 12, 8);
    const m = new THREE.Mesh(geometry, new THREE.MeshStandardMaterial({ color, roughness: 0.55 }));
    group.add(m);
    return { object: m };
  });
  return slots;
}

function buildPlanes(description, group, centre, extent, lowest) {
  const size = Math.max(4, 4 * extent);
  if (!description.planes.some((p) => p.normal[1] > 0.9)) {
    // No ground: a grid below the scene, for depth and motion (drawn only).
    const grid = new THREE.GridHelper(size, 20, 0x59616e, 0x434a55);
    grid.position.set(centre.x, lowest - 0.3 * extent, centre.z);
    group.add(grid);
  }
  description.planes.forEach((p) => {
    const n = new THREE.Vector3(...p.normal);
    const floor = Math.abs(n.y) > 0.9;
    const geometry = new THREE.PlaneGeometry(size, size);
    const material = floor
      ? new THREE.MeshStandardMaterial({ color: 0x5a6270, roughness: 0.9, side: THREE.DoubleSide })
      : new THREE.MeshStandardMaterial({ color: 0x8fa3bf, transparent: true, opacity: 0.12, side: THREE.DoubleSide, depthWrite: false });
    const mesh = new THREE.Mesh(geometry, material);
    mesh.quaternion.setFromUnitVectors(new THREE.Vector3(0, 0, 1), n);
    const onPlane = centre.clone().addScaledVector(n, p.offset - n.dot(centre));
    mesh.position.copy(onPlane);
    group.add(mesh);
    if (floor) {
      const grid = new THREE.GridHelper(size, Math.round(size / Math.max(0.1, extent / 5)), 0x7d8694, 0x6a7380);
      grid.quaternion.copy(mesh.quaternion).multiply(new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(1, 0, 0), Math.PI / 2));
      grid.position.copy(onPlane).addScaledVector(n, 1e-3 * size);
      group.add(grid);
    }
  });
}

function load(index) {
  if (current.group) {
    scene3d.remove(current.group);
    current.group.traverse((o) => { o.geometry?.dispose(); o.material?.dispose?.(); });
  }
  const count = wasm.load(index);
  if (count < 0) throw new Error(`no scene ${index}`);
  const description = JSON.parse(text(wasm.describe()));
  const group = new THREE.Group();
  const poses = numbers(wasm.poses(), 7 * count);
  // The view holds every body with its size and, below each world anchor, the reach of
  // what hangs from it.
  const box = new THREE.Box3();
  const centres = [];
  description.bodies.forEach((b, i) => {
    const p = new THREE.Vector3(poses[7 * i], poses[7 * i + 1], poses[7 * i + 2]);
    const size = b.radius !== undefined ? b.radius + (b.half_height ?? 0)
      : b.half ? Math.hypot(...b.half) : 0.025;
    box.expandByPoint(p.clone().addScalar(size)).expandByPoint(p.clone().addScalar(-size));
    centres.push([p, size]);
  });
  for (const a of description.world_anchors) {
    const anchor = new THREE.Vector3(...a);
    const reach = Math.max(...centres.map(([p, size]) => p.distanceTo(anchor) + size));
    box.expandByPoint(anchor);
    box.expandByPoint(anchor.clone().add(new THREE.Vector3(reach, -reach, 0)));
    box.expandByPoint(anchor.clone().add(new THREE.Vector3(-reach, 0, 0)));
  }
  const centre = box.getCenter(new THREE.Vector3());
  const extent = box.getSize(new THREE.Vector3()).length() / 2;
  buildPlanes(description, group, centre, extent, box.min.y);
  const bodies = buildBodies(description, group);
  let lines = null;
  if (description.joints > 0) {
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(description.joints * 18), 3));
    lines = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: 0xffffff }));
    group.add(lines);
  }
  scene3d.add(group);
  current = { group, bodies, lines, joints: description.joints, stepsPerFrame: description.steps_per_frame, index };
  const info = JSON.parse(text(wasm.scene_info(index)));
  document.getElementById('about').textContent = info.about;
  document.getElementById('error').textContent = '';
  fitCamera(centre, extent);
  sync();
}

const matrix = new THREE.Matrix4();
const position = new THREE.Vector3();
const rotation = new THREE.Quaternion();

// Copies the module's poses and joint lines into the meshes, and its figures into the overlay.
function sync() {
  const n = current.bodies.length;
  const poses = numbers(wasm.poses(), 7 * n);
  const touched = new Set();
  current.bodies.forEach((slot, i) => {
    position.set(poses[7 * i], poses[7 * i + 1], poses[7 * i + 2]);
    rotation.set(poses[7 * i + 3], poses[7 * i + 4], poses[7 * i + 5], poses[7 * i + 6]);
    if (slot.mesh) {
      slot.mesh.setMatrixAt(slot.k, matrix.compose(position, rotation, slot.scale));
      touched.add(slot.mesh);
    } else {
      slot.object.position.copy(position);
      slot.object.quaternion.copy(rotation);
    }
  });
  touched.forEach((m) => { m.instanceMatrix.needsUpdate = true; m.computeBoundingSphere(); });
  if (current.lines) {
    const l = numbers(wasm.joint_lines(), 12 * current.joints);
    const out = current.lines.geometry.attributes.position.array;
    for (let j = 0; j < current.joints; j++) {
      // Centre a → anchor a → anchor b → centre b, as three segments.
      for (let s = 0; s < 3; s++) {
        for (let c = 0; c < 6; c++) out[18 * j + 6 * s + c] = l[12 * j + 3 * s + c];
      }
    }
    current.lines.geometry.attributes.position.needsUpdate = true;
    current.lines.geometry.computeBoundingSphere();
  }
  showStatus();
}

function showStatus() {
  const status = JSON.parse(text(wasm.status()));
  document.getElementById('clock').textContent = `t = ${status.time.toFixed(3)} s · ${status.steps} steps`;
  document.getElementById('hash').textContent = `state hash ${status.hash}`;
  const rows = status.figures.map((f) => {
    const verdict = f.pass === true ? '<td class="pass">PASS</td>' : f.pass === false ? '<td class="miss">MISS</td>' : '<td></td>';
    return `<tr><td>${f.name}</td><td>${f.shown}</td><td>${f.target}</td>${verdict}</tr>`;
  });
  document.getElementById('figures').innerHTML = rows.join('');
  return status;
}

// Advances `steps` world steps; false (and the message shown, play paused) on an error.
function advance(steps) {
  const r = wasm.advance(steps);
  if (r < 0) {
    document.getElementById('error').textContent = text(-r);
    setPlaying(false);
    return false;
  }
  return true;
}

function setPlaying(on) {
  playing = on;
  document.getElementById('play').textContent = on ? 'Pause' : 'Play';
}

function resize() {
  const w = canvas.clientWidth; const h = canvas.clientHeight;
  if (canvas.width !== Math.floor(w * window.devicePixelRatio) || canvas.height !== Math.floor(h * window.devicePixelRatio)) {
    renderer.setSize(w, h, false);
    camera.aspect = w / h;
    // The figures cover the left: the picture's centre moves right, to the free part.
    camera.setViewOffset(w, h, -0.2 * w, 0, w, h);
    camera.updateProjectionMatrix();
  }
}

function frame() {
  resize();
  if (playing && advance(current.stepsPerFrame)) sync();
  controls.update();
  renderer.render(scene3d, camera);
  requestAnimationFrame(frame);
}

const picker = document.getElementById('scene');
for (let i = 0; i < wasm.scene_count(); i++) {
  const option = document.createElement('option');
  option.value = i;
  option.textContent = JSON.parse(text(wasm.scene_info(i))).name;
  picker.append(option);
}
const first = Number(new URLSearchParams(location.search).get('scene') ?? 0);
picker.value = first;
picker.addEventListener('change', () => load(Number(picker.value)));
document.getElementById('play').addEventListener('click', () => setPlaying(!playing));
document.getElementById('step').addEventListener('click', () => { setPlaying(false); if (advance(1)) sync(); });
document.getElementById('reset').addEventListener('click', () => load(current.index));
if (new URLSearchParams(location.search).has('paused')) setPlaying(false);
load(first);

// For the browser test (test/browser.mjs): drive the page without the animation loop's timing.
window.scenes = {
  count: () => wasm.scene_count(),
  // Loads scene `i` paused and runs `frames` animation frames; the status after them.
  run(i, frames) {
    setPlaying(false);
    picker.value = i;
    load(i);
    for (let f = 0; f < frames; f++) {
      if (!advance(current.stepsPerFrame)) return { error: document.getElementById('error').textContent };
    }
    sync();
    resize();
    renderer.render(scene3d, camera);
    return showStatus();
  },
  // Fractions of the canvas's pixels that differ from the background colour, and that are
  // coloured (the bodies: the ground, walls, grid and lines are grey).
  drawn() {
    const c = document.createElement('canvas');
    c.width = canvas.width; c.height = canvas.height;
    const g = c.getContext('2d');
    g.drawImage(canvas, 0, 0);
    const px = g.getImageData(0, 0, c.width, c.height).data;
    const [r0, g0, b0] = [0x2b, 0x30, 0x38]; // the background, 0x2b3038
    let differ = 0; let coloured = 0;
    for (let k = 0; k < px.length; k += 4) {
      if (Math.abs(px[k] - r0) + Math.abs(px[k + 1] - g0) + Math.abs(px[k + 2] - b0) > 24) differ++;
      if (Math.max(px[k], px[k + 1], px[k + 2]) - Math.min(px[k], px[k + 1], px[k + 2]) > 40) coloured++;
    }
    const all = px.length / 4;
    return { drawn: differ / all, bodies: coloured / all };
  },
};
requestAnimationFrame(frame);
document.body.dataset.ready = 'yes';
