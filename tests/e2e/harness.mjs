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
// browser context's (a phone's viewport, say). The browser asks for English unless the
// options say otherwise (the app picks its language from the browser's).
export async function newPage(browser, errors, options = {}) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 }, locale: 'en-US', ...options });
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

// A desktop window, as the issue tried it.
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

// Where `selector` lies: its box, and whether it is wholly inside the visible part of the
// board's scroll box (.board-wrap, scrollbars excluded) and inside the window. 1 px of
// rounding is allowed.
export function placement(page, selector) {
  return page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    const wrap = document.querySelector('.board-wrap');
    const w = wrap.getBoundingClientRect();
    const view = {
      left: w.left + wrap.clientLeft, top: w.top + wrap.clientTop,
      right: w.left + wrap.clientLeft + wrap.clientWidth, bottom: w.top + wrap.clientTop + wrap.clientHeight,
    };
    const inside = (b) => r.left >= b.left - 1 && r.top >= b.top - 1 && r.right <= b.right + 1 && r.bottom <= b.bottom + 1;
    return {
      box: { left: r.left, top: r.top, width: r.width, height: r.height },
      inWrap: inside(view),
      inWindow: inside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight }),
    };
  });
}

// The board's layout: the table's box, its cell size (--cell), whether the page scrolls
// sideways and whether the board's scroll box needs scrolling.
export function layout(page) {
  return page.evaluate(() => {
    const table = document.querySelector('#table_game');
    const wrap = document.querySelector('.board-wrap');
    const r = table.getBoundingClientRect();
    const doc = document.documentElement;
    return {
      table: { left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height },
      cell: parseFloat(table.style.getPropertyValue('--cell')),
      pageScrollsSideways: doc.scrollWidth > doc.clientWidth,
      wrapScrolls: wrap.scrollWidth > wrap.clientWidth + 1 || wrap.scrollHeight > wrap.clientHeight + 1,
      window: { width: window.innerWidth, height: window.innerHeight },
    };
  });
}

// Records, from the page's own clock, when the board is first on the screen: the frame
// after #table_game first says data-state="playing", painted (window.__firstBoard, ms since
// navigation began). Call before page.goto.
export function recordFirstBoard(page) {
  return page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('#table_game[data-state="playing"]')) {
        observer.disconnect();
        requestAnimationFrame(() => setTimeout(() => { window.__firstBoard = performance.now(); }, 0));
      }
    }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-state'] });
  });
}

// Plays `cells` (ids `row-col`) by clicking them in the page, each timed: the click's own
// work (script, DOM changes) and until the frame after it is painted. In milliseconds.
export function timeMoves(page, cells) {
  return page.evaluate(async (ids) => {
    const script = [];
    const painted = [];
    for (const id of ids) {
      const el = document.getElementById(id);
      const t0 = performance.now();
      el.click();
      script.push(performance.now() - t0);
      await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
      painted.push(performance.now() - t0);
    }
    return { script, painted };
  }, cells);
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
