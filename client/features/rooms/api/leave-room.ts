import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LeaveResponse, RoomSummary } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';
import { endingRoom } from '../../../lib/own-room-endings';
import { roomsKeys } from '../../../lib/query-keys';

export interface LeaveInput {
  roomId: string;
  /** What the person reads on /join once they have left. */
  notice: string;
}

/**
 * Leaves `roomId` for good (an invite link lets them back in). The server closes this tab's
 * socket there before it answers: marked as this tab's own ending, the chat screen takes that
 * for the leave, not for a lost connection. The room drops out of the cached room list at once.
 */
export function useLeaveRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ roomId, notice }: LeaveInput) => {
      const done = endingRoom(roomId, notice);
      try {
        return await api.delete<LeaveResponse>(`/rooms/${encodeURIComponent(roomId)}/membership`);
      } finally {
        done();
      }
    },
    onSuccess: (_answer, { roomId }) => {
      queryClient.setQueriesData<RoomSummary[]>({ queryKey: roomsKeys.lists() }, (rooms) =>
        rooms?.filter((room) => room.roomId !== roomId),
      );
    },
  });
}
