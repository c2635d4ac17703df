// The page as an offline app: registers the service worker (sw.js), which keeps the whole site,
// and says so in the page once it controls it (data-offline="ready" on <html> then). Also says in
// the page when the WebAssembly core does not load, instead of "Solving: starting…" for ever.
import { t, onLocaleChange } from './i18n.js';

const $ = (id) => document.getElementById(id);
let noteKey = null, noteParams = {};
function note(key, params = {}) {
  noteKey = key;
  noteParams = params;
  $('offline-note').textContent = t(key, params);
  $('offline-note').hidden = false;
}
onLocaleChange(() => { if (noteKey) note(noteKey, noteParams); });

// Registers sw.js once the page has loaded (the first visit's own requests come first). Only
// over http(s): from file:// there are no service workers (boot.js says how to open the page).
export function registerOffline() {
  if (!('serviceWorker' in navigator) || !/^https?:$/.test(location.protocol)) return;
  const register = async () => {
    const sw = navigator.serviceWorker;
    try {
      await sw.register('sw.js');
      await sw.ready;  // installed: the site is in the cache
      if (!sw.controller) await new Promise((done) => sw.addEventListener('controllerchange', done, { once: true }));
      document.documentElement.dataset.offline = 'ready';
      note('links.offline-ready');
    } catch (e) {
      document.documentElement.dataset.offline = 'failed';
      note('links.offline-failed', { message: e?.message ?? String(e) });
    }
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

// The core did not load: the reason in the status line and where "Solving: …" stands.
export function coreFailed(e) {
  const text = t('links.core-failed', { message: e?.message ?? String(e) });
  $('status').textContent = text;
  $('status').className = 'warn';
  $('backend-note').textContent = text;
  onLocaleChange(() => {
    const again = t('links.core-failed', { message: e?.message ?? String(e) });
    $('status').textContent = again;
    $('backend-note').textContent = again;
  });
}
