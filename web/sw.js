// The playground's service worker: keeps the whole site (precache.json, written by the build,
// lists it: every web/ file, lightsout-core.js, lightsout-core.wasm, lightsout.mjs) so that after
// one visit the page loads and solves with the network off.
// Network first, the cache as fallback: while online every file comes fresh, so the page, its
// scripts and the core always come from one build (a cached app.js beside a newer core could
// disagree on the API), and each answer refreshes the cached copy; offline, the copy of the last
// visit answers. The server sends no-cache anyway, so network first costs no more than the page
// did without a worker.
const CACHE = 'lightsout-site';

// The site's files, or null when the build wrote no list (web/ served as it is: then only the
// page's address is kept at install, and every file as it is fetched).
async function siteFiles() {
  try {
    const res = await fetch('precache.json', { cache: 'no-store' });
    if (res.ok) return ['./', ...(await res.json())];
  } catch { /* no list */ }
  return null;
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(((await siteFiles()) ?? ['./']).map((name) => new Request(name, { cache: 'no-cache' })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    // Files no longer in the site leave the cache.
    const files = await siteFiles();
    if (files) {
      const keep = new Set(files.map((name) => new URL(name, self.location).href));
      const cache = await caches.open(CACHE);
      for (const req of await cache.keys()) if (!keep.has(req.url)) await cache.delete(req);
    }
    await self.clients.claim();
  })().catch(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  const url = new URL(req.url);
  // Only the site itself: not the JSON API, not other origins, not uploads.
  if (req.method !== 'GET' || url.origin !== self.location.origin || url.pathname.includes('/api/')) return;
  event.respondWith((async () => {
    try {
      const res = await fetch(req);
      if (res.ok && res.type === 'basic') {
        const copy = res.clone();
        event.waitUntil(caches.open(CACHE).then((cache) => cache.put(req, copy)).catch(() => {}));
      }
      return res;
    } catch (err) {
      const cache = await caches.open(CACHE);
      const hit = (await cache.match(req, { ignoreSearch: true })) ??
        (req.mode === 'navigate' ? await cache.match('./') : undefined);
      if (hit) return hit;
      throw err;
    }
  })());
});
