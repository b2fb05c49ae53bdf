// End-to-end: the app as an installable, offline, locked-down web app (its
// Content-Security-Policy, the service worker and its versions, the web app manifest),
// its themes and their contrast, and its sounds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, launch, launchWithProfile, newPage, ready, PHONE } from './harness.mjs';

let server, base, overrides, browser;
before(async () => { ({ server, base, overrides } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const www = new URL('../../www/', import.meta.url).pathname;
const pages = readdirSync(www).filter((f) => f.endsWith('.html')).sort();

// A page whose Content-Security-Policy violations, console errors and page errors all land
// in `errors`.
async function watchedPage(errors, options = {}) {
  const page = await newPage(browser, errors, options);
  await page.exposeFunction('reportCspViolation', (text) => errors.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  return page;
}

const moveCount = (page) => page.$eval('#move-count', (el) => Number(el.textContent.match(/\d+/)[0]));
const waitMoves = (page, n, timeout = 20000) => page.waitForFunction(
  (n) => Number(document.querySelector('#move-count').textContent.match(/\d+/)[0]) >= n, n, { timeout },
);

// A human's move in each game: Caro's first empty cell, Connect Four's middle column,
// Othello's first legal square.
const humanMove = {
  caro: (page) => page.click('#table_game .cell:not(.x):not(.o)'),
  connect4: (page) => page.click('#table_game tbody td[data-col="3"]'),
  othello: (page) => page.click('#table_game td[data-legal]'),
};

test('every page carries the Content-Security-Policy: no inline script or style, scripts from the site and wasm only', () => {
  assert.deepEqual(pages, ['bench.html', 'caro.html', 'connect4.html', 'index.html', 'othello.html', 'rules.html']);
  for (const file of pages) {
    const html = readFileSync(www + file, 'utf8');
    const csp = html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]*)">/);
    assert.ok(csp, `${file} has no CSP meta tag`);
    const directives = Object.fromEntries(csp[1].split(';').map((d) => d.trim().split(/\s+/)).map(([k, ...v]) => [k, v]));
    assert.deepEqual(directives['default-src'], ["'none'"], file);
    assert.deepEqual(directives['script-src'], ["'self'", "'wasm-unsafe-eval'"], file);
    assert.deepEqual(directives['style-src'], ["'self'"], file);
    assert.deepEqual(directives['worker-src'], ["'self'"], file);
    assert.doesNotMatch(csp[1], /unsafe-inline|'unsafe-eval'|\*|data:|https?:/, file);
    // Nothing the policy would refuse: inline scripts, event handler attributes, style
    // attributes or elements.
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/, `${file}: an inline script`);
    assert.doesNotMatch(html, /\son[a-z]+=/, `${file}: an inline event handler`);
    assert.doesNotMatch(html, /\sstyle=|<style/, `${file}: an inline style`);
    assert.match(html, /<link rel="manifest" href="manifest.webmanifest">/, file);
    assert.match(html, /<script src="boot.js"><\/script>/, file);
  }
});

test('no CSP violation or console error on any page, in every game and mode', async () => {
  const errors = [];
  const page = await watchedPage(errors);
  // The home page, and Enter in its form (which must not submit it).
  await page.goto(base);
  await page.waitForSelector('#list-level option', { state: 'attached' });
  await page.selectOption('#list-type-play', 'computer-computer');
  await page.press('#input-delay', 'Enter');
  assert.equal(new URL(page.url()).pathname, '/');
  for (const game of ['caro', 'connect4', 'othello']) {
    // Two players: two moves.
    await page.goto(`${base}${game}.html?type=2-players`);
    await ready(page);
    await humanMove[game](page);
    await humanMove[game](page);
    assert.equal(await moveCount(page), 2, game);
    await page.click('#import');
    await page.click('#import-cancel');
    await page.click('#undo');
    // Against the computer: a move and its answer.
    await page.goto(`${base}${game}.html?type=player-computer`);
    await ready(page);
    await humanMove[game](page);
    await waitMoves(page, 2);
    // Computer against computer, without the delay.
    await page.goto(`${base}${game}.html?type=computer-computer&delay=0`);
    await ready(page);
    await waitMoves(page, 4);
  }
  // A refused move's message (renju's forbidden point; Othello's square that flips nothing).
  await page.goto(`${base}caro.html?type=2-players&rule=renju&moves=h8a1i8a2g9a3g7a4`);
  await ready(page);
  await page.click('[id="7-6"]');
  assert.match(await page.textContent('#message'), /forbidden/);
  await page.goto(`${base}bench.html?run=caro&nodes=500`);
  await page.waitForSelector('#result[data-finished="true"]', { timeout: 60000 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('pkg/app-files.js lists every file of the app with its hash as it is now (scripts/build-web.sh writes it)', () => {
  const generated = {};
  new Function('self', readFileSync(`${www}pkg/app-files.js`, 'utf8'))(generated);
  assert.match(generated.APP_VERSION, /^[0-9a-f]{16}$/);
  const files = ['', 'icons/', 'pkg/']
    .flatMap((dir) => readdirSync(www + dir, { withFileTypes: true })
      .filter((e) => e.isFile() && /\.(html|js|css|webmanifest|wasm|bin|svg|png)$/.test(e.name))
      .map((e) => dir + e.name))
    .filter((f) => f !== 'sw.js' && f !== 'pkg/app-files.js')
    .sort();
  for (const file of ['index.html', 'style.css', 'boot.js', 'worker.js', 'pkg/caro.js', 'pkg/caro_bg.wasm', 'pkg/othello-eval.bin', 'pkg/caro-eval.bin']) {
    assert.ok(files.includes(file), file);
  }
  assert.deepEqual(Object.keys(generated.APP_FILES).sort(), files.map((f) => `./${f}`), 'run scripts/build-web.sh');
  for (const [file, integrity] of Object.entries(generated.APP_FILES)) {
    const now = `sha384-${createHash('sha384').update(readFileSync(www + file)).digest('base64')}`;
    assert.equal(integrity, now, `${file} changed since the build: run scripts/build-web.sh`);
  }
});

// Waits until the page is served by the app's service worker, with its cache filled.
async function controlled(page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 20000 });
  return page.evaluate(() => caches.keys());
}

test('after one visit the app reloads and plays offline: Caro against Greedy to the end, Connect Four and Othello moves, the bench', async () => {
  const errors = [];
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  await page.goto(base);
  await page.waitForSelector('#list-level option', { state: 'attached' });
  const cachesNow = await controlled(page);
  assert.equal(cachesNow.length, 1);
  assert.match(cachesNow[0], /^caro-app-[0-9a-f]{16}$/);

  await context.setOffline(true);
  await page.reload();
  await page.waitForSelector('#list-level option', { state: 'attached' });
  // The home form opens a game; a Caro game against Greedy is played to its end.
  await page.selectOption('#list-row', '10');
  await page.selectOption('#list-column', '10');
  await page.selectOption('#list-level', 'greedy');
  await page.click('#button');
  await ready(page);
  assert.match(page.url(), /caro\.html\?.*level=greedy/);
  for (let moves = 0; ; moves += 2) {
    const { state } = await page.$eval('#table_game', (t) => t.dataset);
    if (state !== 'playing') break;
    assert.ok(moves < 100, 'the game should have ended');
    await humanMove.caro(page);
    await page.waitForFunction(
      (n) => {
        const t = document.querySelector('#table_game');
        const count = Number(document.querySelector('#move-count').textContent.match(/\d+/)[0]);
        return t.dataset.state !== 'playing' || (count >= n && !t.hasAttribute('data-thinking'));
      },
      moves + 2,
    );
  }
  assert.match(await page.$eval('#table_game', (t) => t.dataset.state), /won|draw/);

  await page.goto(`${base}connect4.html?type=player-computer&level=perfect`);
  await ready(page);
  await humanMove.connect4(page);
  await waitMoves(page, 2);
  // Othello's Strong needs its weights file, from the cache too.
  await page.goto(`${base}othello.html?type=player-computer&level=strong&time=300`);
  await ready(page);
  await humanMove.othello(page);
  await waitMoves(page, 2);
  assert.equal(await page.$('#error:not([hidden])'), null);
  // The bench page and both weights files.
  await page.goto(`${base}bench.html?run=caro&nodes=500`);
  await page.waitForSelector('#result[data-finished="true"]', { timeout: 60000 });
  assert.match(await page.textContent('#result'), /positions: 12/);
  assert.deepEqual(errors, []);
  await context.close();
});

// Polls `probe` (an evaluation in the page, which a reload may interrupt) until it
// returns something truthy.
async function until(page, probe, arg, timeout = 20000) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(probe, arg).catch(() => null);
    if (value) return value;
    assert.ok(Date.now() < end, `timed out waiting for ${probe}`);
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

test('a new version replaces the cached one on the next visit; one whose files do not match their hashes does not', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(base);
  const [first] = await controlled(page);
  try {
    // A build whose files arrive changed but whose list still has the old hashes (a server
    // half way through an update): not installed, the old version stays and serves.
    overrides.set('/pkg/app-files.js', (text) => text.replace(/APP_VERSION = '[^']*'/, "APP_VERSION = 'torn'"));
    overrides.set('/pkg/caro.js', (text) => `${text}\n// changed\n`);
    await page.reload();
    await page.waitForSelector('#list-level option', { state: 'attached' });
    const settled = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      await r.update().catch(() => {});
      for (let i = 0; i < 200 && r.installing; i++) await new Promise((ok) => setTimeout(ok, 50));
      return { installing: !!r.installing, waiting: !!r.waiting, active: !!r.active };
    });
    assert.deepEqual(settled, { installing: false, waiting: false, active: true });
    assert.deepEqual(await page.evaluate(() => caches.keys()), [first]);
    overrides.delete('/pkg/caro.js');

    // A new build: the next visit installs it, its cache replaces the old one and the page
    // reloads into it.
    let loads = 0;
    page.on('load', () => { loads += 1; });
    overrides.set('/pkg/app-files.js', (text) => text.replace(/APP_VERSION = '[^']*'/, "APP_VERSION = 'next'"));
    await page.goto(`${base}caro.html?type=2-players&moves=h8`);
    await until(page, async () => {
      const keys = await caches.keys();
      return keys.length === 1 && keys[0] === 'caro-app-next';
    });
    await until(page, () => navigator.serviceWorker.controller !== null);
    assert.ok(loads >= 2, `the page should have reloaded into the new version (${loads} loads)`);
    await ready(page);
    assert.equal(await page.getAttribute('[id="7-7"]', 'aria-label'), 'h8 X');
    // Offline, the new version's cache serves the app.
    await context.setOffline(true);
    await page.reload();
    await ready(page);
    assert.equal(await page.getAttribute('[id="7-7"]', 'aria-label'), 'h8 X');
  } finally {
    overrides.clear();
    await context.close();
  }
});

test('the web app manifest names the app, its start page, standalone display, colours and icons that exist, and Chromium would install the app', async () => {
  const manifest = JSON.parse(readFileSync(`${www}manifest.webmanifest`, 'utf8'));
  assert.equal(manifest.short_name, 'Caro');
  assert.equal(manifest.start_url, './index.html');
  assert.equal(manifest.display, 'standalone');
  assert.match(manifest.theme_color, /^#[0-9a-f]{6}$/);
  assert.match(manifest.background_color, /^#[0-9a-f]{6}$/);
  const sizes = manifest.icons.map((i) => i.sizes);
  assert.ok(sizes.includes('192x192') && sizes.includes('512x512'), sizes.join(', '));
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
  const page = await newPage(browser, []);
  for (const icon of manifest.icons) {
    const response = await page.request.get(base + icon.src);
    assert.equal(response.status(), 200, icon.src);
    if (icon.type === 'image/png') {
      // A PNG's width and height (its IHDR chunk) are what the manifest says.
      const png = await response.body();
      assert.equal(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.sizes, icon.src);
    }
  }
  await page.close();
  // Chromium, with a profile of its own, finds nothing that stops it installing the app.
  const profile = mkdtempSync(join(tmpdir(), 'caro-profile-'));
  const context = await launchWithProfile(profile);
  try {
    const app = await context.newPage();
    await app.goto(base);
    await controlled(app);
    const cdp = await context.newCDPSession(app);
    assert.deepEqual((await cdp.send('Page.getInstallabilityErrors')).installabilityErrors, []);
    const manifestSeen = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifestSeen.errors, []);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

// Runs in the page: every text shown (and each field's), with its colour and opacity
// composited over the backgrounds behind it, against WCAG AA: 4.5:1, 3:1 for large text
// and for Caro's forbidden-point marks. Disabled controls are exempt; Caro's coordinates,
// drawn outside their cells, are measured on their own. The failures, described.
function contrastFailures() {
  const parse = (c) => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return { r, g, b, a };
  };
  const over = (top, under) => ({
    r: top.r * top.a + under.r * (1 - top.a),
    g: top.g * top.a + under.g * (1 - top.a),
    b: top.b * top.a + under.b * (1 - top.a),
    a: 1,
  });
  const lum = ({ r, g, b }) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p); return (x + 0.05) / (y + 0.05); };
  // The colour behind an element: its own background and its ancestors', composited.
  const background = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.backgroundImage !== 'none') return null;
      const c = parse(s.backgroundColor);
      if (c && c.a > 0) { layers.push(c); if (c.a >= 1) break; }
    }
    let bg = { r: 255, g: 255, b: 255, a: 1 };
    for (const c of layers.reverse()) bg = over(c, bg);
    return bg;
  };
  const opacity = (el) => { let o = 1; for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity); return o; };
  const failures = [];
  const check = (el, what, style, text, graphic = false) => {
    const bg = background(el);
    const fgRaw = parse(style.color);
    if (!bg || !fgRaw) return;
    const fg = over({ ...fgRaw, a: fgRaw.a * opacity(el) * Number(style.opacity ?? 1) }, bg);
    const size = parseFloat(style.fontSize);
    const bold = Number(style.fontWeight) >= 700;
    const large = size >= 24 || (bold && size >= 18.66);
    const need = graphic || large ? 3 : 4.5;
    const r = ratio(fg, bg);
    if (r < need) failures.push(`${what} '${text.slice(0, 30)}': ${r.toFixed(2)} < ${need} (${style.color} on ${JSON.stringify(bg)})`);
  };
  const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
  const name = (el) => el.id ? `#${el.id}` : `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`;
  for (const el of document.body.querySelectorAll('*')) {
    if (!shown(el) || el.closest(':disabled, option, svg')) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
    if (own || ['SELECT', 'INPUT', 'TEXTAREA'].includes(el.tagName)) check(el, name(el), getComputedStyle(el), own || el.value || '(field)');
    for (const pseudo of ['::before', '::after']) {
      const s = getComputedStyle(el, pseudo);
      if (s.content === 'none' || s.content === 'normal' || s.content === '""') continue;
      // Caro's coordinates sit outside their cells, on the page.
      if (s.position === 'absolute') continue;
      check(el, name(el) + pseudo, s, s.content, el.classList.contains('forbidden'));
    }
  }
  return failures;
}

// The contrast of two colours (CSS colour strings), as WCAG computes it; in the page.
function contrastOf([a, b]) {
  const rgb = (c) => c.match(/\d+(\.\d+)?/g).slice(0, 3).map(Number);
  const lum = (c) => {
    const [r, g, b] = rgb(c).map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const colours = (page) => page.evaluate(() => ({
  theme: document.documentElement.dataset.theme,
  body: getComputedStyle(document.body).backgroundColor,
  ink: getComputedStyle(document.body).color,
  board: document.querySelector('#table_game') && getComputedStyle(document.querySelector('#table_game')).backgroundColor,
}));

test('the dark theme follows the system; the #theme switch overrides it, is remembered, and Auto follows the system again', async () => {
  const light = await newPage(browser, [], { colorScheme: 'light' });
  await light.goto(`${base}caro.html?type=2-players&moves=h8`);
  await ready(light);
  const lightColours = await colours(light);
  assert.equal(lightColours.theme, 'light');
  await light.close();

  const errors = [];
  const page = await watchedPage(errors, { colorScheme: 'dark' });
  await page.goto(`${base}caro.html?type=2-players&moves=h8`);
  await ready(page);
  const dark = await colours(page);
  assert.equal(dark.theme, 'dark');
  assert.notEqual(dark.body, lightColours.body);
  assert.notEqual(dark.board, lightColours.board);
  assert.notEqual(dark.ink, lightColours.ink);
  assert.equal(await page.inputValue('#theme'), 'auto');
  assert.deepEqual(await page.$$eval('#theme option', (os) => os.map((o) => o.value)), ['auto', 'light', 'dark']);

  // The switch overrides the system's choice at once, and is remembered by every page.
  await page.selectOption('#theme', 'light');
  assert.deepEqual(await colours(page), lightColours);
  await page.reload();
  await ready(page);
  assert.equal(await page.inputValue('#theme'), 'light');
  assert.deepEqual(await colours(page), lightColours);
  await page.goto(base);
  await page.waitForSelector('#theme option', { state: 'attached' });
  assert.equal(await page.inputValue('#theme'), 'light');
  assert.equal((await colours(page)).body, lightColours.body);
  await page.goto(`${base}bench.html`);
  await page.waitForSelector('#theme option', { state: 'attached' });
  assert.equal(await page.inputValue('#theme'), 'light');
  assert.equal((await colours(page)).body, lightColours.body);

  // Auto follows the system, and its changes while the page is open.
  await page.selectOption('#theme', 'auto');
  assert.equal((await colours(page)).theme, 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.waitForFunction(() => document.documentElement.dataset.theme === 'light');
  await page.selectOption('#theme', 'dark');
  assert.equal((await colours(page)).body, dark.body);
  // The browser's bar follows: only the dark theme-color applies.
  assert.deepEqual(
    await page.$$eval('meta[name="theme-color"]', (ms) => ms.map((m) => [m.content, matchMedia(m.media).matches])),
    [['#f6f1e7', false], ['#1c1b18', true]],
  );
  assert.deepEqual(errors, []);
  await page.close();
});

test('text passes WCAG AA contrast in both themes, and the Othello legal-move dots and Caro coordinates reach 3:1', async () => {
  const states = [
    'index.html?game=caro&rows=5', // with the message about the bad URL
    'caro.html?type=2-players&rule=renju&moves=h8a1i8a2g9a3g7a4', // forbidden points
    'caro.html?type=2-players&moves=h8a1i8a2j8a3k8a4l8', // a win
    'connect4.html?type=2-players&moves=4453443',
    'connect4.html?type=2-players&moves=1212121', // a win
    'othello.html?type=2-players&moves=f5d6c3d3c4', // White to move
    'othello.html?type=2-players&moves=f5d6', // Black to move
    'bench.html',
  ];
  for (const colorScheme of ['light', 'dark']) {
    const page = await newPage(browser, [], { colorScheme });
    for (const path of states) {
      await page.goto(base + path);
      await page.waitForSelector('#theme option', { state: 'attached' });
      if (path.includes('renju')) {
        // A refused move's message, an earlier position shown, an import's error.
        await page.click('[id="7-6"]');
        await page.click('#nav-prev');
        await page.click('#import');
        await page.fill('#import-text', 'zz');
        await page.click('#import-open');
        await page.waitForSelector('#import-error:not(:empty)');
      }
      assert.deepEqual(await page.evaluate(contrastFailures), [], `${colorScheme}: ${path}`);
      if (path.startsWith('othello')) {
        const dots = await page.$$eval('#table_game td[data-legal] .disc', (discs) => discs.map((d) => [
          getComputedStyle(d).backgroundColor, getComputedStyle(d.parentElement).backgroundColor,
        ]));
        assert.ok(dots.length >= 3, path);
        for (const pair of dots) {
          const ratio = await page.evaluate(contrastOf, pair);
          assert.ok(ratio >= 3, `${colorScheme}: ${path}: a legal-move dot at ${ratio.toFixed(2)}:1 (${pair})`);
        }
      }
      if (path.startsWith('caro')) {
        const pair = await page.evaluate(() => [
          getComputedStyle(document.querySelector('#table_game td[data-top]'), '::before').color,
          getComputedStyle(document.body).backgroundColor,
        ]);
        const ratio = await page.evaluate(contrastOf, pair);
        assert.ok(ratio >= 4.5, `${colorScheme}: coordinates at ${ratio.toFixed(2)}:1`);
      }
    }
    await page.close();
  }
});

// Counts the tones the page starts and the audio contexts it makes.
async function listeningPage(errors) {
  const page = await watchedPage(errors);
  await page.addInitScript(() => {
    window.tones = 0;
    window.audioContexts = 0;
    const start = OscillatorNode.prototype.start;
    OscillatorNode.prototype.start = function (...args) {
      window.tones += 1;
      return start.apply(this, args);
    };
    const Audio = window.AudioContext;
    window.AudioContext = class extends Audio {
      constructor(...args) {
        super(...args);
        window.audioContexts += 1;
      }
    };
  });
  return page;
}

const heard = (page) => page.evaluate(() => ({ tones: window.tones, contexts: window.audioContexts }));

test('sounds are off until #sound is pressed; then moves, a win and a refused move sound, and the choice is remembered', async () => {
  const errors = [];
  const page = await listeningPage(errors);
  await page.goto(`${base}caro.html?type=2-players&rule=renju&moves=h8a1i8a2g9a3`);
  await ready(page);
  assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'false');
  await page.click('[id="0-14"]');
  await page.click('[id="1-14"]');
  assert.deepEqual(await heard(page), { tones: 0, contexts: 0 });

  // On: a stone to say so, then a tone each move.
  await page.click('#sound');
  assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'true');
  const on = await heard(page);
  assert.deepEqual(on, { tones: 1, contexts: 1 });
  await page.click('[id="2-14"]');
  assert.equal((await heard(page)).tones, on.tones + 1);

  // Remembered; a refused move (renju's double three at g7) sounds two pulses.
  await page.goto(`${base}caro.html?type=2-players&rule=renju&moves=h8a1i8a2g9a3g7a4`);
  await ready(page);
  assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'true');
  await page.click('[id="7-6"]');
  assert.match(await page.textContent('#message'), /forbidden/);
  assert.deepEqual(await heard(page), { tones: 2, contexts: 1 });
  // A win: the arpeggio.
  await page.goto(`${base}caro.html?type=2-players&moves=h8a1i8a2j8a3k8a4`);
  await ready(page);
  await page.click('[id="7-11"]');
  assert.equal((await page.$eval('#table_game', (t) => t.dataset.state)), 'won');
  assert.equal((await heard(page)).tones, 4);

  // Against the computer its moves sound too (Connect Four: the human's disc, then the computer's).
  await page.goto(`${base}connect4.html?type=player-computer`);
  await ready(page);
  await page.click('#table_game tbody td[data-col="3"]');
  await waitMoves(page, 2);
  await page.waitForFunction(() => window.tones >= 2);
  assert.equal((await heard(page)).tones, 2);

  // Off again: silent, and remembered.
  await page.click('#sound');
  assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'false');
  await page.goto(`${base}othello.html?type=2-players`);
  await ready(page);
  assert.equal(await page.getAttribute('#sound', 'aria-pressed'), 'false');
  await humanMove.othello(page);
  assert.deepEqual(await heard(page), { tones: 0, contexts: 0 });
  assert.deepEqual(errors, []);
  await page.close();
});

test('screenshots of the home page and a game page, desktop and phone, light and dark (test-results/); the controls fit', async () => {
  const shots = new URL('../../test-results/', import.meta.url).pathname;
  const sizes = { desktop: { viewport: { width: 1280, height: 800 } }, phone: PHONE };
  for (const [size, options] of Object.entries(sizes)) {
    for (const colorScheme of ['light', 'dark']) {
      const page = await newPage(browser, [], { ...options, colorScheme });
      await page.goto(base);
      await page.waitForSelector('#theme option', { state: 'attached' });
      await page.screenshot({ path: `${shots}home-${size}-${colorScheme}.png`, fullPage: true });
      await page.goto(`${base}othello.html?type=2-players&moves=f5d6c3d3c4`);
      await ready(page);
      const prefs = await page.$eval('.prefs', (el) => {
        const r = el.getBoundingClientRect();
        return { left: r.left, right: r.right, width: document.documentElement.clientWidth };
      });
      assert.ok(prefs.left >= 0 && prefs.right <= prefs.width, `${size}: the theme and sound controls fit (${JSON.stringify(prefs)})`);
      await page.screenshot({ path: `${shots}othello-${size}-${colorScheme}.png`, fullPage: true });
      await page.close();
    }
  }
});
