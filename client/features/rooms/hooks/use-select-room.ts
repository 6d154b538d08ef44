import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RoomSummary } from '../../../../contract/rooms';
import { roomsKeys } from '../../../lib/query-keys';
import { useSession } from '../../../lib/session/use-session';

export const SWITCH_FAILED = 'Failed to switch rooms. Please try again.';

/**
 * Makes a room of the list the current one before its card's link navigates there (spec
 * point 4, 'Switching rooms'). The membership already exists, so no call is needed: the chat
 * screen's socket joins under the membership's nickname, and leaving the old room is the old
 * chat screen's cleanup. The room list is marked out of date, so that wherever it shows next it
 * is read again. Returns false when the switch failed and navigation must not happen.
 */
export function useSelectRoom(onSelected?: () => void) {
  const { user, enterRoom } = useSession();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);

  const select = (room: RoomSummary): boolean => {
    try {
      if (!user) throw new Error('No signed-in user');
      setError(null);
      enterRoom(room.roomId, room.activeNickname);
      void queryClient.invalidateQueries({ queryKey: roomsKeys.lists() });
      onSelected?.();
      return true;
    } catch (failure) {
      console.error('Failed to switch rooms', failure);
      setError(SWITCH_FAILED);
      return false;
    }
  };

  return { select, error };
}
