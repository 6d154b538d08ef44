import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SuccessMessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

export function unblockIp(ip: string): Promise<SuccessMessageResponse> {
  return api.post<SuccessMessageResponse>('/admin/security/unblock', { ip });
}

/** The address's status and the log (which records the unblock) are read again. */
export function useUnblockIp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockIp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.security() }),
  });
}
