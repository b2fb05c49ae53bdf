// Renders the app's icons (www/icons/*.svg) to the PNG sizes that home screens and the web
// app manifest ask for, with Debian's Chromium. The PNGs are committed: run this again
// after changing an SVG (node scripts/make-icons.mjs).
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const icons = fileURLToPath(new URL('../www/icons/', import.meta.url));
const renders = [
  ['icon.svg', 'icon-192.png', 192],
  ['icon.svg', 'icon-512.png', 512],
  ['maskable.svg', 'maskable-512.png', 512],
  // iOS rounds the corners itself and shows transparency as black.
  ['maskable.svg', 'apple-touch-icon.png', 180],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
try {
  for (const [svg, png, size] of renders) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.goto(`file://${icons}${svg}`);
    await page.screenshot({ path: `${icons}${png}`, omitBackground: true });
    await page.close();
    console.log(`www/icons/${png}: ${size}x${size}`);
  }
} finally {
  await browser.close();
}
