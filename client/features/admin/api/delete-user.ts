import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** The server refuses (403) to delete administrators, whatever the screen shows. */
export function deleteUser(userId: string): Promise<SuccessMessageResponse> {
  return api.delete<SuccessMessageResponse>(`/admin/users/${encodeURIComponent(userId)}`);
}

/** Rooms are read again too: the ones the user created now show 'Unknown' as their creator. */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminKeys.users() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.rooms() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
    },
  });
}
