import type { RoomSnapshot } from '../connection/room-state';

/** What became of the message a reply answers, once the room has shown it: deleted, or gone. */
export type ReplyTargetFate = 'deleted' | 'gone';

type Known = Pick<RoomSnapshot, 'messages' | 'historyLoaded' | 'hasOlder' | 'heardDeleted'>;

/**
 * Whether the room has shown that message `id` can no longer be answered (the room would refuse
 * the reply): 'deleted' when its deletion was heard, or the list shows it (or a reply's quote of
 * it) deleted; 'gone' when the list reaches back to the room's beginning and that starts after
 * it (trimmed away). Null while nothing shows it: a message older than the list, with older
 * ones still on the server, may well be there (only the room can say; a send asks it).
 */
export function replyTargetFate(room: Known, id: number): ReplyTargetFate | null {
  if (room.heardDeleted.includes(id)) return 'deleted';
  let oldest: number | undefined;
  for (const message of room.messages) {
    if (message.id === id) return message.deleted ? 'deleted' : null;
    const quote = message.replyTo;
    if (quote?.id === id && 'deleted' in quote) return 'deleted';
    if (oldest === undefined && typeof message.id === 'number') oldest = message.id;
  }
  // Stored ids only grow, and no older message is left: it was trimmed away.
  const fromTheStart = room.historyLoaded && !room.hasOlder;
  return fromTheStart && oldest !== undefined && id < oldest ? 'gone' : null;
}
