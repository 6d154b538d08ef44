/**
 * The chat a signed-out visitor opened (/chat/<roomId>, or a message's link with ?message=<id>),
 * kept so that the sign-in the guard sent them to ends there rather than at home. Kept as the
 * pending invitation is (pending-invitation.ts), for the same reasons: in sessionStorage, so
 * only this tab's sign-in sees it, and for half an hour at most, so that a link another site
 * opened in this tab long ago leads no later sign-in anywhere. It only opens the chat, which
 * does what opening the link signed in does: a room the person is not in refuses them; nothing
 * joins. Only the two ids are kept, each of its strict shape, and the address is rebuilt from
 * them: nothing stored or opened can make it lead off /chat/<roomId> (no open redirect).
 */
import { ROOM_ID_PATTERN } from '../../contract/room-id';
import { MESSAGE_PARAM, linkedMessageId } from './message-url';
import { storageKeys } from './storage';

export interface ChatLink {
  roomId: string;
  messageId?: number;
}

const LIFETIME_MS = 30 * 60_000;

const CHAT_PATH = /^\/chat\/([^/]+)$/;

interface Stored extends ChatLink {
  savedAt: number;
}

/**
 * The chat link an address is: /chat/<roomId> with a room id of the server's shape, and the
 * message when ?message= is a plain message id (any other value is ignored there too), else null.
 */
export function chatLinkOf(pathname: string, search: string): ChatLink | null {
  const roomId = CHAT_PATH.exec(pathname)?.[1];
  if (!roomId || !ROOM_ID_PATTERN.test(roomId)) return null;
  const messageId = linkedMessageId(new URLSearchParams(search));
  return messageId === null ? { roomId } : { roomId, messageId };
}

/** The address of a chat link; its room id is URL-safe by its shape, so it is written as is. */
export function chatLinkPath({ roomId, messageId }: ChatLink): string {
  return messageId === undefined
    ? `/chat/${roomId}`
    : `/chat/${roomId}?${MESSAGE_PARAM}=${messageId}`;
}

export function savePendingChatLink(link: ChatLink): void {
  try {
    const stored: Stored = { ...link, savedAt: Date.now() };
    window.sessionStorage.setItem(storageKeys.pendingChatLink, JSON.stringify(stored));
  } catch {
    // Storage unavailable: the sign-in leads home, as it did before links were kept.
  }
}

/** The kept link, checked again as it is read: an entry of any other shape is dropped. */
export function readPendingChatLink(): ChatLink | null {
  try {
    const text = window.sessionStorage.getItem(storageKeys.pendingChatLink);
    if (!text) return null;
    const stored = JSON.parse(text) as Partial<Stored> | null;
    const age = typeof stored?.savedAt === 'number' ? Date.now() - stored.savedAt : NaN;
    const fresh = age >= 0 && age < LIFETIME_MS;
    const roomId = stored?.roomId;
    const messageId = stored?.messageId;
    const messageValid =
      messageId === undefined || (Number.isSafeInteger(messageId) && messageId > 0);
    if (fresh && typeof roomId === 'string' && ROOM_ID_PATTERN.test(roomId) && messageValid) {
      return messageId === undefined ? { roomId } : { roomId, messageId };
    }
  } catch {
    // Unreadable: dropped below, like a stale one.
  }
  clearPendingChatLink();
  return null;
}

export function clearPendingChatLink(): void {
  try {
    window.sessionStorage.removeItem(storageKeys.pendingChatLink);
  } catch {
    // Nothing stored when storage is unavailable.
  }
}
