// End-to-end: the Connect Four page in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, state } from './harness.mjs';

let server, base, browser;
before(async () => { ({ server, base } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

async function open(query, errors = []) {
  const page = await newPage(browser, errors);
  await page.goto(`${base}connect4.html?${query}`);
  await page.waitForSelector('#table_game[data-state="playing"]');
  return page;
}

const discs = (page) => page.$$eval('#table_game td.red, #table_game td.yellow', (els) => els.length);
const column = (c) => `#table_game th[data-col="${c}"]`;

test('two humans: a vertical four wins and is highlighted', async () => {
  const errors = [];
  const page = await open('type=2-players', errors);
  assert.equal(await page.$$eval('#table_game td[data-row]', (c) => c.length), 42);
  for (let i = 0; i < 3; i++) {
    await page.click(column(0));
    await page.click(`#table_game td[data-row="0"][data-col="1"]`); // any cell of column 2
  }
  // Discs land at the bottom: Red's three are in rows 5, 4, 3 of column 0.
  assert.deepEqual(
    await page.$$eval('#table_game td.red', (els) => els.map((e) => `${e.dataset.row},${e.dataset.col}`).sort()),
    ['3,0', '4,0', '5,0'],
  );
  await page.click(column(0));
  assert.deepEqual(await state(page), { state: 'won', winner: 'Red' });
  assert.match(await page.textContent('#status'), /Red wins with four in a row/);
  assert.equal(await page.$$eval('#table_game td.win', (els) => els.length), 4);
  await page.click(column(4)); // after the end: nothing
  assert.equal(await discs(page), 7);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a full column refuses the disc with a message', async () => {
  const page = await open('type=2-players');
  // Alternate colours up column 3 (no four), then one more.
  for (let i = 0; i < 6; i++) await page.click(column(2));
  assert.equal(await discs(page), 6);
  assert.equal(await page.$eval(column(2), (th) => th.hasAttribute('data-full')), true);
  await page.click(column(2));
  assert.equal(await discs(page), 6);
  assert.match(await page.textContent('#message'), /Column 3 is full/);
  assert.match(await page.textContent('#status'), /Red to move/);
  await page.close();
});

test('human vs Perfect: the hint gives every column a value, and Perfect wins', async () => {
  const errors = [];
  const page = await open('type=player-computer&level=perfect&human=x&seed=1', errors);
  await page.click('#hint');
  await page.waitForFunction(() => document.querySelector('#hint-0').textContent !== '', null, { timeout: 60000 });
  const hints = await page.$$eval('#table_game tfoot td', (tds) => tds.map((t) => t.textContent));
  assert.equal(hints.length, 7);
  // From the empty board the first player wins only in the centre column (known result).
  assert.match(hints[3], /^win in/);
  for (const c of [0, 1, 5, 6]) assert.match(hints[c], /^loss in/);
  // The human always plays the leftmost column with room; Perfect must win.
  while ((await state(page)).state === 'playing') {
    const before = await discs(page);
    const col = await page.$$eval('#table_game th[data-col]', (ths) => ths.findIndex((th) => !th.hasAttribute('data-full')));
    await page.click(column(col));
    await page.waitForFunction(
      (n) => document.querySelectorAll('#table_game td.red, #table_game td.yellow').length >= n + 2
        || document.querySelector('#table_game').dataset.state !== 'playing',
      before, { timeout: 60000 },
    );
  }
  assert.deepEqual(await state(page), { state: 'won', winner: 'Yellow' });
  assert.match(await page.textContent('#status'), /Yellow wins with four in a row\. The computer won/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('computer vs computer plays to the end by itself', async () => {
  const errors = [];
  const page = await open('type=computer-computer&level_x=minimax&level_o=random&delay=0&seed=2', errors);
  await page.waitForFunction(() => document.querySelector('#table_game').dataset.state !== 'playing', null, { timeout: 60000 });
  const { state: end, winner } = await state(page);
  assert.ok(end === 'draw' || (end === 'won' && ['Red', 'Yellow'].includes(winner)));
  assert.deepEqual(errors, []);
  await page.close();
});

test('a bad level in the URL lands on the home page with Connect Four chosen', async () => {
  const page = await newPage(browser, []);
  await page.goto(`${base}connect4.html?type=player-computer&level=godlike`);
  await page.waitForSelector('#message:not([hidden])');
  assert.match(await page.textContent('#message'), /godlike/);
  assert.equal(await page.inputValue('#list-game'), 'connect4');
  assert.equal(await page.isVisible('#row-size'), false);
  await page.close();
});
