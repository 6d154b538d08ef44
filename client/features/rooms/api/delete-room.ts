import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeleteRoomResponse } from '../../../../contract/room-settings';
import type { RoomSummary } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';
import { endingRoom } from '../../../lib/own-room-endings';
import { roomsKeys } from '../../../lib/query-keys';

export interface DeleteRoomInput {
  roomId: string;
  /** What the owner reads on /join once the room is gone. */
  notice: string;
}

/**
 * Deletes the owner's room for everyone. The room tells this tab's socket `room-deleted`,
 * perhaps before the answer: marked as this tab's own ending, the chat screen shows `notice`
 * rather than "This room was deleted.". The room drops out of the cached room list at once.
 */
export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ roomId, notice }: DeleteRoomInput) => {
      const done = endingRoom(roomId, notice);
      try {
        return await api.delete<DeleteRoomResponse>(`/rooms/${encodeURIComponent(roomId)}`);
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
