import { useCallback } from 'react';
import type { RoomConnection } from '../connection/room-state';
import { showErrorToast } from '../utils/show-system-notice';

/**
 * A bubble's reaction and deletion, the same functions on every render (the bubbles are
 * memoised). What the room refuses (too many reactions, a message deleted meanwhile) says why.
 */
export function useMessageVerbs(room: RoomConnection) {
  const react = useCallback(
    (messageId: number, emoji: string) =>
      void room.react(messageId, emoji).then((result) => {
        if (!result.ok) showErrorToast(result.error);
      }),
    [room],
  );
  const remove = useCallback(
    (messageId: number) =>
      void room.remove(messageId).then((result) => {
        if (!result.ok) showErrorToast(result.error);
      }),
    [room],
  );
  return { react, remove };
}
