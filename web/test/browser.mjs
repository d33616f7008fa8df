// The page in a real browser: serves web/www, opens it in headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core), runs every scene for a fixed number of
// frames and checks that
//   - its state hash and figures equal the native run's (target/web-native.jsonl, from
//     `native-scenes`): the same physics to the bit,
//   - the canvas is drawn (enough pixels differ from the background),
//   - the page logged no error;
// and saves one screenshot per scene. Run through `scripts/web test`.
//
// node web/test/browser.mjs --native FILE --frames N [--write]
import { createServer } from 'node:http';
import { readFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { extname, join, normalize, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', 'www');
const args = process.argv.slice(2);
const option = (name, fallback) => {
  const k = args.indexOf(name);
  return k >= 0 ? args[k + 1] : fallback;
};
const nativeFile = option('--native', 'target/web-native.jsonl');
const frames = Number(option('--frames', '60'));
const write = args.includes('--write');
const shots = write ? join(here, '..', '..', 'docs', 'web') : join(here, '..', '..', 'target', 'web-shots');
mkdirSync(shots, { recursive: true });

const native = readFileSync(nativeFile, 'utf8').trim().split('\n').map((l) => JSON.parse(l));

const types = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm' };
const server = createServer((req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\.\.[/\\])+/, '');
  const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
  try {
    const body = readFileSync(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/?paused`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--enable-unsafe-swiftshader', '--use-angle=swiftshader',
    '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const page = await browser.newPage({ viewport: { width: 720, height: 450 } });
const problems = [];
page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
await page.goto(url);
await page.waitForSelector('body[data-ready="yes"]', { timeout: 60000 });

const count = await page.evaluate(() => window.scenes.count());
if (count !== native.length) problems.push(`the page has ${count} scenes, the native run ${native.length}`);
const rows = [];
for (let i = 0; i < Math.min(count, native.length); i++) {
  const status = await page.evaluate(([k, f]) => window.scenes.run(k, f), [i, frames]);
  const expected = native[i];
  const drawn = await page.evaluate(() => window.scenes.drawn());
  const slug = String(i).padStart(2, '0') + '-' + expected.scene.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
  await page.screenshot({ path: join(shots, `${slug}.png`) });
  const failed = [];
  if (status.error) failed.push(status.error);
  if (status.scene !== expected.scene) failed.push(`scene ${status.scene} where native has ${expected.scene}`);
  if (status.hash !== expected.hash) failed.push(`hash ${status.hash}, native ${expected.hash}`);
  if (status.steps !== expected.steps) failed.push(`${status.steps} steps, native ${expected.steps}`);
  (expected.figures ?? []).forEach((f, k) => {
    const g = status.figures?.[k];
    if (!g || g.shown !== f.shown || g.pass !== f.pass) {
      failed.push(`figure "${f.name}": ${g?.shown} (${g?.pass}), native ${f.shown} (${f.pass})`);
    }
  });
  if (!(drawn.drawn > 0.02)) failed.push(`canvas nearly blank: ${(100 * drawn.drawn).toFixed(2)} % of pixels drawn`);
  if (!(drawn.bodies > 0.0001)) failed.push(`no body visible: ${(100 * drawn.bodies).toFixed(3)} % of pixels coloured`);
  rows.push({ scene: expected.scene, hash: status.hash, drawn, failed });
  problems.push(...failed.map((f) => `${expected.scene}: ${f}`));
}
await browser.close();
server.close();

console.log(`| scene | steps | state hash (page = native) | canvas drawn | bodies | |`);
console.log(`|---|---|---|---|---|---|`);
rows.forEach((r, i) => console.log(
  `| ${r.scene} | ${native[i].steps} | ${r.hash} | ${(100 * r.drawn.drawn).toFixed(1)} % | ${(100 * r.drawn.bodies).toFixed(1)} % | ${r.failed.length ? 'FAIL' : 'ok'} |`));
console.log(`screenshots in ${shots}/`);
if (problems.length) {
  console.log(`\n${problems.length} problem(s):`);
  problems.forEach((p) => console.log(`  - ${p}`));
  process.exit(1);
}
console.log(`all ${rows.length} scenes: the page's state hash equals the native run's after ${frames} frames; every canvas drawn with its bodies in view`);
