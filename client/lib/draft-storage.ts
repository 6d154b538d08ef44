/**
 * What the person had typed in each room's message box and not sent, so it waits for them when
 * they come back to the room or reload the page. One localStorage key per account
 * (`drafts:<accountId>`, holding `{ [roomId]: { text, replyTo?, savedAt } }`): small synchronous
 * strings, read once as a box opens. Drafts are a convenience: nothing here throws, and without
 * storage (private windows, a full quota) they last as long as the box does.
 *
 * No contract import (nor zod, which it would bring): the session's sign-in and sign-out clear
 * these, and the landing page loads the session. What is read is checked by hand instead: a
 * value of another shape is dropped, never trusted. The composer caps a draft's length
 * (composer/use-room-draft.ts).
 */

/** The message a draft answers: its id, and what the reply's banner shows of it. */
export interface DraftReply {
  id: number;
  user: string;
  excerpt: string;
}

/** What the box held: its text, and the message it answers (a reply's banner), if any. */
export interface RoomDraft {
  text: string;
  replyTo?: DraftReply;
}

interface StoredDraft extends RoomDraft {
  /** When it was last typed (ms): the oldest go first, and old ones go on load. */
  savedAt: number;
}

/** Room id to draft (a Map: a room id is never taken for an object's own keys). */
type AccountDrafts = Map<string, StoredDraft>;

/** Which room, of which account. */
export interface DraftPlace {
  accountId: string;
  roomId: string;
}

/** The most rooms one account keeps a draft for; a new one beyond drops the oldest. */
export const DRAFT_ROOMS_MAX = 50;
/** A draft not touched in this long is dropped: what it was about has moved on. */
export const DRAFT_KEPT_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * The longest nickname or excerpt a draft's reply keeps (UTF-16 units: the banner's excerpt is
 * at most 100 code points). A longer one was not written here: the reply is dropped.
 */
export const DRAFT_REPLY_WORDS_MAX = 200;
const KEY_PREFIX = 'drafts:';

/**
 * Accounts signed out on this page: a box that closes after the sign-out (the chat screen goes
 * once the session has) does not write their draft back. Signed in again, they write again.
 */
const signedOut = new Set<string>();
/**
 * The account signed in on this browser as its last sign-in or sign-out left it ('' after a
 * sign-out), so that another tab still on a chat of an account that is no longer the one
 * signed in (signed out there, or another account signed in since) does not write its draft
 * back as it closes. Absent (a browser from before it): every account writes.
 */
const SIGNED_IN_KEY = 'draftsAccount';

const keyOf = (accountId: string) => `${KEY_PREFIX}${accountId}`;

function signedOutHere(accountId: string): boolean {
  if (signedOut.has(accountId)) return true;
  try {
    const signedIn = window.localStorage.getItem(SIGNED_IN_KEY);
    return signedIn !== null && signedIn !== accountId;
  } catch {
    return false;
  }
}

/** The account's drafts, newest first, without the old, the malformed and those past the max. */
function load(accountId: string): AccountDrafts {
  let stored: unknown;
  try {
    stored = JSON.parse(window.localStorage.getItem(keyOf(accountId)) ?? '{}');
  } catch {
    return new Map();
  }
  if (!stored || typeof stored !== 'object') return new Map();
  const since = Date.now() - DRAFT_KEPT_MS;
  const kept: [string, StoredDraft][] = [];
  for (const [roomId, value] of Object.entries(stored as Record<string, unknown>)) {
    const draft = draftOf(value);
    if (draft && !isEmpty(draft) && draft.savedAt >= since) kept.push([roomId, draft]);
  }
  return newestFirst(kept);
}

/** The stored value as a draft (only its known fields), or null when it is not one. */
function draftOf(value: unknown): StoredDraft | null {
  if (!value || typeof value !== 'object') return null;
  const { text, savedAt, replyTo } = value as Record<string, unknown>;
  if (typeof text !== 'string' || typeof savedAt !== 'number' || !Number.isFinite(savedAt)) {
    return null;
  }
  // A reply of another shape is dropped, not the words typed under it.
  const reply = replyOf(replyTo);
  return reply ? { text, replyTo: reply, savedAt } : { text, savedAt };
}

function replyOf(value: unknown): DraftReply | null {
  if (!value || typeof value !== 'object') return null;
  const { id, user, excerpt } = value as Record<string, unknown>;
  const words = (item: unknown): item is string =>
    typeof item === 'string' && item.length <= DRAFT_REPLY_WORDS_MAX;
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return null;
  return words(user) && user !== '' && words(excerpt) ? { id, user, excerpt } : null;
}

/** Nothing typed and nothing answered: no draft. */
const isEmpty = (draft: RoomDraft) => draft.text === '' && !draft.replyTo;

function newestFirst(drafts: Iterable<[string, StoredDraft]>): AccountDrafts {
  const sorted = [...drafts].sort((a, b) => b[1].savedAt - a[1].savedAt);
  return new Map(sorted.slice(0, DRAFT_ROOMS_MAX));
}

function store(accountId: string, drafts: AccountDrafts) {
  try {
    if (drafts.size === 0) window.localStorage.removeItem(keyOf(accountId));
    else window.localStorage.setItem(keyOf(accountId), JSON.stringify(Object.fromEntries(drafts)));
  } catch {
    // No storage, or no room left in it: the draft lives as long as the box.
  }
}

/** The room's draft, or an empty one (old drafts leave storage as they are found). */
export function readRoomDraft({ accountId, roomId }: DraftPlace): RoomDraft {
  const drafts = load(accountId);
  store(accountId, drafts);
  const { text = '', replyTo } = drafts.get(roomId) ?? {};
  return replyTo ? { text, replyTo } : { text };
}

/** The room's draft's text, or ''. */
export const readDraft = (place: DraftPlace): string => readRoomDraft(place).text;

/**
 * What the box holds now, and the message it answers; an empty box with no reply (sent, or
 * cleared and the reply cancelled) has no draft. A reply with no words yet is one.
 */
export function saveDraft(
  { accountId, roomId }: DraftPlace,
  text: string,
  replyTo?: DraftReply,
): void {
  if (signedOutHere(accountId)) return;
  const drafts = load(accountId);
  drafts.delete(roomId);
  const reply = replyOf(replyTo);
  const draft: StoredDraft = reply
    ? { text, replyTo: reply, savedAt: Date.now() }
    : { text, savedAt: Date.now() };
  // The newest of all, so first: a room beyond the max drops the oldest one.
  const saved = isEmpty(draft) ? drafts : new Map([[roomId, draft], ...drafts]);
  store(accountId, newestFirst(saved));
}

/** Sign-out (account deletion signs out too): the account's drafts leave with it. */
export function clearDrafts(accountId: string): void {
  signedOut.add(accountId);
  try {
    window.localStorage.removeItem(keyOf(accountId));
    window.localStorage.setItem(SIGNED_IN_KEY, '');
  } catch {
    // Nothing stored without storage.
  }
}

/**
 * `accountId` is signed in: drafts another account left in this browser go (its session may
 * have ended without a logout here: expired, or ended from another device).
 */
export function keepOnlyDraftsOf(accountId: string): void {
  signedOut.delete(accountId);
  try {
    // Only this account's tabs write drafts from now on.
    window.localStorage.setItem(SIGNED_IN_KEY, accountId);
    const others: string[] = [];
    for (let index = 0; index < window.localStorage.length; index++) {
      const key = window.localStorage.key(index);
      if (key?.startsWith(KEY_PREFIX) && key !== keyOf(accountId)) others.push(key);
    }
    for (const key of others) window.localStorage.removeItem(key);
  } catch {
    // Nothing stored without storage.
  }
}
