/**
 * The app shell's service worker (the build fills in SHELL: scripts/service-worker.ts).
 * It caches code and static files only: /api, /socket.io and everything else not listed here go
 * to the network untouched, so no API answer or message is ever stored.
 *
 * - install: the page ('/', the SPA's index.html) and every built asset, in a cache named after
 *   this build, so the cached page always matches the cached scripts it references;
 * - activate: open pages are taken over at once, and builds' caches older than the one before
 *   this are deleted;
 * - navigations: network first, the cached page when the network fails (offline);
 * - hashed /assets/ files: cache first (their names change with their content), from this
 *   build's cache or the previous build's: a page still open from before the deploy, now under
 *   this worker, asks for its own build's lazy chunks, which the site no longer has.
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
  event.waitUntil(
    precache().then(
      () => self.skipWaiting(),
      async (error) => {
        // A half-filled cache would count as a build's at the next activation (below).
        await caches.delete(CACHE);
        throw error;
      },
    ),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // In creation order: the last of the others is the build this one replaces, which the
      // pages still open from before the deploy run; it goes at the next deploy.
      const older = (await caches.keys()).filter(
        (name) => name.startsWith(CACHE_PREFIX) && name !== CACHE,
      );
      await Promise.all(older.slice(0, -1).map((name) => caches.delete(name)));
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

/** The request's answer from this build's cache, else from an older build's still kept. */
async function cachedAsset(request) {
  const cached = await caches.match(request, { cacheName: CACHE });
  if (cached) return cached;
  const older = (await caches.keys()).filter(
    (name) => name.startsWith(CACHE_PREFIX) && name !== CACHE,
  );
  for (const name of older.reverse()) {
    const kept = await caches.match(request, { cacheName: name });
    if (kept) return kept;
  }
  return undefined;
}

async function cacheFirst(request) {
  const cached = await cachedAsset(request);
  if (cached) return cached;
  const cache = await caches.open(CACHE);
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

/*
 * Web Push (docs/push.md). A push carries `{ roomId, messageId }` and nothing to read: what to
 * show is fetched from the app with the browser's own session. A notification per room (its tag
 * is the open app's for the room, so each replaces the last); none while a window of the app is
 * in front on that room; none for a message deleted meanwhile or a room left (404). Signed out
 * or offline, a plain 'New message' (a push must show something), and a click opens the room.
 */
const NEW_MESSAGE = { title: 'New message', body: 'Open Chat Rooms to read it.' };

const chatUrl = (roomId) => new URL(`/chat/${encodeURIComponent(roomId)}`, self.location.origin);

/** The notification's words from the app, null when there is nothing to tell (404). */
async function notificationFor(roomId, messageId) {
  try {
    const path = `/api/rooms/${encodeURIComponent(roomId)}/messages/${messageId}`;
    const response = await fetch(path, { credentials: 'same-origin', cache: 'no-store' });
    if (response.status === 404) return null;
    if (!response.ok) return NEW_MESSAGE;
    const { notification } = await response.json();
    return notification?.title ? notification : NEW_MESSAGE;
  } catch {
    return NEW_MESSAGE;
  }
}

async function showPush(data) {
  let payload = null;
  try {
    payload = data ? data.json() : null;
  } catch {
    // Not ours: nothing to show.
  }
  const roomId = payload?.roomId;
  const messageId = payload?.messageId;
  if (typeof roomId !== 'string' || !Number.isSafeInteger(messageId)) return;
  const url = chatUrl(roomId);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (windows.some((client) => client.focused && new URL(client.url).pathname === url.pathname)) {
    return;
  }
  const notification = await notificationFor(roomId, messageId);
  if (!notification) return;
  await self.registration.showNotification(notification.title, {
    body: notification.body,
    tag: `chat-${roomId}`,
    icon: '/icons/icon-192.png',
    data: { url: url.href },
  });
}

self.addEventListener('push', (event) => {
  event.waitUntil(showPush(event.data));
});

/** A window of the app: focused on the room (navigated there if it shows another page). */
async function openRoom(href) {
  const url = new URL(href, self.location.origin);
  if (url.origin !== self.location.origin) return;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => new URL(client.url).pathname === url.pathname);
  if (same) return same.focus();
  const other = windows.find((client) => new URL(client.url).origin === url.origin);
  if (other) {
    try {
      const focused = await other.focus();
      return await (focused ?? other).navigate(url.href);
    } catch {
      // A window this worker does not control cannot be navigated: a new one instead.
    }
  }
  return self.clients.openWindow(url.href);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openRoom(event.notification.data?.url ?? '/'));
});

/** The browser renewed the subscription: the server learns the new one (same key). */
async function renewSubscription(event) {
  const key = event.oldSubscription?.options?.applicationServerKey;
  const subscription =
    event.newSubscription ??
    (key &&
      (await self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: key,
      })));
  if (!subscription) return;
  const { endpoint, keys } = subscription.toJSON();
  await fetch('/api/push/subscriptions', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ endpoint, keys }),
  });
}

self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(renewSubscription(event).catch(() => {}));
});
