// End-to-end: the Othello page in headless Chromium.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { startServer, launch, newPage, state } from './harness.mjs';

let server, base, browser;
before(async () => { ({ server, base } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// Black to move; after Black's a8, White has no legal move and must pass.
const PASS_POSITION = '--X----OXOOOOOOOXXXXOO-OXOXOXOOOXOOOOXOOXOXOXOOOOOOOOO-O-O-OOOOO X';

const count = (page, colour) => page.$$eval(`#table_game td.${colour}`, (els) => els.length);

async function finishAsBlack(page) {
  // The human (Black) plays its first legal square each turn until the game ends.
  while ((await state(page)).state === 'playing') {
    await page.waitForFunction(() =>
      document.querySelector('#table_game').dataset.state !== 'playing'
      || document.querySelector('#table_game td[data-legal]'), null, { timeout: 60000 });
    if ((await state(page)).state !== 'playing') break;
    const before = await page.textContent('#move-count');
    await page.click('#table_game td[data-legal]');
    await page.waitForFunction((b) => document.querySelector('#move-count').textContent !== b, before);
  }
}

test('human vs bot: a pass is announced, the right side moves after it, and the game ends', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(`${base}othello.html?type=player-computer&level=positional&human=black&seed=1&position=${encodeURIComponent(PASS_POSITION)}`);
  await page.waitForSelector('#table_game[data-state="playing"]');
  assert.match(await page.textContent('#status'), /Black \(you\) to move/);
  const illegal = await page.$eval('#g1', (td) => td.hasAttribute('data-legal'));
  assert.equal(illegal, false);
  await page.click('#g1'); // flips nothing: refused with a reason
  assert.match(await page.textContent('#message'), /flips nothing/);
  await page.click('#a8');
  assert.match(await page.textContent('#note'), /White has no legal move and passes; Black moves again/);
  assert.match(await page.textContent('#status'), /Black \(you\) to move/);
  assert.ok(await page.$('#table_game td[data-legal]'), 'Black has moves after the pass');
  await finishAsBlack(page);
  const { state: end, winner } = await state(page);
  const black = await count(page, 'black');
  const white = await count(page, 'white');
  if (black === white) assert.equal(end, 'draw');
  else assert.deepEqual({ end, winner }, { end: 'won', winner: black > white ? 'Black' : 'White' });
  assert.match(await page.textContent('#note'), new RegExp(`Black ${black}, White ${white}`));
  assert.deepEqual(errors, []);
  await page.close();
});

test('computer vs computer plays to the end by itself', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(`${base}othello.html?type=computer-computer&level_x=random&level_o=positional&delay=0&seed=4`);
  // The table is there once the app has laid the page out.
  await page.waitForFunction(() => !['playing', 'loading', undefined].includes(document.querySelector('#table_game')?.dataset.state),
    null, { timeout: 60000 });
  const { state: end, winner } = await state(page);
  const black = await count(page, 'black');
  const white = await count(page, 'white');
  if (end === 'draw') assert.equal(black, white);
  else assert.equal(winner, black > white ? 'Black' : 'White');
  assert.deepEqual(errors, []);
  await page.close();
});

test('undo takes back the human move and the bot answer', async () => {
  const page = await newPage(browser, []);
  await page.goto(`${base}othello.html?type=player-computer&level=random&seed=2`);
  await page.waitForSelector('#table_game[data-state="playing"]');
  await page.click('#d3');
  await page.waitForFunction(() => document.querySelector('#move-count').textContent === 'Moves: 2');
  await page.click('#undo');
  assert.equal(await page.textContent('#move-count'), 'Moves: 0');
  assert.equal(await count(page, 'black'), 2);
  assert.equal(await count(page, 'white'), 2);
  await page.close();
});

test('a malformed start position is explained on the home page', async () => {
  const page = await newPage(browser, []);
  await page.goto(`${base}othello.html?position=XXXX`);
  await page.waitForSelector('#message:not([hidden])');
  assert.match(await page.textContent('#message'), /position/);
  assert.equal(await page.inputValue('#list-game'), 'othello');
  await page.close();
});

test('human vs Strong: the search shows on the page and Move now plays its best move so far', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(`${base}othello.html?type=player-computer&level=strong&human=black&seed=4&time=10000`);
  await page.waitForSelector('#table_game[data-state="playing"]');
  await page.click('#d3');
  await page.waitForSelector('#move-now:not([hidden])', { timeout: 10000 });
  assert.match(await page.textContent('#status'), /White \(computer\) is thinking… depth \d+, best so far [a-h][1-8] \([+-]\d+\.\d discs\)/);
  await page.click('#move-now');
  await page.waitForFunction(() => document.querySelectorAll('#table_game td.white').length >= 3);
  assert.match(await page.textContent('#status'), /Black \(you\) to move/);
  assert.equal(await page.$eval('#table_game', (t) => t.hasAttribute('data-thinking')), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Strong says so when its evaluation file cannot be fetched; the other levels still play', async () => {
  const errors = [];
  // Without the service worker, which would answer from its cache what the route refuses.
  const page = await newPage(browser, errors, { serviceWorkers: 'block' });
  // The worker fetches pkg/othello-eval.bin with its first Othello request.
  await page.route('**/othello-eval.bin', (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(`${base}othello.html?type=player-computer&level=strong&human=black&seed=4`);
  await page.waitForSelector('#table_game[data-state="playing"]');
  await page.click('#d3');
  await page.waitForSelector('#error', { timeout: 10000 });
  assert.match(await page.textContent('#error'), /Strong's evaluation is not loaded \(pkg\/othello-eval\.bin could not be fetched\)/);
  assert.deepEqual(errors.filter((e) => !e.includes('404')), []);
  await page.goto(`${base}othello.html?type=player-computer&level=positional&human=black&seed=4`);
  await page.waitForSelector('#table_game[data-state="playing"]');
  await page.click('#d3');
  await page.waitForFunction(() => document.querySelector('#move-count').textContent === 'Moves: 2');
  await page.close();
});
