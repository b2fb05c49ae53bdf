// Runs the engine benchmarks in headless Chromium (WebAssembly) and prints them, to compare
// with the native `caro bench` and `caro othello bench`. Usage:
//   node scripts/bench-web.mjs [caro|othello|all]      (after scripts/build-web.sh)
import { startServer, launch } from '../tests/e2e/harness.mjs';

const which = process.argv[2] ?? 'all';
if (!['caro', 'othello', 'all'].includes(which)) {
  console.error(`unknown benchmark '${which}': expected caro, othello or all`);
  process.exit(2);
}
const { server, base } = await startServer();
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(`${base}bench.html?run=${which}`);
  await page.waitForSelector('#result[data-finished="true"]', { timeout: 30 * 60 * 1000 });
  console.log(await page.textContent('#result'));
} finally {
  await browser.close();
  server.close();
}
