/**
 * The posted messages as connection-state recovery reads them back: each was broadcast with a
 * recovery offset (broadcastStored), kept in its row, so the recovery log holds no second copy
 * of it (socket-io/kept-events.ts). A replay sends a message as it is now (edited, say, or
 * deleted); the change's own event, replayed after it, says the same.
 *
 * A message trimmed from the history can't be missed by a replay: a replay carries at most
 * REPLAY_MAX_FRAMES broadcasts, far fewer than the HISTORY_LIMIT messages kept, so a gap that
 * reaches back to a trimmed one is refused (the client then starts afresh, with the history).
 */
import type { KeptEvents } from '../../socket-io';
import { JOINED } from '../sockets/socket-state';
import { MESSAGE_COLUMNS, toMessage, type MessageRow } from './message-row';

/**
 * Each answered from the partial index on recovery_offset (a test checks their plans): every
 * wake asks for the newest, and a scan would read the whole history.
 */
export const KEPT_QUERIES = {
  after: `SELECT ${MESSAGE_COLUMNS}, recovery_offset FROM messages
    WHERE recovery_offset > ? ORDER BY recovery_offset LIMIT ?`,
  firstSince: `SELECT recovery_offset AS o FROM messages
    WHERE recovery_offset > ? AND created_at >= ? ORDER BY recovery_offset LIMIT 1`,
  newest: `SELECT recovery_offset AS o FROM messages
    WHERE recovery_offset IS NOT NULL ORDER BY recovery_offset DESC LIMIT 1`,
};

export function keptMessages(sql: SqlStorage): KeptEvents {
  return {
    after: (offset, limit) =>
      sql
        .exec<MessageRow & { recovery_offset: number }>(KEPT_QUERIES.after, offset, limit)
        .toArray()
        .map((row) => ({
          offset: row.recovery_offset,
          room: JOINED,
          data: ['message', toMessage(row)],
        })),
    firstSince: (since, offset) =>
      sql.exec<{ o: number }>(KEPT_QUERIES.firstSince, offset, since).toArray()[0]?.o ?? null,
    newest: () => sql.exec<{ o: number }>(KEPT_QUERIES.newest).toArray()[0]?.o ?? null,
  };
}
