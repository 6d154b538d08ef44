/**
 * `loadHistory` `{ before, limit? }`: a page of the messages older than the oldest one a client
 * shows, acknowledged as `{ messages (oldest first), hasMore }`. It reads storage and sends up to
 * a full history frame, so it is bounded like `chatHistory` (history-page.ts) and rate-limited
 * per person like joins (join-limit.ts), across all their sockets: scrolling up asks for a page
 * at a time, not a stream, however many tabs ask.
 */
import { HISTORY_OLDER_MAX, loadHistorySchema, refused } from '../../../contract/realtime';
import { fitFrame } from './history-page';
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
      `loadHistory takes { before: <message id>, limit?: 1 to ${HISTORY_OLDER_MAX} }`,
    );
  }
  if (!budgets.take(userId)) return refused('rate_limited', LOADING_TOO_FAST);
  const limit = parsed.data.limit ?? DEFAULT_LIMIT;
  // One more than asked, to know whether older ones exist without counting them.
  const { messages, page } = fitFrame(store.before(parsed.data.before, limit + 1), limit);
  return { messages, hasMore: page.hasMore };
}
