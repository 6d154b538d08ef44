/**
 * One chatHistory frame: the newest messages after the client's last one, at most
 * HISTORY_RESUME_MAX of them and at most HISTORY_FRAME_BYTES encoded. Without the bounds a
 * client that named an old id (or 1) got the whole stored history, 5,000 long messages and
 * megabytes in one frame, as often as it asked. A client further behind gets the newest page
 * and `hasMore`.
 */
import {
  HISTORY_FRAME_BYTES,
  HISTORY_PAGE,
  HISTORY_RESUME_MAX,
  type ChatMessage,
  type HistoryPage,
} from '../../../contract/realtime';
import { markMine } from './mark-mine';
import type { MessageStore } from './message-store';

/** The frame's own bytes around the messages: the packet type, the event name, the flag. */
const FRAME_OVERHEAD_BYTES = 1024;
const utf8 = new TextEncoder();

/** The frame for the socket of `userId`'s account, its own messages marked (mark-mine.ts). */
export function historyPage(
  store: MessageStore,
  afterId: number,
  userId: string,
): { messages: ChatMessage[]; page: HistoryPage } {
  // A fresh join gets the usual page; a resumption up to the larger bound.
  const limit = afterId > 0 ? HISTORY_RESUME_MAX : HISTORY_PAGE;
  // One more than fits, to know whether older ones exist without counting them. Marked
  // before the fit, so the mark counts in the frame's size.
  return fitFrame(markMine(store, store.since(afterId, limit + 1), userId), limit);
}

/**
 * The newest `limit` of `newest` (oldest first, up to one more than the limit, which says that
 * older ones exist) that fit in one frame; `hasMore` when any were left out.
 */
export function fitFrame(
  newest: ChatMessage[],
  limit: number,
): { messages: ChatMessage[]; page: HistoryPage } {
  let hasMore = newest.length > limit;
  const candidates = hasMore ? newest.slice(newest.length - limit) : newest;
  let budget = HISTORY_FRAME_BYTES - FRAME_OVERHEAD_BYTES;
  let first = candidates.length;
  // Newest first: whatever is left out is the oldest part.
  while (first > 0) {
    // The text is stored escaped, so the measure is of what goes out; +1 for the comma.
    const size = utf8.encode(JSON.stringify(candidates[first - 1])).byteLength + 1;
    if (size > budget) {
      hasMore = true;
      break;
    }
    budget -= size;
    first -= 1;
  }
  return { messages: candidates.slice(first), page: { hasMore } };
}

const frameSize = (message: ChatMessage) => utf8.encode(JSON.stringify(message)).byteLength + 1;

/**
 * A page around `center` (loadHistory's `around`; `after` has no center and nothing older):
 * up to `side` of `older` (oldest first, one more than `side` saying that older ones exist)
 * and of `newer` (likewise), taken one from each side in turn while they fit in one frame,
 * so the center always goes out and what is left out is the farthest from it.
 */
export function fitAround(
  older: ChatMessage[],
  center: ChatMessage[],
  newer: ChatMessage[],
  side: number,
): { messages: ChatMessage[]; hasMore: boolean; hasNewer: boolean } {
  const before = older.slice(-side);
  const after = newer.slice(0, side);
  let hasMore = older.length > side;
  let hasNewer = newer.length > side;
  let budget = HISTORY_FRAME_BYTES - FRAME_OVERHEAD_BYTES;
  for (const message of center) budget -= frameSize(message);
  let olderTaken = 0;
  let newerTaken = 0;
  let olderOpen = before.length > 0;
  let newerOpen = after.length > 0;
  while (olderOpen || newerOpen) {
    if (newerOpen) {
      const size = frameSize(after[newerTaken]!);
      if (size > budget) {
        newerOpen = false;
        hasNewer = true;
      } else {
        budget -= size;
        newerTaken += 1;
        newerOpen = newerTaken < after.length;
      }
    }
    if (olderOpen) {
      const size = frameSize(before[before.length - 1 - olderTaken]!);
      if (size > budget) {
        olderOpen = false;
        hasMore = true;
      } else {
        budget -= size;
        olderTaken += 1;
        olderOpen = olderTaken < before.length;
      }
    }
  }
  const messages = [
    ...before.slice(before.length - olderTaken),
    ...center,
    ...after.slice(0, newerTaken),
  ];
  return { messages, hasMore, hasNewer };
}
