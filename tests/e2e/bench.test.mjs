// End-to-end: the bench page runs the engines in WebAssembly and reports the same node
// counts as the native bench (a node budget makes them deterministic).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { startServer, launch, newPage } from './harness.mjs';

// The native tool as `cargo test` (run before these tests) or `cargo build --release` left
// it: the newer of the two.
function nativeCaro() {
  const native = ['debug', 'release']
    .map((p) => new URL(`../../target/${p}/caro`, import.meta.url).pathname)
    .filter((p) => existsSync(p))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
  assert.ok(native, 'build the native caro tool first (cargo test or cargo build --release)');
  return native;
}

let server, base, browser;
before(async () => { ({ server, base } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('the Caro bench runs in the browser and searches the same nodes as natively', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(`${base}bench.html?run=caro&nodes=3000`);
  await page.waitForSelector('#result[data-finished="true"]', { timeout: 60000 });
  const text = await page.textContent('#result');
  assert.match(text, /positions: 12/);
  assert.match(text, /nps: \d+/);
  const wasmNodes = text.match(/nodes: (\d+)/)[1];
  const out = execFileSync(nativeCaro(), ['bench', '--nodes', '3000'], { encoding: 'utf8' });
  assert.equal(out.match(/nodes: (\d+)/)[1], wasmNodes);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the Othello bench solves FFO #40-44 in the browser with the same nodes as natively', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(`${base}bench.html?run=othello`);
  await page.waitForSelector('#result[data-finished="true"]', { timeout: 120000 });
  const text = await page.textContent('#result');
  const wasm = text.match(/FFO #40-44: [\d.]+ s, (\d+) nodes/);
  assert.ok(wasm, text);
  // The exact scores the FFO test suite publishes (side to move's view), and a best move
  // among the published ones.
  const known = {
    40: [38, ['A2']],
    41: [0, ['H4']],
    42: [6, ['G2']],
    43: [-12, ['C7', 'G3']],
    44: [-14, ['D2', 'B8']],
  };
  for (const [n, [score, moves]] of Object.entries(known)) {
    const line = text.match(new RegExp(`^#${n} (\\w+) ([+-]\\d+) `, 'm'));
    assert.ok(line, `FFO #${n} missing in ${text}`);
    assert.equal(Number(line[2]), score, `FFO #${n}'s score`);
    assert.ok(moves.includes(line[1]), `FFO #${n}'s move ${line[1]}`);
  }
  // The same nodes need the same evaluation: the weights file the page fetched.
  const out = execFileSync(nativeCaro(), ['othello', 'bench'], { encoding: 'utf8' });
  assert.equal(out.match(/FFO #40-44: [\d.]+ s, (\d+) nodes/)[1], wasm[1]);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the wasm leaves the Othello weights out; they are served beside it', () => {
  const pkg = new URL('../../www/pkg/', import.meta.url).pathname;
  assert.ok(statSync(`${pkg}caro_bg.wasm`).size < 1_000_000, 'caro_bg.wasm should stay under 1 MB');
  const data = new URL('../../data/othello/eval.bin', import.meta.url).pathname;
  assert.deepEqual(readFileSync(`${pkg}othello-eval.bin`), readFileSync(data));
});

test('a bad node count is explained', async () => {
  const page = await newPage(browser, []);
  await page.goto(`${base}bench.html?run=caro&nodes=lots`);
  await page.waitForSelector('#result[data-finished="true"]');
  assert.match(await page.textContent('#result'), /nodes 'lots' must be a whole number/);
  await page.close();
});
