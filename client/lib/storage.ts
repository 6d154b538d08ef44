/**
 * The browser storage keys of the spec (point 3), and the app's own. Reads and writes never throw: storage can be
 * disabled (private windows, strict cookie settings) and the app must still work without it.
 */
export const storageKeys = {
  joinedRoomId: 'joinedRoomId',
  activeNickname: 'activeNickname',
  pendingRoomJoin: 'pendingRoomJoin',
  /** The app's own: whose joinedRoomId it is (session/stored-room.ts). */
  joinedRoomOf: 'joinedRoomOf',
  /** The app's own: a logout the server has not heard yet (session/logout.ts). */
  logoutOwed: 'logoutOwed',
  /** The app's own, in sessionStorage: the chat a sign-in leads back to (pending-chat-link.ts). */
  pendingChatLink: 'pendingChatLink',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage unavailable: the value only lives for this page view, which is acceptable.
  }
}

export function removeStored(...keys: StorageKey[]): void {
  for (const key of keys) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored when storage is unavailable, so nothing to remove.
    }
  }
}
