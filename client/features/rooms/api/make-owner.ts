import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RoomOwnerResponse } from '../../../../contract/room-owner';
import { api } from '../../../lib/api-client';
import { refreshOwner } from './refresh-room';

export interface MakeOwnerInput {
  roomId: string;
  userId: string;
}

/** Hands the room to one of its members (the owner's or an administrator's call). */
export function makeOwner({ roomId, userId }: MakeOwnerInput): Promise<RoomOwnerResponse> {
  return api.post<RoomOwnerResponse>(`/rooms/${encodeURIComponent(roomId)}/owner`, { userId });
}

/**
 * After a hand-over what says who owns the room is read afresh (refresh-room.ts). Also after a
 * failure, which may mean the lists were out of date.
 */
export function useMakeOwner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeOwner,
    onSettled: (_answer, _error, { roomId }) => refreshOwner(queryClient, roomId),
  });
}
