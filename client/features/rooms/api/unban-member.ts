import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UnbanResponse } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

export interface UnbanInput {
  roomId: string;
  userId: string;
}

/** Lifts a kick's ban, so the person can join the room again through its invite. */
export function unbanMember({ roomId, userId }: UnbanInput): Promise<UnbanResponse> {
  return api.delete<UnbanResponse>(
    `/rooms/${encodeURIComponent(roomId)}/bans/${encodeURIComponent(userId)}`,
  );
}

/** The ban list is read again after an unban, whether it went through or not. */
export function useUnbanMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbanMember,
    onSettled: (_answer, _error, { roomId }) =>
      void queryClient.invalidateQueries({ queryKey: roomsKeys.bans(roomId) }),
  });
}
