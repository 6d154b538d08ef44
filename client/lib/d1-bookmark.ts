/**
 * Read-your-writes with D1 read replicas (docs/operations.md, "Reads near the reader"): every
 * API answer carries the database position its session reached, as a bookmark in
 * `x-d1-bookmark`, and every call sends back the newest one this tab was given, so the server
 * reads from a copy at least that new. Kept in sessionStorage too, so a reload still sees what it just wrote.
 */
const HEADER = 'x-d1-bookmark';
const STORAGE_KEY = 'd1-bookmark';
/** D1's bookmark shape; anything else (a proxy's page, a stale format) is not kept. */
const SHAPE = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

let newest: string | null = null;

function stored(): string | null {
  try {
    const value = window.sessionStorage.getItem(STORAGE_KEY);
    return value && SHAPE.test(value) ? value : null;
  } catch {
    return null; // storage refused (a privacy mode): memory alone still serves this page
  }
}

/** The header to send: the newest bookmark this tab has seen, if any. */
export function bookmarkHeader(): Record<string, string> {
  newest ??= stored();
  return newest ? { [HEADER]: newest } : {};
}

/**
 * Keeps the answer's bookmark if it is newer. Bookmarks sort as text, oldest first, and
 * answers to concurrent calls can arrive in any order, so an older one never replaces a newer.
 */
export function rememberBookmark(response: { headers: { get: (name: string) => string | null } }) {
  const value = response.headers.get(HEADER);
  if (!value || !SHAPE.test(value)) return;
  newest ??= stored();
  if (newest !== null && newest >= value) return;
  newest = value;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, value);
  } catch {
    // Kept in memory only.
  }
}
