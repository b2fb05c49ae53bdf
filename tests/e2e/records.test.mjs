// End-to-end: what players keep of a game (issue 12) in the real pages: coordinates, the
// move list in each game's notation, looking back through it, the game kept across a
// reload, moves= links and Share, export and import, redo, the home page's memory.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import {
  startServer, launch, newPage, cell, state, ready, moveList, stones, viewPly, PHONE,
} from './harness.mjs';

let server, base, browser;
before(async () => { ({ server, base } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// Opens a game page in a new browser context (its own storage) and waits for its game.
async function open(path, errors = []) {
  return goto(await newPage(browser, errors), path);
}

// Goes to another page in the same context: faster than a new one.
async function goto(page, path) {
  await page.goto(base + path);
  return ready(page);
}

// A Caro cell by its name on a board of `rows` rows (one-letter columns): `h8` is id 7-7 on 15x15.
const at = (name, rows = 15) => cell(rows - Number(name.slice(1)), name.charCodeAt(0) - 97);
// A Connect Four column by its number, 1 to 7 (its header cell).
const column = (n) => `#table_game th[data-col="${n - 1}"]`;
const label = (page, selector) => page.$eval(selector, (el) => el.getAttribute('aria-label'));
const moveCount = (page) => page.$$eval('#moves li', (lis) => lis.length);
const waitMoves = (page, n) => page.waitForFunction((k) => document.querySelectorAll('#moves li').length === k, n);
const waitStones = (page, n) => page.waitForFunction(
  (k) => document.querySelectorAll('#table_game .cell.x, #table_game .cell.o').length === k, n,
);
// Waits until the home page has filled its form (the games' list comes from the app).
const homeReady = (page) => page.waitForSelector('#list-game option[value="othello"]', { state: 'attached' });
const query = (page) => new URL(page.url()).searchParams;

// Eight Othello moves from the start after which Black has no move: the list shows a pass.
const OTHELLO_PASS = 'd3c3b3b2f5a3a1c1';
// The shortest Othello game: over after 9 moves, Black 13-0.
const OTHELLO_OVER = 'd3c3b3d2e1d6d7e3f4';

test('coordinates: the centre of 15x15 is h8, the top-left of 60x60 is a60, the edges carry letters and numbers', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  assert.equal(await label(page, cell(7, 7)), 'h8');
  assert.equal(await label(page, cell(0, 0)), 'a15');
  assert.equal(await label(page, cell(14, 14)), 'o1');
  await page.click(cell(7, 7));
  assert.equal(await label(page, cell(7, 7)), 'h8 X');
  await page.click(cell(6, 8));
  assert.equal(await label(page, cell(6, 8)), 'i9 O');
  // Letters over the first row, numbers from the bottom left of the first column, nowhere else.
  const edges = () => page.evaluate(() => {
    const rows = [...document.querySelectorAll('#table_game tr')];
    return {
      top: [...rows[0].children].map((td) => td.dataset.top),
      left: rows.map((tr) => tr.children[0].dataset.left),
      tops: document.querySelectorAll('#table_game td[data-top]').length,
      lefts: document.querySelectorAll('#table_game td[data-left]').length,
    };
  });
  const small = await edges();
  assert.deepEqual(small.top, [...'abcdefghijklmno']);
  assert.deepEqual(small.left, Array.from({ length: 15 }, (_, i) => String(15 - i)));
  assert.deepEqual([small.tops, small.lefts], [15, 15]);

  const wide = await goto(page, 'caro.html?type=2-players&rows=60&columns=60');
  assert.equal(await label(wide, cell(0, 0)), 'a60');
  assert.equal(await label(wide, cell(59, 59)), 'bh1');
  assert.equal(await label(wide, cell(30, 26)), 'aa30');
  const big = await wide.evaluate(() => {
    const rows = [...document.querySelectorAll('#table_game tr')];
    return { top: [...rows[0].children].map((td) => td.dataset.top), left: rows.map((tr) => tr.children[0].dataset.left) };
  });
  assert.deepEqual([big.top[0], big.top[25], big.top[26], big.top[51], big.top[52], big.top[59]], ['a', 'z', 'aa', 'az', 'ba', 'bh']);
  assert.deepEqual([big.left[0], big.left[59]], ['60', '1']);
  assert.deepEqual(errors, []);
  await wide.close();
});

test('the move list: Caro moves as h8, one li a move with its data-ply, the newest marked', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  assert.deepEqual(await moveList(page), []);
  for (const name of ['h8', 'i9', 'g7', 'j10']) await page.click(at(name));
  assert.deepEqual(await moveList(page), ['h8', 'i9', 'g7', 'j10']);
  assert.deepEqual(await page.$$eval('#moves li', (lis) => lis.map((li) => li.dataset.ply)), ['1', '2', '3', '4']);
  assert.equal(await page.$eval('#moves li.current', (li) => li.dataset.ply), '4');
  assert.equal(query(page).get('moves'), 'h8i9g7j10');
  // On a wide board the columns go on with two letters.
  const wide = await goto(page, 'caro.html?type=2-players&rows=30&columns=30');
  await wide.click(cell(29, 26));
  await wide.click(cell(0, 29));
  assert.deepEqual(await moveList(wide), ['aa1', 'ad30']);
  assert.equal(query(wide).get('moves'), 'aa1ad30');
  assert.deepEqual(errors, []);
  await page.close();
});

test('the move list: Connect Four moves as column numbers', async () => {
  const errors = [];
  const page = await open('connect4.html?type=2-players', errors);
  for (const n of [4, 4, 5, 3]) await page.click(column(n));
  assert.deepEqual(await moveList(page), ['4', '4', '5', '3']);
  assert.deepEqual(await page.$$eval('#moves li', (lis) => lis.map((li) => li.dataset.ply)), ['1', '2', '3', '4']);
  assert.equal(query(page).get('moves'), '4453');
  // Row 0 is the top: the discs lie on rows 5 and 4.
  assert.deepEqual(await stones(page), ['4,3:yellow', '5,2:yellow', '5,3:red', '5,4:red']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the move list: Othello moves as f5, and a pass as its own entry', async () => {
  const errors = [];
  const page = await open('othello.html?type=2-players', errors);
  for (const sq of ['f5', 'd6', 'c3']) await page.click(`#${sq}`);
  assert.deepEqual(await moveList(page), ['f5', 'd6', 'c3']);

  // After White's c1 Black has no move: the list shows Black's pass, White moves again.
  const game = await goto(page, 'othello.html?type=2-players');
  for (let i = 0; i < OTHELLO_PASS.length; i += 2) await game.click(`#${OTHELLO_PASS.slice(i, i + 2)}`);
  assert.deepEqual(await moveList(game), ['d3', 'c3', 'b3', 'b2', 'f5', 'a3', 'a1', 'c1', 'pass']);
  assert.equal(await game.$eval('#moves li:last-child', (li) => li.dataset.ply), '9');
  assert.match(await game.textContent('#note'), /Black has no legal move and passes; White moves again/);
  assert.match(await game.textContent('#status'), /White to move/);
  assert.equal(query(game).get('moves'), OTHELLO_PASS, 'transcripts leave passes out');
  // Back one entry from the pass is the position after c1: the same discs.
  const live = await stones(game);
  await game.keyboard.press('ArrowLeft');
  assert.equal(await viewPly(game), '8');
  assert.deepEqual(await stones(game), live);
  await game.keyboard.press('ArrowLeft');
  assert.equal(await viewPly(game), '7');
  assert.equal(await game.$eval('#c1', (td) => td.className), '');
  await game.keyboard.press('End');
  assert.equal(await viewPly(game), null);
  await game.click('#table_game td[data-legal]');
  assert.equal(await moveCount(game), 10);
  const tenth = (await moveList(game))[9];
  // Continue from c1: the pass it forced stays with it, only White's next move is taken back.
  await game.click('#moves li[data-ply="8"]');
  await game.click('#continue');
  assert.deepEqual(await moveList(game), ['d3', 'c3', 'b3', 'b2', 'f5', 'a3', 'a1', 'c1', 'pass']);
  assert.deepEqual(await stones(game), live);
  assert.match(await game.textContent('#status'), /White to move/);
  assert.equal(query(game).get('moves'), OTHELLO_PASS);
  await game.click('#redo');
  assert.deepEqual((await moveList(game))[9], tenth);
  assert.deepEqual(errors, []);
  await game.close();
});

test('looking back with the keys and the list: data-view-ply, the stones shown, the board frozen, Continue from here and Redo', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  const names = ['h8', 'i9', 'g7', 'j10'];
  for (const name of names) await page.click(at(name));
  assert.equal(await viewPly(page), null);
  const shown = async () => (await stones(page)).length;

  await page.keyboard.press('ArrowLeft');
  assert.equal(await viewPly(page), '3');
  assert.equal(await shown(), 3);
  assert.equal(await label(page, at('j10')), 'j10');
  assert.equal(await page.$eval('#moves li.current', (li) => li.dataset.ply), '3');
  assert.equal(await page.isVisible('#continue'), true);
  await page.keyboard.press('Home');
  assert.equal(await viewPly(page), '0');
  assert.equal(await shown(), 0);
  assert.equal(await page.$('#moves li.current'), null);
  await page.keyboard.press('ArrowLeft'); // nothing before the start
  assert.equal(await viewPly(page), '0');
  await page.keyboard.press('ArrowRight');
  assert.equal(await viewPly(page), '1');
  assert.deepEqual(await stones(page), ['7-7:x']);
  await page.keyboard.press('End');
  assert.equal(await viewPly(page), null);
  assert.equal(await shown(), 4);
  assert.equal(await page.isVisible('#continue'), false);

  // A click on an item shows the position after it; the last item is the game as it stands.
  await page.click('#moves li[data-ply="2"]');
  assert.equal(await viewPly(page), '2');
  assert.deepEqual(await stones(page), ['6-8:o', '7-7:x']);
  assert.match(await page.textContent('#view-note'), /after move 2 of 4/);
  // The board takes no move while an earlier position is shown.
  await page.click(at('a1'));
  assert.deepEqual(await stones(page), ['6-8:o', '7-7:x']);
  assert.equal(await moveCount(page), 4);
  // Keys typed into a field are the field's own.
  await page.click('#import');
  await page.keyboard.press('ArrowRight');
  assert.equal(await viewPly(page), '2');
  await page.click('#import-cancel');
  await page.keyboard.press('ArrowRight');
  assert.equal(await viewPly(page), '3');
  await page.click('#moves li[data-ply="4"]');
  assert.equal(await viewPly(page), null);

  // Continue from move 2: the later moves are taken back, and Redo brings them back one by one.
  await page.click('#moves li[data-ply="2"]');
  await page.click('#continue');
  assert.equal(await viewPly(page), null);
  assert.deepEqual(await moveList(page), ['h8', 'i9']);
  assert.deepEqual(await stones(page), ['6-8:o', '7-7:x']);
  assert.equal(query(page).get('moves'), 'h8i9');
  assert.match(await page.textContent('#status'), /X to move/);
  assert.equal(await page.isEnabled('#redo'), true);
  await page.click('#redo');
  assert.deepEqual(await moveList(page), ['h8', 'i9', 'g7']);
  await page.click('#redo');
  assert.deepEqual(await moveList(page), names);
  assert.equal(await page.isEnabled('#redo'), false);
  assert.equal(await label(page, at('j10')), 'j10 O');
  // Undo then a different move: nothing left to redo.
  await page.click('#undo');
  assert.equal(await page.isEnabled('#redo'), true);
  await page.click(at('a1'));
  assert.equal(await page.isEnabled('#redo'), false);
  assert.deepEqual(await moveList(page), ['h8', 'i9', 'g7', 'a1']);
  // The buttons step too.
  await page.click('#nav-first');
  assert.equal(await viewPly(page), '0');
  await page.click('#nav-next');
  assert.equal(await viewPly(page), '1');
  await page.click('#nav-last');
  assert.equal(await viewPly(page), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the computer waits while the player looks back, and plays on from the last move', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  // The page's clock is the test's: the bots' 10 s delay passes only when the test says.
  await page.clock.install();
  await page.goto(`${base}caro.html?type=computer-computer&rows=10&columns=10&level=greedy&delay=10000&seed=2`);
  await ready(page);
  await waitMoves(page, 1); // the first move comes at once
  await page.keyboard.press('Home');
  assert.equal(await viewPly(page), '0');
  // The status speaks of the position shown: X to move on the empty board.
  assert.equal(await page.textContent('#status'), 'Looking back: after move 0 of 1, X to move there.');
  await page.clock.fastForward(20000);
  assert.equal(await page.$eval('#table_game', (t) => t.hasAttribute('data-thinking')), false);
  assert.equal(await moveCount(page), 1);
  assert.equal(await page.textContent('#move-count'), 'Moves: 1');
  // Back at the last move the bots go on (after their delay).
  await page.keyboard.press('End');
  await page.clock.fastForward(10000);
  await waitMoves(page, 2);
  assert.equal(await viewPly(page), null);
  assert.deepEqual(errors, []);
  await page.close();
});

test('a finished computer-vs-computer game can be stepped through', async () => {
  const errors = [];
  const page = await open('connect4.html?type=computer-computer&level_x=random&level_o=random&delay=0&seed=3', errors);
  await page.waitForFunction(() => document.querySelector('#table_game').dataset.state !== 'playing', null, { timeout: 30000 });
  const end = await state(page);
  const list = await moveList(page);
  const final = await stones(page);
  assert.equal(final.length, list.length);
  assert.ok(list.every((m) => /^[1-7]$/.test(m)), list.join());
  assert.equal(query(page).get('moves'), list.join(''));
  await page.keyboard.press('Home');
  assert.equal(await viewPly(page), '0');
  assert.deepEqual(await stones(page), []);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  assert.equal(await viewPly(page), '2');
  assert.equal((await stones(page)).length, 2);
  assert.equal(await page.$$eval('#table_game td.win', (els) => els.length), 0, 'no four marked before it is made');
  await page.click(`#moves li[data-ply="${list.length - 1}"]`);
  assert.equal((await stones(page)).length, list.length - 1);
  assert.deepEqual(await state(page), end, 'the game stays over while looking back');
  await page.keyboard.press('End');
  assert.equal(await viewPly(page), null);
  assert.deepEqual(await stones(page), final);
  if (end.state === 'won') assert.equal(await page.$$eval('#table_game td.win', (els) => els.length) >= 4, true);
  assert.deepEqual(errors, []);
  await page.close();
});

test('reload restores a Caro two-player game; New game starts afresh', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  for (const name of ['h8', 'i9', 'h9']) await page.click(at(name));
  const before = await stones(page);
  assert.deepEqual(before, ['6-7:x', '6-8:o', '7-7:x']);
  await page.reload();
  await ready(page);
  assert.deepEqual(await stones(page), before);
  assert.deepEqual(await moveList(page), ['h8', 'i9', 'h9']);
  assert.match(await page.textContent('#status'), /O to move/);
  assert.equal(await page.$eval('.cell.last', (el) => el.id), '6-7');
  await page.click(at('g7'));
  assert.deepEqual(await moveList(page), ['h8', 'i9', 'h9', 'g7']);

  await page.click('#new-game');
  assert.deepEqual(await stones(page), []);
  assert.deepEqual(await moveList(page), []);
  assert.equal(query(page).get('moves'), null);
  assert.equal(query(page).get('type'), '2-players');
  await page.reload();
  await ready(page);
  assert.deepEqual(await stones(page), []);
  assert.match(await page.textContent('#status'), /X to move/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('reload restores a game against the computer with the computer to move, and the computer answers', async () => {
  const errors = [];
  // Master with a minute a move: it is still thinking at the reload; Move now ends its search.
  const page = await open('caro.html?type=player-computer&rows=15&columns=15&level=master&human=x&time=60000&seed=1', errors);
  await page.click(at('h8'));
  await page.waitForSelector('#table_game[data-thinking]');
  assert.equal(query(page).get('moves'), 'h8');
  await page.reload();
  await ready(page);
  assert.deepEqual(await stones(page), ['7-7:x']);
  assert.deepEqual(await moveList(page), ['h8']);
  await page.waitForSelector('#table_game[data-thinking]');
  assert.match(await page.textContent('#status'), /O \(computer\) is thinking/);
  await page.click(at('a1')); // not the human's turn
  assert.deepEqual(await stones(page), ['7-7:x']);
  await page.waitForSelector('#move-now:not([hidden])');
  await page.click('#move-now');
  await waitStones(page, 2);
  const list = await moveList(page);
  assert.equal(list.length, 2);
  assert.match(list[1], /^[a-o]\d+$/);
  assert.equal(await label(page, at(list[1])), `${list[1]} O`);
  assert.match(await page.textContent('#status'), /X \(you\) to move/);
  assert.equal(query(page).get('moves'), `h8${list[1]}`);
  assert.equal(query(page).get('level'), 'master');
  assert.deepEqual(errors, []);
  await page.close();
});

test('reload restores a Connect Four and an Othello game', async () => {
  const errors = [];
  const c4 = await open('connect4.html?type=2-players', errors);
  for (const n of [4, 4, 5]) await c4.click(column(n));
  const discs = await stones(c4);
  assert.deepEqual(discs, ['4,3:yellow', '5,3:red', '5,4:red']);
  await c4.reload();
  await ready(c4);
  assert.deepEqual(await stones(c4), discs);
  assert.deepEqual(await moveList(c4), ['4', '4', '5']);
  assert.match(await c4.textContent('#status'), /Yellow to move/);

  const oth = await goto(c4, 'othello.html?type=player-computer&level=random&human=black&seed=1');
  await oth.click('#f5');
  await waitMoves(oth, 2); // the computer answers
  const board = await stones(oth);
  const list = await moveList(oth);
  await oth.reload();
  await ready(oth);
  assert.deepEqual(await stones(oth), board);
  assert.deepEqual(await moveList(oth), list);
  assert.match(await oth.textContent('#status'), /Black \(you\) to move/);
  assert.match(await oth.textContent('#note'), /Discs: Black 3, White 3/);
  assert.ok(await oth.$('#table_game td[data-legal]'), 'the legal moves are shown again');
  assert.deepEqual(errors, []);
  await oth.close();
});

test('Share gives a moves= link that opens the same position and list in a fresh page, in every game', async () => {
  const errors = [];
  const games = [
    ['caro.html?type=2-players&rows=19&columns=20&rule=freestyle', ['h8', 'i9', 'h9'], 'h8i9h9', (p, m) => p.click(at(m, 19))],
    ['connect4.html?type=2-players', ['4', '4', '5', '3'], '4453', (p, m) => p.click(column(Number(m)))],
    ['othello.html?type=2-players', ['d3', 'c3', 'b3', 'b2', 'f5', 'a3', 'a1', 'c1'], OTHELLO_PASS, (p, m) => p.click(`#${m}`)],
  ];
  const page = await newPage(browser, errors);
  // Another browser context: nothing of the first page's storage, only the link.
  const fresh = await newPage(browser, errors);
  for (const [path, moves, transcript, play] of games) {
    await goto(page, path);
    for (const m of moves) await play(page, m);
    assert.equal(await page.isVisible('#share-link'), false);
    await page.click('#share');
    await page.waitForSelector('#share-link:not([hidden])');
    const link = await page.inputValue('#share-link');
    assert.equal(await page.$eval('#share-link', (el) => el.readOnly), true);
    const url = new URL(link);
    assert.equal(url.origin + '/', base);
    assert.equal(url.pathname, `/${path.split('?')[0]}`);
    assert.equal(url.searchParams.get('moves'), transcript);
    assert.equal(url.searchParams.get('type'), '2-players');
    for (const [key, value] of new URL(base + path).searchParams) assert.equal(url.searchParams.get(key), value, key);
    await page.waitForFunction(() => /link/i.test(document.querySelector('#message').textContent));

    await fresh.goto(link);
    await ready(fresh);
    assert.deepEqual(await stones(fresh), await stones(page), path);
    assert.deepEqual(await moveList(fresh), await moveList(page), path);
    assert.equal(await fresh.textContent('#status'), await page.textContent('#status'));
  }
  // Play goes on from the link's position (White, after Black's pass).
  await fresh.click('#table_game td[data-legal]');
  assert.equal(await moveCount(fresh), 10);
  assert.deepEqual(errors, []);
  await page.close();
  await fresh.close();
});

test('every kind of bad moves= lands on the home page naming the move and why', async () => {
  const errors = [];
  const cases = [
    ['caro', 'type=2-players&rows=15&columns=15&moves=h8p1', /move 2 \(p1\) is off the 15x15 board/],
    ['caro', 'type=2-players&moves=h8i9h8', /move 3 \(h8\) is already taken/],
    ['caro', 'type=2-players&rule=renju&moves=f8a15g8c15h10e15h9o1h8', /move 9 \(h8\) is illegal: forbidden for X under renju \(double three\)/],
    ['caro', 'type=2-players&moves=h8a1i8a2j8a3k8a4l8a5', /move 10 \(a5\) comes after the end: the game was over after move 9/],
    ['caro', 'type=2-players&moves=h8xx', /move 2 \('xx'\) is not a cell/],
    ['connect4', 'type=2-players&moves=48', /move 2 \('8'\) is not a column: expected a digit from 1 to 7/],
    ['connect4', 'type=2-players&moves=4444444', /move 7 \(4\) is illegal: column 4 is full/],
    ['connect4', 'type=2-players&moves=12121213', /move 8 \(3\) comes after the end: the game was over after move 7/],
    ['connect4', 'type=2-players&moves=4x', /move 2 \('x'\) is not a column/],
    ['othello', 'type=2-players&moves=f5i9', /move 2 \('i9'\) is not a square/],
    ['othello', 'type=2-players&moves=f5f5', /move 2 \(f5\) is already taken/],
    ['othello', 'type=2-players&moves=f5a1', /move 2 \(a1\) is illegal: it flips nothing/],
    ['othello', `type=2-players&moves=${OTHELLO_OVER}a1`, /move 10 \(a1\) comes after the end: the game was over after move 9/],
    ['othello', 'type=2-players&moves=f5zz', /move 2 \('zz'\) is not a square/],
  ];
  const page = await newPage(browser, errors);
  for (const [game, q, why] of cases) {
    await page.goto(`${base}${game}.html?${q}`);
    await page.waitForSelector('#message:not([hidden])');
    const url = new URL(page.url());
    assert.equal(url.pathname, '/index.html', q);
    const message = await page.textContent('#message');
    assert.match(message, /^Could not open that game: moves: /, q);
    assert.match(message, why, q);
    // The home form shows the game with its good choices.
    assert.equal(await page.inputValue('#list-game'), game, q);
    assert.equal(await page.inputValue('#list-type-play'), '2-players', q);
    if (q.includes('renju')) assert.equal(await page.inputValue('#list-rule'), 'renju');
  }
  assert.deepEqual(errors, []);
  await page.close();
});

// Clicks Export and returns the file offered: its name and text.
async function exportFile(page, format) {
  if (format) await page.selectOption('#export-format', format);
  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export')]);
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8'), path };
}

// Opens a record file through the import panel's file chooser, and waits for its game.
async function importFile(page, path) {
  await page.click('#import');
  await Promise.all([page.waitForNavigation(), page.setInputFiles('#import-file', path)]);
  return ready(page);
}

// Opens a record through the import panel, pasted, and waits for the game it opens.
async function importText(page, text) {
  await page.click('#import');
  await page.waitForSelector('#import-panel:not([hidden])');
  await page.fill('#import-text', text);
  await Promise.all([page.waitForNavigation(), page.click('#import-open')]);
  return ready(page);
}

test('Caro export then import gives the same game: a .psq record and a move string, pasted or as a file', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15', errors);
  for (const name of ['h8', 'i9', 'h9', 'h7', 'i8']) await page.click(at(name));
  const board = await stones(page);
  const list = await moveList(page);
  assert.deepEqual(
    await page.$$eval('#export-format option', (os) => os.map((o) => o.value)),
    ['psq', 'moves'],
  );

  const psq = await exportFile(page, 'psq');
  assert.match(psq.name, /^caro-15x15-caro-\d{4}-\d\d-\d\d-\d{4}\.psq$/);
  // Piskvork: x is the column from 1 at the left, y the row from 1 at the top.
  assert.equal(psq.text, 'Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n8,7,0\n8,9,0\n9,8,0\nX: human\nO: human\n-1\n');
  const moves = await exportFile(page, 'moves');
  assert.match(moves.name, /^caro-15x15-caro-.*\.txt$/);
  assert.equal(moves.text, 'h8i9h9h7i8\n');

  // Into a page showing another game: the record's game replaces it.
  for (const text of [psq.text, moves.text]) {
    await goto(page, 'caro.html?type=2-players&rows=15&columns=15&moves=a1');
    await importText(page, text);
    assert.deepEqual(await stones(page), board);
    assert.deepEqual(await moveList(page), list);
    assert.equal(query(page).get('moves'), 'h8i9h9h7i8');
  }
  // A .psq record brings its board size; the page keeps its rule and players.
  await goto(page, 'caro.html?type=2-players&rows=19&columns=19&rule=freestyle');
  await importText(page, psq.text);
  assert.deepEqual([query(page).get('rows'), query(page).get('columns'), query(page).get('rule')], ['15', '15', 'freestyle']);
  assert.deepEqual(await moveList(page), list);
  // The files themselves, through the file chooser.
  for (const file of [psq, moves]) {
    await goto(page, 'caro.html?type=2-players&rows=15&columns=15');
    await importFile(page, file.path);
    assert.deepEqual(await stones(page), board, file.name);
    assert.deepEqual(await moveList(page), list, file.name);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('Connect Four and Othello export then import give the same game', async () => {
  const errors = [];
  const games = [
    ['connect4', 'connect4.html?type=2-players&moves=4453', '4453\n', /^connect4-\d{4}-\d\d-\d\d-\d{4}\.txt$/],
    ['othello', `othello.html?type=2-players&moves=${OTHELLO_PASS}`, `${OTHELLO_PASS}\n`, /^othello-\d{4}-\d\d-\d\d-\d{4}\.txt$/],
  ];
  const page = await newPage(browser, errors);
  for (const [game, path, expected, name] of games) {
    await goto(page, path);
    const board = await stones(page);
    const list = await moveList(page);
    assert.equal(await page.isVisible('#export-format'), false, 'one format: no choice offered');
    const file = await exportFile(page);
    assert.match(file.name, name);
    assert.equal(file.text, expected);
    await goto(page, `${game}.html?type=2-players`);
    await importText(page, file.text);
    assert.deepEqual(await stones(page), board, game);
    assert.deepEqual(await moveList(page), list, game);
    await goto(page, `${game}.html?type=2-players`);
    await importFile(page, file.path);
    assert.deepEqual(await stones(page), board, game);
    assert.deepEqual(await moveList(page), list, game);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a malformed record is refused naming the line and the problem, and the game on the page stays', async () => {
  const errors = [];
  const cases = [
    ['caro.html?type=2-players&moves=h8i9', 'Piskvorky 15x15, 11:11, 0\n8,8,0\n16,1,0\n-1\n', /line 3: 16,1 is off the 15x15 board/],
    ['caro.html?type=2-players&moves=h8i9', 'Piskvorky 15x15, 11:11, 0\n8,8,0\n8,8,0\n', /line 3: the move 8,8 \(h8\): that cell is already taken/],
    ['caro.html?type=2-players&moves=h8i9', 'Piskvorky fifteen by fifteen\n8,8,0\n', /line 1: expected a Piskvork header/],
    ['caro.html?type=2-players&moves=h8i9', 'h8 i9 zz', /move 3 \('zz'\) is not a cell/],
    ['connect4.html?type=2-players&moves=44', '4449', /move 4 \('9'\) is not a column/],
    ['othello.html?type=2-players&moves=f5', 'f5 a1', /move 2 \(a1\) is illegal: it flips nothing/],
    ['othello.html?type=2-players&moves=f5', '', /nothing to open/],
  ];
  const page = await newPage(browser, errors);
  for (const [path, text, why] of cases) {
    await goto(page, path);
    const url = page.url();
    const board = await stones(page);
    await page.click('#import');
    await page.fill('#import-text', text);
    await page.click('#import-open');
    await page.waitForFunction(() => document.querySelector('#import-error').textContent !== '');
    const error = await page.textContent('#import-error');
    assert.match(error, /^Could not open that record: /, text);
    assert.match(error, why, text);
    assert.equal(page.url(), url);
    assert.deepEqual(await stones(page), board);
    assert.equal(await page.inputValue('#import-text'), text, 'the pasted text stays to be fixed');
    // A bad file says the same (the panel opened afresh, without the message).
    await page.click('#import-cancel');
    await page.click('#import');
    assert.equal(await page.textContent('#import-error'), '');
    if (text) {
      await page.setInputFiles('#import-file', { name: 'bad.txt', mimeType: 'text/plain', buffer: Buffer.from(`${text}\n`) });
      await page.waitForFunction(() => document.querySelector('#import-error').textContent !== '');
      assert.match(await page.textContent('#import-error'), why);
      assert.equal(page.url(), url);
      assert.equal(await page.inputValue('#import-file'), '', 'the same file, once fixed, can be chosen again');
    }
    // Cancel closes the panel; the game is as it was.
    await page.click('#import-cancel');
    assert.equal(await page.isVisible('#import-panel'), false);
    assert.deepEqual(await stones(page), board);
    assert.equal(page.url(), url);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('redo after undo: one move between two players; against the computer, the move and its answer', async () => {
  const errors = [];
  const two = await open('connect4.html?type=2-players&moves=4453', errors);
  await two.click('#undo');
  await two.click('#undo');
  assert.deepEqual(await moveList(two), ['4', '4']);
  assert.match(await two.textContent('#status'), /Red to move/);
  await two.click('#redo');
  assert.deepEqual(await moveList(two), ['4', '4', '5']);
  await two.click('#redo');
  assert.deepEqual(await moveList(two), ['4', '4', '5', '3']);
  assert.equal(await two.isEnabled('#redo'), false);
  assert.equal(query(two).get('moves'), '4453');
  await two.close();

  const page = await open('caro.html?type=player-computer&rows=15&columns=15&level=greedy&human=x&seed=5', errors);
  assert.equal(await page.isEnabled('#redo'), false);
  await page.click(at('h8'));
  await waitStones(page, 2);
  await page.click(at('c3'));
  await waitStones(page, 4);
  const board = await stones(page);
  const list = await moveList(page);
  await page.click('#undo');
  assert.deepEqual(await moveList(page), list.slice(0, 2));
  await page.click('#undo');
  assert.deepEqual(await stones(page), []);
  await page.click('#redo');
  assert.deepEqual(await moveList(page), list.slice(0, 2));
  assert.match(await page.textContent('#status'), /X \(you\) to move/);
  await page.click('#redo');
  assert.deepEqual(await stones(page), board);
  assert.deepEqual(await moveList(page), list);
  assert.equal(await page.isEnabled('#redo'), false);
  assert.equal(query(page).get('moves'), list.join(''));
  // The game goes on from there.
  await page.click(at('a1'));
  await waitStones(page, 6);
  assert.deepEqual(errors, []);
  await page.close();
});

test('Back from a game, and its Home button, show the home form with the game that was chosen', async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(base);
  await homeReady(page);
  await page.selectOption('#list-game', 'connect4');
  await page.selectOption('#list-type-play', 'player-computer');
  await page.selectOption('#list-level', 'random');
  await page.selectOption('#list-human', 'o');
  await Promise.all([page.waitForURL(/connect4\.html/), page.click('#button')]);
  await ready(page);
  await waitMoves(page, 1); // the computer opens as Red
  const form = async () => ({
    game: await page.inputValue('#list-game'),
    mode: await page.inputValue('#list-type-play'),
    level: await page.inputValue('#list-level'),
    human: await page.inputValue('#list-human'),
    first: await page.textContent('#list-human option[value="x"]'),
  });
  const chosen = { game: 'connect4', mode: 'player-computer', level: 'random', human: 'o', first: 'Red (moves first)' };
  await page.goBack();
  await homeReady(page);
  assert.equal(new URL(page.url()).pathname, '/index.html');
  assert.deepEqual(await form(), chosen);
  await page.reload(); // from the address bar alone, not the browser's page cache
  await homeReady(page);
  assert.deepEqual(await form(), chosen);

  await page.goto(`${base}othello.html?type=2-players`);
  await ready(page);
  await Promise.all([page.waitForURL(/index\.html/), page.click('#home')]);
  await homeReady(page);
  assert.equal(await page.inputValue('#list-game'), 'othello');
  assert.equal(await page.inputValue('#list-type-play'), '2-players');
  assert.deepEqual(errors, []);
  await page.close();
});

test("the engine's progress names its best move in the board's notation", async () => {
  const errors = [];
  const page = await open('caro.html?type=player-computer&rows=15&columns=15&level=master&human=x&time=10000&seed=3', errors);
  await page.click(at('h8'));
  await page.waitForFunction(() => /best so far/.test(document.querySelector('#status').textContent));
  assert.match(await page.textContent('#status'), /O \(computer\) is thinking… depth \d+, best so far [a-o]\d+ \(/);
  await page.click('#move-now');
  await waitStones(page, 2);
  assert.doesNotMatch(await page.textContent('#status'), /best so far/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the move-numbers toggle puts move numbers on the Caro stones', async () => {
  const errors = [];
  const page = await open('caro.html?type=2-players&rows=15&columns=15&moves=h8i9h9', errors);
  const texts = () => Promise.all(['h8', 'i9', 'h9'].map((n) => page.textContent(at(n))));
  assert.deepEqual(await texts(), ['X', 'O', 'X']);
  assert.equal(await page.isChecked('#move-numbers'), false);
  await page.check('#move-numbers');
  assert.deepEqual(await texts(), ['1', '2', '3']);
  assert.equal(await page.$$eval('#table_game .cell.numbered', (els) => els.length), 3);
  assert.equal(await label(page, at('i9')), 'i9 O', 'the accessible name still says whose stone it is');
  await page.click(at('g7'));
  assert.equal(await page.textContent(at('g7')), '4');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent(at('g7')), '');
  await page.keyboard.press('End');
  // The choice is remembered.
  await page.reload();
  await ready(page);
  assert.equal(await page.isChecked('#move-numbers'), true);
  assert.equal(await page.textContent(at('g7')), '4');
  await page.uncheck('#move-numbers');
  assert.deepEqual(await texts(), ['X', 'O', 'X']);
  assert.equal(await page.$$eval('#table_game .cell.numbered', (els) => els.length), 0);
  // Other games have no stones to number.
  await goto(page, 'connect4.html?type=2-players');
  assert.equal(await page.isVisible('#move-numbers'), false);
  assert.deepEqual(errors, []);
  await page.close();
});

test("the home page's resume link offers the last game played", async () => {
  const errors = [];
  const page = await newPage(browser, errors);
  await page.goto(base);
  await homeReady(page);
  assert.equal(await page.isVisible('#resume'), false, 'nothing played yet');
  await page.goto(`${base}caro.html?type=2-players&rows=15&columns=15`);
  await ready(page);
  await page.click(at('h8'));
  await page.click(at('i9'));
  await page.click('#home');
  await page.waitForSelector('#resume:not([hidden])');
  assert.equal(await page.textContent('#resume-info'), 'Caro (five in a row): 2 moves so far');
  assert.equal(await page.getAttribute('#resume-link', 'href'), './caro.html?type=2-players&rows=15&columns=15&rule=caro&moves=h8i9');
  await page.click('#resume-link');
  await ready(page);
  assert.deepEqual(await moveList(page), ['h8', 'i9']);
  // Opening a game page, or New game, without playing leaves the game offered.
  await page.click('#new-game');
  await page.goto(`${base}connect4.html?type=2-players`);
  await ready(page);
  await page.goto(base);
  await page.waitForSelector('#resume:not([hidden])');
  assert.equal(await page.textContent('#resume-info'), 'Caro (five in a row): 2 moves so far');
  // A later game, in another game, takes its place.
  await page.goto(`${base}othello.html?type=2-players`);
  await ready(page);
  await page.click('#f5');
  await page.goto(base);
  await page.waitForSelector('#resume:not([hidden])');
  assert.equal(await page.textContent('#resume-info'), 'Othello: 1 move so far');
  await page.click('#resume-link');
  await ready(page);
  assert.deepEqual(await moveList(page), ['f5']);
  assert.deepEqual(errors, []);
  await page.close();
});

test('on a phone the board, the move list and the record tools fit the screen, in every game', async () => {
  const errors = [];
  const pages = [
    'caro.html?type=2-players&rows=15&columns=15&moves=h8i9h9h7i8g8j10k11g7f6j8k8',
    'connect4.html?type=2-players&moves=4453443',
    `othello.html?type=2-players&moves=${OTHELLO_PASS}`,
  ];
  const page = await newPage(browser, errors, PHONE);
  for (const path of pages) {
    await goto(page, path);
    const width = () => page.evaluate(() => document.documentElement.scrollWidth);
    assert.equal(await width(), 390, path);
    await page.keyboard.press('ArrowLeft');
    await page.click('#share');
    await page.click('#import');
    await page.waitForSelector('#import-panel:not([hidden])');
    assert.equal(await width(), 390, `${path}: looking back, with the link and the import panel open`);
    // The cells stay square (Connect Four's and Othello's boards shrink to fit).
    const [w, h] = await page.$eval('#table_game tbody tr:last-child td:last-child, #table_game tr:last-child td:last-child',
      (td) => [td.getBoundingClientRect().width, td.getBoundingClientRect().height]);
    assert.ok(Math.abs(w - h) < 1.5, `${path}: a cell is ${w}x${h}`);
    // The view mode's outline is not cut off by the board's scroll box.
    const room = await page.evaluate(() => {
      const wrap = document.querySelector('.board-wrap').getBoundingClientRect();
      const table = document.querySelector('#table_game').getBoundingClientRect();
      return Math.min(table.left - wrap.left, wrap.right - table.right, table.top - wrap.top, wrap.bottom - table.bottom);
    });
    assert.ok(room >= 4, `${path}: ${room}px around the board for the outline`);
  }
  assert.deepEqual(errors, []);
  await page.close();
});
