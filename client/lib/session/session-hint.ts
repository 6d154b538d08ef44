/**
 * Whether this browser may hold a session cookie. The cookie is HttpOnly, so the server sets a
 * readable companion beside it (`has_session`, or `__Host-has_session` over https) whenever it
 * starts a session, however the sign-in happened, and clears it with the session. The app also
 * keeps its own hint: set whenever a user is signed in here, cleared when a check finds none or
 * on logout. Without either the startup check is skipped: a first-time visitor's landing page
 * waits for no request, and their console shows no 401 (which Lighthouse counts as a page
 * error). A stored room (the spec's joinedRoomId) also counts, for sessions older than both.
 */
const HINT_KEY = 'sessionHint';
const ROOM_KEY = 'joinedRoomId';
const HINT_COOKIE = /(?:^|;\s*)(?:__Host-)?has_session=1(?:;|$)/;

export function maybeSignedIn(): boolean {
  if (HINT_COOKIE.test(document.cookie)) return true;
  try {
    const storage = window.localStorage;
    return storage.getItem(HINT_KEY) !== null || storage.getItem(ROOM_KEY) !== null;
  } catch {
    // No storage, no hint: always ask the server.
    return true;
  }
}

export function rememberSignedIn(signedIn: boolean): void {
  try {
    if (signedIn) window.localStorage.setItem(HINT_KEY, '1');
    else window.localStorage.removeItem(HINT_KEY);
  } catch {
    // Storage unavailable: maybeSignedIn() answers true then, so nothing is lost.
  }
}
