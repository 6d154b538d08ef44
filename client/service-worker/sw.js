/**
 * The app shell's service worker (the build fills in SHELL: scripts/service-worker.ts).
 * It caches code and static files only: /api, /socket.io and everything else not listed here go
 * to the network untouched, so no API answer or message is ever stored.
 *
 * - install: the page ('/', the SPA's index.html) and every built asset, in a cache named after
 *   this build, so the cached page always matches the cached scripts it references;
 * - activate: older builds' caches are deleted and open pages are taken over at once;
 * - navigations: network first, the cached page when the network fails (offline);
 * - hashed /assets/ files: cache first (their names change with their content).
 */
const SHELL = __SHELL__;
const CACHE_PREFIX = 'chat-rooms-shell-';
const CACHE = CACHE_PREFIX + SHELL.version;
const PAGE = '/';

async function precache() {
  const cache = await caches.open(CACHE);
  // 'reload' skips the HTTP cache: a page from an older build would point at deleted assets.
  const page = await fetch(new Request(PAGE, { cache: 'reload' }));
  const html = await page.clone().text();
  // A deploy between this script and the page: fail, and the next visit installs the new build.
  if (!page.ok || !html.includes(SHELL.entry)) throw new Error('the page is not from this build');
  await cache.put(PAGE, page);
  await cache.addAll(SHELL.files);
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE)
          .map((name) => caches.delete(name)),
      );
      await self.clients.claim();
    })(),
  );
});

async function networkFirstPage(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const cached = await caches.match(PAGE, { cacheName: CACHE });
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  // An asset of this build only: the SPA fallback answers unknown paths with the page (200).
  const type = response.headers.get('Content-Type') ?? '';
  if (response.ok && !type.startsWith('text/html')) await cache.put(request, response.clone());
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io/')) return;

  if (request.mode === 'navigate') {
    event.respondWith(networkFirstPage(request));
  } else if (url.pathname.startsWith('/assets/') || SHELL.files.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
});
