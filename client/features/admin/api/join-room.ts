import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminJoinResponse } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** Joins any room as moderator; the server picks the nickname. */
export function joinRoom(roomId: string): Promise<AdminJoinResponse> {
  return api.post<AdminJoinResponse>(`/admin/join/${encodeURIComponent(roomId)}`);
}

/** A failed join usually means the room is gone: the room list is read again. */
export function useJoinRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinRoom,
    onError: () => queryClient.invalidateQueries({ queryKey: adminKeys.rooms() }),
  });
}
