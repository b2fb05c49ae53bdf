// End-to-end: issue 14's boards on every screen, keyboard play, cell names and hints, in
// Chromium at 1280x800 and on a 390x844 touch phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import {
  startServer, launch, newPage, cell, state, ready, PHONE, DESKTOP, placement, layout,
  recordFirstBoard, timeMoves, median,
} from './harness.mjs';

let server, base, browser;
before(async () => { ({ server, base } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const SIZES = [['desktop', DESKTOP], ['phone', PHONE]];

async function open(path, errors, options = DESKTOP) {
  const page = await newPage(browser, errors, options);
  await page.goto(base + path);
  await page.waitForSelector('#table_game[data-state="playing"]');
  return page;
}

const countStones = (page) => page.$$eval('#table_game .cell.x, #table_game .cell.o', (els) => els.length);
const cellSize = (page) => page.$eval('#table_game', (t) => parseFloat(t.style.getPropertyValue('--cell')));
const boardRect = (page) => page.$eval('#table_game', (t) => {
  const r = t.getBoundingClientRect();
  return { left: r.left, top: r.top, width: r.width, height: r.height };
});
// A hint's words once it has come (not the "working" note).
const hintDone = (page) => page.waitForFunction(() => {
  const t = document.querySelector('#hint-text').textContent;
  return t !== '' && !t.startsWith('Working');
}, null, { timeout: 20000 });

// Every cell of a game, for squareness: Caro's cells, Connect Four's and Othello's squares.
const CELLS = { caro: '#table_game .cell', connect4: '#table_game tbody td', othello: '#table_game tbody td' };
const cellBoxes = (page, game) => page.$$eval(CELLS[game], (els) => els.map((e) => {
  const r = e.getBoundingClientRect();
  return [r.width, r.height];
}));

test('60x60 opens fitted to the window, cells square, and no page scrolls sideways, on desktop and phone', async () => {
  for (const [name, size] of SIZES) {
    const errors = [];
    const page = await open('caro.html?type=2-players&rows=60&columns=60', errors, size);
    const l = await layout(page);
    assert.ok(l.table.left >= 0 && l.table.top >= 0, `${name}: ${JSON.stringify(l)}`);
    assert.ok(l.table.right <= l.window.width && l.table.bottom <= l.window.height, `${name}: the whole board in the window: ${JSON.stringify(l)}`);
    assert.equal(l.wrapScrolls, false, `${name}: the fitted board needs no scrolling`);
    assert.equal(l.pageScrollsSideways, false, `${name}: the page scrolls sideways`);
    for (const [w, h] of await cellBoxes(page, 'caro')) assert.ok(Math.abs(w - h) < 0.5, `${name}: a cell ${w}x${h}`);
    // The corner cells are inside the window too.
    for (const id of ['0-0', '0-59', '59-0', '59-59']) {
      const p = await placement(page, cell(...id.split('-')));
      assert.ok(p.inWrap && p.inWindow, `${name}: ${id} ${JSON.stringify(p)}`);
    }
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the home page fits a 360 px phone without scrolling sideways', async () => {
  const errors = [];
  const page = await newPage(browser, errors, { ...PHONE, viewport: { width: 360, height: 740 } });
  await page.goto(base);
  await page.waitForSelector('#list-rule option', { state: 'attached' });
  for (const game of ['caro', 'connect4', 'othello']) {
    await page.selectOption('#list-game', game);
    for (const mode of ['2-players', 'player-computer', 'computer-computer']) {
      await page.selectOption('#list-type-play', mode);
      const { sw, cw } = await page.evaluate(() => ({ sw: document.documentElement.scrollWidth, cw: document.documentElement.clientWidth }));
      assert.ok(sw <= cw, `${game}, ${mode}: the page is ${sw} px wide on a ${cw} px screen`);
      // Every control is within the screen.
      const outside = await page.$$eval('#settings select, #settings input, #settings button, #settings label', (els) => els
        .filter((e) => e.offsetParent !== null)
        .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
        .map((e) => e.id || e.textContent));
      assert.deepEqual(outside, [], `${game}, ${mode}`);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("the computer's stones come into view on 60x60: as O, after zooming in, and in computer vs computer", async () => {
  for (const [name, size] of SIZES) {
    const errors = [];
    // The human plays O: the computer's (Greedy's) first stone is at the centre, in view.
    const page = await open('caro.html?type=player-computer&rows=60&columns=60&human=o&level=greedy&seed=1', errors, size);
    await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.x').length === 1);
    assert.equal(await page.$eval('#table_game .cell.x', (el) => el.id), '30-30');
    let p = await placement(page, cell(30, 30));
    assert.ok(p.inWrap && p.inWindow, `${name}: the first stone ${JSON.stringify(p)}`);
    // Zoomed in so far that the board is larger than its box, the view on the top-left
    // corner: O plays there and X's answer, near the centre, is brought into view.
    // Zoomed to cells a finger can hit (from 9 px on the desktop, 4 px on the phone). The
    // view keeps its box: the zoom buttons stay where they were.
    const frame = () => page.evaluate(() => {
      const w = document.querySelector('.board-wrap').getBoundingClientRect();
      const b = document.querySelector('#zoom-in').getBoundingClientRect();
      return { wrap: [w.left, w.top, w.width, w.height], button: [b.left, b.top] };
    });
    const fitted = await frame();
    let clicks = 0;
    while (await cellSize(page) < 24 && clicks++ < 12) await page.click('#zoom-in');
    assert.ok(await cellSize(page) >= 24, `${name}: zoomed cells of ${await cellSize(page)} px`);
    assert.deepEqual(await frame(), fitted, `${name}: the view and the zoom buttons stay put`);
    assert.equal((await layout(page)).wrapScrolls, true);
    await page.$eval('.board-wrap', (w) => { w.scrollLeft = 0; w.scrollTop = 0; });
    assert.equal((await placement(page, cell(30, 30))).inWrap, false, `${name}: the centre is out of view`);
    assert.ok((await placement(page, cell(1, 1))).inWrap);
    await page.click(cell(1, 1));
    await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.x').length === 2);
    const last = await page.$eval('#table_game .cell.x.last', (el) => el.id);
    const [r, c] = last.split('-').map(Number);
    assert.ok(Math.abs(r - 30) <= 1 && Math.abs(c - 30) <= 1, `${name}: Greedy answers beside its stone, at ${last}`);
    p = await placement(page, cell(r, c));
    assert.ok(p.inWrap && p.inWindow, `${name}: the answer ${last} ${JSON.stringify(p)}`);
    assert.deepEqual(errors, []);
    await page.close();
  }

  // Computer vs computer, fitted: every stone in view; then zoomed in with the view
  // elsewhere, each new stone is brought into view.
  const errors = [];
  const page = await open('caro.html?type=computer-computer&rows=60&columns=60&level=greedy&delay=0&seed=7', errors);
  await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.x, #table_game .cell.o').length >= 12);
  await page.click('#pause');
  await page.waitForSelector('#table_game:not([data-thinking])');
  const ids = await page.$$eval('#table_game .cell.x, #table_game .cell.o', (els) => els.map((e) => e.id));
  for (const id of ids) {
    const p = await placement(page, `[id="${id}"]`);
    assert.ok(p.inWrap && p.inWindow, `${id} ${JSON.stringify(p)}`);
  }
  for (let i = 0; i < 5; i++) await page.click('#zoom-in');
  await page.$eval('.board-wrap', (w) => { w.scrollLeft = w.scrollWidth; w.scrollTop = w.scrollHeight; });
  const paused = await countStones(page);
  await page.click('#pause');
  await page.waitForFunction((n) => document.querySelectorAll('#table_game .cell.x, #table_game .cell.o').length >= n + 3
    || document.querySelector('#table_game').dataset.state !== 'playing', paused);
  await page.click('#pause');
  await page.waitForSelector('#table_game:not([data-thinking])');
  const p = await placement(page, '#table_game .cell.last');
  assert.ok(p.inWrap && p.inWindow, `the newest stone ${JSON.stringify(p)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('zoom in, out and fit change the cell size; Ctrl+wheel zooms; the overview shows from 30x30 and a click on it moves the view', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=60&columns=60&moves=h8', errors);
  const fitted = await cellSize(page);
  // The cell in the middle of the view stays there as the cells grow (within one cell).
  const middle = () => page.evaluate(() => {
    const w = document.querySelector('.board-wrap');
    const r = w.getBoundingClientRect();
    const el = document.elementFromPoint(r.left + w.clientLeft + w.clientWidth / 2, r.top + w.clientTop + w.clientHeight / 2);
    return el.closest('.cell').id.split('-').map(Number);
  });
  const centre = await middle();
  for (let i = 0; i < 6; i++) {
    await page.click('#zoom-in');
    const now = await middle();
    assert.ok(Math.abs(now[0] - centre[0]) <= 1 && Math.abs(now[1] - centre[1]) <= 1, `zoom ${i + 1}: ${centre} -> ${now}`);
  }
  await page.click('#zoom-fit');
  assert.equal(await cellSize(page), fitted);
  await page.click('#zoom-in');
  const zoomed = await cellSize(page);
  assert.ok(zoomed > fitted, `${zoomed} > ${fitted}`);
  await page.click('#zoom-in');
  const twice = await cellSize(page);
  assert.ok(twice > zoomed);
  await page.click('#zoom-out');
  assert.ok(Math.abs(await cellSize(page) - zoomed) < 0.01, 'out undoes in');
  await page.click('#zoom-fit');
  assert.equal(await cellSize(page), fitted);

  // Ctrl+wheel over the board: up zooms in, down out.
  const box = await boardRect(page);
  await page.mouse.move(box.left + box.width / 2, box.top + box.height / 2);
  await page.keyboard.down('Control');
  await page.mouse.wheel(0, -200);
  await page.waitForFunction((f) => parseFloat(document.querySelector('#table_game').style.getPropertyValue('--cell')) > f, fitted);
  const wheeled = await cellSize(page);
  await page.mouse.wheel(0, 200);
  await page.waitForFunction((f) => parseFloat(document.querySelector('#table_game').style.getPropertyValue('--cell')) < f, wheeled);
  await page.keyboard.up('Control');
  // A wheel without Ctrl scrolls, it does not zoom.
  const now = await cellSize(page);
  await page.mouse.wheel(0, 100);
  await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => done(true))));
  assert.equal(await cellSize(page), now);

  // The overview: a click on its bottom-right corner looks there, then its top-left.
  assert.equal(await page.isVisible('#minimap'), true);
  for (let i = 0; i < 4; i++) await page.click('#zoom-in');
  const scroll = () => page.$eval('.board-wrap', (w) => ({ x: w.scrollLeft, y: w.scrollTop }));
  const at = await scroll();
  const map = await page.$eval('#minimap', (c) => [c.clientWidth, c.clientHeight]);
  await page.click('#minimap', { position: { x: map[0] - 3, y: map[1] - 3 } });
  const corner = await scroll();
  assert.ok(corner.x > at.x + 50 && corner.y > at.y + 50, `${JSON.stringify(at)} -> ${JSON.stringify(corner)}`);
  assert.equal((await placement(page, cell(59, 59))).inWrap, true);
  await page.click('#minimap', { position: { x: 2, y: 2 } });
  const topLeft = await scroll();
  assert.ok(topLeft.x < 50 && topLeft.y < 50, JSON.stringify(topLeft));
  assert.equal((await placement(page, cell(0, 0))).inWrap, true);
  await page.close();

  for (const [n, shown] of [[15, false], [30, true]]) {
    const p = await open(`caro.html?type=2-players&rows=${n}&columns=${n}`, errors);
    assert.equal(await p.isVisible('#minimap'), shown, `${n}x${n}`);
    await p.close();
  }
  assert.deepEqual(errors, []);
});

test('the board stays put while the computer thinks, a message shows or a hint comes, on desktop and phone', async () => {
  for (const [name, size] of SIZES) {
    const errors = [];
    // The computer (Master, given time) thinks and reports its search.
    let page = await open('caro.html?type=player-computer&rows=15&columns=15&level=master&time=5000&seed=2', errors, size);
    const start = await boardRect(page);
    await page.click(cell(7, 7));
    await page.waitForSelector('#move-now:not([hidden])', { timeout: 10000 });
    assert.match(await page.textContent('#status'), /thinking… depth/);
    assert.deepEqual(await boardRect(page), start, `${name}: while the computer thinks`);
    await page.click('#move-now');
    await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.o').length === 1);
    assert.deepEqual(await boardRect(page), start, `${name}: after its move`);
    await page.close();

    // Renju: X's double three at h8 is refused with a message; then a hint comes.
    page = await open('caro.html?type=2-players&rows=15&columns=15&rule=renju&moves=f8a15g8c15h10e15h9o1', errors, size);
    const before = await boardRect(page);
    await page.click(cell(7, 7));
    assert.match(await page.textContent('#message'), /forbidden for X under renju \(double three\)/);
    assert.equal(await page.isVisible('#message'), true);
    assert.deepEqual(await boardRect(page), before, `${name}: with the renju message`);
    await page.click('#hint');
    await hintDone(page);
    await page.waitForSelector('#table_game .cell.hint');
    assert.deepEqual(await boardRect(page), before, `${name}: with a hint`);
    await page.close();

    // Othello's hint and Connect Four's values under the columns.
    for (const game of ['othello', 'connect4']) {
      page = await open(`${game}.html?type=2-players`, errors, size);
      const rect = await boardRect(page);
      await page.click('#hint');
      await hintDone(page);
      assert.deepEqual(await boardRect(page), rect, `${name}: ${game} with a hint`);
      await page.close();
    }
    assert.deepEqual(errors, []);
  }
});

test('cells are square in every game on desktop and phone; boards re-fit when the window changes', async () => {
  // The least cell each game gets (there is room for more): Caro 15x15, Connect Four, Othello.
  const least = { desktop: { caro: 30, connect4: 40, othello: 40 }, phone: { caro: 20, connect4: 40, othello: 34 } };
  const pages = { caro: 'caro.html?type=2-players&rows=15&columns=15', connect4: 'connect4.html?type=2-players', othello: 'othello.html?type=2-players' };
  for (const [name, size] of SIZES) {
    for (const [game, path] of Object.entries(pages)) {
      const errors = [];
      const page = await open(path, errors, size);
      const check = async (where) => {
        for (const [w, h] of await cellBoxes(page, game)) assert.ok(Math.abs(w - h) < 0.5, `${where}: a cell ${w}x${h}`);
        const l = await layout(page);
        assert.equal(l.pageScrollsSideways, false, `${where}: the page scrolls sideways`);
        assert.equal(l.wrapScrolls, false, `${where}: the board needs scrolling ${JSON.stringify(l)}`);
        assert.ok(l.table.left >= 0 && l.table.right <= l.window.width, `${where}: ${JSON.stringify(l)}`);
        return l;
      };
      const l = await check(`${name} ${game}`);
      assert.ok(l.table.bottom <= l.window.height, `${name} ${game}: the whole board in the window ${JSON.stringify(l)}`);
      assert.ok(l.cell >= least[name][game], `${name} ${game}: cells of ${l.cell} px, where ${least[name][game]} fit`);
      if (name === 'phone' && game !== 'caro') {
        // Turned to landscape: still square and no sideways scroll; back again, as before.
        await page.setViewportSize({ width: 844, height: 390 });
        await page.waitForFunction(() => window.innerWidth === 844);
        await check(`landscape ${game}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await page.waitForFunction((c) => parseFloat(document.querySelector('#table_game').style.getPropertyValue('--cell')) === c, l.cell);
      }
      assert.deepEqual(errors, []);
      await page.close();
    }
  }
  // A smaller window refits 60x60 to smaller cells, a larger one to larger.
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=60&columns=60', errors);
  const big = await cellSize(page);
  await page.setViewportSize({ width: 1000, height: 600 });
  await page.waitForFunction((c) => parseFloat(document.querySelector('#table_game').style.getPropertyValue('--cell')) < c, big);
  let l = await layout(page);
  assert.ok(l.table.right <= 1000 && l.table.bottom <= 600 && !l.wrapScrolls && !l.pageScrollsSideways, JSON.stringify(l));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForFunction((c) => parseFloat(document.querySelector('#table_game').style.getPropertyValue('--cell')) === c, big);
  l = await layout(page);
  assert.ok(!l.wrapScrolls && !l.pageScrollsSideways, JSON.stringify(l));
  assert.deepEqual(errors, []);
  await page.close();
});

test('keyboard: Tab to the board, arrows move a visible cursor, Enter and Space play, and X wins by keys alone', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  const active = () => page.evaluate(() => document.activeElement?.id ?? '');
  let tabs = 0;
  while ((await active()) !== 'table_game' && tabs < 12) {
    await page.keyboard.press('Tab');
    tabs++;
  }
  assert.equal(await active(), 'table_game', 'Tab reaches the board');
  assert.equal(await page.getAttribute('#table_game', 'role'), 'grid');
  const cursor = () => page.evaluate(() => {
    const els = [...document.querySelectorAll('#table_game .cursor')];
    const t = document.querySelector('#table_game');
    const c = els[0];
    const style = c && getComputedStyle(c);
    return {
      ids: els.map((e) => e.id),
      active: t.getAttribute('aria-activedescendant'),
      outline: style ? `${style.outlineStyle} ${parseFloat(style.outlineWidth)}` : null,
    };
  });
  // The cursor starts at the centre, h8, drawn with an outline.
  assert.deepEqual(await cursor(), { ids: ['7-7'], active: '7-7', outline: 'solid 3' });
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  assert.deepEqual((await cursor()).ids, ['8-8']);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowUp');
  assert.deepEqual(await cursor(), { ids: ['7-7'], active: '7-7', outline: 'solid 3' });
  // The arrows stop at the edge.
  for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowUp');
  assert.deepEqual((await cursor()).ids, ['0-7']);
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowDown');

  // X on row 7 with Enter, O on row 9 with Space, moving the cursor between.
  const press = async (key, n) => { for (let i = 0; i < n; i++) await page.keyboard.press(key); };
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Enter'); // X at 7-(7+i)
    assert.equal(await page.getAttribute(cell(7, 7 + i), 'aria-label'), `${String.fromCharCode(104 + i)}8 X`);
    if (i === 4) break;
    await press('ArrowDown', 2);
    await page.keyboard.press(' '); // O at 9-(7+i)
    await press('ArrowUp', 2);
    await page.keyboard.press('ArrowRight');
  }
  assert.deepEqual(await state(page), { state: 'won', winner: 'X' });
  assert.equal(await page.$$eval('#table_game .cell.x', (els) => els.length), 5);
  assert.equal(await page.$$eval('#table_game .cell.o', (els) => els.length), 4);
  assert.equal(await page.$$eval('#table_game .cell.win', (els) => els.map((e) => e.id).join()), '7-7,7-8,7-9,7-10,7-11');
  assert.equal(await active(), 'table_game', 'the board kept the focus');
  // The board is one tab stop: the next Tab leaves it.
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.closest('#table_game')), null);
  assert.deepEqual((await cursor()).ids, [], 'no cursor once the board has lost the focus');
  await page.close();

  // Connect Four: the cursor moves over the columns and Enter drops a disc there.
  const c4 = await open('connect4.html?type=2-players', errors);
  await c4.focus('#table_game');
  assert.equal(await c4.getAttribute('#table_game', 'aria-activedescendant'), 'col-4');
  await c4.keyboard.press('Enter');
  await c4.keyboard.press('ArrowRight');
  await c4.keyboard.press('ArrowDown'); // one row of columns: nowhere to go
  await c4.keyboard.press(' ');
  assert.equal(await c4.getAttribute('#table_game', 'aria-activedescendant'), 'col-5');
  assert.equal(await c4.getAttribute('#col-4', 'aria-label'), 'column 4, 1 disc: Red');
  assert.equal(await c4.getAttribute('#col-5', 'aria-label'), 'column 5, 1 disc: Yellow');
  assert.deepEqual(errors, []);
  await c4.close();
});

test('a click on the board leaves the focus where it was: the arrow keys still step through the moves; u, n and h', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  await page.click(cell(7, 7));
  await page.click(cell(7, 8));
  assert.equal(await page.evaluate(() => document.activeElement === document.querySelector('#table_game')), false);
  assert.equal(await page.$$eval('#table_game .cursor', (els) => els.length), 0);
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#table_game', 'data-view-ply'), '1');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.getAttribute('#table_game', 'data-view-ply'), '0');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await page.getAttribute('#table_game', 'data-view-ply'), null);
  // u takes back a move, h asks for a hint, n starts afresh.
  await page.keyboard.press('u');
  assert.equal(await countStones(page), 1);
  await page.keyboard.press('h');
  await hintDone(page);
  assert.equal(await page.$$eval('#table_game .cell.hint', (els) => els.length), 1);
  await page.keyboard.press('n');
  assert.equal(await countStones(page), 0);
  assert.match(await page.textContent('#status'), /X to move/);
  assert.deepEqual(errors, []);
  await page.close();
});

test("cells' accessible names: Caro h8 / h8 X, Othello d3 / d3 Black / c4, legal move, Connect Four's columns", async () => {
  const errors = [];
  let page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  assert.equal(await page.getAttribute(cell(7, 7), 'aria-label'), 'h8');
  assert.equal(await page.getAttribute(cell(7, 7), 'role'), 'gridcell');
  await page.click(cell(7, 7));
  await page.click(cell(0, 0));
  assert.equal(await page.getAttribute(cell(7, 7), 'aria-label'), 'h8 X');
  assert.equal(await page.getAttribute(cell(0, 0), 'aria-label'), 'a15 O');
  assert.equal(await page.getAttribute(cell(14, 14), 'aria-label'), 'o1');
  await page.close();

  page = await open('othello.html?type=2-players', errors);
  const label = (sq) => page.getAttribute(`#${sq}`, 'aria-label');
  assert.equal(await label('d3'), 'd3, legal move');
  assert.equal(await label('c4'), 'c4, legal move');
  assert.equal(await label('d4'), 'd4 White');
  assert.equal(await label('e4'), 'e4 Black');
  assert.equal(await label('a1'), 'a1');
  await page.click('#d3');
  assert.equal(await label('d3'), 'd3 Black');
  assert.equal(await label('d4'), 'd4 Black'); // flipped
  assert.equal(await label('c4'), 'c4'); // no longer legal: White's moves are c3, e3, c5
  assert.equal(await label('c3'), 'c3, legal move');
  assert.equal(await page.getAttribute('#d3', 'role'), 'gridcell');
  // The legal-move dots stand out from the green: at least 3:1 (WCAG, for what must be seen).
  const ratio = await page.evaluate(() => {
    const rgba = (css) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const [r, g, b, a = 1] = rgba(getComputedStyle(document.querySelector('#c3 .disc')).backgroundColor);
    // The green is the square's (the table itself has no background).
    const bg = rgba(getComputedStyle(document.querySelector('#c3')).backgroundColor);
    const dot = [r, g, b].map((v, i) => v * a + bg[i] * (1 - a));
    const lum = (c) => c.map((v) => v / 255).map((v) => (v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4))
      .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
    const [hi, lo] = [lum(dot), lum(bg)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  });
  assert.ok(ratio >= 3, `the legal-move dot's contrast is ${ratio.toFixed(2)}:1`);
  await page.close();

  page = await open('connect4.html?type=2-players&moves=4445', errors);
  const column = (n) => page.getAttribute(`#col-${n}`, 'aria-label');
  assert.equal(await column(4), 'column 4, 3 discs: Red, Yellow, Red');
  assert.equal(await column(5), 'column 5, 1 disc: Yellow');
  assert.equal(await column(1), 'column 1, empty');
  assert.equal(await page.getAttribute('#col-4', 'role'), 'gridcell');
  await page.click('#col-1');
  assert.equal(await column(1), 'column 1, 1 disc: Red');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Caro hints: a winning four and a lost position in words, two players and against the computer', async () => {
  const errors = [];
  // Two players, X to move with four in a row open at both ends (O far away): X wins at once.
  let page = await open('caro.html?type=2-players&rows=15&columns=15&rule=freestyle&moves=h8a1i8a3j8a5k8a7', errors);
  await page.click('#hint');
  await hintDone(page);
  const text = await page.textContent('#hint-text');
  assert.match(text, /^X wins by continuous fours in 1 move: play (g8|l8)\.$/);
  const hinted = await page.$$eval('#table_game .cell.hint', (els) => els.map((e) => e.id));
  assert.deepEqual(hinted, [text.includes('g8') ? '7-6' : '7-11']);
  // Played, the hint goes (and X wins there).
  await page.click(cell(...hinted[0].split('-').map(Number)));
  assert.deepEqual(await state(page), { state: 'won', winner: 'X' });
  assert.equal(await page.$$eval('#table_game .cell.hint', (els) => els.length), 0);
  assert.equal(await page.textContent('#hint-text'), '');
  await page.close();

  // Against the computer, the human (O) faces X's open four: lost whatever O plays.
  page = await open('caro.html?type=player-computer&level=greedy&human=o&rows=15&columns=15&rule=freestyle&moves=h8a1i8a3j8a5k8', errors);
  assert.match(await page.textContent('#status'), /O \(you\) to move/);
  await page.click('#hint');
  await hintDone(page);
  assert.match(await page.textContent('#hint-text'), /^X wins in 1 move whatever O plays; (g8|l8) holds out longest\.$/);
  assert.equal(await page.$$eval('#table_game .cell.hint', (els) => els.filter((e) => ['7-6', '7-11'].includes(e.id)).length), 1);
  await page.close();

  // A quiet position: who is better, in words, and the engine's move near the stones.
  page = await open('caro.html?type=player-computer&level=greedy&human=x&rows=15&columns=15&moves=h8g9', errors);
  await page.click('#hint');
  await hintDone(page);
  assert.match(await page.textContent('#hint-text'), /^(The game is even|[XO] is (a little |much )?better)\. The engine's move: [a-o]\d+\.$/);
  const [id] = await page.$$eval('#table_game .cell.hint', (els) => els.map((e) => e.id));
  const [r, c] = id.split('-').map(Number);
  assert.ok(Math.abs(r - 7) <= 2 && Math.abs(c - 7) <= 2, id);
  assert.equal(await page.textContent(cell(r, c)), '');
  assert.deepEqual(errors, []);
  await page.close();
});

test('"Keep hints on" brings a hint after every move and is remembered across reloads', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  assert.equal(await page.isChecked('#hints-on'), false);
  await page.check('#hints-on');
  await hintDone(page);
  assert.equal(await page.$$eval('#table_game .cell.hint', (els) => els.length), 1);
  const hintFor = async () => {
    await hintDone(page);
    return page.$$eval('#table_game .cell.hint', (els) => els.map((e) => [e.id, e.textContent]));
  };
  for (const [r, c] of [[7, 7], [6, 8]]) {
    await page.click(cell(r, c));
    const hints = await hintFor();
    assert.equal(hints.length, 1, `a hint after ${r}-${c}`);
    assert.equal(hints[0][1], '', 'on an empty cell');
  }
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#hints-on'), true);
  assert.equal((await hintFor()).length, 1, 'a hint after the reload, unasked');
  await page.uncheck('#hints-on');
  assert.equal(await page.$$eval('#table_game .cell.hint', (els) => els.length), 0);
  await page.click(cell(8, 8));
  assert.equal(await page.textContent('#hint-text'), '');
  assert.deepEqual(errors, []);
  await page.close();
});

test('Othello hints: a value on every legal square, exact near the end (FFO #1, the known values)', async () => {
  const errors = [];
  // FFO #1, Black to move: every legal move's exact final disc difference.
  const ffo1 = '--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X';
  const known = { g8: '+18', h1: '+12', h7: '+6', a2: '+6', a3: '+4', b1: '-4', a4: '-22', g2: '-24' };
  let page = await open(`othello.html?type=player-computer&level=random&human=black&position=${encodeURIComponent(ffo1)}`, errors);
  await page.click('#hint');
  await hintDone(page);
  const values = await page.$$eval('#table_game td[data-hint]', (tds) => Object.fromEntries(tds.map((t) => [t.id, t.dataset.hint])));
  assert.deepEqual(values, known);
  const legal = await page.$$eval('#table_game td[data-legal]', (tds) => tds.map((t) => t.id).sort());
  assert.deepEqual(legal, Object.keys(known).sort());
  assert.match(await page.textContent('#hint-text'), /\(exact\)/);
  await page.close();

  // At the start, two players: estimates on the four legal squares, alike by symmetry.
  page = await open('othello.html?type=2-players', errors);
  await page.click('#hint');
  await hintDone(page);
  const start = await page.$$eval('#table_game td[data-hint]', (tds) => tds.map((t) => [t.id, t.dataset.hint]).sort());
  assert.deepEqual(start.map((v) => v[0]), ['c4', 'd3', 'e6', 'f5']);
  assert.ok(start.every((v) => v[1] === start[0][1]), JSON.stringify(start));
  assert.match(await page.textContent('#hint-text'), /an estimate/);
  // A move takes the values off; kept on, they come back for White.
  await page.click('#d3');
  assert.equal(await page.$$eval('#table_game td[data-hint]', (tds) => tds.length), 0);
  await page.check('#hints-on');
  await hintDone(page);
  assert.deepEqual(await page.$$eval('#table_game td[data-hint]', (tds) => tds.map((t) => t.id).sort()), ['c3', 'c5', 'e3']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Connect Four hints in two-player mode: the known values of the empty board, kept on after a move', async () => {
  const errors = [];
  const page = await open('connect4.html?type=2-players', errors);
  await page.click('#hint');
  await hintDone(page);
  // Pons' solver: from the empty board the centre wins, the edges lose (scores -2 -1 0 1 0 -1 -2).
  const scores = () => page.$$eval('#table_game tfoot td', (tds) => tds.map((t) => t.dataset.score));
  const words = () => page.$$eval('#table_game tfoot td', (tds) => tds.map((t) => t.textContent));
  assert.deepEqual(await scores(), ['-2', '-1', '0', '1', '0', '-1', '-2']);
  assert.deepEqual(await words(), ['loss in 20', 'loss in 21', 'draw', 'win in 21', 'draw', 'loss in 21', 'loss in 20']);
  assert.match(await page.textContent('#hint-text'), /exact value for Red/);
  await page.check('#hints-on');
  await page.click('#col-4');
  await page.waitForFunction(() => document.querySelector('#hint-0').dataset.score !== undefined, null, { timeout: 20000 });
  await hintDone(page);
  assert.match(await page.textContent('#hint-text'), /exact value for Yellow/);
  // After 4, Yellow loses everywhere, slowest on the centre (as `caro connect4 hint 4` says).
  assert.deepEqual(await scores(), ['-4', '-2', '-2', '-1', '-2', '-2', '-4']);
  assert.deepEqual(await words(), ['loss in 17', 'loss in 19', 'loss in 19', 'loss in 20', 'loss in 19', 'loss in 19', 'loss in 17']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the page keeps running while a hint is worked out', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=60&columns=60&moves=ad30ae31', errors);
  // Counted in the page, not polled from the test (a busy machine could let the hint's
  // search of about a second pass before the test looked): a timer's ticks while the hint
  // is being worked out, and whether a click on the zoom came meanwhile. A search on the
  // page's own thread would let neither happen until it was done.
  await page.evaluate((working) => {
    const text = document.getElementById('hint-text');
    window.__during = 0;
    setInterval(() => { if (text.textContent === working) window.__during++; }, 10);
    document.getElementById('zoom-in').addEventListener('click', () => {
      window.__zoomWhileWorking = text.textContent === working;
    }, { capture: true });
  }, 'Working out a hint…');
  await page.click('#hint');
  await page.click('#zoom-in');
  await hintDone(page);
  assert.ok(await page.evaluate(() => window.__during) >= 10, 'the timer ticked while the hint was worked out');
  assert.equal(await page.evaluate(() => window.__zoomWhileWorking), true, 'the click came while the hint was worked out');
  assert.equal(await page.$$eval('#table_game .cell.hint', (els) => els.length), 1);
  assert.deepEqual(errors, []);
  await page.close();
});

test('"tap twice to play": the first tap marks the cell, a second on it plays', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors, PHONE);
  await page.check('#confirm-taps');
  await page.tap(cell(7, 7));
  assert.equal(await page.$eval(cell(7, 7), (el) => el.classList.contains('pending')), true);
  assert.equal(await countStones(page), 0);
  assert.match(await page.textContent('#message'), /Tap h8 again/);
  // Another cell moves the mark; a tap on the marked cell plays there.
  await page.tap(cell(7, 8));
  assert.deepEqual(await page.$$eval('#table_game .pending', (els) => els.map((e) => e.id)), ['7-8']);
  await page.tap(cell(7, 8));
  assert.equal(await page.getAttribute(cell(7, 8), 'aria-label'), 'i8 X');
  assert.equal(await page.$$eval('#table_game .pending', (els) => els.length), 0);
  assert.equal(await countStones(page), 1);
  // Remembered, and off again plays at the first tap.
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#confirm-taps'), true);
  await page.uncheck('#confirm-taps');
  await page.tap(cell(8, 8));
  assert.equal(await countStones(page), 2);
  assert.deepEqual(errors, []);
  await page.close();
});

test('60x60: time to first board and a move redrawn (measured and printed, not asserted)', async () => {
  const errors = [];
  const loads = [];
  for (let i = 0; i < 3; i++) {
    const page = await newPage(browser, errors, DESKTOP);
    await recordFirstBoard(page);
    await page.goto(`${base}caro.html?type=2-players&rows=60&columns=60`);
    await page.waitForFunction(() => window.__firstBoard !== undefined);
    loads.push(await page.evaluate(() => window.__firstBoard));
    if (i < 2) await page.close();
    else {
      // Twenty moves, two players, scattered over the board.
      const ids = Array.from({ length: 20 }, (_, k) => `${(k * 7) % 60}-${(k * 13) % 60}`);
      const { script, painted } = await timeMoves(page, ids);
      assert.equal(await countStones(page), 20);
      console.log(`# 60x60: first board ${median(loads).toFixed(0)} ms (median of ${loads.map((t) => t.toFixed(0)).join(', ')}); `
        + `a move: ${median(script).toFixed(1)} ms of script, painted after ${median(painted).toFixed(1)} ms (medians of 20)`);
      await page.close();
    }
  }
  assert.deepEqual(errors, []);
});
