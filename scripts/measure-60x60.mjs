// Time to first board and a move's redraw on a 60x60 two-player Caro board, on a 1280x800 desktop
// and a 390x844 phone: seven page loads each (wasm and page load included), thirty moves
// clicked in the last. Needs the web app built (scripts/build-web.sh). Prints medians.
import { startServer, launch, recordFirstBoard, timeMoves, median, PHONE } from '../tests/e2e/harness.mjs';
const { server, base } = await startServer();
const browser = await launch();
for (const [name, opts] of [['desktop 1280x800', { viewport: { width: 1280, height: 800 } }], ['phone 390x844', PHONE]]) {
  const loads = [];
  let moves;
  for (let i = 0; i < 7; i++) {
    const ctx = await browser.newContext(opts);
    const page = await ctx.newPage();
    await recordFirstBoard(page);
    await page.goto(`${base}caro.html?type=2-players&rows=60&columns=60`);
    await page.waitForFunction(() => window.__firstBoard !== undefined);
    loads.push(await page.evaluate(() => window.__firstBoard));
    if (i === 6) {
      const ids = Array.from({ length: 30 }, (_, k) => `${(k * 7) % 60}-${(k * 13) % 60}`);
      moves = await timeMoves(page, ids);
    }
    await ctx.close();
  }
  console.log(`${name}: first board median ${median(loads).toFixed(0)} ms (${loads.map((t) => t.toFixed(0)).join(', ')}); a move: script ${median(moves.script).toFixed(1)} ms, painted ${median(moves.painted).toFixed(1)} ms (medians of 30)`);
}
await browser.close();
server.close();
