import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoomOwnerResponse } from '../../../../contract/room-owner';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

export interface MakeOwnerInput {
  roomId: string;
  userId: string;
}

/** Hands the room to one of its members (the owner's or an administrator's call). */
export function makeOwner({ roomId, userId }: MakeOwnerInput): Promise<RoomOwnerResponse> {
  return api.post<RoomOwnerResponse>(`/rooms/${encodeURIComponent(roomId)}/owner`, { userId });
}

/**
 * After a hand-over the members are read afresh: reset, not just invalidated, so that the old
 * owner's drawer, whose next read is a 403, keeps no owner's list under its title ('Your
 * Rooms' reads the first page). The room list and the room's own entry say who owns it too
 * (the leave button follows them). Also after a failure, which may mean the lists were out of
 * date.
 */
export function useMakeOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeOwner,
    onSettled: (_answer, _error, { roomId }) => {
      void queryClient.resetQueries({ queryKey: roomsKeys.members(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: [...roomsKeys.all, roomId, 'summary'] });
    },
  });
}
