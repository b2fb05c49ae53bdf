// The words a page shows when its wasm cannot start, and so has no language tables to ask
// (src/i18n/): a copy of each table's `start_failed` and `reload`, kept equal to them by a
// test (src/i18n/tests.rs), and the page's language chosen as src/i18n/mod.rs's `choose`
// does: lang= in the URL, the stored choice, the browser's languages, English.
const WORDS = {
  en: { failed: "The game could not start", reload: "Reload" },
  vi: { failed: "Không khởi động được trò chơi", reload: "Tải lại" },
};

export function startText() {
  const ours = (tag) => {
    const code = String(tag ?? '').trim().split(/[-_]/)[0].toLowerCase();
    return Object.hasOwn(WORDS, code) ? code : null;
  };
  let stored = null;
  try {
    stored = localStorage.getItem('caro-app.lang');
  } catch {
    // Storage refused (a private window, say).
  }
  const lang = ours(new URLSearchParams(location.search).get('lang'))
    ?? ours(stored)
    ?? (navigator.languages ?? []).map(ours).find((code) => code !== null)
    ?? 'en';
  document.documentElement.lang = lang;
  return WORDS[lang];
}
