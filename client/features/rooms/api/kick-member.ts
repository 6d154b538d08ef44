import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { KickResponse } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

export interface KickInput {
  roomId: string;
  targetUserId: string;
}

/** Removes a member and bans them from the room until an owner or admin lifts it. */
export function kickMember({ roomId, targetUserId }: KickInput): Promise<KickResponse> {
  return api.post<KickResponse>(`/rooms/${encodeURIComponent(roomId)}/kick`, { targetUserId });
}

/**
 * A kick is a ban, so both of the room's lists are read again: the member leaves one and
 * joins the other. Also after a failure, which may mean the lists were out of date.
 */
export function useKickMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: kickMember,
    onSettled: (_answer, _error, { roomId }) => {
      void queryClient.invalidateQueries({ queryKey: roomsKeys.members(roomId) });
      void queryClient.invalidateQueries({ queryKey: roomsKeys.bans(roomId) });
    },
  });
}
