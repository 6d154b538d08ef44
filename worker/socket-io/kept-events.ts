/**
 * Broadcasts that the server's own storage keeps, in place of the recovery log: a chat stores
 * each message anyway, and logging its frame again cost a second row per message and its later
 * delete (rows written are what storage bills). Such a broadcast (broadcastStored) hands its
 * offset to the code that stores the event, and the recovery store reads the events back
 * through KeptEvents when it replays or prunes, merging them with its own log by offset.
 */
import { eventFrame } from './parser';
import type { LoggedPacket } from './replay';

/** One kept broadcast of the main namespace: its offset, its room, its event and arguments. */
export interface KeptEvent {
  offset: number;
  /** The room it went to ('' for the whole namespace). */
  room: string;
  /** The event's name, then its arguments (without the offset). */
  data: unknown[];
}

/** The server's storage of its kept broadcasts (keepEventsIn), read by the recovery store. */
export interface KeptEvents {
  /** The kept broadcasts after `offset`, oldest first, at most `limit` of them. */
  after(offset: number, limit: number): KeptEvent[];
  /** The first offset after `offset` of a broadcast kept at or after `since` (ms), or null. */
  firstSince(since: number, offset: number): number | null;
  /** The newest offset kept, or null. */
  newest(): number | null;
}

/** A packet of either log, with its offset. */
export type OffsetPacket = LoggedPacket & { offset: number };

/**
 * The first `limit` packets of two logs, each oldest first, in offset order: the recovery log's
 * own rows and the kept broadcasts, encoded as they were sent (with their offset last).
 */
export function mergeLogs(logged: OffsetPacket[], kept: KeptEvent[], limit: number) {
  const merged: OffsetPacket[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < limit && (i < logged.length || j < kept.length)) {
    const next = kept[j];
    if (next === undefined || (i < logged.length && logged[i]!.offset < next.offset)) {
      merged.push(logged[i++]!);
      continue;
    }
    const frame = eventFrame('/', [...next.data, String(next.offset)]);
    merged.push({ offset: next.offset, room: next.room, except_sids: '', frame });
    j++;
  }
  return merged;
}
