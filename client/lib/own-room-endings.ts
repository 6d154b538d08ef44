/**
 * Rooms this tab is ending by its own request: blocking the other person ends a private
 * conversation for both; leaving a room ends the person's sockets there. The room's own
 * `room-deleted` frame (or, for a leave, the server's disconnect) may arrive before the
 * request's answer, and the person should then read why (what they did), not "This room was
 * deleted." nor a lost connection. Kept apart from the features: the chat screen reads it, the
 * direct messages and the rooms write it.
 */
const endings = new Map<string, string>();

/** `roomId` is being ended, and `notice` says why; call the answer once the request is done. */
export function endingRoom(roomId: string, notice: string): () => void {
  endings.set(roomId, notice);
  return () => {
    if (endings.get(roomId) === notice) endings.delete(roomId);
  };
}

/** What to tell the person whose own request is ending `roomId`, if one is under way. */
export function ownEndingNotice(roomId: string): string | undefined {
  return endings.get(roomId);
}
