/**
 * `loadHistory`: `{ before, limit? }` a page of the messages older than the oldest one a client
 * shows, acknowledged as `{ messages (oldest first), hasMore }`; `{ around }` the page a search
 * result is on (the message and up to 25 each side, with `hasMore` and `hasNewer`); `{ after }`
 * the page after the newest shown, back towards the present after such a jump. It reads storage
 * and sends up to a full history frame, so it is bounded like `chatHistory` (history-page.ts)
 * and rate-limited per person like joins (join-limit.ts), across all their sockets: scrolling
 * asks for a page at a time, not a stream, however many tabs ask.
 */
import {
  HISTORY_AROUND_SIDE,
  HISTORY_AROUND_SIDE_MAX,
  HISTORY_OLDER_MAX,
  loadHistorySchema,
  refused,
  type ChatMessage,
} from '../../../contract/realtime';
import { fitAround, fitFrame } from './history-page';
import { markMine } from './mark-mine';
import type { MessageStore } from './message-store';
import { PersonLimit } from '../sockets/person-limit';

/** A quick scroll to the top may ask for a few pages at once; then one a second. */
export const LOAD_HISTORY_BURST = 5;
const LOADS_PER_SECOND = 1;
export const LOADING_TOO_FAST = 'You are loading history too fast';
/** The page a request without `limit` gets. */
const DEFAULT_LIMIT = 50;

/** A room's history budgets, one per person (chat-room.ts keeps it with the room's parts). */
export function newHistoryLimit(): PersonLimit {
  return new PersonLimit(LOADS_PER_SECOND, LOAD_HISTORY_BURST);
}

/** The acknowledgement for one request of a joined socket (the caller checks the join). */
export function loadHistory(
  store: MessageStore,
  budgets: PersonLimit,
  userId: string,
  raw: unknown,
) {
  const parsed = loadHistorySchema.safeParse(raw);
  if (!parsed.success) {
    return refused(
      'invalid_payload',
      `loadHistory takes one of { before | after: <message id>, limit?: 1 to ${HISTORY_OLDER_MAX} }` +
        ` or { around: <message id>, limit?: 1 to ${HISTORY_AROUND_SIDE_MAX} }`,
    );
  }
  if (!budgets.take(userId)) return refused('rate_limited', LOADING_TOO_FAST);
  const { before, around, after } = parsed.data;
  // Each page says which of its messages the person wrote (mark-mine.ts), before the fit.
  const mark = (messages: ChatMessage[]) => markMine(store, messages, userId);
  if (around !== undefined) return aroundPage(store, around, mark, parsed.data.limit);
  const limit = parsed.data.limit ?? DEFAULT_LIMIT;
  if (after !== undefined) {
    // One more than asked, to know whether newer ones exist without counting them.
    const page = fitAround([], [], mark(store.after(after, limit + 1)), limit);
    return { messages: page.messages, hasMore: page.hasNewer, hasNewer: page.hasNewer };
  }
  // One more than asked, to know whether older ones exist without counting them.
  const { messages, page } = fitFrame(mark(store.before(before!, limit + 1)), limit);
  return { messages, hasMore: page.hasMore };
}

/** The stored message `id` with its neighbours, or a refusal when it is not kept (any more). */
function aroundPage(
  store: MessageStore,
  id: number,
  mark: (messages: ChatMessage[]) => ChatMessage[],
  side = HISTORY_AROUND_SIDE,
) {
  const found = store.find(id);
  if (!found) return refused('message_not_found', 'That message is no longer in the room');
  const older = store.before(id, side + 1);
  const newer = store.after(id, side + 1);
  // Marked together: one contiguous range, one read.
  const marked = mark([...older, found.message, ...newer]);
  const at = older.length;
  return fitAround(marked.slice(0, at), [marked[at]!], marked.slice(at + 1), side);
}
