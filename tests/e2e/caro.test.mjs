// End-to-end: the real pages in headless Chromium, as a player uses them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, cell, state } from './harness.mjs';

let server, base, browser;
before(async () => { ({ server, base } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function open(path, errors = []) {
  const page = await newPage(browser, errors);
  await page.goto(base + path);
  await page.waitForSelector('#table_game[data-state="playing"]');
  return page;
}

const countStones = (page) => page.$$eval('#table_game .cell.x, #table_game .cell.o', (els) => els.length);

test('the home form opens the game it describes', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(base);
  await page.selectOption('#list-type-play', '2-players');
  await page.selectOption('#list-row', '20');
  await page.selectOption('#list-column', '30');
  await page.selectOption('#list-rule', 'freestyle');
  await page.click('#button');
  await page.waitForSelector('#table_game[data-state="playing"]');
  const url = new URL(page.url());
  assert.equal(url.pathname, '/caro.html');
  assert.equal(url.searchParams.get('type'), '2-players');
  assert.equal(url.searchParams.get('rows'), '20');
  assert.equal(url.searchParams.get('columns'), '30');
  assert.equal(url.searchParams.get('rule'), 'freestyle');
  assert.equal(await page.$$eval('#table_game tr', (rows) => rows.length), 20);
  assert.equal(await page.$$eval('#table_game tr:first-child .cell', (c) => c.length), 30);
  assert.match(await page.textContent('#status'), /X to move/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the home form carries the level and thinking time to the game page', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(base);
  await page.selectOption('#list-type-play', 'player-computer');
  assert.equal(await page.inputValue('#list-level'), 'normal');
  await page.selectOption('#list-level', 'master');
  await page.selectOption('#list-time', '3000');
  await page.selectOption('#list-human', 'o');
  await page.click('#button');
  await page.waitForSelector('#table_game[data-state="playing"]');
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('level'), 'master');
  assert.equal(url.searchParams.get('time'), '3000');
  assert.equal(url.searchParams.get('human'), 'o');
  // Back home, the form shows the same choices.
  await page.click('#home');
  // The form is filled in once the app has started (wait for its level list).
  await page.waitForSelector('#list-level option[value="master"]', { state: 'attached' });
  assert.equal(await page.inputValue('#list-time'), '3000');
  assert.equal(await page.inputValue('#list-level'), 'master');
  assert.deepEqual(errors, []);
  await page.close();
});

test('two humans: a five wins, the line is highlighted and the board freezes', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  // X on row 7, O on row 9, X first.
  for (let i = 0; i < 4; i++) {
    await page.click(cell(7, 3 + i));
    await page.click(cell(9, 3 + i));
  }
  assert.match(await page.textContent('#status'), /X to move/);
  await page.click(cell(7, 3)); // occupied: nothing happens
  assert.equal(await countStones(page), 8);
  await page.click(cell(7, 7));
  assert.deepEqual(await state(page), { state: 'won', winner: 'X' });
  assert.match(await page.textContent('#status'), /X wins with five in a row/);
  assert.equal(await page.$$eval('#table_game .cell.win', (els) => els.length), 5);
  assert.equal(await page.$$eval('#table_game .cell.last', (els) => els.map((e) => e.id).join()), '7-7');
  await page.click(cell(0, 0)); // after the end: nothing happens
  assert.equal(await countStones(page), 9);
  // Undo in two-player mode takes back one move and reopens the game.
  await page.click('#undo');
  assert.deepEqual(await state(page), { state: 'playing', winner: null });
  assert.equal(await countStones(page), 8);
  assert.deepEqual(errors, []);
  await page.close();
});

test('caro rule: a five blocked at both ends does not end the game', async () => {
  const page = await open('caro.html?type=2-players&rows=15&columns=15&rule=caro');
  const x = [[7, 4], [7, 5], [7, 6], [7, 7], [7, 8]];
  const o = [[7, 3], [7, 9], [0, 0], [0, 2]];
  for (let i = 0; i < 5; i++) {
    await page.click(cell(...x[i]));
    if (o[i]) await page.click(cell(...o[i]));
  }
  assert.deepEqual(await state(page), { state: 'playing', winner: null });
  await page.close();
});

test('renju: forbidden points are marked for X and a click on one is refused', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15&rule=renju', errors);
  // X builds two twos crossing at 7,7; O plays far away. At 7,7 X would make two open threes.
  const x = [[7, 5], [7, 6], [5, 7], [6, 7]];
  const o = [[0, 0], [0, 2], [0, 4], [14, 14]];
  for (let i = 0; i < 4; i++) {
    await page.click(cell(...x[i]));
    await page.click(cell(...o[i]));
  }
  assert.equal(await page.$eval(cell(7, 7), (el) => el.classList.contains('forbidden')), true);
  assert.equal(await page.$eval(cell(7, 8), (el) => el.classList.contains('forbidden')), false);
  await page.click(cell(7, 7));
  assert.equal(await countStones(page), 8);
  assert.match(await page.textContent('#message'), /forbidden for X under renju/);
  assert.match(await page.textContent('#status'), /X to move/);
  // Another cell is fine, and O (no restrictions) may take the point.
  await page.click(cell(10, 10));
  await page.click(cell(7, 7));
  assert.equal(await page.$eval(cell(7, 7), (el) => el.classList.contains('o')), true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('human vs Master: the page shows the engine thinking and Move now makes it play', async () => {
  const errors = [];
  const page = await open('caro.html?type=player-computer&rows=15&columns=15&level=master&human=x&seed=3&time=10000', errors);
  await page.click(cell(7, 7));
  // Master is given 10 s a move: the indicator is on and Move now is offered once its
  // search has a best move.
  await page.waitForSelector('#move-now:not([hidden])', { timeout: 10000 });
  assert.equal(await page.$eval('#table_game', (t) => t.hasAttribute('data-thinking')), true);
  assert.match(await page.textContent('#status'), /thinking/);
  await page.click('#move-now');
  await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.o').length === 1);
  assert.equal(await page.$eval('#table_game', (t) => t.hasAttribute('data-thinking')), false);
  assert.match(await page.textContent('#status'), /X \(you\) to move/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('human vs computer: the computer answers, undo takes back both moves, and the game ends', async () => {
  const errors = [];
  const page = await open('caro.html?type=player-computer&rows=15&columns=15&level=greedy&human=x&seed=5', errors);
  await page.click(cell(7, 7));
  await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.o').length === 1);
  assert.match(await page.textContent('#status'), /X \(you\) to move/);
  await page.click('#undo');
  assert.equal(await countStones(page), 0);
  // The human plays scattered stones on the top rows that never line up; the Greedy bot
  // builds its five and wins.
  const mine = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 15; c += 3) mine.push([r * 2, c + r]);
  for (const [r, c] of mine) {
    if ((await state(page)).state !== 'playing') break;
    const before = await countStones(page);
    const free = await page.$eval(cell(r, c), (el) => el.textContent === '');
    if (!free) continue;
    await page.click(cell(r, c));
    await page.waitForFunction(
      (n) => document.querySelectorAll('#table_game .cell.x, #table_game .cell.o').length === n + 2
        || document.querySelector('#table_game').dataset.state !== 'playing',
      before,
    );
  }
  assert.deepEqual(await state(page), { state: 'won', winner: 'O' });
  assert.match(await page.textContent('#status'), /O wins with five in a row\. The computer won/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('human plays O: the computer opens as X', async () => {
  const page = await open('caro.html?type=player-computer&rows=10&columns=10&human=o');
  await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.x').length === 1);
  assert.match(await page.textContent('#status'), /O \(you\) to move/);
  await page.close();
});

test('computer vs computer on 10x10 plays to the end by itself, with pause and resume', async () => {
  const errors = [];
  const page = await open('caro.html?type=computer-computer&rows=10&columns=10&delay=30&seed=3', errors);
  await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.o').length >= 2);
  await page.click('#pause');
  await page.waitForFunction(() => /Paused/.test(document.querySelector('#status').textContent));
  await page.waitForTimeout(200); // a move under way may still land
  const paused = await countStones(page);
  await page.waitForTimeout(300);
  assert.equal(await countStones(page), paused, 'no moves while paused');
  await page.click('#pause');
  await page.waitForFunction(() => document.querySelector('#table_game').dataset.state !== 'playing', null, { timeout: 60000 });
  const { state: end, winner } = await state(page);
  assert.ok(end === 'won' || end === 'draw');
  if (end === 'won') assert.ok(winner === 'X' || winner === 'O');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bad URL lands on the home page saying what was wrong, with defaults filled in', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(base + 'caro.html?type=robot&rows=5&columns=30&rule=gomoku');
  await page.waitForSelector('#message:not([hidden])');
  assert.equal(new URL(page.url()).pathname, '/index.html');
  const message = await page.textContent('#message');
  assert.match(message, /robot/);
  assert.match(message, /rows 5/);
  assert.match(message, /gomoku/);
  assert.equal(await page.inputValue('#list-row'), '15'); // default for the bad value
  assert.equal(await page.inputValue('#list-column'), '30'); // the good value is kept
  assert.equal(await page.inputValue('#list-type-play'), 'player-computer');
  assert.equal(await page.inputValue('#list-rule'), 'caro');
  assert.deepEqual(errors, []);
  await page.close();
});

test('a 60x60 board opens and the Greedy bot answers on it', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  const t0 = Date.now();
  await page.goto(base + 'caro.html?type=player-computer&rows=60&columns=60&level=greedy');
  await page.waitForSelector('#table_game[data-state="playing"]');
  const firstBoard = Date.now() - t0;
  assert.equal(await page.$$eval('#table_game .cell', (c) => c.length), 3600);
  await page.click(cell(30, 30));
  await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.o').length === 1);
  const botTime = await page.textContent('#bot-time');
  console.log(`# 60x60: first board after ${firstBoard} ms; ${botTime}`);
  assert.deepEqual(errors, []);
  await page.close();
});

test('two people on one device start no computer worker; a game against the computer starts one', async () => {
  const page = await newPage(browser, []);
  const workers = [];
  page.on('worker', (w) => workers.push(w.url()));
  await page.goto(`${base}caro.html?type=2-players&rows=15&columns=15`);
  await page.waitForSelector('#table_game[data-state="playing"]');
  await page.click(cell(7, 7));
  await page.click(cell(7, 8));
  assert.equal(await countStones(page), 2);
  assert.deepEqual(workers, []);
  await page.goto(`${base}caro.html?type=player-computer&level=greedy&rows=15&columns=15`);
  await page.waitForSelector('#table_game[data-state="playing"]');
  await page.click(cell(7, 7));
  await page.waitForFunction(() => document.querySelectorAll('#table_game .cell.x, #table_game .cell.o').length === 2);
  assert.equal(workers.length, 1);
  assert.match(workers[0], /worker\.js$/);
  await page.close();
});

test('a page whose engine cannot start says so and offers a reload', async () => {
  // Without the service worker, which would answer from its cache what the route refuses.
  const page = await newPage(browser, [], { serviceWorkers: 'block' });
  // The wasm does not arrive (as when the browser cannot give it memory).
  await page.route('**/pkg/caro_bg.wasm', (route) => route.abort());
  await page.goto(`${base}caro.html?type=2-players&rows=15&columns=15&moves=h8`);
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /The game could not start/);
  // Once the wasm comes, Reload brings the game back as it was (it is in the address bar).
  await page.unroute('**/pkg/caro_bg.wasm');
  await page.click('#reload');
  await page.waitForSelector('#table_game[data-state="playing"]');
  assert.equal(await countStones(page), 1);
  assert.equal(await page.getAttribute(cell(7, 7), 'aria-label'), 'h8 X');
  await page.close();
});
