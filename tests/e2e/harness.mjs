// Serves www/ on a free local port and drives Debian's Chromium with playwright-core.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('../../www/', import.meta.url));
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json', '.bin': 'application/octet-stream',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png',
};

// `overrides` maps a path (`/pkg/app-files.js`) to a function that rewrites the file's
// text as served (a test's new version of the app); tests set and delete its entries.
export async function startServer() {
  const overrides = new Map();
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    const file = normalize(join(root, path.endsWith('/') ? path + 'index.html' : path));
    if (!file.startsWith(root)) { res.writeHead(403).end(); return; }
    try {
      let body = await readFile(file);
      const rewrite = overrides.get(path);
      if (rewrite) body = Buffer.from(rewrite(body.toString('utf8')));
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return { server, base: `http://127.0.0.1:${server.address().port}/`, overrides };
}

const chromiumOptions = {
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export async function launch() {
  return chromium.launch(chromiumOptions);
}

// A browser with a profile of its own in `dir` (not incognito, as launch()'s contexts
// are): what Chromium asks of an app it would install.
export async function launchWithProfile(dir) {
  return chromium.launchPersistentContext(dir, chromiumOptions);
}

// A new page that fails the test on any page error or console error. `options` are the
// browser context's (a phone's viewport, say).
export async function newPage(browser, errors, options = {}) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, ...options });
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(`console: ${m.text()}`); });
  return page;
}

// A phone's screen, as Playwright's device list gives it.
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 };

export const cell = (r, c) => `[id="${r}-${c}"]`;

export async function state(page) {
  return page.$eval('#table_game', (t) => ({ state: t.dataset.state, winner: t.dataset.winner ?? null }));
}

// Waits until a game page has drawn its game (any state but `loading`).
export async function ready(page) {
  await page.waitForSelector('#table_game[data-state]:not([data-state="loading"])');
  return page;
}

// The move list as shown: one entry a move, in the game's notation.
export function moveList(page) {
  return page.$$eval('#moves li', (lis) => lis.map((li) => li.textContent));
}

// What the board shows, one `where:colour` a stone or disc, sorted: Caro cells by id
// (`7-7:x`), Othello squares by name (`f5:black`), Connect Four cells by row,col (`5,3:red`).
export function stones(page) {
  return page.$$eval(
    '#table_game .cell.x, #table_game .cell.o, #table_game td.red, #table_game td.yellow, #table_game td.black, #table_game td.white',
    (els) => els.map((e) => {
      const colour = ['x', 'o', 'red', 'yellow', 'black', 'white'].find((c) => e.classList.contains(c));
      return `${e.id || `${e.dataset.row},${e.dataset.col}`}:${colour}`;
    }).sort(),
  );
}

// The table's data-view-ply (the number of moves shown while looking back), or null at
// the game as it stands.
export function viewPly(page) {
  return page.$eval('#table_game', (t) => t.getAttribute('data-view-ply'));
}
