// The service worker: keeps the app (its pages, style and scripts, the wasm and its glue,
// the engines' weights) in a cache named for its version and answers the app's requests
// from it, so that after one visit the app opens and plays with the network gone (the
// engines run in the page and its worker).
//
// pkg/app-files.js, written by scripts/build-web.sh, gives the version (a hash of all the
// files) and each file with its hash. A new build is a new service worker (the browser
// compares the scripts a worker imports too): it fetches the new files, checked against
// their hashes (subresource integrity), into the new version's cache, takes over at once
// and deletes the older caches; the pages it takes over reload (boot.js). A file that
// does not match its hash (a server half way through an update) fails the install and the
// old version stays, so a cache never mixes two builds, a wasm with another build's glue.
importScripts('./pkg/app-files.js');

const PREFIX = 'caro-app-';
const CACHE = PREFIX + self.APP_VERSION;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    try {
      await Promise.all(Object.entries(self.APP_FILES).map(async ([path, integrity]) => {
        // 'no-cache': asked of the server (a 304 may answer), never taken from the HTTP
        // cache unchecked.
        const response = await fetch(path, { cache: 'no-cache', integrity });
        if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
        await cache.put(path, response);
      }));
    } catch (err) {
      await caches.delete(CACHE);
      throw err;
    }
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// The app's own files come from the cache, whatever the query (the pages read their
// settings from it; the file is the same); anything else goes to the network as usual.
const base = new URL('./', self.location.href);
self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return;
  const rest = url.pathname.slice(base.pathname.length);
  const path = `./${rest === '' ? 'index.html' : rest}`;
  if (!Object.hasOwn(self.APP_FILES, path)) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE);
    return (await cache.match(path)) ?? fetch(request);
  })());
});
