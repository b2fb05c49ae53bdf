// Runs first on every page, a plain script in <head> so that it runs before anything is
// drawn: applies the theme, and registers the service worker that keeps the app for
// offline use (sw.js).
(() => {
  // The theme the player chose with the #theme switch (src/web/prefs.rs keeps it under
  // this key): 'light', 'dark', or 'auto' (none kept), which follows the system. <html
  // data-theme="light|dark"> picks the palette in style.css. Applied again when the
  // system's choice changes, when another tab changes the switch, and when this page's
  // switch announces a change (the event 'caro-theme').
  const THEME_KEY = 'caro-app.theme';
  const systemDark = matchMedia('(prefers-color-scheme: dark)');
  const applyTheme = () => {
    let choice = null;
    try {
      choice = localStorage.getItem(THEME_KEY);
    } catch {
      // Storage refused (a private window, say): follow the system.
    }
    const dark = choice === 'dark' || (choice !== 'light' && systemDark.matches);
    document.documentElement.dataset.theme = dark ? 'dark' : 'light';
    // The browser's bar (an installed app's title bar) in the page's colour: the meta
    // tag of the theme shown, or the system's for auto.
    const forced = choice === 'light' || choice === 'dark';
    for (const meta of document.querySelectorAll('meta[name="theme-color"][data-theme]')) {
      const theme = meta.dataset.theme;
      meta.media = forced ? (theme === choice ? 'all' : 'not all') : `(prefers-color-scheme: ${theme})`;
    }
  };
  applyTheme();
  systemDark.addEventListener('change', applyTheme);
  document.addEventListener('caro-theme', applyTheme);
  addEventListener('storage', (event) => {
    if (event.key === THEME_KEY) applyTheme();
  });

  if (!('serviceWorker' in navigator)) return;
  const sw = navigator.serviceWorker;
  // A page served by a service worker that a new version's then replaces runs the old
  // version's code, while what it loads later (the computer's worker, the engines'
  // weights) would come from the new version: it reloads, and the game comes back from the
  // address bar. The first install (the page was not served by a worker) changes nothing.
  const servedByWorker = sw.controller !== null;
  let reloading = false;
  sw.addEventListener('controllerchange', () => {
    if (servedByWorker && !reloading) {
      reloading = true;
      location.reload();
    }
  });
  addEventListener('load', () => {
    // updateViaCache 'none': the browser asks the server for sw.js and the version file it
    // imports on every check, past any HTTP cache. A check that cannot reach the server
    // (offline) leaves the installed version in place.
    sw.register('./sw.js', { updateViaCache: 'none' })
      .then((registration) => (servedByWorker ? registration.update() : undefined))
      .catch(() => {});
  });
})();
