/**
 * A page left open across deploys asks, when someone opens a room or a menu, for a lazy chunk
 * of its own build. The service worker keeps the build before the current one
 * (client/service-worker/sw.js); a page older than that, or in a browser without the worker,
 * finds its chunk gone from the site, and every retry of the route fails the same way (the
 * failed import is remembered). Vite announces such a failure as 'vite:preloadError': the page
 * is then loaded again, which brings the current build. Once at most in RELOAD_PAUSE_MS, so a
 * chunk that fails for another reason shows the page's error instead of reloading in a loop;
 * never offline, where a reload would only bring the offline page.
 */
const LAST_RELOAD_KEY = 'staleBuildReloadAt';
const RELOAD_PAUSE_MS = 30_000;

export function reloadOnStaleBuild(): void {
  window.addEventListener('vite:preloadError', () => {
    if (!navigator.onLine) return;
    const now = Date.now();
    try {
      const last = Number(sessionStorage.getItem(LAST_RELOAD_KEY));
      if (now - last < RELOAD_PAUSE_MS) return;
      sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
    } catch {
      // Without session storage nothing would stop a loop: the error screen stays.
      return;
    }
    window.location.reload();
  });
}
