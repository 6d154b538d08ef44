import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RenameRoomResponse } from '../../../../contract/room-settings';
import { api } from '../../../lib/api-client';
import { refreshName } from './refresh-room';

export interface RenameInput {
  roomId: string;
  name: string;
}

/**
 * Renames the room (its owner or an administrator). The room lists and the room's own entry
 * are read again; the open chats, this one too, hear the name from the room (roomData).
 */
export function useRenameRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roomId, name }: RenameInput) =>
      api.patch<RenameRoomResponse>(`/rooms/${encodeURIComponent(roomId)}`, { name }),
    onSuccess: (_answer, { roomId }) => refreshName(queryClient, roomId),
  });
}
