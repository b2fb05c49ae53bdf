// Writes www/pkg/app-files.js for the service worker (www/sw.js): every file of the app
// with its SHA-384 hash (as subresource integrity writes it), and the app's version, a
// hash of them all and of sw.js, so that any change to any file makes a new version.
// Run by scripts/build-web.sh after www/pkg is built.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const www = fileURLToPath(new URL('../www/', import.meta.url));
const OUT = 'pkg/app-files.js';
// The worker itself and its version file are the browser's to keep, not the cache's.
const skip = new Set(['sw.js', OUT]);
const wanted = /\.(html|js|css|webmanifest|wasm|bin|svg|png)$/;

const files = ['', 'icons/', 'pkg/']
  .flatMap((dir) => readdirSync(www + dir, { withFileTypes: true })
    .filter((e) => e.isFile() && wanted.test(e.name))
    .map((e) => dir + e.name))
  .filter((f) => !skip.has(f))
  .sort();
const digest = (algorithm, bytes) => createHash(algorithm).update(bytes).digest('base64');
const entries = files.map((f) => [`./${f}`, `sha384-${digest('sha384', readFileSync(www + f))}`]);
const version = createHash('sha256')
  .update(entries.map(([f, h]) => `${f} ${h}\n`).join(''))
  .update(readFileSync(`${www}sw.js`))
  .digest('hex')
  .slice(0, 16);

writeFileSync(`${www}${OUT}`, `// Written by scripts/build-web.sh (scripts/app-files.mjs) for sw.js: the app's version
// and its files with their hashes. Not to be edited: the next build writes it again.
self.APP_VERSION = '${version}';
self.APP_FILES = ${JSON.stringify(Object.fromEntries(entries), null, 2)};
`);
console.log(`[app-files] version ${version}, ${files.length} files`);
