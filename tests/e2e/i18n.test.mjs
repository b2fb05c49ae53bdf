// End-to-end: the app's languages (English, Tiếng Việt). `lang=` in the URL, the #lang
// switch (remembered), the browser's language as the first default, <html lang>; the
// Vietnamese pages with no English left in their buttons, labels and statuses; the rules
// pages; Vietnamese error messages; and the longer Vietnamese labels on a phone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { startServer, launch, newPage, ready, stones, DESKTOP, PHONE } from './harness.mjs';

let server, base, browser;
before(async () => { ({ server, base } = await startServer()); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

// The English table's fixed strings (src/i18n/en.rs: `field: "text",` lines), and the
// words in them: what must not be left on a Vietnamese page.
const enTable = readFileSync(new URL('../../src/i18n/en.rs', import.meta.url), 'utf8');
const englishStrings = [...enTable.matchAll(/^\s+[a-z_0-9]+: "([^"{}]+)",$/gm)].map((m) => m[1]);
// Names that are the same in both languages: the games' own names (given in brackets after
// the Vietnamese), renju, key names, units and file formats.
const sameInBoth = new Set(['caro', 'connect', 'four', 'othello', 'renju', 'minimax', 'piskvork', 'psq', 'txt',
  'ctrl', 'home', 'end', 'obf', 'english']);
const englishWords = new Set(englishStrings.flatMap((s) => s.toLowerCase().match(/[a-z]{3,}/g) ?? [])
  .filter((w) => !sameInBoth.has(w)));

// A page whose CSP violations, console errors and page errors all land in `errors`.
async function watchedPage(errors, options = {}) {
  const page = await newPage(browser, errors, options);
  await page.exposeFunction('reportCspViolation', (text) => errors.push(`csp: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      window.reportCspViolation(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'}`);
    });
  });
  return page;
}

// Every piece of text a player sees: visible elements' own text, the selects' options
// (the language switch's own names excepted), the page's title.
function visibleTexts(page) {
  return page.evaluate(() => {
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
    const texts = [document.title];
    for (const el of document.body.querySelectorAll('*')) {
      if (!shown(el) || el.closest('svg, #lang, #moves, #table_game, #share-link')) continue;
      if (el.tagName === 'SELECT') {
        for (const o of el.options) texts.push(o.textContent);
        continue;
      }
      const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent).join('').trim();
      if (own) texts.push(own);
    }
    return texts;
  });
}

// The English words left in `texts` (whole words, any case), with where.
function englishLeft(texts) {
  const left = [];
  for (const text of texts) {
    if (englishStrings.includes(text.trim())) left.push(`"${text}" is an English string`);
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) {
      if (englishWords.has(word)) left.push(`'${word}' in "${text}"`);
    }
  }
  return left;
}

const htmlLang = (page) => page.getAttribute('html', 'lang');

test('the English table is read: its words are the check', () => {
  for (const w of ['undo', 'redo', 'hint', 'share', 'export', 'import', 'move', 'wins', 'draw', 'thinking', 'theme', 'rules']) {
    assert.ok(englishWords.has(w), w);
  }
  assert.ok(englishStrings.includes('New game'));
  // The check finds English when there is some.
  assert.deepEqual(englishLeft(['Ván mới', 'Đến lượt X.']), []);
  assert.equal(englishLeft(['New game']).length, 3);
  assert.equal(englishLeft(['X to move.']).length, 1);
});

test('lang=vi: the home page in Vietnamese, <html lang="vi">, no English left', async () => {
  const errors = [];
  const page = await watchedPage(errors, DESKTOP);
  await page.goto(`${base}index.html?lang=vi`);
  await page.waitForSelector('#list-level option', { state: 'attached' });
  assert.equal(await htmlLang(page), 'vi');
  assert.equal(await page.title(), 'Cờ caro, Bốn quân liên tiếp, Cờ lật');
  assert.equal(await page.textContent('#button'), 'Chơi thôi!');
  assert.equal(await page.inputValue('#lang'), 'vi');
  for (const mode of ['2-players', 'player-computer', 'computer-computer']) {
    await page.selectOption('#list-type-play', mode);
    for (const game of ['caro', 'connect4', 'othello']) {
      await page.selectOption('#list-game', game);
      assert.deepEqual(englishLeft(await visibleTexts(page)), [], `${mode} ${game}`);
    }
  }
  // The form opens the game in Vietnamese, and Home brings the form back in it.
  await page.selectOption('#list-game', 'caro');
  await page.selectOption('#list-type-play', '2-players');
  await page.click('#button');
  await ready(page);
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'vi');
  assert.equal(await htmlLang(page), 'vi');
  await page.click('#home');
  await page.waitForSelector('#list-level option', { state: 'attached' });
  assert.equal(await htmlLang(page), 'vi');
  assert.deepEqual(errors, []);
  await page.close();
});

// Each game page in Vietnamese: in play, thinking, won, looking back, with a refused move.
const games = [
  { path: 'caro.html?type=2-players&rule=renju&moves=h8a1i8a2g9a3g7a4', refuse: '[id="7-6"]', refused: /bị cấm với X theo luật renju/, status: /^Đến lượt X\.$/ },
  { path: 'connect4.html?type=2-players&moves=444444', refuse: '#table_game tbody td[data-col="3"]', refused: /^Cột 4 đã đầy\.$/, status: /^Đến lượt Đỏ\.$/ },
  { path: 'othello.html?type=2-players&moves=f5', refuse: '#a1', refused: /^a1 không lật được quân nào/, status: /^Đến lượt Trắng\.$/ },
];

test('lang=vi: every game page\'s buttons, status and messages are Vietnamese', async () => {
  const errors = [];
  const page = await watchedPage(errors, DESKTOP);
  for (const { path, refuse, refused, status } of games) {
    await page.goto(`${base}${path}&lang=vi`);
    await ready(page);
    assert.equal(await htmlLang(page), 'vi', path);
    assert.match(await page.textContent('#status'), status, path);
    assert.equal(await page.textContent('#new-game'), 'Ván mới');
    assert.equal(await page.textContent('#undo'), 'Đi lại');
    assert.equal(await page.textContent('#hint'), 'Gợi ý');
    assert.equal(await page.textContent('#share'), 'Chia sẻ');
    if (refused) {
      await page.click(refuse);
      assert.match(await page.textContent('#message'), refused, path);
    }
    // A hint, the share message, the import panel, looking back.
    await page.click('#hint');
    await page.waitForFunction(() => {
      const t = document.querySelector('#hint-text').textContent;
      return t !== '' && t !== 'Đang tìm gợi ý…';
    }, null, { timeout: 60000 });
    await page.click('#share');
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Đã chép') || document.querySelector('#message').textContent.startsWith('Hãy chép') || document.querySelector('#message').textContent.startsWith('Liên kết'));
    assert.equal(new URL(await page.inputValue('#share-link')).searchParams.get('lang'), 'vi', 'the link keeps the language');
    await page.click('#import');
    await page.click('#nav-first');
    assert.match(await page.textContent('#status'), /^Đang xem lại: sau nước 0\//);
    assert.deepEqual(englishLeft(await visibleTexts(page)), [], path);
    // The rules link opens this game's rules in Vietnamese.
    const rules = new URL(await page.getAttribute('#rules-link', 'href'), base);
    assert.equal(rules.searchParams.get('lang'), 'vi');
    assert.equal(rules.searchParams.get('game'), path.split('.')[0]);
  }
  // Won, in each game; the computer thinking.
  for (const [path, won] of [
    ['caro.html?type=2-players&moves=h8h9i8i9j8j9k8k9l8', /^X thắng với năm quân liên tiếp!$/],
    ['connect4.html?type=player-computer&moves=4343434', /^Đỏ thắng với bốn quân liên tiếp\. Bạn thắng!$/],
    ['othello.html?type=player-computer&level=random&seed=1&moves=f5', /^Đến lượt Đen \(bạn\)\.$|đang nghĩ/],
  ]) {
    await page.goto(`${base}${path}&lang=vi`);
    await ready(page);
    assert.match(await page.textContent('#status'), won, path);
    assert.deepEqual(englishLeft(await visibleTexts(page)), [], path);
  }
  await page.goto(`${base}caro.html?type=computer-computer&level=master&delay=0&lang=vi`);
  await page.waitForFunction(() => /đang nghĩ/.test(document.querySelector('#status').textContent));
  assert.equal(await page.textContent('#pause'), 'Tạm dừng');
  await page.click('#pause');
  assert.equal(await page.textContent('#pause'), 'Tiếp tục');
  await page.waitForFunction(() => /^Tạm dừng\. Đến lượt/.test(document.querySelector('#status').textContent), null, { timeout: 20000 });
  assert.deepEqual(englishLeft(await visibleTexts(page)), []);
  assert.deepEqual(errors, []);
  await page.close();
});

test('#lang switches the page and is remembered across reloads; the game in progress stays', async () => {
  const errors = [];
  const page = await watchedPage(errors, DESKTOP);
  await page.goto(`${base}caro.html?type=2-players`);
  await ready(page);
  assert.equal(await htmlLang(page), 'en');
  assert.equal(await page.textContent('#new-game'), 'New game');
  await page.click('[id="7-7"]');
  await page.click('[id="6-8"]');
  const board = await stones(page);
  await Promise.all([page.waitForNavigation(), page.selectOption('#lang', 'vi')]);
  await ready(page);
  assert.equal(await htmlLang(page), 'vi');
  assert.equal(await page.textContent('#new-game'), 'Ván mới');
  assert.deepEqual(await stones(page), board, 'the game is as it was');
  assert.match(await page.textContent('#status'), /^Đến lượt X\.$/);
  // Remembered: a page opened without lang= is Vietnamese.
  await page.goto(`${base}connect4.html?type=2-players`);
  await ready(page);
  assert.equal(await htmlLang(page), 'vi');
  await page.goto(base);
  await page.waitForSelector('#list-level option', { state: 'attached' });
  assert.equal(await page.textContent('#button'), 'Chơi thôi!');
  // And back to English from the home page's switch.
  await Promise.all([page.waitForNavigation(), page.selectOption('#lang', 'en')]);
  await page.waitForSelector('#list-level option', { state: 'attached' });
  assert.equal(await page.textContent('#button'), "Let's go!");
  await page.goto(`${base}othello.html?type=2-players`);
  await ready(page);
  assert.equal(await htmlLang(page), 'en');
  assert.match(await page.textContent('#status'), /^Black to move\.$/);
  // lang= wins over the remembered choice.
  await page.goto(`${base}othello.html?type=2-players&lang=vi`);
  await ready(page);
  assert.match(await page.textContent('#status'), /^Đến lượt Đen\.$/);
  assert.deepEqual(errors, []);
  await page.close();
});

test('the browser\'s language picks the first default: vi-VN gives Vietnamese, en-US English', async () => {
  const errors = [];
  for (const [locale, lang, button] of [['vi-VN', 'vi', 'Chơi thôi!'], ['en-US', 'en', "Let's go!"], ['fr-FR', 'en', "Let's go!"]]) {
    const page = await watchedPage(errors, { ...DESKTOP, locale });
    await page.goto(base);
    await page.waitForSelector('#list-level option', { state: 'attached' });
    assert.equal(await htmlLang(page), lang, locale);
    assert.equal(await page.textContent('#button'), button, locale);
    await page.goto(`${base}caro.html?type=2-players`);
    await ready(page);
    assert.equal(await htmlLang(page), lang, locale);
    await page.close();
  }
  assert.deepEqual(errors, []);
});

test('the rules page of each game and rule, in both languages', async () => {
  const errors = [];
  const page = await watchedPage(errors, DESKTOP);
  const expect = {
    en: { caro: /exactly five blocked by the opponent's stones at both ends/, connect4: /Four discs of your colour in a row win/, othello: /outflanks/, renju: /double three/ },
    vi: { caro: /bị quân đối thủ chặn cả hai đầu/, connect4: /Bốn quân cùng màu liên tiếp là thắng/, othello: /kẹp được/, renju: /hai đường ba mở \(3-3\)/ },
  };
  for (const lang of ['en', 'vi']) {
    for (const game of ['caro', 'connect4', 'othello']) {
      await page.goto(`${base}rules.html?game=${game}&lang=${lang}`);
      await page.waitForSelector(`#rules-${game}:not([hidden]) h2`);
      assert.equal(await htmlLang(page), lang);
      assert.match(await page.textContent(`#rules-${game}`), expect[lang][game]);
      for (const other of ['caro', 'connect4', 'othello'].filter((g) => g !== game)) {
        assert.equal(await page.isVisible(`#rules-${other}`), false);
      }
      if (lang === 'vi') assert.deepEqual(englishLeft(await visibleTexts(page)), [], game);
    }
    for (const rule of ['caro', 'freestyle', 'standard', 'renju']) {
      await page.goto(`${base}rules.html?game=caro&rule=${rule}&lang=${lang}`);
      await page.waitForSelector(`#rule-${rule}.current`);
      assert.equal(await page.$$eval('.rules-list li.current', (l) => l.length), 1);
    }
    assert.match(await page.textContent('#rule-renju'), expect[lang].renju);
    // All three games without game=; a link home in the same language.
    await page.goto(`${base}rules.html?lang=${lang}`);
    await page.waitForSelector('#rules-othello:not([hidden]) h2');
    assert.equal(await page.isVisible('#rules-caro'), true);
    assert.equal(await page.isVisible('#rules-connect4'), true);
    assert.equal(new URL(await page.getAttribute('#rules-home', 'href'), base).searchParams.get('lang'), lang === 'en' ? null : lang);
  }
  // Linked from the home page.
  await page.goto(`${base}index.html?lang=vi`);
  await page.waitForSelector('#list-level option', { state: 'attached' });
  await page.click('#rules-link');
  await page.waitForSelector('#rules-caro h2');
  assert.equal(await htmlLang(page), 'vi');
  assert.equal(await page.textContent('h1'), 'Luật chơi');
  // A bad game says so, in the page's language.
  await page.goto(`${base}rules.html?game=chess&lang=vi`);
  await page.waitForSelector('#message:not([hidden])');
  assert.equal(await page.textContent('#message'), "trò chơi 'chess' không hợp lệ");
  assert.deepEqual(errors, []);
  await page.close();
});

test('bad parameters are explained in Vietnamese; a bad lang= is reported like the others', async () => {
  const errors = [];
  const page = await watchedPage(errors, DESKTOP);
  await page.goto(`${base}caro.html?type=2-players&rows=99&rule=gomoku&lang=vi`);
  await page.waitForSelector('#message:not([hidden])');
  assert.equal(await htmlLang(page), 'vi');
  assert.equal(await page.textContent('#message'),
    "Không mở được ván cờ đó: số hàng 99 nằm ngoài khoảng cho phép (từ 10 đến 60); luật 'gomoku' không hợp lệ: cần caro, freestyle, standard hoặc renju. Các lựa chọn mặc định đã được điền sẵn; hãy kiểm tra rồi bấm Chơi thôi!");
  await page.goto(`${base}caro.html?type=2-players&moves=h8h8&lang=vi`);
  await page.waitForSelector('#message:not([hidden])');
  assert.match(await page.textContent('#message'), /nước đi: nước 2 \(h8\): ô đó đã có quân/);
  await page.goto(`${base}othello.html?type=2-players&moves=f5a1&lang=vi`);
  await page.waitForSelector('#message:not([hidden])');
  assert.match(await page.textContent('#message'), /nước 2 \(a1\) không hợp lệ: không lật được quân nào/);
  // A bad record in the import panel.
  await page.goto(`${base}caro.html?type=2-players&lang=vi`);
  await ready(page);
  await page.click('#import');
  await page.fill('#import-text', 'Piskvorky fifteen\n8,8,0\n');
  await page.click('#import-open');
  await page.waitForFunction(() => document.querySelector('#import-error').textContent !== '');
  assert.match(await page.textContent('#import-error'), /^Không mở được biên bản đó: dòng 1: cần dòng đầu kiểu Piskvork/);
  // A bad lang=: the home page says so (in the browser's language), the game's choices kept.
  await page.goto(`${base}caro.html?type=2-players&rows=20&lang=xx`);
  await page.waitForSelector('#message:not([hidden])');
  assert.equal(await page.textContent('#message'),
    "Could not open that game: unknown language 'xx': expected one of en, vi. The defaults are filled in; check the choices and press Let's go!");
  assert.equal(await page.inputValue('#list-row'), '20');
  assert.deepEqual(errors, []);
  await page.close();
  const vi = await watchedPage(errors, { ...DESKTOP, locale: 'vi-VN' });
  await vi.goto(`${base}index.html?lang=fr`);
  await vi.waitForSelector('#message:not([hidden])');
  assert.equal(await htmlLang(vi), 'vi');
  assert.match(await vi.textContent('#message'), /ngôn ngữ 'fr' không hợp lệ: cần một trong en, vi/);
  assert.deepEqual(errors, []);
  await vi.close();
});

test('on a 390x844 phone the longer Vietnamese labels fit: no sideways scroll, no button overflows', async () => {
  const errors = [];
  const page = await watchedPage(errors, PHONE);
  const overflow = () => page.evaluate(() => {
    const doc = document.documentElement;
    const bad = [];
    if (doc.scrollWidth > doc.clientWidth) bad.push(`page ${doc.scrollWidth} > ${doc.clientWidth}`);
    for (const el of document.querySelectorAll('button, select, label, a, h1')) {
      if (el.getClientRects().length === 0) continue;
      const r = el.getBoundingClientRect();
      if (r.right > window.innerWidth + 1 || r.left < -1) bad.push(`#${el.id || el.textContent}: ${r.left}..${r.right}`);
      if (el.tagName === 'BUTTON' && el.scrollWidth > el.clientWidth + 1) bad.push(`#${el.id} text overflows`);
    }
    return bad;
  });
  for (const path of ['index.html?lang=vi', 'caro.html?type=player-computer&lang=vi', 'connect4.html?type=2-players&lang=vi',
    'othello.html?type=computer-computer&delay=2000&lang=vi', 'caro.html?type=2-players&rows=60&columns=60&lang=vi', 'rules.html?lang=vi']) {
    await page.goto(base + path);
    if (path.startsWith('index')) await page.waitForSelector('#list-level option', { state: 'attached' });
    else if (path.startsWith('rules')) await page.waitForSelector('#rules-caro h2');
    else await ready(page);
    assert.equal(await htmlLang(page), 'vi');
    assert.deepEqual(await overflow(), [], path);
    if (!path.startsWith('index') && !path.startsWith('rules')) {
      await page.click('#import');
      assert.deepEqual(await overflow(), [], `${path} with the import panel`);
    }
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test('a page whose engine cannot start says so in its language: lang=, then the remembered choice', async () => {
  for (const [url, setup] of [
    ['caro.html?type=2-players&rows=15&columns=15&moves=h8&lang=vi', null],
    ['index.html', 'vi'],
  ]) {
    const page = await newPage(browser, [], { serviceWorkers: 'block' });
    if (setup) await page.addInitScript((lang) => localStorage.setItem('caro-app.lang', lang), setup);
    await page.route('**/pkg/caro_bg.wasm', (route) => route.abort());
    await page.goto(`${base}${url}`);
    await page.waitForSelector('#error:not([hidden])');
    const text = await page.textContent('#error');
    assert.match(text, /^Không khởi động được trò chơi: /, text);
    assert.equal(await page.getAttribute('html', 'lang'), 'vi');
    if (url.startsWith('caro')) assert.equal(await page.textContent('#reload'), 'Tải lại');
    await page.close();
  }
  // An English browser with no choice made gets English.
  const page = await newPage(browser, [], { serviceWorkers: 'block', locale: 'en-US' });
  await page.route('**/pkg/caro_bg.wasm', (route) => route.abort());
  await page.goto(`${base}connect4.html?type=2-players`);
  await page.waitForSelector('#error:not([hidden])');
  assert.match(await page.textContent('#error'), /^The game could not start: /);
  assert.equal(await page.textContent('#reload'), 'Reload');
  await page.close();
});
