/**
 * What this tab has read, per room: the newest message id the chat screen reported with
 * `read`. The room writes read positions to D1 about a second later, so a room list fetched
 * just after leaving a room could still count what was read; the list trusts these marks over
 * a count that predates them (rooms/api/get-rooms.ts). Kept in the tab's session storage, so
 * the reload that Back from a chat makes keeps them too. They are one account's reading: the
 * next account signed in on this tab starts without them (keepReadMarksOf), or its rooms that
 * the last one read would show nothing unread.
 */
import type { RoomSummary } from '../../../contract/rooms';
// Not from contract/rooms.ts: its schemas would bring zod into the landing page's script.
import { UNREAD_SHOWN_MAX } from '../../../contract/unread';

const STORAGE_KEY = 'readMarks';
/** Whose marks these are (an account id), kept beside them. */
const OWNER_KEY = 'readMarksOf';
const marks = new Map<string, number>(loadMarks());
let owner = readOwner();

function readOwner(): string | null {
  try {
    return window.sessionStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

function loadMarks(): [string, number][] {
  try {
    const stored = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object') return [];
    return Object.entries(stored).filter((entry): entry is [string, number] => {
      return typeof entry[1] === 'number';
    });
  } catch {
    return [];
  }
}

function saveMarks() {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries(marks)));
    if (owner) window.sessionStorage.setItem(OWNER_KEY, owner);
    else window.sessionStorage.removeItem(OWNER_KEY);
  } catch {
    // Without storage the marks last for this page view.
  }
}

/** The chat screen has shown everything up to `messageId` in `roomId`. */
export function noteRead(roomId: string, messageId: number) {
  if (messageId <= (marks.get(roomId) ?? 0)) return;
  marks.set(roomId, messageId);
  saveMarks();
}

/** The newest message id this tab has read in `roomId` (undefined: none yet). */
export const readMarkOf = (roomId: string): number | undefined => marks.get(roomId);

/**
 * `accountId` is signed in: marks another account left on this tab go (its session may have
 * ended without a logout here: expired, or ended from another device).
 */
export function keepReadMarksOf(accountId: string) {
  if (owner === accountId) return;
  marks.clear();
  owner = accountId;
  saveMarks();
}

/** Sign-out: what the account read leaves the tab with it. */
export function forgetReadMarks() {
  marks.clear();
  owner = null;
  saveMarks();
}

/**
 * The rooms with the marks applied: a room whose flushed newest message this tab has read
 * has nothing unread, mentions included, whatever its (older) count says. Rooms with unread
 * messages first, as the server sorts them (stable, so the server's recency order holds within
 * each group).
 */
export function withReadMarks(rooms: RoomSummary[]): RoomSummary[] {
  const marked = rooms.map((room) => {
    const mark = marks.get(room.roomId);
    const unread = room.unreadCount ?? 0;
    const read = mark !== undefined && unread > 0 && mark >= (room.lastMessageId ?? 0);
    return read ? { ...room, unreadCount: 0, unreadMentions: false } : room;
  });
  const hasUnread = (room: RoomSummary) => Number((room.unreadCount ?? 0) > 0);
  return marked.sort((a, b) => hasUnread(b) - hasUnread(a));
}

/**
 * The sum of the rooms' unread counts, leaving one room out (the one on screen) and the rooms
 * the person muted (notification level 'off'): those keep their badge in the list only.
 */
export function unreadTotal(rooms: RoomSummary[] | undefined, except?: string): number {
  let total = 0;
  for (const room of rooms ?? []) {
    if (room.roomId !== except && room.notificationLevel !== 'off') total += room.unreadCount ?? 0;
  }
  return total;
}

/** How a badge or the tab's title shows a count: more than 99 is '99+'. */
export const unreadLabel = (count: number) =>
  count > UNREAD_SHOWN_MAX ? `${UNREAD_SHOWN_MAX}+` : String(count);
