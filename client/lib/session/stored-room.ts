/**
 * The room the spec keeps in storage (joinedRoomId, activeNickname) is one account's: whose is
 * kept beside it, so the next account signed in on this browser never inherits it, even when
 * the last one's session ended without a logout here (expired, or ended from another device).
 * A room's id is what joins it, and /chat would take the next person there under the last
 * one's nickname.
 */
import { readStored, removeStored, storageKeys, writeStored } from '../storage';

export function storeRoom(accountId: string | undefined, roomId: string, nickname: string | null) {
  writeStored(storageKeys.joinedRoomId, roomId);
  // Without a nickname for this room, the chat screen looks it up instead of reusing one.
  if (nickname) writeStored(storageKeys.activeNickname, nickname);
  else removeStored(storageKeys.activeNickname);
  if (accountId) writeStored(storageKeys.joinedRoomOf, accountId);
  else removeStored(storageKeys.joinedRoomOf);
}

export function forgetStoredRoom() {
  removeStored(storageKeys.joinedRoomId, storageKeys.activeNickname, storageKeys.joinedRoomOf);
}

/** `accountId` is signed in: a room stored for anyone else (or for nobody known) goes. */
export function keepStoredRoomOf(accountId: string) {
  if (readStored(storageKeys.joinedRoomOf) !== accountId) forgetStoredRoom();
}
