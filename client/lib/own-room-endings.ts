/**
 * Rooms this tab is ending by its own request: blocking the other person ends a private
 * conversation for both. The room's own `room-deleted` frame may arrive before the request's
 * answer, and the person should then read why (what they did), not "This room was deleted.".
 * Kept apart from both features: the chat screen reads it, the direct messages write it.
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
