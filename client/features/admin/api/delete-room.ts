import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function deleteRoom(roomId: string): Promise<SuccessMessageResponse> {
  return api.delete<SuccessMessageResponse>(`/admin/rooms/${encodeURIComponent(roomId)}`);
}

/** The room leaves the lists and the counts; after a failure too, which may mean they were stale. */
export function useDeleteRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRoom,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.rooms() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
    },
  });
}
