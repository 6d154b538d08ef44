/**
 * The room the spec keeps in storage (joinedRoomId, activeNickname) is one account's: whose is
 * kept beside it, so the next account signed in on this browser never inherits it, even when
 * the last one's session ended without a logout here (expired, or ended from another device).
 * A room's id is what joins it, and /chat would take the next person there under the last
 * one's nickname.
 */
import { removeStored, storageKeys, writeStored } from '../storage';

/** Whose stored room it is (an account id), kept beside it. */
const OWNER_KEY = 'joinedRoomOf';

export function storeRoom(accountId: string | undefined, roomId: string, nickname: string | null) {
  writeStored(storageKeys.joinedRoomId, roomId);
  // Without a nickname for this room, the chat screen looks it up instead of reusing one.
  if (nickname) writeStored(storageKeys.activeNickname, nickname);
  else removeStored(storageKeys.activeNickname);
  try {
    if (accountId) window.localStorage.setItem(OWNER_KEY, accountId);
    else window.localStorage.removeItem(OWNER_KEY);
  } catch {
    // Storage unavailable: nothing was stored for anyone to inherit.
  }
}

export function forgetStoredRoom() {
  removeStored(storageKeys.joinedRoomId, storageKeys.activeNickname);
  try {
    window.localStorage.removeItem(OWNER_KEY);
  } catch {
    // Nothing stored when storage is unavailable.
  }
}

/** `accountId` is signed in: a room stored for anyone else (or for nobody known) goes. */
export function keepStoredRoomOf(accountId: string) {
  let owner: string | null;
  try {
    owner = window.localStorage.getItem(OWNER_KEY);
  } catch {
    return;
  }
  if (owner !== accountId) forgetStoredRoom();
}
